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
		return farm.ServiceReport{Viable: len(f.Outcome.Results) == 12, JSON: []byte(`{"games": 12}`), Games: []byte("[Event \"service test\"]\n")}, nil
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
	if got := call(t, "POST", srv.URL+"/v1/measurements", rule, &sum); got != http.StatusAccepted || sum.Games != 12 || sum.Ruleset != "service test" {
		t.Fatalf("POST: %d %+v", got, sum)
	}
	// The same request again names the same measurement.
	var again farm.Summary
	if got := call(t, "POST", srv.URL+"/v1/measurements", rule, &again); got != http.StatusOK || again.ID != sum.ID {
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
	if f := <-verdicts; f != "service test" {
		t.Errorf("report got %q", f)
	}
	var doc struct{ Games int }
	if got := call(t, "GET", srv.URL+"/v1/measurements/"+sum.ID+"/report", nil, &doc); got != http.StatusOK || doc.Games != 12 {
		t.Errorf("report: %d %+v", got, doc)
	}
	if resp, err := http.Get(srv.URL + "/v1/measurements/" + sum.ID + "/games"); err != nil {
		t.Error(err)
	} else {
		pgn, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-chess-pgn" || !bytes.HasPrefix(pgn, []byte("[Event ")) {
			t.Errorf("games: %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), pgn)
		}
		// A download with its file name, so a browser saves it.
		if want := `attachment; filename="measurement-` + sum.ID + `.pgn"`; resp.Header.Get("Content-Disposition") != want {
			t.Errorf("games: Content-Disposition %q, want %q", resp.Header.Get("Content-Disposition"), want)
		}
		// The served report's "Every game" link is the file name measure
		// writes beside a report (NAME.pgn): it reaches the same games.
		if resp, err := http.Get(srv.URL + "/v1/measurements/" + sum.ID + "/service-test.pgn"); err != nil {
			t.Error(err)
		} else {
			got, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || !bytes.Equal(got, pgn) {
				t.Errorf("the report's games link: status %d, %d bytes (the games are %d)", resp.StatusCode, len(got), len(pgn))
			}
		}
		if resp, err := http.Get(srv.URL + "/v1/measurements/" + sum.ID + "/other.txt"); err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("a document the service does not have: status %d", resp.StatusCode)
			}
		}
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
	if len(list.Measurements) != 1 || list.Measurements[0].ID != sum.ID || list.Measurements[0].Done != 12 {
		t.Fatalf("restarted service lists %+v", list.Measurements)
	}
}
