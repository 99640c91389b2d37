package measure

import (
	"context"
	"slices"
	"testing"

	"balancefarm/protocol"
	"balancefarm/search"
)

// TestReplay plays real games (one in rounds) and checks that Replay
// takes them as recorded and refuses them altered.
func TestReplay(t *testing.T) {
	for _, name := range []string{"five-by-five.json", "simultaneous-skirmish.json"} {
		f, err := Read("../rulesets/" + name)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := search.PlayGame(context.Background(), f.Game, "ab:d1", "random", 3, search.Limits{}, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		played := protocol.Result{Moves: rec.Moves, Plies: rec.Plies, Result: rec.Result, Winner: rec.Winner, Ending: string(rec.Rule)}
		replay := Replay(f.Game)
		tests := []struct {
			name   string
			change func(*protocol.Result)
			ok     bool
		}{
			{"as played", func(*protocol.Result) {}, true},
			{"other winner", func(r *protocol.Result) { r.Winner = 1 - max(r.Winner, 0) }, false},
			{"other ending", func(r *protocol.Result) { r.Ending = "forfeit" }, false},
			{"cut short", func(r *protocol.Result) { r.Moves = r.Moves[:len(r.Moves)-1] }, false},
			{"a move changed", func(r *protocol.Result) { r.Moves[0] = "a1a1" }, false},
		}
		for _, tt := range tests {
			r := played
			r.Moves = slices.Clone(played.Moves)
			tt.change(&r)
			if err := replay(r); (err == nil) != tt.ok {
				t.Errorf("%s, %s: Replay = %v", name, tt.name, err)
			}
		}
	}
}
