package main

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// boardState is what the page shows of a game between the test's clicks:
// whether it is over, and a move of the person to move (the first, or the
// k-th after k refusals in a game that hides information) with the number
// of moves from its square.
type boardState struct {
	Over       bool   `json:"over"`
	From       string `json:"from"`
	To         string `json:"to"`
	Notation   string `json:"notation"`
	FromCount  int    `json:"fromCount"`
	SharedWith int    `json:"sharedWith"`
	Plies      int    `json:"plies"`
}

const boardStateJS = `((k) => {
  const v = game.view, m = v.moves[k %% Math.max(v.moves.length, 1)] || {};
  return { over: $("play-status").dataset.over === "1", from: m.from || "", to: m.to || "", notation: m.notation || "",
    fromCount: new Set(v.moves.filter((x) => m.from && x.from === m.from).map((x) => x.to)).size,
    sharedWith: v.moves.filter((x) => m.from && x.from === m.from && x.to === m.to).length,
    plies: document.querySelectorAll("#play-history li").length };
})(%d)`

// TestBrowserPlay plays whole games of small variants on the serve
// page's board through clicks: a piece, then one of its highlighted
// targets (or the button of a move with no square to start from, a drop),
// against the engine's replies, to the result.
func TestBrowserPlay(t *testing.T) {
	chromium := findChromium(t)
	rulesets, err := filepath.Abs("../../rulesets")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	base, _, serveErr, _ := startServe(t, "-rulesets", rulesets)
	ctx := browserContext(t, chromium)
	for _, tc := range []struct {
		name, ruleset, opponent, side string
		upload                        bool
	}{
		{"five-by-five", "five-by-five.json", "ab:n3000", "0", false},
		{"dobutsu, second", "dobutsu.json", "random", "1", false}, // drops; the engine moves first
		{"dobutsu uploaded", "dobutsu.json", "ab:n500", "0", true},
		{"veiled king, hidden", "veiled-king.json", "ab:n500", "0", false}, // the person's side's view; moves may be refused
		{"chaturaji, the third seat", "chaturaji.json", "random", "2", false},
		{"skirmish in rounds, second", "simultaneous-skirmish.json", "ab:n500", "1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			steps := []chromedp.Action[chromedp.Void]{
				chromedp.Navigate(base + "/"),
				chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`#play-ruleset option[value=%q]`, tc.ruleset))),
				chromedp.SetValue(chromedp.ID("play-ruleset"), tc.ruleset),
				chromedp.SetValue(chromedp.ID("play-opponent"), tc.opponent),
				chromedp.SetValue(chromedp.ID("play-side"), tc.side),
			}
			if tc.upload {
				// The ruleset list still says the first file: the upload wins.
				steps = append(steps, chromedp.SetValue(chromedp.ID("play-ruleset"), "3check.json"),
					chromedp.SetUploadFiles(chromedp.ID("play-file"), []string{filepath.Join(rulesets, tc.ruleset)}))
			}
			if file := playThroughPage(t, ctx, serveErr.String, steps); file != tc.ruleset {
				t.Errorf("the page played %q, not %s", file, tc.ruleset)
			}
		})
	}
}

// playThroughPage opens the page, starts a game and plays it by clicks;
// it returns the rule file's name as the game names it.
func playThroughPage(t *testing.T, ctx context.Context, serveLog func() string, setUp []chromedp.Action[chromedp.Void]) string {
	err := chromedp.Do(ctx, append(setUp, chromedp.Click(chromedp.ID("play-start")))...)
	if err == nil {
		step, cancel := context.WithTimeout(ctx, 20*time.Second)
		err = chromedp.Do(step, chromedp.WaitVisible(chromedp.CSS(`#play-board [data-square]`)))
		cancel()
	}
	if err != nil {
		shown, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`$("play-error").textContent + " | " + $("play-status").textContent`))
		t.Fatalf("starting a game on the page: %v\nthe page: %s\nserve's log:\n%s", err, shown, serveLog())
	}
	idle := chromedp.WaitReady(chromedp.CSS(`#play-board:not([aria-busy])`))
	refused := 0 // moves refused in a row (a game that hides information)
	for clicks := 0; ; clicks++ {
		if clicks > 300 {
			t.Fatal("the game did not end in 300 moves")
		}
		if err := chromedp.Do(ctx, idle); err != nil {
			t.Fatal(err)
		}
		if errText, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("play-error"))); strings.Contains(errText, "refused") {
			refused++
		} else {
			refused = 0
		}
		st, err := chromedp.Run(ctx, chromedp.Evaluate[boardState](fmt.Sprintf(boardStateJS, refused)))
		if err != nil {
			t.Fatalf("reading the board: %v", err)
		}
		if st.Over {
			break
		}
		if st.Notation == "" {
			t.Fatalf("no legal move shown in a game going on (after %d plies)", st.Plies)
		}
		if st.From == "" {
			err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#play-others button[data-move=%q]`, st.Notation))))
		} else {
			err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#play-board [data-square=%q]`, st.From))))
			if err == nil {
				var shown int
				shown, err = chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#play-board .sq.target").length`))
				if err == nil && shown != st.FromCount {
					t.Errorf("%s: %d targets highlighted, %d legal", st.From, shown, st.FromCount)
				}
			}
			if err == nil {
				err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#play-board [data-square=%q]`, st.To))))
			}
			if err == nil && st.SharedWith > 1 {
				err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#play-promos button[data-move=%q]`, st.Notation))))
			}
		}
		if err != nil {
			t.Fatalf("playing %s by clicks: %v\nserve's log:\n%s", st.Notation, err, serveLog())
		}
	}
	result, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("play-result")))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("result %s", result)
	if !regexp.MustCompile(`^(1-0|0-1|1/2-1/2|(\w+ [\d.]+, )+\w+ [\d.]+) \(\w+`).MatchString(result) {
		t.Errorf("result %q", result)
	}
	history, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("play-history")))
	if err != nil || len(strings.Fields(history)) < 2 {
		t.Errorf("the history shows %q (%v)", history, err)
	}
	if errText, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("play-error"))); errText != "" {
		t.Errorf("the page shows an error: %s", errText)
	}
	file, err := chromedp.Run(ctx, chromedp.Evaluate[string](`game.file`))
	if err != nil {
		t.Fatal(err)
	}
	return file
}
