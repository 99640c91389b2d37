package planesref

// abilities adds the actions of the side to move's pieces that are not
// moves (schema 40): each portal step of a piece with a portal status to
// its square on every other board (not onto its own piece or a neutral
// one), and each raise by a raiser standing on one of its on boards of
// another piece (any player's, not a neutral one) on its from board. A frozen
// piece has both: a frozen piece makes no move, and neither is a move of
// the piece's own (PLANES.md, schema 40's portal).
func (p *Position) abilities(out []action) []action {
	g := p.g
	for sq, pc := range p.board {
		if pc.kind == "" || pc.owner != p.side {
			continue
		}
		b, x, y := g.coords(sq)
		if g.portalStatus(pc) >= 0 {
			for ob := 0; ob < g.nb; ob++ {
				t := g.at(ob, x, y)
				if there := p.board[t]; ob == b || there.kind != "" && (there.owner == pc.owner || there.owner == neutralOwner) {
					continue
				}
				out = append(out, action{typ: actPortal, from: sq, to: t})
			}
		}
		r := g.kinds[pc.kind].raises
		if r == nil || r.on != nil && !r.on[b] {
			continue
		}
		for t, raised := range p.board {
			// Another piece only: the raiser does not move (SCHEMA-40.md).
			if tb, _, _ := g.coords(t); tb == r.from && t != sq && raised.kind != "" && raised.kind != bodyKind && raised.owner != neutralOwner {
				out = append(out, action{typ: actRaise, from: sq, to: t})
			}
		}
	}
	return out
}

// portalStatus is the first portal status pc carries, -1 none.
func (g *game) portalStatus(pc piece) int {
	for i, st := range g.statuses {
		if st.portal && pc.st[i] > 0 {
			return i
		}
	}
	return -1
}

// extraStatus is the first extra_move status pc carries, -1 none.
func (g *game) extraStatus(pc piece) int {
	for i, st := range g.statuses {
		if st.extra && pc.st[i] > 0 {
			return i
		}
	}
	return -1
}

// extraDue reports whether the piece on sq, just moved by player s, moves
// again: it is s's, carries an extra_move status, and s can pay its cost.
func (p *Position) extraDue(sq, s int) bool {
	pc := p.board[sq]
	if pc.kind == "" || pc.owner != s {
		return false
	}
	st := p.g.extraStatus(pc)
	if st < 0 {
		return false
	}
	for r, n := range p.g.statuses[st].extraCost {
		if p.purse[s][r] < n {
			return false
		}
	}
	return true
}

// payExtra pays the cost of the second move of the piece on sq.
func (q *Position) payExtra(sq int) {
	st := q.g.extraStatus(q.board[sq])
	if st < 0 {
		return
	}
	for r, n := range q.g.statuses[st].extraCost {
		q.purse[q.side][r] -= n
	}
}
