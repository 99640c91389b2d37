package farm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// Coordinator queues batches and collects their records.
type Coordinator struct {
	cfg     Config
	js      jetstream.JetStream
	log     zerolog.Logger
	metrics *CoordinatorMetrics

	mu     sync.Mutex
	assets *Assets
}

// NewCoordinator sets the farm's assets up (idempotently) and returns a
// coordinator over them. It retries while the server is unreachable or
// electing leaders, until ctx ends.
func NewCoordinator(ctx context.Context, js jetstream.JetStream, cfg Config, log zerolog.Logger, m *CoordinatorMetrics) (*Coordinator, error) {
	cfg = cfg.withDefaults()
	if m == nil {
		m = NewCoordinatorMetrics(nil)
	}
	c := &Coordinator{cfg: cfg, js: js, log: log, metrics: m}
	var assets *Assets
	err := retry(ctx, func(ctx context.Context) error {
		var err error
		assets, err = setup(ctx, js, cfg, nil)
		if err != nil {
			log.Debug().Err(err).Msg("setting up streams")
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("setting up JetStream: %w", err)
	}
	if assets.SettingsNote != "" {
		log.Warn().Msg(assets.SettingsNote)
	}
	if cfg.Reconfigure {
		log.Info().Interface("settings", assets.Settings).Strs("consumers", assets.Reconfigured).
			Msg("farm reconfigured: new batches and the running ones listed take these settings")
	}
	c.assets = assets
	return c, nil
}

// Assets are the coordinator's JetStream handles.
func (c *Coordinator) Assets() *Assets {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.assets
}

// Settings are the farm's settings this coordinator works with.
func (c *Coordinator) Settings() Settings { return c.Assets().Settings }

// BatchID is the id the farm gives a plan: a MAC under the farm key, the
// same for equal plans, unknowable to whoever lacks the key.
func (c *Coordinator) BatchID(plan protocol.Plan) string {
	return protocol.BatchID(c.Assets().Key, plan)
}

// recreate sets every asset up again after some vanished (a server that
// lost its store), keeping this coordinator's key where the farm bucket
// is gone too, so that its batches keep their ids and leases.
func (c *Coordinator) recreate(ctx context.Context, why error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	// The farm's settings as stored win: this coordinator's own were put
	// there when it started, if it was told to reconfigure.
	cfg := c.cfg
	cfg.Reconfigure = false
	a, err := setup(ctx, c.js, cfg, c.assets.Key)
	if err != nil {
		return err
	}
	c.assets = a
	c.metrics.StreamsRecreated.Inc()
	c.log.Error().Err(why).Msg("the farm's streams or buckets were gone (a server that lost its store?): made them again; lost jobs are queued again")
	return nil
}

// assetsGone asks the server for the farm's streams and returns the error
// of one it does not have, or nil when it has them all (or cannot say).
func (c *Coordinator) assetsGone(ctx context.Context) error {
	ictx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for _, name := range StreamNames() {
		if _, err := c.js.Stream(ictx, name); errors.Is(err, jetstream.ErrStreamNotFound) {
			return fmt.Errorf("stream %s: %w", name, err)
		}
	}
	return nil
}

// StreamNames are the JetStream streams behind the farm's streams and
// buckets: a store that has been used holds every one of them.
func StreamNames() []string {
	return []string{StreamJobs, StreamResults, StreamAdvisories, "KV_" + BucketBatches, "KV_" + BucketFarm, "OBJ_" + BucketRules}
}

// BatchState is what the batches bucket holds for each batch.
type BatchState struct {
	Plan        protocol.Plan `json:"plan"`
	State       string        `json:"state"`
	Created     time.Time     `json:"created"`
	Finished    time.Time     `json:"finished,omitzero"`
	Results     int           `json:"results"`
	DeadLetters int           `json:"dead_letters"`
	// Owner is the kind of coordinator that runs the batch (Config.Owner):
	// serve resumes only its own batches.
	Owner string `json:"owner,omitempty"`
	// File is the rule file's name as posted (Hooks.File), when given.
	File string `json:"file,omitempty"`
	// Account is the service account that posted the batch (Hooks.Account),
	// its owner across restarts.
	Account string `json:"account,omitempty"`
	// Heartbeat is when the coordinator running the batch last said so;
	// a running batch whose heartbeat is older than a few HeartbeatEvery
	// has lost its coordinator, and another coordinator abandons it.
	Heartbeat      time.Time     `json:"heartbeat,omitzero"`
	HeartbeatEvery time.Duration `json:"heartbeat_every,omitempty"`
	// Reason says why a batch was cancelled or abandoned.
	Reason string `json:"reason,omitempty"`
	// Elapsed is the time coordinators have spent running the batch, every
	// session together (saved every second, on interruption and at the
	// end), so a resumed run reports the whole measurement's time: a
	// session killed without a word loses at most the last second.
	Elapsed time.Duration `json:"elapsed,omitempty"`
}

// Batch states.
const (
	StateRunning  = "running"
	StateComplete = "complete"
	// StateCancelled: cancelled by a user; never resumed.
	StateCancelled = "cancelled"
	// StateAbandoned: its coordinator stopped heartbeating; its jobs were
	// removed, and running the same plan again resumes it.
	StateAbandoned = "abandoned"
)

// ErrCancelled is returned by a run whose batch was cancelled.
var ErrCancelled = errors.New("batch cancelled")

// Outcome is a finished batch: exactly one record per job that counts.
type Outcome struct {
	BatchID string
	Plan    protocol.Plan
	// Results are in game order; DeadLetters are the jobs no worker could
	// play. In a sequential batch Results hold each pairing's games up to
	// its stopping point, so a rerun gets the same ones whatever the
	// timing; games played beyond it before they could be withdrawn are
	// in Surplus. Dead letters are reported wherever they fell.
	Results     []protocol.Result
	DeadLetters []protocol.DeadLetter
	Surplus     []protocol.Result
	// Pairings say how each pairing ended, in plan order.
	Pairings []PairingOutcome
	// Duplicates counts sound records dropped because their job had one
	// already; Rejected counts records refused (forged, malformed, for no
	// job of the batch, failing the game check, or contested).
	Duplicates int
	Rejected   int
	// Audit says what the audits did (nil without Hooks.Audit): how many
	// results were played again, at what cost, and which worker ids were
	// quarantined with how many games discarded.
	Audit *AuditSummary
	// Elapsed is the batch's running time over every session that ran it
	// (BatchState.Elapsed); Resumed counts the jobs already recorded when
	// this run opened the batch.
	Elapsed time.Duration
	Resumed int
}

// Progress is told how many of a batch's jobs have a record.
type Progress func(done, total int)

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
	// and how many jobs the batch expects: the whole plan, less the jobs
	// beyond the stopping point of pairings that stopped early, except
	// those that have a record (surplus).
	Progress Progress
	// Record is called once per job with its record: a result or a dead
	// letter (the other is nil).
	Record func(*protocol.Result, *protocol.DeadLetter)
	// Stop, when set, makes the batch sequential: GamesPerPairing becomes
	// a cap, each pairing's colour-swapped pairs are published in plan
	// order, Window at a time beyond the pairing's complete prefix, and a
	// pairing gets no new pairs once Stop says so. Jobs already published
	// for it are withdrawn (see doc.go); those played before are collected
	// as surplus. Nil plays every job.
	Stop StopFunc
	// Window is the pairs in flight per pairing of a sequential batch
	// (DefaultWindow when 0).
	Window int
	// Deadline, when set on a sequential batch, stops every pairing still
	// open when it comes, at its complete prefix, with DeadlineReason (and
	// the StopFunc's last reason after it): the pairs in flight are
	// withdrawn unfinished, so the batch ends within moments of it. A stop
	// rule that reads the clock would otherwise have to stop its pairings
	// early, guessing when their next pair completes.
	Deadline       time.Time
	DeadlineReason string
	// Verify, when set, checks a result beyond its fields (measure replays
	// the moves through the engine); a result it refuses is never counted.
	Verify func(protocol.Result) error
	// Audit, when set, plays a sample of the results again with the job's
	// players and seed and compares the games (see audit.go): a worker id
	// with one that differs is quarantined and its games are played again.
	// It must play as the workers do (measure hands the engine's runner).
	Audit GameRunner
	// Resumed, when set, is told once, after the records already in the
	// stream are read, how many jobs had one and how many the batch
	// expects; not called for a batch that starts with none.
	Resumed func(done, total int)
	// File, when set, is the rule file's name as its requester gave it,
	// kept in the batch's state (BatchState.File) so that a restarted
	// service names the measurement as it was posted.
	File string
	// Account, when set, is the service account that posted the batch,
	// kept in its state (BatchState.Account) so that a restarted service
	// knows whose it is.
	Account string
	// Created, when set, is when the batch was asked for, kept as its
	// state's Created (else the time it opens): a restarted service lists
	// measurements in the order they were posted, not the order their
	// runs happened to open.
	Created time.Time
}

// RunHooks is Run with hooks.
func (c *Coordinator) RunHooks(ctx context.Context, plan protocol.Plan, ruleFile []byte, hooks Hooks) (*Outcome, error) {
	if err := plan.Check(); err != nil {
		return nil, err
	}
	if got := protocol.HashRuleFile(ruleFile); got != plan.RulesetHash {
		return nil, fmt.Errorf("rule file hashes to %s, plan says %s", got, plan.RulesetHash)
	}
	b, err := c.newBatchRun(plan, ruleFile, hooks)
	if err != nil {
		return nil, err
	}
	c.metrics.BatchesActive.Inc()
	defer c.metrics.BatchesActive.Dec()
	return b.run(ctx)
}

// storeRuleFile puts the rule file in the object store unless it is there.
func (c *Coordinator) storeRuleFile(ctx context.Context, hash string, data []byte) error {
	rules := c.Assets().Rules
	if _, err := rules.GetInfo(ctx, hash); err == nil {
		return nil
	} else if !errors.Is(err, jetstream.ErrObjectNotFound) {
		return err
	}
	_, err := rules.PutBytes(ctx, hash, data)
	return err
}

// RuleFile fetches a stored rule file by hash.
func (c *Coordinator) RuleFile(ctx context.Context, hash string) ([]byte, error) {
	return c.Assets().Rules.GetBytes(ctx, hash)
}

// Batches lists every batch the bucket knows.
func (c *Coordinator) Batches(ctx context.Context) (map[string]BatchState, error) {
	kv := c.Assets().Batches
	keys, err := kv.ListKeys(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]BatchState{}
	for k := range keys.Keys() {
		entry, err := kv.Get(ctx, k)
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

// Cancel cancels a batch: its state becomes cancelled (the coordinator
// running it stops, and nothing resumes it), its consumer goes and its
// queued jobs are removed. Cancelling a complete batch is an error; a
// cancelled one, a no-op.
func (c *Coordinator) Cancel(ctx context.Context, id, reason string) error {
	return c.cancel(ctx, id, nil, reason)
}

// CancelPlan is Cancel for a batch whose run may not have recorded it
// yet (a measurement cancelled as soon as it was posted): the batch is
// recorded cancelled, so that its run stops when it opens it.
func (c *Coordinator) CancelPlan(ctx context.Context, plan protocol.Plan, reason string) error {
	return c.cancel(ctx, c.BatchID(plan), &plan, reason)
}

func (c *Coordinator) cancel(ctx context.Context, id string, plan *protocol.Plan, reason string) error {
	if !protocol.IsToken(id) {
		return fmt.Errorf("%q is not a batch id", id)
	}
	a := c.Assets()
	for {
		entry, err := a.Batches.Get(ctx, id)
		if errors.Is(err, jetstream.ErrKeyNotFound) && plan != nil {
			now := time.Now().UTC()
			st := BatchState{Plan: *plan, State: StateCancelled, Created: now, Finished: now, Owner: c.cfg.Owner, Reason: reason}
			if _, err := a.Batches.Create(ctx, id, protocol.Marshal(st)); errors.Is(err, jetstream.ErrKeyExists) {
				continue // recorded meanwhile: cancel that
			} else if err != nil {
				return err
			}
			c.metrics.BatchesCancelled.Inc()
			return c.removeJobs(ctx, id)
		}
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return fmt.Errorf("no batch %s", id)
		}
		if err != nil {
			return err
		}
		var st BatchState
		if err := json.Unmarshal(entry.Value(), &st); err != nil {
			return fmt.Errorf("batch %s: stored state unreadable: %w", id, err)
		}
		if st.State == StateComplete {
			return fmt.Errorf("batch %s is complete", id)
		}
		if st.State != StateCancelled {
			st.State, st.Reason, st.Finished = StateCancelled, reason, time.Now().UTC()
			if _, err := a.Batches.Update(ctx, id, protocol.Marshal(st), entry.Revision()); err != nil {
				if isWrongSequence(err) {
					continue // changed meanwhile (a heartbeat): read it again
				}
				return err
			}
			c.metrics.BatchesCancelled.Inc()
		}
		return c.removeJobs(ctx, id)
	}
}

// removeJobs deletes a batch's consumer and its queued jobs.
func (c *Coordinator) removeJobs(ctx context.Context, id string) error {
	a := c.Assets()
	if err := a.Jobs.DeleteConsumer(ctx, id); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
		return fmt.Errorf("deleting batch %s's consumer: %w", id, err)
	}
	if err := a.Jobs.Purge(ctx, jetstream.WithPurgeSubject(protocol.BatchJobsFilter(id))); err != nil {
		return fmt.Errorf("removing batch %s's jobs: %w", id, err)
	}
	return nil
}

func isWrongSequence(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence
}

// abandonStale gives up the running batches whose coordinator stopped
// heartbeating: their jobs leave the queue (a heavy batch whose
// coordinator died does not hold workers forever) and their state says
// abandoned. Running the same plan again resumes such a batch.
func (c *Coordinator) abandonStale(ctx context.Context) {
	a := c.Assets()
	keys, err := a.Batches.ListKeys(ctx)
	if err != nil {
		return
	}
	now := time.Now()
	for k := range keys.Keys() {
		entry, err := a.Batches.Get(ctx, k)
		if err != nil {
			continue
		}
		var st BatchState
		if json.Unmarshal(entry.Value(), &st) != nil || st.State != StateRunning || st.HeartbeatEvery <= 0 {
			continue
		}
		if now.Sub(st.Heartbeat) < staleAfter(st.HeartbeatEvery) {
			continue
		}
		st.State, st.Reason = StateAbandoned, fmt.Sprintf("no heartbeat from its coordinator since %s", st.Heartbeat.Format(time.RFC3339))
		if _, err := a.Batches.Update(ctx, k, protocol.Marshal(st), entry.Revision()); err != nil {
			continue // resumed or cancelled meanwhile
		}
		if err := c.removeJobs(ctx, k); err != nil {
			c.log.Warn().Str("batch", k).Err(err).Msg("abandoned batch's jobs not removed")
			continue
		}
		c.log.Warn().Str("batch", k).Str("ruleset", st.Plan.Ruleset).Str("owner", st.Owner).
			Msg("batch abandoned: its coordinator is gone; its queued jobs were removed (run it again to resume)")
	}
}

// staleAfter is how long a running batch may go without a heartbeat.
func staleAfter(every time.Duration) time.Duration { return max(4*every, 2*time.Second) }

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
// this; each advisory is handled once. Every RecheckInterval it also
// abandons running batches whose coordinator is gone.
func (c *Coordinator) WatchDeadLetters(ctx context.Context) {
	wait := 100 * time.Millisecond
	nextReap := time.Now()
	for ctx.Err() == nil {
		if time.Now().After(nextReap) {
			rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			c.abandonStale(rctx)
			cancel()
			nextReap = time.Now().Add(c.cfg.RecheckInterval)
		}
		fctx, cancel := context.WithTimeout(ctx, min(5*time.Second, c.cfg.RecheckInterval))
		batch, err := c.Assets().DeadLetter.Fetch(16, jetstream.FetchContext(fctx))
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
	a := c.Assets()
	var adv deliveryAdvisory
	if err := json.Unmarshal(m.Data(), &adv); err != nil || adv.Stream != StreamJobs {
		c.log.Warn().Str("advisory", string(m.Data())).Msg("unexpected advisory ignored")
		return nil
	}
	raw, err := a.Jobs.GetMsg(ctx, adv.StreamSeq)
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
			return a.Jobs.DeleteMsg(ctx, adv.StreamSeq)
		}
		job = protocol.Job{V: protocol.Version, JobIdentity: protocol.JobIdentity{BatchID: batch, JobID: jobID}}
	}
	// A late result may have landed after the last delivery timed out; if
	// so the job is played, not failed. Only a result under the job's own
	// lease counts as one.
	played := false
	for _, subj := range []string{protocol.ResultSubject(job.BatchID, job.JobID), protocol.JobCredentialResultsFilter(job.BatchID, job.JobID)} {
		late, err := a.Results.GetLastMsgForSubject(ctx, subj)
		if err == nil {
			var r protocol.Result
			played = played || json.Unmarshal(late.Data, &r) == nil && r.Lease == job.Lease && job.Lease != ""
		} else if !errors.Is(err, jetstream.ErrMsgNotFound) {
			return err
		}
	}
	if !played {
		dl := protocol.DeadLetter{V: protocol.Version, Job: job, Attempts: adv.Deliveries,
			Error:  "no worker finished the game within its deliveries (worker crashed, hung or lost its connection)",
			Source: protocol.SourceAdvisory, At: time.Now().UTC()}
		dl.Seal = protocol.Seal(a.Key, protocol.KindDead, job.BatchID, job.JobID, job.Lease, dl.Source)
		if _, err := a.JS.Publish(ctx, protocol.DeadSubject(job.BatchID, job.JobID), protocol.Marshal(dl),
			jetstream.WithMsgID(protocol.DeadMsgID(job.JobID, job.Lease))); err != nil {
			return err
		}
	}
	if err := a.Jobs.DeleteMsg(ctx, adv.StreamSeq); err != nil && !errors.Is(err, jetstream.ErrMsgNotFound) {
		return err
	}
	return nil
}

// WatchQueue polls the batch consumers every interval until ctx ends,
// keeping the queued, in-flight and redelivering gauges current.
func (c *Coordinator) WatchQueue(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		ictx, cancel := context.WithTimeout(ctx, 5*time.Second)
		q, err := c.Queue(ictx)
		cancel()
		if err == nil {
			c.metrics.JobsQueued.Set(float64(q.Queued))
			c.metrics.JobsInFlight.Set(float64(q.InFlight))
			c.metrics.JobsRedelivering.Set(float64(q.Redelivering))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// QueueStats is a snapshot of the job queue, every batch together.
type QueueStats struct {
	Queued, InFlight, Redelivering int
	// Batches is how many batches have a consumer.
	Batches int
}

// Queue sums the batch consumers' counts.
func (c *Coordinator) Queue(ctx context.Context) (QueueStats, error) {
	var q QueueStats
	list := c.Assets().Jobs.ListConsumers(ctx)
	for info := range list.Info() {
		q.Batches++
		q.Queued += int(info.NumPending)
		q.InFlight += info.NumAckPending
		q.Redelivering += info.NumRedelivered
	}
	return q, list.Err()
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
