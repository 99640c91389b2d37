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
// each raises exactly the flags it was built to raise.
func TestCanaries(t *testing.T) {
	want := map[string][]string{
		"first-mover-race": {"depth_insensitive", "one_sided", "short"},
		"no-winner":        {"depth_insensitive", "draw_heavy", "unfinished"},
		"coin-toss":        {"depth_insensitive"},
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
		slices.Sort(got)
		if !slices.Equal(got, flags) || rep.Verdict != "not_viable" || rep.Games == 0 {
			t.Errorf("%s: verdict %s, flags %v over %d games; want not_viable with %v", name, rep.Verdict, got, rep.Games, flags)
		}
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
