package farm

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Limits bound what the service's clients may hold of it at once, each
// account and all together, so that no client can exhaust its memory or
// the farm. A request over a limit gets 429 with a Retry-After header,
// before anything is queued. Zero fields take the defaults
// (DefaultLimits).
type Limits struct {
	// Compiles is how many posted rule files are compiled at once; more
	// wait their turn. Compiling bounds the service's memory: refusing a
	// hostile 1 MiB file (hundreds of thousands of problems) takes up to
	// about 170 MB while it runs (serve peaks under 350 MiB with two).
	Compiles int
	// CompileWait is how long a post waits for its compile's turn before
	// it is refused (429), well within the server's write timeout so that
	// the client hears why.
	CompileWait time.Duration
	// Admissions is how many posts may be in progress at once (the body
	// read, waiting for a compile or compiled), every account together;
	// AccountAdmissions, of one account.
	Admissions        int
	AccountAdmissions int
	// AccountMeasurements is how many measurements of one account may be
	// running at once. Workers share themselves evenly between running
	// measurements, so this bounds one account's share of the farm.
	AccountMeasurements int
	// AccountGames is how many games one account's running measurements
	// may have still to play (their plans' games less those recorded; a
	// sequential pairing's cap counts until it stops); Games, every
	// account's together.
	AccountGames int
	Games        int
}

// DefaultLimits are the limits of a service whose Limits leave them zero;
// the games' scale with the games one request may queue (maxJobs).
func DefaultLimits(maxJobs int) Limits {
	return Limits{Compiles: 2, CompileWait: 20 * time.Second, Admissions: 16, AccountAdmissions: 4, AccountMeasurements: 4,
		AccountGames: 2 * maxJobs, Games: 10 * maxJobs}
}

// withDefaults fills the zero fields.
func (l Limits) withDefaults(maxJobs int) Limits {
	d := DefaultLimits(maxJobs)
	for _, f := range []struct{ v, d *int }{{&l.Compiles, &d.Compiles}, {&l.Admissions, &d.Admissions},
		{&l.AccountAdmissions, &d.AccountAdmissions}, {&l.AccountMeasurements, &d.AccountMeasurements},
		{&l.AccountGames, &d.AccountGames}, {&l.Games, &d.Games}} {
		if *f.v <= 0 {
			*f.v = *f.d
		}
	}
	if l.CompileWait <= 0 {
		l.CompileWait = d.CompileWait
	}
	return l
}

// overLimit is a request refused for a limit: 429, and when to try again.
type overLimit struct {
	msg        string
	retryAfter int // seconds
}

func (o *overLimit) write(w http.ResponseWriter) {
	w.Header().Set("Retry-After", strconv.Itoa(o.retryAfter))
	writeError(w, http.StatusTooManyRequests, o.msg, nil)
}

// Seconds a client over a limit is told to wait: an admission lasts
// about a second, a measurement minutes.
const (
	retryAdmission   = 1
	retryMeasurement = 30
)

// admission is the service's count of posts in progress.
type admission struct {
	compiles chan struct{} // one token per compile running
	total    int
	per      map[string]int
}

// enterAdmission counts a post of acct in progress, or refuses it when
// acct or everyone has as many as the limits allow; leave ends it.
func (s *Service) enterAdmission(acct string) (leave func(), _ *overLimit) {
	s.mu.Lock()
	defer s.mu.Unlock()
	lim := s.cfg.Limits
	switch {
	case s.adm.per[acct] >= lim.AccountAdmissions:
		return nil, &overLimit{fmt.Sprintf("account %s has %d measurements being admitted, at most %d at once", acct, s.adm.per[acct], lim.AccountAdmissions), retryAdmission}
	case s.adm.total >= lim.Admissions:
		return nil, &overLimit{fmt.Sprintf("the service is admitting %d measurements, at most %d at once", s.adm.total, lim.Admissions), retryAdmission}
	}
	s.adm.per[acct]++
	s.adm.total++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.adm.total--
		if s.adm.per[acct]--; s.adm.per[acct] == 0 {
			delete(s.adm.per, acct)
		}
	}, nil
}

// compile runs admit once a compile's turn comes. It refuses when the
// turn has not come within CompileWait, and returns ctx's error when ctx
// ends first (the client gone, the service stopping).
func (s *Service) compile(ctx context.Context, admit func()) (*overLimit, error) {
	wait := time.NewTimer(s.cfg.Limits.CompileWait)
	defer wait.Stop()
	select {
	case s.adm.compiles <- struct{}{}:
	case <-wait.C:
		return &overLimit{fmt.Sprintf("no compile free for %s (%d at once)", s.cfg.Limits.CompileWait, s.cfg.Limits.Compiles), retryAdmission}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-s.adm.compiles }()
	admit()
	return nil, nil
}

// holdingLocked is what acct's running measurements hold: how many, and
// their games still to play; and every account's games together.
func (s *Service) holdingLocked(acct string) (measurements, games, allGames int) {
	for _, b := range s.batches {
		if b.state != StateRunning {
			continue
		}
		left := max(b.total-len(b.results)-len(b.dead), 0)
		allGames += left
		if b.account == acct {
			measurements++
			games += left
		}
	}
	return measurements, games, allGames
}

// checkHoldingLocked refuses a new measurement of games games for acct
// when acct or everyone would hold more than the limits allow.
func (s *Service) checkHoldingLocked(acct string, games int) *overLimit {
	lim := s.cfg.Limits
	measurements, held, all := s.holdingLocked(acct)
	switch {
	case measurements >= lim.AccountMeasurements:
		return &overLimit{fmt.Sprintf("account %s has %d measurements running, at most %d at once: post again when one ends", acct, measurements, lim.AccountMeasurements), retryMeasurement}
	case held+games > lim.AccountGames:
		return &overLimit{fmt.Sprintf("account %s has %d games to play, and %d more would pass its limit of %d", acct, held, games, lim.AccountGames), retryMeasurement}
	case all+games > lim.Games:
		return &overLimit{fmt.Sprintf("the service has %d games to play, and %d more would pass its limit of %d", all, games, lim.Games), retryMeasurement}
	}
	return nil
}

// Gate runs compile, a post's check of a rule file on another endpoint
// (serve's repairs), under the limits a measurement's post is under: the
// request's account's and all posts in progress, and the compiles at
// once. Over a limit it answers the request itself (429, or 503 when the
// request ends first) and returns false without running compile.
func (s *Service) Gate(w http.ResponseWriter, r *http.Request, compile func()) bool {
	leave, over := s.enterAdmission(AccountOf(r).Name)
	if over != nil {
		over.write(w)
		return false
	}
	defer leave()
	over, err := s.compile(r.Context(), compile)
	if over != nil {
		over.write(w)
		return false
	}
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "waiting to compile the rule file: "+err.Error(), nil)
		return false
	}
	return true
}
