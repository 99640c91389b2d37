package fen4

import (
	"fmt"
	"strconv"
	"strings"
)

// Size is the number of files and of ranks of the four-player board.
const Size = 14

// Seats, in turn order; Dead marks a grey piece of a seat that is out.
const (
	Red    = 0
	Blue   = 1
	Yellow = 2
	Green  = 3
	Dead   = 4
	NoSeat = -1
)

// NoSquare stands for "no square" in square-valued fields.
const NoSquare = -1

// StartFEN is the start position of four-player chess as chess.com writes
// it with the corners as empty runs.
const StartFEN = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-" +
	"3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/" +
	"bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/" +
	"bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/" +
	"3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3"

// seatLetters are the seat letters of pieces, indexed by seat (Dead last);
// turnLetters those of the side to move.
const (
	seatLetters = "rbygd"
	turnLetters = "RBYG"
)

// Cell is one square. An empty square is {Seat: NoSeat}; a square that
// does not exist (written x or X) is {Seat: NoSeat, Piece: 'x' or 'X'}; a
// piece has its seat (Red..Green, or Dead) and its letter as written ('P',
// 'N', 'B', 'R', 'Q', 'K', or another letter for fairy pieces). A dead piece
// written with the seat it belonged to ("drP") keeps that seat's letter in
// Origin; every other cell has Origin 0.
type Cell struct {
	Seat   int8
	Piece  byte
	Origin byte // 'r', 'b', 'y' or 'g' for a dead piece written so, else 0
}

// EmptyCell is the empty square.
var EmptyCell = Cell{Seat: NoSeat}

// IsEmpty says whether the square exists and holds nothing.
func (c Cell) IsEmpty() bool { return c.Seat == NoSeat && c.Piece == 0 }

// IsWall says whether the square was written as x: it does not exist.
func (c Cell) IsWall() bool { return c.Seat == NoSeat && (c.Piece == 'x' || c.Piece == 'X') }

// IsPiece says whether the square holds a piece (of a seat, or dead).
func (c Cell) IsPiece() bool { return c.Seat != NoSeat }

// EnPassant is one seat's en passant entry: the square its pawn skipped with
// its last double step and the square that pawn stands on, or NoSquare in
// both when the seat has none. Pawn is NoSquare also when the entry names
// only the skipped square ('h3:', as Athena writes it).
type EnPassant struct {
	Target, Pawn int
}

// NoEnPassant is the entry of a seat without en passant.
var NoEnPassant = EnPassant{Target: NoSquare, Pawn: NoSquare}

// Set says whether the entry names squares.
func (e EnPassant) Set() bool { return e.Target != NoSquare }

// Extra is one key of the extras field other than 'enPassant', kept as
// written: Key without its quotes, Value verbatim.
type Extra struct {
	Key, Value string
}

// Position is one FEN4. Cells is indexed by rank*Size+file, rank 0 being
// rank 1 (red's side) and file 0 file a.
type Position struct {
	Turn        int // Red, Blue, Yellow or Green
	Out         [4]bool
	CastleKing  [4]bool
	CastleQueen [4]bool
	Points      [4]int
	HalfMoves   int
	EnPassant   [4]EnPassant
	Extras      []Extra // nil when none
	Width       int     // Size
	Height      int     // Size
	Cells       []Cell
}

// Empty gives a position with red to move, every right off, no en passant
// and an empty board (corners included).
func Empty() Position {
	p := Position{Width: Size, Height: Size, Cells: make([]Cell, Size*Size)}
	for i := range p.Cells {
		p.Cells[i] = EmptyCell
	}
	for s := range p.EnPassant {
		p.EnPassant[s] = NoEnPassant
	}
	return p
}

// Clone copies the position, its cells and extras included.
func (p Position) Clone() Position {
	q := p
	q.Cells = append([]Cell(nil), p.Cells...)
	if p.Extras != nil {
		q.Extras = append([]Extra(nil), p.Extras...)
	}
	return q
}

// SquareName names square i ("a1", "h7", "n14"); out of range it gives "?".
func SquareName(i int) string {
	if i < 0 || i >= Size*Size {
		return "?"
	}
	return string(rune('a'+i%Size)) + strconv.Itoa(i/Size+1)
}

// ParseSquare reads a square name: a file a..n and a rank 1..14.
func ParseSquare(s string) (int, error) {
	if len(s) < 2 || len(s) > 3 {
		return 0, fmt.Errorf("square %q: want a file a-n and a rank 1-14", s)
	}
	file := int(s[0]) - 'a'
	if file < 0 || file >= Size {
		return 0, fmt.Errorf("square %q: file %q is not a-n", s, s[0])
	}
	rank, ok := smallNumber(s[1:], 2)
	if !ok || rank < 1 || rank > Size {
		return 0, fmt.Errorf("square %q: rank %q is not 1-14", s, s[1:])
	}
	return (rank-1)*Size + file, nil
}

// Error is a mistake Parse found: the field (1-based, as in the package
// comment), for the board the row (1 is rank 14) and item, for a list the
// item, and what is wrong.
type Error struct {
	Field int
	Name  string
	Row   int // board row, 1-based; 0 outside the board
	Item  int // 1-based item in the row or list; 0 when the field as a whole is wrong
	Msg   string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("fen4: ")
	if e.Field > 0 {
		fmt.Fprintf(&b, "field %d (%s)", e.Field, e.Name)
	}
	if e.Row > 0 {
		fmt.Fprintf(&b, ", row %d (rank %d)", e.Row, Size+1-e.Row)
	}
	if e.Item > 0 {
		fmt.Fprintf(&b, ", item %d", e.Item)
	}
	if e.Field > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Names of the fields, by number.
var fieldNames = [...]string{1: "turn", 2: "out", 3: "castling king side", 4: "castling queen side", 5: "points", 6: "half-move clock", 7: "extras"}

// Parse reads a FEN4.
func Parse(s string) (Position, error) {
	s = strings.TrimSpace(s)
	last := strings.LastIndexByte(s, '-')
	if last < 0 {
		return Position{}, &Error{Msg: "no '-': a FEN4 is fields separated by '-'"}
	}
	fields := strings.SplitN(s[:last], "-", 7)
	boardField := len(fields) + 1
	if len(fields) < 6 {
		return Position{}, &Error{Msg: fmt.Sprintf("%d fields, want 7 (or 8 with extras) separated by '-'", boardField)}
	}
	p := Empty()
	fail := func(field, item int, format string, args ...any) (Position, error) {
		return Position{}, &Error{Field: field, Name: fieldNames[field], Item: item, Msg: fmt.Sprintf(format, args...)}
	}

	turn := strings.IndexByte(turnLetters, firstByte(fields[0]))
	if len(fields[0]) != 1 || turn < 0 {
		return fail(1, 0, "%q is not R, B, Y or G", fields[0])
	}
	p.Turn = turn
	flags := []*[4]bool{2: &p.Out, 3: &p.CastleKing, 4: &p.CastleQueen}
	for f := 2; f <= 4; f++ {
		items, err := fourItems(fields[f-1])
		if err != nil {
			return fail(f, 0, "%v", err)
		}
		for i, it := range items {
			if it != "0" && it != "1" {
				return fail(f, i+1, "%q is not 0 or 1", it)
			}
			flags[f][i] = it == "1"
		}
	}
	items, err := fourItems(fields[4])
	if err != nil {
		return fail(5, 0, "%v", err)
	}
	for i, it := range items {
		n, ok := smallNumber(it, 9)
		if !ok {
			return fail(5, i+1, "%q is not a number of at most 9 digits", it)
		}
		p.Points[i] = n
	}
	n, ok := smallNumber(fields[5], 9)
	if !ok {
		return fail(6, 0, "%q is not a number of at most 9 digits", fields[5])
	}
	p.HalfMoves = n
	if len(fields) == 7 {
		if err := p.readExtras(fields[6]); err != nil {
			return Position{}, err
		}
	}
	if err := p.readBoard(s[last+1:], boardField); err != nil {
		return Position{}, err
	}
	return p, nil
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// fourItems splits a per-seat list: exactly four items separated by ','.
func fourItems(s string) ([]string, error) {
	items := strings.Split(s, ",")
	if len(items) != 4 {
		return nil, fmt.Errorf("%q has %d items, want 4 separated by ','", s, len(items))
	}
	return items, nil
}

// smallNumber reads a decimal of 1 to maxDigits digits, without sign or
// leading zero (but "0" itself).
func smallNumber(s string, maxDigits int) (int, bool) {
	if s == "" || len(s) > maxDigits || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// readBoard reads the board field, number field in the FEN4.
func (p *Position) readBoard(s string, field int) error {
	fail := func(row, item int, format string, args ...any) error {
		return &Error{Field: field, Name: "board", Row: row, Item: item, Msg: fmt.Sprintf(format, args...)}
	}
	rows := strings.Split(s, "/")
	if len(rows) != Size {
		return fail(0, 0, "%d rows, want %d separated by '/'", len(rows), Size)
	}
	for r, row := range rows {
		rank := Size - 1 - r
		file := 0
		for i, it := range strings.Split(row, ",") {
			if file >= Size {
				return fail(r+1, i+1, "%q is past file n: the row already has %d squares", it, Size)
			}
			switch {
			case it == "":
				return fail(r+1, i+1, "empty item")
			case it[0] >= '0' && it[0] <= '9':
				n, ok := smallNumber(it, 2)
				if !ok || n < 1 {
					return fail(r+1, i+1, "%q is not a run of 1 to %d empty squares", it, Size)
				}
				if file+n > Size {
					return fail(r+1, i+1, "a run of %d from file %c goes past file n", n, 'a'+file)
				}
				file += n
			case it == "x" || it == "X":
				p.Cells[rank*Size+file] = Cell{Seat: NoSeat, Piece: it[0]}
				file++
			default:
				seat := strings.IndexByte(seatLetters, it[0])
				if seat < 0 {
					return fail(r+1, i+1, "%q: seat letter %q is not r, b, y, g or d", it, it[0])
				}
				c := Cell{Seat: int8(seat), Piece: it[len(it)-1]}
				if seat == Dead && len(it) == 3 && strings.IndexByte(seatLetters[:Dead], it[1]) >= 0 {
					c.Origin = it[1]
				} else if len(it) != 2 {
					return fail(r+1, i+1, "%q: a piece is a seat letter and one piece letter (a dead one may name its seat: drP)", it)
				}
				if !isLetter(c.Piece) {
					return fail(r+1, i+1, "%q: %q is not a piece letter", it, c.Piece)
				}
				p.Cells[rank*Size+file] = c
				file++
			}
		}
		if file != Size {
			return fail(r+1, 0, "%d squares, want %d", file, Size)
		}
	}
	return nil
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// String writes the position as a FEN4.
func (p Position) String() string {
	var b strings.Builder
	if p.Turn >= 0 && p.Turn < 4 {
		b.WriteByte(turnLetters[p.Turn])
	} else {
		b.WriteByte('?')
	}
	for _, flags := range [][4]bool{p.Out, p.CastleKing, p.CastleQueen} {
		b.WriteByte('-')
		for i, f := range flags {
			if i > 0 {
				b.WriteByte(',')
			}
			if f {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
	}
	b.WriteByte('-')
	for i, n := range p.Points {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(n))
	}
	b.WriteByte('-')
	b.WriteString(strconv.Itoa(p.HalfMoves))
	if extras := p.extrasText(); extras != "" {
		b.WriteByte('-')
		b.WriteString(extras)
	}
	b.WriteByte('-')
	p.writeBoard(&b)
	return b.String()
}

// writeBoard writes rank 14 first, merging runs of empty squares.
func (p Position) writeBoard(b *strings.Builder) {
	for r := 0; r < Size; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		rank := Size - 1 - r
		run, first := 0, true
		item := func(text string) {
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(text)
		}
		for file := 0; file < Size; file++ {
			c := EmptyCell
			if i := rank*Size + file; i < len(p.Cells) {
				c = p.Cells[i]
			}
			if c.IsEmpty() {
				run++
				continue
			}
			if run > 0 {
				item(strconv.Itoa(run))
				run = 0
			}
			switch {
			case c.IsPiece() && c.Seat == Dead && c.Origin != 0:
				item(string([]byte{seatLetters[Dead], c.Origin, c.Piece}))
			case c.IsPiece() && int(c.Seat) < len(seatLetters):
				item(string([]byte{seatLetters[c.Seat], c.Piece}))
			case c.IsWall():
				item(string(c.Piece))
			default:
				item("?")
			}
		}
		if run > 0 {
			item(strconv.Itoa(run))
		}
	}
}
