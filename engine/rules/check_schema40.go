package rules

import "fmt"

// The agreement checks of the keys schema 40 added (SCHEMA-40.md):
// pieces' neutral and raises, setup.neutral, statuses' portal and
// extra_move. What they change in the schema-37 checks (a status with a
// portal or an extra move does something, a raiser gives its status) is
// in checkStatusEntries and namedStatuses.

// checkActions runs the schema-40 checks in the addendum's order.
func (c *checker) checkActions() {
	neutral := c.neutralKinds()
	resources, resourcesOK := c.declaredResources()
	statuses, statusesOK := c.declaredStatuses()
	for k := range c.s.Pieces {
		pp := index("pieces", k)
		pc := &c.s.Pieces[k]
		if pc.Neutral != nil && c.ok(pp+".neutral") {
			c.checkNeutralKind(pp, pc, resources, resourcesOK)
		}
		if pc.Upgrades != nil && c.ok(pp+".upgrades") && neutral != nil {
			for _, id := range pc.Upgrades.Pieces {
				if neutral[id] {
					c.add(pp+".upgrades.pieces", "%s.upgrades.pieces entry %s is a neutral piece: no player's piece becomes one", pp, quote(id))
				}
			}
		}
		if r := pc.Raises; r != nil && c.ok(pp+".raises") {
			c.checkRaises(pp+".raises", r, statuses, statusesOK)
		}
	}
	c.checkNeutralPlacements(neutral)
	for i, st := range c.s.Statuses {
		sp := index("statuses", i)
		if st.Portal && c.ok(sp+".portal") {
			c.planeBoards(sp + ".portal")
		}
		if em := st.ExtraMove; em != nil && resourcesOK && c.ok(sp+".extra_move") {
			c.gainRefs(sp+".extra_move.cost", em.Cost, resources)
		}
	}
	c.checkActionsWin()
}

// neutralKinds is each piece id whose kind is neutral; nil when a piece
// is ill-formed, so no kind can be said not to be neutral.
func (c *checker) neutralKinds() map[string]bool {
	if !c.idsOK || c.badAt["pieces"] {
		return nil
	}
	out := map[string]bool{}
	for k, pc := range c.s.Pieces {
		if !c.ok(index("pieces", k) + ".neutral") {
			return nil
		}
		if pc.Neutral != nil {
			out[pc.ID] = true
		}
	}
	return out
}

// checkNeutralKind: a neutral kind is not royal and has no upgrades; the
// resource "most" counts is declared, and "any" counts none.
func (c *checker) checkNeutralKind(pp string, pc *Piece, resources map[string]int, resourcesOK bool) {
	np := pp + ".neutral"
	if pc.Royal && c.ok(pp+".royal") {
		c.add(np, "%s is on a royal piece: a neutral piece belongs to neither player, so neither can lose it", np)
	}
	if pc.Upgrades != nil && c.ok(pp+".upgrades") {
		c.add(pp+".upgrades", "%s.upgrades is on a neutral piece: nobody's piece gains experience or upgrades", pp)
	}
	switch {
	case pc.Neutral.MovedBy == MovedByMost && !c.written(np+".resource"):
		c.add(np, "%s.moved_by 'most' needs resource: the resource whose greater holder may move it", np)
	case pc.Neutral.MovedBy == MovedByMost && resourcesOK:
		if _, ok := resources[pc.Neutral.Resource]; !ok {
			c.add(np+".resource", "%s.resource %s is not a declared resource", np, quote(pc.Neutral.Resource))
		}
	case pc.Neutral.MovedBy != MovedByMost && c.written(np+".resource"):
		c.add(np+".resource", "%s.resource is for moved_by 'most': with 'any' either player moves it", np)
	}
}

// checkRaises: raising needs boards; from and to are boards, to not from;
// the boards the raiser stands on are boards; the status given is
// declared.
func (c *checker) checkRaises(rp string, r *Raises, statuses map[string]int, statusesOK bool) {
	if r.Status != "" && statusesOK {
		c.statusRef(rp+".status", rp+".status", r.Status, statuses)
	}
	if !c.planeBoards(rp) {
		return
	}
	from, fromOK := c.boardRef(rp+".from", fmt.Sprintf("%s.from %s", rp, quote(r.From)), r.From)
	to, toOK := c.boardRef(rp+".to", fmt.Sprintf("%s.to %s", rp, quote(r.To)), r.To)
	if fromOK && toOK && from == to {
		c.add(rp+".to", "%s.to %s is its from board: a raised piece goes to another board", rp, quote(r.To))
	}
	if r.On != nil {
		c.boardRefs(rp+".on", r.On)
	}
}

// checkNeutralPlacements: neutral kinds stand only where setup.neutral
// puts them, each on a free square of the board (naming its board in a
// game with boards), one piece a square; placements place no neutral kind.
func (c *checker) checkNeutralPlacements(neutral map[string]bool) {
	if neutral != nil && c.ok("setup.placements") {
		for k, pl := range c.s.Setup.Placements {
			if neutral[pl.Piece] {
				pp := index("setup.placements", k) + ".piece"
				c.add(pp, "%s %s is a neutral piece: it stands where setup.neutral puts it", pp, quote(pl.Piece))
			}
		}
	}
	taken := map[spot]int{}
	for k, np := range c.s.Setup.Neutral {
		ep := index("setup.neutral", k)
		if !c.ok(ep) {
			continue
		}
		if c.refOK(ep+".piece", np.Piece) && neutral != nil && !neutral[np.Piece] {
			c.add(ep+".piece", "%s.piece %s is not a neutral piece: a player's pieces stand in setup.placements", ep, quote(np.Piece))
		}
		sp := ep + ".squares"
		if !c.boardOK || !c.boardsOK {
			continue
		}
		for _, name := range np.Squares {
			at, ok := c.spotOf(sp, sp+" entry "+quote(name), name, true, true)
			if !ok {
				continue
			}
			if here := c.placed[at]; c.setupOK && len(here) > 0 {
				c.add(sp, "%s entry %s holds a piece from setup.placements[%d]: a neutral piece starts on a free square", sp, quote(name), here[0].placement)
				continue
			}
			if j, dup := taken[at]; dup {
				c.add(sp, "%s entry %s holds setup.neutral[%d]'s piece too: one neutral piece a square", sp, quote(name), j)
				continue
			}
			taken[at] = k
		}
	}
}

// checkActionsWin: the keys of schema 40 are for games without check, as
// the rest of the planes family. (A status's portal and extra_move stand
// in statuses, refused there.)
func (c *checker) checkActionsWin() {
	if !c.ok("rules.win") || c.s.Rules.WinOrDefault() != WinCheckmate {
		return
	}
	var keys []string
	for k := range c.s.Pieces {
		keys = append(keys, index("pieces", k)+".neutral", index("pieces", k)+".raises")
	}
	keys = append(keys, "setup.neutral")
	for _, key := range keys {
		if c.written(key) {
			c.add(key, "%s is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'", key)
		}
	}
}
