package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"balancefarm/engine/rules"
)

// rules.drops symmetric and choose_facing (schema 30). Under symmetric
// every drop of the placement phase is a pair: the piece on the chosen
// square and another of its kind on the square mirrored across the
// board's middle file, the partner being the mirror image of the first
// (the kind, among the ways the piece can point, whose moves are the first
// one's reflected left to right: a jian's partner is the other jian, a
// horizontal mover's another horizontal mover). A square on the middle
// file takes one piece. The move is a drop on the chosen square, which is
// always the one on the left half; Make puts the partner down too.
// Under choose_facing a piece with a facing may be put down pointing any
// way its axes allow, one drop per way.

// partnerSq is the square mirrored across the middle file.
func (g *Game) partnerSq(sq int) int {
	return g.at(g.boardOf(sq), g.w-1-g.fileOf[sq], g.rankOf[sq])
}

// loadSymmetric fills the mirror kinds and gives every turned copy its
// declared kind's drop zone, so a chosen facing may go where its piece may.
func (g *Game) loadSymmetric(d *rules.Drops, r *dropRule) error {
	r.symmetric, r.chooseFacing = d.Symmetric, d.ChooseFacing
	if !d.Symmetric && !d.ChooseFacing {
		return nil
	}
	if d.Symmetric && (!d.Placement || d.FillsFromCaptures()) {
		return bad("rules.drops.symmetric requires placement true and from_captures false")
	}
	if f := g.fac; f != nil {
		for p := 0; p < 2; p++ {
			for k := f.nBase; k < g.nk; k++ {
				r.zone[p][k] = r.zone[p][f.base[k]]
			}
		}
	}
	r.mirror = make([]int, g.nk)
	for k := range r.mirror {
		r.mirror[k] = k
	}
	sig := make([]string, g.nk)
	mirrored := make([]string, g.nk)
	for k := 0; k < g.nk; k++ {
		var err error
		if sig[k], err = movesSignature(g.spec.Pieces[k].Moves, false); err != nil {
			return err
		}
		if mirrored[k], err = movesSignature(g.spec.Pieces[k].Moves, true); err != nil {
			return err
		}
	}
	r.sig = sig
	for k := 0; k < g.nk && d.Symmetric; k++ {
		ways := []int{k}
		if f := g.fac; f != nil {
			ways = f.ways[f.base[k]][:]
		}
		for _, w := range ways {
			if w >= 0 && sig[w] == mirrored[k] {
				r.mirror[k] = w
				break
			}
		}
	}
	return nil
}

// movesSignature is a piece's moves as one comparable string, every vector
// expanded and, with mirror, reflected left to right.
func movesSignature(moves []rules.Move, mirror bool) (string, error) {
	flip := func(v [2]int) [2]int {
		if mirror {
			v[0] = -v[0]
		}
		return v
	}
	var parts []string
	for _, m := range moves {
		var vs []string
		if m.Kind == rules.KindBent {
			pairs, err := bentPairs(&m)
			if err != nil {
				return "", err
			}
			for _, bp := range pairs {
				var ts []string
				for _, t := range bp.then {
					ts = append(ts, fmt.Sprint(flip(t)))
				}
				sort.Strings(ts)
				vs = append(vs, fmt.Sprint(flip(bp.first))+">"+strings.Join(ts, ""))
			}
		} else {
			exp, err := expand(m.Vectors, m.Symmetry, false)
			if err != nil {
				return "", err
			}
			for _, v := range exp {
				vs = append(vs, fmt.Sprint(flip(v)))
			}
		}
		sort.Strings(vs)
		m.Vectors, m.Then, m.Symmetry = nil, nil, ""
		parts = append(parts, fmt.Sprintf("%+v%s", m, strings.Join(vs, "")))
	}
	sort.Strings(parts)
	return strings.Join(parts, "|"), nil
}

// dropWays is the kinds a drop of hand kind k may put down: its initial
// way, or under choose_facing every way it can point.
func (g *Game) dropWays(k int, d *dropRule) []int {
	if f := g.fac; d.chooseFacing && f != nil && k < f.nBase && f.ways[k][1]+f.ways[k][2]+f.ways[k][3] > -3 {
		// A way whose moves are an earlier way's is the same drop.
		var out []int
	next:
		for _, w := range f.ways[k] {
			if w < 0 {
				continue
			}
			for _, o := range out {
				if d.sig[o] == d.sig[w] {
					continue next
				}
			}
			out = append(out, w)
		}
		return out
	}
	return []int{g.enterKind(k)}
}

// genPairs appends the symmetric drops of hand kind hk as kind k onto the
// squares of to: the left square of each pair whose partner square is
// empty and open to the mirror kind, and the middle file's squares.
func (p *Position) genPairs(buf []Move, d *dropRule, hk, k int, to *bitset, base Move) []Move {
	g := p.g
	s := p.side
	pk := d.mirror[k]
	two := p.hand[s][hk] >= 2
	for w := 0; w < 4; w++ {
		for x := to[w]; x != 0; x &= x - 1 {
			sq := w<<6 | trailingZeros(x)
			ps := g.partnerSq(sq)
			switch {
			case ps < sq:
				continue // the pair is listed from its left square
			case ps > sq && (!two || p.board[ps] != 0 || !d.zone[s][pk].has(ps)):
				continue
			}
			buf = append(buf, base|Move(sq)|Move(sq)<<8)
		}
	}
	return buf
}

// facingChoices is every way each declared kind of ts can point, leaving
// out a way whose moves are an earlier way's (a promotion's choose_facing).
func (g *Game) facingChoices(ts []int) ([]int, error) {
	var out []int
	for _, t := range ts {
		var sigs []string
		for _, w := range g.fac.ways[t] {
			if w < 0 {
				continue
			}
			sig, err := movesSignature(g.spec.Pieces[w].Moves, false)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(sigs, sig) {
				sigs = append(sigs, sig)
				out = append(out, w)
			}
		}
	}
	return out, nil
}

// symLegal is a symmetric drop's legality: made, the mover's royals
// looked at, unmade (a pair may block on either square).
func (p *Position) symLegal(m Move) bool {
	s := p.side
	p.Make(m)
	ok := !p.inCheck(s)
	p.Unmake()
	return ok
}
