package engine

// Promotion rests (rules.promotion[].rest and home, schema 30): a piece
// promoted under such a rule rests where it promoted, as a pieces[].rest
// piece rests (it stands, attacks, blocks and can be captured, but does
// not make its player's move), for rest of its owner's turns; when the
// last of them ends it is moved to the first empty square of home, or
// rests on, a turn at a time, while every one is taken. While it rests it
// reaches no goal (rules.reach). The counter is the rest
// counter of turns.go, so the hash, repetition, the notation (rest:) and
// Unmake carry it already; the move home is recorded here so Unmake can
// put it back.

// homeRec is one move home: the piece and the squares it went between.
type homeRec struct {
	from, to uint8
	code     uint8
}

// homewardState is the moves home made so far (the position embeds it);
// Make saves its length on turnState's stack.
type homewardState struct {
	homes []homeRec
}

// loadHomeward switches the rest counters on for promotion rests (the
// rules they would be shared with are refused beside them: families.go).
func (g *Game) loadHomeward() error {
	any := false
	for _, pr := range g.promos {
		any = any || pr.rest > 0
	}
	if !any {
		return nil
	}
	g.restOf = make([]uint8, g.nk)
	g.homeward = true
	return nil
}

// promoRest is the rest the promotion rule of the moved piece gives a
// promotion by m (0 when none).
func (g *Game) promoRest(moved uint8, m Move) uint8 {
	if m.Promotion() < 0 || moved == 0 {
		return 0
	}
	k := codeKind(moved)
	if g.fac != nil && k < len(g.fac.base) {
		k = g.fac.base[k]
	}
	if i := g.kinds[k].promo; i >= 0 {
		return g.promos[i].rest
	}
	return 0
}

// homeOf is the home list of the rule under which the piece on sq (of
// player s) promoted: the rule whose targets hold its kind.
func (g *Game) homeOf(code uint8, s int) []int {
	k := codeKind(code)
	for i := range g.promos {
		pr := &g.promos[i]
		if pr.rest == 0 {
			continue
		}
		for _, t := range pr.targets[s] {
			if t == k || g.fac != nil && k < len(g.fac.base) && g.fac.base[k] == g.fac.base[t] {
				return pr.home[s]
			}
		}
	}
	return nil
}

// goHome ends the rest of player s's piece on sq: it moves to the first
// empty square of its home, or, when every one is taken, rests on a turn
// more. A rule without home ends the rest where the piece stands.
func (p *Position) goHome(h uint64, sq, s int) uint64 {
	c := p.board[sq]
	home := p.g.homeOf(c, s)
	for _, to := range home {
		if to != sq && p.board[to] != 0 {
			continue
		}
		h = p.setRest(h, sq, 0)
		if to != sq {
			p.remove(sq)
			p.put(to, c)
			h ^= p.zob(c, sq) ^ p.zob(c, to)
			p.homes = append(p.homes, homeRec{from: uint8(sq), to: uint8(to), code: c})
		}
		return h
	}
	if len(home) == 0 {
		h = p.setRest(h, sq, 0)
	}
	return h
}

// unhome takes back the moves home made after n of them.
func (p *Position) unhome(n int) {
	for i := len(p.homes) - 1; i >= n; i-- {
		r := p.homes[i]
		p.remove(int(r.to))
		p.put(int(r.from), r.code)
	}
	p.homes = p.homes[:n]
}

// homeDue reports whether a piece of the side to move may go home after
// this move, so every move must be tried with the move home after it.
func (p *Position) homeDue() bool {
	if p.nRest == 0 {
		return false
	}
	s := p.side
	for sq := 0; sq < p.g.n; sq++ {
		if p.rest[sq] == 1 && codeOwner(p.board[sq]) == s && p.board[sq] != 0 {
			return true
		}
	}
	return false
}

// homeFilter removes from buf[start:] the moves after which the move home
// would leave the mover in check.
func (p *Position) homeFilter(buf []Move, start int) []Move {
	g := p.g
	if !g.homeward || !g.checkRules || g.royalMask == 0 || !p.homeDue() {
		return buf
	}
	s := p.side
	cand := append([]Move(nil), buf[start:]...)
	n := start
	for _, m := range cand {
		p.Make(m)
		ok := p.royalsHeld(s) > 0 && !p.inCheck(s)
		p.Unmake()
		if ok {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}
