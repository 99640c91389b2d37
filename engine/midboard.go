package engine

import (
	"math/bits"
	"slices"

	"balancefarm/internal/maskray"
)

// Boards of 65 to 128 squares (mid: Capablanca's 10x8, shogi's 9x9,
// xiangqi's 9x10, Grand's 10x10) generate from their own copy of the fast
// lists, midSquare, in which a ray is a two-word mask as on a small board,
// so its first blocker is a bit scan. The order of the moves stays the one
// genWalk lists, table order: the leaps, then each ray from its first
// square outward (a ray's squares only rise or only fall, so that is mask
// order), then the slow entries. A piece's slow entries that are all plain
// slides (a pawn's double step) become rays too, after the others.

// midSquare is, per (player, kind, square), what genMid reads: one load
// finds every list without slicing the shared pools.
type midSquare struct {
	leaps   []midLeap
	nPlain  int  // the leaps at the head without leg or extra
	tail    bool // slides or slow entries follow the rays
	rays    []midRay
	slides  []midSlide // the slow entries as rays, after the others
	slow    []genEntry // or left to genSlow (nil: none)
	nFast   int        // the most moves leaps, rays and slides give
	flags   uint8      // pieceSquare's
	capMask uint32     // the kind's
}

// midLeap is a fast leap, or a ray of one square, or one square of a slow
// slide of at most two squares: leg, when legged, is the square before it,
// which must be empty; extra is added to a quiet move (a double step's type
// and direction).
type midLeap struct {
	extra  Move
	to     uint8
	mode   uint8
	leg    uint8
	legged bool
}

// midLine is, per player and square, every line a slide of that player's
// attack groups takes onto the square, as one two-word mask; ok when every
// group there is a slide read from masks, so that a square no slider stands
// on any of them is seen safe from lines at once.
type midLine struct {
	lo, hi uint64
	ok     bool
}

// midRay is a fast ray as a two-word mask (maskray.Walk: walked from
// off in the pool).
type midRay struct {
	lo, hi      uint64
	off         uint32
	n           uint8
	order, mode uint8
}

// midSlide is a slow slide entry as masks: every square (the blocker may
// be any), and the squares it may stop on (from min_range on).
type midSlide struct {
	midRay
	landLo, landHi uint64
	extra          Move // added to every quiet move: a double step's type and direction
}

// rayMask2 is a ray's two-word mask form on a mid board: the orders of
// maskray.Of, squares 64 to 127 in hi.
func rayMask2(ray []uint8) (lo, hi uint64, order uint8) {
	if len(ray) == 0 {
		return 0, 0, maskray.Walk
	}
	rising, falling := true, true
	for i, sq := range ray {
		if sq > 127 {
			return 0, 0, maskray.Walk
		}
		if i > 0 {
			rising = rising && sq > ray[i-1]
			falling = falling && sq < ray[i-1]
		}
	}
	switch {
	case rising:
		order = maskray.Rising
	case falling:
		order = maskray.Falling
	default:
		return 0, 0, maskray.Walk
	}
	for _, sq := range ray {
		if sq < 64 {
			lo |= 1 << sq
		} else {
			hi |= 1 << (sq - 64)
		}
	}
	return lo, hi, order
}

// midSlideOf is a slow entry as a midSlide; ok is false when it cannot
// be one: it is not a slide, or a first-move one, or its squares do not
// run one way, or (for a kind en passant applies to) a quiet landing on
// its first square would need a different move type from the others.
func (g *Game) midSlideOf(e *genEntry, ep bool) (r midSlide, ok bool) {
	ray := g.pool[e.off : e.off+uint32(e.n)]
	r.off, r.n = e.off, e.n
	if e.canMove {
		r.mode |= modeMove
	}
	if e.canCap {
		r.mode |= modeCapture
	}
	r.lo, r.hi, r.order = rayMask2(ray)
	skip := min(max(int(e.minR), 1)-1, len(ray))
	for _, sq := range ray[skip:] {
		if sq < 64 {
			r.landLo |= 1 << sq
		} else {
			r.landHi |= 1 << (sq - 64)
		}
	}
	if ep && e.canMove && e.n > 1 {
		// genEntries marks every quiet landing past the first square.
		if skip == 0 {
			return r, false
		}
		r.extra = moveDouble<<mvTypeShift | Move(e.dir)<<mvAuxShift
	}
	return r, r.order != maskray.Walk && !e.first && e.typ == genSlide
}

// slideLeaps is a slow slide of at most two squares as leaps, in the
// order genEntries lists its moves; ok is false for any other entry.
func (g *Game) slideLeaps(e *genEntry, ep bool) (out []midLeap, ok bool) {
	if e.typ != genSlide || e.first || e.n > 2 {
		return nil, false
	}
	var mode uint8
	if e.canMove {
		mode |= modeMove
	}
	if e.canCap {
		mode |= modeCapture
	}
	ray := g.pool[e.off : e.off+uint32(e.n)]
	for i, sq := range ray {
		if i+1 < int(e.minR) {
			continue // passed over, never landed on
		}
		l := midLeap{to: sq, mode: mode}
		if i > 0 {
			l.leg, l.legged = ray[0], true
			if ep {
				// genEntries marks a quiet landing past the first square.
				l.extra = moveDouble<<mvTypeShift | Move(e.dir)<<mvAuxShift
			}
		}
		out = append(out, l)
	}
	return out, true
}

// buildMid fills Game.midSquares from the fast lists splitFast made. A
// leap is cheaper than a ray, so the rays of one square at the head of a
// piece's rays become leaps after its leaps, and so do its slow entries when
// they are short slides and no longer ray stands between.
func (g *Game) buildMid() {
	for p := range g.midLines {
		g.midLines[p] = make([]midLine, g.n)
		for t := range g.midLines[p] {
			ml := midLine{ok: true}
			for gi := range g.groups[p] {
				gr := &g.groups[p][gi]
				if gr.typ != genSlide || gr.rayOrds == nil || gr.rayOrds[t] == maskray.Walk && gr.rays[t].n > 0 {
					ml.ok = false
					break
				}
				ml.lo |= gr.rayMasks[2*t]
				ml.hi |= gr.rayMasks[2*t+1]
			}
			g.midLines[p][t] = ml
		}
	}
	size := g.seats * g.nk * g.n
	g.midSquares = make([]midSquare, size)
	for idx := range g.midSquares {
		ps := &g.pieceSquares[idx]
		ms := &g.midSquares[idx]
		ki := &g.kinds[idx/g.n%g.nk]
		ms.flags, ms.capMask = ps.flags, ki.capMask
		if ps.flags&psDup != 0 {
			continue // genTable walks the entries
		}
		if ps.flags&psSpecial != 0 {
			if g.transfers>>uint(idx/g.n%g.nk+1)&1 == 0 { // a transfer's landings all go through emit
				g.tableMid(ms, idx, ki)
			}
			continue
		}
		for _, fl := range g.fastLeaps[g.fastLeapStart[idx]:g.fastLeapStart[idx+1]] {
			ms.leaps = append(ms.leaps, midLeap{to: fl.to, mode: fl.mode})
		}
		for _, fr := range g.fastRays[g.fastRayStart[idx]:g.fastRayStart[idx+1]] {
			if fr.n == 1 && len(ms.rays) == 0 {
				ms.leaps = append(ms.leaps, midLeap{to: g.pool[fr.off], mode: fr.mode})
				continue
			}
			r := midRay{off: fr.off, n: fr.n, mode: fr.mode}
			r.lo, r.hi, r.order = rayMask2(g.pool[fr.off : fr.off+uint32(fr.n)])
			ms.rays = append(ms.rays, r)
			ms.nFast += int(fr.n)
		}
		slow := g.slow[g.slowStart[idx]:g.slowStart[idx+1]]
		if len(ms.rays) == 0 {
			var more []midLeap
			converted := 0
			for i := range slow {
				ls, ok := g.slideLeaps(&slow[i], ki.ep)
				if !ok {
					break
				}
				more = append(more, ls...)
				converted++
			}
			if converted == len(slow) {
				ms.leaps = append(ms.leaps, more...)
				slow = nil
			}
		}
		ms.leaps = slices.Clip(ms.leaps)
		ms.rays = slices.Clip(ms.rays)
		ms.nFast += len(ms.leaps)
		for i := range slow {
			r, ok := g.midSlideOf(&slow[i], ki.ep)
			if !ok {
				ms.slides = nil
				break
			}
			ms.slides = append(ms.slides, r)
			ms.nFast += int(r.n)
		}
		if len(ms.slides) < len(slow) {
			ms.slow = slow
		}
		for ms.nPlain < len(ms.leaps) && !ms.leaps[ms.nPlain].legged && ms.leaps[ms.nPlain].extra == 0 {
			ms.nPlain++
		}
		ms.tail = ms.slides != nil || ms.slow != nil
	}
}

// tableMid fills a midSquare whose moves genTable lists (psSpecial) when
// forbid_immobility is the only reason and no landing from here is one of
// the kind's immobile squares (Grand's pieces away from the last ranks):
// every entry, in table order, as a midSlide, so the moves are genTable's
// in its order. Anything else stays with genTable.
func (g *Game) tableMid(ms *midSquare, idx int, ki *kindInfo) {
	p, k, sq := idx/(g.nk*g.n), idx/g.n%g.nk, idx%g.n
	if ki.hasReg || ki.promo >= 0 && ki.promoFrom[p].has(sq) || g.landsIn(p, k, sq, &ki.immobile[p]) {
		return
	}
	var slides []midSlide
	n := 0
	for i := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
		e := &g.gens[int(g.genStart[idx])+i]
		var r midSlide
		switch {
		case e.typ == genLeap && e.n == 0 && !e.first:
			r.off, r.n, r.order = e.off, 1, maskray.Rising
			if e.canMove {
				r.mode |= modeMove
			}
			if e.canCap {
				r.mode |= modeCapture
			}
			if e.to < 64 {
				r.lo = 1 << e.to
			} else {
				r.hi = 1 << (e.to - 64)
			}
			r.landLo, r.landHi = r.lo, r.hi
		case e.typ == genSlide:
			var ok bool
			if r, ok = g.midSlideOf(e, ki.ep); !ok {
				return
			}
		default:
			return
		}
		slides = append(slides, r)
		n += int(r.n)
	}
	ms.flags &^= psSpecial
	ms.slides, ms.nFast, ms.tail = slides, n, len(slides) > 0
}

// genMid is genPiece on a mid board.
func (p *Position) genMid(buf []Move, from int, capOnly bool) []Move {
	var set [2]uint64
	set[from>>6&1] = 1 << uint(from&63)
	return p.genMidSet(buf, set, capOnly, nil, false, 0)
}

// genMidSet appends the moves of the side to move's pieces on set, piece
// by piece in square order, as genPiece would. With c (legal's context) it
// also settles each piece's moves as legal does: keepLegal for a piece
// when every piece is tested, c names its square, or it is of a special
// kind and made a special move. The leaps' and rays' moves are written into
// room made first (nFast at most), not appended one by one, and all in one
// function: a call puts every value in use back on the stack.
func (p *Position) genMidSet(buf []Move, set [2]uint64, capOnly bool, c *legalCtx, everyPiece bool, special uint32) []Move {
	g := p.g
	s := p.side
	board := &p.board
	o0 := p.occWord(0)
	o1 := p.occWord(1)
	var quiet uint64 // every square, or none with capOnly
	if !capOnly {
		quiet = ^quiet
	}
	for bb, w := set[0], 0; ; bb &= bb - 1 {
		if bb == 0 {
			if w == 1 || set[1] == 0 {
				return buf
			}
			bb, w = set[1], 1
		}
		from := w<<6 | bits.TrailingZeros64(bb)
		at := len(buf)
		k := codeKind(board[from])
		idx := (s*g.nk+k)*g.n + from
		ms := &g.midSquares[idx]
		if ms.flags&(psDup|psSpecial) != 0 || ms.flags&psEP != 0 && p.epN > 0 {
			buf = p.genTable(buf, &g.pieceSquares[idx], idx, from, k, capOnly)
		} else {
			capMask := ms.capMask
			base := mvValid | Move(from)
			n := len(buf)
			if cap(buf)-n < ms.nFast {
				buf = slices.Grow(buf, ms.nFast)
			}
			out := buf[:cap(buf)]
			plain := ms.leaps[:ms.nPlain]
			for i := range plain {
				fl := &plain[i]
				pc := board[fl.to]
				if pc == 0 {
					if fl.mode&modeMove != 0 && !capOnly {
						out[n] = base | Move(fl.to)<<8
						n++
					}
				} else if codeOwner(pc) != s && fl.mode&modeCapture != 0 && capMask>>(maskIndex(pc)&31)&1 != 0 {
					out[n] = base | Move(fl.to)<<8 | mvCapture
					n++
				}
			}
			for i := ms.nPlain; i < len(ms.leaps); i++ {
				fl := &ms.leaps[i]
				if fl.legged && board[fl.leg] != 0 {
					continue
				}
				pc := board[fl.to]
				if pc == 0 {
					if fl.mode&modeMove != 0 && !capOnly {
						out[n] = base | Move(fl.to)<<8 | fl.extra
						n++
					}
				} else if codeOwner(pc) != s && fl.mode&modeCapture != 0 && capMask>>(maskIndex(pc)&31)&1 != 0 {
					out[n] = base | Move(fl.to)<<8 | mvCapture
					n++
				}
			}
			for i := range ms.rays {
				r := &ms.rays[i]
				q := quiet
				if r.mode&modeMove == 0 {
					q = 0
				}
				hit := -1 // the first blocker
				switch r.order {
				case maskray.Rising:
					n0, n1 := r.lo, r.hi // the squares before it
					if b := n0 & o0; b != 0 {
						hit = bits.TrailingZeros64(b)
						n0 &= b&-b - 1
						n1 = 0
					} else if b = n1 & o1; b != 0 {
						hit = 64 + bits.TrailingZeros64(b)
						n1 &= b&-b - 1
					}
					for n0 &= q; n0 != 0; n0 &= n0 - 1 {
						out[n] = base | Move(bits.TrailingZeros64(n0))<<8
						n++
					}
					for n1 &= q; n1 != 0; n1 &= n1 - 1 {
						out[n] = base | Move(64+bits.TrailingZeros64(n1))<<8
						n++
					}
				case maskray.Falling:
					n0, n1 := r.lo, r.hi
					if b := n1 & o1; b != 0 {
						t := 63 - bits.LeadingZeros64(b)
						hit = 64 + t
						n1 &^= 2<<uint(t) - 1
						n0 = 0
					} else if b = n0 & o0; b != 0 {
						hit = 63 - bits.LeadingZeros64(b)
						n0 &^= 2<<uint(hit) - 1
					}
					for n1 &= q; n1 != 0; n1 &^= 1 << uint(63-bits.LeadingZeros64(n1)) {
						out[n] = base | Move(127-bits.LeadingZeros64(n1))<<8
						n++
					}
					for n0 &= q; n0 != 0; n0 &^= 1 << uint(63-bits.LeadingZeros64(n0)) {
						out[n] = base | Move(63-bits.LeadingZeros64(n0))<<8
						n++
					}
				default: // a ray round a wrapped edge: walked
					for _, to := range g.pool[r.off : r.off+uint32(r.n)] {
						if board[to] != 0 {
							hit = int(to)
							break
						}
						if q != 0 {
							out[n] = base | Move(to)<<8
							n++
						}
					}
				}
				if hit >= 0 && r.mode&modeCapture != 0 {
					if pc := board[hit&255]; codeOwner(pc) != s && capMask>>(maskIndex(pc)&31)&1 != 0 {
						out[n] = base | Move(hit)<<8 | mvCapture
						n++
					}
				}
			}
			if ms.tail {
				for i := range ms.slides {
					n = p.midSlide(out, n, &ms.slides[i], base, capMask, quiet, o0, o1)
				}
				if ms.slow != nil {
					buf = p.genSlow(out[:n], &g.pieceSquares[idx], from, k, capOnly)
					n = len(buf)
					out = buf[:cap(buf)]
				}
			}
			buf = out[:n]
		}
		if c != nil && (everyPiece || c.from.has(from) || special>>(maskIndex(board[from])&31)&1 != 0 && hasSpecialType(buf[at:])) {
			buf = p.keepLegal(buf, at, c)
		}
	}
}

// genMidOnto is genMidSet for LegalCapturesOnto's list (capOnly with
// capTo): each piece's full list, filtered to its captures and its
// landings on capTo, then settled as genMidSet settles it. It leaves
// genMidSet's loops as lean as the other lists want them.
func (p *Position) genMidOnto(buf []Move, set [2]uint64, c *legalCtx, everyPiece bool, special uint32) []Move {
	for w := 0; w < 2; w++ {
		for bb := set[w]; bb != 0; bb &= bb - 1 {
			from := w<<6 | bits.TrailingZeros64(bb)
			var one [2]uint64
			one[w] = bb & -bb
			at := len(buf)
			buf = keepCapturesOnto(p.genMidSet(buf, one, false, nil, false, 0), at, &p.capTo)
			if c != nil && (everyPiece || c.from.has(from) || special>>(maskIndex(p.board[from])&31)&1 != 0 && hasSpecialType(buf[at:])) {
				buf = p.keepLegal(buf, at, c)
			}
		}
	}
	return buf
}

// midSlide writes a slide's moves into out from n and returns the new
// length.
func (p *Position) midSlide(out []Move, n int, r *midSlide, base Move, capMask uint32, quiet, o0, o1 uint64) int {
	var h0, h1 uint64 // the first blocker, as a mask
	n0, n1 := r.lo, r.hi
	if r.order == maskray.Rising {
		if b := n0 & o0; b != 0 {
			h0 = b & -b
			n0, n1 = n0&(h0-1), 0
		} else {
			h1 = n1 & o1 & -(n1 & o1)
			n1 &= h1 - 1
		}
	} else {
		if b := n1 & o1; b != 0 {
			h1 = 1 << uint(63-bits.LeadingZeros64(b))
			n0, n1 = 0, n1&^(h1|(h1-1))
		} else if b = n0 & o0; b != 0 {
			h0 = 1 << uint(63-bits.LeadingZeros64(b))
			n0 &^= h0 | (h0 - 1)
		}
	}
	if r.mode&modeMove == 0 {
		quiet = 0
	}
	n0 &= r.landLo & quiet
	n1 &= r.landHi & quiet
	if r.order == maskray.Rising {
		for ; n0 != 0; n0 &= n0 - 1 {
			out[n] = base | Move(bits.TrailingZeros64(n0))<<8 | r.extra
			n++
		}
		for ; n1 != 0; n1 &= n1 - 1 {
			out[n] = base | Move(64+bits.TrailingZeros64(n1))<<8 | r.extra
			n++
		}
	} else {
		for ; n1 != 0; n1 &^= 1 << uint(63-bits.LeadingZeros64(n1)) {
			out[n] = base | Move(127-bits.LeadingZeros64(n1))<<8 | r.extra
			n++
		}
		for ; n0 != 0; n0 &^= 1 << uint(63-bits.LeadingZeros64(n0)) {
			out[n] = base | Move(63-bits.LeadingZeros64(n0))<<8 | r.extra
			n++
		}
	}
	if h0&r.landLo|h1&r.landHi != 0 && r.mode&modeCapture != 0 {
		to := bits.TrailingZeros64(h0)
		if h0 == 0 {
			to = 64 + bits.TrailingZeros64(h1)
		}
		if c := p.board[to&255]; codeOwner(c) != p.side && capMask>>(maskIndex(c)&31)&1 != 0 {
			out[n] = base | Move(to)<<8 | mvCapture
			n++
		}
	}
	return n
}

// first2 is the first square, in a ray's order, of a non-empty two-word
// part of its mask.
func first2(b0, b1 uint64, order uint8) int {
	if order == maskray.Rising {
		if b0 != 0 {
			return bits.TrailingZeros64(b0)
		}
		return 64 + bits.TrailingZeros64(b1)
	}
	if b1 != 0 {
		return 127 - bits.LeadingZeros64(b1)
	}
	return 63 - bits.LeadingZeros64(b0)
}
