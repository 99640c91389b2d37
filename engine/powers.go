package engine

import (
	"fmt"

	"balancefarm/engine/rules"
)

// Pieces' powers (schema 39), part of the planes family: protection from
// capture, an item left where a piece dies, dying on arrival at a rank,
// an item put down after a move, and items that cancel each other. (A
// shot and a leap to fixed squares are move-table entries: tables.go.)

// mvSpawnShift: bits 51-55 of a move hold the item its piece puts down
// after it (pieces[].after_move), plus one (sixteen items need five
// bits); the square is aux2.
const mvSpawnShift = 51

func (m Move) spawnItem() int { return int(m>>mvSpawnShift&0x1f) - 1 }

// powersRules is the family's powers part (planesRules embeds it).
type powersRules struct {
	guards    []guardRule        // per kind; guards[k].kinds == 0 for none
	anyGuard  bool               // some kind protects
	deathItem []int              // per kind: the item its death leaves, -1 none
	diesOn    [][maxSeats]bitset // per kind, per player: the squares it dies on arriving at; nil without
	afterMove []afterMoveRule    // per kind
	anyAfter  bool               // some kind puts items down after moving
	cancels   []uint32           // per item: the items it cancels (bits)
}

type guardRule struct {
	kinds    uint32 // kind bits guarded
	adjacent bool   // the four touching squares; else the guard's rank and file
}

type afterMoveRule struct {
	items uint32 // item bits; 0 none
	empty bool   // the square must hold no item either
}

// loadPowers compiles schema 39's piece and item keys into pl.
func (g *Game) loadPowers(pl *planesRules, itemIndex map[string]int) error {
	s := g.spec
	pl.guards = make([]guardRule, g.nk)
	pl.deathItem = make([]int, g.nk)
	pl.afterMove = make([]afterMoveRule, g.nk)
	for k, pc := range s.Pieces {
		pl.deathItem[k] = -1
		if pr := pc.Protects; pr != nil {
			for _, id := range pr.Pieces {
				kk, err := g.kindOf(fmt.Sprintf("pieces[%d].protects.pieces entry", k), id)
				if err != nil {
					return err
				}
				pl.guards[k].kinds |= 1 << uint(kk)
			}
			pl.guards[k].adjacent = pr.WhereOrDefault() == rules.GuardAdjacent
			pl.anyGuard = true
		}
		if od := pc.OnDeath; od != nil {
			it, ok := itemIndex[od.Item]
			if !ok {
				return bad("pieces[%d].on_death.item %q is not an item", k, od.Item)
			}
			pl.deathItem[k] = it
		}
		if d := pc.DiesOn; d != nil {
			if pl.diesOn == nil {
				pl.diesOn = make([][maxSeats]bitset, g.nk)
			}
			for p := 0; p < 2; p++ {
				for sq := 0; sq < g.n; sq++ {
					r := g.seatRank(p, sq)
					switch v := d.Rank.(type) {
					case string:
						if v != "last" {
							return bad("pieces[%d].dies_on.rank must be an index or 'last'", k)
						}
						if r == g.h-1 {
							pl.diesOn[k][p].set(sq)
						}
					case float64:
						if v < 0 || int(v) >= g.h {
							return bad("pieces[%d].dies_on.rank must be 0 to %d", k, g.h-1)
						}
						if r == int(v) {
							pl.diesOn[k][p].set(sq)
						}
					default:
						return bad("pieces[%d].dies_on.rank must be an index or 'last'", k)
					}
				}
			}
		}
		if am := pc.AfterMove; am != nil {
			for _, id := range am.Items {
				it, ok := itemIndex[id]
				if !ok {
					return bad("pieces[%d].after_move.items entry %q is not an item", k, id)
				}
				pl.afterMove[k].items |= 1 << uint(it)
			}
			pl.afterMove[k].empty = am.On == rules.TargetEmpty
			pl.anyAfter = true
		}
	}
	pl.cancels = make([]uint32, len(s.Items))
	for i, it := range s.Items {
		for _, id := range it.Cancels {
			j, ok := itemIndex[id]
			if !ok {
				return bad("items[%d].cancels entry %q is not an item", i, id)
			}
			pl.cancels[i] |= 1 << uint(j)
			pl.cancels[j] |= 1 << uint(i) // cancelling is mutual
		}
	}
	return nil
}

// protected reports whether the piece c on sq cannot be captured: an
// allied piece guards it from where it stands (same board).
func (p *Position) protected(sq int, c uint8) bool {
	pl := p.g.planes
	if !pl.anyGuard || c == 0 {
		return false
	}
	g := p.g
	o, k := codeOwner(c), codeKind(c)
	b, x, y := g.boardOf(sq), g.fileOf[sq], g.rankOf[sq]
	for gk := range pl.guards {
		gr := &pl.guards[gk]
		if gr.kinds>>uint(k)&1 == 0 || p.count[o][gk+1] == 0 {
			continue
		}
		for at := range p.kindBB[o][gk].each {
			if at == sq || g.boardOf(at) != b {
				continue
			}
			dx, dy := abs(g.fileOf[at]-x), abs(g.rankOf[at]-y)
			if gr.adjacent && dx+dy == 1 || !gr.adjacent && (dx == 0 || dy == 0) {
				return true
			}
			if gr.adjacent && p.link != nil && p.coversTouch(at, sq) {
				return true // larger pieces touch wherever their covers do (schema 44)
			}
		}
	}
	return false
}

// addItem puts n more of item it on sq (up to its stack), logged; where
// an item it cancels lies, both are removed instead.
func (p *Position) addItem(it, sq, n int) {
	pl := p.g.planes
	for j := range pl.items {
		if pl.cancels[it]>>uint(j)&1 != 0 && p.itemN[j*p.g.n+sq] > 0 {
			p.setItem(j, sq, 0)
			return
		}
	}
	it = pl.slotFor(it, p.side) // a hidden item is the heap of the player putting it down
	p.setItem(it, sq, uint8(min(int(p.itemN[it*p.g.n+sq])+n, int(pl.items[it].stack))))
}

// powerMoves rewrites buf[start:] for the powers: a shot or an en passant
// capture of a protected piece is no move; a piece that may put an item
// down after its move gets one move more per item and square.
func (p *Position) powerMoves(buf []Move, start int) []Move {
	pl := p.g.planes
	g := p.g
	n := start
	extra := p.powerExtra[:0]
	for _, m := range buf[start:] {
		if pl.anyGuard && m&mvCapture != 0 {
			victim := m.To()
			if m.typ() == moveEnPassant {
				victim = p.epVictim
			}
			if (m&mvStay != 0 || m.typ() == moveEnPassant) && p.protected(victim, p.board[victim]) {
				continue
			}
		}
		buf[n] = m
		n++
		if m.typ() != moveNormal && m.typ() != moveDouble || m&mvStay != 0 {
			continue
		}
		am := pl.afterMove[codeKind(p.board[m.From()])]
		if am.items == 0 {
			continue
		}
		from, to := m.From(), m.To()
		b := g.boardOf(to)
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			x, y := g.fileOf[to]+d[0], g.rankOf[to]+d[1]
			if x < 0 || y < 0 || x >= g.w || y >= g.h {
				continue
			}
			sq := g.at(b, x, y)
			if g.wall.has(sq) || p.board[sq] != 0 && sq != from {
				continue
			}
			if am.empty && p.anyItemSeenBy(sq, p.side) {
				continue
			}
			for it := range pl.items {
				if am.items>>uint(it)&1 != 0 {
					extra = append(extra, m|Move(sq)<<mvAux2Shift|Move(it+1)<<mvSpawnShift)
				}
			}
		}
	}
	p.powerExtra = extra[:0] // kept for the next list
	return append(buf[:n], extra...)
}

// spawnAfter puts down the item a move chose (after_move), on its square
// if that is still free when the move's consequences are over.
func (p *Position) spawnAfter(m Move) {
	it := m.spawnItem()
	if it < 0 {
		return
	}
	sq := m.aux2()
	if p.board[sq] != 0 {
		return
	}
	p.addItem(it, sq, 1)
}

// spawnString is the after_move part of a move's notation: +ID@SQ.
func (g *Game) spawnString(m Move) string {
	it := m.spawnItem()
	if it < 0 || g.planes == nil || it >= len(g.planes.items) || m.aux2() >= g.n {
		return ""
	}
	return "+" + g.planes.items[it].id + "@" + g.names[m.aux2()]
}

// diesOnArrival reports whether piece c standing on sq dies there
// (pieces[].dies_on).
func (pl *planesRules) diesOnArrival(c uint8, sq int) bool {
	if pl.diesOn == nil {
		return false
	}
	o := codeOwner(c)
	return o < 2 && pl.diesOn[codeKind(c)][o].has(sq)
}
