package search

import (
	"math"
	"slices"
)

// solveMatrix finds optimal mixed strategies of the zero-sum game a, in
// which the row player gets a[i][j] and the column player loses it. It
// returns the row strategy, the column strategy and the value. A saddle
// point is returned as pure strategies; otherwise the game's linear
// program is solved exactly by the simplex method (simplexMatrix), and
// regret matching+ stands in should it ever fail. Every product is
// rounded on its own, so the result is the same on every machine.
func solveMatrix(a [][]float64) (rowP, colP []float64, value float64) {
	rows := len(a)
	if rows == 0 || len(a[0]) == 0 {
		return nil, nil, 0
	}
	cols := len(a[0])
	// Saddle point: the row maximin equals the column minimax.
	bestRow, maximin := 0, 0.0
	for i := 0; i < rows; i++ {
		m := a[i][0]
		for j := 1; j < cols; j++ {
			m = min(m, a[i][j])
		}
		if i == 0 || m > maximin {
			bestRow, maximin = i, m
		}
	}
	bestCol, minimax := 0, 0.0
	for j := 0; j < cols; j++ {
		m := a[0][j]
		for i := 1; i < rows; i++ {
			m = max(m, a[i][j])
		}
		if j == 0 || m < minimax {
			bestCol, minimax = j, m
		}
	}
	if maximin == minimax {
		rowP, colP = make([]float64, rows), make([]float64, cols)
		rowP[bestRow], colP[bestCol] = 1, 1
		return rowP, colP, maximin
	}
	if rowP, colP, value, ok := simplexMatrix(a); ok {
		return rowP, colP, value
	}
	return regretMatching(a)
}

// regretMatching approximates the equilibrium of a by regret matching+.
func regretMatching(a [][]float64) (rowP, colP []float64, value float64) {
	rows, cols := len(a), len(a[0])
	rowP, colP = make([]float64, rows), make([]float64, cols)
	// Regret matching+ with alternating updates: the weighted average
	// strategies converge to an equilibrium. The round count shrinks for
	// big matrices so one solve stays cheap next to the searches that
	// filled the matrix.
	iters := min(2000, max(200, 2_000_000/(rows*cols)))
	rReg, cReg := make([]float64, rows), make([]float64, cols)
	rSum, cSum := make([]float64, rows), make([]float64, cols)
	rCur, cCur := make([]float64, rows), make([]float64, cols)
	vals := make([]float64, max(rows, cols))
	// The matrix row by row and column by column, each contiguous: the
	// loops read the same entries in the same order, so every sum is the
	// one the nested slices gave.
	byRow, byCol := make([]float64, rows*cols), make([]float64, rows*cols)
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			byRow[i*cols+j], byCol[j*rows+i] = a[i][j], a[i][j]
		}
	}
	// Each iteration ends with both current strategies made from the
	// regrets it leaves, so only the first needs them made here.
	regretStrategy(cReg, cCur)
	regretStrategy(rReg, rCur)
	for it := 1; it <= iters; it++ {
		w := float64(it)
		// Row player: payoff of each pure row against the column's mix.
		payoffs(byRow, rows, cols, cCur, vals)
		now := 0.0
		for i := 0; i < rows; i++ {
			now = float64(now + float64(rCur[i]*vals[i]))
		}
		for i := 0; i < rows; i++ {
			rReg[i] = max(0, float64(rReg[i]+float64(vals[i]-now)))
		}
		regretStrategy(rReg, rCur)
		for i := 0; i < rows; i++ {
			rSum[i] = float64(rSum[i] + float64(w*rCur[i]))
		}
		// Column player, answering the row's updated mix.
		payoffs(byCol, cols, rows, rCur, vals)
		now = 0.0
		for j := 0; j < cols; j++ {
			now = float64(now + float64(cCur[j]*vals[j]))
		}
		for j := 0; j < cols; j++ {
			cReg[j] = max(0, float64(cReg[j]+float64(now-vals[j])))
		}
		regretStrategy(cReg, cCur)
		for j := 0; j < cols; j++ {
			cSum[j] = float64(cSum[j] + float64(w*cCur[j]))
		}
	}
	normalize(rSum, rowP)
	normalize(cSum, colP)
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			value = float64(value + float64(float64(rowP[i]*colP[j])*a[i][j]))
		}
	}
	return rowP, colP, value
}

// regretStrategy plays in proportion to positive regret, uniformly when
// there is none.
// payoffs sets out[i], for each of the n lines of m (each of length k,
// contiguous), to the line's sum against mix, added in order. Four lines
// go at once: their sums do not wait on each other.
func payoffs(m []float64, n, k int, mix, out []float64) {
	mix = mix[:k]
	i := 0
	for ; i+4 <= n; i += 4 {
		l0, l1, l2, l3 := m[i*k:(i+1)*k], m[(i+1)*k:(i+2)*k], m[(i+2)*k:(i+3)*k], m[(i+3)*k:(i+4)*k]
		var v0, v1, v2, v3 float64
		for j, w := range mix {
			v0 = float64(v0 + float64(l0[j]*w))
			v1 = float64(v1 + float64(l1[j]*w))
			v2 = float64(v2 + float64(l2[j]*w))
			v3 = float64(v3 + float64(l3[j]*w))
		}
		out[i], out[i+1], out[i+2], out[i+3] = v0, v1, v2, v3
	}
	for ; i < n; i++ {
		line := m[i*k : (i+1)*k]
		v := 0.0
		for j, w := range mix {
			v = float64(v + float64(line[j]*w))
		}
		out[i] = v
	}
}

func regretStrategy(regret, out []float64) {
	total := 0.0
	for _, r := range regret {
		total += r
	}
	for i, r := range regret {
		if total > 0 {
			out[i] = r / total
		} else {
			out[i] = 1 / float64(len(regret))
		}
	}
}

func normalize(w, out []float64) {
	total := 0.0
	for _, x := range w {
		total += x
	}
	for i, x := range w {
		if total > 0 {
			out[i] = x / total
		} else {
			out[i] = 1 / float64(len(w))
		}
	}
}

// sampleMixed draws an index from a mixed strategy.
func sampleMixed(p []float64, r *rng) int {
	x := r.float()
	for i, w := range p {
		if x < w {
			return i
		}
		x -= w
	}
	// Rounding left a sliver: take the last move with weight.
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] > 0 {
			return i
		}
	}
	return 0
}

// simplexMatrix solves the game a (no saddle point) as a linear program.
// With b = (a - min)/span + 1, every entry in [1, 2], the column player's
// program is: maximise the sum of y subject to b y <= 1 (each row), y >= 0.
// Its optimum is 1/v, v being b's value; y*v is the column strategy, and
// the duals of the rows, read from the final objective row, times v are
// the row strategy. Bland's rule (the lowest index enters and leaves)
// keeps the pivots from cycling. ok is false if the pivots run past a
// bound no proper game needs.
func simplexMatrix(a [][]float64) (rowP, colP []float64, value float64, ok bool) {
	m, n := len(a), len(a[0])
	lo, hi := a[0][0], a[0][0]
	for _, row := range a {
		for _, x := range row {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	span := float64(hi - lo)
	if !(span > 0) || math.IsInf(span, 0) {
		return nil, nil, 0, false
	}
	// The tableau: m constraint rows, then the objective row; columns are
	// y (n), the slacks (m), then the right-hand side.
	w := n + m + 1
	t := make([]float64, (m+1)*w)
	basis := make([]int, m)
	for i := 0; i < m; i++ {
		r := t[i*w : (i+1)*w]
		for j := 0; j < n; j++ {
			r[j] = float64(float64(a[i][j]-lo)/span) + 1
		}
		r[n+i] = 1
		r[w-1] = 1
		basis[i] = n + i
	}
	obj := t[m*w : (m+1)*w]
	for j := 0; j < n; j++ {
		obj[j] = -1
	}
	const eps = 1e-12
	for pivots := 0; ; pivots++ {
		if pivots > 50*(m+n) {
			return nil, nil, 0, false
		}
		enter := -1
		for j := 0; j < w-1; j++ {
			if obj[j] < -eps {
				enter = j
				break
			}
		}
		if enter < 0 {
			break
		}
		leave := -1
		best := 0.0
		for i := 0; i < m; i++ {
			x := t[i*w+enter]
			if x <= eps {
				continue
			}
			ratio := t[i*w+w-1] / x
			if leave < 0 || ratio < best || ratio == best && basis[i] < basis[leave] {
				leave, best = i, ratio
			}
		}
		if leave < 0 {
			return nil, nil, 0, false // unbounded: not a game with every entry positive
		}
		pr := t[leave*w : (leave+1)*w]
		pv := pr[enter]
		for j := range pr {
			pr[j] = pr[j] / pv
		}
		for i := 0; i <= m; i++ {
			if i == leave {
				continue
			}
			r := t[i*w : (i+1)*w]
			f := r[enter]
			if f == 0 {
				continue
			}
			for j := range r {
				r[j] = float64(r[j] - float64(f*pr[j]))
			}
			r[enter] = 0
		}
		basis[leave] = enter
	}
	total := obj[w-1] // 1/v
	if !(total > 0) {
		return nil, nil, 0, false
	}
	rowP, colP = make([]float64, m), make([]float64, n)
	for i, b := range basis {
		if b < n {
			colP[b] = max(0, t[i*w+w-1])
		}
	}
	for i := 0; i < m; i++ {
		rowP[i] = max(0, obj[n+i])
	}
	normalize(slices.Clone(rowP), rowP)
	normalize(slices.Clone(colP), colP)
	vb := 1 / total
	value = float64(float64(vb-1)*span) + lo
	return rowP, colP, value, true
}
