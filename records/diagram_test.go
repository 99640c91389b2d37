package records_test

import (
	"testing"
	"time"

	"balancefarm/records"
	"balancefarm/report"
	"balancefarm/selfplay"
	"balancefarm/stats"
)

// On the first-mover race every flag that is raised links games that
// show it, each with a frame per position of its replay.
func TestExamples(t *testing.T) {
	g := records.CompileFile(t, "rulesets/canaries/first-mover-race.json")
	results := records.PlayGames(t, g, [][2]string{{"random", "random"}, {"ab:d2", "random"}, {"random", "ab:d2"}, {"ab:d2", "ab:d2"}}, 6)
	a, err := selfplay.Assess("first-mover-race.json", g, []string{"random", "ab:d2"}, results, time.Second, stats.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	games := records.Build(records.ReplayAll(g, results))
	exs := records.Examples(g, games, a.Report)
	board := records.Board(g)
	got := map[string]bool{}
	for _, ex := range exs {
		got[ex.Flag] = true
		if len(ex.Games) == 0 || len(ex.Games) > records.PerFlag {
			t.Errorf("%s: %d games", ex.Flag, len(ex.Games))
		}
		for _, eg := range ex.Games {
			rec := games[eg.Round-1]
			if rec.Round != eg.Round || len(eg.Frames) != rec.Plies+1 || len(eg.Moves) != rec.Plies {
				t.Errorf("%s: game %d has %d frames and %d moves for %d plies", ex.Flag, eg.Round, len(eg.Frames), len(eg.Moves), rec.Plies)
			}
			if ex.Flag != stats.FlagDepthInsensitive && (eg.White != "ab:d2" || eg.Black != "ab:d2") {
				t.Errorf("%s: game %d is %s vs %s, not an equal-strength game", ex.Flag, eg.Round, eg.White, eg.Black)
			}
			if ex.Flag == stats.FlagDepthInsensitive && (eg.White == eg.Black || eg.Ending == "") {
				t.Errorf("depth_insensitive links game %d, %s vs %s", eg.Round, eg.White, eg.Black)
			}
			if ex.Flag == stats.FlagOneSided && eg.Result != "1-0" {
				t.Errorf("one_sided links game %d, a %s", eg.Round, eg.Result)
			}
			for _, f := range eg.Frames {
				if len(f) != len(board.Cells) {
					t.Fatalf("a frame of %d cells on a board of %d", len(f), len(board.Cells))
				}
			}
		}
	}
	for _, r := range a.Report.Reasons {
		if r.State == stats.StateRaised && !got[r.Flag] {
			t.Errorf("raised flag %s links no game", r.Flag)
		}
	}
	if !got[stats.FlagOneSided] {
		t.Errorf("one_sided not among the examples: %v (reasons %+v)", got, a.Report.Reasons)
	}
}

// Alice chess's two boards stand side by side in a diagram, a file apart:
// B's e4 is the fourteenth file, and the start shows the armies on A only.
func TestBoardsSideBySide(t *testing.T) {
	g := records.CompileFile(t, "rulesets/alice.json")
	board := records.Board(g)
	if board.Width != 17 || board.Height != 8 || len(board.Cells) != 128 {
		t.Fatalf("board %d×%d with %d cells, want 17×8 with 128", board.Width, board.Height, len(board.Cells))
	}
	frame := records.StartFrame(g, board)
	for i, c := range board.Cells {
		switch {
		case c.Name == "B:e4" && (c.File != 13 || c.Rank != 3):
			t.Errorf("B:e4 drawn at file %d rank %d, want 13 and 3", c.File, c.Rank)
		case c.Name == "A:e1" && frame[i] != "0K":
			t.Errorf("A:e1 holds %q, want the first player's king", frame[i])
		case c.Name[0] == 'B' && frame[i] != "":
			t.Errorf("%s holds %q at the start, want nothing", c.Name, frame[i])
		}
	}
}

// A report that raises no flag still links games: one of each result
// among the games its rates are read from, each the middle one by length.
func TestTypicalExamples(t *testing.T) {
	g := records.CompileFile(t, "rulesets/five-by-five.json")
	results := records.PlayGames(t, g, [][2]string{{"random", "random"}}, 16)
	a, err := selfplay.Assess("five-by-five.json", g, []string{"random"}, results, time.Second, stats.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	r := a.Report
	r.Flags, r.Reasons = nil, nil // as a viable report has none
	games := records.Build(records.ReplayAll(g, results))
	var typical *report.Examples
	for _, ex := range records.Examples(g, games, r) {
		if ex.Flag == report.ExamplesTypical {
			typical = &ex
		}
	}
	if typical == nil {
		t.Fatal("no typical games for a report without flags")
	}
	results3 := map[string]bool{}
	for _, eg := range typical.Games {
		if results3[eg.Result] {
			t.Errorf("two typical games with result %s", eg.Result)
		}
		results3[eg.Result] = true
	}
	if len(typical.Games) < 2 || len(typical.Games) > 3 {
		t.Errorf("%d typical games (results %v); want one per result seen, at least two here", len(typical.Games), results3)
	}
}
