package planesref

import (
	"fmt"

	"balancefarm/engine/rules"
)

// neutralOwner is the owner of a neutral piece (schema 40): neither
// player's.
const neutralOwner = 2

// loadPowers reads schema 39's and 40's piece keys (protects, on_death,
// dies_on, after_move, neutral, raises) and items[].cancels.
func (g *game) loadPowers(s *rules.Spec) error {
	g.cancels = make([][]bool, len(g.items))
	for i := range g.cancels {
		g.cancels[i] = make([]bool, len(g.items))
	}
	for i, it := range s.Items {
		for _, id := range it.Cancels {
			j, ok := g.itemIndex[id]
			if !ok || j == i {
				return fmt.Errorf("items[%d].cancels %q", i, id)
			}
			g.cancels[i][j], g.cancels[j][i] = true, true
		}
	}
	item := func(where, id string) (int, error) {
		it, ok := g.itemIndex[id]
		if !ok {
			return 0, fmt.Errorf("%s names no item %q", where, id)
		}
		return it, nil
	}
	for i, pc := range s.Pieces {
		where := fmt.Sprintf("pieces[%d]", i)
		k := g.kinds[pc.ID]
		k.onDeath, k.diesOn, k.mostRes = -1, -1, -1
		if pr := pc.Protects; pr != nil {
			k.guards = pieceSet(pr.Pieces)
			k.guardAdj = pr.WhereOrDefault() == rules.GuardAdjacent
		}
		if pc.OnDeath != nil {
			it, err := item(where+".on_death", pc.OnDeath.Item)
			if err != nil {
				return err
			}
			k.onDeath = it
		}
		if pc.DiesOn != nil {
			switch r := pc.DiesOn.Rank.(type) {
			case string:
				if r != "last" {
					return fmt.Errorf("%s.dies_on.rank %q", where, r)
				}
				k.diesOn = g.h - 1
			case float64:
				k.diesOn = int(r)
			case int:
				k.diesOn = r
			default:
				return fmt.Errorf("%s.dies_on.rank %v", where, r)
			}
		}
		if am := pc.AfterMove; am != nil {
			for _, id := range am.Items {
				it, err := item(where+".after_move", id)
				if err != nil {
					return err
				}
				k.afterMove = append(k.afterMove, it)
			}
			k.afterEmpty = am.On == rules.TargetEmpty
		}
		if n := pc.Neutral; n != nil {
			k.neutral = true
			if n.MovedBy == rules.MovedByMost {
				r, ok := g.resIndex[n.Resource]
				if !ok {
					return fmt.Errorf("%s.neutral.resource %q", where, n.Resource)
				}
				k.mostRes = r
			}
		}
		if rs := pc.Raises; rs != nil {
			from, err := g.boardIndex(rs.From)
			if err != nil {
				return fmt.Errorf("%s.raises.from: %v", where, err)
			}
			to, err := g.boardIndex(rs.To)
			if err != nil {
				return fmt.Errorf("%s.raises.to: %v", where, err)
			}
			r := &raise{from: from, to: to, status: -1}
			if len(rs.On) > 0 {
				if r.on, err = g.boardSet(rs.On); err != nil {
					return fmt.Errorf("%s.raises.on: %v", where, err)
				}
			}
			if rs.Status != "" {
				st, ok := g.stIndex[rs.Status]
				if !ok {
					return fmt.Errorf("%s.raises.status %q", where, rs.Status)
				}
				r.status = st
			}
			k.raises = r
		}
	}
	return nil
}

// placeNeutral puts setup.neutral's pieces on their squares.
func (p *Position) placeNeutral(s *rules.Spec) error {
	for i, np := range s.Setup.Neutral {
		where := fmt.Sprintf("setup.neutral[%d]", i)
		k, ok := p.g.kinds[np.Piece]
		if !ok || !k.neutral {
			return fmt.Errorf("%s: %q is no neutral piece", where, np.Piece)
		}
		for _, name := range np.Squares {
			sq, err := p.g.squareOf(name)
			if err != nil {
				return fmt.Errorf("%s: %v", where, err)
			}
			if p.board[sq].kind != "" {
				return fmt.Errorf("%s: %s already holds a piece", where, name)
			}
			p.board[sq] = piece{kind: np.Piece, owner: neutralOwner}
		}
	}
	return nil
}

// protected reports whether the piece on sq is kept from capture: an
// allied guard whose protects names its kind stands on its rank or file
// (line, whatever stands between) or on a square touching it (adjacent),
// on its board.
func (p *Position) protected(sq int) bool {
	pc := p.board[sq]
	if pc.kind == "" || pc.owner == neutralOwner {
		return false
	}
	b, x, y := p.g.coords(sq)
	for gsq, guard := range p.board {
		if gsq == sq || guard.kind == "" || guard.owner != pc.owner || !p.g.kinds[guard.kind].guards[pc.kind] {
			continue
		}
		gb, gx, gy := p.g.coords(gsq)
		if gb != b {
			continue
		}
		if p.g.kinds[guard.kind].guardAdj {
			if abs(gx-x)+abs(gy-y) == 1 || p.g.size >= 0 && p.coversTouch(gsq, sq) {
				return true
			}
		} else if gx == x || gy == y {
			return true
		}
	}
	return false
}

// putItem puts n of item it on sq for player owner, one at a time: one
// meeting an item it cancels removes one of that item and is not put;
// otherwise it is added up to its stack (a hidden item to owner's heap,
// whose stack it is). Hidden items cancel nothing, nor are cancelled.
func (q *Position) putItem(sq, it, owner, n int) {
	h := q.g.heap(it, owner)
	for ; n > 0; n-- {
		cancelled := false
		for j := range q.g.items {
			if q.items[sq] != nil && q.items[sq][j] > 0 && q.g.cancels[it][j] {
				q.items[sq][j]--
				cancelled = true
				break
			}
		}
		if !cancelled && (q.items[sq] == nil || q.items[sq][h] < q.g.items[it].StackOrDefault()) {
			q.addItem(sq, h, 1)
		}
	}
}

// diesOnRank reports whether pc, standing on sq, dies there by its
// kind's dies_on.
func (g *game) diesOnRank(pc piece, sq int) bool {
	k := g.kinds[pc.kind]
	if k.diesOn < 0 || pc.owner == neutralOwner {
		return false
	}
	_, _, y := g.coords(sq)
	if pc.owner == 1 {
		y = g.h - 1 - y
	}
	return y == k.diesOn
}

// touching is the squares touching sq on its board: up, down, left,
// right.
func (g *game) touching(sq int) []int {
	var out []int
	for _, d := range [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}} {
		if t, ok := g.offset(sq, d[0], d[1]); ok {
			out = append(out, t)
		}
	}
	return out
}

// Protected reports whether the piece on the named square ("E:e4") is
// kept from capture by a guard (pieces[].protects).
func (p *Position) Protected(square string) bool {
	sq, err := p.g.squareOf(square)
	return err == nil && p.protected(sq)
}
