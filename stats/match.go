package stats

import (
	"fmt"
	"math"
)

// MatchResult is a head-to-head match between a challenger and a
// reference played in colour-swapped pairs: its pentanomial, the score
// and Elo difference with intervals, and an Elo SPRT.
type MatchResult struct {
	Challenger, Reference string
	Counts                Counts      // the challenger's games
	Pentanomial           Pentanomial // the challenger's pairs
	Elo                   Interval    // from the pentanomial score
	LLR                   float64     // log-likelihood ratio of Elo1 against Elo0
	Lower, Upper          float64     // the SPRT's bounds
	Elo0, Elo1            float64
	// Decision is "H1" (the challenger gains at least Elo1), "H0" (it
	// gains at most Elo0) or "" while undecided.
	Decision string
}

// EloOf is the Elo difference that gives an expected score s, finite for
// s in (0, 1); 0 and 1 map to ±1000.
func EloOf(s float64) float64 {
	if s <= 0 {
		return -1000
	}
	if s >= 1 {
		return 1000
	}
	return -400 * math.Log10(1/s-1)
}

// Match summarises games between challenger and reference (each game
// must involve both) with an SPRT of H0 Elo = elo0 against H1 Elo = elo1
// on the pentanomial, at error rates alpha and beta.
func Match(games []Game, challenger, reference string, elo0, elo1, alpha, beta, confidence float64) (MatchResult, error) {
	r := MatchResult{Challenger: challenger, Reference: reference, Elo0: elo0, Elo1: elo1}
	for _, g := range games {
		side := g.sideOf(challenger)
		if side < 0 || g.sideOf(reference) != 1-side {
			return r, fmt.Errorf("stats: a game of %s against %s in a match of %s against %s", g.P0, g.P1, challenger, reference)
		}
		r.Counts.add(g.scoreOf(side))
	}
	r.Pentanomial = PentanomialOf(games, challenger, confidence)
	s := r.Pentanomial.Score
	r.Elo = Interval{Est: EloOf(s.Est), Lo: EloOf(s.Lo), Hi: EloOf(s.Hi), Method: s.Method}
	r.Lower, r.Upper = sprtBounds(alpha, beta)
	if r.Pentanomial.Pairs == 0 {
		return r, nil
	}
	llr, err := GSPRT([]float64{0, 0.25, 0.5, 0.75, 1}, r.Pentanomial.Counts[:], ExpectedScore(elo0), ExpectedScore(elo1))
	if err != nil {
		return r, err
	}
	r.LLR = llr
	switch {
	case llr >= r.Upper:
		r.Decision = "H1"
	case llr <= r.Lower:
		r.Decision = "H0"
	}
	return r, nil
}
