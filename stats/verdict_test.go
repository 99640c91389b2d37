package stats

import (
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
)

func rateIv(v float64) Interval { return Interval{Est: v, Lo: v - 0.05, Hi: v + 0.05} }

// calm is a Measures that raises nothing under the default thresholds.
func calm() Measures {
	return Measures{Scope: "games", ScopeGames: 100,
		Draws: rateIv(0.3), Unfinished: rateIv(0.1), Short: rateIv(0.05),
		FirstMover: rateIv(0.52), FirstMoverFrom: "mirror", FirstMoverGames: 100, FirstMoverPairs: rateIv(0.52),
		Depth: rateIv(0.9), DepthOK: true, DepthTop: "s", DepthLow: "w", DepthGames: 100}
}

// Each flag is raised only when its whole interval lies beyond its
// threshold, cleared only when the whole interval lies on the good side,
// and undecided (with games still needed) in between.
func TestChecksByInterval(t *testing.T) {
	th := DefaultThresholds()
	iv := func(lo, hi float64) Interval { return Interval{Est: (lo + hi) / 2, Lo: lo, Hi: hi} }
	const eps = 1e-9
	type set func(*Measures, Interval)
	draws := func(m *Measures, v Interval) { m.Draws = v }
	unfinished := func(m *Measures, v Interval) { m.Unfinished = v }
	short := func(m *Measures, v Interval) { m.Short = v }
	first := func(m *Measures, v Interval) { m.FirstMover = v }
	depth := func(m *Measures, v Interval) { m.Depth = v }
	cases := []struct {
		flag  string
		set   set
		value Interval
		state string
	}{
		{FlagDrawHeavy, draws, iv(0.65, th.DrawHeavy), StateClear},
		{FlagDrawHeavy, draws, iv(0.70, 0.78), StateUndecided},
		{FlagDrawHeavy, draws, iv(th.DrawHeavy+eps, 0.85), StateRaised},
		{FlagUnfinished, unfinished, iv(0.40, th.Unfinished), StateClear},
		{FlagUnfinished, unfinished, iv(0.44, 0.54), StateUndecided},
		{FlagUnfinished, unfinished, iv(th.Unfinished+eps, 0.6), StateRaised},
		{FlagShort, short, iv(0.1, th.Short), StateClear},
		{FlagShort, short, iv(th.Short+eps, 0.4), StateRaised},
		{FlagOneSided, first, iv(1-th.OneSided, th.OneSided), StateClear},
		{FlagOneSided, first, iv(0.58, 0.70), StateUndecided},
		{FlagOneSided, first, iv(0.30, 0.42), StateUndecided},
		{FlagOneSided, first, iv(th.OneSided+eps, 0.8), StateRaised},
		{FlagOneSided, first, iv(0.2, 1-th.OneSided-eps), StateRaised},
		{FlagDepthInsensitive, depth, iv(th.DepthMinScore, 0.9), StateClear},
		{FlagDepthInsensitive, depth, iv(0.66, 0.76), StateUndecided},
		{FlagDepthInsensitive, depth, iv(0.5, th.DepthMinScore-eps), StateRaised},
	}
	for _, c := range Checks(calm(), th) {
		if c.State != StateClear {
			t.Fatalf("calm measures: %s is %s", c.Name, c.State)
		}
	}
	for _, c := range cases {
		m := calm()
		c.set(&m, c.value)
		checks := Checks(m, th)
		for _, ch := range checks {
			want := StateClear
			if ch.Name == c.flag {
				want = c.state
			}
			if ch.State != want || ch.Raised != (want == StateRaised) {
				t.Errorf("%s at [%.3f, %.3f]: %s is %s (raised %v), want %s", c.flag, c.value.Lo, c.value.Hi, ch.Name, ch.State, ch.Raised, want)
			}
			if ch.State == StateUndecided && ch.MoreGames < 1 {
				t.Errorf("%s undecided without an estimate of the games needed (%d)", ch.Name, ch.MoreGames)
			}
		}
		want := map[string]string{StateClear: Viable, StateUndecided: Inconclusive, StateRaised: NotViable}[c.state]
		if got := VerdictOf(checks); got != want {
			t.Errorf("%s at [%.3f, %.3f]: verdict %s, want %s", c.flag, c.value.Lo, c.value.Hi, got, want)
		}
	}
}

// The games an undecided check still needs grow as the estimate nears
// the threshold, and are unbounded (-1) on it.
func TestMoreGames(t *testing.T) {
	th := DefaultThresholds()
	cases := []struct {
		est  float64
		want int
	}{
		// Half-width 0.1 over 100 games: to clear a gap g the interval
		// must shrink by 0.1/g, so n grows by (0.1/g)^2.
		{0.70, 300}, // gap 0.05 from 0.75: 400 games in all
		{0.80, 300},
		{0.675, 78}, // gap 0.075: 177.8, so 178 in all
		{0.75, -1},
	}
	for _, c := range cases {
		m := calm()
		m.Draws = Interval{Est: c.est, Lo: c.est - 0.1, Hi: c.est + 0.1}
		for _, ch := range Checks(m, th) {
			if ch.Name == FlagDrawHeavy && ch.MoreGames != c.want {
				t.Errorf("draw rate %.3f ±0.1 over 100 games: %d more games, want %d", c.est, ch.MoreGames, c.want)
			}
		}
	}
}

func TestChecksNotAssessedWithoutGames(t *testing.T) {
	m := Measures{Draws: rateIv(1), Unfinished: rateIv(1), Short: rateIv(1), FirstMover: rateIv(1), Depth: rateIv(0)}
	for _, c := range Checks(m, DefaultThresholds()) {
		if c.Assessed || c.Raised {
			t.Errorf("%s: assessed %v raised %v with no games", c.Name, c.Assessed, c.Raised)
		}
	}
}

// gamesWith makes n scope games, the first k with feature set to v.
func gamesWith(n, k int, feature string, v int) []Game {
	gs := make([]Game, n)
	for i := range gs {
		gs[i] = Game{P0: "a", P1: "a", Winner: -1, Rule: engine.EndRepetition, Plies: 60, Features: map[string]int{}}
		if i < k {
			gs[i].Features[feature] = v
		}
	}
	return gs
}

func TestWarningsAtTheirThresholds(t *testing.T) {
	th := DefaultThresholds() // RareUse .05, EarlyRate .5, EarlyPlies 10
	has := func(ws []Warning, name string) bool {
		for _, w := range ws {
			if w.Name == name {
				return true
			}
		}
		return false
	}
	reachGames := func(k int) []Game {
		gs := gamesWith(20, 0, "", 0)
		for i := range k {
			gs[i].Rule, gs[i].Winner, gs[i].Plies = engine.EndReach, 0, 9
		}
		return gs
	}
	cases := []struct {
		name   string
		start  StartInfo
		raise  []Game
		spare  []Game
		warned string
	}{
		// Unused: the share's whole interval at or below RareUse. No
		// castling in 100 games: up to 0.037; one in 100: up to 0.054.
		{"castling used in none of 100 vs 1 of 100", StartInfo{UsesCastling: true},
			gamesWith(100, 0, protocol.FeatureCastling, 1), gamesWith(100, 1, protocol.FeatureCastling, 1), WarnCastlingUnused},
		{"castling used in none of 20: too few games to say", StartInfo{UsesCastling: true},
			gamesWith(100, 0, protocol.FeatureCastling, 1), gamesWith(20, 0, protocol.FeatureCastling, 1), WarnCastlingUnused},
		{"en passant", StartInfo{UsesEnPassant: true},
			gamesWith(100, 0, protocol.FeatureEnPassant, 1), gamesWith(100, 2, protocol.FeatureEnPassant, 1), WarnEnPassantUnused},
		// Rare but sound, as in orthodox chess: taken in no game, but
		// offered in 8 of 100 (a double step beside an enemy pawn).
		{"en passant never taken but offered", StartInfo{UsesEnPassant: true},
			gamesWith(100, 0, protocol.FeatureEnPassantChances, 1), gamesWith(100, 8, protocol.FeatureEnPassantChances, 1), WarnEnPassantUnused},
		{"double step", StartInfo{UsesDoubleStep: true},
			gamesWith(100, 0, protocol.FeatureDoubleStep, 3), gamesWith(100, 20, protocol.FeatureDoubleStep, 3), WarnDoubleStepUnused},
		{"hazard met in no game vs 2 of 100", StartInfo{HasHazard: true, Hazard: "the blast"},
			gamesWith(100, 0, protocol.FeatureHazardMet, 1), gamesWith(100, 2, protocol.FeatureHazardMet, 1), WarnHazardAvoided},
		{"wild piece taken by ply 10 in 10 of 20 vs 9 of 20", StartInfo{HasNPCs: true},
			gamesWith(20, 10, protocol.FeatureNPCTakenPly, 10), gamesWith(20, 9, protocol.FeatureNPCTakenPly, 10), WarnWildPieceEarly},
		{"wild piece taken at ply 11 is not early", StartInfo{HasNPCs: true},
			gamesWith(20, 20, protocol.FeatureNPCTakenPly, 3), gamesWith(20, 20, protocol.FeatureNPCTakenPly, 11), WarnWildPieceEarly},
		{"goal reached early via goal_ply", StartInfo{HasReach: true},
			gamesWith(20, 10, protocol.FeatureGoalPly, 7), gamesWith(20, 10, protocol.FeatureGoalPly, 30), WarnGoalEarly},
		{"goal reached early via reach endings", StartInfo{HasReach: true},
			reachGames(10), reachGames(9), WarnGoalEarly},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if w := Warnings(c.start, c.raise, calm(), 0, th); !has(w, c.warned) {
				t.Errorf("want %s, got %+v", c.warned, w)
			}
			if w := Warnings(c.start, c.spare, calm(), 0, th); has(w, c.warned) {
				t.Errorf("did not want %s, got %+v", c.warned, w)
			}
			if w := Warnings(StartInfo{}, c.raise, calm(), 0, th); has(w, c.warned) {
				t.Errorf("rule absent from the file, yet warned %s", c.warned)
			}
		})
	}

	// Weak play is no evidence that a rule goes unused: without a clear
	// gain in strength up the ladder the warning is withheld.
	t.Run("unused rule under unskilful play", func(t *testing.T) {
		weak := calm()
		weak.Depth = Interval{Est: 0.75, Lo: 0.6, Hi: 0.85}
		if w := Warnings(StartInfo{UsesCastling: true}, gamesWith(100, 0, protocol.FeatureCastling, 1), weak, 0, th); has(w, WarnCastlingUnused) {
			t.Errorf("warned %s although the ladder shows no clear skill: %+v", WarnCastlingUnused, w)
		}
	})

	t.Run("first move capture", func(t *testing.T) {
		start := StartInfo{FirstMoveCapture: [2]bool{false, true}, FirstMoveCaptures: [2][]string{nil, {"Ch8xh2"}}}
		w := Warnings(start, nil, calm(), 0, th)
		if !has(w, WarnFirstMoveCapture) || !strings.Contains(w[0].Detail, "player 1 (Ch8xh2)") {
			t.Errorf("got %+v", w)
		}
		if has(Warnings(StartInfo{}, nil, calm(), 0, th), WarnFirstMoveCapture) {
			t.Error("no capture on the first move, yet warned")
		}
	})
	t.Run("first mover edge", func(t *testing.T) {
		m := calm()
		m.FirstMover = Interval{Est: th.FirstMoverEdge, Lo: 0.51, Hi: 0.6}
		if !has(Warnings(StartInfo{}, nil, m, 0, th), WarnFirstMoverEdge) {
			t.Error("edge at the threshold with an interval above 1/2: want a warning")
		}
		m.FirstMover = Interval{Est: th.FirstMoverEdge, Lo: 0.49, Hi: 0.6}
		if has(Warnings(StartInfo{}, nil, m, 0, th), WarnFirstMoverEdge) {
			t.Error("interval reaches 1/2: no warning wanted")
		}
		m.FirstMover = Interval{Est: th.FirstMoverEdge - 0.001, Lo: 0.51, Hi: 0.6}
		if has(Warnings(StartInfo{}, nil, m, 0, th), WarnFirstMoverEdge) {
			t.Error("edge below the threshold: no warning wanted")
		}
		m.FirstMover = Interval{Est: 1 - th.FirstMoverEdge, Lo: 0.4, Hi: 0.49}
		if w := Warnings(StartInfo{}, nil, m, 0, th); !has(w, WarnFirstMoverEdge) || !strings.Contains(w[0].Detail, "second mover") {
			t.Errorf("second mover ahead: got %+v", w)
		}
	})
	t.Run("errors", func(t *testing.T) {
		if !has(Warnings(StartInfo{}, nil, calm(), 3, th), WarnGameErrors) {
			t.Error("error games: want a warning")
		}
	})
}
