package farm_test

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"

	"github.com/nats-io/nats.go"
)

// laidOutRunner plays the first pairing of a plan in an order the test
// lays out, so that when the pairing stops some of its surplus games are
// recorded, some are being played and some are still queued:
//
//	games 0, 3, 4     quick
//	game 1            waits until game 4 has returned and games 5 and 6
//	                  have started: its record completes the first pair,
//	                  and the stop rule ends the pairing there
//	every other game  runs until its context ends, reporting progress
//
// On four slots, games 0 to 3 start first, then 4, 5 and 6 as 0, 3 and 4
// return; once 1 returns, 2, 5 and 6 (and 7, if its slot takes it before
// the withdrawal) are in flight and 8 and 9 are queued. The other
// pairings' games are quick, except while hold is open: then the second
// pairing's games wait for it to close.
type laidOutRunner struct {
	plan  protocol.Plan
	quick farm.GameRunner
	hold  chan struct{}

	mu       sync.Mutex
	started  map[int]int   // first pairing's game index -> starts
	finished map[int]int   // -> games played to the end
	stopped  map[int]error // -> cause of the last game stopped unfinished
	gate     chan struct{} // closed when game 1 may end
	gateDone bool
}

func newLaidOutRunner(plan protocol.Plan) *laidOutRunner {
	return &laidOutRunner{plan: plan, quick: quickRunner(), hold: make(chan struct{}),
		started: map[int]int{}, finished: map[int]int{}, stopped: map[int]error{}, gate: make(chan struct{})}
}

// openGate closes the gate once its conditions hold; r.mu is held.
func (r *laidOutRunner) openGate() {
	if !r.gateDone && r.finished[4] > 0 && r.started[5] > 0 && r.started[6] > 0 {
		r.gateDone = true
		close(r.gate)
	}
}

func (r *laidOutRunner) Run(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error) {
	pairing, pair, _ := r.plan.PairingOf(job)
	switch pairing {
	case 0:
	case 1:
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
	held:
		for {
			select {
			case <-r.hold:
				break held
			case <-tick.C:
				progress()
			case <-ctx.Done():
				return protocol.Result{}, ctx.Err()
			}
		}
		fallthrough
	default:
		return r.quick.Run(ctx, ruleFile, job, progress)
	}
	game := 2*pair + job.Game%2
	r.mu.Lock()
	r.started[game]++
	r.openGate()
	r.mu.Unlock()
	var res protocol.Result
	var err error
	switch game {
	case 0, 3, 4:
		res, err = r.quick.Run(ctx, ruleFile, job, progress)
	case 1:
		select {
		case <-r.gate:
			res, err = r.quick.Run(ctx, ruleFile, job, progress)
		case <-ctx.Done():
			err = ctx.Err()
		}
	default:
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for err == nil {
			select {
			case <-tick.C:
				progress()
			case <-ctx.Done():
				err = ctx.Err()
			}
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		r.stopped[game] = context.Cause(ctx)
	} else {
		r.finished[game]++
	}
	r.openGate()
	return res, err
}

// starts copies the start counts.
func (r *laidOutRunner) starts() map[int]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[int]int{}
	for g, n := range r.started {
		out[g] = n
	}
	return out
}

// published counts the publications of each job of a batch, as the
// server receives them (a subscriber sees every message a stream
// stores).
type published struct {
	mu   sync.Mutex
	jobs map[string]int
}

func watchPublications(t *testing.T, nc *nats.Conn, batch string) *published {
	t.Helper()
	p := &published{jobs: map[string]int{}}
	sub, err := nc.Subscribe(protocol.BatchJobsFilter(batch), func(m *nats.Msg) {
		if _, _, job, ok := protocol.SplitSubject(m.Subject); ok {
			p.mu.Lock()
			p.jobs[job]++
			p.mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sub.Unsubscribe() })
	return p
}

func (p *published) count(jobs []protocol.Job) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, j := range jobs {
		n += p.jobs[j.JobID]
	}
	return n
}

// A pairing that stops while its surplus games are queued and being
// played has them withdrawn: the queued ones never start, the ones in
// flight stop unfinished (the batch could not end otherwise: they hold
// every slot and never end by themselves), and the counted games are the
// same prefix as ever. A run interrupted after the withdrawal, and a rerun
// of the finished batch, queue none of them again, though the withdrawn
// jobs leave gaps below games that were recorded.
func TestWithdrawSurplus(t *testing.T) {
	s := startServer(t, t.TempDir())
	url := s.ClientURL()
	nc, js := connect(t, url)
	plan := testPlan(20, "withdraw") // 3 pairings of 10 pairs
	pairings := plan.Pairings()
	key := func(i int) [2]string { return [2]string{pairings[i].A, pairings[i].B} }
	stopper := &stopAfterPairs{after: map[[2]string]int{key(0): 1, key(1): 2, key(2): 2}}
	hooks := farm.Hooks{Stop: stopper.stop, Window: 5}
	runner := newLaidOutRunner(plan)
	workers(t, url, 1, 4, runner)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	batch := protocol.BatchID(c.Assets().Key, plan)
	pubs := watchPublications(t, nc, batch)
	first := pairingJobs(plan, batch)[0]

	// The first run: interrupted once the games in flight of the first
	// pairing are stopped, while the second pairing's games are held.
	done := make(chan error, 1)
	go func() {
		_, err := c.RunHooks(ctx, plan, testRuleFile, hooks)
		done <- err
	}()
	stoppedInFlight := func() bool {
		runner.mu.Lock()
		defer runner.mu.Unlock()
		for _, g := range []int{2, 5, 6} {
			if runner.stopped[g] == nil {
				return false
			}
		}
		return true
	}
	deadline := time.Now().Add(60 * time.Second)
	for !stoppedInFlight() {
		if time.Now().After(deadline) {
			t.Fatalf("the first pairing's games in flight were not stopped: started %v, finished %v, stopped %v",
				runner.starts(), runner.finished, runner.stopped)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: %v, want it interrupted", err)
	}
	before := pubs.count(first)

	// The second run resumes the batch; the second pairing plays on.
	close(runner.hold)
	_, js2 := connect(t, url)
	out := runSequential(t, js2, plan, hooks, 60*time.Second)
	checkSequential(t, js2, plan, out, []int{1, 2, 2})

	runner.mu.Lock()
	started, finished, stopped := runner.started, runner.finished, runner.stopped
	for g := 2; g < 10; g++ {
		switch {
		case g == 3 || g == 4:
			if finished[g] != 1 {
				t.Errorf("game %d finished %d times, want once (before the stop)", g, finished[g])
			}
		case g >= 8:
			if started[g] != 0 {
				t.Errorf("game %d, queued when its pairing stopped, started %d times", g, started[g])
			}
		case g == 7 && started[g] == 0:
			// Withdrawn before a slot took it.
		default:
			if started[g] != 1 || finished[g] != 0 || !errors.Is(stopped[g], farm.ErrWithdrawn) {
				t.Errorf("game %d in flight when its pairing stopped: started %d, finished %d, stopped by %v; want once, never, withdrawn",
					g, started[g], finished[g], stopped[g])
			}
		}
	}
	runner.mu.Unlock()
	po := out.Pairings[0]
	var surplus []string
	for _, r := range out.Surplus {
		surplus = append(surplus, r.JobID)
	}
	for _, g := range []int{3, 4} {
		if !slices.Contains(surplus, first[g].JobID) {
			t.Errorf("game %d, finished before the stop, is not surplus", g)
		}
	}
	if po.Surplus != 2 {
		t.Errorf("first pairing: %d surplus games, want 2", po.Surplus)
	}
	if before != 10 || pubs.count(first) != before {
		t.Errorf("the first pairing's jobs were published %d times by the first run and %d by the resumed one, want 10 and none",
			before, pubs.count(first)-before)
	}

	// A rerun of the finished batch plays nothing and counts the same.
	startsBefore := runner.starts()
	published := pubs.count(plan.JobsFor(batch))
	again := runSequential(t, js2, plan, hooks, 20*time.Second)
	if !slices.EqualFunc(again.Results, out.Results, func(a, b protocol.Result) bool { return a.JobID == b.JobID }) {
		t.Fatalf("the rerun counts other games")
	}
	if n := pubs.count(plan.JobsFor(batch)); n != published {
		t.Errorf("the rerun of the finished batch queued %d jobs", n-published)
	}
	if got := runner.starts(); !maps.Equal(got, startsBefore) {
		t.Errorf("the rerun started games: %v, before %v", got, startsBefore)
	}
	waitQueueEmpty(t, js2)
}
