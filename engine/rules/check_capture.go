package rules

import (
	"slices"
	"sort"
	"strings"
)

// Agreement checks for what a capture does: strike, contacts, drops and
// explosions.

// checkLanding: landing only with position 'choose', required there, and
// its symmetry on this board's lattice.
func (c *checker) checkLanding(path, position string, l *Landing) {
	switch {
	case position == "choose" && l == nil:
		c.add(path+".position", "%s.position 'choose' requires %s.landing: the squares to place the surviving piece on", path, path)
	case position != "choose" && l != nil:
		c.add(path+".landing", "%s.landing is only for position 'choose'", path)
	}
	if l == nil || !c.ok(path+".landing") {
		return
	}
	sym := l.Symmetry
	if sym == "" {
		sym = SymNone
	}
	if lat := latticeOf(sym); c.boardOK && lat != "" && lat != c.s.Board.LatticeOrDefault() {
		c.add(path+".landing.symmetry", "%s.landing.symmetry %s is for a %s lattice; this board is %s", path, quote(sym), lat, c.s.Board.LatticeOrDefault())
	}
	for k, v := range l.Vectors {
		if v == (Vector{}) {
			vp := index(path+".landing.vectors", k)
			c.add(vp, "%s [0, 0] is the attacker's own square", vp)
		}
	}
}

// checkRoyalsImmune: every royal piece listed in a transforming rule's
// immune list.
func (c *checker) checkRoyalsImmune(path string, immune []string) {
	if !c.piecesOK || !c.ok(path+".immune") {
		return
	}
	var missing []string
	for _, p := range c.s.Pieces {
		if p.Royal && !slices.Contains(immune, p.ID) {
			missing = append(missing, p.ID)
		}
	}
	if len(missing) > 0 {
		c.add(path+".immune", "%s.immune must list every royal piece, missing %s: a king that turns into something else makes check a question about a piece that is not on the board yet",
			path, describe(missing))
	}
}

// checkStrike: declared pieces, an effect and position that do something,
// a demotion chain that ends, royals immune and never switching sides.
func (c *checker) checkStrike() {
	st := c.s.Rules.Strike
	if st == nil {
		return
	}
	const sp = "rules.strike"
	for i, l := range st.Chain {
		lp := index(sp+".chain", i)
		c.refOK(lp+".from", l.From)
		c.refOK(lp+".to", l.To)
	}
	if st.SwitchesSides != nil {
		c.refsOK(sp+".switches_sides", st.SwitchesSides)
	}
	if st.Immune != nil {
		c.refsOK(sp+".immune", st.Immune)
	}
	if !c.ok(sp+".effect", sp+".position", sp+".chain") {
		return
	}
	effect, position := st.EffectOrDefault(), st.PositionOrDefault()
	transforms := effect == "demote" || effect == "promote"
	switch {
	case effect == "capture" && st.Chain != nil:
		c.add(sp+".chain", "rules.strike.chain could never apply: effect 'capture' removes a taken piece; use effect 'demote' or 'promote'")
	case transforms && st.Chain == nil:
		c.add(sp+".effect", "rules.strike.effect %s requires rules.strike.chain: with no link every taken piece is simply removed", quote(effect))
	case transforms && position == "advance":
		c.add(sp+".position", "rules.strike.position 'advance' may only be used when nothing survives the chain: a struck piece that becomes another needs somewhere to stand")
	case effect == "capture" && position == "advance" && st.SwitchesSides == nil:
		c.add(sp, "rules.strike changes nothing: effect 'capture' with position 'advance' is the ordinary capture")
	case effect == "capture" && (position == "choose" || position == "swap"):
		c.add(sp+".position", "rules.strike.position %s could never apply: under effect 'capture' nothing survives to be placed", quote(position))
	}
	if c.ok(sp + ".landing") {
		c.checkLanding(sp, position, st.Landing)
	}
	from := map[string]int{}
	for i, l := range st.Chain {
		lp := index(sp+".chain", i)
		if j, dup := from[l.From]; dup {
			c.add(lp+".from", "%s.from %s already has a link in rules.strike.chain[%d]: one link per piece", lp, quote(l.From), j)
			continue
		}
		from[l.From] = i
		if slices.Contains(st.Immune, l.From) && c.ok(sp+".immune") {
			c.add(lp, "%s could never apply: %s is in rules.strike.immune", lp, quote(l.From))
		}
	}
	if effect == "demote" {
		if cycle := chainCycle(st.Chain); cycle != nil {
			c.add(sp+".chain", "rules.strike.chain cycles (%s): a demotion chain may not cycle", strings.Join(quoteAll(cycle), " -> "))
		}
	}
	if c.piecesOK && c.ok(sp+".switches_sides") {
		for _, id := range st.SwitchesSides {
			if p := c.piece(id); p != nil && p.Royal {
				c.add(sp+".switches_sides", "rules.strike.switches_sides entry %s is royal: a royal piece may not change sides", quote(id))
			}
		}
	}
	c.checkRoyalsImmune(sp, st.Immune)
}

// chainCycle is the first cycle of links (from -> to), found walking the
// chain from each link in order, or nil. Linear in the chain's length.
func chainCycle(chain []Link) []string {
	next := map[string]string{}
	for _, l := range chain {
		if _, dup := next[l.From]; !dup {
			next[l.From] = l.To
		}
	}
	walked := map[string]int{} // id -> the walk that reached it first
	for w, l := range chain {
		var path []string
		for at := l.From; ; {
			if seenIn, seen := walked[at]; seen {
				if seenIn != w {
					break // joins an earlier walk, whose cycles are already known
				}
				for i, id := range path {
					if id == at {
						return append(path[i:], at)
					}
				}
			}
			walked[at] = w
			path = append(path, at)
			to, ok := next[at]
			if !ok {
				break
			}
			at = to
		}
	}
	return nil
}

// checkContacts: declared pieces, links that change something and can
// happen, a position that fits the links, royals immune.
func (c *checker) checkContacts() {
	ct := c.s.Rules.Contacts
	if ct == nil {
		return
	}
	const cp = "rules.contacts"
	for i, l := range ct.Links {
		lp := index(cp+".links", i)
		if !c.ok(lp) {
			continue
		}
		c.refOK(lp+".mover", l.Mover)
		c.refOK(lp+".onto", l.Onto)
		if l.MoverTo != "" {
			c.refOK(lp+".mover_to", l.MoverTo)
		}
		if l.OntoTo != "" {
			c.refOK(lp+".onto_to", l.OntoTo)
		}
	}
	if ct.Immune != nil {
		c.refsOK(cp+".immune", ct.Immune)
	}
	if !c.ok(cp) {
		return
	}
	position := ct.PositionOrDefault()
	type pairKey struct {
		mover, onto string
		own         bool
	}
	seen := map[pairKey]int{}
	for i, l := range ct.Links {
		lp := index(cp+".links", i)
		key := pairKey{l.Mover, l.Onto, l.Own}
		if j, dup := seen[key]; dup {
			c.add(lp, "%s repeats the meeting of %s onto %s in rules.contacts.links[%d]: one link per pair", lp, quote(l.Mover), quote(l.Onto), j)
			continue
		}
		seen[key] = i
		if !l.Own && (l.MoverTo == "" || l.MoverTo == l.Mover) && l.OntoTo == "" {
			c.add(lp, "%s changes neither piece: a link must change at least one of the two, and a pair with no link is an ordinary capture", lp)
			continue
		}
		if position == "advance" && l.OntoTo != "" {
			c.add(cp+".position", "rules.contacts.position 'advance' may only be used when no link leaves the target standing, but %s turns %s into %s", lp, quote(l.Onto), quote(l.OntoTo))
		}
		for _, id := range []string{l.Mover, l.Onto} {
			if slices.Contains(ct.Immune, id) {
				c.add(lp, "%s could never apply: %s is in rules.contacts.immune", lp, quote(id))
				break
			}
		}
		if !c.piecesOK {
			continue
		}
		mover := c.piece(l.Mover)
		if mover == nil || c.piece(l.Onto) == nil {
			continue
		}
		switch {
		case !hasCaptureMove(mover):
			c.add(lp, "%s could never apply: %s has no move that captures", lp, quote(l.Mover))
		case !l.Own && !mayTake(mover, l.Onto):
			c.add(lp, "%s could never apply: %s may not capture %s (pieces[%d].captures)", lp, quote(l.Mover), quote(l.Onto), c.pieceIndex(l.Mover))
		}
	}
	c.checkLanding(cp, position, ct.Landing)
	c.checkRoyalsImmune(cp, ct.Immune)
}

// hasCaptureMove reports whether a piece has a move that may capture.
func hasCaptureMove(p *Piece) bool {
	for _, m := range p.Moves {
		if m.ModeOrDefault() != ModeMove {
			return true
		}
	}
	return false
}

// checkDrops: declared pieces, a hand that can fill, royals in the stock
// only for a placement phase, no_mate only where there is mate, and
// either_face's pairs.
func (c *checker) checkDrops() {
	d := c.s.Rules.Drops
	if d == nil {
		return
	}
	const dp = "rules.drops"
	regionKeys := make([]string, 0, len(d.Region))
	for id := range d.Region {
		regionKeys = append(regionKeys, id)
	}
	c.keyRefsOK(dp+".region", regionKeys)
	sort.Strings(regionKeys)
	for _, id := range regionKeys {
		c.squares(dp+".region."+id, d.Region[id], false)
	}
	if d.NoDoubled != nil {
		c.refsOK(dp+".no_doubled", d.NoDoubled)
	}
	if d.NoMate != nil {
		c.refsOK(dp+".no_mate", d.NoMate)
	}
	stockKeys := make([]string, 0, len(d.Stock))
	for id := range d.Stock {
		stockKeys = append(stockKeys, id)
	}
	c.keyRefsOK(dp+".stock", stockKeys)
	sort.Strings(stockKeys)
	if !d.FillsFromCaptures() && len(d.Stock) == 0 && c.ok(dp+".from_captures", dp+".stock") {
		c.add(dp, "rules.drops could never apply: from_captures is false and there is no stock, so no hand ever holds a piece")
	}
	if len(d.NoMate) > 0 && c.ok(dp+".no_mate", "rules.win") && c.s.Rules.WinOrDefault() != WinCheckmate {
		c.add(dp+".no_mate", "rules.drops.no_mate could never apply: rules.win is %s, so there is no checkmate", quote(c.s.Rules.WinOrDefault()))
	}
	if c.piecesOK && c.ok(dp+".stock", dp+".placement") {
		for _, id := range stockKeys {
			p := c.piece(id)
			if p == nil || !p.Royal {
				continue
			}
			n := d.Stock[id]
			switch {
			case !d.Placement:
				c.add(dp+".stock", "rules.drops.stock key %s is royal: a royal piece may start in the stock only with rules.drops.placement true", quote(id))
			case n.Unlimited || n.Count != 1:
				c.add(dp+".stock."+id, "rules.drops.stock.%s must be 1 for a royal piece: a royal starts in the stock once", id)
			case c.setupOK:
				for p := 0; p < 2; p++ {
					for _, st := range c.start[p] {
						if st.id == id {
							c.add(dp+".stock", "rules.drops.stock key %s is royal and also placed by setup.placements[%d]: a royal starts in the stock once, and not also on the board", quote(id), st.placement)
							goto nextRoyal
						}
					}
				}
			}
		nextRoyal:
		}
	}
	if d.EitherFace && c.ok(dp) {
		c.checkEitherFace()
	}
	c.checkSymmetricDrops()
}

// checkEitherFace: at least one promoted_from pair a hand can hold; each
// base one face; no face itself a base, stocked, or royal.
func (c *checker) checkEitherFace() {
	const fp = "rules.drops.either_face"
	if !c.piecesOK {
		return
	}
	d := c.s.Rules.Drops
	a, known := c.appear()
	faces := map[string][]string{} // base -> faces, in declaration order
	var bases []string
	for _, p := range c.s.Pieces {
		if p.PromotedFrom == "" || c.piece(p.PromotedFrom) == nil {
			continue
		}
		if faces[p.PromotedFrom] == nil {
			bases = append(bases, p.PromotedFrom)
		}
		faces[p.PromotedFrom] = append(faces[p.PromotedFrom], p.ID)
	}
	held := false
	for _, base := range bases {
		if known && c.inHand(base, a) {
			held = true
		}
		fs := faces[base]
		if len(fs) > 1 {
			c.add(fp, "%s: %s is the promoted_from of %s; each base may have one face", fp, quote(base), describe(fs))
		}
		for _, f := range fs {
			switch {
			case faces[f] != nil:
				c.add(fp, "%s: face %s is itself a base (the promoted_from of %s)", fp, quote(f), describe(faces[f]))
			case c.piece(f).Royal:
				c.add(fp, "%s: face %s is royal", fp, quote(f))
			default:
				if _, stocked := d.Stock[f]; stocked {
					c.add(fp, "%s: face %s is stocked in rules.drops.stock", fp, quote(f))
				}
			}
		}
	}
	if known && !held {
		c.add(fp, "%s requires a promoted_from pair a hand can hold: no piece with another face can reach a hand", fp)
	}
}

// checkExplode: declared pieces, a rule that can fire, and no immunity
// where the blast reaches no neighbour.
func (c *checker) checkExplode() {
	x := c.s.Rules.ExplodeOnCapture
	if x == nil {
		return
	}
	const xp = "rules.explode_on_capture"
	for _, l := range []struct {
		key string
		ids []string
	}{{"immune", x.Immune}, {"by", x.By}, {"of", x.Of}} {
		if l.ids != nil {
			c.refsOK(xp+"."+l.key, l.ids)
		}
	}
	if x.Radius != nil && *x.Radius == 0 && x.Immune != nil && c.ok(xp+".radius", xp+".immune") {
		c.add(xp+".immune", "rules.explode_on_capture.immune cannot be used with radius 0: only the capturer and the piece it took are destroyed")
	}
	for _, l := range []struct {
		key, what string
		ids       []string
	}{{"by", "capturer", x.By}, {"of", "captured piece", x.Of}} {
		if l.ids != nil && len(l.ids) == 0 && c.ok(xp+"."+l.key) {
			c.add(xp+"."+l.key, "%s.%s is empty, so no capture would ever explode: leave it out for every %s", xp, l.key, l.what)
		}
	}
}
