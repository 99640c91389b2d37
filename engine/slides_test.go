package engine

import (
	"math/rand/v2"
	"testing"

	"balancefarm/internal/maskray"
)

// The slides read as masks (slideAttacks) reach what the rays read one by
// one reach, on every piece square of games whose rays differ in kind:
// ranks, files and diagonals on boards of several sizes, a wrapped board's rays.
func TestSlideAttacksMatchRays(t *testing.T) {
	for _, file := range []string{"rulesets/chess.json", "rulesets/torus.json", "rulesets/five-by-five.json", "rulesets/minishogi.json", "rulesets/spartan.json"} {
		t.Run(file, func(t *testing.T) {
			g := loadFile(t, file)
			if !g.small {
				t.Fatalf("%s: not a board of one word", file)
			}
			rng := rand.New(rand.NewPCG(5, 6))
			slid := 0
			for idx := range g.pieceSquares {
				ps := &g.pieceSquares[idx]
				rise, fall := int(ps.nRise), int(ps.nFall)
				rays := g.fastRays[g.fastRayStart[idx]:g.fastRayStart[idx+1]]
				for i, r := range rays[:rise+fall] {
					want := uint8(maskray.Rising)
					if i >= rise {
						want = maskray.Falling
					}
					if r.order != want || r.mode != modeMove|modeCapture {
						t.Fatalf("piece square %d: ray %d of the %d slides is order %d mode %d", idx, i, rise+fall, r.order, r.mode)
					}
				}
				for _, r := range rays[rise+fall:] {
					if r.mode == modeMove|modeCapture && r.order != maskray.Walk {
						t.Fatalf("piece square %d: a slide left among the other rays", idx)
					}
				}
				if rise+fall == 0 {
					continue
				}
				slid++
				for range 200 {
					occ := rng.Uint64() & rng.Uint64()
					var want uint64
					for _, r := range rays[:rise+fall] {
						near, hit := maskray.Split(r.mask, occ, r.order)
						want |= near | hit
					}
					if got := slideAttacks(rays[:rise+fall], rise, occ); got != want {
						t.Fatalf("piece square %d, occupancy %#x: %#x, want %#x", idx, occ, got, want)
					}
				}
			}
			if slid == 0 {
				t.Fatalf("%s: no piece square has slides", file)
			}
		})
	}
}
