package search

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// row64 is a chess row: every square zero but sq, which holds cents.
func row64(sq, cents int) []int {
	r := make([]int, 64)
	r[sq] = cents
	return r
}

func TestTableRowsInSpecs(t *testing.T) {
	zero := strings.Repeat("g", 64) // step 0
	tests := []struct{ in, canon string }{
		{"ab:n3000:N@" + zero, "ab:n3000:N@" + zero},
		{"ab:n3000:N@" + zero + "/P=1/B@" + zero, "ab:n3000:P=1/B@" + zero + "/N@" + zero},
		{"mcts:i50:K@A_", "mcts:i50:K@A_"},
	}
	for _, tc := range tests {
		ps, err := ParseSpec(tc.in)
		if err != nil {
			t.Errorf("ParseSpec(%q): %v", tc.in, err)
			continue
		}
		if ps.String() != tc.canon {
			t.Errorf("ParseSpec(%q) = %s, want %s", tc.in, ps, tc.canon)
		}
		if again, err := ParseSpec(ps.String()); err != nil || again != ps {
			t.Errorf("%s does not round-trip: %+v, %v", ps, again, err)
		}
		if bare := WithoutValues(tc.in); strings.Contains(bare, rowMark) {
			t.Errorf("WithoutValues(%q) = %q keeps the table", tc.in, bare)
		}
	}
	ps, _ := ParseSpec("mcts:i50:K@A_")
	if got := ps.TableRows(); len(got) != 1 || !slices.Equal(got[0].Cents, []int{rowMin * rowStep, rowMax * rowStep}) {
		t.Errorf("K@A_ reads as %+v, want the rows' least and most", got)
	}
	// Values and rows replace each other's kind only.
	withRows, err := WithTable("ab:n3000:P=1.5", []TableRow{{"N", row64(18, 10)}, {"B", row64(0, -400)}})
	if err != nil {
		t.Fatal(err)
	}
	ps, _ = ParseSpec(withRows)
	rows := ps.TableRows()
	if len(rows) != 2 || rows[0].ID != "B" || rows[0].Cents[0] != rowMin*rowStep || rows[1].Cents[18] != 10 {
		t.Errorf("WithTable gave %s: rows %+v, want B's held at the least step and N's 10 on square 18", withRows, rows)
	}
	again, err := WithValues(withRows, []PieceValue{{"Q", 800}})
	if err != nil {
		t.Fatal(err)
	}
	if ps, _ := ParseSpec(again); len(ps.TableRows()) != 2 || !strings.Contains(again, "Q=8") || strings.Contains(again, "P=1.5") {
		t.Errorf("WithValues(%s) = %s: want the new values and the same rows", withRows, again)
	}
	if _, err := WithTable("random", rows); err == nil {
		t.Error("WithTable gave a table to a random player")
	}
}

func TestTableRowErrors(t *testing.T) {
	tests := []struct{ in, wantErr string }{
		{"ab:n3000:N@", "1 to 256 squares"},
		{"ab:n3000:N@" + strings.Repeat("g", 257), "1 to 256 squares"},
		{"ab:n3000:N@gg*g", "square 2"},
		{"ab:n3000:N@g/N@g", "given twice"},
		{"ab:n3000:KNT@g", "want ID@squares"},
		{"ab:n3000:@g", "want ID@squares"},
	}
	for _, tc := range tests {
		if _, err := ParseSpec(tc.in); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("ParseSpec(%q) error = %v, want it to mention %q", tc.in, err, tc.wantErr)
		}
	}
	g := loadGame(t, "chess.json")
	for spec, wantErr := range map[string]string{
		"ab:n300:X@" + strings.Repeat("g", 64): "does not have",
		"ab:n300:N@gggg":                       "4 squares, the board 64",
	} {
		if _, err := PlayGame(context.Background(), g, spec, "random", 1, Limits{}, nil); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("PlayGame with %s: error %v, want it to mention %q", spec, err, wantErr)
		}
	}
}

// A row moves the evaluation by its squares: player 0's piece on the
// row's square, player 1's on the opposing one, by the same amount.
func TestTableRowsReachEvaluation(t *testing.T) {
	tests := []struct {
		file, fen, id string
		sq, opposing  int
	}{
		// White's knight on g1 (6); Black's on g8 (62) reflects it.
		{"chess.json", "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "N", 6, 62},
	}
	for _, tc := range tests {
		g := loadGame(t, tc.file)
		if got := OpposingSquare(g)(tc.sq); got != tc.opposing {
			t.Fatalf("%s: square %d opposes %d, want %d", tc.file, tc.sq, got, tc.opposing)
		}
		p, err := g.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := StaticEvaluator(g, "ab:n100")
		if err != nil {
			t.Fatal(err)
		}
		spec, err := WithTable("ab:n100", []TableRow{{tc.id, row64(tc.sq, 40)}})
		if err != nil {
			t.Fatal(err)
		}
		learned, err := StaticEvaluator(g, spec)
		if err != nil {
			t.Fatal(err)
		}
		// The FEN lacks Black's g8 knight: White gains the row's 40 alone.
		if d := learned(p) - plain(p); d != 40 {
			t.Errorf("%s: the row moved the evaluation by %d, want 40", tc.file, d)
		}
		start := g.NewPosition()
		if d := learned(start) - plain(start); d != 0 {
			t.Errorf("%s: at the symmetric start the row moved the evaluation by %d, want 0", tc.file, d)
		}
	}
}

func TestOpposingSquare(t *testing.T) {
	tests := []struct {
		file         string
		sq, opposing int
	}{
		{"chess.json", 4, 60},   // e1 reflects to e8
		{"xiangqi.json", 1, 82}, // b1 to b10 on 9 files
		{"shogi.json", 1, 79},   // the half turn: 2nd file of the 1st rank to the 8th of the 9th
		{"makruk.json", 3, 60},  // d1 to e8: the setup is turned, not reflected
	}
	for _, tc := range tests {
		g := loadGame(t, tc.file)
		if got := OpposingSquare(g)(tc.sq); got != tc.opposing {
			t.Errorf("%s: square %d opposes %d, want %d", tc.file, tc.sq, got, tc.opposing)
		}
	}
}
