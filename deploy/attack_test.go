package deploy

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"balancefarm/deploy/natsauth"
	"balancefarm/farm"
	"balancefarm/farm/fakegame"
	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// attacker is a client holding the workers' credentials that tries to
// make forged records count: it pulls jobs like a worker, answers each
// once with a forgery and hands it back, and replays what it forged into
// other jobs and batches.
type attacker struct {
	js   jetstream.JetStream
	mu   sync.Mutex
	seen map[string]bool // jobs answered once
	kept []protocol.Result
	// forged counts the records published, by kind of forgery.
	forged map[string]int
	// tried is closed once every kind was tried during a run.
	tried chan struct{}
}

// forgeries, in turn: a plausible game with the other result under the
// job's own lease (answered, then handed back); winner 7; the identity of
// another job; no lease; a coordinator's dead letter without its seal.
var forgeries = []string{"handed back", "malformed", "misattributed", "no lease", "fake seal"}

func (a *attacker) publish(ctx context.Context, subject string, v any) {
	pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	a.js.Publish(pctx, subject, protocol.Marshal(v))
}

// forge answers one job with forgery number k.
func (a *attacker) forge(ctx context.Context, job protocol.Job, k int) {
	r := protocol.Result{Moves: []string{"a1a2"}, Plies: 1, Result: protocol.ResultSecondWins, Winner: protocol.SecondMover,
		Ending: "checkmate", WorkerID: "honest-looking", Attempt: 1}
	r.FromJob(job)
	kind := forgeries[k%len(forgeries)]
	subject := protocol.CredentialResultSubject(job.BatchID, job.JobID, natsauth.PoolWorker)
	switch kind {
	case "malformed":
		r.Winner = 7
	case "misattributed":
		r.Game, r.PairID, r.Seed = r.Game+1, r.PairID+1, r.Seed+1
	case "no lease":
		r.Lease = ""
	case "fake seal":
		a.publish(ctx, protocol.DeadSubject(job.BatchID, job.JobID), protocol.DeadLetter{V: protocol.Version, Job: job, Attempts: 3,
			Error: "forged", Source: protocol.SourceAdvisory, Seal: "00112233445566778899aabbccddeeff", At: time.Now()})
		a.count(kind)
		return
	}
	a.publish(ctx, subject, r)
	a.count(kind)
	a.mu.Lock()
	a.kept = append(a.kept, r)
	a.mu.Unlock()
}

func (a *attacker) count(kind string) {
	a.mu.Lock()
	a.forged[kind]++
	a.mu.Unlock()
}

// run pulls jobs from every batch's consumer until ctx ends or it has
// answered limit jobs, answering each job once with a forgery and handing
// it back. (A client that pulls and hands back jobs without end can use up
// their deliveries: that denies service, turning games into dead letters,
// but never makes a forgery count; the limit keeps this test about the
// forgeries.)
func (a *attacker) run(ctx context.Context, limit int) {
	k, repeats := 0, 0
	for ctx.Err() == nil && k < limit {
		if a.pass(ctx, &k, &repeats) {
			return
		}
		// A pull every few milliseconds: enough to answer most jobs first,
		// not so many that a job runs out of deliveries.
		time.Sleep(20 * time.Millisecond)
	}
}

// pass looks once at every batch's consumer, answering what it pulls; it
// reports whether the attacker is done. Its JetStream requests get a few
// seconds, not the test's whole deadline: on a loaded three-node cluster
// a request can go unanswered (a leader moving), and one such request
// once held the attacker until the test timed out with no job answered.
func (a *attacker) pass(ctx context.Context, k, repeats *int) bool {
	pctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	stream, err := a.js.Stream(pctx, farm.StreamJobs)
	if err != nil {
		return false
	}
	names := stream.ConsumerNames(pctx)
	for name := range names.Name() {
		cons, err := stream.Consumer(pctx, name)
		if err != nil {
			continue
		}
		batch, err := cons.FetchNoWait(1)
		if err != nil {
			continue
		}
		for m := range batch.Messages() {
			var job protocol.Job
			if json.Unmarshal(m.Data(), &job) == nil {
				a.mu.Lock()
				fresh := !a.seen[job.JobID]
				a.seen[job.JobID] = true
				a.mu.Unlock()
				if !fresh {
					// Cycling through jobs it answered: stop, once every
					// kind was tried, before their deliveries run out.
					m.NakWithDelay(200 * time.Millisecond)
					if *repeats++; *repeats >= 3 && *k >= len(forgeries) {
						return true
					}
					continue
				}
				a.forge(ctx, job, *k)
				if *k++; *k == len(forgeries) {
					close(a.tried)
				}
			}
			m.NakWithDelay(200 * time.Millisecond) // hand it back
		}
	}
	return false
}

// TestWorkerCredentialsCannotForgeResults runs the Compose NATS
// configuration with an honest worker and an attacker, both with the
// workers' restricted credentials, and checks that nothing the attacker
// publishes counts: for a batch before it runs (under its id leaked),
// while it runs (answered and handed back, malformed, misattributed,
// without a lease, as a coordinator's dead letter), and for a salted
// rerun (the attacker's records replayed into it). Every counted record
// must be the honest worker's game.
func TestWorkerCredentialsCannotForgeResults(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a three-node NATS cluster; skipped with -short")
	}
	c := startNATSCluster(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	coordJS := c.connectAs(t, natsauth.FileCoordinator, &syncBuffer{})
	coord, err := farm.NewCoordinator(ctx, coordJS, farm.Config{Replicas: 3, AckWait: 3 * time.Second, MaxDeliver: 10, RecheckInterval: time.Second},
		zerolog.Nop(), nil)
	if err != nil {
		t.Fatal(err)
	}
	go coord.WatchDeadLetters(ctx)

	rule := []byte(`{"schema_version": 29, "name": "attack test"}`)
	plan := protocol.Plan{Ruleset: "attack-test", RulesetHash: protocol.HashRuleFile(rule),
		Players: []string{"weak", "medium", "strong"}, GamesPerPairing: 20, Seed: 5}
	salted := plan
	salted.Salt = "again"

	bad := &attacker{js: c.connectAs(t, natsauth.FileWorker, &syncBuffer{}), seen: map[string]bool{}, forged: map[string]int{},
		tried: make(chan struct{})}
	// A planned batch: records published before it runs, under the public
	// hash of its plan and under its real id, as if leaked.
	planned := 0
	for _, id := range []string{plan.ID(), coord.BatchID(plan)} {
		for _, j := range plan.JobsFor(id) {
			bad.forge(ctx, j, 0)
			planned++
		}
	}
	actx, stopAttack := context.WithCancel(ctx)
	defer stopAttack()
	go bad.run(actx, 30)

	// The batch runs; the honest worker joins once the attacker has tried
	// every forgery on its jobs.
	outc := make(chan *farm.Outcome, 1)
	go func() {
		out, err := coord.Run(ctx, plan, rule, nil)
		if err != nil {
			t.Error(err)
		}
		outc <- out
	}()
	select {
	case <-bad.tried:
	case <-ctx.Done():
		t.Fatal("the attacker got no jobs")
	}
	honest := &fakegame.Runner{MinPlies: 4, MaxPlies: 10, PlyDelay: time.Millisecond, NodesPerPly: 10}
	w, err := farm.NewWorker(c.connectAs(t, natsauth.FileWorker, &syncBuffer{}), farm.WorkerConfig{ID: "honest", Credential: natsauth.PoolWorker, Concurrency: 3,
		FetchWait: 200 * time.Millisecond, Runner: honest, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	wctx, stopWorker := context.WithCancel(ctx)
	workerDone := make(chan error, 1)
	go func() { workerDone <- w.Run(wctx) }()
	defer func() { stopWorker(); <-workerDone }()

	check := func(name string, plan protocol.Plan, out *farm.Outcome) {
		t.Helper()
		jobs := plan.JobsFor(out.BatchID)
		if len(out.Results) != len(jobs) || len(out.DeadLetters) != 0 {
			t.Fatalf("%s: %d results and %d dead letters for %d jobs", name, len(out.Results), len(out.DeadLetters), len(jobs))
		}
		for i, r := range out.Results {
			want, err := honest.Run(ctx, rule, jobs[i], func() {})
			if err != nil {
				t.Fatal(err)
			}
			if r.JobID != jobs[i].JobID || r.WorkerID != "honest" || r.Result != want.Result || fmt.Sprint(r.Moves) != fmt.Sprint(want.Moves) {
				t.Fatalf("%s: counted record %d is not the honest game: %+v", name, i, r)
			}
		}
		t.Logf("%s: %d games, all the honest worker's; %d records refused, %d duplicates dropped", name, len(out.Results), out.Rejected, out.Duplicates)
	}

	out := <-outc
	if out == nil {
		t.FailNow()
	}
	check("planned and running batch", plan, out)
	if out.Rejected < len(plan.Jobs()) {
		t.Errorf("%d records refused; the leaked-id forgeries alone were %d", out.Rejected, len(plan.Jobs()))
	}

	// The salted rerun: the attacker also replays every record it forged
	// (each under a lease it really pulled) into the new batch's jobs.
	go func() {
		id := coord.BatchID(salted)
		bad.mu.Lock()
		kept := append([]protocol.Result(nil), bad.kept...)
		bad.mu.Unlock()
		for _, r := range kept {
			r.BatchID, r.JobID = id, protocol.JobID(id, r.Game)
			bad.publish(actx, protocol.CredentialResultSubject(id, r.JobID, natsauth.PoolWorker), r)
			bad.count("replayed")
		}
	}()
	again, err := coord.Run(ctx, salted, rule, nil)
	if err != nil {
		t.Fatal(err)
	}
	check("salted batch", salted, again)
	stopAttack()

	bad.mu.Lock()
	defer bad.mu.Unlock()
	for _, kind := range append(forgeries, "replayed") {
		if bad.forged[kind] == 0 {
			t.Errorf("the attacker never tried %q", kind)
		}
	}
	t.Logf("forgeries published: %d before the batch ran, then %v", planned, bad.forged)

	// Nor may the workers' credentials publish a coordinator's verdict.
	denied, cancelDenied := context.WithTimeout(ctx, 2*time.Second)
	defer cancelDenied()
	if _, err := bad.js.Publish(denied, protocol.VerdictSubject(out.BatchID, out.Results[0].JobID), []byte(`{}`)); err == nil {
		t.Error("the workers' credentials published a verdict")
	}
}
