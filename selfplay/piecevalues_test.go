package selfplay

import (
	"testing"

	"balancefarm/engine"
	"balancefarm/records"
)

// Each player spec gets a strength of its own in the fit; games with a
// random player are left out, so it is not one of them.
func TestPieceValuesPlayers(t *testing.T) {
	g, err := engine.Compile(readRuleset(t, "chess.json"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		specs [][2]string // cycled over the games
		want  int
	}{
		{"one spec", [][2]string{{"ab:n1", "ab:n1"}}, 1},
		{"a ladder", [][2]string{{"ab:n1", "ab:n2"}, {"ab:n2", "mcts:i5"}, {"mcts:i5", "ab:n1"}}, 3},
		{"a random rung", [][2]string{{"ab:n1", "ab:n2"}, {"random", "ab:n2"}, {"ab:n2", "ab:n1"}}, 2},
	}
	for _, tc := range tests {
		results := materialGames(g, 90)
		for i := range results {
			s := tc.specs[i%len(tc.specs)]
			results[i].P0, results[i].P1 = s[0], s[1]
		}
		pv, err := PieceValues(g, records.ReplayAll(g, results))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if pv.Players != tc.want {
			t.Errorf("%s: %d players, want %d", tc.name, pv.Players, tc.want)
		}
	}
}
