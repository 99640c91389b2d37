package farm

import (
	"testing"

	"balancefarm/protocol"
)

// retract takes a pairing's prefix and stop decision back to before a
// discarded game, so that the stop rule is asked again at the same
// prefixes as the replayed games come in.
func TestScheduleRetract(t *testing.T) {
	plan := protocol.Plan{Ruleset: "r", RulesetHash: "h", Players: []string{"a", "b"}, GamesPerPairing: 8, Seed: 1}
	jobs := plan.JobsFor("batch")
	stopAt3 := func(_ [2]string, results []protocol.Result) (bool, string) {
		return len(results) >= 6, "three pairs"
	}
	tests := []struct {
		name       string
		discard    int // game index in the pairing
		wantPrefix int
		wantStop   int // stopAt afterwards, -1 open
		wantSeen   int // results the stop rule saw before the prefix
	}{
		{"a game of the second pair", 3, 1, -1, 2},
		{"a game of the first pair", 0, 0, -1, 0},
		{"a surplus game beyond the stop", 6, 3, 3, 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := newSchedule(plan, jobs, stopAt3, 2)
			if err != nil {
				t.Fatal(err)
			}
			p := s.pairings[0]
			rec := newRecords(jobs)
			p.frontier = p.pairs()
			for _, j := range p.jobs {
				rec.results[j.JobID] = protocol.Result{JobIdentity: j.JobIdentity}
			}
			s.settle(p, rec)
			if p.stopAt != 3 || p.prefix != p.pairs() {
				t.Fatalf("before: stop at %d, prefix %d", p.stopAt, p.prefix)
			}
			discarded := p.jobs[tc.discard]
			delete(rec.results, discarded.JobID)
			s.retract(discarded, rec)
			if p.prefix != tc.wantPrefix || p.stopAt != tc.wantStop || len(p.counted) != tc.wantSeen {
				t.Fatalf("prefix %d, stop at %d, %d counted; want %d, %d, %d", p.prefix, p.stopAt, len(p.counted),
					tc.wantPrefix, tc.wantStop, tc.wantSeen)
			}
			// The replayed game comes in: the pairing stops where it did.
			rec.results[discarded.JobID] = protocol.Result{JobIdentity: discarded.JobIdentity}
			s.settle(p, rec)
			if p.stopAt != 3 || len(p.counted) != 6 {
				t.Fatalf("after the replay: stop at %d with %d counted, want 3 and 6", p.stopAt, len(p.counted))
			}
		})
	}
}
