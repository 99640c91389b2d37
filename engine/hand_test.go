package engine

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// dropNames lists the drops of the side to move, as MoveString writes them.
func dropNames(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if m.IsDrop() {
			out = append(out, p.MoveString(m))
		}
	}
	return out
}

// TestDropRules checks, position by position, drops the reference allows
// or forbids, worked out by hand from rules.drops and the rule files.
func TestDropRules(t *testing.T) {
	cases := []struct {
		name, file, fen string
		legal, illegal  []string
	}{
		{
			// White pawn on c2: no second white pawn on the c-file; black's
			// pawn there does not count. The last rank is refused by
			// forbid_immobility (a pawn there could never move).
			name: "no_doubled", file: "rulesets/minishogi.json",
			fen:   "4k/2p2/5/5/K1P2[P] w - - 0 1",
			legal: []string{"P@a2", "P@b3", "P@d4", "P@e2"}, illegal: []string{"P@c3", "P@c4", "P@a5", "P@e5"},
		},
		{
			// P@e4 checks the king on e5: d5 and d4 are the rook's, e4 is
			// guarded by the gold, so it would be mate by a pawn drop. The
			// same square for a gold mates too, and golds are not in no_mate.
			name: "no_mate mates", file: "rulesets/minishogi.json",
			fen:   "4k/5/4G/5/K2R1[PG] w - - 0 1",
			legal: []string{"G@e4", "P@c4"}, illegal: []string{"P@e4"},
		},
		{
			// Without the rook the king walks out to d5 or d4: only a check.
			name: "no_mate checks", file: "rulesets/minishogi.json",
			fen:   "4k/5/4G/5/K4[P] w - - 0 1",
			legal: []string{"P@e4"},
		},
		{
			// Either face: a pawn in hand goes down as a pawn or as its
			// rook face, on every empty square.
			name: "either_face", file: "rulesets/kyotoshogi.json",
			fen:   "2k2/5/5/5/2K2[P] w - - 0 1",
			legal: []string{"P@a1", "+P@a1", "P@e5", "+P@e5"}, illegal: []string{"+L@a1", "R@a1"},
		},
		{
			// Crazyhouse's region keeps pawns off the first and last ranks.
			name: "region", file: "rulesets/crazyhouse.json",
			fen:   "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1",
			legal: []string{"P@a2", "P@h7"}, illegal: []string{"P@a1", "P@h8"},
		},
		{
			// Chessgi's region is written for the first player and
			// reflected: black drops on the eighth rank, never the first.
			name: "region reflected", file: "rulesets/chessgi.json",
			fen:   "4k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1",
			legal: []string{"P@a8", "P@h2"}, illegal: []string{"P@a1"},
		},
		{
			// In check from the rook, a drop must block it.
			name: "drop blocks check", file: "rulesets/crazyhouse.json",
			fen:   "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1",
			legal: []string{"N@b1", "N@c1", "N@d1"}, illegal: []string{"N@e4", "N@f1"},
		},
		{
			// A knight's check cannot be blocked: no drop at all.
			name: "no drop against a knight", file: "rulesets/crazyhouse.json",
			fen:     "4k3/8/8/8/8/3n4/8/4K3[Q] w - - 0 1",
			illegal: []string{"Q@e2", "Q@d2", "Q@a8"},
		},
		{
			// Placement: the king from the stock may not go where it would
			// stand in check (the rook on d8 covers d1).
			name: "royal drop into check", file: "rulesets/placement.json",
			fen:   "3rk3/ppp1pppp/8/8/8/8/5PPP/8[K] w - - 0 1",
			legal: []string{"K@e1", "K@a1"}, illegal: []string{"K@d1"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := loadFile(t, c.file)
			p := mustFEN(t, g, c.fen)
			drops := dropNames(p)
			for _, m := range c.legal {
				if !slices.Contains(drops, m) {
					t.Errorf("%s: %s should be legal; drops %v", c.fen, m, drops)
				}
				if _, err := p.ParseMove(m); err != nil {
					t.Errorf("ParseMove(%s): %v", m, err)
				}
			}
			for _, m := range c.illegal {
				if slices.Contains(drops, m) {
					t.Errorf("%s: %s should be illegal", c.fen, m)
				}
			}
		})
	}
}

// TestHandCounts: captures fill the captor's hand (a promoted piece as what
// it was promoted from), drops empty it, a limited stock runs out, and
// Unmake puts every count and the hash back.
func TestHandCounts(t *testing.T) {
	cases := []struct {
		name, file, fen string
		moves           []string
		player          int
		kind            string
		want            int
		wantFEN         string
	}{
		{name: "demoted crazyhouse queen", file: "rulesets/crazyhouse.json", fen: "k7/8/8/8/8/8/R7/q~3K3[] w - - 0 1",
			moves: []string{"a2a1"}, player: 0, kind: "P", want: 1, wantFEN: "k7/8/8/8/8/8/8/R3K3[P] b - - 0 1"},
		{name: "demoted dragon", file: "rulesets/minishogi.json", fen: "k4/5/5/+r4/R3K[] w - - 0 1",
			moves: []string{"a1a2"}, player: 0, kind: "R", want: 1, wantFEN: "k4/5/5/R4/4K[R] b - - 0 1"},
		{name: "loop keeps the queen", file: "rulesets/loop.json", fen: "k7/8/8/8/8/8/R7/q3K3[] w - - 0 1",
			moves: []string{"a2a1"}, player: 0, kind: "Q", want: 1},
		{name: "pocket knight once", file: "rulesets/pocketknight.json", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
			moves: []string{"N@e4", "N@e5"}, player: 0, kind: "N", want: 0, wantFEN: "rnbqkbnr/pppppppp/8/4n3/4N3/8/PPPPPPPP/RNBQKBNR[] w KQkq - 2 2"},
		{name: "pocket knight not refilled", file: "rulesets/pocketknight.json", fen: "4k3/8/8/8/8/8/8/4K2n[N] w - - 0 1",
			moves: []string{"N@g3", "e8d8", "g3h1"}, player: 0, kind: "N", want: 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := loadFile(t, c.file)
			p := mustFEN(t, g, c.fen)
			startFEN, startHash := p.FEN(), p.Hash()
			for _, s := range c.moves {
				m, err := p.ParseMove(s)
				if err != nil {
					t.Fatalf("%s: %v (moves %v)", p.FEN(), err, moveStrings(p, p.LegalMoves(nil)))
				}
				p.Make(m)
				if p.Hash() != p.computeHash() {
					t.Fatalf("after %s: incremental hash differs from the hash from scratch", s)
				}
			}
			if got := p.InHand(c.player, g.KindByID(c.kind)); got != c.want {
				t.Errorf("in hand %s = %d, want %d (%s)", c.kind, got, c.want, p.FEN())
			}
			if c.wantFEN != "" && p.FEN() != c.wantFEN {
				t.Errorf("FEN %q, want %q", p.FEN(), c.wantFEN)
			}
			for range c.moves {
				p.Unmake()
			}
			if p.FEN() != startFEN || p.Hash() != startHash {
				t.Errorf("after Unmake: %s (hash %x), want %s (hash %x)", p.FEN(), p.Hash(), startFEN, startHash)
			}
		})
	}
	// Hands are part of the hash: the same board with another hand differs.
	g := loadFile(t, "rulesets/crazyhouse.json")
	a := mustFEN(t, g, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
	b := mustFEN(t, g, "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1")
	c := mustFEN(t, g, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
	if a.Hash() == b.Hash() || a.Hash() == c.Hash() {
		t.Error("hands do not change the hash")
	}
}

// TestPlacementPhase plays placement chess's drops until both hands are
// empty: meanwhile every legal move is a drop on the player's first rank
// and the game is not over for want of a king; then board moves begin.
func TestPlacementPhase(t *testing.T) {
	g := loadFile(t, "rulesets/placement.json")
	p := g.NewPosition()
	for ply := 0; ply < 16; ply++ {
		if o := p.Outcome(); o.Over {
			t.Fatalf("ply %d: game over (%+v) with the kings still in hand", ply, o)
		}
		ms := p.LegalMoves(nil)
		for _, m := range ms {
			if !m.IsDrop() {
				t.Fatalf("ply %d: %s is not a drop, but the hand holds pieces", ply, p.MoveString(m))
			}
			if rank := g.rankOf[m.To()]; rank != []int{0, 7}[p.SideToMove()] {
				t.Fatalf("ply %d: %s is not on the player's first rank", ply, p.MoveString(m))
			}
		}
		p.Make(ms[0])
	}
	ms := p.LegalMoves(nil)
	if len(ms) == 0 {
		t.Fatalf("%s: no move after the placement phase", p.FEN())
	}
	for _, m := range ms {
		if m.IsDrop() {
			t.Fatalf("%s: drop %s with empty hands", p.FEN(), p.MoveString(m))
		}
	}
	if len(p.Occupied(nil)) != 32 || !strings.Contains(p.FEN(), "[] w") {
		t.Errorf("after placement: %s", p.FEN())
	}
}

// TestPromoteOnEntry: with rules.promote_on_entry a pawn dropped on the
// last rank of minishogi becomes a tokin at once (and forbid_immobility
// no longer keeps it off that rank: a tokin can move from there).
func TestPromoteOnEntry(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "rulesets/minishogi.json"))
	if err != nil {
		t.Fatal(err)
	}
	spec, problems := rules.Parse(data)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	spec.Rules.PromoteOnEntry = true
	g, err := Load(spec)
	if err != nil {
		t.Fatal(err)
	}
	p := mustFEN(t, g, "4k/5/5/5/K4[P] w - - 0 1")
	m, err := p.ParseMove("P@a5")
	if err != nil {
		t.Fatal(err)
	}
	if k := m.DropKind(); g.PieceID(k) != "+P" {
		t.Fatalf("P@a5 puts down %q, want +P", g.PieceID(k))
	}
	p.Make(m)
	if kind, _, _ := p.PieceAt(g.sq("a5")); g.PieceID(kind) != "+P" || p.NoProgress() != 0 {
		t.Errorf("after P@a5: %s, want a tokin on a5 and the no-progress clock reset", p.FEN())
	}
	p.Unmake()
	q, _ := p.ParseMove("P@a4")
	p.Make(q)
	if kind, _, _ := p.PieceAt(g.sq("a4")); g.PieceID(kind) != "P" || p.NoProgress() != 1 {
		t.Errorf("after P@a4: %s, want a pawn on a4 and the clock running", p.FEN())
	}
}

func (g *Game) sq(name string) int {
	s, _ := g.parseSquare(name)
	return s
}
