package engine

import (
	"balancefarm/engine/rules"
)

// The hex lattice. A hex board is the width by height rhombus in axial
// coordinates (file q, rank r), numbered as a square board is, so every
// table, ray and mask of the square board carries over; what differs is
// here: the six neighbours and the lattice's symmetries, the second
// player's mirror, the cells a hexagon cuts off, the joins of a hexagon's
// sides and the squares a lame leap passes.

// hexDirs are the six neighbours in counter-clockwise order from [1,0]
// (east in the standard diagram, where ranks are rows and [0,1] is up and
// to the right).
var hexDirs = [6][2]int{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

// hexDist is the number of single steps a vector spans on the lattice.
func hexDist(a, b int) int { return max(abs(a), abs(b), abs(a+b)) }

// hexSides are a hexagon's six sides, each with the translation that
// carries the copy of the hexagon beyond that side onto the board (the
// hexagon tiles the plane with copies at these offsets, in units of its
// radius R: {x*(R) + y} for each coefficient pair).
type hexSide struct {
	name string
	// offset = (qa*R + qb, ra*R + rb)
	qa, qb, ra, rb int
}

var hexSides = [6]hexSide{
	{"n", -1, -1, 2, 1},
	{"s", 1, 1, -2, -1},
	{"ne", 1, 0, 1, 1},
	{"sw", -1, 0, -1, -1},
	{"se", 2, 1, -1, 0},
	{"nw", -2, -1, 1, 0},
}

// hexWrap is, per player, which of a hexagon's sides a piece may leave by
// and come back in at the opposite one (indexed as hexSides).
type hexWrap [6]bool

func (g *Game) loadHex() error {
	b := g.spec.Board
	g.hex = b.IsHex()
	if !g.hex {
		return nil
	}
	if b.IsHexagon() {
		if b.Width != b.Height || b.Width%2 == 0 {
			return bad("board.shape 'hexagon' requires an odd board.width equal to board.height, got %d by %d", b.Width, b.Height)
		}
		g.hexagon = true
		g.hexR = (b.Width - 1) / 2
		for sq := 0; sq < g.n; sq++ {
			if !g.inHexagon(g.fileOf[sq], g.rankOf[sq]) {
				g.offBoard.set(sq)
			}
		}
	} else if !g.rotated {
		return bad("setup.orientation 'mirror' cannot be played on a hex rhombus: use orientation 'rotate', or board.shape 'hexagon'")
	}
	return nil
}

// inHexagon reports whether frame coordinates are a cell of the hexagon.
func (g *Game) inHexagon(q, r int) bool {
	if q < 0 || r < 0 || q >= g.w || r >= g.h {
		return false
	}
	return hexDist(q-g.hexR, r-g.hexR) <= g.hexR
}

func (g *Game) loadHexWrap() error {
	w := g.spec.Rules.Wrap
	if w == nil {
		return nil
	}
	pairs := []struct {
		key       string
		all       string
		by        *rules.PerPlayerStr
		one, more int // indices into hexSides: the first named side, the second
	}{
		{"n_s", w.NS, w.NSByPlayer, 0, 1},
		{"ne_sw", w.NESW, w.NESWByPlayer, 2, 3},
		{"nw_se", w.NWSE, w.NWSEByPlayer, 5, 4},
	}
	for _, pr := range pairs {
		vals := [2]string{pr.all, pr.all}
		if pr.by != nil {
			vals = [2]string{pr.by.P0, pr.by.P1}
		}
		for p := 0; p < g.seats; p++ {
			switch v := vals[p]; v {
			case "", "none":
			case hexSides[pr.one].name:
				g.hexWrap[p][pr.one] = true
			case hexSides[pr.more].name:
				g.hexWrap[p][pr.more] = true
			case "both":
				g.hexWrap[p][pr.one], g.hexWrap[p][pr.more] = true, true
			default:
				return bad("rules.wrap.%s must be one of none, %s, %s, both, got %q", pr.key, hexSides[pr.one].name, hexSides[pr.more].name, v)
			}
		}
	}
	return nil
}

// hexagonStep is step on a hexagon: a target off the hexagon lies in the
// copy of the hexagon beyond one side, and comes back by that copy's
// offset when the player may leave by that side (the hexagonal torus, so
// a long leap may cross more than one side).
func (g *Game) hexagonStep(p, sq, dx, dy int) int {
	R := g.hexR
	a, b := g.fileOf[sq]-R+dx, g.rankOf[sq]-R+dy
	for range 8 {
		if hexDist(a, b) <= R {
			return (b+R)*g.w + a + R
		}
		best, bestD := -1, hexDist(a, b)
		for i, s := range hexSides {
			oq, or := s.qa*R+s.qb, s.ra*R+s.rb
			if d := hexDist(a-oq, b-or); d < bestD {
				best, bestD = i, d
			}
		}
		if best < 0 || !g.hexWrap[p][best] {
			return -1
		}
		s := hexSides[best]
		a, b = a-(s.qa*R+s.qb), b-(s.ra*R+s.rb)
	}
	return -1
}

// hexMirrorVector is a vector as the second player makes it under the
// mirror orientation: the lattice's top-to-bottom mirror (rules.Board.Reflect).
func hexMirrorVector(v [2]int) [2]int { return [2]int{v[0] + v[1], -v[1]} }

// expandHex applies rotate6 or dihedral12 to a vector (none is handled
// by the caller).
func expandHex(x, y int, sym string, add func(x, y int)) {
	w := [2]int{x, y}
	for i := 0; i < 6; i++ {
		add(w[0], w[1])
		w = [2]int{-w[1], w[0] + w[1]}
	}
	if sym == rules.SymDihedral12 {
		w = [2]int{y, x}
		for i := 0; i < 6; i++ {
			add(w[0], w[1])
			w = [2]int{-w[1], w[0] + w[1]}
		}
	}
}

// hexSteps splits a vector, in the mover's own frame, into single steps:
// it lies between two neighbouring directions d_i and d_i+1 (in hexDirs'
// order), v = a*d_i + b*d_i+1; the steps go the longer way first, and on
// a tie along d_i first. Worked out in the writer's frame and then turned
// to the board, so the second player's path mirrors the first's.
func hexSteps(v [2]int) [][2]int {
	for i := 0; i < 6; i++ {
		d, e := hexDirs[i], hexDirs[(i+1)%6]
		// Solve v = a*d + b*e (the basis has determinant 1 for neighbours).
		det := d[0]*e[1] - d[1]*e[0]
		a := (v[0]*e[1] - v[1]*e[0]) / det
		b := (d[0]*v[1] - d[1]*v[0]) / det
		if a <= 0 || b < 0 || a*d[0]+b*e[0] != v[0] || a*d[1]+b*e[1] != v[1] {
			continue
		}
		var out [][2]int
		first, second, n1, n2 := d, e, a, b
		if b > a {
			first, second, n1, n2 = e, d, b, a
		}
		for range n1 {
			out = append(out, first)
		}
		for range n2 {
			out = append(out, second)
		}
		return out
	}
	return nil
}

// hexLamePath is lamePath on a hex lattice, from the vector as written.
func (g *Game) hexLamePath(p, sq int, written [2]int) []int {
	var path []int
	cur := sq
	for _, s := range hexSteps(written) {
		bv := g.boardVector(p, s)
		if cur = g.step(p, cur, bv[0], bv[1]); cur < 0 {
			return nil
		}
		path = append(path, cur)
	}
	return path
}
