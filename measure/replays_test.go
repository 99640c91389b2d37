package measure

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/records"
	"balancefarm/report"
)

// countReports counts the reports built through this package.
func countReports(t *testing.T) *int {
	n := new(int)
	t.Cleanup(func() { newReport = report.New })
	newReport = func(in report.Input) (*report.Report, error) {
		*n++
		return report.New(in)
	}
	return n
}

// A measurement replays each game from its text once, in a process that
// is both its workers and its coordinator: the workers count the rule
// features as they play, the coordinator's verifying replay serves the
// learned values, the assessment, the records and the examples. It builds
// one report.
func TestOneReplayPerGame(t *testing.T) {
	tests := []struct {
		name string
		file string
		s    Settings
	}{
		{"a ladder", "five-by-five.json", Settings{Players: []string{"random", "ab:d1"}, Games: 4, Seed: 7, Slots: 2}},
		{"learned values: two phases", "chess.json", Settings{Players: []string{"ab:n50", "ab:n100"}, Games: 2, Seed: 1, Slots: 2, Precision: 0.4, Learned: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			tf := startFarm(t, ctx)
			tf.m.Learned = tc.s.Learned
			builds := countReports(t)
			f, err := Read("../rulesets/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			before := records.Replays()
			out, err := tf.m.Run(ctx, f, tc.s, farm.Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := tf.m.Report(f, tc.s.Players, out.Results, out.DeadLetters, time.Second, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			replays := int(records.Replays() - before)
			// Each result the coordinator took in was verified once,
			// counted or not.
			received := len(out.Results) + len(out.Surplus) + out.Duplicates + out.Rejected
			if len(out.Results) == 0 || replays < len(out.Results) || replays > received {
				t.Errorf("%d replays for %d games (%d results received)", replays, len(out.Results), received)
			}
			if *builds != 1 {
				t.Errorf("report.New ran %d times, want once", *builds)
			}
			if rep.Games == 0 {
				t.Error("a report of no games")
			}
		})
	}
}

// Nothing on the way from a worker's game to a report parses a game's
// moves from text but records.Replay: a second parse would be a second
// replay. (A UCI player reads its engine's replies, and the referee of a
// game with hidden information a player's move named in a world it
// sampled (search/hidden.go); the commands read
// what a person types; PGN4 and PGN read back from a file (PlayPGN), or
// PGN4 written from a record, are off that way: a measurement's reports do
// not go through them.)
func TestOneReplayFunction(t *testing.T) {
	allowed := map[string]bool{"records/replay.go": true, "search/uci.go": true, "search/hidden.go": true, "records/pgn4.go": true, "records/pgn4read.go": true, "records/playpgn.go": true}
	parses := map[string]bool{"ParseMove": true, "ParseRound": true}
	fset := token.NewFileSet()
	for _, dir := range []string{"farm", "measure", "protocol", "records", "report", "search", "selfplay", "stats"} {
		files, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			rel := filepath.ToSlash(strings.TrimPrefix(path, ".."+string(filepath.Separator)))
			if strings.HasSuffix(path, "_test.go") || allowed[rel] {
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			file, err := parser.ParseFile(fset, path, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && parses[sel.Sel.Name] {
					t.Errorf("%s: %s parses a game from text; records.Replay is the one replay", fset.Position(sel.Pos()), sel.Sel.Name)
				}
				return true
			})
		}
	}
}
