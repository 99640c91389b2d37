package search

import (
	"context"
	"strings"
	"testing"
)

func TestMoverRefuses(t *testing.T) {
	for _, tc := range []struct{ file, spec, want string }{
		{"fog-of-war.json", "ab:n500", "hides information"},
		{"chaturaji.json", "ab:n500", "seats"},
		{"simultaneous-skirmish.json", "ab:n500", "rounds"},
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
