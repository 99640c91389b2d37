package engine

import (
	"math/rand/v2"
	"testing"
)

// specWalk is the attack test of leaps with legs read entry by entry, as
// before the trie: the trie must answer the same.
func (p *Position) specWalk(t, by int, mask uint32) bool {
	g := p.g
	for _, e := range g.specLeaps[by][g.specStart[by][t]:g.specStart[by][t+1]] {
		c := p.board[e.src]
		if codeOwner(c) != by || (e.mask&mask)>>maskIndex(c)&1 == 0 || e.first && !p.virgin.has(int(e.src)) {
			continue
		}
		open := true
		for _, l := range g.pool[e.legOff : e.legOff+uint32(e.legN)] {
			open = open && p.board[l] == 0
		}
		if open {
			return true
		}
	}
	return false
}

// TestLegTrieMatchesEntries: along random games of every rule file with
// leaps that have legs (xiangqi's horse, Elven chess's griffins and its
// slides near the citadels), the trie and the entry-by-entry walk agree on
// every square, for both players and for each kind alone.
func TestLegTrieMatchesEntries(t *testing.T) {
	games, plies := 3, 120
	if testing.Short() {
		games, plies = 1, 60
	}
	for _, ng := range allGames(t) {
		g := ng.g
		if len(g.specLeaps[0])+len(g.specLeaps[1]) == 0 || g.portal != nil {
			continue
		}
		for p := 0; p < 2; p++ {
			if g.legRoots[p] == nil { // short legs only: built here to be tested
				g.buildLegTrie(p)
			}
		}
		buf := make([]Move, 0, 256)
		checked := 0
		for seed := 0; seed < games; seed++ {
			rng := rand.New(rand.NewPCG(uint64(seed), 7))
			p := g.NewPosition()
			for ply := 0; ply < plies && !p.Outcome().Over && !p.InRound(); ply++ {
				for by := 0; by < 2; by++ {
					masks := []uint32{^uint32(0)}
					for k := 0; k < g.nk; k++ {
						masks = append(masks, 1<<uint(k+1))
					}
					for sq := 0; sq < g.n; sq++ {
						for _, m := range masks {
							if got, want := p.legAttacked(sq, by, m), p.specWalk(sq, by, m); got != want {
								t.Fatalf("%s %s: square %d by %d mask %b: trie %v, entries %v", ng.name, p.FEN(), sq, by, m, got, want)
							}
							checked++
						}
					}
				}
				moves := p.LegalMoves(buf[:0])
				if len(moves) == 0 {
					break
				}
				p.Make(moves[rng.IntN(len(moves))])
			}
		}
		t.Logf("%s: %d squares checked", ng.name, checked)
	}
}
