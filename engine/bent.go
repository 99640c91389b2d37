package engine

import (
	"fmt"

	"balancefarm/engine/rules"
)

// Bent moves (schema 30, kind "bent"): a first step, then a slide along
// directions tied to that step (the griffin: one diagonal step, then
// outward orthogonally). They are compiled into lame-leap entries, one per
// landing, whose legs are the squares passed, so generation, attack tables,
// pins and the view treat them as they treat lame leaps, with no new code
// on the hot paths.

// bentPair is one image of a bent move: its first step and the directions
// it may slide in after it, in the writer's frame.
type bentPair struct {
	first [2]int
	then  [][2]int
}

// squareSyms are the symmetry images of a vector on a square lattice, as
// matrices applied to (x, y): the same ones expand lists, so a pair is
// moved by one image as a whole.
func squareSyms(sym string) ([][4]int, error) {
	id := [4]int{1, 0, 0, 1}
	rot := [][4]int{id, {0, -1, 1, 0}, {-1, 0, 0, -1}, {0, 1, -1, 0}}
	switch sym {
	case "", rules.SymNone:
		return [][4]int{id}, nil
	case rules.SymLateral:
		return [][4]int{id, {-1, 0, 0, 1}}, nil
	case rules.SymRotate4:
		return rot, nil
	case rules.SymDihedral8:
		out := append([][4]int(nil), rot...)
		for _, r := range rot {
			// r after the mirror x -> -x.
			out = append(out, [4]int{-r[0], r[1], -r[2], r[3]})
		}
		return out, nil
	}
	return nil, fmt.Errorf("symmetry %s is not for a bent move", sym)
}

func apply2(m [4]int, v [2]int) [2]int { return [2]int{m[0]*v[0] + m[1]*v[1], m[2]*v[0] + m[3]*v[1]} }

// bentPairs expands a bent move's vectors and then by its symmetry, each
// image of a first step keeping the images of its own directions.
func bentPairs(m *rules.Move) ([]bentPair, error) {
	if len(m.Then) == 0 {
		return nil, fmt.Errorf("a bent move needs then")
	}
	syms, err := squareSyms(m.Symmetry)
	if err != nil {
		return nil, err
	}
	var out []bentPair
	index := map[[2]int]int{}
	for _, v := range m.Vectors {
		for _, s := range syms {
			f := apply2(s, [2]int(v))
			if f == [2]int{} {
				return nil, fmt.Errorf("vector [0, 0] does not move")
			}
			i, ok := index[f]
			if !ok {
				i = len(out)
				index[f] = i
				out = append(out, bentPair{first: f})
			}
			for _, t := range m.Then {
				d := apply2(s, [2]int(t))
				if d == [2]int{} {
					return nil, fmt.Errorf("then [0, 0] does not move")
				}
				dup := false
				for _, e := range out[i].then {
					dup = dup || e == d
				}
				if !dup {
					out[i].then = append(out[i].then, d)
				}
			}
		}
	}
	return out, nil
}

// bentLines calls land for every landing of a bent pair from sq (board
// frame), with the squares passed before it: the first step, then each
// direction's slide up to maxR squares (0: unlimited), stopping at the
// edge, a wall or the start.
func (g *Game) bentLines(p, sq int, bp bentPair, maxR int, land func(to int, legs []int)) {
	f := g.boardVector(p, bp.first)
	s := g.step(p, sq, f[0], f[1])
	if s < 0 || s == sq || g.wall.has(s) {
		return
	}
	land(s, nil)
	for _, t := range bp.then {
		d := g.boardVector(p, t)
		path := []int{s}
		cur := s
		for r := 1; maxR == 0 || r <= maxR; r++ {
			nxt := g.step(p, cur, d[0], d[1])
			if nxt < 0 || nxt == sq || g.wall.has(nxt) || containsInt(path, nxt) {
				break
			}
			land(nxt, append([]int(nil), path...))
			path = append(path, nxt)
			cur = nxt
		}
	}
}
