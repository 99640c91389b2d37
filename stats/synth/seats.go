package synth

import (
	"fmt"
	"math/rand/v2"

	"balancefarm/stats"
)

// SeatConfig describes synthetic games of N seats with a known seat
// advantage: a decided game's winner is drawn with probability
// proportional to its seat's weight, so seat s's true score is
// DrawRate/N + (1-DrawRate)·Weights[s]/ΣWeights.
type SeatConfig struct {
	Weights  []float64 // one per seat, positive; equal weights are fair seats
	DrawRate float64   // share of games every seat draws
	Games    int
	// Lines is how many distinct lines the games replay (0: every game
	// its own), to test the effective number.
	Lines int
	Seed  uint64
}

// TrueScores is each seat's expected score under cfg.
func (cfg SeatConfig) TrueScores() []float64 {
	var total float64
	for _, w := range cfg.Weights {
		total += w
	}
	n := float64(len(cfg.Weights))
	out := make([]float64, len(cfg.Weights))
	for s, w := range cfg.Weights {
		out[s] = cfg.DrawRate/n + (1-cfg.DrawRate)*w/total
	}
	return out
}

// SeatGames draws cfg.Games games of len(cfg.Weights) seats.
func SeatGames(cfg SeatConfig) ([]stats.SeatGame, error) {
	n := len(cfg.Weights)
	if n < 2 || n > stats.MaxSeats {
		return nil, fmt.Errorf("synth: %d seats, want 2 to %d", n, stats.MaxSeats)
	}
	var total float64
	for s, w := range cfg.Weights {
		if !(w > 0) {
			return nil, fmt.Errorf("synth: seat %d's weight %g is not positive", s, w)
		}
		total += w
	}
	if cfg.Games < 0 || cfg.Lines < 0 || !(cfg.DrawRate >= 0 && cfg.DrawRate <= 1) {
		return nil, fmt.Errorf("synth: Games and Lines must not be negative and DrawRate must lie in [0, 1]")
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5ea7))
	draw := func() stats.SeatGame {
		var winners []int
		if rng.Float64() >= cfg.DrawRate {
			u := rng.Float64() * total
			w := 0
			for w < n-1 && u >= cfg.Weights[w] {
				u -= cfg.Weights[w]
				w++
			}
			winners = []int{w}
		}
		points, _ := stats.WinShares(n, winners...)
		return stats.SeatGame{Points: points, Line: rng.Uint64() | 1, Choices: 1 + rng.IntN(40)}
	}
	out := make([]stats.SeatGame, 0, cfg.Games)
	if cfg.Lines == 0 {
		for range cfg.Games {
			out = append(out, draw())
		}
		return out, nil
	}
	lines := make([]stats.SeatGame, cfg.Lines)
	for i := range lines {
		lines[i] = draw()
	}
	for i := range cfg.Games {
		out = append(out, lines[i%cfg.Lines])
	}
	return out, nil
}
