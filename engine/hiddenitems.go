package engine

import (
	"encoding/binary"

	"balancefarm/engine/rules"
)

// Hidden items and items that act at rest (schema 42, SCHEMA-42.md): the
// planes family's secret traps. A hidden item is seen only by the player
// who put it down, so each player's items of one hidden id are a heap of
// their own: the declared slot holds the first player's, a twin slot
// appended after the declared items the second's. Everything that counts
// items runs over the slots as ever; what a player may do never depends on
// the other's hidden slots (the front end keeps hidden items from sliding,
// stopping slides, offering chaos or cancelling, and "empty" targets count
// the items the chooser sees), so a move legal in a world a player samples
// is legal on the real board.

// addHiddenSlots appends each hidden item's second slot and extends what
// names items by bits (statuses' immunities) to it.
func (pl *planesRules) addHiddenSlots(g *Game, s *rules.Spec) error {
	declared := len(pl.items)
	defer func() {
		pl.actOrder = pl.actOrder[:0]
		for i := 0; i < declared; i++ {
			pl.actOrder = append(pl.actOrder, i)
			if j := pl.items[i].twin; j >= 0 {
				pl.actOrder = append(pl.actOrder, int(j))
			}
		}
	}()
	for i, it := range s.Items {
		if !it.Hidden {
			continue
		}
		switch {
		case it.Slide || it.Kill == rules.KillPass || it.Chaos || len(it.Cancels) > 0:
			return bad("items[%d]: a hidden item may not slide, kill \"pass\", offer chaos or cancel", i)
		case pl.cancelsAny(i):
			return bad("items[%d]: a hidden item may not be cancelled", i)
		case pl.startsAny(g, i):
			return bad("items[%d]: a hidden item may not lie in setup.items (nobody put it down)", i)
		}
		for k, d := range pl.deathItem {
			if int(d) == i {
				return bad("pieces[%d].on_death: a hidden item is put down by a player, not by a death", k)
			}
		}
		twin := pl.items[i]
		twin.owner, twin.twin = 1, -1
		pl.items[i].owner, pl.items[i].twin = 0, int8(len(pl.items))
		pl.items = append(pl.items, twin)
	}
	if len(pl.items) == declared {
		return nil
	}
	pl.hiddenItems = true
	pl.start = append(pl.start, make([]uint8, (len(pl.items)-declared)*g.n)...)
	for si := range pl.statuses {
		st := &pl.statuses[si]
		for i := 0; i < declared; i++ {
			if j := pl.items[i].twin; j >= 0 && st.immuneItems>>uint(i)&1 != 0 {
				st.immuneItems |= 1 << uint(j)
			}
		}
	}
	return nil
}

func (pl *planesRules) cancelsAny(i int) bool {
	for _, bits := range pl.cancels {
		if bits>>uint(i)&1 != 0 {
			return true
		}
	}
	return false
}

func (pl *planesRules) startsAny(g *Game, i int) bool {
	for _, c := range pl.start[i*g.n : (i+1)*g.n] {
		if c > 0 {
			return true
		}
	}
	return false
}

// slotFor is the slot where player s's items of declared item it lie.
func (pl *planesRules) slotFor(it, s int) int {
	if j := pl.items[it].twin; j >= 0 && s == 1 {
		return int(j)
	}
	return it
}

// fenID is how FEN's items: field names the slot: a hidden item's with its
// owner, "trap.w" or "trap.b".
func (it *itemRule) fenID() string {
	switch it.owner {
	case 0:
		return it.id + ".w"
	case 1:
		return it.id + ".b"
	}
	return it.id
}

// seenBy reports whether player s sees the items of slot i.
func (it *itemRule) seenBy(s int) bool { return it.owner < 0 || int(it.owner) == s }

// itemSquares is the squares where item slot it lies at least atLeast
// deep (atLeast >= 1), read eight squares at a time: items are few.
func (p *Position) itemSquares(it int, atLeast uint8) (out bitset) {
	n := p.g.n
	row := p.itemN[it*n : (it+1)*n]
	for i := 0; i < n; i += 8 {
		if i+8 <= n && binary.LittleEndian.Uint64(row[i:]) == 0 {
			continue
		}
		for sq := i; sq < min(i+8, n); sq++ {
			if row[sq] >= atLeast {
				out.set(sq)
			}
		}
	}
	return out
}

// anyItemSeenBy reports whether player s sees an item on sq.
func (p *Position) anyItemSeenBy(sq, s int) bool {
	for i := range p.g.planes.items {
		if p.itemN[i*p.g.n+sq] > 0 && p.g.planes.items[i].seenBy(s) {
			return true
		}
	}
	return false
}

// restsOn lets the items that kill at rest on t act on piece c, which
// has come to rest there: the first that acts kills it, and every heap of
// that item on the square goes if it is consumed. It reports whether the
// piece died.
func (p *Position) restsOn(c carried, t int, acts func(int) bool) bool {
	pl := p.g.planes
	for _, i := range pl.actOrder {
		it := &pl.items[i]
		if !it.atRest || !acts(i) {
			continue
		}
		if it.consumed {
			p.consumeAll(i, t)
		}
		p.killOn(c, t)
		return true
	}
	return false
}

// consumeAll removes the items of slot i's id from t: a hidden item's
// every heap, both players', when one acts and is used up.
func (p *Position) consumeAll(i, t int) {
	pl := p.g.planes
	p.setItem(i, t, 0)
	switch it := &pl.items[i]; {
	case it.twin >= 0:
		p.setItem(int(it.twin), t, 0)
	case it.owner == 1:
		p.setItem(pl.declaredOf(i), t, 0)
	}
}

// declaredOf is the declared slot of a second player's slot i.
func (pl *planesRules) declaredOf(i int) int {
	for j := range pl.items {
		if int(pl.items[j].twin) == i {
			return j
		}
	}
	return i
}

// ItemOwner is the player who alone sees the items of slot i (a hidden
// item's, schema 42), or -1 for an item both see. ItemID names both
// slots of a hidden item by its id.
func (g *Game) ItemOwner(i int) int {
	if i < 0 || i >= g.NumItems() {
		return -1
	}
	return int(g.planes.items[i].owner)
}

// HasHiddenItems reports whether the game has hidden items (schema 42).
func (g *Game) HasHiddenItems() bool { return g.planes != nil && g.planes.hiddenItems }

// observeItems is Observe in a game whose hidden information is its
// hidden items: the seat sees every piece and every state but the other
// player's hidden items, of which it knows how many lie on the boards.
func (p *Position) observeItems(s int) *Observation {
	g := p.g
	pl := g.planes
	other := opponent(s)
	w := p.Clone()
	w.history = w.history[:0]
	o := &Observation{g: g, seat: s, side: p.side, ply: p.ply, halfmove: p.halfmove, world: w,
		unseenItems: make([]int, len(pl.items))}
	for sq := 0; sq < g.n; sq++ {
		if !g.wall.has(sq) {
			o.seen.set(sq)
		}
		o.board[sq] = p.board[sq]
	}
	h := uint64(0)
	for i := range pl.items {
		if int(pl.items[i].owner) != other {
			continue
		}
		for sq := 0; sq < g.n; sq++ {
			if c := w.itemN[i*g.n+sq]; c > 0 {
				o.unseenItems[i] += int(c)
				w.itemN[i*g.n+sq] = 0
			}
		}
		h ^= pl.mixKey(keyUnseenItems, uint64(i), uint64(o.unseenItems[i]))
	}
	w.hash = w.computeHash()
	o.hash = w.hash ^ h ^ pl.mixKey(keyUnseenItems, 0xff, uint64(s))
	return o
}

// sampleItems is Sample for observeItems's observations: the other
// player's hidden items put at random on squares with no piece, no more
// on one square than the item stacks.
func (o *Observation) sampleItems(rand func() uint64) *Position {
	g := o.g
	pl := g.planes
	w := o.world.Clone()
	w.history = w.history[:0]
	var free []int
	for sq := 0; sq < g.n; sq++ {
		if !g.wall.has(sq) && !g.offBoard.has(sq-g.boardOf(sq)*g.bsq) && w.board[sq] == 0 {
			free = append(free, sq)
		}
	}
	for i, n := range o.unseenItems {
		for ; n > 0 && len(free) > 0; n-- {
			j := int(rand() % uint64(len(free)))
			sq := free[j]
			if w.itemN[i*g.n+sq]++; w.itemN[i*g.n+sq] >= pl.items[i].stack {
				free[j] = free[len(free)-1]
				free = free[:len(free)-1]
			}
		}
	}
	w.hash = w.computeHash()
	return w
}
