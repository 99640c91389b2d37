package search

import (
	"strings"
	"testing"

	"balancefarm/protocol"
)

// The rule features a game counts as it is played: en passant when it was
// offered (legal after a double step) as well as when it was taken; the
// ply a wild piece was first taken and the plies after which one ate a
// piece.
func TestRuleFeatures(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		moves string
		want  map[string]int // these counts; a name absent from the game's is 0
	}{
		{"en passant offered and declined", "chess.json", "e2e4 a7a6 e4e5 d7d5 a2a3",
			map[string]int{protocol.FeatureEnPassant: 0, protocol.FeatureEnPassantChances: 1, protocol.FeatureDoubleStep: 2}},
		{"en passant offered and taken", "chess.json", "e2e4 a7a6 e4e5 d7d5 e5d6",
			map[string]int{protocol.FeatureEnPassant: 1, protocol.FeatureEnPassantChances: 1, protocol.FeatureDoubleStep: 2}},
		{"double steps far apart", "chess.json", "e2e4 a7a5 d2d4 h7h5",
			map[string]int{protocol.FeatureEnPassant: 0, protocol.FeatureEnPassantChances: 0, protocol.FeatureDoubleStep: 4}},
		{"a wild knight taken on ply 1", "wild-knights.json", "b2a3 e7e6",
			map[string]int{protocol.FeatureNPCTakenPly: 1, protocol.FeatureHazardMet: 0}},
		{"a wild knight eats a pawn", "wild-knights.json", "g2g4",
			map[string]int{protocol.FeatureNPCTakenPly: 0, protocol.FeatureHazardMet: 1}},
		{"no wild piece met", "wild-knights.json", "e2e4 e7e6",
			map[string]int{protocol.FeatureNPCTakenPly: 0, protocol.FeatureHazardMet: 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := loadGame(t, tc.file)
			p := g.NewPosition()
			c := NewFeatureCounter(g)
			for _, text := range strings.Fields(tc.moves) {
				m, err := p.ParseMove(text)
				if err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				c.Make(p, m, false)
			}
			got := c.Finish("")
			for name, want := range tc.want {
				if got[name] != want {
					t.Errorf("%s %d, want %d (all: %v)", name, got[name], want, got)
				}
			}
		})
	}
}
