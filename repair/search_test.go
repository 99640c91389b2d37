package repair

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"balancefarm/measure"
	"balancefarm/report"
	"balancefarm/stats"
)

// fakeFarm stands in for the farm: it judges a file by what its bytes
// say, as a measurement of the no-winner canary would. Kings that may
// capture fix every flag; a goal fixes the draws but makes the game
// one-sided; anything else stays drawn and unfinished. It records the
// batches it was given.
type fakeFarm struct {
	mu      sync.Mutex
	batches []fakeBatch
	viable  bool // judge every file viable (a classic)
	// undecided leaves the depth check undecided and every other clear.
	undecided bool
}

type fakeBatch struct {
	players []string
	files   []string
}

func (f *fakeFarm) measure(_ context.Context, files []*measure.File, s measure.Settings) ([]*Measured, error) {
	f.mu.Lock()
	b := fakeBatch{players: s.Players}
	for _, file := range files {
		b.files = append(b.files, file.Label)
	}
	f.batches = append(f.batches, b)
	f.mu.Unlock()
	out := make([]*Measured, len(files))
	for i, file := range files {
		draw, first, depth := 1.0, 0.5, 0.5
		switch {
		case f.viable || !bytes.Contains(file.Data, []byte(`"captures"`)):
			draw, depth = 0.3, 0.9
		case bytes.Contains(file.Data, []byte(`"reach"`)):
			draw, first, depth = 0.5, 0.95, 0.9
		}
		checks := []stats.Check{
			fakeCheck(stats.FlagDrawHeavy, draw, 0.75, draw > 0.75, false),
			fakeCheck(stats.FlagUnfinished, draw, 0.5, draw > 0.5, false),
			fakeCheck(stats.FlagOneSided, first, 0.65, first > 0.65, false),
			fakeCheck(stats.FlagDepthInsensitive, depth, 0.7, depth < 0.7, f.undecided),
		}
		a := &stats.Analysis{Ladder: stats.Ladder{Rungs: s.Players}, Checks: checks, Verdict: stats.VerdictOf(checks), Games: 10, Plies: []int{20, 40}}
		in := report.Input{Name: strings.TrimSuffix(file.Label, ".json"), File: file.Label, Analysis: a}
		rep, err := report.New(in)
		if err != nil {
			return nil, err
		}
		out[i] = &Measured{Report: rep, Workers: map[string]int{"w1": 6, "w2": 4}}
	}
	return out, nil
}

func fakeCheck(name string, est, th float64, raised, undecided bool) stats.Check {
	c := stats.Check{Name: name, Assessed: true, Value: stats.Interval{Est: est, Lo: est - 0.05, Hi: est + 0.05}, Threshold: th, State: stats.StateClear, Games: 10}
	switch {
	case raised:
		c.State, c.Raised = stats.StateRaised, true
	case undecided:
		c.State = stats.StateUndecided
	}
	return c
}

func testConfig() Config {
	return Config{
		Full:   measure.Settings{Players: []string{"random", "ab:d2"}, Games: 4},
		Screen: measure.Settings{Players: []string{"random", "ab:d1"}, Games: 2},
	}
}

// TestRepairStopsAfterOne: a viable file is measured once and nothing
// else is tried; so is an inconclusive one with no flag raised, which
// wants more games rather than edits.
func TestRepairStopsAfterOne(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "rulesets", "chess.json"))
	if err != nil {
		t.Fatal(err)
	}
	orig, err := measure.Load("chess.json", data)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		farm    *fakeFarm
		verdict string
		stopped string
	}{
		{&fakeFarm{viable: true}, stats.Viable, "no flag to repair"},
		{&fakeFarm{viable: true, undecided: true}, stats.Inconclusive, "more games"},
	}
	for _, tc := range tests {
		res, err := Repair(context.Background(), orig, testConfig(), tc.farm.measure)
		if err != nil {
			t.Fatal(err)
		}
		if len(tc.farm.batches) != 1 || res.Measured != 1 || len(res.Candidates) != 0 || len(res.Flags) != 0 {
			t.Errorf("%s: %d batches, %d measurements, %d candidates, %d flags; want one measurement and nothing else",
				tc.verdict, len(tc.farm.batches), res.Measured, len(res.Candidates), len(res.Flags))
		}
		if res.Original.Verdict != tc.verdict || !strings.Contains(res.Stopped, tc.stopped) {
			t.Errorf("verdict %s, stopped %q; want %s, %q", res.Original.Verdict, res.Stopped, tc.verdict, tc.stopped)
		}
	}
}

// TestRepairSearch runs the whole search on the no-winner canary against
// the fake farm: the rungs halve, the one edit that fixes every flag
// comes first for each and is the best repair, an edit that raises a new
// flag is never suggested, the ablation table puts it first for the draw
// rate, and the files written beside the report are valid.
func TestRepairSearch(t *testing.T) {
	data := []byte(canary(t, "no-winner"))
	orig, err := measure.Load("no-winner.json", data)
	if err != nil {
		t.Fatal(err)
	}
	farm := &fakeFarm{}
	cfg := testConfig()
	res, err := Repair(context.Background(), orig, cfg, farm.measure)
	if err != nil {
		t.Fatal(err)
	}
	wantTargets := []string{stats.FlagDrawHeavy, stats.FlagUnfinished, stats.FlagDepthInsensitive}
	if !slices.Equal(res.Targets, wantTargets) {
		t.Fatalf("targets %v, want %v", res.Targets, wantTargets)
	}
	var fix, race *Tried
	for _, c := range res.Candidates {
		if len(c.Edits) == 1 && c.Edits[0].Kind == "captures" {
			fix = c
		}
		if len(c.Edits) == 1 && c.Edits[0].Kind == "reach" {
			race = c
		}
	}
	if fix == nil || race == nil {
		t.Fatal("the captures or the reach edit was not tried")
	}

	// Rungs: the file, the screen's control, the singles, the pairs,
	// a middle rung of a third, then Confirm candidates.
	var sizes []int
	for _, b := range farm.batches {
		sizes = append(sizes, len(b.files))
	}
	singles := 0
	for _, c := range res.Candidates {
		if len(c.Edits) == 1 {
			singles++
		}
	}
	pool := len(res.Candidates)
	want := []int{1, 1, singles, pool - singles, (pool + 2) / 3, 3}
	if !slices.Equal(sizes, want) {
		t.Errorf("batch sizes %v, want %v", sizes, want)
	}
	if last := farm.batches[len(farm.batches)-1]; !slices.Equal(last.players, cfg.Full.Players) {
		t.Errorf("confirmed with %v, want the full ladder %v", last.players, cfg.Full.Players)
	}
	if !slices.Equal(farm.batches[2].players, cfg.Screen.Players) {
		t.Errorf("screened with %v, want %v", farm.batches[2].players, cfg.Screen.Players)
	}

	if res.Best != fix.ID {
		t.Errorf("best %q, want the captures edit %s", res.Best, fix.ID)
	}
	for _, f := range res.Flags {
		if len(f.Suggestions) == 0 || f.Suggestions[0].Candidate != fix.ID || f.Suggestions[0].Verdict != stats.Viable {
			t.Errorf("%s: suggestions %+v, want %s first", f.Flag, f.Suggestions, fix.ID)
		}
		for _, s := range f.Suggestions {
			if s.Candidate == race.ID || len(s.Raised) > 0 {
				t.Errorf("%s: %s raises one_sided yet is suggested", f.Flag, s.Candidate)
			}
		}
	}
	if len(res.Ablation) == 0 || res.Ablation[0].Moves[0].Kind != "captures" || res.Ablation[0].Moves[0].Change > -0.69 {
		t.Errorf("ablation %+v: want the captures edit first for the draw rate, -0.7", res.Ablation)
	}
	if res.Workers["w1"] == 0 || res.WorkerCandidates["w2"] != len(res.Candidates) {
		t.Errorf("workers %v, candidates by worker %v", res.Workers, res.WorkerCandidates)
	}

	dir := t.TempDir()
	if err := Write(dir, res); err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join(dir, "no-winner-repair.json"))
	if err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(js, &back); err != nil || back.Best != fix.ID {
		t.Errorf("report JSON: best %q, err %v", back.Best, err)
	}
	confirmed := res.Confirmed()
	if len(confirmed) != 3 {
		t.Errorf("%d confirmed files, want 3", len(confirmed))
	}
	for _, c := range confirmed {
		if _, err := measure.Read(filepath.Join(dir, c.File)); err != nil {
			t.Errorf("%s: %v", c.File, err)
		}
		if _, err := os.Stat(filepath.Join(dir, strings.TrimSuffix(c.File, ".json")+"-report.json")); err != nil {
			t.Errorf("%s has no report of its own: %v", c.File, err)
		}
	}
	for _, name := range []string{"no-winner-repair.md", "no-winner-repair.html", "no-winner.json"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
}
