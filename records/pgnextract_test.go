package records

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// pgnExtract finds pgn-extract: on the PATH, or where Debian's package
// puts it (/usr/games, not on every PATH). With CI=true a missing one
// fails the test (.ci/run installs it); elsewhere it skips.
func pgnExtract(t *testing.T) string {
	t.Helper()
	if path, err := exec.LookPath("pgn-extract"); err == nil {
		return path
	}
	if _, err := os.Stat("/usr/games/pgn-extract"); err == nil {
		return "/usr/games/pgn-extract"
	}
	const why = "pgn-extract is not installed (Debian: apt-get install pgn-extract)"
	if os.Getenv("CI") == "true" {
		t.Fatal(why)
	}
	t.Skip(why)
	return ""
}

// The PGN the farm writes for the public classics is read by
// pgn-extract, an independent reader, wherever pgn-extract knows the game:
// no diagnostic, every game read back with every move. pgn-extract knows
// orthodox chess only (and Chess960), so it takes the games of variants
// whose every move is a chess move (King of the Hill, three-check); it
// cannot read crazyhouse's drops or replay atomic's blasts, and those
// games are replayed by this package's reader, as every game is.
func TestPGNReadByPGNExtract(t *testing.T) {
	bin := pgnExtract(t)
	for _, c := range []struct {
		file        string
		variant     string // the Variant tag, "" for none
		pgnExtracts bool   // whether pgn-extract knows the game
	}{
		{"rulesets/chess.json", "", true},
		{"rulesets/kingofthehill.json", "King of the Hill", true},
		{"rulesets/3check.json", "Three-check", true},
		{"rulesets/crazyhouse.json", "Crazyhouse", false},
		{"rulesets/atomic.json", "Atomic", false},
	} {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			g := compileFile(t, c.file)
			games := Build(ReplayAll(g, playGames(t, g, [][2]string{{"ab:n300", "random"}, {"random", "random"}}, 2)))
			meta := MetaFor(g, g.Name(), time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC))
			if meta.Variant != c.variant {
				t.Fatalf("Variant %q, want %q", meta.Variant, c.variant)
			}
			var buf bytes.Buffer
			if err := WritePGN(&buf, meta, games); err != nil {
				t.Fatal(err)
			}
			written, err := ReadPGN(bytes.NewReader(buf.Bytes()))
			if err != nil || len(written) != len(games) {
				t.Fatalf("read back %d games of %d: %v", len(written), len(games), err)
			}
			for i := range written {
				if written[i].Tag("Notation") != "" {
					t.Errorf("game %d is not in SAN", i+1)
				}
				p, err := PlayPGN(g, &written[i])
				if err != nil {
					t.Fatalf("game %d: %v", i+1, err)
				}
				if p.FEN() != games[i].FinalFEN {
					t.Errorf("game %d: replayed to %s, the game ended on %s", i+1, p.FEN(), games[i].FinalFEN)
				}
			}

			dir := t.TempDir()
			in, out, log := filepath.Join(dir, "in.pgn"), filepath.Join(dir, "out.pgn"), filepath.Join(dir, "log.txt")
			if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, "-s", "-o"+out, "-l"+log, in)
			said, runErr := cmd.CombinedOutput()
			diagnostics, _ := os.ReadFile(log)
			extracted, _ := os.ReadFile(out)
			read, _ := ReadPGN(bytes.NewReader(extracted))
			if !c.pgnExtracts {
				first, _, _ := strings.Cut(string(diagnostics), "\n")
				t.Logf("pgn-extract, which knows chess only: %d diagnostic lines (first: %q); this package's reader replayed all %d games",
					strings.Count(string(diagnostics), "\n"), first, len(games))
				return
			}
			if runErr != nil || len(bytes.TrimSpace(diagnostics)) > 0 {
				t.Fatalf("pgn-extract: %v\n%s%s", runErr, said, diagnostics)
			}
			if len(read) != len(games) {
				t.Fatalf("pgn-extract wrote %d games of %d", len(read), len(games))
			}
			for i := range read {
				plies, _ := strconv.Atoi(read[i].Tag("PlyCount"))
				if plies != games[i].Plies || len(read[i].Moves) != plies || read[i].Tag("Round") != strconv.Itoa(games[i].Round) {
					t.Errorf("game %d: pgn-extract read round %s, %d moves, PlyCount %d; want round %d, %d plies",
						i+1, read[i].Tag("Round"), len(read[i].Moves), plies, games[i].Round, games[i].Plies)
				}
			}
		})
	}
}
