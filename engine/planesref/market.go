package planesref

import (
	"fmt"
	"strconv"
	"strings"

	"balancefarm/engine/rules"
)

// market is rules.market, its names read into indices.
type market struct {
	res   int
	open  int
	step  int
	cards []card
}

// card is one card: its effect is a status (st >= 0), an item (item >=
// 0), or gains.
type card struct {
	name  string
	price int
	st    int
	item  int
	count int
	gain  map[int]int
	on    string
}

// What is pending: a chance event whose outcomes Moves lists.
const (
	pendingNone   = iota
	pendingUnlock // a card to unlock, uniformly among the locked ones
	pendingFate   // the fate of the hazardous piece on fateSq
	pendingOffer  // a chaos offer owed to the side to move
)

func (g *game) loadMarket(s *rules.Spec) error {
	m := s.Rules.Market
	if m == nil {
		return nil
	}
	r, ok := g.resIndex[m.Resource]
	if !ok {
		return fmt.Errorf("rules.market.resource %q", m.Resource)
	}
	g.market = &market{res: r, open: m.OpenOrDefault(), step: m.StepOrDefault()}
	if g.market.open > len(m.Cards) || len(m.Cards) > 32 {
		return fmt.Errorf("rules.market: %d open of %d cards", g.market.open, len(m.Cards))
	}
	for i, c := range m.Cards {
		where := fmt.Sprintf("rules.market.cards[%d]", i)
		cd, err := g.readEffect(where, c.Name, c.Effect)
		if err != nil {
			return err
		}
		cd.price = c.Price
		g.market.cards = append(g.market.cards, cd)
	}
	return nil
}

// readEffect reads a card's effect (a market card's or a chaos effect's)
// into a card named name.
func (g *game) readEffect(where, name string, e rules.CardEffect) (card, error) {
	cd := card{name: name, st: -1, item: -1, count: e.CountOrDefault(), gain: map[int]int{}, on: e.On}
	var ok bool
	switch {
	case e.Status != "":
		if cd.st, ok = g.stIndex[e.Status]; !ok {
			return cd, fmt.Errorf("%s.effect.status %q", where, e.Status)
		}
	case e.Item != "":
		if cd.item, ok = g.itemIndex[e.Item]; !ok {
			return cd, fmt.Errorf("%s.effect.item %q", where, e.Item)
		}
	default:
		for res, n := range e.Gain {
			r, ok := g.resIndex[res]
			if !ok {
				return cd, fmt.Errorf("%s.effect.gain %q", where, res)
			}
			cd.gain[r] = n
		}
	}
	return cd, nil
}

// startMarket sets the prices and the open cards still to unlock: the
// start position draws them before the first move.
func (p *Position) startMarket() {
	m := p.g.market
	if m == nil {
		return
	}
	p.unlocked = make([]bool, len(m.cards))
	for _, c := range m.cards {
		p.price = append(p.price, c.price)
	}
	p.toUnlock = m.open
	p.setPending(-1)
}

// locked is how many cards are still locked.
func (p *Position) locked() int {
	n := 0
	for _, u := range p.unlocked {
		if !u {
			n++
		}
	}
	return n
}

// setPending sets what chance event the position waits on: a card to
// unlock while any is due, else the fate of the hazardous piece the move
// left on moverSq (-1 none); none once the game is decided.
func (p *Position) setPending(moverSq int) {
	p.pending = pendingNone
	switch {
	case p.decided:
	case p.toUnlock > 0 && p.locked() > 0:
		p.pending = pendingUnlock
	case moverSq >= 0 && p.hazard(moverSq) > 0:
		p.pending, p.fateSq = pendingFate, moverSq
	case p.again < 0 && p.offer == nil && p.offersOwed():
		p.pending = pendingOffer // the turn is over: the next offer owed
	}
}

// hazard is the chance in thousandths that the piece on sq dies: the
// greatest of its statuses' hazards.
func (p *Position) hazard(sq int) int {
	pc := p.board[sq]
	best := 0
	if pc.kind == "" {
		return 0
	}
	for i, st := range p.g.statuses {
		if pc.st[i] > 0 {
			best = max(best, st.hazard)
		}
	}
	return best
}

// outcomes is the pending chance event's outcomes with their weights.
func (p *Position) outcomes() ([]action, []int) {
	var out []action
	var weights []int
	switch p.pending {
	case pendingUnlock:
		for i, u := range p.unlocked {
			if !u {
				out = append(out, action{typ: actOutcome, outcome: "unlock:" + p.g.market.cards[i].name, card: i})
				weights = append(weights, 1)
			}
		}
	case pendingFate:
		t := p.hazard(p.fateSq)
		out = append(out, action{typ: actOutcome, outcome: "fate:spared"}, action{typ: actOutcome, outcome: "fate:removed"})
		weights = append(weights, 1000-t, t)
	case pendingOffer:
		return p.offerOutcomes()
	}
	return out, weights
}

// Outcomes is the pending chance event's outcomes, as Moves writes them,
// and their weights (an outcome's chance is its weight over their sum);
// nil when no chance event is pending.
func (p *Position) Outcomes() map[string]int {
	if p.pending == pendingNone {
		return nil
	}
	acts, weights := p.outcomes()
	out := map[string]int{}
	for i, a := range acts {
		out[a.outcome] = weights[i]
	}
	return out
}

// resolve plays a chance outcome: a card unlocked, or the hazardous
// piece spared or dying on its square (then the endings).
func (q *Position) resolve(a action) {
	switch a.outcome {
	case "fate:removed":
		pc := q.remove(q.fateSq)
		budget := maxArrivals
		q.actor = pc.owner
		q.die(pc, q.fateSq, &budget)
		mover := 1 - q.side
		if q.again >= 0 {
			mover = q.side
		}
		q.settle(mover)
	case "fate:spared":
	default:
		if a.set != nil {
			q.drawn(a.set)
			break
		}
		q.unlocked[a.card] = true
		q.toUnlock--
	}
	q.setPending(-1)
}

// buyActions adds the purchases the side to move can pay for: one per
// unlocked card and target its effect's on allows.
func (p *Position) buyActions(out []action) []action {
	m := p.g.market
	if m == nil {
		return out
	}
	s := p.side
	for i, c := range m.cards {
		if !p.unlocked[i] || p.purse[s][m.res] < p.price[i] {
			continue
		}
		if c.on == "" {
			out = append(out, action{typ: actBuy, card: i})
			continue
		}
		for sq, pc := range p.board {
			if p.cardTargets(c, pc, sq) {
				out = append(out, action{typ: actBuy, card: i, to: sq, targeted: true})
			}
		}
	}
	return out
}

// cardTargets reports whether card c may target sq, where pc stands: a
// status any piece (any), the buyer's (own) or the other player's
// (enemy); an item a square with no piece (unoccupied) and no item the
// buyer sees (empty) where the buyer's heap of the item is below its
// stack.
func (p *Position) cardTargets(c card, pc piece, sq int) bool {
	if pc.kind == bodyKind {
		return false // a body square is no piece of its own
	}
	switch c.on {
	case rules.TargetAny:
		return pc.kind != ""
	case rules.TargetOwn:
		return pc.kind != "" && pc.owner == p.side
	case rules.TargetEnemy:
		return pc.kind != "" && pc.owner == 1-p.side
	}
	if pc.kind != "" {
		return false
	}
	if c.on == rules.TargetEmpty && p.sees(sq, p.side) {
		return false
	}
	n := 0
	if p.items[sq] != nil {
		n = p.items[sq][p.g.heap(c.item, p.side)]
	}
	return n < p.g.items[c.item].StackOrDefault()
}

// buy plays a purchase: the price paid, the effect applied, the price
// raised by the step, and one more card to unlock while any is locked.
func (q *Position) buy(a action) {
	m := q.g.market
	c := m.cards[a.card]
	s := q.side
	q.purse[s][m.res] -= q.price[a.card]
	q.apply(c, a.to, s)
	q.price[a.card] += m.step
	if q.locked() > q.toUnlock {
		q.toUnlock++
	}
}

// apply applies card c's effect for player s: a status on the piece on
// to, up to its stack; an item put down on to (s's, if hidden); gains up
// to max.
func (q *Position) apply(c card, to, s int) {
	switch {
	case c.st >= 0:
		pc := &q.board[to]
		pc.st[c.st] = min(pc.st[c.st]+c.count, q.g.statuses[c.st].stack)
	case c.item >= 0:
		q.putItem(to, c.item, s, c.count)
	default:
		for r, n := range c.gain {
			q.gain(s, r, n)
		}
	}
}

// Market is the market as the engine's FEN writes it: "market:" every
// card "NAME=PRICE", an unlocked one "NAME+=PRICE", then " unlock:N"
// while N cards are to unlock, " curse:SQ" while a hazard's fate is
// pending (with or without a market); "" with neither.
func (p *Position) Market() string {
	m := p.g.market
	if m == nil {
		if p.pending == pendingFate {
			return "curse:" + p.g.name(p.fateSq)
		}
		return ""
	}
	var cards []string
	for i, c := range m.cards {
		mark := ""
		if p.unlocked[i] {
			mark = "+"
		}
		cards = append(cards, c.name+mark+"="+strconv.Itoa(p.price[i]))
	}
	s := "market:" + strings.Join(cards, ",")
	if p.toUnlock > 0 {
		s += " unlock:" + strconv.Itoa(p.toUnlock)
	}
	if p.pending == pendingFate {
		s += " curse:" + p.g.name(p.fateSq)
	}
	return s
}
