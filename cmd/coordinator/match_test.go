package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/measure"
	"balancefarm/protocol"
	"balancefarm/stats"
)

// A match is the same whichever number of workers plays it, stops where
// the SPRT decides with -sprt, and usage errors are refused.
func TestMatch(t *testing.T) {
	const file = "../../rulesets/five-by-five.json"
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		args = append([]string{"match", "-state", filepath.Join(t.TempDir(), "state")}, args...)
		status := dispatch(args, &stdout, &stderr)
		return status, stdout.String(), stderr.String()
	}
	lines := map[string]bool{}
	for _, workers := range []string{"1", "2"} {
		status, out, errs := run("-a", "ab:d1", "-b", "random", "-pairs", "4", "-workers", workers, file)
		if status != 0 || !strings.Contains(out, "W-D-L") {
			t.Fatalf("%s workers: status %d\n%s%s", workers, status, out, errs)
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

	sprt := []struct {
		name     string
		a, b     string
		status   int
		decision string
	}{
		{"H1", "ab:d1", "random", 0, ": H1"},
		{"H0", "random", "ab:d1", exitMatchH0, ": H0"},
	}
	for _, tt := range sprt {
		t.Run("sprt "+tt.name, func(t *testing.T) {
			status, out, errs := run("-a", tt.a, "-b", tt.b, "-pairs", "40", "-sprt", "-elo1", "400", file)
			if status != tt.status || !strings.HasSuffix(strings.TrimSpace(out), tt.decision) {
				t.Fatalf("status %d, want %d ending %q\n%s%s", status, tt.status, tt.decision, out, errs)
			}
			if strings.Contains(out, ": 40 pairs") {
				t.Errorf("the SPRT decided but the match played every pair:\n%s", out)
			}
		})
	}

	for _, bad := range [][]string{
		{"-a", "ab:d1", "-b", "ab:d1", file},
		{"-a", "nonsense", "-b", "random", file},
		{"-a", "ab:d1", "-b", "random"},
		{"-elo0", "5", "-elo1", "1", file},
		{"-pairs", "0", file},
		{"-seed", "9007199254740992", file},
	} {
		if status, out, errs := run(bad...); status != exitUsage {
			t.Errorf("%v: status %d, want %d\n%s%s", bad, status, exitUsage, out, errs)
		}
	}
}

// A match plans its games as a measurement does: pair k of challenger
// against reference opens from the same seed, with the same player moving
// first, as pair k of that pairing in a measurement of the file with the
// same seed, whatever else its ladder holds.
func TestMatchSeedsArePlans(t *testing.T) {
	tests := []struct {
		name   string
		file   string
		seed   uint64
		pairs  int
		ladder []string
	}{
		{"the two players", "five-by-five.json", 1, 5, []string{"ab:d1", "random"}},
		{"another seed", "five-by-five.json", 77, 3, []string{"ab:d1", "random"}},
		{"within a longer ladder", "five-by-five.json", 9, 4, []string{"random", "ab:d1", "ab:d2"}},
		// A measurement of a game with chance adds a clairvoyant rung;
		// a match plays its two players only.
		{"a game with chance", "dice-chess.json", 3, 2, []string{"ab:d1", "random"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := measure.Read("../../rulesets/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			ff := farmFlags{seed: tt.seed, owner: "match"}
			got := matchPlan(f, "ab:d1", "random", tt.pairs, &ff, matchOptions{}).Jobs()
			if len(got) != 2*tt.pairs {
				t.Fatalf("%d jobs for %d pairs", len(got), tt.pairs)
			}
			plan := measure.Settings{Players: tt.ladder, Games: 2 * tt.pairs, Seed: tt.seed}.Plan(f)
			want := map[[2]string][]uint64{}
			for _, j := range plan.Jobs() {
				want[[2]string{j.P0, j.P1}] = append(want[[2]string{j.P0, j.P1}], j.Seed)
			}
			for i, j := range got {
				pair := [2]string{j.P0, j.P1}
				if i%2 == 1 {
					pair = [2]string{j.P1, j.P0}
				}
				if pair != [2]string{"ab:d1", "random"} {
					t.Fatalf("game %d is %s against %s", i, j.P0, j.P1)
				}
				if seeds := want[[2]string{j.P0, j.P1}]; i/2 >= len(seeds) || seeds[i/2] != j.Seed {
					t.Errorf("game %d (%s first) opens from seed %d, the measurement's pair %d from %v", i, j.P0, j.Seed, i/2, seeds)
				}
				if j.Seed > protocol.MaxSeed {
					t.Errorf("game %d: seed %d beyond the plan's range", i, j.Seed)
				}
			}
		})
	}
}

// A clean sweep is said as a bound, not as +1000 to +1000.
func TestMatchLineCleanSweep(t *testing.T) {
	var games []stats.Game
	for i := range 8 {
		pair := fmt.Sprint(i)
		games = append(games,
			stats.Game{P0: "ab:n3000", P1: "ab:n500", Winner: 0, PairID: pair},
			stats.Game{P0: "ab:n500", P1: "ab:n3000", Winner: 1, PairID: pair})
	}
	r, err := stats.Match(games, "ab:n3000", "ab:n500", 0, 5, 0.05, 0.05, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	line := matchLine(r)
	if !strings.Contains(line, "Elo at least +") || strings.Contains(line, "+1000") {
		t.Errorf("clean sweep: %s", line)
	}
}
