package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/internal/testnet"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// apiClient talks to a serve process.
type apiClient struct {
	t     *testing.T
	base  string
	token string
}

type apiAnswer struct {
	Error    string   `json:"error"`
	Problems []string `json:"problems"`
	farm.Summary
}

func (c *apiClient) do(method, path, token string, body []byte) (int, apiAnswer) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	var a apiAnswer
	json.NewDecoder(resp.Body).Decode(&a)
	return resp.StatusCode, a
}

// await polls a measurement until its state is one of want.
func (c *apiClient) await(id string, timeout time.Duration, want ...string) apiAnswer {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		_, a := c.do("GET", "/v1/measurements/"+id, c.token, nil)
		for _, w := range want {
			if a.State == w {
				return a
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("measurement %s is %q after %s, want %v", id, a.State, timeout, want)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestServeUnderHostileClients runs coordinator serve and a worker as
// processes and checks what the API does with hostile requests: anonymous,
// oversized, too many games, a file with too many mistakes, a file too
// expensive to play, a body that trickles in. A chess measurement posted
// after the hostile file completes within twice its time alone; a
// measurement cancelled with DELETE, and one with coordinator cancel,
// leave no job behind, and a restarted service resumes neither.
func TestServeUnderHostileClients(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries and runs serve and a worker as processes")
	}
	bins := buildBinaries(t)
	ports := testnet.FreePorts(t, 2)
	natsURL := fmt.Sprintf("nats://127.0.0.1:%d", ports[0])
	api := &apiClient{t: t, base: fmt.Sprintf("http://127.0.0.1:%d", ports[1]), token: "e2e-token-0123456789abcdef"}
	dir := t.TempDir()
	tokenFile := filepath.Join(dir, "api.token")
	if err := os.WriteFile(tokenFile, []byte(api.token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(dir, "state")
	const readTimeout = 2 * time.Second
	serveArgs := []string{"serve", "-state", state, "-listen", fmt.Sprintf("127.0.0.1:%d", ports[0]),
		"-addr", fmt.Sprintf("127.0.0.1:%d", ports[1]), "-token-file", tokenFile, "-read-timeout", readTimeout.String(),
		"-max-jobs", "100", "-workers", "0", "-players", "random,ab:d1", "-games", "8", "-sequential=false", "-precision", "0",
		"-metrics-addr", "", "-log-format", "json"}
	serve := startProc(t, "serve", bins["coordinator"], serveArgs...)
	startProc(t, "worker", bins["worker"], "-nats", natsURL, "-id", "w1", "-concurrency", "2",
		"-metrics-addr", "", "-log-format", "json")
	waitHealthy(t, api.base)

	chess := readRuleset(t, "chess.json")
	hostile, err := os.ReadFile(filepath.Join("..", "..", "search", "testdata", "hostile-sliders.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The mistake the issue saw: one setup square repeated sixty thousand
	// times, two problems each.
	many := strings.Replace(string(readRuleset(t, "five-by-five.json")), `"squares": ["a1"]`,
		`"squares": ["a1"`+strings.Repeat(`, "z9"`, 60000)+`]`, 1)

	tests := []struct {
		name, path, token string
		body              []byte
		status            int
		problem           string // in the last problem line
	}{
		{"anonymous", "/v1/measurements", "", chess, http.StatusUnauthorized, ""},
		{"wrong token", "/v1/measurements", "not-the-token-at-all", chess, http.StatusUnauthorized, ""},
		{"anonymous read", "/v1/measurements", "", nil, http.StatusUnauthorized, ""},
		{"oversized", "/v1/measurements", api.token, bytes.Repeat([]byte(" "), 1<<20+1), http.StatusRequestEntityTooLarge, ""},
		{"too many games", "/v1/measurements?games=200", api.token, chess, http.StatusBadRequest, ""},
		{"unknown player", "/v1/measurements?players=random,ab:zz", api.token, chess, http.StatusUnprocessableEntity, "players"},
		{"too many mistakes", "/v1/measurements", api.token, []byte(many), http.StatusUnprocessableEntity, "more problems"},
		{"too expensive", "/v1/measurements", api.token, hostile, http.StatusUnprocessableEntity, "too expensive to play"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := "POST"
			if tt.body == nil {
				method = "GET"
			}
			start := time.Now()
			status, a := api.do(method, tt.path, tt.token, tt.body)
			if status != tt.status || a.Error == "" {
				t.Fatalf("status %d (%q), want %d", status, a.Error, tt.status)
			}
			if tt.problem != "" && (len(a.Problems) == 0 || !strings.Contains(a.Problems[len(a.Problems)-1], tt.problem)) {
				t.Errorf("problems %q, want the last to mention %q", a.Problems, tt.problem)
			}
			if len(a.Problems) > farm.MaxProblems+1 {
				t.Errorf("%d problem lines", len(a.Problems))
			}
			t.Logf("%d %s in %s", status, a.Error, time.Since(start).Round(time.Millisecond))
		})
	}

	// A body that trickles in is dropped once the read timeout passes.
	conn, err := net.Dial("tcp", strings.TrimPrefix(api.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/measurements HTTP/1.1\r\nHost: farm\r\nAuthorization: Bearer %s\r\nContent-Length: 100000\r\n\r\n", api.token)
	start := time.Now()
	dropped := make(chan time.Duration, 1)
	go func() {
		io.Copy(io.Discard, bufio.NewReader(conn)) // returns when the server closes
		dropped <- time.Since(start)
	}()
	trickle := time.NewTicker(200 * time.Millisecond)
	var held time.Duration
wait:
	for {
		select {
		case held = <-dropped:
			break wait
		case <-trickle.C:
			conn.Write([]byte("{"))
		case <-time.After(readTimeout + 10*time.Second):
			t.Fatal("a trickling body was held past the read timeout")
		}
	}
	trickle.Stop()
	if held > readTimeout+2*time.Second {
		t.Errorf("a trickling body was held %s, the read timeout is %s", held, readTimeout)
	}
	t.Logf("trickling body dropped after %s", held.Round(time.Millisecond))

	// Chess alone, then chess again after the hostile file was refused.
	timeChess := func(query string) time.Duration {
		start := time.Now()
		status, a := api.do("POST", "/v1/measurements?file=chess.json&"+query, api.token, chess)
		if status != http.StatusAccepted {
			t.Fatalf("POST chess: %d %q", status, a.Error)
		}
		done := api.await(a.ID, 3*time.Minute, farm.StateComplete, "failed")
		if done.State != farm.StateComplete || done.Done != 40 || done.DeadLetters != 0 {
			t.Fatalf("chess measurement: %+v", done)
		}
		return time.Since(start)
	}
	alone := timeChess("seed=1&games=40")
	if status, _ := api.do("POST", "/v1/measurements", api.token, hostile); status != http.StatusUnprocessableEntity {
		t.Fatalf("hostile file: %d", status)
	}
	// The same games again (the seeds do not depend on fresh's salt).
	after := timeChess("seed=1&games=40&fresh=1")
	t.Logf("chess measured in %s alone, %s after the hostile file", alone.Round(time.Millisecond), after.Round(time.Millisecond))
	if after > 2*alone {
		t.Errorf("chess took %s after the hostile file, more than twice its %s alone", after, alone)
	}

	// Cancelled twice over: with DELETE and with coordinator cancel.
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	queued := func() uint64 {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s, err := js.Stream(ctx, farm.StreamJobs)
		if err != nil {
			t.Fatal(err)
		}
		info, err := s.Info(ctx, jetstream.WithSubjectFilter("bf.jobs.>"))
		if err != nil {
			t.Fatal(err)
		}
		batches := map[string]int{}
		for subj := range info.State.Subjects {
			batches[strings.Split(subj, ".")[2]]++
		}
		if len(batches) > 0 {
			t.Logf("jobs queued by batch: %v", batches)
		}
		return info.State.Msgs
	}
	post := func(seed int) string {
		status, a := api.do("POST", fmt.Sprintf("/v1/measurements?games=60&seed=%d", seed), api.token, chess)
		if status != http.StatusAccepted {
			t.Fatalf("POST: %d %q", status, a.Error)
		}
		return a.ID
	}
	viaAPI := post(3)
	if status, a := api.do("DELETE", "/v1/measurements/"+viaAPI, api.token, nil); status != http.StatusOK || a.State != farm.StateCancelled {
		t.Fatalf("DELETE: %d %+v", status, a)
	}
	viaCLI := post(4)
	cli := startProc(t, "cancel", bins["coordinator"], "cancel", "-nats", natsURL, "-metrics-addr", "", viaCLI)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if status := cli.wait(ctx, t); status != 0 {
		t.Fatalf("coordinator cancel exited %d", status)
	}
	api.await(viaCLI, 30*time.Second, farm.StateCancelled)
	if n := queued(); n != 0 {
		t.Errorf("%d jobs left after cancelling %s (DELETE) and %s (coordinator cancel)", n, viaAPI, viaCLI)
	}
	if status, _ := api.do("DELETE", "/v1/measurements/"+viaAPI, "", nil); status != http.StatusUnauthorized {
		t.Errorf("anonymous DELETE: %d", status)
	}

	// A restarted service resurrects neither.
	serve.cmd.Process.Signal(syscall.SIGTERM)
	serve.wait(ctx, t)
	startProc(t, "serve2", bins["coordinator"], serveArgs...)
	waitHealthy(t, api.base)
	time.Sleep(2 * time.Second)
	for _, id := range []string{viaAPI, viaCLI} {
		if _, a := api.do("GET", "/v1/measurements/"+id, api.token, nil); a.State == farm.StateRunning {
			t.Errorf("measurement %s resumed after it was cancelled", id)
		}
	}
	if n := queued(); n != 0 {
		t.Errorf("%d jobs queued after the restart", n)
	}
}

func readRuleset(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "rulesets", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// waitHealthy waits for the API's /healthz.
func waitHealthy(t *testing.T, base string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve not healthy: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
