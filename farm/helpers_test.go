package farm_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/fakegame"
	"balancefarm/farm/natsembed"
	"balancefarm/protocol"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// testConfig makes redelivery and rechecks fast enough for tests.
var testConfig = farm.Config{
	AckWait:         time.Second,
	MaxDeliver:      3,
	DuplicateWindow: time.Minute,
	RecheckInterval: time.Second,
}

// testRuleFile is a rule file for the fake runner; its content only has to
// hash consistently.
var testRuleFile = []byte(`{"schema_version": 29, "name": "farm test", "board": {"width": 4, "height": 4}}`)

func testLogger(t testing.TB) zerolog.Logger {
	if os.Getenv("FARM_TEST_LOG") != "" {
		zerolog.TimeFieldFormat = time.RFC3339Nano
		return zerolog.New(zerolog.ConsoleWriter{Out: os.Stderr, TimeFormat: "15:04:05.000"}).With().Timestamp().Str("test", t.Name()).Logger()
	}
	return zerolog.New(io.Discard)
}

// startServer runs one embedded server with a loopback listener.
func startServer(t testing.TB, dir string) *server.Server {
	t.Helper()
	s, err := natsembed.Start(natsembed.Options{StoreDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return s
}

// connect dials url and returns a JetStream handle; the connection closes
// at the end of the test.
func connect(t testing.TB, url string, opts ...nats.Option) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	nc, err := farm.Connect(farm.ConnectOptions{URL: url, Name: t.Name()}, testLogger(t), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return nc, js
}

func testPlan(games int, salt string) protocol.Plan {
	return protocol.Plan{
		Ruleset: "farm-test", RulesetHash: protocol.HashRuleFile(testRuleFile),
		Players: []string{"weak", "medium", "strong"}, GamesPerPairing: games, Seed: 1, Salt: salt,
	}
}

// workers runs n in-process workers, each on its own connection, until
// the returned stop is called (which waits for them to drain).
func workers(t testing.TB, url string, n, concurrency int, runner farm.GameRunner) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := range n {
		_, js := connect(t, url)
		w, err := farm.NewWorker(js, farm.WorkerConfig{
			ID: fmt.Sprintf("w%d", i), Concurrency: concurrency, Runner: runner,
			FetchWait: 500 * time.Millisecond, DrainTimeout: 5 * time.Second, AbandonAfter: 500 * time.Millisecond,
			NakDelay: 50 * time.Millisecond, Log: testLogger(t).With().Str("worker", fmt.Sprintf("w%d", i)).Logger(),
		})
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			if err := w.Run(ctx); err != nil {
				t.Errorf("worker %d: %v", i, err)
			}
		})
	}
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); wg.Wait() }) }
	t.Cleanup(stop)
	return stop
}

func quickRunner() *fakegame.Runner {
	return &fakegame.Runner{MinPlies: 4, MaxPlies: 12, PlyDelay: time.Millisecond, NodesPerPly: 100}
}

// checkOutcome asserts exactly one record per job of the plan and that the
// records belong to their jobs.
func checkOutcome(t testing.TB, plan protocol.Plan, out *farm.Outcome, wantDead int) {
	t.Helper()
	jobs := plan.JobsFor(out.BatchID)
	if got := len(out.Results) + len(out.DeadLetters); got != len(jobs) {
		t.Fatalf("%d records for %d jobs", got, len(jobs))
	}
	if len(out.DeadLetters) != wantDead {
		t.Fatalf("%d dead letters, want %d: %+v", len(out.DeadLetters), wantDead, out.DeadLetters)
	}
	seen := map[string]bool{}
	byID := map[string]protocol.Job{}
	for _, j := range jobs {
		byID[j.JobID] = j
	}
	for _, r := range out.Results {
		j, ok := byID[r.JobID]
		if !ok || seen[r.JobID] {
			t.Fatalf("result for unknown or repeated job %s", r.JobID)
		}
		seen[r.JobID] = true
		if r.Seed != j.Seed || r.P0 != j.P0 || r.P1 != j.P1 || r.PairID != j.PairID || r.BatchID != out.BatchID {
			t.Fatalf("result %s does not match its job: %+v vs %+v", r.JobID, r, j)
		}
		if err := r.CheckGame(); err != nil {
			t.Fatalf("result %s: %v", r.JobID, err)
		}
		if r.WorkerID == "" || r.Attempt < 1 {
			t.Fatalf("result %s lacks worker or attempt: %+v", r.JobID, r)
		}
	}
	for _, d := range out.DeadLetters {
		if seen[d.Job.JobID] {
			t.Fatalf("job %s has a result and a dead letter", d.Job.JobID)
		}
		seen[d.Job.JobID] = true
	}
}

// runBatch runs a coordinator over plan until the batch completes or the
// timeout passes.
func runBatch(t testing.TB, js jetstream.JetStream, plan protocol.Plan, timeout time.Duration) *farm.Outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	go c.WatchDeadLetters(ctx)
	out, err := c.Run(ctx, plan, testRuleFile, nil)
	if err != nil {
		t.Fatalf("batch: %v", err)
	}
	return out
}

// waitQueueEmpty waits for the jobs stream to empty. Acks and terms are
// sent after a job's record is stored, and dead-lettered jobs are deleted
// after theirs, so a batch can complete a moment before its queue drains.
func waitQueueEmpty(t testing.TB, js jetstream.JetStream) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	jobs, err := js.Stream(ctx, farm.StreamJobs)
	if err != nil {
		t.Fatal(err)
	}
	for {
		info, err := jobs.Info(ctx)
		if err == nil && info.State.Msgs == 0 {
			return
		}
		if ctx.Err() != nil {
			if err != nil {
				t.Fatal(err)
			}
			t.Fatalf("%d jobs left in the queue", info.State.Msgs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// batchRun is a batch's outcome, from runInBackground.
type batchRun struct {
	out *farm.Outcome
	err error
}

// runInBackground runs a batch on c and delivers its outcome on the
// returned channel, so a test can act on the farm while it plays.
func runInBackground(ctx context.Context, c *farm.Coordinator, plan protocol.Plan, rule []byte) <-chan batchRun {
	done := make(chan batchRun, 1)
	go func() {
		out, err := c.Run(ctx, plan, rule, nil)
		done <- batchRun{out, err}
	}()
	return done
}
