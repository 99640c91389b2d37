package selfplay

import (
	"os"
	"slices"
	"testing"

	"balancefarm/engine"
	"balancefarm/engine/rules"
)

func loadRules(t *testing.T, path string) *engine.Game {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	spec, probs := rules.Parse(data)
	if len(probs) > 0 {
		t.Fatalf("%s: %s", path, probs[0].Text)
	}
	g, err := engine.Load(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestForHidden: a game with hidden information is measured with players
// that read only what their seat sees, the clairvoyant rung plays the
// strongest rung's search on the whole position, and any other game keeps
// its ladder and foresees what it has.
func TestForHidden(t *testing.T) {
	ladder := []string{"random", "mcts:i50", "ab:n500", "ab:n3000"}
	cases := []struct {
		file     string
		want     []string
		foresees string
	}{
		{"../rulesets/fog-of-war.json", []string{"random", "ismcts:i50", "det:ab:n500", "det:ab:n3000"}, "the hidden pieces"},
		{"../rulesets/veiled-king.json", []string{"random", "ismcts:i50", "det:ab:n500", "det:ab:n3000"}, "the hidden pieces"},
		{"../rulesets/dice-chess.json", ladder, "the dice"},
		{"../rulesets/chess.json", ladder, ""},
	}
	for _, c := range cases {
		g := loadRules(t, c.file)
		got := ForHidden(ladder, g)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.file, got, c.want)
		}
		if f := foresees(g); f != c.foresees || Foreseeable(g) != (c.foresees != "") {
			t.Errorf("%s: foresees %q (foreseeable %v), want %q", c.file, f, Foreseeable(g), c.foresees)
		}
		if _, err := Ladder(append(got, "seer:ab:n3000")); err != nil {
			t.Errorf("%s: the ladder with its clairvoyant rung: %v", c.file, err)
		}
	}
}
