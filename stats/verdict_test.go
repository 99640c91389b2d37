package stats

import (
	"balancefarm/protocol"
	"strings"
	"testing"
)

func rateIv(v float64) Interval { return Interval{Est: v, Lo: v - 0.05, Hi: v + 0.05} }

// calm is a Measures that raises nothing under the default thresholds.
func calm() Measures {
	return Measures{Scope: "games", ScopeGames: 100,
		Draws: rateIv(0.3), Unfinished: rateIv(0.1), Short: rateIv(0.05),
		FirstMover: rateIv(0.52), FirstMoverFrom: "mirror", FirstMoverGames: 100, FirstMoverPairs: rateIv(0.52),
		Depth: rateIv(0.9), DepthOK: true, DepthTop: "s", DepthLow: "w", DepthGames: 100}
}

func TestChecksAtTheirThresholds(t *testing.T) {
	th := DefaultThresholds()
	const eps = 1e-9
	cases := []struct {
		flag   string
		set    func(*Measures, float64)
		at     float64 // exactly the threshold: not raised
		beyond float64 // just past it: raised
	}{
		{FlagDrawHeavy, func(m *Measures, v float64) { m.Draws = rateIv(v) }, th.DrawHeavy, th.DrawHeavy + eps},
		{FlagUnfinished, func(m *Measures, v float64) { m.Unfinished = rateIv(v) }, th.Unfinished, th.Unfinished + eps},
		{FlagShort, func(m *Measures, v float64) { m.Short = rateIv(v) }, th.Short, th.Short + eps},
		{FlagOneSided, func(m *Measures, v float64) { m.FirstMover, m.FirstMoverPairs = rateIv(v), rateIv(v) }, th.OneSided, th.OneSided + eps},
		{FlagOneSided, func(m *Measures, v float64) { m.FirstMover, m.FirstMoverPairs = rateIv(v), rateIv(v) }, 1 - th.OneSided, 1 - th.OneSided - eps},
		{FlagDepthInsensitive, func(m *Measures, v float64) { m.Depth = rateIv(v) }, th.DepthMinScore, th.DepthMinScore - eps},
	}
	raised := func(m Measures) []string {
		var out []string
		for _, c := range Checks(m, th) {
			if c.Raised {
				out = append(out, c.Name)
			}
		}
		return out
	}
	if r := raised(calm()); len(r) != 0 {
		t.Fatalf("calm measures raised %v", r)
	}
	for _, c := range cases {
		m := calm()
		c.set(&m, c.at)
		if r := raised(m); len(r) != 0 {
			t.Errorf("%s at its threshold %.4f raised %v", c.flag, c.at, r)
		}
		c.set(&m, c.beyond)
		if r := raised(m); len(r) != 1 || r[0] != c.flag {
			t.Errorf("%s just past its threshold (%.10f) raised %v", c.flag, c.beyond, r)
		}
	}
}

// A first mover's score past the threshold that chance explains (the
// interval over pairs holds 0.5) raises nothing.
func TestOneSidedNeedsSignificance(t *testing.T) {
	th := DefaultThresholds()
	m := calm()
	m.FirstMover = rateIv(0.67)
	m.FirstMoverPairs = Interval{Est: 0.67, Lo: 0.49, Hi: 0.85}
	for _, c := range Checks(m, th) {
		if c.Raised {
			t.Errorf("%s raised on a first-mover score chance explains", c.Name)
		}
	}
	m.FirstMoverPairs = Interval{Est: 0.67, Lo: 0.52, Hi: 0.82}
	raised := 0
	for _, c := range Checks(m, th) {
		if c.Raised && c.Name == FlagOneSided {
			raised++
		}
	}
	if raised != 1 {
		t.Errorf("one_sided not raised on a significant first-mover score")
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
		gs[i] = Game{P0: "a", P1: "a", Winner: -1, Rule: EndRepetition, Plies: 60, Features: map[string]int{}}
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
			gs[i].Rule, gs[i].Winner, gs[i].Plies = EndReach, 0, 9
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
		{"castling used in 1 of 20 (= RareUse) vs 2 of 20", StartInfo{UsesCastling: true},
			gamesWith(20, 1, protocol.FeatureCastling, 1), gamesWith(20, 2, protocol.FeatureCastling, 1), WarnCastlingUnused},
		{"en passant", StartInfo{UsesEnPassant: true},
			gamesWith(20, 0, protocol.FeatureEnPassant, 1), gamesWith(20, 2, protocol.FeatureEnPassant, 1), WarnEnPassantUnused},
		{"double step", StartInfo{UsesDoubleStep: true},
			gamesWith(20, 1, protocol.FeatureDoubleStep, 3), gamesWith(20, 20, protocol.FeatureDoubleStep, 3), WarnDoubleStepUnused},
		{"hazard met in no game vs 2 of 20", StartInfo{HasHazard: true, Hazard: "the blast"},
			gamesWith(20, 0, protocol.FeatureHazardMet, 1), gamesWith(20, 2, protocol.FeatureHazardMet, 1), WarnHazardAvoided},
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
