package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRegress makes a baseline of two small games, checks that an
// unchanged tree reports nothing, then changes a rule file and checks that
// it is reported with the numbers that moved.
func TestRegress(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"five-by-five.json", "jesonmor.json"} {
		data, err := os.ReadFile(filepath.Join("../../rulesets", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	common := []string{"-state", filepath.Join(t.TempDir(), "state"), "-metrics-addr", "",
		"-players", "random,ab:d1", "-games", "4"}
	run := func(extra ...string) (int, string) {
		var out, errOut bytes.Buffer
		args := append(append([]string{"regress"}, common...), extra...)
		status := dispatch(append(args, dir), &out, &errOut)
		return status, out.String() + errOut.String()
	}

	if status, out := run("-update"); status != 0 {
		t.Fatalf("-update: status %d\n%s", status, out)
	}
	if _, err := os.Stat(filepath.Join(dir, baselineName)); err != nil {
		t.Fatalf("no baseline written: %v", err)
	}
	status, out := run()
	if status != 0 || !strings.Contains(out, "0 regressed, 2 unchanged") {
		t.Fatalf("unchanged tree: status %d\n%s", status, out)
	}

	// A game that can last only 12 plies never finishes: the verdict and
	// the completion numbers must move.
	path := filepath.Join(dir, "five-by-five.json")
	data, _ := os.ReadFile(path)
	changed := strings.Replace(string(data), `"max_plies": 200`, `"max_plies": 12`, 1)
	if changed == string(data) {
		t.Fatal("fixture lacks max_plies 200")
	}
	if err := os.WriteFile(path, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	outDir := t.TempDir()
	status, out = run("-out", outDir)
	if status != exitRegressed {
		t.Fatalf("changed file: status %d, want %d\n%s", status, exitRegressed, out)
	}
	for _, want := range []string{"five-by-five  regressed", "+unfinished", "metric.completion", "jesonmor      unchanged"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	md, err := os.ReadFile(filepath.Join(outDir, "regress.md"))
	if err != nil || !strings.Contains(string(md), "five-by-five") {
		t.Errorf("regress.md: %v\n%s", err, md)
	}
}
