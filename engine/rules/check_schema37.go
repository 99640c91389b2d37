package rules

import (
	"fmt"
	"sort"
)

// The agreement checks of the keys schema 37 added (SCHEMA-37.md):
// statuses, pieces[].upgrades, rules.on_capture and setup.statuses.

// checkStatuses runs the schema-37 checks in the addendum's order.
func (c *checker) checkStatuses() {
	declared, namesOK := c.declaredStatuses()
	c.checkStatusEntries(declared, namesOK)
	c.checkUpgrades(declared, namesOK)
	c.checkOnCapture(declared, namesOK)
	c.checkSetupStatuses(declared, namesOK)
	c.checkStatusesWin()
}

// declaredStatuses is each status name with the index of its first
// declaration; ok is false when a name or the list is ill-formed, so no
// name can be called undeclared.
func (c *checker) declaredStatuses() (map[string]int, bool) {
	if c.badAt["statuses"] {
		return nil, false
	}
	first := map[string]int{}
	for i, st := range c.s.Statuses {
		if c.badAt[index("statuses", i)] || c.badAt[index("statuses", i)+".name"] {
			return nil, false
		}
		if _, dup := first[st.Name]; !dup {
			first[st.Name] = i
		}
	}
	return first, true
}

// statusRef checks one status name written at subject (a path, or a path
// and the entry), reporting an undeclared one.
func (c *checker) statusRef(path, subject, name string, declared map[string]int) bool {
	if _, ok := declared[name]; !ok {
		c.add(path, "%s %s is not a declared status", subject, quote(name))
		return false
	}
	return true
}

// statusRefs checks a list of status names written at path.
func (c *checker) statusRefs(path string, names []string, declared map[string]int) {
	for _, name := range names {
		c.statusRef(path, path+" entry", name, declared)
	}
}

// namedStatuses is every status name rules.on_capture, a piece's upgrades,
// setup.statuses, a market card (schema 38), a raiser (schema 40) or a
// chaos effect (schema 41) writes; ok is false when one
// of them is ill-formed, so no status can be said to be named nowhere.
func (c *checker) namedStatuses() (map[string]bool, bool) {
	named := map[string]bool{}
	if !c.ok("rules.on_capture", "setup.statuses", "rules.market", "rules.chaos") || c.badAt["pieces"] {
		return nil, false
	}
	if ch := c.s.Rules.Chaos; ch != nil {
		for _, ef := range ch.Effects {
			if ef.Effect.Status != "" {
				named[ef.Effect.Status] = true
			}
		}
	}
	if mk := c.s.Rules.Market; mk != nil {
		for _, card := range mk.Cards {
			if card.Effect.Status != "" {
				named[card.Effect.Status] = true
			}
		}
	}
	if oc := c.s.Rules.OnCapture; oc != nil {
		for _, name := range oc.Gain {
			named[name] = true
		}
	}
	for k, pc := range c.s.Pieces {
		if !c.ok(index("pieces", k) + ".upgrades") {
			return nil, false
		}
		if pc.Upgrades != nil {
			for _, name := range pc.Upgrades.Statuses {
				named[name] = true
			}
		}
		if !c.ok(index("pieces", k) + ".raises") {
			return nil, false
		}
		if pc.Raises != nil && pc.Raises.Status != "" {
			named[pc.Raises.Status] = true
		}
	}
	for _, sp := range c.s.Setup.Statuses {
		named[sp.Status] = true
	}
	return named, true
}

// checkStatusEntries: names letters only, unique, no item's id and no
// resource's name; immune items declared; afterlives on boards, to not
// among from; incomes of declared resources; each status does something
// or is named by a key that gives it.
func (c *checker) checkStatusEntries(declared map[string]int, namesOK bool) {
	items, itemsOK := c.declaredItems()
	resources, resourcesOK := c.declaredResources()
	named, namedOK := c.namedStatuses()
	first := map[string]int{}
	for i, st := range c.s.Statuses {
		sp := index("statuses", i)
		np := sp + ".name"
		switch j, dup := first[st.Name]; {
		case !c.ok(np): // the shape pass reported it
		case !resourceNameOK(st.Name): // read as a resource's name is
			c.add(np, "%s %s must be letters only (a to z, A to Z)", np, quote(st.Name))
		case dup:
			c.add(np, "%s %s is statuses[%d]'s name too: each status needs its own", np, quote(st.Name), j)
		default:
			first[st.Name] = i
			if k, clash := items[st.Name]; itemsOK && clash {
				c.add(np, "%s %s is items[%d]'s id too: a status, an item and a resource never share a name", np, quote(st.Name), k)
			} else if k, clash := resources[st.Name]; resourcesOK && clash {
				c.add(np, "%s %s is resources[%d]'s name too: a status, an item and a resource never share a name", np, quote(st.Name), k)
			}
		}
		if st.Immune != nil && itemsOK && c.ok(sp+".immune") {
			for _, id := range st.Immune {
				if _, ok := items[id]; !ok {
					c.add(sp+".immune", "%s.immune entry %s is not a declared item", sp, quote(id))
				}
			}
		}
		if st.Afterlife != nil && c.ok(sp+".afterlife") {
			c.checkStatusAfterlife(sp+".afterlife", st.Afterlife)
		}
		if st.Income != nil && resourcesOK && c.ok(sp+".income") {
			names := make([]string, 0, len(st.Income))
			for name := range st.Income {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				if _, ok := resources[name]; !ok {
					c.add(sp+".income", "%s.income key %s is not a declared resource", sp, quote(name))
				}
			}
		}
		if !c.ok(sp) || !namesOK || !namedOK {
			continue
		}
		acts := st.Frozen || st.WearsOff != "" || len(st.Immune) > 0 || len(st.Afterlife) > 0 || len(st.Income) > 0 || st.Upgrade || st.Hazard > 0 ||
			st.Portal || st.ExtraMove != nil || st.Forced || st.Size
		switch {
		case acts || named[st.Name]:
		case c.s.Version() < 38: // the words of schema 37, which had neither hazard nor a market
			c.add(sp, "%s does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income or upgrade, or name it in rules.on_capture, pieces[].upgrades or setup.statuses", sp)
		case c.s.Version() < 40: // the words of schemas 38 and 39, which had no actions
			c.add(sp, "%s does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income, upgrade or hazard, or name it in rules.on_capture, pieces[].upgrades, setup.statuses or rules.market.cards", sp)
		case c.s.Version() < 41: // the words of schema 40, which had neither forced nor chaos
			c.add(sp, "%s does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income, upgrade, hazard, portal or extra_move, or name it in rules.on_capture, pieces[].upgrades, pieces[].raises, setup.statuses or rules.market.cards", sp)
		case c.s.Version() < 44: // the words of schemas 41 to 43, which had no size
			c.add(sp, "%s does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income, upgrade, hazard, portal, extra_move or forced, or name it in rules.on_capture, pieces[].upgrades, pieces[].raises, setup.statuses, rules.market.cards or rules.chaos.effects", sp)
		default:
			c.add(sp, "%s does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income, upgrade, hazard, portal, extra_move, forced or size, or name it in rules.on_capture, pieces[].upgrades, pieces[].raises, setup.statuses, rules.market.cards or rules.chaos.effects", sp)
		}
	}
}

// checkStatusAfterlife: a status's afterlife needs boards; from and to
// name boards, to not among from.
func (c *checker) checkStatusAfterlife(path string, al []StatusAfterlife) {
	if !c.planeBoards(path) {
		return
	}
	for k, e := range al {
		ep := index(path, k)
		if !c.ok(ep) {
			continue
		}
		from, _ := c.boardRefs(ep+".from", e.From)
		to, toOK := c.boardRef(ep+".to", fmt.Sprintf("%s.to %s", ep, quote(e.To)), e.To)
		if toOK && hasBoard(from, to) {
			c.add(ep+".to", "%s.to %s is one of its from boards: a piece would be sent to the square it died on", ep, quote(e.To))
		}
	}
}

// checkUpgrades: each piece's upgrades offer something, every kind and
// status named declared.
func (c *checker) checkUpgrades(declared map[string]int, namesOK bool) {
	for k, pc := range c.s.Pieces {
		up := index("pieces", k) + ".upgrades"
		u := pc.Upgrades
		if u == nil || !c.ok(up) {
			continue
		}
		if u.Pieces == nil && u.Statuses == nil {
			c.add(up, "%s offers nothing: give it pieces to change into or statuses to gain", up)
			continue
		}
		if u.Pieces != nil {
			c.refsOK(up+".pieces", u.Pieces)
		}
		if u.Statuses != nil && namesOK {
			c.statusRefs(up+".statuses", u.Statuses, declared)
		}
	}
}

// checkOnCapture: the statuses a capturer gains are declared.
func (c *checker) checkOnCapture(declared map[string]int, namesOK bool) {
	oc := c.s.Rules.OnCapture
	if oc == nil || !namesOK || !c.ok("rules.on_capture") {
		return
	}
	c.statusRefs("rules.on_capture.gain", oc.Gain, declared)
}

// checkSetupStatuses: each entry names a declared status, at most its
// stack of it, on squares a piece of the opening array stands on (each
// naming its board in a game with boards), a piece given one status by
// one entry only.
func (c *checker) checkSetupStatuses(declared map[string]int, namesOK bool) {
	type statusSpot struct {
		status string
		at     spot
	}
	given := map[statusSpot]int{}
	for k, sp := range c.s.Setup.Statuses {
		ep := index("setup.statuses", k)
		if !c.ok(ep) {
			continue
		}
		var st *Status
		if namesOK && c.statusRef(ep+".status", ep+".status", sp.Status, declared) {
			st = &c.s.Statuses[declared[sp.Status]]
		}
		if st != nil && c.ok(index("statuses", declared[sp.Status])+".stack") {
			count := max(sp.Count, 1)
			switch stack := st.StackOrDefault(); {
			case count <= stack:
			case st.Stack != 0:
				c.add(ep+".count", "%s.count %d is more than the stack of %s, %d: a piece carries no more", ep, count, quote(sp.Status), stack)
			default:
				c.add(ep+".count", "%s.count %d is more than the stack of %s, %d when left out: a piece carries no more", ep, count, quote(sp.Status), stack)
			}
		}
		qp := ep + ".squares"
		if !c.boardOK || !c.boardsOK {
			continue
		}
		for _, name := range sp.Squares {
			at, ok := c.spotOf(qp, qp+" entry "+quote(name), name, false, true)
			// With seats the armies are the seats'; the engine reads them.
			if !ok || !c.setupOK || c.s.Seats != nil {
				continue
			}
			if len(c.placed[at]) == 0 {
				c.add(qp, "%s entry %s holds no piece from setup.placements: a status is carried by a piece", qp, quote(name))
				continue
			}
			key := statusSpot{sp.Status, at}
			if j, dup := given[key]; dup {
				c.add(qp, "%s entry %s is given %s by setup.statuses[%d] too: give a piece each status once, with its count", qp, quote(name), quote(sp.Status), j)
				continue
			}
			given[key] = k
		}
	}
}

// checkStatusesWin: the keys of schema 37 are for games without check,
// as those of schema 36.
func (c *checker) checkStatusesWin() {
	if !c.ok("rules.win") || c.s.Rules.WinOrDefault() != WinCheckmate {
		return
	}
	keys := []string{"statuses"}
	for k := range c.s.Pieces {
		keys = append(keys, index("pieces", k)+".upgrades")
	}
	keys = append(keys, "rules.on_capture", "setup.statuses")
	for _, key := range keys {
		if c.written(key) {
			c.add(key, "%s is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'", key)
		}
	}
}
