package records

import "testing"

// TestSpreadShowsDifferentGames: examples are different games: a game
// whose moves another example already played is not shown again.
func TestSpreadShowsDifferentGames(t *testing.T) {
	game := func(plies int, moves ...string) *Game {
		return &Game{Plies: plies, Moves: moves}
	}
	same := []*Game{game(9, "a1a2", "b8b7"), game(9, "a1a2", "b8b7"), game(9, "a1a2", "b8b7"), game(9, "a1a2", "b8b7")}
	if got := spread(same); len(got) != 1 {
		t.Errorf("one game played four times gives %d examples, want 1", len(got))
	}
	mixed := append(same, game(5, "a1a2"), game(12, "a1a2", "b8b7", "a2a3"))
	got := spread(mixed)
	plies := map[int]bool{}
	for _, g := range got {
		plies[g.Plies] = true
	}
	if len(got) != 3 || !plies[5] || !plies[9] || !plies[12] {
		t.Errorf("%d examples, of %v plies; want the three different games", len(got), plies)
	}
}
