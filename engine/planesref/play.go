package planesref

import (
	"balancefarm/engine/rules"
)

// maxArrivals bounds the arrivals one move may cause: the rule file's
// checks keep the chains finite, and a reference that loops should say so.
const maxArrivals = 10000

// play is the position after a: the piece leaves from, promoted (or
// upgraded) as the move says, takes what its capture gives it (an enemy
// on to: the upgrade spent and chosen, or rules.on_capture), and arrives
// on to; then the mover's wearing statuses wear off, income, the
// endings, the turn.
func (p *Position) play(a action) *Position {
	q := p.copy()
	pc := q.board[a.from]
	q.board[a.from] = piece{}
	if a.promo != "" {
		pc.kind = a.promo
	}
	if there := p.board[a.to]; there.kind != "" && there.owner != pc.owner {
		q.g.captured(&pc, a)
	}
	pc.moved = true
	budget := maxArrivals
	q.arrive(pc, a.to, a.step, true, &budget)
	q.wearOff(p.side)
	q.income(p.side)
	q.settle(p.side)
	q.side = 1 - p.side
	q.ply++
	return q
}

// arrive puts pc on t (an arrival: the move's landing, an afterlife, an
// after_capture, a slide item's step). stepped says whether the arrival
// has a step a slide item repeats (not an afterlife or after_capture).
func (q *Position) arrive(pc piece, t int, step [2]int, stepped bool, budget *int) {
	if *budget--; *budget < 0 {
		panic("planesref: an arrival chain that does not end")
	}
	g := q.g
	pc.moved = true
	if there := q.board[t]; there.kind != "" {
		if there.owner == pc.owner {
			// 2. onto an ally: the arriver dies there.
			q.die(pc, t, budget)
			return
		}
		// 1. onto an enemy: captured, its death resolved at once.
		q.board[t] = piece{}
		q.die(there, t, budget)
		if q.board[t].kind != "" {
			// The victim's chain brought something back to t: arrive anew.
			q.arrive(pc, t, step, stepped, budget)
			return
		}
		b, _, _ := g.coords(t)
		if to := g.afterCap[b]; to >= 0 {
			_, x, y := g.coords(t)
			q.arrive(pc, g.at(to, x, y), [2]int{}, false, budget)
			return
		}
	}
	// 3. pc stands on t; the items there act on it.
	q.board[t] = pc
	q.itemsAct(t, step, stepped, budget)
}

// itemsAct lets the items on t act on the piece standing there, unless
// they are immune to its kind: every gain (per item), then a kill, then a
// slide; the consumed items that acted are removed from t.
func (q *Position) itemsAct(t int, step [2]int, stepped bool, budget *int) {
	g := q.g
	counts := q.items[t]
	if counts == nil {
		return
	}
	pc := q.board[t]
	acted := make([]bool, len(g.items))
	kills, slides := false, false
	for it, n := range counts {
		item := &g.items[it]
		if n == 0 || !g.acts(it, pc) {
			continue
		}
		for name, amount := range item.Gain {
			q.gain(pc.owner, g.resIndex[name], amount*n)
			acted[it] = true
		}
		kills = kills || item.Kill != ""
		slides = slides || item.Slide && stepped
	}
	for it, n := range counts {
		item := &g.items[it]
		if n == 0 || !g.acts(it, pc) {
			continue
		}
		if kills && item.Kill != "" || !kills && slides && item.Slide {
			acted[it] = true
		}
	}
	for it := range counts {
		if acted[it] && g.items[it].Consumed {
			counts[it] = 0
		}
	}
	switch {
	case kills:
		q.board[t] = piece{}
		q.die(pc, t, budget)
	case slides:
		q.board[t] = piece{}
		if next, ok := g.offset(t, step[0], step[1]); ok {
			q.arrive(pc, next, step, true, budget)
		} // off the board: removed, with no square to keep
	}
}

// gain adds n of resource r to player s's purse, up to its max.
func (q *Position) gain(s, r, n int) {
	q.purse[s][r] = min(q.purse[s][r]+n, q.g.resources[r].MaxOrDefault())
}

// die resolves pc's death on t: its statuses' afterlives first, then the
// first rules.afterlife entry for t's board and pc's kind, move it to t's
// square on their board, an arrival; with none it is removed.
func (q *Position) die(pc piece, t int, budget *int) {
	g := q.g
	b, x, y := g.coords(t)
	if to := g.statusDeath(pc, b); to >= 0 {
		q.arrive(pc, g.at(to, x, y), [2]int{}, false, budget)
		return
	}
	for _, a := range g.afterlife {
		if a.from[b] && (a.pieces == nil || a.pieces[pc.kind]) {
			q.arrive(pc, g.at(a.to, x, y), [2]int{}, false, budget)
			return
		}
	}
}

// income pays each resource's income after mover's turn, with what the
// statuses pay of it (per count, to each piece's owner): "round" to both
// players after the first player's turn, "turn" to the mover. A resource
// with no income of its own pays its statuses' as "round".
func (q *Position) income(mover int) {
	for r, res := range q.g.resources {
		after, amount := rules.IncomeRound, 0
		if in := res.Income; in != nil {
			after, amount = in.AfterOrDefault(), in.Amount
		}
		switch after {
		case rules.IncomeRound:
			if mover == 0 {
				q.gain(0, r, amount+q.statusIncome(0, r))
				q.gain(1, r, amount+q.statusIncome(1, r))
			}
		case rules.IncomeTurn:
			q.gain(mover, r, amount+q.statusIncome(mover, r))
		}
	}
}

// settle decides the game if the board now shows an ending, in the order
// royal capture, annihilation, presence; the player who did not move is
// looked at first, as the engine does.
func (q *Position) settle(mover int) {
	g := q.g
	order := [2]int{1 - mover, mover}
	decide := func(winner int) { q.decided, q.winner = true, winner }
	if g.win == rules.WinRoyalCapture {
		for _, s := range order {
			if g.hasRoyal[s] && q.royals(s) == 0 {
				decide(1 - s)
				return
			}
		}
	}
	if g.win == rules.WinAnnihilation {
		e0, e1 := q.armySize(0) == 0, q.armySize(1) == 0
		switch {
		case e0 && e1:
			decide(-1)
			return
		case e0:
			decide(1)
			return
		case e1:
			decide(0)
			return
		}
	}
	result := [2]string{}
	for s := 0; s < 2; s++ {
		for i := range g.presence {
			if q.meets(s, &g.presence[i]) {
				result[s] = g.presence[i].result
				break
			}
		}
	}
	switch {
	case result[0] != "" && result[1] != "":
		decide(-1)
	case result[0] != "":
		decide(resultFor(0, result[0]))
	case result[1] != "":
		decide(resultFor(1, result[1]))
	}
}

// meets reports whether player s has none of the entry's pieces on its
// boards.
func (q *Position) meets(s int, pr *presence) bool {
	for sq, pc := range q.board {
		b, _, _ := q.g.coords(sq)
		if pc.kind != "" && pc.owner == s && (pr.boards == nil || pr.boards[b]) && (pr.pieces == nil || pr.pieces[pc.kind]) {
			return false
		}
	}
	return true
}

func (q *Position) royals(s int) int {
	n := 0
	for _, pc := range q.board {
		if pc.kind != "" && pc.owner == s && q.g.kinds[pc.kind].royal {
			n++
		}
	}
	return n
}

func (q *Position) armySize(s int) int {
	n := 0
	for _, pc := range q.board {
		if pc.kind != "" && pc.owner == s {
			n++
		}
	}
	return n
}
