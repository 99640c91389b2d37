package farm_test

import (
	"context"
	"encoding/json"
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
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/rs/zerolog"
)

func TestLookupRunner(t *testing.T) {
	farm.RegisterRunner("lookup-test", quickRunner())
	if r, err := farm.LookupRunner("lookup-test"); err != nil || r == nil {
		t.Fatalf("registered runner: %v", err)
	}
	if _, err := farm.LookupRunner("no-such-runner"); err == nil || !strings.Contains(err.Error(), "lookup-test") {
		t.Fatalf("unknown runner: %v", err)
	}
}

// TestWorkerDrain stops a worker in the middle of its games. With a long
// drain timeout it finishes and stores them; with a short one it hands
// them back and another worker plays them.
func TestWorkerDrain(t *testing.T) {
	tests := []struct {
		name       string
		drain      time.Duration
		wantByStop bool // the stopped worker stores its games in hand
	}{
		{"finishes games in hand", 10 * time.Second, true},
		{"hands games back", 50 * time.Millisecond, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := startServer(t, t.TempDir())
			_, js := connect(t, s.ClientURL())
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			slow := &fakegame.Runner{MinPlies: 40, MaxPlies: 40, PlyDelay: 10 * time.Millisecond}
			_, wjs := connect(t, s.ClientURL())
			metrics := farm.NewWorkerMetrics(nil)
			w, err := farm.NewWorker(wjs, farm.WorkerConfig{ID: "stopping", Concurrency: 2, Runner: slow, Metrics: metrics,
				DrainTimeout: tt.drain, FetchWait: 200 * time.Millisecond, Log: testLogger(t)})
			if err != nil {
				t.Fatal(err)
			}
			wctx, stop := context.WithCancel(context.Background())
			stopped := make(chan struct{})
			go func() { w.Run(wctx); close(stopped) }()

			plan := protocol.Plan{Ruleset: "drain", RulesetHash: protocol.HashRuleFile(testRuleFile), Players: []string{"a", "b"}, GamesPerPairing: 2}
			done := runInBackground(ctx, c, plan, testRuleFile)
			for deadline := time.Now().Add(10 * time.Second); gaugeValue(metrics.InProgress) < 2; {
				if time.Now().After(deadline) {
					t.Fatal("the worker never had both games in hand")
				}
				time.Sleep(5 * time.Millisecond)
			}
			stop()
			<-stopped
			// Only now does a second worker join, to play what came back.
			workers(t, s.ClientURL(), 1, 2, quickRunner())
			r := <-done
			if r.err != nil {
				t.Fatal(r.err)
			}
			checkOutcome(t, plan, r.out, 0)
			for _, res := range r.out.Results {
				byStop := res.WorkerID == "stopping"
				if byStop != tt.wantByStop || !byStop && res.Attempt < 2 {
					t.Errorf("game %d stored by %s (attempt %d)", res.Game, res.WorkerID, res.Attempt)
				}
			}
		})
	}
}

// A draining worker still watches its batches: a game whose batch goes
// (here cancelled; a measurement's batch completes as its last pairing
// stops, with surplus games in hand) stops at once, not when the drain
// times out.
func TestDrainStopsGamesOfAGoneBatch(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	endless := &stopWatch{}
	_, wjs := connect(t, s.ClientURL())
	w, err := farm.NewWorker(wjs, farm.WorkerConfig{ID: "draining", Concurrency: 2, Runner: endless,
		DrainTimeout: 10 * time.Minute, FetchWait: 200 * time.Millisecond, Log: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	wctx, stop := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { w.Run(wctx); close(stopped) }()
	plan := testPlan(2, "drain then cancel")
	done := runInBackground(ctx, c, plan, testRuleFile)
	for running, _, _ := endless.counts(); running < 2; running, _, _ = endless.counts() {
		if ctx.Err() != nil {
			t.Fatal("the games never started")
		}
		time.Sleep(5 * time.Millisecond)
	}
	stop()
	if err := c.Cancel(ctx, c.BatchID(plan), "test"); err != nil {
		t.Fatal(err)
	}
	if r := <-done; !errors.Is(r.err, farm.ErrCancelled) {
		t.Fatalf("run ended with %v, want it cancelled", r.err)
	}
	select {
	case <-stopped:
	case <-ctx.Done():
		t.Fatal("the draining worker kept the gone batch's games")
	}
	_, started, ended := endless.counts()
	if started != 2 || len(ended) != 2 {
		t.Fatalf("%d games started, %d ended, want 2 and 2", started, len(ended))
	}
	for _, err := range ended {
		if err == nil || !strings.Contains(err.Error(), "consumer is gone") {
			t.Errorf("a game ended with %v, want stopped because its batch was gone", err)
		}
	}
}

func gaugeValue(g prometheus.Gauge) float64 {
	var m dto.Metric
	g.Write(&m)
	return m.GetGauge().GetValue()
}

// TestHeartbeats: a game longer than AckWait keeps its job while it
// reports progress, and loses it to another worker when it stops.
func TestHeartbeats(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())

	var mu sync.Mutex
	starts := map[string]int{}
	r := &fakegame.Runner{MinPlies: 25, MaxPlies: 25, PlyDelay: 60 * time.Millisecond} // 1.5s, AckWait is 1s
	r.Fault = func(ctx context.Context, _ []byte, job protocol.Job, ply int) error {
		if ply != 0 {
			return nil
		}
		mu.Lock()
		starts[job.JobID]++
		first := starts[job.JobID] == 1
		mu.Unlock()
		if job.Game == 1 && first {
			// A silent stretch with no progress, longer than 2 x AckWait.
			select {
			case <-time.After(2500 * time.Millisecond):
			case <-ctx.Done():
			}
		}
		return nil
	}
	workers(t, s.ClientURL(), 3, 1, r)
	plan := protocol.Plan{Ruleset: "heartbeat", RulesetHash: protocol.HashRuleFile(testRuleFile), Players: []string{"a", "b"}, GamesPerPairing: 2}
	out := runBatch(t, js, plan, 60*time.Second)
	checkOutcome(t, plan, out, 0)
	mu.Lock()
	defer mu.Unlock()
	steady, silent := out.Results[0].JobID, out.Results[1].JobID
	if starts[steady] != 1 || out.Results[0].Attempt != 1 {
		t.Errorf("the game reporting progress was started %d times (attempt %d)", starts[steady], out.Results[0].Attempt)
	}
	if starts[silent] < 2 {
		t.Errorf("the silent game was started %d times, want it handed to another worker", starts[silent])
	}
}

// TestUnreadableJobs: a message that is no job, a job from a newer
// protocol and a job whose rule file does not match its hash end as dead
// letters instead of crashing or looping.
func TestUnreadableJobs(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	workers(t, s.ClientURL(), 1, 1, quickRunner())
	newer := testPlan(2, "").Jobs()[0]
	newer.V = protocol.Version + 1
	newer.BatchID, newer.JobID = "bnewer", "bnewer-000000"
	// A rule file whose stored bytes do not match the hash it is stored under.
	tampered := testPlan(2, "").Jobs()[0]
	tampered.RulesetHash = protocol.HashRuleFile([]byte("the real file"))
	tampered.BatchID, tampered.JobID = "btampered", "btampered-000000"
	if _, err := c.Assets().Rules.PutBytes(ctx, tampered.RulesetHash, []byte("something else")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		batch, job string
		data       []byte
		attempts   int
	}{
		{"bjunk", "bjunk-000000", []byte("not json"), 1},
		{newer.BatchID, newer.JobID, protocol.Marshal(newer), testConfig.MaxDeliver},
		{tampered.BatchID, tampered.JobID, protocol.Marshal(tampered), 1},
	}
	for _, tt := range tests {
		if _, err := c.Assets().BatchConsumer(ctx, tt.batch); err != nil {
			t.Fatal(err)
		}
		if _, err := js.Publish(ctx, protocol.JobSubject(tt.batch, tt.job), tt.data); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range tests {
		var dl protocol.DeadLetter
		for {
			m, err := c.Assets().Results.GetLastMsgForSubject(ctx, protocol.DeadSubject(tt.batch, tt.job))
			if err == nil {
				if err := json.Unmarshal(m.Data, &dl); err != nil {
					t.Fatal(err)
				}
				break
			}
			if ctx.Err() != nil {
				t.Fatalf("no dead letter for %s", tt.job)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if dl.Job.JobID != tt.job || dl.Attempts != tt.attempts || dl.Source != protocol.SourceWorker {
			t.Errorf("dead letter %+v, want job %s after %d attempts", dl, tt.job, tt.attempts)
		}
	}
}

// TestWorkerWaitsQuietlyForStreams: a worker started before its farm's
// streams exist (a first start, the coordinator not up yet) waits saying
// so at debug level only, with no "stream not found" error, and plays once
// the coordinator has made them.
func TestWorkerWaitsQuietlyForStreams(t *testing.T) {
	s := startServer(t, t.TempDir())
	var log logBuffer
	_, wjs := connect(t, s.ClientURL())
	w, err := farm.NewWorker(wjs, farm.WorkerConfig{ID: "early", Concurrency: 1, Runner: quickRunner(), FetchWait: 200 * time.Millisecond,
		DrainTimeout: time.Second, Log: zerolog.New(&log).Level(zerolog.DebugLevel)})
	if err != nil {
		t.Fatal(err)
	}
	wctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	defer func() { stop(); <-done }()
	// A few of the worker's looks at the farm find nothing.
	time.Sleep(700 * time.Millisecond)

	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil); err != nil {
		t.Fatal(err)
	}
	for !strings.Contains(log.String(), "worker ready") {
		if ctx.Err() != nil {
			t.Fatalf("the worker did not start once the streams were made:\n%s", log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	var waited bool
	for line := range strings.Lines(log.String()) {
		var entry struct{ Level, Message, Error string }
		if err := json.Unmarshal([]byte(line), &entry); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if entry.Level != "debug" && entry.Level != "info" || strings.Contains(strings.ToLower(line), "not found") {
			t.Errorf("a first start logs %s %q (%s)", entry.Level, entry.Message, entry.Error)
		}
		waited = waited || entry.Level == "debug" && strings.Contains(entry.Message, "waiting for the coordinator")
	}
	if !waited {
		t.Errorf("the worker did not say, at debug level, that it waits for the streams:\n%s", log.String())
	}
}

// TestIdleSlotHoldsAPull: a client that always has a pull request open,
// and hands back every job it gets, must not keep the jobs from an honest
// worker. The grabber opens its next request before it hands the last job
// back, so a job handed back finds it waiting at once; an idle worker slot
// that only looked now and then (a no-wait pull, then a sleep) never saw a
// job in the queue. An idle slot waits with a request of its own open, and
// the server serves the older request first.
func TestIdleSlotHoldsAPull(t *testing.T) {
	cfg := testConfig
	cfg.MaxDeliver = 1 << 20 // handing a job back is not its failure here
	s := startServer(t, t.TempDir())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, js := connect(t, s.ClientURL())
	c, err := farm.NewCoordinator(ctx, js, cfg, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	plan := testPlan(2, "idle-pull")
	done := runInBackground(ctx, c, plan, testRuleFile)
	waitQueued(t, ctx, js, c.BatchID(plan), len(plan.Jobs()))

	// The grabber: one open request at all times on the batch's consumer.
	_, gjs := connect(t, s.ClientURL())
	cons, err := gjs.Consumer(ctx, farm.StreamJobs, c.BatchID(plan))
	if err != nil {
		t.Fatal(err)
	}
	var grabbed atomic.Int64
	gctx, stopGrabber := context.WithCancel(ctx)
	grabberDone := make(chan struct{})
	go func() {
		defer close(grabberDone)
		next, err := cons.Fetch(1, jetstream.FetchMaxWait(2*time.Second))
		for gctx.Err() == nil {
			if err != nil {
				time.Sleep(10 * time.Millisecond) // no spinning while the server is unreachable
				next, err = cons.Fetch(1, jetstream.FetchMaxWait(2*time.Second))
				continue
			}
			var got []jetstream.Msg
			for m := range next.Messages() {
				got = append(got, m)
			}
			next, err = cons.Fetch(1, jetstream.FetchMaxWait(2*time.Second))
			for _, m := range got {
				grabbed.Add(1)
				time.Sleep(2 * time.Millisecond)
				m.Nak()
			}
		}
	}()
	// Let the grabber take and hand back jobs before the worker starts.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the grabber never got a job: the test proves nothing")
		}
		if grabbed.Load() > 10 {
			break
		}
	}

	_, wjs := connect(t, s.ClientURL())
	w, err := farm.NewWorker(wjs, farm.WorkerConfig{ID: "honest", Concurrency: 1, Runner: quickRunner(),
		FetchWait: 500 * time.Millisecond, DrainTimeout: 5 * time.Second, Log: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	wctx, stopWorker := context.WithCancel(ctx)
	stopped := make(chan struct{})
	go func() { w.Run(wctx); close(stopped) }()
	r := <-done
	stopGrabber()
	<-grabberDone
	stopWorker()
	<-stopped
	if r.err != nil {
		t.Fatalf("with a grabber holding a pull open, the batch did not complete: %v", r.err)
	}
	checkOutcome(t, plan, r.out, 0)
	t.Logf("the grabber took and handed back %d jobs", grabbed.Load())
}
