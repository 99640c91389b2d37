package play

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
)

func newTestServer(t *testing.T, tune func(*Service)) *httptest.Server {
	t.Helper()
	s := NewService("../rulesets", 1<<20)
	if tune != nil {
		tune(s)
	}
	mux := http.NewServeMux()
	s.Register(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// call sends a request and decodes the JSON answer into out (when not nil).
func call(t *testing.T, method, url, body string, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, url, err, data)
		}
	}
	return resp.StatusCode
}

func TestServiceRefusals(t *testing.T) {
	srv := newTestServer(t, func(s *Service) { s.MaxRuleFileBytes = 4096 })
	for _, tc := range []struct {
		name, query, body string
		status            int
		errHas            string
	}{
		{"unknown opponent", "?ruleset=chess.json&opponent=ab:n99999999", "", 400, "not one of"},
		{"a path, not a name", "?ruleset=../go.mod", "", 400, "not a file name"},
		{"no such ruleset", "?ruleset=nothing.json", "", 404, "no ruleset"},
		{"bad side", "?ruleset=chess.json&side=2", "", 400, "side"},
		{"nothing to play", "", "", 400, "give ?ruleset"},
		{"not a rule file", "?opponent=random", "{\"nonsense\": 1}", 422, "refused"},
		{"too large", "", strings.Repeat(" ", 5000), 413, "larger than 4096"},
		{"no such seat", "?ruleset=chaturaji.json&opponent=random&side=4", "", 400, "seat from 0 to 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var answer struct {
				Error string `json:"error"`
			}
			if got := call(t, "POST", srv.URL+"/v1/play"+tc.query, tc.body, &answer); got != tc.status || !strings.Contains(answer.Error, tc.errHas) {
				t.Errorf("status %d, error %q; want %d and %q", got, answer.Error, tc.status, tc.errHas)
			}
		})
	}
}

// TestServicePlaysGames plays whole games through the API: the person
// takes the first legal move each time, against a rung or another person.
func TestServicePlaysGames(t *testing.T) {
	srv := newTestServer(t, nil)
	var choices struct {
		Rulesets  []string `json:"rulesets"`
		Opponents []string `json:"opponents"`
	}
	if call(t, "GET", srv.URL+"/v1/play", "", &choices) != 200 || !strings.Contains(strings.Join(choices.Rulesets, " "), "five-by-five.json") ||
		choices.Opponents[len(choices.Opponents)-1] != Human {
		t.Fatalf("choices: %+v", choices)
	}
	rules, err := readRulesetFile("five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, query, body string
		side              int
		engineFirst       bool
		hidden            bool
	}{
		{"against ab:n500", "?ruleset=five-by-five.json&opponent=ab:n500", "", 0, false, false},
		{"second, against random", "?ruleset=dobutsu.json&opponent=random&side=1", "", 1, true, false},
		{"two people, posted file", "?opponent=human&file=mine.json", rules, -1, false, false},
		{"dice against mcts", "?ruleset=dice-chess.json&opponent=mcts:i50", "", 0, false, false},
		{"hidden, against ab:n500", "?ruleset=veiled-king.json&opponent=ab:n500", "", 0, false, true},
		{"seat 2 of 4, against random", "?ruleset=chaturaji.json&opponent=random&side=2", "", 2, true, false},
		{"rounds, against ab:n500", "?ruleset=simultaneous-skirmish.json&opponent=ab:n500&side=1", "", 1, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sv SessionView
			if got := call(t, "POST", srv.URL+"/v1/play"+tc.query, tc.body, &sv); got != 201 {
				t.Fatalf("start: status %d", got)
			}
			if sv.Side != tc.side || len(sv.View.Squares) == 0 || sv.View.Geometry != "square" {
				t.Fatalf("start: side %d, %d squares, geometry %q", sv.Side, len(sv.View.Squares), sv.View.Geometry)
			}
			if tc.engineFirst && (len(sv.Played) == 0 || len(sv.View.History) == 0) {
				t.Errorf("the engine, moving first, played nothing: %+v", sv.Played)
			}
			for plies := 0; !sv.View.Over; plies++ {
				if plies > 300 {
					t.Fatalf("no end after %d moves", plies)
				}
				if len(sv.View.Moves) == 0 {
					t.Fatalf("no legal moves in a game going on: %s", sv.View.FEN)
				}
				turn := sv.View.Turn
				var next SessionView
				// In a game that hides information a move offered may be
				// refused on the real board: the next one is tried.
				for i := 0; ; i++ {
					if i == len(sv.View.Moves) {
						t.Fatalf("every move offered refused: %+v", sv.View.Moves)
					}
					m := sv.View.Moves[i]
					if m.To == "" && m.Notation == "" {
						t.Fatalf("a move with neither square nor notation: %+v", m)
					}
					var answer struct {
						SessionView
						Error string `json:"error"`
					}
					got := call(t, "POST", srv.URL+"/v1/play/"+sv.ID+"/moves", `{"move": "`+m.Notation+`"}`, &answer)
					if got == 422 && tc.hidden && strings.Contains(answer.Error, "refused") {
						continue
					}
					if got != 200 {
						t.Fatalf("move %s: status %d", m.Notation, got)
					}
					next = answer.SessionView
					break
				}
				if tc.hidden && !next.View.Over && (next.View.FEN != "" || next.View.Viewer != tc.side) {
					t.Fatalf("a hidden game's view for the person: viewer %d, FEN %q", next.View.Viewer, next.View.FEN)
				}
				if tc.side >= 0 && !next.View.Over && next.View.Turn != tc.side {
					t.Fatalf("after the engine's reply it is side %d to move, not the person's", next.View.Turn)
				}
				if tc.side < 0 && !next.View.Over && next.View.Turn == turn && len(next.Played) == 0 {
					t.Fatalf("two people: side %d moved and is to move again", turn)
				}
				sv = next
			}
			if sv.View.Result == "" || len(sv.View.Moves) != 0 {
				t.Errorf("over without a result, or with moves: %+v", sv.View)
			}
			if got := call(t, "POST", srv.URL+"/v1/play/"+sv.ID+"/moves", `{"move": "a1a2"}`, nil); got != 422 {
				t.Errorf("a move after the end: status %d, want 422", got)
			}
			if got := call(t, "DELETE", srv.URL+"/v1/play/"+sv.ID, "", nil); got != 204 {
				t.Errorf("delete: status %d", got)
			}
			if got := call(t, "GET", srv.URL+"/v1/play/"+sv.ID, "", nil); got != 404 {
				t.Errorf("a deleted game: status %d, want 404", got)
			}
		})
	}
}

func TestServiceBadMoves(t *testing.T) {
	srv := newTestServer(t, nil)
	var sv SessionView
	if got := call(t, "POST", srv.URL+"/v1/play?ruleset=chess.json&opponent=random", "", &sv); got != 201 {
		t.Fatalf("start: %d", got)
	}
	for _, tc := range []struct {
		body   string
		status int
	}{
		{`{"move": "e2e5"}`, 422},
		{`{"move": "zz"}`, 422},
		{`not json`, 400},
		{`{"move": "e2e4"}`, 200},
	} {
		if got := call(t, "POST", srv.URL+"/v1/play/"+sv.ID+"/moves", tc.body, nil); got != tc.status {
			t.Errorf("%s: status %d, want %d", tc.body, got, tc.status)
		}
	}
	if got := call(t, "GET", srv.URL+"/v1/play/nope", "", nil); got != 404 {
		t.Errorf("unknown game: %d", got)
	}
}

// Sessions are bounded in number, and idle ones make room.
func TestServiceSessionBounds(t *testing.T) {
	var svc *Service
	srv := newTestServer(t, func(s *Service) { s.MaxSessions, svc = 1, s })
	start := func() int { return call(t, "POST", srv.URL+"/v1/play?ruleset=chess.json&opponent=random", "", nil) }
	if got := start(); got != 201 {
		t.Fatalf("first: %d", got)
	}
	if got := start(); got != 429 {
		t.Errorf("second while the first is open: %d, want 429", got)
	}
	svc.mu.Lock()
	svc.Idle = time.Millisecond
	svc.mu.Unlock()
	time.Sleep(5 * time.Millisecond)
	if got := start(); got != 201 {
		t.Errorf("after the first expired: %d, want 201", got)
	}
}

// The endpoints ask for the accounts' tokens as the rest of /v1 does.
func TestServiceAuth(t *testing.T) {
	srv := newTestServer(t, func(s *Service) { s.Accounts = farm.SingleAccount("secret") })
	if got := call(t, "GET", srv.URL+"/v1/play", "", nil); got != 401 {
		t.Errorf("without a token: %d, want 401", got)
	}
	req, _ := http.NewRequest("POST", srv.URL+"/v1/play?ruleset=chess.json&opponent=random", bytes.NewReader(nil))
	req.Header.Set("Authorization", "Bearer secret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Errorf("with the token: %d, want 201", resp.StatusCode)
	}
}

func readRulesetFile(name string) (string, error) {
	data, err := os.ReadFile("../rulesets/" + name)
	return string(data), err
}

// An engine reply that fails (its time up) is made before the person's
// next move, so the game goes on.
func TestServiceOwedReply(t *testing.T) {
	var svc *Service
	srv := newTestServer(t, func(s *Service) { s.ReplyTime, svc = time.Nanosecond, s })
	var sv SessionView
	if got := call(t, "POST", srv.URL+"/v1/play?ruleset=five-by-five.json&opponent=ab:n3000&side=1", "", &sv); got != 500 {
		t.Fatalf("start with no time to reply: %d, want 500", got)
	}
	svc.mu.Lock()
	svc.ReplyTime = time.Minute
	var id string
	for id = range svc.sessions {
	}
	svc.mu.Unlock()
	if got := call(t, "GET", srv.URL+"/v1/play/"+id, "", &sv); got != 200 || sv.View.Turn != 0 || len(sv.View.History) != 0 {
		t.Fatalf("the game before the owed reply: %d, turn %d, history %v", got, sv.View.Turn, sv.View.History)
	}
	var next SessionView
	if got := call(t, "POST", srv.URL+"/v1/play/"+id+"/moves", `{"move": "b5a3"}`, &next); got != 200 {
		t.Fatalf("the person's move after the owed reply: %d", got)
	}
	if len(next.View.History) != 3 || len(next.Played) != 2 || next.View.Turn != 1 {
		t.Errorf("after the owed reply and the person's move: history %v, played %v, turn %d", next.View.History, next.Played, next.View.Turn)
	}
}
