package synth

import (
	"testing"

	"balancefarm/stats"
)

func TestGamesArePairedAndSwapped(t *testing.T) {
	l := stats.Ladder{Rungs: []string{"a", "b", "c"}}
	games, err := Games(Config{Ladder: l, Elo: []float64{0, 100, 200}, DrawRate: 0.3, Pairs: 5,
		Mirror: true, MaxPlies: 100, MeanPlies: 40, TimeoutShare: 0.5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 6*5*2 { // 3 pairings + 3 mirrors, 5 pairs of 2
		t.Fatalf("%d games", len(games))
	}
	for i := 0; i < len(games); i += 2 {
		g, h := games[i], games[i+1]
		if g.PairID != h.PairID || g.Seed != h.Seed || g.P0 != h.P1 || g.P1 != h.P0 {
			t.Errorf("games %d and %d are not a colour-swapped pair: %+v %+v", i, i+1, g, h)
		}
		for _, x := range []stats.Game{g, h} {
			if x.Plies < 1 || x.Plies > 100 || x.Rule == "" || x.Winner < -1 || x.Winner > 1 {
				t.Errorf("malformed game %+v", x)
			}
		}
	}
	if _, err := Games(Config{Ladder: l, Elo: []float64{0}}); err == nil {
		t.Error("ratings for fewer rungs than the ladder: want an error")
	}
}
