package farm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// WorkerConfig says how a worker plays.
type WorkerConfig struct {
	// ID names the worker in results and logs.
	ID string
	// Credential is the name its NATS user may publish results under
	// (CredsIdentity.Credential): results go to the job's subject under
	// that name, which tells the coordinator which credential answers for
	// them. Empty, they go to the job's own result subject, as on a farm
	// without credentials.
	Credential string
	// Concurrency is how many games it plays at once.
	Concurrency int
	Runner      GameRunner
	// MaxNodes and MaxWall cap every game whatever the job asks; a hostile
	// rule file cannot make a game run longer than this.
	MaxNodes int64
	MaxWall  time.Duration
	// DrainTimeout is how long a stopping worker lets its games finish
	// before it cancels them and hands the jobs back.
	DrainTimeout time.Duration
	// FetchWait is how long one pull request waits for a job.
	FetchWait time.Duration
	// AbandonAfter is how long a cancelled game may take to return before
	// the worker gives up on it (a runner that ignores its context).
	AbandonAfter time.Duration
	// NakDelay is how long a failed job waits before its next delivery.
	NakDelay time.Duration
	// PublishTimeout bounds retries of a record's publication.
	PublishTimeout time.Duration
	Log            zerolog.Logger
	Metrics        *WorkerMetrics
}

func (c WorkerConfig) withDefaults() WorkerConfig {
	if c.ID == "" {
		c.ID = "worker"
	}
	if c.Concurrency <= 0 {
		c.Concurrency = 1
	}
	if c.MaxWall <= 0 {
		c.MaxWall = 10 * time.Minute
	}
	if c.DrainTimeout <= 0 {
		c.DrainTimeout = 30 * time.Second
	}
	if c.FetchWait <= 0 {
		c.FetchWait = 5 * time.Second
	}
	if c.AbandonAfter <= 0 {
		c.AbandonAfter = 5 * time.Second
	}
	if c.NakDelay <= 0 {
		c.NakDelay = time.Second
	}
	if c.PublishTimeout <= 0 {
		c.PublishTimeout = 2 * time.Minute
	}
	if c.Metrics == nil {
		c.Metrics = NewWorkerMetrics(nil)
	}
	return c
}

// Worker pulls jobs from the batches' consumers, plays them and publishes
// their records. Each free slot takes its next job from the batch with
// jobs waiting that holds the fewest of this worker's slots (ties in
// turn), so batches share a worker evenly whatever their games cost: a
// batch of slow games holds its share of the slots and no more.
//
// A batch that arrives while another holds more than its share does not
// wait for those games to end: up to Concurrency extra games may run, each
// for a batch below its share, until finished games bring the worker back
// to Concurrency. Games are never stopped for fairness (a job's
// deliveries are few), only when their batch's consumer is gone
// (cancelled, abandoned or complete).
type Worker struct {
	cfg   WorkerConfig
	js    jetstream.JetStream
	jobs  jetstream.Stream
	rules *ruleCache

	mu        sync.Mutex
	names     []string // batch consumers, refreshed every few seconds
	listed    time.Time
	idle      bool // the last look found no job: list again soon
	consumers map[string]jetstream.Consumer
	busy      map[string]int // slots holding a job of each batch
	turn      int
	// games are the games in progress, by batch, to stop them.
	games map[string]map[*game]struct{}
	// checked is when the games' jobs were last looked for in the queue.
	checked time.Time
}

// game is a game in progress: its job and what stops it.
type game struct {
	job  string
	stop context.CancelCauseFunc
}

// errBatchGone stops the games of a batch whose consumer was deleted.
var errBatchGone = errors.New("the batch's consumer is gone (cancelled, abandoned or complete)")

// errWithdrawn stops a game whose job left the queue while it was played.
var errWithdrawn = errors.New("the job left the queue (withdrawn: its pairing stopped)")

// NewWorker makes a worker; Run starts it.
func NewWorker(js jetstream.JetStream, cfg WorkerConfig) (*Worker, error) {
	if cfg.Runner == nil {
		return nil, errors.New("worker has no game runner")
	}
	if cfg.Credential != "" && !protocol.IsToken(cfg.Credential) {
		return nil, fmt.Errorf("worker credential %q cannot stand in a subject", cfg.Credential)
	}
	return &Worker{cfg: cfg.withDefaults(), js: js, consumers: map[string]jetstream.Consumer{}, busy: map[string]int{},
		games: map[string]map[*game]struct{}{}}, nil
}

// Run plays jobs until ctx ends, then drains: it stops pulling, lets the
// games in hand finish for DrainTimeout, cancels the rest and hands their
// jobs back. It waits for the farm's assets to exist, so a worker may start
// before any coordinator.
func (w *Worker) Run(ctx context.Context) error {
	log := w.cfg.Log
	waiting := false
	// Looked for every quarter second, not with retry's growing waits, so
	// that a worker started before its farm plays from the first batch.
	for {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		jobs, err := w.js.Stream(c, StreamJobs)
		if err == nil {
			var store jetstream.ObjectStore
			if store, err = w.js.ObjectStore(c, BucketRules); err == nil {
				w.jobs, w.rules = jobs, newRuleCache(store, 64)
			}
		}
		cancel()
		if err == nil {
			break
		}
		if !waiting {
			// Streams not made yet are the usual start (the coordinator
			// makes them): said plainly, no error; anything else is one.
			if errors.Is(err, jetstream.ErrStreamNotFound) || errors.Is(err, jetstream.ErrBucketNotFound) {
				log.Debug().Msg("waiting for the coordinator to make the farm's streams")
			} else {
				log.Warn().Err(err).Msg("waiting for the farm's streams")
			}
			waiting = true
		}
		if !sleep(ctx, 250*time.Millisecond) {
			return nil
		}
	}
	log.Info().Int("concurrency", w.cfg.Concurrency).Msg("worker ready")

	// Games run on their own context so that ctx ending starts a drain
	// rather than killing games outright.
	playCtx, stopPlay := context.WithCancel(context.WithoutCancel(ctx))
	defer stopPlay()
	var wg sync.WaitGroup
	// Twice the slots: the second half plays only for batches below their
	// share (see take).
	for slot := range 2 * w.cfg.Concurrency {
		wg.Go(func() { w.slot(ctx, playCtx, slot) })
	}
	// The batches and the games' jobs are watched through the drain too:
	// a game nobody waits for any more (its batch complete, its job
	// withdrawn) is not finished, nor held until the drain times out.
	watchCtx, stopWatch := context.WithCancel(context.WithoutCancel(ctx))
	watched := make(chan struct{})
	go func() { defer close(watched); w.watch(watchCtx) }()
	done := make(chan struct{})
	go func() { wg.Wait(); stopWatch(); <-watched; close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
	}
	log.Info().Dur("timeout", w.cfg.DrainTimeout).Msg("draining: finishing games in hand")
	select {
	case <-done:
	case <-time.After(w.cfg.DrainTimeout):
		log.Warn().Msg("drain timeout: cancelling games and handing their jobs back")
		stopPlay()
		<-done
	}
	log.Info().Msg("worker drained")
	return nil
}

// maxIdle is the longest an idle slot sleeps between looking for jobs.
const maxIdle = 250 * time.Millisecond

// relistIdle is how soon an idle worker asks again, so that a new batch
// is found within a moment.
const relistIdle = 200 * time.Millisecond

// listEvery is how often a worker asks which batches have a consumer,
// busy or not: a new batch is seen, and a cancelled one's games stopped,
// within it.
const listEvery = 500 * time.Millisecond

// checkEvery is how often a worker looks for the jobs of its games in
// the queue: a withdrawn game stops within about this long.
const checkEvery = time.Second

// watch lists the batches every listEvery, and looks for the jobs of the
// games in progress every checkEvery, until ctx ends.
func (w *Worker) watch(ctx context.Context) {
	for {
		w.relist(ctx)
		if time.Since(w.checked) >= checkEvery {
			w.checked = time.Now()
			w.stopWithdrawn(ctx)
		}
		if !sleep(ctx, listEvery) {
			return
		}
	}
}

// stopWithdrawn stops the games whose job is no longer in the queue. A job
// stays in the jobs stream until its worker acknowledges it, so one gone
// while its game is played was purged (its coordinator withdrew it when
// its pairing stopped, or its batch ended) or answered by another worker
// after a redelivery: nobody counts this game any more. The question is a
// stream info filtered on the job's subject, which every worker may ask;
// a worker that cannot ask, or an older one, plays on, and its record is
// surplus as before.
func (w *Worker) stopWithdrawn(ctx context.Context) {
	type playing struct {
		batch string
		g     *game
	}
	var all []playing
	w.mu.Lock()
	for b, gs := range w.games {
		for g := range gs {
			all = append(all, playing{b, g})
		}
	}
	w.mu.Unlock()
	// One bound for the whole pass, so that a server away does not hold
	// the batch listing up game after game.
	ictx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for _, p := range all {
		subject := protocol.JobSubject(p.batch, p.g.job)
		info, err := w.jobs.Info(ictx, jetstream.WithSubjectFilter(subject))
		if err != nil {
			continue // not known: play on
		}
		if info.State.Subjects[subject] == 0 {
			p.g.stop(errWithdrawn)
		}
	}
}

// relist asks which batches have a consumer, and stops the games of any
// batch whose consumer the server says is gone.
func (w *Worker) relist(ctx context.Context) {
	lctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var names []string
	list := w.jobs.ConsumerNames(lctx)
	for n := range list.Name() {
		if n != LegacyConsumerWorkers {
			names = append(names, n)
		}
	}
	if list.Err() != nil {
		return
	}
	sort.Strings(names)
	w.mu.Lock()
	w.names, w.listed = names, time.Now()
	for n := range w.consumers {
		if !slices.Contains(names, n) {
			delete(w.consumers, n)
		}
	}
	var gone []string
	for b := range w.games {
		if !slices.Contains(names, b) {
			gone = append(gone, b)
		}
	}
	w.mu.Unlock()
	for _, b := range gone {
		// A listing is not proof: ask for the consumer itself.
		if _, err := w.jobs.Consumer(lctx, b); !errors.Is(err, jetstream.ErrConsumerNotFound) {
			continue
		}
		w.mu.Lock()
		n := len(w.games[b])
		for g := range w.games[b] {
			g.stop(errBatchGone)
		}
		w.mu.Unlock()
		w.cfg.Log.Info().Str("batch", b).Int("games", n).Msg("batch gone (cancelled, abandoned or complete): its games stopped")
	}
}

// candidates lists the batches in the order a free slot should try them:
// fewest of this worker's slots first, ties in turn.
func (w *Worker) candidates(ctx context.Context) []string {
	w.mu.Lock()
	stale := w.idle && time.Since(w.listed) > relistIdle
	w.mu.Unlock()
	if stale {
		w.relist(ctx)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	out := slices.Clone(w.names)
	if len(out) == 0 {
		return nil
	}
	w.turn++
	start := w.turn % len(out)
	out = append(out[start:], out[:start]...)
	sort.SliceStable(out, func(i, j int) bool { return w.busy[out[i]] < w.busy[out[j]] })
	return out
}

// admit reserves a slot for a job of batch name, if the worker may play
// one more: below Concurrency games any batch may (in a regular slot);
// beyond it, up to twice Concurrency, only a batch below its share while
// another is above its own (a batch that arrived while another held every
// slot).
func (w *Worker) admit(name string, extra bool) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	inflight := 0
	for _, n := range w.busy {
		inflight += n
	}
	c := w.cfg.Concurrency
	ok := inflight < c && !extra // while a slot is free the extra ones rest
	if inflight >= c && inflight < 2*c && len(w.names) > 1 {
		share := (c + len(w.names) - 1) / len(w.names)
		over := false
		for b, n := range w.busy {
			over = over || b != name && n > share
		}
		ok = over && w.busy[name] < share
	}
	if ok {
		w.busy[name]++
	}
	return ok
}

// consumer is the cached handle on a batch's consumer.
func (w *Worker) consumer(ctx context.Context, name string) (jetstream.Consumer, error) {
	w.mu.Lock()
	c, ok := w.consumers[name]
	w.mu.Unlock()
	if ok {
		return c, nil
	}
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c, err := w.jobs.Consumer(cctx, name)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	w.consumers[name] = c
	w.mu.Unlock()
	return c, nil
}

// take pulls one job for a free slot from the first batch of candidates
// that has one waiting, with no-wait pulls. When none has, the slot waits
// for wait with a pull request open on the first batch it was admitted to,
// instead of sleeping: the server hands a job to its oldest open request,
// so a client that keeps one open at all times (a quarantined liar) cannot
// take every job queued again before an idle slot looks. The request
// expires when the slot means to stop waiting, and nats.go waits a second
// past that for the server's answer, so no job goes to a request nobody
// waits on (it would sit out AckWait). It returns the job, its batch and
// its consumer; the batch counts the slot as busy until release.
func (w *Worker) take(ctx context.Context, wait time.Duration, extra bool) (jetstream.Msg, string, jetstream.Consumer) {
	tried := false
	waitName := ""
	var waitOn jetstream.Consumer
	for _, name := range w.candidates(ctx) {
		if !w.admit(name, extra) {
			continue
		}
		tried = true
		cons, err := w.consumer(ctx, name)
		if err != nil {
			w.hold(name, -1)
			continue
		}
		if m, err := w.pull(name, cons, 0); m != nil {
			return m, name, cons
		} else if err == nil && waitOn == nil {
			waitName, waitOn = name, cons
		}
		w.hold(name, -1)
	}
	if tried {
		w.mu.Lock()
		w.idle = true
		w.mu.Unlock()
	}
	if waitOn != nil && ctx.Err() == nil && w.admit(waitName, extra) {
		if m, _ := w.pull(waitName, waitOn, wait); m != nil {
			return m, waitName, waitOn
		}
		w.hold(waitName, -1)
		return nil, "", nil
	}
	sleep(ctx, wait)
	return nil, "", nil
}

// pull asks batch name's consumer for one job, at once (wait 0) or waiting
// up to wait; it forgets the consumer when the server no longer has it.
func (w *Worker) pull(name string, cons jetstream.Consumer, wait time.Duration) (jetstream.Msg, error) {
	var batch jetstream.MessageBatch
	var err error
	if wait > 0 {
		batch, err = cons.Fetch(1, jetstream.FetchMaxWait(wait))
	} else {
		batch, err = cons.FetchNoWait(1)
	}
	if err == nil {
		for m := range batch.Messages() {
			w.mu.Lock()
			w.idle = false
			w.mu.Unlock()
			return m, nil
		}
		err = batch.Error()
	}
	if errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, jetstream.ErrConsumerDeleted) {
		w.mu.Lock()
		delete(w.consumers, name)
		w.mu.Unlock()
	}
	return nil, err
}

func (w *Worker) hold(name string, d int) {
	w.mu.Lock()
	w.busy[name] += d
	if w.busy[name] <= 0 {
		delete(w.busy, name)
	}
	w.mu.Unlock()
}

// slot pulls and plays one job at a time.
func (w *Worker) slot(ctx, playCtx context.Context, slot int) {
	idle := 20 * time.Millisecond
	for ctx.Err() == nil {
		msg, name, cons := w.take(ctx, idle, slot >= w.cfg.Concurrency)
		if msg == nil {
			idle = min(2*idle, w.cfg.FetchWait, maxIdle)
			continue
		}
		idle = 20 * time.Millisecond
		w.handle(ctx, playCtx, msg, cons)
		w.hold(name, -1)
	}
}

// handle plays one delivered job and settles it: ack after the result is
// stored, nak to retry, or term after writing a dead letter.
func (w *Worker) handle(ctx, playCtx context.Context, msg jetstream.Msg, cons jetstream.Consumer) {
	attempt := 1
	if meta, err := msg.Metadata(); err == nil {
		attempt = int(meta.NumDelivered)
	}
	var job protocol.Job
	err := json.Unmarshal(msg.Data(), &job)
	if err == nil {
		err = job.Check()
	}
	log := w.cfg.Log.With().Str("batch", job.BatchID).Str("job", job.JobID).Int("attempt", attempt).Logger()
	if err != nil && job.V > protocol.Version && protocol.IsToken(job.BatchID) && protocol.IsToken(job.JobID) {
		// A newer coordinator's job: leave it to newer workers, dead-letter
		// it only if none takes it.
		w.fail(playCtx, cons, msg, job, attempt, err, log)
		return
	}
	if err != nil {
		w.poison(playCtx, msg, attempt, err)
		return
	}
	if ctx.Err() != nil {
		// Arrived as the drain began: give it straight back.
		msg.Nak()
		return
	}
	m := w.cfg.Metrics
	if attempt > 1 {
		m.Redelivered.WithLabelValues(job.Ruleset).Inc()
	}
	m.InProgress.Inc()
	defer m.InProgress.Dec()
	hb := w.heartbeat(msg, cons)
	defer hb.stop()
	gameCtx, unregister := w.register(playCtx, job.BatchID, job.JobID)
	defer unregister()

	ruleFile, err := w.rules.get(playCtx, job.RulesetHash)
	if err != nil {
		hb.hold()
		m.Failures.WithLabelValues(job.Ruleset, reasonRuleFile).Inc()
		if errors.Is(err, errHashMismatch) {
			// The same bytes come back on every attempt: no point retrying.
			w.deadLetter(playCtx, msg, job, attempt, err, log)
			return
		}
		w.fail(playCtx, cons, msg, job, attempt, err, log)
		return
	}
	res, reason, stuck, err := w.play(gameCtx, hb, ruleFile, job)
	if stuck != nil {
		// The runner ignored its cancellation: the job goes back now, but
		// this slot takes no other until the game has stopped, so games
		// given up never pile up beyond the worker's concurrency.
		defer w.waitStuck(playCtx, stuck, log)
	}
	// The game is over; storing its outcome may take retries through a
	// leader election, and the job keeps its heartbeat meanwhile.
	hb.hold()
	if err != nil {
		if playCtx.Err() != nil {
			log.Info().Msg("game cancelled by shutdown; job handed back")
			msg.Nak()
			return
		}
		if cause := context.Cause(gameCtx); errors.Is(cause, errBatchGone) || errors.Is(cause, errWithdrawn) {
			// Nobody waits for this game: no retry, no dead letter.
			log.Info().Err(cause).Msg("game stopped unfinished")
			m.Withdrawn.WithLabelValues(job.Ruleset).Inc()
			msg.Nak()
			return
		}
		m.Failures.WithLabelValues(job.Ruleset, reason).Inc()
		w.fail(playCtx, cons, msg, job, attempt, err, log)
		return
	}
	res.WorkerID, res.Attempt = w.cfg.ID, attempt
	if err := w.publish(playCtx, w.resultSubject(job), protocol.ResultMsgID(job.JobID, job.Lease), protocol.Marshal(res)); err != nil {
		// Without a stored result the job must not be acked; it comes back.
		m.Failures.WithLabelValues(job.Ruleset, reasonPublish).Inc()
		log.Error().Err(err).Msg("result not stored; job handed back")
		msg.Nak()
		return
	}
	if err := msg.Ack(); err != nil {
		// The job will be played again; the record's message id and the
		// coordinator's de-duplication keep the second result out.
		log.Warn().Err(err).Msg("ack failed after the result was stored")
	}
	m.Games.WithLabelValues(job.Ruleset, res.Result).Inc()
	m.Nodes.WithLabelValues(job.Ruleset).Add(float64(res.Nodes))
	secs := res.Duration().Seconds()
	m.GameDuration.WithLabelValues(job.Ruleset).Observe(secs)
	if secs > 0 && res.Nodes > 0 {
		m.NodesPerSec.WithLabelValues(job.Ruleset).Observe(float64(res.Nodes) / secs)
	}
	log.Debug().Int("plies", res.Plies).Str("result", res.Result).Str("ending", res.Ending).
		Int64("duration_ms", res.DurationMS).Msg("game recorded")
}

// register gives a game of batch a context that relist cancels when the
// batch's consumer is gone, and stopWithdrawn when its job leaves the
// queue; unregister forgets it.
func (w *Worker) register(ctx context.Context, batch, job string) (context.Context, func()) {
	gctx, stop := context.WithCancelCause(ctx)
	key := &game{job: job, stop: stop}
	w.mu.Lock()
	if w.games[batch] == nil {
		w.games[batch] = map[*game]struct{}{}
	}
	w.games[batch][key] = struct{}{}
	w.mu.Unlock()
	return gctx, func() {
		w.mu.Lock()
		delete(w.games[batch], key)
		if len(w.games[batch]) == 0 {
			delete(w.games, batch)
		}
		w.mu.Unlock()
		stop(nil)
	}
}

// play runs the game under the worker's limits; the runner's progress
// calls keep the job's heartbeat going. A runner that ignores its
// cancellation for AbandonAfter is given up: stuck is closed once it
// returns at last.
func (w *Worker) play(ctx context.Context, hb *heartbeat, ruleFile []byte, job protocol.Job) (_ protocol.Result, reason string, stuck <-chan struct{}, _ error) {
	limit := w.cfg.MaxWall
	if jw := job.MaxWall(); jw > 0 && jw < limit {
		limit = jw
	}
	if w.cfg.MaxNodes > 0 && (job.MaxNodes == 0 || w.cfg.MaxNodes < job.MaxNodes) {
		job.MaxNodes = w.cfg.MaxNodes
	}
	gctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()

	hb.touch()
	progress := hb.touch

	type outcome struct {
		res    protocol.Result
		err    error
		reason string
	}
	done := make(chan outcome, 1)
	returned := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(returned)
		defer func() {
			if p := recover(); p != nil {
				w.cfg.Log.Error().Str("job", job.JobID).Str("stack", string(debug.Stack())).Msg("runner panicked")
				done <- outcome{err: fmt.Errorf("runner panicked: %v", p), reason: reasonPanic}
			}
		}()
		res, err := w.cfg.Runner.Run(gctx, ruleFile, job, progress)
		done <- outcome{res: res, err: err, reason: reasonError}
	}()

	var o outcome
wait:
	for {
		select {
		case o = <-done:
			break wait
		case <-gctx.Done():
			select {
			case o = <-done:
			case <-time.After(w.cfg.AbandonAfter):
				// Its result, if it ever comes, goes into the buffered
				// channel and is dropped.
				return protocol.Result{}, reasonAbandoned, returned, fmt.Errorf("runner ignored cancellation for %s and was abandoned", w.cfg.AbandonAfter)
			}
			if o.err != nil && errors.Is(gctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
				return protocol.Result{}, reasonWallTime, nil, fmt.Errorf("wall-time limit %s exceeded: %w", limit, o.err)
			}
			break wait
		}
	}
	if o.err != nil {
		return protocol.Result{}, o.reason, nil, o.err
	}
	res := o.res
	res.FromJob(job)
	res.DurationMS = time.Since(start).Milliseconds()
	if err := res.CheckFor(job); err != nil {
		return protocol.Result{}, reasonBadRecord, nil, fmt.Errorf("runner returned an inconsistent record: %w", err)
	}
	return res, "", nil, nil
}

// waitStuck holds the slot until a given-up game returns, or the worker
// stops.
func (w *Worker) waitStuck(ctx context.Context, stuck <-chan struct{}, log zerolog.Logger) {
	select {
	case <-stuck:
		return
	default:
	}
	w.cfg.Metrics.Stuck.Inc()
	defer w.cfg.Metrics.Stuck.Dec()
	log.Error().Msg("game ignored its cancellation; this slot waits for it to stop before taking another job")
	select {
	case <-stuck:
		log.Warn().Msg("given-up game stopped; slot free again")
	case <-ctx.Done():
	}
}

// fail settles a failed attempt: retry after NakDelay, or dead-letter it
// when this was the last delivery the consumer allows.
func (w *Worker) fail(ctx context.Context, cons jetstream.Consumer, msg jetstream.Msg, job protocol.Job, attempt int, cause error, log zerolog.Logger) {
	maxDeliver := 0
	ictx, cancel := context.WithTimeout(ctx, 5*time.Second)
	if info, err := cons.Info(ictx); err == nil {
		maxDeliver = info.Config.MaxDeliver
	} else if info := cons.CachedInfo(); info != nil {
		maxDeliver = info.Config.MaxDeliver
	}
	cancel()
	if maxDeliver > 0 && attempt >= maxDeliver {
		w.deadLetter(ctx, msg, job, attempt, cause, log)
		return
	}
	log.Warn().Err(cause).Msg("game failed; job goes back for another attempt")
	msg.NakWithDelay(w.cfg.NakDelay)
}

// deadLetter records the job as an engine failure and removes it. If the
// record cannot be stored the job is nak'd instead; the server's
// max-deliveries advisory then reaches a coordinator, which writes it.
func (w *Worker) deadLetter(ctx context.Context, msg jetstream.Msg, job protocol.Job, attempt int, cause error, log zerolog.Logger) {
	dl := protocol.DeadLetter{V: protocol.Version, Job: job, Attempts: attempt, Error: cause.Error(),
		WorkerID: w.cfg.ID, Source: protocol.SourceWorker, At: time.Now().UTC()}
	if err := w.publish(ctx, protocol.DeadSubject(job.BatchID, job.JobID), protocol.DeadMsgID(job.JobID, job.Lease), protocol.Marshal(dl)); err != nil {
		log.Error().Err(err).Msg("dead letter not stored")
		msg.Nak()
		return
	}
	msg.TermWithReason("dead-lettered: " + cause.Error())
	w.cfg.Metrics.DeadLetters.WithLabelValues(job.Ruleset).Inc()
	log.Error().Err(cause).Str("ruleset", job.Ruleset).Uint64("seed", job.Seed).Msg("engine failure: job dead-lettered")
}

// resultSubject is where the worker publishes the job's result.
func (w *Worker) resultSubject(job protocol.Job) string {
	if w.cfg.Credential != "" {
		return protocol.CredentialResultSubject(job.BatchID, job.JobID, w.cfg.Credential)
	}
	return protocol.ResultSubject(job.BatchID, job.JobID)
}

// poison handles a message that is not a job this worker understands.
func (w *Worker) poison(ctx context.Context, msg jetstream.Msg, attempt int, cause error) {
	w.cfg.Metrics.Failures.WithLabelValues("", reasonBadJob).Inc()
	_, batch, jobID, ok := protocol.SplitSubject(msg.Subject())
	if !ok {
		w.cfg.Log.Error().Err(cause).Str("subject", msg.Subject()).Msg("unreadable message removed from the job queue")
		msg.TermWithReason("unreadable job")
		return
	}
	log := w.cfg.Log.With().Str("batch", batch).Str("job", jobID).Logger()
	w.deadLetter(ctx, msg, protocol.Job{V: protocol.Version, JobIdentity: protocol.JobIdentity{BatchID: batch, JobID: jobID}}, attempt,
		fmt.Errorf("unreadable job: %w", cause), log)
}

// publish stores a record, retrying through disconnections; the message id
// makes retries safe.
func (w *Worker) publish(ctx context.Context, subject, msgID string, data []byte) error {
	deadline := time.Now().Add(w.cfg.PublishTimeout)
	wait := 100 * time.Millisecond
	for {
		// A publish whose stream leader just died gets no answer at all;
		// give up on it quickly and retry under the same message id.
		pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		_, err := w.js.Publish(pctx, subject, data, jetstream.WithMsgID(msgID))
		cancel()
		if err == nil {
			return nil
		}
		w.cfg.Metrics.PublishErrors.Inc()
		if time.Now().After(deadline) || ctx.Err() != nil {
			return err
		}
		w.cfg.Log.Warn().Err(err).Str("subject", subject).Msg("publish failed; retrying")
		if !sleep(ctx, wait) {
			return err
		}
		wait = min(2*wait, 2*time.Second)
	}
}

// heartbeat tells the server a job is still being worked on: every third
// of AckWait it sends InProgress, as long as the job showed a sign of life
// (touch) within the last AckWait, or is held alive by the worker itself
// (hold). A runner that stops reporting progress gets no more heartbeats,
// so the server hands its job to another worker.
type heartbeat struct {
	last atomic.Int64 // unix nanoseconds of the last touch
	held atomic.Bool
	quit chan struct{}
	done chan struct{}
	// cancel ends a settings lookup under way when the heartbeat stops.
	cancel context.CancelFunc
}

func (w *Worker) heartbeat(msg jetstream.Msg, cons jetstream.Consumer) *heartbeat {
	hb := &heartbeat{quit: make(chan struct{}), done: make(chan struct{})}
	var base context.Context
	base, hb.cancel = context.WithCancel(context.Background())
	hb.touch()
	ackWait := func() time.Duration {
		if info := cons.CachedInfo(); info != nil && info.Config.AckWait > 0 {
			return info.Config.AckWait
		}
		return 30 * time.Second
	}
	tick := func(ackWait time.Duration) time.Duration { return max(ackWait/3, 10*time.Millisecond) }
	go func() {
		defer close(hb.done)
		aw := ackWait()
		t := time.NewTicker(tick(aw))
		defer t.Stop()
		refreshed := time.Now()
		for {
			select {
			case <-hb.quit:
				return
			case <-t.C:
				if time.Since(refreshed) >= settingsRefresh {
					// The farm may have been reconfigured (coordinator
					// -reconfigure): beat to the consumer's AckWait of
					// now. Asked aside, so that a slow answer never holds
					// a beat back.
					refreshed = time.Now()
					go func() {
						ictx, cancel := context.WithTimeout(base, 5*time.Second)
						defer cancel()
						cons.Info(ictx)
					}()
				}
				if n := ackWait(); n != aw {
					aw = n
					t.Reset(tick(aw))
				}
				if hb.held.Load() || time.Since(time.Unix(0, hb.last.Load())) < aw {
					msg.InProgress()
				}
			}
		}
	}()
	return hb
}

// settingsRefresh is how often a game's heartbeat reads its consumer's
// settings again.
const settingsRefresh = 10 * time.Second

func (hb *heartbeat) touch() { hb.last.Store(time.Now().UnixNano()) }
func (hb *heartbeat) hold()  { hb.held.Store(true) }
func (hb *heartbeat) stop()  { hb.cancel(); close(hb.quit); <-hb.done }

// errHashMismatch means the stored rule file is not the one the job names.
var errHashMismatch = errors.New("rule file does not match its hash")

// ruleCache keeps recently used rule files, checked against their hashes.
type ruleCache struct {
	store jetstream.ObjectStore
	mu    sync.Mutex
	files map[string][]byte
	order []string
	max   int
}

func newRuleCache(store jetstream.ObjectStore, max int) *ruleCache {
	return &ruleCache{store: store, files: map[string][]byte{}, max: max}
}

func (c *ruleCache) get(ctx context.Context, hash string) ([]byte, error) {
	c.mu.Lock()
	data, ok := c.files[hash]
	c.mu.Unlock()
	if ok {
		return data, nil
	}
	gctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	data, err := c.store.GetBytes(gctx, hash)
	if err != nil {
		return nil, fmt.Errorf("fetching rule file %s: %w", hash, err)
	}
	if got := protocol.HashRuleFile(data); got != hash {
		return nil, fmt.Errorf("%w: stored as %s, content hashes to %s", errHashMismatch, hash, got)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.files[hash]; !ok {
		if len(c.order) >= c.max {
			delete(c.files, c.order[0])
			c.order = c.order[1:]
		}
		c.files[hash] = data
		c.order = append(c.order, hash)
	}
	return data, nil
}
