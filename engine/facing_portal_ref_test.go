package engine

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// fpRef is a slow move generator for square boards with facings, portals
// and a placement phase, written from the reference's wording and sharing
// nothing with the engine's tables: each piece's vectors are expanded,
// turned by its facing (a quarter turn clockwise takes forward [0,1] to
// right [1,0]) and turned to its player's side here; a momentum end stops
// a line, and a step ending on one that lets the piece in comes out one
// king's step beyond the end it leads to; a step ending on an empty fold
// that lets it in may land on the fold's other end instead; ends move by
// their piece's leaps; check is making the move and looking for a capture
// of a royal. It reads what the files below use (leaps and slides with
// range and min_range, captures lists, walls, promotion, drops with a
// placement phase) and refuses a file that uses more. Schema 30 adds bent
// moves (each symmetry image of the first step keeps the same image of its
// directions), rules.entry (a move enters a set when it lands on or passes
// over one of its squares from outside), promotions on squares, and
// symmetric placement with chosen facings (the partner is the facing whose
// moves are the chosen one's reflected left to right), and promotion rests
// (the promoted piece may not move while it rests unless nothing else can,
// still attacks, reaches no goal, and at the end of its owner's last
// resting turn goes to the first empty home square, or rests on).
type fpRef struct {
	s        *rules.Spec
	w, h     int
	rotate   bool
	ids      map[string]int
	walls    map[[2]int]bool
	ends     []fpEnd
	promos   []fpPromo
	entry    []fpEntry
	sym      bool
	choose   bool
	region   [2]map[int]map[[2]int]bool // drop regions per player and kind
	checkWin bool
}

type fpPromo struct {
	k       int
	choose  bool // every way a target points whose moves differ
	zone    [2]map[[2]int]bool
	to      [2][]int
	mandate bool
	rest    int
	home    [2][][2]int
}

type fpEntry struct {
	squares, from, exit map[[2]int]bool // nil from, exit: no restriction
	pieces              map[string]bool // nil: every piece
}

type fpEnd struct {
	at      [2]int
	to      int
	enter   [2]bool
	carries map[string]bool // nil: every piece
	movedBy [2]bool
	nsb     bool
	fold    bool
	piece   int
}

type fpPiece struct{ kind, owner, face int }

type fpPos struct {
	at     map[[2]int]fpPiece
	side   int
	ends   [][2]int
	back   int // end barred from going straight back, -1 none
	backSq [2]int
	hand   [2]map[int]int
	rest   map[[2]int]int // promotion rests left, per square
}

type fpMove struct {
	key      string
	from, to [2]int
	promo    int // kind, -1 none
	pface    int // the promoted piece's facing
	turn     int // new facing, -1 not a turn
	end      int // portal end moved, -1 none
	drop     int // kind dropped, -1 none
	dface    int // the dropped piece's facing
	capture  bool
}

func newFPRef(t *testing.T, s *rules.Spec) *fpRef {
	t.Helper()
	r := &fpRef{s: s, w: s.Board.Width, h: s.Board.Height, rotate: s.Setup.Rotated(), ids: map[string]int{}, walls: map[[2]int]bool{}}
	if s.Board.IsHex() {
		t.Fatalf("fpRef: square boards only")
	}
	r.checkWin = s.Rules.WinOrDefault() == rules.WinCheckmate
	for i, p := range s.Pieces {
		r.ids[p.ID] = i
		if p.Region != nil {
			t.Fatalf("fpRef: pieces[%d].region", i)
		}
		for _, m := range p.Moves {
			if m.Kind != rules.KindLeap && m.Kind != rules.KindSlide && m.Kind != rules.KindBent || m.Condition != nil {
				t.Fatalf("fpRef: pieces[%d] moves by %s or with a condition", i, m.Kind)
			}
		}
	}
	ru := &s.Rules
	if ru.Wrap != nil || ru.Castling != nil || ru.EnPassant || ru.MustCapture || ru.ForbidCheck || ru.RoyalFacing == "forbidden" {
		t.Fatalf("fpRef: %s uses a rule it does not read", s.Name)
	}
	if o := ru.Obstacles; o != nil {
		for _, n := range o.Squares {
			c := r.cell(n)
			r.walls[c] = true
			if o.Mirror {
				r.walls[r.reflect(c)] = true
			}
		}
	}
	for p := 0; p < 2; p++ {
		r.region[p] = map[int]map[[2]int]bool{}
	}
	for _, pr := range ru.Promotion {
		fp := fpPromo{k: r.ids[pr.Piece], mandate: pr.IsMandatory(), zone: [2]map[[2]int]bool{{}, {}}, choose: pr.ChooseFacing, rest: pr.Rest}
		for _, n := range pr.Home {
			c := r.cell(n)
			fp.home[0], fp.home[1] = append(fp.home[0], c), append(fp.home[1], r.reflect(c))
		}
		if pr.Ranks != nil || pr.OnLeaving || pr.OnlyLost {
			t.Fatalf("fpRef: promotion ranks, on_leaving or only_lost")
		}
		if pr.Squares != nil {
			for _, n := range pr.Squares {
				c := r.cell(n)
				fp.zone[0][c], fp.zone[1][r.reflect(c)] = true, true
			}
		} else {
			rank := r.h - 1
			if pr.Rank != nil && !pr.Rank.Last {
				rank = pr.Rank.Index
			}
			for x := 0; x < r.w; x++ {
				fp.zone[0][[2]int{x, rank}] = true
				fp.zone[1][[2]int{x, r.h - 1 - rank}] = true
			}
		}
		for p := 0; p < 2; p++ {
			for _, id := range pr.Targets(p) {
				fp.to[p] = append(fp.to[p], r.ids[id])
			}
		}
		r.promos = append(r.promos, fp)
	}
	for _, e := range ru.Entry {
		set := func(names []string, mirror bool) map[[2]int]bool {
			if names == nil {
				return nil
			}
			m := map[[2]int]bool{}
			for _, n := range names {
				c := r.cell(n)
				if mirror {
					c = r.reflect(c)
				}
				m[c] = true
			}
			return m
		}
		for _, mirror := range []bool{false, true} {
			if mirror && !e.Mirror {
				continue
			}
			r.entry = append(r.entry, fpEntry{squares: set(e.Squares, mirror), from: set(e.From, mirror), exit: set(e.ExitTo, mirror), pieces: setOf(e.Pieces)})
		}
	}
	if d := ru.Drops; d != nil {
		r.sym, r.choose = d.Symmetric, d.ChooseFacing
		if !d.Placement || d.FillsFromCaptures() || d.NoMate != nil || d.NoDoubled != nil {
			t.Fatalf("fpRef: drops other than a placement phase")
		}
		for id, list := range d.Region {
			k := r.ids[id]
			r.region[0][k], r.region[1][k] = map[[2]int]bool{}, map[[2]int]bool{}
			for _, n := range list {
				c := r.cell(n)
				r.region[0][k][c] = true
				r.region[1][k][r.reflect(c)] = true
			}
		}
	}
	for gi, gr := range ru.Portals {
		if gr.Ends != nil {
			t.Fatalf("fpRef: portals[%d] as a map of ends", gi)
		}
		base := fpEnd{nsb: gr.NoStraightBack, fold: gr.IsFold(), piece: r.ids[gr.Piece]}
		o, b := base, base
		o.at, b.at = r.cell(gr.Orange), r.cell(gr.Blue)
		o.to, b.to = len(r.ends)+1, len(r.ends)
		for p := 0; p < 2; p++ {
			pass := "both_ways"
			if gr.Passage != nil {
				if v := [2]string{gr.Passage.P0, gr.Passage.P1}[p]; v != "" {
					pass = v
				}
			}
			o.enter[p] = pass == "both_ways" || pass == "orange_to_blue"
			b.enter[p] = pass == "both_ways" || pass == "blue_to_orange"
		}
		if c := gr.Carries; c != nil {
			o.carries, b.carries = setOf(c.Orange), setOf(c.Blue)
		}
		if mb := gr.MovedBy; mb != nil {
			for _, p := range mb.Orange {
				o.movedBy[p] = true
			}
			for _, p := range mb.Blue {
				b.movedBy[p] = true
			}
		}
		r.ends = append(r.ends, o, b)
	}
	return r
}

func setOf(ids []string) map[string]bool {
	if ids == nil {
		return nil
	}
	m := map[string]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return m
}

func (r *fpRef) cell(n string) [2]int {
	y, _ := strconv.Atoi(n[1:])
	return [2]int{int(n[0] - 'a'), y - 1}
}

func (r *fpRef) name(c [2]int) string { return fmt.Sprintf("%c%d", 'a'+c[0], c[1]+1) }

func (r *fpRef) reflect(c [2]int) [2]int {
	if r.rotate {
		return [2]int{r.w - 1 - c[0], r.h - 1 - c[1]}
	}
	return [2]int{c[0], r.h - 1 - c[1]}
}

func (r *fpRef) onBoard(c [2]int) bool {
	return c[0] >= 0 && c[1] >= 0 && c[0] < r.w && c[1] < r.h && !r.walls[c]
}

var faceWords = map[string]int{"": 0, "forward": 0, "right": 1, "backward": 2, "left": 3}

// vectors: the move's vectors by its symmetry, turned face quarter turns
// clockwise, then to player p's side.
func (r *fpRef) vectors(m *rules.Move, face, p int) [][2]int {
	var out [][2]int
	add := func(x, y int) {
		v := [2]int{x, y}
		for i := 0; i < face; i++ {
			v = [2]int{v[1], -v[0]}
		}
		if p == 1 {
			if r.rotate {
				v = [2]int{-v[0], -v[1]}
			} else {
				v = [2]int{v[0], -v[1]}
			}
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	for _, v := range m.Vectors {
		x, y := v[0], v[1]
		switch m.Symmetry {
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
		}
	}
	return out
}

func (r *fpRef) endOn(pos *fpPos, c [2]int) int {
	for i, e := range pos.ends {
		if e == c {
			return i
		}
	}
	return -1
}

func (r *fpRef) momentumOn(pos *fpPos, c [2]int) bool {
	i := r.endOn(pos, c)
	return i >= 0 && !r.ends[i].fold
}

func (r *fpRef) letsIn(i int, pc fpPiece) bool {
	e := &r.ends[i]
	return e.to >= 0 && e.enter[pc.owner] && (e.carries == nil || e.carries[r.s.Pieces[pc.kind].ID])
}

func (r *fpRef) mayCapture(k, victim int) bool {
	c := r.s.Pieces[k].Captures
	return c == nil || slices.Contains(c, r.s.Pieces[victim].ID)
}

func (r *fpRef) initialFace(k int) int {
	if f := r.s.Pieces[k].Facing; f != nil {
		return faceWords[f.Initial]
	}
	return 0
}

// pieceMoves is every move of the piece on from, checks aside.
func (r *fpRef) pieceMoves(pos *fpPos, from [2]int) []fpMove {
	pc := pos.at[from]
	var out []fpMove
	var passed [][2]int // the squares the line being walked has passed
	land := func(to [2]int, via [2]int, through, quiet, capt bool) {
		v, occ := pos.at[to]
		if occ && (v.owner == pc.owner || !capt || !r.mayCapture(pc.kind, v.kind)) || !occ && !quiet {
			return
		}
		if !r.entryOK(pc.kind, from, passed, to) {
			return
		}
		key := r.name(from) + r.name(to)
		if through {
			key = r.name(from) + r.name(via) + ">" + r.name(to)
		}
		m := fpMove{key: key, from: from, to: to, promo: -1, turn: -1, end: -1, drop: -1, capture: occ}
		for _, pr := range r.promos {
			if pc.kind == pr.k && pr.zone[pc.owner][to] {
				for _, k := range pr.to[pc.owner] {
					for _, face := range r.faces(k, pr.choose) {
						pm := m
						pm.promo, pm.pface = k, face
						pm.key += "=" + r.s.Pieces[k].ID
						if face != 0 {
							pm.key += ":" + "frbl"[face:face+1]
						}
						out = append(out, pm)
					}
				}
				if pr.mandate {
					return
				}
			}
		}
		out = append(out, m)
	}
	// A step whose geometry ends on t, travelling in direction dir.
	stepOn := func(t, dir [2]int, quiet, capt bool) {
		e := r.endOn(pos, t)
		if e >= 0 && !r.ends[e].fold {
			if !r.letsIn(e, pc) {
				return
			}
			out2 := add2(pos.ends[r.ends[e].to], dir)
			if !r.onBoard(out2) || r.momentumOn(pos, out2) || out2 == from {
				return
			}
			land(out2, t, true, quiet, capt)
			return
		}
		land(t, t, false, quiet, capt)
		if _, occ := pos.at[t]; e >= 0 && !occ && r.letsIn(e, pc) {
			if d := pos.ends[r.ends[e].to]; d != from {
				land(d, t, true, quiet, capt)
			}
		}
	}
	for _, m := range r.s.Pieces[pc.kind].Moves {
		mode := m.ModeOrDefault()
		quiet, capt := mode != rules.ModeCapture, mode != rules.ModeMove
		passed = nil
		if m.Kind == rules.KindBent {
			for _, img := range r.bentImages(&m, pc.face, pc.owner) {
				s := add2(from, img[0])
				if !r.onBoard(s) {
					continue
				}
				passed = nil
				land(s, s, false, quiet, capt)
				if _, occ := pos.at[s]; occ {
					continue
				}
				for _, d := range img[1:] {
					passed = [][2]int{s}
					for t := add2(s, d); r.onBoard(t) && t != from && (m.RangeOrDefault() == 0 || len(passed) <= m.RangeOrDefault()); t = add2(t, d) {
						land(t, t, false, quiet, capt)
						if _, occ := pos.at[t]; occ {
							break
						}
						passed = append(passed, t)
					}
				}
			}
			continue
		}
		for _, v := range r.vectors(&m, pc.face, pc.owner) {
			passed = nil
			dir := [2]int{sign(v[0]), sign(v[1])}
			if m.Kind == rules.KindLeap {
				if t := add2(from, v); r.onBoard(t) {
					stepOn(t, dir, quiet, capt)
				}
				continue
			}
			maxR, minR := m.RangeOrDefault(), m.MinRangeOrDefault()
			for i := 1; maxR == 0 || i <= maxR; i++ {
				t := [2]int{from[0] + i*v[0], from[1] + i*v[1]}
				if !r.onBoard(t) {
					break
				}
				if r.momentumOn(pos, t) {
					if i >= minR {
						stepOn(t, dir, quiet, capt)
					}
					break
				}
				if i >= minR {
					stepOn(t, dir, quiet, capt)
				}
				if _, occ := pos.at[t]; occ {
					break
				}
				passed = append(passed, t)
			}
		}
	}
	// One move per landing: straight wins, else the lower entry square.
	best := map[string]int{}
	effect := func(m fpMove) string { return fmt.Sprint(m.to, m.promo, m.pface, m.capture) }
	for i, m := range out {
		e := effect(m)
		j, seen := best[e]
		if !seen || better(m, out[j], r) {
			best[e] = i
		}
	}
	var kept []fpMove
	for i, m := range out {
		if best[effect(m)] == i {
			kept = append(kept, m)
		}
	}
	return kept
}

// bentImages: for each symmetry image, the first step then its
// directions, turned and sided as vectors does it.
func (r *fpRef) bentImages(m *rules.Move, face, p int) [][][2]int {
	imgs := []func(x, y int) [2]int{func(x, y int) [2]int { return [2]int{x, y} }}
	switch m.Symmetry {
	case rules.SymLateral:
		imgs = append(imgs, func(x, y int) [2]int { return [2]int{-x, y} })
	case rules.SymRotate4, rules.SymDihedral8:
		imgs = append(imgs,
			func(x, y int) [2]int { return [2]int{-y, x} },
			func(x, y int) [2]int { return [2]int{-x, -y} },
			func(x, y int) [2]int { return [2]int{y, -x} })
		if m.Symmetry == rules.SymDihedral8 {
			for _, f := range imgs[:4] {
				imgs = append(imgs, func(x, y int) [2]int { return f(-x, y) })
			}
		}
	}
	side := func(v [2]int) [2]int {
		for i := 0; i < face; i++ {
			v = [2]int{v[1], -v[0]}
		}
		if p == 1 {
			if r.rotate {
				return [2]int{-v[0], -v[1]}
			}
			return [2]int{v[0], -v[1]}
		}
		return v
	}
	var out [][][2]int
	for _, v := range m.Vectors {
		for _, f := range imgs {
			img := [][2]int{side(f(v[0], v[1]))}
			for _, t := range m.Then {
				img = append(img, side(f(t[0], t[1])))
			}
			out = append(out, img)
		}
	}
	return out
}

// entryOK: a move of kind k from over passed to to, under rules.entry.
func (r *fpRef) entryOK(k int, from [2]int, passed [][2]int, to [2]int) bool {
	for _, e := range r.entry {
		if e.squares[from] {
			if !e.squares[to] && e.exit != nil && !e.exit[to] {
				return false
			}
			continue
		}
		enters := e.squares[to]
		for _, c := range passed {
			enters = enters || e.squares[c]
		}
		if enters && (e.pieces != nil && !e.pieces[r.s.Pieces[k].ID] || e.from != nil && !e.from[from]) {
			return false
		}
	}
	return true
}

func better(a, b fpMove, r *fpRef) bool {
	if isThrough(a) != isThrough(b) {
		return !isThrough(a)
	}
	return viaIndex(a, r) < viaIndex(b, r)
}

func viaIndex(m fpMove, r *fpRef) int {
	i := strings.IndexByte(m.key, '>')
	if i < 0 {
		return -1
	}
	c := r.cell(m.key[len(r.name(m.from)):i])
	return c[1]*r.w + c[0]
}

func isThrough(m fpMove) bool { return strings.Contains(m.key, ">") }

func (r *fpRef) pseudo(pos *fpPos, side int) []fpMove {
	var out []fpMove
	if pos.handTotal(side) > 0 && (r.sym || r.choose) {
		return r.symDrops(pos, side)
	}
	if pos.handTotal(side) > 0 {
		for k := range r.s.Pieces {
			if pos.hand[side][k] == 0 {
				continue
			}
			for y := 0; y < r.h; y++ {
				for x := 0; x < r.w; x++ {
					c := [2]int{x, y}
					reg := r.region[side][k]
					if _, occ := pos.at[c]; occ || !r.onBoard(c) || reg != nil && !reg[c] || r.momentumOn(pos, c) {
						continue
					}
					out = append(out, fpMove{key: r.s.Pieces[k].ID + "@" + r.name(c), from: c, to: c, promo: -1, turn: -1, end: -1, drop: k})
				}
			}
		}
		return out
	}
	for c, pc := range pos.at {
		if pc.owner != side {
			continue
		}
		out = append(out, r.pieceMoves(pos, c)...)
		if f := r.s.Pieces[pc.kind].Facing; f != nil && f.TurnsOrDefault() {
			for face := 0; face < 4; face++ {
				if face != pc.face && (f.Axes == 4 || face%2 == 0) {
					out = append(out, fpMove{key: r.name(c) + ":" + "frbl"[face:face+1], from: c, to: c, promo: -1, turn: face, end: -1, drop: -1})
				}
			}
		}
	}
	for i, e := range r.ends {
		if !e.movedBy[side] {
			continue
		}
		at := pos.ends[i]
		seen := map[[2]int]bool{}
		for _, m := range r.s.Pieces[e.piece].Moves {
			for _, v := range r.vectors(&m, 0, side) {
				t := add2(at, v)
				if !r.onBoard(t) || seen[t] || r.endOn(pos, t) >= 0 || pos.back == i && t == pos.backSq {
					continue
				}
				if _, occ := pos.at[t]; occ && !e.fold {
					continue
				}
				seen[t] = true
				out = append(out, fpMove{key: r.s.Pieces[e.piece].ID + ":" + r.name(at) + r.name(t), from: at, to: t, promo: -1, turn: -1, end: i, drop: -1})
			}
		}
	}
	return out
}

// faceSig is a piece's vectors pointing face, as player 0's, optionally
// reflected left to right, as one string.
func (r *fpRef) faceSig(k, face int, mirror bool) string {
	var parts []string
	for _, m := range r.s.Pieces[k].Moves {
		flip := func(v [2]int) string {
			if mirror {
				v[0] = -v[0]
			}
			return fmt.Sprint(v)
		}
		var ss []string
		if m.Kind == rules.KindBent {
			for _, img := range r.bentImages(&m, face, 0) {
				var ts []string
				for _, t := range img[1:] {
					ts = append(ts, flip(t))
				}
				slices.Sort(ts)
				ss = append(ss, flip(img[0])+">"+strings.Join(ts, ""))
			}
		} else {
			for _, v := range r.vectors(&m, face, 0) {
				ss = append(ss, flip(v))
			}
		}
		slices.Sort(ss)
		ss = slices.Compact(ss)
		parts = append(parts, fmt.Sprint(m.Kind, m.ModeOrDefault(), m.RangeOrDefault(), m.MinRangeOrDefault(), ss))
	}
	slices.Sort(parts)
	return strings.Join(parts, "|")
}

// faces is the ways kind k may enter play: its initial way, or with
// choose every way whose moves differ from an earlier way's.
func (r *fpRef) faces(k int, choose bool) []int {
	f := r.s.Pieces[k].Facing
	if f == nil || !choose {
		return []int{r.initialFace(k)}
	}
	var out []int
	seen := map[string]bool{}
	for face := 0; face < 4; face++ {
		if f.Axes == 4 || face%2 == 0 {
			if sig := r.faceSig(k, face, false); !seen[sig] {
				seen[sig] = true
				out = append(out, face)
			}
		}
	}
	return out
}

// symDrops: every way a piece in hand may be put down, one per way of
// pointing whose moves differ, and under symmetric with its mirror image
// on the mirrored square.
func (r *fpRef) symDrops(pos *fpPos, side int) []fpMove {
	var out []fpMove
	for k := range r.s.Pieces {
		n := pos.hand[side][k]
		if n == 0 {
			continue
		}
		faces := r.faces(k, r.choose)
		reg := r.region[side][k]
		free := func(c [2]int) bool {
			_, occ := pos.at[c]
			return !occ && r.onBoard(c) && (reg == nil || reg[c])
		}
		for _, face := range faces {
			for y := 0; y < r.h; y++ {
				for x := 0; x < r.w; x++ {
					c := [2]int{x, y}
					if !free(c) {
						continue
					}
					mx := r.w - 1 - x
					if r.sym && (mx < x || mx > x && (n < 2 || !free([2]int{mx, y}))) {
						continue
					}
					key := r.s.Pieces[k].ID
					if face != 0 {
						key += ":" + "frbl"[face:face+1]
					}
					out = append(out, fpMove{key: key + "@" + r.name(c), from: c, to: c, promo: -1, turn: -1, end: -1, drop: k, dface: face})
				}
			}
		}
	}
	return out
}

func (pos *fpPos) handTotal(s int) int {
	n := 0
	for _, c := range pos.hand[s] {
		n += c
	}
	return n
}

func (r *fpRef) attacked(pos *fpPos, c [2]int, by int) bool {
	for from, pc := range pos.at {
		if pc.owner != by {
			continue
		}
		for _, m := range r.pieceMoves(pos, from) {
			if m.to == c && m.capture {
				return true
			}
		}
	}
	return false
}

func (r *fpRef) legal(pos *fpPos) []fpMove {
	var out []fpMove
	for _, m := range r.pseudo(pos, pos.side) {
		if r.checkWin {
			next := r.make(pos, m)
			safe, royals := false, 0
			for c, pc := range next.at {
				if pc.owner == pos.side && r.s.Pieces[pc.kind].Royal {
					royals++
					if !r.attacked(next, c, pos.side^1) {
						safe = true
					}
				}
			}
			if royals > 0 && !safe {
				continue
			}
		}
		out = append(out, m)
	}
	var free []fpMove
	for _, m := range out {
		if m.drop >= 0 || pos.rest[m.from] == 0 {
			free = append(free, m)
		}
	}
	if len(free) == 0 {
		return out // only resting pieces can move: the rest is lifted
	}
	return free
}

func (r *fpRef) make(pos *fpPos, m fpMove) *fpPos {
	next := &fpPos{at: map[[2]int]fpPiece{}, side: pos.side ^ 1, ends: slices.Clone(pos.ends), back: -1, rest: map[[2]int]int{}}
	for c, v := range pos.rest {
		if c != m.from && c != m.to {
			next.rest[c] = v
		}
	}
	for c, pc := range pos.at {
		next.at[c] = pc
	}
	for s := 0; s < 2; s++ {
		next.hand[s] = map[int]int{}
		for k, n := range pos.hand[s] {
			next.hand[s][k] = n
		}
	}
	switch {
	case m.drop >= 0 && (r.sym || r.choose):
		next.hand[pos.side][m.drop]--
		next.at[m.to] = fpPiece{m.drop, pos.side, m.dface}
		if mx := [2]int{r.w - 1 - m.to[0], m.to[1]}; r.sym && mx != m.to {
			next.hand[pos.side][m.drop]--
			want := r.faceSig(m.drop, m.dface, true)
			face := -1
			for f := 0; f < 4 && face < 0; f++ {
				if r.faceSig(m.drop, f, false) == want {
					face = f
				}
			}
			next.at[mx] = fpPiece{m.drop, pos.side, face}
		}
	case m.drop >= 0:
		next.hand[pos.side][m.drop]--
		next.at[m.to] = fpPiece{m.drop, pos.side, r.initialFace(m.drop)}
	case m.turn >= 0:
		pc := next.at[m.from]
		pc.face = m.turn
		next.at[m.from] = pc
	case m.end >= 0:
		next.ends[m.end] = m.to
		if r.ends[m.end].nsb {
			next.back, next.backSq = m.end, m.from
		}
	default:
		pc := next.at[m.from]
		delete(next.at, m.from)
		promoted := -1
		if m.promo >= 0 {
			for i, pr := range r.promos {
				if pr.k == pc.kind {
					promoted = i
				}
			}
			pc = fpPiece{m.promo, pc.owner, m.pface}
		}
		next.at[m.to] = pc
		r.restEnd(next, pos.side)
		if promoted >= 0 && r.promos[promoted].rest > 0 {
			next.rest[m.to] = r.promos[promoted].rest
		}
		return next
	}
	r.restEnd(next, pos.side)
	return next
}

// restEnd counts down the rests of side's pieces at the end of its turn;
// a rest that ends sends its piece to the first empty home square of the
// rule it promoted under, or keeps it resting while none is empty.
func (r *fpRef) restEnd(pos *fpPos, side int) {
	for c, v := range maps.Clone(pos.rest) {
		pc, ok := pos.at[c]
		if !ok || pc.owner != side {
			continue
		}
		if v > 1 {
			pos.rest[c] = v - 1
			continue
		}
		var home [][2]int
		for _, pr := range r.promos {
			if pr.rest > 0 && slices.Contains(pr.to[side], pc.kind) {
				home = pr.home[side]
				break
			}
		}
		if len(home) == 0 {
			delete(pos.rest, c)
		}
		for _, h := range home {
			if _, occ := pos.at[h]; !occ || h == c {
				delete(pos.rest, c)
				delete(pos.at, c)
				pos.at[h] = pc
				break
			}
		}
	}
}

func (r *fpRef) start() *fpPos {
	pos := &fpPos{at: map[[2]int]fpPiece{}, back: -1}
	for _, pl := range r.s.Setup.Placements {
		k := r.ids[pl.Piece]
		face := r.initialFace(k)
		if pl.Facing != "" {
			face = faceWords[pl.Facing]
		}
		for _, n := range pl.Squares {
			c := r.cell(n)
			pos.at[c] = fpPiece{k, pl.Player, face}
			if r.s.Setup.Mirrored() && pl.Player == 0 {
				pos.at[r.reflect(c)] = fpPiece{k, 1, face}
			}
		}
	}
	for _, e := range r.ends {
		pos.ends = append(pos.ends, e.at)
	}
	for s := 0; s < 2; s++ {
		pos.hand[s] = map[int]int{}
		if d := r.s.Rules.Drops; d != nil {
			for id, n := range d.Stock {
				pos.hand[s][r.ids[id]] = n.Count
			}
		}
	}
	return pos
}

// sameBoard compares the engine's position with the reference's: every
// square's piece, owner and facing, and the portal ends.
func (r *fpRef) sameBoard(t *testing.T, p *Position, pos *fpPos) {
	t.Helper()
	g := p.Game()
	for sq := 0; sq < g.NumSquares(); sq++ {
		c := [2]int{g.File(sq), g.Rank(sq)}
		want, occ := pos.at[c]
		k, o, ok := p.PieceAt(sq)
		if ok != occ || ok && (g.BaseKind(k) != want.kind || o != want.owner || faceWords[g.FacingOf(k)] != want.face) {
			t.Fatalf("%s: %s holds %v %d %d %q, reference %v %v", p.FEN(), g.SquareName(sq), ok, k, o, g.FacingOf(k), occ, want)
		}
	}
	ends, _ := p.PortalEnds(nil)
	for i, e := range ends {
		if c := [2]int{g.File(e), g.Rank(e)}; c != pos.ends[i] {
			t.Fatalf("%s: end %d on %s, reference %s", p.FEN(), i, g.SquareName(e), r.name(pos.ends[i]))
		}
	}
}

var facingPortalFiles = []string{"rulesets/lancers.json", "rulesets/fold-skirmish.json", "rulesets/five-by-five-portals.json", "rulesets/seeds/elven-chess.json"}

// TestFacingPortalMatchesReference plays random games of every facing and
// portal rule file; at each position the engine's legal moves, in the
// notation, must be the reference generator's, and the boards the same.
func TestFacingPortalMatchesReference(t *testing.T) {
	games, plies := 4, 200
	if testing.Short() {
		games, plies = 2, 120
	}
	for _, file := range facingPortalFiles {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(repoRoot(t), file))
			if err != nil {
				t.Fatal(err)
			}
			spec, problems := rules.Parse(data)
			if len(problems) > 0 {
				t.Fatal(problems)
			}
			g := loadFile(t, file)
			ref := newFPRef(t, spec)
			rng := rand.New(rand.NewPCG(7, uint64(len(file))))
			n := games
			if file == "rulesets/seeds/elven-chess.json" {
				n = 1 // large and slow in the reference
			}
			for game := 0; game < n; game++ {
				p := g.NewPosition()
				rp := ref.start()
				for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
					ref.sameBoard(t, p, rp)
					got := p.LegalMoves(nil)
					want := ref.legal(rp)
					a, b := make([]string, len(got)), make([]string, len(want))
					byKey := map[string]fpMove{}
					for i, m := range got {
						a[i] = p.MoveString(m)
					}
					for i, m := range want {
						b[i] = m.key
						byKey[m.key] = m
					}
					slices.Sort(a)
					slices.Sort(b)
					if !slices.Equal(a, b) {
						t.Fatalf("%s:\nengine    %v\nreference %v", p.FEN(), a, b)
					}
					m := got[rng.IntN(len(got))]
					rp = ref.make(rp, byKey[p.MoveString(m)])
					p.Make(m)
				}
			}
		})
	}
}
