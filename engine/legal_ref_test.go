package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLegalMatchesPlayedFilter checks legalStd's shortcuts (moves left
// untested by prepare's pins and checks, a pinned piece judged by its pin
// line, the royal's landings filtered by one attack map) against the slow
// rule: every pseudo-legal move played on the board by legalAfter. It plays
// random games of every rule file on a board of one word whose list is
// legalStd's alone and has no drops, and compares the two lists at every
// ply; positions in check and with pins come up often in random games.
func TestLegalMatchesPlayedFilter(t *testing.T) {
	games, plies := 12, 300
	if testing.Short() {
		games = 3
	}
	checked := 0
	for _, ng := range allGames(t) {
		g := ng.g
		if !g.legalPlain || !g.small || g.drops != nil || g.cells != nil || g.wrapped {
			continue
		}
		checked++
		t.Run(ng.name, func(t *testing.T) {
			test := g.checkRules && g.royalMask != 0 || g.royalFacing || g.forbidCheck
			for seed := 0; seed < games; seed++ {
				rng := rand.New(rand.NewPCG(uint64(seed), 0x1e6a1))
				p := g.NewPosition()
				for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
					got := p.LegalMoves(nil)
					var want []Move
					for _, m := range p.genPseudo(nil, false) {
						if !test || p.legalAfter(m) {
							want = append(want, m)
						}
					}
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("seed %d ply %d at %s: legal moves %v, played filter %v", seed, ply, p.FEN(), got, want)
					}
					if len(got) == 0 {
						break
					}
					p.Make(got[rng.IntN(len(got))])
				}
			}
		})
	}
	if checked == 0 {
		t.Fatal("no rule file has legalStd's list alone on a board of one word")
	}
}
