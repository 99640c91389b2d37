package stats_test

import (
	"fmt"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/stats"
)

// A measurement says how many of its equal-strength games were different
// games, when the games carry their lines and some repeat.
func TestScopeSaysDistinctGames(t *testing.T) {
	l := stats.Ladder{Rungs: []string{"random", "ab:n3000"}}
	var games []stats.Game
	for i := 0; i < 12; i++ {
		games = append(games,
			stats.Game{P0: "ab:n3000", P1: "ab:n3000", PairID: fmt.Sprint(i), Winner: i % 2, Rule: engine.EndCheckmate, Plies: 40, Line: uint64(1 + i%3)},
			stats.Game{P0: "random", P1: "ab:n3000", PairID: fmt.Sprint(100 + i), Winner: 1, Rule: engine.EndCheckmate, Plies: 30, Line: uint64(10 + i)},
			stats.Game{P0: "ab:n3000", P1: "random", PairID: fmt.Sprint(100 + i), Winner: 0, Rule: engine.EndCheckmate, Plies: 30, Line: uint64(50 + i)})
	}
	for _, c := range []struct {
		name  string
		lines bool
		want  string
	}{
		{"repeats", true, ", 3 of them distinct"},
		{"lines unknown", false, ""},
	} {
		gs := append([]stats.Game(nil), games...)
		if !c.lines {
			for i := range gs {
				gs[i].Line = 0
			}
		}
		a, err := stats.Analyze(l, stats.StartInfo{}, gs, stats.DefaultThresholds())
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Contains(a.Measures.Scope, "distinct") && strings.Contains(a.Measures.FirstMoverFrom, "distinct")
		if got != (c.want != "") || (c.want != "" && !strings.HasSuffix(a.Measures.Scope, c.want)) {
			t.Errorf("%s: scope %q, first mover %q, want the suffix %q", c.name, a.Measures.Scope, a.Measures.FirstMoverFrom, c.want)
		}
	}
}
