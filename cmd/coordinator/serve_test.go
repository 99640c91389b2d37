package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/internal/freeport"
	"balancefarm/measure"
)

// multipartBody is what `curl -F file=@NAME -F k=v` sends.
func multipartBody(t *testing.T, name, content string, fields map[string]string) (string, *bytes.Buffer) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	if name != "" {
		fw, err := mw.CreateFormFile("file", name)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(fw, content)
	}
	mw.Close()
	return mw.FormDataContentType(), &body
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

// TestServePage: the page, a multipart upload, live scores per pairing,
// the finished report, the worker URL and the built-in workers' metrics.
func TestServePage(t *testing.T) {
	t.Chdir(t.TempDir())
	ports, err := freeport.Ports(1)
	if err != nil {
		t.Fatal(err)
	}
	metricsAddr := fmt.Sprintf("127.0.0.1:%d", ports[0])
	// With a precision, the strongest rung also plays itself.
	base, stdout, _, _ := startServe(t, "-metrics-addr", metricsAddr, "-precision", "0.3")

	if !regexp.MustCompile(`(?m)^workers join with: worker -nats nats://127\.0\.0\.1:\d+$`).MatchString(stdout.String()) {
		t.Errorf("worker URL not printed plainly:\n%s", stdout)
	}

	resp, page := get(t, base+"/")
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %s %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	for _, want := range []string{`<form id="submit-form"`, `type="file"`, "/v1/measurements", "/live", "/report", "/games"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Self-contained: nothing fetched from elsewhere.
	if m := regexp.MustCompile(`(src|href)\s*=\s*["']?(https?:)?//`).FindString(page); m != "" {
		t.Errorf("page loads from elsewhere: %s", m)
	}
	if resp, _ := get(t, base+"/nothing-here"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /nothing-here: %s, want 404", resp.Status)
	}

	tests := []struct {
		name   string
		file   string
		fields map[string]string
		status int
		want   string
	}{
		{"no file part", "", map[string]string{"games": "6"}, http.StatusBadRequest, "without a part named"},
		{"invalid rule file", "bad.json", nil, http.StatusUnprocessableEntity, "missing required keys"},
		{"odd games", "kr.json", map[string]string{"games": "5"}, http.StatusBadRequest, "even"},
		{"accepted", "kr.json", map[string]string{"games": "6"}, http.StatusAccepted, `"state": "running"`},
	}
	var id string
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			content := kingsAndRooks
			if tt.file == "bad.json" {
				content = `{"name": "no board"}`
			}
			ctype, body := multipartBody(t, tt.file, content, tt.fields)
			resp, err := http.Post(base+"/v1/measurements", ctype, body)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			text, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.status || !strings.Contains(string(text), tt.want) {
				t.Fatalf("%s %s, want %d with %q", resp.Status, text, tt.status, tt.want)
			}
			if tt.status == http.StatusAccepted {
				var sum farm.Summary
				json.Unmarshal(text, &sum)
				if sum.Plan.GamesPerPairing != 6 || sum.Ruleset != "Farm test: kings and rooks" {
					t.Errorf("form fields not applied: %+v", sum)
				}
				id = sum.ID
			}
		})
	}
	if id == "" {
		t.Fatal("nothing accepted")
	}

	var live struct {
		farm.Live
		Pairings []measure.PairingScore `json:"pairings"`
	}
	deadline := time.Now().Add(60 * time.Second)
	for getJSON(t, base+"/v1/measurements/"+id+"/live", &live); live.State == farm.StateRunning; getJSON(t, base+"/v1/measurements/"+id+"/live", &live) {
		if time.Now().After(deadline) {
			t.Fatal("measurement not complete in time")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if live.State != farm.StateComplete || live.Verdict == "" || len(live.Pairings) != 2 || !live.Pairings[1].Mirror {
		t.Fatalf("finished live view: %+v", live)
	}
	if live.Done > live.Games {
		t.Errorf("%d games done of at most %d", live.Done, live.Games)
	}
	if p := live.Pairings[0]; p.A != "ab:d1" || p.B != "random" || p.Games != 6 || p.Wins+p.Draws+p.Losses != 6 || len(p.Tests) == 0 {
		t.Errorf("pairing score %+v, want ab:d1 against random over 6 games with its tests", p)
	}
	reportURL := base + "/v1/measurements/" + id + "/report.html"
	resp, report := get(t, reportURL)
	if resp.StatusCode != http.StatusOK || !strings.Contains(report, "<html") {
		t.Fatalf("report page: %s", resp.Status)
	}
	// Every link of the served report works, its games among them.
	if n := checkLinks(t, reportURL, report); n == 0 || !strings.Contains(report, `href="kr.pgn"`) {
		t.Errorf("the report links %d documents, its games (kr.pgn) not among them", n)
	}
	// The page's pairings and the report's tables count alike.
	for what, html := range map[string]string{"page": page, "report": report} {
		if !strings.Contains(html, "<th>W-D-L</th>") || strings.Contains(html, "W - L - D") {
			t.Errorf("the %s does not write W-D-L", what)
		}
	}
	// Downloads are saved under the names measure gives its files.
	for path, want := range map[string]string{
		"/games":        `attachment; filename="kr.pgn"`,
		"/games.jsonl":  `attachment; filename="kr.games.jsonl"`,
		"/report":       `attachment; filename="kr.json"`,
		"/report.html":  `inline; filename="kr.html"`,
		"/kr.pgn":       `attachment; filename="kr.pgn"`,
		"/results":      "",
		"/live":         "",
		"/nothing-here": "",
	} {
		resp, _ := get(t, base+"/v1/measurements/"+id+path)
		if got := resp.Header.Get("Content-Disposition"); got != want {
			t.Errorf("GET %s: Content-Disposition %q, want %q", path, got, want)
		}
	}
	// The permalink of a finished measurement is its report; the list
	// says what each measurement is, when, and how it came out.
	if resp, body := get(t, base+"/m/"+id); resp.StatusCode != http.StatusOK || body != report {
		t.Errorf("permalink: %s at %s, not the report", resp.Status, resp.Request.URL)
	}
	var list struct{ Measurements []farm.Summary }
	getJSON(t, base+"/v1/measurements", &list)
	if len(list.Measurements) != 1 || list.Measurements[0].Verdict != live.Verdict || list.Measurements[0].File != "kr.json" || list.Measurements[0].Created.IsZero() {
		t.Errorf("the list lacks the verdict, file or date: %+v", list.Measurements)
	}

	_, metrics := get(t, "http://"+metricsAddr+"/metrics")
	for _, want := range []string{"balancefarm_worker_games_total", "balancefarm_worker_games_in_progress"} {
		if !strings.Contains(metrics, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// hrefPattern finds the href attributes of an HTML page (quoted, as
// html/template and the page write them).
var hrefPattern = regexp.MustCompile(`\shref\s*=\s*(?:"([^"]*)"|'([^']*)')`)

// checkLinks follows every link of page (served at pageURL) that stays on
// its server, expecting 200, and checks that every link within the page
// names an element of it. It returns how many documents it fetched.
func checkLinks(t *testing.T, pageURL, page string) int {
	t.Helper()
	at, err := url.Parse(pageURL)
	if err != nil {
		t.Fatal(err)
	}
	fetched := map[string]bool{}
	for _, m := range hrefPattern.FindAllStringSubmatch(page, -1) {
		href := html.UnescapeString(m[1] + m[2])
		if frag, ok := strings.CutPrefix(href, "#"); ok {
			if !strings.Contains(page, `id="`+frag+`"`) {
				t.Errorf("link %q names no element of the page", href)
			}
			continue
		}
		u, err := at.Parse(href)
		if err != nil {
			t.Errorf("link %q: %v", href, err)
			continue
		}
		if u.Host != at.Host {
			continue
		}
		u.Fragment = ""
		if fetched[u.String()] {
			continue
		}
		fetched[u.String()] = true
		if resp, _ := get(t, u.String()); resp.StatusCode != http.StatusOK {
			t.Errorf("link %q: GET %s: %s", href, u, resp.Status)
		}
	}
	t.Logf("%s: %d links, fetched %v", pageURL, len(hrefPattern.FindAllString(page, -1)), fetched)
	return len(fetched)
}
