package stats_test

import (
	"testing"

	"balancefarm/stats"
	"balancefarm/stats/synth"
)

// benchBatch is a full-size measurement: 6 rungs, 21 pairings of 200 games.
func benchBatch(b *testing.B) (stats.Ladder, []stats.Game) {
	l := stats.Ladder{Rungs: []string{"random", "ab:d1", "ab:d2", "ab:d3", "mcts:i800", "mcts:i1600"},
		Doublings: []stats.Doubling{{Weak: "mcts:i800", Strong: "mcts:i1600"}}}
	games, err := synth.Games(synth.Config{Ladder: l, Elo: []float64{0, 250, 420, 560, 600, 690}, FirstMoveElo: 30,
		DrawRate: 0.3, Pairs: 100, Mirror: true, MaxPlies: 400, MeanPlies: 90, TimeoutShare: 0.1, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	return l, games
}

func BenchmarkAnalyze(b *testing.B) {
	l, games := benchBatch(b)
	th := stats.DefaultThresholds()
	b.ResetTimer()
	for b.Loop() {
		if _, err := stats.Analyze(l, stats.StartInfo{}, games, th); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(games)), "games")
}

// BenchmarkDecide is one call after the 200th game of a pairing, the most
// a pairing costs per result under the default cap.
func BenchmarkDecide(b *testing.B) {
	l, games := benchBatch(b)
	var pairing []stats.Game
	for _, g := range games {
		if (g.P0 == "mcts:i1600" && g.P1 == "random") || (g.P1 == "mcts:i1600" && g.P0 == "random") {
			pairing = append(pairing, g)
		}
	}
	th := stats.DefaultThresholds()
	b.ResetTimer()
	for b.Loop() {
		if _, err := stats.Decide(l, th, pairing); err != nil {
			b.Fatal(err)
		}
	}
}
