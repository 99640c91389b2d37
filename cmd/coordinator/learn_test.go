package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/search"
)

// learn plays its games on the embedded farm, prints -for carrying the
// table it learned, and refuses what it cannot learn from.
func TestLearn(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		args = append([]string{"learn", "-state", filepath.Join(t.TempDir(), "state")}, args...)
		status := dispatch(args, &stdout, &stderr)
		return status, stdout.String(), stderr.String()
	}
	const file = "../../rulesets/chess.json"
	status, out, errs := run("-spec", "ab:n40", "-games", "120", "-for", "ab:n500", file)
	if status != 0 {
		t.Fatalf("status %d\n%s%s", status, out, errs)
	}
	ps, err := search.ParseSpec(strings.TrimSpace(out))
	if err != nil || ps.Nodes != 500 || len(ps.TableRows()) == 0 {
		t.Fatalf("printed %q (%v): want ab:n500 with a learned table", out, err)
	}
	if !strings.Contains(errs, "120 games of ab:n40") || !strings.Contains(errs, "with it") {
		t.Errorf("the fit's figures are not on stderr:\n%s", errs)
	}
	// -check: a match says whether the table gains, and the status
	// says it too.
	status, out, errs = run("-spec", "ab:n40", "-games", "120", "-for", "ab:n100", "-check", "2", file)
	switch {
	case !strings.Contains(errs, "W-D-L") || strings.Count(strings.TrimSpace(out), "\n") != 0:
		t.Errorf("-check: want the match on stderr and the spec alone on stdout\n%s%s", out, errs)
	case status == 0 && !strings.Contains(errs, "the table gains"),
		status == exitLearnNoGain && !strings.Contains(errs, "shows no gain"),
		status != 0 && status != exitLearnNoGain:
		t.Errorf("-check: status %d does not match what it says\n%s", status, errs)
	}
	for _, tc := range []struct {
		args    []string
		wantErr string
	}{
		{[]string{"-games", "7", file}, "even"},
		{[]string{"-check", "-1", file}, "-check"},
		{[]string{"-spec", "random", file}, "ab and mcts"},
		{[]string{"-for", "uci:sf", file}, "ab and mcts"},
		{[]string{"-spec", "ab:n40", "-games", "4", file}, "at least 100"},
		{[]string{"../../rulesets/four-player-teams.json"}, "two players"},
		{nil, "no rule file"},
	} {
		status, out, errs := run(tc.args...)
		if status == 0 || !strings.Contains(out+errs, tc.wantErr) {
			t.Errorf("learn %v: status %d, want a refusal mentioning %q\n%s%s", tc.args, status, tc.wantErr, out, errs)
		}
	}
}
