package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"balancefarm/engine"
)

// TestQuiesceGoalListMatchesFilter checks, over random games of the goal
// games, that the list quiescence now asks the engine for outside check
// (LegalCapturesOnto of the side to move's goal squares) is exactly the
// one it used to filter from every legal move (captures and moves onto a
// goal, isGoal), in the same order: move ordering keeps the list's order
// between equal keys, so a difference in order would change games.
func TestQuiesceGoalListMatchesFilter(t *testing.T) {
	games, plies := 4, 200
	if testing.Short() {
		games, plies = 1, 100
	}
	for _, tc := range []struct {
		file  string
		leave bool // stepping off a goal wins: quiescence keeps its filter
	}{
		{"kingofthehill.json", false},
		{"racingkings.json", false},
		{"dobutsu.json", false},
		{"seeds/elven-chess.json", false},
		{"seeds/throne-and-shrines.json", false},
		{"jesonmor.json", true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			g := loadGame(t, tc.file)
			s := newABSearch[engine.Move, enginePos](tablesFor(g), PlayerSpec{Family: FamilyAB, Depth: 1}, 1)
			if s.goalSq[0] == nil || s.goalSq[1] == nil {
				t.Fatal("not a goal game to the search")
			}
			if s.leaveWin != tc.leave {
				t.Fatalf("leaveWin %v, want %v", s.leaveWin, tc.leave)
			}
			if tc.leave {
				return // every move off a goal counts: the full list is filtered
			}
			rng := rand.New(rand.NewPCG(37, uint64(len(tc.file))))
			goalMoves := 0
			for game := 0; game < games; game++ {
				p := enginePos{g.NewPosition()}
				for ply := 0; ply < plies; ply++ {
					stm := p.SideToMove()
					got := p.LegalCapturesOnto(nil, s.goalList[stm])
					moves := p.LegalMoves(nil)
					var want []engine.Move
					for _, m := range moves {
						if p.IsCapture(m) || s.isGoal(p, m, stm) {
							want = append(want, m)
							if !p.IsCapture(m) {
								goalMoves++
							}
						}
					}
					if !slices.Equal(got, want) {
						t.Fatalf("%s: LegalCapturesOnto %v, quiescence's filter %v", p.FEN(), got, want)
					}
					if len(moves) == 0 || p.Outcome().Over {
						break
					}
					p.Make(moves[rng.IntN(len(moves))])
				}
			}
			t.Logf("%d quiet moves onto a goal met", goalMoves)
		})
	}
}
