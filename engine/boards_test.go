package engine

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// twoBoards is a small game on two 5×5 boards, A and B: a rook that
// captures across landing there, a knight that does the same, a bishop
// that captures across from afar (it stays home), kings, and the vertical
// step (move or capture) for every piece.
const twoBoards = `{
  "schema_version": 33,
  "name": "two boards",
  "board": {"width": 5, "height": 5},
  "boards": [{"name": "A"}, {"name": "B"}],
  "pieces": [
    {"id": "R", "value": 5, "moves": [{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4", "across": {"mode": "capture"}}]},
    {"id": "N", "value": 3, "moves": [{"kind": "leap", "vectors": [[1, 2]], "symmetry": "dihedral8", "across": {"mode": "capture"}}]},
    {"id": "B", "value": 3, "moves": [{"kind": "slide", "vectors": [[1, 1]], "symmetry": "rotate4", "across": {"mode": "capture", "stay": true}}]},
    {"id": "K", "value": 0, "royal": true, "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]}
  ],
  "setup": {"mirror": true, "placements": [{"piece": "K", "squares": ["A:c1"]}, {"piece": "R", "squares": ["A:a1"]}]},
  "rules": {"vertical": {}, "max_plies": 100}
}`

func boardsGame(t *testing.T, spec string) *Game {
	t.Helper()
	g, err := Compile([]byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestBoardsReach: hand-derived move lists on two boards.
func TestBoardsReach(t *testing.T) {
	g := boardsGame(t, twoBoards)
	cases := []struct {
		name, fen, from string
		want            []string // moves from the square, in MoveString order
		not             []string // moves that must not be there
	}{
		{
			// The rook on A:a1 slides up to its own knight on a3: across it
			// reaches a2 and a3 (the blocker's square, where the line
			// ends) and nothing beyond: the enemy on B:a4 is out of reach.
			name: "a slider blocked at home does not reach across past the blocker",
			fen:  "4k/5/N4/5/R1K2|4k/r4/5/r4/5 w - - 0 1",
			from: "A:a1",
			want: []string{"A:a1B:a2"},
			not:  []string{"A:a1B:a4"},
		},
		{
			// The knight on A:b1 reaches across to B:c3 and B:a3 whatever
			// stands between or on those squares at home.
			name: "a leaper reaches across wherever it could land",
			fen:  "4k/5/NRR2/RR3/1NK2|4k/5/n1n2/5/5 w - - 0 1",
			from: "A:b1",
			want: []string{"A:b1B:a3", "A:b1B:c3"},
		},
		{
			name: "the vertical step captures an enemy on the same square across",
			fen:  "4k/5/2R2/5/2K2|4k/5/2n2/5/5 w - - 0 1",
			from: "A:c3",
			want: []string{"A:c3B:c3"},
		},
		{
			// The bishop takes across from afar and stays on A:a1.
			name: "a capture from afar leaves the piece home",
			fen:  "4k/5/5/5/B1K2|4k/5/2n2/5/5 w - - 0 1",
			from: "A:a1",
			want: []string{"A:a1xB:c3"},
		},
	}
	for _, c := range cases {
		p, err := g.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := seatMovesFrom(p, c.from)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: %s missing from %v", c.name, w, got)
			}
		}
		for _, n := range c.not {
			if slices.Contains(got, n) {
				t.Errorf("%s: %s is there: %v", c.name, n, got)
			}
		}
	}
	// After the capture from afar the bishop still stands on A:a1 and the
	// knight across is gone; Unmake brings it back.
	p, _ := g.ParseFEN("4k/5/5/5/B1K2|4k/5/2n2/5/5 w - - 0 1")
	before := p.FEN()
	playSeat(t, p, "A:a1xB:c3")
	if !strings.HasPrefix(p.FEN(), "4k/5/5/5/B1K2|4k/5/5/5/5 ") {
		t.Errorf("after the capture from afar: %s", p.FEN())
	}
	p.Unmake()
	if p.FEN() != before {
		t.Errorf("Unmake: %s, want %s", p.FEN(), before)
	}
}

// TestAliceTransfer: in Alice chess a move whose square on the other board
// is taken is not legal, and a piece gives check only on its own board.
func TestAliceTransfer(t *testing.T) {
	g := loadRuleset(t, "../rulesets/alice.json")
	// White's knight on A:g1 may not go to f3: B:f3 holds a black pawn.
	p, err := g.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/5p2/8/8 w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	got := seatMovesFrom(p, "A:g1")
	if slices.Contains(got, "A:g1B:f3") || !slices.Contains(got, "A:g1B:h3") {
		t.Errorf("knight on A:g1: %v, want B:h3 and not B:f3 (taken across)", got)
	}
	// A black rook on B:e8 stands on the other board from the white king
	// on A:e1: no check. On A:e8 with the e-file open it checks.
	for _, c := range []struct {
		fen   string
		check bool
	}{
		{"8/8/8/8/8/8/8/4K3|4r3/8/8/8/8/8/8/k7 w - - 0 1", false},
		{"4r3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/k7 w - - 0 1", true},
	} {
		q, err := g.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if q.InCheck() != c.check {
			t.Errorf("%s: in check %v, want %v", c.fen, q.InCheck(), c.check)
		}
	}
}

// TestSecondBoardUnused: chess on board A of two, without the transfer and
// with board B empty and out of reach, counts chess's published perft.
func TestSecondBoardUnused(t *testing.T) {
	data, err := os.ReadFile("../rulesets/alice.json")
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]any
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	delete(spec["rules"].(map[string]any), "transfer")
	data, _ = json.Marshal(spec)
	g := boardsGame(t, string(data))
	want := []uint64{20, 400, 8902, 197281}
	if testing.Short() {
		want = want[:3]
	}
	p := g.NewPosition()
	for d, n := range want {
		if got := p.Perft(d + 1); got != n {
			t.Errorf("perft(%d) = %d, chess %d", d+1, got, n)
		}
	}
}
