package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseEach(t *testing.T) {
	tests := []struct {
		words, want, err string
	}{
		{"", "", ""},
		{"tc=40/60", "tc=40/60", ""},
		{"tc=0/10+0.1", "tc=10+0.1", ""},
		{"st=0.5", "st=0.5", ""},
		{"tc=inf", "", ""},
		{"tc=40/60 st=1", "", "one time control"},
		{"proto=uci", "", `unknown key "proto"`},
		{"tc=fast", "", "-each: tc=fast"},
		{"st=0", "", "-each: st=0"},
	}
	for _, tt := range tests {
		got, err := parseEach(tt.words)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("parseEach(%q): error %v, want %q", tt.words, err, tt.err)
			continue
		}
		if got != tt.want {
			t.Errorf("parseEach(%q) = %q, want %q", tt.words, got, tt.want)
		}
	}
	for _, c := range []struct{ spec, clock, want string }{
		{"ab:n3000", "tc=10+0.1", "ab:n3000,tc=10+0.1"},
		{"ab:n3000,st=1", "tc=10+0.1", "ab:n3000,st=1"}, // its own stands
		{"uci:/sf,Hash=16", "st=2", "uci:/sf,st=2,Hash=16"},
		{"mcts:i200", "", "mcts:i200"},
	} {
		if got, err := timedSpec(c.spec, c.clock); err != nil || got != c.want {
			t.Errorf("timedSpec(%q, %q) = %q, %v; want %q", c.spec, c.clock, got, err, c.want)
		}
	}
}

// A gauntlet plays -a against each player of the list in turn, a result
// line each as a match writes it and a table with a row each; a timed
// match says it was timed; -b and -gauntlet together are refused.
func TestGauntlet(t *testing.T) {
	const file = "../../rulesets/five-by-five.json"
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		args = append([]string{"match", "-state", filepath.Join(t.TempDir(), "state")}, args...)
		status := dispatch(args, &stdout, &stderr)
		return status, stdout.String(), stderr.String()
	}
	status, out, errs := run("-a", "ab:d1", "-gauntlet", "random,mcts:i20,ab:d2", "-pairs", "2", file)
	if status != 0 {
		t.Fatalf("status %d\n%s%s", status, out, errs)
	}
	for _, opp := range []string{"random", "mcts:i20", "ab:d2"} {
		if !strings.Contains(out, "ab:d1 against "+opp+" on "+file+": 2 pairs") {
			t.Errorf("no match line against %s:\n%s", opp, out)
		}
	}
	if n := strings.Count(out, "\nW-D-L "); n != 3 {
		t.Errorf("%d result lines, want 3:\n%s", n, out)
	}
	_, table, ok := strings.Cut(out, "gauntlet: ab:d1 against 3 players on "+file+"\n")
	if !ok {
		t.Fatalf("no gauntlet table:\n%s", out)
	}
	rows := strings.Split(strings.TrimSpace(table), "\n")
	if len(rows) != 4 || !strings.HasPrefix(rows[0], "opponent") {
		t.Fatalf("table of %d lines, want a header and 3 rows:\n%s", len(rows), table)
	}
	for i, opp := range []string{"random", "mcts:i20", "ab:d2"} {
		if f := strings.Fields(rows[i+1]); f[0] != opp || f[1] != "4" {
			t.Errorf("row %d: %q, want %s with 4 games", i+1, rows[i+1], opp)
		}
	}

	status, out, errs = run("-a", "ab:d1", "-b", "random", "-each", "st=5", "-pairs", "1", file)
	if status != 0 || !strings.Contains(out, "ab:d1,st=5 against random,st=5") || !strings.Contains(out, "timed: games played to the clock") {
		t.Errorf("a timed match: status %d\n%s%s", status, out, errs)
	}

	for _, bad := range [][]string{
		{"-a", "ab:d1", "-b", "random", "-gauntlet", "mcts:i20", file},
		{"-a", "ab:d1", "-gauntlet", "random,ab:d1", file},
		{"-a", "ab:d1", "-gauntlet", ",", file},
		{"-a", "ab:d1", "-gauntlet", "random,nonsense", file},
		{"-a", "ab:d1", "-b", "random", "-each", "tc=soon", file},
	} {
		if status, out, errs := run(bad...); status != exitUsage {
			t.Errorf("%v: status %d, want %d\n%s%s", bad, status, exitUsage, out, errs)
		}
	}
}
