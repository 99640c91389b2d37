package search

// Transposition table bounds.
const (
	ttNone uint8 = iota
	ttExact
	ttLower // score is a lower bound (fail high)
	ttUpper // score is an upper bound (fail low)
)

type ttEntry[M comparable] struct {
	key   uint64
	move  M
	score int32
	depth int16
	bound uint8
}

// ttable is a fixed-size transposition table keyed by the engine's hash.
// Each player owns one, so nothing is shared between goroutines and the
// replacement order is part of the deterministic game.
type ttable[M comparable] struct {
	entries []ttEntry[M]
	mask    uint64
}

// newTTable makes a table of 2^bits entries.
func newTTable[M comparable](bits int) *ttable[M] {
	n := 1 << bits
	return &ttable[M]{entries: make([]ttEntry[M], n), mask: uint64(n - 1)}
}

// ttBitsFor sizes a table for a per-move node budget: about two slots a
// node, between 2^12 and 2^20 entries.
func ttBitsFor(nodes int64) int {
	bits := 12
	for bits < 20 && int64(1)<<bits < 2*nodes {
		bits++
	}
	return bits
}

func (t *ttable[M]) probe(key uint64) (ttEntry[M], bool) {
	e := t.entries[key&t.mask]
	if e.bound == ttNone || e.key != key {
		return ttEntry[M]{}, false
	}
	return e, true
}

// store keeps the deeper of two results for the same position and always
// lets a different position in: recent positions matter more.
func (t *ttable[M]) store(key uint64, move M, score, depth int, bound uint8) {
	e := &t.entries[key&t.mask]
	if e.bound != ttNone && e.key == key && int(e.depth) > depth && bound != ttExact {
		return
	}
	var zero M
	if move == zero && e.key == key {
		move = e.move // keep a known best move for this position
	}
	*e = ttEntry[M]{key: key, move: move, score: int32(score), depth: int16(depth), bound: bound}
}

func (t *ttable[M]) clear() {
	clear(t.entries)
}
