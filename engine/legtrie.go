package engine

import "sort"

// The attack test's leaps with legs, as a trie per target. Lame leaps,
// bent moves and slides compiled per landing (entry.go) put many sources
// on each target, up to a hundred on a large board, most of them behind
// the same few squares: every landing of a griffin's slide onto a target
// passes the squares next to it. Read from the target outward, the legs
// of those entries share prefixes, so a trie of them walks each line once
// and drops every source behind the first occupied square, where testing
// the entries one by one reads every source's square. Same answers as
// walking specLeaps; specLeaps stays for pins and evasions, and for the
// attack test of games whose legs are one square long (xiangqi's horse and
// elephant), where the trie would read more squares than it saves. Each
// node also keeps its subtree's sources as a set (legSub), so a subtree
// where the attacker has no piece is passed over without reading a leg.

// legNode is one square of the trie, in depth-first order: the entries
// whose legs, read from the target outward, end here are legHits[off:
// off+n]; skip is the index past this node's subtree, taken when the
// square is occupied. A node of square noLeg holds the entries without
// legs (a first-move leap) and is never skipped.
type legNode struct {
	skip uint32
	off  uint32
	n    uint16
	sq   uint16
}

// legHit is one source of a leap onto the target, with its kinds.
type legHit struct {
	mask  uint32
	src   uint8
	first bool
}

const noLeg = 0xffff

// buildLegTries builds player p's tries when some entry of its specLeaps
// has legs of two squares or more.
func (g *Game) buildLegTries(p int) {
	for _, e := range g.specLeaps[p] {
		if e.legN > 1 {
			g.buildLegTrie(p)
			return
		}
	}
}

// buildLegTrie builds legRoots, legNodes and legHits of player p from its
// specLeaps.
func (g *Game) buildLegTrie(p int) {
	type tnode struct {
		sq    int
		hits  []legHit
		kids  map[int]*tnode
		order []int
	}
	newNode := func(sq int) *tnode { return &tnode{sq: sq, kids: map[int]*tnode{}} }
	var flatten func(n *tnode)
	flatten = func(n *tnode) {
		i := len(g.legNodes[p])
		g.legNodes[p] = append(g.legNodes[p], legNode{off: uint32(len(g.legHits[p])), n: uint16(len(n.hits)), sq: uint16(n.sq)})
		g.legHits[p] = append(g.legHits[p], n.hits...)
		sort.Ints(n.order)
		for _, sq := range n.order {
			flatten(n.kids[sq])
		}
		g.legNodes[p][i].skip = uint32(len(g.legNodes[p]))
	}
	g.legRoots[p] = make([]uint32, g.n+1)
	for t := 0; t < g.n; t++ {
		g.legRoots[p][t] = uint32(len(g.legNodes[p]))
		root := newNode(noLeg)
		for _, e := range g.specLeaps[p][g.specStart[p][t]:g.specStart[p][t+1]] {
			n := root
			legs := g.pool[e.legOff : e.legOff+uint32(e.legN)]
			for i := len(legs) - 1; i >= 0; i-- {
				sq := int(legs[i])
				kid := n.kids[sq]
				if kid == nil {
					kid = newNode(sq)
					n.kids[sq] = kid
					n.order = append(n.order, sq)
				}
				n = kid
			}
			n.hits = append(n.hits, legHit{mask: e.mask, src: e.src, first: e.first})
		}
		if len(root.hits) > 0 {
			flatten(root)
			continue
		}
		sort.Ints(root.order)
		for _, sq := range root.order {
			flatten(root.kids[sq])
		}
	}
	g.legRoots[p][g.n] = uint32(len(g.legNodes[p]))
	// Each node's subtree sources, children first.
	nodes := g.legNodes[p]
	g.legSub[p] = make([]bitset, len(nodes))
	for i := len(nodes) - 1; i >= 0; i-- {
		sub := &g.legSub[p][i]
		for _, h := range g.legHits[p][nodes[i].off : nodes[i].off+uint32(nodes[i].n)] {
			sub.set(int(h.src))
		}
		for c := uint32(i + 1); c < nodes[i].skip; c = nodes[c].skip {
			for w := range sub {
				sub[w] |= g.legSub[p][c][w]
			}
		}
	}
}

// legAttacked is leapAttacked's walk over the trie of target t: whether a
// piece of by of the kinds in mask leaps onto t over empty legs.
func (p *Position) legAttacked(t, by int, mask uint32) bool {
	g := p.g
	board := &p.board
	nodes := g.legNodes[by]
	hits := g.legHits[by]
	subs, occ := g.legSub[by], &p.occ[by]
	end := g.legRoots[by][t+1]
	for i := g.legRoots[by][t]; i < end; {
		n := &nodes[i]
		if n.sq != noLeg && board[n.sq] != 0 {
			i = n.skip
			continue
		}
		// A subtree none of whose sources holds one of by's pieces is
		// passed over whole.
		if u := &subs[i]; u[0]&occ[0]|u[1]&occ[1]|u[2]&occ[2]|u[3]&occ[3] == 0 {
			i = n.skip
			continue
		}
		for _, h := range hits[n.off : n.off+uint32(n.n)] {
			c := board[h.src]
			if codeOwner(c) == by && (h.mask&mask)>>maskIndex(c)&1 != 0 && (!h.first || p.virgin.has(int(h.src))) {
				return true
			}
		}
		i++
	}
	return false
}
