package engine

// Make plays a move, which must be one LegalMoves returned for this
// position. Everything is updated incrementally, the hash included, and
// the previous state is pushed on the position's own undo stack.
//
// A game with chance or hidden information goes through makeWrapped,
// which comes back here (wrapping set) for the move itself; every other
// game pays one branch.
func (p *Position) Make(m Move) {
	if p.g.wrapped && !p.wrapping {
		p.makeWrapped(m)
		return
	}
	mover := p.side
	switch {
	case p.inRounds:
		p.makeInRound(m)
	case p.g.planes != nil:
		p.makePlanes(m)
	case p.g.fx != nil:
		p.makeFx(m)
	case p.g.portal != nil:
		p.makePortal(m)
	default:
		p.makeStd(m)
	}
	if p.g.counting != nil {
		p.countAfter(mover)
	}
}

// makeStd is Make for a game without capture effects.
func (p *Position) makeStd(m Move) {
	g := p.g
	s := p.side
	from, to := m.From(), m.To()
	oldVirgin := p.virgin
	epVictim := p.epVictim
	if g.seated {
		epVictim = p.epVictimAt(to)
	}
	if g.cells != nil {
		p.cellMoveStart(m) // before pushUndo reads the moving piece
	}
	u, h := p.pushUndo(m)
	pc := u.moved
	progress := false
	typ := m.typ()
	switch typ {
	case moveDrop:
		h = p.handAdd(h, s, m.aux(), -1)
		np := pieceCode(m.aux2(), s)
		if pr := m.Promotion(); pr >= 0 {
			np = pieceCode(pr, s)
			progress = true // promote_on_entry is a promotion
		}
		p.put(to, np)
		h ^= p.zob(np, to)
		if d := g.drops; d.symmetric {
			if ps := g.partnerSq(to); ps != to {
				h = p.handAdd(h, s, m.aux(), -1)
				pp := pieceCode(d.mirror[m.aux2()], s)
				p.put(ps, pp)
				h ^= p.zob(pp, ps)
			}
		}
	case moveTurn:
		np := pieceCode(m.aux(), s)
		p.remove(from)
		p.put(from, np)
		h ^= p.zob(pc, from) ^ p.zob(np, from)
	case movePortal:
		// Only an end moves (portal.go); the board stays as it is.
	case moveCastle:
		rf, rt := m.aux(), m.aux2()
		rook := p.remove(rf)
		p.remove(from)
		h ^= p.zob(pc, from) ^ p.zob(rook, rf) ^ p.zob(pc, to) ^ p.zob(rook, rt)
		p.put(to, pc)
		p.put(rt, rook)
		h = p.clearVirgin(h, rf)
		h = p.clearVirgin(h, rt)
	default:
		if typ == moveSweep {
			start := len(p.swept)
			for _, sq := range g.fwdRay(s, m.aux(), from) {
				if int(sq) == to {
					break
				}
				if c := p.board[sq]; c != 0 {
					p.swept = append(p.swept, sweptRec{sq: sq, code: c})
					p.remove(int(sq))
					h ^= p.zob(c, int(sq))
					if d := g.drops; d != nil && d.fromCaptures {
						// Whatever the mover's sweep removes is its capture.
						h = p.handAdd(h, s, d.handKind[codeKind(c)], 1)
					}
					h = p.clearVirgin(h, int(sq))
					progress = true
				}
			}
			u.nSwept = uint8(len(p.swept) - start)
		}
		capSq := to
		if typ == moveEnPassant {
			capSq = epVictim
		} else if m&mvTransfer != 0 {
			capSq = g.homeLanding(m) // it captured at home, then passed across
		}
		if g.cells != nil {
			h = p.cellBefore(h, m, capSq)
		}
		if c := p.board[capSq]; c != 0 {
			u.captured, u.capSq = c, uint8(capSq)
			p.remove(capSq)
			h ^= p.zob(c, capSq)
			h = p.clearVirgin(h, capSq)
			progress = true
			if d := g.drops; d != nil && d.fromCaptures {
				h = p.handAdd(h, s, d.handKind[codeKind(c)], 1)
			}
		}
		if m&mvStay == 0 { // a capture from afar leaves its piece home
			p.remove(from)
			h ^= p.zob(pc, from)
			np := pc
			if pr := m.Promotion(); pr >= 0 {
				np = pieceCode(pr, s)
				progress = true
			}
			p.put(to, np)
			h ^= p.zob(np, to)
			if typ == moveDouble {
				h = p.setEP(h, m)
			}
		}
		if g.cells != nil {
			h = p.cellAfter(h, m)
		}
	}
	if typ != movePortal {
		if m&mvStay == 0 {
			h = p.clearVirgin(h, from)
		}
		h = p.clearVirgin(h, to)
	}
	// The set was canonical before the move: a king or rook that moves
	// or is taken with no never-moved square changing (a king that has
	// moved, a rook taken where it had gone) leaves it canonical. Cells
	// move pieces of their own, so there it is always looked at.
	if g.castle != nil && g.castleRel>>maskIndex(pc)&1|g.castleRel>>maskIndex(u.captured)&1 != 0 && (p.virgin != oldVirgin || g.cells != nil) {
		h = p.dropDeadRights(h)
	}
	if p.virgin != oldVirgin {
		p.virgins = append(p.virgins, oldVirgin)
		u.savedVirgin = true
	}
	if g.touch != nil {
		h = p.touchAfter(h, s, m, u)
	}
	kept := !progress && (typ == moveNormal || typ == moveDouble || typ == moveCastle) && g.cells == nil
	p.endMove(h, u, progress, from != to, kept)
}

// endMove ends every Make once the board has changed (makeStd, makeFx):
// the no-progress clock, the end of the turn, the checks given, the hash
// and the board's own endings. left says whether the mover left its
// square, for reach's on_leave; kept that the move changed no piece count
// on the board or in a hand.
func (p *Position) endMove(h uint64, u *undoRec, progress, left, kept bool) {
	g := p.g
	s := p.side
	if progress || g.resetsClock(u.moved, u.move) {
		p.halfmove = 0
	} else {
		p.halfmove++
	}
	if g.slowTurns {
		h = p.turnEnd(h, u.move, u)
	} else if g.seated {
		h = p.seatMoveEnd(h, s, u.captured)
		p.ply++
	} else {
		p.side = g.nextSeat(p.side)
		h ^= g.zSide
		p.ply++
	}
	if g.checkLimit > 0 && p.inCheck(opponent(s)) {
		if n := p.checks[s]; n > 0 {
			h ^= g.zCheck[s][n]
		}
		if int(p.checks[s]) < len(g.zCheck[s])-1 {
			p.checks[s]++
		}
		h ^= g.zCheck[s][p.checks[s]]
	}
	p.hash = h
	if g.boardEndings && !g.seated && !(kept && g.countEndings && p.status == status{}) {
		// (Counts as they were and nothing decided before: nothing now.)
		leave := -1
		from := u.move.From()
		if r := g.reach; r != nil && r.onLeave && left && r.goal[s].has(from) && (r.kind < 0 || codeKind(u.moved) == r.kind) {
			leave = from
		}
		p.status = p.boardOutcome(s, leave)
	}
}

// dropDeadRights takes out of the never-moved set the castling rights a
// move ended (canonicalVirgin), and their keys out of h.
func (p *Position) dropDeadRights(h uint64) uint64 {
	old := p.virgin
	p.canonicalVirgin()
	for w := 0; w < 4; w++ {
		for x := old[w] &^ p.virgin[w]; x != 0; x &= x - 1 {
			h ^= p.g.zVirgin[w<<6|trailingZeros(x)]
		}
	}
	return h
}

func (p *Position) clearVirgin(h uint64, sq int) uint64 {
	if p.virgin.has(sq) {
		p.virgin.clear(sq)
		h ^= p.g.zVirgin[sq]
	}
	return h
}

// setEP records the squares a double step passed over, keeping only those
// an enemy piece en passant applies to could land on, so that the hash and
// the notation carry the right only when it exists.
func (p *Position) setEP(h uint64, m Move) uint64 {
	g := p.g
	if g.seated {
		return p.setSeatEP(h, m)
	}
	s := p.side
	from, to := m.From(), m.To()
	victim := p.board[to]
	mask := g.epMask & g.capturers[codeKind(victim)]
	home, stands := to, g.boardOf(to) // the step's end at home, and the board the pawn stands on
	if m&mvTransfer != 0 {
		home = g.homeLanding(m)
	}
	for _, sq := range g.fwdRay(s, m.aux(), from) {
		if int(sq) == home {
			break
		}
		if m&mvTransfer != 0 {
			sq = uint8(g.across(int(sq), stands)) // passed over where the pawn now stands
		}
		if p.epN < maxEP && p.board[sq] == 0 && p.foeAttackedMask(int(sq), s, mask) {
			p.ep[p.epN] = sq
			p.epN++
			h ^= g.zEP[sq]
		}
	}
	p.epVictim = to
	return h
}

// Unmake takes back the last move made on this position.
// As Make, a game with chance or hidden information goes through
// unmakeWrapped first.
func (p *Position) Unmake() {
	if p.g.wrapped && !p.wrapping {
		p.unmakeWrapped()
		return
	}
	n := len(p.undo)
	if n == 0 {
		return
	}
	var tu turnUndo
	if p.g.slowTurns {
		if tu = p.popTurn(); tu.round {
			p.unmakeRound(&tu)
			return
		}
		p.side = p.g.nextSeat(tu.side) // taken back below
		if p.g.homeward {
			p.unhome(tu.homeN)
		}
	}
	u := &p.undo[n-1]
	m := u.move
	from, to := m.From(), m.To()
	if p.g.seated {
		p.seatUnmake()
	} else {
		p.side = p.g.prevSeat(p.side)
	}
	p.ply--
	switch typ := m.typ(); {
	case p.g.planes != nil:
		p.unmakePlanes(u)
	case p.g.fx != nil:
		p.unmakeFx(u)
	case typ == moveDrop:
		p.remove(to)
		p.unhand(p.side, m.aux(), 1)
		if p.g.drops.symmetric {
			if ps := p.g.partnerSq(to); ps != to {
				p.remove(ps)
				p.unhand(p.side, m.aux(), 1)
			}
		}
	case typ == movePortal, typ == movePass:
	case typ == moveCastle:
		rf, rt := m.aux(), m.aux2()
		rook := p.remove(rt)
		if to != rt {
			p.remove(to)
		}
		p.put(rf, rook)
		p.put(from, u.moved)
	default:
		if p.g.cells != nil {
			p.cellUnmakeAfter(m)
		}
		if m&mvStay == 0 {
			p.remove(to)
			p.put(from, u.moved)
		}
		if u.captured != 0 {
			p.put(int(u.capSq), u.captured)
			p.unhandCapture(u.captured)
		}
		if p.g.cells != nil {
			p.cellUnmakeBefore(m)
		}
		if u.nSwept > 0 {
			k := len(p.swept) - int(u.nSwept)
			for _, r := range p.swept[k:] {
				p.put(int(r.sq), r.code)
				p.unhandCapture(r.code)
			}
			p.swept = p.swept[:k]
		}
	}
	if p.g.portal != nil {
		p.unmakePortal()
	}
	p.hash = u.hash
	if u.savedTouch {
		p.untouch()
	}
	if u.savedVirgin {
		p.virgin = p.virgins[len(p.virgins)-1]
		p.virgins = p.virgins[:len(p.virgins)-1]
	}
	p.epN = 0
	if u.savedEP {
		e := &p.eps[len(p.eps)-1]
		p.epN, p.epVictim, p.ep = int(e.n), int(e.victim), e.sq
		p.eps = p.eps[:len(p.eps)-1]
	}
	p.halfmove = int(u.halfmove)
	p.cnt = u.cnt
	p.checks = u.checks
	p.status = u.status
	p.undo = p.undo[:n-1]
	p.history = p.history[:len(p.history)-1]
	if p.g.slowTurns {
		p.restoreTurn(&tu)
	}
	p.legalValid, p.otherValid = false, false
	p.probedValid = false
	p.ocValid = false
	p.checkKnown = false
}

// unhand changes a count back on Unmake (the hash is restored whole).
func (p *Position) unhand(s, k, d int) {
	if p.hand[s][k] != unlimitedHand {
		p.hand[s][k] += uint8(d)
		p.handN[s] += d
	}
}

// unhandCapture takes a captured piece back out of the mover's hand.
func (p *Position) unhandCapture(c uint8) {
	if d := p.g.drops; d != nil && d.fromCaptures {
		p.unhand(p.side, d.handKind[codeKind(c)], -1)
	}
}

// pushUndo starts a Make: it records what Unmake restores (the move, the
// hash, the en passant state, the clocks and the status), remembers the
// hash for repetition, forgets the cached answers, and returns the undo
// record and the hash with the old en passant keys taken out.
func (p *Position) pushUndo(m Move) (*undoRec, uint64) {
	p.undo = append(p.undo, undoRec{})
	u := &p.undo[len(p.undo)-1]
	u.move = m
	u.hash = p.hash
	if p.epN > 0 {
		p.eps = append(p.eps, epState{n: uint8(p.epN), victim: uint8(p.epVictim), sq: p.ep})
		u.savedEP = true
	}
	u.halfmove = int32(p.halfmove)
	u.cnt = p.cnt
	u.checks = p.checks
	u.status = p.status
	p.history = append(p.history, p.hash)
	p.legalValid, p.otherValid = false, false
	p.probedValid = false
	p.ocValid = false
	p.checkKnown = false
	h := p.hash
	if p.g.seated {
		h = p.seatMoveStart(h)
	} else {
		for i := 0; i < p.epN; i++ {
			h ^= p.g.zEP[p.ep[i]]
		}
	}
	p.epN = 0
	u.moved = p.board[m.From()]
	return u, h
}
