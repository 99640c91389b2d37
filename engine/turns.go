package engine

import (
	"fmt"

	"balancefarm/engine/rules"
	"balancefarm/internal/splitmix"
)

// Who moves, and when: several moves a turn (rules.turn), rest
// (pieces[].rest) and the phases of a spy game. Rounds themselves are in
// rounds.go.
//
// A turn of several moves keeps the side to move until the turn's moves
// are spent: left counts the moves still to make in this turn (the next
// one included) and turn the turns completed, which picks the ramp's
// length while the ramp lasts. Each move of a turn is a move like any
// other: it may not leave its own royal in check, the board's endings are
// looked at after it, it counts one ply on the clocks, and a player with no
// legal move in the middle of a turn has no legal move (rules.stalemate or
// checkmate). Check given by a move of a turn does not end it, unless
// rules.turn.check_ends says so: then the other player's turn begins at
// once, and must answer the check.
//
// Rest is a counter per square: the turns its piece still rests, counted
// down at the end of each of its owner's turns (a round is a turn of both),
// set when the piece makes its player's move and cleared when anything
// changes the square.

// turnRule is rules.turn when some turn is longer than one move.
type turnRule struct {
	moves int
	ramp  []int
	// checkEnds: a move that gives check ends the turn (rules.turn.check_ends).
	checkEnds bool
}

// length is the number of moves of turn t (0 the first).
func (tr *turnRule) length(t int) int {
	if t < len(tr.ramp) {
		return tr.ramp[t]
	}
	return tr.moves
}

// startPly is the ply at which turn t begins.
func (tr *turnRule) startPly(t int) int {
	ply := 0
	for i := 0; i < t && i < len(tr.ramp); i++ {
		ply += tr.ramp[i]
	}
	if t > len(tr.ramp) {
		ply += (t - len(tr.ramp)) * tr.moves
	}
	return ply
}

// turnKeys are the Zobrist keys of the turn state, drawn after every other
// key so games without these rules keep their hashes.
type turnKeys struct {
	left  [5]uint64        // moves left in the turn
	turn  [8]uint64        // turn index while the ramp lasts
	rest  [4][]uint64      // rest counter 1..4, per square
	round uint64           // a spy game played in rounds
	init  [maxSeats]uint64 // who holds the initiative
	pair  [2]uint64        // seeds of a void pair's and a barred pair's keys (rounds.go)
}

// turnState is the turn in the position (the position embeds it), with
// the stack Make pushes the turn state of turns, rounds and rest on.
type turnState struct {
	left     int // moves left in this turn, the next one included (rules.turn)
	turn     int // turns completed (rules.turn)
	cut      int // plies checks cut from turns, read from notation (rules.turn.check_ends)
	turnUndo []turnUndo
}

// restState is the rest counters in the position (the position embeds
// it); promotion rests (homeward.go) count on them too.
type restState struct {
	rest    [maxSquares]uint8
	nRest   int        // squares whose rest is not 0, so most moves skip the scans
	restChg []sweptRec // (square, old rest) per change
}

// turnUndo is what Make changes in the turn state, pushed beside undoRec
// when slowTurns is set.
type turnUndo struct {
	side, left, turn int
	inRounds, round  bool
	init             int8
	void             pairRec
	bars             []pairRec
	restN            int // length of restChg before the move
	homeN            int // length of homes before the move
}

// loadTurns reads rules.turn, rules.simultaneous and the per-piece keys
// that belong to them.
func (g *Game) loadTurns() error {
	r := &g.spec.Rules
	if t := r.Turn; t != nil {
		if t.Moves < 1 || t.Moves > 4 {
			return bad("rules.turn.moves must be 1 to 4")
		}
		if len(t.Ramp) > 8 {
			return bad("rules.turn.ramp must have 1 to 8 entries")
		}
		longer := t.Moves > 1
		for _, n := range t.Ramp {
			if n < 1 || n > 4 {
				return bad("rules.turn.ramp entries must be 1 to 4")
			}
			longer = longer || n > 1
		}
		if longer {
			g.turn = &turnRule{moves: t.Moves, ramp: append([]int(nil), t.Ramp...), checkEnds: t.CheckEnds}
		}
	}
	rests := false
	restOf := make([]uint8, g.nk)
	for i, pc := range g.spec.Pieces {
		if pc.Rest < 0 || pc.Rest > 4 {
			return bad("pieces[%d].rest must be 1 to 4", i)
		}
		restOf[i] = uint8(pc.Rest)
		if r.Simultaneous != nil && r.Simultaneous.Rest && restOf[i] == 0 {
			restOf[i] = 1 // schema 27-28's simultaneous.rest
		}
		rests = rests || restOf[i] > 0
		if pc.Spy {
			g.spyKinds |= 1 << uint(i+1)
		}
		if (pc.Speed != 0 || pc.Beats != nil || pc.Spy) && r.Simultaneous == nil {
			return bad("pieces[%d]: beats, speed and spy require rules.simultaneous", i)
		}
	}
	if rests {
		if g.turn != nil {
			return bad("pieces[].rest cannot be used with a turn of more than one move (rules.turn)")
		}
		g.restOf = restOf
	}
	if err := g.loadHomeward(); err != nil {
		return err
	}
	if r.Simultaneous != nil {
		if err := g.loadSim(); err != nil {
			return err
		}
	}
	g.slowTurns = g.turn != nil || g.sim != nil || g.restOf != nil
	return nil
}

// loadTurnKeys draws the turn state's keys from their own stream.
func (g *Game) loadTurnKeys() {
	if !g.slowTurns {
		return
	}
	rng := splitmix.Stream{State: 0x7475726e73}
	z := &g.zt
	for i := range z.left {
		z.left[i] = rng.Next()
	}
	for i := range z.turn {
		z.turn[i] = rng.Next()
	}
	if g.restOf != nil {
		for v := range z.rest {
			z.rest[v] = make([]uint64, g.n)
			for sq := range z.rest[v] {
				z.rest[v][sq] = rng.Next()
			}
		}
	}
	z.round = rng.Next()
	for s := 0; s < g.seats; s++ {
		z.init[s] = rng.Next()
	}
	z.pair = [2]uint64{rng.Next(), rng.Next()}
}

// turnHash is the turn state's part of the hash.
func (p *Position) turnHash() uint64 {
	g := p.g
	if !g.slowTurns {
		return 0
	}
	z := &g.zt
	var h uint64
	if tr := g.turn; tr != nil {
		h ^= z.left[p.left]
		if p.turn < len(tr.ramp) {
			h ^= z.turn[p.turn]
		}
	}
	if g.restOf != nil {
		for sq := 0; sq < g.n; sq++ {
			if v := p.rest[sq]; v > 0 {
				h ^= z.rest[v-1][sq]
			}
		}
	}
	if g.sim != nil {
		if g.spyKinds != 0 && p.inRounds {
			h ^= z.round
		}
		if g.sim.initiative {
			h ^= z.init[p.init]
		}
		h ^= p.pairsHash()
	}
	return h
}

// startTurns sets the turn state of a start position.
func (p *Position) startTurns() {
	g := p.g
	if tr := g.turn; tr != nil {
		p.left = tr.length(0)
	}
	if g.sim != nil {
		p.inRounds = g.spyKinds == 0
		p.init = 1 // the second player holds the initiative at the start
	}
}

// turnEnd is the end of Make in a game with slowTurns: it hands the turn
// over (or not, inside a turn of several moves), counts rest down and up,
// and moves a spy game into rounds. h is the hash so far, the side not
// yet changed; u is the move's undo record. It replaces Make's plain
// "side ^= 1, ply++".
func (p *Position) turnEnd(h uint64, m Move, u *undoRec) uint64 {
	g := p.g
	s := p.side
	p.turnUndo = append(p.turnUndo, turnUndo{side: s, left: p.left, turn: p.turn, inRounds: p.inRounds,
		init: p.init, void: p.void, bars: p.bars, restN: len(p.restChg), homeN: len(p.homes)})
	p.ply++
	if tr := g.turn; tr != nil {
		h ^= g.zt.left[p.left]
		if p.turn < len(tr.ramp) {
			h ^= g.zt.turn[p.turn]
		}
		if p.left > 1 && !(tr.checkEnds && p.inCheck(opponent(s))) {
			p.left--
			// En passant belongs to the other player's next move; the
			// mover's own next move cannot use it.
			for i := 0; i < p.epN; i++ {
				h ^= g.zEP[p.ep[i]]
			}
			p.epN = 0
		} else {
			p.turn++
			p.left = tr.length(p.turn)
			p.side = g.nextSeat(p.side)
			h ^= g.zSide
		}
		h ^= g.zt.left[p.left]
		if p.turn < len(tr.ramp) {
			h ^= g.zt.turn[p.turn]
		}
	} else {
		p.side = g.nextSeat(p.side)
		h ^= g.zSide
	}
	if g.restOf != nil {
		var buf [maxSquares]uint8
		changed := p.changedSquares(m, u, buf[:0])
		h = p.restAfterMove(h, s, m, u, changed)
	}
	if g.spyKinds != 0 && !p.inRounds {
		// A player who has just lost their last spy first replies as usual
		// when it is their turn; then rounds begin.
		a, b := p.spyless(0), p.spyless(1)
		if (a || b) && !(p.spyless(p.side) && !p.spyless(s)) {
			p.inRounds = true
			h ^= g.zt.round
		}
	}
	return h
}

// unmakeTurn pops the turn state Make pushed; for a round it undoes the
// whole round and reports true.
func (p *Position) popTurn() turnUndo {
	t := p.turnUndo[len(p.turnUndo)-1]
	p.turnUndo = p.turnUndo[:len(p.turnUndo)-1]
	return t
}

// restoreTurn puts back the turn state of t (the hash is restored whole
// by Unmake).
func (p *Position) restoreTurn(t *turnUndo) {
	p.side, p.left, p.turn, p.inRounds, p.init, p.void, p.bars = t.side, t.left, t.turn, t.inRounds, t.init, t.void, t.bars
	for i := len(p.restChg) - 1; i >= t.restN; i-- {
		r := p.restChg[i]
		p.nRest += restDelta(p.rest[r.sq], r.code)
		p.rest[r.sq] = r.code
	}
	p.restChg = p.restChg[:t.restN]
}

// spyless reports whether player q has no spy left (false in a game
// without spies).
func (p *Position) spyless(q int) bool {
	return p.g.spyKinds != 0 && p.present[q]&p.g.spyKinds == 0
}

// changedSquares lists the squares move m changed, read from its undo
// record (and the change stack of a capture-effects move).
func (p *Position) changedSquares(m Move, u *undoRec, out []uint8) []uint8 {
	if p.g.fx != nil {
		for _, r := range p.chg[len(p.chg)-int(u.nChg):] {
			out = append(out, r.sq)
		}
		return out
	}
	out = append(out, uint8(m.From()), uint8(m.To()))
	if u.captured != 0 {
		out = append(out, u.capSq)
	}
	switch m.typ() {
	case moveCastle:
		out = append(out, uint8(m.aux()), uint8(m.aux2()))
	case moveSweep:
		for _, r := range p.swept[len(p.swept)-int(u.nSwept):] {
			out = append(out, r.sq)
		}
	}
	return out
}

// setRest sets the rest counter of sq, recording the old value.
func (p *Position) setRest(h uint64, sq int, v uint8) uint64 {
	old := p.rest[sq]
	if old == v {
		return h
	}
	z := &p.g.zt
	if old > 0 {
		h ^= z.rest[old-1][sq]
	}
	if v > 0 {
		h ^= z.rest[v-1][sq]
	}
	p.restChg = append(p.restChg, sweptRec{sq: uint8(sq), code: old})
	p.nRest += restDelta(old, v)
	p.rest[sq] = v
	return h
}

// restAfterMove: a changed square rests no more, the mover's resting
// pieces have spent one of their turns, and the piece that made the move
// starts resting where it now stands.
func (p *Position) restAfterMove(h uint64, s int, m Move, u *undoRec, changed []uint8) uint64 {
	for _, sq := range changed {
		h = p.setRest(h, int(sq), 0)
	}
	h = p.restCountDown(h, 1<<uint(s))
	var moved [2]int
	n := 0
	switch {
	case m.typ() == moveCastle:
		moved, n = [2]int{m.To(), m.aux2()}, 2
	case m.typ() != moveDrop && p.board[m.From()] == u.moved && !containsSq(changed, m.From()):
		// The mover struck without leaving its square (position stay).
		moved, n = [2]int{m.From()}, 1
	default:
		moved, n = [2]int{m.To()}, 1
	}
	for _, sq := range moved[:n] {
		h = p.restPiece(h, sq, s)
	}
	if r := p.g.promoRest(u.moved, m); r > 0 && p.g.homeward {
		h = p.setRest(h, m.To(), r)
	}
	return h
}

// restPiece starts the rest of player s's piece on sq, as the type it is
// now.
func (p *Position) restPiece(h uint64, sq, s int) uint64 {
	c := p.board[sq]
	if c == 0 || codeOwner(c) != s {
		return h
	}
	return p.setRest(h, sq, p.g.restOf[codeKind(c)])
}

// restCountDown counts down the rest of the pieces of the players in mask
// (bit 0, bit 1).
func (p *Position) restCountDown(h uint64, mask int) uint64 {
	left := p.nRest // resting squares not yet met: the scan stops at the last
	for sq := 0; sq < p.g.n && left > 0; sq++ {
		if p.rest[sq] > 0 {
			left--
		}
		if v := p.rest[sq]; v > 0 && mask>>codeOwner(p.board[sq])&1 != 0 {
			if v == 1 && p.g.homeward {
				h = p.goHome(h, sq, codeOwner(p.board[sq]))
				continue
			}
			h = p.setRest(h, sq, v-1)
		}
	}
	return h
}

// restDelta is the change in the count of resting squares when a rest
// goes from old to v.
func restDelta(old, v uint8) int {
	switch {
	case old == 0 && v > 0:
		return 1
	case old > 0 && v == 0:
		return -1
	}
	return 0
}

func containsSq(list []uint8, sq int) bool {
	for _, x := range list {
		if int(x) == sq {
			return true
		}
	}
	return false
}

// restFilter removes from buf[start:] the moves of resting pieces, unless
// every move there is one (then the rest is lifted for this turn). A drop
// is no resting piece's move.
func (p *Position) restFilter(buf []Move, start int) []Move {
	if p.nRest == 0 {
		return buf
	}
	n := start
	for _, m := range buf[start:] {
		if m.typ() == moveDrop || p.rest[m.From()] == 0 {
			buf[n] = m
			n++
		}
	}
	if n == start {
		return buf // every move is a resting piece's: the rest is lifted
	}
	return buf[:n]
}

// Resting is how many more of its owner's turns the piece on sq rests
// (pieces[].rest); 0 when it may move.
func (p *Position) Resting(sq int) int {
	if sq < 0 || sq >= p.g.n || p.g.restOf == nil {
		return 0
	}
	return int(p.rest[sq])
}

// MovesLeft is how many moves the side to move still makes in this turn,
// the next one included (1 in a game of one move a turn).
func (p *Position) MovesLeft() int {
	if p.g.turn == nil {
		return 1
	}
	return p.left
}

// TurnLength is the number of moves of turn t (0 the first), as rules.turn
// and its ramp say.
func (g *Game) TurnLength(t int) int {
	if g.turn == nil || t < 0 {
		return 1
	}
	return g.turn.length(t)
}

// PlaysRounds reports whether the game is played in rounds
// (rules.simultaneous), from the start or, in a spy game, once a spy is
// lost.
func (g *Game) PlaysRounds() bool { return g.sim != nil }

// turnNotation is the turn state's notation: moves:, cut:, phase:,
// initiative:, void:, barred: and rest:, each only as "key:value".
var turnNotation = notationField{
	present: func(g *Game) bool { return g.slowTurns },
	write:   (*Position).turnFields,
	read:    (*Position).parseTurnField,
	colon:   true,
	start:   (*Position).startTurnFields,
	finish:  (*Position).fixTurnFromFEN,
}

// startTurnFields readies the turn state for the fields that say it.
func (p *Position) startTurnFields() {
	p.startTurns()
	p.left = 0 // moves:N, else the whole turn (fixTurnFromFEN)
	p.cut = 0
}

// moveNumber is the notation's move number: it counts pairs of turns.
func (p *Position) moveNumber() int {
	if p.g.turn != nil {
		return p.turn/2 + 1
	}
	return p.ply/2 + 1
}

// turnFields writes the turn state's notation extras (NOTATION.md).
func (p *Position) turnFields() string {
	g := p.g
	out := ""
	if tr := g.turn; tr != nil {
		out += fmt.Sprintf(" moves:%d", p.left)
		// The ply no longer follows from the turn once checks have cut
		// turns short: the notation says by how much.
		if c := tr.startPly(p.turn) + tr.length(p.turn) - p.left - p.ply; tr.checkEnds && c > 0 {
			out += fmt.Sprintf(" cut:%d", c)
		}
	}
	if g.sim != nil {
		if g.spyKinds != 0 && p.inRounds {
			out += " phase:rounds"
		}
		if g.sim.initiative {
			out += " initiative:" + [2]string{"w", "b"}[p.init]
		}
		if p.void.on {
			out += " void:" + g.names[p.void.a] + g.names[p.void.b]
		}
		if len(p.bars) > 0 {
			out += " barred:"
			for i, b := range p.bars {
				if i > 0 {
					out += ","
				}
				out += g.names[b.a] + g.names[b.b]
			}
		}
	}
	if g.restOf != nil {
		sep := " rest:"
		for sq := 0; sq < g.n; sq++ {
			if v := p.rest[sq]; v > 0 {
				out += fmt.Sprintf("%s%s=%d", sep, g.names[sq], v)
				sep = ","
			}
		}
	}
	return out
}

// parseTurnField reads one of turnFields' extras; ok is false for a key
// that is not one of them.
func (p *Position) parseTurnField(_ *fenRead, key, list string) (ok bool, err error) {
	g := p.g
	switch {
	case key == "moves" && g.turn != nil:
		n := 0
		if _, err := fmt.Sscanf(list, "%d", &n); err != nil || n < 1 || n > 4 {
			return true, fmt.Errorf("fen: moves:%s must be 1 to 4", list)
		}
		p.left = n
	case key == "cut" && g.turn != nil && g.turn.checkEnds:
		n := 0
		if _, err := fmt.Sscanf(list, "%d", &n); err != nil || n < 1 {
			return true, fmt.Errorf("fen: cut:%s must be a number of at least 1", list)
		}
		p.cut = n
	case key == "phase" && g.sim != nil && g.spyKinds != 0:
		if list != "rounds" {
			return true, fmt.Errorf("fen: phase:%s must be phase:rounds", list)
		}
		p.inRounds = true
	case key == "initiative" && g.sim != nil && g.sim.initiative:
		switch list {
		case "w":
			p.init = 0
		case "b":
			p.init = 1
		default:
			return true, fmt.Errorf("fen: initiative:%s must be w or b", list)
		}
	case (key == "void" || key == "barred") && g.sim != nil:
		for _, item := range splitList(list) {
			a, b, ok := p.parsePair(item)
			if !ok {
				return true, fmt.Errorf("fen: %s entry %q is not two squares with pieces of both players", key, item)
			}
			if key == "void" {
				p.void = pairRec{a: a, b: b, on: true}
			} else {
				p.bars = append(p.bars, pairRec{a: a, b: b, on: true, ca: p.board[a], cb: p.board[b]})
			}
		}
	case key == "rest" && g.restOf != nil:
		for _, item := range splitList(list) {
			var name string
			v := 0
			eq := -1
			for i := range item {
				if item[i] == '=' {
					eq = i
				}
			}
			if eq > 0 {
				name = item[:eq]
				_, err = fmt.Sscanf(item[eq+1:], "%d", &v)
			}
			sq, okSq := g.parseSquare(name)
			if eq < 0 || err != nil || !okSq || v < 1 || v > 4 || p.board[sq] == 0 {
				return true, fmt.Errorf("fen: rest entry %q must be a square with a piece, '=' and 1 to 4", item)
			}
			p.nRest += restDelta(p.rest[sq], uint8(v))
			p.rest[sq] = uint8(v)
		}
	default:
		return false, nil
	}
	return true, nil
}

func splitList(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

// parsePair reads "a2b3": player 0's piece's square, then player 1's.
func (p *Position) parsePair(s string) (a, b uint8, ok bool) {
	g := p.g
	for i := 2; i < len(s); i++ {
		x, okA := g.parseSquare(s[:i])
		y, okB := g.parseSquare(s[i:])
		if okA && okB && p.board[x] != 0 && codeOwner(p.board[x]) == 0 && p.board[y] != 0 && codeOwner(p.board[y]) == 1 {
			return uint8(x), uint8(y), true
		}
	}
	return 0, 0, false
}

// fixTurnFromFEN works out the ply and turn of a position read from
// notation: the move number counts turn pairs.
func (p *Position) fixTurnFromFEN(r *fenRead) error {
	tr := p.g.turn
	if tr == nil {
		return nil
	}
	p.turn = 2*(r.full-1) + p.side
	n := tr.length(p.turn)
	if p.left == 0 {
		p.left = n
	}
	if p.left > n {
		return fmt.Errorf("fen: moves:%d is more than the %d moves of this turn", p.left, n)
	}
	p.ply = tr.startPly(p.turn) + n - p.left - p.cut
	if p.ply < 0 {
		return fmt.Errorf("fen: cut:%d is more than the plies played", p.cut)
	}
	p.cut = 0
	return nil
}

// anyRest reports whether some piece of the file rests (pieces[].rest, or
// schema 27-28's rules.simultaneous.rest).
func anyRest(s *rules.Spec) bool {
	if sim := s.Rules.Simultaneous; sim != nil && sim.Rest {
		return true
	}
	for _, p := range s.Pieces {
		if p.Rest != 0 {
			return true
		}
	}
	return false
}
