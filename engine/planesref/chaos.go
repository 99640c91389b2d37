package planesref

import (
	"fmt"
	"strconv"
	"strings"

	"balancefarm/engine/rules"
)

// chaos is rules.chaos: how many effects an offer draws, and the effects,
// read as market cards (no price).
type chaos struct {
	offer   int
	effects []card
}

// jumps is pieces[].jumps: the one-step directions per player, in the
// board's frame, and the most jumps in one move.
type jumps struct {
	dirs [2][][2]int
	max  int
}

// loadChaos reads schema 41's keys: rules.chaos, pieces[].jumps and
// statuses[].forced (items[].chaos is read where the items act).
func (g *game) loadChaos(s *rules.Spec) error {
	if c := s.Rules.Chaos; c != nil {
		g.chaos = &chaos{offer: c.OfferOrDefault()}
		if g.chaos.offer > len(c.Effects) || len(c.Effects) > 16 {
			return fmt.Errorf("rules.chaos: an offer of %d among %d effects", g.chaos.offer, len(c.Effects))
		}
		for i, e := range c.Effects {
			cd, err := g.readEffect(fmt.Sprintf("rules.chaos.effects[%d]", i), e.Name, e.Effect)
			if err != nil {
				return err
			}
			g.chaos.effects = append(g.chaos.effects, cd)
		}
	}
	for i, it := range s.Items {
		if it.Chaos && g.chaos == nil {
			return fmt.Errorf("items[%d].chaos needs rules.chaos", i)
		}
	}
	for i, pc := range s.Pieces {
		j := pc.Jumps
		if j == nil {
			continue
		}
		dirs, err := symmetryImages(j.Vectors, j.Symmetry)
		if err != nil {
			return fmt.Errorf("pieces[%d].jumps: %v", i, err)
		}
		jp := &jumps{max: j.MaxOrDefault()}
		if jp.max > 2 {
			return fmt.Errorf("pieces[%d].jumps.max %d", i, j.Max)
		}
		for _, d := range dirs {
			if abs(d[0]) > 1 || abs(d[1]) > 1 {
				return fmt.Errorf("pieces[%d].jumps: %v is not a one-step direction", i, d)
			}
			jp.dirs[0] = append(jp.dirs[0], d)
			jp.dirs[1] = append(jp.dirs[1], g.secondPlayer(d))
		}
		g.kinds[pc.ID].jumps = jp
	}
	for i, st := range s.Statuses {
		g.statuses[i].forced = st.Forced
	}
	return nil
}

// jumpActions adds the checkers jumps of pc on from: over a piece on the
// next square in a direction (not an enemy's protected piece) to the
// square beyond, which holds no piece (from counts as empty); with max 2,
// each first jump again as a second from its landing, not back over the
// square it jumped. The enemies jumped are its capture, so a capture
// lists its upgrades (or promotions) as any capture does.
func (p *Position) jumpActions(out []action, from int, pc piece) []action {
	g := p.g
	j := g.kinds[pc.kind].jumps
	if j == nil {
		return out
	}
	frame := pc.owner
	if frame == neutralOwner {
		frame = p.side
	}
	upgrading := pc.owner != neutralOwner && g.upgradeStatus(pc) >= 0
	// jump is the landing of a jump from at over d, false if there is none.
	jump := func(at int, d [2]int) (over, land int, ok bool) {
		if over, ok = g.offset(at, d[0], d[1]); !ok || over == from || p.board[over].kind == "" {
			return 0, 0, false
		}
		if p.jumpsEnemy(pc, over) && p.protected(over) {
			return 0, 0, false
		}
		if land, ok = g.offset(over, d[0], d[1]); !ok || p.board[land].kind != "" && land != from {
			return 0, 0, false
		}
		return over, land, true
	}
	add := func(landings, overs []int, d [2]int) {
		a := action{from: from, to: landings[len(landings)-1], jumps: landings, over: overs, step: [2]int{2 * d[0], 2 * d[1]}}
		captures := false
		for _, o := range overs {
			captures = captures || p.jumpsEnemy(pc, o)
		}
		start := len(out)
		if captures && upgrading {
			out = p.upgrades(out, a, pc)
		} else {
			out = p.promotions(out, a, pc)
		}
		out = p.afterMoves(out, start, pc)
	}
	for _, d1 := range j.dirs[frame] {
		over1, land1, ok := jump(from, d1)
		if !ok {
			continue
		}
		add([]int{land1}, []int{over1}, d1)
		if j.max < 2 {
			continue
		}
		for _, d2 := range j.dirs[frame] {
			if over2, land2, ok := jump(land1, d2); ok && over2 != over1 {
				add([]int{land1, land2}, []int{over1, over2}, d2)
			}
		}
	}
	return out
}

// jumpsEnemy reports whether the piece on sq is one pc's jump captures:
// the other player's (for a neutral jumper, the player not moving); never
// a neutral piece.
func (p *Position) jumpsEnemy(pc piece, sq int) bool {
	t := p.board[sq]
	if t.kind == "" || t.owner == neutralOwner {
		return false
	}
	if pc.owner == neutralOwner {
		return t.owner != p.side
	}
	return t.owner != pc.owner
}

// forcedStatus is the first forced status pc carries, -1 none.
func (g *game) forcedStatus(pc piece) int {
	for i, st := range g.statuses {
		if st.forced && pc.st[i] > 0 {
			return i
		}
	}
	return -1
}

// forcedActions is the moves of the side to move's pieces that carry a
// forced status; nil when none of them can move.
func (p *Position) forcedActions() []action {
	var out []action
	for sq, pc := range p.board {
		if pc.kind != "" && pc.owner == p.side && p.g.forcedStatus(pc) >= 0 {
			out = p.pieceActions(out, sq)
		}
	}
	return out
}

// owe counts an offer owed to the owner of pc (the player acting, for a
// neutral piece), which a chaos item on its square acts on.
func (q *Position) owe(pc piece) {
	owner := pc.owner
	if owner == neutralOwner {
		owner = q.actor
	}
	q.offers[owner]++
}

// offersOwed reports whether any offer is still owed.
func (p *Position) offersOwed() bool { return p.offers[0]+p.offers[1] > 0 }

// offerOutcomes is the offer's outcomes: every set of offer distinct
// effects, in effects[] order, weight 1 each.
func (p *Position) offerOutcomes() ([]action, []int) {
	c := p.g.chaos
	var out []action
	var weights []int
	var pick func(start int, set []int)
	pick = func(start int, set []int) {
		if len(set) == c.offer {
			var names []string
			for _, e := range set {
				names = append(names, c.effects[e].name)
			}
			out = append(out, action{typ: actOutcome, outcome: "offer:" + strings.Join(names, ","), set: append([]int(nil), set...)})
			weights = append(weights, 1)
			return
		}
		for e := start; e < len(c.effects); e++ {
			pick(e+1, append(set, e))
		}
	}
	pick(0, nil)
	return out, weights
}

// drawn plays an offer's outcome: the effects offered to its chooser
// (white while white is owed one), who moves now; the player whose turn
// it is waits (resume).
func (q *Position) drawn(set []int) {
	chooser := 1
	if q.offers[0] > 0 {
		chooser = 0
	}
	q.offers[chooser]--
	if q.resume < 0 {
		q.resume = q.side
	}
	q.offer, q.side = set, chooser
}

// chaosActions is the choices of the side to move among the offered
// effects: one per target the effect's on allows (as a card's, for the
// chooser), or the effect alone when it has no target or none is there.
func (p *Position) chaosActions() []action {
	var out []action
	for _, e := range p.offer {
		c := p.g.chaos.effects[e]
		n := len(out)
		if c.on != "" {
			for sq, pc := range p.board {
				if p.cardTargets(c, pc, sq) {
					out = append(out, action{typ: actChaos, card: e, to: sq, targeted: true})
				}
			}
		}
		if len(out) == n {
			out = append(out, action{typ: actChaos, card: e})
		}
	}
	return out
}

// choose plays a chaos choice: the effect applied (nothing when it has a
// target but none was there), then the next offer owed, or play resumes.
func (q *Position) choose(a action) {
	c := q.g.chaos.effects[a.card]
	if c.on == "" || a.targeted {
		q.apply(c, a.to, q.side)
	}
	q.offer = nil
	if !q.offersOwed() {
		q.side, q.resume = q.resume, -1
	}
	q.setPending(-1)
}

// Chaos is the chaos fields as the engine's FEN writes them: "offers:W/B"
// while any offer is owed, "offer:A,B,C" while the side to move chooses,
// "resume:w" or "resume:b" while offers keep the turn's next player
// waiting; "" none.
func (p *Position) Chaos() string {
	var f []string
	if p.offersOwed() {
		f = append(f, "offers:"+strconv.Itoa(p.offers[0])+"/"+strconv.Itoa(p.offers[1]))
	}
	if p.offer != nil {
		var names []string
		for _, e := range p.offer {
			names = append(names, p.g.chaos.effects[e].name)
		}
		f = append(f, "offer:"+strings.Join(names, ","))
	}
	if p.resume >= 0 {
		f = append(f, "resume:"+string("wb"[p.resume]))
	}
	return strings.Join(f, " ")
}
