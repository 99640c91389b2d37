package stats

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// EloModel describes the rating fit, as written into reports.
const EloModel = "Bradley-Terry (logistic Elo) with a first-move term: " +
	"P0 expected score = 1/(1+10^(-(R_P0 - R_P1 + H)/400)), a draw scoring 1/2 to each side; " +
	"maximum a posteriori with PriorDraws virtual draws between every two players that met and for H; " +
	"intervals from the inverse Fisher information (normal)"

// Rating is one spec's fitted rating.
type Rating struct {
	Spec  string   `json:"spec"`
	Elo   Interval `json:"elo"` // relative to the anchor, which is 0 exactly
	Games int      `json:"games"`
}

// Ratings is a fit of every connected player on the ladder.
type Ratings struct {
	Model  string   `json:"model"`
	Anchor string   `json:"anchor"` // the weakest rung that played, fixed at 0
	Rungs  []Rating `json:"rungs"`  // ladder order, weakest first
	// FirstMove is the first mover's edge H in Elo.
	FirstMove Interval `json:"first_move"`
	// Left lists specs that played but share no chain of games with the
	// anchor, so cannot be placed on its scale.
	Left       []string `json:"left_out"`
	Iterations int      `json:"iterations"`

	index map[string]int // spec -> parameter index; the anchor has none
	cov   *mat.SymDense  // covariance of the parameters, in logits
	conf  float64
}

// Lookup returns spec's rating.
func (r Ratings) Lookup(spec string) (Rating, bool) {
	for _, x := range r.Rungs {
		if x.Spec == spec {
			return x, true
		}
	}
	return Rating{}, false
}

// Diff is the rating of a minus that of b in Elo, with its interval from
// the joint covariance.
func (r Ratings) Diff(a, b string) (Interval, error) {
	ra, okA := r.Lookup(a)
	rb, okB := r.Lookup(b)
	if !okA || !okB {
		return Interval{}, fmt.Errorf("stats: %q or %q has no rating", a, b)
	}
	ia, hasA := r.index[a]
	ib, hasB := r.index[b]
	var v float64
	if hasA {
		v += r.cov.At(ia, ia)
	}
	if hasB {
		v += r.cov.At(ib, ib)
	}
	if hasA && hasB {
		v -= 2 * r.cov.At(ia, ib)
	}
	d := ra.Elo.Est - rb.Elo.Est
	half := zFor(r.conf) * math.Sqrt(math.Max(v, 0)) * eloPerLogit
	return Interval{Est: d, Lo: d - half, Hi: d + half, Method: MethodFisher}, nil
}

// groupKey is one ordered meeting: first mover's index, second's.
type groupKey struct{ p0, p1 int }

// FitRatings fits ratings for the ladder's specs from games (already
// checked). priorDraws must be positive: it keeps a player who won or lost
// every game at a finite rating.
func FitRatings(l Ladder, games []Game, priorDraws, confidence float64) (Ratings, error) {
	if priorDraws <= 0 {
		return Ratings{}, errors.New("stats: PriorDraws must be positive")
	}
	// Players that played, connected to the anchor through games.
	played := map[string]bool{}
	adj := map[string]map[string]bool{}
	for _, g := range games {
		played[g.P0], played[g.P1] = true, true
		if adj[g.P0] == nil {
			adj[g.P0] = map[string]bool{}
		}
		if adj[g.P1] == nil {
			adj[g.P1] = map[string]bool{}
		}
		adj[g.P0][g.P1], adj[g.P1][g.P0] = true, true
	}
	out := Ratings{Model: EloModel, conf: confidence, index: map[string]int{}, Left: []string{}}
	if len(played) == 0 {
		return out, errors.New("stats: no games to fit ratings from")
	}
	for _, r := range l.Rungs {
		if played[r] {
			out.Anchor = r
			break
		}
	}
	reach := map[string]bool{out.Anchor: true}
	queue := []string{out.Anchor}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for t := range adj[s] {
			if !reach[t] {
				reach[t] = true
				queue = append(queue, t)
			}
		}
	}
	var specs []string // rated, ladder order
	for _, r := range l.Rungs {
		switch {
		case reach[r]:
			specs = append(specs, r)
		case played[r]:
			out.Left = append(out.Left, r)
		}
	}
	// Parameters: one rating per non-anchor spec, then H.
	pos := map[string]int{out.Anchor: -1}
	for _, s := range specs[1:] {
		pos[s] = len(out.index)
		out.index[s] = pos[s]
	}
	dim := len(out.index) + 1
	hIdx := dim - 1

	groups := map[groupKey][2]float64{} // n games, P0 points
	gamesOf := map[string]int{}
	for _, g := range games {
		if !reach[g.P0] {
			continue
		}
		k := groupKey{pos[g.P0], pos[g.P1]}
		v := groups[k]
		groups[k] = [2]float64{v[0] + 1, v[1] + g.scoreOf(0)}
		gamesOf[g.P0]++
		if g.P1 != g.P0 {
			gamesOf[g.P1]++
		}
	}
	// Virtual draws: each unordered pair that met, without the first-move
	// term, plus one set for H alone.
	keys := make([]groupKey, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	// A fixed order makes the sums, and so the fit, reproducible.
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].p0 != keys[j].p0 {
			return keys[i].p0 < keys[j].p0
		}
		return keys[i].p1 < keys[j].p1
	})
	var terms []eloTerm
	for _, k := range keys {
		v := groups[k]
		terms = append(terms, eloTerm{k.p0, k.p1, true, v[0], v[1]})
	}
	met := map[[2]int]bool{}
	for _, k := range keys {
		if k.p0 == k.p1 {
			continue
		}
		key := [2]int{min(k.p0, k.p1), max(k.p0, k.p1)}
		if !met[key] {
			met[key] = true
			terms = append(terms, eloTerm{key[0], key[1], false, priorDraws, priorDraws / 2})
		}
	}
	terms = append(terms, eloTerm{-1, -1, true, priorDraws, priorDraws / 2})

	problem := optimize.Problem{
		Func: func(x []float64) float64 {
			var f float64
			for _, t := range terms {
				z := t.logit(x, hIdx)
				// -[pts*log σ(z) + (n-pts)*log σ(-z)], written stably.
				f += t.pts*softplus(-z) + (t.n-t.pts)*softplus(z)
			}
			return f
		},
		Grad: func(grad, x []float64) {
			for i := range grad {
				grad[i] = 0
			}
			for _, t := range terms {
				t.design(t.n*logistic(t.logit(x, hIdx))-t.pts, grad, hIdx)
			}
		},
		Hess: func(h *mat.SymDense, x []float64) { fisher(h, terms, x, hIdx) },
	}
	// The objective is a sum over games, so tolerances scale with their
	// number; Newton can stop on a failed line search when it is already
	// at the optimum to rounding, which the gradient check below accepts.
	scale := 1.0
	for _, t := range terms {
		scale += t.n
	}
	res, err := optimize.Minimize(problem, make([]float64, dim),
		&optimize.Settings{GradientThreshold: 1e-10 * scale, MajorIterations: 200}, &optimize.Newton{})
	if res == nil {
		return out, fmt.Errorf("stats: rating fit failed: %v", err)
	}
	if err != nil {
		g := make([]float64, dim)
		problem.Grad(g, res.X)
		if floats.Norm(g, math.Inf(1)) > 1e-6*scale {
			return out, fmt.Errorf("stats: rating fit did not converge: %v", err)
		}
	}
	out.Iterations = res.Stats.MajorIterations
	h := mat.NewSymDense(dim, nil)
	problem.Hess(h, res.X)
	var chol mat.Cholesky
	if !chol.Factorize(h) {
		return out, errors.New("stats: rating fit has a singular information matrix")
	}
	out.cov = mat.NewSymDense(dim, nil)
	if err := chol.InverseTo(out.cov); err != nil {
		return out, fmt.Errorf("stats: rating covariance: %v", err)
	}
	z := zFor(confidence)
	for _, s := range specs {
		r := Rating{Spec: s, Games: gamesOf[s], Elo: Interval{Method: MethodFisher}}
		if i, ok := out.index[s]; ok {
			est := res.X[i] * eloPerLogit
			half := z * math.Sqrt(out.cov.At(i, i)) * eloPerLogit
			r.Elo = Interval{Est: est, Lo: est - half, Hi: est + half, Method: MethodFisher}
		}
		out.Rungs = append(out.Rungs, r)
	}
	hEst := res.X[hIdx] * eloPerLogit
	hHalf := z * math.Sqrt(out.cov.At(hIdx, hIdx)) * eloPerLogit
	out.FirstMove = Interval{Est: hEst, Lo: hEst - hHalf, Hi: hEst + hHalf, Method: MethodFisher}
	return out, nil
}

// eloTerm is a block of games (real or virtual) with one design: the
// logit of the first side's expected score is R_a - R_b (+ H).
type eloTerm struct {
	a, b   int // rating parameter indices; -1 is the anchor (rating 0)
	withH  bool
	n, pts float64 // games, and the first side's points in them
}

func (t eloTerm) logit(x []float64, hIdx int) float64 {
	z := 0.0
	if t.a >= 0 {
		z += x[t.a]
	}
	if t.b >= 0 {
		z -= x[t.b]
	}
	if t.withH {
		z += x[hIdx]
	}
	return z
}

// design adds w times the term's design vector to dst.
func (t eloTerm) design(w float64, dst []float64, hIdx int) {
	if t.a >= 0 {
		dst[t.a] += w
	}
	if t.b >= 0 {
		dst[t.b] -= w
	}
	if t.withH {
		dst[hIdx] += w
	}
}

// fisher writes the information matrix Σ n σ(z)(1-σ(z)) v vᵀ into h: the
// Hessian of the negative log posterior, which does not depend on the
// points scored.
func fisher(h *mat.SymDense, terms []eloTerm, x []float64, hIdx int) {
	dim := h.SymmetricDim()
	for i := 0; i < dim; i++ {
		for j := i; j < dim; j++ {
			h.SetSym(i, j, 0)
		}
	}
	v := make([]float64, dim)
	for _, t := range terms {
		clear(v)
		t.design(1, v, hIdx)
		p := logistic(t.logit(x, hIdx))
		w := t.n * p * (1 - p)
		for i := 0; i < dim; i++ {
			if v[i] == 0 {
				continue
			}
			for j := i; j < dim; j++ {
				if v[j] != 0 {
					h.SetSym(i, j, h.At(i, j)+w*v[i]*v[j])
				}
			}
		}
	}
}

// softplus is log(1+e^x) without overflow.
func softplus(x float64) float64 {
	if x > 30 {
		return x
	}
	return math.Log1p(math.Exp(x))
}
