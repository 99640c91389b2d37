package stats

import (
	"math"
	"strconv"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
)

// mirrorRun makes n games of "top" against itself: draws of every
// drawEvery-th game, the rest won by the first mover when firstWins says so.
func mirrorRun(n, drawEvery int, firstWins func(i int) bool) []Game {
	gs := make([]Game, n)
	for i := range gs {
		g := Game{P0: "top", P1: "top", Rule: engine.EndCheckmate, Plies: 80, Winner: 1}
		switch {
		case drawEvery > 0 && i%drawEvery == 0:
			g.Winner, g.Rule = -1, engine.EndRepetition
		case firstWins(i):
			g.Winner = 0
		}
		gs[i] = g
	}
	return gs
}

func TestGamesForPrecision(t *testing.T) {
	for _, c := range []struct {
		precision float64
		want      int
	}{{0.10, 98}, {0.05, 386}, {0.03, 1068}} {
		got := GamesForPrecision(c.precision, 0.95)
		if got != c.want {
			t.Errorf("GamesForPrecision(%g) = %d, want %d", c.precision, got, c.want)
		}
		// At that many games a coin's Wilson interval is that narrow.
		if iv := Wilson(float64(got)/2, got, 0.95); (iv.Hi-iv.Lo)/2 > c.precision {
			t.Errorf("%d games: half-width %.4f above %g", got, (iv.Hi-iv.Lo)/2, c.precision)
		}
	}
}

// The strongest rung's games against itself stop once every flag they
// feed is decided and both intervals are within ±Precision, and not before.
func TestDecideMirror(t *testing.T) {
	l := Ladder{Rungs: []string{"weak", "top"}, Mirror: true}
	th := DefaultThresholds()
	th.Precision = 0.10
	alternate := func(i int) bool { return i%2 == 0 }
	cases := []struct {
		name  string
		games []Game
		more  bool
	}{
		{"too few games", mirrorRun(10, 3, alternate), true},
		{"balanced, draws a third, 100 games", mirrorRun(100, 3, alternate), false},
		{"balanced but 40 games: intervals too wide", mirrorRun(40, 3, alternate), true},
		// First mover scores 0.7 with an interval straddling 0.65.
		{"one_sided undecided", mirrorRun(90, 0, func(i int) bool { return i%10 < 7 }), true},
		{"cap reached", mirrorRun(98, 0, func(i int) bool { return i%10 < 7 }), false},
	}
	for _, c := range cases {
		d, err := Decide(l, th, c.games)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if d.Continue != c.more {
			t.Errorf("%s: continue %v (%s), want %v", c.name, d.Continue, d.Reason, c.more)
		}
	}
	// With a mirror pairing the other strong pairings feed no rate flags.
	for _, f := range feedsFor(l, th, "top", "weak") {
		if f.name == FlagDrawHeavy || f.name == FlagShort || f.name == FlagUnfinished {
			t.Errorf("pairing top-weak feeds %s although top plays itself", f.name)
		}
	}
}

// Match's Elo interval comes from the pentanomial score, and the SPRT
// decides a clear result either way.
func TestMatch(t *testing.T) {
	pairs := func(n int, pairScore func(k int) int) []Game {
		var gs []Game
		for k := range n {
			s := pairScore(k) // the challenger's points over the pair, in halves
			first, second := 1, 1
			switch s {
			case 4:
				first, second = 0, 1 // wins both: as first (winner 0) and second (winner 1)
			case 3:
				first, second = 0, -1
			case 2:
				first, second = -1, -1
			case 1:
				first, second = -1, 0
			case 0:
				first, second = 1, 0
			}
			id := strconv.Itoa(k)
			gs = append(gs,
				Game{P0: "new", P1: "old", PairID: id, Seed: uint64(k), Winner: first, Rule: engine.EndCheckmate, Plies: 50},
				Game{P0: "old", P1: "new", PairID: id, Seed: uint64(k), Winner: second, Rule: engine.EndCheckmate, Plies: 50})
		}
		return gs
	}
	cases := []struct {
		name     string
		games    []Game
		score    float64
		decision string
	}{
		{"even", pairs(200, func(k int) int { return 2 }), 0.5, "H0"},
		{"clearly better", pairs(200, func(k int) int { return []int{4, 3, 2, 3}[k%4] }), 0.75, "H1"},
		{"too few to tell", pairs(4, func(k int) int { return []int{3, 1}[k%2] }), 0.5, ""},
	}
	for _, c := range cases {
		r, err := Match(c.games, "new", "old", 0, 10, 0.05, 0.05, 0.95)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if math.Abs(r.Pentanomial.Score.Est-c.score) > 1e-9 || r.Decision != c.decision {
			t.Errorf("%s: score %.3f decision %q, want %.3f %q", c.name, r.Pentanomial.Score.Est, r.Decision, c.score, c.decision)
		}
		if !(r.Elo.Lo <= r.Elo.Est && r.Elo.Est <= r.Elo.Hi) || math.Abs(r.Elo.Est-EloOf(c.score)) > 1e-9 {
			t.Errorf("%s: Elo %+v", c.name, r.Elo)
		}
	}
	if _, err := Match([]Game{{P0: "x", P1: "old", Winner: 0, Rule: engine.EndCheckmate}}, "new", "old", 0, 10, 0.05, 0.05, 0.95); err == nil {
		t.Error("a game without the challenger was accepted")
	}
}

// Games that mostly replay each other stop at the games the precision
// asks for, even with room left under the cap: more from the same
// openings would add little. Distinct games with a flag still open go on.
func TestDecideMirrorStopsOnRepeats(t *testing.T) {
	l := Ladder{Rungs: []string{"weak", "top"}, Mirror: true}
	th := DefaultThresholds()
	th.Precision = 0.10
	th.MirrorMaxGames = 392
	firstSeven := func(i int) bool { return i%10 < 7 } // 0.7 against 0.65: open
	withLines := func(gs []Game, lines int) []Game {
		for i := range gs {
			gs[i].Line = uint64(1 + i%lines)
			gs[i].Features = map[string]int{protocol.FeatureChoices: 40}
		}
		return gs
	}
	for _, c := range []struct {
		name  string
		games []Game
		more  bool
	}{
		{"distinct, open, under the cap", withLines(mirrorRun(98, 0, firstSeven), 98), true},
		{"ten lines replayed, precision's games played", withLines(mirrorRun(98, 0, firstSeven), 10), false},
		{"ten lines replayed, fewer than the precision's games", withLines(mirrorRun(60, 0, firstSeven), 10), true},
	} {
		d, err := Decide(l, th, c.games)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if d.Continue != c.more {
			t.Errorf("%s: continue %v (%s), want %v", c.name, d.Continue, d.Reason, c.more)
		}
	}
}
