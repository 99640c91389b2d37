package search

import (
	"math"
	"math/bits"

	"balancefarm/engine"
	"balancefarm/internal/maskray"
)

// The evaluation's terms for what a capture does beyond removing a piece,
// for territory and for wild pieces, read from the compiled game's view
// (engine.Effects, engine.WildRoutes).

const (
	threatNowPercent   = 50   // share of the best effect capture credited to the side to move
	threatLaterPercent = 12   // and to the other side, which must first survive a move
	royalBlastValue    = 2500 // an enemy royal in a blast: the game, nearly
	territoryWeight    = 10   // per square claimed
	wildLostPercent    = 90   // a piece the next step of a wild piece will eat
	wildThreatPercent  = 30   // the most valuable piece a wild piece reaches soon
	wildHorizon        = 3    // route squares ahead a wild piece threatens
)

// fxTables is the effects' part of the evaluation tables; nil for a game
// with none of them.
type fxTables struct {
	explode     bool
	ring        [][]int // per square: squares a blast there reaches besides itself
	blastImmune []bool
	by, of      []bool
	strikeStay  bool
	reaches     []bool
	territory   bool
	mayCapture  [][]bool // [kind][victim]
	routes      []evalRoute
	points      bool // bounties count (rules.scoring count points)
}

type evalRoute struct {
	kind   int
	sqs    []int
	bounty int    // centipawns
	takers []bool // nil: any kind may take one
}

func buildFxTables(g *engine.Game, t *evalTables) *fxTables {
	fe, routes := g.Effects(), g.WildRoutes()
	if fe == nil && routes == nil {
		return nil
	}
	f := &fxTables{}
	nk := len(t.kinds)
	f.mayCapture = make([][]bool, nk)
	for k := range nk {
		f.mayCapture[k] = make([]bool, nk)
		for v := range nk {
			f.mayCapture[k][v] = g.MayCapture(k, v)
		}
	}
	if fe != nil {
		f.explode, f.blastImmune, f.by, f.of = fe.Explode, fe.BlastImmune, fe.ExplodeBy, fe.ExplodeOf
		f.strikeStay, f.reaches = fe.StrikeStay, fe.StrikeReaches
		f.territory = fe.Territory
		t.claimWinAt = fe.WinAt
		if f.explode {
			f.ring = make([][]int, t.nsq)
			for sq := range t.nsq {
				for o := range t.nsq {
					if o != sq && !g.IsWall(o) && max(abs(t.file[o]-t.file[sq]), abs(t.rank[o]-t.rank[sq])) <= fe.Radius {
						f.ring[sq] = append(f.ring[sq], o)
					}
				}
			}
		}
	}
	for _, r := range routes {
		er := evalRoute{kind: r.Kind, sqs: r.Squares, bounty: int(math.Round(r.Bounty * 100))}
		if r.Takers != nil {
			er.takers = make([]bool, nk)
			for _, k := range r.Takers {
				er.takers[k] = true
			}
		}
		f.routes = append(f.routes, er)
	}
	if sc := g.Scoring(); sc != nil && sc.Count == "points" {
		f.points = true
	}
	return f
}

// addEffects credits each side with its best capture whose effect the
// search would otherwise only find by searching it (an explosion's toll, a
// strike that costs the striker nothing, a bounty), the ground it holds,
// and debits the pieces wild pieces are about to eat.
func (e *evaluator) addEffects(score *[2]int, p board, stm int, extra any) {
	t := e.t
	f := t.fx
	if f.explode || f.strikeStay || f.points {
		best := e.bestEffects(p)
		score[stm] += best[stm] * threatNowPercent / 100
		score[1-stm] += best[1-stm] * threatLaterPercent / 100
	}
	if f.territory {
		if cc, ok := extra.(claimsCounter); ok {
			for pl := 0; pl < 2; pl++ {
				score[pl] += territoryWeight * cc.Claimed(pl)
			}
		}
	}
	if len(f.routes) > 0 {
		e.addWildThreats(score, p, stm)
	}
}

// bestEffects is each player's best effectGain over its pieces' capturing
// rays, 0 where none gains: on a board of at most 64 squares, the pieces
// with no target in reach are passed over, and the leaps and the lines
// with masks are read from them.
func (e *evaluator) bestEffects(p board) [2]int {
	t := e.t
	var best [2]int
	if e.ringStamp == nil {
		e.ringStamp, e.ringMemo = make([]uint32, t.nsq), make([]int, t.nsq)
		e.kindAt = make([]int16, t.nsq)
		for sq := range e.kindAt {
			e.kindAt[sq] = -1
		}
	}
	e.occOwn = [2]uint64{}
	for _, pc := range e.pieces {
		e.kindAt[pc.sq] = int16(pc.kind)
		e.occOwn[pc.owner] |= 1 << uint(pc.sq&63) // read only where the board has at most 64 squares
	}

	if e.ringGen++; e.ringGen == 0 { // wrapped: no stamp may match by chance
		clear(e.ringStamp)
		e.ringGen = 1
	}
	small := t.nsq <= 64
	for _, pc := range e.pieces {
		kt := &t.kinds[pc.kind]
		g := best[pc.owner]
		if small {
			// Only a piece not the owner's is a target: none where
			// the captures could find one, none of them gains. (A
			// piece of the owner's of no kind the tables know is left
			// in; targetGain refuses it.)
			prey := e.occAny &^ e.occOwn[pc.owner]
			if kt.effReach[pc.owner][pc.sq]&prey == 0 {
				continue
			}
			for m := kt.effLeaps[pc.owner][pc.sq] & prey; m != 0; m &= m - 1 {
				g = max(g, e.targetGain(p, pc, bits.TrailingZeros64(m)))
			}
			lines := kt.effLines[pc.owner][pc.sq]
			for i := range lines {
				r := &lines[i]
				if blk := r.mask & e.occAny; blk != 0 {
					if s := maskray.First(blk, r.order); (r.counted&prey)>>uint(s)&1 != 0 {
						g = max(g, e.targetGain(p, pc, s))
					}
				}
			}
		}
		rays := kt.effRays[pc.owner][pc.sq]
		for i := range rays {
			g = max(g, e.effectGain(p, pc, &rays[i]))
		}
		best[pc.owner] = g
	}
	for _, pc := range e.pieces {
		e.kindAt[pc.sq] = -1
	}
	return best
}

// effectGain is what pc's capture along r (one of effRays) would win
// beyond an ordinary exchange, 0 when it has no target or no effect.
func (e *evaluator) effectGain(p board, pc placed, r *ray) int {
	for i, s := range r.sqs {
		if e.occ[s] != 0 {
			if i >= r.min {
				return e.targetGain(p, pc, int(s)) // (which refuses pc's owner's piece)
			}
			return 0
		}
		if !r.line {
			break
		}
	}
	return 0
}

// targetGain is effectGain once the target is found: pc's capture of the
// piece on target, which is not pc's owner's.
func (e *evaluator) targetGain(p board, pc placed, target int) int {
	t := e.t
	f := t.fx
	// What p.PieceAt says, as evaluate read it: occ holds the owner
	// (1 and 2; 3 a wild piece's), kindAt a player's piece's kind, -1
	// for a kind the tables do not know.
	o := int(e.occ[target])
	if o == pc.owner+1 {
		return 0
	}
	tk, owner := int(e.kindAt[target]), o-1
	if o == 3 {
		tk, owner, _ = p.PieceAt(target)
	}
	if tk < 0 || tk >= len(t.kinds) || !f.mayCapture[pc.kind][tk] {
		return 0
	}
	if owner != 0 && owner != 1 { // a wild piece
		for _, rt := range f.routes {
			if rt.kind == tk && rt.takers != nil && !rt.takers[pc.kind] {
				return 0
			}
		}
		gain := 0
		if f.points {
			for _, rt := range f.routes {
				if rt.kind == tk {
					gain = rt.bounty
					break
				}
			}
		}
		return gain
	}
	if f.explode && f.by[pc.kind] && f.of[tk] {
		gain := e.pieceWorth(tk, owner, pc.owner) - t.kinds[pc.kind].value
		ring := e.ringWorth(target) // to player 0; player 1's is its negative
		if pc.owner == 1 {
			ring = -ring
		}
		return t.matSign * (gain + ring)
	}
	if f.strikeStay && f.reaches[tk] {
		return t.matSign * t.kinds[tk].value
	}
	return 0
}

// ringWorth is what the blast of a capture on target destroys around it,
// to player 0 (pieceWorth's sign), read once per evaluation: several
// pieces may capture there.
func (e *evaluator) ringWorth(target int) int {
	if e.ringStamp[target] == e.ringGen {
		return e.ringMemo[target]
	}
	t := e.t
	f := t.fx
	sum := 0
	for _, s := range f.ring[target] {
		if e.occ[s] == 0 || e.occ[s] == 3 {
			continue
		}
		if k := int(e.kindAt[s]); k >= 0 && !f.blastImmune[k] {
			sum += e.pieceWorth(k, int(e.occ[s])-1, 0)
		}
	}
	e.ringStamp[target], e.ringMemo[target] = e.ringGen, sum
	return sum
}

// pieceWorth is a piece's value to player pl: positive for the other
// side's (destroying it gains), negative for pl's own; a royal counts as
// the game.
func (e *evaluator) pieceWorth(k, owner, pl int) int {
	v := e.t.kinds[k].value
	if e.t.kinds[k].royal {
		v = royalBlastValue
	}
	if owner == pl {
		return -v
	}
	return v
}

// addWildThreats debits the pieces standing on the squares each wild piece
// walks onto next: one the next step eats before its owner can move is
// nearly lost; the most valuable one a few steps ahead is at risk.
func (e *evaluator) addWildThreats(score *[2]int, p board, stm int) {
	t := e.t
	f := t.fx
	var atRisk [2]int
	for _, rt := range f.routes {
		n := len(rt.sqs)
		for i, sq := range rt.sqs {
			if e.occ[sq] != 3 || n == 1 {
				continue
			}
			for d := 1; d <= wildHorizon && d < n; d++ {
				s := rt.sqs[(i+d)%n]
				o := e.occ[s]
				if o == 0 {
					continue
				}
				if o == 3 {
					break // another wild piece: this one walks behind it
				}
				k, owner, ok := p.PieceAt(s)
				if !ok || k < 0 || k >= len(t.kinds) || !f.mayCapture[rt.kind][k] {
					break // it waits here
				}
				if t.kinds[k].royal {
					break // legality keeps a royal off the next square
				}
				v := t.matSign * t.kinds[k].value
				switch {
				case d == 1 && owner != stm:
					score[owner] -= v * wildLostPercent / 100
				case d <= 2 || owner != stm:
					atRisk[owner] = max(atRisk[owner], v)
				}
				break
			}
		}
	}
	for pl := 0; pl < 2; pl++ {
		score[pl] -= atRisk[pl] * wildThreatPercent / 100
	}
}
