package farm

import (
	"slices"
	"testing"

	"balancefarm/protocol"
)

// A stopped pairing's published jobs beyond its stopping point without a
// record are withdrawable and no longer expected; those with one are
// surplus records, still expected.
func TestScheduleWithdrawable(t *testing.T) {
	plan := protocol.Plan{Ruleset: "r", RulesetHash: "h", Players: []string{"a", "b"}, GamesPerPairing: 8, Seed: 1}
	jobs := plan.JobsFor("batch")
	tests := []struct {
		name      string
		frontier  int   // pairs published
		stopAt    int   // -1 open
		recorded  []int // games with a record
		wantGone  []int // withdrawable games
		wantCount int   // expected records
	}{
		{"open", 3, -1, []int{0, 1, 3}, nil, 8},
		{"stopped with surplus queued and recorded", 3, 1, []int{0, 1, 3}, []int{2, 4, 5}, 3},
		{"stopped with nothing beyond", 1, 1, []int{0, 1}, nil, 2},
		{"capped", 4, 4, []int{0, 1, 2, 3, 4, 5, 6, 7}, nil, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := newSchedule(plan, jobs, func([2]string, []protocol.Result) (bool, string) { return false, "" }, 3)
			if err != nil {
				t.Fatal(err)
			}
			p := s.pairings[0]
			p.frontier, p.stopAt = tc.frontier, tc.stopAt
			rec := newRecords(jobs)
			for _, g := range tc.recorded {
				rec.results[p.jobs[g].JobID] = protocol.Result{JobIdentity: p.jobs[g].JobIdentity}
			}
			var gone []int
			for _, j := range s.withdrawable(rec) {
				gone = append(gone, slices.IndexFunc(p.jobs, func(x protocol.Job) bool { return x.JobID == j.JobID }))
			}
			if !slices.Equal(gone, tc.wantGone) {
				t.Errorf("withdrawable games %v, want %v", gone, tc.wantGone)
			}
			for _, g := range gone {
				if !s.surplus(p.jobs[g]) {
					t.Errorf("withdrawable game %d is not surplus", g)
				}
			}
			if tc.stopAt > 0 && s.surplus(p.jobs[2*tc.stopAt-1]) {
				t.Errorf("the last counted game is surplus")
			}
			if got := s.expected(rec); got != tc.wantCount {
				t.Errorf("expected %d records, want %d", got, tc.wantCount)
			}
			if s.finished() != (tc.stopAt >= 0) {
				t.Errorf("finished %v with the pairing stopped at %d", s.finished(), tc.stopAt)
			}
		})
	}
}

// stopOpen stops the open pairings at their complete prefix, each with the
// reason given before its own last one, and leaves stopped and capped ones
// as they were.
func TestScheduleStopOpen(t *testing.T) {
	plan := protocol.Plan{Ruleset: "r", RulesetHash: "h", Players: []string{"a", "b", "c"}, GamesPerPairing: 8, Seed: 1}
	s, err := newSchedule(plan, plan.JobsFor("batch"), func([2]string, []protocol.Result) (bool, string) { return false, "" }, 2)
	if err != nil {
		t.Fatal(err)
	}
	type state struct {
		prefix, stopAt int
		reason         string
	}
	set := []state{{2, -1, "undecided"}, {1, 1, "decided"}, {4, -1, ""}}
	want := []state{{2, 2, "deadline; undecided"}, {1, 1, "decided"}, {4, -1, ""}}
	for i, st := range set {
		p := s.pairings[i]
		p.prefix, p.frontier, p.stopAt, p.reason = st.prefix, min(st.prefix+2, p.pairs()), st.stopAt, st.reason
	}
	s.stopOpen("deadline")
	for i, w := range want {
		p := s.pairings[i]
		if got := (state{p.prefix, p.stopAt, p.reason}); got != w {
			t.Errorf("pairing %d: %+v, want %+v", i, got, w)
		}
	}
	if !s.finished() {
		t.Error("the schedule is not finished after every open pairing stopped")
	}
}
