package planesref

import (
	"balancefarm/engine/rules"
)

// maxArrivals bounds the arrivals one move may cause: the rule file's
// checks keep the chains finite, and a reference that loops should say so.
const maxArrivals = 10000

// play is the position after a. A move: the piece leaves from, promoted
// (or upgraded) as the move says, takes what its capture gives it (an
// enemy on to, unprotected: the upgrade spent and chosen, or
// rules.on_capture; nothing for a neutral piece), and arrives on to (a
// shot: the victim dies on to, the shooter stays); then the item its
// after_move puts down. A second move is paid first. Then: a piece with
// an extra_move status moves again (the turn goes on), or the turn ends
// (the mover's wearing statuses wear off, income, a neutral move's undo
// banned for the other player); the endings; what chance event is due.
func (p *Position) play(a action) *Position {
	q := p.copy()
	q.ply++
	q.actor = p.side
	q.moverDied = false
	if a.typ == actOutcome {
		q.resolve(a)
		return q
	}
	if a.typ == actChaos {
		q.choose(a)
		q.growAll(a.grow)
		return q
	}
	s := p.side
	budget := maxArrivals
	moverSq := -1
	neutralMove := false
	switch a.typ {
	case actBuy:
		q.buy(a)
	case actPortal:
		pc := q.remove(a.from)
		pc.st[q.g.portalStatus(pc)]--
		pc.mover = true // its owner moved it: a hazard's fate follows
		q.arrive(pc, a.to, [2]int{}, false, &budget)
		moverSq = q.findMover()
	case actRaise:
		r := q.g.kinds[q.board[a.from].kind].raises
		pc := q.remove(a.to)
		if r.status >= 0 {
			q.g.gainStatus(&pc, r.status)
		}
		_, x, y := q.g.coords(a.to)
		q.arrive(pc, q.g.at(r.to, x, y), [2]int{}, false, &budget)
	case actMove:
		if p.again >= 0 {
			q.payExtra(a.from)
		}
		neutralMove = q.board[a.from].owner == neutralOwner
		moverSq = q.move(a, &budget)
	}
	q.growAll(a.grow) // the statuses with size the action gave
	// The ban holds for the first action of the turn only: a second move
	// is the moved piece's, never a neutral one's.
	q.banFrom, q.banTo = -1, -1
	if a.typ == actMove && p.again < 0 && moverSq >= 0 && q.extraDue(moverSq, s) {
		q.again = moverSq
	} else {
		q.again = -1
		if neutralMove && moverSq >= 0 {
			q.banFrom, q.banTo = moverSq, a.from
		}
		q.wearOff(s)
		q.income(s)
		q.side = 1 - s
	}
	q.settle(s)
	hazardSq := moverSq
	if neutralMove {
		hazardSq = -1 // no owner moved it
	}
	q.setPending(hazardSq)
	return q
}

// move plays a piece's move (not its turn's end) and returns the square
// where the moved piece stands after it, -1 if it stands nowhere.
func (q *Position) move(a action, budget *int) int {
	pc := q.board[a.from]
	neutral := pc.owner == neutralOwner
	there := q.board[a.to]
	captures := there.kind != "" && there.owner != neutralOwner && there.owner != q.actor && !q.protected(a.to)
	var jumped []int // the enemies a checkers jump captures
	for _, o := range a.over {
		if q.jumpsEnemy(pc, o) {
			jumped = append(jumped, o)
		}
	}
	captures = captures || len(jumped) > 0
	if st := q.g.forcedStatus(pc); st >= 0 {
		pc.st[st]-- // a forced status is spent as its piece moves
	}
	if a.promo != "" {
		pc.kind = a.promo
	}
	if captures && !neutral {
		q.g.captured(&pc, a)
	}
	if a.shoot {
		pc.mover = true
		q.board[a.from] = pc
		q.die(q.remove(a.to), a.to, budget)
	} else {
		q.remove(a.from)
		for _, o := range jumped {
			q.die(q.remove(o), o, budget)
		}
		pc.moved, pc.mover = true, true
		q.arrive(pc, a.to, a.step, true, budget)
		if a.spawn > 0 && q.board[a.spawnSq].kind == "" {
			q.putItem(a.spawnSq, a.spawn-1, q.actor, 1)
		}
	}
	return q.findMover()
}

// findMover is where the piece the action moved stands (-1 nowhere); it
// is no longer marked.
func (q *Position) findMover() int {
	at := -1
	for sq := range q.board {
		if q.board[sq].mover {
			q.board[sq].mover = false
			at = sq
		}
	}
	return at
}

// arrive puts pc on t (an arrival: the move's landing, an afterlife, an
// after_capture, a slide item's step, a portal's step, a raise). stepped
// says whether the arrival has a step a slide item repeats (only a move's
// landing and a slide item's step).
func (q *Position) arrive(pc piece, t int, step [2]int, stepped bool, budget *int) {
	if *budget--; *budget < 0 {
		panic("planesref: an arrival chain that does not end")
	}
	g := q.g
	pc.moved = true
	if there := q.board[t]; there.kind != "" {
		if !q.enemies(pc, there) || q.protected(t) {
			// 2. onto an ally (a neutral piece is everyone's), or 3.1a
			// onto a protected enemy: the arriver dies there.
			q.die(pc, t, budget)
			return
		}
		// 1. onto an enemy: captured, its death resolved at once.
		q.die(q.remove(t), t, budget)
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
	// 3. pc stands on t, a larger piece's body beside it; the items
	// there act on it; then its dies_on.
	q.board[t] = pc
	if len(pc.body) > 0 {
		q.layBody(pc, t, budget)
	}
	q.itemsAct(t, step, stepped, budget)
	if now := q.board[t]; now.kind != "" && g.diesOnRank(now, t) {
		q.die(q.remove(t), t, budget)
	}
}

// enemies reports whether arriving piece a captures piece b: pieces of
// two players; a neutral piece captures the pieces of the player not
// acting, and nobody captures a neutral piece.
func (q *Position) enemies(a, b piece) bool {
	switch {
	case b.owner == neutralOwner:
		return false
	case a.owner == neutralOwner:
		return b.owner != q.actor
	}
	return a.owner != b.owner
}

// itemsAct lets the items on t act on the piece standing there, in
// items[] order, unless they are immune to its kind: every gain (per
// item, every player's heap of a hidden one), then the first kill
// (enter or pass), else the first slide, else, the piece having come to
// rest, the first kill "end" item. The consumed items that acted are
// removed from t, every heap of them.
func (q *Position) itemsAct(t int, step [2]int, stepped bool, budget *int) {
	g := q.g
	counts := q.items[t]
	if counts == nil {
		return
	}
	pc := q.board[t]
	acted := make([]bool, len(g.items))
	killer, slider, rester := -1, -1, -1 // the first item of each sort that acts
	first := func(at *int, it int, yes bool) {
		if yes && *at < 0 {
			*at = it
		}
	}
	for it := range g.items {
		item := &g.items[it]
		n := q.lying(t, it)
		if n == 0 || !g.acts(it, pc) {
			continue
		}
		owner := pc.owner
		if owner == neutralOwner {
			owner = q.actor // a neutral piece's gains go to the player moving
		}
		for name, amount := range item.Gain {
			q.gain(owner, g.resIndex[name], amount*n)
			acted[it] = true
		}
		if item.Chaos {
			q.owe(pc) // one offer per chaos item, however many lie here
			acted[it] = true
		}
		first(&killer, it, item.Kill == rules.KillEnter || item.Kill == rules.KillPass)
		first(&slider, it, item.Slide && stepped)
		first(&rester, it, item.Kill == rules.KillEnd)
	}
	kills, slides, rests := killer >= 0, killer < 0 && slider >= 0, killer < 0 && slider < 0 && rester >= 0
	switch {
	case kills:
		acted[killer] = true
	case slides:
		acted[slider] = true
	case rests:
		acted[rester] = true
	}
	for it := range g.items {
		if acted[it] && g.items[it].Consumed {
			counts[g.heap(it, 0)], counts[g.heap(it, 1)] = 0, 0
		}
	}
	kills = kills || rests
	switch {
	case kills:
		q.die(q.remove(t), t, budget)
	case slides:
		pc = q.remove(t)
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
	switch {
	case pc.kind == bodyKind: // a body square alone: its piece has shrunk
		return
	case len(pc.body) > 0: // a larger piece shrinks instead
		q.shrink(pc, t, budget)
		return
	case g.size >= 0:
		pc.st[g.size] = 0 // a growth owed dies with the piece
	}
	q.moverDied = q.moverDied || pc.mover
	if it := g.kinds[pc.kind].onDeath; it >= 0 {
		q.putItem(t, it, q.actor, 1) // never a hidden item
	}
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
		if pc.kind != "" && pc.kind != bodyKind && pc.owner == s && (pr.boards == nil || pr.boards[b]) && (pr.pieces == nil || pr.pieces[pc.kind]) {
			return false
		}
	}
	return true
}

func (q *Position) royals(s int) int {
	n := 0
	for _, pc := range q.board {
		if pc.kind != "" && pc.kind != bodyKind && pc.owner == s && q.g.kinds[pc.kind].royal {
			n++
		}
	}
	return n
}

func (q *Position) armySize(s int) int {
	n := 0
	for _, pc := range q.board {
		if pc.kind != "" && pc.kind != bodyKind && pc.owner == s {
			n++
		}
	}
	return n
}
