package engine

import (
	"math/bits"

	"balancefarm/internal/maskray"
)

// genPseudo appends the side to move's moves, every rule of movement
// applied but not yet the rules about royals (legal filters those). With
// capOnly it appends only the captures, in the order it would list them
// among all the moves: quiet targets of the fast lists are skipped as they
// are met, and the table entries' output is filtered piece by piece.
func (p *Position) genPseudo(buf []Move, capOnly bool) []Move {
	return p.genPseudoPlanes(buf, capOnly, true)
}

// genPseudoPlanes is genPseudo, with the forced statuses' filter or
// without it (forcedCanMove asks what the pieces could do before it).
func (p *Position) genPseudoPlanes(buf []Move, capOnly, forcedOn bool) []Move {
	if pl := p.g.planes; pl != nil {
		start := len(buf)
		if p.offerSet != 0 { // a chaos effect to choose (chaos.go)
			if capOnly {
				return buf
			}
			return p.chaosMoves(buf)
		}
		buf = p.genPseudoAll(buf, capOnly)
		if pl.anyJumps {
			buf = p.jumpMoves(buf, capOnly)
		}
		if pl.size != 0 {
			buf = p.sizeMoves(buf, start, capOnly)
		}
		if p.stw != nil {
			buf = p.statusMoves(buf, start)
		}
		if pl.anyGuard || pl.anyAfter {
			buf = p.powerMoves(buf, start)
		}
		if pl.market != nil && !capOnly {
			buf = p.marketMoves(buf)
		}
		if pl.anyNeutral || pl.portalMask != 0 || pl.anyRaise || pl.extraMask != 0 {
			buf = p.actionMoves(buf, start, capOnly)
		}
		if pl.passKill {
			buf = p.dropPassedSlides(buf, start)
		}
		if pl.forcedMask != 0 && forcedOn {
			buf = p.forcedFilter(buf, start, capOnly)
		}
		return buf
	}
	return p.genPseudoAll(buf, capOnly)
}

// genPseudoAll is genPseudo before the statuses' changes (statuses.go).
func (p *Position) genPseudoAll(buf []Move, capOnly bool) []Move {
	s := p.side
	d := p.g.drops
	if d != nil && (!capOnly || p.capToAny) && d.placement && p.handN[s] > 0 {
		if start := len(buf); capOnly {
			return p.keepCaps(p.genDrops(buf), start)
		}
		return p.genDrops(buf) // the placement phase: drops only
	}
	if p.g.mid && capOnly && p.capToAny {
		buf = p.genMidOnto(buf, [2]uint64{p.occ[s][0], p.occ[s][1]}, nil, false, 0)
	} else if p.g.mid {
		buf = p.genMidSet(buf, [2]uint64{p.occ[s][0], p.occ[s][1]}, capOnly, nil, false, 0)
	} else {
		buf = p.genPieces(buf, capOnly)
	}
	if p.g.cells != nil {
		buf = p.genCells(buf, capOnly)
	}
	if p.g.castle != nil && (!capOnly || p.capToAny) { // castling never captures
		at := len(buf)
		if buf = p.genCastles(buf); capOnly {
			buf = p.keepCaps(buf, at)
		}
	}
	if d != nil && (!capOnly || p.capToAny) { // nor does a drop
		at := len(buf)
		if buf = p.genDrops(buf); capOnly {
			buf = p.keepCaps(buf, at)
		}
	}
	return buf
}

// genPieces appends the pseudo-legal moves of every piece of the side to
// move (a board that is not mid), piece by piece in square order: the
// step kinds' pieces through stepRange, the others through genPiece.
func (p *Position) genPieces(buf []Move, capOnly bool) []Move {
	run := &p.steps
	stepped, movers := p.prepSteps(run, capOnly)
	s := p.side
	others := p.occ[s][0] &^ stepped
	if g := p.g; g.small && !g.seated {
		return p.genPiecesSmall(buf, capOnly, run, movers, others, nil)
	}
	for w := 0; w < 4; w++ {
		bb := p.occ[s][w]
		if w == 0 {
			bb = others | movers // step pieces with no move list nothing
		}
		for bb != 0 {
			from := w<<6 | bits.TrailingZeros64(bb)
			if w == 0 && movers>>uint(from)&1 != 0 {
				span := stepSpan(bb, movers, others)
				buf = p.stepRange(buf, run, span)
				bb &^= span
				continue
			}
			bb &= bb - 1
			buf = p.genPiece(buf, from, capOnly)
		}
	}
	return buf
}

// genPiecesSmall is genPieces on a board of one word with two players:
// genPieceSafe's fast lists written out in the loop, with what every piece
// reads (occupancy, prey, the side's tables) read once. With lg (legalStd)
// it also settles each piece's moves as legalStd's loop would, the royal's
// landings filtered by genPieceSafe's map where lg.safe allows.
func (p *Position) genPiecesSmall(buf []Move, capOnly bool, run *stepRun, movers, others uint64, lg *smallLegal) []Move {
	g := p.g
	s := p.side
	opp := opponent(s)
	occAll := p.occWord(0)
	preyAll := p.occ[opp][0]
	quietTo := ^uint64(0)
	if capOnly {
		quietTo = p.capTo[0]
	}
	royal := -1
	if lg != nil && lg.safe != nil {
		royal = lg.c.royal
	}
	lo := s * g.nk * g.n
	for bb := others | movers; bb != 0; { // step pieces with no move list nothing
		from := bits.TrailingZeros64(bb) & 63
		at := len(buf)
		if movers>>uint(from)&1 != 0 {
			span := stepSpan(bb, movers, others)
			buf = p.stepRange(buf, run, span)
			bb &^= span
			// A run of step pieces is tested as one: keepLegal judges
			// move by move, and only en passant among their moves is of
			// a type it always tests.
			if lg != nil && (lg.checkOnly || lg.named&span != 0 || p.epN > 0 && hasSpecialType(buf[at:])) {
				buf = p.keepLegal(buf, at, lg.c)
			}
			continue
		}
		bb &= bb - 1
		k := codeKind(p.board[from])
		idx := lo + k*g.n + from
		ps := &g.pieceSquares[idx]
		switch {
		case from == royal:
			lg.safe.mapped = false
			if buf = p.genPieceSafe(buf, from, capOnly, lg.safe); lg.safe.mapped {
				continue
			}
		case ps.flags&(psDup|psSpecial) != 0 || ps.flags&psEP != 0 && p.epN > 0:
			buf = p.genTable(buf, ps, idx, from, k, capOnly)
		default:
			prey := preyAll
			if ps.flags&psPicky != 0 {
				prey = p.pickyPrey(k)
			}
			quiet := ps.leapMoves &^ occAll
			caps := ps.leapCaps & prey
			j, end := int(ps.rayOff), int(ps.rayOff)+int(ps.nRay)
			if n := int(ps.nRise) + int(ps.nFall); n > 0 {
				att := slideAttacks(g.fastRays[j:j+n], int(ps.nRise), occAll)
				quiet |= att &^ occAll
				caps |= att & prey
				j += n
			}
			if j < end {
				q, c := g.otherRays(g.fastRays[j:end], occAll, prey)
				quiet |= q
				caps |= c
			}
			quiet &= quietTo
			base := mvValid | Move(from)
			for t := quiet | caps; t != 0; t &= t - 1 {
				to := bits.TrailingZeros64(t)
				buf = append(buf, base|Move(to)<<8|Move(caps>>uint(to)&1)*mvCapture)
			}
			if ps.nSlow != 0 {
				buf = p.genSlow(buf, ps, from, k, capOnly)
			}
		}
		if lg == nil {
			continue
		}
		if lg.named>>uint(from)&1 != 0 || lg.special>>maskIndex(p.board[from])&1 != 0 && hasSpecialType(buf[at:]) {
			buf = p.keepLegal(buf, at, lg.c)
		} else if lg.checkOnly {
			buf = p.keepNoDirectCheck(buf, at, from, lg.c)
		}
	}
	return buf
}

// slideAttacks is what slides (rays that move and capture alike, the
// first rise of them rising, the rest falling) reach on a board of one
// word with occupancy occ: each one's squares up to and with its first
// blocker, the whole ray where there is none.
func slideAttacks(rays []fastRay, rise int, occ uint64) (att uint64) {
	for i := range rays[:rise] {
		m := rays[i].mask
		blk := m & occ
		att |= m & (blk ^ (blk - 1)) // up to the lowest blocker (all of m when none)
	}
	for i := range rays[rise:] {
		m := rays[rise+i].mask
		// Down to the highest blocker; blk|1 makes "none" read as
		// square 0, which keeps all of m.
		att |= m & -(uint64(1) << uint(63-bits.LeadingZeros64(m&occ|1)))
	}
	return att
}

// otherRays is, on a board of one word with occupancy occAll, where the
// fast rays that are not slides (slideAttacks) land: the empty squares
// before each one's first blocker where it moves, the blocker among prey
// where it captures. A ray round a wrapped edge is walked square by square.
func (g *Game) otherRays(rays []fastRay, occAll, prey uint64) (quiet, caps uint64) {
	for i := range rays {
		r := &rays[i]
		var near, hit uint64 // the squares before the first blocker, and it
		if r.order != maskray.Walk {
			near, hit = maskray.Split(r.mask, occAll, r.order)
		} else {
			for _, to := range g.pool[r.off : r.off+uint32(r.n)] {
				if occAll>>to&1 != 0 {
					hit = 1 << to
					break
				}
				near |= 1 << to
			}
		}
		if r.mode&modeMove != 0 {
			quiet |= near
		}
		if r.mode&modeCapture != 0 {
			caps |= hit & prey
		}
	}
	return quiet, caps
}

// smallLegal is what genPiecesSmall needs to settle legality piece by
// piece for legalStd: the context prepare filled, the royal's map when
// mapRoyal allows it, the pieces keepLegal must judge (namedSmall), and
// the kinds whose moves may be of a type legality always tests.
type smallLegal struct {
	c, safe   *legalCtx
	named     uint64
	checkOnly bool
	special   uint32
}

// pickyPrey is the other player's pieces kind k may capture (board of one
// word, two players).
func (p *Position) pickyPrey(k int) uint64 {
	opp := opponent(p.side)
	capMask, present := p.g.kinds[k].capMask, p.present[opp]
	if present&^capMask == 0 {
		return p.occ[opp][0]
	}
	var prey uint64
	for m := present & capMask; m != 0; m &= m - 1 {
		prey |= p.kindBB[opp][bits.TrailingZeros32(m)-1][0]
	}
	return prey
}

// stepSpan is the step movers of left (the pieces not yet listed, the
// lowest a step mover) below its lowest piece genPiece lists: one run of
// stepRange.
func stepSpan(left, movers, others uint64) uint64 {
	next := left & others
	return left & movers & (next&-next - 1)
}

// genPiece appends the pseudo-legal moves of the side to move's piece on
// from (all, or with capOnly the captures), castling aside. The common
// case, fast lists on a board of at most 64 squares, is written out here:
// the landings of every leap and ray are gathered into one mask, listed in
// square order, and the slow entries' moves follow. A mid board's hot
// callers (legal, genPseudo, HasLegalMove) call genMid, which lists the
// same moves from masks.
func (p *Position) genPiece(buf []Move, from int, capOnly bool) []Move {
	return p.genPieceSafe(buf, from, capOnly, nil)
}

// genPieceSafe is genPiece; with safe (the mover's royal on from, whose
// safety is all the royal rules ask, see mapRoyal) it leaves out, on the
// fast lists' path, the landings the other player attacks and sets
// safe.mapped, as keepRoyalMoves would have removed them after: the
// royal's landings are the attack map's want as they are found.
func (p *Position) genPieceSafe(buf []Move, from int, capOnly bool, safe *legalCtx) []Move {
	g := p.g
	s := p.side
	k := codeKind(p.board[from])
	idx := (s*g.nk+k)*g.n + from
	ps := &g.pieceSquares[idx]
	// Repeated landings, promotions, regions and immobility need the
	// table entries, and so does an en passant square a capture of this
	// piece may land on.
	if ps.flags&(psDup|psSpecial) != 0 || ps.flags&psEP != 0 && p.epN > 0 {
		return p.genTable(buf, ps, idx, from, k, capOnly)
	}
	if !g.small {
		return p.genWalk(buf, ps, from, k, capOnly)
	}
	occAll := p.occWord(0)
	var prey uint64
	if g.seated {
		prey = p.seatPrey(s, g.kinds[k].capMask)
	} else {
		opp := opponent(s)
		prey = p.occ[opp][0]
		if !g.capsAll {
			if capMask := g.kinds[k].capMask; p.present[opp]&^capMask != 0 {
				prey = 0
				for m := p.present[opp] & capMask; m != 0; m &= m - 1 {
					prey |= p.kindBB[opp][bits.TrailingZeros32(m)-1][0]
				}
			}
		}
	}
	quiet := ps.leapMoves &^ occAll
	caps := ps.leapCaps & prey
	rays := g.fastRays[ps.rayOff : ps.rayOff+uint32(ps.nRay)]
	if n := int(ps.nRise) + int(ps.nFall); n > 0 {
		att := slideAttacks(rays[:n], int(ps.nRise), occAll)
		quiet |= att &^ occAll
		caps |= att & prey
		rays = rays[n:]
	}
	if len(rays) > 0 {
		q, c := g.otherRays(rays, occAll, prey)
		quiet |= q
		caps |= c
	}
	if capOnly {
		quiet &= p.capTo[0]
	}
	if t := quiet | caps; safe != nil && t&(t-1) != 0 {
		// Two landings or more: keepRoyalMoves's map, as it would ask.
		p.attackMap(&safe.attacks, &bitset{t}, from, g.capturers[k])
		quiet &^= safe.attacks[0]
		caps &^= safe.attacks[0]
		safe.mapped = true
	}
	base := mvValid | Move(from)
	for t := quiet | caps; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		buf = append(buf, base|Move(to)<<8|Move(caps>>uint(to)&1)*mvCapture)
	}
	if ps.nSlow == 0 {
		return buf
	}
	return p.genSlow(buf, ps, from, k, capOnly)
}

// genTable is genPiece from the piece's table entries one by one, for the
// squares where the fast lists do not serve.
func (p *Position) genTable(buf []Move, ps *pieceSquare, idx, from, k int, capOnly bool) []Move {
	g := p.g
	start := len(buf)
	buf = p.genEntries(buf, g.gens[g.genStart[idx]:g.genStart[idx+1]], from, k, true)
	if ps.flags&psTwice != 0 {
		buf = dedupe(buf, start)
	}
	if capOnly {
		buf = p.keepCaps(buf, start)
	}
	return buf
}

// genWalk is genPiece's fast lists on a board of more than 64 squares:
// each leap and ray is walked in table order.
func (p *Position) genWalk(buf []Move, ps *pieceSquare, from, k int, capOnly bool) []Move {
	g := p.g
	capMask := g.kinds[k].capMask
	base := mvValid | Move(from)
	s := p.side
	board := &p.board
	pool := g.pool
	for _, fl := range g.fastLeaps[ps.leapOff : ps.leapOff+uint32(ps.nLeap)] {
		c := board[fl.to]
		if c == 0 {
			if fl.mode&modeMove != 0 && (!capOnly || p.capToAny && p.capTo.has(int(fl.to))) {
				buf = append(buf, base|Move(fl.to)<<8)
			}
		} else if codeOwner(c) != s && fl.mode&modeCapture != 0 && capMask>>maskIndex(c)&1 != 0 {
			buf = append(buf, base|Move(fl.to)<<8|mvCapture)
		}
	}
	for _, r := range g.fastRays[ps.rayOff : ps.rayOff+uint32(ps.nRay)] {
		for _, to := range pool[r.off : r.off+uint32(r.n)] {
			c := board[to]
			if c == 0 {
				if r.mode&modeMove != 0 && (!capOnly || p.capToAny && p.capTo.has(int(to))) {
					buf = append(buf, base|Move(to)<<8)
				}
				continue
			}
			if codeOwner(c) != s && r.mode&modeCapture != 0 && capMask>>maskIndex(c)&1 != 0 {
				buf = append(buf, base|Move(to)<<8|mvCapture)
			}
			break
		}
	}
	if ps.nSlow == 0 {
		return buf
	}
	return p.genSlow(buf, ps, from, k, capOnly)
}

// genSlow appends the moves of a piece's slow entries (first-move, lame,
// longer en passant slides, ...), after its fast lists' moves.
func (p *Position) genSlow(buf []Move, ps *pieceSquare, from, k int, capOnly bool) []Move {
	start := len(buf)
	buf = p.genEntries(buf, p.g.slow[ps.slowOff:ps.slowOff+uint32(ps.nSlow)], from, k, false)
	if capOnly {
		buf = p.keepCaps(buf, start)
	}
	return buf
}

// keepCaptures removes the moves of buf[start:] that capture nothing,
// keeping the order of the rest.
func keepCaptures(buf []Move, start int) []Move {
	n := start
	for _, m := range buf[start:] {
		if m&mvCapture != 0 {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// dedupe removes repeated moves from buf[start:], keeping the first.
func dedupe(buf []Move, start int) []Move {
	n := start
	for i := start; i < len(buf); i++ {
		m := buf[i]
		repeated := false
		for _, o := range buf[start:n] {
			if o == m {
				repeated = true
				break
			}
		}
		if !repeated {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// genEntries generates from a piece's table entries one by one.
func (p *Position) genEntries(buf []Move, entries []genEntry, from, k int, special bool) []Move {
	g := p.g
	s := p.side
	board := &p.board
	pool := g.pool
	ki := &g.kinds[k]
	capMask := ki.capMask
	epHere := ki.ep && p.epN > 0
	base := mvValid | Move(from)
	for ei := 0; ei < len(entries); ei++ {
		e := &entries[ei]
		if e.first && !p.virgin.has(from) {
			continue
		}
		switch e.typ {
		case genLeap, genLame:
			if e.n > 0 {
				blocked := false
				for _, l := range pool[e.off : e.off+uint32(e.n)] {
					if board[l] != 0 {
						blocked = true
						break
					}
				}
				if blocked {
					continue
				}
			}
			to := e.to
			c := board[to]
			if c != 0 {
				ei += int(e.skip) // the landings behind it are blocked
			}
			if e.stay {
				if c != 0 && codeOwner(c) != s && capMask>>maskIndex(c)&1 != 0 {
					buf = append(buf, base|Move(to)<<8|mvCapture|mvStay) // the mover stays: no promotion
				}
				continue
			}
			if c == 0 {
				if epHere && e.canCap && p.epTarget(int(to), capMask) {
					buf = p.emit(buf, from, int(to), k, base|Move(to)<<8|mvCapture|moveEnPassant<<mvTypeShift, special)
				} else if e.canMove {
					buf = p.emit(buf, from, int(to), k, base|Move(to)<<8, special)
				}
			} else if codeOwner(c) != s && e.canCap && capMask>>maskIndex(c)&1 != 0 {
				buf = p.emit(buf, from, int(to), k, base|Move(to)<<8|mvCapture, special)
			}
		case genSlide:
			minR := int(e.minR)
			for i, to := range pool[e.off : e.off+uint32(e.n)] {
				c := board[to]
				if c == 0 {
					if i+1 < minR {
						continue
					}
					if epHere && e.canCap && p.epTarget(int(to), capMask) {
						buf = p.emit(buf, from, int(to), k, base|Move(to)<<8|mvCapture|moveEnPassant<<mvTypeShift, special)
					} else if e.canMove {
						m := base | Move(to)<<8
						if i > 0 && ki.ep {
							m |= moveDouble<<mvTypeShift | Move(e.dir)<<mvAuxShift
						}
						buf = p.emit(buf, from, int(to), k, m, special)
					}
					continue
				}
				if codeOwner(c) != s && e.canCap && i+1 >= minR && capMask>>maskIndex(c)&1 != 0 {
					buf = p.emit(buf, from, int(to), k, base|Move(to)<<8|mvCapture, special)
				}
				break
			}
		case genHop:
			buf = p.genHop(buf, e, from, k, capMask, special)
		case genSweep:
			buf = p.genSweep(buf, e, from, k, capMask)
		}
	}
	return buf
}

func (p *Position) genHop(buf []Move, e *genEntry, from, k int, capMask uint32, special bool) []Move {
	g := p.g
	s := p.side
	ray := g.pool[e.off : e.off+uint32(e.n)]
	i := 0
	for i < len(ray) && p.board[ray[i]] == 0 {
		i++
	}
	if i >= len(ray)-1 {
		return buf
	}
	sc := p.board[ray[i]]
	if e.screen == screenOwn && codeOwner(sc) != s || e.screen == screenEnemy && p.foesOf(s)>>codeOwner(sc)&1 == 0 {
		return buf
	}
	for j := i + 1; j < len(ray); j++ {
		if e.scrR > 0 && j-i > int(e.scrR) {
			break
		}
		to := int(ray[j])
		c := p.board[to]
		if c == 0 {
			if e.canMove && j+1 >= int(e.minR) {
				buf = p.emit(buf, from, to, k, mvValid|Move(from)|Move(to)<<8, special)
			}
			continue
		}
		if codeOwner(c) != s && e.canCap && j+1 >= int(e.minR) && capMask>>maskIndex(c)&1 != 0 {
			buf = p.emit(buf, from, to, k, mvValid|Move(from)|Move(to)<<8|mvCapture, special)
		}
		break
	}
	return buf
}

// genSweep: every square along the line is a landing; every piece passed
// over is removed, friend or foe, and one the sweeper may not capture
// blocks the line. The mode says what the landing square may hold.
func (p *Position) genSweep(buf []Move, e *genEntry, from, k int, capMask uint32) []Move {
	g := p.g
	s := p.side
	passed := Move(0)
	base := mvValid | Move(from) | moveSweep<<mvTypeShift | Move(e.dir)<<mvAuxShift
	for i, t8 := range g.pool[e.off : e.off+uint32(e.n)] {
		to := int(t8)
		c := p.board[to]
		if c == 0 {
			if e.canMove && i+1 >= int(e.minR) {
				buf = p.emit(buf, from, to, k, base|Move(to)<<8|passed, true)
			}
			continue
		}
		if capMask>>maskIndex(c)&1 == 0 {
			break
		}
		if codeOwner(c) != s && e.canCap && i+1 >= int(e.minR) {
			buf = p.emit(buf, from, to, k, base|Move(to)<<8|mvCapture, true)
		}
		passed = mvCapture
	}
	return buf
}

// epTarget reports whether an en passant capture may land on empty square
// to, taking a victim this piece may capture.
func (p *Position) epTarget(to int, capMask uint32) bool {
	for i := 0; i < p.epN; i++ {
		if int(p.ep[i]) == to {
			v := p.epVictim
			if p.g.seated {
				v = int(p.epOf[i])
			}
			return capMask>>maskIndex(p.board[v])&1 != 0
		}
	}
	return false
}

// emit appends a move with the promotions it may or must make, leaving out
// landings the piece's region or forbid_immobility refuse.
func (p *Position) emit(buf []Move, from, to, k int, m Move, special bool) []Move {
	if !special {
		return append(buf, m)
	}
	g := p.g
	s := p.side
	ki := &g.kinds[k]
	if g.transfers>>uint(k+1)&1 != 0 {
		// The piece lands on to and passes to the next board, where its
		// square must be empty.
		t := g.transferSquare(from, to)
		if p.board[t] != 0 {
			return buf
		}
		m = m&^(0xff<<8) | Move(t)<<8 | mvTransfer
	}
	if ki.promo >= 0 {
		pr := &g.promos[ki.promo]
		if pr.zone[s].has(to) || pr.onLeaving && pr.zone[s].has(from) {
			for _, t := range pr.targets[s] {
				if pr.onlyLost && int(p.count[s][t+1]) >= g.setupCount[s][t] {
					continue
				}
				tk := &g.kinds[t]
				if tk.hasReg && !tk.region[s].has(to) || g.forbidImmobility && tk.immobile[s].has(to) {
					continue
				}
				buf = append(buf, m|Move(t+1)<<mvPromoShift)
			}
			if pr.mandatory {
				return buf
			}
		}
	}
	if ki.hasReg && !ki.region[s].has(to) || g.forbidImmobility && ki.immobile[s].has(to) {
		return buf
	}
	return append(buf, m)
}

// genCastles: an unmoved castling piece and an unmoved partner on its rank,
// everything between them and their landings empty, the castling piece (if
// royal) not in check and not crossing an attacked square; landing in check
// is refused by legal like any other move.
func (p *Position) genCastles(buf []Move) []Move {
	g := p.g
	cr := g.castle
	s := p.side
	if g.small && p.kindBB[s][cr.king][0]&p.virgin[0] == 0 {
		return buf // no unmoved castling piece (one word holds the board)
	}
	if g.castleNeed != nil {
		return p.genCastlesSmall(buf)
	}
	kings := p.kindBB[s][cr.king]
	rooks := p.kindBB[s][cr.rook]
	any := false
	for w := 0; w < 4; w++ {
		kings[w] &= p.virgin[w]
		rooks[w] &= p.virgin[w]
		any = any || kings[w] != 0
	}
	if !any {
		return buf
	}
	royal := g.kinds[cr.king].royal
	for kw := 0; kw < 4; kw++ {
		for kb := kings[kw]; kb != 0; kb &= kb - 1 {
			kf := kw<<6 | bits.TrailingZeros64(kb)
			x, y := g.castleFrame(s, kf)
			for rw := 0; rw < 4; rw++ {
				for rb := rooks[rw]; rb != 0; rb &= rb - 1 {
					rf := rw<<6 | bits.TrailingZeros64(rb)
					if _, ry := g.castleFrame(s, rf); ry != y {
						continue
					}
					if m, ok := p.castleMove(cr, royal, kf, rf, x, y); ok {
						buf = append(buf, m)
					}
				}
			}
		}
	}
	return buf
}

// genCastlesSmall is genCastles on a board of at most 64 squares: the
// same pairs in the same order, a pair whose squares between are not
// empty passed over at once (castleMove would refuse it).
func (p *Position) genCastlesSmall(buf []Move) []Move {
	g := p.g
	cr := g.castle
	s := p.side
	kings := p.kindBB[s][cr.king][0] & p.virgin[0]
	if kings == 0 {
		return buf
	}
	rooks := p.kindBB[s][cr.rook][0] & p.virgin[0]
	occ := p.occWord(0)
	for ; kings != 0; kings &= kings - 1 {
		kf := bits.TrailingZeros64(kings)
		at := (s*g.n + kf) * g.n
		for rb := rooks; rb != 0; rb &= rb - 1 {
			rf := bits.TrailingZeros64(rb)
			if g.castleNeed[at+rf]&occ != 0 {
				continue
			}
			x, y := g.castleFrame(s, kf)
			if m, ok := p.castleMove(cr, g.kinds[cr.king].royal, kf, rf, x, y); ok {
				buf = append(buf, m)
			}
		}
	}
	return buf
}

// buildCastleNeed fills Game.castleNeed from castleMove's geometry: the
// squares from the lowest to the highest file the two pieces start and
// land on, but their own. A pair on different ranks of the seat's frame,
// a landing off the board or a wall in between never castles.
func (g *Game) buildCastleNeed() error {
	cr := g.castle
	if cr == nil || !g.small {
		return nil
	}
	g.castleNeed = make([]uint64, g.seats*g.n*g.n)
	for s := 0; s < g.seats; s++ {
		for kf := 0; kf < g.n; kf++ {
			x, y := g.castleFrame(s, kf)
			b := 0
			if g.nb > 1 {
				b = g.boardOf(kf)
			}
			for rf := 0; rf < g.n; rf++ {
				need := ^uint64(0)
				if rx, ry := g.castleFrame(s, rf); ry == y {
					side, dir := 0, 1
					if rx < x {
						side, dir = 1, -1
					}
					kx := x + dir*cr.steps
					if cr.kingFile[side] >= 0 {
						kx = cr.kingFile[side]
					}
					rtx := kx - dir
					if cr.rookFile[side] >= 0 {
						rtx = cr.rookFile[side]
					}
					if kx >= 0 && kx < g.w && rtx >= 0 && rtx < g.w && kx != rtx {
						need = 0
						for f := min(x, kx, rx, rtx); f <= max(x, kx, rx, rtx); f++ {
							sq := g.castleSquare(s, b, f, y)
							if sq == kf || sq == rf {
								continue
							}
							if g.wall.has(sq) {
								need = ^uint64(0)
								break
							}
							need |= 1 << uint(sq)
						}
					}
				}
				g.castleNeed[(s*g.n+kf)*g.n+rf] = need
			}
		}
	}
	return nil
}

func (p *Position) castleMove(cr *castleRule, royal bool, kf, rf, x, y int) (Move, bool) {
	g := p.g
	s := p.side
	rx, _ := g.castleFrame(s, rf)
	b := 0 // the board castling happens on
	if g.nb > 1 {
		b = g.boardOf(kf)
	}
	side, dir := 0, 1
	if rx < x {
		side, dir = 1, -1
	}
	kx := x + dir*cr.steps
	if cr.kingFile[side] >= 0 {
		kx = cr.kingFile[side]
	}
	rtx := kx - dir
	if cr.rookFile[side] >= 0 {
		rtx = cr.rookFile[side]
	}
	if kx < 0 || kx >= g.w || rtx < 0 || rtx >= g.w || kx == rtx {
		return 0, false
	}
	lo, hi := min(x, kx, rx, rtx), max(x, kx, rx, rtx)
	for f := lo; f <= hi; f++ {
		sq := g.castleSquare(s, b, f, y)
		if sq != kf && sq != rf && (p.board[sq] != 0 || g.wall.has(sq)) {
			return 0, false
		}
	}
	kt, rt := g.castleSquare(s, b, kx, y), g.castleSquare(s, b, rtx, y)
	if royal {
		step := 1
		if kx < x {
			step = -1
		}
		kc := p.board[kf]
		if g.fx != nil {
			// With explosions a check can be excused (royalAttacked), so
			// the castling piece's own square no longer shields the
			// squares behind it: lift it while they are asked about.
			p.board[kf] = 0
			p.occ[s].clear(kf)
		}
		safe := true
		for f := x; ; f += step {
			// The landing square is left to the legality test where
			// royals must be safe; elsewhere it is checked here.
			if f == kx && g.checkRules && kx != x {
				break
			}
			if t := g.castleSquare(s, b, f, y); g.seated && p.foeAttacked(t, s, cr.king) || !g.seated && p.royalAttacked(t, opponent(s), cr.king) {
				safe = false
				break
			}
			if f == kx {
				break
			}
		}
		if g.fx != nil {
			p.board[kf] = kc
			p.occ[s].set(kf)
		}
		if !safe {
			return 0, false
		}
	}
	if g.transfers>>uint(cr.king+1)&1 != 0 {
		// Both pass to the next board (rules.transfer), onto empty squares.
		kt, rt = g.transferSquare(kf, kt), g.transferSquare(kf, rt)
		if p.board[kt] != 0 || p.board[rt] != 0 {
			return 0, false
		}
	}
	return mvValid | Move(kf) | Move(kt)<<8 | moveCastle<<mvTypeShift | Move(rf)<<mvAuxShift | Move(rt)<<mvAux2Shift, true
}
