package records

import (
	"context"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/search"
)

type engineP = engine.Position

func TestSAN(t *testing.T) {
	chess, crazyhouse := compileFile(t, "rulesets/chess.json"), compileFile(t, "rulesets/crazyhouse.json")
	for _, c := range []struct {
		name string
		g    *engine.Game
		fen  string
		move string
		want string
	}{
		{"pawn push", chess, StandardFEN, "e2e4", "e4"},
		{"knight", chess, StandardFEN, "g1f3", "Nf3"},
		{"castle short", chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"castle long", chess, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"file disambiguation", chess, "4k3/8/8/8/8/8/8/R5RK w - - 0 1", "a1d1", "Rad1"},
		{"rank disambiguation", chess, "R7/7k/8/8/8/8/8/R3K3 w - - 0 1", "a1a4", "R1a4"},
		{"square disambiguation", chess, "4k3/8/8/8/8/8/8/Q1Q1K3 w - - 0 1", "a1b2", "Qab2"},
		{"both ways", chess, "4k3/8/8/Q1Q5/8/Q7/8/4K3 w - - 0 1", "a5b4", "Qa5b4"},
		{"en passant", chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"promotion with capture", chess, "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", "exd8=Q+"},
		{"underpromotion", chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a8=N"},
		{"check", chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+"},
		{"mate", chess, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8#"},
		{"crazyhouse drop", crazyhouse, "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1", "N@f3", "N@f3"},
		{"crazyhouse pawn drop with check", crazyhouse, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "P@d7", "P@d7+"},
		{"crazyhouse promotion", crazyhouse, "6n1/5P2/8/8/8/8/8/k3K3[] w - - 0 1", "f7g8=Q~", "fxg8=Q"},
		{"crazyhouse promoted queen", crazyhouse, "k7/8/8/8/8/8/8/Q~3K3[] w - - 0 1", "a1b2", "Qb2"},
		{"crazyhouse queen beside a promoted one", crazyhouse, "k7/8/8/8/8/8/8/Q~1Q1K3[] w - - 0 1", "a1b2", "Qab2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := c.g.ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseMove(c.move)
			if err != nil {
				t.Fatal(err)
			}
			s, ok := sanOf(p, m, p.LegalMoves(nil))
			if !ok {
				t.Fatal("not written in SAN")
			}
			p.Make(m)
			if got := s + checkSuffix(p); got != c.want {
				t.Errorf("%s in %s is %q, want %q", c.move, c.fen, got, c.want)
			}
		})
	}
}

// Every legal move of a played game's positions has its own SAN, so a
// reader finds exactly the move played.
func TestSANDistinct(t *testing.T) {
	for _, file := range []string{"rulesets/chess.json", "rulesets/crazyhouse.json", "rulesets/xiangqi.json", "rulesets/capablanca.json"} {
		g := compileFile(t, file)
		if !SANGame(g) {
			t.Errorf("%s: not written in SAN", file)
			continue
		}
		for _, r := range playGames(t, g, [][2]string{{"random", "random"}}, 2) {
			err := Replay(g, r).Positions(func(p *engineP) {
				legal := p.LegalMoves(nil)
				seen := map[string]string{}
				for _, m := range legal {
					s, ok := sanOf(p, m, legal)
					if !ok {
						continue
					}
					if prev, dup := seen[s]; dup {
						t.Fatalf("%s: %s and %s are both %q in %s", file, prev, p.MoveString(m), s, p.FEN())
					}
					seen[s] = p.MoveString(m)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Positions starts where the replay started: an opening book's position
// when the result names one, not the rule file's setup.
func TestPositionsFromBookPosition(t *testing.T) {
	g := compileFile(t, "rulesets/chess.json")
	book, err := g.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := search.Play(context.Background(), g, book, "random", "random", 3, search.Limits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := protocol.Result{StartFEN: rec.StartFEN, Moves: rec.Moves, OpeningPlies: rec.OpeningPlies, Plies: rec.Plies,
		Result: rec.Result, Winner: rec.Winner, Ending: string(rec.Rule), Features: rec.Features}
	rp := Replay(g, r)
	if rp.Err != nil {
		t.Fatal(rp.Err)
	}
	var fens []string
	if err := rp.Positions(func(p *engineP) { fens = append(fens, p.FEN()) }); err != nil {
		t.Fatal(err)
	}
	if len(fens) != len(r.Moves)+1 || fens[0] != rp.StartFEN || fens[len(fens)-1] != rp.FinalFEN {
		t.Errorf("Positions visited %d positions from %q to %q; want %d from the book's %q to %q",
			len(fens), fens[0], fens[len(fens)-1], len(r.Moves)+1, rp.StartFEN, rp.FinalFEN)
	}
}
