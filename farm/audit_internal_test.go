package farm

import (
	"fmt"
	"math"
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

// A worker whose first-mover score departs from its peers' is audited
// one game in auditEveryOff instead of one in auditEvery.
func TestAuditSampleRate(t *testing.T) {
	tests := []struct {
		name          string
		own, peers    [3]int // first-mover wins, draws, losses
		wantDeparts   bool
		wantRateAbout float64
	}{
		{"like its peers", [3]int{5, 0, 5}, [3]int{10, 0, 10}, false, 1 / float64(auditEvery)},
		{"first mover always wins", [3]int{10, 0, 0}, [3]int{10, 0, 10}, true, 1.0 / auditEveryOff},
		{"too few games to tell", [3]int{5, 0, 0}, [3]int{10, 0, 10}, false, 1 / float64(auditEvery)},
		{"too few peers to tell", [3]int{10, 0, 0}, [3]int{3, 0, 3}, false, 1 / float64(auditEvery)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := newAuditor(RunnerFunc(nil), []byte("farm key"))
			// Each result under a worker id of its own: the credential
			// that published them is what is scored.
			add := func(credential string, wdl [3]int) {
				for i, winner := range []int{protocol.FirstMover, protocol.NoWinner, protocol.SecondMover} {
					for k := range wdl[i] {
						r := protocol.Result{WorkerID: fmt.Sprintf("%s-%d-%d", credential, i, k), Winner: winner}
						a.score(publisherOf(candidate{result: &r, credential: credential}), r, 1)
					}
				}
			}
			add("w", tc.own)
			add("peer", tc.peers)
			if got := a.departs(publisher{credential: "w"}); got != tc.wantDeparts {
				t.Fatalf("departs %v, want %v", got, tc.wantDeparts)
			}
			sampled := 0
			const n = 4000
			for i := range n {
				r := protocol.Result{JobIdentity: protocol.JobIdentity{JobID: fmt.Sprintf("job-%d", i)}, WorkerID: fmt.Sprintf("fresh-%d", i)}
				if a.sampled("batch", candidate{result: &r, credential: "w"}) {
					sampled++
				}
			}
			if rate := float64(sampled) / n; math.Abs(rate-tc.wantRateAbout) > 0.03 {
				t.Fatalf("sampled %.3f of the results, want about %.3f", rate, tc.wantRateAbout)
			}
		})
	}
}
