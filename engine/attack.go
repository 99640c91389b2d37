package engine

import (
	"math/bits"

	"balancefarm/internal/maskray"
)

// attacked reports whether player by attacks square t, as a capture of a
// piece of kind tk standing there (captures lists apply). It reads only
// the board and the first-move bits, so it can be asked about a board that
// Make has not fully updated (see legalAfter).
func (p *Position) attacked(t, by, tk int) bool {
	return p.attackedMask(t, by, p.g.capturers[tk])
}

// attackedMask reports whether one of player by's pieces of the kinds in
// mask (bit k+1 for kind k) has a capturing move onto square t.
func (p *Position) attackedMask(t, by int, mask uint32) bool {
	g := p.g
	if g.portal != nil {
		return p.portalAttacked(t, by, mask)
	}
	if mask &= p.present[by]; mask == 0 {
		return false
	}
	if p.leapAttacked(t, by, mask) {
		return true
	}
	stand := g.standMask[by][t] & mask
	if stand == 0 {
		return false
	}
	// On a small board where every line onto t is a slide read from
	// masks, a line holding none of by's pieces gives no attack, and
	// the others need only their first blocker (the occupancy sets are
	// kept by every light make).
	if g.small {
		if ml := &g.midLines[by][t]; ml.ok {
			// (ok: every group is a slide's, so kinds outside
			// slideKinds, such as pawns asked about by setEP, have none.)
			return ml.lo&p.occ[by][0] != 0 && stand&g.slideKinds[by] != 0 && p.slideAttackedSmall(t, by, stand)
		}
	}
	groups := g.groups[by]
	own := &p.occ[by]
	for gi := range groups {
		gr := &groups[gi]
		m := gr.mask & stand
		if m == 0 {
			continue
		}
		if gr.rayBits != nil {
			// Every attack along the chain comes from one of by's pieces
			// on it: none there, nothing to walk.
			if u := &gr.rayBits[t]; u[0]&own[0]|u[1]&own[1]|u[2]&own[2]|u[3]&own[3] == 0 {
				continue
			}
		}
		r := gr.rays[t]
		ray := g.pool[r.off : r.off+uint32(r.n)]
		if gr.maxR > 0 && gr.maxR < len(ray) {
			ray = ray[:gr.maxR]
		}
		switch gr.typ {
		case genSlide:
			if g.small && gr.rayOrds != nil && gr.rayOrds[t] != maskray.Walk {
				if blk := gr.rayMasks[t] & p.occWord(0); blk != 0 {
					sq := maskray.First(blk, gr.rayOrds[t])
					if c := p.board[sq]; codeOwner(c) == by && m>>maskIndex(c)&1 != 0 && p.groupOK(gr, sq) {
						return true
					}
				}
				break
			}
			for i, sq := range ray {
				c := p.board[sq]
				if c == 0 {
					continue
				}
				if codeOwner(c) == by && m>>maskIndex(c)&1 != 0 && i+1 >= gr.minR && p.groupOK(gr, int(sq)) {
					return true
				}
				break
			}
		case genHop:
			i := 0
			for i < len(ray) && p.board[ray[i]] == 0 {
				i++
			}
			if i >= len(ray)-1 || gr.scrR > 0 && i+1 > gr.scrR {
				break
			}
			sc := p.board[ray[i]]
			if gr.screen == screenOwn && codeOwner(sc) != by || gr.screen == screenEnemy && p.g.foes[by]>>codeOwner(sc)&1 == 0 {
				break
			}
			j := i + 1
			for j < len(ray) && p.board[ray[j]] == 0 {
				j++
			}
			if j < len(ray) {
				c := p.board[ray[j]]
				if codeOwner(c) == by && m>>maskIndex(c)&1 != 0 && j+1 >= gr.minR && p.groupOK(gr, int(ray[j])) {
					return true
				}
			}
		case genSweep:
			// A sweep passes over whatever its kind may capture, so the
			// kinds still able to reach t narrow at each piece passed.
			for _, sq := range ray {
				c := p.board[sq]
				if c == 0 {
					continue
				}
				if codeOwner(c) == by && m>>maskIndex(c)&1 != 0 && p.groupOK(gr, int(sq)) {
					return true
				}
				m &= g.capturers[codeKind(c)]
				if m == 0 {
					break
				}
			}
		}
	}
	return false
}

// slideAttackedSmall is attackedMask's line groups where midLines says
// every one is a slide read from masks onto t.
func (p *Position) slideAttackedSmall(t, by int, stand uint32) bool {
	g := p.g
	own := p.occ[by][0]
	occ := p.occWord(0)
	groups := g.groups[by]
	for gi := range groups {
		gr := &groups[gi]
		m := gr.mask & stand
		if m == 0 {
			continue
		}
		line := gr.rayMasks[t]
		if line&own == 0 {
			continue
		}
		sq := maskray.First(line&occ, gr.rayOrds[t])
		if c := p.board[sq]; codeOwner(c) == by && m>>maskIndex(c)&1 != 0 && p.groupOK(gr, sq) {
			return true
		}
	}
	return false
}

// groupOK checks a line group's conditions at its source square.
func (p *Position) groupOK(gr *lineGroup, src int) bool {
	if gr.cond >= 0 && !p.g.conds[gr.cond].has(src) {
		return false
	}
	return !gr.first || p.virgin.has(src)
}

// attackMap sets in out every square of want the other player's pieces of
// the kinds in mask could capture on, with the piece on lift taken off the
// board first (so a royal stepping along a slider's line is seen). Squares
// outside want may be set or not: pieces that cannot reach want are not
// walked.
func (p *Position) attackMap(out *bitset, want *bitset, lift int, mask uint32) {
	g := p.g
	by := opponent(p.side)
	*out = bitset{}
	if mask &= p.present[by]; mask == 0 {
		return
	}
	if g.small {
		p.attackMapSmall(out, want[0], lift, by, mask)
		return
	}
	board := &p.board
	saved := board[lift]
	board[lift] = 0
	for w := 0; w < 4; w++ {
		for bb := p.occ[by][w]; bb != 0; bb &= bb - 1 {
			from := w<<6 | trailingZeros(bb)
			c := board[from]
			if mask>>maskIndex(c)&1 == 0 {
				continue
			}
			k := codeKind(c)
			idx := (by*g.nk+k)*g.n + from
			if !g.capReach[idx].intersects(want) {
				continue
			}
			p.attackEntries(out, want, g.gens[g.genStart[idx]:g.genStart[idx+1]], by, k, from)
		}
	}
	board[lift] = saved
}

// attackMapSmall is attackMap on a board of at most 64 squares, where
// every set is one word: the king's few steps read it every ply.
func (p *Position) attackMapSmall(out *bitset, want uint64, lift, by int, mask uint32) {
	g := p.g
	board := &p.board
	saved := board[lift]
	board[lift] = 0
	occAll := p.occWord(0) &^ (1 << uint(lift))
	var got uint64
	foes := p.occ[by][0]
	// Step kinds (pawns): every piece's captures at once, as prepSteps
	// finds them, on the squares where the steps are all its moves.
	for i := range g.steps[by] {
		sk := &g.steps[by][i]
		pcs := p.kindBB[by][sk.kind][0] & sk.cover
		if pcs == 0 || mask>>uint(sk.kind+1)&1 == 0 {
			continue
		}
		foes &^= pcs
		for x := range sk.caps {
			op := &sk.caps[x]
			f := pcs & op.src & op.capAll & (p.virgin[0] | op.movedOK)
			if op.nLegs > 0 {
				f &= (bits.RotateLeft64(^occAll, op.legBack[0]) | op.noLeg[0]) & (bits.RotateLeft64(^occAll, op.legBack[1]) | op.noLeg[1])
			}
			got |= bits.RotateLeft64(f, -op.back)
		}
	}
	for bb := foes; bb != 0; bb &= bb - 1 {
		from := bits.TrailingZeros64(bb)
		c := board[from]
		if mask>>maskIndex(c)&1 == 0 {
			continue
		}
		k := codeKind(c)
		idx := (by*g.nk+k)*g.n + from
		if g.capReach[idx][0]&want == 0 {
			continue
		}
		ps := &g.pieceSquares[idx]
		if ps.flags&(psDup|psSpecial) != 0 {
			out[0] |= got
			p.attackEntries(out, &bitset{want}, g.gens[g.genStart[idx]:g.genStart[idx+1]], by, k, from)
			got = 0
			continue
		}
		got |= ps.leapCaps
		rays := g.fastRays[ps.rayOff : ps.rayOff+uint32(ps.nRay)]
		for i := range rays {
			r := &rays[i]
			if r.mode&modeCapture == 0 {
				continue
			}
			if r.order != maskray.Walk {
				if r.mask&want == 0 {
					continue // a ray that misses want: what it attacks is not asked
				}
				near, hit := maskray.Split(r.mask, occAll, r.order)
				got |= near | hit
				continue
			}
			for _, to := range g.pool[r.off : r.off+uint32(r.n)] {
				got |= 1 << to
				if board[to] != 0 {
					break
				}
			}
		}
		if ps.nSlow > 0 {
			out[0] |= got
			p.attackEntries(out, &bitset{want}, g.slow[ps.slowOff:ps.slowOff+uint32(ps.nSlow)], by, k, from)
			got = 0
		}
	}
	out[0] |= got
	board[lift] = saved
}

// attackEntries is attackMap's walk over table entries of player by's
// piece of kind k on from.
func (p *Position) attackEntries(out, want *bitset, entries []genEntry, by, k, from int) {
	g := p.g
	board := &p.board
	pool := g.pool
	nd := len(g.dirs)
	ki := &g.kinds[k]
	for ei := 0; ei < len(entries); ei++ {
		e := &entries[ei]
		if !e.canCap && e.typ != genSweep || e.first && !p.virgin.has(from) {
			continue
		}
		switch e.typ {
		case genLeap, genLame:
			open := true
			for _, l := range pool[e.off : e.off+uint32(e.n)] {
				if board[l] != 0 {
					open = false
					break
				}
			}
			if open {
				out.set(int(e.to))
				if board[e.to] != 0 {
					ei += int(e.skip) // the landings behind it are blocked
				}
			}
		case genSlide:
			if !g.rayReach[(by*nd+int(e.dir))*g.n+from].intersects(want) {
				break
			}
			for i, to := range pool[e.off : e.off+uint32(e.n)] {
				if i+1 >= int(e.minR) && (!ki.hasReg || ki.region[by].has(int(to))) {
					out.set(int(to))
				}
				if board[to] != 0 {
					break
				}
			}
		case genHop:
			ray := pool[e.off : e.off+uint32(e.n)]
			i := 0
			for i < len(ray) && board[ray[i]] == 0 {
				i++
			}
			if i >= len(ray)-1 {
				break
			}
			sc := board[ray[i]]
			if e.screen == screenOwn && codeOwner(sc) != by || e.screen == screenEnemy && p.g.foes[by]>>codeOwner(sc)&1 == 0 {
				break
			}
			for j := i + 1; j < len(ray); j++ {
				if e.scrR > 0 && j-i > int(e.scrR) {
					break
				}
				if j+1 >= int(e.minR) && (!ki.hasReg || ki.region[by].has(int(ray[j]))) {
					out.set(int(ray[j]))
				}
				if board[ray[j]] != 0 {
					break
				}
			}
		case genSweep:
			for _, to := range pool[e.off : e.off+uint32(e.n)] {
				out.set(int(to))
				if t := board[to]; t != 0 && ki.capMask>>maskIndex(t)&1 == 0 {
					break
				}
			}
		}
	}
}

// leapAttacked is attackedMask's leaps and lame leaps alone (mask already
// narrowed to the kinds present).
func (p *Position) leapAttacked(t, by int, mask uint32) bool {
	g := p.g
	board := &p.board
	own := p.occ[by][0]
	var groups []leapGroup
	if g.small {
		// (On a board of one word, none of by's pieces where a plain
		// leap onto t starts is the usual answer, read in one mask.)
		if t < len(g.plainSrcs[by]) && g.plainSrcs[by][t]&own != 0 {
			groups = g.plainGroups[by][g.plainStart[by][t]:g.plainStart[by][t+1]]
		}
	} else if groups = g.plainGroups[by][g.plainStart[by][t]:g.plainStart[by][t+1]]; len(groups) > 0 {
		// The same on a larger board: no piece of by on any square a
		// plain leap onto t starts from.
		if u, occ := &g.plainAny[by][t], &p.occ[by]; u[0]&occ[0]|u[1]&occ[1]|u[2]&occ[2]|u[3]&occ[3] == 0 {
			groups = nil
		}
	}
	for i := range groups {
		gr := &groups[i]
		m := gr.mask & mask
		if m == 0 {
			continue
		}
		if g.small {
			for src := gr.srcs & own; src != 0; src &= src - 1 {
				if m>>maskIndex(board[bits.TrailingZeros64(src)])&1 != 0 {
					return true
				}
			}
			continue
		}
		for _, src := range g.pool[gr.off : gr.off+uint32(gr.n)] {
			if c := board[src]; codeOwner(c) == by && m>>maskIndex(c)&1 != 0 {
				return true
			}
		}
	}
	if g.legRoots[by] != nil {
		return p.legAttacked(t, by, mask)
	}
	if len(g.specLeaps[by]) == 0 {
		return false // no lame or first-move leaps: the usual answer, found without the bounds
	}
	leaps := g.specLeaps[by][g.specStart[by][t]:g.specStart[by][t+1]]
	for i := range leaps {
		e := &leaps[i]
		c := board[e.src]
		if codeOwner(c) != by || (e.mask&mask)>>maskIndex(c)&1 == 0 {
			continue
		}
		if e.first && !p.virgin.has(int(e.src)) {
			continue
		}
		if e.legN > 0 {
			blocked := false
			for _, l := range g.pool[e.legOff : e.legOff+uint32(e.legN)] {
				if board[l] != 0 {
					blocked = true
					break
				}
			}
			if blocked {
				continue
			}
		}
		return true
	}
	return false
}

// leapAttackedMid is leapAttacked on a mid board: the plain leaps' sources
// are two-word masks. prepareRoyals chooses it: a call inside leapAttacked
// would cost every board its leaf function's lack of a frame.
func (p *Position) leapAttackedMid(t, by int, mask uint32) bool {
	g := p.g
	board := &p.board
	own0, own1 := p.occ[by][0], p.occ[by][1]
	lo, hi := g.plainStart[by][t], g.plainStart[by][t+1]
	his := g.plainHi[by][lo:hi]
	for i, gr := range g.plainGroups[by][lo:hi] {
		m := gr.mask & mask
		if m == 0 {
			continue
		}
		for src := gr.srcs & own0; src != 0; src &= src - 1 {
			if m>>(maskIndex(board[bits.TrailingZeros64(src)])&31)&1 != 0 {
				return true
			}
		}
		for src := his[i] & own1; src != 0; src &= src - 1 {
			if m>>(maskIndex(board[64+bits.TrailingZeros64(src)])&31)&1 != 0 {
				return true
			}
		}
	}
	return p.specLeapAttacked(t, by, mask)
}

// specLeapAttacked is leapAttacked's leaps with legs or a first-move
// condition, for leapAttackedMid (leapAttacked keeps its own copy inline:
// the call costs a small board's attack test several per cent).
func (p *Position) specLeapAttacked(t, by int, mask uint32) bool {
	g := p.g
	if g.legRoots[by] != nil {
		return p.legAttacked(t, by, mask)
	}
	board := &p.board
	leaps := g.specLeaps[by][g.specStart[by][t]:g.specStart[by][t+1]]
	for i := range leaps {
		e := &leaps[i]
		c := board[e.src]
		if codeOwner(c) != by || (e.mask&mask)>>maskIndex(c)&1 == 0 {
			continue
		}
		if e.first && !p.virgin.has(int(e.src)) {
			continue
		}
		if e.legN > 0 {
			blocked := false
			for _, l := range g.pool[e.legOff : e.legOff+uint32(e.legN)] {
				if board[l] != 0 {
					blocked = true
					break
				}
			}
			if blocked {
				continue
			}
		}
		return true
	}
	return false
}
