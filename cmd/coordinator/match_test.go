package main

import (
	"bytes"
	"strings"
	"testing"
)

// A match is the same whichever number of workers plays it, and usage
// errors are refused.
func TestMatch(t *testing.T) {
	run := func(args ...string) (int, string) {
		var stdout, stderr bytes.Buffer
		status := dispatch(append([]string{"match"}, args...), &stdout, &stderr)
		return status, stdout.String() + stderr.String()
	}
	lines := map[string]bool{}
	for _, workers := range []string{"1", "2"} {
		status, out := run("-a", "ab:d1", "-b", "random", "-pairs", "4", "-workers", workers, "../../rulesets/five-by-five.json")
		if status != 0 || !strings.Contains(out, "W-D-L") {
			t.Fatalf("%s workers: status %d\n%s", workers, status, out)
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "W-D-L") {
				lines[l] = true
			}
		}
	}
	if len(lines) != 1 {
		t.Errorf("the match differs with the number of workers: %v", lines)
	}
	for _, bad := range [][]string{
		{"-a", "ab:d1", "-b", "ab:d1", "../../rulesets/five-by-five.json"},
		{"-a", "nonsense", "-b", "random", "../../rulesets/five-by-five.json"},
		{"-a", "ab:d1", "-b", "random"},
		{"-elo0", "5", "-elo1", "1", "../../rulesets/five-by-five.json"},
	} {
		if status, out := run(bad...); status != exitUsage {
			t.Errorf("%v: status %d, want %d\n%s", bad, status, exitUsage, out)
		}
	}
}
