package records

import (
	"maps"
	"slices"
	"testing"

	"balancefarm/protocol"
)

// Replay takes real games (one in rounds) as recorded and refuses them
// altered, features included, so that a worker cannot move a verdict.
func TestReplay(t *testing.T) {
	for _, file := range []string{"rulesets/five-by-five.json", "rulesets/simultaneous-skirmish.json", "rulesets/chess.json"} {
		g := compileFile(t, file)
		played := playGames(t, g, [][2]string{{"ab:d1", "random"}}, 1)[0]
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
			{"a feature counted otherwise", func(r *protocol.Result) { r.Features[protocol.FeatureMaxBranching]++ }, false},
			{"a feature the moves do not give", func(r *protocol.Result) { r.Features[protocol.FeatureCastling] = 5 }, false},
		}
		for _, tt := range tests {
			r := played
			r.Moves = slices.Clone(played.Moves)
			r.Features = maps.Clone(played.Features)
			tt.change(&r)
			rp := Replay(g, r)
			if (rp.Err == nil) != tt.ok {
				t.Errorf("%s, %s: Replay = %v", file, tt.name, rp.Err)
			}
			if tt.ok && (rp.FinalFEN == "" || len(rp.plies) != len(r.Moves)) {
				t.Errorf("%s, %s: final position %q after %d of %d plies", file, tt.name, rp.FinalFEN, len(rp.plies), len(r.Moves))
			}
		}
	}
}
