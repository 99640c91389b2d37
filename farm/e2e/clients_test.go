package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"

	"balancefarm/farm"
	"balancefarm/internal/testnet"
)

// The serve process of these tests, with one in-process game slot.
var serveDefaults = []string{"-workers", "1", "-players", "random,ab:d1", "-sequential=false", "-precision", "0",
	"-metrics-addr", "", "-log-format", "json"}

// startServeProc runs coordinator serve on its own embedded NATS (state
// in dir/state) behind token, with extra flags after serveDefaults.
// E2E_SERVE_BINARY names another coordinator binary to run instead of
// this tree's.
func startServeProc(t *testing.T, name, dir string, port int, token string, extra ...string) (*proc, *apiClient) {
	t.Helper()
	tokenFile := filepath.Join(dir, "api.token")
	if err := os.WriteFile(tokenFile, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"serve", "-state", filepath.Join(dir, "state"), "-addr", fmt.Sprintf("127.0.0.1:%d", port),
		"-token-file", tokenFile}, append(append([]string{}, serveDefaults...), extra...)...)
	bin := buildBinaries(t)["coordinator"]
	if other := os.Getenv("E2E_SERVE_BINARY"); other != "" {
		// Another build's coordinator, to see what these rows did before.
		bin = other
	}
	p := startProc(t, name, bin, args...)
	api := &apiClient{t: t, base: fmt.Sprintf("http://127.0.0.1:%d", port), token: token}
	waitHealthy(t, api.base)
	return p, api
}

// TestServeGreedyClients repeats three rows of issue 38 on a serve
// process: 256 idle keep-alive connections held open, file names that are
// no base names, and a browser (a cookie jar, no Authorization header)
// following the page's links behind a token.
func TestServeGreedyClients(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries and runs serve as a process")
	}
	dir := t.TempDir()
	reports := filepath.Join(dir, "reports")
	_, api := startServeProc(t, "serve", dir, testnet.FreePorts(t, 1)[0], "e2e-clients-token-0123456789", "-games", "4", "-reports", reports)
	chess := readRuleset(t, "chess.json")

	t.Run("256 idle keep-alive connections", func(t *testing.T) {
		const held = 256 // serve's -max-conns
		addr := strings.TrimPrefix(api.base, "http://")
		for range held {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Close() })
			io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: farm\r\n\r\n")
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		// Real requests, each on a connection of its own.
		client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}
		var slowest time.Duration
		for range 5 {
			req, _ := http.NewRequest("GET", api.base+"/v1/measurements", nil)
			req.Header.Set("Authorization", "Bearer "+api.token)
			start := time.Now()
			resp, err := client.Do(req)
			if err != nil {
				t.Fatalf("a real request among %d idle connections: %v", held, err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			took := time.Since(start)
			slowest = max(slowest, took)
			if resp.StatusCode != http.StatusOK || took > time.Second {
				t.Errorf("a real request among %d idle connections: %s in %s, want 200 within a second", held, resp.Status, took)
			}
		}
		t.Logf("slowest of 5 real requests among %d idle connections: %s", held, slowest.Round(time.Millisecond))
	})

	t.Run("file names", func(t *testing.T) {
		for _, raw := range []string{"..", ".", "/", "%00x.json", "a%0d%0ax.json", "..%2Fx.json"} {
			start := time.Now()
			status, a := api.do("POST", "/v1/measurements?file="+raw, api.token, chess)
			if status != http.StatusBadRequest || time.Since(start) > time.Second {
				t.Errorf("file=%s: %d %q in %s, want 400 at once", raw, status, a.Error, time.Since(start))
			}
		}
		// Nothing was measured for them.
		var list struct{ Measurements []farm.Summary }
		api.getJSON("/v1/measurements", &list)
		if len(list.Measurements) != 0 {
			t.Fatalf("measurements after refused names: %+v", list.Measurements)
		}
		// The same plan under a good name is measured and reported.
		status, a := api.do("POST", "/v1/measurements?file=chess.json", api.token, chess)
		if status != http.StatusAccepted {
			t.Fatalf("file=chess.json: %d %q", status, a.Error)
		}
		done := api.await(a.ID, 2*time.Minute, farm.StateComplete, "failed")
		var d farm.Detail
		api.getJSON("/v1/measurements/"+a.ID, &d)
		if done.State != farm.StateComplete || d.ReportError != "" {
			t.Fatalf("measurement %s: %s, report error %q", a.ID, done.State, d.ReportError)
		}
		if status, _ := api.do("GET", "/v1/measurements/"+a.ID+"/report", api.token, nil); status != http.StatusOK {
			t.Errorf("report: %d", status)
		}
		// Every file written is a plain name under its measurement's folder.
		var written []string
		filepath.WalkDir(reports, func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				rel, _ := filepath.Rel(reports, path)
				written = append(written, rel)
			}
			return nil
		})
		if len(written) == 0 {
			t.Error("no report written")
		}
		for _, rel := range written {
			base := filepath.Base(rel)
			if filepath.Dir(rel) != a.ID || !strings.HasPrefix(base, "chess.") || strings.IndexFunc(rel, unicode.IsControl) >= 0 {
				t.Errorf("report file %q, want %s/chess.*", rel, a.ID)
			}
		}
	})

	t.Run("token links in a browser", func(t *testing.T) {
		var list struct{ Measurements []farm.Summary }
		api.getJSON("/v1/measurements", &list)
		if len(list.Measurements) == 0 {
			t.Skip("no measurement to link (the file names subtest failed)")
		}
		id := list.Measurements[0].ID
		jar, _ := cookiejar.New(nil)
		browser := &http.Client{Jar: jar}
		links := []string{"/v1/measurements/" + id + "/report.html", "/v1/measurements/" + id + "/report",
			"/v1/measurements/" + id + "/games", "/v1/measurements/" + id + "/results", "/v1/measurements/" + id + "/chess.pgn"}
		follow := func(when string, want int) {
			for _, link := range links {
				resp, err := browser.Get(api.base + link)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != want {
					t.Errorf("%s: %s: %d, want %d", when, link, resp.StatusCode, want)
				}
			}
		}
		follow("before the token was given", http.StatusUnauthorized)
		// What the page does once the token is typed into it.
		req, _ := http.NewRequest("POST", api.base+"/v1/session", nil)
		req.Header.Set("Authorization", "Bearer "+api.token)
		resp, err := browser.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNoContent {
			t.Fatalf("POST /v1/session: %s", resp.Status)
		}
		follow("with the session cookie", http.StatusOK)
		// The permalink is the report.
		resp, err = browser.Get(api.base + "/m/" + id)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if !strings.HasSuffix(resp.Request.URL.Path, "/report.html") {
			t.Errorf("the permalink opened %s, not the report", resp.Request.URL.Path)
		}
	})
}

// TestServeKilledSessionTime is issue 38's last row on a serve process:
// serve killed with SIGKILL mid-measurement and started again reports the
// time both sessions spent on the measurement, as their logs time it,
// losing at most the second between two saves.
func TestServeKilledSessionTime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries and runs serve as a process")
	}
	const firstFor = 5500 * time.Millisecond
	dir := t.TempDir()
	port := testnet.FreePorts(t, 1)[0]
	const token = "e2e-time-token-0123456789"
	// The game the killed serve's worker was playing goes to the next one
	// once the ack wait passes.
	serve, api := startServeProc(t, "serve", dir, port, token, "-ack-wait", "3s")
	status, a := api.do("POST", "/v1/measurements?file=chess.json&games=200", api.token, readRuleset(t, "chess.json"))
	if status != http.StatusAccepted {
		t.Fatalf("POST: %d %q", status, a.Error)
	}
	opened := logTime(t, serve.log, "batch open", 30*time.Second)
	time.Sleep(time.Until(opened.Add(firstFor)))
	serve.kill(t)
	killed := time.Now()
	if strings.Contains(readFile(t, serve.log), `"batch complete"`) {
		t.Fatal("the measurement completed before serve was killed: give it more games")
	}

	serve2, api := startServeProc(t, "serve2", dir, port, token, "-ack-wait", "3s")
	api.await(a.ID, 2*time.Minute, farm.StateComplete, "failed")
	reopened, completed := logTime(t, serve2.log, "batch open", 0), logTime(t, serve2.log, "batch complete", 0)
	var report struct {
		WallSeconds float64 `json:"wall_seconds"`
	}
	api.getJSON("/v1/measurements/"+a.ID+"/report", &report)
	wall := time.Duration(report.WallSeconds * float64(time.Second))
	first, second := killed.Sub(opened), completed.Sub(reopened)
	spent := first + second
	t.Logf("wall time %s; sessions %s (killed) + %s", wall.Round(time.Millisecond), first.Round(time.Millisecond), second.Round(time.Millisecond))
	if wall < spent-1500*time.Millisecond || wall > spent+500*time.Millisecond {
		t.Errorf("reported wall time %s, the sessions spent %s + %s = %s", wall, first, second, spent)
	}
}

// logTime is the time of the first line of a JSON log with message msg,
// waiting up to wait for it to appear.
func logTime(t *testing.T, log, msg string, wait time.Duration) time.Time {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		for line := range strings.SplitSeq(readFile(t, log), "\n") {
			var entry struct {
				Message string    `json:"message"`
				Time    time.Time `json:"time"`
			}
			if json.Unmarshal([]byte(line), &entry) == nil && entry.Message == msg {
				return entry.Time
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: no %q", log, msg)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// getJSON decodes the answer to a GET of path with the client's token.
func (c *apiClient) getJSON(path string, v any) {
	c.t.Helper()
	req, err := http.NewRequest("GET", c.base+path, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		c.t.Fatalf("GET %s: %s", path, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		c.t.Fatalf("GET %s: %v", path, err)
	}
}
