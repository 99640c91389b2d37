package rules

import (
	"fmt"
	"slices"
)

// Agreement checks for the board's edges, wild pieces and portals.

// checkWrap: one spelling per edge pair, rectangle edges off a hexagon and
// hexagon sides only on one, and some edge actually joined.
func (c *checker) checkWrap() {
	w := c.s.Rules.Wrap
	if w == nil || !c.ok("rules.wrap") {
		return
	}
	const wp = "rules.wrap"
	type edge struct {
		key     string
		value   string
		per     *PerPlayerStr
		hexagon bool
	}
	edges := []edge{
		{"files", w.Files, w.FilesByPlayer, false},
		{"ranks", w.Ranks, w.RanksByPlayer, false},
		{"n_s", w.NS, w.NSByPlayer, true},
		{"ne_sw", w.NESW, w.NESWByPlayer, true},
		{"nw_se", w.NWSE, w.NWSEByPlayer, true},
	}
	joined := false
	for _, e := range edges {
		if e.value != "" && e.per != nil {
			c.add(wp, "rules.wrap gives both %s and %s_by_player: %s_by_player is instead of %s", e.key, e.key, e.key, e.key)
		}
		written := e.key
		if e.value == "" && e.per != nil {
			written = e.key + "_by_player"
		}
		if e.value != "" || e.per != nil {
			if c.boardOK && e.hexagon != c.s.Board.IsHexagon() {
				if e.hexagon {
					c.add(wp+"."+written, "rules.wrap.%s is only for a hexagon (board.shape 'hexagon')", written)
				} else {
					c.add(wp+"."+written, "rules.wrap.%s is not for a hexagon: its sides are joined by n_s, ne_sw and nw_se", written)
				}
			}
		}
		if (e.value != "" && e.value != "none") || (e.per != nil && (e.per.P0 != "none" || e.per.P1 != "none")) {
			joined = true
		}
	}
	if !joined {
		c.add(wp, "rules.wrap joins no edges: every value is 'none'; leave the rule out")
	}
}

// route is the squares one wild piece walks, and whose route it is.
type route struct {
	path    string // rules.npcs[k]
	squares []Square
}

// checkNPCs: declared non-royal pieces on distinct routes of free squares.
func (c *checker) checkNPCs() {
	r := &c.s.Rules
	routes := map[Square]string{}
	for k, n := range r.NPCs {
		np := index("rules.npcs", k)
		if !c.ok(np) {
			if n.Piece != "" {
				c.refOK(np+".piece", n.Piece)
			}
			continue
		}
		if c.refOK(np+".piece", n.Piece) && c.piecesOK && c.piece(n.Piece).Royal {
			c.add(np+".piece", "%s.piece %s is royal: a wild piece must be a non-royal piece", np, quote(n.Piece))
		}
		if n.Immune != nil {
			c.refsOK(np+".immune", n.Immune)
			if r.Drops != nil && c.ok("rules.drops") {
				c.add(np+".immune", "%s.immune cannot be used with rules.drops: capture permission is a fact about a type, and the immunity would follow the piece out of a hand", np)
			}
		}
		good, all := c.squares(np+".route", n.Route, true)
		if !all || len(good) == 0 {
			continue
		}
		own := route{np, good}
		if c.setupOK {
			if st, taken := c.occupied[good[0]]; taken {
				c.add(np+".route", "%s.route starts on %s, where setup.placements[%d] puts a piece", np, quote(good[0].String()), st.placement)
			}
		}
		c.checkRouteClash(np+".route", own, routes)
		if n.Mirror && c.ok(np+".mirror", "setup.orientation") {
			var mirrored []Square
			for _, sq := range good {
				m := c.s.Board.Reflect(sq, c.rotate)
				switch {
				case !c.s.Board.Contains(m):
					c.add(np+".route", "%s.route entry %s mirrors to %s, which is not a square on this board", np, quote(sq.String()), quote(m.String()))
				case c.wallsOK && c.walls[m]:
					c.add(np+".route", "%s.route entry %s mirrors to %s, which is a wall (rules.obstacles)", np, quote(sq.String()), quote(m.String()))
				default:
					mirrored = append(mirrored, m)
					continue
				}
				mirrored = nil
				break
			}
			if len(mirrored) == len(good) {
				if st, taken := c.occupied[mirrored[0]]; c.setupOK && taken {
					c.add(np+".route", "%s.route's mirror image starts on %s, where setup.placements[%d] puts a piece", np, quote(mirrored[0].String()), st.placement)
				}
				c.checkRouteClash(np+".route", route{np, mirrored}, routes)
			}
		}
		if n.AlsoAt != nil {
			c.checkAlsoAt(np, n, good)
		}
	}
}

// checkRouteClash reports the first square of a route that another wild
// piece's route already uses (a route's own squares are distinct by the
// shape pass); taken maps each square to the route holding it.
func (c *checker) checkRouteClash(path string, r route, taken map[Square]string) {
	for _, sq := range r.squares {
		if other, clash := taken[sq]; clash {
			if other == r.path {
				c.add(path, "%s entry %s lies on its own mirror image, so two wild pieces would share it", path, quote(sq.String()))
			} else {
				c.add(path, "%s entry %s is on the route of %s: a square belongs to one wild piece's route", path, quote(sq.String()), other)
			}
			break
		}
	}
	for _, sq := range r.squares {
		if _, clash := taken[sq]; !clash {
			taken[sq] = r.path
		}
	}
}

// checkAlsoAt: further wild pieces start on the route, after its first
// square, in route order, on squares the opening array leaves free.
func (c *checker) checkAlsoAt(np string, n NPC, route []Square) {
	ap := np + ".also_at"
	good, all := c.squares(ap, n.AlsoAt, true)
	if !all {
		return
	}
	pos := map[Square]int{}
	for i, sq := range route {
		pos[sq] = i
	}
	last := 0
	ordered := true
	for _, sq := range good {
		i, on := pos[sq]
		switch {
		case !on:
			c.add(ap, "%s entry %s is not on the route", ap, quote(sq.String()))
			continue
		case i == 0:
			c.add(ap, "%s entry %s is the route's first square, where the first wild piece starts", ap, quote(sq.String()))
			continue
		case i < last:
			ordered = false
		}
		last = i
		if st, taken := c.occupied[sq]; c.setupOK && taken {
			c.add(ap, "%s entry %s is where setup.placements[%d] puts a piece", ap, quote(sq.String()), st.placement)
		}
	}
	if !ordered {
		c.add(ap, "%s must list its squares in route order", ap)
	}
}

// portalEnd is one end of a portal group as written.
type portalEnd struct {
	path string
	name string
}

// checkPortals: the many restrictions on rules.portals.
func (c *checker) checkPortals() {
	r := &c.s.Rules
	if r.Portals == nil {
		return
	}
	const pp = "rules.portals"
	if c.boardOK && c.s.Board.IsHex() {
		c.add(pp, "rules.portals cannot be used on a hex lattice")
	}
	for _, ex := range []struct {
		key string
		on  bool
	}{
		{"npcs", r.NPCs != nil}, {"strike", r.Strike != nil}, {"contacts", r.Contacts != nil},
		{"explode_on_capture", r.ExplodeOnCapture != nil}, {"territory", r.Territory != nil},
	} {
		if ex.on {
			c.add(pp, "rules.portals cannot be used with rules.%s", ex.key)
		}
	}
	for i, p := range c.s.Pieces {
		for j, m := range p.Moves {
			if m.Kind == KindSweep && c.ok(fmt.Sprintf("pieces[%d].moves[%d]", i, j)) {
				c.add(pp, "rules.portals cannot be used with a sweep (pieces[%d].moves[%d])", i, j)
			}
		}
		if p.Region != nil && c.ok(index("pieces", i)+".region") {
			c.add(pp, "rules.portals cannot be used with a piece region (pieces[%d].region)", i)
		}
	}
	ends := 0
	for _, g := range r.Portals {
		switch {
		case g.Ends != nil:
			ends += len(g.Ends)
		default:
			ends += 2
		}
	}
	if ends > 8 && c.ok(pp) {
		c.add(pp, "rules.portals has %d ends: at most eight in all", ends)
	}
	refs := c.ruleRefs()
	var all []portalEnd
	for g := range r.Portals {
		all = c.checkPortalGroup(index(pp, g), &r.Portals[g], refs, all)
	}
}

// checkPortalGroup checks one group; all is every end seen so far.
func (c *checker) checkPortalGroup(gp string, g *PortalGroup, refs map[string]string, all []portalEnd) []portalEnd {
	if !c.ok(gp) {
		if g.Piece != "" {
			c.refOK(gp+".piece", g.Piece)
		}
		return all
	}
	pair := g.Orange != "" || g.Blue != ""
	switch {
	case pair && g.Ends != nil:
		c.add(gp, "%s gives both orange/blue and ends: two ends are a pair, written as orange and blue; three or more are ends", gp)
	case !pair && g.Ends == nil:
		c.add(gp, "%s has no ends: give orange and blue, or ends", gp)
	case pair && (g.Orange == "" || g.Blue == ""):
		c.add(gp, "%s gives one end of a pair: a pair needs both orange and blue", gp)
	}
	if g.Ends != nil {
		for _, k := range []struct {
			key, instead string
			on           bool
		}{{"moved_by", "moved_by", g.MovedBy != nil}, {"passage", "enter", g.Passage != nil}, {"carries", "carries", g.Carries != nil}} {
			if k.on {
				c.add(gp+"."+k.key, "%s.%s is for a pair (orange and blue); give each of its ends its own %s", gp, k.key, k.instead)
			}
		}
	}
	declared := c.refOK(gp+".piece", g.Piece)
	if declared && c.piecesOK {
		c.checkPortalPiece(gp, g, refs)
	}
	fold := g.Kind == "fold"
	endSquare := func(path, name string) {
		sq, ok := c.square(path, name, true)
		if !ok {
			return
		}
		if st, taken := c.occupied[sq]; c.setupOK && taken && !fold {
			c.add(path, "%s %s is not empty: setup.placements[%d] puts a piece there", path, quote(name), st.placement)
		}
		for _, e := range all {
			if e.name == name {
				c.add(path, "%s %s is already an end (%s)", path, quote(name), e.path)
				return
			}
		}
		all = append(all, portalEnd{path, name})
	}
	if g.Orange != "" {
		endSquare(gp+".orange", g.Orange)
	}
	if g.Blue != "" {
		endSquare(gp+".blue", g.Blue)
	}
	ledTo := map[int]bool{}
	for i, e := range g.Ends {
		if e.To != nil && *e.To < len(g.Ends) && *e.To != i {
			ledTo[*e.To] = true
		}
	}
	for i, e := range g.Ends {
		ep := index(gp+".ends", i)
		if !c.ok(ep) {
			continue
		}
		endSquare(ep+".at", e.At)
		switch {
		case e.To != nil && *e.To >= len(g.Ends):
			c.add(ep+".to", "%s.to %d is not an end of this group (it has %d, from 0)", ep, *e.To, len(g.Ends))
		case e.To != nil && *e.To == i:
			c.add(ep+".to", "%s.to leads to the end itself", ep)
		case e.To == nil && !ledTo[i]:
			c.add(ep, "%s leads nowhere and no end leads to it", ep)
		}
		if e.To == nil {
			if e.Enter != nil {
				c.add(ep+".enter", "%s.enter is only beside to: nobody goes in by an end that leads nowhere", ep)
			}
			if e.Carries != nil {
				c.add(ep+".carries", "%s.carries is only beside to: nobody goes in by an end that leads nowhere", ep)
			}
		}
		if e.Carries != nil {
			c.checkCarries(ep+".carries", e.Carries)
		}
	}
	if g.Carries != nil {
		if g.Carries.Orange != nil {
			c.checkCarries(gp+".carries.orange", g.Carries.Orange)
		}
		if g.Carries.Blue != nil {
			c.checkCarries(gp+".carries.blue", g.Carries.Blue)
		}
	}
	if ps := g.Passage; ps != nil && ps.P0 == "closed" && ps.P1 == "closed" {
		c.add(gp+".passage", "%s.passage closes both ends to both players, so the portals would carry nothing", gp)
	}
	if g.NoStraightBack {
		c.checkNoStraightBack(gp, g, declared)
	}
	return all
}

// checkPortalPiece: worth 0, not royal, not placed, named by no other rule,
// moves that say mode 'move' and read the same for both players, and moves
// at all if anyone moves the group.
func (c *checker) checkPortalPiece(gp string, g *PortalGroup, refs map[string]string) {
	i := c.pieceIndex(g.Piece)
	p := &c.s.Pieces[i]
	id := quote(g.Piece)
	if p.PieceValue() != 0 {
		c.add(gp+".piece", "%s.piece %s must be worth 0 (pieces[%d].value): a portal is never captured", gp, id, i)
	}
	if p.Royal {
		c.add(gp+".piece", "%s.piece %s may not be royal", gp, id)
	}
	if c.setupOK {
		for k, pl := range c.s.Setup.Placements {
			if pl.Piece == g.Piece {
				c.add(gp+".piece", "%s.piece %s is placed by setup.placements[%d]: a portal's ends are the rule's, not pieces of the setup", gp, id, k)
				break
			}
		}
	}
	if where, named := refs[g.Piece]; named {
		c.add(gp+".piece", "%s.piece %s is also named by %s: a portal piece may be named by no other rule", gp, id, where)
	}
	rotate := c.rotate && c.ok("setup.orientation")
	for j, m := range p.Moves {
		mp := fmt.Sprintf("pieces[%d].moves[%d]", i, j)
		if m.Mode != ModeMove {
			c.add(mp+".mode", "%s must say mode 'move': it is a move of the portal piece of %s", mp, gp)
		}
		var mine, theirs []string
		for _, v := range ExpandVectors(m.Vectors, m.SymmetryOrDefault()) {
			mine = append(mine, vecRepr(v))
			theirs = append(theirs, vecRepr(ReflectVector(v, rotate)))
		}
		if !sameSet(mine, theirs) {
			c.add(mp, "%s reads differently for the two players: a portal piece's moves must read the same for both", mp)
		}
	}
}

// checkCarries: declared pieces, never a portal, never every piece that
// can move.
func (c *checker) checkCarries(path string, ids []string) {
	if !c.refsOK(path, ids) || !c.piecesOK {
		return
	}
	for _, id := range ids {
		if g, portal := c.portalPiece[id]; portal {
			c.add(path, "%s entry %s is the piece of rules.portals[%d]: a portal never goes through a portal", path, quote(id), g)
			return
		}
	}
	for _, p := range c.s.Pieces {
		if _, portal := c.portalPiece[p.ID]; portal || len(p.Moves) == 0 {
			continue
		}
		if !slices.Contains(ids, p.ID) {
			return
		}
	}
	c.add(path, "%s lists every piece that can move: leave it out instead", path)
}

// checkNoStraightBack: the bar needs an end that whoever moves next may
// move too, and a portal piece with a move back.
func (c *checker) checkNoStraightBack(gp string, g *PortalGroup, declared bool) {
	movers := [][]int{}
	if g.MovedBy != nil {
		movers = append(movers, g.MovedBy.Orange, g.MovedBy.Blue)
	}
	for _, e := range g.Ends {
		movers = append(movers, e.MovedBy)
	}
	both, anyone := false, false
	for _, m := range movers {
		if len(m) > 0 {
			anyone = true
		}
		if slices.Contains(m, 0) && slices.Contains(m, 1) {
			both = true
		}
	}
	longTurn := false
	if t := c.s.Rules.Turn; t != nil && c.ok("rules.turn") {
		longTurn = t.Moves > 1
		for _, n := range t.Ramp {
			longTurn = longTurn || n > 1
		}
	}
	if !both && !(longTurn && anyone) {
		c.add(gp+".no_straight_back", "%s.no_straight_back could never apply: no end may be moved by whoever moves next (list both players in moved_by, or play a turn of more than one move)", gp)
		return
	}
	if !declared || !c.piecesOK {
		return
	}
	p := c.piece(g.Piece)
	back := false
	for _, m := range p.Moves {
		vs := map[Vector]bool{}
		for _, v := range ExpandVectors(m.Vectors, m.SymmetryOrDefault()) {
			vs[v] = true
		}
		for v := range vs {
			back = back || vs[Vector{-v[0], -v[1]}]
		}
	}
	if !back {
		c.add(gp+".no_straight_back", "%s.no_straight_back could never apply: %s has no move back", gp, quote(g.Piece))
	}
}

// ruleRefs maps each piece id named by a rule (other than portals' own
// keys) to the first place naming it, for "named by no other rule".
func (c *checker) ruleRefs() map[string]string {
	r := &c.s.Rules
	refs := map[string]string{}
	put := func(path string, ids ...string) {
		for _, id := range ids {
			if _, seen := refs[id]; !seen && id != "" {
				refs[id] = path
			}
		}
	}
	for k, pr := range r.Promotion {
		pp := c.promotionPath(k)
		put(pp+".piece", pr.Piece)
		put(pp+".to", pr.To...)
		if pr.ToByPlayer != nil {
			put(pp+".to_by_player", pr.ToByPlayer.P0...)
			put(pp+".to_by_player", pr.ToByPlayer.P1...)
		}
	}
	if cs := r.Castling; cs != nil {
		put("rules.castling", cs.King, cs.Rook)
	}
	if st := r.Strike; st != nil {
		for _, l := range st.Chain {
			put("rules.strike.chain", l.From, l.To)
		}
		put("rules.strike.switches_sides", st.SwitchesSides...)
		put("rules.strike.immune", st.Immune...)
	}
	if ct := r.Contacts; ct != nil {
		for _, l := range ct.Links {
			put("rules.contacts.links", l.Mover, l.Onto, l.MoverTo, l.OntoTo)
		}
		put("rules.contacts.immune", ct.Immune...)
	}
	for _, n := range r.NPCs {
		put("rules.npcs", n.Piece)
		put("rules.npcs", n.Immune...)
	}
	if rc := r.Reach; rc != nil {
		put("rules.reach.piece", rc.Piece)
	}
	if e := r.Extinction; e != nil {
		put("rules.extinction.pieces", e.Pieces.IDs...)
	}
	if d := r.Drops; d != nil {
		for _, id := range sortedMapKeys(d.Region) {
			put("rules.drops.region", id)
		}
		put("rules.drops.no_doubled", d.NoDoubled...)
		put("rules.drops.no_mate", d.NoMate...)
		for _, id := range sortedMapKeys(d.Stock) {
			put("rules.drops.stock", id)
		}
	}
	if x := r.ExplodeOnCapture; x != nil {
		put("rules.explode_on_capture.immune", x.Immune...)
		put("rules.explode_on_capture.by", x.By...)
		put("rules.explode_on_capture.of", x.Of...)
	}
	return refs
}
