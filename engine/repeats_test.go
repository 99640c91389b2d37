package engine

import (
	"slices"
	"testing"
)

// withExtraMove is a rule file's JSON with one more move for piece id.
func withExtraMove(t *testing.T, rel, id string, move map[string]any) []byte {
	t.Helper()
	return editRuleFile(t, rel, func(f map[string]any) {
		for _, pc := range f["pieces"].([]any) {
			if pc := pc.(map[string]any); pc["id"] == id {
				pc["moves"] = append(pc["moves"].([]any), move)
				return
			}
		}
		t.Fatalf("%s has no piece %s", rel, id)
	})
}

// TestRepeatedLandings checks which pieces' entries are walked one by one
// (Game.dup) and which of them drop repeated moves (Game.twice), and that
// no position of random games lists a move twice. Xiangqi's cannon slides
// quietly and hops to capture along the same lines: its entries share
// landings, but a quiet move and a capture never land on one square in
// one position, so there is nothing to drop. A rook that also leaps two
// squares straight reaches some squares both ways, quietly or capturing:
// those repeats must go.
func TestRepeatedLandings(t *testing.T) {
	tests := []struct {
		name       string
		game       func(t *testing.T) *Game
		kind       string
		square     int
		dup, twice bool
	}{
		{"xiangqi cannon", func(t *testing.T) *Game { return loadFile(t, "rulesets/xiangqi.json") }, "C", 4*9 + 4, true, false},
		{"xiangqi rook", func(t *testing.T) *Game { return loadFile(t, "rulesets/xiangqi.json") }, "R", 4*9 + 4, false, false},
		{"rook that leaps two", func(t *testing.T) *Game {
			return loadBytes(t, withExtraMove(t, "rulesets/chess.json", "R",
				map[string]any{"kind": "leap", "vectors": [][]int{{2, 0}}, "symmetry": "rotate4"}))
		}, "R", 3*8 + 3, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.game(t)
			k := slices.IndexFunc(g.kinds[:g.nk], func(ki kindInfo) bool { return ki.id == tt.kind })
			if k < 0 {
				t.Fatalf("no kind %s", tt.kind)
			}
			for player := 0; player < 2; player++ {
				idx := (player*g.nk+k)*g.n + tt.square
				if g.dup[idx] != tt.dup || g.twice[idx] != tt.twice {
					t.Errorf("player %d: dup %v twice %v, want %v %v", player, g.dup[idx], g.twice[idx], tt.dup, tt.twice)
				}
			}
			var buf []Move
			for seed := uint64(1); seed <= 20; seed++ {
				p := g.NewPosition()
				for ply := 0; ply < 300 && !p.Outcome().Over; ply++ {
					buf = p.LegalMoves(buf[:0])
					sorted := slices.Sorted(slices.Values(buf))
					for i := 1; i < len(sorted); i++ {
						if sorted[i] == sorted[i-1] {
							t.Fatalf("seed %d ply %d: %s listed twice at %s", seed, ply, p.MoveString(sorted[i]), p.FEN())
						}
					}
					p.Make(buf[int(seed*7919+uint64(ply)*104729)%len(buf)])
				}
			}
		})
	}
}
