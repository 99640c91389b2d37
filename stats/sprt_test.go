package stats

import (
	"math"
	"strings"
	"testing"

	"balancefarm/engine"
)

func TestGSPRTReducesToWaldForBernoulli(t *testing.T) {
	// On a two-point support the constrained MLE with mean mu is
	// Bernoulli(mu), so the GSPRT is Wald's SPRT (up to the pseudo-count).
	for _, c := range []struct{ k, n int }{{30, 40}, {10, 40}, {20, 40}, {0, 15}, {15, 15}} {
		llr, err := GSPRT([]float64{0, 1}, []int{c.n - c.k, c.k}, 0.45, 0.55)
		if err != nil {
			t.Fatal(err)
		}
		k, n := float64(c.k), float64(c.n)
		wald := k*math.Log(0.55/0.45) + (n-k)*math.Log(0.45/0.55)
		if !near(llr, wald, 1e-2) {
			t.Errorf("k=%d n=%d: GSPRT %.4f, Wald %.4f", c.k, c.n, llr, wald)
		}
	}
}

func TestGSPRTRejectsBadHypotheses(t *testing.T) {
	for _, c := range []struct {
		name     string
		mu0, mu1 float64
		support  []float64
	}{
		{"reversed", 0.6, 0.4, []float64{0, 1}},
		{"outside support", 0.2, 0.3, []float64{0.25, 1}},
		{"one outcome", 0.4, 0.6, []float64{1}},
	} {
		if _, err := GSPRT(c.support, make([]int, len(c.support)), c.mu0, c.mu1); err == nil {
			t.Errorf("%s: want an error", c.name)
		}
	}
}

// stream plays games one at a time through Decide until it says stop or
// limit games are in; next(i) makes game i.
func stream(t *testing.T, l Ladder, th Thresholds, limit int, next func(i int) Game) (Decision, int) {
	t.Helper()
	var games []Game
	for i := range limit {
		games = append(games, next(i))
		d, err := Decide(l, th, games)
		if err != nil {
			t.Fatal(err)
		}
		if !d.Continue {
			return d, len(games)
		}
	}
	t.Fatalf("no stop within %d games", limit)
	return Decision{}, 0
}

func TestDecideStopsEarlyOnAClearCase(t *testing.T) {
	l := Ladder{Rungs: []string{"random", "ab:d2", "ab:d4"}}
	th := DefaultThresholds()
	// The strongest rung beats the weakest in every game, pairs swapping
	// colours: order and depth_insensitive are both clearly "above".
	d, n := stream(t, l, th, th.MaxGames, func(i int) Game {
		g := pairOf("p"+string(rune('a'+i/2)), uint64(i/2), "ab:d4", "random", 1, 1)[i%2]
		return g
	})
	if n >= th.MaxGames/2 {
		t.Errorf("clear case took %d games (cap %d)", n, th.MaxGames)
	}
	if !strings.HasPrefix(d.Reason, "every threshold decided") {
		t.Errorf("reason %q", d.Reason)
	}
	if len(d.Tests) != 2 || d.Tests[0].Name != "order" || d.Tests[1].Name != FlagDepthInsensitive {
		t.Fatalf("tests %+v, want order and depth_insensitive", d.Tests)
	}
	for _, tt := range d.Tests {
		if tt.State != TestAbove || tt.LLR < tt.Upper {
			t.Errorf("%s: state %s LLR %.2f (upper %.2f)", tt.Name, tt.State, tt.LLR, tt.Upper)
		}
	}
	t.Logf("stopped after %d games: %s", n, d.Reason)
}

func TestDecideRunsAnUndecidedCaseToTheCap(t *testing.T) {
	l := Ladder{Rungs: []string{"a", "b"}}
	th := DefaultThresholds()
	th.MaxGames = 120
	// Each pair is one win each: the stronger rung's score sits at 1/2,
	// exactly the order test's threshold, so it never decides.
	d, n := stream(t, l, th, th.MaxGames+2, func(i int) Game {
		return pairOf("p"+string(rune('a'+i/2)), uint64(i/2), "b", "a", 1, 0)[i%2]
	})
	if n != th.MaxGames {
		t.Errorf("stopped after %d games, want the cap %d", n, th.MaxGames)
	}
	if !strings.Contains(d.Reason, "cap of 120 games") || !strings.Contains(d.Reason, "undecided: order") {
		t.Errorf("reason %q", d.Reason)
	}
}

func TestDecideWaitsForMinimumAndPairs(t *testing.T) {
	l := Ladder{Rungs: []string{"w", "s"}}
	th := DefaultThresholds()
	var games []Game
	for i := range 10 {
		games = append(games, pairOf("p"+string(rune('a'+i)), uint64(i), "s", "w", 1, 1)...)
	}
	d, err := Decide(l, th, games[:4])
	if err != nil || !d.Continue || !strings.Contains(d.Reason, "minimum") {
		t.Errorf("4 games: %+v %v, want continue below the minimum", d, err)
	}
	d, err = Decide(l, th, games[:th.MinGames+1])
	if err != nil || !d.Continue || !strings.Contains(d.Reason, "colour-swapped") {
		t.Errorf("odd game count: %+v %v, want continue waiting for the pair", d, err)
	}
	// Error games are not counted.
	withErr := append(append([]Game{}, games[:4]...), Game{P0: "s", P1: "w", Winner: -1, Rule: engine.EndError})
	if d, _ := Decide(l, th, withErr); d.Games != 4 {
		t.Errorf("error game counted: %d games", d.Games)
	}
}

func TestDecideFeedsByRole(t *testing.T) {
	l := Ladder{Rungs: []string{"r", "d1", "d2", "d3"}}
	th := DefaultThresholds()
	names := func(a, b string) string {
		var ns []string
		for _, f := range feedsFor(l, th, a, b) {
			ns = append(ns, f.name)
		}
		return strings.Join(ns, ",")
	}
	cases := []struct{ a, b, want string }{
		{"d3", "r", "order,depth_insensitive"},
		{"d2", "d1", "order"},
		{"d3", "d2", "order,draw_heavy,unfinished,short"},
		{"d3", "d3", "one_sided_high,one_sided_low,draw_heavy,unfinished,short"},
		{"r", "r", "one_sided_high,one_sided_low"},
	}
	for _, c := range cases {
		if got := names(c.a, c.b); got != c.want {
			t.Errorf("%s vs %s feeds %s, want %s", c.a, c.b, got, c.want)
		}
	}
}

func TestDecideRejectsBadInput(t *testing.T) {
	l := Ladder{Rungs: []string{"a", "b", "c"}}
	th := DefaultThresholds()
	mixed := []Game{
		{P0: "a", P1: "b", Winner: 0, Rule: engine.EndCheckmate},
		{P0: "a", P1: "c", Winner: 0, Rule: engine.EndCheckmate},
	}
	if _, err := Decide(l, th, mixed); err == nil {
		t.Error("two pairings in one call: want an error")
	}
	if _, err := Decide(l, th, []Game{{P0: "a", P1: "x", Rule: engine.EndCheckmate}}); err == nil {
		t.Error("spec off the ladder: want an error")
	}
	bad := th
	bad.Delta = 0.4
	if _, err := Decide(l, bad, nil); err == nil {
		t.Error("Delta pushing hypotheses out of (0,1): want an error")
	}
}
