package search

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"balancefarm/engine"
)

// TestGamesStopWithinTheirBudget plays the hostile file, where one
// opening ply probes thousands of moves and one node generates thousands
// more, under a short wall budget: every player, opening probes included,
// must notice the stop signal and return within a second of the budget.
func TestGamesStopWithinTheirBudget(t *testing.T) {
	data, err := os.ReadFile("testdata/hostile-sliders.json")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	const budget = 300 * time.Millisecond
	tests := []struct {
		name    string
		p0, p1  string
		opening int
	}{
		{"random opening probes", "random", "random", 0},
		{"alpha-beta by depth", "ab:d3", "ab:d3", -1},
		{"alpha-beta by nodes", "ab:n20000", "ab:n20000", -1},
		{"mcts", "mcts:i800", "mcts:i800", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), budget)
			defer cancel()
			start := time.Now()
			_, err := PlayGame(ctx, g, tt.p0, tt.p1, 1, Limits{OpeningPlies: tt.opening}, nil)
			took := time.Since(start)
			if took > budget+time.Second {
				t.Errorf("game returned %s after a budget of %s", took, budget)
			}
			if err != nil && !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("game failed with %v, want it stopped by its budget (or finished)", err)
			}
		})
	}
}
