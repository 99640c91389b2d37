package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"balancefarm/internal/maskray"
)

// TestMobilityMasksMatchWalk evaluates the positions of random games of
// small-board rule files twice, once with line rays read as masks and once
// walking every ray square by square, and requires the same value: the
// mask form is a speed-up, not a change of the evaluation.
func TestMobilityMasksMatchWalk(t *testing.T) {
	files := []string{"chess.json", "five-by-five.json", "torus.json", "giveaway.json", "racingkings.json",
		"rock-paper-scissors.json", "seeds/throne-and-shrines.json", "spartan.json", "makruk.json", "horde.json"}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			g := loadGame(t, file)
			masked := buildEvalTables(g)
			walked := *masked
			walked.kinds = slices.Clone(masked.kinds)
			nMasked := 0
			for k := range walked.kinds {
				kt := &walked.kinds[k]
				for pl := range kt.lines {
					lines := make([][]ray, len(kt.lines[pl]))
					for sq, rs := range kt.lines[pl] {
						lines[sq] = slices.Clone(rs)
						for i := range lines[sq] {
							if lines[sq][i].order != maskray.Walk {
								nMasked++
							}
							lines[sq][i].order = maskray.Walk
						}
					}
					kt.lines[pl] = lines
				}
			}
			if nMasked == 0 {
				t.Fatal("no line ray of this small board reads as a mask")
			}
			em, ew := newEvaluator(masked), newEvaluator(&walked)
			rng := rand.New(rand.NewPCG(9, uint64(len(file))))
			evaluated := 0
			for game := 0; game < 4; game++ {
				p := g.NewPosition()
				for ply := 0; ply < 200 && !p.Outcome().Over; ply++ {
					for stm := 0; stm < 2; stm++ {
						if a, b := em.evaluate(p, stm, p), ew.evaluate(p, stm, p); a != b {
							t.Fatalf("%s, side %d: %d with masks, %d walking", p.FEN(), stm, a, b)
						}
					}
					evaluated++
					moves := p.LegalMoves(nil)
					p.Make(moves[rng.IntN(len(moves))])
				}
			}
			t.Logf("%d masked rays, %d positions evaluated", nMasked, evaluated)
		})
	}
}
