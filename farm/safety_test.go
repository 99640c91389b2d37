package farm_test

// The farm against bad clients and lost state: jobs acknowledged unplayed
// or purged come back within a recheck, a cancelled batch leaves no job
// behind and is never resumed, a server restarted with an empty store is
// reported and recovered, and a heavy batch takes its share of the
// workers and no more.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/natsembed"
	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
	dto "github.com/prometheus/client_model/go"
	"github.com/rs/zerolog"
)

// logBuffer collects a coordinator's log lines for a test to read.
type logBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// batchJobs counts a batch's messages in the jobs stream.
func batchJobs(t *testing.T, ctx context.Context, js jetstream.JetStream, batch string) int {
	t.Helper()
	s, err := js.Stream(ctx, farm.StreamJobs)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(ctx, jetstream.WithSubjectFilter(protocol.BatchJobsFilter(batch)))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range info.State.Subjects {
		n += int(c)
	}
	return n
}

// waitQueued waits until n of the batch's jobs are queued.
func waitQueued(t *testing.T, ctx context.Context, js jetstream.JetStream, batch string, n int) {
	t.Helper()
	for batchJobs(t, ctx, js, batch) < n {
		if ctx.Err() != nil {
			t.Fatalf("never %d jobs queued", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestLostJobsComeBack: with the server's duplicate window at its ten
// minute default, jobs a client acknowledged without playing them and
// jobs purged from the stream are queued again at the next recheck, and
// the batch ends with one record per job soon after.
func TestLostJobsComeBack(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cfg := testConfig
	cfg.DuplicateWindow = 0 // the default: ten minutes
	cfg.RecheckInterval = 2 * time.Second
	c, err := farm.NewCoordinator(ctx, js, cfg, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	plan := testPlan(10, "lost")
	total := len(plan.Jobs())
	id := c.BatchID(plan)
	done := runInBackground(ctx, c, plan, testRuleFile)
	waitQueued(t, ctx, js, id, total)

	// A client with a worker's rights acknowledges ten jobs unplayed; the
	// rest are purged.
	_, rogue := connect(t, s.ClientURL())
	cons, err := rogue.Consumer(ctx, farm.StreamJobs, id)
	if err != nil {
		t.Fatal(err)
	}
	b, err := cons.FetchNoWait(10)
	if err != nil {
		t.Fatal(err)
	}
	acked := 0
	for m := range b.Messages() {
		if err := m.DoubleAck(ctx); err != nil {
			t.Fatal(err)
		}
		acked++
	}
	if err := c.Assets().Jobs.Purge(ctx, jetstream.WithPurgeSubject(protocol.BatchJobsFilter(id))); err != nil {
		t.Fatal(err)
	}
	lost := time.Now()
	workers(t, s.ClientURL(), 2, 2, quickRunner())
	out := <-done
	if out.err != nil {
		t.Fatal(out.err)
	}
	checkOutcome(t, plan, out.out, 0)
	took := time.Since(lost)
	if limit := cfg.RecheckInterval + time.Minute; took > limit {
		t.Errorf("batch ended %s after its jobs were lost, more than a minute past the recheck", took)
	}
	t.Logf("%d jobs acknowledged unplayed and %d purged; the batch ended %s later (recheck every %s)",
		acked, total-acked, took.Round(time.Millisecond), cfg.RecheckInterval)
}

// TestCancelLeavesNoJobs cancels a running batch from a second
// coordinator (as coordinator cancel and DELETE do): the run stops, no job
// of the batch is left in the stream, its consumer is gone, and running
// the plan again does not bring it back.
func TestCancelLeavesNoJobs(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	slow := quickRunner()
	slow.PlyDelay = 50 * time.Millisecond
	workers(t, s.ClientURL(), 1, 2, slow)
	plan := testPlan(20, "cancel")
	id := c.BatchID(plan)
	done := runInBackground(ctx, c, plan, testRuleFile)
	waitQueued(t, ctx, js, id, 10)

	_, js2 := connect(t, s.ClientURL())
	other, err := farm.NewCoordinator(ctx, js2, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := other.Cancel(ctx, id, "test"); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-done:
		if !errors.Is(r.err, farm.ErrCancelled) {
			t.Fatalf("run ended with %v, want it cancelled", r.err)
		}
	case <-ctx.Done():
		t.Fatal("the run did not stop")
	}
	if n := batchJobs(t, ctx, js, id); n != 0 {
		t.Errorf("%d jobs of the cancelled batch left in the stream", n)
	}
	if _, err := c.Assets().Jobs.Consumer(ctx, id); !errors.Is(err, jetstream.ErrConsumerNotFound) {
		t.Errorf("the cancelled batch's consumer: %v", err)
	}
	if _, err := c.Run(ctx, plan, testRuleFile, nil); !errors.Is(err, farm.ErrCancelled) {
		t.Errorf("running the cancelled plan again: %v, want it refused", err)
	}
	if n := batchJobs(t, ctx, js, id); n != 0 {
		t.Errorf("%d jobs queued by running the cancelled plan again", n)
	}
}

// TestAbandonedBatchLeavesTheQueue: a batch whose coordinator died
// (stopped heartbeating) has its jobs taken off the queue by another
// coordinator, so that it holds no workers; running the plan again
// resumes it.
func TestAbandonedBatchLeavesTheQueue(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cfg := testConfig
	cfg.RecheckInterval = 500 * time.Millisecond
	plan := testPlan(10, "abandoned")
	dead, stopDead := context.WithCancel(ctx)
	c, err := farm.NewCoordinator(ctx, js, cfg, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	id := c.BatchID(plan)
	done := runInBackground(dead, c, plan, testRuleFile)
	waitQueued(t, ctx, js, id, len(plan.Jobs()))
	stopDead() // the coordinator dies with its jobs queued
	<-done

	_, js2 := connect(t, s.ClientURL())
	watcher, err := farm.NewCoordinator(ctx, js2, cfg, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	go watcher.WatchDeadLetters(ctx)
	for batchJobs(t, ctx, js, id) > 0 {
		if ctx.Err() != nil {
			t.Fatal("the abandoned batch's jobs stayed queued")
		}
		time.Sleep(100 * time.Millisecond)
	}
	states, err := watcher.Batches(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st := states[id]; st.State != farm.StateAbandoned {
		t.Fatalf("state %q, want abandoned", st.State)
	}
	workers(t, s.ClientURL(), 2, 2, quickRunner())
	out := runBatch(t, js2, plan, 30*time.Second)
	checkOutcome(t, plan, out, 0)
}

// TestEmptyStoreRestart: the server is replaced mid-batch by one with an
// empty store on the same address. The coordinator must say so, make the
// streams again and finish with one record per job; workers (processes of
// their own) ride it out.
func TestEmptyStoreRestart(t *testing.T) {
	bin := buildWorker(t)
	port := freePort(t)
	start := func() *natsembed.Options {
		return &natsembed.Options{Port: port, StoreDir: t.TempDir()}
	}
	first, err := natsembed.Start(*start())
	if err != nil {
		t.Fatal(err)
	}
	url := first.ClientURL()
	_, js := connect(t, url)
	var logs logBuffer
	log := zerolog.New(&logs)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	metrics := farm.NewCoordinatorMetrics(nil)
	c, err := farm.NewCoordinator(ctx, js, testConfig, log, metrics)
	if err != nil {
		t.Fatal(err)
	}
	go c.WatchDeadLetters(ctx)
	for i := range 2 {
		startWorkerProc(t, bin, url, fmt.Sprintf("store%d", i))
	}
	plan := bigPlan(killedRule, "empty store")
	var swapped sync.Once
	var second interface{ Shutdown() }
	out, err := c.Run(ctx, plan, killedRule, func(done, total int) {
		if done >= total/3 {
			swapped.Do(func() {
				first.Shutdown()
				first.WaitForShutdown()
				s, err := natsembed.Start(*start())
				if err != nil {
					t.Error(err)
					return
				}
				second = s
			})
		}
	})
	if second != nil {
		t.Cleanup(second.Shutdown)
	}
	if err != nil {
		t.Fatalf("batch: %v\n%s", err, logs.String())
	}
	checkOutcome(t, plan, out, 0)
	if !strings.Contains(logs.String(), "streams or buckets were gone") {
		t.Errorf("the coordinator did not report the lost store:\n%s", logs.String())
	}
	var m dto.Metric
	if err := metrics.StreamsRecreated.Write(&m); err != nil || m.GetCounter().GetValue() < 1 {
		t.Errorf("streams recreated %v times (%v)", m.GetCounter().GetValue(), err)
	}
	t.Logf("%d games, the store lost a third of the way through", len(out.Results))
}

// TestHeavyBatchTakesItsShare: a batch of slow games submitted first
// holds half of each worker's slots and no more, so a quick batch
// submitted after it finishes within twice the time it takes alone: it
// does not wait for the heavy games in progress to end, since a worker
// plays extra games for a batch below its share until it is back to its
// slots. The workers are processes of their own.
func TestHeavyBatchTakesItsShare(t *testing.T) {
	bin := buildWorker(t)
	s := startServer(t, t.TempDir())
	url := s.ClientURL()
	_, js := connect(t, url)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	go c.WatchDeadLetters(ctx)
	for i := range 2 {
		startWorkerProc(t, bin, url, fmt.Sprintf("fair%d", i))
	}
	heavyRule := []byte(`{"schema_version": 29, "name": "heavy", "description": "fake:plies=50-50 fake:ply-ms=20"}`)
	quickRule := []byte(`{"schema_version": 29, "name": "quick", "description": "fake:plies=5-10 fake:ply-ms=5"}`)
	quick := func(salt string) protocol.Plan {
		return protocol.Plan{Ruleset: "quick", RulesetHash: protocol.HashRuleFile(quickRule), Players: []string{"a", "b"},
			GamesPerPairing: 240, Seed: 3, Salt: salt}
	}
	timed := func(plan protocol.Plan) time.Duration {
		start := time.Now()
		out, err := c.Run(ctx, plan, quickRule, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkOutcome(t, plan, out, 0)
		return time.Since(start)
	}
	alone := timed(quick("alone"))

	heavy := protocol.Plan{Ruleset: "heavy", RulesetHash: protocol.HashRuleFile(heavyRule), Players: []string{"a", "b", "c"},
		GamesPerPairing: 16, Seed: 3}
	heavyCtx, stopHeavy := context.WithCancel(ctx)
	defer stopHeavy()
	var mu sync.Mutex
	var heavyAt []time.Time // when each heavy game was recorded
	heavyDone := make(chan batchRun, 1)
	go func() {
		out, err := c.RunHooks(heavyCtx, heavy, heavyRule, farm.Hooks{Record: func(*protocol.Result, *protocol.DeadLetter) {
			mu.Lock()
			heavyAt = append(heavyAt, time.Now())
			mu.Unlock()
		}})
		heavyDone <- batchRun{out, err}
	}()
	waitQueued(t, ctx, js, c.BatchID(heavy), len(heavy.Jobs()))
	time.Sleep(500 * time.Millisecond) // the heavy games are under way
	from := time.Now()
	shared := timed(quick("shared"))
	to := time.Now()
	mu.Lock()
	during := 0
	for _, at := range heavyAt {
		if at.After(from) && at.Before(to) {
			during++
		}
	}
	mu.Unlock()
	t.Logf("quick batch alone %s, beside the heavy one %s (%.2fx); %d heavy games recorded meanwhile",
		alone.Round(time.Millisecond), shared.Round(time.Millisecond), shared.Seconds()/alone.Seconds(), during)
	// The share itself, whatever the machine's load: two of the four
	// slots play heavy games of at least a second each, so at most two a
	// second finish (and the two under way at each end); all four slots
	// would finish twice as many.
	const heavyGame = time.Second // 50 plies of 20 ms
	if limit := int(2*shared/heavyGame) + 4; during > limit {
		t.Errorf("%d heavy games finished in the %s the quick batch ran, more than half the slots (%d)", during, shared, limit)
	}
	// And the time: twice the quick batch's own; a loaded machine gets a
	// quarter more.
	if shared > 2*alone*5/4 {
		t.Errorf("the quick batch took %s beside the heavy one, more than twice its %s alone", shared, alone)
	}
	if err := c.Cancel(ctx, c.BatchID(heavy), "test over"); err != nil {
		t.Fatal(err)
	}
	if r := <-heavyDone; !errors.Is(r.err, farm.ErrCancelled) {
		t.Errorf("heavy batch ended with %v, want cancelled", r.err)
	}
	if n := batchJobs(t, ctx, js, c.BatchID(heavy)); n != 0 {
		t.Errorf("%d jobs of the cancelled heavy batch left", n)
	}
}

// stopWatch is a runner whose games last until they are stopped; it
// counts the games under way and the errors they returned.
type stopWatch struct {
	mu      sync.Mutex
	running int
	started int
	ended   []error
}

func (s *stopWatch) Run(ctx context.Context, _ []byte, _ protocol.Job, progress func()) (protocol.Result, error) {
	s.mu.Lock()
	s.running++
	s.started++
	s.mu.Unlock()
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for ctx.Err() == nil {
		progress()
		select {
		case <-ctx.Done():
		case <-t.C:
		}
	}
	s.mu.Lock()
	s.running--
	s.ended = append(s.ended, context.Cause(ctx))
	s.mu.Unlock()
	return protocol.Result{}, ctx.Err()
}

func (s *stopWatch) counts() (running, started int, ended []error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running, s.started, append([]error(nil), s.ended...)
}

// TestCancelStopsGamesInProgress: the games of a batch in progress when
// it is cancelled are stopped (they would run to their wall budget),
// their jobs are neither retried nor dead-lettered, and the slots go to
// the next batch.
func TestCancelStopsGamesInProgress(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cfg := testConfig
	cfg.AckWait = 5 * time.Second
	c, err := farm.NewCoordinator(ctx, js, cfg, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	endless := &stopWatch{}
	workers(t, s.ClientURL(), 1, 2, endless)
	plan := testPlan(4, "endless")
	id := c.BatchID(plan)
	done := runInBackground(ctx, c, plan, testRuleFile)
	for {
		if running, _, _ := endless.counts(); running == 2 {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("the endless games never started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancelled := time.Now()
	if err := c.Cancel(ctx, id, "test"); err != nil {
		t.Fatal(err)
	}
	if r := <-done; !errors.Is(r.err, farm.ErrCancelled) {
		t.Fatalf("run ended with %v, want it cancelled", r.err)
	}
	for {
		if running, _, _ := endless.counts(); running == 0 {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("the cancelled batch's games were never stopped")
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("the cancelled batch's games stopped %s after the cancel", time.Since(cancelled).Round(time.Millisecond))
	time.Sleep(time.Second) // a retried job would start again meanwhile
	_, started, ended := endless.counts()
	if started != 2 {
		t.Errorf("%d games started, want the 2 stopped ones only", started)
	}
	for _, err := range ended {
		if err == nil || !strings.Contains(err.Error(), "consumer is gone") {
			t.Errorf("a game ended with %v, want stopped because its batch was gone", err)
		}
	}
	dead := 0
	res, err := js.Stream(ctx, farm.StreamResults)
	if err != nil {
		t.Fatal(err)
	}
	info, err := res.Info(ctx, jetstream.WithSubjectFilter(protocol.DeadSubject(id, ">")))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range info.State.Subjects {
		dead += int(n)
	}
	if dead != 0 {
		t.Errorf("%d dead letters for the stopped games", dead)
	}
	// The slots are free for the next batch.
	next := testPlan(2, "after endless")
	out := make(chan batchRun, 1)
	go func() {
		o, err := c.Run(ctx, next, testRuleFile, nil)
		out <- batchRun{o, err}
	}()
	nextAt := time.Now()
	for {
		if _, started, _ := endless.counts(); started > 2 {
			t.Logf("the next batch's first game started %s after it was run", time.Since(nextAt).Round(time.Millisecond))
			break
		}
		if ctx.Err() != nil {
			t.Fatal("the next batch got no slot")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := c.Cancel(ctx, c.BatchID(next), "test over"); err != nil {
		t.Fatal(err)
	}
	<-out
	for running, _, _ := endless.counts(); running > 0 && ctx.Err() == nil; running, _, _ = endless.counts() {
		time.Sleep(20 * time.Millisecond) // stopped too, so the workers stop at once
	}
}
