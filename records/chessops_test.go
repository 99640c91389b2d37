package records

import (
	"path/filepath"
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
	reader := newNodeReader(t, "CHESSOPS", "chessops-replay.mjs", "chessops@0.15.1")
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
			out, err := reader.replay(t, meta, games, "chessops")
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			t.Logf("%s", out)
		})
	}
}
