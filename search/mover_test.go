package search

import (
	"context"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine"
)

func TestMoverRefuses(t *testing.T) {
	for _, tc := range []struct{ file, spec, want string }{
		{"fog-of-war.json", "ab:n500", "reads the whole position"},
		{"dice-chess.json", "uci:/bin/true", "chance"},
		{"chess.json", "bogus", "bogus"},
	} {
		_, err := NewMover(loadGame(t, tc.file), tc.spec, 1)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s with %s: %v, want an error naming %q", tc.file, tc.spec, err, tc.want)
		}
	}
}

// A Mover finds the mate in one and leaves the position as it found it.
func TestMoverChooses(t *testing.T) {
	g := loadGame(t, "chess.json")
	for _, spec := range []string{"ab:n3000", "ab:d2", "mcts:i200"} {
		mv, err := NewMover(g, spec, 7)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := g.ParseFEN("6k1/5ppp/8/8/8/7r/5PPP/R5K1 w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		before := pos.FEN()
		m, err := mv.Choose(context.Background(), pos, 0)
		mv.Close()
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if got := pos.MoveString(m); got != "a1a8" {
			t.Errorf("%s chose %s, not the mate a1a8", spec, got)
		}
		if pos.FEN() != before {
			t.Errorf("%s left the position at %s, not %s", spec, pos.FEN(), before)
		}
	}
}

// The games the loops play move by move besides two players who see
// everything: hidden information (the player sees its observation only),
// seats and rounds. Each Mover answers with a move legal where it is asked,
// and leaves the position as it found it.
func TestMoverPlaysEveryLoopsGames(t *testing.T) {
	for _, tc := range []struct {
		file, spec string
		round      bool
	}{
		{"fog-of-war.json", "det:ab:n500", false},
		{"veiled-king.json", "ismcts:i100", false},
		{"seeds/three-planes.json", "det:ab:n500", false},
		{"chaturaji.json", "ab:n500", false},
		{"four-player-teams.json", "mcts:i100", false},
		{"simultaneous-skirmish.json", "ab:n500", true},
		{"cavalry-skirmish.json", "mcts:i100", true},
	} {
		g := loadGame(t, tc.file)
		if reason := MoverRefusal(g); reason != "" {
			t.Errorf("%s refused: %s", tc.file, reason)
			continue
		}
		mv, err := NewMover(g, tc.spec, 3)
		if err != nil {
			t.Errorf("%s with %s: %v", tc.file, tc.spec, err)
			continue
		}
		pos := g.NewPosition()
		for pos.AtChance() { // the first outcome of each event, for the test
			outcomes, _ := pos.ChanceOutcomes(nil, nil)
			pos.Make(outcomes[0])
		}
		before := pos.FEN()
		var legal []engine.Move
		var m engine.Move
		if tc.round {
			if !pos.InRound() {
				t.Fatalf("%s: the start is not a round", tc.file)
			}
			legal = pos.RoundMoves(1, nil)
			m, err = mv.ChooseRound(context.Background(), pos, 1, nil, 0)
		} else {
			legal = pos.LegalMoves(nil)
			m, err = mv.Choose(context.Background(), pos, 0)
		}
		mv.Close()
		switch {
		case err != nil:
			t.Errorf("%s with %s: %v", tc.file, tc.spec, err)
		case !slices.Contains(legal, m):
			t.Errorf("%s with %s chose %s, not a legal move", tc.file, tc.spec, pos.MoveString(m))
		case pos.FEN() != before:
			t.Errorf("%s with %s left the position at %s, not %s", tc.file, tc.spec, pos.FEN(), before)
		}
	}
}
