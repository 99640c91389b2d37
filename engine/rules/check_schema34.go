package rules

// The agreement checks of the keys schema 34 added (SCHEMA-34.md): chance,
// rules.dice and rules.hazards.

// checkChance runs the schema-34 checks in the addendum's order.
func (c *checker) checkChance() {
	c.checkDice()
	c.checkHazards()
}

// checkDice: face names letters and digits, unique; faces' pieces
// declared; no dice in a game played in rounds. Each face is checked
// alone, so a bad weight on one leaves the others' names checked.
func (c *checker) checkDice() {
	d := c.s.Rules.Dice
	if d == nil {
		return
	}
	first := map[string]int{}
	for i, f := range d.Faces {
		fp := index("rules.dice.faces", i)
		np := fp + ".name"
		switch j, dup := first[f.Name]; {
		case !c.ok(np): // the shape pass reported it
		case !faceNameOK(f.Name):
			c.add(np, "%s %s must be letters and digits: a roll is written with it, as in %s", np, quote(f.Name), quote("roll:"+f.Name))
		case dup:
			c.add(np, "%s %s is rules.dice.faces[%d]'s name too: each face needs its own", np, quote(f.Name), j)
		default:
			first[f.Name] = i
		}
		c.refsOK(fp+".pieces", f.Pieces)
	}
	if c.s.Rules.Simultaneous != nil && c.ok("rules.simultaneous") {
		c.add("rules.dice", "rules.dice is not for a game with rules.simultaneous: a round has no turn to roll for")
	}
}

// faceNameOK: ASCII letters and digits, so "roll:NAME" reads one way.
func faceNameOK(name string) bool {
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return name != ""
}

// checkHazards: pieces declared, each in one hazard at most.
func (c *checker) checkHazards() {
	first := map[string]int{}
	for k, h := range c.s.Rules.Hazards {
		pp := index("rules.hazards", k) + ".pieces"
		if !c.refsOK(pp, h.Pieces) {
			continue
		}
		for _, id := range h.Pieces {
			if j, dup := first[id]; dup {
				if j == k {
					continue // listed twice in one entry: the shape pass said so
				}
				c.add(pp, "%s entry %s is in rules.hazards[%d] too: a piece has one hazard at most", pp, quote(id), j)
				continue
			}
			first[id] = k
		}
	}
}
