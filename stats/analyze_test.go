package stats_test

import (
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/stats"
	"balancefarm/stats/synth"
)

var ladder = stats.Ladder{
	Rungs:     []string{"random", "ab:d1", "ab:d2", "ab:d3"},
	Doublings: []stats.Doubling{{Weak: "ab:d1", Strong: "ab:d2"}, {Weak: "ab:d2", Strong: "ab:d3"}},
}

func healthy(t *testing.T, elo []float64) []stats.Game {
	t.Helper()
	games, err := synth.Games(synth.Config{Ladder: ladder, Elo: elo, FirstMoveElo: 20, DrawRate: 0.3,
		Pairs: 30, Mirror: true, MaxPlies: 300, MeanPlies: 80, TimeoutShare: 0.1, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// strongGames applies f to the i-th game between the two strongest rungs.
func strongGames(games []stats.Game, f func(i int, g *stats.Game)) {
	i := 0
	for k := range games {
		g := &games[k]
		if (g.P0 == "ab:d2" || g.P0 == "ab:d3") && (g.P1 == "ab:d2" || g.P1 == "ab:d3") {
			f(i, g)
			i++
		}
	}
}

func TestAnalyzeVerdicts(t *testing.T) {
	steady := []float64{0, 200, 400, 600}
	cases := []struct {
		name   string
		games  func() []stats.Game
		raised string // "" for viable, "?flag" for inconclusive on flag
	}{
		{"healthy ladder", func() []stats.Game { return healthy(t, steady) }, ""},
		{"strong rungs draw", func() []stats.Game {
			gs := healthy(t, steady)
			strongGames(gs, func(i int, g *stats.Game) { g.Winner, g.Rule = -1, engine.EndRepetition })
			return gs
		}, stats.FlagDrawHeavy},
		{"most strong games hit the ply limit", func() []stats.Game {
			gs := healthy(t, steady)
			strongGames(gs, func(i int, g *stats.Game) {
				if i%5 < 4 {
					g.Winner, g.Rule, g.Plies = -1, engine.EndMaxPlies, 300
				} else {
					g.Winner, g.Rule = i%2, engine.EndCheckmate
				}
			})
			return gs
		}, stats.FlagUnfinished},
		{"many strong games are over within 10 plies", func() []stats.Game {
			gs := healthy(t, steady)
			strongGames(gs, func(i int, g *stats.Game) {
				if i%10 < 5 {
					g.Plies = 7
				}
			})
			return gs
		}, stats.FlagShort},
		{"the ply limit in about the threshold's share of games", func() []stats.Game {
			gs := healthy(t, steady)
			strongGames(gs, func(i int, g *stats.Game) {
				if i%2 == 0 {
					g.Winner, g.Rule, g.Plies = -1, engine.EndMaxPlies, 300
				} else {
					g.Winner, g.Rule = (i/2)%2, engine.EndCheckmate
				}
			})
			return gs
		}, "?" + stats.FlagUnfinished},
		{"the first mover always wins the mirror games", func() []stats.Game {
			gs := healthy(t, steady)
			strongGames(gs, func(i int, g *stats.Game) {
				if g.P0 == g.P1 {
					g.Winner, g.Rule = 0, engine.EndCheckmate
				}
			})
			return gs
		}, stats.FlagOneSided},
		{"every rung is equally strong", func() []stats.Game { return healthy(t, []float64{0, 0, 0, 0}) }, stats.FlagDepthInsensitive},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := stats.Analyze(ladder, stats.StartInfo{}, c.games(), stats.DefaultThresholds())
			if err != nil {
				t.Fatal(err)
			}
			var raised []string
			for _, f := range a.Flags() {
				raised = append(raised, f.Name)
			}
			var undecided []string
			for _, ch := range stats.Undecided(a.Checks) {
				undecided = append(undecided, ch.Name)
			}
			if c.raised == "" {
				if a.Verdict != stats.Viable || len(raised) != 0 {
					t.Errorf("verdict %s, raised %v; want viable", a.Verdict, raised)
				}
			} else if flag, ok := strings.CutPrefix(c.raised, "?"); ok {
				if a.Verdict != stats.Inconclusive || len(raised) != 0 || len(undecided) != 1 || undecided[0] != flag {
					t.Errorf("verdict %s, raised %v, undecided %v; want inconclusive on %s", a.Verdict, raised, undecided, flag)
				}
			} else if a.Verdict != stats.NotViable || len(raised) != 1 || raised[0] != c.raised {
				t.Errorf("verdict %s, raised %v; want not_viable by %s", a.Verdict, raised, c.raised)
			}
			for _, ch := range a.Checks {
				t.Logf("%s raised=%v: %s", ch.Name, ch.Raised, ch.Detail)
			}
		})
	}
}

func TestAnalyzeContents(t *testing.T) {
	games := healthy(t, []float64{0, 200, 400, 600})
	games = append(games, stats.Game{P0: "random", P1: "ab:d1", Winner: -1, Rule: engine.EndError})
	start := stats.StartInfo{UsesCastling: true, FirstMoveCapture: [2]bool{true, false}}
	a, err := stats.Analyze(ladder, start, games, stats.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	// 4 rungs: 6 pairings and 4 mirror pairings of 30 pairs each.
	if len(a.Pairings) != 10 || a.Games != 600 || a.Errors != 1 || len(a.Plies) != 600 {
		t.Errorf("%d pairings, %d games, %d errors, %d lengths", len(a.Pairings), a.Games, a.Errors, len(a.Plies))
	}
	for _, p := range a.Pairings {
		if p.Counts.Games() != 60 || p.Pentanomial.Pairs != 30 || p.Pentanomial.Unpaired != 0 {
			t.Errorf("pairing %v: %d games, %d pairs", p.Specs, p.Counts.Games(), p.Pentanomial.Pairs)
		}
	}
	if a.Pairings[0].Specs != [2]string{"ab:d3", "ab:d3"} {
		t.Errorf("pairings should start with the strongest: %v", a.Pairings[0].Specs)
	}
	if len(a.Ratings.Rungs) != 4 || len(a.SkillSteps) != 2 || len(a.Metrics) != 9 {
		t.Errorf("%d ratings, %d skill steps, %d metrics", len(a.Ratings.Rungs), len(a.SkillSteps), len(a.Metrics))
	}
	if !strings.Contains(a.Measures.Scope, "(ab:d3) against itself") || a.Measures.ScopeGames != 60 {
		t.Errorf("scope %q over %d games", a.Measures.Scope, a.Measures.ScopeGames)
	}
	names := map[string]bool{}
	for _, w := range a.Warnings {
		names[w.Name] = true
	}
	if !names[stats.WarnFirstMoveCapture] || !names[stats.WarnGameErrors] || names[stats.WarnCastlingUnused] {
		t.Errorf("warnings %+v", a.Warnings)
	}
}

func TestAnalyzeRejectsBadInput(t *testing.T) {
	th := stats.DefaultThresholds()
	good := stats.Game{P0: "random", P1: "ab:d1", Winner: 0, Rule: engine.EndCheckmate, Plies: 20}
	cases := []struct {
		name   string
		ladder stats.Ladder
		games  []stats.Game
		th     stats.Thresholds
	}{
		{"empty ladder", stats.Ladder{}, []stats.Game{good}, th},
		{"duplicate rung", stats.Ladder{Rungs: []string{"a", "a"}}, nil, th},
		{"doubling off the ladder", stats.Ladder{Rungs: []string{"a"}, Doublings: []stats.Doubling{{"a", "b"}}}, nil, th},
		{"spec off the ladder", ladder, []stats.Game{{P0: "mcts:i5", P1: "random", Rule: engine.EndCheckmate}}, th},
		{"winner 2", ladder, []stats.Game{{P0: "random", P1: "random", Winner: 2, Rule: engine.EndCheckmate}}, th},
		{"no rule", ladder, []stats.Game{{P0: "random", P1: "random"}}, th},
		{"negative plies", ladder, []stats.Game{{P0: "random", P1: "random", Rule: engine.EndCheckmate, Plies: -1}}, th},
		{"only errors", ladder, []stats.Game{{P0: "random", P1: "random", Rule: engine.EndError}}, th},
		{"no games", ladder, nil, th},
		{"bad thresholds", ladder, []stats.Game{good}, stats.Thresholds{}},
	}
	for _, c := range cases {
		if _, err := stats.Analyze(c.ladder, stats.StartInfo{}, c.games, c.th); err == nil {
			t.Errorf("%s: want an error", c.name)
		}
	}
}

func TestAnalyzeFallbacks(t *testing.T) {
	// No mirror games: the first mover's edge comes from the rating fit.
	games, err := synth.Games(synth.Config{Ladder: ladder, Elo: []float64{0, 200, 400, 600}, FirstMoveElo: 150,
		DrawRate: 0.2, Pairs: 60, MaxPlies: 300, MeanPlies: 80, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	a, err := stats.Analyze(ladder, stats.StartInfo{}, games, stats.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	fm := a.Measures.FirstMover
	if !strings.Contains(a.Measures.FirstMoverFrom, "rating fit") || !fm.Contains(stats.ExpectedScore(150)) {
		t.Errorf("first mover %+v %s, true %.3f", fm, a.Measures.FirstMoverFrom, stats.ExpectedScore(150))
	}
	// No games among the strongest rungs: rates read from every game.
	var weak []stats.Game
	for _, g := range games {
		if g.P0 != "ab:d3" && g.P1 != "ab:d3" {
			weak = append(weak, g)
		}
	}
	a, err = stats.Analyze(ladder, stats.StartInfo{}, weak, stats.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	if a.Measures.ScopeGames != len(weak) || !strings.Contains(a.Measures.Scope, "all rungs") {
		t.Errorf("scope %q over %d games, want all %d", a.Measures.Scope, a.Measures.ScopeGames, len(weak))
	}
}
