package engine

import "fmt"

// rules.entry (schema 30): which moves may enter or leave a set of squares
// (Elven chess's citadels, entered only from the royal couple's squares).
// The rules depend only on the mover's kind, its start, the squares it
// passes and its landing, so they are folded into the move tables at load.
// A move that neither starts on nor passes or lands on a rule's square
// (Game.entrySquares) is never restricted, so slides stay ordinary rays,
// the fast path of every game, except on a square from which some slide of
// the piece touches a restricted square (or which is one): there each of
// its slides is one lame-leap entry per landing with the passed squares as
// legs, like a bent move, and an entry a rule refuses is left out. The
// attack chains onto a square stop before the first restricted square, so
// a line through one is seen only by those lame entries: a piece attacks
// exactly where it may move.

type entryRule struct {
	squares, from, exit bitset
	hasFrom, hasExit    bool
	kinds               uint32 // kind bits that may enter; 0: every kind
}

func (g *Game) loadEntry() error {
	list := g.spec.Rules.Entry
	if len(list) == 0 {
		return nil
	}
	for i, e := range list {
		where := fmt.Sprintf("rules.entry[%d]", i)
		sq, err := g.squareSet(where+".squares", e.Squares, false)
		if err != nil {
			return err
		}
		from, err := g.squareSet(where+".from", e.From, false)
		if err != nil {
			return err
		}
		exit, err := g.squareSet(where+".exit_to", e.ExitTo, false)
		if err != nil {
			return err
		}
		var kinds uint32
		for _, id := range e.Pieces {
			k, err := g.kindOf(where+".pieces", id)
			if err != nil {
				return err
			}
			kinds |= 1 << uint(k+1)
		}
		if e.Pieces != nil {
			kinds = g.widen(kinds)
			if kinds == 0 {
				kinds = 1 // no kind may enter
			}
		}
		copies := 1
		if e.Mirror {
			copies = 2
		}
		for c := 0; c < copies; c++ {
			g.entry = append(g.entry, entryRule{squares: sq[c], from: from[c], exit: exit[c],
				hasFrom: e.From != nil, hasExit: e.ExitTo != nil, kinds: kinds})
			for w := range g.entrySquares {
				g.entrySquares[w] |= sq[c][w]
			}
		}
	}
	return nil
}

// entryAllows reports whether kind k may move from src over legs to to
// under every entry rule. A move enters a rule's squares when it starts
// outside them and lands on or passes over one; it leaves them when it
// starts inside and lands outside.
func (g *Game) entryAllows(k, src int, legs []int, to int) bool {
	for i := range g.entry {
		r := &g.entry[i]
		if r.squares.has(src) {
			if !r.squares.has(to) && r.hasExit && !r.exit.has(to) {
				return false
			}
			continue
		}
		enters := r.squares.has(to)
		for _, l := range legs {
			enters = enters || r.squares.has(l)
		}
		if !enters {
			continue
		}
		if r.kinds != 0 && r.kinds>>uint(k+1)&1 == 0 || r.hasFrom && !r.from.has(src) {
			return false
		}
	}
	return true
}

// entryTouched reports whether a slide of kind k may start on sq and its
// ray, cut to the move's range, holds a restricted square.
func (g *Game) entryTouched(p, sq int, moves []compiledMove) bool {
	if g.entrySquares.has(sq) {
		return true
	}
	for i := range moves {
		cm := &moves[i]
		if cm.typ != genSlide || !cm.fromOK.has(sq) {
			continue
		}
		for _, v := range cm.vecs {
			for i, t := range g.fwdRay(p, g.dirIndex(v), sq) {
				if cm.maxR > 0 && i >= cm.maxR {
					break
				}
				if g.entrySquares.has(int(t)) {
					return true
				}
			}
		}
	}
	return false
}

// cutEntryChains shortens every reverse ray (the attack chains of the
// line groups and evasions) to stop before its first restricted square,
// and empties those onto one, so a line group sees only slides no entry
// rule can touch.
func (g *Game) cutEntryChains() {
	nd := len(g.dirs)
	for p := 0; p < g.seats; p++ {
		for d := 0; d < nd; d++ {
			for t := 0; t < g.n; t++ {
				r := &g.rev[(p*nd+d)*g.n+t]
				if g.entrySquares.has(t) {
					r.n = 0
					continue
				}
				for i, s := range g.pool[r.off : r.off+uint32(r.n)] {
					if g.entrySquares.has(int(s)) {
						r.n = uint8(i)
						break
					}
				}
			}
		}
	}
}
