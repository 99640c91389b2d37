package records

import (
	"os"
	"slices"
	"testing"

	"balancefarm/engine"
)

// TestMoveNumbers: the replay viewer's move numbers follow the players,
// not the plies: chance outcomes go unnumbered, and a second player's move
// after one is numbered "N..." as PGN does.
func TestMoveNumbers(t *testing.T) {
	cases := []struct {
		file string
		want []string
	}{
		{"../rulesets/chess.json", []string{"1.", "", "2.", "", "3."}},
		{"../rulesets/dice-chess.json", []string{"", "1.", "", "1...", "", "2.", "", "2..."}},
	}
	for _, c := range cases {
		data, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.Compile(data)
		if err != nil {
			t.Fatal(err)
		}
		p := g.NewPosition()
		var numbers moveNumbers
		var got []string
		for range c.want {
			got = append(got, numbers.next(p))
			if p.AtChance() {
				outcomes, _ := p.ChanceOutcomes(nil, nil)
				p.Make(outcomes[0])
			} else {
				p.Make(p.LegalMoves(nil)[0])
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.file, got, c.want)
		}
	}
}
