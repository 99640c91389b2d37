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

// RankAgreement is how two measurements of the same games rank them.
type RankAgreement struct {
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
}

// bootstrapDraws is the replicates behind RankAgreement's interval.
const bootstrapDraws = 4000

// errTooFewRanked is a rank comparison of fewer than three games.
var errTooFewRanked = errors.New("stats: a rank correlation needs at least three games")

// CompareRanks is the rank agreement of two measurements, a[i] and b[i]
// of the same game i, with an interval at confidence. Deterministic for a
// seed.
func CompareRanks(a, b []Interval, confidence float64, seed uint64) (RankAgreement, error) {
	if len(a) != len(b) {
		return RankAgreement{}, fmt.Errorf("stats: %d estimates against %d", len(a), len(b))
	}
	n := len(a)
	if n < 3 {
		return RankAgreement{}, errTooFewRanked
	}
	if !(confidence > 0 && confidence < 1) {
		return RankAgreement{}, fmt.Errorf("stats: confidence %g must lie strictly between 0 and 1", confidence)
	}
	est := func(ivs []Interval) []float64 {
		xs := make([]float64, len(ivs))
		for i, iv := range ivs {
			xs[i] = iv.Est
		}
		return xs
	}
	out := RankAgreement{Games: n, Rho: Spearman(est(a), est(b))}
	if math.IsNaN(out.Rho) {
		return out, errors.New("stats: one measurement gives every game the same figure, which ranks nothing")
	}
	z := zFor(confidence)
	spread := func(iv Interval) float64 { return math.Max(iv.Hi-iv.Lo, 0) / (2 * z) }
	rng := rand.New(rand.NewPCG(seed, 0x5ea4ca11))
	draw := func(mid, sd float64) float64 { return mid + sd*rng.NormFloat64() }

	xa, xb := make([]float64, n), make([]float64, n)
	xs, ys := make([]float64, n), make([]float64, n)
	var rhos, ceilings []float64
	for range bootstrapDraws {
		// Each game measured again, then the games drawn again: a game
		// drawn twice keeps one figure, so its copies tie instead of
		// disagreeing by chance.
		for i := range n {
			xa[i], xb[i] = draw(a[i].Est, spread(a[i])), draw(b[i].Est, spread(b[i]))
		}
		for i := range n {
			k := rng.IntN(n)
			xs[i], ys[i] = xa[k], xb[k]
		}
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
	return out, nil
}
