package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestLegalCapturesOntoMatchesLegalMoves plays random games of every rule
// file and checks at every ply, for several sets of squares (the side to
// move's reach goals, a few random squares, every square, none on the
// board), that LegalCapturesOnto gives exactly the legal moves that
// capture or land on one of them, in LegalMoves's order, both generated
// afresh and answered from the legal-move cache. Quiescence in a race
// searches this list in this order, so a difference would change games.
func TestLegalCapturesOntoMatchesLegalMoves(t *testing.T) {
	games, plies := 3, 250
	if testing.Short() {
		games, plies = 1, 120
	}
	// The goal games, whose quiescence asks for this list: each must reach
	// the restricted generation, not only the filter of the full list.
	restrictedWanted := []string{"rulesets/kingofthehill.json", "rulesets/racingkings.json", "rulesets/dobutsu.json",
		"rulesets/seeds/elven-chess.json", "rulesets/seeds/throne-and-shrines.json"}
	seen := 0
	for _, ng := range allGames(t) {
		t.Run(ng.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(37, uint64(len(ng.name))))
			reach := ng.g.Reach()
			n := ng.g.NumSquares()
			every := make([]int, n)
			for sq := range every {
				every[sq] = sq
			}
			restricted, compared := 0, 0
			for game := 0; game < games; game++ {
				p := ng.g.NewPosition()
				for ply := 0; ply < plies; ply++ {
					sets := [][]int{
						{rng.IntN(n), rng.IntN(n), rng.IntN(n)},
						every,
						{-1, n, n + 7},
					}
					if s := p.SideToMove(); reach != nil && s < 2 {
						sets = append(sets, reach.Goals[s])
					}
					p.legalValid = false
					var fresh [][]Move
					for _, sq := range sets {
						ok := p.capToOK()
						if ok {
							restricted++
						}
						fresh = append(fresh, p.LegalCapturesOnto(nil, sq))
						if p.capToAny || !p.capTo.empty() {
							t.Fatalf("%s: capTo left set", p.FEN())
						}
						if ok && p.legalValid {
							t.Fatalf("%s: the restricted list came from the full one", p.FEN())
						}
						p.legalValid = false
					}
					moves := p.LegalMoves(nil)
					for i, sq := range sets {
						var want []Move
						for _, m := range moves {
							if p.IsCapture(m) || !m.MovesNoPiece() && slices.Contains(sq, m.To()) {
								want = append(want, m)
							}
						}
						cached := p.LegalCapturesOnto(nil, sq)
						if !slices.Equal(fresh[i], want) || !slices.Equal(cached, want) {
							t.Fatalf("%s onto %v: generated %v, from cache %v, filtered from LegalMoves %v",
								p.FEN(), sq, moveStrings(p, fresh[i]), moveStrings(p, cached), moveStrings(p, want))
						}
						compared += len(want)
					}
					if len(moves) == 0 || p.Outcome().Over {
						break
					}
					p.Make(moves[rng.IntN(len(moves))])
				}
			}
			if slices.Contains(restrictedWanted, strings.ReplaceAll(ng.name, `\`, "/")) {
				seen++
				if restricted == 0 {
					t.Errorf("a goal game never generated the restricted list")
				}
			}
			t.Logf("%d moves compared, %d lists generated restricted", compared, restricted)
		})
	}
	if seen != len(restrictedWanted) {
		t.Errorf("%d of the %d goal games found", seen, len(restrictedWanted))
	}
}
