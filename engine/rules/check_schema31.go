package rules

// The agreement checks of the key schema 31 added (SCHEMA-31.md):
// rules.counting.

// checkCounting: declared pieces, none of them royal among the pieces
// that hold the count off (a royal piece never leaves the board), and
// bare limits that could apply.
func (c *checker) checkCounting() {
	ct := c.s.Rules.Counting
	if ct == nil || !c.ok("rules.counting") {
		return
	}
	const cp = "rules.counting"
	if ct.Moves == 0 && len(ct.Bare) == 0 && ct.BareMoves == 0 && c.ok(cp+".moves", cp+".bare", cp+".bare_moves") {
		c.add(cp, "%s could never apply: it has no moves, bare or bare_moves, so no count has a limit", cp)
	}
	if c.refsOK(cp+".none_of", ct.NoneOf) && c.piecesOK {
		for i, id := range ct.NoneOf {
			if p := c.piece(id); p != nil && p.Royal {
				c.add(index(cp+".none_of", i), "%s entry %s is royal: a royal piece stays on the board, so the count could never run", cp+".none_of", quote(id))
			}
		}
	}
	for i := range ct.Bare {
		bp := index(cp+".bare", i)
		if !c.ok(bp) || !c.refOK(bp+".piece", ct.Bare[i].Piece) || !c.piecesOK {
			continue
		}
		if p := c.piece(ct.Bare[i].Piece); p != nil && p.Royal {
			c.add(bp+".piece", "%s.piece %s is royal: the limit is read from the stronger army's other pieces", bp, quote(ct.Bare[i].Piece))
		}
	}
}
