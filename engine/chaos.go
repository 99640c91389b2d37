package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Chaos, checkers jumps and forced movement (schema 41), part of the
// planes family.
//
// Chaos: a piece moved onto an item with chaos owes its owner an offer.
// Once the turn is over, the offer is a chance event ("offer:A,B,C", every
// set of rules.chaos.offer effects equally likely) and then the owner's
// choice ("chaos:NAME" or "chaos:NAME@SQ"), a move of its own; then play
// resumes with the player whose turn it was.

const (
	moveJump  = 13 // checkers jumps: aux the first landing of two (to when one)
	moveChaos = 14 // a chaos effect chosen: aux the effect, to its target (aux2 1 with a target)

	pendingOffer = pendingFate + 3 // an offer of chaos effects is to be drawn

	maxChaos       = 16
	mvOfferShift   = 47 // a chance outcome's offer: the effects' bits
	maxJumpsPlayed = 2  // the jumps one move may make
)

type chaosRules struct {
	offer   int
	effects []cardRule
}

type jumpRule struct {
	dirs [][2]int // board frame, per player
	max  int
}

// chaosState is the position's part (planesState embeds it).
type chaosState struct {
	offers   [2]uint8 // offers owed to each player
	offerSet uint16   // the effects offered now (the side to move chooses), 0 none
	resume   int8     // the player whose turn it is once the choices are made, -1 none
}

func (g *Game) loadChaos(pl *planesRules, itemIndex, resIndex map[string]int, statusIndex func(string) int) error {
	s := g.spec
	if c := s.Rules.Chaos; c != nil {
		if len(c.Effects) > maxChaos || c.OfferOrDefault() > len(c.Effects) {
			return bad("rules.chaos.effects must have the offer to %d entries", maxChaos)
		}
		cr := &chaosRules{offer: c.OfferOrDefault()}
		for i, e := range c.Effects {
			card, err := g.compileEffect(fmt.Sprintf("rules.chaos.effects[%d]", i), e.Name, 0, &e.Effect, itemIndex, resIndex, statusIndex)
			if err != nil {
				return err
			}
			cr.effects = append(cr.effects, card)
		}
		pl.chaos = cr
	}
	for i, it := range s.Items {
		if it.Chaos {
			if pl.chaos == nil {
				return bad("items[%d].chaos needs rules.chaos", i)
			}
			pl.items[i].chaos = true
		}
	}
	pl.jumps = make([][]jumpRule, g.nk)
	for k, pc := range s.Pieces {
		if j := pc.Jumps; j != nil {
			if j.MaxOrDefault() > maxJumpsPlayed {
				return bad("pieces[%d].jumps.max must be 1 to %d", k, maxJumpsPlayed)
			}
			vs, err := expand(j.Vectors, j.Symmetry, g.hex)
			if err != nil {
				return bad("pieces[%d].jumps: %v", k, err)
			}
			pl.jumps[k] = make([]jumpRule, 2)
			for p := 0; p < 2; p++ {
				jr := jumpRule{max: j.MaxOrDefault()}
				for _, v := range vs {
					jr.dirs = append(jr.dirs, g.boardVector(p, v))
				}
				pl.jumps[k][p] = jr
			}
			pl.anyJumps = true
		}
	}
	for i, st := range s.Statuses {
		if st.Forced {
			pl.forcedMask |= 0xf << uint(4*i)
		}
	}
	return nil
}

// jumpMoves appends the side to move's checkers jumps.
func (p *Position) jumpMoves(buf []Move, capOnly bool) []Move {
	pl := p.g.planes
	s := p.side
	for sq := range p.occ[s].each {
		if js := pl.jumps[codeKind(p.board[sq])]; js != nil {
			buf = p.jumpFrom(buf, &js[s], sq, sq, -1, false, -1, capOnly)
		}
	}
	return buf
}

// jumpFrom appends the jumps from cur of the piece that left from: first
// is the first landing (-1 before it), took whether an enemy was jumped,
// over the first jumped square (not jumped twice).
func (p *Position) jumpFrom(buf []Move, jr *jumpRule, from, cur, first int, took bool, over int, capOnly bool) []Move {
	g := p.g
	s := p.side
	for _, d := range jr.dirs {
		mid := p.stepOn(cur, d[0], d[1])
		if mid < 0 || mid == from || mid == over || p.board[mid] == 0 {
			continue
		}
		land := p.stepOn(mid, d[0], d[1])
		if land < 0 || g.wall.has(land) || p.board[land] != 0 && land != from {
			continue
		}
		c := p.board[mid]
		enemy := codeOwner(c) == opponent(s)
		if enemy && p.protected(mid, c) {
			continue
		}
		captures := took || enemy
		m := newMove(from, land) | moveJump<<mvTypeShift | Move(land)<<mvAuxShift
		if first >= 0 {
			m = newMove(from, land) | moveJump<<mvTypeShift | Move(first)<<mvAuxShift
		}
		if captures {
			m |= mvCapture
		}
		if captures || !capOnly {
			buf = append(buf, m)
		}
		if first < 0 && jr.max > 1 {
			buf = p.jumpFrom(buf, jr, from, land, land, captures, mid, capOnly)
		}
	}
	return buf
}

// stepOn is the square (dx, dy) from sq on sq's board, -1 off it.
func (p *Position) stepOn(sq, dx, dy int) int {
	g := p.g
	x, y := g.fileOf[sq]+dx, g.rankOf[sq]+dy
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return -1
	}
	t := g.at(g.boardOf(sq), x, y)
	if g.offBoard.has(t - g.boardOf(sq)*g.bsq) {
		return -1
	}
	return t
}

// makeJump plays a jump's captures (inside makePlanes) and returns the
// step its last jump made, for an item that slides.
func (p *Position) makeJump(m Move, mover *carried) (dx, dy int, took bool) {
	g := p.g
	prev := m.From()
	for _, land := range []int{m.aux(), m.To()} {
		if land == prev {
			continue
		}
		mx, my := (g.fileOf[prev]+g.fileOf[land])/2, (g.rankOf[prev]+g.rankOf[land])/2
		mid := g.at(g.boardOf(prev), mx, my)
		if c := p.board[mid]; c != 0 && codeOwner(c) == opponent(p.side) {
			p.dies(p.take(mid), mid)
			took = true
		}
		dx, dy = g.fileOf[land]-g.fileOf[prev], g.rankOf[land]-g.rankOf[prev]
		prev = land
	}
	return dx, dy, took
}

// forcedFilter keeps, when the side to move has a piece with a forced
// status that can move, only that piece's moves.
func (p *Position) forcedFilter(buf []Move, start int, capOnly bool) []Move {
	pl := p.g.planes
	var forced bitset
	any := false
	for sq := range p.occ[p.side].each {
		if p.stAt(sq)&pl.forcedMask != 0 {
			forced.set(sq)
			any = true
		}
	}
	if !any {
		return buf
	}
	n := start
	for _, m := range buf[start:] {
		if t := m.typ(); t != moveBuy && t != moveAbility && t != movePass && t != moveChaos && forced.has(m.From()) {
			buf[n] = m
			n++
		}
	}
	if n == start && !capOnly {
		return buf // the forced piece cannot move: the others may
	}
	if n == start && !p.forcedCanMove(forced) {
		return buf // captures only: the others' stand when no forced piece can move at all
	}
	return buf[:n]
}

// forcedCanMove reports whether some piece on forced has a move (for a
// list of captures, which cannot tell): a move of the whole generation,
// the statuses' and powers' rules applied (a stunned forced piece has
// none), so that the captures are those of the full list.
func (p *Position) forcedCanMove(forced bitset) bool {
	// A list of its own: the caller's may share the position's scratch.
	for _, m := range p.genPseudoPlanes(nil, false, false) {
		if t := m.typ(); t != moveBuy && t != moveAbility && t != movePass && t != moveChaos && forced.has(m.From()) {
			return true
		}
	}
	return false
}

// spendForced takes one forced status off a piece that moved.
func (pl *planesRules) spendForced(w uint64) uint64 {
	for i := range pl.statuses {
		if pl.forcedMask>>uint(4*i)&1 != 0 && stCount(w, i) > 0 {
			return stSet(w, i, stCount(w, i)-1)
		}
	}
	return w
}

// owe records an offer owed to player s (an item with chaos acted).
func (p *Position) owe(s int) {
	p.planeLog = append(p.planeLog, planeChg{what: chgOffers, old: uint64(p.offers[0]) | uint64(p.offers[1])<<8})
	old := p.chaosHash()
	p.offers[s] = min(p.offers[s]+1, 15)
	p.fxh ^= old ^ p.chaosHash()
}

// chaosHash is the chaos state's share of the hash.
func (p *Position) chaosHash() uint64 {
	pl := p.g.planes
	if pl.chaos == nil {
		return 0
	}
	return pl.mixKey(keyChaos, 0, uint64(p.offers[0])|uint64(p.offers[1])<<8|uint64(p.offerSet)<<16|uint64(uint8(p.resume))<<32)
}

// setChaos changes the offer being chosen and the resume, logged.
func (p *Position) setChaos(set uint16, resume int8, offers [2]uint8) {
	p.planeLog = append(p.planeLog,
		planeChg{what: chgOffers, old: uint64(p.offers[0]) | uint64(p.offers[1])<<8},
		planeChg{what: chgOfferSet, old: uint64(p.offerSet) | uint64(uint8(p.resume))<<16})
	old := p.chaosHash()
	p.offerSet, p.resume, p.offers = set, resume, offers
	p.fxh ^= old ^ p.chaosHash()
}

// offerOutcomes appends the pending offer's outcomes: every set of offer
// effects, weight 1 each.
func (p *Position) offerOutcomes(moves []Move, weights []int) ([]Move, []int) {
	c := p.g.planes.chaos
	n := len(c.effects)
	for set := uint32(0); set < 1<<uint(n); set++ {
		if bits.OnesCount32(set) == c.offer {
			moves = append(moves, mvValid|moveChance<<mvTypeShift|3<<mvAux2Shift|Move(set)<<mvOfferShift)
			weights = append(weights, 1)
		}
	}
	return moves, weights
}

// offerChooser is who chooses the pending offer: the first player owed.
func (p *Position) offerChooser() int {
	if p.offers[0] > 0 {
		return 0
	}
	return 1
}

// playOffer plays an offer outcome (inside planesOutcome): the chooser is
// to move, with the effects offered.
func (p *Position) playOffer(m Move) {
	s := p.offerChooser()
	resume := p.resume
	if resume < 0 {
		resume = int8(p.side)
	}
	offers := p.offers
	offers[s]--
	p.setChaos(uint16(m>>mvOfferShift), resume, offers)
	p.setSideTo(s)
}

// setSideTo makes s the side to move (hash in p.fxh), logged.
func (p *Position) setSideTo(s int) {
	if p.side == s {
		return
	}
	p.planeLog = append(p.planeLog, planeChg{what: chgSide, old: uint64(p.side)})
	p.side = s
	p.fxh ^= p.g.zSide
}

// chaosMoves lists the chooser's choices: each effect offered, on each
// target it has (an effect with none is chosen for nothing).
func (p *Position) chaosMoves(buf []Move) []Move {
	c := p.g.planes.chaos
	s := p.side
	for i := range c.effects {
		if p.offerSet>>uint(i)&1 == 0 {
			continue
		}
		e := &c.effects[i]
		base := mvValid | moveChaos<<mvTypeShift | Move(i)<<mvAuxShift
		if e.on == "" {
			buf = append(buf, base)
			continue
		}
		n := len(buf)
		if buf = appendTargeted(buf, base, p.cardTargetSet(e, s)); len(buf) == n {
			buf = append(buf, base)
		}
	}
	return buf
}

// makeChaos plays a choice (inside makePlanes): the effect, then the next
// offer owed, or play resumes.
func (p *Position) makeChaos(m Move) (resume int) {
	c := p.g.planes.chaos
	if m.aux2() == 1 {
		p.applyEffect(&c.effects[m.aux()], p.side, m.To())
	} else if e := &c.effects[m.aux()]; e.on == "" {
		p.applyEffect(e, p.side, 0)
	}
	resume = int(p.resume)
	if p.offers[0]+p.offers[1] > 0 {
		p.setChaos(0, p.resume, p.offers) // the next offer is drawn; resume stays
		return -1
	}
	p.setChaos(0, -1, p.offers)
	return resume
}

// chaosString is a choice's notation: chaos:NAME or chaos:NAME@SQ.
func (g *Game) chaosString(m Move) string {
	c := g.planes.chaos
	if c == nil || m.aux() >= len(c.effects) {
		return "0000"
	}
	s := "chaos:" + c.effects[m.aux()].name
	if m.aux2() == 1 {
		s += "@" + g.names[m.To()]
	}
	return s
}

// offerString is an offer outcome's notation: offer:A,B,C.
func (g *Game) offerString(m Move) string {
	c := g.planes.chaos
	var names []string
	for i := range c.effects {
		if uint16(m>>mvOfferShift)>>uint(i)&1 != 0 {
			names = append(names, c.effects[i].name)
		}
	}
	return "offer:" + strings.Join(names, ",")
}

// chaosField is the chaos state's notation: offers:W/B owed, offer:A,B,C
// being chosen by the side to move, resume:w or resume:b.
func (p *Position) chaosField() string {
	c := p.g.planes.chaos
	if c == nil {
		return ""
	}
	var b strings.Builder
	if p.offers != [2]uint8{} {
		fmt.Fprintf(&b, " offers:%d/%d", p.offers[0], p.offers[1])
	}
	if p.offerSet != 0 {
		var names []string
		for i := range c.effects {
			if p.offerSet>>uint(i)&1 != 0 {
				names = append(names, c.effects[i].name)
			}
		}
		b.WriteString(" offer:" + strings.Join(names, ","))
	}
	if p.resume >= 0 {
		b.WriteString(" resume:" + seatLetters[p.resume])
	}
	return b.String()
}

func (p *Position) readChaos(key, value string) error {
	c := p.g.planes.chaos
	if c == nil {
		return fmt.Errorf("%s: the game has no chaos", key)
	}
	switch key {
	case "offers":
		w, b, ok := strings.Cut(value, "/")
		nw, e1 := strconv.Atoi(w)
		nb, e2 := strconv.Atoi(b)
		if !ok || e1 != nil || e2 != nil || nw < 0 || nb < 0 || nw > 15 || nb > 15 {
			return fmt.Errorf("offers:%s must be W/B, each 0 to 15", value)
		}
		p.offers = [2]uint8{uint8(nw), uint8(nb)}
		if p.offerSet == 0 && nw+nb > 0 && p.pending == pendingNone && p.again < 0 { // an unlock or a fate comes first; offers wait for a turn's end
			p.pending = pendingOffer
		}
	case "offer":
		var set uint16
		for _, name := range strings.Split(value, ",") {
			i := slices.IndexFunc(c.effects, func(e cardRule) bool { return e.name == name })
			if i < 0 || set>>uint(i)&1 != 0 {
				return fmt.Errorf("offer:%s: %q is not a chaos effect, or is written twice", value, name)
			}
			set |= 1 << uint(i)
		}
		if bits.OnesCount16(set) != c.offer {
			return fmt.Errorf("offer:%s must name %d effects", value, c.offer)
		}
		p.offerSet = set
		if p.pending == pendingOffer {
			p.pending = pendingNone
		}
	case "resume":
		switch value {
		case "w":
			p.resume = 0
		case "b":
			p.resume = 1
		default:
			return fmt.Errorf("resume:%s must be w or b", value)
		}
	}
	return nil
}
