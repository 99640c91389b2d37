package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMaskRaysMatchWalk plays random games of every rule file twice in
// lockstep, once with rays read from one-word masks where the board allows
// and once walking every ray square by square, and checks that both list
// the same legal moves in the same order: players and the random games of
// a baseline depend on that order.
func TestMaskRaysMatchWalk(t *testing.T) {
	games, plies := 4, 300
	if testing.Short() {
		games, plies = 2, 120
	}
	for _, ng := range allGames(t) {
		t.Run(ng.name, func(t *testing.T) {
			walk := *ng.g
			walk.fastRays = slices.Clone(ng.g.fastRays)
			masked := 0
			for i := range walk.fastRays {
				if walk.fastRays[i].order != rayWalk {
					masked++
				}
				walk.fastRays[i].order = rayWalk
			}
			if ng.g.n <= 64 && masked == 0 && len(walk.fastRays) > 0 {
				t.Fatalf("a board of %d squares has %d rays and none read as masks", ng.g.n, len(walk.fastRays))
			}
			rng := rand.New(rand.NewPCG(5, uint64(len(ng.name))))
			compared := 0
			for game := 0; game < games; game++ {
				p, q := ng.g.NewPosition(), walk.NewPosition()
				for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
					got, want := p.LegalMoves(nil), q.LegalMoves(nil)
					if !slices.Equal(got, want) {
						t.Fatalf("%s: mask rays give %v, walked rays %v", p.FEN(), moveStrings(p, got), moveStrings(q, want))
					}
					if len(got) == 0 {
						break
					}
					compared += len(got)
					m := got[rng.IntN(len(got))]
					p.Make(m)
					q.Make(m)
				}
			}
			t.Logf("%d masked rays, %d moves compared", masked, compared)
		})
	}
}
