package engine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"balancefarm/engine/rules"
)

// hexRef is a slow move generator for hex rule files written straight
// from the reference's wording, sharing nothing with the engine's tables:
// axial cells, the six neighbours, rotate6 and dihedral12 worked out here,
// the second player's vectors turned half round or mirrored top to bottom,
// the hexagon cut from the rhombus, slides, leaps and lame leaps, first-move
// and region conditions, promotion squares, en passant of the promoting
// piece, and check by making each move and looking for a capture of a
// royal. It covers what the hex files use (no wrap, hops, sweeps, castling,
// piece regions or drops) and refuses a file that uses more.
type hexRef struct {
	spec     *rules.Spec
	w, h, r  int
	hexagon  bool
	rotate   bool
	ids      map[string]int
	walls    map[[2]int]bool
	zone     [2]map[[2]int]bool
	promoK   int
	promoTo  [2][]int
	ep       bool
	checkWin bool
}

// refPos is the reference's own position: who stands where, who has
// moved, the squares a double step passed and whose piece passed them.
type refPos struct {
	at     map[[2]int][3]int // kind, owner, moved (0/1)
	side   int
	epSq   [][2]int
	epFrom [2]int
}

type refMove struct {
	from, to [2]int
	promo    int
	passed   [][2]int // squares a slide of two or more passed (en passant)
	epTake   bool
	epVictim [2]int
}

func newHexRef(t *testing.T, s *rules.Spec) *hexRef {
	t.Helper()
	h := &hexRef{spec: s, w: s.Board.Width, h: s.Board.Height, hexagon: s.Board.IsHexagon(), rotate: s.Setup.Rotated(),
		ids: map[string]int{}, walls: map[[2]int]bool{}, promoK: -1, ep: s.Rules.EnPassant}
	h.r = (h.w - 1) / 2
	h.checkWin = s.Rules.WinOrDefault() == rules.WinCheckmate
	for i, p := range s.Pieces {
		h.ids[p.ID] = i
		if p.Region != nil || p.Facing != nil {
			t.Fatalf("hexRef: pieces[%d] uses a region or facing", i)
		}
		for _, m := range p.Moves {
			if m.Kind != rules.KindLeap && m.Kind != rules.KindSlide && m.Kind != rules.KindLame {
				t.Fatalf("hexRef: move kind %s", m.Kind)
			}
		}
	}
	r := &s.Rules
	if r.Wrap != nil || r.Castling != nil || r.Drops != nil || len(r.Promotion) > 1 || r.MustCapture || r.ForbidCheck {
		t.Fatalf("hexRef: %s uses a rule it does not read", s.Name)
	}
	if o := r.Obstacles; o != nil {
		for _, n := range o.Squares {
			c := h.cell(n)
			h.walls[c] = true
			if o.Mirror {
				h.walls[h.reflect(c)] = true
			}
		}
	}
	for p := 0; p < 2; p++ {
		h.zone[p] = map[[2]int]bool{}
	}
	if len(r.Promotion) == 1 {
		pr := r.Promotion[0]
		h.promoK = h.ids[pr.Piece]
		for _, n := range pr.Squares {
			c := h.cell(n)
			h.zone[0][c], h.zone[1][h.reflect(c)] = true, true
		}
		for p := 0; p < 2; p++ {
			for _, id := range pr.Targets(p) {
				h.promoTo[p] = append(h.promoTo[p], h.ids[id])
			}
		}
	}
	return h
}

func (h *hexRef) cell(name string) [2]int {
	f := int(name[0] - 'a')
	r, _ := strconv.Atoi(name[1:])
	return [2]int{f, r - 1}
}

func (h *hexRef) name(c [2]int) string { return fmt.Sprintf("%c%d", 'a'+c[0], c[1]+1) }

// onBoard: inside the width by height frame and, on a hexagon, no more
// than r steps from the centre; not a wall.
func (h *hexRef) onBoard(c [2]int) bool {
	if c[0] < 0 || c[1] < 0 || c[0] >= h.w || c[1] >= h.h || h.walls[c] {
		return false
	}
	if h.hexagon {
		a, b := c[0]-h.r, c[1]-h.r
		return max(abs(a), abs(b), abs(a+b)) <= h.r
	}
	return true
}

// reflect is the square player 1 uses for player 0's c.
func (h *hexRef) reflect(c [2]int) [2]int {
	if h.rotate {
		return [2]int{h.w - 1 - c[0], h.h - 1 - c[1]}
	}
	return [2]int{c[0] + c[1] - (h.h-1)/2, h.h - 1 - c[1]}
}

// vectors expands a move's vectors and turns them to the player's side.
func (h *hexRef) vectors(m *rules.Move, p int) [][2]int {
	var out [][2]int
	add := func(v [2]int) {
		if p == 1 {
			if h.rotate {
				v = [2]int{-v[0], -v[1]}
			} else {
				v = [2]int{v[0] + v[1], -v[1]}
			}
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	for _, v := range m.Vectors {
		base := [][2]int{{v[0], v[1]}}
		if m.SymmetryOrDefault() == rules.SymDihedral12 {
			base = append(base, [2]int{v[1], v[0]})
		}
		for _, b := range base {
			if m.SymmetryOrDefault() == rules.SymNone {
				add(b)
				continue
			}
			for i := 0; i < 6; i++ { // 60 degrees counter-clockwise: [1,0] -> [0,1]
				add(b)
				b = [2]int{-b[1], b[0] + b[1]}
			}
		}
	}
	return out
}

// lameLegs are the cells a lame leap passes: single steps along the two
// neighbour directions around the vector, the longer way first (a tie
// along the first in [1,0], [0,1], [-1,1], ... order), in the writer's
// frame, then turned to the player's side.
func (h *hexRef) lameSteps(v [2]int) [][2]int {
	nb := [][2]int{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}
	for i := range nb {
		d, e := nb[i], nb[(i+1)%6]
		for a := 1; a <= 16; a++ {
			for b := 0; b <= 16; b++ {
				if a*d[0]+b*e[0] == v[0] && a*d[1]+b*e[1] == v[1] {
					var out [][2]int
					x, y, nx, ny := d, e, a, b
					if b > a {
						x, y, nx, ny = e, d, b, a
					}
					for range nx {
						out = append(out, x)
					}
					for range ny {
						out = append(out, y)
					}
					return out
				}
			}
		}
	}
	return nil
}

func (h *hexRef) turn(v [2]int, p int) [2]int {
	if p == 0 {
		return v
	}
	if h.rotate {
		return [2]int{-v[0], -v[1]}
	}
	return [2]int{v[0] + v[1], -v[1]}
}

func add2(a, b [2]int) [2]int { return [2]int{a[0] + b[0], a[1] + b[1]} }

func (h *hexRef) mayCapture(k, victim int) bool {
	c := h.spec.Pieces[k].Captures
	return c == nil || slices.Contains(c, h.spec.Pieces[victim].ID)
}

// pseudo is every move of the side to move, checks aside.
func (h *hexRef) pseudo(pos *refPos, side int) []refMove {
	var out []refMove
	for from, pc := range pos.at {
		if pc[1] != side {
			continue
		}
		k := pc[0]
		for _, m := range h.spec.Pieces[k].Moves {
			mode := m.ModeOrDefault()
			quiet, capt := mode != rules.ModeCapture, mode != rules.ModeMove
			if c := m.Condition; c != nil {
				if c.FirstMove && pc[2] != 0 {
					continue
				}
				if c.FromRank != nil {
					rank := from[1]
					if side == 1 {
						rank = h.h - 1 - rank
					}
					if rank != *c.FromRank {
						continue
					}
				}
				if c.Region != nil {
					in := false
					for _, n := range c.Region {
						sq := h.cell(n)
						if side == 1 {
							sq = h.reflect(sq)
						}
						in = in || sq == from
					}
					if !in {
						continue
					}
				}
			}
			land := func(to [2]int, passed [][2]int) {
				if !h.onBoard(to) {
					return
				}
				if v, ok := pos.at[to]; ok {
					if v[1] == side || !capt || !h.mayCapture(k, v[0]) {
						return
					}
				} else if !quiet {
					if !capt || !h.ep || k != h.promoK || !slices.Contains(pos.epSq, to) {
						return
					}
					if !h.mayCapture(k, pos.at[pos.epFrom][0]) {
						return
					}
					out = append(out, refMove{from: from, to: to, promo: -1, epTake: true, epVictim: pos.epFrom})
					return
				}
				out = append(out, refMove{from: from, to: to, promo: -1, passed: passed})
			}
			for wi, v := range h.vectors(&m, side) {
				switch m.Kind {
				case rules.KindLeap:
					land(add2(from, v), nil)
				case rules.KindLame:
					written := h.vectors(&m, 0)[wi]
					cur, blocked := from, false
					steps := h.lameSteps(written)
					for i, s := range steps {
						cur = add2(cur, h.turn(s, side))
						if !h.onBoard(cur) && i < len(steps)-1 {
							blocked = true
						}
						if _, ok := pos.at[cur]; ok && i < len(steps)-1 {
							blocked = true
						}
					}
					if !blocked {
						land(cur, nil)
					}
				case rules.KindSlide:
					rng, minR := m.RangeOrDefault(), m.MinRangeOrDefault()
					cur := from
					var passed [][2]int
					for n := 1; rng == 0 || n <= rng; n++ {
						cur = add2(cur, v)
						if !h.onBoard(cur) || cur == from {
							break
						}
						if n >= minR {
							var ps [][2]int
							if n >= 2 {
								ps = slices.Clone(passed)
							}
							land(cur, ps)
						}
						if _, ok := pos.at[cur]; ok {
							break
						}
						passed = append(passed, cur)
					}
				}
			}
		}
	}
	return out
}

// legal is the legal move list.
func (h *hexRef) legal(pos *refPos) []refMove {
	var out []refMove
	for _, m := range h.pseudo(pos, pos.side) {
		// Promotion: every target, when the promoting piece lands in the zone.
		var ms []refMove
		if pos.at[m.from][0] == h.promoK && h.zone[pos.side][m.to] {
			for _, t := range h.promoTo[pos.side] {
				pm := m
				pm.promo = t
				ms = append(ms, pm)
			}
		} else {
			ms = []refMove{m}
		}
		for _, mm := range ms {
			if !h.checkWin || h.safe(pos, mm) {
				out = append(out, mm)
			}
		}
	}
	return out
}

// safe makes m and reports whether the mover keeps a royal not attacked.
func (h *hexRef) safe(pos *refPos, m refMove) bool {
	next := h.make(pos, m)
	side := pos.side
	var royals [][2]int
	for sq, pc := range next.at {
		if pc[1] == side && h.spec.Pieces[pc[0]].Royal {
			royals = append(royals, sq)
		}
	}
	if len(royals) == 0 {
		return true
	}
	hit := map[[2]int]bool{}
	for _, r := range h.pseudo(next, 1-side) {
		hit[r.to] = true
	}
	for _, r := range royals {
		if !hit[r] {
			return true
		}
	}
	return false
}

func (h *hexRef) make(pos *refPos, m refMove) *refPos {
	next := &refPos{at: map[[2]int][3]int{}, side: 1 - pos.side}
	for k, v := range pos.at {
		next.at[k] = v
	}
	pc := next.at[m.from]
	delete(next.at, m.from)
	if m.epTake {
		delete(next.at, m.epVictim)
	}
	pc[2] = 1
	if m.promo >= 0 {
		pc[0] = m.promo
	}
	next.at[m.to] = pc
	if h.ep && pc[0] == h.promoK && len(m.passed) > 0 {
		next.epSq, next.epFrom = m.passed, m.to
	}
	return next
}

func (h *hexRef) start(t *testing.T) *refPos {
	pos := &refPos{at: map[[2]int][3]int{}}
	for _, pl := range h.spec.Setup.Placements {
		for _, n := range pl.Squares {
			c := h.cell(n)
			pos.at[c] = [3]int{h.ids[pl.Piece], pl.Player, 0}
			if h.spec.Setup.Mirrored() && pl.Player == 0 {
				pos.at[h.reflect(c)] = [3]int{h.ids[pl.Piece], 1, 0}
			}
		}
	}
	return pos
}

func (h *hexRef) perft(pos *refPos, depth int) uint64 {
	ms := h.legal(pos)
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += h.perft(h.make(pos, m), depth-1)
	}
	return n
}

func (h *hexRef) key(m refMove) string {
	s := h.name(m.from) + h.name(m.to)
	if m.promo >= 0 {
		s += "=" + h.spec.Pieces[m.promo].ID
	}
	return s
}

func engineKey(p *Position, m Move) string {
	g := p.g
	s := g.names[m.From()] + g.names[m.To()]
	if k := m.Promotion(); k >= 0 {
		s += "=" + g.kinds[k].id
	}
	return s
}

var hexFiles = []string{"rulesets/hex-skirmish.json", "rulesets/glinski.json", "rulesets/mccooey.json", "engine/rules/testdata/valid/hexagon.json"}

// TestHexMatchesReference plays random games of every hex rule file; at
// each position the engine's legal moves (from, to, promotion) must be the
// reference generator's, whose position is kept alongside by its own
// make.
func TestHexMatchesReference(t *testing.T) {
	games, plies := 2, 150
	if testing.Short() {
		games, plies = 1, 100
	}
	for _, file := range hexFiles {
		t.Run(file, func(t *testing.T) {
			g := loadFile(t, file)
			ref := newHexRef(t, g.spec)
			rng := rand.New(rand.NewPCG(5, uint64(len(file))))
			for game := 0; game < games; game++ {
				p := g.NewPosition()
				rp := ref.start(t)
				for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
					got := p.LegalMoves(nil)
					want := ref.legal(rp)
					a, b := make([]string, len(got)), make([]string, len(want))
					byKey := map[string]refMove{}
					for i, m := range got {
						a[i] = engineKey(p, m)
					}
					for i, m := range want {
						b[i] = ref.key(m)
						byKey[b[i]] = m
					}
					slices.Sort(a)
					slices.Sort(b)
					if !slices.Equal(a, b) {
						t.Fatalf("%s:\nengine    %v\nreference %v", p.FEN(), a, b)
					}
					m := got[rng.IntN(len(got))]
					rp = ref.make(rp, byKey[engineKey(p, m)])
					p.Make(m)
				}
			}
		})
	}
}

// TestHexPerftVectors checks the committed hex perft counts against the
// engine, and against the reference generator where that is quick (up to
// 3,000 nodes in -short mode, 40,000 otherwise; every row with
// BALANCEFARM_HEX_PERFT=4, which takes most of an hour).
func TestHexPerftVectors(t *testing.T) {
	refLimit := uint64(40_000)
	if testing.Short() {
		refLimit = 3_000
	}
	if os.Getenv("BALANCEFARM_HEX_PERFT") == "4" {
		refLimit = 1 << 62
	}
	games := map[string]*Game{}
	for _, row := range readVectors(t, "hex-perft.tsv") {
		t.Run(fmt.Sprintf("%s/%d", row.name, row.depth), func(t *testing.T) {
			perftAllowed(t, row.nodes)
			g := games[row.name]
			if g == nil {
				g = loadFile(t, row.name)
				games[row.name] = g
			}
			p := g.NewPosition()
			if row.fen != "" {
				p = mustFEN(t, g, row.fen)
			}
			if got := p.Perft(row.depth); got != row.nodes {
				t.Errorf("engine perft(%d) = %d, want %d", row.depth, got, row.nodes)
			}
			if row.nodes <= refLimit && row.fen == "" {
				ref := newHexRef(t, g.spec)
				if got := ref.perft(ref.start(t), row.depth); got != row.nodes {
					t.Errorf("reference perft(%d) = %d, want %d", row.depth, got, row.nodes)
				}
			}
		})
	}
}
