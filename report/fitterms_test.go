package report

import (
	"strings"
	"testing"

	"balancefarm/stats"
)

// The report says how the piece-value fit weighed games and players, and
// names the players only when there were several to separate.
func TestFitTerms(t *testing.T) {
	tests := []struct {
		players int
		want    string
		without string
	}{
		{0, "each game weighing one", "players"},
		{1, "each game weighing one", "players"},
		{4, "each of the 4 players with a strength of its own", ""},
	}
	for _, tc := range tests {
		got := fitTerms(&stats.PieceValues{Players: tc.players})
		if !strings.Contains(got, tc.want) || (tc.without != "" && strings.Contains(got, tc.without)) {
			t.Errorf("%d players: %q", tc.players, got)
		}
	}
}
