package fakegame

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"balancefarm/protocol"
)

func job(seed uint64) protocol.Job {
	return protocol.Job{V: protocol.Version, JobIdentity: protocol.JobIdentity{JobID: "j", BatchID: "b", P0: "x", P1: "y", Seed: seed}}
}

func TestDeterministic(t *testing.T) {
	r := &Runner{MinPlies: 3, MaxPlies: 20, NodesPerPly: 10}
	a, err := r.Run(context.Background(), nil, job(5), func() {})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := r.Run(context.Background(), nil, job(5), func() {})
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("same job, different games:\n%+v\n%+v", a, b)
	}
	if err := a.CheckGame(); err != nil {
		t.Fatal(err)
	}
	if a.Plies < 3 || a.Plies > 20 || a.Nodes != int64(10*a.Plies) {
		t.Errorf("plies %d nodes %d", a.Plies, a.Nodes)
	}
	differ := false
	for seed := uint64(6); seed < 20 && !differ; seed++ {
		c, _ := r.Run(context.Background(), nil, job(seed), func() {})
		differ = c.Plies != a.Plies || c.Result != a.Result
	}
	if !differ {
		t.Error("seeds do not change the game")
	}
}

func TestLimitsAndFaults(t *testing.T) {
	tests := []struct {
		name    string
		runner  Runner
		job     protocol.Job
		timeout time.Duration
		wantErr error
		ending  string
	}{
		{"node limit", Runner{MinPlies: 10, MaxPlies: 10, NodesPerPly: 100}, func() protocol.Job { j := job(1); j.MaxNodes = 250; return j }(), time.Second, nil, "node_limit"},
		{"cancelled", Runner{MinPlies: 1000, MaxPlies: 1000, PlyDelay: time.Millisecond}, job(1), 20 * time.Millisecond, context.DeadlineExceeded, ""},
		{"fault", Runner{MinPlies: 5, MaxPlies: 5, Fault: func(_ context.Context, _ []byte, _ protocol.Job, ply int) error {
			if ply == 3 {
				return errBoom
			}
			return nil
		}}, job(1), time.Second, errBoom, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), tt.timeout)
			defer cancel()
			plies := 0
			res, err := tt.runner.Run(ctx, nil, tt.job, func() { plies++ })
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err %v, want %v", err, tt.wantErr)
			}
			if err == nil && (res.Ending != tt.ending || res.Plies != plies || res.CheckGame() != nil) {
				t.Errorf("record %+v after %d progress calls", res, plies)
			}
		})
	}
}

var errBoom = errors.New("boom")
