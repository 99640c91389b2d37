package rules

import (
	"fmt"
	"sort"
	"strings"
)

// The agreement checks of the keys schema 36 added (SCHEMA-36.md): items,
// resources, setup.items, rules.afterlife, rules.after_capture and
// rules.presence.

// checkPlanes runs the schema-36 checks in the addendum's order.
func (c *checker) checkPlanes() {
	items := c.checkItems()
	c.checkResources()
	c.checkSetupItems(items)
	c.checkAfterlife()
	c.checkAfterCapture()
	c.checkPresence()
	c.checkPlanesWin()
}

// declaredItems is each well-formed item id with the index of its first
// declaration; ok is false when an id or the list is ill-formed, so no
// name can be called undeclared.
func (c *checker) declaredItems() (map[string]int, bool) {
	if c.badAt["items"] {
		return nil, false
	}
	first := map[string]int{}
	for i, it := range c.s.Items {
		if c.badAt[index("items", i)] || c.badAt[index("items", i)+".id"] {
			return nil, false
		}
		if _, dup := first[it.ID]; !dup {
			first[it.ID] = i
		}
	}
	return first, true
}

// declaredResources is each resource name with the index of its first
// declaration; ok is false as for declaredItems.
func (c *checker) declaredResources() (map[string]int, bool) {
	if c.badAt["resources"] {
		return nil, false
	}
	first := map[string]int{}
	for i, r := range c.s.Resources {
		if c.badAt[index("resources", i)] || c.badAt[index("resources", i)+".name"] {
			return nil, false
		}
		if _, dup := first[r.Name]; !dup {
			first[r.Name] = i
		}
	}
	return first, true
}

// checkItems: ids letters and digits, a letter first, unique and no
// piece's; each item does something; gains name declared resources;
// immune pieces declared. It returns the declared items for setup.items.
func (c *checker) checkItems() (declared map[string]int) {
	declared, idsOK := c.declaredItems()
	resources, resourcesOK := c.declaredResources()
	first := map[string]int{}
	for i, it := range c.s.Items {
		ip := index("items", i)
		np := ip + ".id"
		switch j, dup := first[it.ID]; {
		case !c.ok(np): // the shape pass reported it
		case !boardNameOK(it.ID): // an item's id is read as a board's name is
			c.add(np, "%s %s must be letters and digits, starting with a letter", np, quote(it.ID))
		case dup:
			c.add(np, "%s %s is items[%d]'s id too: each item needs its own", np, quote(it.ID), j)
		default:
			first[it.ID] = i
			if k := c.pieceIndex(it.ID); c.idsOK && k >= 0 {
				c.add(np, "%s %s is pieces[%d]'s id too: an item and a piece never share a name", np, quote(it.ID), k)
			}
		}
		if !c.ok(ip) {
			if it.Immune != nil {
				c.refsOK(ip+".immune", it.Immune)
			}
			continue
		}
		switch {
		case it.Kill != "" || it.Slide || len(it.Gain) > 0 || it.Chaos:
		case c.s.Version() < 41: // the words of the schemas before chaos
			c.add(ip, "%s does nothing: give it kill, slide or a gain", ip)
		default:
			c.add(ip, "%s does nothing: give it kill, slide, a gain or chaos", ip)
		}
		if it.Gain != nil && resourcesOK {
			names := make([]string, 0, len(it.Gain))
			for name := range it.Gain {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				if _, ok := resources[name]; !ok {
					c.add(ip+".gain", "%s.gain key %s is not a declared resource", ip, quote(name))
				}
			}
		}
		if it.Immune != nil {
			c.refsOK(ip+".immune", it.Immune)
		}
	}
	if !idsOK {
		return nil
	}
	return declared
}

// resourceNameOK: ASCII letters only.
func resourceNameOK(name string) bool {
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return name != ""
}

// checkResources: names letters only and unique; start at most max.
func (c *checker) checkResources() {
	first := map[string]int{}
	for i, r := range c.s.Resources {
		rp := index("resources", i)
		np := rp + ".name"
		switch j, dup := first[r.Name]; {
		case !c.ok(np):
		case !resourceNameOK(r.Name):
			c.add(np, "%s %s must be letters only (a to z, A to Z)", np, quote(r.Name))
		case dup:
			c.add(np, "%s %s is resources[%d]'s name too: each resource needs its own", np, quote(r.Name), j)
		default:
			first[r.Name] = i
		}
		if !c.ok(rp+".start", rp+".max") || r.Start <= r.MaxOrDefault() {
			continue
		}
		if c.written(rp + ".max") {
			c.add(rp+".start", "%s.start %d is more than its max, %d: no player holds more than max", rp, r.Start, r.Max)
		} else {
			c.add(rp+".start", "%s.start %d is more than its max, %d when left out: no player holds more than max", rp, r.Start, r.MaxOrDefault())
		}
	}
}

// checkSetupItems: each entry names a declared item and lies on squares
// of the board (each naming its board in a game with boards), off the
// walls and off the opening array, no more on a square than its stack.
func (c *checker) checkSetupItems(declared map[string]int) {
	type itemSpot struct {
		item string
		at   spot
	}
	count := map[itemSpot]int{}
	for k, ip := range c.s.Setup.Items {
		ep := index("setup.items", k)
		if !c.ok(ep) {
			continue
		}
		var it *Item
		if declared != nil {
			if i, ok := declared[ip.Item]; ok {
				it = &c.s.Items[i]
			} else {
				c.add(ep+".item", "%s.item %s is not a declared item", ep, quote(ip.Item))
			}
		}
		// A name written k times is checked once and counted k times.
		times := map[string]int{}
		var names []string
		for _, name := range ip.Squares {
			if times[name] == 0 {
				names = append(names, name)
			}
			times[name]++
		}
		sp := ep + ".squares"
		if !c.boardOK || !c.boardsOK {
			continue
		}
		for _, name := range names {
			at, ok := c.spotOf(sp, sp+" entry "+quote(name), name, true, true)
			if !ok {
				continue
			}
			if here := c.placed[at]; c.setupOK && len(here) > 0 {
				c.add(sp, "%s entry %s is under a piece from setup.placements[%d]: items start on empty squares", sp, quote(name), here[0].placement)
				continue
			}
			if it == nil || !c.ok(index("items", declared[ip.Item])+".stack") {
				continue
			}
			key := itemSpot{ip.Item, at}
			before := count[key]
			count[key] += times[name]
			if stack := it.StackOrDefault(); before <= stack && count[key] > stack {
				c.add(sp, "%s entry %s holds %d of %s, more than its stack of %d", sp, quote(name), count[key], quote(ip.Item), stack)
			}
		}
	}
}

// planeBoards checks that key, written, has boards to name: it reports a
// game of one board and returns whether the boards' names can be read.
func (c *checker) planeBoards(key string) bool {
	if c.s.Boards == nil {
		c.add(key, "%s needs boards: the game has one board", key)
		return false
	}
	return c.boardsOK
}

// boardRef checks one board name written at path, subject naming it.
func (c *checker) boardRef(path, subject, name string) (int, bool) {
	b := c.s.BoardIndex(name)
	if b < 0 {
		c.add(path, "%s is not a board: the boards are %s", subject, c.boardList())
		return 0, false
	}
	return b, true
}

// boardRefs checks a list of board names written at path; it returns the
// boards named, in order, and whether every name was a board.
func (c *checker) boardRefs(path string, names []string) ([]int, bool) {
	var out []int
	all := true
	for _, name := range names {
		b, ok := c.boardRef(path, path+" entry "+quote(name), name)
		if !ok {
			all = false
			continue
		}
		out = append(out, b)
	}
	return out, all
}

func hasBoard(boards []int, b int) bool {
	for _, x := range boards {
		if x == b {
			return true
		}
	}
	return false
}

// checkAfterlife: needs boards; from and to name boards, to not among
// from; pieces declared; no piece can be sent round a cycle of boards.
func (c *checker) checkAfterlife() {
	al := c.s.Rules.Afterlife
	if al == nil || c.badAt["rules.afterlife"] || !c.planeBoards("rules.afterlife") {
		return
	}
	whole := c.ok("rules.afterlife")
	for k, e := range al {
		ep := index("rules.afterlife", k)
		if !c.ok(ep) {
			continue
		}
		from, fromOK := c.boardRefs(ep+".from", e.From)
		to, toOK := c.boardRef(ep+".to", fmt.Sprintf("%s.to %s", ep, quote(e.To)), e.To)
		if toOK && hasBoard(from, to) {
			c.add(ep+".to", "%s.to %s is one of its from boards: a piece would be sent to the square it died on", ep, quote(e.To))
			toOK = false
		}
		piecesOK := e.Pieces == nil || c.refsOK(ep+".pieces", e.Pieces)
		whole = whole && fromOK && toOK && piecesOK
	}
	if whole && c.idsOK {
		c.checkAfterlifeCycles()
	}
}

// afterlifeNext is the board a piece of kind id dying on board b is sent
// to, -1 when it is removed: the first entry that takes it decides.
func (c *checker) afterlifeNext(id string, b int) int {
	name := c.s.Boards[b].Name
	for _, e := range c.s.Rules.Afterlife {
		if contains(e.From, name) && (e.Pieces == nil || contains(e.Pieces, id)) {
			return c.s.BoardIndex(e.To)
		}
	}
	return -1
}

// checkAfterlifeCycles: a piece sent on from board to board must come to
// a board it is removed from. Each cycle is reported once, from its
// lowest board, in the boards' order, naming the pieces it catches ("a
// piece" for all of them).
func (c *checker) checkAfterlifeCycles() {
	n := len(c.s.Boards)
	var order []string
	caught := map[string][]string{}
	from := map[string]int{} // a cycle's lowest board
	for _, pc := range c.s.Pieces {
		for start := 0; start < n; start++ {
			path := []int{start}
			b := c.afterlifeNext(pc.ID, start)
			for b > start && len(path) <= n {
				path = append(path, b)
				b = c.afterlifeNext(pc.ID, b)
			}
			if b != start {
				continue // removed, or a cycle through a board before start
			}
			names := make([]string, len(path))
			for i, x := range path {
				names[i] = quote(c.s.Boards[x].Name)
			}
			key := strings.Join(names, " ")
			if caught[key] == nil {
				order = append(order, key)
				from[key] = start
			}
			caught[key] = append(caught[key], quote(pc.ID))
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return from[order[i]] < from[order[j]] })
	for _, key := range order {
		names := strings.Split(key, " ")
		who := "a piece"
		if len(caught[key]) < len(c.s.Pieces) {
			who = strings.Join(caught[key], ", ")
		}
		c.add("rules.afterlife", "rules.afterlife sends %s from board %s back to %s (through %s): it could die and come back for ever",
			who, names[0], names[0], strings.Join(names[1:], ", "))
	}
}

// checkAfterCapture: needs boards; on and to name boards, to not among
// on; a board in one entry's on at most.
func (c *checker) checkAfterCapture() {
	ac := c.s.Rules.AfterCapture
	if ac == nil || c.badAt["rules.after_capture"] || !c.planeBoards("rules.after_capture") {
		return
	}
	first := map[int]int{}
	for k, e := range ac {
		ep := index("rules.after_capture", k)
		if !c.ok(ep) {
			continue
		}
		on, _ := c.boardRefs(ep+".on", e.On)
		to, toOK := c.boardRef(ep+".to", fmt.Sprintf("%s.to %s", ep, quote(e.To)), e.To)
		if toOK && hasBoard(on, to) {
			c.add(ep+".to", "%s.to %s is one of its on boards: a capturer would be sent to the square it stands on", ep, quote(e.To))
		}
		for _, b := range on {
			if j, dup := first[b]; dup {
				c.add(ep+".on", "%s.on entry %s is in rules.after_capture[%d] too: a board sends its capturers one way", ep, quote(c.s.Boards[b].Name), j)
				continue
			}
			first[b] = k
		}
	}
}

// checkPresence: boards need boards and name them; pieces declared; each
// player starts with a piece each entry counts, on its boards.
func (c *checker) checkPresence() {
	pr := c.s.Rules.Presence
	if pr == nil || c.badAt["rules.presence"] {
		return
	}
	for k, e := range pr {
		ep := index("rules.presence", k)
		if !c.ok(ep) {
			continue
		}
		var on []int
		if e.Boards != nil {
			if !c.planeBoards(ep + ".boards") {
				continue
			}
			var all bool
			if on, all = c.boardRefs(ep+".boards", e.Boards); !all {
				continue
			}
		}
		if e.Pieces != nil && !c.refsOK(ep+".pieces", e.Pieces) {
			continue
		}
		// With seats the armies are the seats'; the engine reads them.
		if !c.setupOK || c.s.Seats != nil {
			continue
		}
		for p := 0; p < 2; p++ {
			if !c.startsCounted(p, &e, on) {
				c.add(ep, "%s: %s starts with none of the pieces it counts on its boards, so the game would be over before the first move", ep, playerName(p))
			}
		}
	}
}

// startsCounted reports whether player p starts with a piece presence
// entry e counts on the boards on (every board when empty).
func (c *checker) startsCounted(p int, e *Presence, on []int) bool {
	for _, st := range c.start[p] {
		if (on == nil || hasBoard(on, st.board)) && (e.Pieces == nil || contains(e.Pieces, st.id)) {
			return true
		}
	}
	return false
}

// checkPlanesWin: the keys of schema 36 are for games without check.
func (c *checker) checkPlanesWin() {
	if !c.ok("rules.win") || c.s.Rules.WinOrDefault() != WinCheckmate {
		return
	}
	for _, key := range []string{"items", "resources", "rules.afterlife", "rules.after_capture", "rules.presence"} {
		if c.written(key) {
			c.add(key, "%s is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'", key)
		}
	}
}
