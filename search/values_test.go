package search

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestSpecValues(t *testing.T) {
	tests := []struct{ in, canon, values string }{
		{"ab:n3000:Q=9.5/P=1", "ab:n3000:P=1/Q=9.5", "P=1/Q=9.5"},
		{"ab:n3000x5:N=3.333/+P=0.004", "ab:n3000x5:+P=0/N=3.33", "+P=0/N=3.33"},
		{"mcts:i50:R~=5", "mcts:i50:R~=5", "R~=5"},
		{"ab:d3n900u1:B=03.50", "ab:d3n900u1:B=3.5", "B=3.5"},
	}
	for _, tc := range tests {
		ps, err := ParseSpec(tc.in)
		if err != nil {
			t.Errorf("ParseSpec(%q): %v", tc.in, err)
			continue
		}
		if ps.String() != tc.canon || ps.Values != tc.values {
			t.Errorf("ParseSpec(%q) = %s (values %q), want %s (values %q)", tc.in, ps, ps.Values, tc.canon, tc.values)
		}
		if again, err := ParseSpec(ps.String()); err != nil || again != ps {
			t.Errorf("%s does not round-trip: %+v, %v", ps, again, err)
		}
		if bare := WithoutValues(tc.in); strings.Contains(bare, "=") {
			t.Errorf("WithoutValues(%q) = %q", tc.in, bare)
		}
	}
}

func TestSpecValuesErrors(t *testing.T) {
	tests := []struct{ in, wantErr string }{
		{"ab:n3000:", "empty piece values"},
		{"ab:n3000:P", "is not ID=value"},
		{"ab:n3000:P=1//N=3", "is not ID=value"},
		{"ab:n3000:KNT=3", "is not ID=value"},
		{"ab:n3000:P=1/P=2", "given twice"},
		{"ab:n3000:P=-1", "from 0 to"},
		{"ab:n3000:P=NaN", "from 0 to"},
		{"ab:n3000:P=1e9", "from 0 to"},
		{"ab:n3000:P=one", "from 0 to"},
		{"ab::P=1", "missing budget"},
		{"random:P=1", "no parameters"},
	}
	for _, tc := range tests {
		if _, err := ParseSpec(tc.in); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("ParseSpec(%q) error = %v, want it to mention %q", tc.in, err, tc.wantErr)
		}
	}
	if _, err := WithValues("random", []PieceValue{{"P", 100}}); err == nil {
		t.Error("WithValues gave values to a random player")
	}
}

// The values a spec carries are the ones its evaluation reads, for the
// kinds it names only; naming a piece the game lacks is refused.
func TestSpecValuesReachEvaluation(t *testing.T) {
	g := loadGame(t, "chess.json")
	base := tablesFor(g)
	ps, err := ParseSpec("ab:n3000:Q=4/N=2.5")
	if err != nil {
		t.Fatal(err)
	}
	own, err := specTables(g, ps)
	if err != nil {
		t.Fatal(err)
	}
	for k := range own.kinds {
		want := base.kinds[k].value
		switch own.kinds[k].id {
		case "Q":
			want = 400
		case "N":
			want = 250
		}
		if own.kinds[k].value != want {
			t.Errorf("kind %s: value %d, want %d", own.kinds[k].id, own.kinds[k].value, want)
		}
	}
	if again, _ := specTables(g, ps); again != own {
		t.Error("the same values built their tables twice")
	}
	if tablesFor(g).kinds[0].value != base.kinds[0].value || tablesFor(g) != base {
		t.Error("a spec's values leaked into the rule file's tables")
	}
	for _, spec := range []string{"ab:n300:X=3", "mcts:i20:P=1/Z=2"} {
		if _, err := PlayGame(context.Background(), g, spec, "random", 1, Limits{}, nil); err == nil || !strings.Contains(err.Error(), "does not have") {
			t.Errorf("PlayGame with %s: error %v, want the unknown piece named", spec, err)
		}
		if _, err := newMovePlayer(spec, g, 1); err == nil {
			t.Errorf("newMovePlayer(%s) accepted a piece the game lacks", spec)
		}
	}
}

// Values change how a player plays, and the same values play the same
// game: a test that fails if the values were dropped on the way.
func TestSpecValuesChangePlay(t *testing.T) {
	g := loadGame(t, "chess.json")
	play := func(p0, p1 string) []string {
		t.Helper()
		rec, err := PlayGame(context.Background(), g, p0, p1, 5, Limits{MaxNodes: 200_000}, nil)
		if err != nil && len(rec.Moves) == 0 {
			t.Fatalf("%s vs %s: %v", p0, p1, err)
		}
		return rec.Moves
	}
	plain := play("ab:n300", "ab:n300")
	// A queen worth a pawn and a pawn worth a queen: no sane search plays
	// the same game with those.
	odd := "ab:n300:P=9/Q=1"
	for _, tc := range []struct{ p0, p1 string }{{odd, "ab:n300"}, {"ab:n300", odd}} {
		a, b := play(tc.p0, tc.p1), play(tc.p0, tc.p1)
		if !slices.Equal(a, b) {
			t.Errorf("%s vs %s: the same seed played two different games", tc.p0, tc.p1)
		}
		if slices.Equal(a, plain) {
			t.Errorf("%s vs %s played exactly the game without values: they were dropped", tc.p0, tc.p1)
		}
	}
}
