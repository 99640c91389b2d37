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
	leaps   []fastLeap
	rays    []midRay
	slow    []genEntry // entries left to genSlow, after the rays (nil: none)
	nFast   int        // the most moves leaps and rays give
	flags   uint8      // pieceSquare's
	capMask uint32     // the kind's
}

// midRay is a slide as masks: every square (the blocker may be any), and
// the squares it may stop on (from min_range on).
type midRay struct {
	lo, hi         uint64
	landLo, landHi uint64
	extra          Move // added to every quiet move: a double step's type and direction
	off            uint32
	n, mode, order uint8
	minR           uint8 // for a walked ray (order maskray.Walk)
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

// midRayOf is a slide entry as a midRay; ok is false when it cannot be
// one: its squares do not run one way, or it is a first-move slide, or
// (for a kind en passant applies to) a quiet landing on its first square
// would need a different move type from the others.
func (g *Game) midRayOf(e *genEntry, mode uint8, ep bool) (r midRay, ok bool) {
	ray := g.pool[e.off : e.off+uint32(e.n)]
	r = midRay{off: e.off, n: e.n, mode: mode, minR: max(e.minR, 1)}
	r.lo, r.hi, r.order = rayMask2(ray)
	skip := min(int(r.minR)-1, len(ray))
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
	if r.order == maskray.Walk && r.minR > 1 || e.first || e.typ != genSlide {
		return r, false
	}
	return r, true
}

// buildMid fills Game.midSquares from the fast lists splitFast made.
func (g *Game) buildMid() {
	size := 2 * g.nk * g.n
	g.midSquares = make([]midSquare, size)
	for idx := range g.midSquares {
		ps := &g.pieceSquares[idx]
		ms := &g.midSquares[idx]
		k := idx / g.n % g.nk
		ki := &g.kinds[k]
		ms.flags, ms.capMask = ps.flags, ki.capMask
		if ps.flags&psDup != 0 {
			continue // genTable walks the entries
		}
		ms.leaps = g.fastLeaps[g.fastLeapStart[idx]:g.fastLeapStart[idx+1]]
		ms.nFast = len(ms.leaps)
		for _, fr := range g.fastRays[g.fastRayStart[idx]:g.fastRayStart[idx+1]] {
			e := genEntry{typ: genSlide, off: fr.off, n: fr.n, minR: 1,
				canMove: fr.mode&modeMove != 0, canCap: fr.mode&modeCapture != 0}
			r, _ := g.midRayOf(&e, fr.mode, false) // a fast ray never marks
			ms.rays = append(ms.rays, r)
			ms.nFast += int(fr.n)
		}
		slow := g.slow[g.slowStart[idx]:g.slowStart[idx+1]]
		var more []midRay
		for i := range slow {
			e := &slow[i]
			mode := uint8(0)
			if e.canMove {
				mode |= modeMove
			}
			if e.canCap {
				mode |= modeCapture
			}
			r, ok := g.midRayOf(e, mode, ki.ep)
			if !ok {
				more = nil
				break
			}
			more = append(more, r)
		}
		if len(more) == len(slow) {
			ms.rays = append(ms.rays, more...)
			for _, r := range more {
				ms.nFast += int(r.n)
			}
		} else {
			ms.slow = slow
		}
		ms.rays = slices.Clip(ms.rays)
	}
}

// genMid is genPiece on a mid board. The leaps' and rays' moves are
// written into room made first (nFast at most), not appended one by one:
// without append's call the loop's values stay in registers.
func (p *Position) genMid(buf []Move, from int, capOnly bool) []Move {
	g := p.g
	s := p.side
	board := &p.board
	k := int(board[from]>>2) - 1
	idx := (s*g.nk+k)*g.n + from
	ms := &g.midSquares[idx]
	if ms.flags&(psDup|psSpecial) != 0 || ms.flags&psEP != 0 && p.epN > 0 {
		return p.genTable(buf, &g.pieceSquares[idx], idx, from, k, capOnly)
	}
	capMask := ms.capMask
	base := mvValid | Move(from)
	n := len(buf)
	if cap(buf)-n < ms.nFast {
		buf = slices.Grow(buf, ms.nFast)
	}
	out := buf[:cap(buf)]
	for _, fl := range ms.leaps {
		c := board[fl.to]
		if c == 0 {
			if fl.mode&modeMove != 0 && !capOnly {
				out[n] = base | Move(fl.to)<<8
				n++
			}
		} else if int(c&3) != s && fl.mode&modeCapture != 0 && capMask>>(c>>2)&1 != 0 {
			out[n] = base | Move(fl.to)<<8 | mvCapture
			n++
		}
	}
	o0 := p.occ[0][0] | p.occ[1][0] | p.occ[2][0]
	o1 := p.occ[0][1] | p.occ[1][1] | p.occ[2][1]
	for i := range ms.rays {
		r := &ms.rays[i]
		var h0, h1 uint64 // the first blocker, as a mask
		var n0, n1 uint64 // the squares before it
		switch r.order {
		case maskray.Rising:
			if b := r.lo & o0; b != 0 {
				h0 = b & -b
				n0 = r.lo & (h0 - 1)
			} else {
				b = r.hi & o1
				h1 = b & -b
				n0, n1 = r.lo, r.hi&(h1-1) // all of hi when there is no blocker
			}
			if r.mode&modeMove != 0 && !capOnly {
				n0 &= r.landLo
				n1 &= r.landHi
				for ; n0 != 0; n0 &= n0 - 1 {
					out[n] = base | Move(bits.TrailingZeros64(n0))<<8 | r.extra
					n++
				}
				for ; n1 != 0; n1 &= n1 - 1 {
					out[n] = base | Move(64+bits.TrailingZeros64(n1))<<8 | r.extra
					n++
				}
			}
		case maskray.Falling:
			n0, n1 = r.lo, r.hi
			if b := r.hi & o1; b != 0 {
				h1 = 1 << uint(63-bits.LeadingZeros64(b))
				n0, n1 = 0, n1&^(h1|(h1-1))
			} else if b = r.lo & o0; b != 0 {
				h0 = 1 << uint(63-bits.LeadingZeros64(b))
				n0 &^= h0 | (h0 - 1)
			}
			if r.mode&modeMove != 0 && !capOnly {
				n0 &= r.landLo
				n1 &= r.landHi
				for ; n1 != 0; n1 &^= 1 << uint(63-bits.LeadingZeros64(n1)) {
					out[n] = base | Move(127-bits.LeadingZeros64(n1))<<8 | r.extra
					n++
				}
				for ; n0 != 0; n0 &^= 1 << uint(63-bits.LeadingZeros64(n0)) {
					out[n] = base | Move(63-bits.LeadingZeros64(n0))<<8 | r.extra
					n++
				}
			}
		default: // a ray round a wrapped edge, min_range 1: walked
			for _, to := range g.pool[r.off : r.off+uint32(r.n)] {
				if board[to] != 0 {
					if to < 64 {
						h0 = 1 << to
					} else {
						h1 = 1 << (to - 64)
					}
					break
				}
				if r.mode&modeMove != 0 && !capOnly {
					out[n] = base | Move(to)<<8 | r.extra
					n++
				}
			}
		}
		if h0&r.landLo|h1&r.landHi != 0 && r.mode&modeCapture != 0 {
			to := bits.TrailingZeros64(h0)
			if h0 == 0 {
				to = 64 + bits.TrailingZeros64(h1)
			}
			if c := board[to&255]; int(c&3) != s && capMask>>(c>>2)&1 != 0 {
				out[n] = base | Move(to)<<8 | mvCapture
				n++
			}
		}
	}
	if ms.slow == nil {
		return out[:n]
	}
	return p.genSlow(out[:n], &g.pieceSquares[idx], from, k, capOnly)
}
