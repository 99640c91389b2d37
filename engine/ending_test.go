package engine

import "testing"

// TestEndingUnfinished: only the clocks that stand in for a game going on
// leave it unfinished; an ending a rule gives (a count that runs out
// included) finishes it.
func TestEndingUnfinished(t *testing.T) {
	unfinished := map[Ending]bool{EndMaxPlies: true, EndNoProgress: true}
	for _, e := range append(RuleNames(), EndError) {
		if got := e.Unfinished(); got != unfinished[e] {
			t.Errorf("%s.Unfinished() = %v, want %v", e, got, unfinished[e])
		}
	}
}
