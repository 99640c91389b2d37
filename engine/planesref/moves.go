package planesref

import (
	"fmt"
	"slices"
	"strings"

	"balancefarm/engine/rules"
)

// What an action is.
const (
	actMove    = iota // a piece's move (a shot too)
	actBuy            // a purchase
	actPortal         // a portal status's step to another board
	actRaise          // a raiser's lift of a piece on to (its square on raises.from)
	actPass           // the end of a turn in place of a second move
	actOutcome        // a chance event's outcome
	actChaos          // a chaos effect chosen
)

// action is one move: from, to, the kind promoted (or upgraded) to (""
// none), the status an upgrade gains ("" none), and the step a slide item
// repeats (the move's vector in the board's frame); a shot; the item put
// down after it (spawn: the item's index plus one, 0 none) and where. A
// purchase names its card and, targeted, its target to; an outcome its
// text (and the card it unlocks).
type action struct {
	typ      int
	from, to int
	promo    string
	upStatus string
	step     [2]int
	shoot    bool
	spawn    int
	spawnSq  int
	card     int
	targeted bool
	outcome  string
	jumps    []int // a checkers jump's landings, in turn (the last is to)
	over     []int // the squares its jumps pass over
	set      []int // an offer's effects
	grow     int   // schema 45: the square its piece grows into, plus one; 0 none
}

// text is the action as the engine's MoveString writes it: a move's from
// and to squares run together ("x" between them for a shot), "=ID" for a
// promotion or an upgrade to a kind, "^NAME" for an upgrade to a status,
// "+ID@SQ" for an item put down after it; "buy:NAME" or "buy:NAME@SQ";
// "FROM>TO" a portal's step, "RAISER!SQ" a raise; "pass"; an outcome.
func (p *Position) text(a action) string {
	g := p.g
	switch a.typ {
	case actBuy:
		s := "buy:" + g.market.cards[a.card].name
		if a.targeted {
			s += "@" + g.name(a.to)
		}
		return s + p.growText(a)
	case actPortal:
		return g.name(a.from) + ">" + g.name(a.to)
	case actRaise:
		return g.name(a.from) + "!" + g.name(a.to) + p.growText(a)
	case actPass:
		return "pass"
	case actOutcome:
		return a.outcome
	case actChaos:
		s := "chaos:" + g.chaos.effects[a.card].name
		if a.targeted {
			s += "@" + g.name(a.to)
		}
		return s + p.growText(a)
	}
	s := g.name(a.from)
	if a.shoot {
		s += "x"
	}
	if a.jumps != nil {
		for _, sq := range a.jumps {
			s += g.name(sq)
		}
	} else {
		s += g.name(a.to)
	}
	if a.promo != "" {
		s += "=" + a.promo
	}
	if a.upStatus != "" {
		s += "^" + a.upStatus
	}
	if a.spawn > 0 {
		s += "+" + g.items[a.spawn-1].ID + "@" + g.name(a.spawnSq)
	}
	return s + p.growText(a)
}

// offset is the square dx, dy from sq on its own board, false off it.
func (g *game) offset(sq, dx, dy int) (int, bool) {
	b, x, y := g.coords(sq)
	x, y = x+dx, y+dy
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return 0, false
	}
	return g.at(b, x, y), true
}

// acts reports whether item it acts on pc: not when the item is immune
// to its kind, nor when pc carries a status immune to the item.
func (g *game) acts(it int, pc piece) bool {
	if slices.Contains(g.items[it].Immune, pc.kind) {
		return false
	}
	for i, st := range g.statuses {
		if pc.st[i] > 0 && st.immune[it] {
			return false
		}
	}
	return true
}

// stopsSlide reports whether sq holds an item that ends pc's slide there
// (kill pass).
func (p *Position) stopsSlide(sq int, pc piece) bool {
	for it := range p.g.items {
		if p.lying(sq, it) > 0 && p.g.items[it].Kill == rules.KillPass && p.g.acts(it, pc) {
			return true
		}
	}
	return false
}

// actions is every legal action of the side to move: at a chance event
// its outcomes; while a piece moves again its moves and the pass;
// otherwise the moves of the player's pieces and of the neutral pieces it
// may move (in the order squares, the piece's moves, their vectors, the
// squares along each), the portals' steps, the raises, the purchases;
// none once the game is decided.
func (p *Position) actions() []action {
	return p.growChoices(p.baseActions())
}

// baseActions is actions before schema 45's choices of growth.
func (p *Position) baseActions() []action {
	if p.decided {
		return nil
	}
	if p.pending != pendingNone {
		out, _ := p.outcomes()
		return out
	}
	if p.offer != nil {
		return p.chaosActions()
	}
	if p.again >= 0 {
		out := p.pieceActions(nil, p.again)
		return append(out, action{typ: actPass})
	}
	if out := p.forcedActions(); len(out) > 0 {
		return out
	}
	var out []action
	for from := range p.board {
		out = p.pieceActions(out, from)
	}
	out = p.abilities(out)
	return p.buyActions(out)
}

// pieceActions adds the moves of the piece on from, if the side to move
// may move it: its own (not frozen), or a neutral one it may move.
func (p *Position) pieceActions(out []action, from int) []action {
	pc := p.board[from]
	if pc.kind == "" || pc.kind == bodyKind || p.g.frozen(pc) || pc.owner != p.side && !p.movesNeutral(pc) {
		return out
	}
	// A larger piece moves with its body lifted, and makes no move only
	// a condition admits (the double step); an item its after_move puts
	// down goes on no square of its own body.
	src := p
	if pc.owner != neutralOwner {
		src = p.lifted(from)
	}
	start := len(out)
	for i := range p.g.kinds[pc.kind].moves {
		m := &p.g.kinds[pc.kind].moves[i]
		if pc.owner != neutralOwner && p.g.sized(pc) > 0 && (m.fromRank != nil || m.firstMove) {
			continue
		}
		out = src.moveActions(out, from, pc, m)
	}
	out = src.jumpActions(out, from, pc)
	if src != p {
		own := p.cover(from)[1:]
		kept := out[:start]
		for _, a := range out[start:] {
			if a.spawn == 0 || !slices.Contains(own, a.spawnSq) {
				kept = append(kept, a)
			}
		}
		out = kept
	}
	return out
}

// movesNeutral reports whether the side to move may move pc, a neutral
// piece: moved_by any, or most and the player holds strictly more of its
// resource than the other.
func (p *Position) movesNeutral(pc piece) bool {
	if pc.owner != neutralOwner {
		return false
	}
	r := p.g.kinds[pc.kind].mostRes
	return r < 0 || p.purse[p.side][r] > p.purse[1-p.side][r]
}

// capturable reports whether the mover pc, moved by the side to move,
// may capture what stands on sq: a piece of the other player (for a
// neutral mover, the player not moving), that its captures allow; never
// a neutral piece.
func (p *Position) capturable(pc piece, sq int) bool {
	t := p.board[sq]
	if t.kind == "" || t.owner == neutralOwner || t.owner == pc.owner || t.owner == p.side {
		return false
	}
	caps := p.g.kinds[pc.kind].captures
	return caps == nil || caps[t.kind] || t.kind == bodyKind
}

func (p *Position) moveActions(out []action, from int, pc piece, m *pieceMove) []action {
	g := p.g
	if m.firstMove && pc.moved {
		return out
	}
	frame := pc.owner // a neutral piece moves in the frame of the player moving it
	if frame == neutralOwner {
		frame = p.side
	}
	if m.fromRank != nil {
		_, _, y := g.coords(from)
		if frame == 1 {
			y = g.h - 1 - y
		}
		if y != *m.fromRank {
			return out
		}
	}
	neutral := pc.owner == neutralOwner
	upgrading := !neutral && g.upgradeStatus(pc) >= 0
	// land adds the move to sq: onto an empty square if the move may
	// move there, onto a piece it may capture if it may capture (a shot
	// only at an unprotected one), each with the items its kind's
	// after_move may put down after it.
	land := func(sq int, v [2]int, distance int) {
		if distance < m.minR {
			return
		}
		if neutral && from == p.banFrom && sq == p.banTo {
			return
		}
		a := action{from: from, to: sq, step: v}
		start := len(out)
		switch {
		case m.shoot:
			if m.canCap && p.capturable(pc, sq) && !p.protected(sq) {
				a.shoot = true
				out = p.shotUpgrades(out, a, pc, upgrading)
			}
			return
		case p.board[sq].kind == "" && m.canMove:
			out = p.promotions(out, a, pc)
		case m.canCap && p.capturable(pc, sq) && upgrading && !p.protected(sq):
			out = p.upgrades(out, a, pc)
		case m.canCap && p.capturable(pc, sq):
			out = p.promotions(out, a, pc)
		}
		out = p.afterMoves(out, start, pc)
	}
	for _, v := range m.vecs[frame] {
		switch m.kind {
		case rules.KindLeap:
			if to, ok := g.offset(from, v[0], v[1]); ok {
				land(to, v, 1)
			}
		case rules.KindLame:
			if to, ok := g.offset(from, v[0], v[1]); ok && p.legsEmpty(from, v) {
				land(to, v, 1)
			}
		case rules.KindSlide:
			for i, sq := 1, from; m.maxR == 0 || i <= m.maxR; i++ {
				var ok bool
				if sq, ok = g.offset(sq, v[0], v[1]); !ok {
					break
				}
				land(sq, v, i)
				if p.board[sq].kind != "" || p.stopsSlide(sq, pc) {
					break
				}
			}
		case rules.KindHop:
			p.hops(from, pc, m, v, land)
		}
	}
	b, fx, fy := g.coords(from)
	for _, f := range m.fixed {
		if to := g.at(b, f[0], f[1]); to != from {
			land(to, [2]int{f[0] - fx, f[1] - fy}, 1)
		}
	}
	return out
}

// shotUpgrades adds a shot by pc: with an upgrade status, one per option
// of its kind's upgrades (the plain shot when it has none).
func (p *Position) shotUpgrades(out []action, a action, pc piece, upgrading bool) []action {
	k := p.g.kinds[pc.kind]
	if !upgrading || len(k.upKinds)+len(k.upSts) == 0 {
		return append(out, a)
	}
	for _, id := range k.upKinds {
		b := a
		b.promo = id
		out = append(out, b)
	}
	for _, st := range k.upSts {
		b := a
		b.upStatus = p.g.statuses[st].name
		out = append(out, b)
	}
	return out
}

// afterMoves adds, for each move out[start:] of pc, the same move with
// one of its kind's after_move items put on a square touching the landing
// that is free after it: no piece (the square left counts as free) and,
// for "empty", no item the mover sees.
func (p *Position) afterMoves(out []action, start int, pc piece) []action {
	k := p.g.kinds[pc.kind]
	if len(k.afterMove) == 0 {
		return out
	}
	end := len(out)
	for _, a := range out[start:end] {
		for _, it := range k.afterMove {
			for _, sq := range p.g.touching(a.to) {
				if p.board[sq].kind != "" && sq != a.from {
					continue
				}
				if k.afterEmpty && p.sees(sq, p.side) {
					continue
				}
				b := a
				b.spawn, b.spawnSq = it+1, sq
				out = append(out, b)
			}
		}
	}
	return out
}

// hops adds a hop's landings along v: past the first piece on the line
// (the screen, of the army screen asks for), within screen_range of it,
// up to and including the first piece beyond; range and min_range count
// from the mover.
func (p *Position) hops(from int, pc piece, m *pieceMove, v [2]int, land func(int, [2]int, int)) {
	var line []int
	for sq, ok := p.g.offset(from, v[0], v[1]); ok && (m.maxR == 0 || len(line) < m.maxR); sq, ok = p.g.offset(sq, v[0], v[1]) {
		line = append(line, sq)
	}
	screen := slices.IndexFunc(line, func(sq int) bool { return p.board[sq].kind != "" })
	if screen < 0 {
		return
	}
	switch owner := p.board[line[screen]].owner; m.screen {
	case "own":
		if owner != pc.owner {
			return
		}
	case "enemy":
		if owner == pc.owner {
			return
		}
	}
	for j := screen + 1; j < len(line); j++ {
		if m.screenR > 0 && j-screen > m.screenR {
			break
		}
		land(line[j], v, j+1)
		if p.board[line[j]].kind != "" {
			break
		}
	}
}

// legsEmpty reports whether a lame leap's way is clear: straight along
// its longer axis for the difference of its two lengths, then diagonally,
// every square before the landing empty.
func (p *Position) legsEmpty(from int, v [2]int) bool {
	ax, ay := abs(v[0]), abs(v[1])
	straight := [2]int{sign(v[0]), 0}
	long, short := ax, ay
	if ay > ax {
		straight, long, short = [2]int{0, sign(v[1])}, ay, ax
	}
	var legs [][2]int
	for i := 0; i < long-short; i++ {
		legs = append(legs, straight)
	}
	for i := 0; i < short; i++ {
		legs = append(legs, [2]int{sign(v[0]), sign(v[1])})
	}
	sq := from
	for _, l := range legs[:len(legs)-1] {
		var ok bool
		if sq, ok = p.g.offset(sq, l[0], l[1]); !ok || p.board[sq].kind != "" {
			return false
		}
	}
	return true
}

func abs(a int) int { return max(a, -a) }

func sign(a int) int {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

// promotions adds a, promoted as the mover's promotion rule says: one
// move per target when it lands in the zone (or, on_leaving, starts
// there), and the plain move unless the promotion is mandatory there.
func (p *Position) promotions(out []action, a action, pc piece) []action {
	pr := p.g.promos[pc.kind]
	if pr == nil || pc.owner == neutralOwner || !pr.zone[pc.owner][a.to] && !(pr.onLeaving && pr.zone[pc.owner][a.from]) {
		return append(out, a)
	}
	for _, t := range pr.targets[pc.owner] {
		if pr.onlyLost && p.count(pc.owner, t) >= p.g.setupCount[pc.owner][t] {
			continue
		}
		b := a
		b.promo = t
		out = append(out, b)
	}
	if pr.mandatory {
		return out
	}
	return append(out, a)
}

// upgrades adds a capture by pc, which carries an upgrade status: one
// move per option of its kind's upgrades in place of the plain capture
// (a kind with none keeps the plain capture), and beside them the
// promotions the capture may make, a promotion to a kind the upgrades
// list being that one move.
func (p *Position) upgrades(out []action, a action, pc piece) []action {
	k := p.g.kinds[pc.kind]
	if len(k.upKinds)+len(k.upSts) == 0 {
		return p.promotions(out, a, pc)
	}
	for _, id := range k.upKinds {
		b := a
		b.promo = id
		out = append(out, b)
	}
	for _, st := range k.upSts {
		b := a
		b.upStatus = p.g.statuses[st].name
		out = append(out, b)
	}
	for _, b := range p.promotions(nil, a, pc) {
		if b.promo != "" && !slices.Contains(k.upKinds, b.promo) {
			out = append(out, b)
		}
	}
	return out
}

// count is how many pieces of kind k player s has on all the boards.
func (p *Position) count(s int, k string) int {
	n := 0
	for _, pc := range p.board {
		if pc.kind == k && pc.owner == s {
			n++
		}
	}
	return n
}

// Moves is every legal move, as the engine's MoveString writes it
// ("e2e4", "E:e2E:e4", "e7e8=Q"), sorted, each once.
func (p *Position) Moves() []string {
	var out []string
	for _, a := range p.actions() {
		if s := p.text(a); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// Play is the position after move, written as Moves writes it or with a
// '-' between the squares ("E:e2-E:e4"). Of two ways of moving with one
// text, the first (in the piece's moves and vectors order) is made.
func (p *Position) Play(move string) (*Position, error) {
	for _, a := range p.actions() {
		s := p.text(a)
		if s == move || a.typ == actMove && p.g.name(a.from)+"-"+s[len(p.g.name(a.from)):] == move {
			return p.play(a), nil
		}
	}
	return nil, fmt.Errorf("%s is not a legal move here (%s)", move, strings.Join(p.Moves(), " "))
}
