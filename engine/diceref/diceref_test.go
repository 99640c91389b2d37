package diceref

import (
	"slices"
	"testing"
)

var (
	noChance  = &Rules{}
	standard  = &Rules{Die: &Die{Faces: SixFaces(1)}}
	deckOfOne = &Rules{Die: &Die{Faces: SixFaces(1), Deck: true}}
	anyMove   = &Rules{Die: &Die{Faces: SixFaces(1), BlockedAny: true}}
	knightHaz = &Rules{Die: &Die{Faces: SixFaces(1)}, Hazards: []Hazard{{Pieces: "N", Thousandths: 250}}}
	kingHaz   = &Rules{Hazards: []Hazard{{Pieces: "K", Thousandths: 100, CaptureOnly: true}}}
)

// TestPerftCounts checks counts derived by hand or known from chess.
func TestPerftCounts(t *testing.T) {
	cases := []struct {
		name  string
		rules *Rules
		fen   string
		want  []uint64 // perft 1, 2, ...
	}{
		// Chess's published counts hold while no check can matter.
		{"chess without chance", noChance, StartFEN, []uint64{20, 400, 8902}},
		// Six rolls; then 16 pawn moves, 4 knight moves, a pass for each
		// of the other four faces; then six rolls again.
		{"the standard die", standard, StartFEN, []uint64{6, 24, 144}},
		// Blocked "any": B, R, Q and K free all 20 moves.
		{"blocked any", anyMove, StartFEN, []uint64{6, 16 + 4 + 4*20}},
		// After roll:N, each of 4 knight moves is followed by two fates.
		{"a knight's hazard", knightHaz, StartFEN + " roll:N", []uint64{4, 8, 48}},
		// The pawn on d2 guards e1: no castling. Kxd2, Kd1, Ke2, Kf1,
		// Kf2 and the rook's 9; only Kxd2 (a capture) is followed by
		// fates. Black then has the king's 5, d1=QRBN when d1 is free, and
		// xe1=QRBN while the king stands on e1 (after the rook's moves).
		{"a king's hazard after capture", kingHaz, "4k3/8/8/8/8/8/3p4/4K2R w K - 0 1", []uint64{14, 2 + 5 + 3*(5+4) + 9*(5+4+4)}},
	}
	for _, c := range cases {
		p, err := Parse(c.rules, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for i, want := range c.want {
			if got := p.Perft(i + 1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", c.name, i+1, got, want)
			}
		}
	}
}

// TestMoveLists checks whole lists where a single rule decides them.
func TestMoveLists(t *testing.T) {
	cases := []struct {
		name  string
		rules *Rules
		fen   string
		want  []string
	}{
		{"the rook on f8 guards f1: no short castling", noChance, "5r1k/8/8/8/8/8/8/R3K2R w KQ - 0 1",
			[]string{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1",
				"e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
				"h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"}},
		{"a king may step into attack and take the king", standard, "8/8/8/8/8/8/3k4/4K3 w - - 0 1 roll:K",
			[]string{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}},
		{"en passant and promotion on roll:P", standard, "k7/2P5/8/3Pp3/8/8/8/K7 w - e6 0 1 roll:P",
			[]string{"c7c8=B", "c7c8=N", "c7c8=Q", "c7c8=R", "d5d6", "d5e6"}},
		{"nothing of the face moves: pass", standard, "k7/8/8/8/8/8/8/K7 w - - 0 1 roll:Q", []string{"pass"}},
		{"nothing of the face moves: any", anyMove, "k7/8/8/8/8/8/8/K7 w - - 0 1 roll:Q", []string{"a1a2", "a1b1", "a1b2"}},
		{"the last card: the deck is full again after it", deckOfOne, StartFEN + " deck:0,0,0,0,0,1", []string{"roll:K"}},
	}
	for _, c := range cases {
		p, err := Parse(c.rules, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := p.MoveNames(); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestOutcomes checks the probabilities of rolls, draws and fates.
func TestOutcomes(t *testing.T) {
	deck := &Rules{Die: &Die{Faces: SixFaces(2), Deck: true}}
	cases := []struct {
		name  string
		rules *Rules
		fen   string
		moves []string // played from fen first
		want  []Outcome
	}{
		{"a weighted die", &Rules{Die: &Die{Faces: []Face{{"P", "P", 3}, {"K", "K", 1}}}}, StartFEN, nil,
			[]Outcome{{"roll:P", 3, 4}, {"roll:K", 1, 4}}},
		{"a deck after two draws", deck, StartFEN, []string{"roll:N", "g1f3", "roll:N", "g8f6"},
			[]Outcome{{"roll:P", 2, 10}, {"roll:B", 2, 10}, {"roll:R", 2, 10}, {"roll:Q", 2, 10}, {"roll:K", 2, 10}}},
		{"a deck drawn to its end is full", deckOfOne, StartFEN + " deck:0,0,0,0,1,0", []string{"roll:Q", "pass"},
			[]Outcome{{"roll:P", 1, 6}, {"roll:N", 1, 6}, {"roll:B", 1, 6}, {"roll:R", 1, 6}, {"roll:Q", 1, 6}, {"roll:K", 1, 6}}},
		{"a knight's fate", knightHaz, StartFEN, []string{"roll:N", "b1c3"},
			[]Outcome{{"fate:spared", 750, 1000}, {"fate:removed", 250, 1000}}},
	}
	for _, c := range cases {
		p, err := Parse(c.rules, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, name := range c.moves {
			p = play(t, p, name)
		}
		if got := p.Outcomes(); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestDecided: a king captured, or removed by its hazard, ends the tree.
func TestDecided(t *testing.T) {
	p, err := Parse(kingHaz, "8/8/8/8/8/8/3k4/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	taken := play(t, p, "e1d2")
	if !taken.Decided() || taken.Perft(1) != 0 {
		t.Errorf("after e1d2 the board is decided with nothing below, got %v, %d", taken.Decided(), taken.Perft(1))
	}
	p, err = Parse(kingHaz, "8/8/8/8/8/8/3n4/4K2k w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	fate := play(t, p, "e1d2")
	if !fate.AtChance() {
		t.Fatalf("after e1d2 (a capture) the king's fate is pending")
	}
	if removed := play(t, fate, "fate:removed"); !removed.Decided() {
		t.Errorf("a king removed by its hazard decides the board")
	}
	if spared := play(t, fate, "fate:spared"); spared.Decided() || spared.AtChance() {
		t.Errorf("a king spared: black moves next, no chance pending")
	}
	if quiet := play(t, p, "e1f1"); quiet.AtChance() {
		t.Errorf("a quiet king move has no fate under after capture")
	}
}

func play(t *testing.T, p *Position, name string) *Position {
	t.Helper()
	for _, b := range p.Branches() {
		if b.Name == name {
			return b.Next
		}
	}
	t.Fatalf("%s is not among %v", name, p.MoveNames())
	return nil
}
