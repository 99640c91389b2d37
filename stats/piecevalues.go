package stats

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// MaterialSample is one position of a self-play game, for learning piece
// values: per fitted kind, player 0's pieces less player 1's (on the board
// and in hand), the game's final score for player 0 (1, 1/2 or 0), which
// game it came from (positions of one game are not independent), and who
// played each side (any numbering shared by the samples; the zero value is
// one player on both sides).
type MaterialSample struct {
	Diff    []float64
	Result  float64
	Game    int
	Players [2]int
}

// PieceValue is one kind's learned value in units of the reference kind.
type PieceValue struct {
	Kind string `json:"kind"`
	// Value is in reference pieces (the cheapest kind: "pawns"), with a
	// delta-method interval from the cluster-robust covariance.
	Value Interval `json:"value"`
	// Declared is the rule file's own value in the same units, for
	// comparison.
	Declared float64 `json:"declared"`
	// Logit is the fitted coefficient: the log-odds a piece more is worth.
	Logit Interval `json:"logit"`
}

// PieceValues are the piece values a rule file's own games imply.
type PieceValues struct {
	Reference string       `json:"reference"` // the kind whose value is 1
	Values    []PieceValue `json:"values"`
	Positions int          `json:"positions"`
	Games     int          `json:"games"`
	// Players is how many different players the games had; with more than
	// one, each has a strength of its own in the fit.
	Players int `json:"players,omitempty"`
	// Tempo is the fit's intercept: player 0's log-odds at equal material
	// (between equal players).
	Tempo Interval `json:"tempo"`
}

// fitPrior is the ridge penalty per coefficient (a Gaussian prior of
// precision fitPrior on the logit), against a likelihood in which every
// game weighs one: just enough to keep a kind whose imbalance always wins
// finite. A heavier one shrinks the kinds that are rarely out of balance
// (a queen) far more than the common ones (a pawn), which squeezes the
// values together.
const fitPrior = 0.01

// maxFitPlayers bounds the strengths fitted (a ladder has a handful of
// rungs), and with them the size of the Hessian.
const maxFitPlayers = 64

// FitPieceValues fits P(player 0 wins) = logistic(t + Σ b_k d_k + s_p0 -
// s_p1) to the samples (Texel tuning: results regressed on material,
// draws as half a win) by Newton's method on the exact Hessian, and reads
// each kind's value as b_k / b_ref.
//
// Two things keep the values from being squeezed towards the pawn:
//   - s_p is each player's strength (the lowest-numbered player's is 0).
//     Between unequal players the stronger wins and takes material on the
//     way, so without it material is credited with wins that strength
//     earned, most of all the small imbalances that come first.
//   - Every game weighs one, its positions sharing the weight. A game is
//     one result; positions are repeated looks at it. Counted one by one,
//     long games outvote short ones, and the longest are endgames that
//     could not be converted and shuffles to a repetition, where a pawn
//     (which can still promote) counts for more than a piece.
//
// The intervals are normal with a covariance that is robust to the
// positions of one game being alike (the sandwich H⁻¹ (Σ_games s_g s_gᵀ)
// H⁻¹, s_g the game's weighted score vector). kinds names the columns of
// Diff; declared gives the rule file's values (any unit); ref is the
// reference column.
func FitPieceValues(kinds []string, declared []float64, ref int, samples []MaterialSample, confidence float64) (PieceValues, error) {
	k := len(kinds)
	out := PieceValues{Positions: len(samples)}
	switch {
	case k == 0 || ref < 0 || ref >= k || len(declared) != k:
		return out, errors.New("stats: piece values need kinds, their declared values and a reference among them")
	case len(samples) == 0:
		return out, errors.New("stats: no positions to learn piece values from")
	}
	perGame := map[int]int{}
	players := map[int]bool{}
	for i, s := range samples {
		if len(s.Diff) != k || s.Result < 0 || s.Result > 1 || math.IsNaN(s.Result) {
			return out, fmt.Errorf("stats: sample %d is malformed", i)
		}
		for _, d := range s.Diff {
			if math.IsNaN(d) || math.IsInf(d, 0) {
				return out, fmt.Errorf("stats: sample %d is malformed", i)
			}
		}
		perGame[s.Game]++
		players[s.Players[0]], players[s.Players[1]] = true, true
	}
	if len(players) > maxFitPlayers {
		return out, fmt.Errorf("stats: %d players are more than the %d a piece-value fit separates", len(players), maxFitPlayers)
	}
	out.Games = len(perGame)
	out.Players = len(players)
	out.Reference = kinds[ref]
	// Columns: the kinds, the intercept, then a strength for every player
	// but the first.
	ids := make([]int, 0, len(players))
	for p := range players {
		ids = append(ids, p)
	}
	slices.Sort(ids)
	col := map[int]int{}
	for i, p := range ids[1:] {
		col[p] = k + 1 + i
	}
	dim := k + len(ids)
	row := make([]float64, dim)
	fill := func(s MaterialSample) {
		copy(row, s.Diff)
		row[k] = 1
		clear(row[k+1:])
		if c, ok := col[s.Players[0]]; ok {
			row[c]++
		}
		if c, ok := col[s.Players[1]]; ok {
			row[c]--
		}
	}
	beta := make([]float64, dim)
	grad := make([]float64, dim)
	h := mat.NewSymDense(dim, nil)
	prior := fitPrior
	for iter := 0; iter < 50; iter++ {
		for j := range grad {
			grad[j] = prior * beta[j]
		}
		h.Zero()
		for j := range dim {
			h.SetSym(j, j, prior)
		}
		for _, s := range samples {
			fill(s)
			wt := 1 / float64(perGame[s.Game])
			p := logistic(dot(beta, row))
			w := wt * math.Max(p*(1-p), 1e-12)
			for a, xa := range row {
				if xa == 0 {
					continue
				}
				grad[a] += wt * (p - s.Result) * xa
				for b := a; b < dim; b++ {
					if xb := row[b]; xb != 0 {
						h.SetSym(a, b, h.At(a, b)+w*xa*xb)
					}
				}
			}
		}
		var chol mat.Cholesky
		if !chol.Factorize(h) {
			return out, errors.New("stats: piece-value fit is singular")
		}
		var step mat.VecDense
		if err := chol.SolveVecTo(&step, mat.NewVecDense(dim, grad)); err != nil {
			return out, err
		}
		move := 0.0
		for j := range beta {
			beta[j] -= step.AtVec(j)
			move = math.Max(move, math.Abs(step.AtVec(j)))
		}
		if move < 1e-9 {
			break
		}
	}
	// The sandwich: the Hessian's inverse around the spread of the
	// per-game score vectors.
	var hinv mat.SymDense
	var chol mat.Cholesky
	if !chol.Factorize(h) {
		return out, errors.New("stats: piece-value fit is singular")
	}
	if err := chol.InverseTo(&hinv); err != nil {
		return out, err
	}
	scores := map[int][]float64{}
	for _, s := range samples {
		fill(s)
		r := (logistic(dot(beta, row)) - s.Result) / float64(perGame[s.Game])
		sg := scores[s.Game]
		if sg == nil {
			sg = make([]float64, dim)
			scores[s.Game] = sg
		}
		for j, xj := range row {
			sg[j] += r * xj
		}
	}
	// Summed in the games' order: a map's order would change the last
	// digits of the intervals from one run to the next.
	games := make([]int, 0, len(scores))
	for g := range scores {
		games = append(games, g)
	}
	slices.Sort(games)
	meat := mat.NewSymDense(dim, nil)
	for _, g := range games {
		meat.SymRankOne(meat, 1, mat.NewVecDense(dim, scores[g]))
	}
	var tmp, cov mat.Dense
	tmp.Mul(&hinv, meat)
	cov.Mul(&tmp, &hinv)

	z := zFor(confidence)
	normal := func(est, variance float64) Interval {
		half := z * math.Sqrt(math.Max(variance, 0))
		return Interval{Est: est, Lo: est - half, Hi: est + half, Method: MethodNormal}
	}
	out.Tempo = normal(beta[k], cov.At(k, k))
	br := beta[ref]
	for j := range k {
		v := PieceValue{Kind: kinds[j], Logit: normal(beta[j], cov.At(j, j))}
		if declared[ref] != 0 {
			v.Declared = declared[j] / declared[ref]
		}
		if br != 0 {
			// d(b_j/b_r) = db_j/b_r - b_j db_r/b_r².
			gj, gr := 1/br, -beta[j]/(br*br)
			variance := gj*gj*cov.At(j, j) + gr*gr*cov.At(ref, ref) + 2*gj*gr*cov.At(j, ref)
			if j == ref {
				variance = 0
			}
			v.Value = normal(beta[j]/br, variance)
		}
		out.Values = append(out.Values, v)
	}
	return out, nil
}

func dot(a, b []float64) float64 {
	z := 0.0
	for i := range a {
		z += a[i] * b[i]
	}
	return z
}

// ShrinkShare is the prior spread of a kind's value around the rule
// file's own, as a share of it: a designer's values are taken as right
// within about a quarter, and a fit has to be that sure to move them.
const ShrinkShare = 0.25

// shrinkFloor is the prior spread, in reference pieces, of a kind
// declared worth (nearly) nothing.
const shrinkFloor = 0.25

// Shrunk are the learned values pulled towards the declared ones by how
// sure the fit is (a normal prior around the declared value with spread
// ShrinkShare of it, times the fit's normal likelihood): the posterior mean
// declared + w (learned − declared), w = τ²/(τ² + se²), se read from the
// interval at confidence. A kind the fit could not value (no estimate, or
// an interval that is not finite) keeps its declared value; none goes
// below 0. In reference pieces, in the order of pv.Values.
func (pv PieceValues) Shrunk(confidence float64) []float64 {
	z := zFor(confidence)
	out := make([]float64, len(pv.Values))
	for i, v := range pv.Values {
		out[i] = v.Declared
		est, half := v.Value.Est, (v.Value.Hi-v.Value.Lo)/2
		if math.IsNaN(est) || math.IsInf(est, 0) || math.IsNaN(half) || math.IsInf(half, 0) || half < 0 || (est == 0 && half == 0 && v.Declared != 0) {
			continue
		}
		tau := math.Max(ShrinkShare*v.Declared, shrinkFloor)
		se := half / z
		w := tau * tau / (tau*tau + se*se)
		out[i] = math.Max(v.Declared+w*(est-v.Declared), 0)
	}
	return out
}
