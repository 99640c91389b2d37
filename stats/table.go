package stats

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/optimize"
)

// TableSample is one quiet position of a self-play game, for learning a
// piece-square table on top of an evaluation.
type TableSample struct {
	// Squares are the pieces on the board as table entries: e >= 0 is
	// player 0's piece on entry e, e < 0 player 1's on entry -e-1 (its
	// square seen as player 0 sees it).
	Squares []int32
	// Offset is the evaluation the table adds to, in centipawns, from
	// player 0's side.
	Offset float64
	// Result is the game's score for player 0: 1, 0.5 or 0.
	Result float64
	// Game numbers the sample's game from 0.
	Game int
}

// TableFit is a learned piece-square table.
type TableFit struct {
	// Cents is each entry's learned centipawns.
	Cents []float64
	// Scale is the logistic slope a centipawn of the offset has on the
	// score (fitted first, on the offsets alone).
	Scale float64
	// LossBefore and LossAfter are the mean log loss of the samples
	// without the table and with it (the prior's penalty left out).
	LossBefore, LossAfter float64
	Samples, Games        int
}

// TablePriorCents is the spread of the prior on each entry: a Gaussian
// of this standard deviation around zero, weighed once per game (the
// positions of one game share its result, so they count as one piece of
// evidence, not many).
const TablePriorCents = 30

// FitTable fits P(player 0 wins) = logistic(Scale · (Offset + Σ ±Cents))
// by maximum a posteriori, Texel-style: Scale from the offsets alone, then
// the entries by L-BFGS under the Gaussian prior TablePriorCents. entries
// is the table's size.
func FitTable(samples []TableSample, entries int) (TableFit, error) {
	if len(samples) == 0 || entries <= 0 {
		return TableFit{}, errors.New("no samples to learn a table from")
	}
	games := 0
	for _, s := range samples {
		games = max(games, s.Game+1)
		for _, e := range s.Squares {
			if e >= int32(entries) || -e-1 >= int32(entries) {
				return TableFit{}, fmt.Errorf("table entry %d outside a table of %d", e, entries)
			}
		}
	}
	n := float64(len(samples))
	scale := tableScale(samples)
	penalty := 1 / (2 * TablePriorCents * TablePriorCents * float64(games))
	loss := func(w []float64, grad []float64) float64 {
		total := 0.0
		for i := range grad {
			grad[i] = 0
		}
		for _, s := range samples {
			z := s.Offset
			for _, e := range s.Squares {
				if e >= 0 {
					z += w[e]
				} else {
					z -= w[-e-1]
				}
			}
			total += logLoss(scale*z, s.Result)
			if grad == nil {
				continue
			}
			d := scale * (logistic(scale*z) - s.Result) / n
			for _, e := range s.Squares {
				if e >= 0 {
					grad[e] += d
				} else {
					grad[-e-1] -= d
				}
			}
		}
		return total / n
	}
	problem := optimize.Problem{
		Func: func(w []float64) float64 {
			f := loss(w, nil)
			for _, x := range w {
				f += penalty * x * x
			}
			return f
		},
		Grad: func(grad, w []float64) {
			loss(w, grad)
			for i, x := range w {
				grad[i] += 2 * penalty * x
			}
		},
	}
	res, err := optimize.Minimize(problem, make([]float64, entries), &optimize.Settings{MajorIterations: 200}, &optimize.LBFGS{})
	if err != nil && res == nil {
		return TableFit{}, fmt.Errorf("learning the table: %w", err)
	}
	fit := TableFit{Cents: res.X, Scale: scale, Samples: len(samples), Games: games}
	fit.LossBefore = loss(make([]float64, entries), nil)
	fit.LossAfter = loss(res.X, nil)
	return fit, nil
}

// logLoss is the log loss of score y against logistic(x), computed
// without overflow for large |x|.
func logLoss(x, y float64) float64 {
	// -y log σ(x) - (1-y) log(1-σ(x)) = log(1+e^x) - y x
	if x > 0 {
		return x + math.Log1p(math.Exp(-x)) - y*x
	}
	return math.Log1p(math.Exp(x)) - y*x
}

// tableScale is the logistic slope of the score on the offsets alone, by
// golden-section search on the log loss.
func tableScale(samples []TableSample) float64 {
	loss := func(k float64) float64 {
		l := 0.0
		for _, s := range samples {
			l += logLoss(k*s.Offset, s.Result)
		}
		return l
	}
	lo, hi := 1e-5, 0.1
	for range 80 {
		a, b := lo+(hi-lo)*0.382, lo+(hi-lo)*0.618
		if loss(a) < loss(b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}
