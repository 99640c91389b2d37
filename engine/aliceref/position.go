package aliceref

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Boards, files and ranks. A square on a board is its rank*8+file, 0 = a1.
const (
	BoardA   = 0
	BoardB   = 1
	NoSquare = -1
)

// maxClock bounds the half-move clock and move number Parse reads.
const maxClock = 1 << 30

// boardNames are the boards' letters in square names and moves.
var boardNames = [2]string{"A", "B"}

// Sides.
const (
	White = 0
	Black = 1
)

// Castling rights, indexed like the FEN field's letters K, Q, k, q.
const (
	WhiteKingSide = iota
	WhiteQueenSide
	BlackKingSide
	BlackQueenSide
)

var castlingLetters = [4]byte{'K', 'Q', 'k', 'q'}

// Position is a whole game state. Cells hold FEN letters (PNBRQK white,
// pnbrqk black), 0 for an empty square.
type Position struct {
	Cells    [2][64]byte
	Side     int     // White or Black to move
	Castling [4]bool // WhiteKingSide ... BlackQueenSide
	// EPBoard and EPSquare are the square a pawn passed over in a double
	// step on the move just made, on the board the pawn now stands on;
	// EPSquare is NoSquare when there is none.
	EPBoard, EPSquare int
	Halfmove          int
	Fullmove          int
}

// StartFEN is Alice chess's start: the chess army on board A, B empty.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1"

// SquareName writes a square as "e4".
func SquareName(sq int) string {
	return string(rune('a'+sq%8)) + string(rune('1'+sq/8))
}

// BoardSquareName writes a square on a board as "B:e4".
func BoardSquareName(board, sq int) string {
	return boardNames[board] + ":" + SquareName(sq)
}

// ParseSquare reads "e4".
func ParseSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("aliceref: bad square %q", s)
	}
	return int(s[1]-'1')*8 + int(s[0]-'a'), nil
}

// ParseBoardSquare reads "B:e4".
func ParseBoardSquare(s string) (board, sq int, err error) {
	name, rest, found := strings.Cut(s, ":")
	if !found {
		return 0, NoSquare, fmt.Errorf("aliceref: square %q names no board (want A:e3 or B:e3)", s)
	}
	switch name {
	case "A":
		board = BoardA
	case "B":
		board = BoardB
	default:
		return 0, NoSquare, fmt.Errorf("aliceref: no board %q in %q", name, s)
	}
	sq, err = ParseSquare(rest)
	return board, sq, err
}

// Parse reads a position: chess FEN with the two boards' ranks joined by
// '|' (board A first), the en passant field "-" or a square on a board
// ("B:e3"). The half-move clock and move number may be left off.
func Parse(fen string) (Position, error) {
	var p Position
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return p, fmt.Errorf("aliceref: %d fields, want 4 or 6", len(fields))
	}
	boards := strings.Split(fields[0], "|")
	if len(boards) != 2 {
		return p, fmt.Errorf("aliceref: %d boards, want 2 joined by '|'", len(boards))
	}
	for b, s := range boards {
		if err := parseRanks(&p.Cells[b], s); err != nil {
			return p, fmt.Errorf("aliceref: board %s: %v", boardNames[b], err)
		}
	}
	switch fields[1] {
	case "w":
		p.Side = White
	case "b":
		p.Side = Black
	default:
		return p, fmt.Errorf("aliceref: side to move %q", fields[1])
	}
	if fields[2] != "-" {
		for i := 0; i < len(fields[2]); i++ {
			right := strings.IndexByte(string(castlingLetters[:]), fields[2][i])
			if right < 0 || p.Castling[right] {
				return p, fmt.Errorf("aliceref: castling field %q", fields[2])
			}
			p.Castling[right] = true
		}
	}
	p.EPBoard, p.EPSquare = BoardA, NoSquare
	if fields[3] != "-" {
		b, sq, err := ParseBoardSquare(fields[3])
		if err != nil {
			return p, err
		}
		if r := sq / 8; r != 2 && r != 5 {
			return p, fmt.Errorf("aliceref: en passant square %q not on rank 3 or 6", fields[3])
		}
		p.EPBoard, p.EPSquare = b, sq
	}
	p.Fullmove = 1
	if len(fields) == 6 {
		half, err1 := strconv.Atoi(fields[4])
		full, err2 := strconv.Atoi(fields[5])
		if err1 != nil || err2 != nil || half < 0 || full < 1 || half > maxClock || full > maxClock {
			return p, fmt.Errorf("aliceref: clocks %q %q", fields[4], fields[5])
		}
		p.Halfmove, p.Fullmove = half, full
	}
	return p, nil
}

// parseRanks reads one board's eight ranks, rank 8 first.
func parseRanks(cells *[64]byte, s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("%d ranks, want 8", len(ranks))
	}
	for i, r := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(r); j++ {
			c := r[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			if strings.IndexByte("PNBRQKpnbrqk", c) < 0 {
				return fmt.Errorf("rank %d: %q is no piece", rank+1, c)
			}
			if file >= 8 {
				return fmt.Errorf("rank %d: more than 8 squares", rank+1)
			}
			if (c == 'P' || c == 'p') && (rank == 0 || rank == 7) {
				return fmt.Errorf("a pawn on rank %d", rank+1)
			}
			cells[rank*8+file] = c
			file++
		}
		if file != 8 {
			return fmt.Errorf("rank %d has %d squares, want 8", rank+1, file)
		}
	}
	return nil
}

// MustParse is Parse for positions written into code; it panics on an error.
func MustParse(fen string) Position {
	p, err := Parse(fen)
	if err != nil {
		panic(err)
	}
	return p
}

// String writes the position in the format Parse reads, all six fields.
func (p Position) String() string {
	var sb strings.Builder
	for b := 0; b < 2; b++ {
		if b > 0 {
			sb.WriteByte('|')
		}
		for rank := 7; rank >= 0; rank-- {
			empty := 0
			for file := 0; file < 8; file++ {
				c := p.Cells[b][rank*8+file]
				if c == 0 {
					empty++
					continue
				}
				if empty > 0 {
					sb.WriteByte(byte('0' + empty))
					empty = 0
				}
				sb.WriteByte(c)
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
			}
			if rank > 0 {
				sb.WriteByte('/')
			}
		}
	}
	sb.WriteString([]string{" w ", " b "}[p.Side])
	any := false
	for right, on := range p.Castling {
		if on {
			sb.WriteByte(castlingLetters[right])
			any = true
		}
	}
	if !any {
		sb.WriteByte('-')
	}
	sb.WriteByte(' ')
	if p.EPSquare == NoSquare {
		sb.WriteByte('-')
	} else {
		sb.WriteString(BoardSquareName(p.EPBoard, p.EPSquare))
	}
	fmt.Fprintf(&sb, " %d %d", p.Halfmove, p.Fullmove)
	return sb.String()
}

// errNoMove is ParseMove's answer for a move not in the list.
var errNoMove = errors.New("aliceref: no such legal move")
