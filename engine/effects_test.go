package engine

import (
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// Each case is worked out by hand from the reference's wording: a chess
// file changed by one rule, a position, a move, and the board after it.
func TestCaptureEffectsByHand(t *testing.T) {
	zero, one := 0, 1
	explode := func(x rules.Explode) func(*rules.Spec) {
		return func(s *rules.Spec) { s.Rules.ExplodeOnCapture = &x }
	}
	strike := func(x rules.Strike) func(*rules.Spec) {
		return func(s *rules.Spec) { x.Immune = append(x.Immune, "K"); s.Rules.Strike = &x }
	}
	contacts := func(x rules.Contacts) func(*rules.Spec) {
		return func(s *rules.Spec) { x.Immune = append(x.Immune, "K"); s.Rules.Contacts = &x }
	}
	kingStep := &rules.Landing{Vectors: []rules.Vector{{1, 0}, {1, 1}}, Symmetry: "rotate4"}
	cases := []struct {
		name   string
		change func(*rules.Spec)
		fen    string
		move   string
		board  string // the board field after the move; "" when the move must be illegal
	}{
		{"blast radius 1: capturer, victim and non-immune neighbours go, a pawn stays",
			explode(rules.Explode{Radius: &one, Immune: []string{"P"}}),
			"4k3/8/2r5/3npb2/4P3/8/8/4K3 w - - 0 1", "e4d5", "4k3/8/8/4pb2/8/8/8/4K3"},
		{"blast radius 0 (kamikaze): only the two pieces",
			explode(rules.Explode{Radius: &zero}),
			"4k3/8/2r5/3npb2/4P3/8/8/4K3 w - - 0 1", "e4d5", "4k3/8/2r5/4pb2/8/8/8/4K3"},
		{"by: a pawn's capture does not explode when only knights' do",
			explode(rules.Explode{By: []string{"N"}}),
			"4k3/8/2r5/3npb2/4P3/8/8/4K3 w - - 0 1", "e4d5", "4k3/8/2r5/3Ppb2/8/8/8/4K3"},
		{"of: taking a bishop does not explode when only knights' capture does",
			explode(rules.Explode{Of: []string{"N"}}),
			"4k3/8/2r5/3bpb2/4P3/8/8/4K3 w - - 0 1", "e4d5", "4k3/8/2r5/3Ppb2/8/8/8/4K3"},
		{"a king may not blow itself up",
			explode(rules.Explode{}),
			"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", ""},
		{"a capture next to one's own king is refused",
			explode(rules.Explode{}),
			"4k3/8/8/8/8/8/3p4/2B1K3 w - - 0 1", "c1d2", ""},
		{"blowing up the other king is legal even from check",
			explode(rules.Explode{}),
			"8/8/8/8/8/3pk3/8/1B2K2r w - - 0 1", "b1d3", "8/8/8/8/8/8/8/4K2r"},
		{"strike stay (rifle): the capturer shoots and stays",
			strike(rules.Strike{Position: "stay"}),
			"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "4k3/8/8/8/4P3/8/8/4K3"},
		{"strike demote swap: the queen becomes a rook on the taker's square",
			strike(rules.Strike{Effect: "demote", Chain: []rules.Link{{From: "Q", To: "R"}}, Position: "swap"}),
			"4k3/8/8/3q4/8/8/7K/3R4 w - - 0 1", "d1d5", "4k3/8/8/3R4/8/8/7K/3r4"},
		{"strike demote stay: a piece with no link is removed",
			strike(rules.Strike{Effect: "demote", Chain: []rules.Link{{From: "Q", To: "R"}}, Position: "stay"}),
			"4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1", "d1d5", "4k3/8/8/8/8/8/8/3RK3"},
		{"strike home (circe): a rook goes to the home on the capture square's colour",
			strike(rules.Strike{Position: "home"}),
			"4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1", "d1d5", "r3k3/8/8/3Q4/8/8/8/4K3"},
		{"strike home: a pawn goes to its file's home",
			strike(rules.Strike{Position: "home"}),
			"4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", "4k3/3p4/8/3Q4/8/8/8/4K3"},
		{"strike home: a taken home square removes the piece",
			strike(rules.Strike{Position: "home"}),
			"r3k3/8/8/3r4/8/8/8/3QK3 w - - 0 1", "d1d5", "r3k3/8/8/3Q4/8/8/8/4K3"},
		{"switches_sides: a capturing knight changes sides where it lands",
			strike(rules.Strike{SwitchesSides: []string{"N"}}),
			"4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5", "4k3/8/8/3n4/8/8/8/4K3"},
		{"strike choose: the demoted piece is set down a king's step from the taker's square",
			strike(rules.Strike{Effect: "demote", Chain: []rules.Link{{From: "N", To: "P"}}, Position: "choose", Landing: kingStep}),
			"4k3/8/8/3n4/8/1B6/8/4K3 w - - 0 1", "b3d5>c3", "4k3/8/8/3B4/8/2p5/8/4K3"},
		{"strike choose: the landing is the taker's forward (second player)",
			strike(rules.Strike{Effect: "demote", Chain: []rules.Link{{From: "N", To: "P"}}, Position: "choose", Landing: &rules.Landing{Vectors: []rules.Vector{{0, 1}}}}),
			"4k3/8/8/3b4/8/1N6/8/4K3 b - - 0 1", "d5b3>d4", "4k3/8/8/8/3P4/1b6/8/4K3"},
		{"contacts advance: the mover changes, the target is removed",
			contacts(rules.Contacts{Links: []rules.ContactLink{{Mover: "N", Onto: "R", MoverTo: "R"}}}),
			"4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", "e3d5", "4k3/8/8/3R4/8/8/8/4K3"},
		{"contacts stay: both change where they stand",
			contacts(rules.Contacts{Links: []rules.ContactLink{{Mover: "N", Onto: "R", MoverTo: "B", OntoTo: "P"}}, Position: "stay"}),
			"4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", "e3d5", "4k3/8/8/3p4/8/4B3/8/4K3"},
		{"contacts swap: the target, changed, takes the mover's square",
			contacts(rules.Contacts{Links: []rules.ContactLink{{Mover: "N", Onto: "R", OntoTo: "P"}}, Position: "swap"}),
			"4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", "e3d5", "4k3/8/8/3N4/8/4p3/8/4K3"},
		{"contacts own: a rook steps onto its own pawn and sets a knight down",
			contacts(rules.Contacts{Links: []rules.ContactLink{{Mover: "R", Onto: "P", OntoTo: "N", Own: true}}, Position: "choose", Landing: kingStep}),
			"4k3/8/8/8/8/8/3P4/3RK3 w - - 0 1", "d1d2>c1", "4k3/8/8/8/8/8/3R4/2N1K3"},
		{"contacts immune: a listed piece is taken as usual",
			contacts(rules.Contacts{Links: []rules.ContactLink{{Mover: "N", Onto: "R", MoverTo: "R"}}, Immune: []string{"N"}}),
			"4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", "e3d5", "4k3/8/8/3N4/8/8/8/4K3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := chessSpec(t)
			tc.change(s)
			g, err := Load(s)
			if err != nil {
				t.Fatal(err)
			}
			p := mustFEN(t, g, tc.fen)
			m, err := p.ParseMove(tc.move)
			if tc.board == "" {
				if err == nil {
					t.Fatalf("%s is legal, want refused", tc.move)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			before := p.FEN()
			p.Make(m)
			if got, _, _ := strings.Cut(p.FEN(), " "); got != tc.board {
				t.Errorf("after %s: %s, want %s", tc.move, got, tc.board)
			}
			if p.Hash() != p.computeHash() {
				t.Errorf("hash after %s differs from the hash computed afresh", tc.move)
			}
			p.Unmake()
			if p.FEN() != before {
				t.Errorf("unmake: %s, want %s", p.FEN(), before)
			}
		})
	}
}

// Kings that touch cannot check each other's... side: a king next to the
// other king is not in check from other pieces under explosions, since
// taking it would blow up the taker's own king.
func TestExplosionCheck(t *testing.T) {
	cases := []struct {
		fen   string
		check bool
	}{
		{"8/8/8/8/8/3k4/3K4/3r4 w - - 0 1", false}, // touching kings
		{"8/8/8/8/3k4/8/3K4/3r4 w - - 0 1", true},  // apart
		{"8/8/8/8/8/8/3Kk3/8 w - - 0 1", false},    // a king's own capture would destroy it
	}
	s := chessSpec(t)
	s.Rules.ExplodeOnCapture = &rules.Explode{Immune: []string{"P"}}
	g, err := Load(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		if got := mustFEN(t, g, tc.fen).InCheck(); got != tc.check {
			t.Errorf("%s: in check %v, want %v", tc.fen, got, tc.check)
		}
	}
}

// Territory: a move claims its landing square; repaint lets the other
// player take it back, permanent does not; win_at decides; scoring counts.
func TestTerritoryByHand(t *testing.T) {
	for _, tc := range []struct {
		mode   string
		winAt  int
		moves  []string
		claims [2]int
		over   bool
	}{
		{"repaint", 0, []string{"e2e4", "d7d5", "e4d5"}, [2]int{2, 0}, false},
		{"permanent", 0, []string{"e2e4", "d7d5", "e4d5"}, [2]int{1, 1}, false},
		{"repaint", 0, []string{"e2e4", "d7d5", "e4d5", "d8d5"}, [2]int{1, 1}, false},
		// castling claims both landings
		{"repaint", 0, []string{"g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7", "e1g1"}, [2]int{5, 3}, false},
		{"permanent", 2, []string{"e2e4", "d7d5", "g1f3"}, [2]int{2, 1}, true},
	} {
		s := chessSpec(t)
		s.Rules.Territory = &rules.Territory{Mode: tc.mode, WinAt: tc.winAt}
		s.Rules.Scoring = &rules.Scoring{Count: "territory"}
		g, err := Load(s)
		if err != nil {
			t.Fatal(err)
		}
		p := g.NewPosition()
		for _, ms := range tc.moves {
			m, err := p.ParseMove(ms)
			if err != nil {
				t.Fatalf("%v: %v", tc.moves, err)
			}
			p.Make(m)
		}
		if got := [2]int{p.Claimed(0), p.Claimed(1)}; got != tc.claims {
			t.Errorf("%s %v: claims %v, want %v", tc.mode, tc.moves, got, tc.claims)
		}
		if p.Score(0) != float64(tc.claims[0]) {
			t.Errorf("%s %v: score %v, want %d", tc.mode, tc.moves, p.Score(0), tc.claims[0])
		}
		if o := p.Outcome(); o.Over != tc.over || tc.over && (o.Winner != 0 || o.Rule != "territory") {
			t.Errorf("%s %v: outcome %+v", tc.mode, tc.moves, o)
		}
		q, err := g.ParseFEN(p.FEN())
		if err != nil || q.Hash() != p.Hash() {
			t.Errorf("%s: FEN %s does not read back (%v)", tc.mode, p.FEN(), err)
		}
	}
}
