package selfplay

import (
	"context"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/search"
)

// selfPlayResults plays n games of spec against itself as the farm would
// record them.
func selfPlayResults(t *testing.T, g *engine.Game, spec string, n int) []protocol.Result {
	t.Helper()
	var out []protocol.Result
	for i := range n {
		rec, err := search.PlayGame(context.Background(), g, spec, spec, uint64(100+i), search.Limits{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := protocol.Result{Moves: rec.Moves, OpeningPlies: rec.OpeningPlies, Plies: rec.Plies, Winner: rec.Winner}
		r.P0, r.P1 = spec, spec
		out = append(out, r)
	}
	return out
}

func TestLearnTable(t *testing.T) {
	g := loadRules(t, "../rulesets/chess.json")
	results := selfPlayResults(t, g, "ab:n60", 120)
	rows, fit, err := LearnTable(g, "ab:n60", results)
	if err != nil {
		t.Fatal(err)
	}
	// A game over before its first quiet position after the opening
	// gives no sample.
	if fit.Games < 110 || fit.Games > 120 || fit.Samples < 10*fit.Games {
		t.Errorf("fitted on %d positions of %d games, want the quiet positions of nearly all 120", fit.Samples, fit.Games)
	}
	if !(fit.LossAfter < fit.LossBefore) {
		t.Errorf("log loss %.5f with the table, %.5f without", fit.LossAfter, fit.LossBefore)
	}
	if len(rows) == 0 {
		t.Fatal("no rows learned")
	}
	for _, r := range rows {
		if len(r.Cents) != 64 {
			t.Errorf("row %s has %d squares", r.ID, len(r.Cents))
		}
		sum := 0
		for sq, c := range r.Cents {
			if k := g.KindByID(r.ID); k >= 0 && g.CanStand(0, k, sq) {
				sum += c
			}
		}
		// Centred: the rounding of each square leaves a few centipawns.
		if sum < -64 || sum > 64 {
			t.Errorf("row %s sums to %d over its squares, want about 0", r.ID, sum)
		}
	}
	spec, err := search.WithTable("ab:n100", rows)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := search.PlayGame(context.Background(), g, spec, "ab:n100", 1, search.Limits{}, nil); err != nil {
		t.Errorf("the learned spec %s does not play: %v", spec, err)
	}
	// The same games learn the same table.
	again, _, err := LearnTable(g, "ab:n60", results)
	if err != nil || search.FormatRows(again) != search.FormatRows(rows) {
		t.Errorf("a second fit of the same games differs (%v)", err)
	}
}

func TestLearnTableRefuses(t *testing.T) {
	g := loadRules(t, "../rulesets/chess.json")
	results := selfPlayResults(t, g, "ab:n30", 4)
	random := append([]protocol.Result(nil), results...)
	for i := range random {
		random[i].P1 = "random"
	}
	tests := []struct {
		name    string
		spec    string
		results []protocol.Result
		wantErr string
	}{
		{"too few games", "ab:n30", results, "at least 100"},
		{"random players' games left out", "ab:n30", random, "0 games"},
		{"a player that does not evaluate", "random", results, "only ab and mcts"},
		{"a spec that does not parse", "ab:zz", results, "ab:zz"},
	}
	for _, tc := range tests {
		if _, _, err := LearnTable(g, tc.spec, tc.results); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: error %v, want it to mention %q", tc.name, err, tc.wantErr)
		}
	}
	seated := loadRules(t, "../rulesets/four-player-teams.json")
	if _, _, err := LearnTable(seated, "ab:n30", results); err == nil || !strings.Contains(err.Error(), "two players") {
		t.Errorf("a game with seats: error %v", err)
	}
}
