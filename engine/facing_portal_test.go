package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFourQuarterTurnsSamePosition turns a lancer round by quarter turns
// while the other side's knight goes out and back: after four turns it is
// the same position, with the same hash, and each turn's hash is the one
// computed from scratch and differs from the others.
func TestFourQuarterTurnsSamePosition(t *testing.T) {
	g := loadFile(t, "rulesets/lancers.json")
	p := g.NewPosition()
	start, startFEN := p.Hash(), p.FEN()
	seen := map[uint64]string{}
	for i, mv := range []string{"a1:b", "b6c4", "a1:l", "c4b6", "a1:f", "b6c4", "a1:r", "c4b6"} {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		if !m.IsTurn() != (i%2 == 1) {
			t.Fatalf("%s: IsTurn %v", mv, m.IsTurn())
		}
		p.Make(m)
		if h := p.computeHash(); h != p.Hash() {
			t.Fatalf("after %s: hash %x, from scratch %x", mv, p.Hash(), h)
		}
		if i%2 == 1 && i < 7 {
			if prev, dup := seen[p.Hash()]; dup {
				t.Fatalf("after %s: same hash as after %s", mv, prev)
			}
			seen[p.Hash()] = mv
		}
	}
	if p.Hash() != start {
		t.Fatalf("four quarter turns: hash %x, start %x", p.Hash(), start)
	}
	if fen := p.FEN(); strings.Fields(fen)[0] != strings.Fields(startFEN)[0] {
		t.Fatalf("four quarter turns: %s, start %s", fen, startFEN)
	}
	if p.Repetitions() < 2 {
		t.Fatalf("the start position is not counted as repeated")
	}
}

// TestFacingTurnsTheMoves: the lancer's charge follows its facing, for
// either player, and a piece placed facing a way keeps its moves there.
func TestFacingTurnsTheMoves(t *testing.T) {
	g := loadFile(t, "rulesets/lancers.json")
	cases := []struct {
		fen  string
		want []string // moves of the piece on the first square named
		not  []string
	}{
		// a1 faces right: it charges along the first rank, steps b2/b0 diagonally ahead
		{"6/6/6/6/6/L:r4k w - - 0 1", []string{"a1b1", "a1e1", "a1f1"}, []string{"a1a2"}},
		{"6/6/6/6/6/L4k w - - 0 1", []string{"a1a2", "a1a6", "a1b2"}, []string{"a1b1"}},
		{"6/6/6/6/6/L:b4k w - - 0 1", []string{"a1:f", "a1:r", "a1:l"}, []string{"a1a2", "a1b1"}},
		// the second player's lancer facing its forward goes down the board
		{"l4K/6/6/6/6/6 b - - 0 1", []string{"a6a1", "a6b5"}, []string{"a6b6"}},
		// under setup mirror a facing reads as the mirrored army's: right is east for both
		{"l:r4K/6/6/6/6/6 b - - 0 1", []string{"a6b6", "a6f6"}, []string{"a6a5"}},
	}
	for _, c := range cases {
		p, err := g.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		have := map[string]bool{}
		for _, m := range p.LegalMoves(nil) {
			have[p.MoveString(m)] = true
		}
		for _, w := range c.want {
			if !have[w] {
				t.Errorf("%s: %s missing from %v", c.fen, w, have)
			}
		}
		for _, w := range c.not {
			if have[w] {
				t.Errorf("%s: %s should not be legal", c.fen, w)
			}
		}
	}
}

// TestFoldLeadingNowhereIsFloor: a fold group whose ends let none of the
// pieces on the board in, and one end of which leads nowhere, changes
// nothing: every perft count is the plain game's.
func TestFoldLeadingNowhereIsFloor(t *testing.T) {
	plain := loadFile(t, "rulesets/five-by-five.json")
	src := readRepoFile(t, "rulesets/five-by-five.json")
	// Z is a piece no rule ever puts on the board, so the ends that lead
	// somewhere carry nothing here; c3 leads nowhere.
	src = strings.Replace(src, `"pieces": [`, `"pieces": [{"id": "Z", "moves": [{"kind": "leap", "vectors": [[1, 0]]}]}, {"id": "O", "value": 0, "moves": []},`, 1)
	src = strings.Replace(src, `"max_plies": 200`, `"max_plies": 200, "portals": [{"piece": "O", "kind": "fold", "ends": [
		{"at": "b3", "to": 1, "carries": ["Z"]}, {"at": "c3"}, {"at": "d3", "to": 1, "carries": ["Z"]}]}]`, 1)
	folded := loadBytes(t, []byte(src))
	for depth := 1; depth <= 4; depth++ {
		a, b := plain.NewPosition().Perft(depth), folded.NewPosition().Perft(depth)
		if a != b {
			t.Fatalf("perft(%d): %d with the folds, %d without", depth, b, a)
		}
	}
	// With c3 leading somewhere for every piece, the counts change.
	src2 := strings.Replace(src, `{"at": "c3"}`, `{"at": "c3", "to": 0}`, 1)
	live := loadBytes(t, []byte(src2))
	if a, b := plain.NewPosition().Perft(3), live.NewPosition().Perft(3); a == b {
		t.Fatalf("a fold that leads somewhere changed nothing (perft(3) %d)", a)
	}
}

// TestPortalRulings pins down the readings doc.go gives where the
// reference leaves room, each on a position of the worked example.
func TestPortalRulings(t *testing.T) {
	g := loadFile(t, "rulesets/five-by-five-portals.json")
	cases := []struct {
		name      string
		fen       string
		want, not []string
	}{
		{"a slide stops at an end it could enter, and goes in",
			"4k/5/R4/5/4K w - - 0 1 portals:b3,d3", []string{"a3b3>e3"}, []string{"a3c3", "a3e3"}},
		{"a leap jumps over an end",
			"4k/5/1N3/5/4K w - - 0 1 portals:b4,b2", []string{"b3c5", "b3a1"}, nil},
		{"a quiet step comes out only onto an empty square",
			"4k/2p2/5/1P3/4K w - - 0 1 portals:b3,c3", nil, []string{"b2b3>c4"}},
		{"a capturing step comes out onto an enemy",
			"4k/3p1/5/P4/4K w - - 0 1 portals:b3,c3", []string{"a2b3>d4"}, []string{"a2b3"}},
		{"a piece comes out one step beyond the other end",
			"4k/5/5/R4/4K w - - 0 1 portals:b2,c2", []string{"a2b2>d2"}, []string{"a2c2", "a2b2"}},
		{"an exit off the board is no move, and the end stops the slide",
			"4k/5/5/5/R3K w - - 0 1 portals:b1,e3", []string{"a1a2"}, []string{"a1c1", "a1d1"}},
		{"a check through a portal must be answered",
			"R3k/5/5/5/1K3 b - - 0 1 portals:b5,d4", nil, []string{"e5e4"}},
		{"a moved end may not go straight back next move",
			"4k/5/5/5/4K w - - 0 1 portals:c3,d3 back:c3b3", []string{"O:c3c2", "O:d3e3"}, []string{"O:c3b3"}},
	}
	for _, c := range cases {
		p, err := g.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %s: %v", c.name, c.fen, err)
		}
		have := map[string]bool{}
		for _, m := range p.LegalMoves(nil) {
			have[p.MoveString(m)] = true
		}
		for _, w := range c.want {
			if !have[w] {
				t.Errorf("%s: %s: %s missing from %v", c.name, c.fen, w, have)
			}
		}
		for _, w := range c.not {
			if have[w] {
				t.Errorf("%s: %s: %s should not be legal", c.name, c.fen, w)
			}
		}
	}
}

func readRepoFile(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestFacingBackwardIsTurnedVectors: pawns placed pointing backward (and
// never turning) count exactly like pawns whose vectors are written
// backward, on a square board with a mirrored setup and on a hexagon with
// a rotated one.
func TestFacingBackwardIsTurnedVectors(t *testing.T) {
	cases := []struct {
		file, pawn, backward string
	}{
		{"rulesets/five-by-five.json",
			`{"kind": "slide", "vectors": [[0, 1]], "range": 1, "mode": "move"},
        {"kind": "leap", "vectors": [[1, 1]], "symmetry": "lateral", "mode": "capture"}`,
			`{"kind": "slide", "vectors": [[0, -1]], "range": 1, "mode": "move"},
        {"kind": "leap", "vectors": [[1, -1]], "symmetry": "lateral", "mode": "capture"}`},
		{"rulesets/hex-skirmish.json", `{"kind": "leap", "vectors": [[0, 1], [-1, 1]]}`, `{"kind": "leap", "vectors": [[0, -1], [1, -1]]}`},
	}
	for _, c := range cases {
		src := readRepoFile(t, c.file)
		if !strings.Contains(src, c.pawn) {
			t.Fatalf("%s: the pawn's moves are not written as expected", c.file)
		}
		turned := strings.Replace(src, `"id": "P",`, `"id": "P", "facing": {"axes": 2, "turns": false},`, 1)
		turned = strings.Replace(turned, `{"piece": "P", "squares"`, `{"piece": "P", "facing": "backward", "squares"`, 1)
		written := strings.Replace(src, c.pawn, c.backward, 1)
		a, b := loadBytes(t, []byte(turned)), loadBytes(t, []byte(written))
		if !a.Facings() {
			t.Fatalf("%s: the edit gave no facing", c.file)
		}
		for depth := 1; depth <= 3; depth++ {
			if x, y := a.NewPosition().Perft(depth), b.NewPosition().Perft(depth); x != y {
				t.Errorf("%s perft(%d): %d pointing backward, %d written backward", c.file, depth, x, y)
			}
		}
	}
}
