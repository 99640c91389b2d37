package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/protocol"
)

// TestMeasureSequential measures a clear case: on Jeson Mor the searching
// player beats the random one at once, so the pairing's every threshold
// is decided well before the cap, which is what sequential stopping
// saves; -sequential=false plays to the cap, and the sequential games are
// the first games of that longer run.
func TestMeasureSequential(t *testing.T) {
	const capGames = 80 // the SPRT needs about 40 games of a clean sweep
	file := "../../rulesets/jesonmor.json"
	state := filepath.Join(t.TempDir(), "state")
	measure := func(extra ...string) []protocol.Result {
		t.Helper()
		var got []protocol.Result
		measureReport = func(_ string, _ []byte, results []protocol.Result) (bool, error) {
			got = results
			return true, nil
		}
		defer func() { measureReport = nil }()
		args := append([]string{"-quick", "-players", "random,ab:n500", "-games", fmt.Sprint(capGames),
			"-state", state, "-metrics-addr", "", "-progress", "off"}, extra...)
		var stdout, stderr bytes.Buffer
		if code := runMeasure(append(args, file), &stdout, &stderr); code != 0 {
			t.Fatalf("measure %v: exit %d\n%s%s", extra, code, &stdout, &stderr)
		}
		return got
	}
	seq := measure()
	full := measure("-sequential=false")
	if len(full) != capGames {
		t.Fatalf("-sequential=false played %d games, want the cap of %d", len(full), capGames)
	}
	if len(seq) >= capGames || len(seq) < 10 || len(seq)%2 != 0 {
		t.Fatalf("sequential run counted %d games; want whole pairs, at least the minimum 10 and fewer than the cap %d", len(seq), capGames)
	}
	for i, r := range seq {
		f := full[i]
		if r.Game != i || r.Seed != f.Seed || r.P0 != f.P0 || r.Winner != f.Winner || strings.Join(r.Moves, " ") != strings.Join(f.Moves, " ") {
			t.Fatalf("sequential game %d is not game %d of the full run: %+v vs %+v", i, i, r, f)
		}
	}
	t.Logf("sequential: %d of %d games", len(seq), capGames)

	// The default report says how many games were played.
	var stdout, stderr bytes.Buffer
	args := []string{"-quick", "-players", "random,ab:n500", "-games", fmt.Sprint(capGames),
		"-state", state, "-metrics-addr", "", "-progress", "off", "-no-fail", file}
	if code := runMeasure(args, &stdout, &stderr); code != 0 {
		t.Fatalf("report run: exit %d\n%s", code, &stderr)
	}
	if want := fmt.Sprintf("(%d games in", len(seq)); !strings.Contains(stdout.String(), want) {
		t.Errorf("verdict line does not say %q:\n%s", want, &stdout)
	}
}

func TestMeasureSequentialUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"negative window", []string{"-window", "-1", "x.json"}},
		{"players the stats cannot order", []string{"-players", "random,nonsense:spec", "x.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := runMeasure(tt.args, &stdout, &stderr); code != exitUsage {
				t.Fatalf("exit %d, want %d\n%s", code, exitUsage, &stderr)
			}
		})
	}
}
