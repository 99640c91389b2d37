package farm_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
)

// stopAfterPairs stops each pairing once it has the given number of
// complete pairs (absent: never), and remembers every prefix it was shown.
type stopAfterPairs struct {
	after map[[2]string]int
	mu    sync.Mutex
	seen  map[[2]string][][]protocol.Result
}

func (s *stopAfterPairs) stop(pairing [2]string, results []protocol.Result) (bool, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seen == nil {
		s.seen = map[[2]string][][]protocol.Result{}
	}
	s.seen[pairing] = append(s.seen[pairing], slices.Clone(results))
	n, ok := s.after[pairing]
	if ok && len(results) >= 2*n {
		return true, fmt.Sprintf("%d pairs played", n)
	}
	return false, "more wanted"
}

// stopOnFirstMoverWins stops a pairing once the first mover has won three
// of its games: a decision that depends on what was played, so that two
// runs agree only if they count the same games.
func stopOnFirstMoverWins(_ [2]string, results []protocol.Result) (bool, string) {
	wins := 0
	for _, r := range results {
		if r.Winner == protocol.FirstMover {
			wins++
		}
	}
	return wins >= 3, fmt.Sprintf("%d first-mover wins", wins)
}

// runSequential runs plan with hooks until it completes or timeout passes.
func runSequential(t testing.TB, js jetstream.JetStream, plan protocol.Plan, hooks farm.Hooks, timeout time.Duration) *farm.Outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	go c.WatchDeadLetters(ctx)
	out, err := c.RunHooks(ctx, plan, testRuleFile, hooks)
	if err != nil {
		t.Fatalf("batch: %v", err)
	}
	return out
}

// pairingJobs groups the plan's jobs by pairing, in plan order.
func pairingJobs(plan protocol.Plan, batch string) [][]protocol.Job {
	out := make([][]protocol.Job, len(plan.Pairings()))
	for _, j := range plan.JobsFor(batch) {
		pi, _, _ := plan.PairingOf(j)
		out[pi] = append(out[pi], j)
	}
	return out
}

// checkSequential asserts that each pairing's counted games are the first
// wantPairs[i] pairs of its jobs and that its surplus lies beyond that
// prefix in plan order (with gaps where jobs were withdrawn), each job at
// most once, and that the results stream holds a record of every job the
// outcome names and of no other job that counts: any other is a surplus
// game recorded after the batch ended.
func checkSequential(t testing.TB, js jetstream.JetStream, plan protocol.Plan, out *farm.Outcome, wantPairs []int) {
	t.Helper()
	if len(out.DeadLetters) != 0 {
		t.Fatalf("%d dead letters", len(out.DeadLetters))
	}
	byPairing := pairingJobs(plan, out.BatchID)
	if len(out.Pairings) != len(byPairing) {
		t.Fatalf("%d pairing outcomes for %d pairings", len(out.Pairings), len(byPairing))
	}
	counted := map[int][]protocol.Result{}
	surplus := map[int][]protocol.Result{}
	seen := map[string]bool{}
	for _, group := range []struct {
		rs   []protocol.Result
		into map[int][]protocol.Result
	}{{out.Results, counted}, {out.Surplus, surplus}} {
		for _, r := range group.rs {
			if seen[r.JobID] {
				t.Fatalf("job %s appears twice", r.JobID)
			}
			seen[r.JobID] = true
			pi, _, ok := plan.PairingOf(protocol.Job{JobIdentity: protocol.JobIdentity{PairID: r.PairID}})
			if !ok {
				t.Fatalf("result %s is outside the plan", r.JobID)
			}
			group.into[pi] = append(group.into[pi], r)
		}
	}
	for pi, jobs := range byPairing {
		po := out.Pairings[pi]
		want := 2 * wantPairs[pi]
		if len(counted[pi]) != want || po.Games != want {
			t.Fatalf("pairing %v: %d results (summary %d), want %d", po.Players, len(counted[pi]), po.Games, want)
		}
		if po.Stopped != (want < len(jobs)) || po.Reason == "" || po.Surplus != len(surplus[pi]) {
			t.Errorf("pairing %v summary %+v with %d surplus", po.Players, po, len(surplus[pi]))
		}
		for i, r := range counted[pi] {
			if r.JobID != jobs[i].JobID {
				t.Fatalf("pairing %v: game %d is job %s, want %s (not a prefix in plan order)", po.Players, i, r.JobID, jobs[i].JobID)
			}
		}
		next := want
		for _, r := range surplus[pi] {
			for next < len(jobs) && jobs[next].JobID != r.JobID {
				next++
			}
			if next == len(jobs) {
				t.Fatalf("pairing %v: surplus job %s is not beyond the counted games in plan order", po.Players, r.JobID)
			}
			next++
		}
	}
	counts := map[string]bool{}
	for pi, jobs := range byPairing {
		for _, j := range jobs[:2*wantPairs[pi]] {
			counts[j.JobID] = true
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	results, err := js.Stream(ctx, farm.StreamResults)
	if err != nil {
		t.Fatal(err)
	}
	info, err := results.Info(ctx, jetstream.WithSubjectFilter(protocol.BatchRecordsFilter(out.BatchID)))
	if err != nil {
		t.Fatal(err)
	}
	recordedJobs := map[string]bool{}
	for subj := range info.State.Subjects {
		_, _, job, _ := protocol.SplitSubject(subj)
		recordedJobs[job] = true
	}
	for job := range seen {
		if !recordedJobs[job] {
			t.Fatalf("job %s of the outcome has no record in the stream", job)
		}
	}
	for job := range recordedJobs {
		if !seen[job] && counts[job] {
			t.Fatalf("recorded job %s counts but is missing from the outcome", job)
		}
	}
}

func TestSequentialStopsPairings(t *testing.T) {
	plan := testPlan(20, "") // 3 pairings of 10 pairs
	pairings := plan.Pairings()
	key := func(i int) [2]string { return [2]string{pairings[i].A, pairings[i].B} }
	tests := []struct {
		name   string
		after  map[[2]string]int // pairs before a pairing stops
		window int
		nilFn  bool
		want   []int
	}{
		{"every game without a StopFunc", nil, 0, true, []int{10, 10, 10}},
		{"stops after N pairs, one capped", map[[2]string]int{key(0): 3, key(1): 1}, 2, false, []int{3, 1, 10}},
		{"stops at once, wide window", map[[2]string]int{key(0): 1, key(1): 2, key(2): 5}, 4, false, []int{1, 2, 5}},
	}
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	workers(t, s.ClientURL(), 2, 3, quickRunner())
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plan := testPlan(20, fmt.Sprint("seq", i))
			stopper := &stopAfterPairs{after: tt.after}
			hooks := farm.Hooks{Stop: stopper.stop, Window: tt.window}
			if tt.nilFn {
				hooks.Stop = nil
			}
			out := runSequential(t, js, plan, hooks, 30*time.Second)
			checkSequential(t, js, plan, out, tt.want)
			if tt.nilFn {
				checkOutcome(t, plan, out, 0)
				if len(out.Surplus) != 0 {
					t.Errorf("%d surplus games without a StopFunc", len(out.Surplus))
				}
			}
			window := max(tt.window, farm.DefaultWindow)
			for pi, po := range out.Pairings {
				if po.Surplus > 2*(window-1) {
					t.Errorf("pairing %d: %d surplus games with a window of %d pairs", pi, po.Surplus, window)
				}
			}
			// The StopFunc saw every prefix in order, growing a pair at a time.
			for pi := range tt.want {
				jobs := pairingJobs(plan, out.BatchID)[pi]
				for k, prefix := range stopper.seen[key(pi)] {
					if len(prefix) != 2*(k+1) || prefix[len(prefix)-1].JobID != jobs[2*k+1].JobID {
						t.Fatalf("pairing %d: call %d saw %d results ending at %s", pi, k, len(prefix), prefix[len(prefix)-1].JobID)
					}
				}
			}
			waitQueueEmpty(t, js)

			// A rerun of the finished batch decides again from the stream
			// and reaches the same games without playing any. Its surplus
			// may hold a game recorded after the first run ended.
			again := runSequential(t, js, plan, hooks, 10*time.Second)
			if len(again.Results) != len(out.Results) || len(again.Surplus) < len(out.Surplus) {
				t.Fatalf("rerun: %d results and %d surplus, first run %d and %d",
					len(again.Results), len(again.Surplus), len(out.Results), len(out.Surplus))
			}
			for i := range out.Results {
				if out.Results[i].JobID != again.Results[i].JobID || out.Results[i].WorkerID != again.Results[i].WorkerID {
					t.Fatalf("rerun result %d differs", i)
				}
			}
		})
	}
}

func TestSequentialRestartResumes(t *testing.T) {
	s := startServer(t, t.TempDir())
	url := s.ClientURL()
	_, js := connect(t, url)
	workers(t, url, 2, 2, quickRunner())
	hooks := farm.Hooks{Stop: stopOnFirstMoverWins, Window: 3}

	// The reference: the same games under another batch id, uninterrupted.
	ref := runSequential(t, js, testPlan(40, "reference"), hooks, 60*time.Second)

	plan := testPlan(40, "restarted")
	ctx, cancel := context.WithCancel(context.Background())
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	recordedBefore := 0
	first := hooks
	first.Progress = func(done, _ int) {
		recordedBefore = done
		if done >= 6 {
			cancel()
		}
	}
	if _, err := c.RunHooks(ctx, plan, testRuleFile, first); !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: %v, want it cancelled mid-batch", err)
	}
	_, js2 := connect(t, url)
	out := runSequential(t, js2, plan, hooks, 60*time.Second)

	var wantPairs []int
	for _, po := range ref.Pairings {
		wantPairs = append(wantPairs, po.Games/2)
	}
	checkSequential(t, js2, plan, out, wantPairs)
	if len(out.Results) != len(ref.Results) {
		t.Fatalf("%d results after the restart, %d uninterrupted", len(out.Results), len(ref.Results))
	}
	for i, r := range out.Results {
		want := ref.Results[i]
		if r.Seed != want.Seed || r.P0 != want.P0 || r.Winner != want.Winner || strings.Join(r.Moves, " ") != strings.Join(want.Moves, " ") {
			t.Fatalf("game %d differs from the uninterrupted run: %+v vs %+v", i, r, want)
		}
	}
	capGames := len(plan.Jobs())
	if len(out.Results) >= capGames {
		t.Errorf("every one of the %d games counted; the StopFunc should have cut some", capGames)
	}
	waitQueueEmpty(t, js2)
	t.Logf("%d of %d games counted, %d surplus, %d recorded before the restart, %d duplicates",
		len(out.Results), capGames, len(out.Surplus), recordedBefore, out.Duplicates)
}
