package stats

import (
	"math"
	"testing"

	"balancefarm/engine"
)

// pairOf builds a colour-swapped pair: in the first game a moves first.
// r1 and r2 are a's results (1 win, 0.5 draw, 0 loss) in the two games.
func pairOf(id string, seed uint64, a, b string, r1, r2 float64) []Game {
	winner := func(aSide int, r float64) int {
		switch r {
		case 1:
			return aSide
		case 0:
			return 1 - aSide
		}
		return -1
	}
	rule := func(r float64) engine.Ending {
		if r == 0.5 {
			return engine.EndRepetition
		}
		return engine.EndCheckmate
	}
	return []Game{
		{P0: a, P1: b, PairID: id, Seed: seed, Winner: winner(0, r1), Rule: rule(r1), Plies: 40},
		{P0: b, P1: a, PairID: id, Seed: seed, Winner: winner(1, r2), Rule: rule(r2), Plies: 40},
	}
}

func TestPentanomialCounts(t *testing.T) {
	var games []Game
	games = append(games, pairOf("p1", 1, "s", "w", 1, 1)...)     // 2 points
	games = append(games, pairOf("p2", 2, "s", "w", 1, 0)...)     // 1
	games = append(games, pairOf("p3", 3, "s", "w", 0.5, 0.5)...) // 1
	games = append(games, pairOf("p4", 4, "s", "w", 0.5, 0)...)   // 1/2
	games = append(games, pairOf("p5", 5, "s", "w", 0, 0)...)     // 0
	// Not pairs: a lone game, a game without PairID, two games of one
	// PairID with different seeds, two games of one PairID with the same
	// colours.
	lone := pairOf("p6", 6, "s", "w", 1, 1)[:1]
	noID := pairOf("", 7, "s", "w", 1, 1)[:1]
	seeds := pairOf("p8", 8, "s", "w", 1, 1)
	seeds[1].Seed = 9
	same := []Game{pairOf("p9", 9, "s", "w", 1, 1)[0], pairOf("p9", 9, "s", "w", 0, 0)[0]}
	games = append(games, lone...)
	games = append(games, noID...)
	games = append(games, seeds...)
	games = append(games, same...)

	p := PentanomialOf(games, "s", 0.95)
	if want := [5]int{1, 1, 2, 0, 1}; p.Counts != want {
		t.Errorf("counts %v, want %v", p.Counts, want)
	}
	if p.Pairs != 5 || p.Unpaired != 6 {
		t.Errorf("pairs %d unpaired %d, want 5 and 6", p.Pairs, p.Unpaired)
	}
	// Per-pair means 1, .5, .5, .25, 0: mean .45, population variance .11.
	half := 1.959964 * math.Sqrt(0.11/5)
	if !near(p.Score.Est, 0.45, 1e-12) || !near(p.Score.Lo, 0.45-half, 1e-5) || !near(p.Score.Hi, 0.45+half, 1e-5) {
		t.Errorf("score %+v, want 0.45 ± %.5f", p.Score, half)
	}
}

func TestPairingSides(t *testing.T) {
	l := Ladder{Rungs: []string{"w", "s"}}
	var games []Game
	games = append(games, pairOf("a", 1, "s", "w", 1, 0.5)...)
	games = append(games, pairOf("b", 2, "s", "w", 1, 0)...)
	games = append(games, pairOf("c", 3, "w", "w", 1, 0)...) // mirror: P0 wins both
	ps := buildPairings(l, games, 0.95)
	if len(ps) != 2 {
		t.Fatalf("%d pairings, want 2", len(ps))
	}
	sw := ps[0]
	if sw.Specs != [2]string{"s", "w"} || sw.Mirror {
		t.Fatalf("first pairing %v mirror %v, want s vs w", sw.Specs, sw.Mirror)
	}
	if sw.Counts != (Counts{Wins: 2, Draws: 1, Losses: 1}) {
		t.Errorf("counts %+v", sw.Counts)
	}
	if len(sw.Sides) != 2 || sw.Sides[0].First != "s" || sw.Sides[0].Counts != (Counts{Wins: 2}) ||
		sw.Sides[1].First != "w" || sw.Sides[1].Counts != (Counts{Draws: 1, Losses: 1}) {
		t.Errorf("sides %+v", sw.Sides)
	}
	if sw.Pentanomial.Counts != [5]int{0, 0, 1, 1, 0} {
		t.Errorf("pentanomial %v, want one pair at 1 point and one at 3/2", sw.Pentanomial.Counts)
	}
	if len(sw.Endings) != 2 || sw.Endings[0] != (RuleCount{string(engine.EndCheckmate), 3}) {
		t.Errorf("endings %+v", sw.Endings)
	}
	mirror := ps[1]
	if !mirror.Mirror || len(mirror.Sides) != 1 || mirror.Counts != (Counts{Wins: 2}) {
		t.Errorf("mirror pairing %+v: first mover should have won both", mirror)
	}
}
