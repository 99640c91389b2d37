package fen4

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// cornersX is the start position as chess.com writes it now, the corners as x
// (the form of obryanlouis/4pchess's FENs_4PC_balanced.txt).
const cornersX = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-" +
	"x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/" +
	"bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/" +
	"bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/" +
	"x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x"

// emptyBoard is fourteen empty rows.
var emptyBoard = strings.TrimSuffix(strings.Repeat("14/", Size), "/")

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
	}{
		{"start", StartFEN},
		{"start with x corners", cornersX},
		{"empty", "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-" + emptyBoard},
		{"blue to move, green out, points, clock", "B-0,0,0,1-1,0,1,0-0,1,1,0-12,0,31,7-23-" + emptyBoard},
		{"en passant", "Y-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-{'enPassant':('','c6:d6','','')}-" + emptyBoard},
		{"other extras first", "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'lives':(50,50,50,50),'royal':('h1','','',''),'enPassant':('i3:i4','c6:d6','f12:f11','l9:k9')}-" + emptyBoard},
		{"dead pieces naming their seat", "B-1,0,0,0-0,0,0,0-0,0,0,0-7,0,0,0-3-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/14/14/14/14/14/bK,4,drP,dP,dgQ,6/14/14/14/14/3,rK,10/14/14"},
		{"en passant naming only the skipped square", "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-{'enPassant':('','c6:','','')}-" + emptyBoard},
		{"dead pieces and fairy letters", "G-1,0,0,0-0,0,0,0-0,0,0,0-20,0,0,0-3-3,dK,dQ,dR,3,yA,yZ,3/" + strings.TrimSuffix(strings.Repeat("14/", Size-1), "/")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != tc.fen {
				t.Fatalf("written back as\n%s\nwant\n%s", got, tc.fen)
			}
		})
	}
}

func TestStartPosition(t *testing.T) {
	p, err := Parse(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	x, err := Parse(cornersX)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		square string
		want   Cell
	}{
		{"h1", Cell{Seat: Red, Piece: 'K'}}, {"g1", Cell{Seat: Red, Piece: 'Q'}}, {"d1", Cell{Seat: Red, Piece: 'R'}}, {"k1", Cell{Seat: Red, Piece: 'R'}}, {"d2", Cell{Seat: Red, Piece: 'P'}},
		{"a7", Cell{Seat: Blue, Piece: 'K'}}, {"a8", Cell{Seat: Blue, Piece: 'Q'}}, {"a4", Cell{Seat: Blue, Piece: 'R'}}, {"a11", Cell{Seat: Blue, Piece: 'R'}}, {"b5", Cell{Seat: Blue, Piece: 'P'}},
		{"g14", Cell{Seat: Yellow, Piece: 'K'}}, {"h14", Cell{Seat: Yellow, Piece: 'Q'}}, {"e13", Cell{Seat: Yellow, Piece: 'P'}},
		{"n8", Cell{Seat: Green, Piece: 'K'}}, {"n7", Cell{Seat: Green, Piece: 'Q'}}, {"m11", Cell{Seat: Green, Piece: 'P'}},
		{"h7", EmptyCell}, {"a1", EmptyCell}, {"n14", EmptyCell},
	} {
		i, err := ParseSquare(tc.square)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Cells[i]; got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.square, got, tc.want)
		}
	}
	if !p.CastleKing[Green] || !p.CastleQueen[Blue] || p.Turn != Red || p.Out[Yellow] {
		t.Errorf("rights or turn misread: %+v", p)
	}
	// The two spellings differ only in the corners.
	for i, c := range x.Cells {
		file, rank := i%Size, i/Size
		corner := (file < 3 || file > 10) && (rank < 3 || rank > 10)
		switch {
		case corner && !c.IsWall():
			t.Errorf("%s: %+v, want a wall", SquareName(i), c)
		case !corner && c != p.Cells[i]:
			t.Errorf("%s: %+v with x corners, %+v without", SquareName(i), c, p.Cells[i])
		}
	}
}

func TestSquares(t *testing.T) {
	for _, tc := range []struct {
		name  string
		index int
	}{
		{"a1", 0}, {"h1", 7}, {"n1", 13}, {"a2", 14}, {"a7", 84}, {"n14", 195}, {"g14", 188},
	} {
		if got := SquareName(tc.index); got != tc.name {
			t.Errorf("SquareName(%d) = %q, want %q", tc.index, got, tc.name)
		}
		if got, err := ParseSquare(tc.name); err != nil || got != tc.index {
			t.Errorf("ParseSquare(%q) = %d, %v; want %d", tc.name, got, err, tc.index)
		}
	}
	for _, bad := range []string{"", "a", "a0", "a15", "o1", "A1", "a01", "h1x", "a-1"} {
		if i, err := ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) = %d, want an error", bad, i)
		}
	}
	if got := SquareName(196); got != "?" {
		t.Errorf("SquareName(196) = %q", got)
	}
}

func TestParseErrors(t *testing.T) {
	const meta = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-"
	rows := strings.Split(emptyBoard, "/")
	withRow := func(i int, row string) string {
		r := append([]string(nil), rows...)
		r[i] = row
		return meta + strings.Join(r, "/")
	}
	for _, tc := range []struct {
		name, fen, want string
	}{
		{"no dash", "R", "fen4: no '-'"},
		{"too few fields", "R-0,0,0,0-" + emptyBoard, "fen4: 3 fields, want 7"},
		{"turn", "X-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-" + emptyBoard, `field 1 (turn): "X" is not R, B, Y or G`},
		{"out count", "R-0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-" + emptyBoard, `field 2 (out): "0,0,0" has 3 items`},
		{"castle flag", "R-0,0,0,0-1,1,2,1-1,1,1,1-0,0,0,0-0-" + emptyBoard, `field 3 (castling king side), item 3: "2" is not 0 or 1`},
		{"queen flag", "R-0,0,0,0-1,1,1,1-1,1,1,-0,0,0,0-0-" + emptyBoard, `field 4 (castling queen side), item 4: "" is not 0 or 1`},
		{"points", "R-0,0,0,0-1,1,1,1-1,1,1,1-0,x,0,0-0-" + emptyBoard, `field 5 (points), item 2: "x" is not a number`},
		{"clock", "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-07-" + emptyBoard, `field 6 (half-move clock): "07" is not a number`},
		{"extras braces", meta + "lives-" + emptyBoard, `field 7 (extras): "lives" is not {'key':value,...}`},
		{"extras key", meta + "{lives:1}-" + emptyBoard, `field 7 (extras), item 1: a key is quoted`},
		{"extras colon", meta + "{'a':1,'b'}-" + emptyBoard, `field 7 (extras), item 2: key "b" is not followed by ':'`},
		{"extras paren", meta + "{'a':(1,2}-" + emptyBoard, `field 7 (extras), item 1: key "a": '(' is not closed`},
		{"extras trailing comma", meta + "{'a':1,}-" + emptyBoard, `field 7 (extras), item 1: key "a": its value is not followed`},
		{"en passant count", meta + "{'enPassant':('','','')}-" + emptyBoard, `item 1: 3 entries, want 4`},
		{"en passant square", meta + "{'enPassant':('','c6:o6','','')}-" + emptyBoard, `entry 2: square "o6": file 'o' is not a-n`},
		{"en passant form", meta + "{'enPassant':('j3','','','')}-" + emptyBoard, `entry 1, "j3", is not 'skipped:pawn'`},
		{"en passant pawn square", meta + "{'enPassant':('j3:j','','','')}-" + emptyBoard, `entry 1: square "j": want a file`},
		{"en passant twice", meta + "{'enPassant':('','','',''),'enPassant':('','','','')}-" + emptyBoard, `item 2: a second "enPassant"`},
		{"rows", meta + "14/14", `field 7 (board): 2 rows, want 14`},
		{"board after extras", meta + "{'a':1}-14", `field 8 (board): 1 rows, want 14`},
		{"short row", withRow(2, "13"), `field 7 (board), row 3 (rank 12): 13 squares, want 14`},
		{"long row", withRow(0, "14,rK"), `row 1 (rank 14), item 2: "rK" is past file n`},
		{"run past n", withRow(13, "3,rK,11"), `row 14 (rank 1), item 3: a run of 11 from file e goes past file n`},
		{"zero run", withRow(4, "0,14"), `row 5 (rank 10), item 1: "0" is not a run`},
		{"empty item", withRow(5, "7,,7"), `row 6 (rank 9), item 2: empty item`},
		{"seat letter", withRow(6, "zK,13"), `item 1: "zK": seat letter 'z' is not r, b, y, g or d`},
		{"piece letter", withRow(7, "r1,13"), `item 1: "r1": '1' is not a piece letter`},
		{"long piece", withRow(7, "rKK,13"), `item 1: "rKK": a piece is`},
		{"live piece naming a seat", withRow(7, "rbP,13"), `item 1: "rbP": a piece is a seat letter and one piece letter (a dead one`},
		{"dead piece naming no seat", withRow(7, "ddP,13"), `item 1: "ddP": a piece is`},
		{"dead piece naming a seat, no letter", withRow(7, "dr1,13"), `item 1: "dr1": '1' is not a piece letter`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.fen)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestCloneIsDeep(t *testing.T) {
	p, err := Parse("R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'lives':(1,1,1,1)}-" + emptyBoard)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Clone()
	q.Cells[0] = Cell{Seat: Red, Piece: 'K'}
	q.Extras[0].Value = "x"
	if p.Cells[0] != EmptyCell || p.Extras[0].Value != "(1,1,1,1)" {
		t.Fatalf("Clone shares storage: %+v %+v", p.Cells[0], p.Extras)
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		StartFEN,
		cornersX,
		"Y-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-{'enPassant':('','c6:d6','','')}-" + emptyBoard,
		"R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'lives':(50,50,50,50),'enPassant':('i3:i4','c6:d6','f12:f11','l9:k9')}-" + emptyBoard,
		"G-1,0,0,0-0,0,0,0-0,0,0,0-20,0,0,0-3-3,dK,dQ,dR,3,yA,yZ,3/" + strings.TrimSuffix(strings.Repeat("14/", Size-1), "/"),
		"B-1,0,0,0-0,0,0,0-0,0,0,0-7,0,0,0-3-{'enPassant':('h3:','','','')}-3,drK,dQ,dgR,3,yA,yZ,3/" + strings.TrimSuffix(strings.Repeat("14/", Size-1), "/"),
		"R-0,0,0,0-",
		"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		written := p.String()
		q, err := Parse(written)
		if err != nil {
			t.Fatalf("%q read, but its writing %q does not: %v", s, written, err)
		}
		if !reflect.DeepEqual(p, q) {
			t.Fatalf("%q reads back as a different position:\n%+v\n%+v", written, p, q)
		}
		if again := q.String(); again != written {
			t.Fatalf("written twice differently:\n%s\n%s", written, again)
		}
	})
}

// TestSplitValues: commas inside parentheses and quotes stay in a value;
// unbalanced ones are refused.
func TestSplitValues(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		bad  bool
	}{
		{"'enPassant':('a1:a2','',''),'ply':3", []string{"'enPassant':('a1:a2','','')", "'ply':3"}, false},
		{"'k':'x,y'", []string{"'k':'x,y'"}, false},
		{"", nil, false},
		{"'k':(1,2", nil, true},
		{"'k':'open", nil, true},
		{"'k':1)", nil, true},
	}
	for _, c := range cases {
		got, err := SplitValues(c.in)
		if (err != nil) != c.bad || !c.bad && !slices.Equal(got, c.want) {
			t.Errorf("SplitValues(%q) = %q, %v; want %q (error %v)", c.in, got, err, c.want, c.bad)
		}
	}
}
