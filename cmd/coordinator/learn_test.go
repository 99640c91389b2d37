package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/protocol"
	"balancefarm/search"
	"balancefarm/tablestore"
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
	keep := filepath.Join(t.TempDir(), "tables")
	status, out, errs = run("-spec", "ab:n40", "-games", "120", "-for", "ab:n100", "-check", "2", "-keep", keep, file)
	switch {
	case !strings.Contains(errs, "W-D-L") || strings.Count(strings.TrimSpace(out), "\n") != 0:
		t.Errorf("-check: want the match on stderr and the spec alone on stdout\n%s%s", out, errs)
	case status == 0 && !strings.Contains(errs, "the table gains"),
		status == exitLearnNoGain && !strings.Contains(errs, "shows no gain"),
		status != 0 && status != exitLearnNoGain:
		t.Errorf("-check: status %d does not match what it says\n%s", status, errs)
	}
	// -keep: a table that gains is kept for the file's bytes, one that
	// does not is not written.
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	kept, path, err := tablestore.Dir(keep).Find(protocol.HashRuleFile(data))
	switch {
	case err != nil:
		t.Errorf("-keep: %v", err)
	case status == 0 && (kept == nil || kept.Spec != strings.TrimSpace(out) || kept.Check.Pairs != 2 || !strings.Contains(errs, path)):
		t.Errorf("-keep: a table that gains is not kept as printed: %+v at %q\n%s", kept, path, errs)
	case status != 0 && kept != nil:
		t.Errorf("-keep: a table that did not gain was kept at %s", path)
	}
	for _, tc := range []struct {
		args    []string
		wantErr string
	}{
		{[]string{"-games", "7", file}, "even"},
		{[]string{"-check", "-1", file}, "-check"},
		{[]string{"-keep", "dir", file}, "-keep needs -check"},
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
