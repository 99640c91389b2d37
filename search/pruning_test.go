package search

import (
	"context"
	"testing"

	"balancefarm/engine"
)

// Null-move pruning is used only where a pass is a sound lower bound: not
// where losing material wins, not in a race to a goal, not in a game of
// rounds, and not for a side with nothing but royals and its cheapest
// pieces (zugzwang).
func TestNullMoveGuards(t *testing.T) {
	cases := []struct {
		name, file, fen string
		allow, pieces   bool
	}{
		{"chess start", "chess.json", "", true, true},
		{"king and pawns", "chess.json", "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", true, false},
		{"king, pawns and a knight", "chess.json", "4k3/pppp4/8/8/8/8/PPPP4/4K1N1 w - - 0 1", true, true},
		{"giveaway: losing material wins", "giveaway.json", "", false, true},
		{"racing kings: a goal race", "racingkings.json", "", false, true},
		{"marseillais: two moves a turn", "marseillais.json", "", false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := loadGame(t, c.file)
			pos := g.NewPosition()
			if c.fen != "" {
				var err error
				if pos, err = g.ParseFEN(c.fen); err != nil {
					t.Fatal(err)
				}
			}
			s := newABSearch[engine.Move, enginePos](tablesFor(g), PlayerSpec{Family: FamilyAB, Nodes: 1000, NullMove: true}, 1)
			p := enginePos{pos}
			s.begin(context.Background(), p, DefaultMaxNodes, true)
			first := p.LegalMoves(nil)[0]
			if got := s.allowNull(p, first); got != c.allow {
				t.Errorf("allowNull = %v, want %v", got, c.allow)
			}
			if got := s.hasPieces(p, p.SideToMove()); c.allow && got != c.pieces {
				t.Errorf("hasPieces = %v, want %v", got, c.pieces)
			}
			s.off = TechNullMove
			if s.allowNull(p, first) {
				t.Error("allowNull with the technique turned off")
			}
			s.off, s.nullMove = 0, false
			if s.allowNull(p, first) {
				t.Error("allowNull without u1 in the spec")
			}
		})
	}
}

// With every technique on, each one off, or all off, the search still
// finds the forced wins.
func TestTechniquesKeepTactics(t *testing.T) {
	for _, off := range []int{0, TechNullMove, TechFutility, TechAspiration, TechSEE, TechAll} {
		for _, null := range []bool{false, true} {
			keepsTactics(t, PlayerSpec{Family: FamilyAB, Nodes: 20000, Off: off, NullMove: null})
		}
	}
}

// keepsTactics checks that ps plays the winning move of every tactic
// position.
func keepsTactics(t *testing.T, ps PlayerSpec) {
	t.Helper()
	spec := ps.String()
	for _, tc := range tacticPositions {
		g := loadGame(t, tc.file)
		pos, err := g.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		pl, err := newMovePlayer(spec, g, 1)
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := pl.choose(pos)
		if err != nil {
			t.Fatalf("%s, %s: %v", tc.name, spec, err)
		}
		pos.Make(m)
		if !wonAfter(pos, 1-pos.SideToMove(), tc.n) {
			t.Errorf("%s, %s: %s does not win in %d", tc.name, spec, pos.MoveString(m), tc.n)
		}
		pos.Unmake()
	}
}

// The opt-in refinements (r) keep the forced wins. To the same depth on
// the benchmarks' middlegames, late-move pruning takes fewer nodes; the
// log reductions, alone or with the rest, a different count (they reduce
// less than the default's on the principal variation and on checks, so
// not always fewer); and counting the horizon once plays the same search,
// the same move and score, for fewer nodes. A refinement never applied
// would leave the count as it was.
func TestOptInRefinements(t *testing.T) {
	for _, refine := range []int{RefineLogReductions, RefineLateMoves, RefineLeafOnce, RefineAll} {
		keepsTactics(t, PlayerSpec{Family: FamilyAB, Nodes: 20000, Refine: refine})
	}
	for i := range middlegames {
		g, p := middlegame(t, i)
		tables := tablesFor(g)
		found := map[int]abResult[engine.Move]{}
		for _, refine := range []int{0, RefineLogReductions, RefineLateMoves, RefineLeafOnce, RefineAll} {
			ps := PlayerSpec{Family: FamilyAB, Depth: 6, Refine: refine}
			s := newABSearch[engine.Move, enginePos](tables, ps, 1)
			r, err := s.search(context.Background(), enginePos{p}, 1<<40)
			if err != nil {
				t.Fatal(err)
			}
			found[refine] = r
		}
		file, plain := middlegames[i].file, found[0]
		for _, refine := range []int{RefineLogReductions, RefineAll} {
			if found[refine].nodes == plain.nodes {
				t.Errorf("%s: depth 6 with r%d takes %d nodes, as without", file, refine, plain.nodes)
			}
		}
		if n := found[RefineLateMoves].nodes; n >= plain.nodes {
			t.Errorf("%s: depth 6 with r%d takes %d nodes, without %d", file, RefineLateMoves, n, plain.nodes)
		}
		if once := found[RefineLeafOnce]; once.nodes >= plain.nodes || once.move != plain.move || once.score != plain.score {
			t.Errorf("%s: depth 6 with r%d finds %v (%d) in %d nodes, without %v (%d) in %d", file, RefineLeafOnce,
				once.move, once.score, once.nodes, plain.move, plain.score, plain.nodes)
		}
		t.Logf("%s: depth 6 in %d nodes; r1 %d, r2 %d, r4 %d, r7 %d", file, plain.nodes, found[RefineLogReductions].nodes,
			found[RefineLateMoves].nodes, found[RefineLeafOnce].nodes, found[RefineAll].nodes)
	}
}

// The static exchange estimate calls a capture losing when the capturer is
// worth more than its victim and can be taken back.
func TestLosingCapture(t *testing.T) {
	g := loadGame(t, "chess.json")
	cases := []struct {
		fen, move string
		losing    bool
	}{
		{"4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", true},  // queen takes a pawn the c6 pawn defends
		{"4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", false},   // undefended
		{"4k3/8/2p5/3q4/8/8/3Q4/4K3 w - - 0 1", "d2d5", false}, // queen for queen
		{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", false}, // pawn for pawn
	}
	for _, c := range cases {
		pos, err := g.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := pos.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		s := newABSearch[engine.Move, enginePos](tablesFor(g), PlayerSpec{Family: FamilyAB, Nodes: 1000}, 1)
		if got := s.losingCapture(enginePos{pos}, m, pos.SideToMove()); got != c.losing {
			t.Errorf("%s in %s: losing %v, want %v", c.move, c.fen, got, c.losing)
		}
	}
}
