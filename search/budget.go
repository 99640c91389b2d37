package search

import (
	"context"
	"time"
)

// nodeBudget is how much one search may spend and whether it must stop:
// the per-move node budget, the game's hard cap, the caller's context,
// and the nodes counted so far. Every search that counts nodes embeds it.
type nodeBudget struct {
	budget int64 // nodes per move; 0: none
	// deadline, when not zero, stops the search quietly as the budget
	// does: a timed player's share of its clock (clock.go). Untimed
	// searches never read the time, so they stay deterministic.
	deadline time.Time

	// per search
	ctx     context.Context
	hardCap int64
	nodes   int64
	stopped bool
	err     error
}

// tick counts a node and reports whether the search must stop: past the
// budget it stops quietly, past the hard cap or on a cancelled context
// with that error.
func (b *nodeBudget) tick() bool {
	b.nodes++
	if b.stopped {
		return true
	}
	if b.budget > 0 && b.nodes > b.budget {
		b.stopped = true
	}
	if b.nodes > b.hardCap {
		b.stopped, b.err = true, errNodeLimit
	}
	if b.nodes%ctxEvery == 0 {
		if b.ctx.Err() != nil {
			b.stopped, b.err = true, b.ctx.Err()
		} else if !b.deadline.IsZero() && time.Now().After(b.deadline) {
			b.stopped = true
		}
	}
	return b.stopped
}
