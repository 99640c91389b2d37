package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLegalCapturesMatchesLegalMoves plays random games of every rule file
// and checks at every ply that the capture-only generation gives exactly
// the captures among the legal moves, in the same order, both generated
// afresh and answered from the legal-move cache; and that HasLegalMove
// agrees with LegalMoves, and OutcomeNoList with Outcome.
func TestLegalCapturesMatchesLegalMoves(t *testing.T) {
	games, plies := 6, 300
	if testing.Short() {
		games, plies = 2, 120
	}
	for _, ng := range allGames(t) {
		t.Run(ng.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(len(ng.name))))
			captures, stuck := 0, 0
			for game := 0; game < games; game++ {
				p := ng.g.NewPosition()
				for ply := 0; ply < plies; ply++ {
					p.legalValid = false
					fresh := p.legal(nil, true) // the generation itself, no cache
					moves := p.LegalMoves(nil)
					var want []Move
					for _, m := range moves {
						if p.IsCapture(m) {
							want = append(want, m)
						}
					}
					cached := p.LegalCaptures(nil)
					if !slices.Equal(fresh, want) || !slices.Equal(cached, want) {
						t.Fatalf("%s: captures generated %v, from cache %v, filtered from LegalMoves %v",
							p.FEN(), moveStrings(p, fresh), moveStrings(p, cached), moveStrings(p, want))
					}
					p.legalValid = false
					if has := p.HasLegalMove(); has != (len(moves) > 0) {
						t.Fatalf("%s: HasLegalMove %v with %d legal moves", p.FEN(), has, len(moves))
					}
					// Again from what HasLegalMove kept (under grow choice,
					// the list before its growths).
					p.legalValid = false
					if kept := p.legal(nil, true); !slices.Equal(kept, want) {
						t.Fatalf("%s: captures after HasLegalMove %v, filtered from LegalMoves %v",
							p.FEN(), moveStrings(p, kept), moveStrings(p, want))
					}
					p.legalValid, p.ocValid = false, false
					if got, want := p.OutcomeNoList(), p.outcome(false); got != want {
						t.Fatalf("%s: OutcomeNoList %+v, Outcome %+v", p.FEN(), got, want)
					}
					captures += len(want)
					if len(moves) == 0 {
						stuck++
					}
					if len(moves) == 0 || p.Outcome().Over {
						break
					}
					p.Make(moves[rng.IntN(len(moves))])
				}
			}
			t.Logf("%d captures compared, %d positions without a move", captures, stuck)
		})
	}
}

func moveStrings(p *Position, ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = p.MoveString(m)
	}
	return out
}
