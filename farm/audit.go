package farm

import (
	"cmp"
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
// result can be checked exactly by playing its job again; a timed job (a
// player with a clock, protocol.TimedSpec) is not, and is never audited.
// With an audit runner (Hooks.Audit) a batch run plays again:
//
//   - the first result of every publisher it sees, before that result
//     counts: it and the publisher's later results wait until its audit
//     passes, so a worker that lies from its first game never has a
//     forged game counted;
//   - one in auditEvery of the other results, chosen by a MAC of the job
//     under the farm key (a worker cannot tell which), after they count;
//   - one in auditEveryOff instead for a worker whose first-mover score
//     departs from its peers' by more than scoreDeparture, once both have
//     minScored games.
//
// A publisher is the credential that published a result where its subject
// names one (protocol.CredentialResultSubject: the server lets a worker
// user publish results under its own name only), whatever worker id the
// record carries; else, on a farm without per-user credentials, the worker
// id the record carries, which nothing binds.
//
// Audits run on at most auditSlots goroutines, off the loop that collects
// records. A mismatch quarantines the publisher for the rest of the run:
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

// publisher is who answers for a result in audits: a credential, or
// where the subject names none, a worker id.
type publisher struct{ credential, worker string }

func publisherOf(c candidate) publisher {
	if c.credential != "" {
		return publisher{credential: c.credential}
	}
	return publisher{worker: c.result.WorkerID}
}

func (p publisher) String() string {
	if p.credential != "" {
		return "credential " + p.credential
	}
	return "worker " + p.worker
}

// Quarantine names a publisher whose result did not replay as its job's
// game, and what was thrown away with it.
type Quarantine struct {
	// Credential is the NATS user that published the result, when its
	// subject names one: every result it published is thrown away, whatever
	// worker id each carries.
	Credential string `json:"credential,omitempty"`
	// Worker is the worker id the result carried: without a credential,
	// the id quarantined.
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

// workerScore is a publisher's first-mover points over its counted games.
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
	seen     map[publisher]bool // publishers with a result seen
	trusted  map[publisher]bool // publishers whose first audit passed
	// requeue: jobs whose last record came from a quarantined publisher,
	// queued again as soon as that publication leaves the queue.
	requeue map[string]bool
	held    map[string]candidate       // job -> result waiting for its audit
	owners  map[string]publisher       // job -> publisher of its counted result
	banned  map[publisher]*Quarantine  // quarantined publishers
	scores  map[publisher]*workerScore // per publisher
	total   workerScore                // every counted result
	summary AuditSummary
}

func newAuditor(runner GameRunner, key []byte) *auditor {
	if runner == nil {
		return nil
	}
	return &auditor{runner: runner, key: key, slots: make(chan struct{}, auditSlots()),
		done: make(chan auditDone, 64), seen: map[publisher]bool{}, trusted: map[publisher]bool{}, requeue: map[string]bool{},
		held: map[string]candidate{}, owners: map[string]publisher{}, banned: map[publisher]*Quarantine{}, scores: map[publisher]*workerScore{}}
}

// busy: audits are in flight or results wait for theirs.
func (a *auditor) busy() bool { return a != nil && (a.inFlight > 0 || len(a.held) > 0) }

// sampled says whether a result after its publisher's first is audited.
func (a *auditor) sampled(batch string, cand candidate) bool {
	every := auditEvery
	if a.departs(publisherOf(cand)) {
		every = min(every, auditEveryOff)
	}
	mac := hmac.New(sha256.New, a.key)
	fmt.Fprintf(mac, "audit|%s|%s", batch, cand.result.JobID)
	return binary.BigEndian.Uint64(mac.Sum(nil))%uint64(every) == 0
}

// departs: the publisher's first-mover score is far from its peers'.
func (a *auditor) departs(p publisher) bool {
	own := a.scores[p]
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

func (a *auditor) score(from publisher, r protocol.Result, sign float64) {
	s := a.scores[from]
	if s == nil {
		s = &workerScore{}
		a.scores[from] = s
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
// publisher's first result is audited before it counts, and its results
// wait with it; a sampled result of a trusted publisher counts and is
// audited meanwhile.
func (b *batchRun) auditOrAccept(jobID string, cand candidate) {
	a := b.audit
	// A timed game (a player with a clock) does not replay move for move:
	// playing it again would call every honest worker a liar.
	if a == nil || cand.result == nil || b.complete || b.rec.jobs[jobID].Timed() {
		b.accept(jobID, cand)
		return
	}
	w := publisherOf(cand)
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

// acceptSampled counts a trusted publisher's result, auditing it when
// sampled.
func (b *batchRun) acceptSampled(jobID string, cand candidate) {
	b.accept(jobID, cand)
	if b.audit.sampled(b.id, cand) {
		b.audit.start(b.ruleFile, b.rec.jobs[jobID], cand, false)
	}
}

// audited takes one audit's answer: a held result counts if it passed; a
// mismatch quarantines its publisher.
func (b *batchRun) audited(ctx context.Context, d auditDone) error {
	a := b.audit
	a.inFlight--
	a.summary.Audited++
	a.summary.Seconds += d.elapsed.Seconds()
	r := d.cand.result
	from := publisherOf(d.cand)
	ruleset := b.rec.jobs[r.JobID].Ruleset
	b.c.metrics.Audits.WithLabelValues(ruleset).Inc()
	b.c.metrics.AuditSeconds.WithLabelValues(ruleset).Add(d.elapsed.Seconds())
	if d.held && !a.holds(r.JobID) {
		return nil // its publisher was quarantined meanwhile
	}
	if _, banned := a.banned[from]; banned {
		return nil
	}
	var failed unplayable
	if errors.As(d.err, &failed) {
		b.log.Warn().Err(d.err).Str("job", r.JobID).Str("worker", r.WorkerID).Str("credential", d.cand.credential).Msg("audit could not play the job; the result is taken unaudited")
		d.err = nil
	}
	if d.err == nil {
		if d.held {
			delete(a.held, r.JobID)
			// The publisher's first audit passed: its first result
			// counts, and those that waited with it count as any later one.
			a.trusted[from] = true
			if !b.rec.has(r.JobID) {
				b.accept(r.JobID, d.cand)
			}
			var waited []string
			for id, cand := range a.held {
				if publisherOf(cand) == from {
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
	return b.quarantine(ctx, from, *r, d.err.Error())
}

// quarantine throws a publisher's results away and queues their jobs
// again; differed is the result whose audit found it out.
func (b *batchRun) quarantine(ctx context.Context, from publisher, differed protocol.Result, why string) error {
	a := b.audit
	q := &Quarantine{Credential: from.credential, Worker: differed.WorkerID, Job: differed.JobID, Reason: why}
	a.banned[from] = q
	var again []protocol.Job
	for id, r := range b.rec.results {
		if a.owners[id] != from {
			continue
		}
		b.void(ctx, id, r.Lease)
		delete(b.rec.results, id)
		delete(a.owners, id)
		a.score(from, r, -1)
		b.uncountPublication(id)
		b.sched.retract(b.rec.jobs[id], b.rec)
		again = append(again, b.rec.jobs[id])
	}
	for id, cand := range a.held {
		if publisherOf(cand) == from {
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
			if cand.result != nil && publisherOf(cand) == from {
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
	if from.credential != "" {
		b.c.metrics.CredentialsQuarantined.WithLabelValues(b.plan.Ruleset, from.credential).Inc()
	}
	b.log.Error().Str("credential", from.credential).Str("worker", differed.WorkerID).Str("job", differed.JobID).Str("reason", why).
		Int("discarded", len(again)).
		Msg("audit mismatch: the result is not its job's game; its publisher is quarantined, its games discarded and queued again")
	// A surplus game (beyond its pairing's stopping point, once the
	// discarded games are taken back) is not played again.
	again = slices.DeleteFunc(again, b.sched.surplus)
	slices.SortFunc(again, func(x, y protocol.Job) int { return strings.Compare(x.JobID, y.JobID) })
	if len(again) == 0 {
		return nil
	}
	return b.publishJobs(ctx, again)
}

// void rules a publication answered by a quarantined publisher void,
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
		if b.rec.has(jobID) || a.holds(jobID) || len(b.rec.of(jobID).pending) > 0 || b.sched.surplus(b.rec.jobs[jobID]) {
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

// refused says whether a result comes from a quarantined publisher, and
// counts it there.
func (a *auditor) refused(cand candidate) bool {
	if a == nil {
		return false
	}
	q, ok := a.banned[publisherOf(cand)]
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
	slices.SortFunc(s.Quarantined, func(x, y Quarantine) int {
		return cmp.Or(strings.Compare(x.Credential, y.Credential), strings.Compare(x.Worker, y.Worker))
	})
	out.Audit = &s
}

// ErrOnlyQuarantined is why a batch run stops when only quarantined
// publishers answer its jobs: requeued, their jobs would go back to them
// for ever.
var ErrOnlyQuarantined = errors.New("only quarantined workers answer")

// onlyQuarantined stops a run whose records all come from quarantined
// publishers: none from any other for longer than a game may take (the
// plan's wall limit, ten minutes without one) and two ack waits, while the
// quarantined kept sending. Replicas sharing one credential are one
// publisher, so one liar among them leaves no one to play.
func (b *batchRun) onlyQuarantined() error {
	if b.audit == nil || len(b.audit.banned) == 0 || b.bannedSince == 0 {
		return nil
	}
	game := time.Duration(b.plan.MaxWallMS) * time.Millisecond
	if game <= 0 {
		game = 10 * time.Minute
	}
	quiet := time.Since(b.lastSound)
	if quiet < game+2*b.c.cfg.AckWait {
		return nil
	}
	var names []string
	for p := range b.audit.banned {
		names = append(names, p.String())
	}
	slices.Sort(names)
	return fmt.Errorf("%w: for %s every record (%d) came from %s, quarantined, and none from another worker: give each worker host its own credential (coordinator gensecrets -workers) or stop the quarantined one, then run again to resume",
		ErrOnlyQuarantined, quiet.Round(time.Second), b.bannedSince, strings.Join(names, ", "))
}
