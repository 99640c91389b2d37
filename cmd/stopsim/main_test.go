package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/records"
)

// writeRecords writes a measurement's games as coordinator measure does:
// a sweep of the weakest rung in colour-swapped pairs, then balanced
// games of the strongest rung against itself, a third of them drawn.
func writeRecords(t *testing.T, sweep, mirror int) string {
	var games []records.Game
	for i := range sweep {
		g := records.Game{White: "ab:n500", Black: "random", PairID: i / 2, Seed: uint64(i / 2), Winner: 0, Ending: engine.EndCheckmate, Plies: 40, Nodes: 1000}
		if i%2 == 1 {
			g.White, g.Black, g.Winner = "random", "ab:n500", 1
		}
		games = append(games, g)
	}
	for i := range mirror {
		g := records.Game{White: "ab:n500", Black: "ab:n500", PairID: i / 2, Seed: uint64(100 + i), Winner: i % 2, Ending: engine.EndCheckmate, Plies: 80, Nodes: 5000}
		if i%3 == 0 {
			g.Winner, g.Ending = -1, engine.EndRepetition
		}
		g.Moves = []string{"m" + string(rune('a'+i%26)), "n" + string(rune('a'+i/26))}
		games = append(games, g)
	}
	var buf bytes.Buffer
	for i, g := range games {
		g.Round = i + 1
		line, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(append(line, '\n'))
	}
	path := filepath.Join(t.TempDir(), "x.games.jsonl")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The replay stops each pairing where the rule would: the sweep at 22
// games under both rules, the balanced mirror games at 30 by their flags
// and not within 60 when ±0.07 is asked.
func TestSimulate(t *testing.T) {
	cases := []struct {
		name          string
		sweep, mirror int
		rows          []string
	}{
		{"mirror decided by its flags", 22, 60, []string{
			"| ab:n500 vs random | 22 | 0.0 | 22 | 0.0 | 22 | 0.0 |",
			"| ab:n500 (mirror) | 60 | 0.3 | 60+ | 0.3 | 30 | 0.1 |"}},
		{"too few games for either rule", 12, 12, []string{
			"| ab:n500 vs random | 12 | 0.0 | 12+ | 0.0 | 12+ | 0.0 |",
			"| ab:n500 (mirror) | 12 | 0.1 | 12+ | 0.1 | 12+ | 0.1 |"}},
	}
	for _, c := range cases {
		var out bytes.Buffer
		if err := simulate(&out, writeRecords(t, c.sweep, c.mirror), 0.07, 40); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, row := range c.rows {
			if !strings.Contains(out.String(), row) {
				t.Errorf("%s: no row %q in\n%s", c.name, row, out.String())
			}
		}
	}
}
