package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCanaries measures the canary rule files with -quick and checks that
// each fails exactly the flags it was built to fail: none other is raised,
// and each of those is raised or, where -quick's few games leave its
// interval across the threshold, undecided (then the verdict is at best
// inconclusive). -quick may be inconclusive; it is never viable here.
func TestCanaries(t *testing.T) {
	want := map[string][]string{
		"first-mover-race": {"depth_insensitive", "one_sided", "short"},
		"no-winner":        {"depth_insensitive", "draw_heavy", "unfinished"},
		"coin-toss":        {"depth_insensitive", "one_sided"},
		"blocked-race":     {"depth_insensitive", "draw_heavy", "short"},
	}
	var files []string
	for name := range want {
		files = append(files, filepath.Join("../../rulesets/canaries", name+".json"))
	}
	slices.Sort(files)
	out := t.TempDir()
	args := append([]string{"measure", "-quick", "-state", filepath.Join(t.TempDir(), "state"),
		"-metrics-addr", "", "-progress", "off", "-out", out}, files...)
	var stdout, stderr bytes.Buffer
	if status := dispatch(args, &stdout, &stderr); status != exitNotViable {
		t.Fatalf("status %d, want %d (not viable)\n%s%s", status, exitNotViable, stdout.String(), stderr.String())
	}
	for name, flags := range want {
		data, err := os.ReadFile(filepath.Join(out, name+".json"))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var rep struct {
			Verdict string `json:"verdict"`
			Games   int    `json:"games"`
			Flags   []struct {
				Name   string `json:"name"`
				Detail string `json:"detail"`
			} `json:"flags"`
			Undecided []struct {
				Name string `json:"name"`
			} `json:"undecided"`
		}
		if err := json.Unmarshal(data, &rep); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var got []string
		for _, f := range rep.Flags {
			if f.Detail == "" {
				t.Errorf("%s: flag %s has no detail", name, f.Name)
			}
			got = append(got, f.Name)
		}
		failed := slices.Clone(got)
		for _, u := range rep.Undecided {
			failed = append(failed, u.Name)
		}
		slices.Sort(got)
		slices.Sort(failed)
		wantVerdict := "not_viable"
		if len(got) == 0 {
			wantVerdict = "inconclusive"
		}
		if !slices.Equal(failed, flags) || rep.Verdict != wantVerdict || rep.Games == 0 {
			t.Errorf("%s: verdict %s, raised %v, undecided %v over %d games; want %v failed (raised or undecided)", name, rep.Verdict, got, rep.Undecided, rep.Games, flags)
		}
	}
	// Dobutsu with -quick replays its five opening lines at equal
	// strength, which no number of sampled games could decide; read over
	// the whole tree of its random openings, each line weighted by its
	// chance, the first mover's score is exact and the file is not viable
	// alone (exit 3, or 0 with -no-fail; the recorded batch is re-reported,
	// not played again).
	dobutsu := "../../rulesets/dobutsu.json"
	again := append([]string(nil), args[:len(args)-len(files)]...)
	stdout.Reset()
	if status := dispatch(append(again, dobutsu), &stdout, &stderr); status != exitNotViable {
		t.Errorf("dobutsu alone: status %d, want %d (not viable)\n%s", status, exitNotViable, stdout.String())
	}
	if !strings.Contains(stdout.String(), "one_sided") {
		t.Errorf("dobutsu's verdict does not raise one_sided:\n%s", stdout.String())
	}
	if md, err := os.ReadFile(filepath.Join(out, "dobutsu.md")); err != nil || !strings.Contains(string(md), "all 5 lines of the random opening are played") {
		t.Errorf("dobutsu's report does not say its rates are exact over its 5 opening lines (%v)", err)
	}
	if status := dispatch(append(again, "-no-fail", dobutsu), &stdout, &stderr); status != 0 {
		t.Errorf("dobutsu alone with -no-fail: status %d, want 0", status)
	}
	for _, f := range []string{"summary.md", "coin-toss.md", "coin-toss.html"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s: %v", f, err)
		}
	}
	if !strings.Contains(stdout.String(), "games in") {
		t.Errorf("measure did not say how many games it played:\n%s", stdout.String())
	}
}
