package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"balancefarm/engine"
)

// flagsOnly is the default thresholds of a full measurement's mirror
// games (precision 0.07, the cap four times its games) stopping by
// FlagsOnly when flagsOnly says so.
func flagsOnly(flagsOnly bool) Thresholds {
	th := DefaultThresholds()
	th.Precision = 0.07
	th.MirrorMaxGames = 4 * GamesForPrecision(0.07, th.Confidence)
	th.FlagsOnly = flagsOnly
	return th
}

// With FlagsOnly the strongest rung's games against itself stop once
// every flag they feed is decided by the interval and by the GSPRT alike,
// without waiting for ±Precision; a flag either leaves open goes on.
func TestDecideMirrorFlagsOnly(t *testing.T) {
	l := Ladder{Rungs: []string{"weak", "top"}, Mirror: true}
	alternate := func(i int) bool { return i%2 == 0 }
	cases := []struct {
		name      string
		games     []Game
		flagsOnly bool
		more      bool
	}{
		{"too few games", mirrorRun(12, 3, alternate), true, true},
		{"balanced, 20 games: one_sided's interval straddles 0.65", mirrorRun(20, 3, alternate), true, true},
		{"balanced, 30 games: every flag decided", mirrorRun(30, 3, alternate), true, false},
		{"balanced, 30 games, precision asked", mirrorRun(30, 3, alternate), false, true},
		{"first mover 0.9: raised at the minimum", mirrorRun(20, 0, func(i int) bool { return i%10 < 9 }), true, false},
		{"first mover 0.7, 150 games: interval straddles 0.65", mirrorRun(150, 0, func(i int) bool { return i%10 < 7 }), true, true},
		{"first mover 0.6, 300 games: interval straddles 0.65", mirrorRun(300, 0, func(i int) bool { return i%10 < 6 }), true, true},
		{"cap reached", mirrorRun(784, 0, func(i int) bool { return i%10 < 6 }), true, false},
	}
	for _, c := range cases {
		d, err := Decide(l, flagsOnly(c.flagsOnly), c.games)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if d.Continue != c.more {
			t.Errorf("%s: continue %v (%s), want %v", c.name, d.Continue, d.Reason, c.more)
		}
	}
}

// mirrorSequential reads each mirror flag by its GSPRT: decided for a
// clear stream, undecided for a few games.
func TestMirrorSequentialAgreement(t *testing.T) {
	th := flagsOnly(true)
	cases := []struct {
		name  string
		games []Game
		flag  string
		want  string
	}{
		{"no draws among 40 decisive games", mirrorRun(40, 0, func(i int) bool { return i%2 == 0 }), FlagDrawHeavy, StateClear},
		{"every game drawn, 40 games", mirrorRun(40, 1, func(int) bool { return false }), FlagDrawHeavy, StateRaised},
		{"balanced, 6 games", mirrorRun(6, 3, func(i int) bool { return i%2 == 0 }), FlagOneSided, StateUndecided},
		{"balanced, 60 games", mirrorRun(60, 3, func(i int) bool { return i%2 == 0 }), FlagOneSided, StateClear},
		{"first mover wins all 20", mirrorRun(20, 0, func(int) bool { return true }), FlagOneSided, StateRaised},
		{"second mover wins all 20", mirrorRun(20, 0, func(int) bool { return false }), FlagOneSided, StateRaised},
		{"80-ply games, 30 of them", mirrorRun(30, 0, func(i int) bool { return i%2 == 0 }), FlagShort, StateClear},
	}
	for _, c := range cases {
		if got := mirrorSequential(th, c.games)[c.flag]; got != c.want {
			t.Errorf("%s: %s %s, want %s", c.name, c.flag, got, c.want)
		}
	}
}

// randomMirror plays mirror games one by one with the first mover
// winning with probability win and drawing with probability draw, and
// returns the games when decide stops them.
func randomMirror(r *rand.Rand, th Thresholds, win, draw float64) ([]Game, Decision) {
	l := Ladder{Rungs: []string{"weak", "top"}, Mirror: true}
	var games []Game
	for {
		g := Game{P0: "top", P1: "top", Rule: engine.EndCheckmate, Plies: 80, Winner: 1}
		switch u := r.Float64(); {
		case u < draw:
			g.Winner, g.Rule = -1, engine.EndRepetition
		case u < draw+win:
			g.Winner = 0
		}
		games = append(games, g)
		d, err := Decide(l, th, games)
		if err != nil {
			panic(err)
		}
		if !d.Continue {
			return games, d
		}
	}
}

// The verdict read where FlagsOnly stops errs no more often than the
// GSPRT's Alpha (Beta) allows at the edges of its indifference zone,
// although the interval is looked at after every game, and on average it
// plays no more than a tenth more games than waiting for ±Precision
// (which a raised flag skips), far fewer where no flag is raised. A
// fixed seed keeps the figures the same from run to run.
func TestFlagsOnlyErrorRates(t *testing.T) {
	th := flagsOnly(true)
	const runs = 200
	cases := []struct {
		name      string
		win, draw float64
		flag      string
		wrong     string // the flag's state that is an error at these rates
	}{
		// First mover's score 0.55, one Delta below one_sided's 0.65.
		{"first mover 0.55", 0.45, 0.2, FlagOneSided, TestAbove},
		// 0.75, one Delta above.
		{"first mover 0.75", 0.65, 0.2, FlagOneSided, TestBelow},
		// Draw rate 0.65 and 0.85 around draw_heavy's 0.75.
		{"draws 0.65", 0.175, 0.65, FlagDrawHeavy, TestAbove},
		{"draws 0.85", 0.075, 0.85, FlagDrawHeavy, TestBelow},
	}
	r := rand.New(rand.NewPCG(37, 1))
	for _, c := range cases {
		wrong, games, precise := 0, 0, 0
		for range runs {
			gs, d := randomMirror(r, th, c.win, c.draw)
			games += len(gs)
			for _, test := range d.Tests {
				if test.Name == c.flag && test.State == c.wrong {
					wrong++
				}
			}
		}
		// The same seeds played to ±Precision, for the games it saves.
		rp := rand.New(rand.NewPCG(37, 2))
		for range runs / 3 {
			gs, _ := randomMirror(rp, flagsOnly(false), c.win, c.draw)
			precise += len(gs)
		}
		rate := float64(wrong) / runs
		limit := th.Alpha + 3*math.Sqrt(th.Alpha*(1-th.Alpha)/runs)
		t.Logf("%s: %d of %d verdicts wrong, %.1f games each (%.1f waiting for ±%.2f)",
			c.name, wrong, runs, float64(games)/runs, float64(precise)/(runs/4), th.Precision)
		if rate > limit {
			t.Errorf("%s: %s wrong in %.3f of the runs, above %.3f", c.name, c.flag, rate, limit)
		}
		if float64(games)/runs > 1.1*float64(precise)/(runs/4) {
			t.Errorf("%s: FlagsOnly plays %.1f games on average, more than waiting for ±Precision (%.1f)",
				c.name, float64(games)/runs, float64(precise)/(runs/4))
		}
	}
}
