package engine

// Legality: which pseudo-legal moves (movegen.go) the rules about royals
// and the move restrictions (must_capture, forbid_check, royal_facing,
// forbid_immobility) let stand, and the public move lists built on it.
// Kept apart from generation as Stockfish keeps legal() apart from
// movegen: generation knows how pieces move, legality what a move may
// leave behind.

import (
	"math/bits"
	"slices"

	"balancefarm/internal/maskray"
)

// legalCtx says which moves need the full legality test.
type legalCtx struct {
	fast      bool // at most one royal of the mover's: legalFast can test
	royal     int  // its square (-1 none) and kind
	royalKind int
	nEnemy    int // the other player's royals, for royal_facing and forbid_check
	enemy     [8]int
	enemyCode [8]uint8
	all       bool
	testTo    bool // to is not empty
	evasion   bool // in check: other moves must land on ev
	// evPins: in check, from and to still name the moves that may expose
	// the royal, so the other moves that land on ev need no test.
	evPins bool
	// royalPromo: some promotion makes a royal, so promotions are tested
	// in check.
	royalPromo bool
	ev         bitset // squares that capture or block every checker
	from, to   bitset // moves from or to these are tested (a royal's own square is in from)
	attacks    bitset // the other player's attacks, the royal lifted
	// mapped: genPieceSafe has already left out the royal's attacked
	// landings.
	mapped bool
	// pinned (a board of one word): pieces of from held only by a plain
	// slide's pin, each free to move along pinLine[sq] (the squares to
	// its pinner, the pinner's too) and nowhere else.
	pinned  uint64
	pinLine [64]uint64
	// checkFast: forbid_check is settled by check squares (givecheck.go)
	// for plain moves, which the royal rules test for the mover's safety
	// alone.
	checkFast bool
	checks    checkSquares
}

// evasions is, for a royal on r in check, the squares a move of another
// piece must land on to answer every checker: a checker's square, a lame
// leap's legs, a slider's line. ok is false when a checker is a hopper or
// a sweeper, whose check a move elsewhere can also answer.
func (p *Position) evasions(r, opp int, capt uint32) (ev bitset, ok bool) {
	g := p.g
	for w := range ev {
		ev[w] = ^uint64(0)
	}
	if capt &= p.present[opp]; capt == 0 {
		return ev, true
	}
	atk := g.atkLeaps[opp][g.atkStart[opp][r]:g.atkStart[opp][r+1]]
	for i := range atk {
		e := &atk[i]
		c := p.board[e.src]
		if codeOwner(c) != opp || (e.mask&capt)>>maskIndex(c)&1 == 0 || e.first && !p.virgin.has(int(e.src)) {
			continue
		}
		var m bitset
		m.set(int(e.src))
		blocked := false
		for _, l := range g.pool[e.legOff : e.legOff+uint32(e.legN)] {
			if p.board[l] != 0 {
				blocked = true
			}
			m.set(int(l))
		}
		if blocked {
			continue
		}
		for w := range ev {
			ev[w] &= m[w]
		}
	}
	stand := g.standMask[opp][r] & capt
	nd := len(g.dirs)
	for gi := range g.groups[opp] {
		gr := &g.groups[opp][gi]
		mk := gr.mask & stand
		if mk == 0 {
			continue
		}
		if gr.typ != genSlide {
			if p.attackedMask(r, opp, mk) {
				return ev, false
			}
			continue
		}
		rr := g.rev[(opp*nd+gr.dir)*g.n+r]
		ray := g.pool[rr.off : rr.off+uint32(rr.n)]
		if gr.maxR > 0 && gr.maxR < len(ray) {
			ray = ray[:gr.maxR]
		}
		for i, sq := range ray {
			c := p.board[sq]
			if c == 0 {
				continue
			}
			if codeOwner(c) == opp && mk>>maskIndex(c)&1 != 0 && i+1 >= gr.minR && p.groupOK(gr, int(sq)) {
				var m bitset
				for _, q := range ray[:i+1] {
					m.set(int(q))
				}
				for w := range ev {
					ev[w] &= m[w]
				}
			}
			break
		}
	}
	return ev, true
}

// prepare finds the squares whose moves could expose the mover's royal:
// pinned pieces (first piece on a line to an enemy slider), every square on
// a hopper's line, the legs of a lame leap aimed at the royal, the file
// between facing royals. Everything else is legal without a test.
func (p *Position) prepare(c *legalCtx) {
	p.prepareRoyals(c)
	if g := p.g; g.forbidCheck && !c.all {
		c.checkFast = g.checkSquaresOK[p.side] && c.fast && c.nEnemy == 1 && p.fillCheckSquares(&c.checks, c.enemy[0])
		c.all = !c.checkFast // any move may give the check forbid_check refuses
	}
	c.testTo = !c.to.empty()
}

func (p *Position) prepareRoyals(c *legalCtx) {
	g := p.g
	s := p.side
	opp := opponent(s)
	// Only what is read before it is written is reset: the context lives
	// in the position and the rest of it is large.
	c.fast, c.royal, c.royalKind, c.nEnemy = true, -1, 0, 0
	c.all, c.evasion, c.testTo, c.checkFast = false, false, false, false
	c.royalPromo = g.royalPromo
	c.from, c.to = bitset{}, bitset{}
	c.pinned = 0
	if g.royalFacing || g.forbidCheck {
		for _, e := range p.royalSquares(opp, c.enemy[:0]) {
			if c.nEnemy < len(c.enemy) {
				c.enemy[c.nEnemy] = e
				c.enemyCode[c.nEnemy] = p.board[e]
				c.nEnemy++
			}
		}
	}
	if g.checkRules && g.royalMask != 0 {
		r, nr := p.soleRoyal(s)
		if nr > 1 {
			p.prepareSeveral(c)
			return
		}
		if nr == 1 && p.prepareRoyal(c, r) {
			return
		}
	}
	if g.royalFacing {
		var rbuf, ebuf [8]int
		own := p.royalSquares(s, rbuf[:0])
		enemy := p.royalSquares(opp, ebuf[:0])
		for _, a := range own {
			c.from.set(a)
			for _, b := range enemy {
				if g.fileOf[a] != g.fileOf[b] {
					continue
				}
				lo, hi := min(a, b), max(a, b)
				for sq := lo + g.w; sq < hi; sq += g.w {
					c.from.set(sq)
				}
			}
		}
	}
}

// prepareSeveral is prepareRoyals when the mover has several royals. A
// player is in check only when every royal is attacked, so a move is legal
// without a test when it keeps out of check a royal that is out of it now:
// when it moves none of the pieces prepareRoyal names for that royal.
// c.from is what every royal out of check names; those moves, and every
// move when none is out of check, are played by legalAfter. Lines a
// sweeper or a hopper opens elsewhere are not read this way: with either
// on the board every move is tested, as with royals that face or a check
// forbidden.
func (p *Position) prepareSeveral(c *legalCtx) {
	g := p.g
	c.fast = false
	if g.royalFacing || g.forbidCheck || g.seated || g.sweepers != 0 {
		c.all = true
		return
	}
	var rbuf [8]int
	one := &p.ctxRoyal
	var named bitset
	anchors := 0
	for _, r := range p.royalSquares(p.side, rbuf[:0]) {
		one.royal, one.all, one.evasion, one.testTo = -1, false, false, false
		one.from, one.to, one.pinned = bitset{}, bitset{}, 0
		if p.prepareRoyal(one, r) {
			continue // in check: no anchor
		}
		if !one.to.empty() {
			c.all = true // a hopper's line: landings matter too
			return
		}
		if anchors == 0 {
			named = one.from
		} else {
			for w := range named {
				named[w] &= one.from[w]
			}
		}
		anchors++
	}
	if anchors == 0 {
		c.all = true
		return
	}
	c.from = named
}

// prepareRoyal is prepareRoyals for the mover's royal on r: the pieces
// and squares whose moves could expose it (c.from, c.to, c.pinned), and,
// when it is in check, the evasions (or c.all). It reports whether the
// rest of prepareRoyals is to be skipped (a sweeper on the board, or the
// royal in check).
func (p *Position) prepareRoyal(c *legalCtx, r int) (done bool) {
	g := p.g
	s := p.side
	opp := opponent(s)
	rk := codeKind(p.board[r])
	c.royal, c.royalKind = r, rk
	c.from.set(r) // the royal's own moves are always tested
	if g.sweepers != 0 {
		for k := 0; k < g.nk; k++ {
			if g.sweepers>>uint(k+1)&1 != 0 && !p.kindBB[opp][k].empty() {
				c.all = true // a sweep's line can open anywhere: test every move
				return true
			}
		}
	}
	// One walk along each line to the royal finds both a slider
	// giving check and a piece pinned in front of one.
	capt := g.capturers[rk] & g.standMask[opp][r] & p.present[opp]
	check, hops := false, false
	// On a small board, a line from the royal holding none of
	// the other player's sliders can neither check nor pin.
	var sliders, sliders1 uint64
	if g.small {
		for km := g.slideKinds[opp] & capt; km != 0; km &= km - 1 {
			sliders |= p.kindBB[opp][bits.TrailingZeros32(km)-1][0]
		}
	} else if g.mid {
		for km := g.slideKinds[opp] & capt; km != 0; km &= km - 1 {
			bb := &p.kindBB[opp][bits.TrailingZeros32(km)-1]
			sliders |= bb[0]
			sliders1 |= bb[1]
		}
	}
	groups := g.groups[opp]
	if g.mid || g.small {
		if ml := &g.midLines[opp][r]; ml.ok && ml.lo&sliders|ml.hi&sliders1 == 0 {
			groups = nil // no slider on any line to the royal
		} else if ml.ok && g.small {
			// Every line onto r is a slide read from masks (an
			// empty one has none of sliders): the loop below with
			// its tests of the group's kind settled.
			for gi := range groups {
				gr := &groups[gi]
				if m := gr.mask & capt; m != 0 && gr.rayMasks[r]&sliders != 0 && p.slideScan(c, gr, r, m) {
					check = true
				}
			}
			groups = nil
		}
	}
	for gi := range groups {
		gr := &groups[gi]
		m := gr.mask & capt
		if m == 0 {
			continue
		}
		if gr.typ == genSlide && g.small && gr.rayOrds != nil && gr.rayOrds[r] != maskray.Walk {
			if gr.rayMasks[r]&sliders != 0 && p.slideScan(c, gr, r, m) {
				check = true
			}
			continue
		}
		if gr.typ == genSlide && g.mid && gr.rayOrds != nil && gr.rayOrds[r] != maskray.Walk {
			// The same with two words.
			lo, hi := gr.rayMasks[2*r], gr.rayMasks[2*r+1]
			if lo&sliders|hi&sliders1 == 0 {
				continue
			}
			b0 := lo & p.occWord(0)
			b1 := hi & p.occWord(1)
			sq := first2(b0, b1, gr.rayOrds[r])
			pc := p.board[sq&255]
			if codeOwner(pc) != s {
				if codeOwner(pc) == opp && m>>maskIndex(pc)&1 != 0 && p.groupOK(gr, sq) {
					check = true
				}
				continue
			}
			if sq < 64 {
				b0 &^= 1 << uint(sq)
			} else {
				b1 &^= 1 << uint(sq-64)
			}
			if b0|b1 != 0 {
				if pc := p.board[first2(b0, b1, gr.rayOrds[r])&255]; codeOwner(pc) == opp && m>>maskIndex(pc)&1 != 0 {
					c.from.set(sq)
				}
			}
			continue
		}
		if gr.typ == genSlide && gr.rayBits != nil {
			// A slide checks or pins only from one of opp's
			// pieces on its line: none there, nothing to walk.
			if u, o := &gr.rayBits[r], &p.occ[opp]; u[0]&o[0]|u[1]&o[1]|u[2]&o[2]|u[3]&o[3] == 0 {
				continue
			}
		}
		rr := gr.rays[r]
		ray := g.pool[rr.off : rr.off+uint32(rr.n)]
		if gr.maxR > 0 && gr.maxR < len(ray) {
			ray = ray[:gr.maxR]
		}
		switch gr.typ {
		case genSlide:
			first := -1
			for i, sq := range ray {
				pc := p.board[sq]
				if pc == 0 {
					continue
				}
				if first < 0 {
					if codeOwner(pc) != s {
						if codeOwner(pc) == opp && m>>maskIndex(pc)&1 != 0 && i+1 >= gr.minR && p.groupOK(gr, int(sq)) {
							check = true
						}
						break
					}
					first = int(sq)
					continue
				}
				if codeOwner(pc) == opp && m>>maskIndex(pc)&1 != 0 {
					c.from.set(first)
					if first < 64 {
						c.pinned &^= 1 << uint(first) // a walked line's pin: tested
					}
				}
				break
			}
		case genHop:
			hops = true
			for j, sq := range ray {
				pc := p.board[sq]
				if pc != 0 && codeOwner(pc) == opp && m>>maskIndex(pc)&1 != 0 {
					for _, q := range ray[:j] {
						c.from.set(int(q))
						c.to.set(int(q))
					}
				}
			}
		}
	}
	// A square a hopper's line also names is more than pinned.
	c.pinned &^= c.to[0]
	var atk []leapAtk
	if len(g.specLeaps[opp]) > 0 {
		atk = g.specLeaps[opp][g.specStart[opp][r]:g.specStart[opp][r+1]]
	}
	for i := range atk {
		e := &atk[i]
		if e.legN == 0 {
			continue
		}
		pc := p.board[e.src]
		if pc != 0 && codeOwner(pc) == opp && (e.mask&capt)>>maskIndex(pc)&1 != 0 {
			for _, l := range g.pool[e.legOff : e.legOff+uint32(e.legN)] {
				c.from.set(int(l))
				if l < 64 {
					c.pinned &^= 1 << l // a leg too: more than pinned
				}
			}
		}
	}
	if check || g.mid && p.leapAttackedMid(r, opp, g.capturers[rk]&p.present[opp]) ||
		!g.mid && p.leapAttacked(r, opp, g.capturers[rk]&p.present[opp]) || hops && p.attacked(r, opp, rk) {
		// In check the pins, legs and hoppers' lines found above
		// still name every move that may expose the royal, so an
		// answer to every checker by any other move is legal
		// untested; royal_facing's file is not looked at here, so
		// with it every answer is tested.
		c.evPins = !g.royalFacing
		if !c.evPins {
			c.from, c.to = bitset{}, bitset{}
			c.from.set(r)
		}
		if c.ev, c.evasion = p.evasions(r, opp, g.capturers[rk]&g.standMask[opp][r]); !c.evasion {
			c.all = true
		}
		return true
	}
	return false
}

// slideScan is prepareRoyals's look along one slide group's line onto the
// royal on r, read from masks on a board of one word (m the group's kinds
// that may capture it): true when the first piece on it gives check;
// else, when it is the mover's with one of m behind it, the piece is
// named in c.from (and its line recorded when the pin is sure).
func (p *Position) slideScan(c *legalCtx, gr *lineGroup, r int, m uint32) bool {
	s := p.side
	opp := opponent(s)
	blk := gr.rayMasks[r] & p.occWord(0)
	sq := maskray.First(blk, gr.rayOrds[r])
	pc := p.board[sq]
	if codeOwner(pc) != s {
		return codeOwner(pc) == opp && m>>maskIndex(pc)&1 != 0 && p.groupOK(gr, sq)
	}
	if blk &^= 1 << uint(sq); blk != 0 {
		pin := maskray.First(blk, gr.rayOrds[r])
		if pc := p.board[pin]; codeOwner(pc) == opp && m>>maskIndex(pc)&1 != 0 {
			if c.from.has(sq) {
				c.pinned &^= 1 << uint(sq) // named twice (a wrapped board's two lines)
			} else if gr.cond < 0 && !gr.first {
				// The pinner's line is sure: record it.
				c.pinned |= 1 << uint(sq)
				line := gr.rayMasks[r] &^ (1<<uint(pin) - 1) // falling: from the pinner up
				if gr.rayOrds[r] == maskray.Rising {
					line = gr.rayMasks[r] & (2<<uint(pin) - 1)
				}
				c.pinLine[sq&63] = line
			}
			c.from.set(sq)
		}
	}
	return false
}

// soleRoyal is the square of player s's royal when it has exactly one,
// else -1; n is how many it has (0, 1, or 2 for more). Every ply asks:
// on a board of one word with one royal kind the answer is one mask.
func (p *Position) soleRoyal(s int) (sq, n int) {
	g := p.g
	if g.small && len(g.royalKinds) == 1 {
		switch bb := p.kindBB[s][g.royalKinds[0]][0]; {
		case bb == 0:
			return -1, 0
		case bb&(bb-1) != 0:
			return -1, 2
		default:
			return bits.TrailingZeros64(bb), 1
		}
	}
	var rbuf [8]int
	royals := p.royalSquares(s, rbuf[:0])
	if len(royals) == 1 {
		return royals[0], 1
	}
	return -1, min(len(royals), 2)
}

// legal appends the side to move's legal moves (with capOnly, only the
// legal captures): each board family's moves that the royal rules let
// stand, then the rules that read the whole list (legalTail).
func (p *Position) legal(buf []Move, capOnly bool) []Move {
	g := p.g
	if g.legalPlain {
		return p.legalStd(buf, capOnly)
	}
	if pl := g.planes; pl != nil && pl.growChoice && !p.wrapping && !p.growProbing {
		return p.legalGrowing(buf, capOnly) // back here, probing, for the moves before their growths
	}
	if g.chance != nil && !p.wrapping {
		return p.chanceLegal(buf, capOnly) // back here, wrapping, for the moves themselves
	}
	start := len(buf)
	if (g.restOf != nil && p.nRest > 0 || g.priority != nil) && capOnly {
		// Whether the rest is lifted depends on every move (while no
		// piece rests, nothing is).
		return p.keepCaps(p.legal(buf, false), start)
	}
	switch {
	case g.fx != nil:
		buf = p.legalFx(buf, capOnly)
	case g.portal != nil:
		buf = p.legalPortal(buf, capOnly)
	case g.seated || g.nb > 1:
		buf = p.legalSeats(buf, capOnly) // several boards too: moves change boards
	default:
		buf = p.legalStd(buf, capOnly)
	}
	if g.fac != nil || g.slowTurns || g.mustCapture || g.priority != nil {
		buf = p.legalTail(buf, start, capOnly)
	}
	return buf
}

// settleEndings sets countEndings: boardOutcome's rules that read more
// than the counts (checks given, goals, touches, claims, presence) are
// all absent.
func (g *Game) settleEndings() error {
	g.countEndings = g.checkLimit == 0 && g.reach == nil && g.touch == nil &&
		(g.fx == nil || g.fx.winAt == 0) && (g.planes == nil || len(g.planes.presence) == 0)
	return nil
}

// settleLegal sets legalPlain: none of the families legal hands the list
// to or filters it through is in the game. Load's last step, when every
// field it reads is set.
func (g *Game) settleLegal() error {
	g.legalPlain = g.planes == nil && g.chance == nil && g.restOf == nil && g.priority == nil &&
		g.fx == nil && g.portal == nil && !g.seated && g.nb <= 1 &&
		g.fac == nil && !g.slowTurns && !g.mustCapture
	return nil
}

// legalTail applies, after any family's legality, the rules that read the
// whole list: a facing's turns (added once the board's moves are known),
// the rest and bar filters, and must_capture.
func (p *Position) legalTail(buf []Move, start int, capOnly bool) []Move {
	g := p.g
	if g.fac != nil && !capOnly { // a turn captures nothing
		buf = p.legalTurns(buf, nil)
	} else if g.fac != nil && p.capToAny { // and lands where it stands
		buf = p.legalTurns(buf, &p.capTo)
	}
	if g.slowTurns {
		buf = p.turnFilter(buf, start)
	}
	// must_capture keeps the captures when there are any, so it changes
	// nothing in a list of captures.
	if g.mustCapture && (!capOnly || p.capToAny) && hasCapture(buf[start:]) {
		buf = keepCaptures(buf, start)
	}
	if g.priority != nil && !capOnly {
		buf = p.priorityFilter(buf, start)
	}
	return buf
}

// hasCapture reports whether some move of ms captures.
func hasCapture(ms []Move) bool {
	for _, m := range ms {
		if m&mvCapture != 0 {
			return true
		}
	}
	return false
}

// legalStd is legal's own part for a game without capture effects or
// portals. Legality is settled piece by piece as each piece's moves are
// generated: prepare names the few pieces whose moves can expose a royal,
// and the others' moves are kept without a second look.
func (p *Position) legalStd(buf []Move, capOnly bool) []Move {
	g := p.g
	if !(g.checkRules && g.royalMask != 0 || g.royalFacing || g.forbidCheck) {
		buf = p.genPseudo(buf, capOnly)
	} else {
		c := &p.ctx
		p.prepare(c)
		everyPiece := c.all || c.evasion || c.testTo || c.checkFast
		// Kinds whose moves may be of a type legal always tests: sweepers,
		// and those en passant applies to while there is a square for it.
		special := g.sweepers | g.stayKinds
		if p.epN > 0 {
			special |= g.epMask
		}
		s := p.side
		d := g.drops
		if d == nil || !d.placement || p.handN[s] == 0 {
			if g.mid && capOnly && p.capToAny {
				buf = p.genMidOnto(buf, [2]uint64{p.occ[s][0], p.occ[s][1]}, c, everyPiece, special)
			} else if g.mid {
				buf = p.genMidSet(buf, [2]uint64{p.occ[s][0], p.occ[s][1]}, capOnly, c, everyPiece, special)
			} else if g.small && !g.seated {
				// One word, two players: generation and legality in one
				// loop, the pieces prepare names as a mask.
				run := &p.steps
				stepped, movers := p.prepSteps(run, capOnly)
				lg := smallLegal{c: c, safe: p.mapRoyal(c), special: special}
				lg.named, lg.checkOnly = p.namedSmall(c, everyPiece)
				buf = p.genPiecesSmall(buf, capOnly, run, movers, p.occ[s][0]&^stepped, &lg)
			} else if g.small {
				// One word with seats: the pieces prepare names, as a mask.
				named, checkOnly := p.namedSmall(c, everyPiece)
				safe := p.mapRoyal(c)
				for bb := p.occ[s][0]; bb != 0; bb &= bb - 1 {
					from := bits.TrailingZeros64(bb)
					at := len(buf)
					if from == c.royal && safe != nil {
						safe.mapped = false
						if buf = p.genPieceSafe(buf, from, capOnly, safe); safe.mapped {
							continue
						}
					} else {
						buf = p.genPiece(buf, from, capOnly)
					}
					if named>>uint(from)&1 != 0 || special>>maskIndex(p.board[from])&1 != 0 && hasSpecialType(buf[at:]) {
						buf = p.keepLegal(buf, at, c)
					} else if checkOnly {
						buf = p.keepNoDirectCheck(buf, at, from, c)
					}
				}
			} else {
				// Over two words: piece by piece (no step kinds, no map).
				for w := 0; w < 4; w++ {
					for bb := p.occ[s][w]; bb != 0; bb &= bb - 1 {
						from := w<<6 | bits.TrailingZeros64(bb)
						at := len(buf)
						buf = p.genPiece(buf, from, capOnly)
						if everyPiece || c.from.has(from) || special>>maskIndex(p.board[from])&1 != 0 && hasSpecialType(buf[at:]) {
							buf = p.keepLegal(buf, at, c)
						}
					}
				}
			}
			if g.castle != nil && (!capOnly || p.capToAny) { // castling never captures
				at := len(buf)
				if buf = p.genCastles(buf); capOnly {
					buf = p.keepCaps(buf, at)
				}
				if len(buf) > at { // most plies list none
					buf = p.keepLegal(buf, at, c)
				}
			}
		}
		if d != nil && (!capOnly || p.capToAny) { // nor does a drop
			at := len(buf)
			if buf = p.genDrops(buf); capOnly {
				buf = p.keepCaps(buf, at) // before the tests, which judge each drop alone
			}
			buf = p.keepLegalDrops(buf, at, c)
		}
	}
	return buf
}

// namedSmall is the pieces of a one-word board whose moves keepLegal must
// judge (prepare's, or every one), and checkOnly: forbid_check is read
// from check squares (c.checkFast) and nothing else asks for every piece.
// The other pieces' moves then need only keepNoDirectCheck: the royal, the
// pieces prepare names and the discoverers stay with keepLegal.
func (p *Position) namedSmall(c *legalCtx, everyPiece bool) (named uint64, checkOnly bool) {
	if c.checkFast && !c.all && !c.evasion && !c.testTo {
		named = c.from[0] | c.checks.discAny
		if c.royal >= 0 {
			named |= 1 << uint(c.royal&63)
		}
		return named, true
	}
	if everyPiece {
		return ^uint64(0), false
	}
	return c.from[0], false
}

// keepNoDirectCheck is keepLegal for the moves in buf[at:] of the piece on
// from when namedSmall left it out: its moves cannot expose its own royal
// nor open a line onto the other's, so of its plain moves only those that
// land where the piece checks (the check squares' direct set) are
// refused, as keepLegal's check-square test would, in one pass. A list
// with another type of move or a promotion goes to keepLegal whole.
func (p *Position) keepNoDirectCheck(buf []Move, at, from int, c *legalCtx) []Move {
	for _, m := range buf[at:] {
		if m.typ() > moveDouble || m&mvStay != 0 || m.Promotion() >= 0 {
			return p.keepLegal(buf, at, c)
		}
	}
	return keepOffSquares(buf, at, c.checks.direct[codeKind(p.board[from])])
}

// keepOffSquares removes from buf[at:] the moves landing on a square of
// off (a board of one word), keeping the order of the rest.
func keepOffSquares(buf []Move, at int, off uint64) []Move {
	n := at
	for _, m := range buf[at:] {
		if off>>uint(m.To())&1 == 0 {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// keepLegalDrops removes from buf[at:] the drops the rules refuse. A drop
// only adds a piece: it can block a check or a hopper's line, never open
// one, so prepare's squares say which need the test, as for other moves.
func (p *Position) keepLegalDrops(buf []Move, at int, c *legalCtx) []Move {
	g := p.g
	noMate := g.drops.noMate
	n := at
	for i := at; i < len(buf); i++ {
		m := buf[i]
		k := m.DropKind()
		to := m.To()
		switch {
		case g.drops.symmetric:
			if !p.symLegal(m) {
				continue
			}
		case g.royalMask>>uint(k+1)&1 != 0:
			if !p.legalAfter(m) { // a royal put down must be safe
				continue
			}
		case c.evasion && !c.all:
			if !c.ev.has(to) {
				continue
			}
		case c.all || c.testTo && c.to.has(to):
			if !p.testMove(m, c) {
				continue
			}
		}
		if noMate>>uint(m.aux2()+1)&1 != 0 && p.givesMate(m) {
			continue
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// hasSpecialType reports whether a move of ms is of a type past
// moveDouble (en passant, castling, a sweep) or a capture from afar
// (whose emptied square may open a line), which legal always tests.
func hasSpecialType(ms []Move) bool {
	for _, m := range ms {
		if m.typ() > moveDouble || m&mvStay != 0 {
			return true
		}
	}
	return false
}

// keepLegal removes from buf[at:] the moves the royal rules refuse,
// keeping the order of the rest.
func (p *Position) keepLegal(buf []Move, at int, c *legalCtx) []Move {
	if at < len(buf) && buf[at].From() == c.royal && c.fast && c.nEnemy == 0 && !c.all && !c.evasion && !c.checkFast {
		return p.keepRoyalMoves(buf, at, c)
	}
	// The royal's steps come together in buf; when there are several,
	// one map of the other player's attacks answers them all.
	mapUse := 0 // 0 undecided, 1 map, -1 test one by one
	n := at
	for i := at; i < len(buf); i++ {
		m := buf[i]
		test, refuse := c.classify(m)
		if refuse {
			continue
		}
		if test {
			from := m.From()
			if from == c.royal && c.fast && c.nEnemy == 0 && m.typ() <= moveDouble && m.Promotion() < 0 && m&mvStay == 0 {
				if mapUse == 0 {
					mapUse = -1
					// On a small board the map reads masks and pays
					// from two steps on; elsewhere from four.
					more := 3
					if p.g.small {
						more = 1
					}
					if j := i + more; j < len(buf) && buf[j].From() == from {
						var want bitset
						for _, o := range buf[i:] {
							if o.From() != from {
								break
							}
							want.set(o.To())
						}
						p.attackMap(&c.attacks, &want, c.royal, p.g.capturers[c.royalKind])
						mapUse = 1
					}
				}
				if mapUse == 1 {
					if c.attacks.has(m.To()) {
						continue
					}
				} else if !p.legalFast(m, c) {
					continue
				}
			} else if p.pinnedOff(m, c) || !p.pinnedOn(m, c) && !p.testMove(m, c) {
				continue
			}
		}
		if c.checkFast && m.typ() <= moveDouble {
			// The royal rules above asked only for the mover's safety
			// (a promotion was played whole by legalAfter).
			if m.Promotion() >= 0 {
				if !test && !p.legalAfter(m) {
					continue
				}
			} else if c.checks.givesCheck(p, m) {
				continue
			}
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// mapRoyal is c when the mover's only royal's safety is all the royal
// rules ask (keepRoyalMoves's case) on a board of one word and its moves
// are its fast lists' alone, where genPieceSafe can filter its landings by
// one attack map; else nil.
func (p *Position) mapRoyal(c *legalCtx) *legalCtx {
	g := p.g
	if g.small && c.royal >= 0 && c.fast && c.nEnemy == 0 && !c.all && !c.evasion && !c.checkFast &&
		g.pieceSquares[(p.side*g.nk+c.royalKind)*g.n+c.royal].nSlow == 0 { // no slow moves after the mapped ones
		return c
	}
	return nil
}

// keepRoyalMoves is keepLegal for a list that starts with the moves of
// the mover's only royal when its safety is all the royal rules ask
// (not in check, no enemy royal read, no forbid_check): the same tests
// in the same order, the per-move reasoning of classify written out for
// that case, since every ply lists the royal's moves.
func (p *Position) keepRoyalMoves(buf []Move, at int, c *legalCtx) []Move {
	r := c.royal
	if p.g.small && len(buf)-at >= 2 {
		// The usual list: two or more plain steps of the royal, all
		// answered by one map, as the loop below would.
		const notPlain = 0x1f<<mvPromoShift | 0xe<<mvTypeShift | mvStay
		var want bitset
		plain := true
		for _, m := range buf[at:] {
			if m.From() != r || m&notPlain != 0 {
				plain = false
				break
			}
			want[0] |= 1 << uint(m.To())
		}
		if plain {
			p.attackMap(&c.attacks, &want, r, p.g.capturers[c.royalKind])
			return keepOffSquares(buf, at, c.attacks[0])
		}
	}
	mapUse := 0 // as in keepLegal
	n := at
	for i := at; i < len(buf); i++ {
		m := buf[i]
		from := m.From()
		if from == r && m.typ() <= moveDouble && m.Promotion() < 0 && m&mvStay == 0 {
			if mapUse == 0 {
				mapUse = -1
				more := 3
				if p.g.small {
					more = 1
				}
				if j := i + more; j < len(buf) && buf[j].From() == from {
					var want bitset
					for _, o := range buf[i:] {
						if o.From() != from {
							break
						}
						want.set(o.To())
					}
					p.attackMap(&c.attacks, &want, r, p.g.capturers[c.royalKind])
					mapUse = 1
				}
			}
			if mapUse == 1 {
				if c.attacks.has(m.To()) {
					continue
				}
			} else if !p.legalFast(m, c) {
				continue
			}
		} else if m.typ() > moveDouble || m&mvStay != 0 || c.from.has(from) || c.testTo && c.to.has(m.To()) {
			if !p.testMove(m, c) {
				continue
			}
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// pinnedOff and pinnedOn say, for a plain move of a pinned piece whose
// royal's safety is all the royal rules ask (not in check, a sole
// royal, no forbid_check, no hopper's line to land on), that it leaves
// its pin line (illegal) or stays on it (legal), as testMove would find:
// only its own square opens, onto that line alone. Both are false
// otherwise, and testMove decides.
func (p *Position) pinnedOff(m Move, c *legalCtx) bool {
	return p.pinFast(m, c) && c.pinLine[m.From()&63]>>uint(m.To()&63)&1 == 0
}

func (p *Position) pinnedOn(m Move, c *legalCtx) bool {
	return p.pinFast(m, c) && c.pinLine[m.From()&63]>>uint(m.To()&63)&1 != 0
}

func (p *Position) pinFast(m Move, c *legalCtx) bool {
	return c.pinned>>uint(m.From()&63)&1 != 0 && m.From() < 64 && m.typ() <= moveDouble && m.Promotion() < 0 && m&mvStay == 0 &&
		c.fast && c.nEnemy == 0 && !c.all && !c.evasion && !c.checkFast && !(c.testTo && c.to.has(m.To()))
}

// classify says what prepare's reasoning makes of a pseudo-legal move:
// refused untested (in check, it answers no checker), or legal untested,
// or to be tested.
func (c *legalCtx) classify(m Move) (test, refuse bool) {
	switch {
	case c.all || m.typ() > moveDouble || m&mvStay != 0:
		return true, false
	case c.evasion:
		// A promotion to a royal answers check by adding an unattacked
		// royal (a player is in check only when every royal is).
		if c.from.has(m.From()) || c.royalPromo && m.Promotion() >= 0 {
			return true, false
		}
		if !c.ev.has(m.To()) {
			return false, true
		}
		return !c.evPins || c.testTo && c.to.has(m.To()), false
	}
	return c.from.has(m.From()) || c.testTo && c.to.has(m.To()), false
}

// testMove plays m on the board alone and asks the royal rules.
func (p *Position) testMove(m Move, c *legalCtx) bool {
	if c.fast && m.typ() != moveSweep && m&mvStay == 0 && (m.Promotion() < 0 || m.typ() == moveDrop) {
		return p.legalFast(m, c)
	}
	return p.legalAfter(m)
}

// LegalMoves appends the legal moves of the side to move, every rule
// applied (royal safety, must_capture, forbid_check, royal_facing, ...).
// It does not look at whether the game is over: ask Outcome.
func (p *Position) LegalMoves(buf []Move) []Move {
	if p.legalValid {
		return append(buf, p.legalCache...)
	}
	start := len(buf)
	buf = p.legal(buf, false)
	p.legalCache = append(p.legalCache[:0], buf[start:]...)
	p.legalValid = true
	return buf
}

// LegalCaptures appends the legal moves of the side to move that capture
// (IsCapture), in the order LegalMoves lists them, without generating the
// quiet moves where it can: quiescence searches asks for these only.
func (p *Position) LegalCaptures(buf []Move) []Move {
	if p.legalValid {
		for _, m := range p.legalCache {
			if m&mvCapture != 0 {
				buf = append(buf, m)
			}
		}
		return buf
	}
	return p.legal(buf, true)
}

// LegalCapturesOnto appends the legal moves of the side to move that
// capture (IsCapture) or land on one of squares (To; a move that moves no
// piece lands nowhere), in the order LegalMoves lists them: quiescence in
// a race asks for these. Where the game's rules allow, the quiet moves
// elsewhere are not generated at all; else the full list is filtered.
// Squares off the board are ignored.
func (p *Position) LegalCapturesOnto(buf []Move, squares []int) []Move {
	var onto bitset
	for _, sq := range squares {
		if sq >= 0 && sq < p.g.n {
			onto.set(sq)
		}
	}
	if onto.empty() {
		return p.LegalCaptures(buf)
	}
	if p.legalValid || !p.capToOK() {
		start := len(buf)
		return keepCapturesOnto(p.LegalMoves(buf), start, &onto)
	}
	p.capTo, p.capToAny = onto, true
	buf = p.legal(buf, true)
	p.capTo, p.capToAny = bitset{}, false
	return buf
}

// capToOK says whether legal's capture list can take capTo's quiet moves
// along: the families whose generators honour it (legalStd's, with
// legalTail's turns and must_capture), and no rule that judges a move by
// the whole list (a rest while a piece rests, priority) or lists moves
// of its own (cells, rounds' bars).
func (p *Position) capToOK() bool {
	g := p.g
	if g.cells != nil {
		return false
	}
	return g.legalPlain || g.planes == nil && g.chance == nil && g.priority == nil && g.fx == nil && g.portal == nil &&
		!g.seated && g.nb <= 1 && g.sim == nil && (g.restOf == nil || p.nRest == 0)
}

// keepCapturesOnto removes from buf[start:] the moves that neither capture
// nor land on onto, keeping the order of the rest.
func keepCapturesOnto(buf []Move, start int, onto *bitset) []Move {
	n := start
	for _, m := range buf[start:] {
		if m&mvCapture != 0 || !m.MovesNoPiece() && onto.has(m.To()) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// keepCaps is keepCaptures for a capture list, which keeps capTo's quiet
// moves too.
func (p *Position) keepCaps(buf []Move, start int) []Move {
	if p.capToAny {
		return keepCapturesOnto(buf, start, &p.capTo)
	}
	return keepCaptures(buf, start)
}

// HasLegalMove reports whether the side to move has a legal move, as
// len(LegalMoves) > 0 would, testing pseudo-legal moves one by one only
// until one passes, piece by piece: a quiet position asks no more of
// quiescence, nor a search's horizon of Outcome. must_capture
// leaves some move whenever there is one, so it does not matter here.
func (p *Position) HasLegalMove() bool {
	if p.legalValid {
		return len(p.legalCache) > 0
	}
	if p.pending != pendingNone {
		return true // a chance event always has an outcome
	}
	g := p.g
	if p.buyDecides() {
		return true
	}
	if g.fx != nil || g.portal != nil || g.sim != nil || g.homeward && p.homeDue() || g.seated || g.nb > 1 || g.planes != nil {
		// Rounds: a bar can take a player's last move away; a move home
		// can leave every move in check. The list is made and kept for
		// the LegalMoves that usually follows; under grow "choice" only
		// the moves before their growths, which list each move again
		// and never alone, for legalGrowing.
		if pl := g.planes; pl == nil || !pl.growChoice {
			p.legalCache = p.legal(p.legalCache[:0], false)
			p.legalValid = true
			return len(p.legalCache) > 0
		}
		probing := p.growProbing
		p.growProbing = true
		p.probed = p.legal(p.probed[:0], false)
		p.growProbing = probing
		p.probedValid = true
		return len(p.probed) > 0
	}
	test := g.checkRules && g.royalMask != 0 || g.royalFacing || g.forbidCheck
	// One move passing is enough, and the first usually does: the full
	// test of each costs less here than prepare's reasoning would.
	legal := func(m Move) bool { return !test || p.legalAfter(m) }
	s := p.side
	d := g.drops
	if g.fac != nil && p.checkKnown && !p.checkVal {
		// A turn in place moves nothing, so out of check (known: the
		// search asked already) a turn is legal without a test wherever
		// legalTurns says so, and finding one costs less than the one
		// test of a move below (Elven chess: about 2,000 instructions).
		if p.hasLegalTurn() {
			return true
		}
	}
	if d == nil || !d.placement || p.handN[s] == 0 {
		// The royals' moves first: in check they are the likeliest
		// answers, and out of it a royal's few steps are cheap to list.
		passes := 1
		if test && g.royalMask != 0 {
			passes = 2
		}
		for pass := passes - 1; pass >= 0; pass-- {
			for w := 0; w < 4; w++ {
				for bb := p.occ[s][w]; bb != 0; bb &= bb - 1 {
					sq := w<<6 | bits.TrailingZeros64(bb)
					if passes == 2 && g.royalMask>>maskIndex(p.board[sq])&1 != uint32(pass) {
						continue
					}
					if g.mid {
						p.pseudo = p.genMid(p.pseudo[:0], sq, false)
					} else {
						p.pseudo = p.genPiece(p.pseudo[:0], sq, false)
					}
					for _, m := range p.pseudo {
						if legal(m) {
							return true
						}
					}
				}
			}
		}
		if g.castle != nil {
			p.pseudo = p.genCastles(p.pseudo[:0])
			for _, m := range p.pseudo {
				if legal(m) {
					return true
				}
			}
		}
	}
	if g.fac != nil && len(p.legalTurns(p.pseudo[:0], nil)) > 0 {
		return true
	}
	if d != nil && p.handN[s] > 0 {
		// On the stack: no_mate's test makes the drop and asks this again.
		var local [maxSquares]Move
		full := p.occupied()
		for k := 0; k < g.nk; k++ {
			if p.hand[s][k] == 0 {
				continue
			}
			for _, pk := range [2]int{k, d.face[k]} {
				if pk < 0 {
					continue
				}
				for _, m := range p.genDropsOf(local[:0], d, k, g.enterKind(pk), &full) {
					if !test || p.dropLegal(m) {
						return true
					}
				}
			}
		}
	}
	return false
}

// legalFast is legalAfter for the common case: the mover has at most one
// royal, and the move neither sweeps nor promotes (so no royal appears or
// vanishes but by capture).
func (p *Position) legalFast(m Move, c *legalCtx) bool {
	from, to := m.From(), m.To()
	b := &p.board
	pc := b[from]
	r := c.royal
	if from == r {
		r = to
	}
	// The attack tests read the board and the occupancy sets, so both
	// change together and are put back together: the mover's, the other
	// player's and the wild pieces', the only ones a move of two players
	// changes.
	s := p.side
	opp := opponent(s)
	occS, occO, occW := p.occ[s], p.occ[opp], p.occ[wildOwner]
	var ok bool
	switch m.typ() {
	case moveCastle:
		rf, rt := m.aux(), m.aux2()
		rook := b[rf]
		oldTo, oldRt := b[to], b[rt]
		b[from], b[rf] = 0, 0
		b[to], b[rt] = pc, rook
		p.occ[s].clear(from)
		p.occ[s].clear(rf)
		p.occ[s].set(to)
		p.occ[s].set(rt)
		ok = p.fastVerdict(r, c, false)
		b[rt], b[to] = oldRt, oldTo
		b[rf], b[from] = rook, pc
	case moveDrop:
		b[to] = pieceCode(m.DropKind(), s)
		p.occ[s].set(to)
		ok = p.fastVerdict(r, c, false)
		b[to] = 0
	case moveEnPassant:
		v := p.epVictim
		victim := b[v]
		b[v], b[from], b[to] = 0, 0, pc
		p.occ[opp].clear(v)
		p.occ[s].clear(from)
		p.occ[s].set(to)
		ok = p.fastVerdict(r, c, false)
		b[to], b[from], b[v] = 0, pc, victim
	default:
		old := b[to]
		b[from], b[to] = 0, pc
		p.occ[s].clear(from)
		p.occ[s].set(to)
		if old != 0 {
			p.occ[codeOwner(old)].clear(to)
		}
		vs := p.virgin
		p.virgin.clear(to)
		ok = p.fastVerdict(r, c, m.typ() <= moveDouble && m.Promotion() < 0)
		p.virgin = vs
		b[to], b[from] = old, pc
	}
	p.occ[s], p.occ[opp], p.occ[wildOwner] = occS, occO, occW
	return ok
}

// fastVerdict asks the royal rules of a board legalFast has played a move
// on: the mover's royal (on r, or none) safe, no open file between royals,
// no check given where that is forbidden.
//
// plain says the move is a plain move or double step, whose check under
// forbid_check keepLegal reads from the check squares when c.checkFast.
func (p *Position) fastVerdict(r int, c *legalCtx, plain bool) bool {
	g := p.g
	s := p.side
	if r >= 0 && p.attacked(r, opponent(s), c.royalKind) {
		return false
	}
	if c.nEnemy == 0 {
		return true
	}
	var ebuf [8]int
	enemy := ebuf[:0]
	for i := 0; i < c.nEnemy; i++ {
		if e := c.enemy[i]; p.board[e] == c.enemyCode[i] {
			enemy = append(enemy, e)
		}
	}
	if g.royalFacing && r >= 0 && p.facing([]int{r}, enemy) {
		return false
	}
	if g.forbidCheck && len(enemy) > 0 && !(c.checkFast && plain) {
		for _, e := range enemy {
			if !p.attacked(e, s, codeKind(p.board[e])) {
				return true
			}
		}
		return false
	}
	return true
}

// liteSet changes one square for legalAfter, board and occupancy,
// remembering what was there.
func (p *Position) liteSet(sq int, c uint8) {
	old := p.board[sq]
	p.lite = append(p.lite, sweptRec{sq: uint8(sq), code: old})
	p.board[sq] = c
	if old != 0 {
		p.occ[codeOwner(old)].clear(sq)
	}
	if c != 0 {
		p.occ[codeOwner(c)].set(sq)
	}
}

// legalAfter plays m on the board array only, asks the rules about royals,
// and puts the board back. The attack test reads nothing else.
func (p *Position) legalAfter(m Move) bool {
	g := p.g
	s := p.side
	opp := opponent(s)
	from, to := m.From(), m.To()
	pc := p.board[from]
	moved := pc
	drop := m.typ() == moveDrop
	if pr := m.Promotion(); pr >= 0 {
		moved = pieceCode(pr, s)
	} else if drop {
		moved = pieceCode(m.aux2(), s)
	} else if m.typ() == moveTurn {
		moved = pieceCode(m.aux(), s)
	}
	var rbuf, ebuf [8]int
	own := p.royalSquares(s, rbuf[:0])
	hadRoyal := len(own) > 0
	var enemy []int
	if g.royalFacing || g.forbidCheck {
		enemy = p.royalSquares(opp, ebuf[:0])
	}
	ownCodes, enemyCodes := p.codesAt(own), p.codesAt(enemy)
	p.lite = p.lite[:0]
	vsave := p.virgin
	occ0, occ1, occW := p.occ[0], p.occ[1], p.occ[wildOwner]
	if g.seated {
		p.occSeats = p.occ // a move of seats may change any seat's
	}
	switch m.typ() {
	case moveEnPassant:
		p.liteSet(p.epVictimAt(to), 0)
	case moveCastle:
		rook := p.board[m.aux()]
		p.liteSet(from, 0)
		p.liteSet(m.aux(), 0)
		p.liteSet(to, pc)
		p.liteSet(m.aux2(), rook)
		p.virgin.clear(m.aux2())
	case moveSweep:
		for _, sq := range g.fwdRay(s, m.aux(), from) {
			if int(sq) == to {
				break
			}
			if p.board[sq] != 0 {
				p.liteSet(int(sq), 0)
			}
		}
	}
	switch {
	case m&mvStay != 0: // the mover stays home
		p.liteSet(to, 0)
	case m.typ() != moveCastle:
		if m&mvTransfer != 0 {
			p.liteSet(g.homeLanding(m), 0) // what it took at home
		}
		if !drop {
			p.liteSet(from, 0)
		}
		p.liteSet(to, moved)
	}
	p.virgin.clear(to)

	// Own royals after the move: those still standing, plus the mover's
	// landing if it is (or became) royal.
	own = p.standing(own, &ownCodes)
	if c := p.board[to]; c != 0 && codeOwner(c) == s && g.royalMask>>maskIndex(c)&1 != 0 && !slices.Contains(own, to) {
		own = append(own, to)
	}
	if m.typ() == moveCastle {
		if c := p.board[m.aux2()]; g.royalMask>>maskIndex(c)&1 != 0 && !slices.Contains(own, m.aux2()) {
			own = append(own, m.aux2())
		}
	}
	ok := true
	if g.checkRules && (hadRoyal || drop && len(own) > 0) {
		ok = len(own) > 0 && !p.allFoesAttack(own, s)
	}
	if ok && len(enemy) > 0 {
		enemy = p.standing(enemy, &enemyCodes)
		if g.royalFacing && p.facing(own, enemy) {
			ok = false
		}
		if ok && g.forbidCheck && len(enemy) > 0 {
			ok = !p.allAttacked(enemy, s)
		}
	}
	p.undoLite()
	p.virgin = vsave
	p.occ[0], p.occ[1], p.occ[wildOwner] = occ0, occ1, occW
	if g.seated {
		p.occ = p.occSeats
	}
	return ok
}

// codesAt is what stands on each square of list (at most 8), for standing
// to compare with after a light make.
func (p *Position) codesAt(list []int) (codes [8]uint8) {
	for i, r := range list {
		codes[i] = p.board[r]
	}
	return codes
}

// standing keeps the squares of list that still hold what codesAt read.
func (p *Position) standing(list []int, codes *[8]uint8) []int {
	n := 0
	for i, r := range list {
		if p.board[r] == codes[i] {
			list[n] = r
			n++
		}
	}
	return list[:n]
}

// allAttacked reports whether player by attacks every royal square of
// list (true of none).
func (p *Position) allAttacked(list []int, by int) bool {
	for _, r := range list {
		if !p.attacked(r, by, codeKind(p.board[r])) {
			return false
		}
	}
	return true
}

// undoLite puts back the squares the light make changed, newest first.
func (p *Position) undoLite() {
	for i := len(p.lite) - 1; i >= 0; i-- {
		p.board[p.lite[i].sq] = p.lite[i].code
	}
}

// facing reports whether two opposing royals stand on one file with
// nothing (no piece, no wall) between them.
func (p *Position) facing(own, enemy []int) bool {
	g := p.g
	for _, a := range own {
		for _, b := range enemy {
			if g.fileOf[a] != g.fileOf[b] {
				continue
			}
			lo, hi := min(a, b), max(a, b)
			open := true
			for sq := lo + g.w; sq < hi; sq += g.w {
				if p.board[sq] != 0 || g.wall.has(sq) {
					open = false
					break
				}
			}
			if open {
				return true
			}
		}
	}
	return false
}
