package planesref

import (
	"fmt"

	"balancefarm/engine/rules"
)

// maxStatuses is the most statuses a rule file declares; a piece keeps
// its counts in an array this long, so copying a piece copies them.
const maxStatuses = 16

// status is one entry of statuses[], its names read into indices.
type status struct {
	name      string
	stack     int
	frozen    bool
	wears     bool
	immune    map[int]bool // item indices
	afterlife []afterlife  // pieces nil: every piece with the status
	income    map[int]int  // resource index -> amount per count
	upgrade   bool
	hazard    int         // schema 38: the chance in thousandths of dying after its owner moves the piece
	portal    bool        // schema 40: a step to the piece's square on another board
	extra     bool        // schema 40: a second move
	extraCost map[int]int // resource index -> what the second move costs
	forced    bool        // schema 41: the side's moves are this piece's while it can move
}

// loadStatuses reads statuses[], pieces[].upgrades and rules.on_capture
// (setup.statuses is read by New, with the pieces).
func (g *game) loadStatuses(s *rules.Spec) error {
	if len(s.Statuses) > maxStatuses {
		return fmt.Errorf("%d statuses, at most %d", len(s.Statuses), maxStatuses)
	}
	g.stIndex = map[string]int{}
	for i, st := range s.Statuses {
		if _, dup := g.stIndex[st.Name]; dup || st.Name == "" {
			return fmt.Errorf("statuses[%d].name %q", i, st.Name)
		}
		g.stIndex[st.Name] = i
	}
	for i, st := range s.Statuses {
		where := fmt.Sprintf("statuses[%d]", i)
		if st.WearsOff != "" && st.WearsOff != rules.WearsOffTurn {
			return fmt.Errorf("%s.wears_off %q", where, st.WearsOff)
		}
		if st.StackOrDefault() > 15 {
			return fmt.Errorf("%s.stack %d", where, st.Stack)
		}
		ls := status{name: st.Name, stack: st.StackOrDefault(), frozen: st.Frozen, wears: st.WearsOff != "",
			immune: map[int]bool{}, income: map[int]int{}, upgrade: st.Upgrade,
			hazard: st.HazardThousandths(), portal: st.Portal, extra: st.ExtraMove != nil, extraCost: map[int]int{}}
		if st.ExtraMove != nil {
			for name, amount := range st.ExtraMove.Cost {
				r, ok := g.resIndex[name]
				if !ok {
					return fmt.Errorf("%s.extra_move.cost names no resource %q", where, name)
				}
				ls.extraCost[r] = amount
			}
		}
		for _, id := range st.Immune {
			it, ok := g.itemIndex[id]
			if !ok {
				return fmt.Errorf("%s.immune names no item %q", where, id)
			}
			ls.immune[it] = true
		}
		for j, a := range st.Afterlife {
			from, err := g.boardSet(a.From)
			if err != nil {
				return fmt.Errorf("%s.afterlife[%d].from: %v", where, j, err)
			}
			to, err := g.boardIndex(a.To)
			if err != nil {
				return fmt.Errorf("%s.afterlife[%d].to: %v", where, j, err)
			}
			ls.afterlife = append(ls.afterlife, afterlife{from: from, to: to})
		}
		for name, amount := range st.Income {
			r, ok := g.resIndex[name]
			if !ok {
				return fmt.Errorf("%s.income names no resource %q", where, name)
			}
			ls.income[r] = amount
		}
		g.statuses = append(g.statuses, ls)
	}
	for i, pc := range s.Pieces {
		if pc.Upgrades == nil {
			continue
		}
		k := g.kinds[pc.ID]
		for _, id := range pc.Upgrades.Pieces {
			if _, ok := g.kinds[id]; !ok {
				return fmt.Errorf("pieces[%d].upgrades.pieces names no piece %q", i, id)
			}
			k.upKinds = append(k.upKinds, id)
		}
		for _, name := range pc.Upgrades.Statuses {
			st, ok := g.stIndex[name]
			if !ok {
				return fmt.Errorf("pieces[%d].upgrades.statuses names no status %q", i, name)
			}
			k.upSts = append(k.upSts, st)
		}
	}
	if oc := s.Rules.OnCapture; oc != nil {
		for _, name := range oc.Gain {
			st, ok := g.stIndex[name]
			if !ok {
				return fmt.Errorf("rules.on_capture.gain names no status %q", name)
			}
			g.onCapture = append(g.onCapture, st)
		}
	}
	return nil
}

// placeStatuses gives the pieces setup.statuses names their statuses,
// on the squares as written (never mirrored, as setup.items).
func (p *Position) placeStatuses(s *rules.Spec) error {
	g := p.g
	for i, sp := range s.Setup.Statuses {
		where := fmt.Sprintf("setup.statuses[%d]", i)
		st, ok := g.stIndex[sp.Status]
		if !ok {
			return fmt.Errorf("%s: no status %q", where, sp.Status)
		}
		count := sp.Count
		if count == 0 {
			count = 1
		}
		for _, name := range sp.Squares {
			sq, err := g.squareOf(name)
			if err != nil {
				return fmt.Errorf("%s: %v", where, err)
			}
			pc := &p.board[sq]
			if pc.kind == "" {
				return fmt.Errorf("%s: no piece on %s", where, name)
			}
			if pc.st[st] += count; pc.st[st] > g.statuses[st].stack {
				return fmt.Errorf("%s: %s holds more than the stack", where, name)
			}
		}
	}
	return nil
}

// frozen reports whether pc carries a status that stops it moving.
func (g *game) frozen(pc piece) bool {
	for i, st := range g.statuses {
		if st.frozen && pc.st[i] > 0 {
			return true
		}
	}
	return false
}

// upgradeStatus is the first status (in statuses[] order) pc carries that
// upgrades it on a capture, -1 none.
func (g *game) upgradeStatus(pc piece) int {
	for i, st := range g.statuses {
		if st.upgrade && pc.st[i] > 0 {
			return i
		}
	}
	return -1
}

// gainStatus adds one of status st to pc, up to its stack.
func (g *game) gainStatus(pc *piece, st int) {
	pc.st[st] = min(pc.st[st]+1, g.statuses[st].stack)
}

// captured applies what the move's own capture does to its piece: with
// an upgrade status, one of it is spent and the upgrade the move chose is
// taken (a kind: a.promo, already applied; a status: a.upStatus); without
// one, rules.on_capture's statuses are gained.
func (g *game) captured(pc *piece, a action) {
	if up := g.upgradeStatus(*pc); up >= 0 {
		pc.st[up]--
		if a.upStatus != "" {
			g.gainStatus(pc, g.stIndex[a.upStatus])
		}
		return
	}
	for _, st := range g.onCapture {
		g.gainStatus(pc, st)
	}
}

// statusDeath is the board a piece dying on board b goes to by its
// statuses' afterlives (statuses[] order, first match), -1 none.
func (g *game) statusDeath(pc piece, b int) int {
	for i, st := range g.statuses {
		if pc.st[i] == 0 {
			continue
		}
		for _, a := range st.afterlife {
			if a.from[b] {
				return a.to
			}
		}
	}
	return -1
}

// wearOff removes one of each wearing status from every piece of player
// s: the end of s's turn.
func (q *Position) wearOff(s int) {
	for sq := range q.board {
		pc := &q.board[sq]
		if pc.kind == "" || pc.owner != s {
			continue
		}
		for i, st := range q.g.statuses {
			if st.wears && pc.st[i] > 0 {
				pc.st[i]--
			}
		}
	}
}

// statusIncome is what player s's pieces' statuses pay of resource r:
// the amount per count, summed over the pieces.
func (q *Position) statusIncome(s, r int) int {
	n := 0
	for _, pc := range q.board {
		if pc.kind == "" || pc.owner != s {
			continue
		}
		for i, st := range q.g.statuses {
			n += st.income[r] * pc.st[i]
		}
	}
	return n
}

// Statuses is every status the pieces carry: square name -> status name
// -> count.
func (p *Position) Statuses() map[string]map[string]int {
	out := map[string]map[string]int{}
	for sq, pc := range p.board {
		for i, n := range pc.st {
			if n > 0 && pc.kind != "" {
				name := p.g.name(sq)
				if out[name] == nil {
					out[name] = map[string]int{}
				}
				out[name][p.g.statuses[i].name] = n
			}
		}
	}
	return out
}
