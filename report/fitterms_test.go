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

// Values are ratios to the reference piece: when its own log-odds
// interval reaches zero the report says they cannot be read, and says
// nothing when the reference is clear.
func TestUnclearReference(t *testing.T) {
	pv := func(lo float64) *stats.PieceValues {
		return &stats.PieceValues{Reference: "P", Values: []stats.PieceValue{
			{Kind: "P", Logit: stats.Interval{Est: 0.1, Lo: lo, Hi: 0.3}},
			{Kind: "Q", Logit: stats.Interval{Est: 2, Lo: 1, Hi: 3}},
		}}
	}
	tests := []struct {
		lo   float64
		want string
	}{
		{0.02, ""},
		{0, "cannot be read"},
		{-0.1, "cannot be read"},
	}
	for _, tc := range tests {
		got := unclearReference(pv(tc.lo))
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("reference low %.2f: %q", tc.lo, got)
		}
	}
}
