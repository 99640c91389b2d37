package engine

// Step generation: the moves of a pawn-like kind (every move a step, or a
// short slide or lame leap over empty squares: pushes, double steps,
// diagonal captures) worked out for every piece of the kind at once with a
// few shifts of the occupancy masks, then listed piece by piece in exactly
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
	legs    [maxStepLegs]int8 // as deltas from the mover
	canMove bool
	canCap  bool
	first   bool   // only while the piece has never moved
	fast    bool   // from the fast lists (listed in square order first)
	quiet   Move   // added to a landing on an empty square (a double step's type and direction)
	src     uint64 // the covered squares it is a move from
}

// stepKind is one kind's steps for one player.
type stepKind struct {
	kind  int
	cover uint64 // squares where the ops are all the piece's moves
	ops   []stepOp
	fast  []uint8 // op indices in the fast lists' order
	table []uint8 // and in the table entries' order
}

// stepRun is one generation's work for the side to move's step kinds:
// per kind, its pieces, and per op in the order this generation lists them,
// the squares of the pieces whose op lands, those landings that capture,
// those that capture en passant, the landing's delta and a quiet landing's
// flags.
type stepRun struct {
	pcs   [maxStepKinds]uint64
	n     [maxStepKinds]int
	lands [maxStepKinds][maxStepOps]uint64
	capt  [maxStepKinds][maxStepOps]uint64
	ep    [maxStepKinds][maxStepOps]uint64
	delta [maxStepKinds][maxStepOps]int8
	quiet [maxStepKinds][maxStepOps]Move
}

// buildSteps finds each player's step kinds, on a small board of two
// players whose moves legalStd lists piece by piece.
func (g *Game) buildSteps() {
	if !g.small || g.mid || g.seated || g.nb > 1 || g.planes != nil || g.seats != 2 {
		return
	}
	for s := 0; s < 2; s++ {
		g.stepSlot[s] = make([]int8, g.nk)
		for k := 0; k < g.nk; k++ {
			g.stepSlot[s][k] = -1
			if len(g.steps[s]) == maxStepKinds {
				continue
			}
			if sk, ok := g.stepKindOf(s, k); ok {
				g.stepSlot[s][k] = int8(len(g.steps[s]))
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
	var okF, okT bool
	sk.fast, okF = stepOrder(len(sk.ops), fastSeqs)
	sk.table, okT = stepOrder(len(sk.ops), tableSeqs)
	return sk, okF && okT
}

// setStep fills op's landing and legs as deltas from sq, reporting false
// when there are too many legs.
func setStep(op *stepOp, sq, to int, legs []uint8) bool {
	if len(legs) > maxStepLegs {
		return false
	}
	op.delta = int8(to - sq)
	op.nLegs = uint8(len(legs))
	for i, l := range legs {
		op.legs[i] = int8(int(l) - sq)
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

// shiftBack is the squares from which a step of delta lands in set.
func shiftBack(set uint64, delta int8) uint64 {
	if delta > 0 {
		return set >> uint(delta)
	}
	return set << uint(-delta)
}

// prepSteps fills run for the side to move's step kinds and returns the
// squares of the pieces it has worked out (genPiece lists the others) and,
// among them, those with a move for stepMoves to list.
func (p *Position) prepSteps(run *stepRun, capOnly bool) (on, movers uint64) {
	g := p.g
	s := p.side
	kinds := g.steps[s]
	if len(kinds) == 0 || p.occ[wildOwner][0] != 0 {
		return 0, 0 // a wild piece is prey to the table entries only
	}
	opp := opponent(s)
	empty := ^p.occWord(0)
	for i := range kinds {
		sk := &kinds[i]
		pcs := p.kindBB[s][sk.kind][0] & sk.cover
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
		table := ki.ep && p.epN > 0
		order := sk.fast
		if table {
			order = sk.table
		}
		run.pcs[i] = pcs
		run.n[i] = len(order)
		var epOK uint64
		if table && capMask>>maskIndex(p.board[p.epVictim])&1 != 0 {
			for j := 0; j < p.epN; j++ {
				epOK |= 1 << p.ep[j]
			}
			epOK &= empty
		}
		for x, j := range order {
			op := &sk.ops[j]
			f := pcs & op.src
			if op.first {
				f &= p.virgin[0]
			}
			for _, l := range op.legs[:op.nLegs] {
				f &= shiftBack(empty, l)
			}
			var q, c, e uint64
			if op.canCap {
				c = f & shiftBack(prey, op.delta)
				e = f & shiftBack(epOK, op.delta)
			}
			if op.canMove && !capOnly {
				q = f & shiftBack(empty, op.delta) &^ e
			}
			run.lands[i][x] = q | c | e
			run.capt[i][x] = c | e
			run.ep[i][x] = e
			run.delta[i][x] = op.delta
			run.quiet[i][x] = op.quiet
			movers |= q | c | e
		}
	}
	return on, movers
}

// stepMoves appends the moves of the step kind's piece on from, as
// genPiece would list them.
func (p *Position) stepMoves(buf []Move, run *stepRun, from int) []Move {
	bit := uint64(1) << uint(from)
	i := 0
	if run.pcs[0]&bit == 0 {
		i = 1
	}
	base := mvValid | Move(from)
	lands, capt, ep := &run.lands[i], &run.capt[i], &run.ep[i]
	for x := 0; x < run.n[i] && x < maxStepOps; x++ {
		if lands[x]&bit == 0 {
			continue
		}
		m := base | Move(from+int(run.delta[i][x]))<<8
		switch {
		case ep[x]&bit != 0:
			m |= mvCapture | moveEnPassant<<mvTypeShift
		case capt[x]&bit != 0:
			m |= mvCapture
		default:
			m |= run.quiet[i][x]
		}
		buf = append(buf, m)
	}
	return buf
}
