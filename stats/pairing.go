package stats

import (
	"math"
	"sort"
)

// Counts are one player's wins, draws and losses.
type Counts struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

// Games is the number of games counted.
func (c Counts) Games() int { return c.Wins + c.Draws + c.Losses }

// Points is the score in points: a win 1, a draw 1/2.
func (c Counts) Points() float64 { return float64(c.Wins) + float64(c.Draws)/2 }

func (c *Counts) add(score float64) {
	switch score {
	case 1:
		c.Wins++
	case 0:
		c.Losses++
	default:
		c.Draws++
	}
}

// Side is a pairing's games with one colour assignment.
type Side struct {
	First   string      `json:"first"` // the spec that moved first in these games
	Counts  Counts      `json:"counts"`
	Score   Interval    `json:"score"` // the pairing's subject's score
	Endings []RuleCount `json:"endings"`
}

// Pentanomial counts colour-swapped pairs by the subject's pair score, in
// the manner of fishtest: Counts[k] is the number of pairs in which the
// subject scored k/2 points over its two games (0, 1/2, 1, 3/2, 2).
type Pentanomial struct {
	Counts [5]int `json:"counts"`
	Pairs  int    `json:"pairs"`
	// Unpaired is the number of games that are not half of a complete pair
	// (no PairID, a partner missing, more than two games on one PairID, or
	// a partner with the same colours or another seed).
	Unpaired int `json:"unpaired"`
	// Score is the subject's score per game estimated from the pairs,
	// with a normal interval from the pentanomial variance (zero pairs:
	// the uninformative [0, 1]).
	Score Interval `json:"score"`
}

// Pairing is every game between two specs (or of one spec against itself).
type Pairing struct {
	// Specs names the two players, the stronger by ladder order first; the
	// subject whose results are counted is Specs[0]. In a mirror pairing
	// (a spec against itself) the two are equal and the subject is the
	// first mover.
	Specs       [2]string   `json:"specs"`
	Mirror      bool        `json:"mirror"`
	Counts      Counts      `json:"counts"`
	Score       Interval    `json:"score"` // Wilson interval of the subject's score
	Sides       []Side      `json:"sides"` // subject first, then subject second (one entry when mirror)
	Endings     []RuleCount `json:"endings"`
	Pentanomial Pentanomial `json:"pentanomial"`
	// Seconds is the workers' time playing the pairing's games, summed
	// (each game on one core), and Nodes the positions searched in them:
	// where a measurement's time went.
	Seconds float64 `json:"seconds"`
	Nodes   int64   `json:"nodes"`
}

// subjectScore is the subject's score in g; in a mirror game the first
// mover's.
func subjectScore(g Game, subject string) float64 {
	if g.P0 == subject {
		return g.scoreOf(0)
	}
	return g.scoreOf(1)
}

// completePairs splits games into colour-swapped pairs and the rest. A pair
// is exactly two games on one PairID, with the same seed and the players'
// colours swapped.
func completePairs(games []Game) (pairs [][2]Game, rest []Game) {
	byID := map[string][]Game{}
	var order []string
	for _, g := range games {
		if g.PairID == "" {
			rest = append(rest, g)
			continue
		}
		if _, ok := byID[g.PairID]; !ok {
			order = append(order, g.PairID)
		}
		byID[g.PairID] = append(byID[g.PairID], g)
	}
	for _, id := range order {
		gs := byID[id]
		if len(gs) == 2 && gs[0].Seed == gs[1].Seed && gs[0].P0 == gs[1].P1 && gs[0].P1 == gs[1].P0 {
			pairs = append(pairs, [2]Game{gs[0], gs[1]})
			continue
		}
		rest = append(rest, gs...)
	}
	return pairs, rest
}

// PentanomialOf counts the colour-swapped pairs in games from subject's
// side (games must all involve subject) and estimates its score from them.
func PentanomialOf(games []Game, subject string, confidence float64) Pentanomial {
	pairs, rest := completePairs(games)
	p := Pentanomial{Pairs: len(pairs), Unpaired: len(rest)}
	for _, pr := range pairs {
		s := subjectScore(pr[0], subject) + subjectScore(pr[1], subject)
		p.Counts[int(math.Round(2*s))]++
	}
	p.Score = pentanomialScore(p.Counts, confidence)
	return p
}

// pentanomialScore is the per-game score (pair score / 2) with a normal
// interval whose variance is the pentanomial's: pairs are the independent
// units, so correlation between a pair's two games is accounted for.
func pentanomialScore(counts [5]int, confidence float64) Interval {
	n := 0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return Interval{Est: 0.5, Lo: 0, Hi: 1, Method: MethodPentanomial}
	}
	var mean float64
	for k, c := range counts {
		mean += float64(c) * float64(k) / 4 // k/2 points over two games
	}
	mean /= float64(n)
	var v float64
	for k, c := range counts {
		d := float64(k)/4 - mean
		v += float64(c) * d * d
	}
	v /= float64(n)
	z := zFor(confidence)
	if v == 0 {
		// Every pair scored the same: the spread seen is no spread at
		// all, and the normal interval would be a point. Wilson's
		// interval over the pairs gives a bound instead (a clean sweep
		// of n pairs: at least n/(n+z²), up to 1).
		fn, z2 := float64(n), z*z
		mid := (mean + z2/(2*fn)) / (1 + z2/fn)
		half := z / (1 + z2/fn) * math.Sqrt(mean*(1-mean)/fn+z2/(4*fn*fn))
		return Interval{Est: mean, Lo: math.Max(0, mid-half), Hi: math.Min(1, mid+half), Method: MethodPentanomial}
	}
	half := z * math.Sqrt(v/float64(n))
	return Interval{Est: mean, Lo: math.Max(0, mean-half), Hi: math.Min(1, mean+half), Method: MethodPentanomial}
}

// pairKey orders two specs stronger first.
func pairKey(l Ladder, a, b string) [2]string {
	if l.Rank(a) < l.Rank(b) {
		a, b = b, a
	}
	return [2]string{a, b}
}

// buildPairings groups games (already checked against l) by the two specs.
func buildPairings(l Ladder, games []Game, confidence float64) []Pairing {
	groups := map[[2]string][]Game{}
	for _, g := range games {
		k := pairKey(l, g.P0, g.P1)
		groups[k] = append(groups[k], g)
	}
	out := make([]Pairing, 0, len(groups))
	for k, gs := range groups {
		out = append(out, newPairing(k, gs, confidence))
	}
	sort.Slice(out, func(i, j int) bool {
		ri, rj := l.Rank(out[i].Specs[0]), l.Rank(out[j].Specs[0])
		if ri != rj {
			return ri > rj
		}
		return l.Rank(out[i].Specs[1]) > l.Rank(out[j].Specs[1])
	})
	return out
}

func newPairing(specs [2]string, games []Game, confidence float64) Pairing {
	p := Pairing{Specs: specs, Mirror: specs[0] == specs[1]}
	subject := specs[0]
	nSides := 2
	if p.Mirror {
		nSides = 1
	}
	sideGames := make([][]Game, nSides)
	for _, g := range games {
		s := subjectScore(g, subject)
		p.Counts.add(s)
		p.Seconds += g.Seconds
		p.Nodes += g.Nodes
		side := 0
		if g.P0 != subject {
			side = 1
		}
		sideGames[side] = append(sideGames[side], g)
	}
	p.Score = Wilson(p.Counts.Points(), p.Counts.Games(), confidence)
	p.Endings = countEndings(games)
	for i, gs := range sideGames {
		sd := Side{First: specs[i]}
		for _, g := range gs {
			sd.Counts.add(subjectScore(g, subject))
		}
		sd.Score = Wilson(sd.Counts.Points(), sd.Counts.Games(), confidence)
		sd.Endings = countEndings(gs)
		p.Sides = append(p.Sides, sd)
	}
	p.Pentanomial = PentanomialOf(games, subject, confidence)
	return p
}
