package search

import (
	"context"
	"testing"
)

// Same material, one feature apart: the evaluation must prefer the first
// position, the side to move being the first player.
func TestEvalReadsEffects(t *testing.T) {
	tests := []struct {
		name, file, better, worse string
	}{
		{"a capture that blows up a cluster", "atomic.json",
			"4k3/8/8/2rqb3/8/3N4/8/4K3 w - - 0 1", "4k3/8/8/2rqb3/3N4/8/8/4K3 w - - 0 1"},
		{"a free shot of a rifle", "rifle.json",
			"4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", "4k3/8/8/7q/8/8/8/3RK3 w - - 0 1"},
		{"ground held", "territory.json", "", ""},
		{"the other side's piece on the wild piece's next square", "wild-bishop.json",
			"4k3/8/8/<W>7/1n6/8/8/4K3 w - - 0 1", "4k3/8/7n/<W>7/8/8/8/4K3 w - - 0 1"},
		{"a bounty within reach", "wild-knights.json",
			"4k3/8/8/8/8/<W>7/8/1N2K3 w - - 0 1", "4k3/8/8/8/8/<W>7/8/4K1N1 w - - 0 1"},
	}
	for _, tc := range tests {
		g := loadGame(t, tc.file)
		if tc.better == "" { // territory: the same board, claims added
			start := g.NewPosition().FEN()
			tc.better, tc.worse = start+" claimed-w:a1,b1,c1", start
		}
		ev := newEvaluator(tablesFor(g))
		pb, err := g.ParseFEN(tc.better)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		pw, err := g.ParseFEN(tc.worse)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if b, w := ev.evaluate(pb, 0, enginePos{pb}), ev.evaluate(pw, 0, enginePos{pw}); b <= w {
			t.Errorf("%s: %d for %q is not above %d for %q", tc.name, b, tc.better, w, tc.worse)
		}
	}
}

// TestPlayersBeatRandomOnEffects: a shallow alpha-beta player beats the
// random player with either colour on every file of the capture, territory
// and wild-piece families.
func TestPlayersBeatRandomOnEffects(t *testing.T) {
	if testing.Short() {
		t.Skip("plays twenty games")
	}
	files := []string{"atomic.json", "atomar.json", "nocheckatomic.json", "kamikaze.json", "rifle.json",
		"demotion-circe.json", "alchemists.json", "territory.json", "wild-bishop.json", "wild-knights.json"}
	for _, f := range files {
		g := loadGame(t, f)
		for side := 0; side < 2; side++ {
			p0, p1 := "ab:d2", "random"
			if side == 1 {
				p0, p1 = p1, p0
			}
			rec, err := PlayGame(context.Background(), g, p0, p1, 3, Limits{}, nil)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if rec.Winner != side {
				t.Errorf("%s: ab:d2 as player %d did not win (%s after %d plies)", f, side, rec.Rule, rec.Plies)
			}
		}
	}
}
