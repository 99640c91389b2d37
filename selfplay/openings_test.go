package selfplay

import (
	"context"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/search"
)

// TestOpeningLinesListed: a file's opening lines are listed for the
// analysis only where the games show few openings, some played again, and
// the equal-strength games are alpha-beta's, which play one game from one
// position; every listed line's hash is the hash of its games' openings.
func TestOpeningLinesListed(t *testing.T) {
	g, err := engine.Compile(readRuleset(t, "canaries/coin-toss.json"))
	if err != nil {
		t.Fatal(err)
	}
	tree, ok := search.OpeningLines(context.Background(), g, 0, 64)
	if !ok || len(tree) != 2 {
		t.Fatalf("coin-toss: %d lines (%v)", len(tree), ok)
	}
	games := func(spec string, repeats int) []protocol.Result {
		var out []protocol.Result
		for _, l := range tree {
			for range repeats {
				out = append(out, result(spec, spec, l.Moves))
			}
		}
		return out
	}
	cases := []struct {
		name    string
		results []protocol.Result
		listed  bool
	}{
		{"alpha-beta, each line twice", games("ab:n300", 2), true},
		{"each line once", games("ab:n300", 1), false},
		{"Monte Carlo", games("mcts:i100", 2), false},
		{"no equal-strength games", []protocol.Result{result("ab:n300", "random", tree[0].Moves), result("ab:n300", "random", tree[0].Moves)}, false},
	}
	for _, c := range cases {
		lines := OpeningLines(g, c.results)
		if (lines != nil) != c.listed {
			t.Errorf("%s: listed %v, want %v", c.name, lines != nil, c.listed)
			continue
		}
		for _, l := range lines {
			found := false
			for _, r := range c.results {
				found = found || openingOf(r) == l.Hash
			}
			if !found {
				t.Errorf("%s: line %x is no game's opening", c.name, l.Hash)
			}
		}
	}
}

// result is a game of p0 against p1 whose random opening was moves.
func result(p0, p1 string, moves []string) protocol.Result {
	r := protocol.Result{Moves: moves, OpeningPlies: len(moves)}
	r.P0, r.P1 = p0, p1
	return r
}
