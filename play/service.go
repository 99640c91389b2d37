package play

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/search"
	"balancefarm/selfplay"
)

// Service serves the games of serve's board under /v1/play: a game of a
// ruleset or a posted rule file, a person against an engine rung or two
// people at one page. Sessions are bounded in number and expire when idle;
// each engine reply is bounded in nodes and time, and few run at once.
type Service struct {
	// Accounts are the API's accounts (open to all when nil).
	Accounts *farm.Accounts
	// Gate admits a posted rule file's compile as a measurement's is
	// admitted (farm.Service.Gate); nil runs it ungated.
	Gate func(w http.ResponseWriter, r *http.Request, compile func()) bool
	// Rulesets is the folder whose *.json files the page offers.
	Rulesets string
	// MaxRuleFileBytes caps a posted rule file, as for measurements.
	MaxRuleFileBytes int64
	// MaxSessions is how many games may be open at once; Idle how long
	// one lasts untouched.
	MaxSessions int
	Idle        time.Duration
	// ReplyNodes caps the nodes of one engine reply, ReplyTime its time.
	ReplyNodes int64
	ReplyTime  time.Duration

	mu       sync.Mutex
	sessions map[string]*session
	searches chan struct{} // engine replies running at once
}

// NewService is a Service with the usual bounds.
func NewService(rulesets string, maxRuleFileBytes int64) *Service {
	return &Service{Rulesets: rulesets, MaxRuleFileBytes: maxRuleFileBytes, MaxSessions: 64, Idle: 30 * time.Minute,
		ReplyNodes: 2_000_000, ReplyTime: 20 * time.Second, sessions: map[string]*session{}, searches: make(chan struct{}, 2)}
}

// Opponents are the engine players the page offers, weakest first, then
// a person at the same page.
func Opponents() []string {
	specs := append(search.DefaultLadder(), search.QuickLadder()...)
	slices.Sort(specs)
	specs = slices.Compact(specs)
	if sorted, err := search.SortByStrength(specs); err == nil {
		specs = sorted
	}
	return append(specs, Human)
}

// session is one game on the board.
type session struct {
	mu       sync.Mutex
	id       string
	file     string
	opponent string // an engine spec, or Human for people in every seat
	side     int    // the person's seat against engines; -1 when people play every seat
	game     *Game
	movers   []*search.Mover // each seat's engine player, nil for the person's
	touched  time.Time
}

// SessionView is a session as the API answers it.
type SessionView struct {
	ID       string `json:"id"`
	File     string `json:"file"`
	Opponent string `json:"opponent"`
	// Side is the person's seat against engines (which play every other
	// seat); -1 when people play every seat at the page.
	Side int `json:"side"`
	// Played is what the engine and chance played since the request's move.
	Played []string `json:"played,omitempty"`
	View   View     `json:"view"`
}

// Register adds the endpoints to mux.
func (s *Service) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /v1/play", s.auth(farm.RoleRead, s.choices))
	mux.HandleFunc("POST /v1/play", s.auth(farm.RoleSubmit, s.start))
	mux.HandleFunc("GET /v1/play/{id}", s.auth(farm.RoleRead, s.get))
	mux.HandleFunc("POST /v1/play/{id}/moves", s.auth(farm.RoleSubmit, s.move))
	mux.HandleFunc("DELETE /v1/play/{id}", s.auth(farm.RoleSubmit, s.end))
}

func (s *Service) auth(role farm.Role, h http.HandlerFunc) http.HandlerFunc {
	if s.Accounts != nil {
		return s.Accounts.Require(role, h)
	}
	return h
}

// choices lists the rulesets and opponents the page offers.
func (s *Service) choices(w http.ResponseWriter, _ *http.Request) {
	files := []string{}
	if entries, err := os.ReadDir(s.Rulesets); err == nil {
		for _, e := range entries {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
				files = append(files, e.Name())
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"rulesets": files, "opponents": Opponents()})
}

// start opens a game: ?ruleset=NAME (a file of Rulesets) or a rule file
// as the body (?file=NAME names it), ?opponent=SPEC (human: people in
// every seat at the page) and ?side=N (the person's seat against engines,
// which take every other seat: 0 or 1, or up to the seats' count less one
// in a game with seats). In a game that hides information the person sees
// only their seat's view and an alpha-beta or MCTS rung plays as the
// ladder of such a game plays it (selfplay.ForHiddenSpec).
func (s *Service) start(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	opponent := q.Get("opponent")
	if opponent == "" {
		opponent = Human
	}
	if !slices.Contains(Opponents(), opponent) {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("opponent %q is not one of %s", opponent, strings.Join(Opponents(), ", ")), nil)
		return
	}
	side, err := strconv.Atoi(q.Get("side"))
	if q.Get("side") == "" {
		side, err = 0, nil
	}
	if err != nil || side < 0 {
		writeError(w, http.StatusBadRequest, "side is 0 (moves first) or 1", nil)
		return
	}
	var data []byte
	file := q.Get("file")
	if name := q.Get("ruleset"); name != "" {
		if name != filepath.Base(name) || !strings.HasSuffix(name, ".json") || strings.HasPrefix(name, ".") {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("ruleset %q is not a file name of the offered rulesets", name), nil)
			return
		}
		if data, err = os.ReadFile(filepath.Join(s.Rulesets, name)); err != nil {
			writeError(w, http.StatusNotFound, fmt.Sprintf("no ruleset %s", name), nil)
			return
		}
		file = name
	} else {
		data, err = io.ReadAll(http.MaxBytesReader(w, r.Body, s.MaxRuleFileBytes))
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("rule file larger than %d bytes", s.MaxRuleFileBytes), nil)
			return
		case err != nil:
			writeError(w, http.StatusBadRequest, "reading the body: "+err.Error(), nil)
			return
		case len(data) == 0:
			writeError(w, http.StatusBadRequest, "give ?ruleset=NAME or a rule file as the body", nil)
			return
		}
	}
	if len(file) > 200 {
		file = file[:200]
	}
	var g *engine.Game
	var refusal string
	compile := func() {
		g, err = engine.Compile(data)
		if err == nil {
			refusal = search.MoverRefusal(g)
		}
	}
	if s.Gate != nil {
		if !s.Gate(w, r, compile) {
			return
		}
	} else {
		compile()
	}
	switch {
	case err != nil:
		writeError(w, http.StatusUnprocessableEntity, "refused", []string{err.Error()})
		return
	case refusal != "":
		writeError(w, http.StatusUnprocessableEntity, "refused", []string{refusal})
		return
	case side >= g.Seats() && g.Seated():
		writeError(w, http.StatusBadRequest, fmt.Sprintf("side is a seat from 0 to %d", g.Seats()-1), nil)
		return
	case side >= g.Seats():
		writeError(w, http.StatusBadRequest, "side is 0 (moves first) or 1", nil)
		return
	}
	sess, err := s.open(g, file, opponent, side)
	if err != nil {
		writeError(w, http.StatusTooManyRequests, err.Error(), nil)
		return
	}
	sess.mu.Lock()
	defer sess.mu.Unlock()
	from := sess.game.Plies()
	err = s.advance(r.Context(), sess)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error(), nil)
		return
	}
	writeJSON(w, http.StatusCreated, sess.view(from))
}

// open makes a session, dropping expired ones first; an error when the
// service holds all it may.
func (s *Service) open(g *engine.Game, file, opponent string, side int) (*session, error) {
	var seedBytes [16]byte
	rand.Read(seedBytes[:])
	id := hex.EncodeToString(seedBytes[:12])
	seed := uint64(seedBytes[12]) | uint64(seedBytes[13])<<8 | uint64(seedBytes[14])<<16 | uint64(seedBytes[15])<<24
	gm, err := New(g, nil, seed)
	if err != nil {
		return nil, err
	}
	sess := &session{id: id, file: file, opponent: opponent, side: side, game: gm, movers: make([]*search.Mover, g.Seats()), touched: time.Now()}
	if opponent == Human {
		sess.side = -1
	} else {
		spec := selfplay.ForHiddenSpec(opponent, g)
		for seat := range sess.movers {
			if seat == side {
				continue
			}
			if sess.movers[seat], err = search.NewMover(g, spec, seed+uint64(seat)+1); err != nil {
				sess.close()
				return nil, err
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweepLocked()
	if len(s.sessions) >= s.MaxSessions {
		sess.close()
		return nil, fmt.Errorf("%d games are open, the most at once; try again when one ends or after %s idle", len(s.sessions), s.Idle)
	}
	s.sessions[id] = sess
	return sess, nil
}

// sweepLocked drops the sessions idle past Idle.
func (s *Service) sweepLocked() {
	for id, sess := range s.sessions {
		if time.Since(sess.lastTouch()) > s.Idle {
			delete(s.sessions, id)
			sess.close()
		}
	}
}

// close releases the engine players.
func (sess *session) close() {
	for _, mv := range sess.movers {
		if mv != nil {
			mv.Close()
		}
	}
}

// viewer is the seat whose view the page is shown in a game that hides
// information: the person's, or with people in every seat the one to move
// (they pass the screen); -1 (the whole board) once the game is over.
func (sess *session) viewer() int {
	switch {
	case sess.game.Over():
		return -1
	case sess.side >= 0:
		return sess.side
	case sess.game.ToMove() >= 0:
		return sess.game.ToMove()
	}
	return 0 // at a chance event, between two people's views: never the whole board
}

func (sess *session) lastTouch() time.Time {
	if !sess.mu.TryLock() {
		return time.Now() // busy: in use now
	}
	defer sess.mu.Unlock()
	return sess.touched
}

// lookup is the session of the request's id, or answers 404.
func (s *Service) lookup(w http.ResponseWriter, r *http.Request) *session {
	s.mu.Lock()
	sess, ok := s.sessions[r.PathValue("id")]
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, "no such game (games end after "+s.Idle.String()+" untouched)", nil)
		return nil
	}
	return sess
}

func (s *Service) get(w http.ResponseWriter, r *http.Request) {
	sess := s.lookup(w, r)
	if sess == nil {
		return
	}
	sess.mu.Lock()
	defer sess.mu.Unlock()
	sess.touched = time.Now()
	writeJSON(w, http.StatusOK, sess.view(sess.game.Plies()))
}

// move plays the person's move ({"move": "e2e4"}, any notation the
// engine reads), then the chance outcomes and the engine's reply.
func (s *Service) move(w http.ResponseWriter, r *http.Request) {
	sess := s.lookup(w, r)
	if sess == nil {
		return
	}
	var body struct {
		Move string `json:"move"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, `the body is {"move": "NOTATION"}: `+err.Error(), nil)
		return
	}
	sess.mu.Lock()
	defer sess.mu.Unlock()
	sess.touched = time.Now()
	// An engine reply cut short before (the request gone, its time up)
	// is owed still: made first.
	owed := sess.game.Plies()
	if err := s.advance(r.Context(), sess); err != nil {
		writeError(w, http.StatusInternalServerError, err.Error(), nil)
		return
	}
	owedTo := sess.game.Plies()
	if _, err := sess.game.Play(body.Move); err != nil {
		writeError(w, http.StatusUnprocessableEntity, err.Error(), nil)
		return
	}
	from := sess.game.Plies()
	err := s.advance(r.Context(), sess)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error(), nil)
		return
	}
	v := sess.view(from)
	hist := sess.game.HistoryFor(sess.viewer())
	v.Played = append(append([]string(nil), hist[owed:owedTo]...), v.Played...)
	writeJSON(w, http.StatusOK, v)
}

// advance draws the chance outcomes due and plays the engines' moves (in
// a round, their choices) until a person is to move or the game is over;
// the caller holds sess.mu.
func (s *Service) advance(ctx context.Context, sess *session) error {
	for {
		if _, err := sess.game.Settle(); err != nil {
			return err
		}
		seat := sess.game.ToMove()
		if seat < 0 || seat >= len(sess.movers) || sess.movers[seat] == nil {
			return nil
		}
		select {
		case s.searches <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		rctx, cancel := context.WithTimeout(ctx, s.ReplyTime)
		_, err := sess.game.Reply(rctx, sess.movers[seat], s.ReplyNodes)
		cancel()
		<-s.searches
		if err != nil {
			return fmt.Errorf("the engine's reply: %w", err)
		}
	}
}

func (s *Service) end(w http.ResponseWriter, r *http.Request) {
	sess := s.lookup(w, r)
	if sess == nil {
		return
	}
	s.mu.Lock()
	delete(s.sessions, sess.id)
	s.mu.Unlock()
	sess.mu.Lock()
	defer sess.mu.Unlock()
	sess.close()
	w.WriteHeader(http.StatusNoContent)
}

// view is the session as its viewer sees it, with Played the record's
// entries from ply from on.
func (sess *session) view(from int) SessionView {
	viewer := sess.viewer()
	var played []string
	if hist := sess.game.HistoryFor(viewer); from < len(hist) {
		played = hist[from:]
	}
	return SessionView{ID: sess.id, File: sess.file, Opponent: sess.opponent, Side: sess.side, Played: played, View: sess.game.ViewFor(viewer)}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string, problems []string) {
	body := map[string]any{"error": msg}
	if problems != nil {
		body["problems"] = farm.CapProblems(problems)
	}
	writeJSON(w, status, body)
}
