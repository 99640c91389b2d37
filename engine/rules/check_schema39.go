package rules

// The agreement checks of the keys schema 39 added (SCHEMA-39.md): moves'
// shoot and squares, pieces' protects, on_death, dies_on and after_move,
// items' cancels.

// checkPowers runs the schema-39 checks in the addendum's order.
func (c *checker) checkPowers() {
	for k := range c.s.Pieces {
		pp := index("pieces", k)
		if c.badAt[pp] {
			continue
		}
		for j := range c.s.Pieces[k].Moves {
			mp := index(pp+".moves", j)
			if !c.badAt[mp] {
				c.checkShot(mp, &c.s.Pieces[k].Moves[j])
				c.checkMoveSquares(mp, &c.s.Pieces[k].Moves[j])
			}
		}
	}
	items, itemsOK := c.declaredItems()
	for k := range c.s.Pieces {
		c.checkPiecePowers(index("pieces", k), &c.s.Pieces[k], items, itemsOK)
	}
	c.checkCancels(items, itemsOK)
	c.checkPowersWin()
}

// checkShot: a shot is a leap or a lame leap that only captures.
func (c *checker) checkShot(mp string, m *Move) {
	if !m.Shoot || !c.ok(mp+".shoot", mp+".kind") {
		return
	}
	if m.Kind != KindLeap && m.Kind != KindLame {
		c.add(mp+".shoot", "%s.shoot is for a leap or a lame leap, not %s", mp, kindName(m.Kind))
	}
	switch {
	case !c.ok(mp + ".mode"):
	case m.Mode == "":
		c.add(mp+".shoot", "%s.shoot needs mode 'capture': a shot only captures, and the shooter stays where it stands", mp)
	case m.Mode != ModeCapture:
		c.add(mp+".mode", "%s.mode %s is not for a shot: a shot only captures, so write mode 'capture'", mp, quote(m.Mode))
	}
}

// checkMoveSquares: fixed squares are for a leap, each a square of the
// board (the mover's own, so no board named), not a wall.
func (c *checker) checkMoveSquares(mp string, m *Move) {
	if m.Squares == nil || !c.ok(mp+".squares") {
		return
	}
	sp := mp + ".squares"
	if c.ok(mp+".kind") && m.Kind != KindLeap {
		c.add(sp, "%s is for a leap, not %s", sp, kindName(m.Kind))
	}
	if !c.boardOK || !c.boardsOK {
		return
	}
	for _, name := range m.Squares {
		subject := sp + " entry " + quote(name)
		if c.boardNames {
			if _, _, named := SplitBoardSquare(name); named {
				c.add(sp, "%s names a board: a move's squares are on the mover's own board", subject)
				continue
			}
		}
		sq, ok := ParseSquare(name)
		switch {
		case !ok || !c.s.Board.Contains(sq):
			c.add(sp, "%s is not a square on this board", subject)
		case c.wallsOK && c.walls[sq]:
			c.add(sp, "%s is a wall (rules.obstacles)", subject)
		}
	}
}

// checkPiecePowers: protected kinds declared; the items a death leaves or
// a move puts down declared; dies_on a rank of the board.
func (c *checker) checkPiecePowers(pp string, pc *Piece, items map[string]int, itemsOK bool) {
	if pr := pc.Protects; pr != nil && c.ok(pp+".protects") {
		c.refsOK(pp+".protects.pieces", pr.Pieces)
	}
	if od := pc.OnDeath; od != nil && itemsOK && c.ok(pp+".on_death") {
		if _, ok := items[od.Item]; !ok {
			c.add(pp+".on_death.item", "%s.on_death.item %s is not a declared item", pp, quote(od.Item))
		}
	}
	if d := pc.DiesOn; d != nil && c.boardOK && c.ok(pp+".dies_on") {
		if r, isIndex := rankIndex(d.Rank); isIndex && r >= c.s.Board.Height {
			c.add(pp+".dies_on.rank", "%s.dies_on.rank %d is not a rank on this board (0 to %d, from the owner's first rank)", pp, r, c.s.Board.Height-1)
		}
	}
	if am := pc.AfterMove; am != nil && itemsOK && c.ok(pp+".after_move") {
		for _, id := range am.Items {
			if _, ok := items[id]; !ok {
				c.add(pp+".after_move.items", "%s.after_move.items entry %s is not a declared item", pp, quote(id))
			}
		}
	}
}

// rankIndex reads dies_on.rank: an index, or "last" (isIndex false).
func rankIndex(rank any) (r int, isIndex bool) {
	switch v := rank.(type) {
	case float64:
		return int(v), true
	case int:
		return v, true
	}
	return 0, false
}

// checkCancels: the items an item cancels are declared, and not itself.
func (c *checker) checkCancels(items map[string]int, itemsOK bool) {
	for i, it := range c.s.Items {
		ip := index("items", i)
		if it.Cancels == nil || !c.ok(ip+".cancels") {
			continue
		}
		for _, id := range it.Cancels {
			switch _, ok := items[id]; {
			case c.ok(ip+".id") && id == it.ID:
				c.add(ip+".cancels", "%s.cancels entry %s is the item itself: an item never cancels its own kind", ip, quote(id))
			case itemsOK && !ok:
				c.add(ip+".cancels", "%s.cancels entry %s is not a declared item", ip, quote(id))
			}
		}
	}
}

// checkPowersWin: the pieces' powers are for games without check, as the
// rest of the planes family; shoot and squares are for any game. (An
// item's cancels stands in items, refused there.)
func (c *checker) checkPowersWin() {
	if !c.ok("rules.win") || c.s.Rules.WinOrDefault() != WinCheckmate {
		return
	}
	for k := range c.s.Pieces {
		for _, key := range []string{"protects", "on_death", "dies_on", "after_move"} {
			if path := index("pieces", k) + "." + key; c.written(path) {
				c.add(path, "%s is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'", path)
			}
		}
	}
}
