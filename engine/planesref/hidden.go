package planesref

import (
	"fmt"
	"slices"

	"balancefarm/engine/rules"
)

// Schema 42's hidden items: each player's items of a hidden id lie in a
// heap of their own on a square. A square's counts hold a heap per item
// and player: heap it for a visible item (and the first player's of a
// hidden one), it plus the number of items for the second player's.

// heap is the index in a square's counts of item it put down by owner.
func (g *game) heap(it, owner int) int {
	if g.items[it].Hidden && owner == 1 {
		return it + len(g.items)
	}
	return it
}

// lying is how many of item it lie on sq, every player's heap together.
func (p *Position) lying(sq, it int) int {
	counts := p.items[sq]
	if counts == nil {
		return 0
	}
	return counts[it] + counts[it+len(p.g.items)]
}

// sees reports whether player s sees an item on sq: a visible one, or a
// hidden one s put down.
func (p *Position) sees(sq, s int) bool {
	for it := range p.g.items {
		if p.items[sq] != nil && p.items[sq][p.g.heap(it, s)] > 0 {
			return true
		}
	}
	return false
}

// checkHidden refuses what a hidden item may not be or do: slide, kill
// "pass", chaos, cancels, be named by another item's cancels or by a
// piece's on_death, or lie in setup.items.
func (g *game) checkHidden(s *rules.Spec) error {
	for i, it := range s.Items {
		if !it.Hidden {
			continue
		}
		if it.Slide || it.Kill == rules.KillPass || it.Chaos || len(it.Cancels) > 0 {
			return fmt.Errorf("items[%d]: a hidden item with slide, kill \"pass\", chaos or cancels", i)
		}
		for j, other := range s.Items {
			if slices.Contains(other.Cancels, it.ID) {
				return fmt.Errorf("items[%d].cancels names hidden item %q", j, it.ID)
			}
		}
		for j, pc := range s.Pieces {
			if pc.OnDeath != nil && pc.OnDeath.Item == it.ID {
				return fmt.Errorf("pieces[%d].on_death names hidden item %q", j, it.ID)
			}
		}
		for j, ip := range s.Setup.Items {
			if ip.Item == it.ID {
				return fmt.Errorf("setup.items[%d] lays hidden item %q", j, it.ID)
			}
		}
	}
	return nil
}
