package search

// solveMatrix finds optimal mixed strategies of the zero-sum game a, in
// which the row player gets a[i][j] and the column player loses it. It
// returns the row strategy, the column strategy and the value. A saddle
// point is returned as pure strategies; otherwise regret matching+ runs a
// fixed number of rounds, so the result is the same on every machine.
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
	rowP, colP = make([]float64, rows), make([]float64, cols)
	if maximin == minimax {
		rowP[bestRow], colP[bestCol] = 1, 1
		return rowP, colP, maximin
	}
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
