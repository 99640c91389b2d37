package protocol

import "testing"

func TestPlanPairingOf(t *testing.T) {
	p := testPlan() // 3 pairings of 2 pairs
	pairings := p.Pairings()
	next := make([]int, len(pairings)) // the game expected next in each pairing
	for _, j := range p.Jobs() {
		pi, k, ok := p.PairingOf(j)
		if !ok {
			t.Fatalf("job %s not placed", j.JobID)
		}
		pr := pairings[pi]
		if !(j.P0 == pr.A && j.P1 == pr.B) && !(j.P0 == pr.B && j.P1 == pr.A) {
			t.Errorf("job %s (%s vs %s) placed in pairing %v", j.JobID, j.P0, j.P1, pr)
		}
		if 2*k+j.Game%2 != next[pi] {
			t.Errorf("job %s is game %d of pairing %d, want %d", j.JobID, 2*k+j.Game%2, pi, next[pi])
		}
		next[pi]++
	}
	for pi, n := range next {
		if n != p.GamesPerPairing {
			t.Errorf("pairing %d has %d games, want %d", pi, n, p.GamesPerPairing)
		}
	}
	tests := []struct {
		name string
		plan Plan
		pair int
	}{
		{"negative pair", p, -1},
		{"beyond the plan", p, 6},
		{"no games per pairing", Plan{Players: []string{"a", "b"}}, 0},
	}
	for _, tt := range tests {
		if _, _, ok := tt.plan.PairingOf(Job{JobIdentity: JobIdentity{PairID: tt.pair}}); ok {
			t.Errorf("%s: placed", tt.name)
		}
	}
}
