package stats

import (
	"fmt"
	"strings"
)

// Analysis is everything measured about one rule file's games.
type Analysis struct {
	Ladder     Ladder
	Start      StartInfo
	Thresholds Thresholds

	Games  int // games counted (every game but errors)
	Errors int // games that ended in "error", left out

	Pairings   []Pairing
	Ratings    Ratings
	Measures   Measures
	Metrics    []Metric
	SkillSteps []SkillStep
	Checks     []Check // every verdict flag's test, raised or not
	Warnings   []Warning
	Endings    []RuleCount // every counted game by ending rule
	Plies      []int       // every counted game's length, for histograms
	Verdict    string      // Viable or NotViable
}

// Flags are the raised checks: the reasons for a NotViable verdict.
func (a *Analysis) Flags() []Check {
	var out []Check
	for _, c := range a.Checks {
		if c.Raised {
			out = append(out, c)
		}
	}
	return out
}

// Analyze measures a file's games: pairings, ratings, metrics, verdict
// flags and design warnings. games may come in any order; games ending in
// "error" are counted apart. It fails on a bad ladder, bad thresholds, a
// malformed game, or no counted game at all.
func Analyze(l Ladder, start StartInfo, games []Game, th Thresholds) (*Analysis, error) {
	if err := l.Validate(); err != nil {
		return nil, err
	}
	if err := th.Validate(); err != nil {
		return nil, err
	}
	a := &Analysis{Ladder: l, Start: start, Thresholds: th}
	var counted []Game
	for i, g := range games {
		if err := checkGame(l, i, g); err != nil {
			return nil, err
		}
		if g.Rule == EndError {
			a.Errors++
			continue
		}
		counted = append(counted, g)
	}
	if len(counted) == 0 {
		return nil, fmt.Errorf("stats: no finished games to analyse (%d ended in error)", a.Errors)
	}
	a.Games = len(counted)
	a.Endings = countEndings(counted)
	for _, g := range counted {
		a.Plies = append(a.Plies, g.Plies)
	}
	a.Pairings = buildPairings(l, counted, th.Confidence)
	ratings, err := FitRatings(l, counted, th.PriorDraws, th.Confidence)
	if err != nil {
		return nil, err
	}
	a.Ratings = ratings

	strong := l.strongSet(th.StrongRungs)
	var scope []Game
	for _, g := range counted {
		if strong[g.P0] && strong[g.P1] {
			scope = append(scope, g)
		}
	}
	names := l.Rungs[max(0, len(l.Rungs)-th.StrongRungs):]
	scopeName := "games among the strongest rungs (" + strings.Join(names, ", ") + ")"
	if len(scope) == 0 {
		scope = counted
		scopeName = "games (all rungs: none were played among the strongest)"
	}
	a.Measures = measure(l, th, counted, scope, scopeName, ratings)
	a.Metrics, a.SkillSteps = Metrics(l, scope, counted, th.Confidence)
	a.Checks = Checks(a.Measures, th)
	a.Warnings = Warnings(start, scope, a.Measures, a.Errors, th)
	a.Verdict = Viable
	if len(a.Flags()) > 0 {
		a.Verdict = NotViable
	}
	return a, nil
}

// measure computes the flags' inputs.
func measure(l Ladder, th Thresholds, all, scope []Game, scopeName string, r Ratings) Measures {
	m := Measures{Scope: scopeName, ScopeGames: len(scope)}
	var draws, unfinished, short int
	for _, g := range scope {
		if g.Winner == -1 {
			draws++
		}
		if Unfinished(g.Rule) {
			unfinished++
		}
		if g.Plies <= th.ShortPlies {
			short++
		}
	}
	m.Draws = Wilson(float64(draws), len(scope), th.Confidence)
	m.Unfinished = Wilson(float64(unfinished), len(scope), th.Confidence)
	m.Short = Wilson(float64(short), len(scope), th.Confidence)

	// First mover at equal strength: mirror games among the strong rungs
	// when there are any, else the rating fit's first-move term.
	strong := l.strongSet(th.StrongRungs)
	var pts float64
	n := 0
	for _, g := range all {
		if g.P0 == g.P1 && strong[g.P0] {
			pts += g.scoreOf(0)
			n++
		}
	}
	if n > 0 {
		m.FirstMover = Wilson(pts, n, th.Confidence)
		m.FirstMoverFrom = fmt.Sprintf("from %d games of the strongest rungs against themselves", n)
		m.FirstMoverGames = n
	} else {
		m.FirstMover = scoreFromElo(r.FirstMove)
		m.FirstMoverFrom = fmt.Sprintf("from the rating fit's first-move term (%+.0f Elo) over all %d games", r.FirstMove.Est, len(all))
		m.FirstMoverGames = len(all)
	}

	// The significance of the first move, read on colour-swapped pairs:
	// both games of a pair share their opening, so they are one sample,
	// not two, and over a pair the players' strengths cancel.
	m.FirstMoverPairs = m.FirstMover
	if pairs, _ := completePairs(all); len(pairs) >= 2 {
		xs := make([]float64, len(pairs))
		for i, p := range pairs {
			xs[i] = (p[0].scoreOf(0) + p[1].scoreOf(0)) / 2
		}
		m.FirstMoverPairs = meanInterval(xs, th.Confidence, 0, 1)
	}

	if len(r.Rungs) >= 2 {
		top, low := r.Rungs[len(r.Rungs)-1], r.Rungs[0]
		if d, err := r.Diff(top.Spec, low.Spec); err == nil {
			m.DepthOK = true
			m.DepthTop, m.DepthLow = top.Spec, low.Spec
			m.DepthEloDifference = d
			m.Depth = scoreFromElo(d)
			m.DepthGames = len(all)
		}
	}
	return m
}
