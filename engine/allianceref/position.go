package allianceref

import (
	"fmt"
	"strconv"
	"strings"
)

// Size is the files and ranks of each board; Boards the number of boards.
const (
	Size   = 8
	Boards = 2
)

// seatLetters are the seats' letters in turn order; boardNames the boards'.
const (
	seatLetters = "awfe"
	boardNames  = "NC"
)

// Piece is one piece: its seat (0 air .. 3 earth) and its id as the rule
// file and the engine name it ("K", "PS", ...).
type Piece struct {
	Seat int
	ID   string
}

func (pc Piece) String() string { return string(seatLetters[pc.Seat]) + pc.ID }

// Position is one position: Squares[board*64+rank*8+file] lists the
// pieces standing there (one, or two on a cell).
type Position struct {
	Turn    int
	Out     [4]bool
	Squares [Boards * Size * Size][]Piece
	Stuck   bool // every seat still in passed in turn: the game is over
}

// clone copies the position and its squares' lists.
func (p *Position) clone() *Position {
	q := *p
	for i, l := range p.Squares {
		if l != nil {
			q.Squares[i] = append([]Piece(nil), l...)
		}
	}
	return &q
}

// square is the index of file x, rank y on board b.
func square(b, x, y int) int { return b*Size*Size + y*Size + x }

// coords splits a square index.
func coords(sq int) (b, x, y int) {
	return sq / (Size * Size), sq % Size, sq / Size % Size
}

// SquareName writes a square as "N:a1".
func SquareName(sq int) string {
	b, x, y := coords(sq)
	return string(boardNames[b]) + ":" + string(rune('a'+x)) + strconv.Itoa(y+1)
}

// isCell reports whether sq is a corner: a cell on either board.
func isCell(sq int) bool {
	_, x, y := coords(sq)
	return (x == 0 || x == Size-1) && (y == 0 || y == Size-1)
}

// Parse reads the engine's FEN4 of the game: fields joined by '-', the
// seat to move first, the seats out second, the boards last.
func Parse(fen string) (*Position, error) {
	fields := strings.Split(strings.TrimSpace(fen), "-")
	if len(fields) < 7 {
		return nil, fmt.Errorf("allianceref: %d fields, want at least 7", len(fields))
	}
	p := &Position{}
	p.Turn = strings.IndexByte(strings.ToUpper(seatLetters), fields[0][0])
	if len(fields[0]) != 1 || p.Turn < 0 {
		return nil, fmt.Errorf("allianceref: seat to move %q", fields[0])
	}
	out := strings.Split(fields[1], ",")
	if len(out) != 4 {
		return nil, fmt.Errorf("allianceref: seats out %q", fields[1])
	}
	for s, f := range out {
		p.Out[s] = f == "1"
	}
	boards := strings.Split(fields[len(fields)-1], "|")
	if len(boards) != Boards {
		return nil, fmt.Errorf("allianceref: %d boards, want %d", len(boards), Boards)
	}
	for b, text := range boards {
		ranks := strings.Split(text, "/")
		if len(ranks) != Size {
			return nil, fmt.Errorf("allianceref: board %c has %d ranks", boardNames[b], len(ranks))
		}
		for r, rank := range ranks {
			y, x := Size-1-r, 0
			for _, item := range strings.Split(rank, ",") {
				if n, err := strconv.Atoi(item); err == nil {
					x += n
					continue
				}
				if x >= Size {
					return nil, fmt.Errorf("allianceref: rank %q too long", rank)
				}
				for _, one := range strings.Split(item, "&") {
					seat := -1
					if one != "" {
						seat = strings.IndexByte(seatLetters, one[0])
					}
					if seat < 0 || len(one) < 2 {
						return nil, fmt.Errorf("allianceref: piece %q", one)
					}
					sq := square(b, x, y)
					p.Squares[sq] = append(p.Squares[sq], Piece{Seat: seat, ID: one[1:]})
				}
				x++
			}
			if x != Size {
				return nil, fmt.Errorf("allianceref: rank %q has %d squares", rank, x)
			}
		}
	}
	return p, nil
}

// Over reports whether a team has lost both its seats.
func (p *Position) Over() bool {
	return p.Out[0] && p.Out[2] || p.Out[1] && p.Out[3]
}

// enemies reports whether seats a and b are on opposite teams.
func enemies(a, b int) bool { return a%2 != b%2 }
