package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestHotPathAllocations: generating, making and unmaking moves and asking
// for the outcome allocate nothing once a position is warm.
func TestHotPathAllocations(t *testing.T) {
	for _, file := range []string{"rulesets/chess.json", "rulesets/xiangqi.json", "engine/testdata/horde.json"} {
		g := loadFile(t, file)
		p := g.NewPosition()
		buf := make([]Move, 0, 256)
		step := func() {
			for _, m := range p.LegalMoves(buf[:0]) {
				p.Make(m)
				_ = p.Outcome()
				_ = p.InCheck()
				p.Unmake()
			}
		}
		step()
		if n := testing.AllocsPerRun(20, step); n != 0 {
			t.Errorf("%s: %.1f allocations per round of every move", file, n)
		}
	}
}

func TestClone(t *testing.T) {
	g := loadFile(t, "rulesets/chess.json")
	p := g.NewPosition()
	for _, s := range strings.Fields("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1") {
		p.Make(mustMove(t, p, s))
	}
	q := p.Clone()
	if q.FEN() != p.FEN() || q.Hash() != p.Hash() || q.Ply() != p.Ply() {
		t.Fatal("a clone is the same position")
	}
	// The clone keeps the history: one more knight move repeats thrice.
	q.Make(mustMove(t, q, "f6g8"))
	if o := q.Outcome(); o.Rule != "repetition" {
		t.Errorf("clone lost the history: %+v", o)
	}
	if p.Outcome().Over || p.FEN() == q.FEN() {
		t.Error("moving the clone changed the original")
	}
	q.Unmake()
	q.Unmake() // nothing left to undo on the clone: a no-op
	if q.FEN() != p.FEN() {
		t.Errorf("clone after unmake: %s", q.FEN())
	}
}

func TestAccessors(t *testing.T) {
	g := loadFile(t, "rulesets/chess.json")
	p := g.NewPosition()
	if g.NumSquares() != 64 || g.SquareName(0) != "a1" || g.SquareName(63) != "h8" || g.SquareName(64) != "" {
		t.Error("squares")
	}
	k, o, ok := p.PieceAt(4)
	if !ok || g.PieceID(k) != "K" || o != 0 || g.PieceValue(g.KindByID("Q")) != 9 {
		t.Errorf("e1 holds %d/%d/%v", k, o, ok)
	}
	if _, _, ok := p.PieceAt(30); ok {
		t.Error("g4 is empty")
	}
	if p.SideToMove() != 0 || p.InCheck() || p.Ply() != 0 || g.Name() != "Chess" {
		t.Error("start position")
	}
	if len(RuleNames()) == 0 {
		t.Error("rule names")
	}
}

// TestOccupiedMatchesPieceAt: Occupied lists exactly the squares PieceAt
// finds a piece on, in increasing order, along random games of several
// boards.
func TestOccupiedMatchesPieceAt(t *testing.T) {
	for _, file := range []string{"rulesets/chess.json", "rulesets/xiangqi.json", "rulesets/torus.json", "rulesets/grand.json"} {
		g := loadFile(t, file)
		p := g.NewPosition()
		rng := rand.New(rand.NewPCG(3, 4))
		for ply := 0; ply < 200 && !p.Outcome().Over; ply++ {
			var want []int
			for sq := 0; sq < g.n; sq++ {
				if _, _, ok := p.PieceAt(sq); ok {
					want = append(want, sq)
				}
			}
			if got := p.Occupied(nil); !slices.Equal(got, want) {
				t.Fatalf("%s %s: Occupied %v, PieceAt finds %v", file, p.FEN(), got, want)
			}
			moves := p.LegalMoves(nil)
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
}
