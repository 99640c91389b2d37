package search

import (
	"context"
	"strings"
	"testing"

	"balancefarm/engine"
)

// trapsFile is the front end's example of schema 42's secret traps: a
// hidden trap sold for a square without a piece, a piece at rest on it
// dies.
const trapsFile = "../engine/rules/testdata/valid/traps.json"

// trapsFEN is a traps.json position with black's trap on sq (and white's
// on a3): white's rook can take the unguarded black rook on b5 or go
// anywhere on its file and rank.
func trapsFEN(sq string) string {
	return "3k2/6/1r4/6/6/R2K2 w - - 0 20 items:trap.w@a3,trap.b@" + sq + " purse:gold=0/0"
}

// TestTrapsPlayersDoNotLeak: every hidden-information player, given the
// same seed, chooses the same move whether black's trap lies where a
// seer's move would end or elsewhere; the seer, which sees the trap,
// does not play that move when the trap lies on its way.
func TestTrapsPlayersDoNotLeak(t *testing.T) {
	g := loadHiddenRules(t, trapsFile)
	if !g.HasHiddenInformation() {
		t.Fatal("traps.json has no hidden information")
	}
	away := mustFEN(t, g, trapsFEN("f3"))
	best := seerMove(t, g, away)
	to := best[len(best)-2:]
	if !strings.HasPrefix(best, "a1") || to == "f3" {
		t.Fatalf("the seer plays %s with the trap away: the position does not test a leak", best)
	}
	on := mustFEN(t, g, trapsFEN(to))
	if on.Observe(0).Hash() != away.Observe(0).Hash() {
		t.Fatal("the two positions look different to white")
	}
	if got := seerMove(t, g, on); got == best {
		t.Fatalf("a seer plays %s onto the trap: the trap does not matter here", got)
	}
	for _, spec := range hiddenKinds {
		for seed := uint64(1); seed <= 3; seed++ {
			var moves [2]string
			for i, p := range []*engine.Position{away, on} {
				k := &knowledge{obs: p.Observe(0)}
				k.onWorld = func(w *engine.Position) {
					items := w.FEN()[strings.Index(w.FEN(), "items:"):]
					if !strings.Contains(items, "trap.w@a3") || strings.Count(items, "trap.b@") != 1 {
						t.Errorf("%s: a world with other traps: %s", spec, w.FEN())
					}
				}
				hc, err := hiddenTestPlayer(t, g, spec, seed).chooseHidden(context.Background(), k, 1e9)
				if err != nil || hc.move == "" {
					t.Fatalf("%s: %q, %v", spec, hc.move, err)
				}
				moves[i] = hc.move
			}
			if moves[0] != moves[1] {
				t.Errorf("%s seed %d: %s with black's trap away, %s with it on %s", spec, seed, moves[0], moves[1], to)
			}
		}
	}
}
