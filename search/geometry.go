package search

import (
	"strconv"

	"balancefarm/engine/rules"
)

// geometry gives the evaluation coordinates for the engine's square
// numbers. It reads them from the square names (file letter, rank number),
// so it depends on nothing but the naming the language fixes.
type geometry struct {
	nsq           int
	width, height int
	hex           bool
	file, rank    []int
	at            map[[2]int]int // (file, rank) -> square
	byName        map[string]int
	wall          []bool
	ok            bool // every square name was understood
}

// parseSquareName reads "a1", "p16" into 0-based file and rank.
func parseSquareName(s string) (file, rank int, ok bool) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 1 {
		return 0, 0, false
	}
	return int(s[0] - 'a'), n - 1, true
}

func newGeometry(g gameInfo) *geometry {
	spec := g.Spec()
	geo := &geometry{
		nsq:    g.NumSquares(),
		width:  spec.Board.Width,
		height: spec.Board.Height,
		hex:    spec.Board.IsHex(),
		at:     map[[2]int]int{},
		byName: map[string]int{},
		ok:     true,
	}
	geo.file = make([]int, geo.nsq)
	geo.rank = make([]int, geo.nsq)
	geo.wall = make([]bool, geo.nsq)
	for sq := 0; sq < geo.nsq; sq++ {
		name := g.SquareName(sq)
		f, r, ok := parseSquareName(name)
		if !ok {
			geo.ok = false
			geo.file[sq], geo.rank[sq] = -1, -1
			continue
		}
		geo.file[sq], geo.rank[sq] = f, r
		geo.at[[2]int{f, r}] = sq
		geo.byName[name] = sq
	}
	if ob := spec.Rules.Obstacles; ob != nil {
		for _, name := range ob.Squares {
			if sq, ok := geo.byName[name]; ok {
				geo.wall[sq] = true
				if ob.Mirror {
					if m := geo.mirror(sq); m >= 0 {
						geo.wall[m] = true
					}
				}
			}
		}
	}
	return geo
}

// square is the square at (file, rank), -1 off the board or on a wall.
func (geo *geometry) square(f, r int) int {
	sq, ok := geo.at[[2]int{f, r}]
	if !ok || geo.wall[sq] {
		return -1
	}
	return sq
}

// mirror reflects a square's rank, -1 when the image is not a square.
func (geo *geometry) mirror(sq int) int {
	if sq < 0 || geo.file[sq] < 0 {
		return -1
	}
	if s, ok := geo.at[[2]int{geo.file[sq], geo.height - 1 - geo.rank[sq]}]; ok {
		return s
	}
	return -1
}

// rotate turns a square 180 degrees, -1 when the image is not a square.
func (geo *geometry) rotate(sq int) int {
	if sq < 0 || geo.file[sq] < 0 {
		return -1
	}
	if s, ok := geo.at[[2]int{geo.width - 1 - geo.file[sq], geo.height - 1 - geo.rank[sq]}]; ok {
		return s
	}
	return -1
}

// forPlayer maps a square written for the first player to the given
// player's copy: itself for player 0, the reflection (or the 180-degree
// turn when rotate) for player 1.
func (geo *geometry) forPlayer(sq, player int, rotate bool) int {
	if player == 0 {
		return sq
	}
	if rotate {
		return geo.rotate(sq)
	}
	return geo.mirror(sq)
}

// squares resolves a list of names written for the first player to the
// given player's squares, skipping any that are not on the board.
func (geo *geometry) squares(names []string, player int, rotate bool) []int {
	var out []int
	for _, n := range names {
		sq, ok := geo.byName[n]
		if !ok {
			continue
		}
		if s := geo.forPlayer(sq, player, rotate); s >= 0 {
			out = append(out, s)
		}
	}
	return out
}

// distance is the number of king steps between two squares (hex steps on
// a hex board).
func (geo *geometry) distance(a, b int) int {
	df := geo.file[a] - geo.file[b]
	dr := geo.rank[a] - geo.rank[b]
	if geo.hex {
		return (abs(df) + abs(dr) + abs(df+dr)) / 2
	}
	return max(abs(df), abs(dr))
}

// edgeCloseness is how near a square is to the board's rim: 0 in the
// middle, growing toward the edge, in half steps so odd and even boards
// are treated alike.
func (geo *geometry) edgeCloseness(sq int) int {
	cf := abs(2*geo.file[sq] - (geo.width - 1))
	cr := abs(2*geo.rank[sq] - (geo.height - 1))
	return max(cf, cr)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// expandSymmetry gives every image of the base vectors under a symmetry,
// without duplicates, in a fixed order.
func expandSymmetry(vecs []rules.Vector, sym string) [][2]int {
	seen := map[[2]int]bool{}
	var out [][2]int
	add := func(v [2]int) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	rot4 := func(v [2]int) [2]int { return [2]int{-v[1], v[0]} }
	rot6 := func(v [2]int) [2]int { return [2]int{-v[1], v[0] + v[1]} } // axial 60 degrees
	for _, bv := range vecs {
		v := [2]int{bv[0], bv[1]}
		switch sym {
		case rules.SymLateral:
			add(v)
			add([2]int{-v[0], v[1]})
		case rules.SymRotate4:
			for i := 0; i < 4; i++ {
				add(v)
				v = rot4(v)
			}
		case rules.SymDihedral8:
			w := [2]int{v[1], v[0]}
			for i := 0; i < 4; i++ {
				add(v)
				add(w)
				v, w = rot4(v), rot4(w)
			}
		case rules.SymRotate6:
			for i := 0; i < 6; i++ {
				add(v)
				v = rot6(v)
			}
		case rules.SymDihedral12:
			w := [2]int{v[1], v[0]} // swapping the axial coordinates is a reflection
			for i := 0; i < 6; i++ {
				add(v)
				add(w)
				v, w = rot6(v), rot6(w)
			}
		default:
			add(v)
		}
	}
	return out
}
