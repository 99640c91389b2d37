package diceref

import (
	"fmt"
	"strconv"
	"strings"
)

// What the position waits for.
type stage int

const (
	stageRoll stage = iota // the die for the turn to come
	stageMove              // the player to move (after the roll, if any)
	stageFate              // the hazard of the piece on fateSq
)

// Castling rights, in the FEN field's order K, Q, k, q.
const (
	whiteShort = iota
	whiteLong
	blackShort
	blackLong
)

const castlingLetters = "KQkq"

// Position is a whole game state. A square is rank*8+file, 0 = a1; a
// square holds a FEN letter (PNBRQK white, pnbrqk black) or 0.
type Position struct {
	rules    *Rules
	board    [64]byte
	white    bool // white moves next (after any pending chance)
	castling [4]bool
	ep       int // the square a pawn just passed over in a double step, -1 none
	stage    stage
	face     int // the face rolled for the move to come, -1 none
	fateSq   int
	deck     []int // cards left of each face (a deck die only)
	decided  bool  // a king was captured or removed
}

// StartFEN is chess's start.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

func squareName(sq int) string {
	return string(rune('a'+sq%8)) + string(rune('1'+sq/8))
}

func parseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, false
	}
	return int(s[1]-'1')*8 + int(s[0]-'a'), true
}

// Parse reads a position of the engine's FEN for a game of rules r: a die
// is pending unless roll: or fate: says otherwise (with no die, the move);
// a board without a king is decided.
func Parse(r *Rules, fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 {
		return nil, fmt.Errorf("fen %q: fewer than four fields", fen)
	}
	p := &Position{rules: r, ep: -1, face: -1}
	rank, file := 7, 0
	for _, c := range fields[0] {
		switch {
		case c == '/':
			if file != 8 {
				return nil, fmt.Errorf("fen %q: rank %d is not 8 squares", fen, rank+1)
			}
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		case strings.ContainsRune("PNBRQKpnbrqk", c):
			if file > 7 || rank < 0 {
				return nil, fmt.Errorf("fen %q: a piece off the board", fen)
			}
			p.board[rank*8+file] = byte(c)
			file++
		default:
			return nil, fmt.Errorf("fen %q: unknown letter %q", fen, c)
		}
	}
	if rank != 0 || file != 8 {
		return nil, fmt.Errorf("fen %q: the board is not 8x8", fen)
	}
	// A side without its king has lost it: the board is decided.
	p.decided = !strings.ContainsRune(fields[0], 'K') || !strings.ContainsRune(fields[0], 'k')
	switch fields[1] {
	case "w":
		p.white = true
	case "b":
	default:
		return nil, fmt.Errorf("fen %q: side %q", fen, fields[1])
	}
	if fields[2] != "-" {
		for _, c := range fields[2] {
			i := strings.IndexRune(castlingLetters, c)
			if i < 0 {
				return nil, fmt.Errorf("fen %q: castling letter %q", fen, c)
			}
			p.castling[i] = true
		}
	}
	if fields[3] != "-" {
		sq, ok := parseSquare(fields[3])
		if !ok {
			return nil, fmt.Errorf("fen %q: en passant square %q", fen, fields[3])
		}
		p.ep = sq
	}
	if r.Die == nil {
		p.stage = stageMove
	} else if r.Die.Deck {
		for _, f := range r.Die.Faces {
			p.deck = append(p.deck, f.Weight)
		}
	}
	for _, field := range fields[4:] {
		key, value, ok := strings.Cut(field, ":")
		if !ok {
			if _, err := strconv.Atoi(field); err != nil {
				return nil, fmt.Errorf("fen %q: field %q", fen, field)
			}
			continue // the clocks: perft does not read them
		}
		if err := p.readChance(key, value); err != nil {
			return nil, fmt.Errorf("fen %q: %v", fen, err)
		}
	}
	return p, nil
}

func (p *Position) readChance(key, value string) error {
	d := p.rules.Die
	switch key {
	case "roll":
		if d == nil {
			return fmt.Errorf("roll: without a die")
		}
		for i, f := range d.Faces {
			if f.Name == value {
				p.face, p.stage = i, stageMove
				return nil
			}
		}
		return fmt.Errorf("roll:%s names no face", value)
	case "fate":
		sq, ok := parseSquare(value)
		if !ok || p.board[sq] == 0 {
			return fmt.Errorf("fate:%s is no piece's square", value)
		}
		p.fateSq, p.stage = sq, stageFate
		return nil
	case "deck":
		counts := strings.Split(value, ",")
		if d == nil || !d.Deck || len(counts) != len(d.Faces) {
			return fmt.Errorf("deck:%s does not fit the die", value)
		}
		for i, s := range counts {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 || n > d.Faces[i].Weight {
				return fmt.Errorf("deck:%s: count %q", value, s)
			}
			p.deck[i] = n
		}
		return nil
	}
	return fmt.Errorf("unknown field %s:%s", key, value)
}

// copy is a deep copy of p.
func (p *Position) copy() *Position {
	q := *p
	q.deck = append([]int(nil), p.deck...)
	return &q
}

// isWhite reports whether a piece letter is white's.
func isWhite(c byte) bool { return c >= 'A' && c <= 'Z' }

// kindOf is a piece's kind as an upper-case letter.
func kindOf(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// own reports whether square sq holds a piece of the side white says.
func (p *Position) own(sq int, white bool) bool {
	return p.board[sq] != 0 && isWhite(p.board[sq]) == white
}
