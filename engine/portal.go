package engine

// Portals (rules.portals). Ends move, so nothing about them is in the
// static tables: a game with portals generates every piece's moves by
// walking its table entries with the ends in view (walkSteps), tests
// every move with the light make, and answers "is this square attacked"
// by the same walk (portalAttacked), so checks and pins through a portal
// are exact. Games without portals never come here.
//
// Readings (also in doc.go): a momentum end stops every line that meets
// it, as a piece would: a slide, a hop before or after its screen, a
// lame leap's leg; a plain leap jumps over it. A line may end on it
// (going in) wherever it could end on an empty square by geometry; the
// move's mode is then read where it comes out (a quiet step comes out
// only onto an empty square, a capture only onto an enemy it may take).
// An end is never a hop's screen. A fold stops nothing.

import (
	"fmt"
	"strings"

	"balancefarm/engine/rules"
	"balancefarm/internal/splitmix"
)

type portalEnd struct {
	group   int
	fold    bool
	start   uint8
	to      int            // index of the end a piece going in comes out of, -1 none
	enter   [maxSeats]bool // whose pieces may go in
	carries uint32         // kind bits that may go in
	movedBy [maxSeats]bool
	nsb     bool // the group's no_straight_back
	piece   int  // the group's portal piece
}

type portalRule struct {
	ends  []portalEnd
	piece []string // per group: the portal piece's id
	// dir is, per table entry (index into Game.gens), the direction a
	// leap or lame leap travels, (sx+1)*3 + (sy+1), for the exit.
	dir   []uint8
	zEnd  []uint64 // end*n + sq
	zBack []uint64 // end*n + sq: that end may not go back to sq next move
}

// portalEnds is what Make changes about the portals and Unmake restores.
type portalEnds struct {
	ends   [8]uint8
	back   uint8 // 1 + the end that may not go straight back, 0 none
	backSq uint8
}

// portalState is the portals in the position (the position embeds it):
// where each end stands and the bar on going straight back, with Make's
// saved copies; the squares of momentum ends and of folds, kept from port.
type portalState struct {
	port     portalEnds
	portUndo []portalEnds
	momentum bitset
	folds    bitset
}

func (g *Game) loadPortals() error {
	groups := g.spec.Rules.Portals
	if len(groups) == 0 {
		return nil
	}
	switch {
	case g.hex:
		return bad("rules.portals cannot be used on a hex lattice")
	case g.fx != nil:
		return bad("rules.portals cannot be used with capture effects or territory")
	case g.sweepers != 0:
		return bad("rules.portals cannot be used with a sweep")
	}
	for k := range g.kinds {
		if g.kinds[k].hasReg {
			return bad("rules.portals cannot be used with a piece region")
		}
	}
	pr := &portalRule{}
	all := allKinds(g.nk)
	kinds := func(where string, ids []string) (uint32, error) {
		if ids == nil {
			return all, nil
		}
		var m uint32
		for _, id := range ids {
			k, err := g.kindOf(where, id)
			if err != nil {
				return 0, err
			}
			m |= 1 << uint(k+1)
		}
		return g.widen(m), nil
	}
	square := func(where, name string) (uint8, error) {
		sq, ok := g.parseSquare(name)
		if !ok || g.wall.has(sq) {
			return 0, bad("%s '%s' is not a square on this board", where, name)
		}
		return uint8(sq), nil
	}
	players := func(list []int) (out [maxSeats]bool) {
		for _, p := range list {
			if p >= 0 && p < g.seats {
				out[p] = true
			}
		}
		return out
	}
	for gi := range groups {
		gr := &groups[gi]
		where := fmt.Sprintf("rules.portals[%d]", gi)
		piece, err := g.kindOf(where+".piece", gr.Piece)
		if err != nil {
			return err
		}
		pr.piece = append(pr.piece, gr.Piece)
		first := len(pr.ends)
		base := portalEnd{group: gi, fold: gr.IsFold(), nsb: gr.NoStraightBack, piece: piece}
		if gr.Ends == nil {
			if gr.Orange == "" || gr.Blue == "" {
				return bad("%s needs orange and blue, or ends", where)
			}
			o, b := base, base
			if o.start, err = square(where+".orange", gr.Orange); err != nil {
				return err
			}
			if b.start, err = square(where+".blue", gr.Blue); err != nil {
				return err
			}
			o.to, b.to = first+1, first
			for p := 0; p < g.seats; p++ {
				pass := "both_ways"
				if ps := gr.Passage; ps != nil {
					if v := [2]string{ps.P0, ps.P1}[p]; v != "" {
						pass = v
					}
				}
				o.enter[p] = pass == "both_ways" || pass == "orange_to_blue"
				b.enter[p] = pass == "both_ways" || pass == "blue_to_orange"
			}
			var oc, bc []string
			if c := gr.Carries; c != nil {
				oc, bc = c.Orange, c.Blue
			}
			if o.carries, err = kinds(where+".carries.orange", oc); err != nil {
				return err
			}
			if b.carries, err = kinds(where+".carries.blue", bc); err != nil {
				return err
			}
			if mb := gr.MovedBy; mb != nil {
				o.movedBy, b.movedBy = players(mb.Orange), players(mb.Blue)
			}
			pr.ends = append(pr.ends, o, b)
		} else {
			for i := range gr.Ends {
				e := &gr.Ends[i]
				ew := fmt.Sprintf("%s.ends[%d]", where, i)
				x := base
				if x.start, err = square(ew+".at", e.At); err != nil {
					return err
				}
				x.to = -1
				if e.To != nil {
					if *e.To < 0 || *e.To >= len(gr.Ends) || *e.To == i {
						return bad("%s.to must be another end of this group", ew)
					}
					x.to = first + *e.To
				}
				x.enter = players(e.EnterOrDefault())
				if x.carries, err = kinds(ew+".carries", e.Carries); err != nil {
					return err
				}
				x.movedBy = players(e.MovedBy)
				pr.ends = append(pr.ends, x)
			}
		}
	}
	if len(pr.ends) > 8 {
		return bad("rules.portals has %d ends: at most eight in all", len(pr.ends))
	}
	seen := map[uint8]bool{}
	for i, e := range pr.ends {
		if seen[e.start] {
			return bad("rules.portals: two ends start on %s", g.names[e.start])
		}
		seen[e.start] = true
		if !e.fold && g.start[e.start] != 0 {
			return bad("rules.portals: end %d starts on %s, where a piece stands", i, g.names[e.start])
		}
	}
	// The direction each leap travels, from the vectors that made it.
	pr.dir = make([]uint8, len(g.gens))
	for p := 0; p < g.seats; p++ {
		for k := 0; k < g.nk; k++ {
			var vecs [][2]int
			var lame []bool
			for _, m := range g.spec.Pieces[k].Moves {
				if m.Kind != rules.KindLeap && m.Kind != rules.KindLame {
					continue
				}
				vs, err := expand(m.Vectors, m.Symmetry, g.hex)
				if err != nil {
					return err
				}
				for _, v := range vs {
					vecs = append(vecs, g.boardVector(p, v))
					lame = append(lame, m.Kind == rules.KindLame)
				}
			}
			for sq := 0; sq < g.n; sq++ {
				idx := (p*g.nk+k)*g.n + sq
				for ei := g.genStart[idx]; ei < g.genStart[idx+1]; ei++ {
					e := &g.gens[ei]
					if e.typ > genLame {
						continue
					}
					for vi, v := range vecs {
						to := g.step(p, sq, v[0], v[1])
						if lame[vi] {
							to = -1
							if path := g.lamePath(p, sq, v); len(path) > 0 {
								to = path[len(path)-1]
							}
						}
						if to == int(e.to) && lame[vi] == (e.typ == genLame) {
							pr.dir[ei] = uint8((sign(v[0])+1)*3 + sign(v[1]) + 1)
							break
						}
					}
				}
			}
		}
	}
	g.portal = pr
	return nil
}

// loadPortalKeys draws the portals' Zobrist keys (after every other key,
// so games without portals keep their hashes).
func (g *Game) loadPortalKeys(rng *splitmix.Stream) {
	pr := g.portal
	if pr == nil {
		return
	}
	pr.zEnd = make([]uint64, len(pr.ends)*g.n)
	pr.zBack = make([]uint64, len(pr.ends)*g.n)
	for i := range pr.zEnd {
		pr.zEnd[i] = rng.Next()
		pr.zBack[i] = rng.Next()
	}
}

// initPortals puts every end on its starting square.
func (p *Position) initPortals() {
	for i, e := range p.g.portal.ends {
		p.port.ends[i] = e.start
	}
	p.port.back = 0
	p.portalSets()
}

// portalSets recomputes the squares of momentum ends and of folds.
func (p *Position) portalSets() {
	p.momentum, p.folds = bitset{}, bitset{}
	for i, e := range p.g.portal.ends {
		if e.fold {
			p.folds.set(int(p.port.ends[i]))
		} else {
			p.momentum.set(int(p.port.ends[i]))
		}
	}
}

func (p *Position) portalHash() uint64 {
	pr := p.g.portal
	if pr == nil {
		return 0
	}
	n := p.g.n
	var h uint64
	for i := range pr.ends {
		h ^= pr.zEnd[i*n+int(p.port.ends[i])]
	}
	if b := p.port.back; b != 0 {
		h ^= pr.zBack[int(b-1)*n+int(p.port.backSq)]
	}
	return h
}

// endAt is the end on sq, -1 none.
func (p *Position) endAt(sq int) int {
	for i := range p.g.portal.ends {
		if int(p.port.ends[i]) == sq {
			return i
		}
	}
	return -1
}

// letsIn reports whether end i lets a piece of player s and kind k in.
func (pr *portalRule) letsIn(i, s, k int) bool {
	e := &pr.ends[i]
	return e.to >= 0 && e.enter[s] && e.carries>>uint(k+1)&1 != 0
}

// stepFn receives one landing of a walk: the square, the end or fold it
// went through (-1 none), the table entry and the step's index on it.
type stepFn func(to, via int, e *genEntry, i int)

// walkSteps calls fn for every landing of player s's piece of kind k on
// from, with the portals where they stand now: a landing on an empty
// square or a piece (fn decides by what stands there), one out of a
// momentum end, one through a fold.
func (p *Position) walkSteps(s, from, k int, fn stepFn) {
	g := p.g
	board := &p.board
	pool := g.pool
	idx := (s*g.nk+k)*g.n + from
	for ei := g.genStart[idx]; ei < g.genStart[idx+1]; ei++ {
		e := &g.gens[ei]
		if e.first && !p.virgin.has(from) {
			continue
		}
		switch e.typ {
		case genLeap, genLame:
			blocked := false
			for _, l := range pool[e.off : e.off+uint32(e.n)] {
				if board[l] != 0 || p.momentum.has(int(l)) {
					blocked = true
					break
				}
			}
			if blocked {
				continue
			}
			t := int(e.to)
			d := g.portal.dir[ei]
			if p.momentum.has(t) {
				p.goThrough(s, from, k, t, int(d/3)-1, int(d%3)-1, e, 0, fn)
				continue
			}
			fn(t, -1, e, 0)
			p.foldThrough(s, from, k, t, e, 0, fn)
		case genSlide:
			v := g.dirs[e.dir]
			for i, sq := range pool[e.off : e.off+uint32(e.n)] {
				t := int(sq)
				if p.momentum.has(t) {
					if i+1 >= int(e.minR) {
						p.goThrough(s, from, k, t, sign(v[0]), sign(v[1]), e, i, fn)
					}
					break
				}
				if i+1 >= int(e.minR) {
					fn(t, -1, e, i)
					p.foldThrough(s, from, k, t, e, i, fn)
				}
				if board[t] != 0 {
					break
				}
			}
		case genHop:
			v := g.dirs[e.dir]
			ray := pool[e.off : e.off+uint32(e.n)]
			i := 0
			for i < len(ray) && board[ray[i]] == 0 && !p.momentum.has(int(ray[i])) {
				i++
			}
			if i >= len(ray)-1 || p.momentum.has(int(ray[i])) {
				continue
			}
			sc := board[ray[i]]
			if e.screen == screenOwn && codeOwner(sc) != s || e.screen == screenEnemy && codeOwner(sc) == s {
				continue
			}
			for j := i + 1; j < len(ray); j++ {
				if e.scrR > 0 && j-i > int(e.scrR) {
					break
				}
				t := int(ray[j])
				if p.momentum.has(t) {
					if j+1 >= int(e.minR) {
						p.goThrough(s, from, k, t, sign(v[0]), sign(v[1]), e, j, fn)
					}
					break
				}
				if j+1 >= int(e.minR) {
					fn(t, -1, e, j)
					p.foldThrough(s, from, k, t, e, j, fn)
				}
				if board[t] != 0 {
					break
				}
			}
		}
	}
}

// goThrough: a step that ends on momentum end t comes out one king's step
// beyond the end t leads to, in the direction (dx, dy) it travelled,
// unless the exit is off the board, a wall, another end or its own square.
func (p *Position) goThrough(s, from, k, t, dx, dy int, e *genEntry, i int, fn stepFn) {
	pr := p.g.portal
	end := p.endAt(t)
	if end < 0 || !pr.letsIn(end, s, k) {
		return
	}
	out := p.g.step(s, int(p.port.ends[pr.ends[end].to]), dx, dy)
	if out < 0 || out == from || p.g.wall.has(out) || p.momentum.has(out) {
		return
	}
	fn(out, t, e, i)
}

// foldThrough: a step that ends on an empty fold that lets it in may go
// on to the end the fold leads to, never its own square.
func (p *Position) foldThrough(s, from, k, t int, e *genEntry, i int, fn stepFn) {
	if !p.folds.has(t) || p.board[t] != 0 {
		return
	}
	pr := p.g.portal
	end := p.endAt(t)
	if end < 0 || !pr.letsIn(end, s, k) {
		return
	}
	if out := int(p.port.ends[pr.ends[end].to]); out != from {
		fn(out, t, e, i)
	}
}

// portalPieceMoves appends the pseudo-legal moves of the side to move's
// piece on from.
func (p *Position) portalPieceMoves(buf []Move, from int, capOnly bool) []Move {
	g := p.g
	s := p.side
	k := codeKind(p.board[from])
	ki := &g.kinds[k]
	capMask := ki.capMask
	epHere := ki.ep && p.epN > 0
	at := len(buf)
	p.walkSteps(s, from, k, func(to, via int, e *genEntry, i int) {
		c := p.board[to]
		m := mvValid | Move(from) | Move(to)<<8
		if via >= 0 {
			m |= moveThrough<<mvTypeShift | Move(via)<<mvAuxShift
		}
		switch {
		case c == 0:
			if via < 0 && epHere && e.canCap && p.epTarget(to, capMask) {
				buf = p.emit(buf, from, to, k, m|mvCapture|moveEnPassant<<mvTypeShift, true)
			} else if e.canMove {
				if via < 0 && e.typ == genSlide && i > 0 && ki.ep {
					m |= moveDouble<<mvTypeShift | Move(e.dir)<<mvAuxShift
				}
				buf = p.emit(buf, from, to, k, m, true)
			}
		case codeOwner(c) == opponent(s) && e.canCap && capMask>>maskIndex(c)&1 != 0:
			buf = p.emit(buf, from, to, k, m|mvCapture, true)
		}
	})
	buf = dedupe(buf, at)
	buf = sameLanding(buf, at)
	if capOnly {
		buf = keepCaptures(buf, at)
	}
	return buf
}

// sameLanding keeps one move of a piece per landing: a move through a
// portal that lands where a straight move of the piece, or a move through
// an end on a lower square, lands with the same capture and promotion is
// the same change of the board, so it is left out.
func sameLanding(buf []Move, at int) []Move {
	const effect = Move(0xff|0xff<<8|0x1f<<mvPromoShift) | mvCapture
	var tmp [128]Move
	orig := append(tmp[:0], buf[at:]...)
	n := at
	for i, m := range orig {
		if m.typ() == moveThrough {
			dup := false
			for j, o := range orig {
				if j != i && o&effect == m&effect && (o.typ() == moveNormal || o.typ() == moveThrough && (o.aux() < m.aux() || o.aux() == m.aux() && j < i)) {
					dup = true // a straight move wins; between two ends, the lower square's
					break
				}
			}
			if dup {
				continue
			}
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// portalEndMoves appends the moves of the ends the side to move may move:
// the group's portal piece's moves, onto an empty square for a momentum
// end, onto an empty square or a piece for a fold; never onto another
// end, nor straight back where the group forbids it.
func (p *Position) portalEndMoves(buf []Move) []Move {
	g := p.g
	pr := g.portal
	s := p.side
	for ei := range pr.ends {
		x := &pr.ends[ei]
		if !x.movedBy[s] {
			continue
		}
		q := int(p.port.ends[ei])
		at := len(buf)
		ok := func(t int) bool {
			return p.endAt(t) < 0 && (x.fold || p.board[t] == 0) && !(int(p.port.back) == ei+1 && t == int(p.port.backSq))
		}
		add := func(t int) {
			if ok(t) {
				buf = append(buf, mvValid|Move(q)|Move(t)<<8|movePortal<<mvTypeShift|Move(ei)<<mvAuxShift)
			}
		}
		idx := (s*g.nk+x.piece)*g.n + q
		for _, e := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
			switch e.typ {
			case genLeap, genLame:
				open := true
				for _, l := range g.pool[e.off : e.off+uint32(e.n)] {
					if p.board[l] != 0 || p.endAt(int(l)) >= 0 {
						open = false
					}
				}
				if open {
					add(int(e.to))
				}
			case genSlide, genHop:
				ray := g.pool[e.off : e.off+uint32(e.n)]
				i := 0
				if e.typ == genHop {
					for i < len(ray) && p.board[ray[i]] == 0 && p.endAt(int(ray[i])) < 0 {
						i++
					}
					if i >= len(ray)-1 || p.endAt(int(ray[i])) >= 0 {
						continue
					}
					i++
				}
				for j := i; j < len(ray); j++ {
					t := int(ray[j])
					if p.endAt(t) >= 0 {
						break
					}
					if j+1 >= int(e.minR) {
						add(t)
					}
					if p.board[t] != 0 {
						break
					}
				}
			}
		}
		buf = dedupe(buf, at)
	}
	return buf
}

// legalPortal is legal's own part for a game with portals: every move
// generated with the ends in view and, where the royal rules apply, tested
// with the light make and the exact attack test.
func (p *Position) legalPortal(buf []Move, capOnly bool) []Move {
	g := p.g
	s := p.side
	start := len(buf)
	d := g.drops
	if d == nil || !d.placement || p.handN[s] == 0 {
		for w := 0; w < 4; w++ {
			for bb := p.occ[s][w]; bb != 0; bb &= bb - 1 {
				buf = p.portalPieceMoves(buf, w<<6|trailingZeros(bb), capOnly)
			}
		}
		if !capOnly {
			buf = p.portalEndMoves(buf)
		}
	}
	if d != nil && !capOnly {
		at := len(buf)
		buf = p.genDrops(buf)
		n := at
		for _, m := range buf[at:] {
			if !p.momentum.has(m.To()) { // a momentum end is no empty square
				buf[n] = m
				n++
			}
		}
		buf = buf[:n]
	}
	if g.checkRules && g.royalMask != 0 || g.royalFacing || g.forbidCheck {
		n := start
		for _, m := range buf[start:] {
			if p.portalLegal(m) {
				buf[n] = m
				n++
			}
		}
		buf = buf[:n]
	}
	return buf
}

// portalLegal asks the royal rules of the position after m, read with the
// light make (a moved end is moved for the moment).
func (p *Position) portalLegal(m Move) bool {
	if m.typ() != movePortal {
		return p.legalAfter(m)
	}
	saved := p.port
	savedM, savedF := p.momentum, p.folds
	p.port.ends[m.aux()] = uint8(m.To())
	p.portalSets()
	ok := p.legalAfter(newMove(m.To(), m.To()))
	p.port, p.momentum, p.folds = saved, savedM, savedF
	return ok
}

// portalAttacked is attackedMask with the portals in view: some piece of
// player by of a kind in mask has a capturing step that lands on t
// (straight, out of a momentum end, or through a fold), t taken to hold a
// piece it may take. It reads only the board, occupancy, first-move bits
// and the ends, so it answers for the light make too.
func (p *Position) portalAttacked(t, by int, mask uint32) bool {
	g := p.g
	hit := false
	ends := p.momentum
	ends.or(&p.folds)
	for w := 0; w < 4 && !hit; w++ {
		for bb := p.occ[by][w]; bb != 0 && !hit; bb &= bb - 1 {
			from := w<<6 | trailingZeros(bb)
			c := p.board[from]
			if mask>>maskIndex(c)&1 == 0 {
				continue
			}
			// A capture lands on t straight, or goes in where a capture
			// could land on an empty board: elsewhere this piece cannot.
			if reach := &g.capReach[(by*g.nk+codeKind(c))*g.n+from]; !reach.has(t) && !reach.intersects(&ends) {
				continue
			}
			p.walkSteps(by, from, codeKind(c), func(to, via int, e *genEntry, i int) {
				if to == t && e.canCap {
					hit = true
				}
			})
		}
	}
	return hit
}

// makePortal is Make for a game with portals: the ends and the bar on
// going straight back change here, the board in makeStd.
func (p *Position) makePortal(m Move) {
	pr := p.g.portal
	n := p.g.n
	p.portUndo = append(p.portUndo, p.port)
	var delta uint64
	if b := p.port.back; b != 0 {
		delta ^= pr.zBack[int(b-1)*n+int(p.port.backSq)]
		p.port.back = 0
	}
	if m.typ() == movePortal {
		e, from, to := m.aux(), m.From(), m.To()
		delta ^= pr.zEnd[e*n+from] ^ pr.zEnd[e*n+to]
		p.port.ends[e] = uint8(to)
		if pr.ends[e].nsb {
			p.port.back, p.port.backSq = uint8(e+1), uint8(from)
			delta ^= pr.zBack[e*n+from]
		}
	}
	p.portalSets()
	p.makeStd(m)
	p.hash ^= delta
}

// unmakePortal restores the ends Make changed.
func (p *Position) unmakePortal() {
	k := len(p.portUndo) - 1
	if k < 0 {
		return
	}
	p.port = p.portUndo[k]
	p.portUndo = p.portUndo[:k]
	p.portalSets()
}

// portalString writes a portal end's move ("O:b3c3", the group's portal
// piece, then from and to) and a move through a portal ("a2b3>c4": from,
// the end or fold it went in by, and where it came out).
func (p *Position) portalString(m Move) string {
	g := p.g
	pr := g.portal
	from, to, aux := m.From(), m.To(), m.aux()
	if pr == nil || from >= g.n || to >= g.n {
		return "0000"
	}
	if m.typ() == movePortal {
		if aux >= len(pr.ends) {
			return "0000"
		}
		return pr.piece[pr.ends[aux].group] + ":" + g.names[from] + g.names[to]
	}
	if aux >= g.n {
		return "0000"
	}
	s := g.names[from] + g.names[aux] + ">" + g.names[to]
	if pr := m.Promotion(); pr >= 0 && pr < g.nk {
		s += "=" + g.kinds[pr].id
	}
	return s
}

// portalNotation is rules.portals's notation: portals: and back:, read
// once both are in.
var portalNotation = notationField{
	present: (*Game).Portals,
	write:   (*Position).portalField,
	read:    (*Position).holdPortalField,
	finish:  (*Position).finishPortals,
}

// portalField is the FEN's portal extras: "portals:" and every end's
// square in order, and "back:" the end and the square it may not go
// straight back to ("back:c3b3").
func (p *Position) portalField() string {
	g := p.g
	names := make([]string, len(g.portal.ends))
	for i := range names {
		names[i] = g.names[p.port.ends[i]]
	}
	s := " portals:" + strings.Join(names, ",")
	if b := p.port.back; b != 0 {
		s += " back:" + g.names[p.port.ends[b-1]] + g.names[p.port.backSq]
	}
	return s
}

// holdPortalField keeps portals: and back: (the key alone too) for
// finishPortals.
func (p *Position) holdPortalField(r *fenRead, key, value string) (known bool, err error) {
	if key != "portals" && key != "back" {
		return false, nil
	}
	r.hold(key, value)
	return true, nil
}

// finishPortals reads the portal fields held, or puts the ends where they
// stand without them.
func (p *Position) finishPortals(r *fenRead) error {
	return p.parsePortals(r.held["portals"], r.held["back"])
}

// parsePortals reads portalField's extras (either may be empty).
func (p *Position) parsePortals(ends, back string) error {
	g := p.g
	if ends != "" {
		names := strings.Split(ends, ",")
		if len(names) != len(g.portal.ends) {
			return fmt.Errorf("fen: portals:%s must name %d squares", ends, len(g.portal.ends))
		}
		seen := map[int]bool{}
		for i, nm := range names {
			sq, ok := g.parseSquare(nm)
			if !ok || g.wall.has(sq) || seen[sq] || !g.portal.ends[i].fold && p.board[sq] != 0 {
				return fmt.Errorf("fen: portals entry %q is not a free square", nm)
			}
			seen[sq] = true
			p.port.ends[i] = uint8(sq)
		}
	}
	for i, e := range g.portal.ends {
		if !e.fold && p.board[p.port.ends[i]] != 0 {
			return fmt.Errorf("fen: a piece stands on the portal end on %s", g.names[p.port.ends[i]])
		}
	}
	p.port.back = 0
	if back != "" {
		var at, to int
		ok := false
		for n := 2; n < len(back) && !ok; n++ {
			a, ok1 := g.parseSquare(back[:n])
			b, ok2 := g.parseSquare(back[n:])
			at, to, ok = a, b, ok1 && ok2
		}
		e := -1
		if ok {
			e = p.endAt(at)
		}
		if e < 0 || !g.portal.ends[e].nsb {
			return fmt.Errorf("fen: back:%s is not an end and a square", back)
		}
		p.port.back, p.port.backSq = uint8(e+1), uint8(to)
	}
	p.portalSets()
	return nil
}

// IsPortalMove reports whether m moves a portal end (rules.portals
// moved_by); IsThroughPortal whether a piece's move went through one.
func (m Move) IsPortalMove() bool { return m.typ() == movePortal }

// IsThroughPortal reports whether m went in by a portal end or a fold.
func (m Move) IsThroughPortal() bool { return m.typ() == moveThrough }

// Portals reports whether the game has rules.portals.
func (g *Game) Portals() bool { return g.portal != nil }

// PortalEnds appends the squares the portal ends stand on now, in the
// order the rule file lists them; fold says which are folds.
func (p *Position) PortalEnds(out []int) (ends []int, fold []bool) {
	pr := p.g.portal
	if pr == nil {
		return out, nil
	}
	for i, e := range pr.ends {
		out = append(out, int(p.port.ends[i]))
		fold = append(fold, e.fold)
	}
	return out, fold
}
