package engine

import (
	"math/rand/v2"
	"testing"
)

// TestNextStatusWalksTheCarriedStatuses plays random games of the status
// games and checks, on every square after every ply, that walking
// NextStatus from 0 visits exactly the statuses StatusCount gives a
// count, in order, and that some square carries a status at some point
// (so the check is not vacuous).
func TestNextStatusWalksTheCarriedStatuses(t *testing.T) {
	for _, file := range []string{"engine/testdata/planes-statuses.json", "rulesets/seeds/three-planes.json"} {
		g := loadFile(t, file)
		rng := rand.New(rand.NewPCG(7, 11))
		carried := 0
		for game := 0; game < 4; game++ {
			p := g.NewPosition()
			for ply := 0; ply < 150 && !p.Outcome().Over; ply++ {
				for sq := 0; sq < g.n; sq++ {
					var want, got []int
					for i := 0; i < g.NumStatuses(); i++ {
						if p.StatusCount(i, sq) != 0 {
							want = append(want, i)
						}
					}
					for i := p.NextStatus(sq, 0); i >= 0; i = p.NextStatus(sq, i+1) {
						got = append(got, i)
						if len(got) > g.NumStatuses() {
							break
						}
					}
					if len(got) != len(want) {
						t.Fatalf("%s: square %d: NextStatus walks %v, counts give %v", file, sq, got, want)
					}
					for i := range got {
						if got[i] != want[i] {
							t.Fatalf("%s: square %d: NextStatus walks %v, counts give %v", file, sq, got, want)
						}
					}
					carried += len(got)
				}
				var moves []Move
				if p.AtChance() {
					moves, _ = p.ChanceOutcomes(nil, nil)
				} else {
					moves = p.LegalMoves(nil)
				}
				if len(moves) == 0 {
					break
				}
				p.Make(moves[rng.IntN(len(moves))])
			}
		}
		if carried == 0 {
			t.Errorf("%s: no square carried a status in any game", file)
		}
	}
}
