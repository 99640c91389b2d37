package engine

import (
	"fmt"

	"balancefarm/engine/rules"
)

// rules.entry (schema 30): which moves may enter or leave a set of squares
// (Elven chess's citadels, entered only from the royal couple's squares).
// The rules depend only on the mover's kind, its start, the squares it
// passes and its landing, so they are folded into the move tables at load:
// in a game with entry rules every slide is compiled, like a bent move,
// into one lame-leap entry per landing with the passed squares as legs,
// and an entry whose move a rule refuses is left out. Attacks are built
// from the same entries, so a piece attacks exactly where it may move.

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
	r := &g.spec.Rules
	switch {
	case r.Castling != nil || r.EnPassant:
		return unsupported("rules.entry beside castling or en passant")
	case len(r.Portals) > 0 || len(r.NPCs) > 0:
		return unsupported("rules.entry beside portals or wild pieces")
	case r.ExplodeOnCapture != nil || r.Strike != nil || r.Contacts != nil || r.Territory != nil:
		return unsupported("rules.entry beside capture effects or territory")
	}
	for i, p := range g.spec.Pieces {
		for j, m := range p.Moves {
			if m.Kind == rules.KindHop || m.Kind == rules.KindSweep {
				return unsupported(fmt.Sprintf("rules.entry beside a hop or sweep (pieces[%d].moves[%d])", i, j))
			}
		}
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
