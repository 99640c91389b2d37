package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

const fogChess = "../rulesets/fog-of-war.json"

func squareNames(g *Game, sqs []int) []string {
	out := make([]string, len(sqs))
	for i, s := range sqs {
		out[i] = g.SquareName(s)
	}
	slices.Sort(out)
	return out
}

// TestSightHandDerived: what each side sees on a small position, worked
// out by hand from the rule (own squares, leaps' targets, slides up to
// and including the first piece, a pawn's step, double step and both
// diagonals).
func TestSightHandDerived(t *testing.T) {
	g := loadEdited(t, fogChess, "")
	p, err := g.ParseFEN("4k3/8/8/8/8/4p3/4P3/R3K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	white := []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"}
	slices.Sort(white)
	if got := squareNames(g, p.Sight(0)); !slices.Equal(got, white) {
		t.Errorf("white sees %v, want %v", got, white)
	}
	// Black: the king's eight... five neighbours on the edge, the pawn's
	// step onto e2 (blocked, seen), its diagonals d2 and f2.
	black := []string{"d7", "d8", "e7", "e8", "f7", "f8", "e3", "e2", "d2", "f2"}
	slices.Sort(black)
	if got := squareNames(g, p.Sight(1)); !slices.Equal(got, black) {
		t.Errorf("black sees %v, want %v", got, black)
	}
}

// TestObservationHidesWhatIsUnseen: positions that differ only out of a
// seat's sight look the same to it; a difference in sight does not.
func TestObservationHidesWhatIsUnseen(t *testing.T) {
	g := loadEdited(t, fogChess, "")
	obs := func(fen string, seat int) uint64 {
		p, err := g.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return p.Observe(seat).Hash()
	}
	base := "4k3/8/8/8/8/4p3/4P3/R3K3 w - - 0 1"
	cases := []struct {
		name  string
		fen   string
		seat  int
		equal bool
	}{
		{"black king moved out of white's sight", "3k4/8/8/8/8/4p3/4P3/R3K3 w - - 0 1", 0, true},
		{"a black knight added out of sight", "4k3/8/8/6n1/8/4p3/4P3/R3K3 w - - 0 1", 0, true},
		{"the black king moved, to black", "3k4/8/8/8/8/4p3/4P3/R3K3 w - - 0 1", 1, false},
		{"a black knight on white's a-file", "4k3/8/8/n7/8/4p3/4P3/R3K3 w - - 0 1", 0, false},
		{"the black pawn on d3 instead", "4k3/8/8/8/8/3p4/4P3/R3K3 w - - 0 1", 0, false},
		{"side to move", "4k3/8/8/8/8/4p3/4P3/R3K3 b - - 0 1", 0, false},
	}
	for _, c := range cases {
		if got := obs(c.fen, c.seat) == obs(base, c.seat); got != c.equal {
			t.Errorf("%s: same observation %v, want %v", c.name, got, c.equal)
		}
	}
}

// TestSamplesAgreeWithTheObservation: along random games of fog-of-war
// chess, every sampled world looks to the seat exactly as the real
// position does, holds every piece the seat can count, and its own
// pieces and moves are the real ones.
func TestSamplesAgreeWithTheObservation(t *testing.T) {
	g := loadEdited(t, fogChess, "")
	rng := rand.New(rand.NewPCG(3, 4))
	for game := 0; game < 3; game++ {
		p := g.NewPosition()
		for ply := 0; ply < 60 && !p.Outcome().Over; ply++ {
			for seat := 0; seat < 2; seat++ {
				o := p.Observe(seat)
				unseen := o.Unseen()
				for k := 0; k < 3; k++ {
					w := o.Sample(rng.Uint64)
					if h := w.Observe(seat).Hash(); h != o.Hash() {
						t.Fatalf("ply %d seat %d: a sample looks different (%s)", ply, seat, w.FEN())
					}
					if w.hash != w.computeHash() {
						t.Fatalf("ply %d: a sample's hash is not its own", ply)
					}
					for kind := 0; kind < g.nk; kind++ {
						seen := 0
						for s := 0; s < g.n; s++ {
							if k2, owner, ok := o.PieceAt(s); ok && owner != seat && k2 == kind {
								seen++
							}
						}
						if got, want := int(w.count[opponent(seat)][kind+1]), seen+unseen[kind]; got != want {
							t.Fatalf("ply %d seat %d kind %d: sample has %d, observation counts %d", ply, seat, kind, got, want)
						}
					}
					if seat == p.SideToMove() {
						real, sampled := moveNames(p), moveNames(w)
						for _, m := range sampled {
							if _, err := p.ParseMove(m); err != nil && !slices.Contains([]string{"e1g1", "e1c1", "e8g8", "e8c8"}, m) {
								t.Fatalf("ply %d: %s is legal in a sample but not on the board %s (real %v)", ply, m, p.FEN(), real)
							}
						}
					}
				}
			}
			ms := p.LegalMoves(nil)
			p.Make(ms[rng.IntN(len(ms))])
		}
	}
}

// TestTookIsCounted: a capture is counted for the seat that made it, and
// the count is what the seat uses to tell how many pieces it cannot see.
func TestTookIsCounted(t *testing.T) {
	g := loadEdited(t, fogChess, "")
	p, err := g.ParseFEN("4k3/8/8/8/8/4p3/3P4/R3K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	pawn := codeKind(p.board[sq(t, g, "d2")])
	before := p.Observe(0).Unseen()
	playNames(t, p, "d2e3")
	if p.took[0][pawn] != 1 {
		t.Fatalf("took %v", p.took[0])
	}
	after := p.Observe(0).Unseen()
	if after[pawn] != before[pawn] {
		// The pawn was seen before and is gone now: neither count has it.
		t.Fatalf("unseen pawns %d before, %d after", before[pawn], after[pawn])
	}
	p.Unmake()
	if p.took[0][pawn] != 0 {
		t.Fatalf("unmake left took %v", p.took[0])
	}
}

// TestHiddenKing: in the veiled king the other side never sees the king,
// not in hand, not put down, not moved; its own side does; a line of
// sight passes through it as if the square were empty; a sample puts it
// on a square that looks empty.
func TestHiddenKing(t *testing.T) {
	g := loadEdited(t, "../rulesets/veiled-king.json", "")
	p := g.NewPosition()
	king := -1
	for k := 0; k < g.nk; k++ {
		if g.Hidden(k) {
			king = k
		}
	}
	if king < 0 || !g.HasHiddenInformation() {
		t.Fatal("no hidden kind")
	}
	playNames(t, p, "K@e1", "R@a8")
	e1 := sq(t, g, "e1")
	if k, owner, ok := p.Observe(0).PieceAt(e1); !ok || k != king || owner != 0 {
		t.Fatalf("white does not see its own king on e1")
	}
	if _, _, ok := p.Observe(1).PieceAt(e1); ok {
		t.Fatal("black sees the white king")
	}
	// Black's rook on a8 looks along the eighth rank only; put a black
	// rook where its line crosses e1: it must see past the king to f1.
	q, err := g.ParseFEN("r7/pppppppp/8/8/8/8/PPPPPPPP/r3K3 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	seen := squareNames(g, q.Sight(1))
	if !slices.Contains(seen, "f1") || !slices.Contains(seen, "h1") {
		t.Fatalf("black's rook on a1 does not see through the hidden king: %v", seen)
	}
	o := q.Observe(1)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20; i++ {
		w := o.Sample(rng.Uint64)
		if w.Observe(1).Hash() != o.Hash() {
			t.Fatal("a sample looks different to black")
		}
		kings := w.kindBB[0][king].squares(nil)
		if len(kings) != 1 {
			t.Fatalf("a sample has %d white kings", len(kings))
		}
		if _, _, ok := o.PieceAt(kings[0]); ok {
			t.Fatalf("the sampled king stands on %s, where black sees a piece", g.SquareName(kings[0]))
		}
	}
}

// BenchmarkObservationSample: one world of fog-of-war chess drawn from a
// middlegame observation, what every ISMCTS iteration and det world costs.
func BenchmarkObservationSample(b *testing.B) {
	g := loadEdited(b, fogChess, "")
	p := g.NewPosition()
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 20 && !p.Outcome().Over; i++ {
		ms := p.LegalMoves(nil)
		p.Make(ms[rng.IntN(len(ms))])
	}
	o := p.Observe(p.SideToMove())
	b.ReportAllocs()
	for b.Loop() {
		o.Sample(rng.Uint64)
	}
}
