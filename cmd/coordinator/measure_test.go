package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/fakegame"
)

// kingsAndRooks is a small valid game; the fake runner does not read it,
// but measure validates it first.
const kingsAndRooks = `{
  "schema_version": 29,
  "name": "Farm test: kings and rooks",
  "description": "Each side has a king and a rook on a four by five board; checkmate wins.",
  "board": {"width": 4, "height": 5},
  "pieces": [
    {"id": "R", "name": "rook", "value": 5, "moves": [{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4"}]},
    {"id": "K", "name": "king", "value": 0, "royal": true, "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]}
  ],
  "setup": {"mirror": true, "placements": [{"piece": "R", "squares": ["a1"]}, {"piece": "K", "squares": ["c1"]}]},
  "rules": {"win": "checkmate", "stalemate": "draw", "max_plies": 100}
}`

func init() {
	farm.RegisterRunner("fake", &fakegame.Runner{MinPlies: 2, MaxPlies: 8, PlyDelay: time.Millisecond})
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestMeasureLocal(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "kr.json", kingsAndRooks)
	bad := writeFile(t, dir, "bad.json", `{"name": "no board"}`)
	args := []string{"-runner", "fake", "-workers", "2", "-state", filepath.Join(dir, "state"),
		"-players", "random,ab:d1", "-games", "6", "-precision", "0", "-progress", "lines", "-progress-interval", "20ms",
		"-metrics-addr", "", "-log-format", "json"}

	out := filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	code := runMeasure(append(args, "-out", out, good, bad), &stdout, &stderr)
	if code != 1 {
		t.Fatalf("exit %d, want 1 for the invalid file\nstdout:\n%s\nstderr:\n%s", code, &stdout, &stderr)
	}
	if !strings.Contains(stderr.String(), "bad.json: not a playable rule file:") || !strings.Contains(stderr.String(), "missing required keys") {
		t.Errorf("invalid file not reported with its problems:\n%s", &stderr)
	}
	var rep struct {
		File  string
		Games int
	}
	data, err := os.ReadFile(filepath.Join(out, "kr.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil || rep.File != good || rep.Games != 6 {
		t.Fatalf("report %+v (%v), want 6 games of %s", rep, err, good)
	}
	if !strings.Contains(stderr.String(), "kr.json: 6 games played") || strings.Contains(stdout.String(), "6 games played") {
		t.Errorf("progress not on stderr alone:\nstdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	}

	// A second run resumes the recorded batch instead of playing it again;
	// a file of the same name in another folder gets its own reports.
	if err := os.Mkdir(filepath.Join(dir, "other"), 0o755); err != nil {
		t.Fatal(err)
	}
	twin := writeFile(t, filepath.Join(dir, "other"), "kr.json", kingsAndRooks)
	out2 := filepath.Join(dir, "out2")
	stdout.Reset()
	stderr.Reset()
	if code := runMeasure(append(args, "-no-fail", "-out", out2, good, twin), &stdout, &stderr); code != 0 {
		t.Fatalf("second run: exit %d\n%s", code, &stderr)
	}
	t.Logf("second run output:\n%s%s", &stdout, &stderr)
	if !strings.Contains(stdout.String(), "kr.json: ") || !strings.Contains(stdout.String(), "(6 games in") {
		t.Errorf("no verdict line:\n%s", &stdout)
	}
	for _, name := range []string{filepath.Base(dir) + "-kr", "other-kr"} {
		for _, ext := range []string{".json", ".html", ".md", ".pgn", ".games.jsonl"} {
			if _, err := os.Stat(filepath.Join(out2, name+ext)); err != nil {
				t.Errorf("report %s%s: %v", name, ext, err)
			}
		}
		if want := "report " + filepath.Join(out2, name+".html"); !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr does not say %q:\n%s", want, &stderr)
		}
	}
}

func TestMeasureUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"no files", []string{}, exitUsage},
		{"odd games", []string{"-games", "3", "x.json"}, exitUsage},
		{"one player", []string{"-players", "solo", "x.json"}, exitUsage},
		{"bad log format", []string{"-log-format", "xml", "x.json"}, exitUsage},
		{"negative window", []string{"-window", "-1", "x.json"}, exitUsage},
		{"unknown player spec", []string{"-players", "random,nonsense:spec", "x.json"}, exitUsage},
		{"missing file", []string{"-progress", "off", filepath.Join(t.TempDir(), "none.json")}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := runMeasure(tt.args, &stdout, &stderr); code != tt.want {
				t.Fatalf("exit %d, want %d\n%s", code, tt.want, &stderr)
			}
		})
	}
}

// TestMeasureOutUnwritable: when -out cannot take the reports, measure
// fails saying so and leaves no report that claims a verdict.
func TestMeasureOutUnwritable(t *testing.T) {
	for _, tc := range []struct {
		name    string
		prepare func(t *testing.T, out string) // makes out unwritable
		say     string
	}{
		{"a directory where the JSON goes", func(t *testing.T, out string) {
			if err := os.MkdirAll(filepath.Join(out, "kr.json", "x"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, "none of kr's files is left"},
		{"a file where the directory goes", func(t *testing.T, out string) {
			writeFile(t, filepath.Dir(out), filepath.Base(out), "")
		}, "not a directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			good := writeFile(t, dir, "kr.json", kingsAndRooks)
			out := filepath.Join(dir, "out")
			tc.prepare(t, out)
			var stdout, stderr bytes.Buffer
			code := runMeasure([]string{"-runner", "fake", "-workers", "2", "-state", filepath.Join(dir, "state"),
				"-players", "random,ab:d1", "-games", "4", "-precision", "0", "-progress", "off",
				"-metrics-addr", "", "-log-format", "json", "-out", out, good}, &stdout, &stderr)
			if code != 1 {
				t.Fatalf("exit %d, want 1\nstderr:\n%s", code, &stderr)
			}
			if !strings.Contains(stderr.String(), "kr.json: report: ") || !strings.Contains(stderr.String(), tc.say) {
				t.Errorf("stderr does not say the report failed (%q):\n%s", tc.say, &stderr)
			}
			entries, _ := os.ReadDir(out)
			for _, e := range entries {
				if e.Type().IsRegular() {
					t.Errorf("%s left behind", e.Name())
				}
			}
		})
	}
}
