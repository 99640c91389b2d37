package farm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"balancefarm/protocol"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// Coordinator queues batches and collects their records.
type Coordinator struct {
	cfg     Config
	assets  *Assets
	log     zerolog.Logger
	metrics *CoordinatorMetrics
}

// NewCoordinator sets the farm's assets up (idempotently) and returns a
// coordinator over them. It retries while the server is unreachable or
// electing leaders, until ctx ends.
func NewCoordinator(ctx context.Context, js jetstream.JetStream, cfg Config, log zerolog.Logger, m *CoordinatorMetrics) (*Coordinator, error) {
	cfg = cfg.withDefaults()
	if m == nil {
		m = NewCoordinatorMetrics(nil)
	}
	var assets *Assets
	err := retry(ctx, func(c context.Context) error {
		var err error
		assets, err = Setup(c, js, cfg)
		if err != nil {
			log.Debug().Err(err).Msg("setting up streams")
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("setting up JetStream: %w", err)
	}
	return &Coordinator{cfg: cfg, assets: assets, log: log, metrics: m}, nil
}

// Assets are the coordinator's JetStream handles.
func (c *Coordinator) Assets() *Assets { return c.assets }

// BatchState is what the batches bucket holds for each batch.
type BatchState struct {
	Plan        protocol.Plan `json:"plan"`
	State       string        `json:"state"`
	Created     time.Time     `json:"created"`
	Finished    time.Time     `json:"finished,omitzero"`
	Results     int           `json:"results"`
	DeadLetters int           `json:"dead_letters"`
}

// Batch states.
const (
	StateRunning  = "running"
	StateComplete = "complete"
)

// Outcome is a finished batch: exactly one record per published job.
type Outcome struct {
	BatchID string
	Plan    protocol.Plan
	// Results are in game order; DeadLetters are the jobs no worker could
	// play. In a sequential batch Results hold each pairing's games up to
	// its stopping point, so a rerun gets the same ones whatever the
	// timing; games played beyond it are in Surplus. Dead letters are
	// reported wherever they fell.
	Results     []protocol.Result
	DeadLetters []protocol.DeadLetter
	Surplus     []protocol.Result
	// Pairings say how each pairing ended, in plan order.
	Pairings []PairingOutcome
	// Duplicates counts records dropped because their job had one already.
	Duplicates int
}

// Progress is told how many of a batch's jobs have a record.
type Progress func(done, total int)

// records collects one batch's records, first record per job wins.
type records struct {
	jobs       map[string]protocol.Job
	results    map[string]protocol.Result
	dead       map[string]protocol.DeadLetter
	duplicates int
}

func (r *records) done() int { return len(r.results) + len(r.dead) }

func (r *records) has(job string) bool {
	_, played := r.results[job]
	_, failed := r.dead[job]
	return played || failed
}

// Run queues the plan's jobs that are not yet queued or recorded and
// collects records until every job has one. Run on a plan that was run
// before (by this or a previous coordinator) resumes it: nothing already
// recorded is played again. ruleFile must hash to plan.RulesetHash.
func (c *Coordinator) Run(ctx context.Context, plan protocol.Plan, ruleFile []byte, progress Progress) (*Outcome, error) {
	return c.RunHooks(ctx, plan, ruleFile, Hooks{Progress: progress})
}

// Hooks let a caller follow a batch as it runs, and make it sequential.
type Hooks struct {
	// Progress is told the count of jobs with a record after each new one,
	// and how many jobs the batch expects: the whole plan, less the
	// unpublished jobs of pairings that stopped early.
	Progress Progress
	// Record is called once per job with its record: a result or a dead
	// letter (the other is nil).
	Record func(*protocol.Result, *protocol.DeadLetter)
	// Stop, when set, makes the batch sequential: GamesPerPairing becomes
	// a cap, each pairing's colour-swapped pairs are published in plan
	// order, Window at a time beyond the pairing's complete prefix, and a
	// pairing gets no new pairs once Stop says so. Jobs already published
	// for it are still played and collected. Nil plays every job.
	Stop StopFunc
	// Window is the pairs in flight per pairing of a sequential batch
	// (DefaultWindow when 0).
	Window int
}

// RunHooks is Run with hooks.
func (c *Coordinator) RunHooks(ctx context.Context, plan protocol.Plan, ruleFile []byte, hooks Hooks) (*Outcome, error) {
	progress := hooks.Progress
	if err := plan.Check(); err != nil {
		return nil, err
	}
	if got := protocol.HashRuleFile(ruleFile); got != plan.RulesetHash {
		return nil, fmt.Errorf("rule file hashes to %s, plan says %s", got, plan.RulesetHash)
	}
	id := plan.ID()
	log := c.log.With().Str("batch", id).Str("ruleset", plan.Ruleset).Logger()
	jobs := plan.Jobs()
	rec := &records{jobs: map[string]protocol.Job{}, results: map[string]protocol.Result{}, dead: map[string]protocol.DeadLetter{}}
	for _, j := range jobs {
		rec.jobs[j.JobID] = j
	}
	sched, err := newSchedule(plan, jobs, hooks.Stop, hooks.Window)
	if err != nil {
		return nil, err
	}
	if progress == nil {
		progress = func(int, int) {}
	}
	c.metrics.BatchesActive.Inc()
	defer c.metrics.BatchesActive.Dec()

	if err := retry(ctx, func(ctx context.Context) error { return c.storeRuleFile(ctx, plan.RulesetHash, ruleFile) }); err != nil {
		return nil, fmt.Errorf("storing the rule file: %w", err)
	}
	var state BatchState
	if err := retry(ctx, func(ctx context.Context) error {
		var err error
		state, err = c.openBatch(ctx, id, plan)
		return err
	}); err != nil {
		return nil, fmt.Errorf("recording the batch: %w", err)
	}
	log.Info().Int("jobs", len(jobs)).Bool("sequential", hooks.Stop != nil).Str("state", state.State).Msg("batch open")

	// Records arrive on an ordered consumer from the start of the stream:
	// on a resume that replays what earlier runs recorded.
	incoming := make(chan jetstream.Msg, 256)
	cctx, stopConsume := context.WithCancel(ctx)
	defer stopConsume()
	var consumer jetstream.ConsumeContext
	if err := retry(ctx, func(ctx context.Context) error {
		cons, err := c.assets.Results.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
			FilterSubjects: []string{protocol.BatchResultsFilter(id), protocol.BatchDeadFilter(id)},
		})
		if err != nil {
			return err
		}
		consumer, err = cons.Consume(func(m jetstream.Msg) {
			select {
			case incoming <- m:
			case <-cctx.Done():
			}
		}, jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
			log.Debug().Err(err).Msg("records consumer")
		}),
			// Short heartbeats so that losing the server this consumer lives
			// on is noticed (and the consumer re-created) within seconds.
			jetstream.PullExpiry(10*time.Second), jetstream.PullHeartbeat(2*time.Second))
		return err
	}); err != nil {
		return nil, fmt.Errorf("reading records: %w", err)
	}
	defer consumer.Stop()

	recorded, err := c.fillGaps(ctx, id, sched, rec, log)
	if err != nil {
		return nil, err
	}
	// Progress starts, and a sequential batch publishes beyond what it
	// found, once the records already in the stream are read: a resumed
	// batch does not look like a burst of fast games, and a pairing that
	// had stopped is not extended.
	caughtUp := false
	catchUp := func() error {
		if !caughtUp && rec.done() < recorded {
			return nil
		}
		caughtUp = true
		for _, p := range sched.pairings {
			if sched.settle(p, rec) {
				msg := "pairing stopped early"
				if p.stopAt == p.pairs() {
					msg = "pairing reached its cap"
				}
				log.Info().Str("p0", p.players[0]).Str("p1", p.players[1]).Int("pairs", p.stopAt).
					Str("reason", p.reason).Msg(msg)
			}
		}
		if due := sched.due(); len(due) > 0 {
			if err := c.publishJobs(ctx, due, log); err != nil {
				return err
			}
		}
		progress(rec.done(), sched.expected())
		return nil
	}
	if err := catchUp(); err != nil {
		return nil, err
	}
	recheck := time.NewTicker(c.cfg.RecheckInterval)
	defer recheck.Stop()
	for !sched.finished(rec) {
		select {
		case m := <-incoming:
			if job, ok := c.absorb(m, rec, log); ok {
				if hooks.Record != nil {
					if r, played := rec.results[job]; played {
						hooks.Record(&r, nil)
					} else {
						d := rec.dead[job]
						hooks.Record(nil, &d)
					}
				}
				sched.cover(rec.jobs[job])
				if err := catchUp(); err != nil {
					return nil, err
				}
			}
		case <-recheck.C:
			if _, err := c.fillGaps(ctx, id, sched, rec, log); err != nil {
				log.Warn().Err(err).Msg("looking for lost jobs")
			}
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}

	out := &Outcome{BatchID: id, Plan: plan, Duplicates: rec.duplicates}
	sched.outcome(out, rec)
	if state.State != StateComplete {
		state.State, state.Finished = StateComplete, time.Now().UTC()
		state.Results, state.DeadLetters = len(out.Results), len(out.DeadLetters)
		if err := retry(ctx, func(ctx context.Context) error {
			_, err := c.assets.Batches.Put(ctx, id, protocol.Marshal(state))
			return err
		}); err != nil {
			log.Warn().Err(err).Msg("batch complete but its state was not saved")
		}
		c.metrics.BatchesDone.Inc()
	}
	log.Info().Int("results", len(out.Results)).Int("dead_letters", len(out.DeadLetters)).
		Int("surplus", len(out.Surplus)).Int("duplicates", out.Duplicates).Msg("batch complete")
	return out, nil
}

// storeRuleFile puts the rule file in the object store unless it is there.
func (c *Coordinator) storeRuleFile(ctx context.Context, hash string, data []byte) error {
	if _, err := c.assets.Rules.GetInfo(ctx, hash); err == nil {
		return nil
	} else if !errors.Is(err, jetstream.ErrObjectNotFound) {
		return err
	}
	_, err := c.assets.Rules.PutBytes(ctx, hash, data)
	return err
}

// RuleFile fetches a stored rule file by hash.
func (c *Coordinator) RuleFile(ctx context.Context, hash string) ([]byte, error) {
	return c.assets.Rules.GetBytes(ctx, hash)
}

// openBatch records a new batch or reads the state of an existing one.
func (c *Coordinator) openBatch(ctx context.Context, id string, plan protocol.Plan) (BatchState, error) {
	state := BatchState{Plan: plan, State: StateRunning, Created: time.Now().UTC()}
	_, err := c.assets.Batches.Create(ctx, id, protocol.Marshal(state))
	if err == nil {
		return state, nil
	}
	if !errors.Is(err, jetstream.ErrKeyExists) {
		return state, err
	}
	entry, err := c.assets.Batches.Get(ctx, id)
	if err != nil {
		return state, err
	}
	if err := json.Unmarshal(entry.Value(), &state); err != nil {
		return state, permanent{fmt.Errorf("batch %s: stored state unreadable: %w", id, err)}
	}
	return state, nil
}

// Batches lists every batch the bucket knows, oldest first.
func (c *Coordinator) Batches(ctx context.Context) (map[string]BatchState, error) {
	keys, err := c.assets.Batches.ListKeys(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]BatchState{}
	for k := range keys.Keys() {
		entry, err := c.assets.Batches.Get(ctx, k)
		if err != nil {
			return nil, err
		}
		var st BatchState
		if err := json.Unmarshal(entry.Value(), &st); err != nil {
			c.log.Warn().Str("batch", k).Err(err).Msg("unreadable batch state skipped")
			continue
		}
		out[k] = st
	}
	return out, nil
}

// fillGaps publishes every published job (below the schedule's
// frontiers) that is neither waiting in the jobs stream nor recorded in
// the results stream; jobs found in either move the frontiers past them.
// The jobs stream is read first: a worker stores a job's record before it
// acknowledges the job, so a job that leaves the queue after that read has
// its record by the time the results stream is read, and no job is missed
// or queued twice. It returns how many of the batch's jobs had a record in
// the stream.
func (c *Coordinator) fillGaps(ctx context.Context, id string, sched *schedule, rec *records, log zerolog.Logger) (int, error) {
	var queued, recorded map[string]bool
	err := retry(ctx, func(ctx context.Context) error {
		var err error
		if queued, err = subjectJobs(ctx, c.assets.Jobs, protocol.BatchJobsFilter(id)); err != nil {
			return err
		}
		recorded, err = subjectJobs(ctx, c.assets.Results, protocol.BatchRecordsFilter(id))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("reading batch %s from the streams: %w", id, err)
	}
	have := 0
	for jobID := range rec.jobs {
		if recorded[jobID] || queued[jobID] {
			sched.cover(rec.jobs[jobID])
		}
		if recorded[jobID] {
			have++
		}
	}
	published := sched.published()
	var missing []protocol.Job
	for _, j := range published {
		if !queued[j.JobID] && !recorded[j.JobID] && !rec.has(j.JobID) {
			missing = append(missing, j)
		}
	}
	if len(missing) == 0 {
		return have, nil
	}
	if len(missing) < len(published) {
		log.Info().Int("jobs", len(missing)).Int("queued", len(queued)).Int("recorded", len(recorded)).Msg("queueing jobs not yet queued or recorded")
	}
	return have, c.publishJobs(ctx, missing, log)
}

// subjectJobs asks the server which jobs have a message under filter.
func subjectJobs(ctx context.Context, s jetstream.Stream, filter string) (map[string]bool, error) {
	info, err := s.Info(ctx, jetstream.WithSubjectFilter(filter))
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(info.State.Subjects))
	for subj := range info.State.Subjects {
		if _, _, job, ok := protocol.SplitSubject(subj); ok {
			out[job] = true
		}
	}
	return out, nil
}

// publishJobs queues jobs asynchronously under their message ids, retrying
// the ones the server did not acknowledge.
func (c *Coordinator) publishJobs(ctx context.Context, jobs []protocol.Job, log zerolog.Logger) error {
	js := c.assets.JS
	wait := 200 * time.Millisecond
	for len(jobs) > 0 {
		type pending struct {
			job protocol.Job
			ack jetstream.PubAckFuture
		}
		var inflight []pending
		var failed []protocol.Job
		for _, j := range jobs {
			msg := &nats.Msg{Subject: protocol.JobSubject(j.BatchID, j.JobID), Data: protocol.Marshal(j), Header: nats.Header{}}
			msg.Header.Set(jetstream.MsgIDHeader, protocol.JobMsgID(j.JobID))
			f, err := js.PublishMsgAsync(msg)
			if err != nil {
				failed = append(failed, j)
				continue
			}
			inflight = append(inflight, pending{j, f})
		}
		var lastErr error
		for _, p := range inflight {
			select {
			case <-p.ack.Ok():
				c.metrics.JobsPublished.WithLabelValues(p.job.Ruleset).Inc()
			case err := <-p.ack.Err():
				lastErr = err
				failed = append(failed, p.job)
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if len(failed) > 0 {
			log.Warn().Err(lastErr).Int("jobs", len(failed)).Msg("jobs not acknowledged by the server; retrying")
			if !sleep(ctx, wait) {
				return ctx.Err()
			}
			wait = min(2*wait, 5*time.Second)
		}
		jobs = failed
	}
	return nil
}

// absorb takes one record in; it returns the record's job and true if the
// record was the first for its job.
func (c *Coordinator) absorb(m jetstream.Msg, rec *records, log zerolog.Logger) (string, bool) {
	kind, _, jobID, ok := protocol.SplitSubject(m.Subject())
	job, known := rec.jobs[jobID]
	if !ok || !known {
		log.Warn().Str("subject", m.Subject()).Msg("record for no job of this batch ignored")
		return "", false
	}
	if rec.has(jobID) {
		rec.duplicates++
		c.metrics.DuplicateRecords.WithLabelValues(job.Ruleset).Inc()
		return "", false
	}
	switch kind {
	case "results":
		var r protocol.Result
		err := json.Unmarshal(m.Data(), &r)
		if err == nil && r.JobID != jobID {
			err = fmt.Errorf("record names job %q", r.JobID)
		}
		if err != nil {
			// The job cannot be counted as played; report it like any
			// other engine failure rather than waiting for it forever.
			rec.dead[jobID] = protocol.DeadLetter{V: protocol.Version, Job: job, Error: "unreadable result record: " + err.Error(),
				Source: protocol.SourceCoordinator, At: time.Now().UTC()}
			c.metrics.DeadLettered.WithLabelValues(job.Ruleset, protocol.SourceCoordinator).Inc()
			return jobID, true
		}
		rec.results[jobID] = r
		c.metrics.observeResult(r)
	case "dead":
		var d protocol.DeadLetter
		if err := json.Unmarshal(m.Data(), &d); err != nil {
			d = protocol.DeadLetter{V: protocol.Version, Error: fmt.Sprintf("unreadable dead letter: %v", err), Source: protocol.SourceCoordinator}
		}
		d.Job = job
		rec.dead[jobID] = d
		c.metrics.DeadLettered.WithLabelValues(job.Ruleset, d.Source).Inc()
		log.Error().Str("job", jobID).Uint64("seed", job.Seed).Str("p0", job.P0).Str("p1", job.P1).
			Int("attempts", d.Attempts).Str("error", d.Error).Msg("engine failure")
	default:
		return "", false
	}
	return jobID, true
}

// deliveryAdvisory is the part of the server's max-deliveries advisory the
// coordinator reads.
type deliveryAdvisory struct {
	Stream     string `json:"stream"`
	Consumer   string `json:"consumer"`
	StreamSeq  uint64 `json:"stream_seq"`
	Deliveries int    `json:"deliveries"`
}

// WatchDeadLetters turns max-deliveries advisories into dead letters until
// ctx ends: the job whose deliveries ran out without a record (its last
// worker crashed, hung or lost its connection) is recorded as an engine
// failure and removed from the queue. Any number of coordinators may run
// this; each advisory is handled once.
func (c *Coordinator) WatchDeadLetters(ctx context.Context) {
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		fctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		batch, err := c.assets.DeadLetter.Fetch(16, jetstream.FetchContext(fctx))
		if err == nil {
			for m := range batch.Messages() {
				if err := c.handleAdvisory(ctx, m); err != nil {
					c.log.Warn().Err(err).Msg("max-deliveries advisory not handled yet")
					m.NakWithDelay(time.Second)
					continue
				}
				m.Ack()
			}
			err = batch.Error()
		}
		cancel()
		if err == nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			wait = 100 * time.Millisecond
			continue
		}
		sleep(ctx, wait)
		wait = min(2*wait, 2*time.Second)
	}
}

func (c *Coordinator) handleAdvisory(ctx context.Context, m jetstream.Msg) error {
	var adv deliveryAdvisory
	if err := json.Unmarshal(m.Data(), &adv); err != nil || adv.Stream != StreamJobs {
		c.log.Warn().Str("advisory", string(m.Data())).Msg("unexpected advisory ignored")
		return nil
	}
	raw, err := c.assets.Jobs.GetMsg(ctx, adv.StreamSeq)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil // acknowledged or dead-lettered meanwhile
	}
	if err != nil {
		return err
	}
	var job protocol.Job
	if err := json.Unmarshal(raw.Data, &job); err != nil || job.Check() != nil {
		_, batch, jobID, ok := protocol.SplitSubject(raw.Subject)
		if !ok {
			return c.assets.Jobs.DeleteMsg(ctx, adv.StreamSeq)
		}
		job = protocol.Job{V: protocol.Version, JobIdentity: protocol.JobIdentity{BatchID: batch, JobID: jobID}}
	}
	// A late result may have landed after the last delivery timed out; if
	// so the job is played, not failed.
	if _, err := c.assets.Results.GetLastMsgForSubject(ctx, protocol.ResultSubject(job.BatchID, job.JobID)); errors.Is(err, jetstream.ErrMsgNotFound) {
		dl := protocol.DeadLetter{V: protocol.Version, Job: job, Attempts: adv.Deliveries,
			Error:  "no worker finished the game within its deliveries (worker crashed, hung or lost its connection)",
			Source: protocol.SourceAdvisory, At: time.Now().UTC()}
		if _, err := c.assets.JS.Publish(ctx, protocol.DeadSubject(job.BatchID, job.JobID), protocol.Marshal(dl),
			jetstream.WithMsgID(protocol.DeadMsgID(job.JobID))); err != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	if err := c.assets.Jobs.DeleteMsg(ctx, adv.StreamSeq); err != nil && !errors.Is(err, jetstream.ErrMsgNotFound) {
		return err
	}
	return nil
}

// WatchQueue polls the workers consumer every interval until ctx ends,
// keeping the queued, in-flight and redelivering gauges current.
func (c *Coordinator) WatchQueue(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		ictx, cancel := context.WithTimeout(ctx, 5*time.Second)
		info, err := c.assets.Workers.Info(ictx)
		cancel()
		if err == nil {
			c.metrics.JobsQueued.Set(float64(info.NumPending))
			c.metrics.JobsInFlight.Set(float64(info.NumAckPending))
			c.metrics.JobsRedelivering.Set(float64(info.NumRedelivered))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// QueueStats is a snapshot of the shared job queue.
type QueueStats struct {
	Queued, InFlight, Redelivering int
}

// Queue reads the workers consumer's counts.
func (c *Coordinator) Queue(ctx context.Context) (QueueStats, error) {
	info, err := c.assets.Workers.Info(ctx)
	if err != nil {
		return QueueStats{}, err
	}
	return QueueStats{Queued: int(info.NumPending), InFlight: info.NumAckPending, Redelivering: info.NumRedelivered}, nil
}

// SortResults orders results by game index.
func SortResults(rs []protocol.Result) {
	sort.Slice(rs, func(i, j int) bool { return rs[i].Game < rs[j].Game })
}

// RecordVerdict exports a ruleset's latest verdict as
// balancefarm_ruleset_viable.
func (c *Coordinator) RecordVerdict(ruleset string, viable bool) {
	v := 0.0
	if viable {
		v = 1
	}
	c.metrics.RulesetViable.WithLabelValues(ruleset).Set(v)
}
