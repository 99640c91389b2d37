package farm

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"balancefarm/protocol"

	"github.com/rs/zerolog"
)

// ServiceConfig configures the measurement service (coordinator serve).
// The functions come from the package that knows the engine (measure),
// so that the service refuses, stops and reports as the command line does.
type ServiceConfig struct {
	// Admit checks a posted rule file, labelled as the request names it,
	// and the players it is to be measured by, before anything is queued:
	// the ruleset's name, or the lines refusing it. Required.
	Admit func(label string, data []byte, players []string) (name string, problems []string)
	// Complete, when set, adds to a request's plan (its players and games
	// already read) what the measurement plays beyond the ladder, such as
	// the strongest rung's equal-strength games, so that serve plans as
	// measure does.
	Complete func(plan protocol.Plan) protocol.Plan
	// Hooks, when set, gives each batch its stop rule and window.
	Hooks func(plan protocol.Plan) (Hooks, error)
	// Report, when set, is run on each completed batch for its verdict
	// and report.
	Report func(Finished) (ServiceReport, error)
	// Live, when set, gives the running score of each pairing of a plan
	// from the results so far, served at /v1/measurements/{id}/live.
	Live func(plan protocol.Plan, results []protocol.Result) any
	// Salt goes into every plan (with the request's fresh salt after it),
	// so that the service's batches are its own on a shared farm.
	Salt string
	// MaxRuleFileBytes caps a posted body. Required.
	MaxRuleFileBytes int
	// MaxJobs caps the games one request may queue (DefaultMaxJobs when 0).
	MaxJobs int
	// Token, when set, is the bearer token every /v1 request must carry
	// (Authorization: Bearer TOKEN); /healthz stays open. It is one admin
	// account (SingleAccount); Accounts, when set, replaces it.
	Token string
	// Accounts, when set, are the API's accounts: each /v1 request must
	// carry one's token, and its role says what it may do.
	Accounts *Accounts
	// Limits bound what clients may hold at once (DefaultLimits where 0).
	Limits Limits
	// Defaults for a request that does not say.
	Players         []string
	GamesPerPairing int
	Seed            uint64
	MaxNodes        int64
	MaxWallMS       int64
	Log             zerolog.Logger
}

// Finished is a completed batch as the service's report gets it.
type Finished struct {
	ID string
	// Label is the file as the request named it; the ruleset name for a
	// batch resumed after a restart.
	Label    string
	Plan     protocol.Plan
	RuleFile []byte
	Outcome  *Outcome
	// Wall is how long this run of the batch took.
	Wall time.Duration
}

// ServiceReport is what the report of a finished batch gives the service.
type ServiceReport struct {
	Viable bool
	// Verdict is the report's verdict word (viable, not_viable,
	// inconclusive).
	Verdict string
	// JSON is the report document, served at /v1/measurements/{id}/report;
	// HTML its page, at /v1/measurements/{id}/report.html.
	JSON []byte
	HTML []byte
	// Games are the batch's games as PGN, served at
	// /v1/measurements/{id}/games; GamesJSONL the same games as JSON
	// lines, at /v1/measurements/{id}/games.jsonl.
	Games      []byte
	GamesJSONL []byte
	// Name is the report's name: downloads are saved as NAME.pgn,
	// NAME.games.jsonl, NAME.json and NAME.html, the files measure writes.
	Name string
}

// DefaultMaxJobs is how many games one request may queue unless the
// service says otherwise: the full default ladder at its cap, with room.
const DefaultMaxJobs = 20_000

// MaxProblems is how many problems an answer lists; the rest are counted
// in one last line.
const MaxProblems = 100

// CapProblems keeps the first MaxProblems lines and counts the rest in a
// last line, so that a file with a hundred thousand mistakes gets a short
// answer. validate, measure and serve all show problems through it.
func CapProblems(lines []string) []string {
	if len(lines) <= MaxProblems {
		return lines
	}
	out := append([]string(nil), lines[:MaxProblems]...)
	return append(out, fmt.Sprintf("... and %d more problems", len(lines)-MaxProblems))
}

// Service accepts measurement requests over HTTP, runs them on the farm
// and keeps their aggregated results. The API is documented in doc.go.
type Service struct {
	cfg   ServiceConfig
	coord *Coordinator
	ctx   context.Context
	wg    sync.WaitGroup

	mu      sync.Mutex
	batches map[string]*serviceBatch
	adm     admission
}

// serviceBatch is one measurement as the service tracks it.
type serviceBatch struct {
	id      string
	account string // the account that posted it ("" for one from before accounts)
	label   string // the file as named for the report
	file    string // the file's name as posted ("" when none was given)
	plan    protocol.Plan
	created time.Time
	total   int
	state   string // running, complete, failed
	err     string
	results []protocol.Result
	dead    []protocol.DeadLetter
	surplus int // games played beyond their pairing's stopping point
	verdict *bool
	word    string // the verdict's word
	report  string // error from the report hook
	doc     []byte // the report's JSON
	html    []byte // and its page
	pgn     []byte // the games as PGN
	jsonl   []byte // and as JSON lines
	name    string // the report's name, for downloads
}

// NewService makes a service whose runs live as long as ctx.
func NewService(ctx context.Context, coord *Coordinator, cfg ServiceConfig) (*Service, error) {
	if cfg.Admit == nil {
		return nil, errors.New("service needs a rule file check")
	}
	if cfg.MaxRuleFileBytes <= 0 {
		return nil, errors.New("service needs a rule file size limit")
	}
	if cfg.MaxJobs <= 0 {
		cfg.MaxJobs = DefaultMaxJobs
	}
	if cfg.Accounts == nil {
		cfg.Accounts = OpenAccounts()
		if cfg.Token != "" {
			cfg.Accounts = SingleAccount(cfg.Token)
		}
	}
	cfg.Limits = cfg.Limits.withDefaults(cfg.MaxJobs)
	adm := admission{compiles: make(chan struct{}, cfg.Limits.Compiles), per: map[string]int{}}
	return &Service{cfg: cfg, coord: coord, ctx: ctx, batches: map[string]*serviceBatch{}, adm: adm}, nil
}

// Resume picks up the batches a service recorded in the farm (those of
// its owner, Config.Owner): running and abandoned ones go on, complete
// ones are read back so their results can be served. A cancelled batch,
// or one another command (measure, regress) started, is left alone: a
// service restart resurrects none of those.
func (s *Service) Resume(ctx context.Context) error {
	states, err := s.coord.Batches(ctx)
	if err != nil {
		return fmt.Errorf("listing batches: %w", err)
	}
	for id, st := range states {
		if st.Owner != s.coord.cfg.Owner || st.State == StateCancelled {
			continue
		}
		data, err := s.coord.RuleFile(ctx, st.Plan.RulesetHash)
		if err != nil {
			s.cfg.Log.Warn().Str("batch", id).Err(err).Msg("batch not resumed: its rule file is gone")
			continue
		}
		// Admitted again, as when posted: the file is compiled once in this
		// process, and one this build cannot play is not resumed.
		if _, problems := s.cfg.Admit(st.Plan.Ruleset, data, st.Plan.Players); len(problems) > 0 {
			s.cfg.Log.Warn().Str("batch", id).Strs("problems", problems).Msg("batch not resumed: refused")
			continue
		}
		// A name recorded before names were checked is dropped, so that
		// it cannot break the report again.
		file, label := st.File, st.Plan.Ruleset
		if file != "" && checkFileName(file) != nil {
			s.cfg.Log.Warn().Str("batch", id).Str("file", file).Msg("recorded file name dropped: not a plain base name")
			file = ""
		}
		if file != "" {
			label = file
		}
		// Resumed whatever the limits: it was admitted under them.
		s.start(st.Plan, label, file, st.Account, data, st.Created, false)
	}
	return nil
}

// Wait blocks until every run has stopped (after the service's context ends).
func (s *Service) Wait() { s.wg.Wait() }

// start tracks a plan of account and runs it unless it is tracked
// already. A failed run is started again, and so is a complete one whose
// report failed: its games are read back from the farm, not played
// again, and reported under the name given now. A limited start is
// refused when the account or the service would hold more than Limits
// allow.
func (s *Service) start(plan protocol.Plan, label, file, account string, data []byte, created time.Time, limited bool) (*serviceBatch, bool, *overLimit) {
	id := s.coord.BatchID(plan)
	s.mu.Lock()
	defer s.mu.Unlock()
	if b, ok := s.batches[id]; ok && b.state != "failed" && (b.state != StateComplete || b.report == "") {
		return b, false, nil
	}
	// Every job counts, the strongest rung's games against itself too.
	total := len(plan.JobsFor(id))
	if limited {
		if over := s.checkHoldingLocked(account, total); over != nil {
			return nil, false, over
		}
	}
	b := &serviceBatch{id: id, account: account, label: label, file: file, plan: plan, created: created, total: total, state: StateRunning}
	s.batches[id] = b
	s.wg.Go(func() { s.run(b, data) })
	return b, true, nil
}

func (s *Service) run(b *serviceBatch, data []byte) {
	var hooks Hooks
	if s.cfg.Hooks != nil {
		h, err := s.cfg.Hooks(b.plan)
		if err != nil {
			s.fail(b, err)
			return
		}
		hooks = h
	}
	hooks.File, hooks.Account, hooks.Created = b.file, b.account, b.created
	hooks.Resumed = func(done, total int) {
		s.cfg.Log.Info().Str("batch", b.id).Str("ruleset", b.plan.Ruleset).Int("done", done).Int("total", total).
			Msgf("resuming: %d of %d games already recorded", done, total)
	}
	hooks.Record = func(r *protocol.Result, d *protocol.DeadLetter) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if r != nil {
			b.results = append(b.results, *r)
		} else {
			b.dead = append(b.dead, *d)
		}
	}
	out, err := s.coord.RunHooks(s.ctx, b.plan, data, hooks)
	if errors.Is(err, ErrCancelled) {
		s.mu.Lock()
		b.state, b.err = StateCancelled, "cancelled"
		s.mu.Unlock()
		return
	}
	if err != nil {
		s.fail(b, err)
		return
	}
	var verdict *bool
	var reportErr string
	var rep ServiceReport
	if s.cfg.Report != nil {
		r, err := s.cfg.Report(Finished{ID: b.id, Label: b.label, Plan: b.plan, RuleFile: data, Outcome: out, Wall: out.Elapsed})
		if err != nil {
			reportErr = err.Error()
		} else {
			rep, verdict = r, &r.Viable
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	b.results, b.dead, b.surplus = out.Results, out.DeadLetters, len(out.Surplus)
	b.state, b.verdict, b.report, b.word = StateComplete, verdict, reportErr, rep.Verdict
	b.doc, b.html, b.pgn, b.jsonl, b.name = rep.JSON, rep.HTML, rep.Games, rep.GamesJSONL, rep.Name
}

// fail marks a run that stopped short, unless the service is stopping.
func (s *Service) fail(b *serviceBatch, err error) {
	s.mu.Lock()
	if s.ctx.Err() == nil && b.state != StateCancelled {
		b.state, b.err = "failed", err.Error()
	}
	s.mu.Unlock()
	s.cfg.Log.Error().Str("batch", b.id).Err(err).Msg("measurement stopped")
}

// Handler serves the API.
func (s *Service) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/measurements", s.auth(RoleSubmit, s.postMeasurement))
	mux.HandleFunc("GET /v1/measurements", s.auth(RoleRead, s.listMeasurements))
	mux.HandleFunc("GET /v1/measurements/{id}", s.auth(RoleRead, s.getMeasurement))
	mux.HandleFunc("DELETE /v1/measurements/{id}", s.auth(RoleSubmit, s.deleteMeasurement))
	mux.HandleFunc("GET /v1/measurements/{id}/results", s.auth(RoleRead, s.getResults))
	mux.HandleFunc("GET /v1/measurements/{id}/report", s.auth(RoleRead, s.serveDocument(reportJSON)))
	mux.HandleFunc("GET /v1/measurements/{id}/report.html", s.auth(RoleRead, s.serveDocument(reportPage)))
	mux.HandleFunc("GET /v1/measurements/{id}/live", s.auth(RoleRead, s.getLive))
	mux.HandleFunc("GET /v1/measurements/{id}/games", s.auth(RoleRead, s.serveDocument(gamesPGN)))
	mux.HandleFunc("GET /v1/measurements/{id}/games.jsonl", s.auth(RoleRead, s.serveDocument(gamesJSONL)))
	// The served report links its games by the file name measure writes
	// beside it ("chess.pgn"): the same games.
	mux.HandleFunc("GET /v1/measurements/{id}/{file}", s.auth(RoleRead, s.getGamesFile))
	// A measurement's permalink: its report once there is one, the page
	// showing its progress until then.
	mux.HandleFunc("GET /m/{id}", s.permalink)
	// The page itself holds no data: it is open, and asks the API (with a
	// token the user types, when the service has one).
	mux.HandleFunc("GET /{$}", servePage)
	mux.HandleFunc("GET /v1/queue", s.auth(RoleRead, s.getQueue))
	// The page trades the token for a session cookie, so that the links
	// it opens read with it.
	mux.HandleFunc("POST /v1/session", s.auth(RoleRead, s.postSession))
	mux.HandleFunc("DELETE /v1/session", deleteSession)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok\n") })
	return mux
}

// auth refuses a request without the token of an account of at least
// role, before its body is read.
func (s *Service) auth(role Role, h http.HandlerFunc) http.HandlerFunc {
	return s.cfg.Accounts.Require(role, h)
}

// BearerAuth lets through only requests that carry token as a bearer
// token, or reads with its session cookie (every request when token is
// empty): the API's one check, for the endpoints other packages add
// beside it.
func BearerAuth(token string, h http.HandlerFunc) http.HandlerFunc {
	if token == "" {
		return h
	}
	return func(w http.ResponseWriter, r *http.Request) {
		if !bearerOK(token, r) && !sessionOK(token, r) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="balancefarm"`)
			w.Header().Set("Connection", "close")
			writeError(w, http.StatusUnauthorized, "missing or wrong bearer token", nil)
			return
		}
		h(w, r)
	}
}

// bearerOK says whether r carries token as its bearer token (always,
// when token is empty).
func bearerOK(token string, r *http.Request) bool {
	if token == "" {
		return true
	}
	got, want := []byte(r.Header.Get("Authorization")), []byte("Bearer "+token)
	return subtle.ConstantTimeCompare(got, want) == 1
}

// Summary is a measurement's state as the API shows it.
type Summary struct {
	ID          string `json:"id"`
	Ruleset     string `json:"ruleset"`
	RulesetHash string `json:"ruleset_hash"`
	// File is the rule file's name as posted, when it was given one.
	File string `json:"file,omitempty"`
	// Account is the account that posted it.
	Account string `json:"account,omitempty"`
	State   string `json:"state"`
	// Verdict is the report's verdict word once complete (viable,
	// not_viable, inconclusive).
	Verdict     string    `json:"verdict,omitempty"`
	Error       string    `json:"error,omitempty"`
	Created     time.Time `json:"created"`
	Games       int       `json:"games"`
	Done        int       `json:"done"`
	DeadLetters int       `json:"dead_letters"`
	// Surplus, once complete, counts the games played beyond their
	// pairing's stopping point (already in flight when it stopped): the
	// farm recorded them and its metrics count them, but they are not in
	// Done and the verdict leaves them out, so a rerun reads the same games.
	Surplus int           `json:"surplus,omitempty"`
	Plan    protocol.Plan `json:"plan"`
}

// Detail adds the running score and the verdict.
type Detail struct {
	Summary
	Tallies     []Tally               `json:"tallies"`
	Failures    []protocol.DeadLetter `json:"engine_failures"`
	Viable      *bool                 `json:"viable,omitempty"`
	ReportError string                `json:"report_error,omitempty"`
}

func (b *serviceBatch) summary() Summary {
	return Summary{ID: b.id, Ruleset: b.plan.Ruleset, RulesetHash: b.plan.RulesetHash, File: b.file, Account: b.account, State: b.state, Verdict: b.word, Error: b.err,
		Created: b.created, Games: b.total, Done: len(b.results) + len(b.dead), DeadLetters: len(b.dead), Surplus: b.surplus, Plan: b.plan}
}

func (s *Service) postMeasurement(w http.ResponseWriter, r *http.Request) {
	acct := AccountOf(r)
	leave, over := s.enterAdmission(acct.Name)
	if over != nil {
		over.write(w)
		return
	}
	defer leave()
	// An account that holds all it may is told before its body is read.
	s.mu.Lock()
	over = s.checkHoldingLocked(acct.Name, 0)
	s.mu.Unlock()
	if over != nil {
		over.write(w)
		return
	}
	limit := int64(s.cfg.MaxRuleFileBytes)
	q := r.URL.Query()
	var data []byte
	var err error
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
		data, err = readMultipart(w, r, limit, q)
	} else {
		data, err = io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		var bad badForm
		switch {
		case errors.As(err, &tooBig), errors.Is(err, errTooBig):
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("rule file larger than %d bytes", limit), nil)
		case errors.As(err, &bad):
			writeError(w, http.StatusBadRequest, string(bad), nil)
		default:
			writeError(w, http.StatusBadRequest, "reading the body: "+err.Error(), nil)
		}
		return
	}
	// The name is checked before anything is planned, so a refused one
	// never reaches a batch's identity or its report.
	label := q.Get("file")
	if label != "" {
		if err := checkFileName(label); err != nil {
			writeError(w, http.StatusBadRequest, err.Error(), nil)
			return
		}
	}
	plan, err := s.planFor(q, data, s.cfg.Accounts.salt(acct))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error(), nil)
		return
	}
	// Compiling takes the memory: a few at a time, the rest waiting.
	var name string
	var problems []string
	over, err = s.compile(r.Context(), func() { name, problems = s.cfg.Admit(label, data, plan.Players) })
	if over != nil {
		over.write(w)
		return
	}
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "waiting to compile the rule file: "+err.Error(), nil)
		return
	}
	if len(problems) > 0 {
		writeError(w, http.StatusUnprocessableEntity, "refused", problems)
		return
	}
	plan.Ruleset = name
	if s.cfg.Complete != nil {
		plan = s.cfg.Complete(plan)
	}
	if err := plan.Check(); err != nil {
		writeError(w, http.StatusBadRequest, err.Error(), nil)
		return
	}
	if n := len(plan.Players)*(len(plan.Players)-1)/2*plan.GamesPerPairing + plan.MirrorGames; n > s.cfg.MaxJobs {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("the plan has %d games, more than the %d one request may queue", n, s.cfg.MaxJobs), nil)
		return
	}
	file := label
	if label == "" {
		label = name
	}
	b, created, over := s.start(plan, label, file, acct.Name, data, time.Now().UTC(), true)
	if over != nil {
		over.write(w)
		return
	}
	s.mu.Lock()
	sum := b.summary()
	s.mu.Unlock()
	w.Header().Set("Location", "/v1/measurements/"+b.id)
	status := http.StatusOK
	if created {
		status = http.StatusAccepted
		s.cfg.Log.Info().Str("batch", b.id).Str("ruleset", name).Str("account", acct.Name).Int("games", sum.Games).Msg("measurement queued")
	}
	writeJSON(w, status, sum)
}

// planFor reads the optional query parameters players, games, seed and
// fresh over the service's defaults; the ruleset's name comes later. The
// account's salt (Accounts.salt) follows the service's.
func (s *Service) planFor(q url.Values, data []byte, accountSalt string) (protocol.Plan, error) {
	plan := protocol.Plan{RulesetHash: protocol.HashRuleFile(data), Players: s.cfg.Players,
		GamesPerPairing: s.cfg.GamesPerPairing, Seed: s.cfg.Seed, MaxNodes: s.cfg.MaxNodes, MaxWallMS: s.cfg.MaxWallMS, Salt: s.cfg.Salt}
	if accountSalt != "" {
		plan.Salt = strings.TrimSpace(plan.Salt + " " + accountSalt)
	}
	if v := q.Get("players"); v != "" {
		plan.Players = protocol.SplitPlayers(v)
	}
	if v := q.Get("games"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return plan, fmt.Errorf("games: %w", err)
		}
		plan.GamesPerPairing = n
	}
	if v := q.Get("seed"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return plan, fmt.Errorf("seed: %w", err)
		}
		plan.Seed = n
	}
	if q.Get("fresh") == "1" || q.Get("fresh") == "true" {
		plan.Salt = strings.TrimSpace(plan.Salt + " " + time.Now().UTC().Format(time.RFC3339Nano))
	}
	return plan, nil
}

// listMeasurements lists a submitter's own measurements, and every
// measurement to a reader or an admin.
func (s *Service) listMeasurements(w http.ResponseWriter, r *http.Request) {
	acct := AccountOf(r)
	s.mu.Lock()
	list := make([]Summary, 0, len(s.batches))
	for _, b := range s.batches {
		if acct.Role != RoleSubmit || b.account == acct.Name {
			list = append(list, b.summary())
		}
	}
	s.mu.Unlock()
	sort.Slice(list, func(i, j int) bool {
		if !list[i].Created.Equal(list[j].Created) {
			return list[i].Created.Before(list[j].Created)
		}
		return list[i].ID < list[j].ID
	})
	writeJSON(w, http.StatusOK, map[string]any{"measurements": list})
}

func (s *Service) lookup(w http.ResponseWriter, r *http.Request) *serviceBatch {
	s.mu.Lock()
	b := s.batches[r.PathValue("id")]
	s.mu.Unlock()
	if b == nil {
		writeError(w, http.StatusNotFound, "no such measurement", nil)
	}
	return b
}

func (s *Service) getMeasurement(w http.ResponseWriter, r *http.Request) {
	b := s.lookup(w, r)
	if b == nil {
		return
	}
	s.mu.Lock()
	d := Detail{Summary: b.summary(), Failures: append([]protocol.DeadLetter{}, b.dead...), Viable: b.verdict, ReportError: b.report}
	results := append([]protocol.Result(nil), b.results...)
	s.mu.Unlock()
	SortResults(results)
	d.Tallies = Tallies(results)
	writeJSON(w, http.StatusOK, d)
}

// deleteMeasurement cancels a measurement: its queued jobs are removed,
// its run stops, and no restart resumes it. Only its account or an admin
// may.
func (s *Service) deleteMeasurement(w http.ResponseWriter, r *http.Request) {
	b := s.lookup(w, r)
	if b == nil {
		return
	}
	if acct := AccountOf(r); acct.Role != RoleAdmin && acct.Name != b.account {
		writeError(w, http.StatusForbidden, fmt.Sprintf("account %s may cancel only its own measurements", acct.Name), nil)
		return
	}
	s.mu.Lock()
	state := b.state
	s.mu.Unlock()
	if state == StateComplete {
		writeError(w, http.StatusConflict, "measurement is complete", nil)
		return
	}
	if err := s.coord.CancelPlan(r.Context(), b.plan, "cancelled through the API"); err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error(), nil)
		return
	}
	s.mu.Lock()
	b.state, b.err = StateCancelled, "cancelled"
	sum := b.summary()
	s.mu.Unlock()
	s.cfg.Log.Info().Str("batch", b.id).Msg("measurement cancelled")
	writeJSON(w, http.StatusOK, sum)
}

func (s *Service) getResults(w http.ResponseWriter, r *http.Request) {
	b := s.lookup(w, r)
	if b == nil {
		return
	}
	s.mu.Lock()
	results := append([]protocol.Result(nil), b.results...)
	dead := append([]protocol.DeadLetter{}, b.dead...)
	state := b.state
	s.mu.Unlock()
	SortResults(results)
	writeJSON(w, http.StatusOK, map[string]any{"id": b.id, "state": state, "results": results, "dead_letters": dead})
}

// document is one of a finished measurement's documents as served.
type document struct {
	what        string // what the 404 says there is not yet
	contentType string
	disposition string // attachment (saved), or inline (shown)
	ext         string // the file name's ending after the report's name
	pick        func(*serviceBatch) []byte
}

// A finished measurement's documents, named as measure names the files
// it writes beside each other (NAME.json, NAME.html, NAME.pgn,
// NAME.games.jsonl). A browser shown a PGN or JSON lines inline has
// nothing to render and waits on it, so those are downloads.
var (
	reportJSON = document{"report", "application/json", "attachment", ".json", func(b *serviceBatch) []byte { return b.doc }}
	reportPage = document{"report", "text/html; charset=utf-8", "inline", ".html", func(b *serviceBatch) []byte { return b.html }}
	gamesPGN   = document{"games", "application/x-chess-pgn", "attachment", ".pgn", func(b *serviceBatch) []byte { return b.pgn }}
	gamesJSONL = document{"games", "application/x-ndjson", "attachment", ".games.jsonl", func(b *serviceBatch) []byte { return b.jsonl }}
)

// serveDocument serves d for the measurement the path names: 500 when
// the report failed, 404 while there is none yet.
func (s *Service) serveDocument(d document) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { s.writeDocument(w, r, d) }
}

func (s *Service) writeDocument(w http.ResponseWriter, r *http.Request, d document) {
	b := s.lookup(w, r)
	if b == nil {
		return
	}
	s.mu.Lock()
	data, state, reportErr, name := d.pick(b), b.state, b.report, b.name
	s.mu.Unlock()
	switch {
	case data != nil:
		if name == "" {
			name = "measurement-" + b.id
		}
		w.Header().Set("Content-Type", d.contentType)
		w.Header().Set("Content-Disposition", contentDisposition(d.disposition, name+d.ext))
		w.Write(data)
	case reportErr != "":
		writeError(w, http.StatusInternalServerError, "report: "+reportErr, nil)
	default:
		writeError(w, http.StatusNotFound, "no "+d.what+" (measurement "+state+")", nil)
	}
}

// getGamesFile serves the games under the names the report links them
// by: NAME.pgn, NAME.games.jsonl.
func (s *Service) getGamesFile(w http.ResponseWriter, r *http.Request) {
	switch file := r.PathValue("file"); {
	case strings.HasSuffix(file, ".jsonl"):
		s.writeDocument(w, r, gamesJSONL)
	case strings.HasSuffix(file, ".pgn"):
		s.writeDocument(w, r, gamesPGN)
	default:
		writeError(w, http.StatusNotFound, "no such document", nil)
	}
}

// permalink serves /m/{id}: a finished measurement's report (by a
// redirect, so that the report's relative links reach its games), or the
// page, which shows the measurement's progress. A request without the
// service's token or its session cookie gets the page, which holds no
// data and asks the API with the token the user types.
func (s *Service) permalink(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.cfg.Accounts.find(r); ok {
		b := s.lookup(w, r)
		if b == nil {
			return
		}
		s.mu.Lock()
		finished := b.html != nil
		s.mu.Unlock()
		if finished {
			http.Redirect(w, r, "/v1/measurements/"+url.PathEscape(b.id)+"/report.html", http.StatusSeeOther)
			return
		}
	}
	servePage(w, r)
}

// contentDisposition is the Content-Disposition header value disposition
// (attachment or inline) with the file name name: quoted printable ASCII,
// and the name in UTF-8 too (RFC 6266) when it is not all such.
func contentDisposition(disposition, name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r < ' ' || r > '~' || r == '"' || r == '\\' || r == '/' {
			return '_'
		}
		return r
	}, name)
	v := disposition + `; filename="` + ascii + `"`
	if ascii != name {
		v += "; filename*=UTF-8''" + attrEncode(name)
	}
	return v
}

// attrEncode percent-encodes every byte of s outside RFC 5987's
// attr-char.
func attrEncode(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte("!#$&+-.^_`|~", c) >= 0:
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// Live is the answer of /v1/measurements/{id}/live: the detail without
// the failures' particulars, and each pairing's running score.
type Live struct {
	Summary
	ReportError string `json:"report_error,omitempty"`
	// Pairings come from ServiceConfig.Live (nil without one).
	Pairings any `json:"pairings"`
}

func (s *Service) getLive(w http.ResponseWriter, r *http.Request) {
	b := s.lookup(w, r)
	if b == nil {
		return
	}
	s.mu.Lock()
	l := Live{Summary: b.summary(), ReportError: b.report}
	results := append([]protocol.Result(nil), b.results...)
	s.mu.Unlock()
	SortResults(results)
	if s.cfg.Live != nil {
		l.Pairings = s.cfg.Live(b.plan, results)
	}
	writeJSON(w, http.StatusOK, l)
}

func (s *Service) getQueue(w http.ResponseWriter, r *http.Request) {
	q, err := s.coord.Queue(r.Context())
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error(), nil)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"queued": q.Queued, "in_flight": q.InFlight, "redelivering": q.Redelivering})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

// WriteError answers an API request with an error and, when given, its
// problems (at most MaxProblems, then a count), as every endpoint does.
func WriteError(w http.ResponseWriter, status int, msg string, problems []string) {
	writeError(w, status, msg, problems)
}

// WriteJSON answers an API request with v, indented.
func WriteJSON(w http.ResponseWriter, status int, v any) { writeJSON(w, status, v) }

func writeError(w http.ResponseWriter, status int, msg string, problems []string) {
	body := map[string]any{"error": msg}
	if problems != nil {
		body["problems"] = CapProblems(problems)
	}
	writeJSON(w, status, body)
}
