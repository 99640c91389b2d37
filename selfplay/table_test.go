package selfplay

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/records"
	"balancefarm/search"
)

// selfPlayGames plays n games of spec against itself as the farm's
// workers would, replayed as the coordinator replays them.
func selfPlayGames(t *testing.T, g *engine.Game, file, spec string, n int) []*records.Replayed {
	t.Helper()
	data := readRuleset(t, file)
	runner := NewRunner()
	var results []protocol.Result
	for i := range n {
		job := protocol.Job{JobIdentity: protocol.JobIdentity{JobID: fmt.Sprintf("b-%06d", i), BatchID: "b", Ruleset: file,
			RulesetHash: protocol.HashRuleFile(data), P0: spec, P1: spec, Seed: uint64(100 + i), PairID: i / 2, Game: i}, MaxNodes: 1_000_000}
		r, err := runner.Run(context.Background(), data, job, func() {})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	return records.ReplayAll(g, results)
}

func TestLearnTable(t *testing.T) {
	g := loadRules(t, "../rulesets/chess.json")
	games := selfPlayGames(t, g, "chess.json", "ab:n60", 120)
	rows, fit, err := LearnTable(g, "ab:n60", games)
	if err != nil {
		t.Fatal(err)
	}
	// A game with no quiet position from records.QuietFrom on gives no
	// sample (108 of these 120 have some).
	if fit.Games < 100 || fit.Games > 120 || fit.Samples < 10*fit.Games {
		t.Errorf("fitted on %d positions of %d games, want the quiet positions of most of the 120", fit.Samples, fit.Games)
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
	again, _, err := LearnTable(g, "ab:n60", games)
	if err != nil || search.FormatRows(again) != search.FormatRows(rows) {
		t.Errorf("a second fit of the same games differs (%v)", err)
	}
}

func TestLearnTableRefuses(t *testing.T) {
	g := loadRules(t, "../rulesets/chess.json")
	results := selfPlayGames(t, g, "chess.json", "ab:n30", 4)
	var random []*records.Replayed
	for _, rp := range results {
		r := *rp
		r.Result.P1 = "random"
		random = append(random, &r)
	}
	tests := []struct {
		name    string
		spec    string
		results []*records.Replayed
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
