package rules

// The agreement check of the key schema 43 added (SCHEMA-43.md):
// rules.no_progress_resets. Its shape is the shape pass's (a version line
// under 43, a list of one or more ids, each once); what is left is that
// every id names a declared piece.

// checkNoProgressResets reports an undeclared piece in
// rules.no_progress_resets.pieces.
func (c *checker) checkNoProgressResets() {
	nr := c.s.Rules.NoProgressResets
	if nr == nil || !c.ok("rules.no_progress_resets") {
		return
	}
	c.refsOK("rules.no_progress_resets.pieces", nr.Pieces)
}
