package search

import (
	"testing"

	"balancefarm/engine"
)

func TestEndingSigns(t *testing.T) {
	chess := engine.Endings{Win: "checkmate", Checkmate: "loss", Stalemate: "draw"}
	with := func(f func(*engine.Endings)) engine.Endings {
		e := chess
		f(&e)
		return e
	}
	tests := []struct {
		name     string
		end      engine.Endings
		ext      *engine.Extinction
		sc       *engine.Scoring
		mat, mob int
	}{
		{"chess", chess, nil, nil, 1, 1},
		{"losing chess", with(func(e *engine.Endings) { e.Checkmate = "win" }), nil, nil, -1, -1},
		{"giveaway", with(func(e *engine.Endings) { e.Win, e.Stalemate = "none", "win" }), &engine.Extinction{Any: true, Min: 1, Result: "win"}, nil, -1, -1},
		{"stalemate wins", with(func(e *engine.Endings) { e.Stalemate = "win" }), nil, nil, 1, -1},
		{"stalemate loses", with(func(e *engine.Endings) { e.Checkmate, e.Stalemate = "win", "loss" }), nil, nil, -1, 1},
		{"extinction per type", with(func(e *engine.Endings) { e.Win = "none" }), &engine.Extinction{Kinds: []int{0, 1}, Min: 1, Result: "loss", PerType: true}, nil, 1, 1},
		{"bare royal wins", with(func(e *engine.Endings) { e.Win, e.BareRoyal = "none", "win" }), nil, nil, -1, -1},
		{"race", with(func(e *engine.Endings) { e.Win = "none" }), nil, nil, 1, 1},
		{"scoring pieces", with(func(e *engine.Endings) { e.Win = "none" }), nil, &engine.Scoring{Count: "pieces"}, 1, 1},
	}
	for _, tc := range tests {
		mat, mob := endingSigns(tc.end, tc.ext, tc.sc)
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

// Pieces in hand count as material: in crazyhouse the side holding a
// captured queen is ahead by about a queen, in hand or not.
func TestEvalCountsHands(t *testing.T) {
	g := loadGame(t, "crazyhouse.json")
	tables := buildEvalTables(g)
	tests := []struct {
		fen      string
		minLead  int // for the side to move, centipawns
		maxLead  int
		describe string
	}{
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1", 1500, 2600, "white has a queen on the board and one in hand"},
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 700, 1300, "white is a queen up on the board"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1", -60, 60, "a pawn in each hand"},
	}
	for _, tc := range tests {
		pos, err := g.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		ev := newEvaluator(tables)
		ep := enginePos{pos}
		if got := ev.evaluate(ep, pos.SideToMove(), ep); got < tc.minLead || got > tc.maxLead {
			t.Errorf("%s: evaluation %d, want %d to %d", tc.describe, got, tc.minLead, tc.maxLead)
		}
	}
}

// scanBoard is an engine position that evaluate does not know for one, so
// it scans the squares instead of reading the engine's sets per kind.
type scanBoard struct{ *engine.Position }

// TestEvaluateByKindAgreesWithScan: along random games of the files whose
// evaluation reads no square one by one (hands, a reach goal, facings,
// rests and adventitious kings in Elven chess; drops in Dobutsu; a goal
// to leave in Jeson Mor), or only the occupancy for mobility along lines
// with masks (chess, Spartan chess with two royals, shatranj, King of the
// Hill's goal, three-check's checks), evaluate scores every position the
// same whether it reads the engine's sets or scans the board.
func TestEvaluateByKindAgreesWithScan(t *testing.T) {
	for _, file := range []string{"seeds/elven-chess.json", "dobutsu.json", "jesonmor.json",
		"chess.json", "spartan.json", "shatranj.json", "kingofthehill.json", "3check.json"} {
		g := loadGame(t, file)
		e := newEvaluator(buildEvalTables(g))
		if occ, pieces := e.reads(); pieces || occ && !e.t.linesMasked {
			t.Fatalf("%s: the evaluation reads the occupancy (%v) or the pieces (%v): no sums by kind to compare", file, occ, pieces)
		}
		r := newRNG(5)
		compared := 0
		for game := 0; game < 2; game++ {
			p := g.NewPosition()
			for ply := 0; ply < 160 && !p.Outcome().Over; ply++ {
				for stm := 0; stm < 2; stm++ {
					want := e.evaluate(scanBoard{p}, stm, scanBoard{p})
					if got := e.evaluate(enginePos{p}, stm, enginePos{p}); got != want {
						t.Fatalf("%s %s side %d: %d by kind, %d by scan", file, p.FEN(), stm, got, want)
					}
					compared++
				}
				ms := p.LegalMoves(nil)
				p.Make(ms[r.intn(len(ms))])
			}
		}
		if compared < 20 {
			t.Errorf("%s: only %d positions compared", file, compared)
		}
	}
}
