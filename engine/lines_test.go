package engine

import "testing"

// TestLinesNameTheirKind: each move kind of the rule language shows in
// Lines as its own LineKind, and only the rays report Ray.
func TestLinesNameTheirKind(t *testing.T) {
	pieces := kingJS + `,
		{"id":"L","moves":[{"kind":"lame","vectors":[[1,2]],"symmetry":"dihedral8"}]},
		{"id":"R","moves":[{"kind":"slide","vectors":[[1,0]],"symmetry":"rotate4"}]},
		{"id":"C","moves":[{"kind":"hop","vectors":[[1,0]],"symmetry":"rotate4"}]},
		{"id":"W","moves":[{"kind":"sweep","vectors":[[1,0]],"symmetry":"rotate4"}]}`
	setup := `[{"piece":"K","squares":["a1"]},{"piece":"K","player":1,"squares":["h8"]}]`
	g := build(t, 8, 8, pieces, setup, `{}`)
	d4 := 3*8 + 3
	cases := []struct {
		id   string
		kind LineKind
		ray  bool
	}{
		{"K", LineLeap, false},
		{"L", LineLame, false},
		{"R", LineSlide, true},
		{"C", LineHop, true},
		{"W", LineSweep, true},
	}
	for _, tc := range cases {
		lines := g.Lines(0, g.KindByID(tc.id), d4)
		if len(lines) == 0 {
			t.Errorf("%s: no lines from d4", tc.id)
		}
		for _, l := range lines {
			if l.Kind != tc.kind || l.Ray() != tc.ray {
				t.Errorf("%s: line of kind %d (ray %v), want %d (ray %v)", tc.id, l.Kind, l.Ray(), tc.kind, tc.ray)
			}
		}
	}
}
