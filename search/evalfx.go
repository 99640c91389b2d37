package search

import (
	"math"

	"balancefarm/engine"
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
		var best [2]int
		for _, pc := range e.pieces {
			for _, r := range t.kinds[pc.kind].rays[pc.owner][pc.sq] {
				if g := e.effectGain(p, pc, &r); g > best[pc.owner] {
					best[pc.owner] = g
				}
			}
		}
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

// effectGain is what pc's capture along r would win beyond an ordinary
// exchange, 0 when it has no target or no effect.
func (e *evaluator) effectGain(p board, pc placed, r *ray) int {
	t := e.t
	f := t.fx
	if !r.capture || r.hop || len(r.sqs) == 0 {
		return 0
	}
	target := -1
	for i, s := range r.sqs {
		if e.occ[s] != 0 {
			if i >= r.min {
				target = int(s)
			}
			break
		}
		if !r.line {
			break
		}
	}
	if target < 0 || int(e.occ[target]) == pc.owner+1 {
		return 0
	}
	tk, owner, ok := p.PieceAt(target)
	if !ok || tk < 0 || tk >= len(t.kinds) || !f.mayCapture[pc.kind][tk] {
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
		for _, s := range f.ring[target] {
			if e.occ[s] == 0 || e.occ[s] == 3 {
				continue
			}
			k, o, ok := p.PieceAt(s)
			if ok && k >= 0 && k < len(t.kinds) && !f.blastImmune[k] {
				gain += e.pieceWorth(k, o, pc.owner)
			}
		}
		return t.matSign * gain
	}
	if f.strikeStay && f.reaches[tk] {
		return t.matSign * t.kinds[tk].value
	}
	return 0
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
