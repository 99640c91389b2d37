package search

// The static evaluation's cache. Iterative deepening and transpositions
// evaluate the same position again and again: in ab:n2000 and ab:n10000
// games 35-50% of the stand-pat evaluations repeat one made earlier in
// the same player's search. Each player keeps a direct-mapped table of
// the last score per slot, keyed by the engine's hash and the side whose
// view the score takes. It only saves work: an evaluation is a function
// of the position, so a hit returns what evaluate would, and the games
// stay the same.

// evalSlot is one cached score; key 0 with set false is an empty slot.
type evalSlot struct {
	key   uint64
	score int32
	set   bool
}

// evalCache is a player's table; nil where the evaluation may read more
// than the hash says (see cacheableEval).
type evalCache struct {
	slots []evalSlot
	mask  uint64
}

// stmKey tells player 1's view of a position from player 0's: the hash
// already tells the side to move, but a score is asked for either side.
const stmKey = 0x9e3779b97f4a7c15

func newEvalCache(bits int) *evalCache {
	n := 1 << bits
	return &evalCache{slots: make([]evalSlot, n), mask: uint64(n - 1)}
}

// cacheableEval reports whether the evaluation reads only what the
// engine's hash covers: the board, the hands and the checks given. The
// scoring count reads the ply, and the families' extras (statuses,
// purses, capture effects, territory, wild pieces) are left out rather
// than trusted to the hash.
func cacheableEval(t *evalTables) bool {
	return t.scoreCount == "" && t.statuses == nil && t.purseValue == nil && t.fx == nil && t.claimWinAt == 0
}

// staticEval is the evaluation of p for stm, through the cache where the
// search has one.
func (s *abSearch[M, P]) staticEval(p P, stm int) int {
	c := s.ecache
	if c == nil {
		return s.ev.evaluate(s.view, stm, s.extra)
	}
	key := p.Hash()
	if stm != 0 {
		key ^= stmKey
	}
	e := &c.slots[key&c.mask]
	if e.set && e.key == key {
		return int(e.score)
	}
	v := s.ev.evaluate(s.view, stm, s.extra)
	*e = evalSlot{key: key, score: int32(v), set: true}
	return v
}
