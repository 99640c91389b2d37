package measure

import (
	"slices"
	"testing"

	"balancefarm/search"
	"balancefarm/tablestore"
)

// The kept table replaces the strongest rung, wherever it stands in the
// ladder and in the equal-strength games, and only where that rung is
// the table's base.
func TestWithTable(t *testing.T) {
	spec, err := search.WithTable("ab:n10000", []search.TableRow{{ID: "N", Cents: make([]int, 63)}, {ID: "B", Cents: append(make([]int, 63), 6)}})
	if err != nil {
		t.Fatal(err)
	}
	table := &tablestore.Table{Spec: spec}
	for _, tc := range []struct {
		name        string
		players     []string
		mirror      string
		table       *tablestore.Table
		wantPlayers []string
		wantMirror  string
	}{
		{"default ladder", []string{"random", "mcts:i50", "ab:n2000", "ab:n10000"}, "ab:n10000", table,
			[]string{"random", "mcts:i50", "ab:n2000", spec}, spec},
		{"strongest not last", []string{"ab:n10000", "random"}, "ab:n10000", table, []string{spec, "random"}, spec},
		{"no equal-strength games", []string{"random", "ab:n10000"}, "", table, []string{"random", spec}, ""},
		{"another top rung", []string{"random", "ab:n3000"}, "ab:n3000", table, []string{"random", "ab:n3000"}, "ab:n3000"},
		{"the base below the top", []string{"ab:n10000", "ab:n20000"}, "ab:n20000", table, []string{"ab:n10000", "ab:n20000"}, "ab:n20000"},
		{"no table", []string{"random", "ab:n10000"}, "ab:n10000", nil, []string{"random", "ab:n10000"}, "ab:n10000"},
	} {
		players, mirror := withTable(tc.players, tc.mirror, tc.table)
		if !slices.Equal(players, tc.wantPlayers) || mirror != tc.wantMirror {
			t.Errorf("%s: %q, %q; want %q, %q", tc.name, players, mirror, tc.wantPlayers, tc.wantMirror)
		}
	}
	// The plan of a file with its table, and the report's sentence.
	f := &File{Name: "chess", Hash: "h", Table: table, TablePath: "tables/chess.table"}
	p := Settings{Players: []string{"random", "ab:n10000"}, Games: 2, Precision: 0.1}.Plan(f)
	if p.Mirror != spec || p.Players[1] != spec {
		t.Errorf("plan %q, mirror %q: want the table's spec on top", p.Players, p.Mirror)
	}
	if s := f.topTable(p.Players); s == "" || f.topTable([]string{"random", "ab:n10000"}) != "" {
		t.Errorf("topTable says %q of the table's ladder and something of one without it", s)
	}
}
