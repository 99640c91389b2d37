package stats_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/stats"
)

const (
	weak = "random"
	best = "ab:n3000"
)

var seer = stats.SeerOf(best)

// skillLadder is two rungs and the clairvoyant one.
var skillLadder = stats.Ladder{Rungs: []string{weak, best}, Seer: seer}

// pairOf is a colour-swapped pair of subject against other on seed: subject
// scores first (moving first) and second (moving second), each 0, 1/2 or 1.
func pairOf(subject, other string, seed uint64, first, second float64) []stats.Game {
	winner := func(score float64, subjectSide int) int {
		switch score {
		case 1:
			return subjectSide
		case 0:
			return 1 - subjectSide
		}
		return -1
	}
	id := fmt.Sprintf("%s-%s-%d", subject, other, seed)
	return []stats.Game{
		{P0: subject, P1: other, PairID: id, Seed: seed, Winner: winner(first, 0), Rule: engine.EndCheckmate, Plies: 40},
		{P0: other, P1: subject, PairID: id, Seed: seed, Winner: winner(second, 1), Rule: engine.EndCheckmate, Plies: 40},
	}
}

// openings plays, on openings 1..len(bestPairs), the strongest rung and
// the clairvoyant one against the weakest: bestPairs[k] and seerPairs[k]
// are their (first, second) scores on opening k.
func openings(bestPairs, seerPairs [][2]float64) []stats.Game {
	var games []stats.Game
	for k := range bestPairs {
		seed := uint64(k + 1)
		games = append(games, pairOf(best, weak, seed, bestPairs[k][0], bestPairs[k][1])...)
		games = append(games, pairOf(seer, weak, seed, seerPairs[k][0], seerPairs[k][1])...)
	}
	return games
}

// repeat lists pattern over n openings.
func repeat(n int, pattern ...[2]float64) [][2]float64 {
	out := make([][2]float64, n)
	for k := range out {
		out[k] = pattern[k%len(pattern)]
	}
	return out
}

func TestMeasureSkill(t *testing.T) {
	th := stats.DefaultThresholds()
	cases := []struct {
		name        string
		ladder      stats.Ladder
		games       []stats.Game
		foreseeable bool
		wantState   string
		wantCheck   string
		// wantShare, wantL and wantR are checked when not NaN.
		wantShare, wantL, wantR float64
	}{
		{
			name: "coin toss under common random numbers: each seating wins its toss, the seer wins all",
			// The toss decides the game whoever sits where, so the
			// strongest rung scores 1/2 on every pair.
			ladder: skillLadder, games: openings(repeat(12, [2]float64{1, 0}, [2]float64{0, 1}), repeat(12, [2]float64{1, 1})),
			foreseeable: true, wantState: stats.SkillMeasured, wantCheck: stats.StateRaised,
			wantShare: 0, wantL: 0, wantR: 0.5,
		},
		{
			name:   "coin toss the seatings do not share: best scores 0, 1/2 or 1 a pair, the seer wins all",
			ladder: skillLadder, games: openings(repeat(60, [2]float64{0, 0}, [2]float64{1, 0}, [2]float64{1, 1}), repeat(60, [2]float64{1, 1})),
			foreseeable: true, wantState: stats.SkillMeasured, wantCheck: stats.StateRaised,
			wantShare: 0, wantL: 0, wantR: 0.5,
		},
		{
			name:        "chess-like: nothing to foresee",
			ladder:      stats.Ladder{Rungs: []string{weak, best}},
			games:       openings(repeat(4, [2]float64{1, 1}), repeat(4, [2]float64{1, 1})),
			foreseeable: false, wantState: stats.SkillExact, wantCheck: stats.StateClear,
			wantShare: 1, wantL: math.NaN(), wantR: math.NaN(),
		},
		{
			// x = 1, 1/2, 1, 1/2: S_b = 3/4; y = 1, 1, 1, 1/2: S_c = 7/8;
			// L = 1/4, R = 1/8, share = (1/4)/(3/8) = 2/3.
			name:   "mixed, by hand",
			ladder: skillLadder,
			games: openings(repeat(40, [2]float64{1, 1}, [2]float64{1, 0}, [2]float64{1, 1}, [2]float64{1, 0}),
				repeat(40, [2]float64{1, 1}, [2]float64{1, 1}, [2]float64{1, 1}, [2]float64{0, 1})),
			foreseeable: true, wantState: stats.SkillMeasured, wantCheck: stats.StateClear,
			wantShare: 2.0 / 3, wantL: 0.25, wantR: 0.125,
		},
		{
			name:   "nobody beats anybody: L + R cannot be told from zero",
			ladder: skillLadder,
			games: openings(repeat(20, [2]float64{1, 0}, [2]float64{0, 0}, [2]float64{1, 1}),
				repeat(20, [2]float64{0, 0}, [2]float64{1, 1}, [2]float64{0, 1})),
			foreseeable: true, wantState: stats.SkillIndistinct, wantCheck: stats.StateUndecided,
			wantShare: math.NaN(), wantL: math.NaN(), wantR: math.NaN(),
		},
		{
			name:        "chance but no clairvoyant rung",
			ladder:      stats.Ladder{Rungs: []string{weak, best}},
			games:       openings(repeat(4, [2]float64{1, 1}), repeat(4, [2]float64{1, 1})),
			foreseeable: true, wantState: stats.SkillUnmeasured, wantCheck: stats.StateNotAssessed,
			wantShare: math.NaN(), wantL: math.NaN(), wantR: math.NaN(),
		},
	}
	near := func(got, want float64) bool { return math.IsNaN(want) || math.Abs(got-want) < 1e-9 }
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := stats.MeasureSkill(c.ladder, c.games, c.foreseeable, th)
			if s.State != c.wantState {
				t.Fatalf("state %q (%s), want %q", s.State, s.Reason, c.wantState)
			}
			if !near(s.Share.Est, c.wantShare) || !near(s.Learning.Est, c.wantL) || !near(s.Random.Est, c.wantR) {
				t.Errorf("share %g, L %g, R %g; want %g, %g, %g", s.Share.Est, s.Learning.Est, s.Random.Est, c.wantShare, c.wantL, c.wantR)
			}
			if s.State == stats.SkillMeasured {
				if !(s.Share.Lo <= s.Share.Est && s.Share.Est <= s.Share.Hi && s.Share.Lo < s.Share.Hi) {
					t.Errorf("share interval %+v does not hold its estimate", s.Share)
				}
				if s.Games != 4*s.Pairs || s.Pairs == 0 {
					t.Errorf("%d games over %d openings", s.Games, s.Pairs)
				}
				if got := s.BestScore.Est - 0.5; !near(got, s.Learning.Est) {
					t.Errorf("L %g is not S_b - 1/2 = %g", s.Learning.Est, got)
				}
				if got := s.SeerScore.Est - s.BestScore.Est; !near(got, s.Random.Est) {
					t.Errorf("R %g is not S_c - S_b = %g", s.Random.Est, got)
				}
			}
			chk := stats.LuckCheck(s, th)
			if chk.Name != stats.FlagLuckDominated || chk.State != c.wantCheck || chk.Raised != (c.wantCheck == stats.StateRaised) {
				t.Errorf("check %s %s (raised %v), want %s: %s", chk.Name, chk.State, chk.Raised, c.wantCheck, chk.Detail)
			}
		})
	}
}

// TestFiellerEnds checks the interval's ends against Fieller's defining
// equation (a - θb)² = z² Var(a - θb), with the variances computed here
// from the openings' pair scores.
func TestFiellerEnds(t *testing.T) {
	xs := []float64{1, 0.5, 0.75, 0.5, 1, 0.25, 0.75, 1}
	ys := []float64{1, 1, 0.75, 1, 1, 0.5, 1, 1}
	var bestPairs, seerPairs [][2]float64
	split := func(v float64) [2]float64 { // a pair score per game as two results
		switch v {
		case 1:
			return [2]float64{1, 1}
		case 0.75:
			return [2]float64{1, 0.5}
		case 0.5:
			return [2]float64{1, 0}
		}
		return [2]float64{0.5, 0}
	}
	for k := range xs {
		bestPairs, seerPairs = append(bestPairs, split(xs[k])), append(seerPairs, split(ys[k]))
	}
	th := stats.DefaultThresholds()
	s := stats.MeasureSkill(skillLadder, openings(bestPairs, seerPairs), true, th)
	if s.State != stats.SkillMeasured {
		t.Fatalf("state %s: %s", s.State, s.Reason)
	}
	n := float64(len(xs))
	m := func(v []float64) float64 {
		var t float64
		for _, x := range v {
			t += x
		}
		return t / n
	}
	cov := func(u, v []float64) float64 {
		mu, mv := m(u), m(v)
		var c float64
		for i := range u {
			c += (u[i] - mu) * (v[i] - mv)
		}
		return c / (n - 1) / n
	}
	a, b := m(xs)-0.5, m(ys)-0.5
	z := 1.959963984540054
	for _, theta := range []float64{s.Share.Lo, s.Share.Hi} {
		lhs := (a - theta*b) * (a - theta*b)
		rhs := z * z * (cov(xs, xs) - 2*theta*cov(xs, ys) + theta*theta*cov(ys, ys))
		if math.Abs(lhs-rhs) > 1e-9 {
			t.Errorf("end %g: (a - θb)² = %g, z² Var = %g", theta, lhs, rhs)
		}
	}
	if math.Abs(s.Share.Est-a/b) > 1e-12 {
		t.Errorf("share %g, want %g", s.Share.Est, a/b)
	}
}

func TestAnalyzeLeavesTheSeerOut(t *testing.T) {
	// The ladder's own pairing, and the clairvoyant rung's.
	games := openings(repeat(30, [2]float64{1, 1}, [2]float64{1, 0}), repeat(30, [2]float64{1, 1}))
	th := stats.DefaultThresholds()
	for _, foreseeable := range []bool{true, false} {
		a, err := stats.Analyze(skillLadder, stats.StartInfo{Foreseeable: foreseeable}, games, th)
		if err != nil {
			t.Fatal(err)
		}
		withoutSeer := []stats.Game{}
		for _, g := range games {
			if !stats.IsSeer(g.P0) && !stats.IsSeer(g.P1) {
				withoutSeer = append(withoutSeer, g)
			}
		}
		plain, err := stats.Analyze(stats.Ladder{Rungs: skillLadder.Rungs}, stats.StartInfo{Foreseeable: foreseeable}, withoutSeer, th)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range a.Pairings {
			if stats.IsSeer(p.Specs[0]) || stats.IsSeer(p.Specs[1]) {
				t.Errorf("a pairing names the clairvoyant rung: %v", p.Specs)
			}
		}
		if _, ok := a.Ratings.Lookup(seer); ok || len(a.Ratings.Rungs) != 2 {
			t.Errorf("the ratings hold %d rungs, the clairvoyant one among them: %v", len(a.Ratings.Rungs), ok)
		}
		for i, c := range plain.Checks[:len(plain.Checks)-1] {
			if got := a.Checks[i]; got.State != c.State || got.Value != c.Value || got.Detail != c.Detail {
				t.Errorf("%s read the clairvoyant rung's games: %s, without them %s", c.Name, got.Detail, c.Detail)
			}
		}
		last := a.Checks[len(a.Checks)-1]
		if last.Name != stats.FlagLuckDominated {
			t.Fatalf("last check %s, want %s", last.Name, stats.FlagLuckDominated)
		}
		// x = 1, 1/2: S_b = 3/4, S_c = 1: share 1/2 when measured.
		wantShare := map[bool]float64{true: 0.5, false: 1}[foreseeable]
		if math.Abs(a.Skill.Share.Est-wantShare) > 1e-9 {
			t.Errorf("foreseeable %v: share %g, want %g", foreseeable, a.Skill.Share.Est, wantShare)
		}
		if foreseeable && !(a.Skill.EloOK && a.Skill.EloShare > 0 && a.Skill.EloShare < 1 && a.Skill.SeerRating != nil) {
			t.Errorf("Elo form missing or outside (0, 1): ok %v, share %g", a.Skill.EloOK, a.Skill.EloShare)
		}
	}
}

// The clairvoyant rung plays the weakest to the cap, and so does the
// strongest rung when a clairvoyant one is on the ladder, as the skill
// share reads their pairs side by side; against another rung it plays the
// minimum. Every game here is won by the first-named, so the usual tests
// would stop at the minimum.
func TestDecideSkillPairings(t *testing.T) {
	th := stats.DefaultThresholds()
	th.MaxGames = 60
	middle := "mcts:i50"
	three := stats.Ladder{Rungs: []string{weak, middle, best}, Seer: seer}
	plain := stats.Ladder{Rungs: []string{weak, middle, best}}
	cases := []struct {
		name         string
		ladder       stats.Ladder
		subject, vs  string
		games        int
		wantContinue bool
	}{
		{"seer against the weakest, 10 games", three, seer, weak, 10, true},
		{"seer against the weakest, 58 games", three, seer, weak, 58, true},
		{"seer against the weakest, at the cap", three, seer, weak, 60, false},
		{"seer against the middle rung, 8 games", three, seer, middle, 8, true},
		{"seer against the middle rung, at the minimum", three, seer, middle, 10, false},
		{"strongest against the weakest beside a seer", three, best, weak, 40, true},
		{"strongest against the weakest beside a seer, at the cap", three, best, weak, 60, false},
		{"strongest against the weakest without a seer", plain, best, weak, 40, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var games []stats.Game
			for k := range c.games / 2 {
				games = append(games, pairOf(c.subject, c.vs, uint64(k+1), 1, 1)...)
			}
			d, err := stats.Decide(c.ladder, th, games)
			if err != nil {
				t.Fatal(err)
			}
			if d.Continue != c.wantContinue {
				t.Errorf("continue %v (%s), want %v", d.Continue, d.Reason, c.wantContinue)
			}
		})
	}
}

func TestLadderValidateSeer(t *testing.T) {
	cases := []struct {
		seer    string
		wantErr string
	}{
		{stats.SeerOf(best), ""},
		{best, "must be a seer: spec"},
		{"", ""},
	}
	for _, c := range cases {
		l := stats.Ladder{Rungs: []string{weak, best}, Seer: c.seer}
		err := l.Validate()
		if (err == nil) != (c.wantErr == "") || err != nil && !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("seer %q: %v, want %q", c.seer, err, c.wantErr)
		}
	}
}

// TestChanceAlone: when every pairing gets the same result from the same
// dice and the dice decide differently on different openings, the share
// is 0 exactly and luck_dominated is raised; one pairing that differs, or
// a seat that always wins, is no proof.
func TestChanceAlone(t *testing.T) {
	// seatWins plays best and seer against weak on seed, seat winning
	// every game (0 or 1).
	seatWins := func(seed uint64, seat int) []stats.Game {
		first, second := 1.0, 0.0 // the subject wins moving first, loses moving second
		if seat == 1 {
			first, second = 0, 1
		}
		return append(pairOf(best, weak, seed, first, second), pairOf(seer, weak, seed, first, second)...)
	}
	var alone, differs, seatDecides []stats.Game
	for seed := uint64(1); seed <= 6; seed++ {
		alone = append(alone, seatWins(seed, int(seed%2))...)
		seatDecides = append(seatDecides, seatWins(seed, 0)...)
		if seed == 3 {
			// The clairvoyant player wins both games of its pair here.
			differs = append(differs, pairOf(best, weak, seed, 1, 0)...)
			differs = append(differs, pairOf(seer, weak, seed, 1, 1)...)
			continue
		}
		differs = append(differs, seatWins(seed, int(seed%2))...)
	}
	cases := []struct {
		name   string
		games  []stats.Game
		alone  bool
		raised bool
	}{
		{"the dice decide for every pairing", alone, true, true},
		{"one pairing differs on one opening", differs, false, false},
		{"the first seat always wins", seatDecides, false, false},
	}
	th := stats.DefaultThresholds()
	for _, c := range cases {
		s := stats.MeasureSkill(skillLadder, c.games, true, th)
		if got := s.State == stats.SkillChanceAlone; got != c.alone {
			t.Errorf("%s: state %s (%s)", c.name, s.State, s.Reason)
		}
		if c.alone && (s.Share.Est != 0 || s.Share.Hi != 0) {
			t.Errorf("%s: share %+v, want 0 exactly", c.name, s.Share)
		}
		if got := stats.LuckCheck(s, th).State == stats.StateRaised; got != c.raised {
			t.Errorf("%s: luck_dominated raised %v, want %v", c.name, got, c.raised)
		}
	}
}

// TestDepthFromSameResults: when every pairing gets the same result by
// seat on every opening, the strongest rung's score against the weakest
// is one half exactly and depth_insensitive is raised; one opening where
// the strongest wins both games leaves the usual reading.
func TestDepthFromSameResults(t *testing.T) {
	rungs := []string{weak, "mcts:i50", best}
	ladder := stats.Ladder{Rungs: rungs}
	play := func(differ bool) []stats.Game {
		var games []stats.Game
		for seed := uint64(1); seed <= 4; seed++ {
			for i := 0; i < len(rungs); i++ {
				for j := i + 1; j < len(rungs); j++ {
					first, second := 1.0, 0.0 // the first seat wins both games
					if differ && seed == 2 && rungs[j] == best && rungs[i] == weak {
						first, second = 0, 0 // weak (the subject) loses both: best wins as second too
					}
					games = append(games, pairOf(rungs[i], rungs[j], seed, first, second)...)
				}
			}
		}
		return games
	}
	for _, c := range []struct {
		name  string
		games []stats.Game
		exact bool
	}{
		{"the seat decides every game", play(false), true},
		{"the strongest wins one pair outright", play(true), false},
	} {
		a, err := stats.Analyze(ladder, stats.StartInfo{}, c.games, stats.DefaultThresholds())
		if err != nil {
			t.Fatal(err)
		}
		for _, ch := range a.Checks {
			if ch.Name != stats.FlagDepthInsensitive {
				continue
			}
			exact := ch.Value.Method == stats.MethodSameResults
			if exact != c.exact || c.exact && (ch.State != stats.StateRaised || ch.Value.Lo != 0.5 || ch.Value.Hi != 0.5) {
				t.Errorf("%s: depth check %s %+v (%s)", c.name, ch.State, ch.Value, ch.Detail)
			}
		}
	}
}
