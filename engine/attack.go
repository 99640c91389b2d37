package engine

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
	if mask &= p.present[by]; mask == 0 {
		return false
	}
	board := &p.board
	for _, gr := range g.plainGroups[by][g.plainStart[by][t]:g.plainStart[by][t+1]] {
		m := gr.mask & mask
		if m == 0 {
			continue
		}
		for _, src := range g.pool[gr.off : gr.off+uint32(gr.n)] {
			if c := board[src]; int(c&3) == by && m>>(c>>2)&1 != 0 {
				return true
			}
		}
	}
	leaps := g.specLeaps[by][g.specStart[by][t]:g.specStart[by][t+1]]
	for i := range leaps {
		e := &leaps[i]
		c := board[e.src]
		if int(c&3) != by || (e.mask&mask)>>(c>>2)&1 == 0 {
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
	stand := g.standMask[by][t] & mask
	if stand == 0 {
		return false
	}
	groups := g.groups[by]
	for gi := range groups {
		gr := &groups[gi]
		m := gr.mask & stand
		if m == 0 {
			continue
		}
		r := gr.rays[t]
		ray := g.pool[r.off : r.off+uint32(r.n)]
		if gr.maxR > 0 && gr.maxR < len(ray) {
			ray = ray[:gr.maxR]
		}
		switch gr.typ {
		case genSlide:
			for i, sq := range ray {
				c := p.board[sq]
				if c == 0 {
					continue
				}
				if int(c&3) == by && m>>(c>>2)&1 != 0 && i+1 >= gr.minR && p.groupOK(gr, int(sq)) {
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
			if gr.screen == screenOwn && int(sc&3) != by || gr.screen == screenEnemy && int(sc&3) == by {
				break
			}
			j := i + 1
			for j < len(ray) && p.board[ray[j]] == 0 {
				j++
			}
			if j < len(ray) {
				c := p.board[ray[j]]
				if int(c&3) == by && m>>(c>>2)&1 != 0 && j+1 >= gr.minR && p.groupOK(gr, int(ray[j])) {
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
				if int(c&3) == by && m>>(c>>2)&1 != 0 && p.groupOK(gr, int(sq)) {
					return true
				}
				m &= g.capturers[int(c>>2)-1]
				if m == 0 {
					break
				}
			}
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
