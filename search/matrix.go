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
	for it := 1; it <= iters; it++ {
		w := float64(it)
		// Row player: payoff of each pure row against the column's mix.
		regretStrategy(cReg, cCur)
		regretStrategy(rReg, rCur)
		now := 0.0
		for i := 0; i < rows; i++ {
			v := 0.0
			for j := 0; j < cols; j++ {
				v = float64(v + float64(a[i][j]*cCur[j]))
			}
			vals[i] = v
			now = float64(now + float64(rCur[i]*v))
		}
		for i := 0; i < rows; i++ {
			rReg[i] = max(0, float64(rReg[i]+float64(vals[i]-now)))
		}
		regretStrategy(rReg, rCur)
		for i := 0; i < rows; i++ {
			rSum[i] = float64(rSum[i] + float64(w*rCur[i]))
		}
		// Column player, answering the row's updated mix.
		now = 0.0
		for j := 0; j < cols; j++ {
			v := 0.0
			for i := 0; i < rows; i++ {
				v = float64(v + float64(a[i][j]*rCur[i]))
			}
			vals[j] = v
			now = float64(now + float64(cCur[j]*v))
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
