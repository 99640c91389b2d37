package records

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Games of orthodox chess and of the variants lichess plays, as this
// package writes them, replayed by chessops (lichess's rules library,
// from npm), an independent reader that knows the variants, where
// pgn-extract knows chess only: the Variant tag names chessops's rules,
// every SAN move reads as one legal move, the final position is the
// engine's, and the engine's checkmates, stalemates and variant ends end
// the game there too (testdata/chessops-replay.mjs). It runs where
// CHESSOPS names a folder holding node_modules/chessops and node is on
// the PATH; with CI=true it fails without them, elsewhere it skips.
// Racing kings and giveaway are left out: their files differ from
// lichess's games on purpose (PGN.md), racing kings at its last move only.
func TestPGNReadByChessops(t *testing.T) {
	dir := os.Getenv("CHESSOPS")
	node, err := exec.LookPath("node")
	if dir == "" || err != nil {
		why := "needs node and CHESSOPS=DIR with node_modules/chessops (npm install chessops@0.15.1; .ci/run does)"
		if os.Getenv("CI") == "true" {
			t.Fatal(why)
		}
		t.Skip(why)
	}
	script, err := filepath.Abs("testdata/chessops-replay.mjs")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file    string
		variant string // the Variant tag, "" for none
	}{
		{"rulesets/chess.json", ""},
		{"rulesets/crazyhouse.json", "Crazyhouse"},
		{"rulesets/atomic.json", "Atomic"},
		{"rulesets/kingofthehill.json", "King of the Hill"},
		{"rulesets/3check.json", "Three-check"},
		{"rulesets/horde.json", "Horde"},
	} {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			g := compileFile(t, c.file)
			games := Build(ReplayAll(g, playGames(t, g, [][2]string{{"ab:n300", "random"}, {"random", "ab:n300"}, {"random", "random"}}, 3)))
			meta := MetaFor(g, g.Name(), time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC))
			if meta.Variant != c.variant {
				t.Fatalf("Variant %q, want %q", meta.Variant, c.variant)
			}
			var pgn, jsonl bytes.Buffer
			if err := WritePGN(&pgn, meta, games); err != nil {
				t.Fatal(err)
			}
			if err := WriteJSONL(&jsonl, games); err != nil {
				t.Fatal(err)
			}
			base := filepath.Join(t.TempDir(), "games")
			if err := os.WriteFile(base+".pgn", pgn.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(base+".games.jsonl", jsonl.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(node, script, base+".pgn", base+".games.jsonl")
			cmd.Env = append(os.Environ(), "CHESSOPS="+dir)
			out, err := cmd.CombinedOutput()
			want := fmt.Sprintf("%d of %d games replayed by chessops", len(games), len(games))
			if err != nil || !strings.Contains(string(out), want) {
				t.Fatalf("%v\n%s", err, out)
			}
			t.Logf("%s", bytes.TrimSpace(out))
		})
	}
}
