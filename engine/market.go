package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"balancefarm/engine/rules"
)

// The market and the planes family's chance (schema 38), part of the
// planes family. Its chance events are the chance family's nodes (a game
// with them is wrapped, chance.go): a card unlocked from the shuffled
// deck ("unlock:NAME", drawn when it is needed, which is the shuffle's
// own distribution) and the fate of a piece with a hazard status after
// its owner moved it ("fate:spared", "fate:removed", as the hazards').
// A purchase is a move of its own, "buy:NAME" or "buy:NAME@SQ".

const maxCards = 32

// The planes family's pending chance events, after the chance family's.
const (
	pendingUnlock = pendingFate + 1 // a card of the market's deck is to be unlocked
	pendingCurse  = pendingFate + 2 // the hazard of the statuses of the piece on fateSq
)

// moveBuy is a purchase: aux the card, to its target square (from = to;
// aux2 1 when the card has a target).
const moveBuy = 11

type cardRule struct {
	name   string
	price  int16
	status int // -1 none
	count  int
	item   int // -1 none
	gain   [maxResources]int16
	on     string
}

type marketRules struct {
	res   int
	open  int
	step  int16
	cards []cardRule
	texts [][]string // [card][0]: buy:NAME; [card][sq+1]: buy:NAME@SQ
}

// marketState is the market in a position (planesState embeds it).
type marketState struct {
	price    [maxCards]int16
	unlocked uint32 // card bits
	toUnlock uint8  // cards still to unlock (the start's, or a purchase's)
	moverSq  int    // where the piece a move moved ended, -1 gone (a hazard's square)
}

func (g *Game) loadMarket(pl *planesRules, itemIndex, resIndex map[string]int, statusIndex func(string) int) error {
	mk := g.spec.Rules.Market
	if mk == nil {
		return nil
	}
	r, ok := resIndex[mk.Resource]
	if !ok {
		return bad("rules.market.resource %q is not a resource", mk.Resource)
	}
	if len(mk.Cards) == 0 || len(mk.Cards) > maxCards {
		return bad("rules.market.cards must have 1 to %d entries", maxCards)
	}
	m := &marketRules{res: r, open: min(mk.OpenOrDefault(), len(mk.Cards)), step: int16(mk.StepOrDefault())}
	for i, c := range mk.Cards {
		cr, err := g.compileEffect(fmt.Sprintf("rules.market.cards[%d]", i), c.Name, c.Price, &c.Effect, itemIndex, resIndex, statusIndex)
		if err != nil {
			return err
		}
		m.cards = append(m.cards, cr)
		// The purchase's notation, written once: buy:NAME, and
		// buy:NAME@SQ for each square (ISMCTS names every move it meets).
		texts := make([]string, g.n+1)
		texts[0] = "buy:" + cr.name
		for sq := range g.n {
			texts[sq+1] = texts[0] + "@" + g.names[sq]
		}
		m.texts = append(m.texts, texts)
	}
	pl.market = m
	return nil
}

// compileEffect compiles a card's or a chaos effect's effect.
func (g *Game) compileEffect(where, name string, price int, e *rules.CardEffect, itemIndex, resIndex map[string]int, statusIndex func(string) int) (cardRule, error) {
	cr := cardRule{name: name, price: int16(price), status: -1, item: -1, count: e.CountOrDefault(), on: e.On}
	switch {
	case e.Status != "":
		if cr.status = statusIndex(e.Status); cr.status < 0 {
			return cr, bad("%s.effect.status %q is not a status", where, e.Status)
		}
	case e.Item != "":
		it, ok := itemIndex[e.Item]
		if !ok {
			return cr, bad("%s.effect.item %q is not an item", where, e.Item)
		}
		cr.item = it
	}
	for name, n := range e.Gain {
		r, ok := resIndex[name]
		if !ok {
			return cr, bad("%s.effect.gain names %q, which is not a resource", where, name)
		}
		cr.gain[r] = int16(n)
	}
	return cr, nil
}

// applyEffect applies a card's or a chaos effect's effect for player s on
// target sq.
func (p *Position) applyEffect(c *cardRule, s, sq int) {
	pl := p.g.planes
	switch {
	case c.status >= 0 && c.on != "":
		w := p.stAt(sq)
		p.setSt(sq, stSet(w, c.status, min(stCount(w, c.status)+c.count, int(pl.statuses[c.status].stack))))
	case c.item >= 0 && c.on != "":
		p.addItem(c.item, sq, c.count)
	}
	for r, n := range c.gain[:len(pl.res)] {
		if n > 0 {
			p.addPurse(s, r, int(n))
		}
	}
}

// hasPlanesChance reports whether the planes family has chance events.
func (pl *planesRules) hasPlanesChance() bool {
	return pl.market != nil || pl.hazardAny || pl.chaos != nil
}

// startMarket fills the prices and leaves the start's unlocks pending.
func (p *Position) startMarket() {
	m := p.g.planes.market
	p.moverSq = -1
	if m == nil {
		return
	}
	for i, c := range m.cards {
		p.price[i] = c.price
	}
	p.unlocked = 0
	p.toUnlock = uint8(m.open)
	p.pending = pendingUnlock
}

// marketHash is the market's share of the hash: prices, unlocked cards
// and unlocks to come.
func (p *Position) marketHash() uint64 {
	pl := p.g.planes
	if pl.market == nil {
		return 0
	}
	var h uint64
	for i := range pl.market.cards {
		h ^= pl.mixKey(keyPrice, uint64(i), uint64(uint16(p.price[i])))
	}
	return h ^ pl.mixKey(keyUnlocked, 0, uint64(p.unlocked)) ^ pl.mixKey(keyToUnlock, 0, uint64(p.toUnlock))
}

// marketMoves appends the purchases the side to move can pay for: one per
// unlocked card and target.
func (p *Position) marketMoves(buf []Move) []Move {
	m := p.g.planes.market
	s := p.side
	for i := range m.cards {
		c := &m.cards[i]
		if !p.canBuy(i) {
			continue
		}
		base := mvValid | moveBuy<<mvTypeShift | Move(i)<<mvAuxShift
		if c.on == "" {
			buf = append(buf, base)
			continue
		}
		buf = appendTargeted(buf, base, p.cardTargetSet(c, s))
	}
	return buf
}

// buyDecides reports that the side to move has a legal move because it
// can buy something: where nothing between marketMoves and the finished
// list can drop a purchase or empty a list (no royal to keep safe, no die
// face, no chaos choice pending, none of the families that filter the
// whole list but must_capture and the forced statuses, which keep a list
// that has a move), one purchase listed is one legal move. HasLegalMove
// asks it before making the whole list.
func (p *Position) buyDecides() bool {
	g := p.g
	pl := g.planes
	if pl == nil || pl.market == nil || p.offerSet != 0 || p.pending != pendingNone || p.face >= 0 ||
		g.checkRules && g.royalMask != 0 || g.royalFacing || g.forbidCheck ||
		g.fx != nil || g.portal != nil || g.sim != nil || g.seated || g.fac != nil || g.slowTurns ||
		g.priority != nil || g.restOf != nil || g.homeward {
		return false
	}
	for i := range pl.market.cards {
		c := &pl.market.cards[i]
		if !p.canBuy(i) {
			continue
		}
		if c.on == "" {
			return true
		}
		if t := p.cardTargetSet(c, p.side); !t.empty() {
			return true
		}
	}
	return false
}

// canBuy reports whether the side to move may buy card i: unlocked, and
// its price in the purse.
func (p *Position) canBuy(i int) bool {
	m := p.g.planes.market
	return p.unlocked>>uint(i)&1 != 0 && int(p.purse[p.side][m.res]) >= int(p.price[i])
}

// appendTargeted appends base aimed at each square of targets, in square
// order.
func appendTargeted(buf []Move, base Move, targets bitset) []Move {
	for w, x := range targets {
		for ; x != 0; x &= x - 1 {
			sq := Move(w<<6 | bits.TrailingZeros64(x))
			buf = append(buf, base|sq|sq<<8|1<<mvAux2Shift)
		}
	}
	return buf
}

// cardTargetSet is the squares card c bought (or effect chosen) by s may
// target: a piece of the kind c.on names, never a body square (no piece
// of its own) or a wall, or a square without a piece where c's item
// still has room and, for TargetEmpty, where s sees no item.
func (p *Position) cardTargetSet(c *cardRule, s int) bitset {
	g := p.g
	var out bitset
	occ := p.occupied()
	switch c.on {
	case rules.TargetOwn:
		out = p.occ[s]
	case rules.TargetEnemy:
		for o := 0; o < 2; o++ {
			if o != s {
				out.or(&p.occ[o])
			}
		}
	case rules.TargetAny:
		out = occ
	case rules.TargetUnoccupied, rules.TargetEmpty:
		pl := g.planes
		for w := range out {
			out[w] = ^occ[w] &^ g.wall[w]
		}
		out.keepBelow(g.n)
		if c.item >= 0 {
			full := p.itemSquares(pl.slotFor(c.item, s), pl.items[c.item].stack) // no room for another
			out.andNot(&full)
		}
		if c.on == rules.TargetEmpty {
			// Empty to the chooser: the other player's hidden items are
			// not its to know.
			for i := range pl.items {
				if pl.items[i].seenBy(s) {
					seen := p.itemSquares(i, 1)
					out.andNot(&seen)
				}
			}
		}
		return out
	default:
		return out
	}
	for w := range out {
		out[w] &^= g.wall[w]
		if g.body != 0 {
			for o := range p.kindBB {
				out[w] &^= p.kindBB[o][g.body-1][w]
			}
		}
	}
	return out
}

// makeBuy plays a purchase (inside makePlanes): the price paid, the
// effect, the price raised and the next card's unlock left pending.
func (p *Position) makeBuy(m Move) {
	pl := p.g.planes
	mk := pl.market
	s := p.side
	i := m.aux()
	c := &mk.cards[i]
	p.addPurse(s, mk.res, -int(p.price[i]))
	p.applyEffect(c, s, m.To())
	// Another card is unlocked, while one is still locked.
	p.setMarket(i, p.price[i]+mk.step, p.unlocked, min(p.toUnlock+1, uint8(p.lockedLeft())))
}

// setMarket changes a card's price, the unlocked set and the unlocks to
// come, logged, hash in p.fxh.
func (p *Position) setMarket(card int, price int16, unlocked uint32, toUnlock uint8) {
	old := p.marketHash()
	p.planeLog = append(p.planeLog, planeChg{what: chgMarket, a: uint8(card), b: p.toUnlock, old: uint64(uint16(p.price[card]))},
		planeChg{what: chgUnlocked, old: uint64(p.unlocked)})
	p.price[card], p.unlocked, p.toUnlock = price, unlocked, toUnlock
	p.fxh ^= old ^ p.marketHash()
}

// planesPendingAfter is the chance event a planes move leaves: a card to
// unlock, or a hazard's fate; none once the game is decided.
func (p *Position) planesPendingAfter() {
	pl := p.g.planes
	switch {
	case p.status.decided:
	case pl.market != nil && p.toUnlock > 0 && p.lockedLeft() > 0:
		p.pending = pendingUnlock
	case pl.hazardAny && p.moverSq >= 0 && p.hazardOf(p.moverSq) > 0:
		p.pending, p.fateSq = pendingCurse, uint8(p.moverSq)
	case pl.chaos != nil && p.offerSet == 0 && p.offers[0]+p.offers[1] > 0 && p.again < 0: // offers wait for the turn's end
		p.pending = pendingOffer
	}
}

// lockedLeft is how many cards are still locked.
func (p *Position) lockedLeft() int {
	return len(p.g.planes.market.cards) - bits.OnesCount32(p.unlocked)
}

// hazardOf is the chance in thousandths that the piece on sq dies after
// its owner moved it: its hazard statuses', the greatest.
func (p *Position) hazardOf(sq int) int {
	pl := p.g.planes
	w := p.stAt(sq)
	best := 0
	for i := range pl.statuses {
		if stCount(w, i) > 0 {
			best = max(best, int(pl.statuses[i].hazard))
		}
	}
	if p.board[sq] == 0 {
		return 0
	}
	return best
}

// planesOutcomes appends the planes family's pending outcomes.
func (p *Position) planesOutcomes(moves []Move, weights []int) ([]Move, []int) {
	switch p.pending {
	case pendingUnlock:
		for i := range p.g.planes.market.cards {
			if p.unlocked>>uint(i)&1 == 0 {
				moves = append(moves, mvValid|moveChance<<mvTypeShift|Move(i)<<mvAuxShift|2<<mvAux2Shift)
				weights = append(weights, 1)
			}
		}
	case pendingCurse:
		t := p.hazardOf(int(p.fateSq))
		moves = append(moves, chanceMove(fateSpared, true), chanceMove(fateRemoved, true))
		weights = append(weights, 1000-t, t)
	case pendingOffer:
		return p.offerOutcomes(moves, weights)
	}
	return moves, weights
}

// planesOutcome plays one (inside makeOutcome): the logs take every
// change, and rec counts them for Unmake.
func (p *Position) planesOutcome(m Move, rec *chanceRec) {
	c0, l0 := len(p.chg), len(p.planeLog)
	p.fxh = p.hash ^ p.pendingKey()
	pend := p.pending
	p.pending = pendingNone
	switch pend {
	case pendingUnlock:
		i := m.aux()
		p.setMarket(i, p.price[i], p.unlocked|1<<uint(i), p.toUnlock-1)
	case pendingOffer:
		p.playOffer(m)
	case pendingCurse:
		if m.aux() == fateRemoved {
			sq := int(p.fateSq)
			p.dies(p.take(sq), sq)
			if p.g.boardEndings {
				p.status = p.boardOutcome(p.g.prevSeat(p.side), -1)
			}
		}
	}
	p.moverSq = -1
	p.planesPendingAfter()
	p.hash = p.fxh ^ p.pendingKey()
	rec.nChg, rec.nPlane = uint16(len(p.chg)-c0), uint16(len(p.planeLog)-l0)
	rec.planes = true
}

// unmakePlanesOutcome takes back what planesOutcome logged.
func (p *Position) unmakePlanesOutcome(rec *chanceRec) {
	var u undoRec
	u.nChg, u.nPlane = rec.nChg, rec.nPlane
	p.unmakePlanes(&u)
}

// marketString is a purchase's notation: buy:NAME or buy:NAME@SQ.
func (g *Game) marketString(m Move) string {
	mk := g.planes.market
	if mk == nil || m.aux() >= len(mk.cards) {
		return "0000"
	}
	texts := mk.texts[m.aux()]
	if m.aux2() == 1 && m.To()+1 < len(texts) {
		return texts[m.To()+1]
	}
	return texts[0]
}

// marketField is the market's notation: market:NAME=PRICE,... every card
// with its price, an unlocked one marked "+" (market:hat+=4,ice=2), and
// unlock:N while N cards are still to unlock.
func (p *Position) marketField() string {
	mk := p.g.planes.market
	curse := ""
	if p.pending == pendingCurse { // a hazard status needs no market
		curse = " curse:" + p.g.names[p.fateSq]
	}
	if mk == nil {
		return curse
	}
	var cards []string
	for i, c := range mk.cards {
		mark := ""
		if p.unlocked>>uint(i)&1 != 0 {
			mark = "+"
		}
		cards = append(cards, c.name+mark+"="+strconv.Itoa(int(p.price[i])))
	}
	s := " market:" + strings.Join(cards, ",")
	if p.toUnlock > 0 {
		s += " unlock:" + strconv.Itoa(int(p.toUnlock))
	}
	return s + curse
}

// readMarket reads the market:, unlock: and curse: fields.
func (p *Position) readMarket(key, value string) error {
	mk := p.g.planes.market
	switch key {
	case "market":
		if mk == nil {
			return fmt.Errorf("market: the game has no market")
		}
		seen := 0
		for _, entry := range strings.Split(value, ",") {
			name, price, ok := strings.Cut(entry, "=")
			open := strings.HasSuffix(name, "+")
			name = strings.TrimSuffix(name, "+")
			i := slices.IndexFunc(mk.cards, func(c cardRule) bool { return c.name == name })
			v, err := strconv.Atoi(price)
			if !ok || i < 0 || err != nil || v < 0 || v > 10000 || seen>>uint(i)&1 != 0 {
				return fmt.Errorf("market: %q must be NAME=PRICE (NAME+ when unlocked), each card once", entry)
			}
			seen |= 1 << uint(i)
			p.price[i] = int16(v)
			if open {
				p.unlocked |= 1 << uint(i)
			} else {
				p.unlocked &^= 1 << uint(i)
			}
		}
		if seen != 1<<uint(len(mk.cards))-1 {
			return fmt.Errorf("market: every card must be written")
		}
		p.toUnlock = 0
		if p.pending == pendingUnlock {
			p.pending = pendingNone
		}
	case "unlock":
		n, err := strconv.Atoi(value)
		if mk == nil || err != nil || n < 1 || n > p.lockedLeft() {
			return fmt.Errorf("unlock:%s must be 1 to the number of locked cards", value)
		}
		p.toUnlock = uint8(n)
		p.pending = pendingUnlock
	case "curse":
		sq, ok := p.g.parseSquare(value)
		if !ok || p.hazardOf(sq) == 0 {
			return fmt.Errorf("curse:%s: no piece with a hazard status stands there", value)
		}
		p.pending, p.fateSq = pendingCurse, uint8(sq)
	}
	return nil
}
