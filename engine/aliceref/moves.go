package aliceref

import "fmt"

// Rules are the readings a caller may change.
type Rules struct {
	// Transfer: the moved piece passes to the same square of the other
	// board, which must be empty. Off, every move stays on its board and
	// each board plays plain chess.
	Transfer bool
	// EnPassant: a pawn may take en passant a pawn that double-stepped on
	// the move just made, standing on the same board as that pawn now
	// stands (see doc.go). Off, there is no en passant.
	EnPassant bool
	// LegalOnHomeBoard: a move must also be a legal chess move on the
	// board it is made on, taken alone, before the piece passes across:
	// no king of the mover on that board attacked there with the piece on
	// its target square. It bites on king moves only (a king may not step
	// onto a square attacked on its home board, nor escape a check by the
	// transfer alone; castling's landing square is tested on the home
	// board too). Off, only where the pieces end up counts.
	LegalOnHomeBoard bool
}

// Alice is this package's reading of Alice chess: transfer, en passant on
// the double-stepped pawn's board, every move legal both on the board it
// is made on and after the transfer (doc.go).
func Alice() Rules { return Rules{Transfer: true, EnPassant: true, LegalOnHomeBoard: true} }

// Chess is plain chess on each board: no transfer.
func Chess() Rules { return Rules{Transfer: false, EnPassant: true} }

// Move is one move. The piece leaves From on Board and ends on To on Land
// (the other board under transfer, else Board). A capture takes the enemy
// on To of Board; en passant takes the pawn on Taken of Board instead.
// Castling is the king's move, with the rook's from RookFrom to RookTo.
type Move struct {
	Board, Land      int
	From, To         int
	Promotion        byte // 'Q', 'R', 'B' or 'N' (white's letters), 0 if none
	Castle           bool
	RookFrom, RookTo int
	EnPassant        bool
	Taken            int // the pawn taken en passant, on Board
}

// String writes the move as its home board and from-to: "A:e2e4",
// "B:e7e8=Q"; castling as the king's move "A:e1g1".
func (m Move) String() string {
	s := boardNames[m.Board] + ":" + SquareName(m.From) + SquareName(m.To)
	if m.Promotion != 0 {
		s += "=" + string(m.Promotion)
	}
	return s
}

// Moves lists the legal moves under Alice().
func Moves(p Position) []Move { return Alice().Moves(p) }

// Perft counts move sequences of depth moves under Alice().
func Perft(p Position, depth int) uint64 { return Alice().Perft(p, depth) }

// FindMove finds the legal move written name ("A:e2e4").
func (r Rules) FindMove(p Position, name string) (Move, error) {
	for _, m := range r.Moves(p) {
		if m.String() == name {
			return m, nil
		}
	}
	return Move{}, fmt.Errorf("%w: %s in %s", errNoMove, name, p)
}

// Perft counts the move sequences of length depth.
func (r Rules) Perft(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := r.Moves(p)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += r.Perft(Make(p, m), depth-1)
	}
	return n
}

// Moves lists the legal moves: every candidate made on a copy, kept when
// no king of the mover is then attacked on its own board, and under
// LegalOnHomeBoard when the move made without the transfer leaves no king
// of the mover attacked on the board it was made on.
func (r Rules) Moves(p Position) []Move {
	var legal []Move
	for _, m := range r.candidates(p) {
		if inCheck(Make(p, m), p.Side) {
			continue
		}
		if r.LegalOnHomeBoard {
			home := m
			home.Land = m.Board
			if inCheckOn(Make(p, home), p.Side, m.Board) {
				continue
			}
		}
		legal = append(legal, m)
	}
	return legal
}

// Helpers on pieces and squares.

func colorOf(c byte) int {
	if c >= 'a' {
		return Black
	}
	return White
}

// kindOf is a piece's letter in upper case.
func kindOf(c byte) byte {
	if c >= 'a' {
		return c - 'a' + 'A'
	}
	return c
}

func pieceOf(side int, kind byte) byte {
	if side == Black {
		return kind - 'A' + 'a'
	}
	return kind
}

// step moves sq by (df, dr); ok is false off the board.
func step(sq, df, dr int) (int, bool) {
	f, r := sq%8+df, sq/8+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return NoSquare, false
	}
	return r*8 + f, true
}

var (
	knightSteps = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	rookRays    = [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	bishopRays  = [][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
)

// forward is a side's pawn direction in ranks.
func forward(side int) int { return 1 - 2*side }

// attacked says whether a piece of side by attacks sq on board b, by
// chess's attacks among the pieces of board b alone.
func attacked(p *Position, b, sq, by int) bool {
	cells := &p.Cells[b]
	is := func(t int, kind byte) bool { return cells[t] == pieceOf(by, kind) }
	// A pawn of by attacks sq from one rank behind sq, seen from by.
	for _, df := range []int{-1, 1} {
		if t, ok := step(sq, df, -forward(by)); ok && is(t, 'P') {
			return true
		}
	}
	for _, d := range knightSteps {
		if t, ok := step(sq, d[0], d[1]); ok && is(t, 'N') {
			return true
		}
	}
	for _, d := range kingSteps {
		if t, ok := step(sq, d[0], d[1]); ok && is(t, 'K') {
			return true
		}
	}
	slides := func(rays [][2]int, kinds string) bool {
		for _, d := range rays {
			for t, ok := step(sq, d[0], d[1]); ok; t, ok = step(t, d[0], d[1]) {
				if c := cells[t]; c != 0 {
					if colorOf(c) == by && (kindOf(c) == kinds[0] || kindOf(c) == kinds[1]) {
						return true
					}
					break
				}
			}
		}
		return false
	}
	return slides(rookRays, "RQ") || slides(bishopRays, "BQ")
}

// inCheck says whether any king of side is attacked on its own board.
func inCheck(p Position, side int) bool {
	return inCheckOn(p, side, BoardA) || inCheckOn(p, side, BoardB)
}

// inCheckOn says whether a king of side on board b is attacked there.
func inCheckOn(p Position, side, b int) bool {
	king := pieceOf(side, 'K')
	for sq := 0; sq < 64; sq++ {
		if p.Cells[b][sq] == king && attacked(&p, b, sq, 1-side) {
			return true
		}
	}
	return false
}

// landing is the board a move made on board b ends on.
func (r Rules) landing(b int) int {
	if r.Transfer {
		return 1 - b
	}
	return b
}

// lands says whether a piece moving on board b to sq may arrive: under
// transfer the same square of the other board must be empty.
func (r Rules) lands(p *Position, b, sq int) bool {
	return !r.Transfer || p.Cells[1-b][sq] == 0
}

// candidates lists the moves by the rules of movement, before the check
// test.
func (r Rules) candidates(p Position) []Move {
	var moves []Move
	for b := 0; b < 2; b++ {
		for from := 0; from < 64; from++ {
			c := p.Cells[b][from]
			if c == 0 || colorOf(c) != p.Side {
				continue
			}
			switch kindOf(c) {
			case 'P':
				moves = append(moves, r.pawnMoves(&p, b, from)...)
			case 'N':
				moves = append(moves, r.leaps(&p, b, from, knightSteps)...)
			case 'K':
				moves = append(moves, r.leaps(&p, b, from, kingSteps)...)
				moves = append(moves, r.castlings(&p, b, from)...)
			case 'B':
				moves = append(moves, r.slides(&p, b, from, bishopRays)...)
			case 'R':
				moves = append(moves, r.slides(&p, b, from, rookRays)...)
			case 'Q':
				moves = append(moves, r.slides(&p, b, from, bishopRays)...)
				moves = append(moves, r.slides(&p, b, from, rookRays)...)
			}
		}
	}
	return moves
}

// target says whether a piece on board b may move to sq as a plain move or
// capture: sq empty or an enemy's on b, and free to land on.
func (r Rules) target(p *Position, b, sq int) bool {
	c := p.Cells[b][sq]
	return (c == 0 || colorOf(c) != p.Side) && r.lands(p, b, sq)
}

func (r Rules) plain(b, from, to int) Move {
	return Move{Board: b, Land: r.landing(b), From: from, To: to, RookFrom: NoSquare, RookTo: NoSquare, Taken: NoSquare}
}

func (r Rules) leaps(p *Position, b, from int, steps [][2]int) []Move {
	var moves []Move
	for _, d := range steps {
		if to, ok := step(from, d[0], d[1]); ok && r.target(p, b, to) {
			moves = append(moves, r.plain(b, from, to))
		}
	}
	return moves
}

func (r Rules) slides(p *Position, b, from int, rays [][2]int) []Move {
	var moves []Move
	for _, d := range rays {
		for to, ok := step(from, d[0], d[1]); ok; to, ok = step(to, d[0], d[1]) {
			if r.target(p, b, to) {
				moves = append(moves, r.plain(b, from, to))
			}
			if p.Cells[b][to] != 0 {
				break // blocked on its own board, whatever stands across
			}
		}
	}
	return moves
}

// pawnMoves: a step forward onto an empty square, a double step from the
// start rank over two empty squares, diagonal captures, promotion on the
// last rank, en passant.
func (r Rules) pawnMoves(p *Position, b, from int) []Move {
	side := p.Side
	var moves []Move
	add := func(m Move) {
		if m.To/8 == 7 || m.To/8 == 0 {
			for _, kind := range []byte{'Q', 'R', 'B', 'N'} {
				m.Promotion = kind
				moves = append(moves, m)
			}
			return
		}
		moves = append(moves, m)
	}
	cells := &p.Cells[b]
	if one, ok := step(from, 0, forward(side)); ok && cells[one] == 0 {
		if r.lands(p, b, one) {
			add(r.plain(b, from, one))
		}
		startRank := 1 + 5*side
		if two, ok := step(one, 0, forward(side)); ok && from/8 == startRank && cells[two] == 0 && r.lands(p, b, two) {
			add(r.plain(b, from, two))
		}
	}
	for _, df := range []int{-1, 1} {
		to, ok := step(from, df, forward(side))
		if !ok {
			continue
		}
		if c := cells[to]; c != 0 && colorOf(c) != side && r.lands(p, b, to) {
			add(r.plain(b, from, to))
		}
		if m, ok := r.enPassant(p, b, from, to); ok {
			moves = append(moves, m)
		}
	}
	return moves
}

// enPassant is the capture from a pawn on board b to the passed square to,
// when the rules allow it: the double-stepped pawn stands just beyond to on
// b (the board it passed to), to is empty on b and free to land on.
func (r Rules) enPassant(p *Position, b, from, to int) (Move, bool) {
	side := p.Side
	if !r.EnPassant || p.EPSquare != to || p.EPBoard != b || p.Cells[b][to] != 0 {
		return Move{}, false
	}
	if to/8 != 5-3*side { // rank 6 for white, 3 for black
		return Move{}, false
	}
	taken, ok := step(to, 0, -forward(side))
	if !ok || p.Cells[b][taken] != pieceOf(1-side, 'P') || !r.lands(p, b, to) {
		return Move{}, false
	}
	m := r.plain(b, from, to)
	m.EnPassant, m.Taken = true, taken
	return m, true
}

// castling describes one castling move by its rank-1 squares (mirrored for
// black): the king's from and to, the rook's from and to, the squares that
// must be empty between them, and the square the king crosses.
type castling struct {
	right                             int
	king, kingTo, rook, rookTo, cross int
	between                           []int
}

var castlings = []castling{
	{WhiteKingSide, 4, 6, 7, 5, 5, []int{5, 6}},
	{WhiteQueenSide, 4, 2, 0, 3, 3, []int{1, 2, 3}},
}

// castlings: the king and rook on their own squares of the same board
// with the right kept, the squares between empty on that board, the
// king's square and the square it crosses unattacked there, and under
// transfer both landing squares empty on the other board. Where the king
// lands is left to the check tests (on the board it ends on, and under
// LegalOnHomeBoard on its home board too).
func (r Rules) castlings(p *Position, b, from int) []Move {
	side := p.Side
	base := 56 * side // rank 8 for black
	var moves []Move
	for _, c := range castlings {
		if !p.Castling[c.right+2*side] || from != base+c.king || p.Cells[b][base+c.rook] != pieceOf(side, 'R') {
			continue
		}
		ok := true
		for _, sq := range c.between {
			ok = ok && p.Cells[b][base+sq] == 0
		}
		ok = ok && r.lands(p, b, base+c.kingTo) && r.lands(p, b, base+c.rookTo)
		ok = ok && !attacked(p, b, base+c.king, 1-side) && !attacked(p, b, base+c.cross, 1-side)
		if !ok {
			continue
		}
		m := r.plain(b, base+c.king, base+c.kingTo)
		m.Castle, m.RookFrom, m.RookTo = true, base+c.rook, base+c.rookTo
		moves = append(moves, m)
	}
	return moves
}

// Make plays m on a copy of p: the piece leaves From on its board, the
// enemy on To (or Taken, en passant) of that board is removed, and the
// piece (promoted) is put on To of the landing board; castling moves the
// rook alike. The castling rights are lost by a king's move and by any
// move from or onto a king's or rook's home square; the en passant field
// names the square a double step passed over, on the board the pawn lands
// on.
func Make(p Position, m Move) Position {
	q := p
	piece := q.Cells[m.Board][m.From]
	captured := q.Cells[m.Board][m.To]
	q.Cells[m.Board][m.From] = 0
	q.Cells[m.Board][m.To] = 0
	if m.EnPassant {
		captured = q.Cells[m.Board][m.Taken]
		q.Cells[m.Board][m.Taken] = 0
	}
	if m.Promotion != 0 {
		piece = pieceOf(p.Side, m.Promotion)
	}
	q.Cells[m.Land][m.To] = piece
	if m.Castle {
		rook := q.Cells[m.Board][m.RookFrom]
		q.Cells[m.Board][m.RookFrom] = 0
		q.Cells[m.Land][m.RookTo] = rook
	}
	if kindOf(piece) == 'K' {
		q.Castling[WhiteKingSide+2*p.Side] = false
		q.Castling[WhiteQueenSide+2*p.Side] = false
	}
	for _, sq := range []int{m.From, m.To} {
		switch sq {
		case 4:
			q.Castling[WhiteKingSide], q.Castling[WhiteQueenSide] = false, false
		case 60:
			q.Castling[BlackKingSide], q.Castling[BlackQueenSide] = false, false
		case 7:
			q.Castling[WhiteKingSide] = false
		case 0:
			q.Castling[WhiteQueenSide] = false
		case 63:
			q.Castling[BlackKingSide] = false
		case 56:
			q.Castling[BlackQueenSide] = false
		}
	}
	q.EPBoard, q.EPSquare = BoardA, NoSquare
	if kindOf(piece) == 'P' && (m.To-m.From == 16 || m.From-m.To == 16) {
		q.EPBoard, q.EPSquare = m.Land, (m.From+m.To)/2
	}
	q.Halfmove++
	if kindOf(piece) == 'P' || m.Promotion != 0 || captured != 0 {
		q.Halfmove = 0
	}
	if p.Side == Black {
		q.Fullmove++
	}
	q.Side = 1 - p.Side
	return q
}
