package measure

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"
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

// The service plays a posted file's kept table as measure does, and its
// report says so.
func TestServicePlaysKeptTable(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tf := startFarm(t, ctx)
	data, err := os.ReadFile("../rulesets/five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	spec, err := search.WithTable("ab:d1", []search.TableRow{{ID: "N", Cents: append(make([]int, 24), 20)}})
	if err != nil {
		t.Fatal(err)
	}
	dir := tablestore.Dir(t.TempDir())
	table := &tablestore.Table{Schema: tablestore.Schema, File: "five-by-five.json", FileHash: protocol.HashRuleFile(data), Spec: spec,
		Learned: tablestore.Learned{Spec: "ab:d1", Games: 100},
		Check:   tablestore.Check{Against: "ab:d1", Pairs: 1, Wins: 2, Elo: 400, EloLo: 10, EloHi: 1000}} // made up: the test is of the plumbing
	path, err := dir.Write(table)
	if err != nil {
		t.Fatal(err)
	}
	tf.m.Tables = dir
	srv := serveMeasurer(t, ctx, tf, Settings{Players: []string{"random", "ab:d1"}, Games: 2, Seed: 1}, "")
	var sum farm.Summary
	if code := post(t, srv, "file=five-by-five.json", data, &sum); code != http.StatusAccepted {
		t.Fatalf("POST: %d %+v", code, sum)
	}
	var rep struct {
		Ladder   []string `json:"ladder"`
		TopTable string   `json:"top_table"`
	}
	if err := json.Unmarshal(awaitReport(t, srv, sum.ID), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Ladder) != 2 || rep.Ladder[1] != spec || !strings.Contains(rep.TopTable, path) {
		t.Errorf("served report: ladder %q, table %q; want the top rung %s and the table %s", rep.Ladder, rep.TopTable, search.ShortSpec(spec), path)
	}
	// A bad table in the directory refuses the file, naming the table.
	if err := os.WriteFile(filepath.Join(string(dir), "bad"+tablestore.Ext), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	var refusal struct{ Problems []string }
	if code := post(t, srv, "file=five-by-five.json", data, &refusal); code != http.StatusUnprocessableEntity || len(refusal.Problems) != 1 || !strings.Contains(refusal.Problems[0], "bad.table") {
		t.Errorf("with a bad table: %d %q", code, refusal.Problems)
	}
}
