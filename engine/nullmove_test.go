package engine

import "testing"

// A pass hands the turn over and takes away en passant, and taking it back
// restores the position exactly, also with moves made and unmade after it.
func TestMakeNull(t *testing.T) {
	g := loadFile(t, "rulesets/chess.json")
	cases := []struct {
		name, fen string
		after     []string // moves made after the pass, then unmade
	}{
		{"start", "", []string{"e7e5", "g1f3"}},
		{"en passant open", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", []string{"g8f6"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := g.NewPosition()
			if c.fen != "" {
				p = mustFEN(t, g, c.fen)
			}
			fen, hash, side := p.FEN(), p.Hash(), p.SideToMove()
			p.MakeNull()
			if p.SideToMove() == side || p.Hash() == hash {
				t.Fatalf("pass left side %d hash %x", p.SideToMove(), p.Hash())
			}
			for _, m := range p.LegalMoves(nil) {
				if _, owner, _ := p.PieceAt(m.From()); m.From() >= 0 && owner == side {
					t.Fatalf("after a pass %s moves a piece of the side that passed", p.MoveString(m))
				}
			}
			if p.epN != 0 {
				t.Error("en passant survives a pass")
			}
			for _, s := range c.after {
				m, err := p.ParseMove(s)
				if err != nil {
					t.Fatalf("%s after a pass: %v", s, err)
				}
				p.Make(m)
			}
			for range c.after {
				p.Unmake()
			}
			p.UnmakeNull()
			if p.FEN() != fen || p.Hash() != hash || p.SideToMove() != side {
				t.Errorf("after taking the pass back: %s (hash %x), want %s (hash %x)", p.FEN(), p.Hash(), fen, hash)
			}
		})
	}
}

// AttackedAs answers for the piece that would stand on the square.
func TestAttackedAs(t *testing.T) {
	g := loadFile(t, "rulesets/chess.json")
	p := mustFEN(t, g, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
	pawn, _, _ := p.PieceAt(sq(t, g, "d5"))
	cases := []struct {
		sq   string
		by   int
		want bool
	}{
		{"d5", 0, true},  // e4 takes on d5
		{"e4", 1, true},  // d5 takes on e4
		{"d4", 1, false}, // a pawn does not take straight ahead
		{"a1", 1, false},
	}
	for _, c := range cases {
		if got := p.AttackedAs(sq(t, g, c.sq), c.by, pawn); got != c.want {
			t.Errorf("AttackedAs(%s, %d) = %v, want %v", c.sq, c.by, got, c.want)
		}
	}
	if p.AttackedAs(-1, 0, pawn) || p.AttackedAs(0, 2, pawn) || p.AttackedAs(0, 0, 99) {
		t.Error("out-of-range arguments answered true")
	}
}

func sq(t *testing.T, g *Game, name string) int {
	t.Helper()
	s, ok := g.parseSquare(name)
	if !ok {
		t.Fatalf("no square %s", name)
	}
	return s
}
