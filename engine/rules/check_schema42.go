package rules

// The agreement checks of the keys schema 42 added (SCHEMA-42.md): items'
// hidden. Kill "end" is a shape only (a version line under 42). A hidden
// item is seen by the player who put it down alone, so what it may do is
// kept to what changes no player's moves, and only a player may put one
// down.

// hiddenWhy is the reason every refusal of an item's own key gives.
const hiddenWhy = "which never changes which moves either player may make"

// checkHidden runs the schema-42 checks in the addendum's order.
func (c *checker) checkHidden() {
	hidden := map[string]bool{} // the ids of well-formed hidden items
	for i, it := range c.s.Items {
		ip := index("items", i)
		if !it.Hidden || !c.ok(ip+".hidden") {
			continue
		}
		if c.ok(ip + ".id") {
			hidden[it.ID] = true
		}
		c.checkHiddenItem(ip, &c.s.Items[i])
	}
	if len(hidden) == 0 {
		return
	}
	c.checkCancelsHidden(hidden)
	for k, ip := range c.s.Setup.Items {
		if ep := index("setup.items", k); c.ok(ep+".item") && hidden[ip.Item] {
			c.add(ep+".item", "%s.item %s is a hidden item: nobody put it down, so it never lies on the board at the start", ep, quote(ip.Item))
		}
	}
	for k := range c.s.Pieces {
		pp := index("pieces", k)
		if od := c.s.Pieces[k].OnDeath; od != nil && c.ok(pp+".on_death") && hidden[od.Item] {
			c.add(pp+".on_death.item", "%s.on_death.item %s is a hidden item: a death leaves only an item both players see", pp, quote(od.Item))
		}
	}
}

// checkHiddenItem: no slide, kill "pass", chaos or cancels on a hidden
// item; it may kill on entering or at rest, gain, be consumed, have
// immune and stack.
func (c *checker) checkHiddenItem(ip string, it *Item) {
	if it.Slide && c.ok(ip+".slide") {
		c.add(ip+".slide", "%s.slide is not for a hidden item, %s", ip, hiddenWhy)
	}
	if it.Kill == KillPass && c.ok(ip+".kill") {
		c.add(ip+".kill", "%s.kill %s is not for a hidden item, %s: write 'enter' or 'end'", ip, quote(it.Kill), hiddenWhy)
	}
	if it.Chaos && c.ok(ip+".chaos") {
		c.add(ip+".chaos", "%s.chaos is not for a hidden item, %s", ip, hiddenWhy)
	}
	if it.Cancels != nil && c.ok(ip+".cancels") {
		c.add(ip+".cancels", "%s.cancels is not for a hidden item, %s", ip, hiddenWhy)
	}
}

// checkCancelsHidden: no item cancels a hidden one (an item naming its
// own id is told so by checkCancels).
func (c *checker) checkCancelsHidden(hidden map[string]bool) {
	for i, it := range c.s.Items {
		ip := index("items", i)
		if it.Cancels == nil || !c.ok(ip+".cancels") {
			continue
		}
		for _, id := range it.Cancels {
			if hidden[id] && !(c.ok(ip+".id") && id == it.ID) {
				c.add(ip+".cancels", "%s.cancels entry %s is a hidden item: cancelling it would show the other player where it lies", ip, quote(id))
			}
		}
	}
}
