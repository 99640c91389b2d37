package report

import (
	"testing"
	"time"

	"balancefarm/engine"
	"balancefarm/stats"
	"balancefarm/stats/synth"
)

var testLadder = stats.Ladder{
	Rungs:     []string{"random", "ab:d1", "ab:d2", "ab:d3", "mcts:i800", "mcts:i1600"},
	Doublings: []stats.Doubling{{Weak: "mcts:i800", Strong: "mcts:i1600"}},
}

// exampleAnalysis is a synthetic batch with a warning, an error game and
// a raised flag (one_sided: the first mover is 260 Elo ahead).
func exampleAnalysis() (*stats.Analysis, error) {
	games, err := synth.Games(synth.Config{Ladder: testLadder, Elo: []float64{0, 250, 420, 560, 600, 690},
		FirstMoveElo: 260, DrawRate: 0.35, Pairs: 12, Mirror: true, MaxPlies: 400, MeanPlies: 90, TimeoutShare: 0.15, Seed: 5})
	if err != nil {
		return nil, err
	}
	games = append(games, stats.Game{P0: "random", P1: "ab:d1", Winner: -1, Rule: engine.EndError})
	start := stats.StartInfo{FirstMoveCapture: [2]bool{true, false}, FirstMoveCaptures: [2][]string{{"Cb3xb7"}}, UsesCastling: true}
	return stats.Analyze(testLadder, start, games, stats.DefaultThresholds())
}

// exampleReport is exampleAnalysis's report.
func exampleReport(t *testing.T) *Report {
	t.Helper()
	a, err := exampleAnalysis()
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(Input{Name: "cannon-race", File: "rulesets/cannon-race.json", Wall: 754 * time.Second, Analysis: a})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
