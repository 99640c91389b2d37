package stats

import (
	"fmt"
	"math"
)

// OpeningLine is one line the random opening can produce: its hash (as
// in Game.Opening) and the chance the opening procedure chooses it.
type OpeningLine struct {
	Hash uint64
	Prob float64
}

// Interval methods of rates read over the random opening's lines.
const (
	// MethodOpeningsExact: every line of the random opening was played
	// and each line's games are one game, so the rate is the lines' rates
	// weighted by their chances, exactly (low = high = estimate).
	MethodOpeningsExact = "openings-exact"
	// MethodOpeningsBound: some lines were not played; low is the played
	// lines' weighted sum (every unplayed line at 0), high adds the
	// unplayed lines' weight (every one at 1), and the estimate is the
	// played lines' weighted mean.
	MethodOpeningsBound = "openings-bound"
)

// MoreGamesUnplayedLines is MoreGames for a check read over the random
// opening's lines whose bound straddles its threshold: playing the lines
// not yet played would decide it.
const MoreGamesUnplayedLines = -3

// probSlack is how far the listed lines' chances may sum from 1 (they
// come from products of fractions) and still be taken as the whole tree.
const probSlack = 1e-6

// openingsReading is the four equal-strength rates read over the random
// opening's lines, and what the report says of it.
type openingsReading struct {
	draws, unfinished, short, first Interval
	sentence                        string
}

// readOpenings reads the rates over the listed lines of the random
// opening when scope's games allow it: every game's opening is listed,
// and the games of one opening are one game (the same non-zero line and
// result), as deterministic players make them. Then a line's rate is its
// one game's, and the rate over the opening procedure is the lines' rates
// weighted by their chances: no sample, so no confidence interval. A line
// played once is taken to be what its every game would be. ok is false
// when the lines are not listed (or not a distribution) or the games do
// not allow it; the caller keeps the sampled intervals then.
//
// The games may be each line played in turn rather than drawn by the
// procedure, so the played lines are not read as a sample of the unplayed
// ones: those only widen the interval, by their weight.
func readOpenings(th Thresholds, scope []Game, lines []OpeningLine) (r openingsReading, ok bool) {
	if len(lines) == 0 || len(scope) == 0 {
		return r, false
	}
	prob := make(map[uint64]float64, len(lines))
	var total float64
	for _, l := range lines {
		if l.Hash == 0 || !(l.Prob >= 0) || math.IsInf(l.Prob, 0) {
			return r, false
		}
		if _, dup := prob[l.Hash]; dup {
			return r, false
		}
		prob[l.Hash] = l.Prob
		total += l.Prob
	}
	if math.Abs(total-1) > probSlack {
		return r, false
	}
	played := map[uint64]Game{} // an opening's one game
	for _, g := range scope {
		if _, listed := prob[g.Opening]; !listed || g.Line == 0 {
			return r, false
		}
		first, seen := played[g.Opening]
		if !seen {
			played[g.Opening] = g
			continue
		}
		if g.Line != first.Line || g.Winner != first.Winner || g.Rule != first.Rule || g.Plies != first.Plies {
			return r, false // the players are not deterministic
		}
	}
	var weight, draws, unfinished, short, first float64
	for h, g := range played {
		p := prob[h] / total
		weight += p
		draws += p * b2f(g.Winner == -1)
		unfinished += p * b2f(g.Rule.Unfinished())
		short += p * b2f(g.Plies <= th.ShortPlies)
		first += p * g.scoreOf(0)
	}
	unplayed := math.Max(0, 1-weight)
	if unplayed < probSlack {
		unplayed = 0
	}
	r.draws = linesInterval(draws, weight, unplayed)
	r.unfinished = linesInterval(unfinished, weight, unplayed)
	r.short = linesInterval(short, weight, unplayed)
	r.first = linesInterval(first, weight, unplayed)
	switch {
	case unplayed > 0:
		r.sentence = fmt.Sprintf("%d of %d opening lines played (%.4g%% of the openings' weight); the rest bound the rates",
			len(played), len(lines), 100*(1-unplayed))
	case len(lines) == 1:
		r.sentence = "exact: the random opening has a single line, so every game is the same game and its one game decides the rates"
	default:
		r.sentence = fmt.Sprintf("exact: all %d lines of the random opening are played, each game from one line the same game", len(lines))
	}
	return r, true
}

// linesInterval is a rate over the opening lines from its played lines'
// weighted sum, their weight, and the unplayed lines' weight.
func linesInterval(sum, weight, unplayed float64) Interval {
	clamp := func(x float64) float64 { return math.Min(1, math.Max(0, x)) }
	if unplayed == 0 {
		x := clamp(sum)
		return Interval{Est: x, Lo: x, Hi: x, Method: MethodOpeningsExact}
	}
	lo, hi := clamp(sum), clamp(sum+unplayed)
	est := lo
	if weight > 0 {
		est = math.Min(hi, math.Max(lo, sum/weight))
	}
	return Interval{Est: est, Lo: lo, Hi: hi, Method: MethodOpeningsBound}
}
