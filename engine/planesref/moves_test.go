package planesref

import (
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// TestMoves checks whole move lists where one rule decides them.
func TestMoves(t *testing.T) {
	cases := []struct {
		name  string
		spec  *rules.Spec
		moves []string // played first
		want  string   // the list, space-separated
	}{
		{"fire ends a rook's slide, which may land on it",
			spec("", "w:R@a1 b:N@h8", withItems([]rules.Item{fire}, "fire@a4 fire@c1")),
			nil, "a1a2 a1a3 a1a4 a1b1 a1c1"},
		{"lava (kill enter) does not end a slide",
			spec("", "w:R@a1 w:K@b1 b:N@h8", withItems([]rules.Item{lava}, "lava@a7")),
			nil, "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a2 b1b2 b1c1 b1c2"},
		{"a rook immune to fire slides past it",
			spec("", "w:R@a1 w:K@b1 b:N@h8", withItems([]rules.Item{immune(fire, "R")}, "fire@a4")),
			nil, "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a2 b1b2 b1c1 b1c2"},
		{"a knight leaps over fire",
			spec("", "w:N@b1 b:N@h8", withItems([]rules.Item{fire}, "fire@b2 fire@c2")),
			nil, "b1a3 b1c3 b1d2"},
		{"a cannon hops over fire, and its slide stops on it",
			spec("", "w:C@a1 w:K@b1 b:N@h8 b:B@a6 b:R@a8", withItems([]rules.Item{fire}, "fire@a4")),
			nil, "a1a2 a1a3 a1a4 a1a8 b1a2 b1b2 b1c1 b1c2"},
		{"squares named with their board; a slide stays on its board",
			spec("E H", "w:R@E:h1 b:N@H:a8", withItems([]rules.Item{fire}, "fire@E:h3 fire@E:f1")),
			nil, "E:h1E:f1 E:h1E:g1 E:h1E:h2 E:h1E:h3"},
		{"black's vectors are turned: the pawn steps down",
			spec("", "w:K@a1 b:P@e7", func(s *rules.Spec) { s.Rules.MaxPlies = intp(10) }),
			[]string{"a1a2"}, "e7e5 e7e6"},
		{"first_move: a pawn moved once steps one square",
			spec("", "w:P@e2 b:K@a8"), []string{"e2e3", "a8a7"}, "e3e4"},
		{"first_move: a pawn set down moved is moved, ice or not",
			spec("", "w:P@e2 b:K@a8", withItems([]rules.Item{ice}, "ice@e3")), []string{"e2e3", "a8a7"}, "e4e5"},
		{"from_rank counts from the mover's back rank",
			spec("", "w:K@a1 b:K@a8 b:N@e7", func(s *rules.Spec) {
				s.Pieces[4].Moves = []rules.Move{{Kind: rules.KindLeap, Vectors: vecs([2]int{0, 1}),
					Condition: &rules.Condition{FromRank: intp(1)}}}
			}),
			[]string{"a1b1"}, "a8a7 a8b7 a8b8 e7e6"},
		{"promotion: one move a target, none plain when mandatory",
			spec("", "w:P@e7 w:K@a1 b:K@h1 b:N@d8", func(s *rules.Spec) {
				s.Rules.Promotion = rules.Promotions{{Piece: "P", To: []string{"Q", "N"}}}
			}),
			nil, "a1a2 a1b1 a1b2 e7d8=N e7d8=Q e7e8=N e7e8=Q"},
		{"promotion not mandatory keeps the plain move",
			spec("", "w:P@e7 b:K@h1", func(s *rules.Spec) {
				no := false
				s.Rules.Promotion = rules.Promotions{{Piece: "P", Mandatory: &no, To: []string{"Q"}}}
			}),
			nil, "e7e8 e7e8=Q"},
		{"a lame leap is blocked on its way",
			spec("", "w:H@b1 w:P@b2 b:N@h8", func(s *rules.Spec) { s.Pieces[5].Moves = nil }),
			nil, "b1d2"},
		{"captures lists: a rook that takes only knights",
			spec("", "w:R@a1 b:B@a3 b:N@c1", func(s *rules.Spec) { s.Pieces[2].Captures = []string{"N"} }),
			nil, "a1a2 a1b1 a1c1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := after(t, c.spec, c.moves)
			want := strings.Fields(c.want)
			slices.Sort(want)
			if got := p.Moves(); !slices.Equal(got, want) {
				t.Errorf("moves %v, want %v", got, want)
			}
		})
	}
}

// TestPlaySpellings: Play takes a move as Moves writes it or with '-'
// between the squares, and refuses one that is not legal.
func TestPlaySpellings(t *testing.T) {
	s := spec("E H", "w:R@E:a1 b:N@E:h8")
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"E:a1E:a4", "E:a1-E:a4"} {
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if q.Board()["E:a4"] != "w:R" || q.SideToMove() != 1 || q.Ply() != 1 {
			t.Errorf("%s: board %v, side %d, ply %d", m, q.Board(), q.SideToMove(), q.Ply())
		}
	}
	for _, m := range []string{"E:a1H:a4", "a1a4", "E:a1E:b2"} {
		if _, err := p.Play(m); err == nil {
			t.Errorf("%s was played", m)
		}
	}
	if p.Board()["E:a1"] != "w:R" {
		t.Errorf("Play changed the position it was called on: %v", p.Board())
	}
}

// TestNewRefuses: what the reference does not play is an error, not a
// different game.
func TestNewRefuses(t *testing.T) {
	cases := []struct {
		name string
		edit func(*rules.Spec)
		want string
	}{
		{"castling", func(s *rules.Spec) { s.Rules.Castling = &rules.Castling{King: "K", Rook: "R"} }, "rules.castling"},
		{"en passant", func(s *rules.Spec) { s.Rules.EnPassant = true }, "rules.en_passant"},
		{"checkmate", func(s *rules.Spec) { s.Rules.Win = rules.WinCheckmate }, "checkmate"},
		{"hex", func(s *rules.Spec) { s.Board.Lattice = rules.LatticeHex }, "square boards"},
		{"a sweep", func(s *rules.Spec) { s.Pieces[2].Moves[0].Kind = rules.KindSweep }, "sweep"},
		{"a region", func(s *rules.Spec) { s.Pieces[2].Region = []string{"a1"} }, "pieces[2].region"},
		{"walls", func(s *rules.Spec) { s.Rules.Obstacles = &rules.Obstacles{Squares: []string{"d4"}} }, "rules.obstacles"},
		{"a player with none from the start", func(s *rules.Spec) {
			s.Rules.Presence = []rules.Presence{{Pieces: []string{"Q"}}}
		}, "starts with none"},
		{"too many items on a square", withItems([]rules.Item{fire}, "fire@d4 fire@d4"), "stack"},
		{"an item under a piece", withItems([]rules.Item{fire}, "fire@a1"), "under a piece"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := New(spec("", "w:R@a1 b:N@h8", c.edit))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error naming %q", err, c.want)
			}
		})
	}
}
