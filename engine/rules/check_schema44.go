package rules

// The agreement checks of the key schema 44 added (SCHEMA-44.md):
// statuses' size. A piece's cover is counted by one status alone, it
// starts on one square, and it shrinks only when it dies, so the status
// that makes it larger is declared once, is not laid in the setup and
// does not wear off.

// checkSize runs the schema-44 checks in the addendum's order.
func (c *checker) checkSize() {
	first := -1 // the first well-formed status with size
	for i, st := range c.s.Statuses {
		sp := index("statuses", i)
		if !st.Size || !c.ok(sp+".size") {
			continue
		}
		if first >= 0 {
			c.add(sp+".size", "%s.size is statuses[%d]'s too: one status counts the squares a piece covers", sp, first)
			continue
		}
		first = i
		if st.WearsOff != "" && c.ok(sp+".wears_off") {
			c.add(sp+".wears_off", "%s.wears_off is not for a status with size: a larger piece shrinks only when it dies", sp)
		}
	}
	if first < 0 || !c.ok(index("statuses", first)+".name") {
		return
	}
	name := c.s.Statuses[first].Name
	for k, sp := range c.s.Setup.Statuses {
		if ep := index("setup.statuses", k); c.ok(ep+".status") && sp.Status == name {
			c.add(ep+".status", "%s.status %s has size: a piece starts on one square and grows when it gains the status", ep, quote(name))
		}
	}
}
