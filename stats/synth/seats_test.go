package synth

import (
	"math"
	"testing"

	"balancefarm/stats"
)

func TestSeatGamesScoreAsConfigured(t *testing.T) {
	cfg := SeatConfig{Weights: []float64{3, 1, 1, 1}, DrawRate: 0.2, Games: 4000, Seed: 7}
	games, err := SeatGames(cfg)
	if err != nil {
		t.Fatal(err)
	}
	scores, err := stats.SeatScores(games, 4, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range cfg.TrueScores() { // 0.05 + 0.8·w/6: 0.45, then 0.1833
		if !scores[s].Score.Contains(want) {
			t.Errorf("seat %d: %v misses the true score %.3f", s, scores[s].Score, want)
		}
	}
	if d := stats.DrawRate(games, 0.95); !d.Contains(0.2) {
		t.Errorf("draw rate %v misses 0.2", d)
	}
	for _, bad := range []SeatConfig{{Weights: []float64{1}}, {Weights: []float64{1, 0}}, {Weights: []float64{1, 1}, DrawRate: 2}} {
		if _, err := SeatGames(bad); err == nil {
			t.Errorf("%+v: want an error", bad)
		}
	}
}

// The flag raises on a strong seat advantage with enough games, clears on
// fair seats, and stays undecided on few games or on few lines replayed.
func TestSeatAdvantageOnSyntheticGames(t *testing.T) {
	th := stats.DefaultThresholds()
	for _, c := range []struct {
		name string
		cfg  SeatConfig
		want string
		// also is a second right answer: a strong seat may show in a few
		// games (6 wins in 8 is decisive), but they must never clear it.
		also string
	}{
		{"first seat strong, four seats", SeatConfig{Weights: []float64{2, 1, 1, 1}, DrawRate: 0.1, Games: 1500}, stats.StateRaised, ""},
		{"last seat weak, three seats", SeatConfig{Weights: []float64{1, 1, 0.4}, Games: 1500}, stats.StateRaised, ""},
		{"fair four seats", SeatConfig{Weights: []float64{1, 1, 1, 1}, DrawRate: 0.1, Games: 3000}, stats.StateClear, ""},
		{"fair eight seats", SeatConfig{Weights: []float64{1, 1, 1, 1, 1, 1, 1, 1}, Games: 8000}, stats.StateClear, ""},
		{"strong seat, few games", SeatConfig{Weights: []float64{2, 1, 1, 1}, Games: 8}, stats.StateUndecided, stats.StateRaised},
		{"slight edge, some games", SeatConfig{Weights: []float64{1.4, 1, 1, 1}, Games: 60}, stats.StateUndecided, ""},
		{"fair seats, few games", SeatConfig{Weights: []float64{1, 1, 1, 1}, Games: 20}, stats.StateUndecided, ""},
		{"fair seats, forty lines replayed", SeatConfig{Weights: []float64{1, 1, 1, 1}, Games: 3000, Lines: 40}, stats.StateUndecided, ""},
	} {
		for seed := range uint64(5) {
			cfg := c.cfg
			cfg.Seed = seed
			games, err := SeatGames(cfg)
			if err != nil {
				t.Fatal(err)
			}
			got, err := stats.SeatAdvantage(games, len(cfg.Weights), th)
			if err != nil {
				t.Fatal(err)
			}
			if got.State != c.want && got.State != c.also {
				t.Errorf("%s, seed %d: %s, want %s: %s", c.name, seed, got.State, c.want, got.Detail)
				continue
			}
			if got.State == stats.StateUndecided && got.MoreGames == 0 {
				t.Errorf("%s, seed %d: undecided without saying what would decide it", c.name, seed)
			}
			if cfg.Lines > 0 && got.MoreGames != stats.MoreGamesRepeat {
				t.Errorf("%s, seed %d: %d more games, want MoreGamesRepeat (more openings, not more games)", c.name, seed, got.MoreGames)
			}
		}
	}
}

// Balance falls with the seat advantage, and its interval holds the true
// value: with weights w and no draws, seat s's partial win is
// P(win)·1 + (1-P(win))·(n-2)/(2(n-1)).
func TestSeatBalanceOnSyntheticGames(t *testing.T) {
	for _, c := range []struct {
		weights []float64
	}{
		{[]float64{1, 1, 1, 1}},
		{[]float64{2, 1, 1, 1}},
		{[]float64{4, 2, 1}},
	} {
		cfg := SeatConfig{Weights: c.weights, Games: 3000, Seed: 3}
		games, _ := SeatGames(cfg)
		n := float64(len(c.weights))
		loser := (n - 2) / (2 * (n - 1))
		hi, lo := math.Inf(-1), math.Inf(1)
		for _, p := range cfg.TrueScores() {
			u := p + (1-p)*loser
			hi, lo = math.Max(hi, u), math.Min(lo, u)
		}
		want := 1 - (hi - lo)
		got, err := stats.SeatBalance(games, len(c.weights), 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Contains(want) || math.Abs(got.Est-want) > 0.05 {
			t.Errorf("weights %v: balance %+v, true %.3f", c.weights, got, want)
		}
	}
}
