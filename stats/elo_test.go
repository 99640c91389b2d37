package stats_test

import (
	"math"
	"testing"

	"balancefarm/engine"
	"balancefarm/stats"
	"balancefarm/stats/synth"
)

func TestFitRatingsRecoversSyntheticLadder(t *testing.T) {
	ladder := stats.Ladder{Rungs: []string{"random", "ab:d1", "ab:d2", "ab:d3"}}
	truth := []float64{0, 150, 300, 500}
	const firstMove = 40
	games, err := synth.Games(synth.Config{Ladder: ladder, Elo: truth, FirstMoveElo: firstMove,
		DrawRate: 0.3, Pairs: 150, Mirror: true, MaxPlies: 200, MeanPlies: 60, TimeoutShare: 0.2, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	r, err := stats.FitRatings(ladder, games, 1, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if r.Anchor != "random" || len(r.Rungs) != 4 {
		t.Fatalf("anchor %q, %d rungs", r.Anchor, len(r.Rungs))
	}
	for i, rg := range r.Rungs {
		t.Logf("%s: true %.0f fitted %.1f [%.1f, %.1f]", rg.Spec, truth[i], rg.Elo.Est, rg.Elo.Lo, rg.Elo.Hi)
		if rg.Spec != ladder.Rungs[i] {
			t.Errorf("rung %d is %q, want %q", i, rg.Spec, ladder.Rungs[i])
		}
		if math.Abs(rg.Elo.Est-truth[i]) > 40 {
			t.Errorf("%s: fitted %.1f, true %.0f (more than 40 off)", rg.Spec, rg.Elo.Est, truth[i])
		}
		if i > 0 && !rg.Elo.Contains(truth[i]) {
			t.Errorf("%s: interval [%.1f, %.1f] misses the true %.0f", rg.Spec, rg.Elo.Lo, rg.Elo.Hi, truth[i])
		}
		if i > 0 && (rg.Elo.Hi-rg.Elo.Lo > 120 || rg.Elo.Hi-rg.Elo.Lo < 10) {
			t.Errorf("%s: interval width %.1f implausible for 1800 games", rg.Spec, rg.Elo.Hi-rg.Elo.Lo)
		}
	}
	t.Logf("first move: true %d fitted %+v (%d Newton iterations)", firstMove, r.FirstMove, r.Iterations)
	if math.Abs(r.FirstMove.Est-firstMove) > 25 || !r.FirstMove.Contains(firstMove) {
		t.Errorf("first-move edge %+v, true %d", r.FirstMove, firstMove)
	}
	d, err := r.Diff("ab:d3", "ab:d1")
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(d.Est-350) > 50 || !d.Contains(350) {
		t.Errorf("d3 - d1 = %+v, true 350", d)
	}
}

func TestFitRatingsPerfectSeparationStaysFinite(t *testing.T) {
	ladder := stats.Ladder{Rungs: []string{"w", "s"}}
	var games []stats.Game
	for i := range 20 {
		g := stats.Game{P0: "s", P1: "w", Winner: 0, Rule: engine.EndCheckmate, Plies: 30}
		if i%2 == 1 {
			g = stats.Game{P0: "w", P1: "s", Winner: 1, Rule: engine.EndCheckmate, Plies: 30}
		}
		games = append(games, g)
	}
	r, err := stats.FitRatings(ladder, games, 1, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := r.Lookup("s")
	if math.IsInf(s.Elo.Est, 0) || math.IsNaN(s.Elo.Est) || s.Elo.Est < 300 {
		t.Errorf("s won all 20 games: rating %+v should be large and finite", s.Elo)
	}
	if math.Abs(r.FirstMove.Est) > 1 {
		t.Errorf("colours were balanced, first-move edge %+v should be 0", r.FirstMove)
	}
}

func TestFitRatingsLeavesOutDisconnected(t *testing.T) {
	ladder := stats.Ladder{Rungs: []string{"a", "b", "c", "d"}}
	games := []stats.Game{
		{P0: "a", P1: "b", Winner: 1, Rule: engine.EndCheckmate, Plies: 10},
		{P0: "c", P1: "d", Winner: 1, Rule: engine.EndCheckmate, Plies: 10},
	}
	r, err := stats.FitRatings(ladder, games, 1, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Rungs) != 2 || len(r.Left) != 2 || r.Left[0] != "c" {
		t.Errorf("rated %+v, left out %v: want a, b rated and c, d left out", r.Rungs, r.Left)
	}
}
