package planesref

import (
	"fmt"
	"slices"

	"balancefarm/engine/rules"
)

// Schema 44: larger pieces (statuses[].size, SCHEMA-44.md), read straight
// from the addendum. A larger piece keeps, in order gained, the offsets
// of its other squares from its own (its body); each body square holds a
// piece of bodyKind naming the piece's square, so that the board shows
// it occupied. A piece's body is never changed in place (positions share
// it): every change makes a new list.

// bodyKind is a body square's kind: no rule file's id is this long.
const bodyKind = "(body)"

// loadSize reads which status has size (-1 none) and adds the body kind,
// which moves, captures and protects nothing.
func (g *game) loadSize(s *rules.Spec) {
	g.size = -1
	for i, st := range s.Statuses {
		if st.Size {
			g.size = i
			g.growChoice = st.Grow == rules.GrowChoice
			g.kinds[bodyKind] = &kind{id: bodyKind, onDeath: -1, diesOn: -1, mostRes: -1}
			return
		}
	}
}

// sized is how many of the status with size pc has.
func (g *game) sized(pc piece) int {
	if g.size < 0 {
		return 0
	}
	return pc.st[g.size]
}

// cover is the squares of the piece on sq: its own, then its body's.
func (p *Position) cover(sq int) []int {
	out := []int{sq}
	for _, d := range p.board[sq].body {
		if t, ok := p.g.offset(sq, d[0], d[1]); ok {
			out = append(out, t)
		}
	}
	return out
}

// remove takes whatever stands on sq off the board and returns it: a
// larger piece with its body, which leaves the board with it; a body
// square alone, whose piece shrinks by that square and one status.
func (q *Position) remove(sq int) piece {
	pc := q.board[sq]
	cov := q.cover(sq)
	q.board[sq] = piece{}
	switch {
	case pc.kind == bodyKind:
		a := pc.of - 1
		anchor := q.board[a]
		_, ax, ay := q.g.coords(a)
		_, x, y := q.g.coords(sq)
		anchor.body = slices.DeleteFunc(slices.Clone(anchor.body), func(d [2]int) bool { return d == [2]int{x - ax, y - ay} })
		anchor.st[q.g.size] = max(anchor.st[q.g.size]-1, 0)
		q.board[a] = anchor
	case len(pc.body) > 0:
		for _, t := range cov[1:] {
			q.board[t] = piece{}
		}
	}
	return pc
}

// layBody puts the body of pc, now standing on t, at its offsets: one
// off the board, on a piece that is not its enemy or is protected, or on
// an item that kills what enters it is lost, and one status with it; one
// on an enemy captures it. It returns pc as it stands.
func (q *Position) layBody(pc piece, t int, budget *int) piece {
	g := q.g
	q.board[t] = pc
	var kept [][2]int
	for _, d := range pc.body {
		b, ok := g.offset(t, d[0], d[1])
		if ok {
			if there := q.board[b]; there.kind != "" {
				if q.enemies(pc, there) && !q.protected(b) {
					q.die(q.remove(b), b, budget)
				}
				ok = q.board[b].kind == ""
			}
		}
		if ok && q.killsOnEntry(b, pc) {
			ok = false
		}
		if !ok {
			pc.st[g.size] = max(pc.st[g.size]-1, 0)
			continue
		}
		q.board[b] = piece{kind: bodyKind, owner: pc.owner, of: t + 1}
		kept = append(kept, d)
	}
	pc.body = kept
	q.board[t] = pc
	return pc
}

// killsOnEntry reports whether an item on sq that kills what enters it
// (kill enter or pass) acts on pc.
func (q *Position) killsOnEntry(sq int, pc piece) bool {
	for it := range q.g.items {
		if k := q.g.items[it].Kill; (k == rules.KillEnter || k == rules.KillPass) && q.lying(sq, it) > 0 && q.g.acts(it, pc) {
			return true
		}
	}
	return false
}

// shrink is the death of larger piece pc on t (off the board, its body
// too): one status goes, and its first body square becomes its square,
// where it arrives; a first body square off the board is lost as well.
func (q *Position) shrink(pc piece, t int, budget *int) {
	pc.st[q.g.size] = max(pc.st[q.g.size]-1, 0)
	first := pc.body[0]
	to, ok := q.g.offset(t, first[0], first[1])
	if !ok {
		pc.body = slices.Clone(pc.body[1:])
		q.die(pc, t, budget)
		return
	}
	rest := make([][2]int, 0, len(pc.body)-1)
	for _, d := range pc.body[1:] {
		rest = append(rest, [2]int{d[0] - first[0], d[1] - first[1]})
	}
	pc.body = rest
	q.arrive(pc, to, [2]int{}, false, budget)
}

// growAll grows every piece with more of the status than body squares,
// in square order, one square at a time: the first square touching its
// cover (its own square's four sides, then each body square's, in the
// order up, right, down, left) with no piece and no item that kills what
// enters it; with none, the count falls to the body's. Under grow
// "choice" (schema 45) the first growth is into the square the action
// names (grow, plus one) instead, and growDeferred leaves every growth
// owed, for growChoices to read.
func (q *Position) growAll(grow int) {
	g := q.g
	if g.size < 0 || grow == growDeferred {
		return
	}
	for sq := range q.board {
		pc := q.board[sq]
		if pc.kind == "" || pc.kind == bodyKind {
			continue
		}
		for g.sized(pc) > len(pc.body) {
			at := -1
			for _, c := range q.cover(sq) {
				for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
					if t, ok := g.offset(c, d[0], d[1]); ok && at < 0 && q.board[t].kind == "" && !q.killsOnEntry(t, pc) {
						at = t
					}
				}
			}
			if grow > 0 && slices.Contains(q.growSquares(sq), grow-1) {
				at, grow = grow-1, 0
			}
			if at < 0 {
				pc.st[g.size] = len(pc.body)
				break
			}
			_, ax, ay := g.coords(sq)
			_, x, y := g.coords(at)
			pc.body = append(slices.Clone(pc.body), [2]int{x - ax, y - ay})
			q.board[at] = piece{kind: bodyKind, owner: pc.owner, of: sq + 1}
			q.board[sq] = pc
		}
		q.board[sq] = pc
	}
}

// growDeferred is growAll's grow for an action played to see what growth
// it leaves owed.
const growDeferred = -1

// growSquares is, sorted, every square the piece on sq may grow into: a
// square of its board touching a square of its cover on a side, with no
// piece and no item that kills what enters it (SCHEMA-45).
func (q *Position) growSquares(sq int) []int {
	var out []int
	for _, c := range q.cover(sq) {
		for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			if t, ok := q.g.offset(c, d[0], d[1]); ok && q.board[t].kind == "" && !q.killsOnEntry(t, q.board[sq]) && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	slices.Sort(out)
	return out
}

// growChoices is the actions under grow "choice": an action after which,
// every growth left owed, a piece owes one and has squares to grow into
// is listed once per square (SCHEMA-45).
func (p *Position) growChoices(acts []action) []action {
	if !p.g.growChoice || p.pending != pendingNone {
		return acts
	}
	var out []action
	for _, a := range acts {
		if !p.mayGive(a) {
			out = append(out, a)
			continue
		}
		a.grow = growDeferred
		q := p.play(a)
		a.grow = 0
		var squares []int
		for sq, pc := range q.board {
			if pc.kind != "" && pc.kind != bodyKind && p.g.sized(pc) > len(pc.body) {
				squares = q.growSquares(sq)
				break
			}
		}
		if len(squares) == 0 {
			out = append(out, a)
		}
		for _, t := range squares {
			a.grow = t + 1
			out = append(out, a)
		}
	}
	return out
}

// mayGive reports whether a may give the status with size, as SCHEMA-45
// lists what gives it: a purchase or chaos effect of it, an upgrade to
// it, any move under an on_capture that gains it (and a raise giving it,
// which the checks refuse).
func (p *Position) mayGive(a action) bool {
	g := p.g
	switch a.typ {
	case actBuy:
		return g.market.cards[a.card].st == g.size
	case actChaos:
		return g.chaos.effects[a.card].st == g.size
	case actRaise:
		return g.kinds[p.board[a.from].kind].raises.status == g.size
	case actMove:
		return a.upStatus == g.statuses[g.size].name || slices.Contains(g.onCapture, g.size)
	}
	return false
}

// growText is the growth an action names, as the engine writes it:
// ">SQ" (SCHEMA-45).
func (p *Position) growText(a action) string {
	if a.grow <= 0 {
		return ""
	}
	return ">" + p.g.name(a.grow-1)
}

// lifted is p with the body of the piece on from taken off, for that
// piece's moves: its own body blocks none of them.
func (p *Position) lifted(from int) *Position {
	if len(p.board[from].body) == 0 {
		return p
	}
	q := p.copy()
	for _, t := range p.cover(from)[1:] {
		q.board[t] = piece{}
	}
	return q
}

// coversTouch reports whether the covers of the pieces on a and b touch
// on a side.
func (p *Position) coversTouch(a, b int) bool {
	for _, x := range p.cover(a) {
		xb, xx, xy := p.g.coords(x)
		for _, y := range p.cover(b) {
			if yb, yx, yy := p.g.coords(y); xb == yb && abs(xx-yx)+abs(xy-yy) == 1 {
				return true
			}
		}
	}
	return false
}

// bodyName is a body square as Board writes it: its piece's square and
// its place in the body's order.
func (p *Position) bodyName(sq int) string {
	a := p.board[sq].of - 1
	for i, t := range p.cover(a)[1:] {
		if t == sq {
			return fmt.Sprintf("body@%s#%d", p.g.name(a), i+1)
		}
	}
	return "body@?"
}
