package rules

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Agreement checks for pieces[] and setup.

func (c *checker) checkPieces() {
	s := c.s
	first := map[string]int{}
	for i := range s.Pieces {
		p := &s.Pieces[i]
		pp := index("pieces", i)
		if c.ok(pp + ".id") {
			if j, dup := first[p.ID]; dup {
				c.add(pp+".id", "%s.id %s is already the id of pieces[%d]: every piece needs its own id", pp, quote(p.ID), j)
			} else {
				first[p.ID] = i
			}
		}
		c.checkEmptyMoves(pp, p)
		for j := range p.Moves {
			mp := fmt.Sprintf("%s.moves[%d]", pp, j)
			if c.ok(mp) {
				c.checkMove(mp, pp, p, &p.Moves[j])
			}
		}
		if p.Region != nil {
			c.squares(pp+".region", p.Region, false)
		}
		if p.PromotedFrom != "" && c.refOK(pp+".promoted_from", p.PromotedFrom) && c.ok(pp+".id") && p.PromotedFrom == p.ID {
			c.add(pp+".promoted_from", "%s.promoted_from %s is the piece itself", pp, quote(p.ID))
		}
		if p.Captures != nil {
			c.refsOK(pp+".captures", p.Captures)
		}
		if p.Beats != nil {
			c.refsOK(pp+".beats", p.Beats)
		}
		c.checkFacing(pp, p)
	}
}

// checkEmptyMoves: a piece may have no moves only when it starts in a
// player's hand (rules.drops.stock) or is a portal nobody moves.
func (c *checker) checkEmptyMoves(pp string, p *Piece) {
	if len(p.Moves) != 0 || !c.ok(pp+".moves", pp+".id", "rules.drops", "rules.portals") {
		return
	}
	if d := c.s.Rules.Drops; d != nil {
		if _, stocked := d.Stock[p.ID]; stocked {
			return
		}
	}
	if g, portal := c.portalPiece[p.ID]; portal {
		moved := false
		for _, grp := range c.s.Rules.Portals {
			if grp.Piece == p.ID && grp.movedByAnyone() {
				moved = true
			}
		}
		if !moved {
			return
		}
		c.add(pp+".moves", "%s.moves is empty, but players may move the ends of rules.portals[%d], which move as %s does", pp, g, quote(p.ID))
		return
	}
	c.add(pp+".moves", "%s.moves is empty: only a piece that starts in a player's hand (rules.drops.stock) or a portal nobody moves may have no moves", pp)
}

// movedByAnyone reports whether some player may move some end of the group.
func (g *PortalGroup) movedByAnyone() bool {
	if g.MovedBy != nil && (len(g.MovedBy.Orange) > 0 || len(g.MovedBy.Blue) > 0) {
		return true
	}
	for _, e := range g.Ends {
		if len(e.MovedBy) > 0 {
			return true
		}
	}
	return false
}

// kindName is how a message names a move kind.
func kindName(kind string) string {
	switch kind {
	case KindLeap:
		return "a leap"
	case KindLame:
		return "a lame leap"
	case KindSlide:
		return "a slide"
	case KindHop:
		return "a hop"
	case KindBent:
		return "a bent move"
	}
	return "a sweep"
}

// checkMove: every move can be made on this board.
func (c *checker) checkMove(mp, pp string, p *Piece, m *Move) {
	b := c.s.Board
	sym := m.SymmetryOrDefault()
	symOK := true
	if lat := latticeOf(sym); c.boardOK && lat != "" && lat != b.LatticeOrDefault() {
		c.add(mp+".symmetry", "%s.symmetry %s is for a %s lattice; this board is %s", mp, quote(sym), lat, b.LatticeOrDefault())
		symOK = false
	}
	leapLike := m.Kind == KindLeap || m.Kind == KindLame
	if leapLike && m.Range != nil {
		c.add(mp+".range", "%s.range is not for %s: it is one jump per vector, so list more vectors to reach further", mp, kindName(m.Kind))
	}
	if leapLike && m.MinRange != nil {
		c.add(mp+".min_range", "%s.min_range is not for %s: it is one jump per vector", mp, kindName(m.Kind))
	}
	if m.Kind != KindHop {
		if m.Screen != "" {
			c.add(mp+".screen", "%s.screen is only for hops, not %s", mp, kindName(m.Kind))
		}
		if m.ScreenRange != nil {
			c.add(mp+".screen_range", "%s.screen_range is only for hops, not %s", mp, kindName(m.Kind))
		}
	}
	if !leapLike && m.Range != nil && *m.Range != 0 {
		if m.MinRange != nil && *m.MinRange > *m.Range {
			c.add(mp+".min_range", "%s.min_range %d is more than its range %d, so the move could never be made", mp, *m.MinRange, *m.Range)
		}
		if m.Kind == KindHop && *m.Range == 1 {
			c.add(mp+".range", "%s.range 1 leaves a hop no square beyond its screen: a hop travels at least 2", mp)
		}
	}
	fits := c.boardOK && symOK && !c.hasWrap()
	for k, v := range m.Vectors {
		vp := func() string { return index(mp+".vectors", k) }
		switch {
		case v == Vector{}:
			c.add(vp(), "%s [0, 0] goes nowhere", vp())
		case m.Kind == KindLame && c.boardOK && stepLength(v, b.IsHex()) == 1:
			c.add(vp(), "%s %s is one step: a lame leap needs a square to be blocked on, so use a leap or a slide with range 1", vp(), vecRepr(v))
		case fits && !c.vectorFits(v, sym, reachOf(m)):
			c.add(vp(), "%s %s can never be made on this board: it reaches past every edge", vp(), vecRepr(v))
		}
	}
	if cond := m.Condition; cond != nil {
		if cond.FromRank != nil && c.boardOK && *cond.FromRank >= b.Height {
			c.add(mp+".condition.from_rank", "%s.condition.from_rank %d is not a rank on this board (0 to %d, from the mover's back rank)", mp, *cond.FromRank, b.Height-1)
		}
		if cond.Region != nil {
			c.squares(mp+".condition.region", cond.Region, false)
		}
	}
	c.checkBent(mp, m)
	if m.ModeOrDefault() == ModeCapture && p.Captures != nil && len(p.Captures) == 0 && c.ok(pp+".captures") {
		c.add(mp, "%s could never be made: its mode is 'capture' and %s.captures is empty", mp, pp)
	}
}

// reachOf is how many times a move's vector is applied at the least: one
// jump for leaps, min_range steps for rays, and a hop needs its screen and
// a square beyond.
func reachOf(m *Move) int {
	switch m.Kind {
	case KindLeap, KindLame, KindBent:
		return 1
	case KindHop:
		return max(2, m.MinRangeOrDefault())
	}
	return m.MinRangeOrDefault()
}

// vectorFits reports whether some image of v, applied times, leads from a
// usable square to a usable square of the board.
func (c *checker) vectorFits(v Vector, sym string, times int) bool {
	key := fitKey{v, sym, times}
	if fit, known := c.fits[key]; known {
		return fit
	}
	fit := c.vectorFitsUncached(v, sym, times)
	if c.fits == nil {
		c.fits = map[fitKey]bool{}
	}
	c.fits[key] = fit
	return fit
}

// fitKey caches vectorFits: a file can repeat a vector many times, but
// there are only so many vectors of -8 to 8.
type fitKey struct {
	v     Vector
	sym   string
	times int
}

func (c *checker) vectorFitsUncached(v Vector, sym string, times int) bool {
	b := c.s.Board
	cells := b.Cells()
	for _, img := range images(v, sym) {
		step := Vector{img[0] * times, img[1] * times}
		for _, from := range cells {
			to := from.Add(step)
			if !c.walls[from] && b.Contains(to) && !c.walls[to] {
				return true
			}
		}
	}
	return false
}

// checkFacing: a facing only where turning changes something.
func (c *checker) checkFacing(pp string, p *Piece) {
	f := p.Facing
	if f == nil || !c.ok(pp+".facing") {
		return
	}
	if p.Royal && c.ok(pp+".royal") {
		c.add(pp+".facing", "%s.facing is not for a royal piece", pp)
	}
	if f.Axes == 2 && (f.Initial == FaceRight || f.Initial == FaceLeft) {
		c.add(pp+".facing.initial", "%s.facing.initial %s is not a way a piece with 2 axes can point: it has only 'forward' and 'backward'", pp, quote(f.Initial))
	}
	hex := c.boardOK && c.s.Board.IsHex()
	if f.Axes == 4 && hex {
		c.add(pp+".facing.axes", "%s.facing.axes 4 needs a square lattice: a hex lattice has no quarter turns", pp)
		return
	}
	if c.ok(pp+".moves") && c.boardOK && len(p.Moves) > 0 {
		turn := func(v Vector) Vector { return Vector{-v[0], -v[1]} }
		if f.Axes == 4 {
			turn = func(v Vector) Vector { return Vector{v[1], -v[0]} }
		}
		if sameMoves(p.Moves, turn) {
			c.add(pp+".facing", "%s.facing would change nothing: its moves read the same whichever way it points, so turning would be a move that does nothing", pp)
		}
	}
	if f.Turns != nil && !*f.Turns && c.setupOK {
		initial := f.InitialOrDefault()
		second := false
		for _, pl := range c.s.Setup.Placements {
			if pl.Piece == p.ID && pl.Facing != "" && pl.Facing != initial {
				second = true
			}
		}
		if !second {
			c.add(pp+".facing.turns", "%s.facing.turns is false but no placement points %s other than %s, so the facing would change nothing", pp, quote(p.ID), quote(initial))
		}
	}
}

// sameMoves reports whether a piece's moves are the same set after every
// vector is turned.
func sameMoves(moves []Move, turn func(Vector) Vector) bool {
	key := func(m *Move, v Vector) string {
		cond, _ := json.Marshal(m.Condition)
		r, mr, sr := m.RangeOrDefault(), m.MinRangeOrDefault(), -1
		if m.ScreenRange != nil {
			sr = *m.ScreenRange
		}
		return fmt.Sprintf("%s|%s|%d|%d|%d|%s|%s|%d,%d", m.Kind, m.ModeOrDefault(), r, mr, sr, m.Screen, cond, v[0], v[1])
	}
	var before, after []string
	for i := range moves {
		m := &moves[i]
		for _, v := range ExpandVectors(m.Vectors, m.SymmetryOrDefault()) {
			before = append(before, key(m, v))
			after = append(after, key(m, turn(v)))
		}
	}
	return sameSet(before, after)
}

func sameSet(a, b []string) bool {
	set := func(xs []string) []string {
		m := map[string]bool{}
		for _, x := range xs {
			m[x] = true
		}
		out := make([]string, 0, len(m))
		for x := range m {
			out = append(out, x)
		}
		sort.Strings(out)
		return out
	}
	sa, sb := set(a), set(b)
	if len(sa) != len(sb) {
		return false
	}
	for i := range sa {
		if sa[i] != sb[i] {
			return false
		}
	}
	return true
}

// checkSetup: placements name declared pieces on free squares of the board.
func (c *checker) checkSetup() {
	s := c.s
	mirrored := s.Setup.Mirrored() && c.ok("setup.mirror")
	type owner struct {
		placement int
		player    int
	}
	held := map[spot][]owner{}
	for k, pl := range s.Setup.Placements {
		lp := index("setup.placements", k)
		if !c.ok(lp) {
			// Still check what is well formed in it.
			if pl.Piece != "" {
				c.refOK(lp+".piece", pl.Piece)
			}
			if pl.Squares != nil {
				c.squares(lp+".squares", pl.Squares, true)
			}
			continue
		}
		declared := c.refOK(lp+".piece", pl.Piece)
		if mirrored && pl.Player == 1 {
			c.add(lp+".player", "%s.player is 1 but setup.mirror is on: write only the first player's army and leave player out", lp)
		}
		var pc *Piece
		if declared {
			pc = c.piece(pl.Piece)
		}
		if pl.Facing != "" && pc != nil && c.ok(fmt.Sprintf("pieces[%d].facing", c.pieceIndex(pl.Piece))) {
			switch {
			case pc.Facing == nil:
				c.add(lp+".facing", "%s.facing is set but %s has no facing", lp, quote(pl.Piece))
			case pc.Facing.Axes == 2 && (pl.Facing == FaceRight || pl.Facing == FaceLeft):
				c.add(lp+".facing", "%s.facing %s is not a way %s can point: it has 2 axes, forward and backward", lp, quote(pl.Facing), quote(pl.Piece))
			}
		}
		good, _ := c.spots(lp+".squares", pl.Squares, true, true)
		var region map[spot]bool
		ri := c.pieceIndex(pl.Piece)
		if pc != nil && pc.Region != nil && c.ok(fmt.Sprintf("pieces[%d].region", ri)) {
			region = map[spot]bool{}
			for _, name := range pc.Region {
				if at, ok := c.parseSpot(name); ok {
					region[at] = true
				}
			}
		}
		for _, written := range good {
			sq := written.sq
			players := []int{pl.Player}
			if mirrored && pl.Player == 0 {
				players = []int{0, 1}
			}
			for _, player := range players {
				at := written
				if player == 1 && mirrored {
					at.sq = s.Board.Reflect(sq, c.rotate)
					if !s.Board.Contains(at.sq) {
						c.add(lp+".squares", "%s.squares entry %s mirrors to %s, which is not a square on this board", lp, quote(c.spotName(written)), quote(c.spotName(at)))
						continue
					}
					if c.wallsOK && c.isWall(at) {
						c.add(lp+".squares", "%s.squares entry %s mirrors to %s, which is a wall (rules.obstacles)", lp, quote(c.spotName(written)), quote(c.spotName(at)))
						continue
					}
				}
				if prev := held[at]; len(prev) > 0 && !c.cellTakes(at, len(prev), prev[0].player == player) {
					if player == 1 && mirrored && at == written {
						c.add(lp+".squares", "%s.squares entry %s is its own mirror image, so both players would stand on it", lp, quote(c.spotName(written)))
					} else {
						c.add(lp+".squares", "%s.squares entry %s already holds a piece from setup.placements[%d]", lp, quote(c.spotName(written)), prev[0].placement)
					}
					break // its mirror image would only repeat the clash
				}
				held[at] = append(held[at], owner{k, player})
				if region != nil {
					want := sq
					if player == 1 && !mirrored {
						want = s.Board.Reflect(sq, c.rotate) // the region is written for the first player
					}
					if !region[spot{at.board, want}] && !region[spot{EveryBoard, want}] && player == pl.Player {
						c.add(lp+".squares", "%s.squares entry %s is outside pieces[%d].region, the only squares %s may occupy", lp, quote(c.spotName(written)), ri, quote(pl.Piece))
					}
				}
			}
		}
	}
}
