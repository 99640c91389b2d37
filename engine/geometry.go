package engine

import (
	"fmt"

	"balancefarm/engine/rules"
)

type rayRef struct {
	off uint32
	n   uint8
}

type wrapCfg struct{ left, right, bottom, top bool }

func (g *Game) loadBoard() error {
	b := g.spec.Board
	if b.Width < 2 || b.Width > 16 || b.Height < 2 || b.Height > 16 {
		return bad("board is %dx%d: width and height must be 2 to 16", b.Width, b.Height)
	}
	g.boardNames = specBoards(g.spec)
	g.nb = max(len(g.boardNames), 1)
	g.w, g.h, g.bsq = b.Width, b.Height, b.Width*b.Height
	if g.n = g.nb * g.bsq; g.n > maxSquares {
		return bad("boards: %d boards of %d by %d are %d squares, at most %d", g.nb, g.w, g.h, g.n, maxSquares)
	}
	g.small = g.n <= 64
	g.mid = !g.small && g.n <= 128
	g.names = make([]string, g.n)
	g.fileOf = make([]int, g.n)
	g.rankOf = make([]int, g.n)
	for sq := 0; sq < g.n; sq++ {
		local := sq % g.bsq
		g.fileOf[sq], g.rankOf[sq] = local%g.w, local/g.w
		g.names[sq] = g.squareName(sq)
	}
	switch o := g.spec.Setup.Orientation; o {
	case "", "mirror":
	case "rotate":
		g.rotated = true
	default:
		return bad("setup.orientation must be mirror or rotate, got %q", o)
	}
	return g.loadHex()
}

// parseSquare reads an algebraic square name on this board: "B:e4" on a
// game of several boards ("e4" is then board A's).
func (g *Game) parseSquare(s string) (int, bool) {
	board, s, ok := g.splitBoard(s)
	if !ok {
		return 0, false
	}
	sq, ok := g.parseLocal(s)
	return g.at(max(board, 0), g.fileOf[sq], g.rankOf[sq]), ok
}

// parseLocal reads a square name without a board, on the first board.
func (g *Game) parseLocal(s string) (int, bool) {
	if len(s) < 2 || len(s) > 3 || s[0] < 'a' || s[0] > 'p' {
		return 0, false
	}
	x := int(s[0] - 'a')
	y := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return 0, false
		}
		y = y*10 + int(c-'0')
	}
	if s[1] == '0' || x >= g.w || y < 1 || y > g.h || g.offBoard.has((y-1)*g.w+x) {
		return 0, false
	}
	return (y-1)*g.w + x, true
}

// reflect is the square player 1 sees where player 0 sees sq: the rank is
// reflected, and the file too when the setup is rotated.
func (g *Game) reflect(sq int) int {
	x, y := g.fileOf[sq], g.h-1-g.rankOf[sq]
	switch {
	case g.rotated:
		x = g.w - 1 - x
	case g.hex:
		x = g.fileOf[sq] + g.rankOf[sq] - (g.h-1)/2 // the lattice's mirror (hex.go)
	}
	return g.at(g.boardOf(sq), x, y)
}

// squareSet reads a list of squares written for player 0 into one set per
// player (player 1's reflected unless same).
func (g *Game) squareSet(where string, list []string, same bool) ([maxSeats]bitset, error) {
	var out [maxSeats]bitset
	for _, s := range list {
		sq, ok := g.parseSquare(s)
		if !ok {
			return out, bad("%s entry '%s' is not a square on this board", where, s)
		}
		for s := 0; s < g.seats; s++ {
			if same {
				out[s].set(sq)
			} else {
				out[s].set(g.place(s, sq))
			}
		}
	}
	return out, nil
}

func (g *Game) loadWalls() error {
	g.wall = g.offBoard
	o := g.spec.Rules.Obstacles
	if o == nil {
		return nil
	}
	set, err := g.squareSet("rules.obstacles.squares", o.Squares, !o.Mirror)
	if err != nil {
		return err
	}
	for s := 0; s < g.seats; s++ {
		g.wall.or(&set[s])
	}
	if g.wall.count() >= g.n {
		return bad("rules.obstacles walls every square")
	}
	return nil
}

func (g *Game) loadWrap() error {
	w := g.spec.Rules.Wrap
	if w == nil {
		return nil
	}
	if g.hexagon {
		return g.loadHexWrap()
	}
	files := [2]string{w.Files, w.Files}
	if w.FilesByPlayer != nil {
		files = [2]string{w.FilesByPlayer.P0, w.FilesByPlayer.P1}
	}
	ranks := [2]string{w.Ranks, w.Ranks}
	if w.RanksByPlayer != nil {
		ranks = [2]string{w.RanksByPlayer.P0, w.RanksByPlayer.P1}
	}
	for p := 0; p < g.seats; p++ {
		c := &g.wrap[p]
		switch files[p] {
		case "", "none":
		case "left":
			c.left = true
		case "right":
			c.right = true
		case "both":
			c.left, c.right = true, true
		default:
			return bad("rules.wrap.files must be one of none, left, right, both, got %q", files[p])
		}
		switch ranks[p] {
		case "", "none":
		case "bottom":
			c.bottom = true
		case "top":
			c.top = true
		case "both":
			c.bottom, c.top = true, true
		default:
			return bad("rules.wrap.ranks must be one of none, bottom, top, both, got %q", ranks[p])
		}
	}
	return nil
}

func mod(a, m int) int {
	a %= m
	if a < 0 {
		a += m
	}
	return a
}

// step is where one step of board vector (dx, dy) from sq lands for player
// p, with the player's wrap; -1 off the board. Walls are not checked here.
func (g *Game) step(p, sq, dx, dy int) int {
	if g.hexagon {
		return g.hexagonStep(p, sq, dx, dy)
	}
	x, y := g.fileOf[sq]+dx, g.rankOf[sq]+dy
	c := g.wrap[p]
	if x < 0 {
		if !c.left {
			return -1
		}
		x = mod(x, g.w)
	} else if x >= g.w {
		if !c.right {
			return -1
		}
		x = mod(x, g.w)
	}
	if y < 0 {
		if !c.bottom {
			return -1
		}
		y = mod(y, g.h)
	} else if y >= g.h {
		if !c.top {
			return -1
		}
		y = mod(y, g.h)
	}
	return g.at(g.boardOf(sq), x, y)
}

// boardVector turns a vector written from player p's side into the board's
// frame.
func (g *Game) boardVector(p int, v [2]int) [2]int {
	if g.seated {
		return seatVector(g.seatTurn[p], v)
	}
	if p == 0 {
		return v
	}
	if g.rotated {
		return [2]int{-v[0], -v[1]}
	}
	if g.hex {
		return hexMirrorVector(v)
	}
	return [2]int{v[0], -v[1]}
}

// expand applies a symmetry to base vectors, without duplicates.
func expand(vs []rules.Vector, sym string, hex bool) ([][2]int, error) {
	var out [][2]int
	seen := map[[2]int]bool{}
	add := func(x, y int) {
		v := [2]int{x, y}
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, v := range vs {
		x, y := v[0], v[1]
		if x < -8 || x > 8 || y < -8 || y > 8 {
			return nil, fmt.Errorf("vector [%d, %d] is out of range -8 to 8", x, y)
		}
		if x == 0 && y == 0 {
			return nil, fmt.Errorf("vector [0, 0] does not move")
		}
		if hex {
			switch sym {
			case "", rules.SymNone:
				add(x, y)
			case rules.SymRotate6, rules.SymDihedral12:
				expandHex(x, y, sym, add)
			default:
				return nil, fmt.Errorf("symmetry %s is for a square lattice; this board is hex", sym)
			}
			continue
		}
		switch sym {
		case "", rules.SymNone:
			add(x, y)
		case rules.SymLateral:
			add(x, y)
			add(-x, y)
		case rules.SymRotate4:
			add(x, y)
			add(-y, x)
			add(-x, -y)
			add(y, -x)
		case rules.SymDihedral8:
			for _, w := range [][2]int{{x, y}, {-x, y}} {
				add(w[0], w[1])
				add(-w[1], w[0])
				add(-w[0], -w[1])
				add(w[1], -w[0])
			}
		case "rotate6", "dihedral12":
			return nil, fmt.Errorf("symmetry %s needs a hex board", sym)
		default:
			return nil, fmt.Errorf("symmetry must be one of none, lateral, rotate4, dihedral8, rotate6, dihedral12, got %q", sym)
		}
	}
	return out, nil
}

func sign(a int) int {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// dirIndex returns the index of a board vector among the ray directions,
// adding it when new.
func (g *Game) dirIndex(v [2]int) int {
	for i, d := range g.dirs {
		if d == v {
			return i
		}
	}
	g.dirs = append(g.dirs, v)
	return len(g.dirs) - 1
}

// findDir is the index of a ray direction, or -1.
func (g *Game) findDir(v [2]int) int {
	for i, d := range g.dirs {
		if d == v {
			return i
		}
	}
	return -1
}

// buildRays computes every forward ray and reverse chain, per player and
// direction, with walls and wrap folded in.
func (g *Game) buildRays() {
	nd := len(g.dirs)
	g.fwd = make([]rayRef, g.seats*nd*g.n)
	g.rev = make([]rayRef, g.seats*nd*g.n)
	pred := make([]int, g.n)
	for p := 0; p < g.seats; p++ {
		for d, v := range g.dirs {
			for i := range pred {
				pred[i] = -1
			}
			for sq := 0; sq < g.n; sq++ {
				if t := g.step(p, sq, v[0], v[1]); t >= 0 {
					pred[t] = sq
				}
			}
			for sq := 0; sq < g.n; sq++ {
				idx := (p*nd+d)*g.n + sq
				off := len(g.pool)
				for cur, k := sq, 0; k < g.n; k++ {
					cur = g.step(p, cur, v[0], v[1])
					if cur < 0 || cur == sq || g.wall.has(cur) {
						break
					}
					g.pool = append(g.pool, uint8(cur))
				}
				g.fwd[idx] = rayRef{off: uint32(off), n: uint8(len(g.pool) - off)}
				off = len(g.pool)
				for cur, k := sq, 0; k < g.n; k++ {
					cur = pred[cur]
					if cur < 0 || cur == sq || g.wall.has(cur) {
						break
					}
					g.pool = append(g.pool, uint8(cur))
				}
				g.rev[idx] = rayRef{off: uint32(off), n: uint8(len(g.pool) - off)}
			}
		}
	}
}

func (g *Game) fwdRay(p, d, sq int) []uint8 {
	r := g.fwd[(p*len(g.dirs)+d)*g.n+sq]
	return g.pool[r.off : r.off+uint32(r.n)]
}

// lamePath is the squares a lame leap passes before landing: straight steps
// along the longer axis first, then diagonal ones (the xiangqi horse and
// elephant, the janggi elephant). The last entry is the target.
func (g *Game) lamePath(p, sq int, v [2]int) []int {
	ax, ay := abs(v[0]), abs(v[1])
	long, short := ax, ay
	ox, oy := sign(v[0]), 0
	if ay > ax {
		long, short = ay, ax
		ox, oy = 0, sign(v[1])
	}
	var path []int
	cur := sq
	for i := 0; i < long-short; i++ {
		if cur = g.step(p, cur, ox, oy); cur < 0 {
			return nil
		}
		path = append(path, cur)
	}
	for i := 0; i < short; i++ {
		if cur = g.step(p, cur, sign(v[0]), sign(v[1])); cur < 0 {
			return nil
		}
		path = append(path, cur)
	}
	return path
}
