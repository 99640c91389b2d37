package engine

import (
	"encoding/json"
	"os"
	"testing"

	"balancefarm/engine/rules"
)

// loadRaw loads a rule file straight into the engine, past the front end.
func loadRaw(t *testing.T, path string) *Game {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s rules.Spec
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	g, err := Load(&s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestDiceChessPerftScratch(t *testing.T) {
	g := loadRaw(t, "../rulesets/dice-chess.json")
	p := g.NewPosition()
	for d := 1; d <= 5; d++ {
		t.Logf("perft %d = %d", d, p.Perft(d))
	}
	t.Log(p.FEN())
	for _, e := range p.PerftDivide(2) {
		t.Logf("%s %d", e.Name, e.Nodes)
	}
}
