package records

import (
	"bytes"
	"strings"
	"testing"
	"time"

	chess "github.com/corentings/chess/v2"
)

// A PGN written for rulesets/chess.json is read by a parser written to the
// standard (corentings/chess, the maintained continuation of
// notnil/chess), and every game replays there to the position the engine
// reached.
func TestChessPGNReadByStandardParser(t *testing.T) {
	g := compileFile(t, "rulesets/chess.json")
	if !Orthodox(g) {
		t.Fatal("rulesets/chess.json is not recognised as orthodox chess")
	}
	results := playGames(t, g, [][2]string{{"random", "random"}, {"ab:d1", "random"}, {"ab:d1", "ab:d1"}}, 4)
	games := Build(g, results)
	var buf bytes.Buffer
	meta := MetaFor(g, "Chess", time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	if meta.Variant != "" || meta.FEN != "" {
		t.Fatalf("orthodox chess got Variant %q, FEN %q", meta.Variant, meta.FEN)
	}
	if err := WritePGN(&buf, meta, games); err != nil {
		t.Fatal(err)
	}
	sc := chess.NewScanner(bytes.NewReader(buf.Bytes()))
	endings := map[string]bool{}
	for i := range games {
		want := &games[i]
		if want.Unreplayed != "" {
			t.Fatalf("game %d: %s", want.Round, want.Unreplayed)
		}
		if len(want.SAN) != want.Plies {
			t.Fatalf("game %d: %d SAN moves for %d plies", want.Round, len(want.SAN), want.Plies)
		}
		if !sc.HasNext() {
			t.Fatalf("the parser found %d games of %d", i, len(games))
		}
		got, err := sc.ParseNext()
		if err != nil {
			t.Fatalf("game %d: the parser refused it: %v", want.Round, err)
		}
		if n := len(got.Moves()); n != want.Plies {
			t.Errorf("game %d: the parser read %d moves, want %d", want.Round, n, want.Plies)
		}
		if got.GetTagPair("White") != want.White || got.GetTagPair("Termination") != want.Ending {
			t.Errorf("game %d: tags White %q Termination %q", want.Round, got.GetTagPair("White"), got.GetTagPair("Termination"))
		}
		if a, b := comparable(got.Position().String()), comparable(want.FinalFEN); a != b {
			t.Errorf("game %d (%s vs %s, %s): final position %q, the engine's %q", want.Round, want.White, want.Black, want.Ending, a, b)
		}
		endings[want.Ending] = true
	}
	t.Logf("%d games replayed, endings %v", len(games), endings)
}

// comparable keeps a FEN's board, side, castling and move number: the
// halfmove clocks differ by definition (the language's resets only on
// captures and promotions), and the engine writes an en passant square only
// when a capture there is possible.
func comparable(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 6 {
		return fen
	}
	return strings.Join([]string{f[0], f[1], f[2], f[5]}, " ")
}
