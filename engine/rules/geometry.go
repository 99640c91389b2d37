package rules

import "strconv"

// Square is a cell of the board, 0-based: File 0 is file a, Rank 0 is rank 1.
type Square struct{ File, Rank int }

// ParseSquare reads an algebraic square name ("a1", "p16"): a file letter a
// to p, then a rank number 1 to 16 without leading zeros. It says nothing
// about whether a board has that square; see Board.Contains.
func ParseSquare(name string) (Square, bool) {
	if len(name) < 2 || len(name) > 3 || name[0] < 'a' || name[0] > 'p' || name[1] == '0' {
		return Square{}, false
	}
	rank, err := strconv.Atoi(name[1:])
	if err != nil || rank < 1 || rank > 16 || strconv.Itoa(rank) != name[1:] {
		return Square{}, false
	}
	return Square{File: int(name[0] - 'a'), Rank: rank - 1}, true
}

// String is the square's algebraic name.
func (sq Square) String() string {
	return string(rune('a'+sq.File)) + strconv.Itoa(sq.Rank+1)
}

// Add is the square a vector away.
func (sq Square) Add(v Vector) Square { return Square{sq.File + v[0], sq.Rank + v[1]} }

// Contains reports whether sq is a cell of the board: inside the frame and,
// on a hexagon, not one of the rhombus's cut-off corners.
func (b Board) Contains(sq Square) bool {
	if sq.File < 0 || sq.Rank < 0 || sq.File >= b.Width || sq.Rank >= b.Height {
		return false
	}
	if b.IsHexagon() {
		// A regular hexagon of side k+1 cut from an n = 2k+1 rhombus in
		// axial coordinates: the cells whose third coordinate, q + r,
		// stays within k of the centre's.
		k := (b.Width - 1) / 2
		s := sq.File + sq.Rank
		return s >= k && s <= 3*k
	}
	return true
}

// Cells lists the board's cells, rank by rank from a1.
func (b Board) Cells() []Square {
	var out []Square
	for r := 0; r < b.Height; r++ {
		for f := 0; f < b.Width; f++ {
			if sq := (Square{f, r}); b.Contains(sq) {
				out = append(out, sq)
			}
		}
	}
	return out
}

// Reflect is the square the second player's side uses for sq: the rank
// reflected, and with rotate the file too (a 180-degree turn). On a hex
// lattice the mirror must be one of the lattice's own: the rank is
// reflected about the middle rank and the file moves with it (q+r keeps
// its distance from the middle), the top-to-bottom mirror of the standard
// diagram; it maps a hexagon onto itself (a rhombus is refused with it).
func (b Board) Reflect(sq Square, rotate bool) Square {
	out := Square{sq.File, b.Height - 1 - sq.Rank}
	switch {
	case rotate:
		out.File = b.Width - 1 - sq.File
	case b.IsHex():
		out.File = sq.File + sq.Rank - (b.Height-1)/2
	}
	return out
}

// ReflectVector is a move vector as the second player makes it on a
// square board.
func ReflectVector(v Vector, rotate bool) Vector {
	if rotate {
		return Vector{-v[0], -v[1]}
	}
	return Vector{v[0], -v[1]}
}

// ReflectHexVector is a move vector as the second player makes it on a
// hex lattice: turned half round, or the lattice's top-to-bottom mirror
// (which keeps left and right: [1,0] stays [1,0], [0,1] becomes [1,-1]).
func ReflectHexVector(v Vector, rotate bool) Vector {
	if rotate {
		return Vector{-v[0], -v[1]}
	}
	return Vector{v[0] + v[1], -v[1]}
}

// latticeOf reports which lattice a symmetry belongs to: "square", "hex" or
// "" for one that works on both (none).
func latticeOf(sym string) string {
	switch sym {
	case SymLateral, SymRotate4, SymDihedral8:
		return LatticeSquare
	case SymRotate6, SymDihedral12:
		return LatticeHex
	}
	return ""
}

// ExpandVectors applies a symmetry to base vectors, without duplicates, in a
// fixed order: each base vector's images in turn.
func ExpandVectors(vectors []Vector, symmetry string) []Vector {
	seen := map[Vector]bool{}
	var out []Vector
	add := func(v Vector) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, v := range vectors {
		for _, img := range images(v, symmetry) {
			add(img)
		}
	}
	return out
}

// images is one vector's images under a symmetry.
func images(v Vector, symmetry string) []Vector {
	quarter := func(v Vector) Vector { return Vector{-v[1], v[0]} }
	sixth := func(v Vector) Vector { return Vector{-v[1], v[0] + v[1]} } // 60 degrees, axial
	var out []Vector
	switch symmetry {
	case SymLateral:
		out = []Vector{v, {-v[0], v[1]}}
	case SymRotate4, SymDihedral8:
		w := v
		for i := 0; i < 4; i++ {
			out = append(out, w)
			w = quarter(w)
		}
		if symmetry == SymDihedral8 {
			w = Vector{-v[0], v[1]}
			for i := 0; i < 4; i++ {
				out = append(out, w)
				w = quarter(w)
			}
		}
	case SymRotate6, SymDihedral12:
		w := v
		for i := 0; i < 6; i++ {
			out = append(out, w)
			w = sixth(w)
		}
		if symmetry == SymDihedral12 {
			w = Vector{v[1], v[0]} // the mirror that swaps q and r
			for i := 0; i < 6; i++ {
				out = append(out, w)
				w = sixth(w)
			}
		}
	default:
		out = []Vector{v}
	}
	return out
}

// stepLength is how many single steps a vector spans on the lattice: the
// king distance on squares, the hex distance on hexagons.
func stepLength(v Vector, hex bool) int {
	a, b := abs(v[0]), abs(v[1])
	if hex {
		return max(a, b, abs(v[0]+v[1]))
	}
	return max(a, b)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
