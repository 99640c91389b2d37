package search

import (
	"math"
	"testing"
)

func TestSolveMatrix(t *testing.T) {
	tests := []struct {
		name      string
		a         [][]float64
		row, col  []float64
		value     float64
		tolerance float64
	}{
		{"saddle", [][]float64{{3, 1}, {4, 2}}, []float64{0, 1}, []float64{0, 1}, 2, 0},
		{"rock paper scissors", [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}},
			[]float64{1. / 3, 1. / 3, 1. / 3}, []float64{1. / 3, 1. / 3, 1. / 3}, 0, 0.03},
		// Row plays the first row with 2/5 (from 2p = 3(1-p)), value 6/5.
		{"uneven pennies", [][]float64{{3, 0}, {0, 2}}, []float64{0.4, 0.6}, []float64{0.4, 0.6}, 1.2, 0.03},
		{"dominated column", [][]float64{{1, 0, 5}, {0, 1, 5}}, []float64{0.5, 0.5}, []float64{0.5, 0.5, 0}, 0.5, 0.03},
	}
	for _, tc := range tests {
		row, col, v := solveMatrix(tc.a)
		if math.Abs(v-tc.value) > tc.tolerance+1e-9 {
			t.Errorf("%s: value %v, want %v", tc.name, v, tc.value)
		}
		for i := range row {
			if math.Abs(row[i]-tc.row[i]) > tc.tolerance+1e-9 {
				t.Errorf("%s: row strategy %v, want %v", tc.name, row, tc.row)
				break
			}
		}
		for j := range col {
			if math.Abs(col[j]-tc.col[j]) > tc.tolerance+1e-9 {
				t.Errorf("%s: column strategy %v, want %v", tc.name, col, tc.col)
				break
			}
		}
	}
}
