package farm_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"
)

// stallRunner plays every game quickly except those of one pairing from
// one pair on, which run until their context ends (the withdrawal at the
// deadline), noting why.
type stallRunner struct {
	plan          protocol.Plan
	quick         farm.GameRunner
	pairing, from int

	mu      sync.Mutex
	stopped []error
}

func (r *stallRunner) Run(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error) {
	if pairing, pair, _ := r.plan.PairingOf(job); pairing != r.pairing || pair < r.from {
		return r.quick.Run(ctx, ruleFile, job, progress)
	}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			progress()
		case <-ctx.Done():
			r.mu.Lock()
			r.stopped = append(r.stopped, context.Cause(ctx))
			r.mu.Unlock()
			return protocol.Result{}, ctx.Err()
		}
	}
}

// A deadline stops the pairings still open where their complete prefix
// stands, with its reason before the stop rule's, and withdraws their
// games in flight, so the batch ends moments after it: here a pairing
// whose games from its third pair on never end by themselves, beside two
// that reach their cap before the deadline (on an idle machine).
func TestDeadlineStopsOpenPairings(t *testing.T) {
	s := startServer(t, t.TempDir())
	url := s.ClientURL()
	_, js := connect(t, url)
	plan := testPlan(20, "deadline") // 3 pairings of 10 pairs
	runner := &stallRunner{plan: plan, quick: quickRunner(), pairing: 1, from: 2}
	workers(t, url, 1, 8, runner) // the stalled pairing's window holds four
	never := func([2]string, []protocol.Result) (bool, string) { return false, "more wanted" }
	const why = "out of time"
	deadline := time.Now().Add(4 * time.Second)
	hooks := farm.Hooks{Stop: never, Window: 2, Deadline: deadline, DeadlineReason: why}
	out := runSequential(t, js, plan, hooks, 60*time.Second)
	if late := time.Since(deadline); late > 10*time.Second {
		t.Errorf("the batch ended %s after its deadline", late)
	}
	// The quick pairings reach their cap unless a loaded machine holds
	// them past the deadline too; then they stop as the stalled one does.
	wantPairs := []int{10, 2, 10}
	for i, po := range out.Pairings {
		if i != 1 && po.Stopped {
			wantPairs[i] = po.Games / 2
		}
		switch {
		case !po.Stopped && i == 1:
			t.Errorf("the stalled pairing was not stopped (%s)", po.Reason)
		case po.Stopped && po.Reason != why+"; more wanted":
			t.Errorf("pairing %d stopped for %q, want %q", i, po.Reason, why+"; more wanted")
		case !po.Stopped && !strings.HasPrefix(po.Reason, "cap of 20 games reached"):
			t.Errorf("pairing %d ended for %q, want its cap", i, po.Reason)
		}
	}
	checkSequential(t, js, plan, out, wantPairs)
	// The batch does not wait for its withdrawn games: their workers see
	// the withdrawal within about a second.
	var stopped []error
	for wait := time.Now().Add(10 * time.Second); len(stopped) < 4 && time.Now().Before(wait); time.Sleep(20 * time.Millisecond) {
		runner.mu.Lock()
		stopped = slices.Clone(runner.stopped)
		runner.mu.Unlock()
	}
	if len(stopped) < 4 {
		t.Fatalf("%d of the stalled pairing's 4 games in flight stopped after the deadline", len(stopped))
	}
	// Withdrawn, or stopped with the whole batch once it is complete,
	// whichever its worker saw first.
	for _, err := range stopped {
		if !errors.Is(err, farm.ErrWithdrawn) && (err == nil || !strings.Contains(err.Error(), "consumer is gone")) {
			t.Errorf("a stalled game ended by %v, want its withdrawal or the batch's end", err)
		}
	}
}
