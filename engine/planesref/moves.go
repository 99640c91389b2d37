package planesref

import (
	"fmt"
	"slices"
	"strings"

	"balancefarm/engine/rules"
)

// action is one move: from, to, the kind promoted (or upgraded) to (""
// none), the status an upgrade gains ("" none), and the step a slide item
// repeats (the move's vector in the board's frame).
type action struct {
	from, to int
	promo    string
	upStatus string
	step     [2]int
}

// text is the move as the engine's MoveString writes it: from and to
// squares run together, "=ID" for a promotion or an upgrade to a kind,
// "^NAME" for an upgrade to a status.
func (p *Position) text(a action) string {
	s := p.g.name(a.from) + p.g.name(a.to)
	if a.promo != "" {
		s += "=" + a.promo
	}
	if a.upStatus != "" {
		s += "^" + a.upStatus
	}
	return s
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
	for it, n := range p.items[sq] {
		if n > 0 && p.g.items[it].Kill == rules.KillPass && p.g.acts(it, pc) {
			return true
		}
	}
	return false
}

// actions is every legal move of the side to move, in the order squares,
// the piece's moves, their vectors, the squares along each; none once the
// game is decided.
func (p *Position) actions() []action {
	if p.decided {
		return nil
	}
	var out []action
	for from, pc := range p.board {
		if pc.kind == "" || pc.owner != p.side || p.g.frozen(pc) {
			continue
		}
		for i := range p.g.kinds[pc.kind].moves {
			out = p.moveActions(out, from, pc, &p.g.kinds[pc.kind].moves[i])
		}
	}
	return out
}

// capturable reports whether the mover pc may capture what stands on sq.
func (p *Position) capturable(pc piece, sq int) bool {
	t := p.board[sq]
	if t.kind == "" || t.owner == pc.owner {
		return false
	}
	caps := p.g.kinds[pc.kind].captures
	return caps == nil || caps[t.kind]
}

func (p *Position) moveActions(out []action, from int, pc piece, m *pieceMove) []action {
	g := p.g
	if m.firstMove && pc.moved {
		return out
	}
	if m.fromRank != nil {
		_, _, y := g.coords(from)
		if pc.owner == 1 {
			y = g.h - 1 - y
		}
		if y != *m.fromRank {
			return out
		}
	}
	// land adds the move to sq: onto an empty square if the move may
	// move there, onto a piece it may capture if it may capture.
	land := func(sq int, v [2]int, distance int) {
		if distance < m.minR {
			return
		}
		a := action{from: from, to: sq, step: v}
		switch {
		case p.board[sq].kind == "" && m.canMove:
			out = p.promotions(out, a, pc)
		case m.canCap && p.capturable(pc, sq) && g.upgradeStatus(pc) >= 0:
			out = p.upgrades(out, a, pc)
		case m.canCap && p.capturable(pc, sq):
			out = p.promotions(out, a, pc)
		}
	}
	for _, v := range m.vecs[pc.owner] {
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
	if pr == nil || !pr.zone[pc.owner][a.to] && !(pr.onLeaving && pr.zone[pc.owner][a.from]) {
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
		if s := p.text(a); s == move || p.g.name(a.from)+"-"+s[len(p.g.name(a.from)):] == move {
			return p.play(a), nil
		}
	}
	return nil, fmt.Errorf("%s is not a legal move here (%s)", move, strings.Join(p.Moves(), " "))
}
