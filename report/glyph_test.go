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
