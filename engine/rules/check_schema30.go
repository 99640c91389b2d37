package rules

import "sort"

// The agreement checks of the keys schema 30 added (SCHEMA-30.md): bent
// moves, rules.touch, rules.entry, rules.turn.check_ends, and rules.drops
// symmetric and choose_facing.

// checkBent: "then" belongs to bent moves, which need it; a bent move's
// range counts the slide after the bend and it has no min_range.
func (c *checker) checkBent(mp string, m *Move) {
	if m.Kind != KindBent {
		if m.Then != nil {
			c.add(mp+".then", "%s.then is only for bent moves, not %s", mp, kindName(m.Kind))
		}
		return
	}
	if m.Then == nil && c.ok(mp+".then") {
		c.add(mp, "%s is a bent move without then: list the directions it may slide in after its first step", mp)
	}
	if m.MinRange != nil {
		c.add(mp+".min_range", "%s.min_range is not for a bent move: its first step is always a landing", mp)
	}
	if c.boardOK && c.s.Board.IsHex() {
		c.add(mp+".kind", "%s.kind 'bent' is for a square lattice; this board is hex", mp)
	}
	for k, v := range m.Then {
		if v == (Vector{}) {
			c.add(index(mp+".then", k), "%s [0, 0] goes nowhere", index(mp+".then", k))
		}
	}
}

// checkTurnCheckEnds: a check that ends a turn needs a turn to cut short
// and a royal piece to check.
func (c *checker) checkTurnCheckEnds() {
	t := c.s.Rules.Turn
	if t == nil || !t.CheckEnds || !c.ok("rules.turn") {
		return
	}
	const tp = "rules.turn.check_ends"
	if !turnLonger(t) {
		c.add(tp, "%s could never apply: every turn is one move", tp)
	}
	if royal, ok := c.hasRoyal(); ok && !royal[0] && !royal[1] {
		c.add(tp, "%s could never apply: no army has a royal piece to check", tp)
	}
}

// checkTouch: a declared piece, squares it can stand on, the mirrored set
// on the board, and more than nothing to touch.
func (c *checker) checkTouch() {
	t := c.s.Rules.Touch
	if t == nil {
		return
	}
	const tp = "rules.touch"
	if t.Piece != "" {
		c.refOK(tp+".piece", t.Piece)
	}
	good, _ := c.squares(tp+".squares", t.Squares, true)
	mm := t.MirrorOrDefault()
	if mm.On && c.ok(tp+".mirror") {
		for _, sq := range good {
			if m := c.s.Board.Reflect(sq, mm.Rotate); !c.s.Board.Contains(m) {
				c.add(tp+".squares", "%s.squares entry %s mirrors to %s, which is not a square on this board", tp, quote(sq.String()), quote(m.String()))
			}
		}
	}
	if t.Piece != "" && c.piecesOK {
		if p := c.piece(t.Piece); p != nil && p.Facing != nil {
			c.add(tp+".piece", "%s.piece %s has a facing: a touch is made by one kind of piece, and a facing piece is one kind per way it points", tp, quote(t.Piece))
		}
	}
}

// checkPromotionFacing: choose_facing needs a target with a facing.
func (c *checker) checkPromotionFacing() {
	for i, pr := range c.s.Rules.Promotion {
		pp := "rules.promotion"
		if len(c.s.Rules.Promotion) > 1 || c.lookup(pp) != nil && c.lookup(pp).kind == listNode {
			pp = index(pp, i)
		}
		if !pr.ChooseFacing || !c.piecesOK || !c.ok(pp) {
			continue
		}
		any := false
		for p := 0; p < 2; p++ {
			for _, id := range pr.Targets(p) {
				if t := c.piece(id); t != nil && t.Facing != nil {
					any = true
				}
			}
		}
		if !any {
			c.add(pp+".choose_facing", "%s.choose_facing could never apply: no target has a facing", pp)
		}
	}
}

// checkEntry: each rule names squares a piece can stand on, from and
// exit_to squares outside them, declared pieces, and some restriction.
func (c *checker) checkEntry() {
	for i := range c.s.Rules.Entry {
		e := &c.s.Rules.Entry[i]
		ep := index("rules.entry", i)
		if !c.ok(ep) {
			continue
		}
		good, _ := c.squares(ep+".squares", e.Squares, true)
		in := map[Square]bool{}
		for _, sq := range good {
			in[sq] = true
		}
		if e.Pieces != nil {
			c.refsOK(ep+".pieces", e.Pieces)
		}
		for _, key := range []struct {
			name  string
			names []string
		}{{"from", e.From}, {"exit_to", e.ExitTo}} {
			if key.names == nil {
				continue
			}
			sqs, _ := c.squares(ep+"."+key.name, key.names, true)
			for _, sq := range sqs {
				if in[sq] {
					c.add(ep+"."+key.name, "%s.%s entry %s is one of the rule's own squares: a move %s", ep, key.name, quote(sq.String()),
						map[string]string{"from": "from there is not entering them", "exit_to": "to there is not leaving them"}[key.name])
				}
			}
		}
		if e.Pieces == nil && e.From == nil && e.ExitTo == nil {
			c.add(ep, "%s could never apply: it has no pieces, from or exit_to, so every move may enter and leave its squares", ep)
		}
		if e.Mirror && c.ok("setup.orientation") {
			for _, list := range [][]string{e.Squares, e.From, e.ExitTo} {
				for _, name := range list {
					at, ok := c.parseSpot(name)
					if !ok {
						continue
					}
					m := spot{at.board, c.s.Board.Reflect(at.sq, c.rotate)}
					if !c.s.Board.Contains(m.sq) || c.wallsOK && c.isWall(m) {
						c.add(ep+".mirror", "%s.mirror: %s mirrors to %s, which is not a square a piece can stand on", ep, quote(name), quote(c.spotName(m)))
					}
				}
			}
		}
	}
}

// checkSymmetricDrops: a symmetric placement is a placement phase of
// stocked pairs into regions that are their own mirror images; a facing
// is chosen only for a piece that has one.
func (c *checker) checkSymmetricDrops() {
	d := c.s.Rules.Drops
	const dp = "rules.drops"
	if d.ChooseFacing && c.piecesOK && c.ok(dp+".stock") {
		any := false
		for id := range d.Stock {
			if p := c.piece(id); p != nil && p.Facing != nil {
				any = true
			}
		}
		if !any {
			c.add(dp+".choose_facing", "rules.drops.choose_facing could never apply: no stocked piece has a facing")
		}
	}
	if !d.Symmetric || !c.ok(dp) {
		return
	}
	if !d.Placement {
		c.add(dp+".symmetric", "rules.drops.symmetric requires rules.drops.placement: pairs are placed in the placement phase")
	}
	if d.FillsFromCaptures() {
		c.add(dp+".symmetric", "rules.drops.symmetric requires rules.drops.from_captures false: a captured piece comes to hand alone, not as a pair")
	}
	if d.EitherFace || len(d.NoMate) > 0 || len(d.NoDoubled) > 0 {
		c.add(dp+".symmetric", "rules.drops.symmetric cannot be used with either_face, no_mate or no_doubled")
	}
	if !c.boardOK {
		return
	}
	w := c.s.Board.Width
	ids := make([]string, 0, len(d.Stock))
	for id := range d.Stock {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		n := d.Stock[id]
		if !n.Unlimited && n.Count%2 == 1 && w%2 == 0 {
			c.add(dp+".stock."+id, "rules.drops.stock.%s is %d: a symmetric placement puts pieces down in pairs, so the count must be even on a board of even width", id, n.Count)
		}
		if p := c.piece(id); p != nil && p.Royal {
			c.add(dp+".stock."+id, "rules.drops.stock.%s is royal: a symmetric placement would put down two", id)
		}
	}
	keys := make([]string, 0, len(d.Region))
	for id := range d.Region {
		keys = append(keys, id)
	}
	sort.Strings(keys)
	for _, id := range keys {
		set := map[string]bool{}
		for _, name := range d.Region[id] {
			set[name] = true
		}
		for _, name := range d.Region[id] {
			at, ok := c.parseSpot(name)
			if !ok {
				continue
			}
			m := spot{at.board, Square{File: w - 1 - at.sq.File, Rank: at.sq.Rank}}
			if !set[c.spotName(m)] {
				c.add(dp+".region."+id, "rules.drops.region.%s has %s but not its mirror image %s: a symmetric placement puts pieces down in mirrored pairs", id, quote(name), quote(c.spotName(m)))
				break
			}
		}
	}
}

// checkPromotionRest: home belongs to a rest, on squares a piece can stand
// on for both players; a rest needs a promotion on arrival, where the
// promoted piece stands.
func (c *checker) checkPromotionRest() {
	for i, pr := range c.s.Rules.Promotion {
		pp := "rules.promotion"
		if len(c.s.Rules.Promotion) > 1 || c.lookup(pp) != nil && c.lookup(pp).kind == listNode {
			pp = index(pp, i)
		}
		if !c.ok(pp) {
			continue
		}
		if pr.Home != nil && pr.Rest == 0 {
			c.add(pp+".home", "%s.home needs rest: the promoted piece is moved home when its rest ends", pp)
		}
		if pr.Rest > 0 && pr.OnLeaving {
			c.add(pp+".rest", "%s.rest is not for a promotion on_leaving: the promoted piece must rest where it promoted", pp)
		}
		if pr.Home == nil {
			continue
		}
		good, _ := c.squares(pp+".home", pr.Home, true)
		if !c.ok("setup.orientation") {
			continue
		}
		for _, sq := range good {
			if m := c.s.Board.Reflect(sq, c.rotate); !c.s.Board.Contains(m) || c.wallsOK && c.walls[m] {
				c.add(pp+".home", "%s.home entry %s mirrors to %s, which is not a square a piece can stand on", pp, quote(sq.String()), quote(m.String()))
			}
		}
	}
}
