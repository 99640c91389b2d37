package farm

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"balancefarm/protocol"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// A batch's records are judged before they count. A record is refused
// (counted, logged, dropped) unless it names a job of the batch, carries
// the lease of one of that job's publications, agrees with the job and
// passes the game checks. A sound record still waits until its
// publication has left the queue, acknowledged: only then is it known
// that no other delivery of the same publication will answer. A
// publication answered by one record has that record counted; one
// answered by two or more (a client that answered a job and handed it
// back, or one that read another's delivery) is contested: none of them
// counts, a sealed verdict says so in the stream for every later run, and
// the job is published again under a fresh lease. A coordinator's own
// records (dead letters from advisories) carry a seal instead of a
// worker's lease and count as they are.

// candidate is a sound record waiting for its publication to finish.
type candidate struct {
	seq    uint64 // in the results stream
	lease  string
	result *protocol.Result
	dead   *protocol.DeadLetter
	sealed bool // written by a coordinator
	// credential published the result, by its subject (which the server
	// lets no other user publish on); "" on a job's own result subject.
	credential string
}

// jobRecs is what a batch run knows of one job's records.
type jobRecs struct {
	consumed int // messages read on the job's record subjects, refused ones too
	// unreadable is how many records the stream counts for the job that it
	// cannot deliver (a damaged store): they are never waited on.
	unreadable int
	pending    []candidate
	contested  map[string]bool // lease nonces ruled contested
}

// records collects one batch's records.
type records struct {
	jobs       map[string]protocol.Job
	results    map[string]protocol.Result
	dead       map[string]protocol.DeadLetter
	per        map[string]*jobRecs
	duplicates int
	rejected   int
	consumed   int // every message read from the records consumer
	unreadable int // records the stream counts but cannot deliver
}

// seen is how many of the job's stored records are read or known lost.
func (jr *jobRecs) seen() int { return jr.consumed + jr.unreadable }

// seen is how many of the batch's stored records are read or known lost.
func (r *records) seen() int { return r.consumed + r.unreadable }

func newRecords(jobs []protocol.Job) *records {
	r := &records{jobs: map[string]protocol.Job{}, results: map[string]protocol.Result{},
		dead: map[string]protocol.DeadLetter{}, per: map[string]*jobRecs{}}
	for _, j := range jobs {
		r.jobs[j.JobID] = j
	}
	return r
}

func (r *records) done() int { return len(r.results) + len(r.dead) }

// judging reports records read and waiting for judgment.
func (r *records) judging() bool {
	for _, jr := range r.per {
		if len(jr.pending) > 0 {
			return true
		}
	}
	return false
}

func (r *records) has(job string) bool {
	_, played := r.results[job]
	_, failed := r.dead[job]
	return played || failed
}

func (r *records) of(job string) *jobRecs {
	jr := r.per[job]
	if jr == nil {
		jr = &jobRecs{contested: map[string]bool{}}
		r.per[job] = jr
	}
	return jr
}

// batchRun is one run of a batch by a coordinator.
type batchRun struct {
	c        *Coordinator
	plan     protocol.Plan
	ruleFile []byte
	hooks    Hooks
	key      []byte
	id       string
	log      zerolog.Logger
	rec      *records
	sched    *schedule
	progress Progress

	// complete: the batch was complete when this run opened it, so its
	// history was judged already and is read as it stands.
	complete bool
	// priorElapsed is the batch's running time before this session, which
	// began at sessionStart.
	priorElapsed time.Duration
	sessionStart time.Time
	pubs         map[string]int    // publications this run made, per job
	leases       map[string]string // the latest lease this run minted, per job
	refusal      map[string]string // why a job's last refused record was refused
	accepted     []string          // jobs whose record counted since the loop last looked
	// withdrawn are the jobs this run took out of the queue because their
	// pairing stopped before them (withdraw).
	withdrawn map[string]bool
	// settled: the stop rule has seen the records the stream held when the
	// run opened. Until then a sequential batch queues no job again: one
	// missing from the queue may have been withdrawn by an earlier run,
	// beyond a stopping point the rule has yet to find again.
	settled bool
	// pastDeadline: Hooks.Deadline has come; every pairing still open is
	// stopped where it stands, again after any audit reopens one.
	pastDeadline bool
	logged       int // refusals logged
	// quietUntil: a lookup failed (a leader election, a server away);
	// waiting records are not looked up again before then, so the loop
	// never spends its time on lookups that time out one after another.
	quietUntil time.Time

	incoming      chan incomingMsg
	generation    int
	consumer      jetstream.ConsumeContext
	stopConsuming context.CancelFunc
	// lastSeq is the stream sequence of the last record read, where a
	// reader started again goes on; readAtRecheck is how many records had
	// been read at the last recheck, to tell a stalled reader.
	lastSeq       uint64
	readAtRecheck int

	audit *auditor // nil without Hooks.Audit

	// counts are the records the stream held per job at the last fillGaps,
	// stored their sum; lastRead is when the reader last delivered one.
	counts   map[string]int
	stored   int
	lastRead time.Time

	// lastSound is when a record last arrived from a publisher not
	// quarantined (or the run began), bannedSince how many records
	// quarantined publishers sent after it (onlyQuarantined).
	lastSound   time.Time
	bannedSince int
}

type incomingMsg struct {
	gen int
	msg jetstream.Msg
}

func (c *Coordinator) newBatchRun(plan protocol.Plan, ruleFile []byte, hooks Hooks) (*batchRun, error) {
	key := c.Assets().Key
	id := protocol.BatchID(key, plan)
	jobs := plan.JobsFor(id)
	sched, err := newSchedule(plan, jobs, hooks.Stop, hooks.Window)
	if err != nil {
		return nil, err
	}
	progress := hooks.Progress
	if progress == nil {
		progress = func(int, int) {}
	}
	return &batchRun{c: c, plan: plan, ruleFile: ruleFile, hooks: hooks, key: key, id: id,
		log: c.log.With().Str("batch", id).Str("ruleset", plan.Ruleset).Logger(),
		rec: newRecords(jobs), sched: sched, progress: progress,
		pubs: map[string]int{}, leases: map[string]string{}, refusal: map[string]string{}, withdrawn: map[string]bool{},
		settled: hooks.Stop == nil, incoming: make(chan incomingMsg, 256), audit: newAuditor(hooks.Audit, key)}, nil
}

// settleEvery is how often a run looks again at records waiting for their
// publication to be acknowledged (usually a moment after they arrive).
const settleEvery = 100 * time.Millisecond

// elapsedEvery is how often a run saves its batch's running time, so that
// a session that dies without a word (kill -9, a lost machine) loses at
// most this much of it, not a heartbeat's interval.
const elapsedEvery = time.Second

// maxSettlePerTick bounds the jobs one settle looks up.
const maxSettlePerTick = 64

func (b *batchRun) run(ctx context.Context) (*Outcome, error) {
	c := b.c
	if b.audit != nil {
		// Audits stop with the run.
		var stopAudits context.CancelFunc
		b.audit.ctx, stopAudits = context.WithCancel(ctx)
		defer stopAudits()
	}
	// A full disk answers no write: said now rather than waited on.
	if err := b.checkDisk(); err != nil {
		return nil, err
	}
	if err := retry(ctx, fullIsFinal(func(ctx context.Context) error { return c.storeRuleFile(ctx, b.plan.RulesetHash, b.ruleFile) })); err != nil {
		return nil, fmt.Errorf("storing the rule file: %w", err)
	}
	// Watched before the batch is opened, so that a cancellation between
	// the two is not missed.
	var watcher jetstream.KeyWatcher
	if err := retry(ctx, func(context.Context) error {
		var err error
		// The run's context, not the attempt's: the watch lives as long
		// as the run.
		watcher, err = c.Assets().Batches.Watch(ctx, b.id, jetstream.UpdatesOnly())
		return err
	}); err != nil {
		return nil, fmt.Errorf("watching the batch's state: %w", err)
	}
	defer func() { watcher.Stop() }()
	var state BatchState
	if err := retry(ctx, fullIsFinal(func(ctx context.Context) error {
		var err error
		state, err = b.open(ctx)
		return err
	})); err != nil {
		return nil, fmt.Errorf("recording the batch: %w", err)
	}
	b.complete = state.State == StateComplete
	b.priorElapsed, b.sessionStart = state.Elapsed, time.Now()
	if !b.complete {
		if err := retry(ctx, func(ctx context.Context) error {
			_, err := c.Assets().BatchConsumer(ctx, b.id)
			return err
		}); err != nil {
			return nil, fmt.Errorf("creating the batch's consumer: %w", err)
		}
	}
	b.log.Info().Int("jobs", len(b.rec.jobs)).Bool("sequential", b.hooks.Stop != nil).Str("state", state.State).Msg("batch open")

	b.lastRead, b.lastSound = time.Now(), time.Now()
	if err := retry(ctx, b.startConsumer); err != nil {
		return nil, fmt.Errorf("reading records: %w", err)
	}
	defer func() { b.stopConsumer() }()

	total, err := b.fillGaps(ctx)
	if err != nil {
		return nil, err
	}
	// Progress starts, and a sequential batch publishes beyond what it
	// found, once the records already in the stream are read: a resumed
	// batch does not look like a burst of fast games, and a pairing that
	// had stopped is not extended.
	caughtUp := false
	resumed := 0
	catchUp := func() error {
		first := false
		if !caughtUp {
			if b.rec.seen() < total {
				return nil
			}
			caughtUp, first = true, true
			if _, err := b.fillGaps(ctx); err != nil {
				return err
			}
		}
		b.pass()
		if first {
			resumed = b.rec.done()
			if resumed > 0 && b.hooks.Resumed != nil {
				b.hooks.Resumed(resumed, b.sched.expected(b.rec))
			}
		}
		b.settleAll()
		if !b.settled {
			// The pairings stop where the records found say: the jobs
			// missing below the frontiers that still count are queued again.
			b.settled = true
			if _, err := b.fillGaps(ctx); err != nil {
				return err
			}
			b.pass()
			b.settleAll()
		}
		if b.pastDeadline {
			b.sched.stopOpen(b.hooks.DeadlineReason)
		}
		if err := b.withdraw(ctx); err != nil {
			return err
		}
		if due := b.sched.due(); len(due) > 0 {
			if err := b.publishJobs(ctx, due); err != nil {
				return err
			}
		}
		b.progress(b.rec.done(), b.sched.expected(b.rec))
		return nil
	}
	if err := catchUp(); err != nil {
		return nil, err
	}
	var auditAnswers <-chan auditDone
	if b.audit != nil {
		auditAnswers = b.audit.done
	}
	recheck := time.NewTicker(c.cfg.RecheckInterval)
	defer recheck.Stop()
	settle := time.NewTicker(settleEvery)
	defer settle.Stop()
	room := time.NewTicker(roomEvery)
	defer room.Stop()
	saveTime := time.NewTicker(elapsedEvery)
	defer saveTime.Stop()
	var deadline <-chan time.Time // nil: none, or passed
	if !b.hooks.Deadline.IsZero() && b.hooks.Stop != nil {
		t := time.NewTimer(time.Until(b.hooks.Deadline))
		defer t.Stop()
		deadline = t.C
	}
	var saveQuiet time.Time // a save failed: none again before then
	// Records read and not yet judged (a surplus game's, whose worker has
	// not acknowledged its job yet) are waited for, a moment, so that
	// every record the run took in is counted, surplus, a duplicate or
	// refused.
	for !b.sched.finished() || b.audit.busy() || b.rec.judging() {
		select {
		case d := <-auditAnswers:
			if err := b.audited(ctx, d); err != nil {
				return nil, err
			}
			if err := catchUp(); err != nil {
				return nil, err
			}
		case in := <-b.incoming:
			if in.gen != b.generation {
				continue // from a consumer of a stream that is gone
			}
			job := b.absorb(ctx, in.msg)
			if caughtUp && job != "" {
				b.judgeFresh(ctx, job)
			}
			if err := catchUp(); err != nil {
				return nil, err
			}
		case <-deadline:
			deadline = nil
			b.pastDeadline = true
			b.log.Info().Msg("deadline: the open pairings stop where they stand")
			if err := catchUp(); err != nil {
				return nil, err
			}
		case <-settle.C:
			if !caughtUp {
				if b.unreadableFound(ctx) {
					if err := catchUp(); err != nil {
						return nil, err
					}
				}
				continue
			}
			if err := b.requeueRefused(ctx); err != nil {
				return nil, err
			}
			if err := b.onlyQuarantined(); err != nil {
				b.saveElapsed(ctx)
				return nil, err
			}
			n := 0
			for job, jr := range b.rec.per {
				if len(jr.pending) > 0 && n < maxSettlePerTick {
					b.judgeFresh(ctx, job)
					n++
				}
			}
			if n > 0 {
				if err := catchUp(); err != nil {
					return nil, err
				}
			}
		case <-room.C:
			if caughtUp && !b.complete {
				if err := b.checkRoom(ctx); err != nil {
					b.saveElapsed(ctx)
					return nil, err
				}
			}
		case <-saveTime.C:
			if !b.complete && time.Now().After(saveQuiet) {
				if err := b.storeElapsed(ctx, elapsedEvery/2); err != nil {
					// The server is slow or away: the loop does not wait
					// on it every second; the heartbeat still saves.
					saveQuiet = time.Now().Add(c.cfg.RecheckInterval)
				}
			}
		case <-recheck.C:
			err := b.beat(ctx)
			if err == nil {
				var total int
				if total, err = b.fillGaps(ctx); err == nil {
					b.checkReader(ctx, total)
				}
			}
			if err != nil && !errors.Is(err, ErrCancelled) && !vanished(err) {
				// A bucket whose stream is gone answers with no responders
				// or a timeout; ask for the streams themselves.
				if gone := c.assetsGone(ctx); gone != nil {
					err = gone
				}
			}
			switch {
			case errors.Is(err, ErrCancelled):
				return nil, b.cancelled(ctx)
			case vanished(err):
				if err := b.recover(ctx, err); err != nil {
					b.log.Warn().Err(err).Msg("recreating the farm's streams")
				}
			case err != nil:
				b.log.Warn().Err(err).Msg("looking for lost jobs")
			}
			if err := catchUp(); err != nil {
				return nil, err
			}
		case e, ok := <-watcher.Updates():
			if !ok {
				watcher = b.rewatch(ctx)
				continue
			}
			if e == nil || e.Operation() != jetstream.KeyValuePut {
				continue
			}
			var st BatchState
			if json.Unmarshal(e.Value(), &st) == nil && st.State == StateCancelled {
				return nil, b.cancelled(ctx)
			}
		case <-ctx.Done():
			b.saveElapsed(ctx)
			return nil, ctx.Err()
		}
	}

	out := &Outcome{BatchID: b.id, Plan: b.plan, Duplicates: b.rec.duplicates, Rejected: b.rec.rejected,
		Elapsed: b.elapsed(), Resumed: resumed}
	b.sched.outcome(out, b.rec)
	b.audit.summarise(out)
	if !b.complete {
		if err := b.finish(ctx, out); err != nil {
			if errors.Is(err, ErrCancelled) {
				return nil, b.cancelled(ctx)
			}
			b.log.Warn().Err(err).Msg("batch complete but its state was not saved")
		}
		c.metrics.BatchesDone.Inc()
	}
	b.log.Info().Int("results", len(out.Results)).Int("dead_letters", len(out.DeadLetters)).
		Int("surplus", len(out.Surplus)).Int("withdrawn", len(b.withdrawn)).Int("duplicates", out.Duplicates).Int("rejected", out.Rejected).
		Func(func(e *zerolog.Event) {
			if a := out.Audit; a != nil {
				e.Int("audited", a.Audited).Float64("audit_seconds", a.Seconds).Float64("game_seconds", a.GameSeconds).
					Int("quarantined", len(a.Quarantined))
			}
		}).Msg("batch complete")
	return out, nil
}

// settleAll moves every pairing's complete prefix on and asks the stop
// rule, logging the pairings that stop.
func (b *batchRun) settleAll() {
	for _, p := range b.sched.pairings {
		if b.sched.settle(p, b.rec) {
			msg := "pairing stopped early"
			if p.stopAt == p.pairs() {
				msg = "pairing reached its cap"
			}
			b.log.Info().Str("p0", p.players[0]).Str("p1", p.players[1]).Int("pairs", p.stopAt).
				Str("reason", p.reason).Msg(msg)
		}
	}
}

// withdraw takes out of the queue the jobs of stopped pairings beyond
// their stopping point that have no record, so that no worker starts
// them; a worker playing one sees its job leave the queue and stops the
// game (Worker.stopWithdrawn). A record that still comes for one is
// surplus, as before. Jobs withdrawn earlier whose pairing is open again
// (an audit discarded a game the stop was decided on) are queued again.
func (b *batchRun) withdraw(ctx context.Context) error {
	if b.complete {
		return nil
	}
	var back []protocol.Job
	for id := range b.withdrawn {
		j := b.rec.jobs[id]
		if b.sched.surplus(j) {
			continue
		}
		delete(b.withdrawn, id)
		if !b.rec.has(id) {
			back = append(back, j)
		}
	}
	failed := 0
	var lastErr error
	// Latest first: a worker whose game is withdrawn takes the next job
	// in the queue, which must not be one about to go.
	gone := b.sched.withdrawable(b.rec)
	slices.Reverse(gone)
	for _, j := range gone {
		if b.withdrawn[j.JobID] {
			continue
		}
		// Tried once: a job left in the queue is played and ends as
		// surplus, and the batch's end purges it anyway.
		b.withdrawn[j.JobID] = true
		pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := b.c.Assets().Jobs.Purge(pctx, jetstream.WithPurgeSubject(protocol.JobSubject(b.id, j.JobID)))
		cancel()
		if err != nil {
			failed, lastErr = failed+1, err
			continue
		}
		b.c.metrics.JobsWithdrawn.WithLabelValues(j.Ruleset).Inc()
	}
	if failed > 0 {
		b.log.Warn().Err(lastErr).Int("jobs", failed).Msg("jobs beyond a pairing's stopping point not withdrawn; they are played as surplus")
	}
	if len(back) == 0 {
		return nil
	}
	slices.SortFunc(back, func(x, y protocol.Job) int { return cmp.Compare(x.Game, y.Game) })
	b.log.Info().Int("jobs", len(back)).Msg("pairing open again: its withdrawn jobs are queued again")
	return b.publishJobs(ctx, back)
}

// checkReader starts the records reader again when the stream holds
// records of the batch it has not read and it read none for a whole
// recheck interval: an ordered consumer whose server was killed does not
// always come back by itself. It goes on after the last record read.
func (b *batchRun) checkReader(ctx context.Context, total int) {
	read := b.rec.seen()
	stalled := total > read && read == b.readAtRecheck
	b.readAtRecheck = read
	if !stalled {
		return
	}
	b.log.Warn().Int("read", read).Int("stored", total).Uint64("after_seq", b.lastSeq).
		Msg("the records reader stalled (its server went away?): reading again after the last record read")
	b.stopConsumer()
	if err := retry(ctx, b.startConsumer); err != nil {
		b.log.Warn().Err(err).Msg("starting the records reader again")
	}
}

// rewatch watches the batch's state again after the watcher stopped (its
// bucket was lost and made again).
func (b *batchRun) rewatch(ctx context.Context) jetstream.KeyWatcher {
	for ctx.Err() == nil {
		w, err := b.c.Assets().Batches.Watch(ctx, b.id, jetstream.UpdatesOnly())
		if err == nil {
			return w
		}
		sleep(ctx, time.Second)
	}
	return idleWatcher{}
}

// idleWatcher never reports; for a run that is stopping.
type idleWatcher struct{}

func (idleWatcher) Updates() <-chan jetstream.KeyValueEntry { return nil }
func (idleWatcher) Stop() error                             { return nil }

// vanished reports an error that means the server no longer has the
// farm's streams or buckets.
func vanished(err error) bool {
	return errors.Is(err, jetstream.ErrStreamNotFound) || errors.Is(err, jetstream.ErrBucketNotFound) ||
		errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrConsumerNotFound)
}

// open records a new batch, or takes over an existing one.
func (b *batchRun) open(ctx context.Context) (BatchState, error) {
	kv := b.c.Assets().Batches
	now := time.Now().UTC()
	created := now
	if !b.hooks.Created.IsZero() {
		created = b.hooks.Created.UTC()
	}
	state := BatchState{Plan: b.plan, State: StateRunning, Created: created, Owner: b.c.cfg.Owner, File: b.hooks.File,
		Account: b.hooks.Account, Heartbeat: now, HeartbeatEvery: b.c.cfg.RecheckInterval}
	for {
		_, err := kv.Create(ctx, b.id, protocol.Marshal(state))
		if err == nil {
			return state, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return state, err
		}
		entry, err := kv.Get(ctx, b.id)
		if err != nil {
			return state, err
		}
		var old BatchState
		if err := json.Unmarshal(entry.Value(), &old); err != nil {
			return state, permanent{fmt.Errorf("batch %s: stored state unreadable: %w", b.id, err)}
		}
		switch old.State {
		case StateCancelled:
			return old, permanent{fmt.Errorf("%w: %s", ErrCancelled, old.Reason)}
		case StateComplete:
			return old, nil
		}
		old.State, old.Owner, old.Heartbeat, old.HeartbeatEvery, old.Reason = StateRunning, b.c.cfg.Owner, now, b.c.cfg.RecheckInterval, ""
		if old.File == "" || checkFileName(old.File) != nil {
			old.File = b.hooks.File
		}
		if old.Account == "" {
			old.Account = b.hooks.Account
		}
		if _, err := kv.Update(ctx, b.id, protocol.Marshal(old), entry.Revision()); err != nil {
			if isWrongSequence(err) {
				continue
			}
			return old, err
		}
		return old, nil
	}
}

// beat renews the batch's heartbeat, and notices a cancellation.
func (b *batchRun) beat(ctx context.Context) error {
	if b.complete {
		return nil
	}
	kv := b.c.Assets().Batches
	entry, err := kv.Get(ctx, b.id)
	if err != nil {
		return err
	}
	var st BatchState
	if err := json.Unmarshal(entry.Value(), &st); err != nil {
		return err
	}
	switch st.State {
	case StateCancelled:
		return ErrCancelled
	case StateAbandoned:
		// Another coordinator gave this run up for dead (a long stall):
		// take the batch back; its jobs were removed and are queued again.
		b.log.Warn().Msg("batch had been abandoned by another coordinator; taking it back")
		if _, err := b.c.Assets().BatchConsumer(ctx, b.id); err != nil {
			return err
		}
	}
	st.State, st.Heartbeat, st.HeartbeatEvery, st.Elapsed = StateRunning, time.Now().UTC(), b.c.cfg.RecheckInterval, b.elapsed()
	_, err = kv.Update(ctx, b.id, protocol.Marshal(st), entry.Revision())
	if isWrongSequence(err) {
		return nil // changed meanwhile; the watcher says how
	}
	return err
}

// elapsed is the batch's running time over every session so far; a batch
// that was complete when opened keeps the time it was measured in.
func (b *batchRun) elapsed() time.Duration {
	if b.complete {
		return b.priorElapsed
	}
	return b.priorElapsed + time.Since(b.sessionStart)
}

// saveElapsed records the running time of an interrupted session, so the
// run that resumes the batch reports the whole time. Best effort: the
// last save's figure stands when this fails.
func (b *batchRun) saveElapsed(ctx context.Context) {
	b.storeElapsed(ctx, 2*time.Second)
}

// storeElapsed saves the batch's running time so far in its state, within
// timeout, unless the batch is no longer running. A state changed
// meanwhile is left as it is.
func (b *batchRun) storeElapsed(ctx context.Context, timeout time.Duration) error {
	if b.complete {
		return nil
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer cancel()
	kv := b.c.Assets().Batches
	entry, err := kv.Get(sctx, b.id)
	if err != nil {
		return err
	}
	var st BatchState
	if json.Unmarshal(entry.Value(), &st) != nil || st.State != StateRunning {
		return nil
	}
	st.Elapsed = b.elapsed()
	_, err = kv.Update(sctx, b.id, protocol.Marshal(st), entry.Revision())
	if isWrongSequence(err) {
		return nil
	}
	return err
}

// finish saves the batch as complete and removes its consumer.
func (b *batchRun) finish(ctx context.Context, out *Outcome) error {
	c := b.c
	return retry(ctx, func(ctx context.Context) error {
		kv := c.Assets().Batches
		entry, err := kv.Get(ctx, b.id)
		if err != nil {
			return err
		}
		var st BatchState
		if err := json.Unmarshal(entry.Value(), &st); err != nil {
			return permanent{err}
		}
		if st.State == StateCancelled {
			return permanent{ErrCancelled}
		}
		st.State, st.Finished, st.Elapsed = StateComplete, time.Now().UTC(), b.elapsed()
		st.Results, st.DeadLetters = len(out.Results), len(out.DeadLetters)
		if _, err := kv.Update(ctx, b.id, protocol.Marshal(st), entry.Revision()); err != nil {
			return err
		}
		return c.removeJobs(ctx, b.id)
	})
}

// cancelled cleans up after a cancellation seen by this run: the jobs it
// may have queued meanwhile go too.
func (b *batchRun) cancelled(ctx context.Context) error {
	b.stopConsumer()
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := b.c.removeJobs(cctx, b.id); err != nil {
		b.log.Warn().Err(err).Msg("cancelled batch's jobs not removed")
	}
	b.c.metrics.BatchesCancelled.Inc()
	b.log.Info().Msg("batch cancelled")
	return ErrCancelled
}

// startConsumer reads the batch's records from the start of the stream.
func (b *batchRun) startConsumer(ctx context.Context) error {
	b.generation++
	gen := b.generation
	cctx, cancel := context.WithCancel(context.Background())
	occ := jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{protocol.BatchResultsFilter(b.id), protocol.BatchCredentialResultsFilter(b.id),
			protocol.BatchDeadFilter(b.id), protocol.BatchVerdictsFilter(b.id)},
	}
	if b.lastSeq > 0 {
		occ.DeliverPolicy, occ.OptStartSeq = jetstream.DeliverByStartSequencePolicy, b.lastSeq+1
	}
	cons, err := b.c.Assets().Results.OrderedConsumer(ctx, occ)
	if err != nil {
		cancel()
		return err
	}
	cc, err := cons.Consume(func(m jetstream.Msg) {
		select {
		case b.incoming <- incomingMsg{gen, m}:
		case <-cctx.Done():
		}
	}, jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
		b.log.Debug().Err(err).Msg("records consumer")
	}),
		// Short heartbeats so that losing the server this consumer lives
		// on is noticed (and the consumer re-created) within seconds.
		jetstream.PullExpiry(10*time.Second), jetstream.PullHeartbeat(2*time.Second))
	if err != nil {
		cancel()
		return err
	}
	b.consumer, b.stopConsuming = cc, cancel
	return nil
}

func (b *batchRun) stopConsumer() {
	if b.consumer != nil {
		b.stopConsuming()
		b.consumer.Stop()
		b.consumer = nil
	}
}

// recover makes the farm's assets again after the server lost them, and
// puts back what this batch needs: its rule file, its state, its consumer
// and a records consumer on the new stream. Records counted before stay
// counted; everything else is queued again by the next fillGaps.
func (b *batchRun) recover(ctx context.Context, why error) error {
	c := b.c
	if err := c.recreate(ctx, why); err != nil {
		return err
	}
	if err := c.storeRuleFile(ctx, b.plan.RulesetHash, b.ruleFile); err != nil {
		return err
	}
	if _, err := b.open(ctx); err != nil {
		return err
	}
	if _, err := c.Assets().BatchConsumer(ctx, b.id); err != nil {
		return err
	}
	b.stopConsumer()
	for _, jr := range b.rec.per {
		jr.consumed, jr.unreadable, jr.pending = 0, 0, nil
	}
	b.rec.consumed, b.rec.unreadable, b.lastSeq, b.readAtRecheck = 0, 0, 0, 0
	if err := b.startConsumer(ctx); err != nil {
		return err
	}
	n, err := b.fillGaps(ctx)
	b.log.Error().Int("counted", b.rec.done()).Int("records_left", n).Msg("batch recovered on the recreated streams; jobs without a counted record queued again")
	return err
}

// absorb reads one record message: a refused record is counted and
// dropped, a sound one waits for judgment. It returns the record's job,
// or "" when there is nothing to judge.
func (b *batchRun) absorb(ctx context.Context, m jetstream.Msg) string {
	rec := b.rec
	rec.consumed++
	b.lastRead = time.Now()
	kind, batch, jobID, credential, ok := protocol.SplitRecordSubject(m.Subject())
	job, known := rec.jobs[jobID]
	if !ok || batch != b.id || !known {
		b.reject("", "", rejectUnknownJob, "record for no job of this batch: "+m.Subject())
		return ""
	}
	jr := rec.of(jobID)
	jr.consumed++
	var seq uint64
	if meta, err := m.Metadata(); err == nil {
		seq = meta.Sequence.Stream
		b.lastSeq = max(b.lastSeq, seq)
	}
	switch kind {
	case protocol.KindVerdicts:
		var v protocol.Verdict
		if err := json.Unmarshal(m.Data(), &v); err != nil || v.JobID != jobID || v.Ruling != protocol.VerdictContested ||
			!protocol.CheckSeal(b.key, v.Seal, protocol.KindVerdicts, b.id, jobID, v.Lease, v.Ruling) {
			b.reject(jobID, job.Ruleset, rejectSeal, "verdict without a valid seal")
			return ""
		}
		nonce := protocol.LeaseNonce(v.Lease)
		jr.contested[nonce] = true
		keep := jr.pending[:0]
		for _, cand := range jr.pending {
			if protocol.LeaseNonce(cand.lease) == nonce {
				b.reject(jobID, job.Ruleset, rejectContested, "")
				continue
			}
			keep = append(keep, cand)
		}
		jr.pending = keep
		return jobID
	case protocol.KindResults:
		var r protocol.Result
		if err := json.Unmarshal(m.Data(), &r); err != nil {
			b.reject(jobID, job.Ruleset, rejectUnreadable, err.Error())
			return ""
		}
		if !protocol.CheckLease(b.key, b.id, jobID, r.Lease) {
			b.reject(jobID, job.Ruleset, rejectLease, "result without a lease of its job")
			return ""
		}
		leased := job
		leased.Lease = r.Lease
		if err := r.CheckFor(leased); err != nil {
			b.reject(jobID, job.Ruleset, rejectRecord, err.Error())
			return ""
		}
		cand := candidate{seq: seq, lease: r.Lease, result: &r, credential: credential}
		if b.audit.refused(cand) {
			b.bannedSince++
			b.reject(jobID, job.Ruleset, rejectQuarantined, publisherOf(cand).String()+" is quarantined")
			b.uncountPublication(jobID)
			b.void(ctx, jobID, r.Lease)
			b.audit.requeue[jobID] = true
			return ""
		}
		if b.hooks.Verify != nil {
			if err := b.hooks.Verify(r); err != nil {
				b.reject(jobID, job.Ruleset, rejectVerify, err.Error())
				return ""
			}
		}
		jr.pending = append(jr.pending, cand)
		b.lastSound, b.bannedSince = time.Now(), 0
	case protocol.KindDead:
		var d protocol.DeadLetter
		if err := json.Unmarshal(m.Data(), &d); err != nil {
			b.reject(jobID, job.Ruleset, rejectUnreadable, err.Error())
			return ""
		}
		lease := d.Job.Lease
		sealed := d.Source != protocol.SourceWorker
		if sealed {
			if !protocol.CheckSeal(b.key, d.Seal, protocol.KindDead, b.id, jobID, lease, d.Source) {
				b.reject(jobID, job.Ruleset, rejectSeal, "coordinator's dead letter without a valid seal")
				return ""
			}
		} else if !protocol.CheckLease(b.key, b.id, jobID, lease) {
			b.reject(jobID, job.Ruleset, rejectLease, "dead letter without a lease of its job")
			return ""
		}
		leased := job
		leased.Lease = lease
		if err := d.CheckFor(leased); err != nil {
			b.reject(jobID, job.Ruleset, rejectRecord, err.Error())
			return ""
		}
		jr.pending = append(jr.pending, candidate{seq: seq, lease: lease, dead: &d, sealed: sealed})
	default:
		b.reject(jobID, job.Ruleset, rejectUnknownJob, "record of unknown kind "+kind)
		return ""
	}
	if jr.contested[protocol.LeaseNonce(jr.pending[len(jr.pending)-1].lease)] {
		jr.pending = jr.pending[:len(jr.pending)-1]
		b.reject(jobID, job.Ruleset, rejectContested, "")
		return ""
	}
	return jobID
}

// reject counts a refused record and logs it (the first few of a batch,
// then one in a hundred, so a flood cannot flood the log).
func (b *batchRun) reject(jobID, ruleset, reason, detail string) {
	b.rec.rejected++
	if jobID != "" && detail != "" {
		b.refusal[jobID] = reason + ": " + detail
	}
	b.c.metrics.RecordsRejected.WithLabelValues(ruleset, reason).Inc()
	if reason == rejectContested && detail == "" {
		return // logged with the verdict
	}
	b.logged++
	if b.logged <= 20 || b.logged%100 == 0 {
		b.log.Warn().Str("job", jobID).Str("reason", reason).Str("detail", detail).Int("refused", b.rec.rejected).
			Msg("record refused; it does not count")
	}
}

// judgeFresh asks the server where a job with waiting records stands:
// first whether a publication of it is queued, then how many records it
// has. A worker stores its record before it acknowledges the job, so once
// a publication is seen gone, every record answering it is counted in the
// second answer.
func (b *batchRun) judgeFresh(ctx context.Context, jobID string) {
	if len(b.rec.of(jobID).pending) == 0 || time.Now().Before(b.quietUntil) {
		return
	}
	qctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	lease, queued, err := b.queuedLease(qctx, jobID)
	if err == nil {
		var counts, underCredentials map[string]int
		if counts, err = subjectCounts(qctx, b.c.Assets().Results, protocol.JobRecordsFilter(b.id, jobID)); err == nil {
			if underCredentials, err = subjectCounts(qctx, b.c.Assets().Results, protocol.JobCredentialResultsFilter(b.id, jobID)); err == nil {
				b.decide(ctx, jobID, queued, protocol.LeaseNonce(lease), counts[jobID]+underCredentials[jobID])
				return
			}
		}
	}
	b.quietUntil = time.Now().Add(time.Second)
	b.log.Debug().Err(err).Str("job", jobID).Msg("waiting records not looked up; trying again in a second")
}

// queuedLease is the lease of the job's publication waiting in the queue,
// if one is.
func (b *batchRun) queuedLease(ctx context.Context, jobID string) (string, bool, error) {
	raw, err := b.c.Assets().Jobs.GetLastMsgForSubject(ctx, protocol.JobSubject(b.id, jobID))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	var j protocol.Job
	if err := json.Unmarshal(raw.Data, &j); err != nil {
		return "", true, nil
	}
	return j.Lease, true, nil
}

// decide judges a job's waiting records given whether a publication with
// nonce queuedNonce is queued and how many records the stream holds for
// the job. Records of a queued publication wait on; so do all of them
// while the stream holds records this run has not read.
func (b *batchRun) decide(ctx context.Context, jobID string, queued bool, queuedNonce string, count int) {
	rec := b.rec
	jr := rec.of(jobID)
	if len(jr.pending) == 0 || count > jr.seen() {
		return
	}
	var order []string
	groups := map[string][]candidate{}
	for _, cand := range jr.pending {
		n := protocol.LeaseNonce(cand.lease)
		if _, ok := groups[n]; !ok {
			order = append(order, n)
		}
		groups[n] = append(groups[n], cand)
	}
	var keep []candidate
	for _, n := range order {
		g := groups[n]
		switch {
		case rec.has(jobID):
			b.duplicate(jobID, len(g))
		case queued && n == queuedNonce:
			keep = append(keep, g...)
		case jr.contested[n]:
			for range g {
				b.reject(jobID, rec.jobs[jobID].Ruleset, rejectContested, "")
			}
		default:
			var fromWorkers, sealed []candidate
			for _, cand := range g {
				if cand.sealed {
					sealed = append(sealed, cand)
				} else {
					fromWorkers = append(fromWorkers, cand)
				}
			}
			if len(fromWorkers) >= 2 && !b.complete {
				b.contest(ctx, jobID, g[0].lease, len(fromWorkers))
				if len(sealed) > 0 {
					b.auditOrAccept(jobID, sealed[0])
					b.duplicate(jobID, len(sealed)-1)
				}
				continue
			}
			b.auditOrAccept(jobID, g[0])
			b.duplicate(jobID, len(g)-1)
		}
	}
	jr.pending = keep
}

func (b *batchRun) duplicate(jobID string, n int) {
	if n <= 0 {
		return
	}
	b.rec.duplicates += n
	b.c.metrics.DuplicateRecords.WithLabelValues(b.rec.jobs[jobID].Ruleset).Add(float64(n))
}

// contest rules a publication with several answers void, in the stream
// (so that every later run rules the same) and here.
func (b *batchRun) contest(ctx context.Context, jobID, lease string, n int) {
	jr := b.rec.of(jobID)
	jr.contested[protocol.LeaseNonce(lease)] = true
	ruleset := b.rec.jobs[jobID].Ruleset
	for range n {
		b.reject(jobID, ruleset, rejectContested, "")
	}
	v := protocol.Verdict{V: protocol.Version, JobID: jobID, Lease: lease, Ruling: protocol.VerdictContested, Records: n}
	v.Seal = protocol.Seal(b.key, protocol.KindVerdicts, b.id, jobID, lease, v.Ruling)
	b.refusal[jobID] = fmt.Sprintf("%s: %d records answered one publication", rejectContested, n)
	b.log.Warn().Str("job", jobID).Int("records", n).
		Msg("publication answered by more than one record (a job answered and handed back, or a delivery read by another client): none counts; the job is queued again")
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	// This run's own ruling stands whether or not the verdict is stored;
	// the verdict keeps a later run from taking one of the records.
	if _, err := b.c.Assets().JS.Publish(pctx, protocol.VerdictSubject(b.id, jobID), protocol.Marshal(v),
		jetstream.WithMsgID(protocol.VerdictMsgID(jobID, lease))); err != nil {
		b.log.Warn().Err(err).Str("job", jobID).Msg("verdict not stored")
	}
}

// accept counts a job's record.
func (b *batchRun) accept(jobID string, cand candidate) {
	rec := b.rec
	if cand.result != nil {
		rec.results[jobID] = *cand.result
		b.c.metrics.observeResult(*cand.result)
		if b.audit != nil {
			from := publisherOf(cand)
			b.audit.owners[jobID] = from
			b.audit.score(from, *cand.result, 1)
		}
	} else {
		d := *cand.dead
		rec.dead[jobID] = d
		b.c.metrics.DeadLettered.WithLabelValues(d.Job.Ruleset, d.Source).Inc()
		b.log.Error().Str("job", jobID).Uint64("seed", d.Job.Seed).Str("p0", d.Job.P0).Str("p1", d.Job.P1).
			Int("attempts", d.Attempts).Str("error", d.Error).Str("source", d.Source).Msg("engine failure")
	}
	b.accepted = append(b.accepted, jobID)
}

// pass hands the records counted since the last pass to the hooks and the
// schedule.
func (b *batchRun) pass() {
	for _, jobID := range b.accepted {
		if !b.rec.has(jobID) {
			continue // discarded with a quarantined worker
		}
		if b.hooks.Record != nil {
			if r, played := b.rec.results[jobID]; played {
				b.hooks.Record(&r, nil)
			} else {
				d := b.rec.dead[jobID]
				b.hooks.Record(nil, &d)
			}
		}
		b.sched.cover(b.rec.jobs[jobID])
	}
	b.accepted = b.accepted[:0]
}

// uncountPublication takes back a publication answered by a quarantined
// worker id, so that such a worker, pulling the job again and again,
// cannot turn it into a dead letter (maxPublications): it only delays it.
func (b *batchRun) uncountPublication(jobID string) {
	if b.pubs[jobID] > 0 {
		b.pubs[jobID]--
	}
}

// maxPublications is how often one run publishes a job before it gives
// up on it: every publication was lost or answered by records that did
// not count.
func (b *batchRun) maxPublications() int {
	return max(4, 2*b.c.Assets().Settings.MaxDeliver)
}

// fillGaps judges the waiting records of jobs whose publication is gone
// and publishes every published job (below the schedule's frontiers) that
// is neither queued, nor counted, nor waiting on records: a job lost with
// a server, acknowledged unplayed, purged, or whose records were refused.
// Jobs found queued or recorded move the frontiers past them. The jobs
// stream is read first: a worker stores a job's record before it
// acknowledges the job, so a job that leaves the queue after that read has
// its record counted in the second. It returns how many record messages
// the stream holds for the batch.
func (b *batchRun) fillGaps(ctx context.Context) (int, error) {
	a := b.c.Assets()
	var queued, counts map[string]int
	err := retry(ctx, func(ctx context.Context) error {
		var err error
		if queued, err = subjectCounts(ctx, a.Jobs, protocol.BatchJobsFilter(b.id)); err != nil {
			if vanished(err) {
				return permanent{err}
			}
			return err
		}
		counts, err = subjectCounts(ctx, a.Results, protocol.BatchRecordsFilter(b.id))
		if vanished(err) {
			return permanent{err}
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("reading batch %s from the streams: %w", b.id, err)
	}
	total := 0
	for _, n := range counts {
		total += n
	}
	b.counts, b.stored = counts, total
	for jobID, jr := range b.rec.per {
		// A job still queued in the snapshot is left to judgeFresh, which
		// asks in the safe order; this one read the counts after the queue.
		if len(jr.pending) == 0 || jr.seen() < counts[jobID] || queued[jobID] > 0 {
			continue
		}
		b.decide(ctx, jobID, false, "", counts[jobID])
	}
	for jobID, j := range b.rec.jobs {
		if counts[jobID] > 0 || queued[jobID] > 0 {
			b.sched.cover(j)
		}
	}
	if !b.settled {
		return total, nil
	}
	var missing []protocol.Job
	for _, j := range b.sched.published() {
		jr := b.rec.per[j.JobID]
		switch {
		case queued[j.JobID] > 0 || b.rec.has(j.JobID):
		case b.sched.surplus(j):
			// Beyond its pairing's stopping point: not needed.
		case b.audit != nil && b.audit.holds(j.JobID):
			// Waiting for its audit.
		case jr != nil && (len(jr.pending) > 0 || jr.seen() < counts[j.JobID]):
			// Records not yet read or judged.
		case counts[j.JobID] > 0 && jr == nil:
			// Records not yet read.
		case b.pubs[j.JobID] >= b.maxPublications():
			b.giveUp(ctx, j)
		default:
			missing = append(missing, j)
		}
	}
	if len(missing) == 0 {
		return total, nil
	}
	if b.rec.consumed > 0 || len(missing) < len(b.sched.published()) {
		b.log.Info().Int("jobs", len(missing)).Int("queued", len(queued)).Int("recorded", len(counts)).
			Msg("queueing jobs neither queued nor recorded (lost, acknowledged unplayed, purged, or refused)")
	}
	return total, b.publishJobs(ctx, missing)
}

// giveUp records a job that was published maxPublications times without
// a record that counted as an engine failure, under the coordinator's
// seal, so that a batch whose records keep being refused still ends.
func (b *batchRun) giveUp(ctx context.Context, j protocol.Job) {
	j.Lease = b.leases[j.JobID]
	why := b.refusal[j.JobID]
	if why == "" {
		why = "every publication was lost from the queue"
	}
	dl := protocol.DeadLetter{V: protocol.Version, Job: j, Attempts: b.pubs[j.JobID],
		Error:  fmt.Sprintf("no record that counts after %d publications; last refusal: %s", b.pubs[j.JobID], why),
		Source: protocol.SourceCoordinator, At: time.Now().UTC()}
	dl.Seal = protocol.Seal(b.key, protocol.KindDead, b.id, j.JobID, j.Lease, dl.Source)
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := b.c.Assets().JS.Publish(pctx, protocol.DeadSubject(b.id, j.JobID), protocol.Marshal(dl),
		jetstream.WithMsgID(protocol.DeadMsgID(j.JobID, j.Lease))); err != nil {
		b.log.Warn().Err(err).Str("job", j.JobID).Msg("dead letter not stored")
	}
}

// subjectCounts asks the server how many messages each job has under
// filter.
func subjectCounts(ctx context.Context, s jetstream.Stream, filter string) (map[string]int, error) {
	info, err := s.Info(ctx, jetstream.WithSubjectFilter(filter))
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(info.State.Subjects))
	for subj, n := range info.State.Subjects {
		if _, _, job, _, ok := protocol.SplitRecordSubject(subj); ok {
			out[job] += int(n)
		}
	}
	return out, nil
}

// publishJobs queues a new publication of each job, under a fresh lease
// and message id, asynchronously, retrying the ones the server did not
// acknowledge (under the same id). A job the server refuses because a
// publication of it is queued already is left to that one.
func (b *batchRun) publishJobs(ctx context.Context, jobs []protocol.Job) error {
	if b.complete && len(jobs) > 0 {
		if err := b.reopen(ctx, len(jobs)); err != nil {
			return err
		}
	}
	wait := 200 * time.Millisecond
	for i := range jobs {
		jobs[i].Lease = protocol.MakeLease(b.key, b.id, jobs[i].JobID)
		b.pubs[jobs[i].JobID]++
		b.leases[jobs[i].JobID] = jobs[i].Lease
	}
	for len(jobs) > 0 {
		js := b.c.Assets().JS
		type pending struct {
			job protocol.Job
			ack jetstream.PubAckFuture
		}
		var inflight []pending
		var failed []protocol.Job
		for _, j := range jobs {
			msg := &nats.Msg{Subject: protocol.JobSubject(j.BatchID, j.JobID), Data: protocol.Marshal(j), Header: nats.Header{}}
			msg.Header.Set(jetstream.MsgIDHeader, protocol.JobMsgID(j.JobID, j.Lease))
			f, err := js.PublishMsgAsync(msg)
			if err != nil {
				failed = append(failed, j)
				continue
			}
			inflight = append(inflight, pending{j, f})
		}
		var lastErr error
		// An acknowledgement lost with a stream leader never comes: give up
		// on it after a while and publish again under the same id.
		timeout := time.NewTimer(10 * time.Second)
		for _, p := range inflight {
			select {
			case <-p.ack.Ok():
				b.c.metrics.JobsPublished.WithLabelValues(p.job.Ruleset).Inc()
			case err := <-p.ack.Err():
				if alreadyQueued(err) {
					continue
				}
				lastErr = err
				failed = append(failed, p.job)
			case <-timeout.C:
				lastErr = errors.New("no acknowledgement within 10s")
				failed = append(failed, p.job)
				timeout.Reset(0)
			case <-ctx.Done():
				timeout.Stop()
				return ctx.Err()
			}
		}
		timeout.Stop()
		if noRoom(lastErr) {
			return fmt.Errorf("the jobs queue is full (its limit is -jobs-max-bytes): %d jobs not queued: %w", len(failed), lastErr)
		}
		if len(failed) > 0 {
			if err := b.checkDisk(); err != nil {
				return err
			}
			b.log.Warn().Err(lastErr).Int("jobs", len(failed)).Msg("jobs not acknowledged by the server; retrying")
			if !sleep(ctx, wait) {
				return ctx.Err()
			}
			wait = min(2*wait, 5*time.Second)
		}
		jobs = failed
	}
	return nil
}

// alreadyQueued reports the server's refusal of a second message on a job
// subject (the jobs stream keeps one per subject).
func alreadyQueued(err error) bool {
	return err != nil && strings.Contains(err.Error(), "maximum messages per subject exceeded")
}
