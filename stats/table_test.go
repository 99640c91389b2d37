package stats

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// FitTable finds a planted table: games drawn from the logistic model
// with known entries, each position a few pieces on a small table.
func TestFitTableRecoversPlantedEntries(t *testing.T) {
	const entries, scale, games = 8, 0.01, 20000
	planted := []float64{60, -60, 30, 0, 0, -30, 45, -45}
	rng := rand.New(rand.NewPCG(3, 4))
	var samples []TableSample
	for game := range games {
		var squares []int32
		z := rng.NormFloat64() * 80 // the offset: the evaluation's own view
		offset := z
		for range 4 {
			e := int32(rng.IntN(entries))
			if rng.IntN(2) == 0 {
				squares = append(squares, e)
				z += planted[e]
			} else {
				squares = append(squares, -e-1)
				z -= planted[e]
			}
		}
		result := 0.0
		if rng.Float64() < logistic(scale*z) {
			result = 1
		}
		samples = append(samples, TableSample{Squares: squares, Offset: offset, Result: result, Game: game})
	}
	fit, err := FitTable(samples, entries)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(fit.Scale-scale) > 0.003 {
		t.Errorf("scale %.5f, planted %.5f", fit.Scale, scale)
	}
	for e, want := range planted {
		// The prior pulls towards zero; 20,000 games leave it within 10.
		if got := fit.Cents[e]; math.Abs(got-want) > 10 {
			t.Errorf("entry %d: %.1f, planted %.0f", e, got, want)
		}
	}
	if !(fit.LossAfter < fit.LossBefore) {
		t.Errorf("loss %.5f with the table, %.5f without", fit.LossAfter, fit.LossBefore)
	}
	if fit.Samples != len(samples) || fit.Games != games {
		t.Errorf("counted %d samples of %d games", fit.Samples, fit.Games)
	}
}

func TestFitTableRefuses(t *testing.T) {
	tests := []struct {
		name    string
		samples []TableSample
		entries int
		wantErr string
	}{
		{"no samples", nil, 4, "no samples"},
		{"entry past the table", []TableSample{{Squares: []int32{4}}}, 4, "outside"},
		{"player 1's entry past the table", []TableSample{{Squares: []int32{-5}}}, 4, "outside"},
	}
	for _, tc := range tests {
		if _, err := FitTable(tc.samples, tc.entries); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: error %v, want it to mention %q", tc.name, err, tc.wantErr)
		}
	}
}
