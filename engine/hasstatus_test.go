package engine

import (
	"math/rand/v2"
	"testing"
)

// TestHasStatusAnswersForEveryStatus plays random games of the status
// games and checks, on every square after every ply, that a square
// HasStatus calls bare has no count of any status, and that some square
// carries a status at some point (so the check is not vacuous).
func TestHasStatusAnswersForEveryStatus(t *testing.T) {
	for _, file := range []string{"engine/testdata/planes-statuses.json", "rulesets/seeds/three-planes.json"} {
		g := loadFile(t, file)
		rng := rand.New(rand.NewPCG(7, 11))
		carried := 0
		for game := 0; game < 4; game++ {
			p := g.NewPosition()
			for ply := 0; ply < 150 && !p.Outcome().Over; ply++ {
				for sq := 0; sq < g.n; sq++ {
					if p.HasStatus(sq) {
						carried++
						continue
					}
					for i := 0; i < g.NumStatuses(); i++ {
						if n := p.StatusCount(i, sq); n != 0 {
							t.Fatalf("%s: square %d: HasStatus false, status %d counts %d", file, sq, i, n)
						}
					}
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
