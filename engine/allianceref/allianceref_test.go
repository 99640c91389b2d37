package allianceref

import (
	"slices"
	"strings"
	"testing"
)

// start is the alliance seed's start as the engine writes it.
const start = "A-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-wK&wS,wPS,2,fY,fM,fU,fK&fS/wU,wPU,2,fPY,fPM,fPU,fPS/wM,wPM,6/wY,wPY,6/6,ePY,eY/6,ePM,eM/aPS,aPU,aPM,aPY,2,ePU,eU/aK&aS,aU,aM,aY,2,ePS,eK&eS|8/8/8/8/8/8/8/8"

// rest is the fields after the seats out: no castling, no points, the
// clock at 0; head the same with no seat out.
const (
	rest = "-0,0,0,0-0,0,0,0-0,0,0,0-0-"
	head = "-0,0,0,0" + rest
)

func TestParseRefuses(t *testing.T) {
	cases := []struct{ name, fen, want string }{
		{"too few fields", "A-0,0,0,0-0", "fields"},
		{"no such seat", "X" + head + "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8", "seat to move"},
		{"one board", "A" + head + "8/8/8/8/8/8/8/8", "1 boards"},
		{"seven ranks", "A" + head + "8/8/8/8/8/8/8|8/8/8/8/8/8/8/8", "7 ranks"},
		{"no such piece's seat", "A" + head + "8/8/8/8/8/8/8/xK,7|8/8/8/8/8/8/8/8", "piece"},
		{"rank too long", "A" + head + "8/8/8/8/8/8/8/aK,8|8/8/8/8/8/8/8/8", "rank"},
	}
	for _, c := range cases {
		if _, err := Parse(c.fen); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error naming %q", c.name, err, c.want)
		}
	}
}

func TestMoves(t *testing.T) {
	cases := []struct {
		name      string
		fen       string
		has, lack []string
	}{
		{"the start", start,
			[]string{"aK N:a1-C:a1", "aS N:a1-N:c3", "aS N:a1-N:a3", "aY N:d1-N:e3", "aPS N:a2-N:a3", "aPS N:a2-C:a2"},
			[]string{"aS N:a1-N:c1", "aU N:b1-N:b3"}},
		{"a slide reaches across up to the first piece at home, whatever stands there",
			"A" + head + "wK,6,fK/8/8/8/8/aPS,7/8/aU,5,eK,1|eU,7/8/8/8/8/eM,7/eY,7/8",
			[]string{"aU N:a1*C:a2", "aU N:a1*C:a3"},
			[]string{"aU N:a1*C:a8", "aU N:a1-N:a3"}},
		{"a salt steps forward at home only, captures diagonally forward at home and across",
			"W" + head + "wK,6,fK/8/8/8/2,wPS,eY,4/3,fM,4/8/aK,6,eK|8/8/8/3,aY,4/3,fU,4/8/8/8",
			[]string{"wPS N:c4xN:d3", "wPS N:c4-C:c4", "wPS N:c4*C:d5"},
			[]string{"wPS N:c4*C:d4", "wPS N:c4-N:d4", "wPS N:c4*C:b5"}},
		{"joins on a cell of one's own, never of an ally's",
			"A" + head + "wK,6,fK/8/8/8/8/2,aM,5/8/aY,2,aK,3,eK|8/8/8/8/8/8/8/fS,7",
			[]string{"aM N:c3-N:a1&", "aM N:c3-N:b2"},
			[]string{"aY N:a1-C:a1", "aY N:a1-C:a1&"}},
		{"a frozen seat blocks and is not taken",
			"A-0,0,1,0" + rest + "wK,7/8/8/8/8/fU,7/8/aU,6,eK|8/8/8/8/8/8/8/8",
			[]string{"aU N:a1-N:a2"},
			[]string{"aU N:a1xN:a3", "aU N:a1-N:a4"}},
		{"in check, the king moves alone",
			"E" + head + "wK,6,fK/8/8/8/8/8/8/aK,6,eK&eS|8/8/8/8/8/8/8/1,aU,6",
			[]string{"eK N:h1-N:g2", "eK N:h1-C:h1"},
			[]string{"eS N:h1-N:f3"}},
	}
	for _, c := range cases {
		p, err := Parse(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := p.MoveStrings()
		for _, m := range c.has {
			if !slices.Contains(got, m) {
				t.Errorf("%s: %s missing from %v", c.name, m, got)
			}
		}
		for _, m := range c.lack {
			if slices.Contains(got, m) {
				t.Errorf("%s: %s listed", c.name, m)
			}
		}
	}
}

func TestMake(t *testing.T) {
	cases := []struct {
		name, fen, move string
		check           func(q *Position) bool
	}{
		{"a capture from afar leaves the mover home and takes both of a cell",
			"A" + head + "wK,6,fK/8/8/8/8/8/8/aU,6,eK|8/8/8/8/8/8/8/7,eU&eY",
			"aU N:a1*C:h1",
			func(q *Position) bool {
				return len(q.Squares[square(0, 0, 0)]) == 1 && q.Squares[square(1, 7, 0)] == nil && q.Turn == 1
			}},
		{"a king taken puts its seat out; a team out ends the game",
			"A-0,0,1,0" + rest + "wK,6,fK/8/8/8/8/8/8/aU,6,eK|8/8/8/8/8/8/8/8",
			"aU N:a1xN:h1",
			func(q *Position) bool { return q.Out[3] && !q.Over() && q.Turn == 1 }},
		{"a join makes a cell of two",
			"A" + head + "wK,6,fK/8/8/8/8/2,aM,5/8/aY,2,aK,3,eK|8/8/8/8/8/8/8/8",
			"aM N:c3-N:a1&",
			func(q *Position) bool {
				return len(q.Squares[square(0, 0, 0)]) == 2 && q.Squares[square(0, 2, 2)] == nil
			}},
	}
	for _, c := range cases {
		p, err := Parse(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		i := slices.IndexFunc(p.Moves(), func(m Move) bool { return m.String() == c.move })
		if i < 0 {
			t.Fatalf("%s: %s not among %v", c.name, c.move, p.MoveStrings())
		}
		if q := p.Make(p.Moves()[i]); !c.check(q) {
			t.Errorf("%s: after %s: %+v", c.name, c.move, q)
		}
	}
}

func TestPerftStart(t *testing.T) {
	p, err := Parse(start)
	if err != nil {
		t.Fatal(err)
	}
	// The four armies cannot meet in three plies: 18 moves each.
	for depth, want := range []uint64{1, 18, 324, 5832} {
		if got := p.Perft(depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}
