package farm_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"
)

// testMaxBytes is the test service's body limit.
const testMaxBytes = 1 << 10

// nameOnly is the test's admission: a rule file is a JSON object with a
// name, and players are single letters.
func nameOnly(_ string, data []byte, players []string) (string, []string) {
	for _, p := range players {
		if len(p) != 1 {
			return "", []string{"unknown player " + p}
		}
	}
	var f struct{ Name string }
	if err := json.Unmarshal(data, &f); err != nil {
		return "", []string{err.Error()}
	}
	if f.Name == "" {
		return "", []string{"the spec is missing required keys: name"}
	}
	return f.Name, nil
}

func newService(t *testing.T, ctx context.Context, c *farm.Coordinator, report func(farm.Finished) (farm.ServiceReport, error)) *httptest.Server {
	t.Helper()
	svc, err := farm.NewService(ctx, c, farm.ServiceConfig{
		Admit: nameOnly, MaxRuleFileBytes: testMaxBytes, Players: []string{"a", "b", "c"}, GamesPerPairing: 4, Seed: 3, Report: report, Log: testLogger(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(svc.Handler())
	t.Cleanup(srv.Close)
	return srv
}

func call(t *testing.T, method, url string, body []byte, into any) int {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if into != nil {
		if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
			t.Fatalf("%s %s: decoding: %v", method, url, err)
		}
	}
	return resp.StatusCode
}

func TestServiceAPI(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	workers(t, s.ClientURL(), 1, 2, quickRunner())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	verdicts := make(chan string, 4)
	report := func(f farm.Finished) (farm.ServiceReport, error) {
		verdicts <- f.Label
		return farm.ServiceReport{Viable: len(f.Outcome.Results) == 12, Verdict: "viable", Name: "service-test", JSON: []byte(`{"games": 12}`),
			HTML: []byte(serviceTestPage), Games: []byte("[Event \"service test\"]\n"), GamesJSONL: []byte(`{"round": 1}` + "\n")}, nil
	}
	srv := newService(t, ctx, c, report)

	rule := []byte(`{"name": "service test", "board": {}}`)
	var errBody struct {
		Error    string
		Problems []string
	}
	tests := []struct {
		name   string
		url    string
		body   []byte
		status int
	}{
		{"invalid file", "/v1/measurements", []byte(`{"board": {}}`), http.StatusUnprocessableEntity},
		{"not JSON", "/v1/measurements", []byte(`{`), http.StatusUnprocessableEntity},
		{"too large", "/v1/measurements", bytes.Repeat([]byte(" "), testMaxBytes+1), http.StatusRequestEntityTooLarge},
		{"unknown player", "/v1/measurements?players=a,bee", rule, http.StatusUnprocessableEntity},
		{"odd games", "/v1/measurements?games=3", rule, http.StatusBadRequest},
		{"one player", "/v1/measurements?players=a", rule, http.StatusBadRequest},
	}
	for _, tt := range tests {
		errBody.Error, errBody.Problems = "", nil
		if got := call(t, "POST", srv.URL+tt.url, tt.body, &errBody); got != tt.status || errBody.Error == "" {
			t.Errorf("%s: status %d (%q), want %d", tt.name, got, errBody.Error, tt.status)
		}
	}
	if call(t, "POST", srv.URL+"/v1/measurements", []byte(`{"board": {}}`), &errBody); len(errBody.Problems) == 0 || !strings.Contains(errBody.Problems[0], "name") {
		t.Errorf("problems not listed: %+v", errBody)
	}

	var sum farm.Summary
	if got := call(t, "POST", srv.URL+"/v1/measurements?file=st.json", rule, &sum); got != http.StatusAccepted || sum.Games != 12 || sum.Ruleset != "service test" || sum.File != "st.json" {
		t.Fatalf("POST: %d %+v", got, sum)
	}
	// The same request again names the same measurement.
	var again farm.Summary
	if got := call(t, "POST", srv.URL+"/v1/measurements?file=st.json", rule, &again); got != http.StatusOK || again.ID != sum.ID {
		t.Fatalf("repeat POST: %d %+v", got, again)
	}

	var detail farm.Detail
	for deadline := time.Now().Add(30 * time.Second); ; {
		if got := call(t, "GET", srv.URL+"/v1/measurements/"+sum.ID, nil, &detail); got != http.StatusOK {
			t.Fatalf("GET status: %d", got)
		}
		if detail.State == farm.StateComplete || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if detail.State != farm.StateComplete || detail.Done != 12 || detail.Viable == nil || !*detail.Viable {
		t.Fatalf("measurement did not complete with a verdict: %+v", detail)
	}
	if len(detail.Tallies) != 3 || detail.Tallies[0].Games != 4 {
		t.Errorf("tallies: %+v", detail.Tallies)
	}
	if f := <-verdicts; f != "st.json" {
		t.Errorf("report got %q", f)
	}
	var doc struct{ Games int }
	if got := call(t, "GET", srv.URL+"/v1/measurements/"+sum.ID+"/report", nil, &doc); got != http.StatusOK || doc.Games != 12 {
		t.Errorf("report: %d %+v", got, doc)
	}
	checkDownloads(t, srv.URL+"/v1/measurements/"+sum.ID)
	// The permalink of a finished measurement is its report.
	if resp, err := http.Get(srv.URL + "/m/" + sum.ID); err != nil {
		t.Error(err)
	} else {
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || string(page) != serviceTestPage || resp.Request.URL.Path != "/v1/measurements/"+sum.ID+"/report.html" {
			t.Errorf("permalink: %d at %s, %q", resp.StatusCode, resp.Request.URL.Path, page)
		}
	}
	var listed struct{ Measurements []farm.Summary }
	call(t, "GET", srv.URL+"/v1/measurements", nil, &listed)
	if len(listed.Measurements) != 1 || listed.Measurements[0].Verdict != "viable" || listed.Measurements[0].File != "st.json" || listed.Measurements[0].Created.IsZero() {
		t.Errorf("the list lacks the verdict, file or date: %+v", listed.Measurements)
	}
	var results struct {
		Results     []protocol.Result
		DeadLetters []protocol.DeadLetter `json:"dead_letters"`
	}
	call(t, "GET", srv.URL+"/v1/measurements/"+sum.ID+"/results", nil, &results)
	if len(results.Results) != 12 || len(results.DeadLetters) != 0 {
		t.Errorf("results: %d results, %d dead letters", len(results.Results), len(results.DeadLetters))
	}
	if got := call(t, "GET", srv.URL+"/v1/measurements/nope", nil, &errBody); got != http.StatusNotFound {
		t.Errorf("unknown id: %d", got)
	}
	var queue map[string]int
	if got := call(t, "GET", srv.URL+"/v1/queue", nil, &queue); got != http.StatusOK || queue["queued"] != 0 {
		t.Errorf("queue: %d %v", got, queue)
	}

	// A restarted service finds the measurement in the farm.
	restarted := newService(t, ctx, c, nil)
	var list struct{ Measurements []farm.Summary }
	for deadline := time.Now().Add(10 * time.Second); ; {
		call(t, "GET", restarted.URL+"/v1/measurements", nil, &list)
		if len(list.Measurements) == 1 && list.Measurements[0].State == farm.StateComplete || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	// It names the file as posted.
	if len(list.Measurements) != 1 || list.Measurements[0].ID != sum.ID || list.Measurements[0].Done != 12 || list.Measurements[0].File != "st.json" {
		t.Fatalf("restarted service lists %+v", list.Measurements)
	}
}

// serviceTestPage is the test report's page: it links its games as
// measure's reports do, by the file names beside it.
const serviceTestPage = `<html><a href="service-test.pgn">every game</a> <a href="service-test.games.jsonl">as JSON lines</a></html>`

// checkDownloads fetches a finished measurement's documents (under base,
// its API path) and checks each one's type and the name it is saved
// under.
func checkDownloads(t *testing.T, base string) {
	t.Helper()
	tests := []struct {
		path        string
		status      int
		contentType string
		disposition string
		body        string
	}{
		{"/games", http.StatusOK, "application/x-chess-pgn", `attachment; filename="service-test.pgn"`, "[Event "},
		{"/games.jsonl", http.StatusOK, "application/x-ndjson", `attachment; filename="service-test.games.jsonl"`, `{"round": 1}`},
		{"/report", http.StatusOK, "application/json", `attachment; filename="service-test.json"`, `{"games": 12}`},
		{"/report.html", http.StatusOK, "text/html; charset=utf-8", `inline; filename="service-test.html"`, "<html>"},
		// The report page's links, by the names measure writes beside it.
		{"/service-test.pgn", http.StatusOK, "application/x-chess-pgn", `attachment; filename="service-test.pgn"`, "[Event "},
		{"/service-test.games.jsonl", http.StatusOK, "application/x-ndjson", `attachment; filename="service-test.games.jsonl"`, `{"round": 1}`},
		{"/other.txt", http.StatusNotFound, "application/json", "", "{"},
	}
	for _, tt := range tests {
		resp, err := http.Get(base + tt.path)
		if err != nil {
			t.Error(err)
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status || resp.Header.Get("Content-Type") != tt.contentType || !strings.HasPrefix(string(body), tt.body) {
			t.Errorf("GET %s: %d %q %q, want %d %q %q...", tt.path, resp.StatusCode, resp.Header.Get("Content-Type"), body, tt.status, tt.contentType, tt.body)
		}
		if got := resp.Header.Get("Content-Disposition"); got != tt.disposition {
			t.Errorf("GET %s: Content-Disposition %q, want %q", tt.path, got, tt.disposition)
		}
	}
}

func TestContentDisposition(t *testing.T) {
	tests := []struct {
		name, want string
	}{
		{"chess.pgn", `attachment; filename="chess.pgn"`},
		{"two words.pgn", `attachment; filename="two words.pgn"`},
		{`say "hi".pgn`, `attachment; filename="say _hi_.pgn"; filename*=UTF-8''say%20%22hi%22.pgn`},
		{"gliński.pgn", `attachment; filename="gli_ski.pgn"; filename*=UTF-8''gli%C5%84ski.pgn`},
		{"a\nb.json", `attachment; filename="a_b.json"; filename*=UTF-8''a%0Ab.json`},
	}
	for _, tt := range tests {
		if got := farm.ContentDisposition("attachment", tt.name); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestServicePermalink: a measurement still playing has a permalink that
// serves the page, which shows its progress; one that does not exist is a
// 404; behind a token, a browser (which cannot send it) gets the page,
// which holds no data and asks the API with the token the user types.
func TestServicePermalink(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	const token = "permalink-test-token-0123"
	tests := []struct {
		name  string
		token string // the service's
		auth  string // the request's
	}{
		{"open service", "", ""},
		{"browser without the token", token, ""},
		{"client with the token", token, token},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// No workers: the measurement stays running.
			svc, err := farm.NewService(ctx, c, farm.ServiceConfig{Admit: nameOnly, MaxRuleFileBytes: testMaxBytes, Players: []string{"a", "b"},
				GamesPerPairing: 2, Seed: 5, Token: tt.token, Log: testLogger(t)})
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(svc.Handler())
			defer srv.Close()
			req, _ := http.NewRequest("POST", srv.URL+"/v1/measurements?file=p.json", strings.NewReader(`{"name": "permalink `+tt.name+`"}`))
			req.Header.Set("Authorization", "Bearer "+tt.token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var sum farm.Summary
			json.NewDecoder(resp.Body).Decode(&sum)
			resp.Body.Close()
			if resp.StatusCode != http.StatusAccepted {
				t.Fatalf("POST: %s", resp.Status)
			}
			get := func(path string) (int, string) {
				req, _ := http.NewRequest("GET", srv.URL+path, nil)
				if tt.auth != "" {
					req.Header.Set("Authorization", "Bearer "+tt.auth)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				body, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, string(body)
			}
			if status, body := get("/m/" + sum.ID); status != http.StatusOK || !strings.Contains(body, `<form id="submit-form"`) {
				t.Errorf("permalink of a running measurement: %d, not the page", status)
			}
			wantUnknown := http.StatusNotFound
			if tt.token != "" && tt.auth == "" {
				wantUnknown = http.StatusOK
			}
			if status, _ := get("/m/no-such-measurement"); status != wantUnknown {
				t.Errorf("permalink of no measurement: %d, want %d", status, wantUnknown)
			}
			req, _ = http.NewRequest("DELETE", srv.URL+"/v1/measurements/"+sum.ID, nil)
			req.Header.Set("Authorization", "Bearer "+tt.token)
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
			}
		})
	}
}
