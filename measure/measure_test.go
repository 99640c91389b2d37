package measure

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/farm/local"
	"balancefarm/protocol"
	"balancefarm/records"
	"balancefarm/report"
	"balancefarm/selfplay"

	"github.com/rs/zerolog"
)

// testFarm is a local farm whose workers play with the engine.
type testFarm struct {
	m      *Measurer
	runner *selfplay.Runner
}

func startFarm(t *testing.T, ctx context.Context) *testFarm {
	t.Helper()
	runner := selfplay.NewRunner()
	lf, err := local.Start(local.Options{StateDir: t.TempDir(), Listen: "127.0.0.1:0", Workers: 2, Runner: runner,
		Worker: farm.WorkerConfig{MaxWall: time.Minute}, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lf.Close)
	coord, err := farm.NewCoordinator(ctx, lf.JS, farm.Config{}, zerolog.Nop(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return &testFarm{m: &Measurer{Coord: coord, Games: runner}, runner: runner}
}

// countCompiles counts the rule files compiled through this package.
func countCompiles(t *testing.T) *int {
	n := new(int)
	t.Cleanup(func() { compile = engine.Compile })
	compile = func(data []byte) (*engine.Game, error) {
		*n++
		return engine.Compile(data)
	}
	return n
}

// withoutWall is a report document with its times taken out, the fields
// that differ between two measurements of the same games.
func withoutWall(t *testing.T, doc []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatalf("report: %v\n%s", err, doc)
	}
	if _, ok := m["wall_seconds"]; !ok {
		t.Fatalf("report has no wall_seconds:\n%s", doc)
	}
	report.DropTimes(m)
	return m
}

// serveMeasurer starts the service of tf's measurer with settings s (a
// silent log) behind a test HTTP server, closed at the test's end.
func serveMeasurer(t *testing.T, ctx context.Context, tf *testFarm, s Settings, reportsDir string) *httptest.Server {
	t.Helper()
	cfg := tf.m.ServiceConfig(s, reportsDir)
	cfg.Log = zerolog.Nop()
	svc, err := farm.NewService(ctx, tf.m.Coord, cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(svc.Handler())
	t.Cleanup(srv.Close)
	return srv
}

func post(t *testing.T, srv *httptest.Server, query string, body []byte, into any) int {
	t.Helper()
	resp, err := http.Post(srv.URL+"/v1/measurements?"+query, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode
}

// TestServeMatchesMeasure measures one file through measure's path (Read,
// Run, Report) and through serve's (POST, the service, GET .../report):
// the reports must agree but for the wall time, each path must compile
// the file once, and the workers must not compile it again.
func TestServeMatchesMeasure(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	compiles := countCompiles(t)
	tf := startFarm(t, ctx)
	const path = "../rulesets/five-by-five.json"
	s := Settings{Players: []string{"random", "ab:d1"}, Games: 4, Seed: 7, Sequential: true, Slots: 2}

	// Measure's path, salted so that serve's batch is played anew (the
	// seeds do not depend on the salt).
	f, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	salted := s
	salted.Salt = "measure's path"
	out, err := tf.m.Run(ctx, f, salted, farm.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	measureDir := t.TempDir()
	if _, err := tf.m.Report(f, s.Players, out.Results, out.DeadLetters, time.Second, measureDir); err != nil {
		t.Fatal(err)
	}
	measured, err := os.ReadFile(filepath.Join(measureDir, "five-by-five.json"))
	if err != nil {
		t.Fatal(err)
	}
	if *compiles != 1 {
		t.Errorf("measure compiled the file %d times, want once", *compiles)
	}

	// Serve's path.
	reportsDir := t.TempDir()
	srv := serveMeasurer(t, ctx, tf, s, reportsDir)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	builds, replays := countReports(t), records.Replays()
	var sum farm.Summary
	// Serve takes a plain base name (it refuses paths), so the reports
	// differ in their file field alone.
	if code := post(t, srv, "file="+url.QueryEscape(filepath.Base(path)), data, &sum); code != http.StatusAccepted {
		t.Fatalf("POST: %d %+v", code, sum)
	}
	served := awaitReport(t, srv, sum.ID)
	// One replay per game, verified and reported from; one report.
	if n := records.Replays() - replays; n != 4 || *builds != 1 {
		t.Errorf("serve replayed %d times and built %d reports for 4 games, want 4 and 1", n, *builds)
	}
	written, err := os.ReadFile(filepath.Join(reportsDir, sum.ID, "five-by-five.json"))
	if err != nil || !bytes.Equal(written, served) {
		t.Errorf("written report (%v) differs from the served one", err)
	}
	for _, ext := range []string{".md", ".html", ".pgn", ".games.jsonl"} {
		if _, err := os.Stat(filepath.Join(reportsDir, sum.ID, "five-by-five"+ext)); err != nil {
			t.Error(err)
		}
	}
	if resp, err := http.Get(srv.URL + "/v1/measurements/" + sum.ID + "/games"); err != nil {
		t.Error(err)
	} else {
		pgn, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		written, _ := os.ReadFile(filepath.Join(reportsDir, sum.ID, "five-by-five.pgn"))
		if resp.StatusCode != http.StatusOK || !bytes.Equal(pgn, written) || bytes.Count(pgn, []byte("[Event ")) != 4 {
			t.Errorf("served games (%d) are not the 4 games written:\n%s", resp.StatusCode, pgn)
		}
	}
	a, b := withoutWall(t, measured), withoutWall(t, served)
	if a["games"] != 4.0 || a["file"] != path {
		t.Errorf("measure's report: %v games of %v, want 4 of %s", a["games"], a["file"], path)
	}
	if b["file"] != filepath.Base(path) {
		t.Errorf("serve's report is of %v, want %s", b["file"], filepath.Base(path))
	}
	a["file"] = b["file"]
	if !reflect.DeepEqual(a, b) {
		t.Errorf("reports differ:\nmeasure:\n%s\nserve:\n%s", measured, served)
	}
	if *compiles != 2 {
		t.Errorf("%d compiles for the two paths, want one each", *compiles)
	}

	// A restarted service resumes the measurement, compiling once more.
	cfg := tf.m.ServiceConfig(s, "")
	cfg.Log = zerolog.Nop()
	restarted, err := farm.NewService(ctx, tf.m.Coord, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := restarted.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	srv2 := httptest.NewServer(restarted.Handler())
	defer srv2.Close()
	again := withoutWall(t, awaitReport(t, srv2, sum.ID))
	// Resumed, the request's file name is gone: the report names the ruleset.
	again["file"], again["name"] = b["file"], b["name"]
	// Without a reports folder no PGN file sits beside the report.
	again["games_file"] = b["games_file"]
	if !reflect.DeepEqual(again, b) {
		t.Errorf("resumed report differs from the first")
	}
	if *compiles != 3 {
		t.Errorf("%d compiles after the restart, want 3", *compiles)
	}
	if n := tf.runner.Compiled(); n != 0 {
		t.Errorf("the in-process workers compiled %d rule files, want none", n)
	}
}

// awaitReport polls a measurement's report until it is there.
func awaitReport(t *testing.T, srv *httptest.Server, id string) []byte {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(srv.URL + "/v1/measurements/" + id + "/report")
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		buf.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return buf.Bytes()
		}
	}
	t.Fatalf("measurement %s gave no report within a minute", id)
	return nil
}

// TestServeRefuses checks that serve refuses at submission what measure
// refuses, with the same lines.
func TestServeRefuses(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tf := startFarm(t, ctx)
	srv := serveMeasurer(t, ctx, tf, Settings{Players: []string{"random", "ab:d1"}, Games: 4, Seed: 1}, "")
	good, err := os.ReadFile("../rulesets/five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	bad := []byte(`{"name": "no board"}`)
	_, badErr := Load("", bad)
	if badErr == nil {
		t.Fatal("bad file loaded")
	}
	tests := []struct {
		name  string
		query string
		body  []byte
		want  []string
	}{
		{"invalid file", "", bad, Lines(badErr)},
		{"unknown player", "players=random,rnd", good, []string{CheckPlayers([]string{"random", "rnd"}).Error()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body struct{ Problems []string }
			if code := post(t, srv, tt.query, tt.body, &body); code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", code)
			}
			if !reflect.DeepEqual(body.Problems, tt.want) {
				t.Errorf("problems %q, want %q", body.Problems, tt.want)
			}
		})
	}
}

// TestSequentialStopsEarly measures a clear case: on Jeson Mor the
// searching player beats the random one at once, so the pairing is
// decided well before the cap, which is what sequential stopping saves;
// without it every game is played, and the sequential games are the first
// games of that longer run.
func TestSequentialStopsEarly(t *testing.T) {
	const capGames = 80 // the SPRT needs about 40 games of a clean sweep
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	tf := startFarm(t, ctx)
	f, err := Read("../rulesets/jesonmor.json")
	if err != nil {
		t.Fatal(err)
	}
	s := Settings{Players: []string{"random", "ab:n500"}, Games: capGames, Seed: 1, Slots: 2}
	run := func(sequential bool) []protocol.Result {
		t.Helper()
		s := s
		s.Sequential = sequential
		if !sequential {
			s.Salt = "full"
		}
		out, err := tf.m.Run(ctx, f, s, farm.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		return out.Results
	}
	seq, full := run(true), run(false)
	if len(full) != capGames {
		t.Fatalf("without sequential stopping %d games, want the cap of %d", len(full), capGames)
	}
	if len(seq) >= capGames || len(seq) < 10 || len(seq)%2 != 0 {
		t.Fatalf("sequential run counted %d games; want whole pairs, at least the minimum 10 and fewer than the cap %d", len(seq), capGames)
	}
	for i, r := range seq {
		g := full[i]
		if r.Game != i || r.Seed != g.Seed || r.P0 != g.P0 || r.Winner != g.Winner || strings.Join(r.Moves, " ") != strings.Join(g.Moves, " ") {
			t.Fatalf("sequential game %d is not game %d of the full run: %+v vs %+v", i, i, r, g)
		}
	}
	t.Logf("sequential: %d of %d games", len(seq), capGames)
}
