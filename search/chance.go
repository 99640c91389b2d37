package search

import (
	"errors"
	"fmt"
	"math/bits"
)

// chanceOf is p's chance capability, or nil when p has none or its game has
// no chance event: then every chance test of the players and the game loop
// is skipped, and a game without chance plays as it did before chance.
func chanceOf[M comparable](p any) chancePosition[M] {
	cp, ok := p.(chancePosition[M])
	if !ok {
		return nil
	}
	if g, ok := p.(chanceGame); ok && !g.GameHasChance() {
		return nil
	}
	return cp
}

// chanceStreamTag makes a game's chance stream from its seed: a stream used
// for nothing else, so both games of a pair (same seed, seats swapped) draw
// the same outcomes while their positions agree (common random numbers).
const chanceStreamTag = 0x6368616e6365 // "chance"

// seerFuture is how many of the chance stream's next draws the game loop
// hands a clairvoyant player before each of its decisions; chance events
// further down a line are averaged (alpha-beta) or sampled (MCTS).
const seerFuture = 64

// pickOutcome is the outcome a draw of the chance stream gives: the index
// into weights (all positive) at which the draw, scaled to [0, sum),
// falls by cumulative weight in the order listed. The game loop and the
// clairvoyant players both pick through it, so foresight is exact.
func pickOutcome(weights []int, draw uint64) int {
	total := uint64(0)
	for _, w := range weights {
		total += uint64(w)
	}
	x, _ := bits.Mul64(draw, total)
	for i, w := range weights {
		if x < uint64(w) {
			return i
		}
		x -= uint64(w)
	}
	return len(weights) - 1
}

// checkOutcomes reports a chance event the players could not play: no
// outcome, a weight that is not positive, or lists of different lengths.
func checkOutcomes[M comparable](moves []M, weights []int) error {
	if len(moves) == 0 {
		return errors.New("search: a chance event with no outcome")
	}
	if len(weights) != len(moves) {
		return fmt.Errorf("search: a chance event with %d outcomes and %d weights", len(moves), len(weights))
	}
	for i, w := range weights {
		if w <= 0 {
			return fmt.Errorf("search: chance outcome %d has weight %d", i, w)
		}
	}
	return nil
}

// futureDraws are the next n draws of a chance stream, taken from a copy so
// the stream itself does not advance: what a clairvoyant player is told.
func futureDraws(stream *rng, n int) []uint64 {
	c := *stream
	out := make([]uint64, n)
	for i := range out {
		out[i] = c.next()
	}
	return out
}

// foreseer is a clairvoyant player: told the chance stream's next draws
// before each decision, it resolves the k-th chance event below its root
// on any line to the outcome the k-th draw will give.
type foreseer interface {
	foresee(draws []uint64)
}

// weightedDraw is an outcome index drawn from a player's own stream by
// weight: how MCTS samples a chance event it does not foresee.
func weightedDraw(weights []int, r *rng) int {
	return pickOutcome(weights, r.next())
}

// nextOutcome is the outcome of the pending chance event the stream's
// next draw picks: how every game loop plays chance.
func nextOutcome[M comparable](chance chancePosition[M], stream *rng) (M, error) {
	moves, weights := chance.ChanceOutcomes(nil, nil)
	if err := checkOutcomes(moves, weights); err != nil {
		var none M
		return none, err
	}
	return moves[pickOutcome(weights, stream.next())], nil
}
