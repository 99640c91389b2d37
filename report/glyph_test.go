package report

import (
	"strings"
	"testing"
)

// A piece gets a chess symbol only when its id and name are chess's: the
// canaries' "runner" (id R) is drawn with its letter, not as a rook.
func TestGlyphOnlyForChessPieces(t *testing.T) {
	for _, tc := range []struct {
		name  string
		board *Board
		id    string
		glyph string // "" for the lettered disc
	}{
		{"a rook named rook", &Board{Names: map[string]string{"R": "rook"}}, "R", "♜"},
		{"a knight named Knight", &Board{Names: map[string]string{"N": "Knight"}}, "N", "♞"},
		{"a runner with id R", &Board{Names: map[string]string{"R": "runner"}}, "R", ""},
		{"a boat with id R", &Board{Names: map[string]string{"R": "boat"}}, "R", ""},
		{"a piece the board does not name", &Board{Names: map[string]string{"K": "king"}}, "R", ""},
		{"an older report's board, without names", &Board{}, "Q", "♛"},
		{"no chess letter", &Board{Names: map[string]string{"W": "wizard"}}, "W", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svg := pieceSymbols(tc.board, []string{"0" + tc.id})
			hasGlyph := strings.ContainsAny(svg, "♚♛♜♝♞♟")
			if tc.glyph != "" && !strings.Contains(svg, tc.glyph) {
				t.Errorf("no %s in %s", tc.glyph, svg)
			}
			if tc.glyph == "" && (hasGlyph || !strings.Contains(svg, ">"+tc.id+"</text>")) {
				t.Errorf("want the letter %s on a disc, got %s", tc.id, svg)
			}
		})
	}
}

// The score matrix's numbers are white on the dark ends of its scale and
// black on the light middle.
func TestMatrixTextContrasts(t *testing.T) {
	pal := newBlueWhiteRed(64)
	for _, tc := range []struct {
		score float64
		white bool
	}{{0, true}, {0.05, true}, {0.5, false}, {0.4, false}, {0.95, true}, {1, true}} {
		got := textOn(pal.at(tc.score, 0, 1))
		r, g, b, _ := got.RGBA()
		if white := r == 0xffff && g == 0xffff && b == 0xffff; white != tc.white {
			t.Errorf("score %.2f: text %v, want white %v", tc.score, got, tc.white)
		}
	}
}

// A larger piece's body squares are drawn as a shaded square of its
// owner's colour, with no letter of their own.
func TestBodySquaresHaveNoLetter(t *testing.T) {
	board := &Board{Names: map[string]string{"P": "pawn", "Z": "body (of a larger piece)"}, Body: "Z"}
	svg := pieceSymbols(board, []string{"0Z", "1Z", "0P"})
	if strings.Contains(svg, ">Z</text>") || strings.Count(svg, "<rect ") != 2 {
		t.Errorf("body squares drawn as %s", svg)
	}
	if !strings.Contains(svg, "♟") {
		t.Errorf("the pawn lost its glyph: %s", svg)
	}
}
