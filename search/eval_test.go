package search

import (
	"testing"

	"balancefarm/engine/rules"
)

func TestEndingSigns(t *testing.T) {
	extinctionAnyWin := &rules.Extinction{Pieces: rules.PieceSet{Any: true}, Result: "win"}
	tests := []struct {
		name     string
		r        rules.Rules
		mat, mob int
	}{
		{"chess", rules.Rules{}, 1, 1},
		{"losing chess", rules.Rules{Checkmate: "win"}, -1, -1},
		{"giveaway", rules.Rules{Win: "none", Stalemate: "win", Extinction: extinctionAnyWin}, -1, -1},
		{"stalemate wins", rules.Rules{Stalemate: "win"}, 1, -1},
		{"stalemate loses", rules.Rules{Checkmate: "win", Stalemate: "loss"}, -1, 1},
		{"extinction per type", rules.Rules{Win: "none", Extinction: &rules.Extinction{Pieces: rules.PieceSet{IDs: []string{"K", "Q"}}, PerType: rules.PerType{On: true}}}, 1, 1},
		{"bare royal wins", rules.Rules{Win: "none", BareRoyal: "win"}, -1, -1},
		{"race", rules.Rules{Win: "none", Reach: &rules.Reach{Squares: []string{"a8"}}}, 1, 1},
	}
	for _, tc := range tests {
		mat, mob := endingSigns(&tc.r)
		if mat != tc.mat || mob != tc.mob {
			t.Errorf("%s: material sign %d, mobility sign %d; want %d, %d", tc.name, mat, mob, tc.mat, tc.mob)
		}
	}
}

func TestSymmetricStartIsLevel(t *testing.T) {
	for _, file := range []string{"chess.json", "five-by-five.json", "xiangqi.json", "kingofthehill.json", "giveaway.json", "3check.json", "racingkings.json"} {
		g := loadGame(t, file)
		ev := newEvaluator(tablesFor(g))
		p := g.NewPosition()
		if v := ev.evaluate(p, 0, p); v != 0 && file != "racingkings.json" {
			t.Errorf("%s: start position evaluates %d for the first player, want 0 (the setup is symmetric)", file, v)
		}
		if v0, v1 := ev.evaluate(p, 0, p), ev.evaluate(p, 1, p); v0 != -v1 {
			t.Errorf("%s: evaluation is not antisymmetric: %d for player 0, %d for player 1", file, v0, v1)
		}
	}
}

func TestEvaluationReadsEndings(t *testing.T) {
	tests := []struct {
		name, file, better, worse string
	}{
		// Same material: the side to move is nearer the goal.
		{"king of the hill", "kingofthehill.json", "4k3/8/8/8/8/3K4/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/K7 w - - 0 1"},
		{"racing kings", "racingkings.json", "8/8/8/2K5/8/8/8/7k w - - 0 1", "8/8/8/8/8/8/2K5/7k w - - 0 1"},
		// Material counts for its owner in chess and against it in giveaway.
		{"chess material", "chess.json", "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", "4k3/3q4/8/8/8/8/8/4K3 w - - 0 1"},
		{"giveaway material", "giveaway.json", "4k3/3q4/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"},
		// A promoting piece nearer its zone.
		{"pawn advance", "chess.json", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1"},
		// A bare king driven to the edge, in a checkmate game.
		{"mop-up", "chess.json", "k7/8/2K5/8/8/8/8/7Q w - - 0 1", "8/8/8/3k4/8/8/8/K6Q w - - 0 1"},
	}
	for _, tc := range tests {
		g := loadGame(t, tc.file)
		ev := newEvaluator(tablesFor(g))
		pb, err := g.ParseFEN(tc.better)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		pw, err := g.ParseFEN(tc.worse)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if b, w := ev.evaluate(pb, 0, pb), ev.evaluate(pw, 0, pw); b <= w {
			t.Errorf("%s: %d for %q is not above %d for %q", tc.name, b, tc.better, w, tc.worse)
		}
	}
}

func TestCheckLimitUsesEngineCount(t *testing.T) {
	g := loadGame(t, "3check.json")
	ev := newEvaluator(tablesFor(g))
	// The same board, with two checks given by white in the second.
	p0, err := g.ParseFEN("4k3/8/8/8/8/8/8/4K2R w - - 3+3 0 1")
	if err != nil {
		t.Fatalf("check counts in FEN: %v", err)
	}
	p2, err := g.ParseFEN("4k3/8/8/8/8/8/8/4K2R w - - 1+3 0 1")
	if err != nil {
		t.Fatalf("check counts in FEN: %v", err)
	}
	if p2.ChecksGiven(0) != 2 {
		t.Fatalf("FEN check field not read as expected (%d)", p2.ChecksGiven(0))
	}
	if a, b := ev.evaluate(p0, 0, p0), ev.evaluate(p2, 0, p2); b <= a {
		t.Errorf("two checks given should raise the evaluation: %d then %d", a, b)
	}
}

func TestGeometryHelpers(t *testing.T) {
	for _, tc := range []struct {
		name       string
		file, rank int
		ok         bool
	}{{"a1", 0, 0, true}, {"p16", 15, 15, true}, {"e10", 4, 9, true}, {"a0", 0, 0, false}, {"1a", 0, 0, false}, {"", 0, 0, false}} {
		f, r, ok := parseSquareName(tc.name)
		if ok != tc.ok || (ok && (f != tc.file || r != tc.rank)) {
			t.Errorf("parseSquareName(%q) = %d, %d, %v", tc.name, f, r, ok)
		}
	}
	for _, tc := range []struct {
		sym  string
		vecs []rules.Vector
		want int
	}{
		{rules.SymNone, []rules.Vector{{0, 1}}, 1},
		{rules.SymLateral, []rules.Vector{{1, 1}}, 2},
		{rules.SymRotate4, []rules.Vector{{1, 0}, {1, 1}}, 8},
		{rules.SymDihedral8, []rules.Vector{{1, 2}}, 8},
		{rules.SymDihedral8, []rules.Vector{{1, 1}}, 4},
		{rules.SymRotate6, []rules.Vector{{1, 0}}, 6},
		{rules.SymDihedral12, []rules.Vector{{1, 2}}, 12},
	} {
		if got := len(expandSymmetry(tc.vecs, tc.sym)); got != tc.want {
			t.Errorf("%s of %v: %d images, want %d", tc.sym, tc.vecs, got, tc.want)
		}
	}
}
