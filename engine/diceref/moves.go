package diceref

// chessMove is a move of a piece: from, to, the promotion letter (upper
// case, 0 none), and what kind of move it is.
type chessMove struct {
	from, to  int
	promotion byte
	castle    bool // the king's two-square step; the rook jumps over it
	enPassant bool
}

var (
	knightSteps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	rookDirs    = [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	bishopDirs  = [4][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
)

// step is the square file+df, rank+dr, or false off the board.
func step(sq, df, dr int) (int, bool) {
	f, r := sq%8+df, sq/8+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0, false
	}
	return r*8 + f, true
}

// name is the move as the engine writes it.
func (m chessMove) name() string {
	s := squareName(m.from) + squareName(m.to)
	if m.promotion != 0 {
		s += "=" + string(m.promotion)
	}
	return s
}

// chessMoves is every move of the side to move, by chess's rules with no
// check: a king may step into attack, and may be captured.
func (p *Position) chessMoves() []chessMove {
	var moves []chessMove
	for sq := 0; sq < 64; sq++ {
		if p.own(sq, p.white) {
			moves = p.pieceMoves(sq, moves)
		}
	}
	return moves
}

// pieceMoves appends the moves of the piece on sq.
func (p *Position) pieceMoves(sq int, moves []chessMove) []chessMove {
	white := p.white
	// lands: a step onto an empty square or an enemy.
	lands := func(to int) bool { return !p.own(to, white) }
	switch kindOf(p.board[sq]) {
	case 'P':
		return p.pawnMoves(sq, moves)
	case 'N':
		for _, s := range knightSteps {
			if to, ok := step(sq, s[0], s[1]); ok && lands(to) {
				moves = append(moves, chessMove{from: sq, to: to})
			}
		}
	case 'K':
		for _, s := range kingSteps {
			if to, ok := step(sq, s[0], s[1]); ok && lands(to) {
				moves = append(moves, chessMove{from: sq, to: to})
			}
		}
		moves = p.castlingMoves(sq, moves)
	case 'B':
		moves = p.slides(sq, bishopDirs[:], moves)
	case 'R':
		moves = p.slides(sq, rookDirs[:], moves)
	case 'Q':
		moves = p.slides(sq, bishopDirs[:], moves)
		moves = p.slides(sq, rookDirs[:], moves)
	}
	return moves
}

func (p *Position) slides(sq int, dirs [][2]int, moves []chessMove) []chessMove {
	for _, d := range dirs {
		for to, ok := step(sq, d[0], d[1]); ok; to, ok = step(to, d[0], d[1]) {
			if p.own(to, p.white) {
				break
			}
			moves = append(moves, chessMove{from: sq, to: to})
			if p.board[to] != 0 {
				break
			}
		}
	}
	return moves
}

func (p *Position) pawnMoves(sq int, moves []chessMove) []chessMove {
	forward, startRank, lastRank := 1, 1, 7
	if !p.white {
		forward, startRank, lastRank = -1, 6, 0
	}
	add := func(to int, ep bool) {
		if to/8 == lastRank {
			for _, pr := range "QRBN" {
				moves = append(moves, chessMove{from: sq, to: to, promotion: byte(pr)})
			}
			return
		}
		moves = append(moves, chessMove{from: sq, to: to, enPassant: ep})
	}
	if one, ok := step(sq, 0, forward); ok && p.board[one] == 0 {
		add(one, false)
		if two, ok := step(one, 0, forward); ok && sq/8 == startRank && p.board[two] == 0 {
			add(two, false)
		}
	}
	for _, df := range []int{-1, 1} {
		to, ok := step(sq, df, forward)
		if !ok {
			continue
		}
		if p.board[to] != 0 && !p.own(to, p.white) {
			add(to, false)
		} else if to == p.ep && p.board[to] == 0 {
			// The pawn that passed over ep stands one square beyond it.
			victim := to - 8*forward
			if c := p.board[victim]; c != 0 && kindOf(c) == 'P' && !p.own(victim, p.white) {
				add(to, true)
			}
		}
	}
	return moves
}

// castlingMoves appends the king's castlings from sq: the right kept (so
// king and rook unmoved), the squares between them empty, and the king's
// square, the one it crosses and the one it lands on not attacked.
func (p *Position) castlingMoves(sq int, moves []chessMove) []chessMove {
	home, short, long, rookLetter := 4, whiteShort, whiteLong, byte('R')
	if !p.white {
		home, short, long, rookLetter = 60, blackShort, blackLong, 'r'
	}
	if sq != home {
		return moves
	}
	try := func(right, rook int, between []int, kingPath []int, to int) {
		if !p.castling[right] || p.board[rook] != rookLetter {
			return
		}
		for _, s := range between {
			if p.board[s] != 0 {
				return
			}
		}
		for _, s := range kingPath {
			if p.attacked(s, !p.white) {
				return
			}
		}
		moves = append(moves, chessMove{from: sq, to: to, castle: true})
	}
	try(short, home+3, []int{home + 1, home + 2}, []int{home, home + 1, home + 2}, home+2)
	try(long, home-4, []int{home - 1, home - 2, home - 3}, []int{home, home - 1, home - 2}, home-2)
	return moves
}

// attacked reports whether a piece of the side byWhite says attacks sq.
func (p *Position) attacked(sq int, byWhite bool) bool {
	is := func(s int, kind byte) bool {
		c := p.board[s]
		return c != 0 && isWhite(c) == byWhite && kindOf(c) == kind
	}
	for _, s := range knightSteps {
		if from, ok := step(sq, s[0], s[1]); ok && is(from, 'N') {
			return true
		}
	}
	for _, s := range kingSteps {
		if from, ok := step(sq, s[0], s[1]); ok && is(from, 'K') {
			return true
		}
	}
	// A white pawn attacks from one rank below, a black one from above.
	back := -1
	if !byWhite {
		back = 1
	}
	for _, df := range []int{-1, 1} {
		if from, ok := step(sq, df, back); ok && is(from, 'P') {
			return true
		}
	}
	ray := func(dirs [4][2]int, kinds string) bool {
		for _, d := range dirs {
			for from, ok := step(sq, d[0], d[1]); ok; from, ok = step(from, d[0], d[1]) {
				c := p.board[from]
				if c == 0 {
					continue
				}
				if isWhite(c) == byWhite && (kindOf(c) == kinds[0] || kindOf(c) == kinds[1]) {
					return true
				}
				break
			}
		}
		return false
	}
	return ray(rookDirs, "RQ") || ray(bishopDirs, "BQ")
}

// playChess is p after move m; the side passes to the other player. It
// reports the kind (before promotion) that moved and whether it captured.
func (p *Position) playChess(m chessMove) (q *Position, kind byte, captured bool) {
	q = p.copy()
	mover := q.board[m.from]
	kind = kindOf(mover)
	target := q.board[m.to]
	captured = target != 0
	if m.enPassant {
		victim := m.to - 8
		if !p.white {
			victim = m.to + 8
		}
		q.board[victim] = 0
		captured = true
	}
	if target != 0 && kindOf(target) == 'K' {
		q.decided = true
	}
	q.board[m.to] = mover
	q.board[m.from] = 0
	if m.promotion != 0 {
		q.board[m.to] = m.promotion
		if !p.white {
			q.board[m.to] = m.promotion - 'A' + 'a'
		}
	}
	if m.castle {
		rookFrom, rookTo := m.from+3, m.from+1
		if m.to < m.from {
			rookFrom, rookTo = m.from-4, m.from-1
		}
		q.board[rookTo] = q.board[rookFrom]
		q.board[rookFrom] = 0
	}
	// A right is lost when its king or rook leaves home or is taken there.
	for _, sq := range []int{m.from, m.to} {
		switch sq {
		case 4:
			q.castling[whiteShort], q.castling[whiteLong] = false, false
		case 60:
			q.castling[blackShort], q.castling[blackLong] = false, false
		case 7:
			q.castling[whiteShort] = false
		case 0:
			q.castling[whiteLong] = false
		case 63:
			q.castling[blackShort] = false
		case 56:
			q.castling[blackLong] = false
		}
	}
	q.ep = -1
	if kind == 'P' && (m.to-m.from == 16 || m.from-m.to == 16) {
		q.ep = (m.from + m.to) / 2
	}
	q.white = !p.white
	return q, kind, captured
}
