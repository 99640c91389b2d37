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

func init() {
	// Games of about 80 ms, long enough not to be short, so that a
	// budget of seconds leaves the ladder's flags undecided.
	farm.RegisterRunner("fake-slow", &fakegame.Runner{MinPlies: 12, MaxPlies: 20, PlyDelay: 5 * time.Millisecond})
}

func TestMeasureBudget(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "kr.json", kingsAndRooks)
	out := filepath.Join(dir, "out")
	const budget = 4 * time.Second
	args := []string{"-runner", "fake-slow", "-workers", "2", "-state", filepath.Join(dir, "state"),
		"-players", "random,ab:d1,ab:d2", "-games", "400", "-precision", "0", "-progress", "off",
		"-metrics-addr", "", "-log-format", "json", "-no-fail", "-budget", budget.String(), "-out", out, file}
	var stdout, stderr bytes.Buffer
	start := time.Now()
	code := runMeasure(args, &stdout, &stderr)
	took := time.Since(start)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, &stdout, &stderr)
	}
	t.Logf("%s in %s\n%s", &stdout, took, &stderr)
	// The report and the farm's shutdown come after the budget; at the
	// cap the games alone would take 3 pairings x 400 x 80 ms / 2 = 48 s.
	if took > budget+4*time.Second {
		t.Errorf("a run of budget %s took %s", budget, took)
	}
	for _, want := range []string{"kr.json: the plan costs about ", "kr.json: budget 4 s: "} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr does not say %q:\n%s", want, &stderr)
		}
	}
	if !strings.Contains(stdout.String(), "inconclusive; undecided for lack of time: ") {
		t.Errorf("verdict does not name the flags undecided for lack of time:\n%s", &stdout)
	}

	var rep struct {
		Verdict   string
		Undecided []struct{ Name string }
		Budget    struct {
			Seconds   float64
			Stopped   []string `json:"stopped_pairings"`
			Undecided []string `json:"undecided_for_lack_of_time"`
		}
	}
	name := filepath.Base(dir) + "-kr"
	if _, err := os.Stat(filepath.Join(out, "kr.json")); err == nil {
		name = "kr"
	}
	data, err := os.ReadFile(filepath.Join(out, name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Verdict != "inconclusive" || rep.Budget.Seconds != 4 || len(rep.Budget.Stopped) == 0 ||
		len(rep.Budget.Undecided) == 0 || len(rep.Budget.Undecided) != len(rep.Undecided) {
		t.Errorf("report: %+v", rep)
	}
	for ext, want := range map[string]string{".md": "Undecided for lack of time", ".html": "Undecided for lack of time"} {
		data, err := os.ReadFile(filepath.Join(out, name+ext))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), want) || !strings.Contains(string(data), "Measured within a time budget of 4 s") {
			t.Errorf("%s%s does not say %q and the budget", name, ext, want)
		}
	}
}

func TestMeasureEstimatePrinted(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "kr.json", kingsAndRooks)
	args := []string{"-runner", "fake", "-workers", "2", "-state", filepath.Join(dir, "state"),
		"-players", "random,ab:d1", "-games", "6", "-precision", "0", "-progress", "off",
		"-metrics-addr", "", "-log-format", "json", "-no-fail", "-out", "", file}
	var stdout, stderr bytes.Buffer
	if code := runMeasure(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, &stderr)
	}
	if !strings.Contains(stderr.String(), "kr.json: the plan costs about ") || !strings.Contains(stderr.String(), " on 2 cores") ||
		strings.Contains(stderr.String(), "budget") {
		t.Errorf("no estimate (or a budget line) before the run:\n%s", &stderr)
	}
}

func TestMeasureBudgetUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"with learned values", []string{"-budget", "1m", "-learned"}, "a time budget does not combine with learned piece values"},
		{"not a duration", []string{"-budget", "5"}, "flag -budget: bad value \"5\": not a duration"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := runMeasure(append(tt.args, "-progress", "off", "x.json"), &stdout, &stderr)
			if code != exitUsage || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("exit %d, want %d saying %q:\n%s", code, exitUsage, tt.want, &stderr)
			}
		})
	}
}
