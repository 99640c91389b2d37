package farm

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"time"

	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
)

// Audits. Play is deterministic per job (players, seed, node limit), so a
// result can be checked exactly by playing its job again. With an audit
// runner (Hooks.Audit) a batch run plays again:
//
//   - the first result of every worker id it sees, before that result
//     counts: it and the worker's later results wait until its audit
//     passes, so a worker that lies from its first game, or that takes a
//     fresh id for every game, never has a forged game counted;
//   - one in auditEvery of the other results, chosen by a MAC of the job
//     under the farm key (a worker cannot tell which), after they count;
//   - one in auditEveryOff instead for a worker whose first-mover score
//     departs from its peers' by more than scoreDeparture, once both have
//     minScored games.
//
// Audits run on at most auditSlots goroutines, off the loop that collects
// records. A mismatch quarantines the worker id for the rest of the run:
// its counted results are discarded (a sequential pairing's prefix and
// stop decision are taken back to before them) and their jobs queued
// again, its waiting and later records are refused, and the outcome names
// it. The batch does not finish while an audit is in flight.
const (
	auditEveryOff  = 2
	scoreDeparture = 0.2
	minScored      = 8
)

// auditEvery is a variable so that tests can audit every result.
var auditEvery = 8

// auditSlots is how many audits run at once: a quarter of the CPUs, so
// that in-process workers keep most of the machine.
func auditSlots() int { return max(1, runtime.NumCPU()/4) }

// Quarantine names a worker id whose result did not replay as its job's
// game, and what was thrown away with it.
type Quarantine struct {
	Worker string `json:"worker"`
	// Job is the result that was played again and differed.
	Job    string `json:"job"`
	Reason string `json:"reason"`
	// Discarded counts the worker's counted or held results thrown away
	// (their jobs are played again); Refused, its records refused after.
	Discarded int `json:"discarded"`
	Refused   int `json:"refused"`
}

// AuditSummary is what a batch run's audits did.
type AuditSummary struct {
	Audited    int `json:"audited"`
	Mismatches int `json:"mismatches"`
	// Seconds is the wall time of the audits' games together; GameSeconds
	// that of the counted games as their workers measured it.
	Seconds     float64      `json:"seconds"`
	GameSeconds float64      `json:"game_seconds"`
	Quarantined []Quarantine `json:"quarantined,omitempty"`
}

// auditDone is one audit's answer.
type auditDone struct {
	cand    candidate
	held    bool
	err     error // the replay failed or differed
	elapsed time.Duration
}

// workerScore is a worker id's first-mover points over its counted games.
type workerScore struct {
	games  int
	points float64
}

// auditor is a batch run's audit state; nil when the batch has no audit
// runner.
type auditor struct {
	ctx      context.Context // the run's; audits stop with it
	runner   GameRunner
	key      []byte
	slots    chan struct{}
	done     chan auditDone
	inFlight int
	seen     map[string]bool // worker ids with a result seen
	trusted  map[string]bool // worker ids whose first audit passed
	// requeue: jobs whose last record came from a quarantined worker id,
	// queued again as soon as that publication leaves the queue.
	requeue map[string]bool
	held    map[string]candidate    // job -> result waiting for its audit
	banned  map[string]*Quarantine  // quarantined worker ids
	scores  map[string]*workerScore // per worker id
	total   workerScore             // every counted result
	summary AuditSummary
}

func newAuditor(runner GameRunner, key []byte) *auditor {
	if runner == nil {
		return nil
	}
	return &auditor{runner: runner, key: key, slots: make(chan struct{}, auditSlots()),
		done: make(chan auditDone, 64), seen: map[string]bool{}, trusted: map[string]bool{}, requeue: map[string]bool{}, held: map[string]candidate{},
		banned: map[string]*Quarantine{}, scores: map[string]*workerScore{}}
}

// busy: audits are in flight or results wait for theirs.
func (a *auditor) busy() bool { return a != nil && (a.inFlight > 0 || len(a.held) > 0) }

// sampled says whether a result after a worker's first is audited.
func (a *auditor) sampled(batch string, r protocol.Result) bool {
	every := auditEvery
	if a.departs(r.WorkerID) {
		every = min(every, auditEveryOff)
	}
	mac := hmac.New(sha256.New, a.key)
	fmt.Fprintf(mac, "audit|%s|%s", batch, r.JobID)
	return binary.BigEndian.Uint64(mac.Sum(nil))%uint64(every) == 0
}

// departs: the worker's first-mover score is far from its peers'.
func (a *auditor) departs(worker string) bool {
	own := a.scores[worker]
	if own == nil || own.games < minScored {
		return false
	}
	peers := workerScore{a.total.games - own.games, a.total.points - own.points}
	if peers.games < minScored {
		return false
	}
	return math.Abs(own.points/float64(own.games)-peers.points/float64(peers.games)) > scoreDeparture
}

func firstMoverPoints(r protocol.Result) float64 {
	switch r.Winner {
	case protocol.FirstMover:
		return 1
	case protocol.SecondMover:
		return 0
	}
	return 0.5
}

func (a *auditor) score(r protocol.Result, sign float64) {
	s := a.scores[r.WorkerID]
	if s == nil {
		s = &workerScore{}
		a.scores[r.WorkerID] = s
	}
	n, p := int(sign), sign*firstMoverPoints(r)
	s.games += n
	s.points += p
	a.total.games += n
	a.total.points += p
}

// holds: the job's result waits for its audit.
func (a *auditor) holds(jobID string) bool {
	_, ok := a.held[jobID]
	return ok
}

// start plays the result's job again on a free slot; the answer comes on
// a.done unless the run ends first.
func (a *auditor) start(ruleFile []byte, job protocol.Job, cand candidate, held bool) {
	a.inFlight++
	ctx := a.ctx
	go func() {
		select {
		case a.slots <- struct{}{}:
		case <-ctx.Done():
			return
		}
		begin := time.Now()
		err := a.replay(ctx, ruleFile, job, *cand.result)
		<-a.slots
		select {
		case a.done <- auditDone{cand: cand, held: held, err: err, elapsed: time.Since(begin)}:
		case <-ctx.Done():
		}
	}()
}

// replay plays job and compares the game with r's.
func (a *auditor) replay(ctx context.Context, ruleFile []byte, job protocol.Job, r protocol.Result) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = unplayable{fmt.Errorf("audit runner panicked: %v", p)}
		}
	}()
	got, err := a.runner.Run(ctx, ruleFile, job, func() {})
	if err != nil {
		return unplayable{fmt.Errorf("playing the job again: %w", err)}
	}
	if !slices.Equal(got.Moves, r.Moves) {
		ply := 0
		for ply < min(len(got.Moves), len(r.Moves)) && got.Moves[ply] == r.Moves[ply] {
			ply++
		}
		return fmt.Errorf("moves differ from ply %d (%d plies played again, %d recorded)", ply+1, len(got.Moves), len(r.Moves))
	}
	if got.Winner != r.Winner || got.Ending != r.Ending {
		return fmt.Errorf("ending differs: %s by %s played again, %s by %s recorded", got.Result, got.Ending, r.Result, r.Ending)
	}
	return nil
}

// unplayable is an audit that could not play the job: it says nothing
// of the worker (the coordinator's runner failed), so the result is
// taken as if it had not been sampled.
type unplayable struct{ error }

func (u unplayable) Unwrap() error { return u.error }

// auditOrAccept counts a sound record, or holds it for an audit: a
// worker id's first result is audited before it counts, and its results
// wait with it; a sampled result of a trusted worker id counts and is
// audited meanwhile.
func (b *batchRun) auditOrAccept(jobID string, cand candidate) {
	a := b.audit
	if a == nil || cand.result == nil || b.complete {
		b.accept(jobID, cand)
		return
	}
	w := cand.result.WorkerID
	switch {
	case !a.seen[w]:
		a.seen[w] = true
		a.held[jobID] = cand
		a.start(b.ruleFile, b.rec.jobs[jobID], cand, true)
	case !a.trusted[w]:
		a.held[jobID] = cand // until the worker's first audit passes
	default:
		b.acceptSampled(jobID, cand)
	}
}

// acceptSampled counts a trusted worker's result, auditing it when
// sampled.
func (b *batchRun) acceptSampled(jobID string, cand candidate) {
	b.accept(jobID, cand)
	if b.audit.sampled(b.id, *cand.result) {
		b.audit.start(b.ruleFile, b.rec.jobs[jobID], cand, false)
	}
}

// audited takes one audit's answer: a held result counts if it passed; a
// mismatch quarantines its worker.
func (b *batchRun) audited(ctx context.Context, d auditDone) error {
	a := b.audit
	a.inFlight--
	a.summary.Audited++
	a.summary.Seconds += d.elapsed.Seconds()
	r := d.cand.result
	ruleset := b.rec.jobs[r.JobID].Ruleset
	b.c.metrics.Audits.WithLabelValues(ruleset).Inc()
	b.c.metrics.AuditSeconds.WithLabelValues(ruleset).Add(d.elapsed.Seconds())
	if d.held && !a.holds(r.JobID) {
		return nil // its worker was quarantined meanwhile
	}
	if _, banned := a.banned[r.WorkerID]; banned {
		return nil
	}
	var failed unplayable
	if errors.As(d.err, &failed) {
		b.log.Warn().Err(d.err).Str("job", r.JobID).Str("worker", r.WorkerID).Msg("audit could not play the job; the result is taken unaudited")
		d.err = nil
	}
	if d.err == nil {
		if d.held {
			delete(a.held, r.JobID)
			// The worker's first audit passed: its first result counts,
			// and those that waited with it count as any later one.
			a.trusted[r.WorkerID] = true
			if !b.rec.has(r.JobID) {
				b.accept(r.JobID, d.cand)
			}
			var waited []string
			for id, cand := range a.held {
				if cand.result.WorkerID == r.WorkerID {
					waited = append(waited, id)
				}
			}
			slices.Sort(waited)
			for _, id := range waited {
				cand := a.held[id]
				delete(a.held, id)
				if !b.rec.has(id) {
					b.acceptSampled(id, cand)
				}
			}
		}
		return nil
	}
	a.summary.Mismatches++
	b.c.metrics.AuditMismatches.WithLabelValues(ruleset).Inc()
	return b.quarantine(ctx, r.WorkerID, r.JobID, d.err.Error())
}

// quarantine throws a worker id's results away and queues their jobs
// again.
func (b *batchRun) quarantine(ctx context.Context, worker, jobID, why string) error {
	a := b.audit
	q := &Quarantine{Worker: worker, Job: jobID, Reason: why}
	a.banned[worker] = q
	var again []protocol.Job
	for id, r := range b.rec.results {
		if r.WorkerID != worker {
			continue
		}
		b.void(ctx, id, r.Lease)
		delete(b.rec.results, id)
		a.score(r, -1)
		b.uncountPublication(id)
		b.sched.retract(b.rec.jobs[id], b.rec)
		again = append(again, b.rec.jobs[id])
	}
	for id, cand := range a.held {
		if cand.result.WorkerID == worker {
			b.void(ctx, id, cand.lease)
			delete(a.held, id)
			b.uncountPublication(id)
			again = append(again, b.rec.jobs[id])
		}
	}
	q.Discarded = len(again)
	for id, jr := range b.rec.per {
		keep := jr.pending[:0]
		for _, cand := range jr.pending {
			if cand.result != nil && cand.result.WorkerID == worker {
				q.Refused++
				b.void(ctx, id, cand.lease)
				b.reject(id, b.rec.jobs[id].Ruleset, rejectQuarantined, "")
				b.uncountPublication(id)
				continue
			}
			keep = append(keep, cand)
		}
		jr.pending = keep
	}
	b.c.metrics.Quarantines.WithLabelValues(b.plan.Ruleset).Inc()
	b.c.metrics.QuarantineDiscards.WithLabelValues(b.plan.Ruleset).Add(float64(len(again)))
	b.log.Error().Str("worker", worker).Str("job", jobID).Str("reason", why).Int("discarded", len(again)).
		Msg("audit mismatch: the worker's result is not its job's game; worker quarantined, its games discarded and queued again")
	slices.SortFunc(again, func(x, y protocol.Job) int { return strings.Compare(x.JobID, y.JobID) })
	if len(again) == 0 {
		return nil
	}
	return b.publishJobs(ctx, again)
}

// void rules a publication answered by a quarantined worker id void,
// here and, with a sealed verdict in the stream, for every later run: a
// rerun of the complete batch, which audits nothing, would otherwise take
// the worker's record as its publication's first answer.
func (b *batchRun) void(ctx context.Context, jobID, lease string) {
	b.rec.of(jobID).contested[protocol.LeaseNonce(lease)] = true
	v := protocol.Verdict{V: protocol.Version, JobID: jobID, Lease: lease, Ruling: protocol.VerdictContested, Records: 1}
	v.Seal = protocol.Seal(b.key, protocol.KindVerdicts, b.id, jobID, lease, v.Ruling)
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := b.c.Assets().JS.Publish(pctx, protocol.VerdictSubject(b.id, jobID), protocol.Marshal(v),
		jetstream.WithMsgID(protocol.VerdictMsgID(jobID, lease))); err != nil {
		b.log.Warn().Err(err).Str("job", jobID).Msg("verdict voiding a quarantined worker's record not stored")
	}
}

// requeueRefused queues again, as soon as their publication has left the
// queue, the jobs a quarantined worker answered, instead of at the next
// recheck: a worker that keeps pulling jobs to have them refused delays
// them by a moment each, not by a recheck interval.
func (b *batchRun) requeueRefused(ctx context.Context) error {
	a := b.audit
	if a == nil || len(a.requeue) == 0 || time.Now().Before(b.quietUntil) {
		return nil
	}
	var due []protocol.Job
	for jobID := range a.requeue {
		if b.rec.has(jobID) || a.holds(jobID) || len(b.rec.of(jobID).pending) > 0 {
			delete(a.requeue, jobID)
			continue
		}
		qctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		_, queued, err := b.queuedLease(qctx, jobID)
		cancel()
		if err != nil {
			b.quietUntil = time.Now().Add(time.Second)
			break
		}
		if !queued {
			delete(a.requeue, jobID)
			due = append(due, b.rec.jobs[jobID])
		}
	}
	if len(due) == 0 {
		return nil
	}
	slices.SortFunc(due, func(x, y protocol.Job) int { return strings.Compare(x.JobID, y.JobID) })
	return b.publishJobs(ctx, due)
}

// refused says whether a result comes from a quarantined worker id, and
// counts it there.
func (a *auditor) refused(r protocol.Result) bool {
	if a == nil {
		return false
	}
	q, ok := a.banned[r.WorkerID]
	if ok {
		q.Refused++
	}
	return ok
}

// summarise fills the outcome's audit figures in.
func (a *auditor) summarise(out *Outcome) {
	if a == nil {
		return
	}
	s := a.summary
	for _, r := range out.Results {
		s.GameSeconds += r.Duration().Seconds()
	}
	for _, q := range a.banned {
		s.Quarantined = append(s.Quarantined, *q)
	}
	slices.SortFunc(s.Quarantined, func(x, y Quarantine) int { return strings.Compare(x.Worker, y.Worker) })
	out.Audit = &s
}
