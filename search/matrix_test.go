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

// TestSimplexMatrixEquilibrium: on random games (integer payoffs as the
// evaluation gives, some with ties and dominated lines), the simplex's
// strategies are an exact equilibrium: the row strategy earns at least the
// value against every column, the column strategy concedes at most the
// value to every row, and regret matching+ finds nearly the same value.
func TestSimplexMatrixEquilibrium(t *testing.T) {
	r := newRNG(7)
	solved := 0
	for trial := 0; trial < 400; trial++ {
		rows, cols := 1+int(r.next()%9), 1+int(r.next()%9)
		spread := []int64{2, 5, 400, 20000}[trial%4]
		a := make([][]float64, rows)
		for i := range a {
			a[i] = make([]float64, cols)
			for j := range a[i] {
				a[i][j] = float64(int64(r.next()%uint64(2*spread+1)) - spread)
			}
		}
		row, col, v, ok := simplexMatrix(a)
		if !ok {
			continue // every entry equal
		}
		solved++
		tol := 1e-9 * float64(spread)
		for j := 0; j < cols; j++ {
			earn := 0.0
			for i := 0; i < rows; i++ {
				earn += row[i] * a[i][j]
			}
			if earn < v-tol {
				t.Fatalf("trial %d: row strategy %v earns %v < value %v against column %d of %v", trial, row, earn, v, j, a)
			}
		}
		for i := 0; i < rows; i++ {
			concede := 0.0
			for j := 0; j < cols; j++ {
				concede += col[j] * a[i][j]
			}
			if concede > v+tol {
				t.Fatalf("trial %d: column strategy %v concedes %v > value %v to row %d of %v", trial, col, concede, v, i, a)
			}
		}
		if _, _, rv := regretMatching(a); math.Abs(rv-v) > 0.05*float64(spread) {
			t.Errorf("trial %d: regret matching's value %v, the simplex's %v", trial, rv, v)
		}
	}
	if solved < 300 {
		t.Errorf("only %d of 400 games solved", solved)
	}
}
