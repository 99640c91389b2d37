package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// forbidCheckVariant is a rule file with rules.forbid_check switched on.
func forbidCheckVariant(t *testing.T, rel string) []byte {
	t.Helper()
	return editRuleFile(t, rel, func(f map[string]any) {
		r, _ := f["rules"].(map[string]any)
		if r == nil {
			r = map[string]any{}
			f["rules"] = r
		}
		r["forbid_check"] = true
	})
}

// TestCheckSquaresMatchFullTest plays random games of forbid_check games
// twice, once reading checks from check squares and once testing every
// move on the board as before, and compares the legal moves at every ply.
// Chess and shatranj with forbid_check bring pawns, promotions, castling,
// en passant and short-range pieces; racing kings is the public one.
func TestCheckSquaresMatchFullTest(t *testing.T) {
	games := []struct {
		name string
		data []byte
		fens []string // positions set up, each checked with its own moves
	}{
		{"racingkings", nil, []string{
			"k7/8/8/8/8/8/8/R6K w - - 0 1",            // the side to move attacks the other king already
			"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", // the start
			"8/8/2k5/8/2B5/8/2R5/7K w - - 0 1",        // a bishop blocks the rook's line: discovered checks
		}},
		{"chess+forbid_check", forbidCheckVariant(t, "rulesets/chess.json"), []string{
			"4k3/3P4/8/8/8/8/8/3QK3 w - - 0 1", // promotions along the queen's line
			"3k4/8/8/3pP3/8/8/8/3RK3 w - d6 0 2",
		}},
		{"shatranj+forbid_check", forbidCheckVariant(t, "rulesets/shatranj.json"), nil},
	}
	for _, gc := range games {
		t.Run(gc.name, func(t *testing.T) {
			var fast, full *Game
			if gc.data == nil {
				fast, full = loadFile(t, "rulesets/"+gc.name+".json"), loadFile(t, "rulesets/"+gc.name+".json")
			} else {
				fast, full = loadBytes(t, gc.data), loadBytes(t, gc.data)
			}
			if fast.checkSquaresOK != [2]bool{true, true} {
				t.Fatalf("check squares not used: %v", fast.checkSquaresOK)
			}
			full.checkSquaresOK = [2]bool{}
			used, positions := 0, 0
			compare := func(pf, pr *Position, where string) []Move {
				got := slices.Clone(pf.LegalMoves(nil))
				if pf.ctx.checkFast {
					used++
				}
				want := pr.LegalMoves(nil)
				positions++
				slices.Sort(got)
				ws := slices.Sorted(slices.Values(want))
				if !slices.Equal(got, ws) {
					t.Fatalf("%s: %d legal moves read from check squares, %d tested one by one\n got %v\nwant %v",
						where, len(got), len(ws), pf.moveNames(got), pr.moveNames(ws))
				}
				return want
			}
			for _, fen := range gc.fens {
				compare(mustFEN(t, fast, fen), mustFEN(t, full, fen), fen)
			}
			games := 60
			if testing.Short() {
				games = 15
			}
			for seed := range uint64(games) {
				rng := rand.New(rand.NewPCG(seed, 0xc4ec))
				pf, pr := fast.NewPosition(), full.NewPosition()
				for ply := 0; ply < 160 && !pr.Outcome().Over; ply++ {
					moves := compare(pf, pr, pr.FEN())
					m := moves[rng.IntN(len(moves))]
					pf.Make(m)
					pr.Make(m)
				}
			}
			if used < positions/2 {
				t.Errorf("check squares read in %d of %d positions", used, positions)
			}
			t.Logf("%d positions, check squares read in %d", positions, used)
		})
	}
}
