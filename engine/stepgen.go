package engine

// Step generation: the moves of a pawn-like kind (every move a step, or a
// short slide or lame leap over empty squares: pushes, double steps,
// diagonal captures) worked out for every piece of the kind at once with a
// few rotations of the occupancy masks, then listed piece by piece in exactly
// the order genPiece lists them. That order is one of two: the fast lists'
// (landings in square order, then the slow entries in table order), or,
// for a kind en passant applies to while an en passant square exists, the
// table entries' (genTable). Squares where a piece's moves need more
// (promotion, regions, repeated landings, a longer ray) stay with genPiece.

import (
	"math/bits"
	"slices"
	"sort"
)

const (
	maxStepOps   = 8 // distinct steps of one kind, over all its squares
	maxStepKinds = 2 // step kinds per player
	maxStepLegs  = 2 // squares a step passes, which must be empty
)

// stepOp is one landing relative to the mover: from+delta, over legs.
type stepOp struct {
	delta   int8
	nLegs   uint8
	canMove bool
	canCap  bool
	first   bool   // only while the piece has never moved
	fast    bool   // from the fast lists (listed in square order first)
	quiet   Move   // added to a landing on an empty square (a double step's type and direction)
	src     uint64 // the covered squares it is a move from
	// back rotates a set of landings to the squares they are reached from
	// (what wraps round lands off src), and legBack a set of legs.
	back    int
	legBack [maxStepLegs]int
	// The same conditions as masks, so that prepSteps does not branch:
	// all ones where the op may move, capture, be made by a piece that has
	// moved, and has no such leg.
	moveAll, capAll, movedOK uint64
	noLeg                    [maxStepLegs]uint64
}

// stepKind is one kind's steps for one player.
type stepKind struct {
	kind  int
	cover uint64 // squares where the ops are all the piece's moves
	ops   []stepOp
	// lists are the ops in the fast lists' order and in the table
	// entries' order.
	lists [2][]stepOp
	// caps are the ops that may capture: the kind's attacks, all its
	// pieces' at once (attackMapSmall).
	caps []stepOp
}

// stepRun is one generation's work for the side to move's step kinds:
// their pieces, per square the ops of its piece's list that land, and the
// lists stepRange reads. It lives in the position (legal's scratch, as
// ctx): nothing generates moves between prepSteps and the last stepRange
// of one list, and only hits must start at zero.
type stepRun struct {
	pcs   [maxStepKinds]uint64
	hits  [64]uint8
	lists [maxStepKinds]stepList
}

// stepList is, per op in the order this generation lists them, the squares
// of the pieces whose op lands with a capture, those that capture en
// passant, and what a move adds to its mover's square: the landing's delta
// (as from+delta in the landing's field) and a quiet landing's flags.
type stepList struct {
	capt  [maxStepOps]uint64
	ep    [maxStepOps]uint64
	to    [maxStepOps]Move
	quiet [maxStepOps]Move
}

// buildSteps finds each player's step kinds, on a small board of two
// players whose moves legalStd lists piece by piece.
func (g *Game) buildSteps() {
	if !g.small || g.mid || g.seated || g.nb > 1 || g.planes != nil || g.seats != 2 {
		return
	}
	for s := 0; s < 2; s++ {
		for k := 0; k < g.nk && len(g.steps[s]) < maxStepKinds; k++ {
			if sk, ok := g.stepKindOf(s, k); ok {
				g.steps[s] = append(g.steps[s], sk)
			}
		}
	}
}

// stepKindOf builds kind k's steps for player s, or reports that the kind
// is better left to genPiece (no square covered, or a piece that needs
// neither the slow entries nor en passant, whose fast lists serve well).
func (g *Game) stepKindOf(s, k int) (stepKind, bool) {
	sk := stepKind{kind: k}
	ki := &g.kinds[k]
	if !ki.ep && !g.hasSlow(s, k) {
		return sk, false
	}
	index := map[stepOp]int{} // op (src left out) to its index in sk.ops
	var fastSeqs, tableSeqs [][]int
	slow := false
	for sq := 0; sq < g.n; sq++ {
		idx := (s*g.nk+k)*g.n + sq
		if g.pieceSquares[idx].flags&(psDup|psSpecial) != 0 {
			continue
		}
		var ops []stepOp // in table order
		ok := true
		for _, e := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
			// The entry's list as splitFast sorts it.
			fast := !e.first && !e.stay && (e.typ == genLeap && e.n == 0 ||
				e.typ == genSlide && e.minR == 1 && (!ki.ep || e.n == 1 || !e.canMove))
			op := stepOp{canMove: e.canMove, canCap: e.canCap, first: e.first, fast: fast}
			switch {
			case e.stay:
				ok = false
			case e.typ == genLeap || e.typ == genLame:
				legs := g.pool[e.off : e.off+uint32(e.n)]
				ok = setStep(&op, sq, int(e.to), legs)
				ops = append(ops, op)
			case e.typ == genSlide:
				ray := g.pool[e.off : e.off+uint32(e.n)]
				if fast && len(ray) > 1 {
					ok = false // a slider's ray: its mask serves
					break
				}
				for i := int(e.minR) - 1; i < len(ray) && ok; i++ {
					o := op
					if i > 0 && ki.ep {
						o.quiet = moveDouble<<mvTypeShift | Move(e.dir)<<mvAuxShift
					}
					ok = setStep(&o, sq, int(ray[i]), ray[:i])
					ops = append(ops, o)
				}
			default:
				ok = false // hops and sweeps
			}
			if !ok {
				break
			}
		}
		if !ok {
			continue
		}
		var tableSeq []int
		for _, op := range ops {
			i, seen := index[op]
			if !seen {
				if len(sk.ops) == maxStepOps {
					return sk, false
				}
				i = len(sk.ops)
				index[op] = i
				sk.ops = append(sk.ops, op)
			}
			sk.ops[i].src |= 1 << uint(sq)
			tableSeq = append(tableSeq, i)
			slow = slow || !op.fast
		}
		// The fast lists' landings come in square order, the slow entries
		// after them in table order.
		fastSeq := slices.Clone(tableSeq)
		sort.SliceStable(fastSeq, func(a, b int) bool {
			x, y := &sk.ops[fastSeq[a]], &sk.ops[fastSeq[b]]
			return x.fast && (!y.fast || x.delta < y.delta)
		})
		tableSeqs = append(tableSeqs, tableSeq)
		fastSeqs = append(fastSeqs, fastSeq)
		sk.cover |= 1 << uint(sq)
	}
	if sk.cover == 0 || !slow && !ki.ep {
		return sk, false
	}
	for i, seqs := range [2][][]int{fastSeqs, tableSeqs} {
		order, ok := stepOrder(len(sk.ops), seqs)
		if !ok {
			return sk, false
		}
		for _, j := range order {
			op := sk.ops[j]
			op.moveAll, op.capAll, op.movedOK = allIf(op.canMove), allIf(op.canCap), allIf(!op.first)
			for l := range op.noLeg {
				op.noLeg[l] = allIf(l >= int(op.nLegs))
			}
			sk.lists[i] = append(sk.lists[i], op)
			if i == 0 && op.canCap {
				sk.caps = append(sk.caps, op)
			}
		}
	}
	return sk, true
}

// allIf is a mask of all ones when b holds, else zero.
func allIf(b bool) uint64 {
	if b {
		return ^uint64(0)
	}
	return 0
}

// hasSlow reports whether kind k of player s has a slow entry somewhere.
func (g *Game) hasSlow(s, k int) bool {
	idx := (s*g.nk + k) * g.n
	return g.slowStart[idx+g.n] > g.slowStart[idx]
}

// setStep fills op's landing and legs as deltas from sq, reporting false
// when there are too many legs.
func setStep(op *stepOp, sq, to int, legs []uint8) bool {
	if len(legs) > maxStepLegs {
		return false
	}
	op.delta = int8(to - sq)
	op.back = sq - to
	op.nLegs = uint8(len(legs))
	for i, l := range legs {
		op.legBack[i] = sq - int(l)
	}
	return true
}

// stepOrder is one order of n ops in which every sequence runs forward,
// or false when the sequences disagree.
func stepOrder(n int, seqs [][]int) ([]uint8, bool) {
	after := make([][]bool, n) // after[a][b]: a comes before b
	for i := range after {
		after[i] = make([]bool, n)
	}
	before := make([]int, n) // how many ops must come first
	for _, seq := range seqs {
		for i := 1; i < len(seq); i++ {
			a, b := seq[i-1], seq[i]
			if !after[a][b] {
				after[a][b] = true
				before[b]++
			}
		}
	}
	var order []uint8
	done := make([]bool, n)
	for len(order) < n {
		next := -1
		for i := 0; i < n; i++ {
			if !done[i] && before[i] == 0 {
				next = i
				break
			}
		}
		if next < 0 {
			return nil, false // a cycle: two squares list two ops both ways
		}
		done[next] = true
		order = append(order, uint8(next))
		for b := 0; b < n; b++ {
			if after[next][b] {
				before[b]--
			}
		}
	}
	return order, true
}

// prepSteps fills run for the side to move's step kinds and returns the
// squares of the pieces it has worked out (genPiece lists the others) and,
// among them, those with a move for stepRange to list.
func (p *Position) prepSteps(run *stepRun, capOnly bool) (on, movers uint64) {
	g := p.g
	s := p.side
	kinds := g.steps[s]
	if len(kinds) == 0 || p.occ[wildOwner][0] != 0 {
		return 0, 0 // a wild piece is prey to the table entries only
	}
	run.hits = [64]uint8{}
	opp := opponent(s)
	empty := ^p.occWord(0)
	quietTo := empty // the landings of quiet moves: with capOnly, capTo's alone
	if capOnly {
		quietTo &= p.capTo[0]
	}
	for i := range kinds {
		sk := &kinds[i]
		pcs := p.kindBB[s][sk.kind][0] & sk.cover
		run.pcs[i] = pcs
		if pcs == 0 {
			continue
		}
		on |= pcs
		ki := &g.kinds[sk.kind]
		capMask := ki.capMask
		prey := p.occ[opp][0]
		if p.present[opp]&^capMask != 0 {
			prey = 0
			for m := p.present[opp] & capMask; m != 0; m &= m - 1 {
				prey |= p.kindBB[opp][bits.TrailingZeros32(m)-1][0]
			}
		}
		// genPiece's table path while an en passant square exists.
		var epOK uint64
		ops := sk.lists[0]
		if ki.ep && p.epN > 0 {
			ops = sk.lists[1]
			if capMask>>maskIndex(p.board[p.epVictim])&1 != 0 {
				for j := 0; j < p.epN; j++ {
					epOK |= 1 << p.ep[j]
				}
				epOK &= empty
			}
		}
		sl := &run.lists[i]
		n := min(len(ops), maxStepOps)
		virgin := p.virgin[0]
		for x := range ops[:n] {
			op := &ops[x]
			f := pcs & op.src & (virgin | op.movedOK)
			if op.nLegs > 0 {
				f &= (bits.RotateLeft64(empty, op.legBack[0]) | op.noLeg[0]) & (bits.RotateLeft64(empty, op.legBack[1]) | op.noLeg[1])
			}
			c := f & bits.RotateLeft64(prey, op.back) & op.capAll
			e := f & bits.RotateLeft64(epOK, op.back) & op.capAll
			q := f & bits.RotateLeft64(quietTo, op.back) & op.moveAll &^ e
			sl.capt[x] = c | e
			sl.ep[x] = e
			sl.to[x] = Move(int64(op.delta) << 8)
			sl.quiet[x] = op.quiet
			movers |= q | c | e
			for t := q | c | e; t != 0; t &= t - 1 {
				run.hits[bits.TrailingZeros64(t)&63] |= 1 << uint(x)
			}
		}
	}
	return on, movers
}

// stepRange appends the moves of the step kinds' pieces on froms, square
// by square, each as genPiece would list them.
func (p *Position) stepRange(buf []Move, run *stepRun, froms uint64) []Move {
	for ; froms != 0; froms &= froms - 1 {
		from := bits.TrailingZeros64(froms)
		bit := froms & -froms
		sl := &run.lists[0]
		if run.pcs[0]&bit == 0 {
			sl = &run.lists[1]
		}
		// The landing's field holds from, and from+delta once to[x] is
		// added (from+delta is a square: nothing carries out of it).
		base := mvValid | Move(from)<<8 | Move(from)
		for hits := uint(run.hits[from]); hits != 0; hits &= hits - 1 {
			x := bits.TrailingZeros(hits) & (maxStepOps - 1)
			m := base + sl.to[x]
			if sl.capt[x]&bit != 0 {
				m |= mvCapture
				if sl.ep[x]&bit != 0 {
					m |= moveEnPassant << mvTypeShift
				}
			} else {
				m |= sl.quiet[x]
			}
			buf = append(buf, m)
		}
	}
	return buf
}
