package engine

import (
	"slices"
	"strings"
	"testing"
)

// allianceFEN writes a FEN4 position of the alliance seed (two boards of
// 8 by 8, N and C; seats air, water, fire and earth) with the given seat
// to move ('A', 'W', 'F', 'E') and pieces ("N:a1": "aK&aS").
func allianceFEN(turn string, pieces map[string]string) string {
	var boards []string
	for _, b := range []string{"N", "C"} {
		var ranks []string
		for y := 8; y >= 1; y-- {
			var cells []string
			empty := 0
			for x := 0; x < 8; x++ {
				pc, ok := pieces[b+":"+string(rune('a'+x))+itoa(y)]
				if !ok {
					empty++
					continue
				}
				if empty > 0 {
					cells = append(cells, itoa(empty))
					empty = 0
				}
				cells = append(cells, pc)
			}
			if empty > 0 {
				cells = append(cells, itoa(empty))
			}
			ranks = append(ranks, strings.Join(cells, ","))
		}
		boards = append(boards, strings.Join(ranks, "/"))
	}
	return turn + "-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-" + strings.Join(boards, "|")
}

// kings is one king for each seat, away from the squares the tests use.
func kings(more map[string]string) map[string]string {
	out := map[string]string{"N:a1": "aK", "N:h5": "wK", "N:e8": "fK", "N:h1": "eK"}
	for sq, pc := range more {
		out[sq] = pc
	}
	return out
}

func legalStrings(p *Position) []string { return moveStrings(p, p.LegalMoves(nil)) }

// playChecked makes the move named, checking the hash from scratch, and
// that Unmake brings the position back.
func playChecked(t *testing.T, p *Position, move string) {
	t.Helper()
	before := p.FEN()
	m, err := p.ParseMove(move)
	if err != nil {
		t.Fatalf("%s in %s: %v (legal: %v)", move, before, err, legalStrings(p))
	}
	p.Make(m)
	after := p.FEN()
	if h := p.computeHash(); h != p.hash {
		t.Fatalf("%s from %s: hash %x, from scratch %x", move, before, p.hash, h)
	}
	p.Unmake()
	if p.FEN() != before {
		t.Fatalf("%s made and unmade: %s, want %s", move, p.FEN(), before)
	}
	p.Make(m)
	if p.FEN() != after {
		t.Fatalf("%s made again: %s, want %s", move, p.FEN(), after)
	}
}

// TestThroneCells: each case is worked out by hand from the seed's rules
// as rulesets/seeds/alliance.json writes them.
func TestThroneCells(t *testing.T) {
	g := loadFile(t, "rulesets/seeds/alliance.json")
	cases := []struct {
		name   string
		turn   string
		pieces map[string]string
		move   string   // played, then checked by after
		has    []string // legal here
		hasNot []string // not legal here
		after  func(t *testing.T, p *Position)
	}{
		{
			// Water's sun slides down the a-file onto air's throne: the
			// king and the sulfur fall together, and air is out.
			name: "a throne falls at once", turn: "W",
			pieces: kings(map[string]string{"N:a1": "aK&aS", "N:a4": "wU"}),
			move:   "N:a4N:a1",
			after: func(t *testing.T, p *Position) {
				if _, _, ok := p.PieceAt(g.mustSquare(t, "N:a1")); !ok {
					t.Fatal("the sun did not land on the throne")
				}
				if _, _, ok := p.PieceUnder(g.mustSquare(t, "N:a1")); ok {
					t.Fatal("a piece is still under the sun")
				}
				if !p.SeatOut(0) {
					t.Fatal("air's king fell but air is not out")
				}
				if n := p.count[0][g.ids["S"]+1]; n != 0 {
					t.Fatalf("air still counts %d sulfurs", n)
				}
			},
		},
		{
			// The sun on board C reaches across along its home file and
			// takes the throne from afar, both pieces at once.
			name: "a throne falls from afar", turn: "W",
			pieces: kings(map[string]string{"N:a1": "aK&aS", "C:a4": "wU"}),
			move:   "C:a4xN:a1",
			after: func(t *testing.T, p *Position) {
				if _, _, ok := p.PieceAt(g.mustSquare(t, "N:a1")); ok {
					t.Fatal("the throne is not empty")
				}
				if k, _, ok := p.PieceAt(g.mustSquare(t, "C:a4")); !ok || g.PieceID(k) != "U" {
					t.Fatal("the sun did not stay home")
				}
				if !p.SeatOut(0) {
					t.Fatal("air is not out")
				}
			},
		},
		{
			// The sulfur leaps two squares diagonally onto the throne its
			// king holds alone; then either may leave it, each naming itself.
			name: "a piece joins its king", turn: "A",
			pieces: kings(map[string]string{"N:c3": "aS"}),
			move:   "N:c3N:a1",
			after: func(t *testing.T, p *Position) {
				if _, _, ok := p.PieceUnder(g.mustSquare(t, "N:a1")); !ok {
					t.Fatal("the throne does not hold two")
				}
				for p.SeatToMove() != 0 {
					p.Make(p.LegalMoves(nil)[0])
				}
				for _, want := range []string{"N:a1N:a2/K", "N:a1N:c3/S", "N:a1C:a1/K", "N:a1C:a1/S"} {
					if !slices.Contains(legalStrings(p), want) {
						t.Errorf("%s is not legal from the throne of two: %v", want, legalStrings(p))
					}
				}
			},
		},
		{
			// A cell holds two of one army: fire's sulfur may not join air's
			// king, nor take it.
			name: "an ally's throne is closed", turn: "F",
			pieces: kings(map[string]string{"N:c3": "fS"}),
			hasNot: []string{"N:c3N:a1"},
			has:    []string{"N:c3N:c1"},
		},
		{
			// A square that is not a cell holds one piece: the sulfur may
			// not land on its own sun.
			name: "a plain square holds one", turn: "A",
			pieces: kings(map[string]string{"N:c3": "aS", "N:c1": "aU"}),
			hasNot: []string{"N:c3N:c1"},
		},
		{
			// The sulfur below the king attacks c3: water's king there is in
			// check and must move (rules.priority), so the sun may not.
			name: "the piece below gives check", turn: "W",
			pieces: map[string]string{"N:a1": "aK&aS", "N:c3": "wK", "N:h4": "wU", "N:e8": "fK", "N:h1": "eK"},
			has:    []string{"N:c3N:c4"},
			hasNot: []string{"N:h4N:h6"},
		},
		{
			// The same with the sulfur on top.
			name: "the piece on top gives check", turn: "W",
			pieces: map[string]string{"N:a1": "aS&aK", "N:c3": "wK", "N:h4": "wU", "N:e8": "fK", "N:h1": "eK"},
			has:    []string{"N:c3N:c4"},
			hasNot: []string{"N:h4N:h6"},
		},
		{
			// Two suns in a cell move as one kind: each move is listed once,
			// and the other sun stays behind.
			name: "two alike", turn: "A",
			pieces: map[string]string{"N:h8": "aU&aU", "N:a1": "aK", "N:a5": "wK", "N:e5": "fK", "N:c4": "eK"},
			move:   "N:h8N:h6/U",
			after: func(t *testing.T, p *Position) {
				if k, _, ok := p.PieceAt(g.mustSquare(t, "N:h8")); !ok || g.PieceID(k) != "U" {
					t.Fatal("no sun left on h8")
				}
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fen := allianceFEN(c.turn, c.pieces)
			p, err := g.ParseFEN(fen)
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			legal := legalStrings(p)
			if c.name == "two alike" {
				seen := map[string]bool{}
				for _, s := range legal {
					if seen[s] {
						t.Errorf("%s listed twice", s)
					}
					seen[s] = true
				}
			}
			for _, m := range c.has {
				if !slices.Contains(legal, m) {
					t.Errorf("%s is not legal: %v", m, legal)
				}
			}
			for _, m := range c.hasNot {
				if slices.Contains(legal, m) {
					t.Errorf("%s is legal", m)
				}
			}
			if c.move != "" {
				playChecked(t, p, c.move)
				c.after(t, p)
			}
		})
	}
}

// TestCellNotation: a cell of two reads back whatever its order, with one
// hash for both orders and another for a lone piece; FEN4 naming two
// pieces where they cannot stand is refused.
func TestCellNotation(t *testing.T) {
	g := loadFile(t, "rulesets/seeds/alliance.json")
	hash := func(pieces map[string]string) uint64 {
		t.Helper()
		p, err := g.ParseFEN(allianceFEN("A", pieces))
		if err != nil {
			t.Fatal(err)
		}
		checkNotationRoundTrip(t, g, p.FEN())
		return p.Hash()
	}
	if hash(kings(map[string]string{"N:a1": "aK&aS"})) != hash(kings(map[string]string{"N:a1": "aS&aK"})) {
		t.Error("the order of a cell's two pieces changes the hash")
	}
	if hash(kings(map[string]string{"N:h8": "aU&aU"})) == hash(kings(map[string]string{"N:h8": "aU"})) {
		t.Error("two suns in a cell hash as one")
	}
	for _, bad := range []map[string]string{
		kings(map[string]string{"N:b1": "aU&aM"}),     // not a cell
		kings(map[string]string{"N:a1": "aK&wS"}),     // two seats
		kings(map[string]string{"N:a1": "aK&aS&aU"}),  // three
		kings(map[string]string{"N:a1": "aK&"}),       // half a cell
		kings(map[string]string{"C:h8": "aU&zz"}),     // no such piece
		kings(map[string]string{"N:a1": "aK&aS&&aS"}), // empty piece
	} {
		if p, err := g.ParseFEN(allianceFEN("A", bad)); err == nil {
			t.Errorf("%s read as %s", allianceFEN("A", bad), p.FEN())
		}
	}
	start := g.NewPosition()
	if !strings.Contains(start.FEN(), "aK&aS") {
		t.Errorf("the start's thrones are not written as cells: %s", start.FEN())
	}
}

// FuzzParseCellFEN reads FEN4 of a game with cells: whatever it accepts
// writes back the same, hashes the same from scratch, and makes and
// unmakes every legal move cleanly.
func FuzzParseCellFEN(f *testing.F) {
	g := loadFile(f, "rulesets/seeds/alliance.json")
	f.Add(g.NewPosition().FEN())
	f.Add(allianceFEN("W", kings(map[string]string{"N:a1": "aK&aS", "C:a4": "wU"})))
	f.Add(allianceFEN("A", map[string]string{"N:h8": "aU&aU", "N:a1": "aK", "N:a5": "wK", "N:e5": "fK", "N:c4": "eK"}))
	f.Fuzz(func(t *testing.T, fen string) { checkNotationRoundTrip(t, g, fen) })
}
