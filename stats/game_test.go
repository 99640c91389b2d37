package stats

import "testing"

// TestUnfinished: only the clocks that stand in for a game going on leave
// it unfinished; an ending a rule gives (a count that runs out included)
// finishes it.
func TestUnfinished(t *testing.T) {
	for _, tc := range []struct {
		rule string
		want bool
	}{
		{EndMaxPlies, true},
		{EndNoProgress, true},
		{"counting", false},
		{EndRepetition, false},
		{EndStalemate, false},
		{EndCheckmate, false},
		{EndScoring, false},
	} {
		if got := Unfinished(tc.rule); got != tc.want {
			t.Errorf("Unfinished(%q) = %v, want %v", tc.rule, got, tc.want)
		}
	}
}
