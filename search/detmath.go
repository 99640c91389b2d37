package search

import "math"

// The MCTS arithmetic must give bit-identical results on every machine, so
// it avoids math.Log and math.Exp (assembly on some architectures, pure Go on
// others) and wraps every product in an explicit float64 conversion, which
// the Go spec says stops the compiler fusing a multiply-add into one FMA
// instruction. Sqrt and the four basic operations are correctly rounded by
// IEEE 754 everywhere.

const ln2 = 0.693147180559945309417232121458176568

// detLog is the natural logarithm of x > 0, computed the same way on every
// platform: x = f * 2^e with f in [1/sqrt2, sqrt2), then the atanh series.
func detLog(x float64) float64 {
	if x <= 0 {
		return math.Inf(-1)
	}
	f, e := math.Frexp(x) // exact: f in [0.5, 1)
	if f < math.Sqrt2/2 {
		f = float64(f * 2)
		e--
	}
	s := float64(f-1) / float64(f+1)
	s2 := float64(s * s)
	term := s
	sum := 0.0
	for k := 1; k < 60; k += 2 {
		sum = float64(sum + float64(term/float64(k)))
		term = float64(term * s2)
		if term == 0 {
			break
		}
	}
	return float64(float64(2*sum) + float64(float64(e)*ln2))
}

// squash maps a centipawn evaluation to a value in (0, 1) for the side it
// favours: 0.5 at zero, a smooth rational curve rather than a logistic so
// that no exponential is needed.
func squash(cp int, scale float64) float64 {
	x := float64(cp) / scale
	return float64(0.5 + float64(0.5*float64(x/float64(1+math.Abs(x)))))
}
