package farm_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/fakegame"
	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
)

func TestBatchCompletes(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	plan := testPlan(6, "")
	done := make(chan *farm.Outcome, 1)
	go func() { done <- runBatch(t, js, plan, 30*time.Second) }()
	workers(t, s.ClientURL(), 2, 2, quickRunner())
	out := <-done
	if out == nil {
		t.FailNow()
	}
	checkOutcome(t, plan, out, 0)
	if out.Duplicates != 0 {
		t.Errorf("%d duplicate records in a clean run", out.Duplicates)
	}

	// Running the same plan again resumes a finished batch: the records come
	// back from the stream and nothing is queued or played again.
	again := runBatch(t, js, plan, 10*time.Second)
	checkOutcome(t, plan, again, 0)
	for i := range out.Results {
		a, b := out.Results[i], again.Results[i]
		if a.JobID != b.JobID || a.WorkerID != b.WorkerID || strings.Join(a.Moves, " ") != strings.Join(b.Moves, " ") {
			t.Fatalf("resumed record %d differs: %+v vs %+v", i, a, b)
		}
	}
	waitQueueEmpty(t, js)
}

// faultRule marks the rule file that makes the fake engine fail.
var faultRule = []byte(`{"schema_version": 29, "name": "crashes the engine"}`)

// faultyRunner panics on ply 2 of any game of faultRule, on every attempt.
func faultyRunner() *fakegame.Runner {
	r := quickRunner()
	r.Fault = func(_ context.Context, rule []byte, _ protocol.Job, ply int) error {
		if bytes.Equal(rule, faultRule) && ply == 2 {
			panic("injected engine fault")
		}
		return nil
	}
	return r
}

func TestEngineFailureIsDeadLettered(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	workers(t, s.ClientURL(), 2, 2, faultyRunner())

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	go c.WatchDeadLetters(ctx)
	good := testPlan(4, "")
	bad := protocol.Plan{Ruleset: "faulty", RulesetHash: protocol.HashRuleFile(faultRule), Players: []string{"a", "b"}, GamesPerPairing: 2}
	goodDone := runInBackground(ctx, c, good, testRuleFile)
	out, err := c.Run(ctx, bad, faultRule, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkOutcome(t, bad, out, 2)
	for _, d := range out.DeadLetters {
		if d.Attempts != testConfig.MaxDeliver || d.Source != protocol.SourceWorker || !strings.Contains(d.Error, "injected engine fault") {
			t.Errorf("dead letter %+v: want %d attempts from the worker naming the fault", d, testConfig.MaxDeliver)
		}
		if d.Job.RulesetHash != bad.RulesetHash || d.Job.Seed == 0 {
			t.Errorf("dead letter does not name the rule file and seed: %+v", d.Job)
		}
	}
	g := <-goodDone
	if g.err != nil {
		t.Fatal(g.err)
	}
	checkOutcome(t, good, g.out, 0)
	// Terminated jobs leave the work queue like acknowledged ones.
	waitQueueEmpty(t, js)
}

func TestSilentWorkerIsDeadLetteredByAdvisory(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	go c.WatchDeadLetters(ctx)

	// A "worker" that takes jobs and dies with them: it never acks, naks or
	// heartbeats, so every delivery times out until MaxDeliver is spent.
	_, rogueJS := connect(t, s.ClientURL())
	plan := protocol.Plan{Ruleset: "silent", RulesetHash: protocol.HashRuleFile(testRuleFile), Players: []string{"a", "b"}, GamesPerPairing: 2, Salt: "silent"}
	go func() {
		var cons jetstream.Consumer
		for ctx.Err() == nil && cons == nil {
			cons, _ = rogueJS.Consumer(ctx, farm.StreamJobs, c.BatchID(plan))
			time.Sleep(20 * time.Millisecond)
		}
		for ctx.Err() == nil {
			b, err := cons.Fetch(10, jetstream.FetchMaxWait(200*time.Millisecond))
			if err == nil {
				for range b.Messages() {
				}
			}
		}
	}()
	out, err := c.Run(ctx, plan, testRuleFile, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkOutcome(t, plan, out, 2)
	for _, d := range out.DeadLetters {
		if d.Source != protocol.SourceAdvisory || d.Attempts != testConfig.MaxDeliver {
			t.Errorf("dead letter %+v: want the advisory path after %d deliveries", d, testConfig.MaxDeliver)
		}
	}
	waitQueueEmpty(t, js)
}

func TestWorkerLimits(t *testing.T) {
	tests := []struct {
		name    string
		fault   func(ctx context.Context) error
		reason  string
		workers int
	}{
		{"error", func(context.Context) error { return errors.New("illegal move generated") }, "illegal move generated", 1},
		{"wall time", func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }, "wall-time limit", 1},
		// A game that ignores its cancellation keeps its slot until the
		// worker stops: the two jobs' three attempts each take six slots.
		{"ignores cancellation", func(context.Context) error { select {} }, "abandoned", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := startServer(t, t.TempDir())
			_, js := connect(t, s.ClientURL())
			r := quickRunner()
			r.Fault = func(ctx context.Context, _ []byte, _ protocol.Job, ply int) error {
				if ply == 1 {
					return tt.fault(ctx)
				}
				return nil
			}
			workers(t, s.ClientURL(), tt.workers, 2, r)
			plan := testPlan(2, "")
			plan.Players = plan.Players[:2]
			plan.MaxWallMS = 200
			out := runBatch(t, js, plan, 60*time.Second)
			checkOutcome(t, plan, out, 2)
			for _, d := range out.DeadLetters {
				if !strings.Contains(d.Error, tt.reason) {
					t.Errorf("dead letter error %q, want it to mention %q", d.Error, tt.reason)
				}
			}
		})
	}
}

func TestCoordinatorRestartResumes(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	url := s.ClientURL()
	_, js := connect(t, url)
	plan := testPlan(20, "")
	total := len(plan.Jobs())
	// The workers play at most half the games before the second session
	// starts, and wait there, so that it finds the batch unfinished however
	// far the first coordinator's reading lags behind the workers.
	var begun atomic.Int64
	resume := make(chan struct{})
	var resumeOnce sync.Once
	quick := quickRunner()
	workers(t, url, 3, 2, farm.RunnerFunc(func(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error) {
		if begun.Add(1) > int64(total/2) {
			for waiting := true; waiting; {
				select {
				case <-resume:
					waiting = false
				case <-ctx.Done():
					return protocol.Result{}, ctx.Err()
				case <-time.After(100 * time.Millisecond):
					progress()
				}
			}
		}
		return quick.Run(ctx, ruleFile, job, progress)
	}))

	// First coordinator: stop it once a third of the games are recorded.
	ctx, cancel := context.WithCancel(context.Background())
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	started := time.Now()
	_, err = c.Run(ctx, plan, testRuleFile, func(done, total int) {
		if done >= total/3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: %v, want it cancelled mid-batch", err)
	}
	firstSession := time.Since(started)
	// A second coordinator on a fresh connection picks the batch up, says
	// how much was recorded, and counts the first session's time too.
	_, js2 := connect(t, url)
	ctx2, cancel2 := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel2()
	c2, err := farm.NewCoordinator(ctx2, js2, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	resumed, calls := 0, 0
	secondStart := time.Now()
	out, err := c2.RunHooks(ctx2, plan, testRuleFile, farm.Hooks{Resumed: func(done, all int) {
		resumed, calls = done, calls+1
		resumeOnce.Do(func() { close(resume) })
		if all != total {
			t.Errorf("resumed of %d, want %d", all, total)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	secondSession := time.Since(secondStart)
	checkOutcome(t, plan, out, 0)
	if len(out.Results) != total {
		t.Fatalf("%d results, want %d", len(out.Results), total)
	}
	if calls != 1 || resumed < total/3 || resumed >= total || out.Resumed != resumed {
		t.Errorf("Resumed told %d times, %d recorded (outcome says %d); want once, at least %d and fewer than %d",
			calls, resumed, out.Resumed, total/3, total)
	}
	// The first session's time was saved when it was interrupted (less the
	// moment between its last save and its return).
	if out.Elapsed <= secondSession || out.Elapsed > firstSession+secondSession {
		t.Errorf("elapsed %s, want more than this session's %s and at most both sessions' %s",
			out.Elapsed, secondSession, firstSession+secondSession)
	}
}
