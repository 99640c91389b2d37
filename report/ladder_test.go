package report

import (
	"slices"
	"strings"
	"testing"

	"balancefarm/stats"
)

// TestLadderOrder: the ladder is stated in the order of its ratings, and
// each pair the ratings put against the intended order is named; a rung
// with no rating comes last.
func TestLadderOrder(t *testing.T) {
	rating := func(spec string, est float64) stats.Rating {
		return stats.Rating{Spec: spec, Elo: stats.Interval{Est: est, Lo: est - 60, Hi: est + 60}}
	}
	cases := []struct {
		name     string
		ladder   []string
		rungs    []stats.Rating
		order    []string
		inverted []string // substrings, one per inversion
	}{
		{"in order", []string{"random", "mcts:i50", "ab:n500"}, []stats.Rating{rating("random", 0), rating("mcts:i50", 300), rating("ab:n500", 420)},
			[]string{"random (+0)", "mcts:i50 (+300)", "ab:n500 (+420)"}, nil},
		{"mcts above ab", []string{"random", "mcts:i50", "ab:n500", "ab:n3000"},
			[]stats.Rating{rating("random", 0), rating("mcts:i50", 412), rating("ab:n500", 359), rating("ab:n3000", 700)},
			[]string{"random (+0)", "ab:n500 (+359)", "mcts:i50 (+412)", "ab:n3000 (+700)"},
			[]string{"mcts:i50 is rated +412 (+352 to +472), above ab:n500 at +359"}},
		{"one not rated", []string{"random", "ab:n500", "uci:x"}, []stats.Rating{rating("random", 0), rating("ab:n500", 200)},
			[]string{"random (+0)", "ab:n500 (+200)", "uci:x (not rated)"}, nil},
	}
	for _, c := range cases {
		order, inverted := ladderOrder(c.ladder, stats.Ratings{Rungs: c.rungs})
		if !slices.Equal(order, c.order) {
			t.Errorf("%s: order %q, want %q", c.name, order, c.order)
		}
		if len(inverted) != len(c.inverted) {
			t.Errorf("%s: inversions %q, want %d", c.name, inverted, len(c.inverted))
			continue
		}
		for i, want := range c.inverted {
			if !strings.Contains(inverted[i], want) {
				t.Errorf("%s: inversion %q does not say %q", c.name, inverted[i], want)
			}
		}
	}
}
