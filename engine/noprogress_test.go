package engine

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// fideChess is rulesets/chess.json, whose no-progress count restarts on
// pawn moves (rules.no_progress_resets, schema 43); oldChess is the same
// file with that key taken out, the language's count before schema 43.
func fideChess(t testing.TB) *Game { return loadFile(t, "rulesets/chess.json") }

func oldChess(t testing.TB) *Game {
	return loadEdited(t, repoRoot(t)+"/rulesets/chess.json", `{"no_progress_resets": null}`)
}

// fenClock is a FEN's halfmove field.
func fenClock(t testing.TB, fen string) int {
	t.Helper()
	f := strings.Fields(fen)
	n, err := strconv.Atoi(f[4])
	if err != nil {
		t.Fatalf("FEN %q: halfmove field: %v", fen, err)
	}
	return n
}

// TestNoProgressResets: the clock after one move, worked out by hand from
// a position whose clock stands at 7, under FIDE's count and under the
// language's; Unmake gives back the clock, the FEN and the hash.
func TestNoProgressResets(t *testing.T) {
	fide, old := fideChess(t), oldChess(t)
	const (
		pawns   = "4k3/8/8/3pP3/8/8/P7/R3K2R w KQ d6 7 20"
		capture = "4k3/8/8/8/8/8/3n4/R3K3 w Q - 7 20"
		promote = "r1r1k3/1P6/8/8/8/8/8/4K3 w - - 7 20"
		black   = "4k3/p7/8/8/8/8/8/4K3 b - - 7 20"
	)
	cases := []struct {
		name, fen, move string
		fideAfter       int // FIDE: captures and pawn moves restart it
		oldAfter        int // the language's: captures and promotions
	}{
		{"pawn step", pawns, "a2a3", 0, 8},
		{"pawn double step", pawns, "a2a4", 0, 8},
		{"en passant", pawns, "e5d6", 0, 0},
		{"rook move", pawns, "a1b1", 8, 8},
		{"king move", pawns, "e1f1", 8, 8},
		{"castling", pawns, "e1g1", 8, 8},
		{"king takes a knight", capture, "e1d2", 0, 0},
		{"rook move beside a knight", capture, "a1a8", 8, 8},
		{"promotion", promote, "b7b8=Q", 0, 0},
		{"promotion taking", promote, "b7a8=N", 0, 0},
		{"promotion taking a rook", promote, "b7c8=R", 0, 0},
		{"black pawn step", black, "a7a6", 0, 8},
		{"black king move", black, "e8d8", 8, 8},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, v := range []struct {
				rule string
				g    *Game
				want int
			}{{"fide", fide, tc.fideAfter}, {"old", old, tc.oldAfter}} {
				p := mustFEN(t, v.g, tc.fen)
				fen, hash := p.FEN(), p.Hash()
				m, err := p.ParseMove(tc.move)
				if err != nil {
					t.Fatalf("%s: %s: %v", v.rule, tc.move, err)
				}
				p.Make(m)
				if got := p.NoProgress(); got != v.want {
					t.Errorf("%s: clock after %s = %d, want %d", v.rule, tc.move, got, v.want)
				}
				if got := fenClock(t, p.FEN()); got != v.want {
					t.Errorf("%s: FEN halfmove after %s = %d, want %d", v.rule, tc.move, got, v.want)
				}
				if again := mustFEN(t, v.g, p.FEN()); again.Hash() != p.Hash() {
					t.Errorf("%s: after %s the hash differs from the FEN's position's", v.rule, tc.move)
				}
				p.Unmake()
				if p.FEN() != fen || p.Hash() != hash || p.NoProgress() != 7 {
					t.Errorf("%s: Unmake of %s gave %q (clock %d), want %q", v.rule, tc.move, p.FEN(), p.NoProgress(), fen)
				}
			}
		})
	}
}

// TestNoProgressResetsLeavesHashAlone: two positions differing only in
// the clock repeat one another, with or without the key.
func TestNoProgressResetsLeavesHashAlone(t *testing.T) {
	g := fideChess(t)
	a := mustFEN(t, g, "4k3/8/8/8/8/8/P7/4K3 w - - 0 30")
	b := mustFEN(t, g, "4k3/8/8/8/8/8/P7/4K3 w - - 55 30")
	if a.Hash() != b.Hash() {
		t.Error("the clock changed the hash")
	}
}

// fenSquares reads a FEN's placement of an eight by eight board into
// square names ("e4") and piece letters.
func fenSquares(fen string) map[string]byte {
	board := map[string]byte{}
	rows := strings.Split(strings.Fields(fen)[0], "/")
	for i, row := range rows {
		file := 0
		for _, c := range []byte(row) {
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			board[string(rune('a'+file))+strconv.Itoa(8-i)] = c
			file++
		}
	}
	return board
}

// TestChessFiftyMoveDrawsAreFIDEs plays random games of chess.json and
// keeps FIDE's count beside the engine, worked out from the FEN alone: a
// pawn move or a move onto an occupied square restarts it, any other move
// adds one. The engine's clock and FEN field follow that count, no game
// goes on once it reaches 100 plies, and every no_progress ending comes
// exactly when it does.
func TestChessFiftyMoveDrawsAreFIDEs(t *testing.T) {
	g := fideChess(t)
	games := 120
	if testing.Short() {
		games = 30
	}
	rng := rand.New(rand.NewPCG(36, 50))
	draws := 0
	var buf []Move
	for n := range games {
		p := g.NewPosition()
		fide := 0
		for ply := 0; ; ply++ {
			oc := p.Outcome()
			if oc.Over {
				if oc.Rule == EndNoProgress {
					draws++
					if fide != 100 {
						t.Fatalf("game %d: no_progress draw at ply %d with FIDE's count at %d", n, ply, fide)
					}
				}
				break
			}
			if fide >= 100 {
				t.Fatalf("game %d: FIDE's count is %d at ply %d and the game goes on (%s)", n, fide, ply, p.FEN())
			}
			buf = p.LegalMoves(buf[:0])
			m := buf[rng.IntN(len(buf))]
			board, s := fenSquares(p.FEN()), p.MoveString(m)
			from, to := s[0:2], s[2:4]
			if c := board[from]; c == 'P' || c == 'p' || board[to] != 0 {
				fide = 0
			} else {
				fide++
			}
			p.Make(m)
			if got := fenClock(t, p.FEN()); got != fide || p.NoProgress() != fide {
				t.Fatalf("game %d ply %d, %s: engine's clock %d (FEN %d), FIDE's %d", n, ply, s, p.NoProgress(), got, fide)
			}
		}
	}
	if draws == 0 {
		t.Fatalf("none of %d games reached a fifty-move draw: the test shows nothing", games)
	}
	t.Logf("%d of %d random games drawn by the fifty-move rule", draws, games)
}
