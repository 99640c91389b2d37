package engine

import (
	"fmt"
	"math/bits"

	"balancefarm/engine/rules"
)

func resultFor(player int, result string, rule uint8) status {
	st := status{decided: true, rule: rule, winner: -1}
	switch result {
	case "win":
		st.winner = int8(player)
	case "loss":
		st.winner = int8(opponent(player))
	}
	return st
}

// boardOutcome is the ending the board itself shows after mover's move
// (mover 1 for a start position, as if player 1 had just moved): in this
// order royal_capture, annihilation, extinction, bare_royal, check_limit,
// reach; within each, the player who did not move is looked at first.
// leave is the goal square a reach piece just left (rules.reach on leave),
// or -1.
func (p *Position) boardOutcome(mover, leave int) status {
	g := p.g
	order := [2]int{g.nextSeat(mover), mover}
	for _, q := range order {
		// A royal kind present on the board is a royal held: the count
		// (and the hand) is read only when none is.
		if g.royalLoss[q] && p.present[q]&g.royalMask == 0 && p.royalsHeld(q) == 0 {
			return resultFor(q, "loss", ruleRoyalCapture)
		}
	}
	if g.win == rules.WinAnnihilation {
		e0, e1 := p.occ[0].empty(), p.occ[1].empty()
		switch {
		case e0 && e1:
			return status{decided: true, winner: -1, rule: ruleAnnihilation}
		case e0:
			return resultFor(0, "loss", ruleAnnihilation)
		case e1:
			return resultFor(1, "loss", ruleAnnihilation)
		}
	}
	if ex := g.extinction; ex != nil {
		for _, q := range order {
			if p.extinct(q) {
				return resultFor(q, ex.result, ruleExtinction)
			}
		}
	}
	if g.bareRoyal != "" {
		for _, q := range order {
			if r := p.royalCount(q); r > 0 && p.occ[q].count() == r {
				return resultFor(q, g.bareRoyal, ruleBareRoyal)
			}
		}
	}
	if g.checkLimit > 0 {
		for _, q := range order {
			if int(p.checks[q]) >= g.checkLimit {
				return resultFor(q, "win", ruleCheckLimit)
			}
		}
	}
	if fx := g.fx; fx != nil && fx.winAt > 0 {
		for _, q := range order {
			if p.claimN[q] >= fx.winAt {
				return resultFor(q, "win", ruleTerritory)
			}
		}
	}
	if g.touch != nil {
		if st := p.touchOutcome(order); st.decided {
			return st
		}
	}
	if g.planes != nil && len(g.planes.presence) > 0 {
		if st := p.presenceOutcome(); st.decided {
			return st
		}
	}
	if r := g.reach; r != nil {
		if r.onLeave {
			if leave >= 0 {
				st := resultFor(mover, r.result, ruleReach)
				st.left = uint8(leave)
				return st
			}
		} else {
			for _, q := range order {
				if p.standsOnGoal(q) {
					return resultFor(q, r.result, ruleReach)
				}
			}
		}
	}
	return status{}
}

// standsOnGoal reports whether a player has a reach piece on one of its
// goal squares (and, for safe, one the other player cannot take there).
func (p *Position) standsOnGoal(q int) bool {
	g := p.g
	r := g.reach
	if g.small && r.kind >= 0 && p.kindBB[q][r.kind][0]&r.goal[q][0] == 0 {
		return false // asked after every move: the usual answer in one word
	}
	// Read in place, one word at a time: the copy and the loop cost an
	// Elven chess playout 3% of its time, at every move.
	held := &p.occ[q]
	if r.kind >= 0 {
		held = &p.kindBB[q][r.kind]
	}
	goal := &r.goal[q]
	on := bitset{held[0] & goal[0], held[1] & goal[1], held[2] & goal[2], held[3] & goal[3]}
	if on.empty() {
		return false
	}
	if g.homeward && p.nRest > 0 { // a resting promoted piece is not in play yet
		// Only the goal squares held need a look, not the whole board.
		for w := 0; w < 4; w++ {
			for x := on[w]; x != 0; x &= x - 1 {
				if sq := w<<6 | bits.TrailingZeros64(x); p.rest[sq] > 0 {
					on.clear(sq)
				}
			}
		}
		if on.empty() {
			return false
		}
	}
	if !r.safe {
		return true
	}
	var buf [maxSquares]int
	for _, sq := range on.squares(buf[:0]) {
		if !p.attacked(sq, opponent(q), codeKind(p.board[sq])) {
			return true
		}
	}
	return false
}

// extinct reports whether player q has fallen below rules.extinction's count.
func (p *Position) extinct(q int) bool {
	g := p.g
	ex := g.extinction
	if ex.any {
		return p.occ[q].count() < ex.min
	}
	if !ex.perType {
		n := 0
		for _, k := range ex.kinds {
			n += int(p.count[q][k+1])
		}
		return n < ex.min
	}
	for _, k := range ex.kinds {
		if ex.own && g.setupCount[q][k] == 0 {
			continue
		}
		if int(p.count[q][k+1]) < ex.min {
			return true
		}
	}
	return false
}

// Decided reports whether the board itself has ended the game (a royal
// taken, an army gone, a goal reached, checks counted, ...), leaving out
// endings by having no move and by the clocks. Perft counts no moves from
// such a position.
func (p *Position) Decided() bool { return p.status.decided }

// Outcome says whether the game is over and why. Endings are looked at in
// this order: the board (see boardOutcome), no legal move (checkmate or
// stalemate), repetition, the count (rules.counting), the no-progress
// clock, the ply limit. A clock
// that runs out in a game with rules.scoring is settled by the score.
func (p *Position) Outcome() Outcome {
	if p.ocValid {
		return p.oc
	}
	p.oc = p.outcome(false)
	p.ocValid = true
	return p.oc
}

// OutcomeNoList is Outcome, the same answer, found without listing the
// legal moves: it only asks whether there is one. Outcome keeps the list
// for the LegalMoves that usually follows; a caller that will not ask for
// it (a search's horizon) saves the generation here.
func (p *Position) OutcomeNoList() Outcome {
	if p.ocValid {
		return p.oc
	}
	p.oc = p.outcome(true)
	p.ocValid = true
	return p.oc
}

func (p *Position) outcome(noList bool) Outcome {
	g := p.g
	if st := p.status; st.decided {
		return Outcome{Over: true, Winner: int(st.winner), Rule: ruleNames[st.rule]}
	}
	var moveless bool
	if p.inRounds {
		if o, ok := p.roundOutcome(); ok {
			return o
		}
	} else if noList {
		moveless = !p.HasLegalMove()
	} else {
		if !p.legalValid {
			p.legalCache = p.legal(p.legalCache[:0], false)
			p.legalValid = true
		}
		moveless = len(p.legalCache) == 0
	}
	if moveless {
		s := p.side
		var st status
		if g.checkRules && p.inCheck(s) {
			st = resultFor(s, g.checkmate, ruleCheckmate)
		} else {
			st = resultFor(s, g.stalemate, ruleStalemate)
		}
		return Outcome{Over: true, Winner: int(st.winner), Rule: ruleNames[st.rule]}
	}
	if g.repetition > 0 && p.Repetitions() >= g.repetition {
		return Outcome{Over: true, Winner: -1, Rule: ruleNames[ruleRepetition]}
	}
	if p.countedOut() {
		return Outcome{Over: true, Winner: -1, Rule: ruleNames[ruleCounting]}
	}
	if p.halfmove >= g.noProgress {
		return p.clockEnd(ruleNoProgress)
	}
	if p.ply >= g.maxPlies {
		return p.clockEnd(ruleMaxPlies)
	}
	return Outcome{Winner: -1}
}

// Repetitions is how many times the current position has occurred,
// counting this one; only positions since the last capture or promotion
// are looked at, since none before can recur.
func (p *Position) Repetitions() int {
	n := 1
	lim := p.halfmove
	if lim > len(p.history) {
		lim = len(p.history)
	}
	h := p.hash
	back := p.history[len(p.history)-lim:] // the positions since the last capture or promotion
	if p.g.slowTurns || p.g.seated {
		// The hash tells sides, moves left and rounds apart: every one.
		for _, x := range back {
			if x == h {
				n++
			}
		}
		return n
	}
	// Only positions with the same side to move can be equal: every
	// other one, from the one two plies back.
	for i := len(back); i >= 2; i -= 2 {
		if back[i-2] == h {
			n++
		}
	}
	return n
}

func (p *Position) clockEnd(rule uint8) Outcome {
	g := p.g
	if g.points {
		// A free-for-all by points: the clock ends it, the points decide.
		return Outcome{Over: true, Winner: p.pointsLeader(), Rule: ruleNames[ruleScoring], Trigger: ruleNames[rule]}
	}
	if g.scoring == nil {
		return Outcome{Over: true, Winner: -1, Rule: ruleNames[rule]}
	}
	a, b := p.Score(0), p.Score(1)
	o := Outcome{Over: true, Winner: -1, Rule: ruleNames[ruleScoring], Trigger: ruleNames[rule]}
	if a > b {
		o.Winner = 0
	} else if b > a {
		o.Winner = 1
	}
	return o
}

// Score is what rules.scoring compares for a player (0 without the rule).
func (p *Position) Score(player int) float64 {
	g := p.g
	if g.scoring == nil || player < 0 || player > 1 {
		return 0
	}
	switch g.scoring.count {
	case "pieces":
		return float64(p.occ[player].count())
	case "territory":
		return float64(p.claimN[player])
	case "points":
		return p.Points(player)
	case "region":
		on := p.occ[player]
		for w := 0; w < 4; w++ {
			on[w] &= g.scoring.region[player][w]
		}
		return float64(on.count())
	}
	total := 0.0
	for k := 0; k < g.nk; k++ {
		total += float64(p.count[player][k+1]) * g.kinds[k].value
	}
	return total
}

// reachNotation is rules.reach on leave's notation: left: and the goal
// square the last move left, while that leaving has ended the game.
var reachNotation = notationField{
	present: func(g *Game) bool { return g.reach != nil && g.reach.onLeave },
	write:   (*Position).leftField,
	read:    (*Position).parseLeft,
}

func (p *Position) leftField() string {
	if st := p.status; st.decided && st.rule == ruleReach {
		return " left:" + p.g.names[st.left]
	}
	return ""
}

func (p *Position) parseLeft(r *fenRead, key, list string) (known bool, err error) {
	if key != "left" {
		return false, nil
	}
	g := p.g
	sq, ok := g.parseSquare(list)
	if !ok || !g.reach.goal[g.prevSeat(p.side)].has(sq) {
		return true, fmt.Errorf("fen: left:%s is not a goal square of the player who just moved", list)
	}
	r.left = sq
	return true, nil
}
