package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/local"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// syncBuffer is a buffer written by one goroutine and read by another.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// namedGame is kingsAndRooks under another name, so that each command's
// batch is told apart by its ruleset.
func namedGame(name string) string {
	return strings.Replace(kingsAndRooks, "Farm test: kings and rooks", name, 1)
}

// farmArgs are a farm's flags for a quick fake-runner measurement.
var farmArgs = []string{"-runner", "fake", "-workers", "2", "-players", "random,ab:d1", "-games", "6", "-precision", "0",
	"-metrics-addr", "", "-log-format", "json"}

// startServe runs serve in the background and returns its base URL and a
// stop that waits for it to end (also run at cleanup).
func startServe(t *testing.T, args ...string) (base string, stdout, stderr *syncBuffer, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout, stderr = &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, append(append([]string{}, farmArgs...), append([]string{"-addr", "127.0.0.1:0"}, args...)...), stdout, stderr)
	}()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case code := <-done:
				if code != 0 {
					t.Errorf("serve exited %d\n%s", code, stderr)
				}
			case <-time.After(30 * time.Second):
				t.Error("serve did not stop")
			}
		})
	}
	t.Cleanup(stop)
	re := regexp.MustCompile(`serving on (http://\S+)`)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(stdout.String()); m != nil {
			return m[1], stdout, stderr, stop
		}
		select {
		case code := <-done:
			t.Fatalf("serve exited %d before serving\n%s", code, stderr)
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("serve did not start\n%s", stderr)
	return "", nil, nil, nil
}

// waitComplete polls a measurement until it is complete.
func waitComplete(t *testing.T, base, id string) farm.Detail {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		var d farm.Detail
		getJSON(t, base+"/v1/measurements/"+id, &d)
		if d.State == farm.StateComplete {
			return d
		}
		if d.State != farm.StateRunning {
			t.Fatalf("measurement %s: state %s (%s)", id, d.State, d.Error)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("measurement %s not complete in time", id)
	return farm.Detail{}
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		t.Fatalf("GET %s: %s %s", url, resp.Status, body)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

// storeBatches opens a state directory after its command ended and
// returns its batches and the record subjects its results stream holds.
func storeBatches(t *testing.T, dir string) (map[string]farm.BatchState, map[string]uint64) {
	t.Helper()
	lf, err := local.Start(local.Options{StateDir: dir, Listen: "127.0.0.1:0", Log: zerolog.Nop()})
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	defer lf.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	coord, err := farm.NewCoordinator(ctx, lf.JS, farm.Config{Owner: "test"}, zerolog.Nop(), nil)
	if err != nil {
		t.Fatal(err)
	}
	states, err := coord.Batches(ctx)
	if err != nil {
		t.Fatal(err)
	}
	st, err := lf.JS.Stream(ctx, farm.StreamResults)
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(ctx, jetstream.WithSubjectFilter(">"))
	if err != nil {
		t.Fatal(err)
	}
	return states, info.State.Subjects
}

// TestRunsIsolated runs serve and two measures side by side in one folder:
// each gets a store of its own, finishes with exactly its own games, and
// leaves a store that opens cleanly with only its own batch in it.
func TestRunsIsolated(t *testing.T) {
	t.Chdir(t.TempDir())
	files := map[string]string{"served.json": "Served game", "first.json": "First measured game", "second.json": "Second measured game"}
	for name, game := range files {
		writeFile(t, ".", name, namedGame(game))
	}

	base, _, _, stopServe := startServe(t)
	resp, err := http.Post(base+"/v1/measurements?file=served.json", "application/json", strings.NewReader(namedGame("Served game")))
	if err != nil {
		t.Fatal(err)
	}
	var posted farm.Summary
	json.NewDecoder(resp.Body).Decode(&posted)
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST: %s", resp.Status)
	}

	// Two measures at once in the folder serve runs in.
	runs := []string{"first.json", "second.json"}
	codes := make([]int, len(runs))
	stdouts := make([]bytes.Buffer, len(runs))
	stderrs := make([]bytes.Buffer, len(runs))
	var wg sync.WaitGroup
	for i, file := range runs {
		wg.Go(func() {
			args := append(append([]string{}, farmArgs...), "-progress", "off", "-no-fail", "-out", "out-"+file, file)
			codes[i] = runMeasure(args, &stdouts[i], &stderrs[i])
		})
	}
	wg.Wait()
	moved := 0
	for i, file := range runs {
		if codes[i] != 0 {
			t.Fatalf("%s: exit %d\n%s", file, codes[i], &stderrs[i])
		}
		if !strings.Contains(stdouts[i].String(), "(6 games in") {
			t.Errorf("%s: no verdict line of 6 games:\n%s", file, &stdouts[i])
		}
		if strings.Contains(stderrs[i].String(), "is in use by") {
			moved++
			if !strings.Contains(stderrs[i].String(), "keeps its own store in "+filepath.Join(stateBase, "measure-2")) {
				t.Errorf("%s: the second run's store not named:\n%s", file, &stderrs[i])
			}
		}
	}
	if moved != 1 {
		t.Errorf("%d runs said they moved to a store of their own, want 1", moved)
	}

	d := waitComplete(t, base, posted.ID)
	var res struct {
		Results []struct {
			JobID string `json:"job_id"`
		} `json:"results"`
	}
	getJSON(t, base+"/v1/measurements/"+posted.ID+"/results", &res)
	if d.Done != 6 || len(res.Results) != 6 {
		t.Errorf("serve's measurement: %d done, %d results, want 6", d.Done, len(res.Results))
	}
	for _, r := range res.Results {
		if !strings.HasPrefix(r.JobID, posted.ID+"-") {
			t.Errorf("serve's results hold job %s of another batch", r.JobID)
		}
	}

	stopServe()

	measured := map[string]string{}
	for _, dir := range []string{"measure", "measure-2"} {
		states, _ := storeBatches(t, filepath.Join(stateBase, dir))
		for _, st := range states {
			measured[st.Plan.Ruleset] = dir
		}
	}

	// Measuring a file again in its store resumes its own batch, says so,
	// and reports the time of every session.
	var stdout, stderr bytes.Buffer
	args := append(append([]string{}, farmArgs...), "-progress", "off", "-no-fail",
		"-state", filepath.Join(stateBase, measured["First measured game"]), "first.json")
	if code := runMeasure(args, &stdout, &stderr); code != 0 {
		t.Fatalf("rerun: exit %d\n%s", code, &stderr)
	}
	if want := "first.json: resuming: 6 games already recorded (of at most 6)"; !strings.Contains(stderr.String(), want) {
		t.Errorf("rerun did not say %q:\n%s", want, &stderr)
	}
	if !strings.Contains(stdout.String(), "over every session") {
		t.Errorf("rerun's time is not the whole measurement's:\n%s", &stdout)
	}

	// Each store holds one batch, its command's, complete with its games,
	// and records of that batch only.
	want := map[string]struct{ owner, ruleset string }{
		"serve": {"serve", "Served game"},
	}
	for ruleset, dir := range measured {
		want[dir] = struct{ owner, ruleset string }{"measure", ruleset}
	}
	if len(want) != 3 {
		t.Fatalf("measure stores hold %v, want one file each", measured)
	}
	for dir, w := range want {
		states, subjects := storeBatches(t, filepath.Join(stateBase, dir))
		if len(states) != 1 {
			t.Errorf("%s holds %d batches, want 1", dir, len(states))
		}
		for id, st := range states {
			if st.Owner != w.owner || st.Plan.Ruleset != w.ruleset || st.State != farm.StateComplete || st.Results != 6 {
				t.Errorf("%s: batch %s is %s's %q, %s with %d results; want %s's %q complete with 6",
					dir, id, st.Owner, st.Plan.Ruleset, st.State, st.Results, w.owner, w.ruleset)
			}
			for subject := range subjects {
				if !strings.Contains(subject, "."+id+".") {
					t.Errorf("%s: record %s of another batch", dir, subject)
				}
			}
		}
	}
	if _, err := os.Stat(filepath.Join(stateBase, "jetstream")); err == nil {
		t.Error("a command used the shared store of earlier versions")
	}
}
