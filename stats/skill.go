package stats

import (
	"fmt"
	"math"
	"strings"

	"balancefarm/engine"
)

// SeerPrefix marks a clairvoyant player's spec: "seer:" and the spec of
// the player it plays as, which it outplays only by knowing the outcomes
// of the coming chance events.
const SeerPrefix = "seer:"

// IsSeer says whether spec is a clairvoyant player's.
func IsSeer(spec string) bool { return strings.HasPrefix(spec, SeerPrefix) }

// SeerOf is the clairvoyant spec that plays as base.
func SeerOf(base string) string { return SeerPrefix + base }

// FlagLuckDominated is raised when the skill share's interval lies wholly
// below Thresholds.SkillShareMin.
const FlagLuckDominated = "luck_dominated"

// Skill share states.
const (
	// SkillExact: the game has nothing to foresee, so a clairvoyant player
	// plays as the strongest rung and the share is 1 exactly.
	SkillExact = "exact"
	// SkillMeasured: the share and its interval were read from the games.
	SkillMeasured = "measured"
	// SkillIndistinct: the clairvoyant rung's edge over the weakest, L + R,
	// cannot be told from zero, so the share would divide by noise.
	SkillIndistinct = "indistinct"
	// SkillChanceAlone: on every opening every pairing of players, the
	// clairvoyant rung's included, got the same result from the same dice,
	// and the dice gave different results on different openings: no
	// player's choice changed a result, so the share is 0 exactly.
	SkillChanceAlone = "chance_alone"
	// SkillUnmeasured: the game has chance but the games to read the
	// share from are missing.
	SkillUnmeasured = "not_measured"
)

// MethodFieller is Fieller's interval for a ratio of two correlated means.
const MethodFieller = "fieller"

// MethodUnbounded marks a share whose Fieller set is unbounded (its
// denominator cannot be told from zero): no estimate is given.
const MethodUnbounded = "fieller-unbounded"

// ReasonNothingToForesee is the reason of an exact skill share.
const ReasonNothingToForesee = "nothing to foresee: a clairvoyant player plays as the strongest rung"

// SkillShare is the share of a game's result that is skill, after van der
// Genugten and Borm's relative skill: with S_b the strongest rung's score
// against the weakest and S_c the clairvoyant rung's (the strongest rung
// knowing the outcomes of the coming chance events), the learning effect
// L = S_b - 1/2, the random effect R = S_c - S_b, and the share
// L / (L + R). See doc.go for the interval.
type SkillShare struct {
	State string `json:"state"` // SkillExact, SkillMeasured, SkillIndistinct or SkillUnmeasured
	// Foresees names what the clairvoyant rung sees that the others do
	// not: "the dice", "the hidden pieces" or both.
	Foresees string `json:"foresees,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// Share is L / (L + R) with Fieller's interval, not clamped: noise can
	// put it, or its ends, below 0 or above 1.
	Share     Interval `json:"share"`
	Learning  Interval `json:"learning"`   // L
	Random    Interval `json:"random"`     // R
	BestScore Interval `json:"best_score"` // S_b
	SeerScore Interval `json:"seer_score"` // S_c
	Best      string   `json:"best,omitempty"`
	Weakest   string   `json:"weakest,omitempty"`
	Seer      string   `json:"seer,omitempty"`
	// Pairs is the opening seeds both the strongest rung and the
	// clairvoyant one played a colour-swapped pair on against the weakest
	// (the same dice in all four games); Games the games of those pairs.
	Pairs int `json:"pairs"`
	Games int `json:"games"`
	// The Elo form, from a rating fit of the ladder with the clairvoyant
	// rung: (Elo_best - Elo_weakest) / (Elo_seer - Elo_weakest), a point
	// estimate; EloOK is false when it could not be read.
	EloOK      bool    `json:"elo_ok"`
	EloShare   float64 `json:"elo_share,omitempty"`
	EloBest    float64 `json:"elo_best,omitempty"` // relative to the weakest
	EloSeer    float64 `json:"elo_seer,omitempty"` // relative to the weakest
	SeerRating *Rating `json:"seer_rating,omitempty"`
}

// exactSkill is the share of a game with nothing to foresee.
func exactSkill() SkillShare {
	one := Interval{Est: 1, Lo: 1, Hi: 1, Method: SkillExact}
	return SkillShare{State: SkillExact, Reason: ReasonNothingToForesee, Share: one}
}

// splitSeer parts games into those of the ladder and those the
// clairvoyant rung played.
func splitSeer(l Ladder, games []Game) (ladder, seer []Game) {
	if l.Seer == "" {
		return games, nil
	}
	for _, g := range games {
		if g.P0 == l.Seer || g.P1 == l.Seer {
			seer = append(seer, g)
			continue
		}
		ladder = append(ladder, g)
	}
	return ladder, seer
}

// meeting is the games a and b played each other.
func meeting(games []Game, a, b string) []Game {
	var out []Game
	for _, g := range games {
		if g.P0 == a && g.P1 == b || g.P0 == b && g.P1 == a {
			out = append(out, g)
		}
	}
	return out
}

// pairScores maps each opening seed of subject's colour-swapped pairs in
// games to subject's score per game over the pair (0, 1/4, ..., 1), and
// lists the seeds in the order met.
func pairScores(games []Game, subject string) (map[uint64]float64, []uint64) {
	pairs, _ := completePairs(games)
	by := map[uint64]float64{}
	var order []uint64
	for _, p := range pairs {
		if _, dup := by[p[0].Seed]; dup {
			continue
		}
		by[p[0].Seed] = (subjectScore(p[0], subject) + subjectScore(p[1], subject)) / 2
		order = append(order, p[0].Seed)
	}
	return by, order
}

// MeasureSkill reads the skill share from counted (every finished game,
// the clairvoyant rung's included). foreseeable says whether the game has
// anything a clairvoyant player could foresee (chance, hidden
// information); without it the share is 1 exactly. The strongest and the
// weakest rung are the ladder's own; the clairvoyant rung is l.Seer.
func MeasureSkill(l Ladder, counted []Game, foreseeable bool, th Thresholds) SkillShare {
	if !foreseeable {
		return exactSkill()
	}
	s := SkillShare{State: SkillUnmeasured, Seer: l.Seer}
	if l.Seer == "" {
		s.Reason = "no clairvoyant rung played"
		return s
	}
	if len(l.Rungs) < 2 {
		s.Reason = "the ladder has a single rung, so there is no weakest to beat"
		return s
	}
	s.Best, s.Weakest = l.Rungs[len(l.Rungs)-1], l.Rungs[0]
	if seeds, ok := chanceAlone(counted); ok {
		zero := Interval{Est: 0, Lo: 0, Hi: 0, Method: SkillChanceAlone}
		s.State, s.Share, s.Learning, s.Random = SkillChanceAlone, zero, zero, zero
		s.Reason = fmt.Sprintf("chance alone decided: on each of %d openings every pairing of players got the same result from the same dice, "+
			"and the results differ from opening to opening", seeds)
		s.Games = len(counted)
		return s
	}
	best, bestOrder := pairScores(meeting(counted, s.Best, s.Weakest), s.Best)
	seer, _ := pairScores(meeting(counted, l.Seer, s.Weakest), l.Seer)
	var xs, ys []float64
	for _, seed := range bestOrder {
		if y, ok := seer[seed]; ok {
			xs = append(xs, best[seed])
			ys = append(ys, y)
		}
	}
	s.Pairs, s.Games = len(xs), 4*len(xs)
	s.eloForm(l, counted, th)
	if s.Pairs < 2 {
		s.Reason = fmt.Sprintf("%d opening(s) on which both %s and %s played a colour-swapped pair against %s; at least 2 are needed",
			s.Pairs, s.Best, l.Seer, s.Weakest)
		return s
	}
	s.fromPairs(xs, ys, th.Confidence)
	return s
}

// fromPairs sets the share and its parts from the strongest rung's pair
// scores xs and the clairvoyant rung's ys on the same openings (the same
// dice: common random numbers, so the two are correlated and read as
// pairs).
func (s *SkillShare) fromPairs(xs, ys []float64, confidence float64) {
	n := float64(len(xs))
	mx, my := mean(xs), mean(ys)
	vxx, vyy, vxy := covariance(xs, xs)/n, covariance(ys, ys)/n, covariance(xs, ys)/n
	z := zFor(confidence)
	// A mean with no spread yet is not certain: it takes the variance it
	// would have with one more opening at the far end of [0, 1].
	if vxx == 0 {
		vxx = farEndVariance(mx, n)
	}
	if vyy == 0 {
		vyy = farEndVariance(my, n)
	}
	normal := func(est, v float64) Interval {
		h := z * math.Sqrt(math.Max(v, 0))
		return Interval{Est: est, Lo: est - h, Hi: est + h, Method: MethodNormal}
	}
	s.BestScore, s.SeerScore = normal(mx, vxx), normal(my, vyy)
	a, b := mx-0.5, my-0.5 // L and L + R
	s.Learning = normal(a, vxx)
	s.Random = normal(my-mx, vxx+vyy-2*vxy)
	// Fieller: the share θ = a/b is every θ with (a - θb)² <= z² Var(a - θb).
	qa := b*b - z*z*vyy
	qb := a*b - z*z*vxy
	qc := a*a - z*z*vxx
	if qa <= 0 {
		s.State = SkillIndistinct
		s.Reason = fmt.Sprintf("the clairvoyant rung's edge over the weakest (L + R = %.3f, %.3f to %.3f) cannot be told from zero, so the share would divide by noise",
			b, b-z*math.Sqrt(vyy), b+z*math.Sqrt(vyy))
		// Fieller's set is then unbounded; JSON has no infinities, so the
		// share is left at zero and its state says why.
		s.Share = Interval{Method: MethodUnbounded}
		return
	}
	root := math.Sqrt(math.Max(qb*qb-qa*qc, 0))
	s.State = SkillMeasured
	s.Share = Interval{Est: a / b, Lo: (qb - root) / qa, Hi: (qb + root) / qa, Method: MethodFieller}
}

// eloForm sets the share's Elo form from a rating fit of the ladder with
// the clairvoyant rung on top, over every game.
func (s *SkillShare) eloForm(l Ladder, counted []Game, th Thresholds) {
	withSeer := Ladder{Rungs: append(append([]string(nil), l.Rungs...), l.Seer)}
	r, err := FitRatings(withSeer, counted, th.PriorDraws, th.Confidence)
	if err != nil {
		return
	}
	rb, okB := r.Lookup(s.Best)
	rw, okW := r.Lookup(s.Weakest)
	rs, okS := r.Lookup(l.Seer)
	if !okB || !okW || !okS {
		return
	}
	s.SeerRating = &rs
	s.EloBest, s.EloSeer = rb.Elo.Est-rw.Elo.Est, rs.Elo.Est-rw.Elo.Est
	if s.EloSeer > 0 {
		s.EloOK = true
		s.EloShare = s.EloBest / s.EloSeer
	}
}

func mean(xs []float64) float64 {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// covariance is the sample covariance of xs and ys (n - 1 in the
// denominator), 0 with fewer than two values.
func covariance(xs, ys []float64) float64 {
	if len(xs) < 2 {
		return 0
	}
	mx, my := mean(xs), mean(ys)
	var c float64
	for i := range xs {
		c += (xs[i] - mx) * (ys[i] - my)
	}
	return c / float64(len(xs)-1)
}

// farEndVariance is the variance of the mean of n values equal to m and
// one more at the end of [0, 1] farther from m: d²/(n+1)² with d that
// distance. Wilson's interval, which treats each value as a coin, would
// make a pair score of exactly 1/2 every time (a coin toss under common
// random numbers) as uncertain as a coin, which it is not.
func farEndVariance(m, n float64) float64 {
	d := math.Max(m, 1-m)
	return d * d / ((n + 1) * (n + 1))
}

// LuckCheck is the luck_dominated flag's test of a skill share: raised
// when the share's interval lies wholly below th.SkillShareMin, clear when
// wholly at or above it (or exact), undecided when it straddles it or the
// share cannot be read for noise, not assessed when its games are missing.
func LuckCheck(s SkillShare, th Thresholds) Check {
	c := Check{Name: FlagLuckDominated, Value: s.Share, Threshold: th.SkillShareMin, Games: s.Games}
	switch s.State {
	case SkillExact:
		c.Assessed, c.State = true, StateClear
		c.Detail = "skill share 1 exactly: " + s.Reason
	case SkillMeasured:
		c.Assessed = true
		c.settle(th.SkillShareMin, math.Inf(1))
		c.Detail = fmt.Sprintf("skill share L/(L+R) %.2f (%.2f to %.2f) from %d openings both %s and %s played against %s "+
			"(L = %.2f, R = %.2f), %s the threshold %.2f",
			s.Share.Est, s.Share.Lo, s.Share.Hi, s.Pairs, s.Best, s.Seer, s.Weakest, s.Learning.Est, s.Random.Est,
			c.stateWords("below", "not below"), th.SkillShareMin)
	case SkillChanceAlone:
		c.Assessed, c.State = true, StateRaised
		c.Detail = "skill share 0 exactly: " + s.Reason
	case SkillIndistinct:
		c.Assessed, c.State, c.MoreGames = true, StateUndecided, -1
		c.Detail = "undecided: " + s.Reason
	default:
		c.State = StateNotAssessed
		c.Detail = "not assessed: " + s.Reason
	}
	c.Raised = c.State == StateRaised
	return c
}

// chanceAlone asks for at least minChanceAloneSeeds openings, each
// played by two pairings or more, and minChanceAloneGames games on them,
// before it says chance alone decided.
const (
	minChanceAloneSeeds = 3
	minChanceAloneGames = 24
)

// chanceAlone reports whether chance alone decided the games: the players
// changed no result (sameResults) and the results differ across seeds
// (else it is the seat, not the dice, that decides). It returns the
// number of seeds read.
func chanceAlone(games []Game) (int, bool) {
	seeds, winners, ok := sameResults(games)
	return seeds, ok && winners >= 2
}

// sameResults reports whether, on every opening seed, every game gave the
// same result by seat (the same seat won, or all drew), with at least
// minChanceAloneSeeds seeds played by two pairings or more and
// minChanceAloneGames games on them: then no player's choice changed a
// result. It returns the number of such seeds and of distinct results
// among them.
func sameResults(games []Game) (seeds, results int, ok bool) {
	type seen struct {
		winner   int
		games    int
		pairings map[[2]string]bool
		mixed    bool
	}
	by := map[uint64]*seen{}
	for _, g := range games {
		if g.Rule == engine.EndError {
			continue
		}
		s := by[g.Seed]
		if s == nil {
			s = &seen{winner: g.Winner, pairings: map[[2]string]bool{}}
			by[g.Seed] = s
		}
		s.games++
		s.pairings[[2]string{g.P0, g.P1}] = true
		s.mixed = s.mixed || g.Winner != s.winner
	}
	played := 0
	winners := map[int]bool{}
	for _, s := range by {
		if s.mixed {
			return 0, 0, false
		}
		if len(s.pairings) >= 2 {
			seeds++
			played += s.games
			winners[s.winner] = true
		}
	}
	return seeds, len(winners), seeds >= minChanceAloneSeeds && played >= minChanceAloneGames
}
