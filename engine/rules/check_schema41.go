package rules

// The agreement checks of the keys schema 41 added (SCHEMA-41.md):
// rules.chaos, items' chaos and pieces' jumps. A status's forced is a
// shape only; what it changes in the schema-37 checks (a forced status
// does something, a chaos effect gives its status) is in
// checkStatusEntries and namedStatuses.

var chaosWords = effectWords{one: "a chaos effect is exactly one of them", gets: "the chooser gets it", gives: "the effect gives what its gain says"}

// checkChaos runs the schema-41 checks in the addendum's order.
func (c *checker) checkChaos() {
	if ch := c.s.Rules.Chaos; ch != nil && !c.badAt["rules.chaos"] {
		c.checkChaosEffects(ch)
	}
	for i, it := range c.s.Items {
		ip := index("items", i)
		if it.Chaos && c.ok(ip+".chaos") && c.s.Rules.Chaos == nil && !c.badAt["rules.chaos"] {
			c.add(ip+".chaos", "%s.chaos needs rules.chaos: the effects it offers", ip)
		}
	}
	for k := range c.s.Pieces {
		jp := index("pieces", k) + ".jumps"
		if j := c.s.Pieces[k].Jumps; j != nil && c.ok(jp) {
			c.checkJumps(jp, j)
		}
	}
	c.checkChaosWin()
}

// checkChaosEffects: at least offer effects, each named once, each as a
// market card's effect.
func (c *checker) checkChaosEffects(ch *Chaos) {
	if c.ok("rules.chaos.offer", "rules.chaos.effects") && ch.OfferOrDefault() > len(ch.Effects) {
		if ch.Offer == 0 {
			c.add("rules.chaos.effects", "rules.chaos.effects has %d, fewer than the offer, 3 when left out: an offer draws that many distinct effects", len(ch.Effects))
		} else {
			c.add("rules.chaos.effects", "rules.chaos.effects has %d, fewer than the offer, %d: an offer draws that many distinct effects", len(ch.Effects), ch.Offer)
		}
	}
	refs := c.effectRefs()
	first := map[string]int{}
	for k, ef := range ch.Effects {
		xp := index("rules.chaos.effects", k)
		np := xp + ".name"
		switch j, dup := first[ef.Name]; {
		case !c.ok(np):
		case !boardNameOK(ef.Name):
			c.add(np, "%s %s must be letters and digits, starting with a letter", np, quote(ef.Name))
		case dup:
			c.add(np, "%s %s is rules.chaos.effects[%d]'s name too: each effect needs its own", np, quote(ef.Name), j)
		default:
			first[ef.Name] = k
		}
		if ep := xp + ".effect"; c.ok(ep) {
			c.checkCardEffect(ep, &ch.Effects[k].Effect, refs, chaosWords)
		}
	}
}

// checkJumps: each direction is one step (the jump is over the next
// square), and the symmetry is for the board's lattice, as a move's.
func (c *checker) checkJumps(jp string, j *Jumps) {
	for _, v := range j.Vectors {
		if v[0] < -1 || v[0] > 1 || v[1] < -1 || v[1] > 1 || v == (Vector{}) {
			c.add(jp+".vectors", "%s.vectors entry [%d, %d] is not a one-step direction: a jump is over the next square", jp, v[0], v[1])
		}
	}
	sym := j.Symmetry
	if lat := latticeOf(sym); c.boardOK && lat != "" && lat != c.s.Board.LatticeOrDefault() {
		c.add(jp+".symmetry", "%s.symmetry %s is for a %s lattice; this board is %s", jp, quote(sym), lat, c.s.Board.LatticeOrDefault())
	}
}

// checkChaosWin: the keys of schema 41 are for games without check, as
// the rest of the planes family. (An item's chaos and a status's forced
// stand in items and statuses, refused there.)
func (c *checker) checkChaosWin() {
	if !c.ok("rules.win") || c.s.Rules.WinOrDefault() != WinCheckmate {
		return
	}
	var keys []string
	for k := range c.s.Pieces {
		keys = append(keys, index("pieces", k)+".jumps")
	}
	keys = append(keys, "rules.chaos")
	for _, key := range keys {
		if c.written(key) {
			c.add(key, "%s is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'", key)
		}
	}
}
