package engine

import (
	"math/bits"

	"balancefarm/internal/maskray"
)

// Check squares for forbid_check (racing kings): instead of playing every
// move and asking whether the other player's royal is now attacked, the
// squares a move must land on to check it directly, and the pieces whose
// leaving opens a line onto it, are found once per position, as
// Fairy-Stockfish's check squares and blockers are. The mover's own safety
// is then settled by the pins as in any game with royals.

// maxDiscovered bounds the lines a position's check squares hold: one per
// line group, and a small board has few directions.
const maxDiscovered = 16

// checkSquares is one position's answer, kept in legalCtx.
type checkSquares struct {
	direct [maxKinds]uint64 // per kind: where it lands to check
	// disc lists the mover's pieces standing alone between the royal and
	// one of its own line pieces, with the line's squares (a move along
	// it keeps the line shut).
	discN    int
	discFrom [maxDiscovered]int8
	discLine [maxDiscovered]uint64
	discAny  uint64
}

// compileCheckSquares decides, per player, whether its checks can be read
// from check squares: on a small board, its attacks only plain leaps and
// slides (no legs, hops, sweeps, first-move or square conditions, nor a
// minimum range), in a game without drops, capture effects, portals or
// several boards. legalStd uses them under forbid_check.
func (g *Game) compileCheckSquares() error {
	if !g.forbidCheck || !g.small || g.mid || g.drops != nil || g.fx != nil || g.portal != nil || g.wild != nil ||
		g.seated || g.nb > 1 || g.planes != nil || g.fac != nil || g.royalFacing {
		return nil
	}
	for s := 0; s < 2; s++ {
		ok := len(g.specLeaps[s]) == 0 && g.legRoots[s] == nil
		for _, gr := range g.groups[s] {
			if gr.typ != genSlide || gr.cond >= 0 || gr.first || gr.minR > 1 || gr.rayMasks == nil {
				ok = false
			}
		}
		g.checkSquaresOK[s] = ok
	}
	return nil
}

// fillCheckSquares computes the check squares of the side to move against
// the other player's royal on e. It reports false where they would not be
// exact: the side to move attacks e already (a position set up so), or a
// line has no mask form (a wrapping board). The moves are then tested one
// by one.
func (p *Position) fillCheckSquares(cs *checkSquares, e int) bool {
	g := p.g
	s := p.side
	ek := codeKind(p.board[e])
	if p.attacked(e, s, ek) {
		return false
	}
	capt := g.capturers[ek]
	clear(cs.direct[:g.nk])
	cs.discN, cs.discAny = 0, 0
	for _, gr := range g.plainGroups[s][g.plainStart[s][e]:g.plainStart[s][e+1]] {
		for km := gr.mask & capt; km != 0; km &= km - 1 {
			cs.direct[bits.TrailingZeros32(km)-1] |= gr.srcs
		}
	}
	occ := p.occWord(0)
	for gi := range g.groups[s] {
		gr := &g.groups[s][gi]
		m := gr.mask & capt
		if m == 0 {
			continue
		}
		ord := gr.rayOrds[e]
		if ord == maskray.Walk {
			if gr.rayMasks[e] == 0 {
				continue // no square reaches e this way
			}
			return false
		}
		near, hit := maskray.Split(gr.rayMasks[e], occ, ord)
		for km := m; km != 0; km &= km - 1 {
			cs.direct[bits.TrailingZeros32(km)-1] |= near | hit
		}
		if hit == 0 {
			continue
		}
		from := bits.TrailingZeros64(hit)
		if codeOwner(p.board[from]) != s {
			continue
		}
		near2, hit2 := maskray.Split(gr.rayMasks[e]&^(near|hit), occ, ord)
		if hit2 == 0 {
			continue
		}
		if c := p.board[bits.TrailingZeros64(hit2)]; codeOwner(c) == s && m>>maskIndex(c)&1 != 0 {
			if cs.discN == maxDiscovered {
				return false
			}
			cs.discFrom[cs.discN] = int8(from)
			cs.discLine[cs.discN] = near | hit | near2
			cs.discN++
			cs.discAny |= hit
		}
	}
	return true
}

// givesCheck reports whether m, a plain move or double step that does not
// promote, checks the royal the check squares were filled for. (A
// promotion can check along the line its own square shut: legalAfter
// tests it.)
func (cs *checkSquares) givesCheck(p *Position, m Move) bool {
	from, to := m.From(), m.To()
	if cs.direct[codeKind(p.board[from])]>>uint(to)&1 != 0 {
		return true
	}
	if cs.discAny>>uint(from)&1 == 0 {
		return false
	}
	for i := 0; i < cs.discN; i++ {
		if int(cs.discFrom[i]) == from && cs.discLine[i]>>uint(to)&1 == 0 {
			return true
		}
	}
	return false
}
