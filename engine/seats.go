package engine

import (
	"fmt"
	"math"
	"math/bits"

	"balancefarm/engine/rules"
)

// Seats are the players of a game, numbered from 0 in the order the rule
// file names them (0 white, 1 black in a game without schema 32's seats).
// Per-seat state lives in arrays of maxSeats entries (maxSeats+1 where the
// wild pieces have a slot after the seats: wildOwner), indexed by the
// seat, and the side to move is a seat.
//
// A game of two players is the reference's: the second player's army and
// squares are the first's mirrored (reflect), its turn always the other's
// (nextSeat), its only enemy the other (opponent). A game with seats
// (Game.seated, schema 32) places each seat's army by a turn of the board
// (seatTurn), moves in rules.turn_order skipping seats out of the game,
// and reads "enemy" through the teams: foes is the mask of the seats a seat
// may capture and be attacked by, less those out (Position.out), whose
// frozen pieces neither capture nor can be captured. The engine plays up
// to maxSeats seats; the language allows eight.
const maxSeats = 4

// seatRules is what a game with seats adds to the Game.
type seatRules struct {
	seated    bool
	seatNames []string
	// seatTurn carries the written army (and every square and vector
	// written for the first player) onto each seat.
	seatTurn [maxSeats]rules.Army
	// frame maps a board square to the square the seat sees it as, in
	// the written army's frame (the inverse of seatTurn); placed is
	// seatTurn on squares.
	frame  [maxSeats][]int
	placed [maxSeats][]int
	order  []int            // rules.turn_order as seats
	team   [maxSeats]int    // each seat's team (its own index without teams)
	teams  int              // how many teams
	allies [maxSeats]uint8  // per seat: its team's seats, itself included
	foes   [maxSeats]uint8  // per seat: the seats of other teams
	frozen bool             // seat_out.army frozen (else removed)
	passOn bool             // seat_out.stalemate pass (else out)
	oneOut bool             // game_end.team_loses one_out
	points bool             // game_end.free_for_all points
	capPts []int16          // per kind: points for taking it
	matePt int16            // points for putting a seat out
	zOut   [maxSeats]uint64 // a seat out of the game
	zTurn  [maxSeats]uint64 // the seat to move
	// lines is, per square, every square a ray of the game passes on
	// its way to or from it: a piece not on a royal's lines cannot, by
	// leaving, open an attack on it. nil when some attack depends on
	// more than lines (a hop's screen, a lame leap's legs, a sweep), or
	// without check rules.
	lines []bitset
}

// seatState is a position's part of a game with seats: the seats out, the
// points, and their undo stack (one record per Make).
type seatState struct {
	out    uint8 // seats out of the game
	passed uint8 // seats that passed since a seat last moved (stalemate pass)
	pts    [maxSeats]int16
	// sep is each seat's last double step, open to en passant until the
	// seat moves again; epOf is the pawn each square of Position.ep (the
	// side to move's en passant squares, gathered from its foes' sep)
	// takes.
	sep      [maxSeats]epState
	epOf     [maxEP]uint8
	seatLog  []seatRec
	occSeats [maxSeats + 1]bitset // legalAfter's copy of the occupancy
}

// seatRec is what Make changed of the seats, for Unmake.
type seatRec struct {
	side    int8
	out     uint8
	passed  uint8
	pts     [maxSeats]int16
	removed int32 // entries of Position.swept this move's removed armies pushed
	sep     [maxSeats]epState
	epOf    [maxEP]uint8
}

// occupied is every square a piece stands on: the seats' and the wild ones.
func (p *Position) occupied() bitset {
	all := p.occ[wildOwner]
	for s := 0; s < p.g.seats; s++ {
		all.or(&p.occ[s])
	}
	return all
}

// nextSeat is the seat that moves after s in a game of two players.
// A game with seats passes the turn in nextActive.
func (g *Game) nextSeat(s int) int { return s ^ 1 }

// prevSeat is the seat that moved before s: nextSeat backwards.
func (g *Game) prevSeat(s int) int { return s ^ 1 }

// opponent is the seat s plays against in a game of two players. A game
// with seats asks foes instead.
func opponent(s int) int { return s ^ 1 }

// occWord is word w of every occupancy together: the blockers of a ray.
func (p *Position) occWord(w int) uint64 {
	o := p.occ[0][w] | p.occ[1][w] | p.occ[wildOwner][w]
	if p.g.seated {
		o |= p.occ[2][w] | p.occ[3][w]
	}
	return o
}

// foesOf is the mask of seats whose pieces s may capture and that attack
// s's royals: the other player, or with seats every seat of another team
// still in the game.
func (p *Position) foesOf(s int) uint8 {
	return p.g.foes[s] &^ p.out
}

// shield is the mask of owners s may not capture: itself, its allies and
// the seats out of the game (their pieces are frozen).
func (p *Position) shield(s int) uint8 {
	return p.g.allies[s] | p.out
}

// foeAttacked reports whether a foe of s attacks square t as a capture of
// a piece of kind tk.
func (p *Position) foeAttacked(t, s, tk int) bool {
	if !p.g.seated {
		return p.royalAttacked(t, opponent(s), tk)
	}
	for f := p.foesOf(s); f != 0; f &= f - 1 {
		by := bits.TrailingZeros8(f)
		if p.royalAttacked(t, by, tk) || p.pairs > 0 && p.pairAttacked(t, by, p.g.capturers[tk]) {
			return true
		}
	}
	return false
}

// foeAttackedMask is attackedMask by any foe of s.
func (p *Position) foeAttackedMask(t, s int, mask uint32) bool {
	if !p.g.seated {
		return p.attackedMask(t, opponent(s), mask)
	}
	for f := p.foesOf(s); f != 0; f &= f - 1 {
		by := bits.TrailingZeros8(f)
		if p.attackedMask(t, by, mask) || p.pairs > 0 && p.pairAttacked(t, by, mask) {
			return true
		}
	}
	return false
}

// place is the square seat s's army stands on where the written army
// (the first player's) stands on sq.
func (g *Game) place(s, sq int) int {
	if s == 0 && !g.seated {
		return sq
	}
	if !g.seated {
		return g.reflect(sq)
	}
	return g.placed[s][sq]
}

// seatRank is sq's rank counted from seat s's own edge: the rank the
// written army's frame gives it.
func (g *Game) seatRank(s, sq int) int {
	if !g.seated {
		if s == 0 {
			return g.rankOf[sq]
		}
		return g.h - 1 - g.rankOf[sq]
	}
	return g.rankOf[g.frame[s][sq]]
}

// castleFrame is sq as seat s's castling reads it: the board's own
// coordinates for two players (their castling files are written for the
// board), the written army's frame for a seat.
func (g *Game) castleFrame(s, sq int) (x, y int) {
	if g.seated {
		sq = g.frame[s][sq]
	}
	return g.fileOf[sq], g.rankOf[sq]
}

// castleSquare is castleFrame backwards: the square of (x, y) in seat s's
// castling frame, on board b.
func (g *Game) castleSquare(s, b, x, y int) int {
	sq := g.at(b, x, y)
	if g.seated {
		sq = g.placed[s][sq]
	}
	return sq
}

// seatVector turns a vector written for a piece moving up into seat s's
// board frame, as its army's turn carries it.
func seatVector(a rules.Army, v [2]int) [2]int {
	x, y := v[0], v[1]
	switch a.Turn {
	case rules.ArmyRotateCW:
		return [2]int{y, -x}
	case rules.ArmyRotate180:
		return [2]int{-x, -y}
	case rules.ArmyRotateCCW:
		return [2]int{-y, x}
	case rules.ArmyReflectRanks:
		return [2]int{x, -y}
	case rules.ArmyReflectFiles:
		return [2]int{-x, y}
	case rules.ArmyReflectDiag:
		return [2]int{y, x}
	case rules.ArmyReflectAntiDg:
		return [2]int{-y, -x}
	}
	return v
}

// forwardTurn is the turn that carries "up" to forward: how an army written
// out for its seat reads vectors and squares written for the first player.
func forwardTurn(forward string) rules.Army {
	switch forward {
	case rules.Right:
		return rules.Army{Turn: rules.ArmyRotateCW}
	case rules.Down:
		return rules.Army{Turn: rules.ArmyRotate180}
	case rules.Left:
		return rules.Army{Turn: rules.ArmyRotateCCW}
	}
	return rules.Army{Turn: rules.ArmyAsWritten}
}

// loadSeats reads schema 32's seats, turn order and teams; it runs before
// the board's tables, which are built per seat. A game without seats gets
// the two players of the reference.
func (g *Game) loadSeats() error {
	sp := g.spec
	g.seats = 2
	g.allies = [maxSeats]uint8{1, 2}
	g.foes = [maxSeats]uint8{2, 1}
	if sp.Seats == nil {
		return nil
	}
	if len(sp.Seats) > maxSeats {
		return bad("seats: the engine plays at most %d seats, got %d", maxSeats, len(sp.Seats))
	}
	g.seated = true
	g.seats = len(sp.Seats)
	index := map[string]int{}
	for s, st := range sp.Seats {
		index[st.Name] = s
		g.seatNames = append(g.seatNames, st.Name)
		g.seatTurn[s] = st.Army
		if st.Army.Turn == "" {
			g.seatTurn[s] = forwardTurn(st.ForwardOrDefault())
		}
		g.placed[s] = make([]int, g.n)
		g.frame[s] = make([]int, g.n)
		for sq := 0; sq < g.n; sq++ {
			to := g.seatTurn[s].Place(rules.Square{File: g.fileOf[sq], Rank: g.rankOf[sq]}, g.w, g.h)
			t := g.at(g.boardOf(sq), to.File, to.Rank) // a turn keeps each board's squares on it
			g.placed[s][sq] = t
			g.frame[s][t] = sq
		}
	}
	for _, name := range sp.TurnOrderOrDefault() {
		g.order = append(g.order, index[name])
	}
	for s := range g.seats {
		g.team[s] = s
	}
	g.teams = g.seats
	if len(sp.Rules.Teams) > 0 {
		g.teams = len(sp.Rules.Teams)
		for t, team := range sp.Rules.Teams {
			for _, name := range team {
				g.team[index[name]] = t
			}
		}
	}
	for s := range g.seats {
		g.allies[s], g.foes[s] = 0, 0
		for o := range g.seats {
			if g.team[o] == g.team[s] {
				g.allies[s] |= 1 << o
			} else {
				g.foes[s] |= 1 << o
			}
		}
	}
	g.frozen = sp.Rules.SeatOut.ArmyOrDefault() == "frozen"
	g.passOn = sp.Rules.SeatOut.StalemateOrDefault() == "pass"
	ge := sp.Rules.GameEnd
	g.oneOut = len(sp.Rules.Teams) > 0 && ge.TeamLosesOrDefault() == "one_out"
	g.points = len(sp.Rules.Teams) == 0 && ge.FreeForAllOrDefault() == "points"
	if g.points {
		pts := ge.Points
		g.matePt = int16(pts.CheckmateOrDefault())
		g.capPts = make([]int16, g.nk)
		for k := range g.kinds {
			if v, ok := pts.Capture[g.kinds[k].id]; ok {
				g.capPts[k] = int16(v)
			} else {
				g.capPts[k] = int16(math.Round(g.kinds[k].value))
			}
		}
	}
	return nil
}

// placeSeats puts each seat's army on the start position: the written
// army (setup.placements) carried by the seat's turn, or the seat's own.
func (g *Game) placeSeats(place func(where string, sq, k, p int) error) error {
	for s, st := range g.spec.Seats {
		list, turned := g.spec.Setup.Placements, true
		if st.Army.Turn == "" {
			list, turned = st.Army.Placements, false
		}
		for i, pl := range list {
			where := fmt.Sprintf("seats[%d].army[%d]", s, i)
			if turned {
				where = fmt.Sprintf("setup.placements[%d] for seats[%d]", i, s)
			}
			k, err := g.kindOf(where+".piece", pl.Piece)
			if err != nil {
				return err
			}
			for _, name := range pl.Squares {
				sq, ok := g.parseSquare(name)
				if !ok {
					return bad("%s.squares entry '%s' is not a square on this board", where, name)
				}
				if turned {
					sq = g.placed[s][sq]
				}
				if err := place(where, sq, k, s); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// seatPrey is what a piece of seat s that may capture the kinds in capMask
// can take on a board of at most 64 squares: its foes' pieces of those
// kinds.
func (p *Position) seatPrey(s int, capMask uint32) uint64 {
	var prey uint64
	for f := p.foesOf(s); f != 0; f &= f - 1 {
		o := bits.TrailingZeros8(f)
		for m := p.present[o] & capMask; m != 0; m &= m - 1 {
			prey |= p.kindBB[o][bits.TrailingZeros32(m)-1][0]
		}
	}
	return prey
}

// legalSeats is legal's own part for a game with seats: each pseudo-legal
// move played on the board alone and kept when the mover's royals are not
// all attacked by its foes (legalAfter). Seats are played plainly; the
// two-player path's pins and evasions are not worked out for them.
func (p *Position) legalSeats(buf []Move, capOnly bool) []Move {
	g := p.g
	s := p.side
	start := len(buf)
	buf = p.genPseudo(buf, capOnly)
	// The move generators take any piece not the mover's; an ally's and a
	// seat's out of the game are shielded here.
	sh := p.shield(s)
	check := g.checkRules && g.royalMask != 0
	// Out of check, a plain move of a piece off every line through the
	// mover's royals cannot expose one: it is kept untested.
	var exposed bitset
	safe := check && g.lines != nil && !p.inCheck(s)
	if safe {
		var rbuf [8]int
		for _, r := range p.royalSquares(s, rbuf[:0]) {
			exposed.or(&g.lines[r])
		}
	}
	n := start
	for _, m := range buf[start:] {
		if m&mvCapture != 0 && m.typ() != moveEnPassant {
			at := m.To()
			if m&mvTransfer != 0 {
				at = g.homeLanding(m) // it captured at home
			}
			if c := p.board[at]; c != 0 && sh>>codeOwner(c)&1 != 0 {
				continue
			}
		}
		from := m.From()
		plain := safe && (m.typ() == moveNormal || m.typ() == moveDouble) && m&(mvStay|mvTransfer) == 0 && !exposed.has(from) &&
			g.royalMask>>maskIndex(p.board[from])&1 == 0
		if !check || plain || p.legalAfter(m) && (m&mvTransfer == 0 && !p.castleAcross(m) || !p.royalOn(s, g.boardOf(from)) || p.legalAfter(g.atHome(m))) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// allFoesAttack reports whether every square of list is attacked by some
// foe of s (the reference's check: every royal attacked).
func (p *Position) allFoesAttack(list []int, s int) bool {
	if !p.g.seated {
		return p.allAttacked(list, opponent(s))
	}
	for _, r := range list {
		if !p.foeAttacked(r, s, codeKind(p.board[r])) {
			return false
		}
	}
	return true
}

// active reports whether seat s is still in the game.
func (p *Position) active(s int) bool { return p.out>>s&1 == 0 }

// following is the seat after s in the turn order that is still in the
// game; s itself when no other is.
func (p *Position) following(s int) int {
	g := p.g
	at := 0
	for i, q := range g.order {
		if q == s {
			at = i
		}
	}
	for i := 1; i <= len(g.order); i++ {
		if q := g.order[(at+i)%len(g.order)]; p.active(q) {
			return q
		}
	}
	return s
}

// seatMoveEnd ends a move of seat mover in a game with seats: points for
// a capture, seats put out by the move (their last royal taken), the turn
// passed on in turn order past seats out, seats that then have no legal
// move put out (checkmate, stalemate) or passed over, and the game's
// result once one team or seat is left. It returns the hash with the
// turn's and the outs' keys changed.
func (p *Position) seatMoveEnd(h uint64, mover int, captured uint8) uint64 {
	g := p.g
	p.seatLog[len(p.seatLog)-1].removed = int32(len(p.swept))
	p.passed = 0
	if g.points && captured != 0 {
		p.pts[mover] += g.capPts[codeKind(captured)]
	}
	p.status = status{}
	for q := 0; q < g.seats; q++ {
		if q == mover || !p.active(q) {
			continue
		}
		switch {
		case g.royalLoss[q] && p.royalCount(q) == 0:
			h = p.putOut(h, q, mover)
		case g.win == rules.WinAnnihilation && p.occ[q].empty():
			h = p.putOut(h, q, mover)
		}
	}
	h ^= g.zTurn[mover]
	h = p.passTurn(h, mover, mover)
	return h ^ g.zTurn[p.side]
}

// passTurn gives the turn to the seats after from in turn order until one
// has a legal move, putting out (or passing over) those that have none,
// and sets the status once the seats out decide the game. scorer is the
// seat whose move it follows (-1 none).
func (p *Position) passTurn(h uint64, from, scorer int) uint64 {
	g := p.g
	next := from
	for !p.status.decided {
		if st, over := p.seatsDecided(); over {
			p.status = st
			break
		}
		next = p.following(next)
		p.side = next
		p.gatherEP()
		p.legalValid, p.otherValid, p.checkKnown = false, false, false
		p.probedValid = false
		// The list found here is the next LegalMoves' answer: nothing
		// after the turn passes changes it.
		if p.legalCache = p.legal(p.legalCache[:0], false); len(p.legalCache) > 0 {
			p.legalValid = true
			break
		}
		switch {
		case g.checkRules && p.inCheck(next):
			h = p.putOut(h, next, scorer)
		case g.passOn:
			p.passed |= 1 << next
			if p.passed&^p.out == g.allSeats()&^p.out {
				p.status = status{decided: true, winner: -1, rule: ruleStalemate}
			}
		default:
			h = p.putOut(h, next, -1)
		}
	}
	p.side = next
	p.checkKnown = false
	return h
}

// settleSeats readies a position set up from the start or from notation:
// when its seat to move has no legal move, the turn passes on as after a
// move, so that a game with seats never waits on a seat that cannot move.
func (p *Position) settleSeats() {
	if st, over := p.seatsDecided(); over {
		p.status = st
		return
	}
	before := p.side
	for i := len(p.g.order) - 1; i > 0; i-- {
		// the seat before the one to move, in turn order, still in
		if q := p.g.order[(p.orderIndex(before)+i)%len(p.g.order)]; p.active(q) {
			h := p.hash ^ p.g.zTurn[before]
			h = p.passTurn(h, q, -1)
			p.hash = h ^ p.g.zTurn[p.side]
			return
		}
	}
	p.status, _ = p.seatsDecided()
}

// orderIndex is seat s's place in the turn order.
func (p *Position) orderIndex(s int) int {
	for i, q := range p.g.order {
		if q == s {
			return i
		}
	}
	return 0
}

// allSeats is the mask of every seat.
func (g *Game) allSeats() uint8 { return uint8(1)<<g.seats - 1 }

// putOut takes seat q out of the game: its turns skipped from now on, its
// army frozen or taken off (pushed on Position.swept for Unmake), and, in
// a game by points, the checkmate's points to by (-1: nobody scores).
func (p *Position) putOut(h uint64, q, by int) uint64 {
	g := p.g
	p.out |= 1 << q
	h ^= g.zOut[q]
	if g.points && by >= 0 {
		p.pts[by] += g.matePt
	}
	if !g.frozen {
		for sq := range p.occ[q].each {
			c := p.remove(sq)
			p.swept = append(p.swept, sweptRec{sq: uint8(sq), code: c})
			h ^= p.zob(c, sq)
		}
	}
	return h
}

// seatsDecided is the game's result once the seats out decide it: teams, when one team is left without
// a loss; a free-for-all, when one seat is left (by points, the most
// points win, a tie at the top a draw).
func (p *Position) seatsDecided() (status, bool) {
	g := p.g
	rule := p.seatEndRule()
	in := g.allSeats() &^ p.out
	if g.teams < g.seats {
		standing, last := 0, -1
		for t := 0; t < g.teams; t++ {
			var seats uint8
			for s := 0; s < g.seats; s++ {
				if g.team[s] == t {
					seats |= 1 << s
				}
			}
			lost := seats&in == 0 || g.oneOut && seats&p.out != 0
			if !lost {
				standing++
				last = t
			}
		}
		switch standing {
		case 0:
			return status{decided: true, winner: -1, rule: rule}, true
		case 1:
			return status{decided: true, winner: int8(last), rule: rule}, true
		}
		return status{}, false
	}
	if bits.OnesCount8(in) > 1 {
		return status{}, false
	}
	if g.points {
		return status{decided: true, winner: int8(p.pointsLeader()), rule: ruleScoring}, true
	}
	if in == 0 {
		return status{decided: true, winner: -1, rule: rule}, true
	}
	return status{decided: true, winner: int8(bits.TrailingZeros8(in)), rule: rule}, true
}

// pointsLeader is the seat with the most points, -1 when seats tie at the
// top.
func (p *Position) pointsLeader() int {
	best, who := int16(-1), -1
	for s := 0; s < p.g.seats; s++ {
		switch {
		case p.pts[s] > best:
			best, who = p.pts[s], s
		case p.pts[s] == best:
			who = -1
		}
	}
	return who
}

// seatUnmake takes back what seatMoveEnd changed: the seats out, the
// points, the removed armies and the side to move.
func (p *Position) seatUnmake() {
	r := p.seatLog[len(p.seatLog)-1]
	p.seatLog = p.seatLog[:len(p.seatLog)-1]
	for i := len(p.swept) - 1; i >= int(r.removed); i-- {
		p.put(int(p.swept[i].sq), p.swept[i].code)
	}
	p.swept = p.swept[:r.removed]
	p.out, p.passed, p.pts, p.sep, p.epOf = r.out, r.passed, r.pts, r.sep, r.epOf
	p.side = int(r.side)
}

// seatMoveStart begins a move of a game with seats (pushUndo): the seats'
// state saved for Unmake, and the mover's own double step closed to en
// passant now that it moves again. It returns h without that step's keys.
func (p *Position) seatMoveStart(h uint64) uint64 {
	s := p.side
	p.seatLog = append(p.seatLog, seatRec{side: int8(s), out: p.out, passed: p.passed, pts: p.pts, sep: p.sep, epOf: p.epOf})
	h ^= p.sepHash(s)
	p.sep[s] = epState{}
	return h
}

// sepHash is the keys of seat s's open double step.
func (p *Position) sepHash(s int) uint64 {
	var h uint64
	e := &p.sep[s]
	for i := 0; i < int(e.n); i++ {
		h ^= bits.RotateLeft64(p.g.zEP[e.sq[i]], 8*(s+1))
	}
	return h
}

// setSeatEP opens seat s's double step m to en passant: every square it
// passed over, for a round.
func (p *Position) setSeatEP(h uint64, m Move) uint64 {
	g := p.g
	s := p.side
	from, to := m.From(), m.To()
	e := epState{victim: uint8(to)}
	home := to
	if m&mvTransfer != 0 {
		home = g.homeLanding(m)
	}
	for _, sq := range g.fwdRay(s, m.aux(), from) {
		if int(sq) == home || e.n == maxEP {
			break
		}
		if m&mvTransfer != 0 {
			sq = uint8(g.across(int(sq), g.boardOf(to)))
		}
		e.sq[e.n] = sq
		e.n++
	}
	p.sep[s] = e
	return h ^ p.sepHash(s)
}

// gatherEP sets Position.ep to the en passant squares the side to move may
// land on: its foes' open double steps whose pawn still stands where it
// stopped.
func (p *Position) gatherEP() {
	p.epN = 0
	s := p.side
	for f := p.foesOf(s); f != 0; f &= f - 1 {
		o := bits.TrailingZeros8(f)
		e := &p.sep[o]
		if e.n == 0 || codeOwner(p.board[e.victim]) != o || p.board[e.victim] == 0 {
			continue
		}
		for i := 0; i < int(e.n) && p.epN < maxEP; i++ {
			p.ep[p.epN], p.epOf[p.epN] = e.sq[i], e.victim
			p.epN++
		}
	}
}

// epVictimAt is the square of the pawn an en passant capture landing on
// to takes.
func (p *Position) epVictimAt(to int) int {
	if !p.g.seated {
		return p.epVictim
	}
	for i := 0; i < p.epN; i++ {
		if int(p.ep[i]) == to {
			return int(p.epOf[i])
		}
	}
	return p.epVictim
}

// priorityRule is one rule of rules.priority: while the condition holds
// (always, or the player to move in check), only the legal moves of its
// class stand, if there is one.
type priorityRule struct {
	inCheck bool // when: in_check (else always)
	royal   bool // moves: royal (else capture)
}

// loadPriority reads rules.priority, for two players as for seats.
func (g *Game) loadPriority() error {
	for _, pr := range g.spec.Rules.Priority {
		g.priority = append(g.priority, priorityRule{inCheck: pr.When == rules.WhenInCheck, royal: pr.Moves == rules.MovesRoyal})
	}
	return nil
}

// priorityFilter applies rules.priority to the legal moves buf[start:]:
// the first rule whose condition holds and that has a move of its class
// keeps only those moves.
func (p *Position) priorityFilter(buf []Move, start int) []Move {
	g := p.g
	for _, pr := range g.priority {
		if pr.inCheck && !p.InCheck() {
			continue
		}
		of := func(m Move) bool {
			if pr.royal {
				k := p.MovingKind(m) // the piece below, out of a cell of two
				return k >= 0 && g.royalMask>>uint(k+1)&1 != 0
			}
			return m&mvCapture != 0
		}
		n := start
		for _, m := range buf[start:] {
			if of(m) {
				buf[n] = m
				n++
			}
		}
		if n > start {
			return buf[:n]
		}
	}
	return buf
}

// Seats is how many players the game has, each a seat: 2 without schema
// 32's seats.
func (g *Game) Seats() int { return g.seats }

// Seated reports whether the game is written with schema 32's seats.
func (g *Game) Seated() bool { return g.seated }

// SeatName is seat s's name: the rule file's, or "white" and "black" for
// the two players of a game without seats.
func (g *Game) SeatName(s int) string {
	if g.seated {
		return g.seatNames[s]
	}
	return [2]string{"white", "black"}[s]
}

// Teams is how many teams the seats form: with rules.teams, its teams;
// otherwise each seat is a team of its own.
func (g *Game) Teams() int {
	if g.seated {
		return g.teams
	}
	return 2
}

// Team is seat s's team, from 0 to Teams()-1. An Outcome's Winner is a
// team: in a game of two players or a free-for-all, the seat itself.
func (g *Game) Team(s int) int {
	if g.seated {
		return g.team[s]
	}
	return s
}

// ScoresPoints reports whether the game is a free-for-all scored by
// points (rules.game_end.free_for_all "points"): SeatPoints then counts.
func (g *Game) ScoresPoints() bool { return g.points }

// Seats is the game's number of seats (for the N-seat searches).
func (p *Position) Seats() int { return p.g.seats }

// SeatToMove is the seat whose move it is.
func (p *Position) SeatToMove() int { return p.side }

// Team is seat s's team (Game.Team).
func (p *Position) Team(s int) int { return p.g.Team(s) }

// SeatOut reports whether seat s is out of the game.
func (p *Position) SeatOut(s int) bool { return !p.active(s) }

// SeatInCheck reports whether seat s's royals are all attacked by its foes
// (the reference's check), whoever is to move.
func (p *Position) SeatInCheck(s int) bool { return p.active(s) && p.inCheck(s) }

// SeatPoints is seat s's points in a free-for-all by points (0 otherwise).
func (p *Position) SeatPoints(s int) int { return int(p.pts[s]) }

// SeatResult writes each seat's share of the finished game into out (one
// entry per seat) and reports true; false while the game goes on. The
// winning team's seats share 1 equally; a draw shares 1 among the seats
// that draw: by points the seats tied at the top, otherwise (a repetition,
// a clock) those still in the game.
func (p *Position) SeatResult(out []float64) bool {
	o := p.Outcome()
	if !o.Over {
		return false
	}
	g := p.g
	clear(out)
	var share uint8
	switch {
	case o.Winner >= 0:
		for s := 0; s < g.seats; s++ {
			if g.Team(s) == o.Winner {
				share |= 1 << s
			}
		}
	case g.points && o.Rule == EndScoring:
		best := p.pts[0]
		for s := 1; s < g.seats; s++ {
			best = max(best, p.pts[s])
		}
		for s := 0; s < g.seats; s++ {
			if p.pts[s] == best {
				share |= 1 << s
			}
		}
	default:
		share = g.allSeats() &^ p.out
		if share == 0 {
			share = g.allSeats()
		}
	}
	n := float64(bits.OnesCount8(share))
	for s := 0; s < g.seats && s < len(out); s++ {
		if share>>s&1 != 0 {
			out[s] = 1 / n
		}
	}
	return true
}

// seatEndRule names the rule that put seats out, read off the board so
// that a position read from notation names it as play did: a royal taken,
// then a royal attacked (checkmate), then an army gone, else stalemate.
func (p *Position) seatEndRule() uint8 {
	g := p.g
	rule := uint8(ruleStalemate)
	for s := 0; s < g.seats; s++ {
		switch {
		case p.active(s):
		case g.royalLoss[s] && p.royalCount(s) == 0:
			return ruleRoyalCapture
		case g.checkRules && p.inCheck(s):
			rule = ruleCheckmate
		case g.win == rules.WinAnnihilation && p.occ[s].empty() && rule != ruleCheckmate:
			rule = ruleAnnihilation
		}
	}
	return rule
}

// loadSeatLines readies legalSeats' shortcut (seatRules.lines) for a game
// with seats and check rules whose attacks all run along lines or leap.
func (g *Game) loadSeatLines() error {
	if !(g.seated || g.nb > 1) || !g.checkRules {
		return nil
	}
	for i := range g.gens {
		if e := &g.gens[i]; e.typ == genHop || e.typ == genSweep || e.typ == genLame && e.n > 0 {
			return nil
		}
	}
	g.lines = make([]bitset, g.n)
	for i := range g.fwd {
		sq := i % g.n
		for _, t := range g.pool[g.fwd[i].off : g.fwd[i].off+uint32(g.fwd[i].n)] {
			g.lines[sq].set(int(t))
		}
		for _, t := range g.pool[g.rev[i].off : g.rev[i].off+uint32(g.rev[i].n)] {
			g.lines[sq].set(int(t))
		}
	}
	return nil
}
