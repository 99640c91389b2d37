package farm_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"

	dto "github.com/prometheus/client_model/go"
)

// namedWorker runs one in-process worker with its own id and runner until
// the test ends.
func namedWorker(t testing.TB, url, id string, concurrency int, runner farm.GameRunner) {
	t.Helper()
	credentialWorker(t, url, extraWorker{id: id, runner: runner}, concurrency)
}

// extraWorker is a worker beside the honest ones: its id, the credential
// it publishes results under ("" for none) and its runner.
type extraWorker struct {
	id, credential string
	runner         farm.GameRunner
}

// credentialWorker runs one in-process worker as x says until the test
// ends.
func credentialWorker(t testing.TB, url string, x extraWorker, concurrency int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	_, js := connect(t, url)
	id := x.id
	w, err := farm.NewWorker(js, farm.WorkerConfig{
		ID: id, Credential: x.credential, Concurrency: concurrency, Runner: x.runner,
		FetchWait: 500 * time.Millisecond, DrainTimeout: 5 * time.Second, AbandonAfter: 500 * time.Millisecond,
		NakDelay: 50 * time.Millisecond, Log: testLogger(t).With().Str("worker", id).Logger(),
	})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := w.Run(ctx); err != nil {
			t.Errorf("worker %s: %v", id, err)
		}
	})
	t.Cleanup(func() { cancel(); wg.Wait() })
}

// liar plays the job's game honestly for its first honest games, then
// plays other players (strong against random) and returns the result
// under the job's identity, as a dishonest credential holder could.
type liar struct {
	honest int64
	played atomic.Int64
	lies   atomic.Int64
}

func (l *liar) Run(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error) {
	if l.played.Add(1) > l.honest {
		l.lies.Add(1)
		job.P0, job.P1 = "strong", "random"
	}
	return quickRunner().Run(ctx, ruleFile, job, progress)
}

// auditedRun runs plan on a fresh server with the honest workers w0 and
// w1 (two slots each), the given extra workers, and audits with the
// honest runner. It also returns how many results of each worker id were
// handed to Hooks.Record (counted, if only for a while), and a rerun of
// the plan on the same server, by a new coordinator, without audits.
// A stop function makes the batch sequential.
func auditedRun(t *testing.T, plan protocol.Plan, stop farm.StopFunc, extra ...extraWorker) (*farm.Outcome, map[string]int, func() *farm.Outcome, *farm.CoordinatorMetrics) {
	t.Helper()
	return auditedRunWith(t, quickRunner(), plan, stop, extra...)
}

// auditedRunWith is auditedRun with the audits played by auditor.
func auditedRunWith(t *testing.T, auditor farm.GameRunner, plan protocol.Plan, stop farm.StopFunc, extra ...extraWorker) (*farm.Outcome, map[string]int, func() *farm.Outcome, *farm.CoordinatorMetrics) {
	t.Helper()
	s := startServer(t, t.TempDir())
	for _, id := range []string{"w0", "w1"} {
		namedWorker(t, s.ClientURL(), id, 2, quickRunner())
	}
	for _, x := range extra {
		credentialWorker(t, s.ClientURL(), x, 1)
	}
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	metrics := farm.NewCoordinatorMetrics(nil)
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), metrics)
	if err != nil {
		t.Fatal(err)
	}
	go c.WatchDeadLetters(ctx)
	recorded := map[string]int{}
	record := func(r *protocol.Result, _ *protocol.DeadLetter) {
		if r != nil {
			recorded[r.WorkerID]++
		}
	}
	out, err := c.RunHooks(ctx, plan, testRuleFile, farm.Hooks{Audit: auditor, Record: record, Stop: stop})
	if err != nil {
		t.Fatalf("batch: %v", err)
	}
	if stop == nil {
		checkOutcome(t, plan, out, 0)
	}
	if out.Audit == nil {
		t.Fatal("no audit summary")
	}
	rerun := func() *farm.Outcome {
		t.Helper()
		return runSequential(t, js, plan, farm.Hooks{Stop: stop}, 30*time.Second)
	}
	return out, recorded, rerun, metrics
}

// sameGames says where two outcomes of one plan differ, game by game.
func sameGames(t *testing.T, got, want *farm.Outcome) {
	t.Helper()
	if len(got.Results) != len(want.Results) {
		t.Fatalf("%d results, the honest run has %d", len(got.Results), len(want.Results))
	}
	for i, r := range got.Results {
		w := want.Results[i]
		if r.Game != w.Game || !slices.Equal(r.Moves, w.Moves) || r.Winner != w.Winner {
			t.Fatalf("game %d (worker %s) differs from the honest run's (worker %s)", r.Game, r.WorkerID, w.WorkerID)
		}
	}
	for i, p := range got.Pairings {
		if w := want.Pairings[i]; p.Games != w.Games || p.Stopped != w.Stopped || p.Reason != w.Reason {
			t.Fatalf("pairing %v ended %+v, in the honest run %+v", p.Players, p, w)
		}
	}
}

func TestAuditQuarantinesLyingWorker(t *testing.T) {
	plan := testPlan(12, "audit")
	honest := map[bool]*farm.Outcome{}
	for _, sequential := range []bool{false, true} {
		var stop farm.StopFunc
		if sequential {
			stop = stopOnFirstMoverWins
		}
		out, _, _, _ := auditedRun(t, plan, stop)
		if len(out.Audit.Quarantined) != 0 || out.Audit.Mismatches != 0 {
			t.Fatalf("honest run quarantined: %+v", out.Audit)
		}
		honest[sequential] = out
	}
	tests := []struct {
		name        string
		honestFirst int64
		every       int
		// everCounted: the liar's honest games may count until it is
		// caught.
		everCounted bool
		stop        farm.StopFunc
	}{
		{"lies from its first game", 0, 8, false, nil},
		{"lies after two honest games", 2, 1, true, nil},
		// The stop rule reads what was played: it must stop where the
		// honest run stopped, the discarded games taken back.
		{"sequential, lies after two honest games", 2, 1, true, stopOnFirstMoverWins},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer farm.SetAuditEvery(tc.every)()
			l := &liar{honest: tc.honestFirst}
			out, recorded, rerun, _ := auditedRun(t, plan, tc.stop, extraWorker{id: "liar", runner: l})
			if l.lies.Load() == 0 {
				t.Skip("the lying worker got no job to lie about")
			}
			sameGames(t, out, honest[tc.stop != nil])
			if len(out.Audit.Quarantined) != 1 || out.Audit.Quarantined[0].Worker != "liar" {
				t.Fatalf("quarantined %+v, want the liar alone", out.Audit.Quarantined)
			}
			q := out.Audit.Quarantined[0]
			if q.Discarded < 1 || int64(q.Discarded) > l.played.Load() {
				t.Fatalf("%d games discarded; the liar played %d", q.Discarded, l.played.Load())
			}
			// A liar that lies from its first game never has one counted,
			// not even for a while. One trusted after an honest first game
			// usually has (depending on which of its records are first
			// judged), and the quarantine takes them back.
			if !tc.everCounted && recorded["liar"] > 0 {
				t.Fatalf("%d of the liar's games were counted for a while", recorded["liar"])
			}
			for _, r := range out.Results {
				if r.WorkerID == "liar" {
					t.Fatalf("game %d of the quarantined worker counted", r.Game)
				}
			}
			// The batch is complete: a rerun reads its records as they
			// stand, audits nothing, and still counts none of the liar's.
			again := rerun()
			sameGames(t, again, honest[tc.stop != nil])
			t.Logf("audited %d of %d games: %.2fs of audit against %.2fs of games; %+v",
				out.Audit.Audited, len(out.Results), out.Audit.Seconds, out.Audit.GameSeconds, q)
		})
	}
}

// A liar publishing under a credential of its own, with the worker id of
// an honest worker in its records, has that credential quarantined, not
// the id: the honest worker's games still count, none of the liar's do,
// and the outcome names the credential.
func TestAuditQuarantinesTheCredential(t *testing.T) {
	plan := testPlan(12, "audit-credential")
	honest, _, _, _ := auditedRun(t, plan, nil)
	l := &liar{}
	out, _, _, metrics := auditedRun(t, plan, nil, extraWorker{id: "w0", credential: "w9", runner: l})
	if l.lies.Load() == 0 {
		t.Skip("the lying worker got no job to lie about")
	}
	sameGames(t, out, honest)
	want := farm.Quarantine{Credential: "w9", Worker: "w0"}
	if len(out.Audit.Quarantined) != 1 || out.Audit.Quarantined[0].Credential != want.Credential || out.Audit.Quarantined[0].Worker != want.Worker {
		t.Fatalf("quarantined %+v, want the credential %s (records saying %s) alone", out.Audit.Quarantined, want.Credential, want.Worker)
	}
	if q := out.Audit.Quarantined[0]; q.Discarded+q.Refused < 1 {
		t.Fatalf("quarantine %+v threw nothing away", q)
	}
	var m dto.Metric
	if err := metrics.CredentialsQuarantined.WithLabelValues(plan.Ruleset, "w9").Write(&m); err != nil || m.GetCounter().GetValue() != 1 {
		t.Fatalf("balancefarm_credentials_quarantined_total{credential=\"w9\"} = %v (%v), want 1", m.GetCounter().GetValue(), err)
	}
}

// An honest worker's games play again exactly: audit them all, never a
// mismatch. An audit that cannot play its job (the coordinator's runner
// fails) says nothing of the worker either.
func TestAuditNeverQuarantinesHonestWorkers(t *testing.T) {
	defer farm.SetAuditEvery(1)()
	failing := farm.RunnerFunc(func(context.Context, []byte, protocol.Job, func()) (protocol.Result, error) {
		return protocol.Result{}, errors.New("engine failure on the coordinator")
	})
	tests := []struct {
		name    string
		auditor farm.GameRunner
	}{
		{"audits replay", quickRunner()},
		{"audits fail to play", failing},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plan := testPlan(20, fmt.Sprintf("audit-honest-%d", i))
			out, _, _, _ := auditedRunWith(t, tc.auditor, plan, nil)
			if out.Audit.Mismatches != 0 || len(out.Audit.Quarantined) != 0 {
				t.Fatalf("honest workers quarantined: %+v", out.Audit)
			}
			if out.Audit.Audited != len(out.Results) {
				t.Fatalf("%d audited of %d games, want all", out.Audit.Audited, len(out.Results))
			}
		})
	}
}

// When the only worker answering is a quarantined credential (replicas
// sharing one credential, one of them lying), its jobs would be queued
// again for ever: the run stops instead, within a game's wall limit and
// two ack waits of the last sound record, naming the credential.
func TestOnlyQuarantinedStops(t *testing.T) {
	defer farm.SetAuditEvery(1)()
	s := startServer(t, t.TempDir())
	credentialWorker(t, s.ClientURL(), extraWorker{id: "w0", credential: "pool", runner: &liar{}}, 2)
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	plan := testPlan(6, "only-quarantined")
	plan.MaxWallMS = 500
	began := time.Now()
	_, err = c.RunHooks(ctx, plan, testRuleFile, farm.Hooks{Audit: quickRunner()})
	if !errors.Is(err, farm.ErrOnlyQuarantined) || !strings.Contains(err.Error(), "pool") {
		t.Fatalf("run ended with %v, want ErrOnlyQuarantined naming the credential pool", err)
	}
	if took := time.Since(began); took > 30*time.Second {
		t.Errorf("stopped after %s", took)
	}
}

// A timed game does not replay move for move, so none is audited: a
// worker whose timed games differ from what the coordinator would play
// is not quarantined, and every game counts.
func TestAuditLeavesTimedGames(t *testing.T) {
	plan := testPlan(6, "timed")
	for i, p := range plan.Players {
		plan.Players[i] = p + ",st=1"
	}
	l := &liar{}
	out, recorded, _, _ := auditedRun(t, plan, nil, extraWorker{id: "liar", runner: l})
	if out.Audit.Audited != 0 || len(out.Audit.Quarantined) != 0 {
		t.Fatalf("timed games audited: %+v", out.Audit)
	}
	if l.lies.Load() > 0 && recorded["liar"] == 0 {
		t.Errorf("the worker played %d games, none counted", l.lies.Load())
	}
	checkOutcome(t, plan, out, 0)
}
