package search

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/engine/rules"
)

// loadPlanesMarket is the engine's planes fixture (three boards, items,
// coins, statuses, a market and a cursed status), loaded as the engine's
// tests load it: schemas 38 and 39 are not yet in the rule file's front end.
func loadPlanesMarket(tb testing.TB) *engine.Game {
	tb.Helper()
	data, err := os.ReadFile("testdata/planes-market.json")
	if err != nil {
		tb.Fatal(err)
	}
	var s rules.Spec
	if err := json.Unmarshal(data, &s); err != nil {
		tb.Fatal(err)
	}
	g, err := engine.Load(&s)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// threeBoardFEN is a position of the fixture: pieces by square ("E:a1":
// "R" white, "r" black), white to move, the extra fields after.
func threeBoardFEN(pieces map[string]string, extras string) string {
	var boards []string
	for _, b := range []string{"E", "H", "L"} {
		var ranks []string
		for y := 8; y >= 1; y-- {
			row, empty := "", 0
			for x := range 8 {
				pc, ok := pieces[b+":"+string(rune('a'+x))+string(rune('0'+y))]
				if !ok {
					empty++
					continue
				}
				if empty > 0 {
					row += string(rune('0' + empty))
				}
				row, empty = row+pc, 0
			}
			if empty > 0 {
				row += string(rune('0' + empty))
			}
			ranks = append(ranks, row)
		}
		boards = append(boards, strings.Join(ranks, "/"))
	}
	fen := strings.Join(boards, "|") + " w - - 0 1"
	if extras != "" {
		fen += " " + extras
	}
	return fen
}

func planesPosition(tb testing.TB, g *engine.Game, pieces map[string]string, extras string) *engine.Position {
	tb.Helper()
	p, err := g.ParseFEN(threeBoardFEN(pieces, extras))
	if err != nil {
		tb.Fatalf("%s: %v", extras, err)
	}
	return p
}

// A purse and a piece's statuses change the evaluation by what the rule
// file and statusWorth say they are worth.
func TestPlanesEvaluation(t *testing.T) {
	g := loadPlanesMarket(t)
	tabs := buildEvalTables(g)
	pieces := map[string]string{"E:e1": "K", "E:e8": "k", "E:a1": "R", "E:a8": "r"}
	base := planesPosition(t, g, pieces, "")
	ev := newEvaluator(tabs)
	score := func(p *engine.Position) int { return ev.evaluate(enginePos{p}, 0, enginePos{p}) }
	before := score(base)
	rook := 500 // R's value in the fixture, in centipawns
	tests := []struct {
		extras string
		want   int // the change from the position without them, for white
	}{
		{"purse:coins=5/0", 5 * 10},               // a coin is worth the default 0.1 pawn
		{"purse:coins=0/7", -7 * 10},              // black's purse counts for black
		{"status:E:a1=stunned", -rook * 20 / 100}, // frozen a turn: a fifth of the rook
		{"status:E:a1=stunned*3", -rook * 60 / 100},
		{"status:E:a8=stunned*2", rook * 40 / 100}, // black's rook frozen is good for white
		{"status:E:a1=cursed", -rook / 4},          // the hazard, 0.25 of the rook
		{"status:E:a1=experienced", 50},            // an upgrade to come
		{"status:E:a1=hat", 2 * 15},                // immune to fire and ice
		{"status:E:a1=investor*2", 2 * 80},         // a coin a round for eight rounds, per count
		{"status:E:a1=murderer", 30},               // an afterlife of its own
		{"status:E:a1=cursed+stunned", -rook/4 - rook*20/100},
	}
	for _, tc := range tests {
		p := planesPosition(t, g, pieces, tc.extras)
		if got := score(p) - before; got != tc.want {
			t.Errorf("%s: the score moved by %d, want %d", tc.extras, got, tc.want)
		}
	}
}
