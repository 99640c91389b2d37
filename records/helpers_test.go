package records

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/search"
)

// compileFile compiles a rule file of the repository.
func compileFile(t testing.TB, rel string) *engine.Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", rel))
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Compile(data)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return g
}

// playGames plays one game per pairing and seed, as the runner would
// report it.
func playGames(t *testing.T, g *engine.Game, pairings [][2]string, seeds int) []protocol.Result {
	t.Helper()
	var out []protocol.Result
	for _, pr := range pairings {
		for s := range seeds {
			rec, err := search.PlayGame(context.Background(), g, pr[0], pr[1], uint64(s+1), search.Limits{}, nil)
			if err != nil {
				t.Fatalf("%s vs %s seed %d: %v", pr[0], pr[1], s+1, err)
			}
			out = append(out, protocol.Result{
				JobIdentity: protocol.JobIdentity{P0: pr[0], P1: pr[1], Seed: uint64(s + 1), PairID: s, Game: len(out)},
				Moves:       rec.Moves, OpeningPlies: rec.OpeningPlies, Plies: rec.Plies, Result: rec.Result,
				Winner: rec.Winner, Ending: string(rec.Rule), Features: rec.Features,
			})
		}
	}
	return out
}
