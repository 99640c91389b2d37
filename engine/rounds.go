package engine

import (
	"fmt"
	"strings"

	"balancefarm/engine/rules"
	"balancefarm/internal/splitmix"
)

// Rounds (rules.simultaneous): both players choose one of their own legal
// moves on the same board, neither seeing the other's, and the two are
// made together. A round is one entry on the undo stack and in the
// history, and two plies on the clocks. Nothing of one player's choice is
// kept in the position before MakeRound: the players choose on the same
// position, so neither choice can leak into the other's search or hash.
//
// Resolution, as played here (the reference's words, and the readings
// where it leaves room):
//
//   - Each move is judged on the board as the round found it: paths are
//     not blocked by where the other piece goes, and two pieces may pass
//     through each other's lines.
//   - Two moves onto the same square collide: the pieces as they moved
//     (before promotion) are compared by beats; the one that beats the
//     other stands there, promoted if its move promotes; a tie follows
//     rules.simultaneous.tie. With swap "collision", two moves that end
//     on each other's starting squares collide the same way and the winner
//     ends on its destination.
//   - A move aimed at a piece that moves away lands on the square it left
//     when the moving piece has a quiet move there on the board as it was
//     (the target lifted); otherwise it is void and the piece stays. When
//     swapping pieces pass and one of the two moves is void, its piece
//     stays and the other's move takes it as an ordinary capture.
//   - Two void moves at each other (a swap where neither may land on an
//     empty square) two rounds in a row bar that pair of moves -- the
//     first player's from the one square to the other and the second's
//     back -- until either square's contents change. The last void pair
//     and the bars are part of the position (hash and notation).
//   - Speeds: when the two moving pieces differ in speed the faster move
//     is made first as an ordinary move; if the board then ends the game
//     the round ends there; otherwise the slower move is made when its
//     piece still stands on its square unchanged and that piece can still
//     make a move with the same landing and promotion on the new board
//     (the move as generated there, so it may now capture), else it is
//     void.
//   - An ending both players reach in the round (both royals lost, both
//     armies gone, both on a goal, both without a move) is a draw, or
//     goes to the player ahead under rules.scoring with both "score";
//     endings are looked at in the board's usual order, rule by rule.
//   - A player without a choice ends the game as stalemate (that player
//     has no legal move).
//
// Rounds with drops or capture effects are not played yet (Load refuses
// them: families.go).

// simRule is rules.simultaneous with the per-piece keys it reads.
type simRule struct {
	initiative bool // tie "initiative"
	swapColl   bool // swap "collision"
	bothScore  bool // both "score"
	beats      []uint32
	speed      []int
	speeds     bool // some pieces differ in speed
}

// pairRec is a pair of squares of a round's anti-loop rule: the first
// player's piece's square a, the second's b; ca and cb are the pieces on
// them when a bar began.
type pairRec struct {
	a, b   uint8
	ca, cb uint8
	on     bool
}

// roundState is a game in rounds in the position (the position embeds
// it); Make saves it on turnState's stack.
type roundState struct {
	inRounds bool // the next step is a round (rules.simultaneous)
	init     int8 // who holds the initiative (tie "initiative")
	void     pairRec
	bars     []pairRec // replaced, never changed in place: undo records and clones share it
}

func (g *Game) loadSim() error {
	r := &g.spec.Rules
	sim := r.Simultaneous
	switch g.win {
	case rules.WinRoyalCapture, rules.WinAnnihilation, rules.WinNone:
	default:
		return bad("rules.simultaneous requires rules.win 'royal_capture', 'annihilation' or 'none'")
	}
	if g.castle != nil || g.epOn || g.sweepers != 0 || g.forbidCheck || g.checkLimit > 0 || g.royalFacing || g.turn != nil {
		return bad("rules.simultaneous cannot be used with castling, en passant, a sweep, check rules or a turn of several moves")
	}
	sr := &simRule{initiative: sim.Tie == "initiative", swapColl: sim.Swap == "collision", bothScore: sim.Both == "score"}
	sr.beats = make([]uint32, g.nk)
	sr.speed = make([]int, g.nk)
	for i, pc := range g.spec.Pieces {
		sr.beats[i] = g.kinds[i].capMask
		if pc.Beats != nil {
			sr.beats[i] = 0
			for _, id := range pc.Beats {
				k, err := g.kindOf(fmt.Sprintf("pieces[%d].beats entry", i), id)
				if err != nil {
					return err
				}
				sr.beats[i] |= 1 << uint(k+1)
			}
		}
		if pc.Speed < 0 {
			return bad("pieces[%d].speed must be at least 1", i)
		}
		sr.speed[i] = pc.Speed
		sr.speeds = sr.speeds || pc.Speed != 0
	}
	g.sim = sr
	return nil
}

// pairKey is the hash key of a void pair (which 0) or a bar (1).
func (g *Game) pairKey(which int, pr pairRec) uint64 {
	return splitmix.Mix(g.zt.pair[which] ^ uint64(pr.a)<<8 ^ uint64(pr.b))
}

// pairsHash is the void pair's and the bars' part of the hash.
func (p *Position) pairsHash() uint64 {
	var h uint64
	if p.void.on {
		h ^= p.g.pairKey(0, p.void)
	}
	for _, b := range p.bars {
		h ^= p.g.pairKey(1, b)
	}
	return h
}

// InRound reports whether the next step is a round, both players choosing
// at once (rules.simultaneous; in a spy game once a spy is lost and any
// reply due is made), rather than the side to move's turn.
func (p *Position) InRound() bool { return p.inRounds }

// Announcer is the player who chooses first, the other choosing knowing
// that move: in a spy game's rounds, the one player without a spy. -1
// when both choose in secret or the next step is not a round.
func (p *Position) Announcer() int {
	if !p.inRounds || p.g.spyKinds == 0 {
		return -1
	}
	a, b := p.spyless(0), p.spyless(1)
	switch {
	case a && !b:
		return 0
	case b && !a:
		return 1
	}
	return -1
}

// RoundMoves appends one player's choices for the coming round: the moves
// that player could make on this board. Outside a round it is the side to
// move's legal moves for that side, and nothing for the other.
func (p *Position) RoundMoves(player int, buf []Move) []Move {
	if player < 0 || player > 1 {
		return buf
	}
	if !p.inRounds {
		if player != p.side {
			return buf
		}
		return p.LegalMoves(buf)
	}
	if player == p.side {
		return p.LegalMoves(buf)
	}
	return append(buf, p.otherMoves()...)
}

// otherMoves is the choices of the player who is not the side to move in
// a round, listed once per position.
func (p *Position) otherMoves() []Move {
	if !p.otherValid {
		p.otherCache = p.roundMoves(opponent(p.side), p.otherCache[:0])
		p.otherValid = true
	}
	return p.otherCache
}

// roundMoves lists player's choices without touching the legal-move cache.
func (p *Position) roundMoves(player int, buf []Move) []Move {
	saved := p.side
	p.side = player
	buf = p.legal(buf, false)
	p.side = saved
	return buf
}

// makeInRound is Make in a round: m is played as a round in which the
// other player stays put.
func (p *Position) makeInRound(m Move) {
	owner := p.side
	if !m.IsNull() && m.typ() != moveDrop {
		if c := p.board[m.From()]; c != 0 {
			owner = codeOwner(c)
		}
	}
	if owner == 0 {
		p.MakeRound(m, 0)
	} else {
		p.MakeRound(0, m)
	}
}

// MakeRound plays a round: m0 and m1, the two players' choices (either may
// be the null move, a player staying put), resolved together. Unmake takes
// the whole round back. Outside a round it makes the side to move's move.
func (p *Position) MakeRound(m0, m1 Move) {
	g := p.g
	if !p.inRounds {
		if m := [2]Move{m0, m1}[p.side]; !m.IsNull() {
			p.Make(m)
		}
		return
	}
	p.turnUndo = append(p.turnUndo, turnUndo{round: true, side: p.side, left: p.left, turn: p.turn, inRounds: p.inRounds,
		init: p.init, void: p.void, bars: p.bars, restN: len(p.restChg)})
	p.undo = append(p.undo, undoRec{})
	u := &p.undo[len(p.undo)-1]
	u.hash = p.hash
	u.halfmove = int32(p.halfmove)
	u.checks = p.checks
	u.status = p.status
	oldVirgin := p.virgin
	p.history = append(p.history, p.hash)
	p.legalValid, p.otherValid = false, false
	p.probedValid = false
	p.ocValid = false
	p.checkKnown = false

	c0 := len(p.chg)
	p.fxh = p.hash ^ p.pairsHash()
	rs := p.resolveRound(m0, m1)
	h := p.fxh
	u.nChg = uint16(len(p.chg) - c0)
	var buf [16]uint8
	changed := buf[:0]
	for _, r := range p.chg[c0:] {
		changed = append(changed, r.sq)
		h = p.clearVirgin(h, int(r.sq))
	}
	if p.virgin != oldVirgin {
		p.virgins = append(p.virgins, oldVirgin)
		u.savedVirgin = true
	}
	if g.restOf != nil {
		for _, sq := range changed {
			h = p.setRest(h, int(sq), 0)
		}
		h = p.restCountDown(h, 3)
		for q := 0; q < 2; q++ {
			if rs.landed[q] >= 0 {
				h = p.restPiece(h, rs.landed[q], q)
			}
		}
	}
	// The anti-loop rule: a second void swap in a row bars the pair; a
	// bar ends when either of its squares changes.
	switch {
	case !rs.voidSwap.on:
		p.void = pairRec{}
	case p.void.on && p.void.a == rs.voidSwap.a && p.void.b == rs.voidSwap.b:
		bar := rs.voidSwap
		bar.ca, bar.cb = p.board[bar.a], p.board[bar.b]
		p.bars = append(append([]pairRec(nil), p.bars...), bar)
		p.void = pairRec{}
	default:
		p.void = rs.voidSwap
	}
	if len(p.bars) > 0 {
		var keep []pairRec
		for _, b := range p.bars {
			if p.board[b.a] == b.ca && p.board[b.b] == b.cb {
				keep = append(keep, b)
			}
		}
		if len(keep) != len(p.bars) {
			p.bars = keep
		}
	}
	h ^= p.pairsHash()
	if rs.progress {
		p.halfmove = 0
	} else {
		p.halfmove += 2
	}
	p.ply += 2
	p.hash = h
	if rs.early.decided {
		p.status = rs.early
	} else {
		p.status = p.roundStatus(rs.left)
	}
}

// unmakeRound takes back the round on top of the undo stack.
func (p *Position) unmakeRound(t *turnUndo) {
	n := len(p.undo)
	u := &p.undo[n-1]
	p.unmakeFx(u)
	p.hash = u.hash
	if u.savedVirgin {
		p.virgin = p.virgins[len(p.virgins)-1]
		p.virgins = p.virgins[:len(p.virgins)-1]
	}
	p.halfmove = int(u.halfmove)
	p.checks = u.checks
	p.status = u.status
	p.ply -= 2
	p.undo = p.undo[:n-1]
	p.history = p.history[:len(p.history)-1]
	p.restoreTurn(t)
	p.legalValid, p.otherValid = false, false
	p.probedValid = false
	p.ocValid = false
	p.checkKnown = false
}

// roundResult is what resolving a round found.
type roundResult struct {
	progress bool
	landed   [2]int // where each player's moved piece now stands, -1 none
	left     [2]int // a goal square a reach piece left (reach on leave), -1 none
	voidSwap pairRec
	early    status // the faster move ended the game
}

// resolveRound changes the board for the round's two choices through
// fxSet (the change stack and the hash in p.fxh).
func (p *Position) resolveRound(m0, m1 Move) (rs roundResult) {
	g := p.g
	sim := g.sim
	rs = roundResult{landed: [2]int{-1, -1}, left: [2]int{-1, -1}}
	ms := [2]Move{m0, m1}
	var act [2]bool
	var from, to [2]int
	var code, np [2]uint8
	for q := 0; q < 2; q++ {
		m := ms[q]
		if m.IsNull() || m.typ() != moveNormal || m.From() >= g.n || m.To() >= g.n {
			continue
		}
		c := p.board[m.From()]
		if c == 0 || codeOwner(c) != q {
			continue
		}
		act[q] = true
		from[q], to[q], code[q], np[q] = m.From(), m.To(), c, c
		if pr := m.Promotion(); pr >= 0 && pr < g.nk {
			np[q] = pieceCode(pr, q)
		}
	}
	kind := func(q int) int { return codeKind(code[q]) }
	defer func() {
		if r := g.reach; r != nil && r.onLeave {
			for q := 0; q < 2; q++ {
				if act[q] && p.board[from[q]] != code[q] && r.goal[q].has(from[q]) && (r.kind < 0 || kind(q) == r.kind) {
					rs.left[q] = from[q]
				}
			}
		}
	}()
	if act[0] && act[1] && sim.speeds && sim.speed[kind(0)] != sim.speed[kind(1)] {
		fast := 0
		if sim.speed[kind(1)] > sim.speed[kind(0)] {
			fast = 1
		}
		slow := 1 - fast
		rs.progress = p.roundPlay(from[fast], to[fast], np[fast])
		rs.landed[fast] = to[fast]
		if st := p.boardOutcome(fast, -1); st.decided {
			rs.early = st
			return rs
		}
		if p.board[from[slow]] == code[slow] {
			if mv, ok := p.stillPossible(slow, ms[slow]); ok {
				rs.progress = p.roundPlay(from[slow], mv.To(), np[slow]) || rs.progress
				rs.landed[slow] = mv.To()
			}
		}
		return rs
	}
	both := act[0] && act[1]
	collide := both && to[0] == to[1]
	swap := both && to[0] == from[1] && to[1] == from[0]
	// Void moves are judged on the board as the round found it.
	var void [2]bool
	for q := 0; q < 2; q++ {
		void[q] = both && !collide && !(swap && sim.swapColl) && to[q] == from[1-q] && !p.landsEmpty(q, ms[q])
	}
	for q := 0; q < 2; q++ {
		if act[q] {
			p.fxSet(from[q], 0, false)
		}
	}
	if collide || swap && sim.swapColl {
		rs.progress = true
		if w := p.collide(kind(0), kind(1)); w >= 0 {
			p.fxSet(to[w], np[w], false)
			rs.landed[w] = to[w]
		}
		return rs
	}
	for q := 0; q < 2; q++ {
		if act[q] && void[q] {
			p.fxSet(from[q], code[q], false)
		}
	}
	for q := 0; q < 2; q++ {
		if !act[q] || void[q] {
			continue
		}
		if p.board[to[q]] != 0 || np[q] != code[q] {
			rs.progress = true
		}
		p.fxSet(to[q], np[q], false)
		rs.landed[q] = to[q]
	}
	if swap && void[0] && void[1] {
		rs.voidSwap = pairRec{a: uint8(from[0]), b: uint8(from[1]), on: true}
	}
	return rs
}

// roundPlay makes one move of a round as an ordinary move: whatever
// stands on to is taken. It reports a capture, a promotion or a move of a
// piece whose moves reset the no-progress clock.
func (p *Position) roundPlay(from, to int, np uint8) bool {
	c := p.board[from]
	progress := p.board[to] != 0 || np != c || p.g.resetsClock(c, newMove(from, to))
	p.fxSet(from, 0, false)
	p.fxSet(to, np, false)
	return progress
}

// collide decides a collision between player 0's piece of kind k0 and
// player 1's of kind k1: the winner, or -1 when both are eliminated. A
// tie under initiative goes to the holder and passes the initiative.
func (p *Position) collide(k0, k1 int) int {
	sim := p.g.sim
	b01 := sim.beats[k0]>>uint(k1+1)&1 != 0
	b10 := sim.beats[k1]>>uint(k0+1)&1 != 0
	switch {
	case b01 && !b10:
		return 0
	case b10 && !b01:
		return 1
	case sim.initiative:
		w := int(p.init)
		p.fxh ^= p.g.zt.init[w] ^ p.g.zt.init[w^1]
		p.init ^= 1
		return w
	}
	return -1
}

// landsEmpty reports whether player q's piece making m could land on m's
// target square were it empty: a quiet move there, with the same
// promotion, on the board as it stands with the target lifted.
func (p *Position) landsEmpty(q int, m Move) bool {
	from, to := m.From(), m.To()
	c := p.board[to]
	if c != 0 {
		p.remove(to)
	}
	saved := p.side
	p.side = q
	var buf [maxSquares]Move
	found := false
	for _, x := range p.genPiece(buf[:0], from, false) {
		if x.To() == to && x&mvCapture == 0 && x.Promotion() == m.Promotion() {
			found = true
			break
		}
	}
	p.side = saved
	if c != 0 {
		p.put(to, c)
	}
	return found
}

// stillPossible finds, on the board as it now stands, the move of player
// q's piece on m's square with m's landing and promotion.
func (p *Position) stillPossible(q int, m Move) (Move, bool) {
	saved := p.side
	p.side = q
	defer func() { p.side = saved }()
	var buf [maxSquares]Move
	for _, x := range p.genPiece(buf[:0], m.From(), false) {
		if x.To() == m.To() && x.Promotion() == m.Promotion() {
			return x, true
		}
	}
	return 0, false
}

// roundStatus is the board's ending after a round: each ending in the
// board's order, an ending reached by both players a draw (or the scoring
// leader's, with both "score").
func (p *Position) roundStatus(left [2]int) status {
	g := p.g
	pick := func(hit [2]bool, rule uint8, result string) (status, bool) {
		switch {
		case hit[0] && hit[1]:
			return p.bothReached(rule), true
		case hit[0]:
			return resultFor(0, result, rule), true
		case hit[1]:
			return resultFor(1, result, rule), true
		}
		return status{}, false
	}
	var hit [2]bool
	for q := 0; q < 2; q++ {
		hit[q] = g.royalLoss[q] && p.royalsHeld(q) == 0
	}
	if st, ok := pick(hit, ruleRoyalCapture, "loss"); ok {
		return st
	}
	if g.win == rules.WinAnnihilation {
		if st, ok := pick([2]bool{p.occ[0].empty(), p.occ[1].empty()}, ruleAnnihilation, "loss"); ok {
			return st
		}
	}
	if ex := g.extinction; ex != nil {
		if st, ok := pick([2]bool{p.extinct(0), p.extinct(1)}, ruleExtinction, ex.result); ok {
			return st
		}
	}
	if g.bareRoyal != "" {
		for q := 0; q < 2; q++ {
			r := p.royalCount(q)
			hit[q] = r > 0 && p.occ[q].count() == r
		}
		if st, ok := pick(hit, ruleBareRoyal, g.bareRoyal); ok {
			return st
		}
	}
	if r := g.reach; r != nil {
		if r.onLeave {
			st, ok := pick([2]bool{left[0] >= 0, left[1] >= 0}, ruleReach, r.result)
			if ok && !(left[0] >= 0 && left[1] >= 0) {
				st.left = uint8(max(left[0], left[1]))
			}
			return st
		}
		st, _ := pick([2]bool{p.standsOnGoal(0), p.standsOnGoal(1)}, ruleReach, r.result)
		return st
	}
	return status{}
}

// bothReached is an ending both players reached in one round.
func (p *Position) bothReached(rule uint8) status {
	st := status{decided: true, winner: -1, rule: rule}
	if p.g.sim.bothScore {
		a, b := p.Score(0), p.Score(1)
		switch {
		case a > b:
			st.winner = 0
		case b > a:
			st.winner = 1
		}
	}
	return st
}

// roundOutcome is Outcome's "no legal move" in a round: a player without
// a choice is stalemated; both at once is an ending both reached.
func (p *Position) roundOutcome() (Outcome, bool) {
	if !p.legalValid {
		p.legalCache = p.legal(p.legalCache[:0], false)
		p.legalValid = true
	}
	var none [2]bool
	none[p.side] = len(p.legalCache) == 0
	none[opponent(p.side)] = len(p.otherMoves()) == 0
	var st status
	switch {
	case none[0] && none[1]:
		st = p.bothReached(ruleStalemate)
	case none[0]:
		st = resultFor(0, p.g.stalemate, ruleStalemate)
	case none[1]:
		st = resultFor(1, p.g.stalemate, ruleStalemate)
	default:
		return Outcome{}, false
	}
	return Outcome{Over: true, Winner: int(st.winner), Rule: ruleNames[st.rule]}, true
}

// freshStatus is the board's ending of a position not reached by a move
// (a start position, one read from notation).
func (p *Position) freshStatus(mover, left int) status {
	if p.inRounds {
		return p.roundStatus([2]int{-1, -1})
	}
	if p.g.seated {
		return status{} // settleSeats decides what the board decides
	}
	return p.boardOutcome(mover, left)
}

// barFilter removes the side to move's barred moves from buf[start:].
func (p *Position) barFilter(buf []Move, start int) []Move {
	n := start
	for _, m := range buf[start:] {
		barred := false
		for _, b := range p.bars {
			from, to := b.a, b.b
			if p.side == 1 {
				from, to = b.b, b.a
			}
			if m.From() == int(from) && m.To() == int(to) && m.typ() != moveDrop {
				barred = true
				break
			}
		}
		if !barred {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// turnFilter is legal's last step before must_capture in a game with
// slowTurns: rest, then the bars of rounds.
func (p *Position) turnFilter(buf []Move, start int) []Move {
	if p.g.restOf != nil {
		buf = p.homeFilter(buf, start) // first: what is legal decides whether the rest is lifted
		buf = p.restFilter(buf, start)
	}
	if len(p.bars) > 0 {
		buf = p.barFilter(buf, start)
	}
	return buf
}

// perftRound counts the rounds below a round position: each leaf is a
// pair of choices, and the last round is bulk-counted as the product of
// the two players' choices.
func (p *Position) perftRound(depth int, bufs [][]Move) uint64 {
	m0 := p.roundMoves(0, nil)
	m1 := p.roundMoves(1, nil)
	if depth == 1 {
		return uint64(len(m0)) * uint64(len(m1))
	}
	var n uint64
	for _, a := range m0 {
		for _, b := range m1 {
			p.MakeRound(a, b)
			n += p.perft(depth-1, bufs)
			p.Unmake()
		}
	}
	return n
}

// RoundString writes a round as the game records it: "m0 & m1".
func (p *Position) RoundString(m0, m1 Move) string {
	return p.MoveString(m0) + " & " + p.MoveString(m1)
}

// ParseRound reads RoundString's notation and returns the two choices if
// each is one its player has here.
func (p *Position) ParseRound(s string) (m0, m1 Move, err error) {
	a, b, ok := strings.Cut(s, "&")
	if !ok || !p.inRounds {
		return 0, 0, fmt.Errorf("round %q: not a round here", s)
	}
	var ms [2]Move
	for q, text := range [2]string{a, b} {
		text = strings.TrimSpace(text)
		if text == "0000" {
			continue
		}
		// ParseMove lists the side to move's moves: list q's, then forget
		// that list.
		saved := p.side
		p.side, p.legalValid, p.otherValid = q, false, false
		p.probedValid = false
		m, err := p.ParseMove(text)
		p.side, p.legalValid, p.otherValid = saved, false, false
		p.probedValid = false
		if err != nil {
			return 0, 0, fmt.Errorf("round %q: %w", s, err)
		}
		ms[q] = m
	}
	return ms[0], ms[1], nil
}
