package allianceref

import "slices"

// Move is one move: the piece, where it starts and where it ends (for a
// capture from afar, the square of the piece it takes).
type Move struct {
	Piece    Piece
	From, To int
	Capture  bool   // something is taken on To
	Stay     bool   // a capture from afar: the mover stays on From
	Join     bool   // a quiet move onto a cell holding one piece of the mover's seat
	Promo    string // the id promoted to, "" for none
	fromSlot int    // which piece of From's list moves
}

func (m Move) String() string {
	sep := "-"
	switch {
	case m.Stay:
		sep = "*"
	case m.Capture:
		sep = "x"
	}
	s := m.Piece.String() + " " + SquareName(m.From) + sep + SquareName(m.To)
	if m.Join {
		s += "&"
	}
	if m.Promo != "" {
		s += "=" + m.Promo
	}
	return s
}

// forward is each seat's forward direction.
var forward = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

var (
	kingSteps   = [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	sulfurLeaps = [][2]int{{2, 0}, {2, 2}, {0, 2}, {-2, 2}, {-2, 0}, {-2, -2}, {0, -2}, {2, -2}}
	knightLeaps = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	rookRays    = [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	bishopRays  = [][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
)

// isSalt reports whether id is the salt or one of its served copies.
func isSalt(id string) bool { return id != "" && id[0] == 'P' }

// onBoard reports whether file x, rank y exist.
func onBoard(x, y int) bool { return x >= 0 && x < Size && y >= 0 && y < Size }

// pieceMoves lists the moves of the slot-th piece on from as if its seat
// were to move, before the priority rule.
func (p *Position) pieceMoves(from, slot int) []Move {
	pc := p.Squares[from][slot]
	b, x, y := coords(from)
	other := 1 - b
	var out []Move
	base := Move{Piece: pc, From: from, fromSlot: slot}
	// land: a move that lands on to at home (quiet, join or capture, as
	// the pattern allows).
	land := func(to int, canMove, canCapture bool) {
		there := p.Squares[to]
		m := base
		m.To = to
		switch {
		case len(there) == 0:
			if !canMove {
				return
			}
		case len(there) == 1 && there[0].Seat == pc.Seat && isCell(to):
			if !canMove {
				return
			}
			m.Join = true
		case enemies(there[0].Seat, pc.Seat) && !p.Out[there[0].Seat]:
			if !canCapture {
				return
			}
			m.Capture = true
		default:
			return
		}
		if m, ok := p.promote(m); ok {
			out = append(out, m)
		}
	}
	// across: the square reached at home, looked at on the other board.
	across := func(hx, hy int) {
		to := square(other, hx, hy)
		there := p.Squares[to]
		if len(there) > 0 && enemies(there[0].Seat, pc.Seat) && !p.Out[there[0].Seat] {
			m := base
			m.To, m.Capture, m.Stay = to, true, true
			out = append(out, m)
		}
	}
	leaps := func(vs [][2]int, canMove bool) {
		for _, v := range vs {
			tx, ty := x+v[0], y+v[1]
			if !onBoard(tx, ty) {
				continue
			}
			land(square(b, tx, ty), canMove, true)
			across(tx, ty)
		}
	}
	slides := func(vs [][2]int) {
		for _, v := range vs {
			for tx, ty := x+v[0], y+v[1]; onBoard(tx, ty); tx, ty = tx+v[0], ty+v[1] {
				to := square(b, tx, ty)
				land(to, true, true)
				across(tx, ty)
				if len(p.Squares[to]) > 0 {
					break
				}
			}
		}
	}
	switch {
	case pc.ID == "K":
		leaps(kingSteps, true)
	case pc.ID == "S":
		leaps(sulfurLeaps, true)
	case pc.ID == "Y":
		leaps(knightLeaps, true)
	case pc.ID == "U":
		slides(rookRays)
	case pc.ID == "M":
		slides(bishopRays)
	case isSalt(pc.ID):
		f := forward[pc.Seat]
		if tx, ty := x+f[0], y+f[1]; onBoard(tx, ty) {
			land(square(b, tx, ty), true, false) // no reach across
		}
		side := [2]int{f[1], -f[0]}
		leaps([][2]int{{f[0] + side[0], f[1] + side[1]}, {f[0] - side[0], f[1] - side[1]}}, false)
	}
	land(square(other, x, y), true, true) // the vertical hop
	return out
}

// promote gives a salt landing on its far edge its served kind, when its
// seat has fewer of that kind than the one it started with; while that
// piece stands, the salt may not land there (ok false).
func (p *Position) promote(m Move) (Move, bool) {
	if !isSalt(m.Piece.ID) || len(m.Piece.ID) != 2 {
		return m, true
	}
	_, x, y := coords(m.To)
	f := forward[m.Piece.Seat]
	if onBoard(x+f[0], y+f[1]) {
		return m, true
	}
	served := m.Piece.ID[1:]
	if p.count(m.Piece.Seat, served) >= 1 {
		return m, false
	}
	m.Promo = served
	return m, true
}

// count is how many pieces of kind id seat s has on the boards.
func (p *Position) count(s int, id string) int {
	n := 0
	for _, l := range p.Squares {
		for _, pc := range l {
			if pc.Seat == s && pc.ID == id {
				n++
			}
		}
	}
	return n
}

// seatMoves lists every move of seat s's pieces, before the priority
// rule; two alike on one cell give their moves once.
func (p *Position) seatMoves(s int) []Move {
	var out []Move
	for sq, l := range p.Squares {
		for slot, pc := range l {
			if pc.Seat != s || slot == 1 && l[0] == pc {
				continue
			}
			out = append(out, p.pieceMoves(sq, slot)...)
		}
	}
	return out
}

// inCheck reports whether a piece of an enemy seat still in could take a
// king of seat s.
func (p *Position) inCheck(s int) bool {
	for e := 0; e < 4; e++ {
		if !enemies(e, s) || p.Out[e] {
			continue
		}
		for _, m := range p.seatMoves(e) {
			if !m.Capture {
				continue
			}
			for _, pc := range p.Squares[m.To] {
				if pc.Seat == s && pc.ID == "K" {
					return true
				}
			}
		}
	}
	return false
}

// Moves lists the legal moves of the seat to move: none once the game is
// over or the seat is out.
func (p *Position) Moves() []Move {
	if p.Over() || p.Stuck || p.Out[p.Turn] {
		return nil
	}
	all := p.seatMoves(p.Turn)
	if p.inCheck(p.Turn) {
		var king []Move
		for _, m := range all {
			if m.Piece.ID == "K" {
				king = append(king, m)
			}
		}
		if len(king) > 0 {
			all = king
		}
	}
	return all
}

// MoveStrings is Moves written out and sorted.
func (p *Position) MoveStrings() []string {
	var out []string
	for _, m := range p.Moves() {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return out
}

// Make plays m and gives the position after it: pieces taken, seats whose
// king fell put out, the turn passed to the next seat still in that has a
// move (seats with none pass).
func (p *Position) Make(m Move) *Position {
	q := p.clone()
	mover := m.Piece
	if m.Promo != "" {
		mover.ID = m.Promo
	}
	var taken []Piece
	if m.Capture {
		taken = q.Squares[m.To]
		q.Squares[m.To] = nil
	}
	if !m.Stay {
		l := q.Squares[m.From]
		q.Squares[m.From] = append(l[:m.fromSlot:m.fromSlot], l[m.fromSlot+1:]...)
		if len(q.Squares[m.From]) == 0 {
			q.Squares[m.From] = nil
		}
		q.Squares[m.To] = append(q.Squares[m.To], mover)
	}
	for _, pc := range taken {
		if pc.ID == "K" {
			q.Out[pc.Seat] = true
		}
	}
	q.passTurn()
	return q
}

// passTurn gives the turn to the next seat still in that has a legal
// move, the mover included after every other; when none has one, the
// turn stays where the search ended and Moves finds nothing.
func (q *Position) passTurn() {
	if q.Over() {
		return
	}
	from := q.Turn
	for i := 1; i <= 4; i++ {
		s := (from + i) % 4
		if q.Out[s] {
			continue
		}
		q.Turn = s
		if len(q.Moves()) > 0 {
			return
		}
	}
	q.Stuck = true
}

// Perft counts the leaves of the legal move tree depth plies deep.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	moves := p.Moves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += p.Make(m).Perft(depth - 1)
	}
	return n
}

// InCheck reports whether the seat to move has a king an enemy seat still
// in could take.
func (p *Position) InCheck() bool { return p.inCheck(p.Turn) }
