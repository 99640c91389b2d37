package stats

import (
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Interval is an estimate with a two-sided confidence interval.
type Interval struct {
	Est    float64 `json:"estimate"`
	Lo     float64 `json:"low"`
	Hi     float64 `json:"high"`
	Method string  `json:"method"`
}

// Contains reports whether x lies in [Lo, Hi].
func (iv Interval) Contains(x float64) bool { return iv.Lo <= x && x <= iv.Hi }

// Interval methods, as written in Interval.Method.
const (
	MethodWilson      = "wilson"
	MethodPentanomial = "pentanomial-normal"
	MethodStudentT    = "student-t"
	MethodFisher      = "fisher-information"
	MethodDifference  = "normal-difference"
	MethodNone        = "single-value"
	MethodNormal      = "normal"
)

// zFor is the two-sided standard normal quantile for a confidence level.
func zFor(confidence float64) float64 {
	return distuv.UnitNormal.Quantile(1 - (1-confidence)/2)
}

// Wilson is the Wilson score interval for a proportion: successes out of n
// trials. successes may be fractional (a draw counts half), which treats a
// game's score as if it were a Bernoulli trial; with draws the true variance
// is smaller, so the interval is somewhat wide (conservative) then.
// With n == 0 it is the uninformative [0, 1] around 0.5.
func Wilson(successes float64, n int, confidence float64) Interval {
	return wilsonAt(successes, float64(n), float64(n), confidence)
}

// wilsonAt is Wilson's interval for successes in n trials that carry the
// information of only eff independent ones (eff <= n): the proportion is
// the observed one, the width that of eff trials.
func wilsonAt(successes, n, eff float64, confidence float64) Interval {
	if n <= 0 || eff <= 0 {
		return Interval{Est: 0.5, Lo: 0, Hi: 1, Method: MethodWilson}
	}
	z := zFor(confidence)
	nf := eff
	p := successes / n
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	return Interval{Est: p, Lo: math.Max(0, centre-half), Hi: math.Min(1, centre+half), Method: MethodWilson}
}

// meanInterval is the Student-t interval for the mean of xs, clamped to
// [lo, hi] (pass ±Inf for no clamp).
func meanInterval(xs []float64, confidence, lo, hi float64) Interval {
	switch len(xs) {
	case 0:
		return Interval{Method: MethodNone}
	case 1:
		return Interval{Est: xs[0], Lo: xs[0], Hi: xs[0], Method: MethodNone}
	}
	mean, sd := stat.MeanStdDev(xs, nil)
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(xs) - 1)}.Quantile(1 - (1-confidence)/2)
	half := t * sd / math.Sqrt(float64(len(xs)))
	return Interval{Est: mean, Lo: math.Max(lo, mean-half), Hi: math.Min(hi, mean+half), Method: MethodStudentT}
}

// logistic is the expected score for a logit advantage x.
func logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// eloPerLogit converts natural-logit units to Elo points.
var eloPerLogit = 400 / math.Ln10

// ExpectedScore is the Elo model's expected score for a rating advantage
// of elo points.
func ExpectedScore(elo float64) float64 { return logistic(elo / eloPerLogit) }
