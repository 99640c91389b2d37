package fourref

import (
	"balancefarm/engine/fen4"
)

const size = fen4.Size

// EnPassantRule says whether and how pawns take en passant.
type EnPassantRule int

const (
	// EnPassantOff: no en passant.
	EnPassantOff EnPassantRule = iota
	// EnPassantSkipped: any enemy pawn whose diagonal capture lands on the
	// skipped square.
	EnPassantSkipped
	// EnPassantBlocked: only an enemy pawn whose forward square holds the
	// pawn that double-stepped.
	EnPassantBlocked
)

// Rules are the readings a caller may change.
type Rules struct {
	PromotionRank int    // counted from the seat's own side, 1-based
	Promotions    string // piece letters a pawn may become
	EnPassant     EnPassantRule
}

// Teams is the default reading, chess.com's Teams as two independent
// engines play it (obryanlouis/4pchess, IchNukeDichWeg/Tetrarch):
// promotion on the 11th rank to a knight, bishop, rook or queen, and en
// passant by either diagonal onto the skipped square. FFA promotes on the
// 8th rank to a queen: Rules{8, "Q", EnPassantSkipped}.
func Teams() Rules {
	return Rules{PromotionRank: 11, Promotions: "NBRQ", EnPassant: EnPassantSkipped}
}

// Move is one move. Castling is the king's move with the rook's in
// RookFrom and RookTo; en passant names the square of the pawn it takes.
type Move struct {
	From, To         int
	Promotion        byte // the letter the pawn becomes, 0 if none
	Taken            int  // square of a pawn taken en passant, else fen4.NoSquare
	RookFrom, RookTo int  // castling's rook, else fen4.NoSquare
}

// String writes the move as from-to, "=Q" for a promotion: "h2-h4",
// "h7-h8=Q", castling as the king's move "h1-j1".
func (m Move) String() string {
	s := fen4.SquareName(m.From) + "-" + fen4.SquareName(m.To)
	if m.Promotion != 0 {
		s += "=" + string(m.Promotion)
	}
	return s
}

// square is a file and rank, both 0-based.
type square struct{ file, rank int }

func (s square) index() int               { return s.rank*size + s.file }
func (s square) plus(d square) square     { return square{s.file + d.file, s.rank + d.rank} }
func (s square) minus(d square) square    { return square{s.file - d.file, s.rank - d.rank} }
func at(i int) square                     { return square{i % size, i / size} }
func onBoard(s square) bool               { return s.file >= 0 && s.file < size && s.rank >= 0 && s.rank < size }
func corner(s square) bool                { return (s.file < 3 || s.file > 10) && (s.rank < 3 || s.rank > 10) }
func enemies(a, b int8) bool              { return a >= 0 && a < 4 && b >= 0 && b < 4 && a%2 != b%2 }
func isSeat(c fen4.Cell, seat int) bool   { return c.IsPiece() && int(c.Seat) == seat }
func pieceOf(c fen4.Cell, kind byte) bool { return c.IsPiece() && c.Piece == kind }

// local maps a seat's own coordinates (x from its left, y forward from its
// back rank) to the board: red's army turned for the others.
func local(seat, x, y int) square {
	switch seat {
	case fen4.Blue:
		return square{y, size - 1 - x}
	case fen4.Yellow:
		return square{size - 1 - x, size - 1 - y}
	case fen4.Green:
		return square{size - 1 - y, x}
	}
	return square{x, y}
}

// forward and right are a seat's unit steps.
func forward(seat int) square { return local(seat, 0, 1).minus(local(seat, 0, 0)) }
func right(seat int) square   { return local(seat, 1, 0).minus(local(seat, 0, 0)) }

// row is how far forward of its own back rank a square lies for a seat.
func row(seat int, s square) int {
	switch seat {
	case fen4.Blue:
		return s.file
	case fen4.Yellow:
		return size - 1 - s.rank
	case fen4.Green:
		return size - 1 - s.file
	}
	return s.rank
}

var (
	knightSteps   = []square{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	straightSteps = []square{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diagonalSteps = []square{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	kingSteps     = append(append([]square(nil), straightSteps...), diagonalSteps...)
)

// board is a position read through its geometry.
type board struct{ p *fen4.Position }

// exists says whether s is a square of the board: inside, not a corner, not
// written x.
func (b board) exists(s square) bool {
	return onBoard(s) && !corner(s) && !b.p.Cells[s.index()].IsWall()
}

func (b board) cell(s square) fen4.Cell { return b.p.Cells[s.index()] }

// empty says whether s exists and holds nothing.
func (b board) empty(s square) bool { return b.exists(s) && b.cell(s).IsEmpty() }

// attacked says whether an enemy of seat holds a piece attacking s.
func (b board) attacked(s square, seat int) bool {
	enemy := func(c fen4.Cell) bool { return c.IsPiece() && enemies(c.Seat, int8(seat)) }
	for _, d := range knightSteps {
		if t := s.plus(d); b.exists(t) && enemy(b.cell(t)) && pieceOf(b.cell(t), 'N') {
			return true
		}
	}
	for _, d := range kingSteps {
		if t := s.plus(d); b.exists(t) && enemy(b.cell(t)) && pieceOf(b.cell(t), 'K') {
			return true
		}
	}
	slides := func(steps []square, kinds string) bool {
		for _, d := range steps {
			t := s.plus(d)
			for b.empty(t) {
				t = t.plus(d)
			}
			if b.exists(t) && enemy(b.cell(t)) && (b.cell(t).Piece == kinds[0] || b.cell(t).Piece == kinds[1]) {
				return true
			}
		}
		return false
	}
	if slides(straightSteps, "RQ") || slides(diagonalSteps, "BQ") {
		return true
	}
	// A pawn of seat e on p attacks p+forward(e)±right(e).
	for e := 0; e < 4; e++ {
		if !enemies(int8(e), int8(seat)) {
			continue
		}
		for _, side := range []square{right(e), square{}.minus(right(e))} {
			p := s.minus(forward(e)).minus(side)
			if b.exists(p) && isSeat(b.cell(p), e) && pieceOf(b.cell(p), 'P') {
				return true
			}
		}
	}
	return false
}

// kingsSafe says whether no king of seat is attacked by an enemy.
func (b board) kingsSafe(seat int) bool {
	for i, c := range b.p.Cells {
		if isSeat(c, seat) && c.Piece == 'K' && b.attacked(at(i), seat) {
			return false
		}
	}
	return true
}

// over says whether the game has ended before any move: a seat is out.
func over(p fen4.Position) bool {
	for _, out := range p.Out {
		if out {
			return true
		}
	}
	return false
}

// Moves gives the legal moves of the default reading.
func Moves(p fen4.Position) []Move { return Teams().Moves(p) }

// Perft counts the move sequences of depth plies under the default reading.
func Perft(p fen4.Position, depth int) uint64 { return Teams().Perft(p, depth) }

// Moves gives the legal moves of the side to move, none when the game is
// over or the position is not a 14x14 board.
func (r Rules) Moves(p fen4.Position) []Move {
	if len(p.Cells) != size*size || p.Turn < 0 || p.Turn > 3 || over(p) {
		return nil
	}
	var legal []Move
	for _, m := range r.pseudoMoves(p) {
		after := Make(p, m)
		// Taking a king ends the game, so it stands even if the mover's
		// own king is left attacked (4pchess's reading).
		if (board{&after}).kingsSafe(p.Turn) || takesKing(p, m) {
			legal = append(legal, m)
		}
	}
	return legal
}

// takesKing says whether m captures a king.
func takesKing(p fen4.Position, m Move) bool {
	return p.Cells[m.To].IsPiece() && p.Cells[m.To].Piece == 'K' && p.Cells[m.To].Seat != p.Cells[m.From].Seat
}

// Perft counts the move sequences of depth plies from p.
func (r Rules) Perft(p fen4.Position, depth int) uint64 {
	if depth <= 0 {
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

// pseudoMoves gives every move of the side to move that obeys how its
// pieces move, before the check on its kings; castling's own conditions
// (the king not crossing an attacked square) are checked here.
func (r Rules) pseudoMoves(p fen4.Position) []Move {
	b := board{&p}
	seat := p.Turn
	var moves []Move
	add := func(from, to square) {
		moves = append(moves, Move{From: from.index(), To: to.index(), Taken: fen4.NoSquare, RookFrom: fen4.NoSquare, RookTo: fen4.NoSquare})
	}
	// canLand: the square exists and is empty or holds an enemy's piece.
	canLand := func(t square) bool {
		return b.empty(t) || (b.exists(t) && enemies(b.cell(t).Seat, int8(seat)))
	}
	for i, c := range p.Cells {
		if !isSeat(c, seat) || corner(at(i)) {
			continue
		}
		from := at(i)
		switch c.Piece {
		case 'P':
			moves = append(moves, r.pawnMoves(b, seat, from)...)
		case 'N':
			for _, d := range knightSteps {
				if t := from.plus(d); canLand(t) {
					add(from, t)
				}
			}
		case 'K':
			for _, d := range kingSteps {
				if t := from.plus(d); canLand(t) {
					add(from, t)
				}
			}
			moves = append(moves, castlings(b, seat, from)...)
		case 'B', 'R', 'Q':
			var steps []square
			if c.Piece != 'B' {
				steps = append(steps, straightSteps...)
			}
			if c.Piece != 'R' {
				steps = append(steps, diagonalSteps...)
			}
			for _, d := range steps {
				t := from.plus(d)
				for b.empty(t) {
					add(from, t)
					t = t.plus(d)
				}
				if canLand(t) {
					add(from, t)
				}
			}
		}
	}
	return moves
}

// pawnMoves gives a pawn's steps, captures and en passant, each promotion
// a move of its own.
func (r Rules) pawnMoves(b board, seat int, from square) []Move {
	var moves []Move
	add := func(to square, taken int) {
		m := Move{From: from.index(), To: to.index(), Taken: taken, RookFrom: fen4.NoSquare, RookTo: fen4.NoSquare}
		if row(seat, to) != r.PromotionRank-1 {
			moves = append(moves, m)
			return
		}
		for i := 0; i < len(r.Promotions); i++ {
			m.Promotion = r.Promotions[i]
			moves = append(moves, m)
		}
	}
	ahead := from.plus(forward(seat))
	if b.empty(ahead) {
		add(ahead, fen4.NoSquare)
		if two := ahead.plus(forward(seat)); row(seat, from) == 1 && b.empty(two) {
			add(two, fen4.NoSquare)
		}
	}
	for _, side := range []square{right(seat), square{}.minus(right(seat))} {
		t := ahead.plus(side)
		if !b.exists(t) || (b.cell(t).IsPiece() && !enemies(b.cell(t).Seat, int8(seat))) {
			continue
		}
		// En passant takes the pawn and whatever enemy piece stands on
		// the skipped square, in one move.
		if pawn := r.passedPawn(b, seat, ahead, t); pawn != fen4.NoSquare {
			add(t, pawn)
		} else if b.cell(t).IsPiece() {
			add(t, fen4.NoSquare)
		}
	}
	return moves
}

// passedPawn gives the square of an enemy pawn that double-stepped over t
// and that the seat's pawn, whose forward square is ahead, may take en
// passant; fen4.NoSquare when there is none.
func (r Rules) passedPawn(b board, seat int, ahead, t square) int {
	if r.EnPassant == EnPassantOff {
		return fen4.NoSquare
	}
	for e, ep := range b.p.EnPassant {
		if !ep.Set() || ep.Target != t.index() || !enemies(int8(e), int8(seat)) {
			continue
		}
		pawn := passed(e, ep)
		if pawn == fen4.NoSquare || !isSeat(b.p.Cells[pawn], e) || b.p.Cells[pawn].Piece != 'P' {
			continue
		}
		if r.EnPassant == EnPassantBlocked && ahead.index() != pawn {
			continue
		}
		return pawn
	}
	return fen4.NoSquare
}

// passed is the square of the pawn a seat's en passant entry offers: the
// one written, or else the square past the skipped one.
func passed(seat int, ep fen4.EnPassant) int {
	if ep.Pawn != fen4.NoSquare {
		if ep.Pawn < 0 || ep.Pawn >= size*size {
			return fen4.NoSquare
		}
		return ep.Pawn
	}
	if ep.Target < 0 || ep.Target >= size*size {
		return fen4.NoSquare
	}
	if s := at(ep.Target).plus(forward(seat)); onBoard(s) {
		return s.index()
	}
	return fen4.NoSquare
}

// castlings gives the king's castling moves from its home square.
func castlings(b board, seat int, from square) []Move {
	if from != local(seat, 7, 0) || b.attacked(from, seat) {
		return nil
	}
	var moves []Move
	for _, side := range []struct {
		right                bool
		rook, kingTo, rookTo int // x in the seat's own coordinates
		between              []int
	}{
		{b.p.CastleKing[seat], 10, 9, 8, []int{8, 9}},
		{b.p.CastleQueen[seat], 3, 5, 6, []int{6, 5, 4}},
	} {
		rook := local(seat, side.rook, 0)
		if !side.right || !isSeat(b.cell(rook), seat) || b.cell(rook).Piece != 'R' {
			continue
		}
		ok := true
		for _, x := range side.between {
			ok = ok && b.empty(local(seat, x, 0))
		}
		// The king crosses the squares from its own to kingTo.
		for x := 7; ok && x != side.kingTo; {
			if side.kingTo > 7 {
				x++
			} else {
				x--
			}
			ok = !b.attacked(local(seat, x, 0), seat)
		}
		if ok {
			moves = append(moves, Move{From: from.index(), To: local(seat, side.kingTo, 0).index(), Taken: fen4.NoSquare,
				RookFrom: rook.index(), RookTo: local(seat, side.rookTo, 0).index()})
		}
	}
	return moves
}

// hasKing says whether seat has a king on the board.
func hasKing(p fen4.Position, seat int) bool {
	for _, c := range p.Cells {
		if isSeat(c, seat) && c.Piece == 'K' {
			return true
		}
	}
	return false
}

// Make plays m on a copy of p: the piece moves (and the rook with a
// castling king), what it lands on or takes en passant goes, a pawn may
// promote; then the castling rights, en passant entries, half-move clock,
// a seat put out by losing its king, and the turn.
func Make(p fen4.Position, m Move) fen4.Position {
	q := p.Clone()
	seat := q.Turn
	moved := q.Cells[m.From]
	captured := []fen4.Cell{q.Cells[m.To]}
	q.Cells[m.From] = fen4.EmptyCell
	if m.Taken != fen4.NoSquare {
		captured = append(captured, q.Cells[m.Taken])
		q.Cells[m.Taken] = fen4.EmptyCell
	}
	placed := moved
	if m.Promotion != 0 {
		placed.Piece = m.Promotion
	}
	q.Cells[m.To] = placed
	if m.RookFrom != fen4.NoSquare {
		q.Cells[m.RookTo] = q.Cells[m.RookFrom]
		q.Cells[m.RookFrom] = fen4.EmptyCell
	}

	if moved.Piece == 'K' {
		q.CastleKing[seat], q.CastleQueen[seat] = false, false
	}
	for s := 0; s < 4; s++ {
		for _, sq := range []int{m.From, m.To} {
			if sq == local(s, 10, 0).index() {
				q.CastleKing[s] = false
			}
			if sq == local(s, 3, 0).index() {
				q.CastleQueen[s] = false
			}
		}
	}

	q.EnPassant[seat] = fen4.NoEnPassant
	for s, ep := range q.EnPassant {
		if pawn := passed(s, ep); ep.Set() && (pawn == m.To || pawn == m.Taken) {
			q.EnPassant[s] = fen4.NoEnPassant
		}
	}
	from, to := at(m.From), at(m.To)
	if moved.Piece == 'P' && to == from.plus(forward(seat)).plus(forward(seat)) {
		q.EnPassant[seat] = fen4.EnPassant{Target: from.plus(forward(seat)).index(), Pawn: m.To}
	}

	q.HalfMoves++
	if moved.Piece == 'P' {
		q.HalfMoves = 0
	}
	for _, c := range captured {
		if !c.IsPiece() {
			continue
		}
		q.HalfMoves = 0
		if c.Piece == 'K' && c.Seat < 4 && !hasKing(q, int(c.Seat)) {
			q.Out[c.Seat] = true
		}
	}

	for step := 1; step <= 4; step++ {
		if next := (seat + step) % 4; !q.Out[next] {
			q.Turn = next
			break
		}
	}
	return q
}
