package stats

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestWilson(t *testing.T) {
	// Reference values: Wilson score interval, z = 1.959964.
	cases := []struct {
		name   string
		succ   float64
		n      int
		lo, hi float64
	}{
		{"7 of 10", 7, 10, 0.3968, 0.8922},
		{"0 of 10", 0, 10, 0, 0.2775},
		{"10 of 10", 10, 10, 0.7225, 1},
		{"50 of 100", 50, 100, 0.4038, 0.5962},
		{"no games", 0, 0, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			iv := Wilson(c.succ, c.n, 0.95)
			if !near(iv.Lo, c.lo, 5e-4) || !near(iv.Hi, c.hi, 5e-4) {
				t.Errorf("Wilson(%g, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.succ, c.n, iv.Lo, iv.Hi, c.lo, c.hi)
			}
			if c.n > 0 && !near(iv.Est, c.succ/float64(c.n), 1e-12) {
				t.Errorf("estimate %g, want %g", iv.Est, c.succ/float64(c.n))
			}
		})
	}
}

func TestMeanInterval(t *testing.T) {
	// Mean 2, sample sd 1 over 4 values; t(0.975, 3) = 3.182446.
	iv := meanInterval([]float64{1, 2, 2, 3}, 0.95, math.Inf(-1), math.Inf(1))
	sd := math.Sqrt(2.0 / 3)
	half := 3.182446 * sd / 2
	if !near(iv.Est, 2, 1e-12) || !near(iv.Lo, 2-half, 1e-5) || !near(iv.Hi, 2+half, 1e-5) {
		t.Errorf("meanInterval = %+v, want 2 ± %.5f", iv, half)
	}
	if c := meanInterval([]float64{0.1, 0.9}, 0.95, 0, 1); c.Lo != 0 || c.Hi != 1 {
		t.Errorf("clamp to [0,1] failed: %+v", c)
	}
}

func TestExpectedScore(t *testing.T) {
	for _, c := range []struct{ elo, want float64 }{{0, 0.5}, {400, 10.0 / 11}, {-400, 1.0 / 11}} {
		if got := ExpectedScore(c.elo); !near(got, c.want, 1e-12) {
			t.Errorf("ExpectedScore(%g) = %g, want %g", c.elo, got, c.want)
		}
	}
}
