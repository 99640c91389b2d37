package search

import (
	"context"
	"testing"
)

// TestSeatQuickResultAgrees replays games of the files with seats, played
// at random and by a weak searcher (whose games end by checkmate and
// capture more often than random ones), and checks that QuickResult,
// which lists no moves, tells the end of the game exactly as Result does
// at every ply: the engine's Make puts out a seat left without a move
// before its turn, so the N-seat searches, which ask QuickResult at every
// node, see every ending at the horizon too.
func TestSeatQuickResultAgrees(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for _, file := range []string{"four-player-teams.json", "four-player-ffa.json", "chaturaji.json", "three-player.json"} {
		g := loadGame(t, file)
		endings := map[string]int{}
		for _, spec := range []string{"random", "mcts:i20"} {
			specs := make([]string, g.Seats())
			for s := range specs {
				specs[s] = spec
			}
			for seed := uint64(1); seed <= uint64(games); seed++ {
				rec, err := PlaySeatGame(context.Background(), g, seatSpecs(t, specs...), seed, Limits{}, nil)
				if err != nil {
					t.Fatalf("%s, %s, seed %d: %v", file, spec, seed, err)
				}
				endings[string(rec.Ending)]++
				p := enginePos{g.NewPosition()}
				for ply := 0; ply <= rec.Plies; ply++ {
					full, quick := p.Result(), p.QuickResult()
					if full.over != quick.over || full.over != (ply == rec.Plies) {
						t.Fatalf("%s, %s, seed %d, ply %d of %d: Result over %v, QuickResult over %v (%s)",
							file, spec, seed, ply, rec.Plies, full.over, quick.over, p.FEN())
					}
					if ply < rec.Plies {
						m, err := p.ParseMove(rec.Moves[ply])
						if err != nil {
							t.Fatalf("%s, seed %d, ply %d: %v", file, seed, ply+1, err)
						}
						p.Make(m)
					}
				}
			}
		}
		t.Logf("%s: endings %v", file, endings)
	}
}
