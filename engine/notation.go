package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// MoveString writes a move as documented in NOTATION.md: from and to
// squares ("e2e4", "a10a12"), "=ID" for a promotion ("e7e8=Q",
// "b9b10=Q2"), castling as the castling piece's from and to squares
// ("e1g1") unless that could be read as a plain move of it, then as its
// square and its partner's ("e1h1"); a sweep that two of its piece's
// directions could make gets "~N", the number of steps.
func (p *Position) MoveString(m Move) string {
	text := p.moveText(m)
	if sq, ok := m.growth(); ok && p.g.planes != nil && sq < p.g.n {
		text += ">" + p.g.names[sq] // the square a larger piece grows into (schema 45, size.go)
	}
	return text
}

// moveText is MoveString without a growth.
func (p *Position) moveText(m Move) string {
	if m.IsNull() {
		return "0000"
	}
	g := p.g
	switch m.typ() {
	case moveChance:
		return g.chanceString(m)
	case movePass:
		return "pass"
	case moveBuy:
		return g.marketString(m)
	case moveAbility:
		return g.abilityString(m)
	case moveChaos:
		return g.chaosString(m)
	}
	from, to := m.From(), m.To()
	if from >= g.n || to >= g.n {
		return "0000"
	}
	var b strings.Builder
	if m.typ() == moveDrop {
		// The kind put down, as chosen (its face under either_face);
		// promote_on_entry follows from the square, so it is not written.
		if k := m.aux2(); k < g.nk {
			if g.isCopy(k) { // a facing chosen on the drop (schema 30)
				return g.kinds[k].id + ":" + faceLetters[g.fac.face[k]] + "@" + g.names[to]
			}
			return g.kinds[k].id + "@" + g.names[to]
		}
		return "0000"
	}
	switch m.typ() {
	case moveTurn:
		return g.turnString(m)
	case movePortal, moveThrough:
		return p.portalString(m)
	}
	b.WriteString(g.names[from])
	switch m.typ() {
	case moveCastle:
		if from != to && !p.plainReach(from, to) {
			b.WriteString(g.names[to])
		} else {
			b.WriteString(g.names[m.aux()])
		}
		return b.String()
	case moveSweep:
		b.WriteString(g.names[to])
		if n := p.sweepSteps(m); n > 0 {
			b.WriteString("~" + strconv.Itoa(n))
		}
	case moveJump: // checkers jumps: every square landed on (chaos.go)
		if m.aux() != to && m.aux() < g.n {
			b.WriteString(g.names[m.aux()])
		}
		b.WriteString(g.names[to])
	default:
		if m&mvStay != 0 {
			b.WriteByte('x') // a capture from afar: the piece stays on from
		}
		b.WriteString(g.names[to])
	}
	if pr := m.Promotion(); pr >= 0 && pr < g.nk {
		b.WriteString("=" + g.kinds[pr].id)
		if g.isCopy(pr) { // a facing chosen on promotion (schema 30)
			b.WriteString(":" + faceLetters[g.fac.face[pr]])
		}
	}
	if u := m.upgradeStatus(); u >= 0 && u < g.NumStatuses() {
		b.WriteString("^" + g.planes.statuses[u].name) // an upgrade to a status (statuses.go)
	}
	if m.spawnItem() >= 0 {
		b.WriteString(g.spawnString(m)) // an item put down after the move (powers.go)
	}
	if p.under[from] != 0 && m.typ() != movePortal {
		// Which piece of a cell of two moves.
		c := p.board[from]
		if m&mvUnder != 0 {
			c = p.under[from]
		}
		b.WriteString("/" + g.kinds[codeKind(c)].id)
	}
	if m.hasLanding() && m.aux2() < g.n {
		// position choose: where the struck piece is set down
		b.WriteString(">" + g.names[m.aux2()])
	}
	return b.String()
}

// plainReach reports whether the piece on from has a move to to in its
// tables (ignoring what stands between).
func (p *Position) plainReach(from, to int) bool {
	g := p.g
	c := p.board[from]
	if c == 0 {
		return false
	}
	k := codeKind(c)
	idx := (p.side*g.nk+k)*g.n + from
	for ei := g.genStart[idx]; ei < g.genStart[idx+1]; ei++ {
		e := &g.gens[ei]
		if e.typ <= genLame {
			if int(e.to) == to {
				return true
			}
			continue
		}
		for _, sq := range g.pool[e.off : e.off+uint32(e.n)] {
			if int(sq) == to {
				return true
			}
		}
	}
	return false
}

// sweepSteps is the number of steps a sweep takes when another of its
// piece's moves also reaches its landing, else 0.
func (p *Position) sweepSteps(m Move) int {
	g := p.g
	from, to := m.From(), m.To()
	c := p.board[from]
	if c == 0 {
		return 0
	}
	k := codeKind(c)
	idx := (p.side*g.nk+k)*g.n + from
	steps, ways := 0, 0
	for ei := g.genStart[idx]; ei < g.genStart[idx+1]; ei++ {
		e := &g.gens[ei]
		if e.typ <= genLame {
			if int(e.to) == to {
				ways++
			}
			continue
		}
		for i, sq := range g.pool[e.off : e.off+uint32(e.n)] {
			if int(sq) == to {
				ways++
				if e.typ == genSweep && int(e.dir) == m.aux() {
					steps = i + 1
				}
				break
			}
		}
	}
	if ways > 1 {
		return steps
	}
	return 0
}

// moveSpellings is every way ParseMove accepts a move.
func (p *Position) moveSpellings(m Move) []string {
	g := p.g
	s := p.MoveString(m)
	out := []string{s}
	from, to := m.From(), m.To()
	if pr := m.Promotion(); pr >= 0 && m.typ() != moveDrop {
		out = append(out, g.names[from]+g.names[to]+strings.ToLower(g.kinds[pr].id))
	}
	if m.typ() == moveCastle {
		if g.fileOf[m.aux()] > g.fileOf[from] {
			out = append(out, "O-O")
		} else {
			out = append(out, "O-O-O")
		}
		out = append(out, g.names[from]+g.names[m.aux()])
		if from != to {
			out = append(out, g.names[from]+g.names[to])
		}
	}
	return out
}

// ParseMove reads a move in MoveString's notation (also UCI's "e7e8q" and
// "O-O"/"O-O-O") and returns it if it is legal here.
func (p *Position) ParseMove(s string) (Move, error) {
	s = strings.TrimSpace(s)
	moves := p.LegalMoves(nil)
	for _, m := range moves {
		if p.MoveString(m) == s {
			return m, nil
		}
	}
	var found []Move
	for _, m := range moves {
		for _, sp := range p.moveSpellings(m) {
			if sp == s || strings.EqualFold(sp, s) {
				found = append(found, m)
				break
			}
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return 0, fmt.Errorf("move %q is not legal here", s)
	}
	return 0, fmt.Errorf("move %q is ambiguous here", s)
}
