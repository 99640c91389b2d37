package report

import (
	"encoding/json"
	"html"
	"strings"
	"testing"
	"time"

	"balancefarm/engine"
	"balancefarm/stats"
	"balancefarm/stats/synth"
)

// linesReport is the report of a ladder whose strongest rung's games
// against itself are the random opening's lines, listed when listed is
// set: three lines of chances 1/2, 1/4, 1/4, every game drawn, the first
// line played 2 times and the others 30.
func linesReport(t *testing.T, listed bool) *Report {
	t.Helper()
	games, err := synth.Games(synth.Config{Ladder: testLadder, Elo: []float64{0, 250, 420, 560, 600, 690},
		FirstMoveElo: 0, DrawRate: 0.35, Pairs: 12, Mirror: false, MaxPlies: 400, MeanPlies: 90, TimeoutShare: 0.15, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	top := testLadder.Rungs[len(testLadder.Rungs)-1]
	for opening, n := range map[uint64]int{1: 2, 2: 30, 3: 30} {
		for range n {
			games = append(games, stats.Game{P0: top, P1: top, Winner: -1, Rule: engine.EndRepetition, Plies: 60,
				Opening: opening, Line: 100 + opening, Features: map[string]int{"choices": 30}})
		}
	}
	var start stats.StartInfo
	if listed {
		start.Openings = []stats.OpeningLine{{Hash: 1, Prob: 0.5}, {Hash: 2, Prob: 0.25}, {Hash: 3, Prob: 0.25}}
	}
	a, err := stats.Analyze(testLadder, start, games, stats.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(Input{Name: "draw-race", File: "rulesets/draw-race.json", Wall: time.Minute, Analysis: a})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The sentence saying the rates are read over the opening lines appears
// in every format when they are, and in none (nor a JSON key) otherwise;
// the raised draw_heavy's reason gives the lines' weighted share.
func TestOpeningsSentence(t *testing.T) {
	const exact = "exact: all 3 lines of the random opening are played"
	for _, c := range []struct {
		name   string
		listed bool
	}{{"lines listed", true}, {"lines not listed", false}} {
		r := linesReport(t, c.listed)
		md := string(r.Markdown())
		page, err := r.HTML()
		if err != nil {
			t.Fatal(err)
		}
		js, err := r.JSON()
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Scope map[string]any `json:"scope"`
		}
		if err := json.Unmarshal(js, &doc); err != nil {
			t.Fatal(err)
		}
		openings, inJSON := doc.Scope["openings"]
		if !c.listed {
			if inJSON || strings.Contains(md, "random opening's lines") || strings.Contains(string(page), `id="openings"`) {
				t.Errorf("%s: the opening lines are named though the rates were sampled", c.name)
			}
			continue
		}
		if openings != r.Scope.Openings || !strings.HasPrefix(r.Scope.Openings, exact) {
			t.Errorf("%s: scope.openings %q in JSON, %q in the report; want it to start %q", c.name, openings, r.Scope.Openings, exact)
		}
		if !strings.Contains(md, exact) || !strings.Contains(html.UnescapeString(string(page)), exact) {
			t.Errorf("%s: the Markdown or HTML does not say %q", c.name, exact)
		}
		var reason string
		for _, x := range r.Reasons {
			if x.Flag == stats.FlagDrawHeavy && x.State == stats.StateRaised {
				reason = x.Text
			}
		}
		if !strings.Contains(reason, "were drawn in 100% of the random opening's lines") {
			t.Errorf("%s: draw_heavy's reason %q, want the lines' weighted share", c.name, reason)
		}
	}
}

// A rate bounded by unplayed lines asks for those lines, not more games.
func TestMoreTextUnplayedLines(t *testing.T) {
	if got := moreText(stats.MoreGamesUnplayedLines); !strings.Contains(got, "opening lines not yet played") {
		t.Errorf("moreText(MoreGamesUnplayedLines) = %q", got)
	}
}
