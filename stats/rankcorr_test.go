package stats

import (
	"math"
	"slices"
	"testing"
)

func TestRanks(t *testing.T) {
	for _, c := range []struct {
		name string
		xs   []float64
		want []float64
	}{
		{"ordered", []float64{0.1, 0.2, 0.3}, []float64{1, 2, 3}},
		{"reversed", []float64{3, 2, 1}, []float64{3, 2, 1}},
		{"tie in the middle", []float64{5, 1, 5, 9}, []float64{2.5, 1, 2.5, 4}},
		{"all tied", []float64{2, 2, 2}, []float64{2, 2, 2}},
		{"empty", nil, []float64{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Ranks(c.xs); !slices.Equal(got, c.want) {
				t.Errorf("Ranks(%v) = %v, want %v", c.xs, got, c.want)
			}
		})
	}
}

func TestSpearman(t *testing.T) {
	for _, c := range []struct {
		name   string
		xs, ys []float64
		want   float64 // NaN: undefined
	}{
		{"same order, different scale", []float64{0.1, 0.5, 0.2, 0.9}, []float64{1, 50, 3, 1000}, 1},
		{"reversed", []float64{1, 2, 3, 4}, []float64{0.4, 0.3, 0.2, 0.1}, -1},
		// Ranks 1,2,3,4 against 2,1,4,3: d² sums to 4, 1 - 6·4/(4·15).
		{"two swaps", []float64{1, 2, 3, 4}, []float64{2, 1, 4, 3}, 0.6},
		{"constant", []float64{1, 2, 3}, []float64{7, 7, 7}, math.NaN()},
		{"too few", []float64{1, 2}, []float64{1, 2}, math.NaN()},
		{"lengths differ", []float64{1, 2, 3}, []float64{1, 2}, math.NaN()},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Spearman(c.xs, c.ys)
			if math.IsNaN(c.want) {
				if !math.IsNaN(got) {
					t.Errorf("got %v, want NaN", got)
				}
				return
			}
			if math.Abs(got-c.want) > 1e-12 {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

// precise is an estimate measured to ±half.
func precise(est, half float64) Interval { return Interval{Est: est, Lo: est - half, Hi: est + half} }

func TestCompareEstimates(t *testing.T) {
	truth := []float64{0.05, 0.12, 0.2, 0.31, 0.45, 0.52, 0.6, 0.7}
	same := func(half float64) (a, b []Interval) {
		for _, x := range truth {
			a = append(a, precise(x, half))
			b = append(b, precise(x+0.01, half))
		}
		return a, b
	}

	t.Run("same order, precise", func(t *testing.T) {
		a, b := same(0.001)
		got, err := CompareEstimates(a, b, 0.95, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got.Rho != 1 || got.Games != len(truth) {
			t.Fatalf("got %+v, want rho 1 over %d games", got, len(truth))
		}
		// Resampling games with replacement ties some ranks, but never
		// reorders precise figures.
		if got.Lo < 0.99 || got.Hi != 1 || got.Ceiling < 0.99 {
			t.Errorf("precise figures in the same order: got %+v", got)
		}
		// b is a moved up by 0.01 everywhere.
		if math.Abs(got.Shift-0.01) > 1e-9 || got.ShiftLo < 0.009 || got.ShiftHi > 0.011 {
			t.Errorf("shift %v (%v to %v), want 0.01 within a thousandth", got.Shift, got.ShiftLo, got.ShiftHi)
		}
	})

	t.Run("same order, imprecise", func(t *testing.T) {
		a, b := same(0.3)
		got, err := CompareEstimates(a, b, 0.95, 1)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("imprecise: %+v", got)
		// Intervals wider than the gaps between games: the estimates still
		// agree, but the interval and the ceiling say how little that
		// proves.
		if got.Rho != 1 || got.Lo > 0.6 || got.Ceiling > 0.9 || got.Ceiling < 0.3 {
			t.Errorf("got %+v", got)
		}
	})

	t.Run("reversed", func(t *testing.T) {
		a, _ := same(0.01)
		var b []Interval
		for i := range a {
			b = append(b, a[len(a)-1-i])
		}
		got, err := CompareEstimates(a, b, 0.95, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got.Rho != -1 || got.Hi > -0.5 {
			t.Errorf("got %+v, want rho -1 with an interval well below 0", got)
		}
	})

	t.Run("deterministic", func(t *testing.T) {
		a, b := same(0.05)
		x, _ := CompareEstimates(a, b, 0.95, 7)
		y, _ := CompareEstimates(a, b, 0.95, 7)
		if x != y {
			t.Errorf("same seed, different answers: %+v and %+v", x, y)
		}
	})

	t.Run("refused", func(t *testing.T) {
		a, b := same(0.01)
		for _, c := range []struct {
			name string
			a, b []Interval
			conf float64
		}{
			{"lengths differ", a, b[:3], 0.95},
			{"too few", a[:2], b[:2], 0.95},
			{"confidence", a, b, 1},
			{"constant", a, []Interval{precise(0.3, 0.01), precise(0.3, 0.01), precise(0.3, 0.01), precise(0.3, 0.01),
				precise(0.3, 0.01), precise(0.3, 0.01), precise(0.3, 0.01), precise(0.3, 0.01)}, 0.95},
		} {
			if _, err := CompareEstimates(c.a, c.b, c.conf, 1); err == nil {
				t.Errorf("%s: no error", c.name)
			}
		}
	})
}
