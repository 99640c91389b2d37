package engine

import (
	"fmt"
	"slices"
	"strings"

	"balancefarm/engine/rules"
)

// Larger pieces (schema 44, SCHEMA-44.md), part of the planes family. A
// piece with n of the status with size covers its anchor (its own square)
// and n body squares of the same board. A body square holds a piece of
// an internal kind of its owner's, with no moves, no value and no
// statuses, so that occupancy, blocking and enemy captures work as they
// do for any piece; p.link ties it to its anchor. take lifts a piece's
// body with it and place lays it again at the same offsets, so every way
// a piece is moved carries its body.

// bodyPart is one body square of a lifted piece: its offset from the
// anchor and its place in the order the squares were gained.
type bodyPart struct {
	dx, dy int8
	order  uint8
}

// A link is 0 for a square that is no body square, else the anchor plus
// one in the low 16 bits and the square's order (1 first) above.
func linkOf(anchor, order int) uint32 { return uint32(anchor+1) | uint32(order)<<16 }
func linkAnchor(l uint32) int         { return int(l&0xffff) - 1 }
func linkOrder(l uint32) int          { return int(l >> 16) }

// bodyName is the internal kind's name (its id is any letter free).
const bodyName = "body (of a larger piece)"

// expandSize appends the internal body kind to a copy of s when a status
// has size, and returns its index plus one (0 without). Every piece
// that lists what it captures may capture a body square.
func expandSize(s *rules.Spec) (*rules.Spec, int) {
	if !slices.ContainsFunc(s.Statuses, func(st rules.Status) bool { return st.Size }) {
		return s, 0
	}
	taken := map[string]bool{}
	for _, pc := range s.Pieces {
		taken[strings.ToUpper(pc.ID)] = true
	}
	id := ""
	for c := 'Z'; c >= 'A' && id == ""; c-- {
		if !taken[string(c)] {
			id = string(c)
		}
	}
	for a := 'Z'; a >= 'A' && id == ""; a-- {
		for b := 'Z'; b >= 'A' && id == ""; b-- {
			if cand := string(a) + string(b); !taken[cand] {
				id = string(a) + strings.ToLower(string(b))
			}
		}
	}
	out := *s
	out.Pieces = slices.Clone(s.Pieces)
	for i := range out.Pieces {
		if caps := out.Pieces[i].Captures; caps != nil {
			out.Pieces[i].Captures = append(slices.Clone(caps), id)
		}
	}
	zero := 0.0
	out.Pieces = append(out.Pieces, rules.Piece{ID: id, Name: bodyName, Value: &zero, Moves: []rules.Move{}})
	return &out, len(out.Pieces)
}

// isBody reports whether c is a body square's piece.
func (g *Game) isBody(c uint8) bool { return g.body != 0 && c != 0 && codeKind(c) == g.body-1 }

// IsBodyKind reports whether kind k is the internal kind of larger
// pieces' body squares (schema 44), which is no piece of its own.
func (g *Game) IsBodyKind(k int) bool { return g.body != 0 && k == g.body-1 }

// sizeOf is how many of the status with size the word w holds.
func (pl *planesRules) sizeOf(w uint64) int {
	if pl.size == 0 {
		return 0
	}
	return stCount(w, pl.size-1)
}

// withSize is w with n of the status with size.
func (pl *planesRules) withSize(w uint64, n int) uint64 { return stSet(w, pl.size-1, n) }

// setLink changes a square's link, logged, hash in p.fxh.
func (p *Position) setLink(sq int, l uint32) {
	old := p.link[sq]
	if old == l {
		return
	}
	pl := p.g.planes
	p.planeLog = append(p.planeLog, planeChg{what: chgBody, b: uint8(sq), old: uint64(old)})
	p.fxh ^= pl.linkKey(sq, old) ^ pl.linkKey(sq, l)
	p.link[sq] = l
}

// linkKey is the hash key of link l on sq (0 for none).
func (pl *planesRules) linkKey(sq int, l uint32) uint64 {
	if l == 0 {
		return 0
	}
	return pl.mixKey(keyBody, uint64(sq), uint64(l))
}

// bodyHash is the links' share of the hash (the body squares' pieces are
// hashed as pieces).
func (p *Position) bodyHash() uint64 {
	var h uint64
	for sq, l := range p.link {
		h ^= p.g.planes.linkKey(sq, l)
	}
	return h
}

// bodySquares appends the body squares of the piece anchored on a, in
// the order gained.
func (p *Position) bodySquares(a int, out []int) []int {
	n := len(out)
	if p.g.body == 0 {
		return out // no status with size: no links
	}
	// A body square always holds its body piece: the occupied squares
	// alone, in increasing order as the links' own would be, instead
	// of every link of the largest board.
	for sq := range p.occupied().each {
		if l := p.link[sq]; l != 0 && linkAnchor(l) == a {
			out = append(out, sq)
		}
	}
	slices.SortFunc(out[n:], func(x, y int) int { return linkOrder(p.link[x]) - linkOrder(p.link[y]) })
	return out
}

// liftBody takes the body of the piece anchored on a off the board,
// logged, and returns it as offsets in order.
func (p *Position) liftBody(a int) []bodyPart {
	g := p.g
	sqs := p.bodySquares(a, nil)
	if len(sqs) == 0 {
		return nil
	}
	parts := make([]bodyPart, len(sqs))
	for i, b := range sqs {
		parts[i] = bodyPart{dx: int8(g.fileOf[b] - g.fileOf[a]), dy: int8(g.rankOf[b] - g.rankOf[a]), order: uint8(linkOrder(p.link[b]))}
		p.setLink(b, 0)
		p.fxSet(b, 0, false)
	}
	return parts
}

// loseBodySquare is a body square on sq taken alone (captured, killed):
// its piece shrinks by one.
func (p *Position) loseBodySquare(sq int) {
	a, o := linkAnchor(p.link[sq]), linkOrder(p.link[sq])
	p.setLink(sq, 0)
	for b, l := range p.link { // the orders stay 1 to n, as the notation reads them
		if l != 0 && linkAnchor(l) == a && linkOrder(l) > o {
			p.setLink(b, linkOf(a, linkOrder(l)-1))
		}
	}
	pl := p.g.planes
	w := p.stAt(a)
	p.setSt(a, pl.withSize(w, max(pl.sizeOf(w)-1, 0)))
}

// placeBody lays the body of piece c, whose anchor now stands on a, at its
// offsets: a square off the board, on a piece of its own side or on an
// item that kills is lost, one status with it; an enemy there is
// captured. It returns c's statuses after the losses and whether a piece
// died.
func (p *Position) placeBody(a int, c carried) (uint64, bool) {
	pl := p.g.planes
	owner := codeOwner(c.code)
	body := pieceCode(p.g.body-1, owner)
	st, died := c.st, false
	order := 0
	for _, part := range c.body {
		b := p.stepOn(a, int(part.dx), int(part.dy))
		lost := b < 0 || p.g.wall.has(b)
		if !lost {
			if occ := p.board[b]; occ != 0 {
				enemy := codeOwner(occ) != owner && codeOwner(occ) != wildOwner
				if owner == wildOwner {
					enemy = codeOwner(occ) == opponent(p.side)
				}
				if enemy && !p.protected(b, occ) {
					p.dies(p.take(b), b)
					died = true
				}
				lost = p.board[b] != 0
			}
		}
		if !lost && p.killsBody(c, b) {
			lost = true
		}
		if lost {
			st = pl.withSize(st, max(pl.sizeOf(st)-1, 0))
			continue
		}
		order++
		p.fxSet(b, body, false)
		p.setLink(b, linkOf(a, order))
	}
	return st, died
}

// killsBody reports whether an item on b that kills on entering (not one
// that kills at rest: a body square comes to rest nowhere of its own)
// acts on piece c's body there.
func (p *Position) killsBody(c carried, b int) bool {
	g := p.g
	pl := g.planes
	k := codeKind(c.code)
	immune := pl.statusImmunity(c.st)
	for i, it := range pl.items {
		if it.kill && p.itemN[i*g.n+b] > 0 && it.immune>>uint(k)&1 == 0 && immune>>uint(i)&1 == 0 {
			return true
		}
	}
	return false
}

// shrinkInto is the death of larger piece c on sq (off the board): it
// shrinks instead. One status goes, and the anchor moves into the first
// body square, which is body no more; the piece arrives there.
func (p *Position) shrinkInto(c carried, sq int) {
	pl := p.g.planes
	c.st = pl.withSize(c.st, max(pl.sizeOf(c.st)-1, 0))
	first := c.body[0]
	rest := make([]bodyPart, 0, len(c.body)-1)
	t := p.stepOn(sq, int(first.dx), int(first.dy))
	if t < 0 || p.g.wall.has(t) {
		// That square is off the board: it is lost, and the piece
		// shrinks again where it is.
		c.body = append(rest, c.body[1:]...)
		p.dies(c, sq)
		return
	}
	for _, part := range c.body[1:] {
		rest = append(rest, bodyPart{dx: part.dx - first.dx, dy: part.dy - first.dy, order: part.order})
	}
	c.body = rest
	p.arrive(c, t, 0, 0)
}

// growAll lets every piece owing a growth (more of the status than body
// squares) grow, one square at a time, into a free square touching its
// cover: the first in the fixed order (growSquare), or, under grow
// "choice" (schema 45), the square move m names for the first growth;
// with none free, the status count drops to the body's.
func (p *Position) growAll(m Move) {
	g := p.g
	pl := g.planes
	named, naming := m.growth()
	first := true // the growth m names: the first owed (the checks leave one a move)
	var body, opts []int
	for sq := range p.occupied().each { // a status is a piece's
		w := p.stw[sq]
		if w == 0 {
			continue // no status, no size
		}
		n := pl.sizeOf(w)
		if n == 0 || p.board[sq] == 0 {
			continue
		}
		body = p.bodySquares(sq, body[:0])
		for len(body) < n {
			b := -1
			if pl.growChoice {
				opts = p.growOptions(sq, body, opts[:0])
				if first && p.growProbing {
					p.growOpts = append([]int{}, opts...)
				}
				if len(opts) > 0 {
					b = opts[0]
					if first && naming && slices.Contains(opts, named) {
						b = named
					}
				}
				first = false
			} else {
				b = p.growSquare(sq, body)
			}
			if b < 0 {
				p.setSt(sq, pl.withSize(w, len(body)))
				break
			}
			p.fxSet(b, pieceCode(g.body-1, codeOwner(p.board[sq])), false)
			p.setLink(b, linkOf(sq, len(body)+1))
			body = append(body, b)
		}
	}
}

// growOptions appends to out the free squares the piece anchored on a
// with body squares body may grow into (schema 45), each once, in
// growSquare's order: its first is the square the fixed order takes.
func (p *Position) growOptions(a int, body []int, out []int) []int {
	c := carried{code: p.board[a], st: p.stAt(a)}
	for i := -1; i < len(body); i++ {
		from := a
		if i >= 0 {
			from = body[i]
		}
		for _, d := range growDirs {
			t := p.stepOn(from, d[0], d[1])
			if t >= 0 && !p.g.wall.has(t) && p.board[t] == 0 && !slices.Contains(out, t) && !p.killsBody(c, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// Under grow "choice" (schema 45) a move that makes a piece larger names
// the square it grows into: bit 45 says it does, bits 56-62 hold the
// square's low seven bits and bit 46 its eighth. Bits 45 and 46 are a
// cell's (cells.go), which is never played beside statuses (families.go).
const (
	mvGrows     = Move(1) << 45
	mvGrowHigh  = Move(1) << 46
	mvGrowShift = 56
)

// growth is the square m names for its piece's growth; ok is false for
// none.
func (m Move) growth() (sq int, ok bool) {
	if m&mvGrows == 0 {
		return -1, false
	}
	sq = int(m >> mvGrowShift & 0x7f)
	if m&mvGrowHigh != 0 {
		sq |= 0x80
	}
	return sq, true
}

// withGrowth is m naming sq for its piece's growth.
func (m Move) withGrowth(sq int) Move {
	m |= mvGrows | Move(sq&0x7f)<<mvGrowShift
	if sq&0x80 != 0 {
		m |= mvGrowHigh
	}
	return m
}

// mayGrow reports whether m may give the status with size: a purchase or
// a chaos effect of it, a raise giving it, a capture's upgrade to it or a
// capture under an on_capture that gains it.
func (p *Position) mayGrow(m Move) bool {
	pl := p.g.planes
	st := pl.size - 1
	switch m.typ() {
	case moveBuy:
		return m.aux() < len(pl.market.cards) && pl.market.cards[m.aux()].status == st
	case moveChaos:
		return m.aux() < len(pl.chaos.effects) && pl.chaos.effects[m.aux()].status == st
	case moveAbility:
		return m.aux() == abilityRaise && pl.raises[codeKind(p.board[m.From()])].status == st
	case movePass, moveChance:
		return false
	}
	return m.upgradeStatus() == st || (m&mvCapture != 0 || m.typ() == moveJump) && slices.Contains(pl.onCapture, st)
}

// growProbe is the squares the growth move m leaves owed may take: for a
// purchase or a chaos effect, which moves nothing, those of its target
// as it stands, if the status is short of its stack; for any other move,
// those Make finds once the move is over.
func (p *Position) growProbe(m Move) []int {
	pl := p.g.planes
	if t := m.typ(); (t == moveBuy || t == moveChaos) && m.aux2() == 1 {
		sq := m.To()
		if pl.sizeOf(p.stAt(sq)) >= int(pl.statuses[pl.size-1].stack) {
			return nil
		}
		return p.growOptions(sq, p.bodySquares(sq, nil), nil)
	}
	p.growOpts = nil
	p.Make(m)
	p.Unmake()
	return p.growOpts
}

// legalGrowing is legal under grow "choice" (schema 45): a move that
// leaves a piece owing a growth is listed once for each square the piece
// may grow into once the move is over, found by making the move; a move
// that leaves none is listed as it is.
func (p *Position) legalGrowing(buf []Move, capOnly bool) []Move {
	start := len(buf)
	p.growProbing = true
	if p.probedValid {
		// HasLegalMove's list, made probing as here; the captures among
		// it are the captures' list (legal's contract).
		at := len(buf)
		if buf = append(buf, p.probed...); capOnly {
			buf = p.keepCaps(buf, at)
		}
	} else {
		buf = p.legal(buf, capOnly)
	}
	// The list rewritten, from the first move that grows, in a scratch
	// list the position keeps (the probes' own lists skip this function).
	out, rewriting := p.growOut[:0], false
	for i := start; i < len(buf); i++ {
		m := buf[i]
		var opts []int
		if p.mayGrow(m) {
			opts = p.growProbe(m)
		}
		if !rewriting {
			if len(opts) == 0 {
				continue
			}
			out, rewriting = append(out, buf[start:i]...), true
		}
		if len(opts) == 0 {
			out = append(out, m)
		}
		for _, sq := range opts {
			out = append(out, m.withGrowth(sq))
		}
	}
	p.growProbing, p.growOpts = false, nil
	p.growOut = out[:0]
	if !rewriting {
		return buf
	}
	return append(buf[:start], out...)
}

// ownBody reports whether sq is a body square of the piece anchored on a
// (which its moves pass, as if it were empty).
func (p *Position) ownBody(sq, a int) bool {
	return p.link != nil && p.link[sq] != 0 && linkAnchor(p.link[sq]) == a
}

// coversTouch reports whether the covers of the pieces anchored on a and
// b (each its anchor and body squares) touch on a side.
func (p *Position) coversTouch(a, b int) bool {
	g := p.g
	ca := p.bodySquares(a, []int{a})
	cb := p.bodySquares(b, []int{b})
	if len(ca) == 1 && len(cb) == 1 {
		return false // two pieces of one square: the caller's own test
	}
	for _, x := range ca {
		for _, y := range cb {
			if abs(g.fileOf[x]-g.fileOf[y])+abs(g.rankOf[x]-g.rankOf[y]) == 1 {
				return true
			}
		}
	}
	return false
}

// growDirs are the four sides, in the order growSquare tries them.
var growDirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// growSquare is where the piece anchored on a with body squares body
// grows: the first square, touching the anchor or a body square (in
// order) on a side, that holds no piece and no item that kills; -1 for
// none.
func (p *Position) growSquare(a int, body []int) int {
	c := carried{code: p.board[a], st: p.stAt(a)}
	for i := -1; i < len(body); i++ {
		from := a
		if i >= 0 {
			from = body[i]
		}
		for _, d := range growDirs {
			t := p.stepOn(from, d[0], d[1])
			if t >= 0 && !p.g.wall.has(t) && p.board[t] == 0 && !p.killsBody(c, t) {
				return t
			}
		}
	}
	return -1
}

// sizeMoves rewrites buf[start:], the side to move's moves as generated,
// for its larger pieces: each one's moves are made again with its body
// lifted (its own body blocks none of them), and a piece with the status
// makes no double step (no move that only a condition of its entry,
// from_rank, region or first_move, admits) and does not castle.
func (p *Position) sizeMoves(buf []Move, start int, capOnly bool) []Move {
	g := p.g
	pl := g.planes
	s := p.side
	var large []int
	var sized bitset
	for sq, w := range p.stw {
		if pl.sizeOf(w) == 0 || p.board[sq] == 0 || codeOwner(p.board[sq]) != s {
			continue
		}
		sized.set(sq)
		for _, l := range p.link {
			if l != 0 && linkAnchor(l) == sq {
				large = append(large, sq)
				break
			}
		}
	}
	if len(large) == 0 && sized == (bitset{}) {
		return buf
	}
	n := start
	for _, m := range buf[start:] {
		if sized.has(m.From()) && (slices.Contains(large, m.From()) || p.doubleStep(m)) ||
			m.typ() == moveCastle && (sized.has(m.From()) || sized.has(m.aux())) {
			continue
		}
		buf[n] = m
		n++
	}
	buf = buf[:n]
	var body []int
	for _, a := range large {
		body = p.bodySquares(a, body[:0])
		codes := make([]uint8, len(body))
		for i, b := range body {
			codes[i] = p.remove(b)
		}
		from := len(buf)
		if g.mid {
			var set [2]uint64
			set[a>>6] = 1 << uint(a&63)
			buf = p.genMidSet(buf, set, capOnly, nil, false, 0)
		} else {
			buf = p.genPiece(buf, a, capOnly)
		}
		if pl.anyJumps {
			if js := pl.jumps[codeKind(p.board[a])]; js != nil {
				buf = p.jumpFrom(buf, &js[s], a, a, -1, false, -1, capOnly)
			}
		}
		for i, b := range body {
			p.put(b, codes[i])
		}
		kept := from
		for _, m := range buf[from:] {
			if !p.doubleStep(m) && m.typ() != moveCastle {
				buf[kept] = m
				kept++
			}
		}
		buf = buf[:kept]
	}
	return buf
}

// doubleStep reports whether m is a double step: en passant's, or a move
// that only entries with a condition make.
func (p *Position) doubleStep(m Move) bool {
	if m.typ() == moveDouble {
		return true
	}
	if t := m.typ(); t != moveNormal || m&mvStay != 0 {
		return false
	}
	g := p.g
	from, to := m.From(), m.To()
	c := p.board[from]
	k, s := codeKind(c), codeOwner(c)
	if s >= maxSeats {
		s = p.side
	}
	idx := (s*g.nk+k)*g.n + from
	found := false
	for _, e := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
		reaches := false
		switch e.typ {
		case genLeap, genLame:
			reaches = int(e.to) == to
		case genSlide, genHop:
			reaches = slices.Contains(g.pool[e.off:e.off+uint32(e.n)], uint8(to))
		}
		if !reaches {
			continue
		}
		if !e.cond && !e.first {
			return false
		}
		found = true
	}
	return found
}

// bodyField is the body squares' notation: body:A=B+C,... each larger
// piece's anchor and its body squares in order.
func (p *Position) bodyField() string {
	if p.link == nil {
		return ""
	}
	g := p.g
	var entries []string
	var body []int
	for a := 0; a < g.n; a++ {
		if p.board[a] == 0 || g.isBody(p.board[a]) {
			continue
		}
		body = p.bodySquares(a, body[:0])
		if len(body) == 0 {
			continue
		}
		names := make([]string, len(body))
		for i, b := range body {
			names[i] = g.names[b]
		}
		entries = append(entries, g.names[a]+"="+strings.Join(names, "+"))
	}
	if len(entries) == 0 {
		return ""
	}
	return " body:" + strings.Join(entries, ",")
}

// readBody reads the body: field (after the board, whose body squares are
// empty: the field puts them back).
func (p *Position) readBody(value string) error {
	g := p.g
	if p.link == nil {
		return fmt.Errorf("body: the game has no status with size")
	}
	for _, entry := range strings.Split(value, ",") {
		where, list, ok := strings.Cut(entry, "=")
		a, okA := g.parseSquare(where)
		if !ok || !okA || p.board[a] == 0 || g.isBody(p.board[a]) || len(p.bodySquares(a, nil)) > 0 {
			return fmt.Errorf("body: %q must be SQUARE=SQUARE+SQUARE on a piece's square, each piece once", entry)
		}
		for i, name := range strings.Split(list, "+") {
			b, okB := g.parseSquare(name)
			if !okB || g.wall.has(b) || p.board[b] != 0 || g.boardOf(b) != g.boardOf(a) || i >= maxStack {
				return fmt.Errorf("body: %q: %q must be an empty square of the piece's board", entry, name)
			}
			p.put(b, pieceCode(g.body-1, codeOwner(p.board[a])))
			p.link[b] = linkOf(a, i+1)
		}
	}
	return nil
}

// bodyFinish checks, once every field is read, that each body square
// belongs to a piece whose status count is its body's.
func (p *Position) bodyFinish() error {
	if p.link == nil {
		return nil
	}
	g := p.g
	pl := g.planes
	for sq := 0; sq < g.n; sq++ {
		if g.isBody(p.board[sq]) && (p.link[sq] == 0 || p.stAt(sq) != 0) {
			return fmt.Errorf("body: %s holds a body square of no piece, or one with statuses", g.names[sq])
		}
		if w := p.stAt(sq); pl.sizeOf(w) > 0 && pl.sizeOf(w) != len(p.bodySquares(sq, nil)) {
			return fmt.Errorf("body: the piece on %s has %d of status %s and %d body squares", g.names[sq], pl.sizeOf(w), pl.statuses[pl.size-1].name, len(p.bodySquares(sq, nil)))
		}
		if p.link[sq] != 0 && p.stAt(linkAnchor(p.link[sq])) == 0 {
			return fmt.Errorf("body: the piece on %s has a body and no status with size", g.names[linkAnchor(p.link[sq])])
		}
	}
	return nil
}

// BodySquare is, for a body square sq of a larger piece (schema 44), the
// piece's square and sq's place in its body's order (1 first); ok is
// false for any other square.
func (p *Position) BodySquare(sq int) (anchor, order int, ok bool) {
	if p.link == nil || sq < 0 || sq >= p.g.n || p.link[sq] == 0 {
		return -1, 0, false
	}
	return linkAnchor(p.link[sq]), linkOrder(p.link[sq]), true
}
