package stats_test

import (
	"math"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/stats"
	"balancefarm/stats/synth"
)

// replayed is one game of the strongest rung against itself from an
// opening, replayed games times by deterministic players.
type replayed struct {
	opening uint64
	line    uint64 // the game's line; 0 takes one per opening
	games   int
	winner  int
	rule    engine.Ending
	plies   int
}

const topRung = "ab:d3"

// mirrorOf makes the strongest rung's games against itself from each
// replayed game.
func mirrorOf(plays []replayed) []stats.Game {
	var out []stats.Game
	for _, p := range plays {
		line := p.line
		if line == 0 {
			line = 1000 + p.opening
		}
		for range p.games {
			out = append(out, stats.Game{P0: topRung, P1: topRung, Winner: p.winner, Rule: p.rule, Plies: p.plies,
				Opening: p.opening, Line: line, Features: map[string]int{"choices": 20}})
		}
	}
	return out
}

// ladderWith is a healthy ladder's games in which the only games of a
// rung against itself are the strongest rung's, those of plays.
func ladderWith(t *testing.T, plays []replayed) []stats.Game {
	t.Helper()
	games, err := synth.Games(synth.Config{Ladder: ladder, Elo: []float64{0, 200, 400, 600}, FirstMoveElo: 20, DrawRate: 0.3,
		Pairs: 30, Mirror: false, MaxPlies: 300, MeanPlies: 80, TimeoutShare: 0.1, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	return append(games, mirrorOf(plays)...)
}

func TestRatesReadOverOpeningLines(t *testing.T) {
	win := func(opening uint64, games int) replayed {
		return replayed{opening: opening, games: games, winner: 0, rule: engine.EndCheckmate, plies: 30}
	}
	draw := func(opening uint64, games int) replayed {
		return replayed{opening: opening, games: games, winner: -1, rule: engine.EndRepetition, plies: 40}
	}
	halves := []stats.OpeningLine{{Hash: 1, Prob: 0.5}, {Hash: 2, Prob: 0.5}}
	thirds := []stats.OpeningLine{{Hash: 1, Prob: 0.5}, {Hash: 2, Prob: 0.25}, {Hash: 3, Prob: 0.25}}
	type want struct {
		lo, hi float64
		method string
	}
	cases := []struct {
		name      string
		openings  []stats.OpeningLine
		plays     []replayed
		sentence  string // in Measures.Openings; "" wants it empty
		first     want
		draws     want
		states    map[string]string
		moreGames map[string]int
	}{
		{name: "two lines, the first mover wins both", openings: halves,
			plays:    []replayed{win(1, 40), win(2, 28)},
			sentence: "exact: all 2 lines of the random opening are played",
			first:    want{1, 1, stats.MethodOpeningsExact}, draws: want{0, 0, stats.MethodOpeningsExact},
			states: map[string]string{stats.FlagOneSided: stats.StateRaised, stats.FlagDrawHeavy: stats.StateClear,
				stats.FlagShort: stats.StateClear, stats.FlagUnfinished: stats.StateClear}},
		{name: "every line drawn", openings: thirds,
			plays:    []replayed{draw(1, 90), draw(2, 5), draw(3, 5)},
			sentence: "exact: all 3 lines",
			first:    want{0.5, 0.5, stats.MethodOpeningsExact}, draws: want{1, 1, stats.MethodOpeningsExact},
			states: map[string]string{stats.FlagDrawHeavy: stats.StateRaised, stats.FlagOneSided: stats.StateClear}},
		{name: "lines weighted by their chances, not their games", openings: thirds,
			plays:    []replayed{win(1, 2), draw(2, 60), {opening: 3, games: 2, winner: 1, rule: engine.EndCheckmate, plies: 8}},
			sentence: "exact",
			// 0.5*1 + 0.25*0.5 + 0.25*0; short in the line of weight 0.25.
			first: want{0.625, 0.625, stats.MethodOpeningsExact}, draws: want{0.25, 0.25, stats.MethodOpeningsExact},
			states: map[string]string{stats.FlagOneSided: stats.StateClear, stats.FlagShort: stats.StateClear, stats.FlagDrawHeavy: stats.StateClear}},
		{name: "one line of three unplayed bounds the rates", openings: thirds,
			plays:    []replayed{draw(1, 30), draw(2, 30)},
			sentence: "2 of 3 opening lines played (75% of the openings' weight); the rest bound the rates",
			first:    want{0.375, 0.625, stats.MethodOpeningsBound}, draws: want{0.75, 1, stats.MethodOpeningsBound},
			states: map[string]string{stats.FlagDrawHeavy: stats.StateUndecided, stats.FlagOneSided: stats.StateClear,
				stats.FlagShort: stats.StateClear},
			moreGames: map[string]int{stats.FlagDrawHeavy: stats.MoreGamesUnplayedLines}},
		{name: "a single line decided by its one game", openings: []stats.OpeningLine{{Hash: 7, Prob: 1}},
			plays:    []replayed{{opening: 7, games: 1, winner: 0, rule: engine.EndReach, plies: 9}},
			sentence: "single line",
			first:    want{1, 1, stats.MethodOpeningsExact}, draws: want{0, 0, stats.MethodOpeningsExact},
			states: map[string]string{stats.FlagOneSided: stats.StateRaised, stats.FlagShort: stats.StateRaised,
				stats.FlagDrawHeavy: stats.StateClear}},
		{name: "an opening not listed", openings: halves,
			plays: []replayed{win(1, 40), win(2, 27), win(9, 1)},
			first: want{0, 1, stats.MethodWilson}, draws: want{0, 1, stats.MethodWilson},
			states: map[string]string{stats.FlagOneSided: stats.StateUndecided}},
		{name: "two different games from one opening", openings: halves,
			plays: []replayed{win(1, 40), win(2, 27), {opening: 2, line: 77, games: 1, winner: 1, rule: engine.EndCheckmate, plies: 30}},
			first: want{0, 1, stats.MethodNormal}, draws: want{0, 1, stats.MethodWilson}},
		{name: "one opening's games end apart", openings: halves,
			plays: []replayed{win(1, 40), win(2, 27), {opening: 2, line: 1002, games: 1, winner: -1, rule: engine.EndMaxPlies, plies: 300}},
			first: want{0, 1, stats.MethodNormal}, draws: want{0, 1, stats.MethodWilson}},
		{name: "chances that do not sum to one", openings: []stats.OpeningLine{{Hash: 1, Prob: 0.5}, {Hash: 2, Prob: 0.4}},
			plays: []replayed{win(1, 40), win(2, 28)},
			first: want{0, 1, stats.MethodWilson}, draws: want{0, 1, stats.MethodWilson}},
		{name: "lines not listed", openings: nil,
			plays: []replayed{win(1, 40), win(2, 28)},
			first: want{0, 1, stats.MethodWilson}, draws: want{0, 1, stats.MethodWilson},
			states: map[string]string{stats.FlagOneSided: stats.StateUndecided}},
	}
	readOverLines := map[string]bool{stats.FlagDrawHeavy: true, stats.FlagUnfinished: true, stats.FlagShort: true, stats.FlagOneSided: true}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for _, c := range cases {
		a, err := stats.Analyze(ladder, stats.StartInfo{Openings: c.openings}, ladderWith(t, c.plays), stats.DefaultThresholds())
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		m := a.Measures
		if c.sentence == "" && m.Openings != "" || !strings.Contains(m.Openings, c.sentence) {
			t.Errorf("%s: openings %q, want %q", c.name, m.Openings, c.sentence)
		}
		for _, r := range []struct {
			what string
			got  stats.Interval
			want want
		}{{"first mover's score", m.FirstMover, c.first}, {"draw rate", m.Draws, c.draws}} {
			if r.got.Method != r.want.method {
				t.Errorf("%s: %s by %s, want %s", c.name, r.what, r.got.Method, r.want.method)
				continue
			}
			if r.want.method == stats.MethodOpeningsExact || r.want.method == stats.MethodOpeningsBound {
				if !near(r.got.Lo, r.want.lo) || !near(r.got.Hi, r.want.hi) || !r.got.Contains(r.got.Est) {
					t.Errorf("%s: %s %.4f (%.4f-%.4f), want %.4f-%.4f", c.name, r.what, r.got.Est, r.got.Lo, r.got.Hi, r.want.lo, r.want.hi)
				}
			}
		}
		for _, ch := range a.Checks {
			if want, ok := c.states[ch.Name]; ok && ch.State != want {
				t.Errorf("%s: %s %s (%s), want %s", c.name, ch.Name, ch.State, ch.Detail, want)
			}
			if want, ok := c.moreGames[ch.Name]; ok && ch.MoreGames != want {
				t.Errorf("%s: %s wants %d more games, want %d", c.name, ch.Name, ch.MoreGames, want)
			}
			if m.Openings != "" && readOverLines[ch.Name] && !strings.Contains(ch.Detail, "weighted by its chance") {
				t.Errorf("%s: %s's detail %q does not say it is read over the opening lines", c.name, ch.Name, ch.Detail)
			}
		}
	}
}

// The strongest rung's games against itself stop once every opening line
// is played and the rates are exact, however few games that is; with a
// line unplayed they go on as before.
func TestDecideOverOpeningLines(t *testing.T) {
	th := stats.DefaultThresholds()
	halves := []stats.OpeningLine{{Hash: 1, Prob: 0.5}, {Hash: 2, Prob: 0.5}}
	win := func(opening uint64) replayed {
		return replayed{opening: opening, games: 1, winner: 0, rule: engine.EndCheckmate, plies: 30}
	}
	for _, c := range []struct {
		name     string
		openings []stats.OpeningLine
		games    []stats.Game
		wantMore bool
	}{
		{"both lines played", halves, mirrorOf([]replayed{win(1), win(2)}), false},
		{"one line of two played", halves, mirrorOf([]replayed{win(1), win(1)}), true},
		{"lines not listed", nil, mirrorOf([]replayed{win(1), win(2)}), true},
	} {
		d, err := stats.DecideOver(ladder, th, c.games, c.openings)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if d.Continue != c.wantMore {
			t.Errorf("%s: continue %v (%s), want %v", c.name, d.Continue, d.Reason, c.wantMore)
		}
		if c.openings == nil {
			plain, err := stats.Decide(ladder, th, c.games)
			if err != nil || plain.Continue != d.Continue || plain.Reason != d.Reason {
				t.Errorf("%s: Decide says %v (%s), DecideOver without lines %v (%s)", c.name, plain.Continue, plain.Reason, d.Continue, d.Reason)
			}
		}
	}
}

// TestFirstMoverScoreOverLines: the live page's and match's first-mover
// score reads the listed lines as the verdict does: exact where every line
// is played by deterministic players, the sampled interval otherwise.
func TestFirstMoverScoreOverLines(t *testing.T) {
	games := mirrorOf([]replayed{
		{opening: 1, games: 30, winner: 0, rule: engine.EndCheckmate, plies: 30},
		{opening: 2, games: 30, winner: -1, rule: engine.EndRepetition, plies: 40},
	})
	lines := []stats.OpeningLine{{Hash: 1, Prob: 0.75}, {Hash: 2, Prob: 0.25}}
	cases := []struct {
		name       string
		lines      []stats.OpeningLine
		est, width float64 // width < 0: any width above zero
	}{
		{"every line played", lines, 0.875, 0},
		{"a line unplayed", append(lines[:1:1], stats.OpeningLine{Hash: 2, Prob: 0.125}, stats.OpeningLine{Hash: 3, Prob: 0.125}), 0, 0.125},
		{"not listed", nil, 0.75, -1},
	}
	for _, c := range cases {
		iv, _ := stats.FirstMoverScoreOver(games, c.lines, 0.95)
		switch {
		case c.width >= 0 && math.Abs(iv.Hi-iv.Lo-c.width) > 1e-9:
			t.Errorf("%s: interval %.3f to %.3f, want width %.3f", c.name, iv.Lo, iv.Hi, c.width)
		case c.width < 0 && iv.Hi-iv.Lo < 1e-6:
			t.Errorf("%s: interval %.3f to %.3f has no width", c.name, iv.Lo, iv.Hi)
		case c.est > 0 && math.Abs(iv.Est-c.est) > 1e-9:
			t.Errorf("%s: estimate %.4f, want %.4f", c.name, iv.Est, c.est)
		}
	}
}
