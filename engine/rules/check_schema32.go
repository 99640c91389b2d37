package rules

import "strings"

// The agreement checks of the keys schema 32 added (SCHEMA-32.md): seats,
// rules.turn_order, rules.teams, rules.seat_out, rules.game_end,
// rules.priority and rules.promotion.served.

// seatStand is one piece of a seat's opening army.
type seatStand struct {
	id   string
	seat int
}

// checkSeats runs the schema-32 checks in the addendum's order.
func (c *checker) checkSeats() {
	if c.s.Seats == nil {
		c.checkSeatKeysAlone()
	} else if c.ok("seats") {
		c.checkSeatNames()
		c.checkTwoPlayerKeys()
		if c.boardOK && c.s.Board.IsHex() {
			c.add("seats", "seats are for square lattices: a hex board has no up, down, left and right")
		} else {
			c.checkSeatArmies()
		}
		c.checkTurnOrder()
		c.checkTeams()
		c.checkGameEnd()
	}
	c.checkPriority()
	c.checkServed()
}

// checkSeatKeysAlone: the keys that share out seats need seats.
func (c *checker) checkSeatKeysAlone() {
	for _, key := range []string{"rules.turn_order", "rules.teams", "rules.seat_out", "rules.game_end"} {
		if c.written(key) {
			c.add(key, "%s needs seats: without them the game has two players, who take turns and play alone", key)
		}
	}
}

// seatIndex maps each seat's name to its first index.
func (c *checker) seatIndex() map[string]int {
	at := map[string]int{}
	for i, st := range c.s.Seats {
		if _, dup := at[st.Name]; !dup {
			at[st.Name] = i
		}
	}
	return at
}

func (c *checker) checkSeatNames() {
	at := c.seatIndex()
	for i, st := range c.s.Seats {
		if first := at[st.Name]; first != i {
			c.add(index("seats", i)+".name", "%s.name %s is seats[%d]'s name too: each seat needs its own", index("seats", i), quote(st.Name), first)
		}
	}
}

// checkTwoPlayerKeys: the keys written for a first and a second player
// say nothing about seats.
func (c *checker) checkTwoPlayerKeys() {
	const army = "each seat's army is placed by seats[].army"
	for _, key := range []string{"setup.mirror", "setup.orientation"} {
		if c.written(key) {
			c.add(key, "%s is not for a game with seats: %s", key, army)
		}
	}
	for k := range c.s.Setup.Placements {
		if key := index("setup.placements", k) + ".player"; c.written(key) {
			c.add(key, "%s is not for a game with seats: setup.placements is the written army, which seats[].army turns onto each seat", key)
		}
	}
	if c.written("rules.stalemate") {
		c.add("rules.stalemate", "rules.stalemate is for two players: with seats, rules.seat_out.stalemate says what a seat with no legal move does")
	}
	if c.written("rules.simultaneous") {
		c.add("rules.simultaneous", "rules.simultaneous is for two players: seats take turns in rules.turn_order")
	}
	for k := range c.s.Rules.Promotion {
		if key := c.promotionPath(k) + ".to_by_player"; c.written(key) {
			c.add(key, "%s is for two players: with seats, every seat promotes to %s", key, c.promotionPath(k)+".to")
		}
	}
}

// checkSeatArmies: each seat's army on the board, off the walls and off
// every other seat's squares, and its forward agreeing with its turn.
func (c *checker) checkSeatArmies() {
	held := map[spot][]seatStand{}
	unsure := map[int]bool{} // seats whose army could not be placed whole
	for i, st := range c.s.Seats {
		sp := index("seats", i)
		before := len(c.problems)
		clashes := map[int][]spot{} // other seat -> squares taken from it
		var order []int
		put := func(id string, at spot) {
			if prev := held[at]; len(prev) > 0 && !c.cellTakes(at, len(prev), prev[0].seat == i) {
				if clashes[prev[0].seat] == nil {
					order = append(order, prev[0].seat)
				}
				clashes[prev[0].seat] = append(clashes[prev[0].seat], at)
				return
			}
			held[at] = append(held[at], seatStand{id: id, seat: i})
		}
		if st.Army.Turn != "" {
			c.checkArmyTurn(sp, &st, put)
		} else {
			c.checkArmyList(sp, &st, put)
		}
		for _, other := range order {
			sqs := clashes[other]
			if len(sqs) == 1 {
				c.add(sp+".army", "%s.army puts a piece on %s, where seats[%d]'s %s already stands", sp, quote(c.spotName(sqs[0])), other, quote(held[sqs[0]][0].id))
			} else {
				c.add(sp+".army", "%s.army puts pieces on %d of seats[%d]'s squares, the first %s", sp, len(sqs), other, quote(c.spotName(sqs[0])))
			}
		}
		unsure[i] = len(c.problems) > before || !c.ok(sp+".army")
	}
	if !c.boardOK || !c.setupOK || !c.piecesOK || !c.ok("rules.win", "rules.drops") {
		return
	}
	win := c.s.Rules.WinOrDefault()
	if (win != WinCheckmate && win != WinRoyalCapture) || c.s.Rules.Drops != nil {
		return
	}
	royal := map[int]bool{}
	for _, here := range held {
		for _, st := range here {
			if p := c.piece(st.id); p != nil && p.Royal {
				royal[st.seat] = true
			}
		}
	}
	for i := range c.s.Seats {
		if !royal[i] && !unsure[i] {
			c.add(index("seats", i)+".army", "%s.army has no royal piece: under rules.win %s a seat is out when its royal pieces are", index("seats", i), quote(win))
		}
	}
}

// checkArmyTurn places the written army turned for one seat.
func (c *checker) checkArmyTurn(sp string, st *Seat, put func(string, spot)) {
	b := c.s.Board
	if !c.boardOK {
		return
	}
	if st.Army.NeedsSquare() && b.Width != b.Height {
		c.add(sp+".army", "%s.army %s needs a square board: this one is %d wide and %d high", sp, quote(st.Army.Turn), b.Width, b.Height)
		return
	}
	if st.Forward != "" && st.Forward != st.Army.TurnForward() && c.ok(sp+".forward") {
		c.add(sp+".forward", "%s.forward is %s, but its army %s turns the written army to face %s", sp, quote(st.Forward), quote(st.Army.Turn), quote(st.Army.TurnForward()))
	}
	if !c.setupOK {
		return
	}
	var walls []string
	for _, pl := range c.s.Setup.Placements {
		for _, name := range pl.Squares {
			at, ok := c.parseSpot(name)
			if !ok || at.board == EveryBoard || c.isWall(at) {
				continue // checkSetup reports it
			}
			to := spot{at.board, st.Army.Place(at.sq, b.Width, b.Height)}
			if c.wallsOK && c.isWall(to) {
				walls = append(walls, quote(c.spotName(to)))
				continue
			}
			put(pl.Piece, to)
		}
	}
	if len(walls) > 0 {
		c.add(sp+".army", "%s.army %s puts pieces on walls (rules.obstacles): %s", sp, quote(st.Army.Turn), strings.Join(walls, ", "))
	}
}

// checkArmyList places a seat's own placements.
func (c *checker) checkArmyList(sp string, st *Seat, put func(string, spot)) {
	if st.Forward == "" {
		c.add(sp+".forward", "%s.forward is required when its army is written out: say which way its pieces advance", sp)
	}
	for k, pl := range st.Army.Placements {
		lp := index(sp+".army", k)
		declared := c.refOK(lp+".piece", pl.Piece)
		if declared && pl.Facing != "" && c.piecesOK && c.piece(pl.Piece).Facing == nil {
			c.add(lp+".facing", "%s.facing is set but %s has no facing", lp, quote(pl.Piece))
		}
		good, _ := c.spots(lp+".squares", pl.Squares, true, true)
		for _, at := range good {
			put(pl.Piece, at)
		}
	}
}

// checkTurnOrder: every name a seat's, every seat named.
func (c *checker) checkTurnOrder() {
	order := c.s.Rules.TurnOrder
	if order == nil || !c.ok("rules.turn_order") {
		return
	}
	at := c.seatIndex()
	named := map[string]bool{}
	for _, name := range order {
		named[name] = true
		if _, ok := at[name]; !ok {
			c.add("rules.turn_order", "rules.turn_order entry %s is not a seat's name", quote(name))
		}
	}
	for _, st := range c.s.Seats {
		if !named[st.Name] {
			c.add("rules.turn_order", "rules.turn_order leaves out %s: every seat must have a turn", quote(st.Name))
			named[st.Name] = true // a repeated name is checkSeatNames'
		}
	}
}

// checkTeams: the teams share out the seats, each seat in one team, and
// some team has two seats.
func (c *checker) checkTeams() {
	teams := c.s.Rules.Teams
	if teams == nil || !c.ok("rules.teams") {
		return
	}
	at := c.seatIndex()
	team := map[string]int{}
	largest := 0
	for t, members := range teams {
		tp := index("rules.teams", t)
		largest = max(largest, len(members))
		for _, name := range members {
			if _, ok := at[name]; !ok {
				c.add(tp, "%s entry %s is not a seat's name", tp, quote(name))
				continue
			}
			if first, dup := team[name]; dup {
				c.add(tp, "%s entry %s is in rules.teams[%d] too: a seat plays for one team", tp, quote(name), first)
				continue
			}
			team[name] = t
		}
	}
	for _, st := range c.s.Seats {
		if _, ok := team[st.Name]; !ok {
			c.add("rules.teams", "rules.teams leaves out %s: the teams must share out every seat", quote(st.Name))
			team[st.Name] = -1
		}
	}
	if largest == 1 {
		c.add("rules.teams", "rules.teams puts every seat in a team of its own: leave it out for a free-for-all")
	}
}

// checkGameEnd: the ending for teams only with teams, the free-for-all's
// only without, points only in a game by points.
func (c *checker) checkGameEnd() {
	e := c.s.Rules.GameEnd
	if e == nil || !c.ok("rules.game_end") {
		return
	}
	teams := c.written("rules.teams")
	if e.TeamLoses != "" && !teams {
		c.add("rules.game_end.team_loses", "rules.game_end.team_loses is for teams: without rules.teams every seat plays for itself")
	}
	if e.FreeForAll != "" && teams {
		c.add("rules.game_end.free_for_all", "rules.game_end.free_for_all is for a free-for-all: with rules.teams, team_loses says when a team has lost")
	}
	if e.Points != nil && (teams || e.FreeForAllOrDefault() != "points") {
		c.add("rules.game_end.points", "rules.game_end.points needs free_for_all 'points': the game is not scored otherwise")
	}
	if e.Points != nil && e.Points.Capture != nil {
		keys := make([]string, 0, len(e.Points.Capture))
		for id := range e.Points.Capture {
			keys = append(keys, id)
		}
		c.keyRefsOK("rules.game_end.points.capture", keys)
	}
}

// checkPriority: no rule twice, none that could never hold.
func (c *checker) checkPriority() {
	rules := c.s.Rules.Priority
	if rules == nil || !c.ok("rules.priority") {
		return
	}
	royal := false
	for _, p := range c.s.Pieces {
		royal = royal || p.Royal
	}
	seen := map[Priority]int{}
	for i, p := range rules {
		pp := index("rules.priority", i)
		if first, dup := seen[p]; dup {
			c.add(pp, "%s repeats rules.priority[%d]", pp, first)
			continue
		}
		seen[p] = i
		if (p.When == WhenInCheck || p.Moves == MovesRoyal) && !royal && c.piecesOK {
			c.add(pp, "%s could never apply: no piece is royal", pp)
		}
		if p.When == WhenAlways && p.Moves == MovesCapture && c.s.Rules.MustCapture && c.ok("rules.must_capture") {
			c.add(pp, "%s says what rules.must_capture says: write one of them", pp)
		}
	}
}

// checkServed: each piece that promotes by a served rule has a target of
// its rule behind it on its file, in the written army and in each army a
// seat writes out.
func (c *checker) checkServed() {
	if !c.setupOK || !c.piecesOK || !c.boardOK {
		return
	}
	for k := range c.s.Rules.Promotion {
		pr := &c.s.Rules.Promotion[k]
		pp := c.promotionPath(k)
		if !pr.Served || !c.ok(pp) || c.piece(pr.Piece) == nil {
			continue
		}
		if pr.To == nil && pr.ToByPlayer == nil {
			continue // checkPromotion says there is nowhere to promote to
		}
		target := map[string]bool{}
		for _, id := range pr.Targets(0) {
			target[id] = true
		}
		armies := []struct {
			name    string
			forward string
			pieces  []Placement
		}{{"setup.placements", Up, c.s.Setup.Placements}}
		for i, st := range c.s.Seats {
			// A written army without forward is checkArmyList's to report.
			if st.Army.Turn == "" && st.Forward != "" && c.ok(index("seats", i)) {
				armies = append(armies, struct {
					name    string
					forward string
					pieces  []Placement
				}{index("seats", i) + ".army", st.Forward, st.Army.Placements})
			}
		}
		for _, a := range armies {
			if sq, ok := c.unserved(a.pieces, a.forward, pr.Piece, target); ok {
				c.add(pp+".served", "%s.served: the %s on %s in %s has no target behind it on its file, so it serves no piece", pp, quote(pr.Piece), quote(c.spotName(sq)), a.name)
			}
		}
	}
}

// unserved is the first square of the army holding a piece of kind id
// with no target kind behind it, looking back against forward.
func (c *checker) unserved(army []Placement, forward, id string, target map[string]bool) (spot, bool) {
	kind := map[spot][]string{} // a cell holds two
	for _, pl := range army {
		for _, name := range pl.Squares {
			if at, ok := c.readSpot(name); ok {
				kind[at] = append(kind[at], pl.Piece)
			}
		}
	}
	back := map[string]Vector{Up: {0, -1}, Down: {0, 1}, Left: {1, 0}, Right: {-1, 0}}[forward]
	for _, pl := range army {
		if pl.Piece != id {
			continue
		}
		for _, name := range pl.Squares {
			from, ok := c.readSpot(name)
			if !ok {
				continue
			}
			served := false
			for at := from.sq.Add(back); c.s.Board.Contains(at) && !served; at = at.Add(back) {
				for _, k := range kind[spot{from.board, at}] {
					served = served || target[k]
				}
			}
			if !served {
				return from, true
			}
		}
	}
	return spot{}, false
}
