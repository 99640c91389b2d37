package stats

import (
	"math"
	"testing"
)

// TestPentanomialScoreDegenerate: when every pair scores the same the
// interval is Wilson's over the pairs, a bound rather than a point: a
// clean sweep of n pairs is at least n/(n+z²); pairs all drawn keep an
// interval around one half.
func TestPentanomialScoreDegenerate(t *testing.T) {
	z2 := zFor(0.95) * zFor(0.95)
	cases := []struct {
		name        string
		counts      [5]int
		est, lo, hi float64
	}{
		{"clean sweep of 8 pairs", [5]int{0, 0, 0, 0, 8}, 1, 8 / (8 + z2), 1},
		{"8 pairs all lost", [5]int{8, 0, 0, 0, 0}, 0, 0, z2 / (8 + z2)},
		{"8 pairs all split", [5]int{0, 0, 8, 0, 0}, 0.5, 0.5 - math.Sqrt(z2)/(1+z2/8)*math.Sqrt(0.25/8+z2/256), 0},
	}
	for _, c := range cases {
		iv := pentanomialScore(c.counts, 0.95)
		if math.Abs(iv.Est-c.est) > 1e-9 || math.Abs(iv.Lo-c.lo) > 1e-6 || c.hi > 0 && math.Abs(iv.Hi-c.hi) > 1e-6 {
			t.Errorf("%s: %+v, want %g (%g to %g)", c.name, iv, c.est, c.lo, c.hi)
		}
		if iv.Hi-iv.Lo < 0.1 {
			t.Errorf("%s: %+v is a point", c.name, iv)
		}
	}
}
