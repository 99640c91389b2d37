package engine

import (
	"math/bits"
)

// makeFx is Make for a game with capture effects or territory: every
// square the move changes is recorded with its old contents, so Unmake is
// the same for every effect.
func (p *Position) makeFx(m Move) {
	g := p.g
	from, to := m.From(), m.To()
	oldVirgin := p.virgin
	if m.typ() <= moveDouble && m&(0x1f<<mvPromoShift) == 0 && p.board[to] == 0 && g.wild == nil && !g.fx.territory {
		p.makeFxStep(m, oldVirgin)
		return
	}
	u, h := p.pushUndo(m)
	pc := u.moved
	c0, h0 := len(p.chg), len(p.fxHands)
	p.fxh = h
	stay := p.staysPut(m)
	t0 := len(p.fxTaken)
	progress := p.fxPlay(m, false)
	if g.wild != nil && p.wildStep(false) {
		progress = true // a wild piece ate: a capture
		u.ate = true
	}
	u.nHands = uint8(len(p.fxHands) - h0)
	u.nTaken = uint8(len(p.fxTaken) - t0)
	h = p.squareLogDone(u, c0, oldVirgin)
	if m.typ() == moveDouble && p.board[to] == pc {
		h = p.setEP(h, m)
	}
	if g.fx.territory {
		k0 := len(p.claims)
		h = p.claimMove(h, m, stay)
		u.nClaim = uint8(len(p.claims) - k0)
	}
	// A move that captured nothing (every effect is a capture's) and
	// dropped nothing changed no count.
	p.endMove(h, u, progress, from != to && p.board[from] != pc, !progress && m.typ() != moveDrop)
}

// makeFxStep is makeFx for a plain move or double step onto an empty
// square without promotion, in a game without wild pieces or territory:
// the two squares fxPlay would log, logged directly, and what
// squareLogDone would do with them.
func (p *Position) makeFxStep(m Move, oldVirgin bitset) {
	g := p.g
	from, to := m.From(), m.To()
	u, h := p.pushUndo(m)
	pc := u.moved
	p.chg = append(p.chg, sweptRec{sq: uint8(from), code: pc}, sweptRec{sq: uint8(to)})
	u.nChg = 2
	p.remove(from)
	p.put(to, pc)
	h ^= p.zob(pc, from) ^ p.zob(pc, to)
	h = p.clearVirgin(h, from)
	h = p.clearVirgin(h, to)
	if g.castle != nil && g.castleRel>>maskIndex(pc)&1 != 0 {
		h = p.dropDeadRights(h)
	}
	if p.virgin != oldVirgin {
		p.virgins = append(p.virgins, oldVirgin)
		u.savedVirgin = true
	}
	if m.typ() == moveDouble {
		h = p.setEP(h, m)
	}
	p.endMove(h, u, false, true, true)
}

// squareLogDone ends a Make that logged its squares on p.chg from c0
// (makeFx, makePlanes): the count for Unmake, the rights of every square
// changed, the old never-moved set kept; it returns the hash.
func (p *Position) squareLogDone(u *undoRec, c0 int, oldVirgin bitset) uint64 {
	g := p.g
	h := p.fxh
	u.nChg = uint16(len(p.chg) - c0)
	// Castling rights read only the never-moved castling pieces, and
	// those change only on a logged square: a move that logged no
	// castling piece, before or after, leaves the rights as they were.
	castling := false
	for _, r := range p.chg[c0:] {
		h = p.clearVirgin(h, int(r.sq))
		castling = castling || g.castleRel>>maskIndex(r.code)&1|g.castleRel>>maskIndex(p.board[r.sq])&1 != 0
	}
	if g.castle != nil && castling {
		h = p.dropDeadRights(h)
	}
	if p.virgin != oldVirgin {
		p.virgins = append(p.virgins, oldVirgin)
		u.savedVirgin = true
	}
	return h
}

// unmakeFx puts back what makeFx recorded, newest first.
func (p *Position) unmakeFx(u *undoRec) {
	k := len(p.chg) - int(u.nChg)
	for i := len(p.chg) - 1; i >= k; i-- {
		r := p.chg[i]
		if p.board[r.sq] != 0 {
			p.remove(int(r.sq))
		}
		if r.code != 0 {
			p.put(int(r.sq), r.code)
		}
	}
	p.chg = p.chg[:k]
	if u.nHands|u.nTaken|u.nClaim == 0 {
		return // (most moves: nothing else recorded)
	}
	k = len(p.fxHands) - int(u.nHands)
	for _, x := range p.fxHands[k:] {
		if x&0x80 != 0 {
			p.unhand(p.side, int(x&0x7f), 1)
		} else {
			p.unhand(p.side, int(x), -1)
		}
	}
	p.fxHands = p.fxHands[:k]
	k = len(p.fxTaken) - int(u.nTaken)
	for _, e := range p.fxTaken[k:] {
		p.taken[p.side][e]--
	}
	p.fxTaken = p.fxTaken[:k]
	k = len(p.claims) - int(u.nClaim)
	for i := len(p.claims) - 1; i >= k; i-- {
		r := p.claims[i]
		if c := p.claim[r.sq]; c != 0 {
			p.claimN[c-1]--
		}
		if p.claim[r.sq] = r.code; r.code != 0 {
			p.claimN[r.code-1]++
		}
	}
	p.claims = p.claims[:k]
}

// claimMove claims the squares the move's pieces moved onto for the mover
// (territory): the landing square, a castling partner's too, a drop's
// square. A capture under position stay moves nothing onto anything.
func (p *Position) claimMove(h uint64, m Move, stay bool) uint64 {
	s := p.side
	from, to := m.From(), m.To()
	if m.typ() == moveCastle {
		h = p.claimSq(h, to, s)
		return p.claimSq(h, m.aux2(), s)
	}
	if stay || from == to && m.typ() != moveDrop {
		return h
	}
	return p.claimSq(h, to, s)
}

func (p *Position) claimSq(h uint64, sq, s int) uint64 {
	fx := p.g.fx
	old := p.claim[sq]
	if old == uint8(s+1) || old != 0 && fx.permanent {
		return h
	}
	p.claims = append(p.claims, sweptRec{sq: uint8(sq), code: old})
	if old != 0 {
		p.claimN[old-1]--
		h ^= fx.zClaim[old-1][sq]
	}
	p.claim[sq] = uint8(s + 1)
	p.claimN[s]++
	return h ^ fx.zClaim[s][sq]
}

// Claimed is how many squares a player has claimed (rules.territory).
func (p *Position) Claimed(player int) int {
	if player < 0 || player > 1 {
		return 0
	}
	return p.claimN[player]
}

// ClaimedBy is the player who holds a square's claim, -1 for none.
func (p *Position) ClaimedBy(sq int) int {
	if sq < 0 || sq >= p.g.n {
		return -1
	}
	return int(p.claim[sq]) - 1
}

// royalAttacked is attacked for a royal on r, by the seat opp, with
// the explosion reading of check: a capture of it that would also destroy
// one of the capturer's own royals (the capturer itself, or one standing in
// the blast) is no check, since making it is losing one's own royal.
func (p *Position) royalAttacked(r, opp, k int) bool {
	g := p.g
	mask := g.capturers[k]
	if fx := g.fx; fx != nil {
		if fx.explode && fx.of>>uint(k+1)&1 != 0 {
			mask &^= fx.royalBy
			for _, sq := range fx.ring[r] {
				if c := p.board[sq]; c != 0 && codeOwner(c) == opp && g.royalMask>>maskIndex(c)&1 != 0 && fx.blastImmune>>maskIndex(c)&1 == 0 {
					mask &^= fx.by
					break
				}
			}
		}
		if g.wild != nil && p.wildThreat(r, k) {
			return true
		}
	}
	return p.attackedMask(r, opp, mask)
}

// legalFx is legal's own part for a game with capture effects or
// territory: the pseudo-legal moves, a friendly target's moves (contacts
// own), one move per landing square (position choose), each tested with
// the light make where royals or check rules are concerned.
func (p *Position) legalFx(buf []Move, capOnly bool) []Move {
	g := p.g
	fx := g.fx
	s := p.side
	start := len(buf)
	d := g.drops
	if d == nil || !d.placement || p.handN[s] == 0 {
		if g.wild != nil {
			buf = p.genShowingWild(buf, capOnly)
			if g.wild.immune {
				buf = p.keepTakers(buf, start)
			}
		} else {
			buf = p.genFxPieces(buf, capOnly)
		}
		if g.castle != nil && !capOnly {
			buf = p.genCastles(buf)
		}
	}
	if d != nil && !capOnly {
		buf = p.genDrops(buf)
	}
	if fx.landing[0] != nil {
		buf = p.expandLandings(buf, start)
	}
	test := g.checkRules && g.royalMask != 0 || g.royalFacing || g.forbidCheck
	// A quiet move changes only its own two squares, as in chess: when
	// prepare finds no check and no rule that needs every move tested, a
	// quiet move of a piece it does not name is legal untested.
	c := &p.ctx
	quietOK := false
	if test && !g.royalFacing && !g.forbidCheck {
		p.prepare(c)
		// A wild piece's step can open a line, eat a shield or walk
		// at the royal after any move: with wild pieces every move is
		// tested.
		quietOK = !c.all && !c.evasion && g.wild == nil
	}
	n := start
	if test && quietOK && d == nil {
		return p.keepFxLegal(buf, start)
	}
	if !test && d == nil && !fx.stays {
		return buf // nothing below would change or drop a move
	}
	for i := start; i < len(buf); i++ {
		m := buf[i]
		if m.Promotion() >= 0 && m.typ() != moveDrop && p.staysPut(m) {
			// The mover does not enter the zone: one move, unpromoted.
			m &^= 0x1f << mvPromoShift
			if n > start && buf[n-1] == m {
				continue
			}
		}
		if test && !(quietOK && m&mvCapture == 0 && p.board[m.To()] == 0 && m.typ() <= moveDouble && !c.from.has(m.From()) && !(c.testTo && c.to.has(m.To()))) && !p.fxLegal(m) {
			continue
		}
		if d != nil && m.typ() == moveDrop && d.noMate>>uint(m.aux2()+1)&1 != 0 && p.givesMate(m) {
			continue
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// keepFxLegal is legalFx's filter in its common case (royals to keep
// safe, prepare's reasoning standing, no drops), written out: a quiet
// move of a piece prepare does not name is legal untested, every other
// move is played on the board by fxLegal.
func (p *Position) keepFxLegal(buf []Move, start int) []Move {
	c := &p.ctx
	board := &p.board
	from := c.from
	// A move that captures nothing, promotes to nothing and is a plain
	// move or double step (type 0 or 1) has none of these bits.
	const special = mvCapture | 0x1f<<mvPromoShift | 0xe<<mvTypeShift
	// The royal's plain steps onto empty squares are answered together
	// (royalStepMap) rather than by a light make each: mapped is those
	// asked, unsafe those attacked, found at the first of them (a piece's
	// moves are listed together).
	var mapped, unsafe uint64
	r := c.royal
	canMap := r >= 0 && p.g.small
	// On a board of one word with no squares to test landings on, the
	// untested quiet moves are found from one word of named pieces; the
	// landing is read only where a move may go onto a friendly piece.
	quick := p.g.small && !c.testTo
	named := from[0]
	ontoOwn := p.g.fx.ownMovers != 0
	// The moves before the first one needing thought stay where they are.
	n := len(buf)
	if quick {
		for i, m := range buf[start:] {
			if m&special != 0 || named>>(m&63)&1 != 0 || ontoOwn && board[m.To()] != 0 {
				n = start + i
				break
			}
		}
	} else {
		n = start
	}
	for i := n; i < len(buf); i++ {
		m := buf[i]
		if quick {
			if m&special == 0 && named>>(m&63)&1 == 0 && (!ontoOwn || board[m.To()] == 0) {
				buf[n] = m
				n++
				continue
			}
		} else if m&special == 0 && board[m.To()] == 0 && !from.has(m.From()) && !c.testTo {
			buf[n] = m
			n++
			continue
		}
		if to := m.To(); canMap && m.From() == r && m&special == 0 && board[to] == 0 && !(c.testTo && c.to.has(to)) {
			if mapped == 0 {
				for _, x := range buf[i:] {
					if x.From() != r {
						break
					}
					if x&special == 0 && board[x.To()] == 0 {
						mapped |= 1 << x.To()
					}
				}
				unsafe = p.royalStepMap(mapped, r)
			}
			if mapped>>to&1 != 0 {
				if unsafe>>to&1 == 0 {
					buf[n] = m
					n++
				}
				continue
			}
		}
		if m&(0x1f<<mvPromoShift) != 0 && m.typ() != moveDrop && p.staysPut(m) {
			// The mover does not enter the zone: one move, unpromoted.
			m &^= 0x1f << mvPromoShift
			if n > start && buf[n-1] == m {
				continue
			}
		}
		to := m.To()
		if m&mvCapture != 0 || board[to] != 0 || m.typ() > moveDouble || from.has(m.From()) || c.testTo && c.to.has(to) {
			if canMap && m&mvCapture != 0 {
				ok, known := p.blastLegal(m, r)
				if !known {
					ok, known = p.strikeLegal(m, r)
				}
				if known {
					if ok {
						buf[n] = m
						n++
					}
					continue
				}
			}
			if !p.fxLegal(m) {
				continue
			}
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// strikeLegal is fxLegal for a capture struck by rules.strike with
// position home (the struck piece, or what the chain makes it, goes to its
// home square if that is empty), on a board of one word, with the side to
// move's only royal on r and its safety all the rules ask (keepFxLegal's
// case), no explosion and no wild pieces: the squares fxPlay would change
// are set for a moment and the attack test asked, rather than the light
// make played. known is false for any other move (the royal's own
// captures among them), left to fxLegal.
func (p *Position) strikeLegal(m Move, r int) (ok, known bool) {
	g := p.g
	fx := g.fx
	if !fx.strike || fx.sPos != posHome || fx.explode || g.wild != nil {
		return false, false
	}
	from, to := m.From(), m.To()
	capSq, ok := p.takenSquare(m)
	if !ok {
		return false, false
	}
	s := p.side
	opp := opponent(s)
	pc, victim := p.board[from], p.board[capSq]
	if from == r || victim == 0 || codeOwner(victim) != opp || fx.sImmune>>maskIndex(victim)&1 != 0 ||
		fx.contact(false, codeKind(pc), codeKind(victim)) != nil {
		return false, false
	}
	// fxPlay's strike: the mover (promoted, and turned over where it
	// switches sides) lands on to, the struck piece's square is emptied
	// and what it becomes goes home if its home square is then empty.
	mover := pc
	if pr := m.Promotion(); pr >= 0 {
		if g.royalMask>>uint(pr+1)&1 != 0 {
			return false, false // a royal more: fxLegal weighs every one
		}
		mover = pieceCode(pr, s)
	}
	if fx.switches>>maskIndex(pc)&1 != 0 {
		mover = withOwner(mover, opp)
	}
	target := victim
	if !fx.sCapture {
		target = 0
		if k := fx.sChain[codeKind(victim)]; k >= 0 {
			target = pieceCode(k, opp)
		}
	}
	var saved [4]struct {
		sq int
		c  uint8
	}
	n := 0
	set := func(sq int, c uint8) {
		saved[n].sq, saved[n].c = sq, p.board[sq]
		n++
		p.board[sq] = c
	}
	o0, o1 := p.occ[0][0], p.occ[1][0]
	pres0, pres1 := p.present[0], p.present[1]
	virgin := p.virgin[0]
	set(capSq, 0)
	set(from, 0)
	set(to, mover)
	if target != 0 {
		if h := int(fx.homeAt[opp][codeKind(target)][capSq]); h >= 0 && p.board[h] == 0 {
			set(h, target)
		}
	}
	for i := 0; i < n; i++ {
		sq := saved[i].sq
		p.occ[0][0] &^= 1 << uint(sq)
		p.occ[1][0] &^= 1 << uint(sq)
		if c := p.board[sq]; c != 0 {
			p.occ[codeOwner(c)][0] |= 1 << uint(sq)
			p.present[codeOwner(c)] |= 1 << maskIndex(c)
		}
	}
	p.virgin.clear(to)
	hit := p.royalAttacked(r, opp, codeKind(p.board[r]))
	p.virgin[0] = virgin
	p.present[0], p.present[1] = pres0, pres1
	p.occ[0][0], p.occ[1][0] = o0, o1
	for i := n - 1; i >= 0; i-- {
		p.board[saved[i].sq] = saved[i].c
	}
	return !hit, true
}

// takenSquare is where a plain move or an en passant capture takes its
// victim (the landing, or the en passant victim's square); ok is false for
// every other type of move.
func (p *Position) takenSquare(m Move) (sq int, ok bool) {
	switch m.typ() {
	case moveNormal:
		return m.To(), true
	case moveEnPassant:
		return p.epVictim, true
	}
	return 0, false
}

// blastLegal is fxLegal for a capture that explodes, on a board of one
// word, with the side to move's only royal on r and its safety all the
// rules ask (keepFxLegal's case, no wild pieces): such a capture only
// empties squares, so the test clears them on the board for a moment
// rather than playing the move. known is false for a capture that does not
// explode, left to fxLegal.
func (p *Position) blastLegal(m Move, r int) (ok, known bool) {
	g := p.g
	fx := g.fx
	s := p.side
	opp := opponent(s)
	from, to := m.From(), m.To()
	capSq, ok := p.takenSquare(m)
	if !ok {
		return false, false
	}
	victim := p.board[capSq]
	if victim == 0 || codeOwner(victim) != opp || !fx.explodes(codeKind(p.board[from]), codeKind(victim)) {
		return false, false
	}
	occ := p.occ[0][0] | p.occ[1][0]
	gone := uint64(1)<<uint(from) | uint64(1)<<uint(capSq)
	for bb := fx.ringMask[to] & occ; bb != 0; bb &= bb - 1 {
		if sq := bits.TrailingZeros64(bb); fx.blastImmune>>maskIndex(p.board[sq])&1 == 0 {
			gone |= 1 << uint(sq)
		}
	}
	if gone>>uint(r)&1 != 0 {
		return false, true // the only royal blown up
	}
	var enemy uint64 // the other player's royals, and those the blast spares
	for _, k := range g.royalKinds {
		enemy |= p.kindBB[opp][k][0]
	}
	if enemy != 0 && enemy&^gone == 0 {
		return true, true // the other side's last royal gone: the game ends
	}
	// royalAttacked on the board after the blast.
	k := codeKind(p.board[r])
	mask := g.capturers[k]
	if fx.explode && fx.of>>uint(k+1)&1 != 0 {
		mask &^= fx.royalBy
		for bb := fx.ringMask[r] & enemy &^ gone; bb != 0; bb &= bb - 1 {
			if fx.blastImmune>>maskIndex(p.board[bits.TrailingZeros64(bb)])&1 == 0 {
				mask &^= fx.by
				break
			}
		}
	}
	var saved [64]uint8
	for bb := gone; bb != 0; bb &= bb - 1 {
		sq := bits.TrailingZeros64(bb)
		saved[sq] = p.board[sq]
		p.board[sq] = 0
	}
	o0, o1 := p.occ[0][0], p.occ[1][0]
	p.occ[0][0] &^= gone
	p.occ[1][0] &^= gone
	hit := p.attackedMask(r, opp, mask)
	p.occ[0][0], p.occ[1][0] = o0, o1
	for bb := gone; bb != 0; bb &= bb - 1 {
		sq := bits.TrailingZeros64(bb)
		p.board[sq] = saved[sq]
	}
	return !hit, true
}

// royalStepMap is, among want (empty squares the side to move's only royal
// on r steps to, capturing nothing), those fxLegal would refuse: the
// squares the other player attacks with the royal lifted, with the
// explosion reading of check (royalAttacked). A board of one word, no wild
// pieces, the royal's safety all the rules ask.
func (p *Position) royalStepMap(want uint64, r int) uint64 {
	g := p.g
	fx := g.fx
	k := codeKind(p.board[r])
	opp := opponent(p.side)
	mask := g.capturers[k]
	var near uint64 // the squares where a capture would blast an enemy royal
	if fx.explode && fx.of>>uint(k+1)&1 != 0 {
		mask &^= fx.royalBy
		for _, rk := range g.royalKinds {
			if fx.blastImmune>>uint(rk+1)&1 != 0 {
				continue
			}
			for bb := p.kindBB[opp][rk][0]; bb != 0; bb &= bb - 1 {
				near |= fx.ringMask[bits.TrailingZeros64(bb)]
			}
		}
	}
	if want&(want-1) == 0 {
		// One square: one attack test with the royal lifted.
		t := bits.TrailingZeros64(want)
		if near&want != 0 {
			mask &^= fx.by
		}
		s := p.side
		c := p.board[r]
		p.board[r] = 0
		p.occ[s][0] &^= 1 << uint(r)
		hit := p.attackedMask(t, opp, mask)
		p.board[r] = c
		p.occ[s][0] |= 1 << uint(r)
		if hit {
			return want
		}
		return 0
	}
	var out bitset
	var unsafe uint64
	if far := want &^ near; far != 0 {
		p.attackMap(&out, &bitset{far}, r, mask)
		unsafe = out[0] & far
	}
	if close := want & near; close != 0 && mask&^fx.by != 0 {
		p.attackMap(&out, &bitset{close}, r, mask&^fx.by)
		unsafe |= out[0] & close
	}
	return unsafe
}

// genFxPieces appends the board's pseudo-legal moves for legalFx: every
// piece's, then the moves onto own pieces that contacts allow.
func (p *Position) genFxPieces(buf []Move, capOnly bool) []Move {
	s := p.side
	if p.g.wild == nil {
		// genPieces lists the same moves in the same order, the step
		// kinds' pieces a run at a time.
		buf = p.genPieces(buf, capOnly)
	} else {
		for w := 0; w < 4; w++ {
			for bb := p.occ[s][w]; bb != 0; bb &= bb - 1 {
				buf = p.genPiece(buf, w<<6|bits.TrailingZeros64(bb), capOnly)
			}
		}
	}
	if p.g.fx.ownMovers != 0 && !capOnly { // not captures
		buf = p.genOwnContacts(buf)
	}
	return buf
}

// genShowingWild is genFxPieces with the wild pieces shown as prey (its
// save is large, so a game without them does not clear one every node).
func (p *Position) genShowingWild(buf []Move, capOnly bool) []Move {
	var sv wildSave
	p.showWild(&sv)
	buf = p.genFxPieces(buf, capOnly)
	p.hideWild(&sv)
	return buf
}

// staysPut reports whether a capture leaves its mover where it stood
// (strike or contact position stay).
func (p *Position) staysPut(m Move) bool {
	if m&mvCapture == 0 && (m.typ() != moveNormal || p.board[m.To()] == 0) {
		return false
	}
	fx := p.g.fx
	capSq := m.To()
	if m.typ() == moveEnPassant {
		capSq = p.epVictim
	}
	victim := p.board[capSq]
	if victim == 0 {
		return false
	}
	mover := p.board[m.From()]
	mk, vk := codeKind(mover), codeKind(victim)
	own := codeOwner(victim) == codeOwner(mover)
	if fx.explodes(mk, vk) && !own || codeOwner(victim) == wildOwner {
		return false
	}
	if l := fx.contact(own, mk, vk); l != nil {
		return fx.cPos == posStay
	}
	return !own && fx.strike && fx.sPos == posStay && fx.sImmune>>maskIndex(victim)&1 == 0
}

// survivor is what a capture leaves of the struck piece to place (0 none),
// for position choose.
func (p *Position) survivor(m Move) (uint8, bool) {
	fx := p.g.fx
	capSq := m.To()
	if m.typ() == moveEnPassant {
		capSq = p.epVictim
	}
	victim := p.board[capSq]
	mover := p.board[m.From()]
	if victim == 0 || mover == 0 || codeOwner(victim) == wildOwner {
		return 0, false
	}
	mk, vk := codeKind(mover), codeKind(victim)
	own := codeOwner(victim) == codeOwner(mover)
	if fx.explodes(mk, vk) && !own {
		return 0, false
	}
	if l := fx.contact(own, mk, vk); l != nil {
		if fx.cPos != posChoose || l.ontoTo < 0 {
			return 0, false
		}
		return pieceCode(l.ontoTo, codeOwner(victim)), true
	}
	if own || !fx.strike || fx.sPos != posChoose || fx.sImmune>>maskIndex(victim)&1 != 0 || fx.sCapture {
		return 0, false
	}
	if t := fx.sChain[vk]; t >= 0 {
		return pieceCode(t, codeOwner(victim)), true
	}
	return 0, false
}

// expandLandings replaces each capture under position choose that leaves a
// piece to place by one move per empty landing square (the squares the
// move empties count as empty, the landing square of the mover does not);
// with none, the piece cannot be taken.
func (p *Position) expandLandings(buf []Move, start int) []Move {
	g := p.g
	s := p.side
	var tmp [64]Move
	out := tmp[:0]
	changed := false
	for i := start; i < len(buf); i++ {
		m := buf[i]
		if m.typ() != moveNormal && m.typ() != moveEnPassant || m&mvCapture == 0 && p.board[m.To()] == 0 {
			continue
		}
		if _, ok := p.survivor(m); ok {
			changed = true
			break
		}
	}
	if !changed {
		return buf
	}
	moves := append(out, buf[start:]...)
	buf = buf[:start]
	for _, m := range moves {
		if _, ok := p.survivor(m); !ok {
			buf = append(buf, m)
			continue
		}
		from, to := m.From(), m.To()
		capSq := to
		if m.typ() == moveEnPassant {
			capSq = p.epVictim
		}
		var seen bitset
		for _, v := range g.fx.landing[s] {
			l := g.step(s, from, v[0], v[1])
			if l < 0 || g.wall.has(l) || l == to || seen.has(l) {
				continue
			}
			if p.board[l] != 0 && l != from && l != capSq {
				continue
			}
			seen.set(l)
			buf = append(buf, m|Move(l)<<mvAux2Shift|mvLanding)
		}
	}
	return buf
}

// genOwnContacts appends the moves onto a friendly piece that a contact
// link with own allows, along the mover's capture moves: the target is
// shown to generation as the other player's for the moment.
func (p *Position) genOwnContacts(buf []Move) []Move {
	g := p.g
	fx := g.fx
	s := p.side
	var movers, targets [maxSquares]int
	nm, nt := 0, 0
	var ontoKinds uint32
	for k := 0; k < g.nk; k++ {
		if fx.ownMovers>>uint(k+1)&1 == 0 || p.count[s][k+1] == 0 {
			continue
		}
		for o := 0; o < g.nk; o++ {
			if l := fx.contact(true, k, o); l != nil {
				ontoKinds |= 1 << uint(o+1)
			}
		}
		for sq := range p.kindBB[s][k].each {
			movers[nm] = sq
			nm++
		}
	}
	if nm == 0 {
		return buf
	}
	for w := 0; w < 4; w++ {
		for bb := p.occ[s][w]; bb != 0; bb &= bb - 1 {
			sq := w<<6 | bits.TrailingZeros64(bb)
			if ontoKinds>>maskIndex(p.board[sq])&1 != 0 {
				targets[nt] = sq
				nt++
			}
		}
	}
	if nt == 0 {
		return buf
	}
	for _, t := range targets[:nt] {
		c := p.remove(t)
		p.put(t, withOwner(c, opponent(s)))
		for _, from := range movers[:nm] {
			if from == t {
				continue
			}
			mk := codeKind(p.board[from])
			if fx.contact(true, mk, codeKind(c)) == nil {
				continue
			}
			at := len(buf)
			buf = p.genPiece(buf, from, true)
			n := at
			for _, m := range buf[at:] {
				if m.To() == t && m.typ() == moveNormal {
					// Not a capture: the other side loses nothing, and a
					// search's captures-only phase must not chase these.
					buf[n] = m &^ mvCapture
					n++
				}
			}
			buf = buf[:n]
		}
		p.remove(t)
		p.put(t, c)
	}
	return buf
}

// fxLegal is legalAfter through the light make: the move played on board
// and occupancy alone with every effect, the royal rules asked, the board
// put back. A move that destroys the other player's last royal is legal
// whatever it leaves (the game ends there), unless it destroys the mover's
// own last royal too.
func (p *Position) fxLegal(m Move) bool {
	g := p.g
	s := p.side
	opp := opponent(s)
	var rbuf, ebuf [8]int
	own := p.royalSquares(s, rbuf[:0])
	// The other side's royals matter only where a capture can take the
	// last of them (an explosion, a wild piece) or the rules read them.
	readEnemy := g.fx.explode || g.wild != nil || g.royalFacing || g.forbidCheck
	var enemy []int
	if readEnemy {
		enemy = p.royalSquares(opp, ebuf[:0])
	}
	ownCodes, enemyCodes := p.codesAt(own), p.codesAt(enemy)
	hadOwn, hadEnemy := len(own) > 0, len(enemy) > 0
	p.lite = p.lite[:0]
	// Capture effects are for two players: their seats' and the wild
	// pieces' sets are all a move changes.
	vsave := p.virgin
	occ0, occ1, occW := p.occ[0], p.occ[1], p.occ[wildOwner]
	pres0, pres1, presW := p.present[0], p.present[1], p.present[wildOwner]
	p.fxPlay(m, true)
	if g.wild != nil {
		p.wildStep(true)
	}
	p.virgin.clear(m.To())
	own = p.royalsAfterLite(own, &ownCodes, s)
	if readEnemy {
		enemy = p.royalsAfterLite(enemy, &enemyCodes, opp)
	}
	ok := true
	if g.checkRules && (hadOwn || len(own) > 0) {
		switch {
		case len(own) == 0:
			ok = false
		case hadEnemy && len(enemy) == 0 && (g.fx.explode || g.wild != nil):
			// the other side's last royal is gone (blown up, or eaten
			// by a wild piece): the game ends
		default:
			ok = !p.allRoyalAttacked(own, opp)
		}
	}
	if ok && len(enemy) > 0 {
		if g.royalFacing && p.facing(own, enemy) {
			ok = false
		}
		if ok && g.forbidCheck {
			ok = !p.allRoyalAttacked(enemy, s)
		}
	}
	p.undoLite()
	p.virgin = vsave
	p.occ[0], p.occ[1], p.occ[wildOwner] = occ0, occ1, occW
	p.present[0], p.present[1], p.present[wildOwner] = pres0, pres1, presW
	return ok
}

// royalsAfterLite is list, player q's royal squares before the light make
// (codes read by codesAt), after it: those still standing, and any royal
// of q on a square it changed.
func (p *Position) royalsAfterLite(list []int, codes *[8]uint8, q int) []int {
	list = p.standing(list, codes)
	for _, r := range p.lite {
		c := p.board[r.sq]
		if c != 0 && codeOwner(c) == q && p.g.royalMask>>maskIndex(c)&1 != 0 && !containsInt(list, int(r.sq)) && len(list) < 8 {
			list = append(list, int(r.sq))
		}
	}
	return list
}

// allRoyalAttacked is allAttacked with the explosion reading of check
// (royalAttacked).
func (p *Position) allRoyalAttacked(list []int, by int) bool {
	for _, r := range list {
		if !p.royalAttacked(r, by, codeKind(p.board[r])) {
			return false
		}
	}
	return true
}

func containsInt(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}
