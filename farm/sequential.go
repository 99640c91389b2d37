package farm

import (
	"fmt"

	"balancefarm/protocol"
)

// StopFunc decides whether a pairing of a sequential batch has played
// enough: it gets the pairing's two players (in ladder order) and the
// results of its first complete colour-swapped pairs, in plan order (dead
// letters left out), and says whether to stop and why. It is called each
// time that prefix grows by a pair, so a decision depends only on the
// prefix and a rerun stops at the same game.
type StopFunc func(pairing [2]string, results []protocol.Result) (stop bool, reason string)

// DefaultWindow is the pairs a sequential batch keeps in flight per
// pairing when Hooks.Window is not set.
const DefaultWindow = 2

// PairingOutcome says how one pairing of a batch ended.
type PairingOutcome struct {
	Players [2]string `json:"players"`
	// Games is how many of the pairing's games count (in Outcome.Results
	// or Outcome.DeadLetters): the pairs up to its stopping point.
	Games int `json:"games"`
	// Stopped is true when the StopFunc ended the pairing before the cap.
	Stopped bool   `json:"stopped"`
	Reason  string `json:"reason,omitempty"`
	// Surplus counts games played beyond the stopping point (pairs that
	// were in flight when the pairing stopped and finished before they
	// could be withdrawn).
	Surplus int `json:"surplus,omitempty"`
}

// pairingRun is one pairing's place in a batch. Its pairs are published in
// plan order; frontier of them are published (or were found published),
// prefix of them have a record for both games, and stopAt, once the
// StopFunc says so, is the prefix the pairing stopped at.
type pairingRun struct {
	players  [2]string
	jobs     []protocol.Job // 2 per pair, in plan order
	frontier int
	prefix   int
	stopAt   int // -1 while the pairing is open
	reason   string
	counted  []protocol.Result // results of the first prefix pairs
}

func (p *pairingRun) pairs() int { return len(p.jobs) / 2 }

// closed: the pairing needs no more pairs published.
func (p *pairingRun) closed() bool { return p.stopAt >= 0 || p.prefix == p.pairs() }

// limit is how many pairs count towards the outcome: the stopping point,
// or every pair once the cap is reached.
func (p *pairingRun) limit() int {
	if p.stopAt >= 0 {
		return p.stopAt
	}
	return p.pairs()
}

// schedule tracks the pairings of one batch.
type schedule struct {
	plan     protocol.Plan
	pairings []*pairingRun
	stop     StopFunc
	window   int
}

// newSchedule lays the plan's jobs out by pairing. Without a StopFunc
// every pair is published at once, which is a plain batch.
func newSchedule(plan protocol.Plan, jobs []protocol.Job, stop StopFunc, window int) (*schedule, error) {
	if window < 1 {
		window = DefaultWindow
	}
	s := &schedule{plan: plan, stop: stop, window: window}
	for _, pr := range plan.Pairings() {
		s.pairings = append(s.pairings, &pairingRun{players: [2]string{pr.A, pr.B}, stopAt: -1})
	}
	for _, j := range jobs {
		pi, k, ok := plan.PairingOf(j)
		if !ok || pi >= len(s.pairings) {
			return nil, fmt.Errorf("job %s is outside its plan", j.JobID)
		}
		p := s.pairings[pi]
		if len(p.jobs) != 2*k+j.Game%2 {
			return nil, fmt.Errorf("job %s is out of plan order", j.JobID)
		}
		p.jobs = append(p.jobs, j)
	}
	if stop == nil {
		for _, p := range s.pairings {
			p.frontier = p.pairs()
		}
	}
	return s, nil
}

// locate finds a job's pairing and pair.
func (s *schedule) locate(j protocol.Job) (*pairingRun, int) {
	pi, k, ok := s.plan.PairingOf(j)
	if !ok || pi >= len(s.pairings) {
		return nil, 0
	}
	return s.pairings[pi], k
}

// cover moves a pairing's frontier past a job known to be published (one
// found in the streams), so that it is waited for.
func (s *schedule) cover(j protocol.Job) {
	if p, k := s.locate(j); p != nil && k >= p.frontier {
		p.frontier = k + 1
	}
}

// published lists the jobs below every frontier.
func (s *schedule) published() []protocol.Job {
	var out []protocol.Job
	for _, p := range s.pairings {
		out = append(out, p.jobs[:2*p.frontier]...)
	}
	return out
}

// expected is how many jobs the batch will have records for if nothing
// else stops: the counted jobs of stopped pairings with their surplus
// records so far (the rest of their jobs are withdrawn), and every job of
// open ones. It starts at the cap and shrinks as pairings stop.
func (s *schedule) expected(rec *records) int {
	n := 0
	for _, p := range s.pairings {
		if p.stopAt < 0 {
			n += len(p.jobs)
			continue
		}
		n += 2 * p.stopAt
		for _, j := range p.jobs[2*p.stopAt : 2*max(p.frontier, p.stopAt)] {
			if rec.has(j.JobID) {
				n++
			}
		}
	}
	return n
}

// surplus reports a job beyond its pairing's stopping point: its game
// would not count, so it need not be played (or played again).
func (s *schedule) surplus(j protocol.Job) bool {
	p, k := s.locate(j)
	return p != nil && p.stopAt >= 0 && k >= p.stopAt
}

// withdrawable lists the published jobs beyond the stopping points of
// stopped pairings that have no record: the games the batch no longer
// needs.
func (s *schedule) withdrawable(rec *records) []protocol.Job {
	var out []protocol.Job
	for _, p := range s.pairings {
		if p.stopAt < 0 || p.stopAt >= p.frontier {
			continue
		}
		for _, j := range p.jobs[2*p.stopAt : 2*p.frontier] {
			if !rec.has(j.JobID) {
				out = append(out, j)
			}
		}
	}
	return out
}

// settle advances a pairing's complete prefix over pairs whose games both
// have a record, asking the StopFunc at each new prefix while the pairing
// is open. It returns true if the pairing stopped.
func (s *schedule) settle(p *pairingRun, rec *records) bool {
	stopped := false
	for p.prefix < p.frontier {
		a, b := p.jobs[2*p.prefix], p.jobs[2*p.prefix+1]
		if !rec.has(a.JobID) || !rec.has(b.JobID) {
			break
		}
		p.prefix++
		if p.stopAt >= 0 {
			continue
		}
		for _, j := range []protocol.Job{a, b} {
			if r, ok := rec.results[j.JobID]; ok {
				p.counted = append(p.counted, r)
			}
		}
		if s.stop == nil {
			continue
		}
		stop, reason := s.stop(p.players, p.counted[:len(p.counted):len(p.counted)])
		p.reason = reason
		if stop {
			p.stopAt, stopped = p.prefix, true
		}
	}
	return stopped
}

// stopOpen stops every pairing still open at its complete prefix, for
// reason (a deadline): the pairs beyond it are surplus, withdrawn like any
// stopped pairing's.
func (s *schedule) stopOpen(reason string) {
	for _, p := range s.pairings {
		if p.closed() {
			continue
		}
		p.stopAt = p.prefix
		why := reason
		if p.reason != "" {
			why += "; " + p.reason
		}
		p.reason = why
	}
}

// retract takes a pairing's complete prefix back to before a job whose
// counted record was discarded (its worker was quarantined): the results
// its stop rule saw are cut to those before the job's pair, and a stop
// decided on the discarded result is undone, so the rule is asked again,
// at the same prefixes, as the replayed games come in. A job beyond the
// stopping point (surplus) moves the prefix only.
func (s *schedule) retract(j protocol.Job, rec *records) {
	p, k := s.locate(j)
	if p == nil || k >= p.prefix {
		return
	}
	p.prefix = k
	if p.stopAt >= 0 && k >= p.stopAt {
		return
	}
	kept := 0
	for _, before := range p.jobs[:2*k] {
		if _, ok := rec.results[before.JobID]; ok {
			kept++
		}
	}
	p.counted = p.counted[:min(kept, len(p.counted))]
	p.stopAt, p.reason = -1, ""
}

// due lists the jobs to publish so that every open pairing has window
// pairs in flight beyond its complete prefix, and moves the frontiers.
func (s *schedule) due() []protocol.Job {
	var out []protocol.Job
	for _, p := range s.pairings {
		if p.closed() {
			continue
		}
		want := min(p.pairs(), p.prefix+s.window)
		if want > p.frontier {
			out = append(out, p.jobs[2*p.frontier:2*want]...)
			p.frontier = want
		}
	}
	return out
}

// finished: every pairing is stopped or capped, and so every job that
// counts has a record (a pairing stops at, and caps with, a complete
// prefix). Surplus games are not waited for: they are withdrawn.
func (s *schedule) finished() bool {
	for _, p := range s.pairings {
		if !p.closed() {
			return false
		}
	}
	return true
}

// outcome fills the results, dead letters and pairing summaries in, in
// plan order: a pairing's pairs up to its stopping point count, the rest
// of its records are surplus.
func (s *schedule) outcome(out *Outcome, rec *records) {
	for _, p := range s.pairings {
		po := PairingOutcome{Players: p.players, Stopped: p.stopAt >= 0 && p.stopAt < p.pairs(), Reason: p.reason}
		if !po.Stopped {
			po.Reason = fmt.Sprintf("cap of %d games reached", len(p.jobs))
			if p.reason != "" {
				po.Reason += "; " + p.reason
			}
		}
		for i, j := range p.jobs[:2*p.frontier] {
			r, played := rec.results[j.JobID]
			switch {
			case i >= 2*p.limit():
				if played {
					out.Surplus = append(out.Surplus, r)
					po.Surplus++
				} else if d, failed := rec.dead[j.JobID]; failed {
					// An engine failure is reported wherever it happened;
					// a job without a record was withdrawn.
					out.DeadLetters = append(out.DeadLetters, d)
				}
			case played:
				out.Results = append(out.Results, r)
				po.Games++
			default:
				out.DeadLetters = append(out.DeadLetters, rec.dead[j.JobID])
				po.Games++
			}
		}
		out.Pairings = append(out.Pairings, po)
	}
}
