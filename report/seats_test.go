package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"balancefarm/stats"
)

// seatedReport is exampleReport with a seat table of a four-seat team
// game whose first team wins shares, in the given fractions of 40 games.
func seatedReport(t *testing.T, team0Wins int) *Report {
	t.Helper()
	a, err := exampleAnalysis()
	if err != nil {
		t.Fatal(err)
	}
	var games []stats.SeatGame
	for i := range 40 {
		shares := []float64{0, 0.5, 0, 0.5}
		if i < team0Wins {
			shares = []float64{0.5, 0, 0.5, 0}
		}
		games = append(games, stats.SeatGame{Points: shares})
	}
	table, err := stats.SeatTableOf(games, []string{"red", "blue", "yellow", "green"}, [][]int{{0, 2}, {1, 3}}, stats.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range a.Checks {
		if c.Name == stats.FlagOneSided {
			a.Checks[i] = table.TeamAdvantage
		}
	}
	a.Verdict = stats.VerdictOf(a.Checks)
	r, err := New(Input{Name: "four-teams", File: "rulesets/four-teams.json", Wall: time.Second, Analysis: a,
		Seats: &Seats{Scope: "games of the strongest rung in every seat", SeatTable: table, Sentences: table.Sentences()}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSeatsRender: a report with seats carries the seat table in its JSON,
// a Seats section in Markdown and a seat table in HTML, in place of the
// first mover's score, and a raised seat_advantage reads as a sentence;
// a two-player report has none of it.
func TestSeatsRender(t *testing.T) {
	tests := []struct {
		name      string
		r         *Report
		seated    bool
		wantWords []string // in the Markdown
	}{
		{"two players", exampleReport(t), false, []string{"First mover's score at equal strength"}},
		{"team 1 ahead", seatedReport(t, 36), true, []string{"### Seats", "| seat 2 (blue) | 0.050 |", "| 0.250 | – |", "| team 1 (red and yellow) | 1, 3 | 0.900 |",
			"Team 1 (seats 1, 3) (red and yellow) scores 90% of the points", "Where a player sits decides too much"}},
		{"even teams", seatedReport(t, 20), true, []string{"### Seats", "Balance (Ludii's, N players): 1.000"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := json.Marshal(tt.r)
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal(doc, &m); err != nil {
				t.Fatal(err)
			}
			if _, ok := m["seats"]; ok != tt.seated {
				t.Errorf("JSON has seats: %v, want %v", ok, tt.seated)
			}
			md := string(tt.r.Markdown())
			for _, w := range tt.wantWords {
				if !strings.Contains(md, w) {
					t.Errorf("Markdown lacks %q:\n%s", w, md)
				}
			}
			if tt.seated && strings.Contains(md, "First mover's score at equal strength") {
				t.Errorf("a seated report shows the first mover's score")
			}
			html, err := tt.r.HTML()
			if err != nil {
				t.Fatal(err)
			}
			if got := bytes.Contains(html, []byte(`<h2 id="seats">`)); got != tt.seated {
				t.Errorf("HTML has the seat table: %v, want %v", got, tt.seated)
			}
		})
	}
}
