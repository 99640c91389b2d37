package farm_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/fakegame"
)

func TestParseAccounts(t *testing.T) {
	tests := []struct {
		name, file string
		accounts   int
		err        string // in the error; "" for none
	}{
		{"three roles", "# comment\nalice submit alice-token-0123456789\n\nbob read bob-token-0123456789ab\n ops  admin  ops-token-0123456789abc \n", 3, ""},
		{"no accounts", "# nobody\n", 0, "no accounts"},
		{"missing token", "alice submit\n", 0, "line 1: want NAME ROLE TOKEN"},
		{"unknown role", "alice owner alice-token-0123456789\n", 0, `role "owner"`},
		{"short token", "alice submit short\n", 0, "at least 16"},
		{"bad name", "al/ice submit alice-token-0123456789\n", 0, "account name"},
		{"name twice", "alice submit alice-token-0123456789\nalice read other-token-0123456789\n", 0, "line 2: account alice is on line 1 too"},
		{"token twice", "alice submit same-token-0123456789\nbob read same-token-0123456789\n", 0, "line 2: account bob has the token of line 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := farm.ParseAccounts([]byte(tt.file))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil || a.Len() != tt.accounts {
				t.Fatalf("%v, %d accounts, want %d", err, a.Len(), tt.accounts)
			}
		})
	}
}

// testAccounts are a service's accounts in the tests: two submitters, a
// reader and an admin; the token of each is its name's.
const testAccounts = `alice submit alice-token-0123456789
bob submit bob-token-0123456789
dash read dash-token-0123456789
ops admin ops-token-0123456789
`

func tokenOf(name string) string { return name + "-token-0123456789" }

// newAccountService serves a service with testAccounts and the limits,
// whose runs last as long as ctx.
func newAccountService(t *testing.T, ctx context.Context, c *farm.Coordinator, limits farm.Limits) (*httptest.Server, *farm.Service) {
	t.Helper()
	accounts, err := farm.ParseAccounts([]byte(testAccounts))
	if err != nil {
		t.Fatal(err)
	}
	svc, err := farm.NewService(ctx, c, farm.ServiceConfig{Admit: nameOnly, MaxRuleFileBytes: testMaxBytes,
		Players: []string{"a", "b", "c"}, GamesPerPairing: 4, Seed: 3, Log: testLogger(t), Accounts: accounts, Limits: limits})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(svc.Handler())
	t.Cleanup(srv.Close)
	return srv, svc
}

// as calls the API as account ("" for no token), decoding the answer
// into into when given; it returns the status and the Retry-After header.
func as(t *testing.T, account, method, url string, body []byte, into any) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if account != "" {
		req.Header.Set("Authorization", "Bearer "+tokenOf(account))
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
	return resp.StatusCode, resp.Header.Get("Retry-After")
}

// TestServiceAccounts: with one token per account, a submitter lists and
// cancels only its own measurements, a reader posts and cancels nothing,
// and an admin cancels anyone's, before and after a restart (once, any
// holder of the one token listed and cancelled anyone's measurement).
func TestServiceAccounts(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	// No workers: the measurements stay running.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	first, stopFirst := context.WithCancel(ctx)
	srv, svc := newAccountService(t, first, c, farm.Limits{})
	rule := []byte(`{"name": "accounts test"}`)

	// The same file from two accounts is two measurements, one each.
	ids := map[string]string{}
	for _, who := range []string{"alice", "bob"} {
		var sum farm.Summary
		if got, _ := as(t, who, "POST", srv.URL+"/v1/measurements", rule, &sum); got != http.StatusAccepted || sum.Account != who {
			t.Fatalf("%s posts: %d %+v", who, got, sum)
		}
		ids[who] = sum.ID
	}
	if ids["alice"] == ids["bob"] {
		t.Fatalf("alice and bob share measurement %s", ids["alice"])
	}

	type step struct {
		name, account, method, path string
		status                      int
		listed                      []string // for a list: the accounts whose measurements it shows
	}
	steps := func(srv *httptest.Server) []step {
		return []step{
			{"anonymous lists", "", "GET", "/v1/measurements", http.StatusUnauthorized, nil},
			{"alice lists her own", "alice", "GET", "/v1/measurements", http.StatusOK, []string{"alice"}},
			{"bob lists his own", "bob", "GET", "/v1/measurements", http.StatusOK, []string{"bob"}},
			{"the reader lists all", "dash", "GET", "/v1/measurements", http.StatusOK, []string{"alice", "bob"}},
			{"the admin lists all", "ops", "GET", "/v1/measurements", http.StatusOK, []string{"alice", "bob"}},
			{"bob reads alice's by its id", "bob", "GET", "/v1/measurements/" + ids["alice"], http.StatusOK, nil},
			{"bob cancels alice's", "bob", "DELETE", "/v1/measurements/" + ids["alice"], http.StatusForbidden, nil},
			{"the reader cancels", "dash", "DELETE", "/v1/measurements/" + ids["alice"], http.StatusForbidden, nil},
			{"the reader posts", "dash", "POST", "/v1/measurements", http.StatusForbidden, nil},
			{"the reader reads the queue", "dash", "GET", "/v1/queue", http.StatusOK, nil},
		}
	}
	run := func(t *testing.T, srv *httptest.Server) {
		for _, st := range steps(srv) {
			var body []byte
			if st.method == "POST" {
				body = rule
			}
			var list struct{ Measurements []farm.Summary }
			var into any
			if st.listed != nil {
				into = &list
			}
			if got, _ := as(t, st.account, st.method, srv.URL+st.path, body, into); got != st.status {
				t.Errorf("%s: %d, want %d", st.name, got, st.status)
				continue
			}
			if st.listed != nil {
				var owners []string
				for _, m := range list.Measurements {
					owners = append(owners, m.Account)
				}
				if fmt.Sprint(owners) != fmt.Sprint(st.listed) {
					t.Errorf("%s: lists the measurements of %v, want %v", st.name, owners, st.listed)
				}
			}
		}
	}
	run(t, srv)
	// A restarted service knows whose each measurement is, once the farm
	// has recorded them.
	for deadline := time.Now().Add(20 * time.Second); ; {
		states, err := c.Batches(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := states[ids["alice"]]; ok {
			if _, ok := states[ids["bob"]]; ok {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the farm has not recorded both measurements: %v", states)
		}
		time.Sleep(20 * time.Millisecond)
	}
	stopFirst()
	svc.Wait()
	restarted, _ := newAccountService(t, ctx, c, farm.Limits{})
	run(t, restarted)

	var sum farm.Summary
	if got, _ := as(t, "alice", "DELETE", restarted.URL+"/v1/measurements/"+ids["alice"], nil, &sum); got != http.StatusOK || sum.State != farm.StateCancelled {
		t.Errorf("alice cancels hers: %d %+v", got, sum)
	}
	if got, _ := as(t, "ops", "DELETE", restarted.URL+"/v1/measurements/"+ids["bob"], nil, &sum); got != http.StatusOK || sum.State != farm.StateCancelled {
		t.Errorf("the admin cancels bob's: %d %+v", got, sum)
	}
}

// TestServiceFairShare: 200 concurrent posts of distinct measurements
// from one account get at most its running limit accepted and the rest
// 429 with a Retry-After, and a measurement of another account then
// completes while the first account's still run (once all 200 were
// accepted and the other account's measurement crawled at a 200th of
// the farm).
func TestServiceFairShare(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	// Games of about 100 ms on 4 slots: the greedy account's 4
	// measurements of 120 games hold the farm for a dozen seconds.
	workers(t, s.ClientURL(), 1, 4, &fakegame.Runner{MinPlies: 8, MaxPlies: 12, PlyDelay: 10 * time.Millisecond, NodesPerPly: 10})
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	limits := farm.Limits{AccountMeasurements: 4, AccountAdmissions: 8, Admissions: 64}
	srv, _ := newAccountService(t, ctx, c, limits)

	const posts = 200
	statuses := make([]int, posts)
	retries := make([]string, posts)
	var wg sync.WaitGroup
	for i := range posts {
		wg.Go(func() {
			rule := fmt.Appendf(nil, `{"name": "greedy %d"}`, i)
			statuses[i], retries[i] = as(t, "alice", "POST", srv.URL+"/v1/measurements?games=40", rule, nil)
		})
	}
	wg.Wait()
	accepted := 0
	for i, st := range statuses {
		switch {
		case st == http.StatusAccepted:
			accepted++
		case st != http.StatusTooManyRequests || retries[i] == "":
			t.Errorf("post %d: %d with Retry-After %q, want 202, or 429 with a Retry-After", i, st, retries[i])
		}
	}
	if accepted == 0 || accepted > limits.AccountMeasurements {
		t.Fatalf("%d of %d posts accepted, want 1 to %d", accepted, posts, limits.AccountMeasurements)
	}
	// Once alice holds all she may, a post is refused before it is read.
	var refusal struct{ Error string }
	for accepted < limits.AccountMeasurements {
		if got, _ := as(t, "alice", "POST", srv.URL+"/v1/measurements?games=40", fmt.Appendf(nil, `{"name": "greedy more %d"}`, accepted), nil); got == http.StatusAccepted {
			accepted++
		}
	}
	if got, retry := as(t, "alice", "POST", srv.URL+"/v1/measurements", []byte(`{"name": "one too many"}`), &refusal); got != http.StatusTooManyRequests || retry == "" ||
		!strings.Contains(refusal.Error, "account alice has 4 measurements running") {
		t.Errorf("a fifth measurement of alice: %d %q (Retry-After %q)", got, refusal.Error, retry)
	}

	// bob's measurement of 12 games gets its share of the farm at once.
	start := time.Now()
	var sum farm.Summary
	if got, _ := as(t, "bob", "POST", srv.URL+"/v1/measurements", []byte(`{"name": "normal"}`), &sum); got != http.StatusAccepted {
		t.Fatalf("bob's post: %d", got)
	}
	var detail farm.Detail
	for detail.State != farm.StateComplete {
		if time.Since(start) > 30*time.Second {
			t.Fatalf("bob's measurement did %d of %d games in %s", detail.Done, detail.Games, time.Since(start).Round(time.Millisecond))
		}
		time.Sleep(50 * time.Millisecond)
		as(t, "bob", "GET", srv.URL+"/v1/measurements/"+sum.ID, nil, &detail)
	}
	elapsed := time.Since(start)
	var list struct{ Measurements []farm.Summary }
	as(t, "alice", "GET", srv.URL+"/v1/measurements", nil, &list)
	running, left := 0, 0
	for _, m := range list.Measurements {
		if m.State == farm.StateRunning {
			running++
			left += m.Games - m.Done
		}
	}
	t.Logf("bob's 12 games in %s, while alice's %d measurements had %d games left", elapsed.Round(time.Millisecond), running, left)
	if running == 0 {
		t.Errorf("alice's measurements ended before bob's: the test shows no sharing")
	}
}

// TestServiceAccountSalt: an accounts file's account salts its plans
// with its name, so that its measurements are its own; the one account
// of a single token, or of an open service, leaves the salt (and so the
// ids of its measurements) as before accounts.
func TestServiceAccountSalt(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	accounts, err := farm.ParseAccounts([]byte(testAccounts))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		token    string
		accounts *farm.Accounts
		salt     string
	}{
		{"open", "", nil, "service salt"},
		{"one token", tokenOf("alice"), nil, "service salt"},
		{"accounts", "", accounts, "service salt account:alice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc, err := farm.NewService(ctx, c, farm.ServiceConfig{Admit: nameOnly, MaxRuleFileBytes: testMaxBytes, Salt: "service salt",
				Players: []string{"a", "b"}, GamesPerPairing: 2, Seed: 3, Log: testLogger(t), Token: tt.token, Accounts: tt.accounts})
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(svc.Handler())
			defer srv.Close()
			var sum farm.Summary
			if got, _ := as(t, "alice", "POST", srv.URL+"/v1/measurements", []byte(`{"name": "salt `+tt.name+`"}`), &sum); got != http.StatusAccepted || sum.Plan.Salt != tt.salt {
				t.Errorf("%d, salt %q, want %q", got, sum.Plan.Salt, tt.salt)
			}
		})
	}
}

// TestServiceLimits: the games still to play bound each account and all
// together, and a post that waits too long for its compile is told to
// come back; each refusal is a 429 with a Retry-After.
func TestServiceLimits(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	// No workers: the measurements keep their games to play.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := newAccountService(t, ctx, c, farm.Limits{AccountGames: 20, Games: 30})
	steps := []struct {
		account, name string
		status        int
		err           string // in a refusal
	}{
		{"alice", "first", http.StatusAccepted, ""},
		{"alice", "second", http.StatusTooManyRequests, "account alice has 12 games to play, and 12 more would pass its limit of 20"},
		{"bob", "first", http.StatusAccepted, ""},
		{"ops", "first", http.StatusTooManyRequests, "the service has 24 games to play, and 12 more would pass its limit of 30"},
	}
	for _, st := range steps {
		var answer struct{ Error string }
		got, retry := as(t, st.account, "POST", srv.URL+"/v1/measurements", []byte(`{"name": "`+st.account+` `+st.name+`"}`), &answer)
		if got != st.status || st.err != "" && (answer.Error != st.err || retry == "") {
			t.Errorf("%s's %s: %d %q (Retry-After %q), want %d %q", st.account, st.name, got, answer.Error, retry, st.status, st.err)
		}
	}

	// One compile at once, held by a post whose check blocks: the next
	// post waits its turn only so long.
	accounts, err := farm.ParseAccounts([]byte(testAccounts))
	if err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	slowAdmit := func(label string, data []byte, players []string) (string, []string) {
		if strings.Contains(string(data), "slow") {
			close(entered)
			<-release
		}
		return nameOnly(label, data, players)
	}
	svc, err := farm.NewService(ctx, c, farm.ServiceConfig{Admit: slowAdmit, MaxRuleFileBytes: testMaxBytes, Players: []string{"a", "b"},
		GamesPerPairing: 2, Seed: 3, Log: testLogger(t), Accounts: accounts, Limits: farm.Limits{Compiles: 1, CompileWait: 200 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	slow := httptest.NewServer(svc.Handler())
	defer slow.Close()
	done := make(chan int)
	go func() {
		// Not as: a goroutine other than the test's must not stop it.
		req, _ := http.NewRequest("POST", slow.URL+"/v1/measurements", strings.NewReader(`{"name": "slow"}`))
		req.Header.Set("Authorization", "Bearer "+tokenOf("alice"))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- 0
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	select {
	case <-entered:
	case got := <-done:
		t.Fatalf("the slow post ended before its check: %d", got)
	}
	var answer struct{ Error string }
	if got, retry := as(t, "bob", "POST", slow.URL+"/v1/measurements", []byte(`{"name": "waits"}`), &answer); got != http.StatusTooManyRequests || retry == "" ||
		!strings.Contains(answer.Error, "no compile free for 200ms") {
		t.Errorf("a post behind a held compile: %d %q (Retry-After %q)", got, answer.Error, retry)
	}
	close(release)
	if got := <-done; got != http.StatusAccepted {
		t.Errorf("the slow post: %d", got)
	}
}

// FuzzParseAccounts: any accounts file is read or refused, never a panic;
// one read holds an account for each line that is neither blank nor a
// comment.
func FuzzParseAccounts(f *testing.F) {
	f.Add([]byte(testAccounts))
	f.Add([]byte("# comment\nalice submit alice-token-0123456789\n\n"))
	f.Add([]byte("alice owner alice-token-0123456789\n"))
	f.Add([]byte("al/ice submit alice-token-0123456789\r\nbob read bob-token-0123456789\x00\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := farm.ParseAccounts(data)
		if err != nil {
			return
		}
		lines := 0
		for _, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimSpace(strings.TrimSuffix(line, "\r")); line != "" && !strings.HasPrefix(line, "#") {
				lines++
			}
		}
		if a.Len() != lines || a.Open() {
			t.Fatalf("%q: %d accounts (open %v) from %d lines", data, a.Len(), a.Open(), lines)
		}
	})
}
