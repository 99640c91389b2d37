package rules

// The agreement checks of the key schema 45 added (SCHEMA-45.md):
// statuses' grow. A growth the owner chooses is named by the move that
// gives the status, so the status is one with size, and whatever gives
// it gives one to a piece of the player who makes that move.

// checkGrow runs the schema-45 checks in the addendum's order.
func (c *checker) checkGrow() {
	name := ""
	for i, st := range c.s.Statuses {
		sp := index("statuses", i)
		if st.Grow == "" || !c.ok(sp+".grow") {
			continue
		}
		if !st.Size {
			if c.ok(sp + ".size") {
				c.add(sp+".grow", "%s.grow is for a status with size: a piece of one square grows into nothing", sp)
			}
			continue
		}
		if c.ok(sp + ".name") {
			name = st.Name
		}
	}
	if name == "" {
		return
	}
	if m := c.s.Rules.Market; m != nil && !c.badAt["rules.market"] {
		for k := range m.Cards {
			c.checkGrowGiven(index("rules.market.cards", k)+".effect", &m.Cards[k].Effect, name)
		}
	}
	if ch := c.s.Rules.Chaos; ch != nil && !c.badAt["rules.chaos"] {
		for k := range ch.Effects {
			c.checkGrowGiven(index("rules.chaos.effects", k)+".effect", &ch.Effects[k].Effect, name)
		}
	}
	for k, pc := range c.s.Pieces {
		rp := index("pieces", k) + ".raises"
		if r := pc.Raises; r != nil && c.ok(rp+".status") && r.Status == name {
			c.add(rp+".status", "%s.status %s grows where its owner chooses: a raise may give it to the other player's piece", rp, quote(name))
		}
	}
}

// checkGrowGiven: a card's or a chaos effect's effect that gives the
// status whose growth is chosen gives one, to the player's own piece.
func (c *checker) checkGrowGiven(ep string, e *CardEffect, name string) {
	if !c.ok(ep+".status") || e.Status != name {
		return
	}
	if e.CountOrDefault() > 1 && c.ok(ep+".count") {
		c.add(ep+".count", "%s.count gives %d of %s, which grows where its owner chooses: a move names one square grown into", ep, e.CountOrDefault(), quote(name))
	}
	if e.On != TargetOwn && c.ok(ep+".on") {
		c.add(ep+".on", "%s.on must be 'own' for %s, which grows where its owner chooses: the player who gives it names the square", ep, quote(name))
	}
}
