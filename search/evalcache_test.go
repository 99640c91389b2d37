package search

import (
	"context"
	"testing"

	"balancefarm/engine"
)

// TestEvalCacheAgreesWithEvaluate: along random games, the cached static
// evaluation of every position, asked twice for each side (a miss, then a
// hit), is what evaluate says; and the cache is made exactly where the
// evaluation reads only what the hash covers.
func TestEvalCacheAgreesWithEvaluate(t *testing.T) {
	tests := []struct {
		file   string
		cached bool
	}{
		{"chess.json", true},
		{"seeds/elven-chess.json", true},        // placement, hands, rests
		{"seeds/throne-and-shrines.json", true}, // reach and touch
		{"crazyhouse.json", true},               // hands
		{"3check.json", true},                   // checks given
		{"atomic.json", false},                  // capture effects
		{"territory.json", false},               // claims
	}
	for _, tc := range tests {
		g := loadGame(t, tc.file)
		tab := buildEvalTables(g)
		s := newABSearch[engine.Move, enginePos](tab, PlayerSpec{Family: FamilyAB, Nodes: 1000}, 1)
		p := enginePos{g.NewPosition()}
		s.begin(context.Background(), p, 1<<20, true)
		if got := s.ecache != nil; got != tc.cached {
			t.Fatalf("%s: cache made %v, want %v", tc.file, got, tc.cached)
		}
		plain := newEvaluator(tab)
		r := newRNG(3)
		checked := 0
		for game := 0; game < 3; game++ {
			p = enginePos{g.NewPosition()}
			s.begin(context.Background(), p, 1<<20, true)
			for ply := 0; ply < 150 && !p.Outcome().Over; ply++ {
				for stm := 0; stm < 2; stm++ {
					want := plain.evaluate(p, stm, p)
					for try := 0; try < 2; try++ {
						if got := s.staticEval(p, stm); got != want {
							t.Fatalf("%s %s side %d, try %d: cached %d, evaluate %d", tc.file, p.FEN(), stm, try, got, want)
						}
						checked++
					}
				}
				ms := p.LegalMoves(nil)
				p.Make(ms[r.intn(len(ms))])
			}
		}
		if checked < 100 {
			t.Errorf("%s: only %d evaluations compared", tc.file, checked)
		}
	}
}
