package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"html"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"balancefarm/stats"
)

// deadLetters are n dead-lettered games lost by worker.
func deadLetters(worker string, n int, why string) []LostGame {
	out := make([]LostGame, n)
	for i := range out {
		out[i] = LostGame{Worker: worker, Error: why, DeadLettered: true}
	}
	return out
}

func TestLostGamesCountedAndVerdict(t *testing.T) {
	a, err := exampleAnalysis()
	if err != nil {
		t.Fatal(err)
	}
	// The example batch counts a.Games games and one error game.
	if a.Games != 504 || a.Errors != 1 || a.Verdict != stats.NotViable {
		t.Fatalf("example batch changed: %d games, %d errors, %s", a.Games, a.Errors, a.Verdict)
	}
	for _, tc := range []struct {
		name         string
		lost         []LostGame
		lostGames    int
		losses       []Loss
		inconclusive bool
	}{
		{"nothing lost but the error game", nil, 0, []Loss{}, false},
		{"a few dead letters, within 5%", deadLetters("w1", 25, "nak"), 25,
			[]Loss{{"w1", 25, "nak"}}, false}, // 26 of 530 lost: 4.9%
		{"just over 5%", append(deadLetters("w1", 23, "nak"), deadLetters("", 3, "no worker finished")...), 26,
			[]Loss{{"w1", 23, "nak"}, {"unknown", 3, "no worker finished"}}, true}, // 27 of 531: 5.1%
		{"a worker that loses everything it gets", append(deadLetters("liar", 85, "bad credentials"),
			LostGame{Worker: "honest", Error: "engine panicked"}, LostGame{Worker: "liar", Error: "later error", DeadLettered: true}), 86,
			[]Loss{{"liar", 86, "bad credentials"}, {"honest", 1, "engine panicked"}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := New(Input{Name: "lost", File: "lost.json", Wall: time.Second, Analysis: a, Lost: tc.lost})
			if err != nil {
				t.Fatal(err)
			}
			if r.LostGames != tc.lostGames || r.ErrorGames != 1 || !slices.Equal(r.Losses, tc.losses) {
				t.Errorf("lost %d, errors %d, losses %+v; want %d, 1, %+v", r.LostGames, r.ErrorGames, r.Losses, tc.lostGames, tc.losses)
			}
			if want := stats.LostShare(a.Games, 1+tc.lostGames); r.LostShare < want-1e-4 || r.LostShare > want+1e-4 {
				t.Errorf("lost share %v, want %v", r.LostShare, want)
			}
			lostReason := len(r.Reasons) > 0 && r.Reasons[0].Flag == stats.FlagLostGames
			if tc.inconclusive {
				if r.Verdict != stats.Inconclusive || !lostReason || !strings.Contains(r.Reasons[0].Text, "more than the 5%") {
					t.Errorf("verdict %s, reasons %+v; want inconclusive for the lost games", r.Verdict, r.Reasons)
				}
			} else if r.Verdict != a.Verdict || lostReason {
				t.Errorf("verdict %s, reasons %+v; want the counted games' %s", r.Verdict, r.Reasons, a.Verdict)
			}
			js, err := r.JSON()
			if err != nil {
				t.Fatal(err)
			}
			var doc map[string]any
			if err := json.Unmarshal(js, &doc); err != nil {
				t.Fatal(err)
			}
			if doc["lost_games"] != float64(tc.lostGames) || doc["losses"] == nil {
				t.Errorf("JSON lost_games %v, losses %v", doc["lost_games"], doc["losses"])
			}
			md, page := string(r.Markdown()), ""
			if b, err := r.HTML(); err == nil {
				page = string(b)
			} else {
				t.Fatal(err)
			}
			for _, l := range tc.losses {
				row := "| " + l.Worker + " | "
				if !strings.Contains(md, row) || !strings.Contains(page, "<td>"+l.Worker+"</td>") {
					t.Errorf("worker %s missing from the Markdown or HTML table", l.Worker)
				}
			}
		})
	}
}

// TestNothingCounted: a batch whose every game was lost, or that played
// none, still gets a report, inconclusive, saying why; every format
// renders it.
func TestNothingCounted(t *testing.T) {
	ladder := stats.Ladder{Rungs: []string{"random", "ab:d1"}}
	for _, tc := range []struct {
		name       string
		errs       int
		lost       []LostGame
		wantReason string
	}{
		{"every game dead-lettered", 0, deadLetters("", 40, "no worker finished the game"), stats.FlagLostGames},
		{"every game ended in error", 3, nil, stats.FlagLostGames},
		{"no game at all", 0, nil, FlagNoGames},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := stats.Unmeasured(ladder, stats.StartInfo{}, tc.errs, stats.DefaultThresholds())
			r, err := New(Input{Name: "nothing", File: "nothing.json", Wall: time.Second, Analysis: a, Lost: tc.lost})
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != stats.Inconclusive || r.Games != 0 || len(r.Reasons) == 0 || r.Reasons[0].Flag != tc.wantReason {
				t.Fatalf("verdict %s, %d games, reasons %+v; want inconclusive for %s", r.Verdict, r.Games, r.Reasons, tc.wantReason)
			}
			if tc.wantReason == stats.FlagLostGames && !strings.Contains(r.Reasons[0].Text, "100%") {
				t.Errorf("the reason does not say all of the batch was lost: %s", r.Reasons[0].Text)
			}
			js, err := r.JSON()
			if err != nil {
				t.Fatal(err)
			}
			var doc map[string]any
			if err := json.Unmarshal(js, &doc); err != nil || doc["verdict"] != stats.Inconclusive || doc["games"] != 0.0 {
				t.Errorf("JSON verdict %v, games %v (%v)", doc["verdict"], doc["games"], err)
			}
			md := string(r.Markdown())
			if !strings.Contains(md, r.Reasons[0].Text) {
				t.Errorf("the Markdown does not give the reason %q", r.Reasons[0].Text)
			}
			page, err := r.HTML()
			if err != nil {
				t.Fatal(err)
			}
			d := xml.NewDecoder(bytes.NewReader(page))
			d.Strict = true
			for {
				if _, err := d.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("the page is not well-formed: %v", err)
				}
			}
			if !bytes.Contains(page, []byte(html.EscapeString(r.Reasons[0].Text))) {
				t.Errorf("the page does not give the reason %q", r.Reasons[0].Text)
			}
		})
	}
}
