package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Piece values fitted to games drawn from a known logistic model come out
// near the model's ratios and log-odds, inside their intervals: whatever
// the number of positions per game, when that number depends on how the
// game went, and when unequal players meet and the stronger also wins
// material (it must not be credited to the material).
func TestFitPieceValues(t *testing.T) {
	truth := []float64{0.4, 1.2, 2.0, 3.6} // logits: ratios 1, 3, 5, 9
	kinds := []string{"pawn", "knight", "rook", "queen"}
	declared := []float64{1, 3, 5, 9}
	const tempo = 0.1
	cases := []struct {
		name  string
		games int
		// plies is a game's number of positions, given whether its result
		// went the way its material pointed.
		plies func(expected bool) int
		// gap is the stronger player's edge in log-odds; it also gains
		// a pawn or two over the weaker one.
		gap     float64
		players int
	}{
		{"one position a game", 6000, func(bool) int { return 1 }, 0, 1},
		{"ten positions a game", 1500, func(bool) int { return 10 }, 0, 1},
		{"upsets drag on", 3000, func(e bool) int {
			if e {
				return 2
			}
			return 30
		}, 0, 1},
		{"unequal players", 10000, func(bool) int { return 4 }, 1.5, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			var samples []MaterialSample
			positions := 0
			for g := range c.games {
				d := make([]float64, len(truth))
				z := tempo
				for j := range d {
					d[j] = float64(rng.IntN(5) - 2)
				}
				players := [2]int{}
				if c.players > 1 {
					// Player 1 is the stronger; it plays either side.
					strong := rng.IntN(2)
					players[strong] = 1
					sign := 1.0 - 2*float64(strong)
					z += sign * c.gap
					d[0] += sign * float64(1+rng.IntN(2))
				}
				for j := range d {
					z += truth[j] * d[j]
				}
				r := 0.0
				if u := rng.Float64(); u < logistic(z) {
					r = 1
				}
				// The positions of one game share its material and result.
				n := c.plies((r == 1) == (z > 0))
				positions += n
				for range n {
					samples = append(samples, MaterialSample{Diff: d, Result: r, Game: g, Players: players})
				}
			}
			// 99% intervals: some twenty checks a case at 95% would fail
			// by chance.
			pv, err := FitPieceValues(kinds, declared, 0, samples, 0.99)
			if err != nil {
				t.Fatal(err)
			}
			if pv.Games != c.games || pv.Positions != positions || pv.Players != c.players || pv.Reference != "pawn" {
				t.Errorf("games %d positions %d players %d reference %s", pv.Games, pv.Positions, pv.Players, pv.Reference)
			}
			if !pv.Tempo.Contains(tempo) {
				t.Errorf("tempo %.2f (%.2f to %.2f), want %.2f", pv.Tempo.Est, pv.Tempo.Lo, pv.Tempo.Hi, tempo)
			}
			for j, v := range pv.Values {
				want := truth[j] / truth[0]
				if !v.Value.Contains(want) || math.Abs(v.Value.Est-want) > 0.2*want+0.05 {
					t.Errorf("%s: %.2f (%.2f to %.2f), want about %.1f", v.Kind, v.Value.Est, v.Value.Lo, v.Value.Hi, want)
				}
				if !v.Logit.Contains(truth[j]) {
					t.Errorf("%s: logit %.2f (%.2f to %.2f), want %.2f", v.Kind, v.Logit.Est, v.Logit.Lo, v.Logit.Hi, truth[j])
				}
				if v.Declared != declared[j] {
					t.Errorf("%s: declared %.2f, want %.2f", v.Kind, v.Declared, declared[j])
				}
			}
		})
	}
}

func TestFitPieceValuesRefuses(t *testing.T) {
	good := []MaterialSample{{Diff: []float64{1}, Result: 1, Game: 0}}
	cases := []struct {
		name    string
		kinds   []string
		ref     int
		samples []MaterialSample
	}{
		{"no kinds", nil, 0, good},
		{"reference out of range", []string{"p"}, 1, good},
		{"no samples", []string{"p"}, 0, nil},
		{"short diff", []string{"p", "n"}, 0, good},
		{"result out of range", []string{"p"}, 0, []MaterialSample{{Diff: []float64{1}, Result: 2}}},
		{"balance not a number", []string{"p"}, 0, []MaterialSample{{Diff: []float64{math.NaN()}, Result: 1}}},
		{"too many players", []string{"p"}, 0, func() []MaterialSample {
			var s []MaterialSample
			for i := range maxFitPlayers + 1 {
				s = append(s, MaterialSample{Diff: []float64{1}, Result: 1, Game: i, Players: [2]int{i, -i}})
			}
			return s
		}()},
	}
	for _, c := range cases {
		if _, err := FitPieceValues(c.kinds, make([]float64, len(c.kinds)), c.ref, c.samples, 0.95); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
}

// Shrunk moves a declared value towards the learned one by how sure the
// fit is: the posterior mean under a normal prior of spread ShrinkShare
// times the declared value.
func TestShrunk(t *testing.T) {
	z := zFor(0.95)
	iv := func(est, se float64) Interval { return Interval{Est: est, Lo: est - z*se, Hi: est + z*se} }
	tests := []struct {
		name string
		v    PieceValue
		want float64
	}{
		{"reference", PieceValue{Value: iv(1, 0), Declared: 1}, 1},
		// tau = 0.25*4 = 1 = se: halfway.
		{"as sure as the prior", PieceValue{Value: iv(6, 1), Declared: 4}, 5},
		{"sure", PieceValue{Value: iv(6, 0.001), Declared: 4}, 6},
		{"unsure", PieceValue{Value: iv(6, 1000), Declared: 4}, 4},
		{"below nothing", PieceValue{Value: iv(-8, 0.001), Declared: 4}, 0},
		{"declared nothing", PieceValue{Value: iv(2, 0.25), Declared: 0}, 1},
		{"no estimate", PieceValue{Declared: 3}, 3},
		{"infinite", PieceValue{Value: Interval{Est: 5, Lo: math.Inf(-1), Hi: math.Inf(1)}, Declared: 3}, 3},
		{"not a number", PieceValue{Value: Interval{Est: math.NaN(), Lo: 1, Hi: 2}, Declared: 3}, 3},
	}
	pv := PieceValues{}
	for _, tc := range tests {
		pv.Values = append(pv.Values, tc.v)
	}
	got := pv.Shrunk(0.95)
	for i, tc := range tests {
		if math.Abs(got[i]-tc.want) > 1e-3 {
			t.Errorf("%s: %.4f, want %.4f", tc.name, got[i], tc.want)
		}
	}
}

// The same samples fit to the same bits every time: a report is compared
// run against run, and its intervals must not move in the last digits.
func TestFitPieceValuesIsReproducible(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	kinds := []string{"pawn", "knight", "queen"}
	var samples []MaterialSample
	for g := range 400 {
		d := []float64{float64(rng.IntN(5) - 2), float64(rng.IntN(3) - 1), float64(rng.IntN(3) - 1)}
		r := float64(rng.IntN(2))
		for range 1 + rng.IntN(6) {
			samples = append(samples, MaterialSample{Diff: d, Result: r, Game: g})
		}
	}
	first, err := FitPieceValues(kinds, []float64{1, 3, 9}, 0, samples, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for run := range 20 {
		again, err := FitPieceValues(kinds, []float64{1, 3, 9}, 0, samples, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		for j, v := range again.Values {
			if w := first.Values[j]; v.Value != w.Value || v.Logit != w.Logit {
				t.Fatalf("run %d, %s: %+v then %+v", run, v.Kind, w, v)
			}
		}
		if again.Tempo != first.Tempo {
			t.Fatalf("run %d: tempo %+v then %+v", run, first.Tempo, again.Tempo)
		}
	}
}
