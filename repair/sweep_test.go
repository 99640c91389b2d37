package repair

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"balancefarm/measure"
	"balancefarm/report"
	"balancefarm/stats"
)

// limitFarm stands in for the farm on chess cut short: the games that
// reach rules.max_plies are drawn unfinished, a share that falls as the
// limit grows (1 - max_plies/300), and a new way to win (a goal, a check
// count) ends them too. It counts the files it measured.
type limitFarm struct {
	mu    sync.Mutex
	files int
	// undecidedBelow leaves the depth check undecided for a limit below
	// it: a file whose verdict its games cannot tell.
	undecidedBelow float64
}

func (f *limitFarm) measure(_ context.Context, files []*measure.File, s measure.Settings) ([]*Measured, error) {
	f.mu.Lock()
	f.files += len(files)
	f.mu.Unlock()
	out := make([]*Measured, len(files))
	for i, file := range files {
		var doc struct {
			Rules map[string]any `json:"rules"`
		}
		if err := json.Unmarshal(file.Data, &doc); err != nil {
			return nil, err
		}
		maxPlies := 400.0
		if v, ok := doc.Rules["max_plies"].(float64); ok {
			maxPlies = v
		}
		unfinished := max(0.05, 1-maxPlies/300)
		if doc.Rules["reach"] != nil || doc.Rules["check_limit"] != nil {
			unfinished = 0.1
		}
		checks := []stats.Check{
			fakeCheck(stats.FlagDrawHeavy, unfinished, 0.75, unfinished > 0.75, false),
			fakeCheck(stats.FlagUnfinished, unfinished, 0.5, unfinished > 0.5, false),
			fakeCheck(stats.FlagDepthInsensitive, 0.9, 0.7, false, maxPlies < f.undecidedBelow),
		}
		length := int(min(maxPlies, 200))
		a := &stats.Analysis{Ladder: stats.Ladder{Rungs: s.Players}, Checks: checks, Verdict: stats.VerdictOf(checks), Games: 10, Plies: []int{length, length}}
		rep, err := report.New(report.Input{Name: strings.TrimSuffix(file.Label, ".json"), File: file.Label, Analysis: a})
		if err != nil {
			return nil, err
		}
		out[i] = &Measured{Report: rep, Workers: map[string]int{"w1": 10}}
	}
	return out, nil
}

// TestRepairSweepsALimit: on chess cut at 60 plies the one step up (120)
// helps but does not clear the flags, so the sweep doubles on to 240,
// which does, and bisects back to the smallest value that clears them
// (150 by the farm's model, within the bisection's reach); that change,
// the closest to the file, is the best repair and the first suggestion
// for each flag, and the edits that change what the game is (a goal, a
// check count) come after it.
func TestRepairSweepsALimit(t *testing.T) {
	orig := chessCutAt60(t)
	farm := &limitFarm{}
	res, err := Repair(context.Background(), orig, testConfig(), farm.measure)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sweeps) == 0 || !strings.Contains(res.Sweeps[0], "max_plies swept up from 60") {
		t.Fatalf("sweeps %q: want max_plies swept up from 60", res.Sweeps)
	}
	var smallest int
	if _, err := fmt.Sscanf(res.Sweeps[0][strings.LastIndex(res.Sweeps[0], " is ")+4:], "%d", &smallest); err != nil || smallest < 150 || smallest > 180 {
		t.Errorf("sweep %q: smallest clearing value %d, want 150 to 180", res.Sweeps[0], smallest)
	}
	best := findTried(res, res.Best)
	if best == nil || len(best.Edits) != 1 || best.Edits[0].Kind != "max_plies" || best.Edits[0].value != smallest {
		t.Fatalf("best %q (%+v), want max_plies %d", res.Best, best, smallest)
	}
	for _, f := range res.Flags {
		if len(f.Suggestions) == 0 || f.Suggestions[0].Candidate != res.Best {
			t.Errorf("%s: suggestions %+v, want %s first", f.Flag, f.Suggestions, res.Best)
			continue
		}
		first := f.Suggestions[0]
		if first.Closeness.Distance != distLimit || first.Closeness.ChangesGame || !strings.Contains(first.Distance, "a limit changed") {
			t.Errorf("%s: first suggestion's closeness %+v %q", f.Flag, first.Closeness, first.Distance)
		}
		if !strings.Contains(first.Cost, "longer") {
			t.Errorf("%s: cost %q, want longer games", f.Flag, first.Cost)
		}
		seenChange := false
		for _, s := range f.Suggestions {
			if seenChange && !s.Closeness.ChangesGame && s.Rung == first.Rung {
				t.Errorf("%s: %s keeps the game yet comes after one that changes it", f.Flag, s.Candidate)
			}
			seenChange = seenChange || s.Closeness.ChangesGame
		}
	}
	md := string(res.Markdown())
	for _, want := range []string{"Limits swept to their bounds", "how far", "a limit changed", "longer"} {
		if !strings.Contains(md, want) {
			t.Errorf("the report does not say %q", want)
		}
	}
	t.Logf("%d files measured; %s", farm.files, res.Sweeps[0])
}

// chessCutAt60 is rulesets/chess.json with max_plies set to 60 by mistake.
func chessCutAt60(t *testing.T) *measure.File {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "rulesets", "chess.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	doc["rules"].(map[string]any)["max_plies"] = 60
	cut, _ := json.Marshal(doc)
	orig, err := measure.Load("chess-60.json", cut)
	if err != nil {
		t.Fatal(err)
	}
	return orig
}

func findTried(res *Result, id string) *Tried {
	for _, t := range res.Candidates {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// TestClassify: each kind of edit gets its distance, and those that
// change what the game is say so.
func TestClassify(t *testing.T) {
	cases := []struct {
		e       Edit
		dist    int
		changes bool
	}{
		{Edit{Kind: "max_plies", Patch: []Op{opAdd("/rules/max_plies", 120)}}, distLimit, false},
		{Edit{Kind: "no_progress_draw", Patch: []Op{opAdd("/rules/no_progress_draw", 50)}}, distLimit, false},
		{Edit{Kind: "check_limit", Desc: "4 checks win (was 3)", Patch: []Op{opAdd("/rules/check_limit", 4)}}, distLimit, false},
		{Edit{Kind: "check_limit", Desc: "three checks win", Patch: []Op{opAdd("/rules/check_limit", 3)}}, distAdded, true},
		{Edit{Kind: "check_limit", Desc: "checks no longer win", Patch: []Op{opRemove("/rules/check_limit")}}, distAdded, true},
		{Edit{Kind: "promotion", Patch: []Op{opReplace("/rules/promotion/rank", 6)}}, distNumber, false},
		{Edit{Kind: "range", Patch: []Op{opAdd("/pieces/2/moves/0/range", 2)}}, distNumber, false},
		{Edit{Kind: "reach", Target: "rules.reach", Patch: []Op{opAdd("/rules/reach", 1)}}, distAdded, true},
		{Edit{Kind: "reach", Target: "rules.reach.squares", Patch: []Op{opReplace("/rules/reach/squares", 1)}}, distNumber, false},
		{Edit{Kind: "reach", Target: "rules.reach.safe", Patch: []Op{opAdd("/rules/reach/safe", true)}}, distSwitch, false},
		{Edit{Kind: "stalemate", Patch: []Op{opAdd("/rules/stalemate", "loss")}}, distSwitch, false},
		{Edit{Kind: "win", Patch: []Op{opAdd("/rules/win", "royal_capture")}}, distSwitch, true},
		{Edit{Kind: "vector_added", Patch: []Op{opAdd("/pieces/0/moves/0/vectors/-", 1)}}, distMoves, false},
		{Edit{Kind: "setup_added", Patch: []Op{opAdd("/setup/placements/-", 1)}}, distAdded, true},
		{Edit{Kind: "board", Patch: []Op{opReplace("/board/height", 9)}}, distAdded, false},
	}
	for _, c := range cases {
		e := c.e
		classify(&e)
		if e.Distance != c.dist || e.ChangesGame != c.changes {
			t.Errorf("%s %s: distance %d, changes %v; want %d, %v", c.e.Kind, c.e.Desc, e.Distance, e.ChangesGame, c.dist, c.changes)
		}
	}
	near := Closeness{Edits: 1, Distance: distLimit, Stretch: 1.3}
	for _, far := range []Closeness{{Edits: 1, Distance: distLimit, Stretch: 2}, {Edits: 1, Distance: distSwitch}, {Edits: 2, Distance: 2}, {ChangesGame: true, Edits: 1, Distance: 1}} {
		if !near.closer(far) || far.closer(near) {
			t.Errorf("%+v is not closer than %+v", near, far)
		}
	}
}

// TestNearest: for a flag no candidate removes, the note names the
// candidate that came nearest, with its numbers and what else it raised.
func TestNearest(t *testing.T) {
	tried := func(id string, est float64, raised ...string) *Tried {
		return &Tried{ID: id, Desc: "edit " + id, Rungs: []Rung{{Rung: RungScreen, Raised: raised, Checks: []CheckValue{
			{Name: stats.FlagOneSided, State: stats.StateUndecided, Value: stats.Interval{Est: est, Lo: est - 0.1, Hi: est + 0.1}, Threshold: 0.65}}}}}
	}
	res := &Result{Candidates: []*Tried{tried("c01", 0.9), tried("c02", 0.62, stats.FlagShort), tried("c03", 0.8)}}
	got := res.nearest(stats.FlagOneSided)
	for _, want := range []string{"c02 (edit c02)", "0.620 [0.520, 0.720] against 0.65", "raised short"} {
		if !strings.Contains(got, want) {
			t.Errorf("nearest %q does not say %q", got, want)
		}
	}
	if (&Result{}).nearest(stats.FlagOneSided) != "" {
		t.Error("a note with no candidate measured")
	}
}

// TestRepairListsUndecidedApart: a candidate that clears the flags but
// leaves another check undecided is listed apart, never as a repair.
func TestRepairListsUndecidedApart(t *testing.T) {
	orig := chessCutAt60(t)
	res, err := Repair(context.Background(), orig, testConfig(), (&limitFarm{undecidedBelow: 1000}).measure)
	if err != nil {
		t.Fatal(err)
	}
	apart := 0
	for _, f := range res.Flags {
		for _, s := range f.Suggestions {
			if s.Verdict != stats.Viable && undecidedOf(s.Checks) != "none" {
				t.Errorf("%s: %s is suggested with %s undecided", f.Flag, s.Candidate, undecidedOf(s.Checks))
			}
		}
		for _, s := range f.Undecided {
			apart++
			if undecidedOf(s.Checks) == "none" {
				t.Errorf("%s: %s listed apart with nothing undecided", f.Flag, s.Candidate)
			}
		}
	}
	if apart == 0 {
		t.Error("no candidate with an undecided check was listed apart")
	}
	if best := findTried(res, res.Best); best != nil && best.Edits[0].Kind == "max_plies" {
		t.Errorf("best %s is a limit whose verdict is undecided", res.Best)
	}
	if !strings.Contains(string(res.Markdown()), "not repairs until more games decide them") {
		t.Error("the report does not list the undecided apart")
	}
}
