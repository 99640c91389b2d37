package engine

import (
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// wildSpec is chess with a wild bishop-moving piece W (value 3, eating
// what captures lists) and the given routes.
func wildSpec(t *testing.T, captures []string, npcs ...rules.NPC) *rules.Spec {
	t.Helper()
	s := chessSpec(t)
	three := 3.0
	s.Pieces = append(s.Pieces, rules.Piece{ID: "W", Name: "wild bishop", Value: &three, Captures: captures,
		Moves: []rules.Move{{Kind: "slide", Vectors: []rules.Vector{{1, 1}}, Symmetry: "rotate4"}}})
	s.Rules.NPCs = npcs
	return s
}

func loadSpec(t *testing.T, s *rules.Spec) *Game {
	t.Helper()
	g, err := Load(s)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return g
}

func boardField(p *Position) string { return strings.Fields(p.FEN())[0] }

// Each case is worked out by hand from the reference's wording of
// rules.npcs: a position, a move, and the board after it (the move and the
// wild pieces' step), or "" when the move must be illegal.
func TestWildPiecesByHand(t *testing.T) {
	five := 5.0
	zig := []string{"a5", "b4", "c5", "d4"}
	cases := []struct {
		name     string
		captures []string
		npcs     []rules.NPC
		fen      string
		move     string
		board    string
		taken    string // the FEN's taken field after the move, "" none
	}{
		{"it steps to the next square of its route after every move", nil,
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/8/8/<W>7/8/8/8/4K3 w - - 0 1", "e1e2", "4k3/8/8/8/1<W>6/8/4K3/8", ""},
		{"it eats a piece of either side its type may capture", nil,
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/8/8/<W>7/1N6/8/8/4K3 b - - 0 1", "e8e7", "8/4k3/8/8/1<W>6/8/8/4K3", ""},
		{"it waits before a piece its type may not capture", []string{"N"},
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/8/8/<W>7/1P6/8/8/4K3 w - - 0 1", "e1e2", "4k3/8/8/<W>7/1P6/8/4K3/8", ""},
		{"the route is a cycle: from its last square back to its first", nil,
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/8/8/8/3<W>4/8/8/4K3 w - - 0 1", "e1e2", "4k3/8/8/<W>7/8/8/4K3/8", ""},
		{"a route of one square never moves", nil,
			[]rules.NPC{{Piece: "W", Route: []string{"d4"}}},
			"4k3/8/8/8/3<W>4/8/8/4K3 w - - 0 1", "e1e2", "4k3/8/8/8/3<W>4/8/4K3/8", ""},
		{"also_at: pieces nose to tail move together, the front one eating", nil,
			[]rules.NPC{{Piece: "W", Route: zig, AlsoAt: []string{"b4"}}},
			"4k3/8/8/<W>1n5/1<W>6/8/8/4K3 w - - 0 1", "e1e2", "4k3/8/8/2<W>5/1<W>6/8/4K3/8", ""},
		{"also_at: one that finds another waiting in its way waits behind it", []string{"N"},
			[]rules.NPC{{Piece: "W", Route: zig, AlsoAt: []string{"b4"}}},
			"4k3/8/8/<W>1P5/1<W>6/8/8/4K3 w - - 0 1", "e1e2", "4k3/8/8/<W>1P5/1<W>6/8/4K3/8", ""},
		{"without immune anything may take it, for its bounty (the piece's value)", nil,
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/8/8/2<W>5/8/3N4/8/4K3 w - - 0 1", "d3c5", "4k3/8/8/2N5/8/8/8/4K3", "taken-w:1"},
		{"immune: a piece not listed may not take it", nil,
			[]rules.NPC{{Piece: "W", Route: zig, Immune: []string{"K"}}},
			"4k3/8/8/2<W>5/8/3N4/8/4K3 w - - 0 1", "d3c5", "", ""},
		{"immune: a listed piece may", nil,
			[]rules.NPC{{Piece: "W", Route: zig, Immune: []string{"K"}}},
			"8/8/3k4/2<W>5/8/8/8/4K3 b - - 0 1", "d6c5", "8/8/8/2k5/8/8/8/4K3", "taken-b:1"},
		{"a king on its next square is in check and must leave it", nil,
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/8/8/<W>7/1K6/8/8/8 w - - 0 1", "b4b3", "4k3/8/8/8/1<W>6/1K6/8/8", ""},
		{"a move that leaves the king on its next square is illegal", nil,
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/8/8/<W>7/1K6/8/7P/8 w - - 0 1", "h2h3", "", ""},
		{"a king may not step where it walks next", nil,
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/8/8/<W>7/2K5/8/8/8 w - - 0 1", "c4c5", "", ""},
		{"nor onto the square it is about to eat", nil,
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/8/8/<W>7/8/2K5/8/8 w - - 0 1", "c3b4", "", ""},
		{"a king its type may not capture stops it instead", []string{"N"},
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/8/8/<W>7/8/2K5/8/8 w - - 0 1", "c3b4", "4k3/8/8/<W>7/1K6/8/8/8", ""},
		{"a bounty given overrides the value", nil,
			[]rules.NPC{{Piece: "W", Route: zig, Bounty: &five}},
			"4k3/8/8/2<W>5/8/3N4/8/4K3 w - - 0 1", "d3c5", "4k3/8/8/2N5/8/8/8/4K3", "taken-w:1"},
		{"mirror: the mirrored route walks in the same order", nil,
			[]rules.NPC{{Piece: "W", Route: zig, Mirror: true}},
			"4k3/8/8/<W>7/<W>7/8/8/4K3 w - - 0 1", "e1e2", "4k3/8/8/1<W>6/1<W>6/8/4K3/8", ""},
		{"the second player's capture is credited to it", nil,
			[]rules.NPC{{Piece: "W", Route: zig}},
			"4k3/1n6/8/2<W>5/8/8/8/4K3 b - - 0 1", "b7c5", "4k3/8/8/2n5/8/8/8/4K3", "taken-b:1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := loadSpec(t, wildSpec(t, tc.captures, tc.npcs...))
			p := mustFEN(t, g, tc.fen)
			m, err := p.ParseMove(tc.move)
			if tc.board == "" {
				if err == nil {
					t.Fatalf("%s is legal in %s", tc.move, tc.fen)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.move, err)
			}
			p.Make(m)
			if got := boardField(p); got != tc.board {
				t.Errorf("after %s: board %s, want %s", tc.move, got, tc.board)
			}
			if got := p.FEN(); (tc.taken == "") != !strings.Contains(got, "taken-") || tc.taken != "" && !strings.Contains(got, tc.taken) {
				t.Errorf("after %s: FEN %s, want taken %q", tc.move, got, tc.taken)
			}
		})
	}
}

func TestWildPieceStart(t *testing.T) {
	g := loadSpec(t, wildSpec(t, nil, rules.NPC{Piece: "W", Route: []string{"a5", "b4", "c5", "d4"}, AlsoAt: []string{"c5"}, Mirror: true}))
	got := boardField(g.NewPosition())
	want := "rnbqkbnr/pppppppp/8/<W>1<W>5/<W>1<W>5/8/PPPPPPPP/RNBQKBNR"
	if got != want {
		t.Errorf("start %s, want %s (the route's first square, also_at, and their mirror images)", got, want)
	}
}

func TestWildPiecesCheckAndPoints(t *testing.T) {
	zig := []string{"a5", "b4", "c5", "d4"}
	g := loadSpec(t, wildSpec(t, nil, rules.NPC{Piece: "W", Route: zig}))
	if p := mustFEN(t, g, "4k3/8/8/<W>7/1K6/8/8/8 w - - 0 1"); !p.InCheck() {
		t.Error("a king on the wild piece's next square is not in check")
	}
	if p := mustFEN(t, g, "4k3/8/8/<W>7/8/2K5/8/8 w - - 0 1"); p.InCheck() {
		t.Error("a king two steps along the route is in check")
	}
	// Checkmate by the wild piece alone: every flight square (and its
	// own square) is covered by a rook.
	if o := mustFEN(t, g, "7k/8/8/<W>6r/1K6/7r/8/r1r5 w - - 0 1").Outcome(); !o.Over || o.Rule != "checkmate" || o.Winner != 1 {
		t.Errorf("king on the wild piece's next square, flights covered: %+v, want checkmate", o)
	}

	two := 2.0
	s := wildSpec(t, nil, rules.NPC{Piece: "W", Route: zig}, rules.NPC{Piece: "W", Route: []string{"h4", "h5"}, Bounty: &two})
	s.Rules.Scoring = &rules.Scoring{Count: "points"}
	g = loadSpec(t, s)
	cases := []struct {
		fen    string
		points [2]float64
		winner int
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 251 taken-w:1,0 taken-b:0,1", [2]float64{3, 2}, 0},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 251 taken-w:0,1 taken-b:1,0", [2]float64{2, 3}, 1},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 251 taken-w:0,1 taken-b:0,1", [2]float64{2, 2}, -1},
	}
	for _, tc := range cases {
		p := mustFEN(t, g, tc.fen)
		if a, b := p.Score(0), p.Score(1); a != tc.points[0] || b != tc.points[1] {
			t.Errorf("%s: points %v %v, want %v", tc.fen, a, b, tc.points)
		}
		if o := p.Outcome(); !o.Over || o.Rule != "scoring" || o.Winner != tc.winner {
			t.Errorf("%s: %+v, want scoring won by %d", tc.fen, o, tc.winner)
		}
	}
}

func TestWildPieceFENRefusals(t *testing.T) {
	g := loadSpec(t, wildSpec(t, nil, rules.NPC{Piece: "W", Route: []string{"a5", "b4"}}))
	for _, fen := range []string{
		"4k3/8/8/8/8/<W>7/8/4K3 w - - 0 1",             // off the route
		"4k3/8/8/<N>7/8/8/8/4K3 w - - 0 1",             // not the route's kind
		"4k3/8/8/<W>7/8/8/8/4K3 w - - 0 1 taken-w:2",   // more than the route holds
		"4k3/8/8/<W>7/8/8/8/4K3 w - - 0 1 taken-w:1,0", // one count per entry
	} {
		if _, err := g.ParseFEN(fen); err == nil {
			t.Errorf("ParseFEN(%q) accepted", fen)
		}
	}
}
