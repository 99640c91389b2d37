package stats

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"gonum.org/v1/gonum/stat"
)

// Ranks gives each value its rank among xs, 1 for the smallest; tied
// values share the mean of the ranks they span.
func Ranks(xs []float64) []float64 {
	order := make([]int, len(xs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return xs[order[a]] < xs[order[b]] })
	ranks := make([]float64, len(xs))
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && xs[order[j]] == xs[order[i]] {
			j++
		}
		// Positions i..j-1 hold one value: ranks i+1..j, averaged.
		mean := float64(i+1+j) / 2
		for k := i; k < j; k++ {
			ranks[order[k]] = mean
		}
		i = j
	}
	return ranks
}

// Spearman is the rank correlation of xs and ys (Pearson's correlation of
// their ranks, ties averaged): NaN when the slices differ in length, have
// fewer than three values, or one of them is constant.
func Spearman(xs, ys []float64) float64 {
	if len(xs) != len(ys) || len(xs) < 3 {
		return math.NaN()
	}
	rx, ry := Ranks(xs), Ranks(ys)
	if constant(rx) || constant(ry) {
		return math.NaN()
	}
	return stat.Correlation(rx, ry, nil)
}

func constant(xs []float64) bool {
	for _, x := range xs[1:] {
		if x != xs[0] {
			return false
		}
	}
	return true
}

// Agreement is how two measurements of the same games agree: how they
// rank them, and by how much the second's figures differ from the first's
// on average.
type Agreement struct {
	// Games is how many games (rule files) were ranked.
	Games int `json:"games"`
	// Rho is the rank correlation of the two sets of estimates.
	Rho float64 `json:"rho"`
	// Lo and Hi bound Rho at the confidence asked: a bootstrap that draws
	// the games again with replacement and each estimate again from its
	// own interval, so that both which games were chosen and how
	// precisely each was measured count.
	Lo float64 `json:"low"`
	Hi float64 `json:"high"`
	// Ceiling is the median rank correlation two measurements would have
	// if both measured exactly the same true values (the midpoints of the
	// two estimates) with the precision each had: how high Rho can be
	// expected to come with intervals this wide. A Rho near it says the
	// two agree as well as their precision allows.
	Ceiling float64 `json:"ceiling"`
	// Shift is the mean of the second measurement's figures less the
	// first's, with ShiftLo and ShiftHi from the same bootstrap.
	Shift   float64 `json:"shift"`
	ShiftLo float64 `json:"shift_low"`
	ShiftHi float64 `json:"shift_high"`
}

// bootstrapDraws is the replicates behind Agreement's intervals.
const bootstrapDraws = 4000

// errTooFewRanked is a rank comparison of fewer than three games (rule
// files, each measured twice).
var errTooFewRanked = errors.New("stats: a rank correlation needs at least three rule files")

// CompareEstimates is the agreement of two measurements, a[i] and b[i] of
// the same game i, with intervals at confidence. Deterministic for a seed.
func CompareEstimates(a, b []Interval, confidence float64, seed uint64) (Agreement, error) {
	if len(a) != len(b) {
		return Agreement{}, fmt.Errorf("stats: %d estimates against %d", len(a), len(b))
	}
	n := len(a)
	if n < 3 {
		return Agreement{}, errTooFewRanked
	}
	if !(confidence > 0 && confidence < 1) {
		return Agreement{}, fmt.Errorf("stats: confidence %g must lie strictly between 0 and 1", confidence)
	}
	est := func(ivs []Interval) []float64 {
		xs := make([]float64, len(ivs))
		for i, iv := range ivs {
			xs[i] = iv.Est
		}
		return xs
	}
	xa, xb := est(a), est(b)
	out := Agreement{Games: n, Rho: Spearman(xa, xb), Shift: meanDiff(xa, xb)}
	if math.IsNaN(out.Rho) {
		return out, errors.New("stats: one measurement gives every game the same figure, which ranks nothing")
	}
	z := zFor(confidence)
	spread := func(iv Interval) float64 { return math.Max(iv.Hi-iv.Lo, 0) / (2 * z) }
	rng := rand.New(rand.NewPCG(seed, 0x5ea4ca11))
	draw := func(mid, sd float64) float64 { return mid + sd*rng.NormFloat64() }

	ja, jb := make([]float64, n), make([]float64, n)
	xs, ys := make([]float64, n), make([]float64, n)
	var rhos, ceilings, shifts []float64
	for range bootstrapDraws {
		// Each game measured again, then the games drawn again: a game
		// drawn twice keeps one figure, so its copies tie instead of
		// disagreeing by chance.
		for i := range n {
			ja[i], jb[i] = draw(a[i].Est, spread(a[i])), draw(b[i].Est, spread(b[i]))
		}
		for i := range n {
			k := rng.IntN(n)
			xs[i], ys[i] = ja[k], jb[k]
		}
		shifts = append(shifts, meanDiff(xs, ys))
		if r := Spearman(xs, ys); !math.IsNaN(r) {
			rhos = append(rhos, r)
		}
		for i := range n {
			mid := (a[i].Est + b[i].Est) / 2
			xs[i], ys[i] = draw(mid, spread(a[i])), draw(mid, spread(b[i]))
		}
		if r := Spearman(xs, ys); !math.IsNaN(r) {
			ceilings = append(ceilings, r)
		}
	}
	if len(rhos) < bootstrapDraws/2 || len(ceilings) < bootstrapDraws/2 {
		return out, errors.New("stats: too few games differ for the rank correlation's interval")
	}
	sort.Float64s(rhos)
	sort.Float64s(ceilings)
	tail := (1 - confidence) / 2
	out.Lo = stat.Quantile(tail, stat.Empirical, rhos, nil)
	out.Hi = stat.Quantile(1-tail, stat.Empirical, rhos, nil)
	out.Ceiling = stat.Quantile(0.5, stat.Empirical, ceilings, nil)
	sort.Float64s(shifts)
	out.ShiftLo = stat.Quantile(tail, stat.Empirical, shifts, nil)
	out.ShiftHi = stat.Quantile(1-tail, stat.Empirical, shifts, nil)
	return out, nil
}

// meanDiff is the mean of ys[i] - xs[i].
func meanDiff(xs, ys []float64) float64 {
	sum := 0.0
	for i := range xs {
		sum += ys[i] - xs[i]
	}
	return sum / float64(len(xs))
}
