package search

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"balancefarm/engine"
	"balancefarm/engine/rules"
)

// loadGame loads a rule file from rulesets/.
func loadGame(tb testing.TB, name string) *engine.Game {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "rulesets", name))
	if err != nil {
		tb.Fatal(err)
	}
	spec, problems := rules.Parse(data)
	if len(problems) > 0 {
		tb.Fatalf("%s: %v", name, problems)
	}
	g, err := engine.Load(spec)
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return g
}

// middlegames are the rule files of the node benchmarks, each with the
// number of plies of ab:d2 self-play that lead from its start to the
// benchmark position (so no FEN dialect is involved).
var middlegames = []struct {
	file  string
	plies int
}{
	{"chess.json", 16},
	{"five-by-five.json", 6},
	{"xiangqi.json", 16},
	{"seeds/elven-chess.json", 40}, // placement (22 plies) and the first moves
}

func middlegame(tb testing.TB, i int) (*engine.Game, *engine.Position) {
	tb.Helper()
	g := loadGame(tb, middlegames[i].file)
	p := g.NewPosition()
	pl, err := newMovePlayer("ab:d2", g, 1)
	if err != nil {
		tb.Fatal(err)
	}
	for ply := 0; ply < middlegames[i].plies; ply++ {
		m, _, err := pl.choose(p)
		if err != nil {
			tb.Fatal(err)
		}
		p.Make(m)
	}
	if p.Outcome().Over {
		tb.Fatalf("%s: the benchmark position is a finished game", middlegames[i].file)
	}
	return g, p
}

// BenchmarkAlphaBetaNodes reports alpha-beta nodes per second on a
// middlegame position of each benchmark file, with the default evaluation
// and with the opt-in terms of evalterms.go (e14: tempo, threats and
// mobility), so that what a term costs per node is shown beside what it
// gains per node in coordinator match.
func BenchmarkAlphaBetaNodes(b *testing.B) {
	for i := range middlegames {
		for _, spec := range []string{"ab:n50000", "ab:n50000e14"} {
			b.Run(middlegames[i].file+"/"+spec, func(b *testing.B) {
				g, p := middlegame(b, i)
				t := tablesFor(g)
				ps, err := ParseSpec(spec)
				if err != nil {
					b.Fatal(err)
				}
				var nodes int64
				b.ResetTimer()
				for n := 0; n < b.N; n++ {
					s := newABSearch[engine.Move, enginePos](t, ps, 1)
					r, err := s.search(context.Background(), enginePos{p}, 1<<40)
					if err != nil {
						b.Fatal(err)
					}
					nodes += r.nodes
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}

// BenchmarkMCTSPlayouts reports MCTS iterations (each one playout) per
// second from the chess middlegame.
func BenchmarkMCTSPlayouts(b *testing.B) {
	g, p := middlegame(b, 0)
	t := tablesFor(g)
	const iters = 500
	var nodes int64
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		s := newMCTSSearch[engine.Move, enginePos](t, PlayerSpec{Family: FamilyMCTS, Iterations: iters}, 1)
		r, err := s.search(context.Background(), enginePos{p}, 1<<40)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.nodes
	}
	b.ReportMetric(float64(b.N*iters)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(nodes)/float64(b.N*iters), "nodes/playout")
}

// BenchmarkGames reports complete games per second on orthodox chess with
// both sides played by one rung of the default ladder.
func BenchmarkGames(b *testing.B) {
	benchGames(b, loadGame(b, "chess.json"), DefaultLadder())
}

// benchGames reports, for each rung, whole games per second of g with
// both sides played by that rung, and their mean length.
func benchGames(b *testing.B, g *engine.Game, rungs []string) {
	for _, rung := range rungs {
		b.Run(rung, func(b *testing.B) {
			plies := 0
			for n := 0; n < b.N; n++ {
				rec, err := PlayGame(context.Background(), g, rung, rung, uint64(n+1), Limits{}, nil)
				if err != nil {
					b.Fatal(err)
				}
				plies += rec.Plies
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}

// BenchmarkDepthAtNodes reports the deepest completed iteration of one
// 25,000-node search from each middlegame, with every technique on (x0)
// and with the five techniques of the pruning issue off (x15, the
// alpha-beta of before): the depth a budget buys. The 10,000-node rows
// compare the opt-in refinements (r7) at the same count and at 7,000
// nodes, about the same CPU on chess (callgrind: ab:n10000 128 M
// instructions a search, ab:n10000r7 184 M).
func BenchmarkDepthAtNodes(b *testing.B) {
	for i := range middlegames {
		for _, spec := range []string{"ab:n25000", "ab:n25000x15", "ab:n10000", "ab:n10000r3", "ab:n10000r7", "ab:n7000r7"} {
			b.Run(middlegames[i].file+"/"+spec, func(b *testing.B) {
				g, p := middlegame(b, i)
				t := tablesFor(g)
				ps, err := ParseSpec(spec)
				if err != nil {
					b.Fatal(err)
				}
				depth := 0
				for n := 0; n < b.N; n++ {
					s := newABSearch[engine.Move, enginePos](t, ps, 1)
					r, err := s.search(context.Background(), enginePos{p}, 1<<40)
					if err != nil {
						b.Fatal(err)
					}
					depth = r.depth
				}
				b.ReportMetric(float64(depth), "depth")
			})
		}
	}
}

// BenchmarkGamesElven reports whole games per second of Elven chess
// (schema 30: placement, bent moves, entry rules) for the rungs whose
// games dominate its default-ladder measurement.
func BenchmarkGamesElven(b *testing.B) {
	benchGames(b, loadGame(b, "seeds/elven-chess.json"), []string{"mcts:i200", "ab:n2000", "ab:n10000"})
}

// BenchmarkGamesRounds reports whole games per second of a game played in
// simultaneous rounds (each round a matrix game) for the quick ladder's
// rungs (issue 37).
func BenchmarkGamesRounds(b *testing.B) {
	benchGames(b, loadGame(b, "simultaneous-skirmish.json"), []string{"random", "mcts:i50", "ab:n500", "ab:n3000"})
}
