package repair

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/measure"
)

// Service runs repairs behind the farm's HTTP API:
//
//	POST /v1/repairs          the rule file as the body; 202 with the
//	                          repair's id, 422 with the problems of a file
//	                          the farm would refuse, 429 while MaxRunning
//	                          repairs run (a repair fills a farm)
//	GET  /v1/repairs          every repair's state
//	GET  /v1/repairs/{id}     its state and, once done, the Result
//
// A repair measures as `coordinator repair` does, with Config's budgets,
// and with Dir set writes its reports to Dir/ID/.
type Service struct {
	Config  Config
	Measure MeasureFunc
	Dir     string
	Token   string
	// Accounts, when set, replace Token: posting a repair needs the
	// submit role, reading them the read role.
	Accounts *farm.Accounts
	// Gate, when set, runs the compile of a posted file under the
	// measurement service's limits (farm.Service.Gate), answering the
	// request itself and returning false when over one.
	Gate func(w http.ResponseWriter, r *http.Request, compile func()) bool
	// MaxRunning is how many repairs may run at once (default 1).
	MaxRunning int

	ctx     context.Context
	mu      sync.Mutex
	repairs map[string]*job
	running int
	next    int
	wg      sync.WaitGroup
}

// job is one repair as the API shows it.
type job struct {
	ID      string    `json:"id"`
	File    string    `json:"file"`
	Hash    string    `json:"ruleset_hash"`
	State   string    `json:"state"` // running, done, failed
	Error   string    `json:"error,omitempty"`
	Created time.Time `json:"created"`
	Result  *Result   `json:"result,omitempty"`
}

// Repair states.
const (
	StateRunning = "running"
	StateDone    = "done"
	StateFailed  = "failed"
)

// NewService is a service whose repairs run until ctx ends.
func NewService(ctx context.Context, cfg Config, measureFn MeasureFunc) *Service {
	return &Service{Config: cfg, Measure: measureFn, ctx: ctx, repairs: map[string]*job{}}
}

// Register adds the repair endpoints to mux.
func (s *Service) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /v1/repairs", s.auth(farm.RoleSubmit, s.post))
	mux.HandleFunc("GET /v1/repairs", s.auth(farm.RoleRead, s.list))
	mux.HandleFunc("GET /v1/repairs/{id}", s.auth(farm.RoleRead, s.get))
}

// auth lets through requests with Token, or of an account of at least
// role when there are Accounts.
func (s *Service) auth(role farm.Role, h http.HandlerFunc) http.HandlerFunc {
	if s.Accounts != nil {
		return s.Accounts.Require(role, h)
	}
	return farm.BearerAuth(s.Token, h)
}

// Wait returns once every repair started has ended.
func (s *Service) Wait() { s.wg.Wait() }

func (s *Service) post(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, engine.MaxRuleFileBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			farm.WriteError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("rule file over %d bytes", engine.MaxRuleFileBytes), nil)
			return
		}
		farm.WriteError(w, http.StatusBadRequest, "reading the rule file: "+err.Error(), nil)
		return
	}
	label := r.URL.Query().Get("name")
	if label == "" || filepath.Base(label) != label {
		label = "posted.json"
	}
	var f *measure.File
	if s.Gate == nil {
		f, err = measure.Load(label, data)
	} else if !s.Gate(w, r, func() { f, err = measure.Load(label, data) }) {
		return
	}
	if err != nil {
		farm.WriteError(w, http.StatusUnprocessableEntity, "invalid rule file", measure.Lines(err))
		return
	}
	s.mu.Lock()
	if s.running >= max(s.MaxRunning, 1) {
		s.mu.Unlock()
		farm.WriteError(w, http.StatusTooManyRequests, "a repair is running; try again when it is done", nil)
		return
	}
	s.running++
	s.next++
	j := &job{ID: fmt.Sprintf("r%d-%s", s.next, f.Hash[:8]), File: label, Hash: f.Hash, State: StateRunning, Created: time.Now().UTC()}
	s.repairs[j.ID] = j
	s.mu.Unlock()
	s.wg.Go(func() { s.run(j, f) })
	farm.WriteJSON(w, http.StatusAccepted, j)
}

func (s *Service) run(j *job, f *measure.File) {
	res, err := Repair(s.ctx, f, s.Config, s.Measure)
	if err == nil && s.Dir != "" {
		err = Write(filepath.Join(s.Dir, j.ID), res)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.running--
	if err != nil {
		j.State, j.Error = StateFailed, err.Error()
		return
	}
	j.State, j.Result = StateDone, res
}

func (s *Service) list(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	out := make([]job, 0, len(s.repairs))
	for _, j := range s.repairs {
		c := *j
		c.Result = nil
		out = append(out, c)
	}
	s.mu.Unlock()
	sort.Slice(out, func(a, b int) bool { return out[a].Created.Before(out[b].Created) })
	farm.WriteJSON(w, http.StatusOK, out)
}

func (s *Service) get(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	j, ok := s.repairs[r.PathValue("id")]
	var c job
	if ok {
		c = *j
	}
	s.mu.Unlock()
	if !ok {
		farm.WriteError(w, http.StatusNotFound, "no such repair", nil)
		return
	}
	farm.WriteJSON(w, http.StatusOK, c)
}
