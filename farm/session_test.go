package farm_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
)

// TestServiceSessionCookie: behind a token, a browser (a client with a
// cookie jar and no Authorization header) is refused the links the page
// shows until the page gives the token once (POST /v1/session); from then
// on they open with the session cookie. The cookie only reads: posting
// and cancelling still need the bearer token, which API clients keep
// using as before.
func TestServiceSessionCookie(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	workers(t, s.ClientURL(), 1, 2, quickRunner())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	const token = "session-test-token-0123456789"
	report := func(farm.Finished) (farm.ServiceReport, error) {
		return farm.ServiceReport{Viable: true, Verdict: "viable", Name: "service-test", JSON: []byte(`{"games": 4}`),
			HTML: []byte(serviceTestPage), Games: []byte("[Event \"session test\"]\n"), GamesJSONL: []byte(`{"round": 1}` + "\n")}, nil
	}
	svc, err := farm.NewService(ctx, c, farm.ServiceConfig{Admit: nameOnly, MaxRuleFileBytes: testMaxBytes, Players: []string{"a", "b"},
		GamesPerPairing: 4, Seed: 11, Token: token, Report: report, Log: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(svc.Handler())
	t.Cleanup(srv.Close)

	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	browser := &http.Client{Jar: jar}
	// do sends a request as the browser, with bearer as its Authorization
	// when set, and answers the status and the body.
	do := func(method, path, bearer, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		resp, err := browser.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data)
	}

	// An API client posts with the bearer token, as before.
	status, body := do("POST", "/v1/measurements?file=s.json", token, `{"name": "session test"}`)
	var sum farm.Summary
	if err := json.Unmarshal([]byte(body), &sum); err != nil || status != http.StatusAccepted {
		t.Fatalf("POST with the token: %d %s", status, body)
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		var d farm.Detail
		_, body := do("GET", "/v1/measurements/"+sum.ID, token, "")
		json.Unmarshal([]byte(body), &d)
		if d.State == farm.StateComplete {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("measurement not complete: %+v", d)
		}
		time.Sleep(50 * time.Millisecond)
	}

	base := "/v1/measurements/" + sum.ID
	// The links the page shows for a finished measurement, and where the
	// report's own links lead.
	links := []string{base + "/report.html", base + "/report", base + "/games", base + "/games.jsonl", base + "/results",
		base + "/service-test.pgn", base + "/live", "/v1/measurements"}
	checkLinks := func(when string, want int) {
		t.Helper()
		for _, link := range links {
			if status, body := do("GET", link, "", ""); status != want {
				t.Errorf("%s: GET %s: %d %.80q, want %d", when, link, status, body, want)
			}
		}
	}
	checkLinks("before the page gave the token", http.StatusUnauthorized)
	// The permalink shows the page rather than the report.
	if _, body := do("GET", "/m/"+sum.ID, "", ""); !strings.Contains(body, `<form id="submit-form"`) {
		t.Errorf("permalink without a session: %.80q, want the page", body)
	}

	trades := []struct {
		name   string
		bearer string
		status int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"wrong token", "not-the-session-test-token", http.StatusUnauthorized},
		{"the token", token, http.StatusNoContent},
	}
	for _, tt := range trades {
		if status, body := do("POST", "/v1/session", tt.bearer, ""); status != tt.status {
			t.Fatalf("POST /v1/session with %s: %d %s, want %d", tt.name, status, body, tt.status)
		}
	}
	cookies := jar.Cookies(mustParse(t, srv.URL))
	if len(cookies) != 1 || cookies[0].Name != farm.SessionCookie || strings.Contains(cookies[0].Value, token) {
		t.Fatalf("cookies after the session: %v", cookies)
	}
	checkLinks("with the session cookie", http.StatusOK)
	if status, body := do("GET", "/m/"+sum.ID, "", ""); status != http.StatusOK || body != serviceTestPage {
		t.Errorf("permalink with the session: %d %.80q, want the report", status, body)
	}

	// The cookie reads only.
	writes := []struct{ method, path, body string }{
		{"POST", "/v1/measurements?file=t.json", `{"name": "cookie only"}`},
		{"DELETE", base, ""},
	}
	for _, w := range writes {
		if status, body := do(w.method, w.path, "", w.body); status != http.StatusUnauthorized {
			t.Errorf("%s %s with only the cookie: %d %.80q, want 401", w.method, w.path, status, body)
		}
	}

	// A cookie that was not given by the service opens nothing.
	forged := &http.Client{}
	for _, value := range []string{token, "0000", ""} {
		req, _ := http.NewRequest("GET", srv.URL+base+"/report", nil)
		req.AddCookie(&http.Cookie{Name: farm.SessionCookie, Value: value})
		resp, err := forged.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("cookie %q: %d, want 401", value, resp.StatusCode)
		}
	}

	// Signing out forgets it.
	if status, _ := do("DELETE", "/v1/session", "", ""); status != http.StatusNoContent {
		t.Errorf("DELETE /v1/session: %d", status)
	}
	checkLinks("after the session ended", http.StatusUnauthorized)
}

// TestSessionCookieAttributes: the cookie is out of the page's scripts'
// reach, never sent by another site's page, and only over TLS when the
// service is reached over TLS.
func TestSessionCookieAttributes(t *testing.T) {
	tests := []struct {
		name   string
		url    string
		secure bool
	}{
		{"plain HTTP", "http://farm/v1/session", false},
		{"TLS", "https://farm/v1/session", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", tt.url, nil)
			c := farm.SessionCookieFor("attribute-test-token-0123", r)
			if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Secure != tt.secure || c.Path != "/" || c.MaxAge != 0 || !c.Expires.IsZero() {
				t.Errorf("cookie %s", c)
			}
			if other := farm.SessionCookieFor("attribute-test-token-4567", r); other.Value == c.Value {
				t.Error("two tokens give the same cookie")
			}
		})
	}
}

func mustParse(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestSessionCookieAccounts: under an accounts file, the session cookie a
// browser gets for one account's token reads as that account (it lists
// that account's measurements only, and opens them), another account's
// cookie reads as the other, the cookie alone posts and cancels nothing, and a cookie not
// made from any account's token reads nothing.
func TestSessionCookieAccounts(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := newAccountService(t, ctx, c, farm.Limits{})
	rule := []byte(`{"name": "cookie accounts"}`)
	ids := map[string]string{}
	for _, who := range []string{"alice", "bob"} {
		var sum farm.Summary
		if got, _ := as(t, who, "POST", srv.URL+"/v1/measurements", rule, &sum); got != http.StatusAccepted {
			t.Fatalf("%s posts: %d", who, got)
		}
		ids[who] = sum.ID
	}
	// browser is a client whose cookie jar holds who's session cookie.
	browser := func(who string) *http.Client {
		jar, err := cookiejar.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		cl := &http.Client{Jar: jar}
		req, _ := http.NewRequest("POST", srv.URL+"/v1/session", nil)
		req.Header.Set("Authorization", "Bearer "+tokenOf(who))
		resp, err := cl.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNoContent {
			t.Fatalf("%s: POST /v1/session: %d", who, resp.StatusCode)
		}
		return cl
	}
	do := func(cl *http.Client, method, path string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(string(rule)))
		resp, err := cl.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data)
	}
	for _, who := range []string{"alice", "bob"} {
		other := map[string]string{"alice": "bob", "bob": "alice"}[who]
		cl := browser(who)
		status, body := do(cl, "GET", "/v1/measurements")
		if status != http.StatusOK || !strings.Contains(body, ids[who]) || strings.Contains(body, ids[other]) {
			t.Errorf("%s's cookie lists: %d %s; want %s only", who, status, body, ids[who])
		}
		if status, _ := do(cl, "GET", "/v1/measurements/"+ids[who]); status != http.StatusOK {
			t.Errorf("%s's cookie reads its measurement: %d", who, status)
		}
		if status, _ := do(cl, "POST", "/v1/measurements"); status != http.StatusUnauthorized {
			t.Errorf("%s's cookie alone posts: %d, want 401", who, status)
		}
		if status, _ := do(cl, "DELETE", "/v1/measurements/"+ids[who]); status != http.StatusUnauthorized {
			t.Errorf("%s's cookie alone cancels: %d, want 401", who, status)
		}
	}
	forged, _ := cookiejar.New(nil)
	u, _ := url.Parse(srv.URL)
	forged.SetCookies(u, []*http.Cookie{farm.SessionCookieFor("no-such-token-0123456789", &http.Request{})})
	if status, _ := do(&http.Client{Jar: forged}, "GET", "/v1/measurements"); status != http.StatusUnauthorized {
		t.Errorf("a cookie of no account's token lists: %d, want 401", status)
	}
}
