package main

import (
	"testing"

	dt "github.com/dylhunn/dragontoothmg"
)

// The library's move generator agrees with the standard perft counts.
func TestPerft(t *testing.T) {
	for _, c := range []struct {
		fen   string
		depth int
		want  int64
	}{
		{dt.Startpos, 5, 4865609},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
		{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
	} {
		b := dt.ParseFen(c.fen)
		if got := dt.Perft(&b, c.depth); got != c.want {
			t.Errorf("perft(%q, %d) = %d, want %d", c.fen, c.depth, got, c.want)
		}
	}
}

// Repetition counting looks back by twos.
func TestRepetitions(t *testing.T) {
	if n := repetitions([]uint64{1, 2, 3, 4, 1}); n != 2 {
		t.Errorf("got %d", n)
	}
	if n := repetitions([]uint64{1, 2, 1, 2, 1}); n != 3 {
		t.Errorf("got %d", n)
	}
	if n := repetitions([]uint64{1, 5, 2, 1}); n != 1 { // same hash, other side to move
		t.Errorf("got %d", n)
	}
}

// A knight shuffle from the start repeats the start position a third time
// after eight plies; the library's hash sees it.
func TestKnightShuffle(t *testing.T) {
	b := dt.ParseFen(dt.Startpos)
	hist := []uint64{b.Hash()}
	for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"} {
		m, err := dt.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		b.Apply(m)
		hist = append(hist, b.Hash())
	}
	if n := repetitions(hist); n != 3 {
		t.Errorf("repetitions = %d, want 3", n)
	}
	if b.Halfmoveclock != 8 {
		t.Errorf("halfmove clock = %d, want 8", b.Halfmoveclock)
	}
}
