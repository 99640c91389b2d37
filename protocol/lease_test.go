package protocol

import (
	"strings"
	"testing"
)

func TestLeasesAndSeals(t *testing.T) {
	key, other := NewKey(), NewKey()
	lease := MakeLease(key, "b1", "b1-000001")
	other1 := "1"
	if lease[0] == '1' {
		other1 = "2"
	}
	tests := []struct {
		name       string
		key        []byte
		batch, job string
		lease      string
		want       bool
	}{
		{"its own job", key, "b1", "b1-000001", lease, true},
		{"another job", key, "b1", "b1-000002", lease, false},
		{"another batch", key, "b2", "b1-000001", lease, false},
		{"another farm's key", other, "b1", "b1-000001", lease, false},
		{"nonce changed", key, "b1", "b1-000001", other1 + lease[1:], false},
		{"no MAC", key, "b1", "b1-000001", LeaseNonce(lease), false},
		{"empty", key, "b1", "b1-000001", "", false},
	}
	for _, tt := range tests {
		if got := CheckLease(tt.key, tt.batch, tt.job, tt.lease); got != tt.want {
			t.Errorf("%s: CheckLease = %v, want %v", tt.name, got, tt.want)
		}
	}
	if MakeLease(key, "b1", "b1-000001") == lease {
		t.Error("two publications share a lease")
	}
	seal := Seal(key, KindDead, "b1", "b1-000001", lease, SourceAdvisory)
	if !CheckSeal(key, seal, KindDead, "b1", "b1-000001", lease, SourceAdvisory) ||
		CheckSeal(key, seal, KindDead, "b1", "b1-000001", lease, SourceWorker) ||
		CheckSeal(other, seal, KindDead, "b1", "b1-000001", lease, SourceAdvisory) {
		t.Error("a seal checks under another source or key")
	}
	p := testPlan()
	if id := BatchID(key, p); id == BatchID(other, p) || id == p.ID() || id != BatchID(key, p) || !IsToken(id) {
		t.Errorf("batch id %s: not a keyed, stable token", id)
	}
	if JobMsgID("j", lease) == JobMsgID("j", MakeLease(key, "b1", "j")) {
		t.Error("two publications share a message id")
	}
}

func TestResultCheckFor(t *testing.T) {
	job := testPlan().Jobs()[0]
	job.Lease = "0123456789abcdef.00112233445566778899aabbccddeeff"
	job.MaxNodes = 1000
	good := Result{V: Version, JobIdentity: job.JobIdentity, Moves: []string{"a2a3"}, Plies: 1,
		Result: ResultFirstWins, Winner: FirstMover, Ending: "checkmate", Nodes: 10}
	tests := []struct {
		name   string
		change func(*Result)
		want   string
	}{
		{"sound", func(*Result) {}, ""},
		{"winner 7", func(r *Result) { r.Winner = 7 }, "winner"},
		{"another game", func(r *Result) { r.Game++ }, "identity"},
		{"another lease", func(r *Result) { r.Lease = "" }, "identity"},
		{"unknown version", func(r *Result) { r.V = 9 }, "version"},
		{"too many nodes", func(r *Result) { r.Nodes = 5000 }, "nodes"},
		{"control characters", func(r *Result) { r.Moves = []string{"a2\na3"} }, "move"},
		{"negative feature", func(r *Result) { r.Features = map[string]int{"captures": -1} }, "feature"},
		{"long game", func(r *Result) { r.Plies = MaxRecordPlies + 1 }, "plies"},
	}
	for _, tt := range tests {
		r := good
		tt.change(&r)
		err := r.CheckFor(job)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: CheckFor = %v, want %q", tt.name, err, tt.want)
		}
	}
}
