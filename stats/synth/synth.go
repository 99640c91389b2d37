package synth

import (
	"fmt"
	"math"
	"math/rand/v2"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/stats"
)

// Config describes a synthetic measurement.
type Config struct {
	Ladder stats.Ladder
	// Elo is each rung's true rating, in ladder order.
	Elo []float64
	// FirstMoveElo is the first mover's true edge.
	FirstMoveElo float64
	// DrawRate is the draw probability between equals; it falls to zero as
	// the expected score nears 0 or 1 (draws = DrawRate·(1-|2E-1|)).
	DrawRate float64
	// Pairs is the number of colour-swapped pairs per pairing.
	Pairs int
	// Mirror also plays every rung against itself.
	Mirror bool
	// MaxPlies is the ply limit; MeanPlies the mean length of a decided game.
	MaxPlies  int
	MeanPlies float64
	// TimeoutShare is the share of draws that run to the ply limit.
	TimeoutShare float64
	Seed         uint64
}

// Games draws every pairing's games. Pairs share a PairID and a seed and
// swap colours; results are independent draws from the model.
func Games(cfg Config) ([]stats.Game, error) {
	if err := cfg.Ladder.Validate(); err != nil {
		return nil, err
	}
	if len(cfg.Elo) != len(cfg.Ladder.Rungs) {
		return nil, fmt.Errorf("synth: %d ratings for %d rungs", len(cfg.Elo), len(cfg.Ladder.Rungs))
	}
	if cfg.MaxPlies <= 0 || cfg.MeanPlies <= 0 || cfg.Pairs < 0 {
		return nil, fmt.Errorf("synth: MaxPlies, MeanPlies must be positive and Pairs not negative")
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5eed))
	rungs := cfg.Ladder.Rungs
	var out []stats.Game
	for i := range rungs {
		for j := i; j < len(rungs); j++ {
			if i == j && !cfg.Mirror {
				continue
			}
			for k := range cfg.Pairs {
				id := fmt.Sprintf("%s~%s#%d", rungs[i], rungs[j], k)
				seed := rng.Uint64()
				out = append(out,
					play(cfg, rng, rungs[i], rungs[j], cfg.Elo[i]-cfg.Elo[j], id, seed),
					play(cfg, rng, rungs[j], rungs[i], cfg.Elo[j]-cfg.Elo[i], id, seed))
			}
		}
	}
	return out, nil
}

// play draws one game: p0 moves first and is diff Elo stronger than p1.
func play(cfg Config, rng *rand.Rand, p0, p1 string, diff float64, pairID string, seed uint64) stats.Game {
	e := stats.ExpectedScore(diff + cfg.FirstMoveElo)
	draw := cfg.DrawRate * (1 - math.Abs(2*e-1))
	g := stats.Game{P0: p0, P1: p1, PairID: pairID, Seed: seed, Features: map[string]int{}}
	u := rng.Float64()
	length := func() int {
		n := int(math.Round(cfg.MeanPlies * (0.5 + rng.ExpFloat64()*0.5)))
		return max(2, min(n, cfg.MaxPlies-1))
	}
	switch {
	case u < e-draw/2:
		g.Winner = 0
	case u < e+draw/2:
		g.Winner = -1
	default:
		g.Winner = 1
	}
	if g.Winner >= 0 {
		g.Rule = engine.EndCheckmate
		g.Plies = length()
		if g.Winner == 0 && g.Plies%2 == 0 { // the mating side moved last
			g.Plies++
		}
		if g.Winner == 1 && g.Plies%2 == 1 {
			g.Plies++
		}
		g.DecisivePly = max(1, int(float64(g.Plies)*(0.5+0.4*rng.Float64())))
	} else if rng.Float64() < cfg.TimeoutShare {
		g.Rule, g.Plies = engine.EndMaxPlies, cfg.MaxPlies
	} else {
		g.Rule, g.Plies = engine.EndRepetition, length()
	}
	g.LeadChanges = rng.IntN(1 + g.Plies/20)
	if rng.Float64() < 0.7 {
		g.Features[protocol.FeatureCastling] = 1 + rng.IntN(2)
	}
	if rng.Float64() < 0.04 {
		g.Features[protocol.FeatureEnPassant] = 1
	}
	g.Features[protocol.FeatureDoubleStep] = rng.IntN(6)
	return g
}
