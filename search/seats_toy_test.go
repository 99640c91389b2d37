package search

import (
	"fmt"
	"strings"
)

// ring is a toy game of N seats for the N-seat searches: tokens on a
// cycle of cells, each seat's turn moves one of its tokens one or two
// cells on, onto an empty cell or capturing a token of another team. A
// seat that captures goal tokens wins for its team; a team whose seats
// have all lost their tokens is out, and the last team in wins; at
// maxPly the game is a draw shared by the seats still in. A seat without
// tokens is skipped; one whose tokens cannot move passes.
type ring struct {
	cells  []int8 // the seat on each cell, -1 empty
	team   []int  // per seat
	caps   []int  // tokens each seat has captured
	goal   int
	stm    int
	ply    int
	maxPly int
	hist   []ringUndo
}

type ringMove struct{ from, to int8 } // from == -1: a pass

type ringUndo struct {
	m      ringMove
	victim int8
	stm    int
}

var ringPass = ringMove{-1, -1}

// newRing sets up a ring from a picture of its cells, one character a
// cell: '.' empty, '0' to '7' a token of that seat.
func newRing(cells string, team []int, goal, maxPly int) *ring {
	r := &ring{team: team, caps: make([]int, len(team)), goal: goal, maxPly: maxPly}
	for _, c := range cells {
		if c == '.' {
			r.cells = append(r.cells, -1)
		} else {
			r.cells = append(r.cells, int8(c-'0'))
		}
	}
	return r
}

func (r *ring) Seats() int            { return len(r.team) }
func (r *ring) SeatToMove() int       { return r.stm }
func (r *ring) Team(seat int) int     { return r.team[seat] }
func (r *ring) SideToMove() int       { return r.stm }
func (r *ring) Ply() int              { return r.ply }
func (r *ring) InCheck() bool         { return false }
func (r *ring) HasLegalMove() bool    { return !r.over() }
func (r *ring) Result() result        { return result{over: r.over(), winner: -1} }
func (r *ring) ResultNoList() result  { return r.Result() }
func (r *ring) QuickResult() result   { return r.Result() }
func (r *ring) Source(m ringMove) int { return int(m.from) }
func (r *ring) Target(m ringMove) int { return int(m.to) }

func (r *ring) in(seat int) bool {
	for _, c := range r.cells {
		if int(c) == seat {
			return true
		}
	}
	return false
}

func (r *ring) IsCapture(m ringMove) bool { return m.from >= 0 && r.cells[m.to] >= 0 }

func (r *ring) PieceAt(sq int) (kind, owner int, ok bool) {
	if sq < 0 || sq >= len(r.cells) || r.cells[sq] < 0 {
		return 0, 0, false
	}
	return 0, int(r.cells[sq]), true
}

func (r *ring) Occupied(out []int) []int {
	for sq, c := range r.cells {
		if c >= 0 {
			out = append(out, sq)
		}
	}
	return out
}

// Score is the seat's captures, which count toward its goal.
func (r *ring) Score(seat int) float64 { return float64(r.caps[seat]) }

func (r *ring) LegalMoves(buf []ringMove) []ringMove {
	if r.over() {
		return buf
	}
	n, start := len(r.cells), len(buf)
	for from, c := range r.cells {
		if int(c) != r.stm {
			continue
		}
		for step := 1; step <= 2; step++ {
			to := (from + step) % n
			if v := r.cells[to]; v < 0 || r.team[v] != r.team[r.stm] {
				buf = append(buf, ringMove{int8(from), int8(to)})
			}
		}
	}
	if len(buf) == start {
		buf = append(buf, ringPass)
	}
	return buf
}

func (r *ring) LegalCaptures(buf []ringMove) []ringMove {
	for _, m := range r.LegalMoves(nil) {
		if r.IsCapture(m) {
			buf = append(buf, m)
		}
	}
	return buf
}

func (r *ring) Make(m ringMove) {
	u := ringUndo{m: m, victim: -1, stm: r.stm}
	if m.from >= 0 {
		u.victim = r.cells[m.to]
		if u.victim >= 0 {
			r.caps[r.stm]++
		}
		r.cells[m.to], r.cells[m.from] = int8(r.stm), -1
	}
	r.hist = append(r.hist, u)
	r.ply++
	for k := 1; k <= len(r.team); k++ {
		if next := (r.stm + k) % len(r.team); r.in(next) {
			r.stm = next
			break
		}
	}
}

func (r *ring) Unmake() {
	u := r.hist[len(r.hist)-1]
	r.hist = r.hist[:len(r.hist)-1]
	r.stm = u.stm
	r.ply--
	if u.m.from >= 0 {
		r.cells[u.m.from], r.cells[u.m.to] = int8(u.stm), u.victim
		if u.victim >= 0 {
			r.caps[u.stm]--
		}
	}
}

func (r *ring) Hash() uint64 {
	h := uint64(r.stm + 1)
	for _, c := range r.cells {
		h = mixSeed(h, uint64(c+2))
	}
	for _, c := range r.caps {
		h = mixSeed(h, uint64(c))
	}
	return h
}

func (r *ring) MoveString(m ringMove) string {
	if m.from < 0 {
		return "pass"
	}
	sep := "-"
	if r.IsCapture(m) {
		sep = "x"
	}
	return fmt.Sprintf("%d%s%d", m.from, sep, m.to)
}

// winningTeam is the team that has won, or -1.
func (r *ring) winningTeam() int {
	for seat, c := range r.caps {
		if c >= r.goal {
			return r.team[seat]
		}
	}
	last := -1
	for seat := range r.team {
		if r.in(seat) {
			if last >= 0 && r.team[seat] != last {
				return -1
			}
			last = r.team[seat]
		}
	}
	return last
}

func (r *ring) over() bool { return r.winningTeam() >= 0 || r.ply >= r.maxPly }

// SeatResult gives a win by the goal all to the seat that reached it, so
// that a search must read an ally's share as its own team's; a win by
// elimination is split by the winning team's seats still in.
func (r *ring) SeatResult(out []float64) bool {
	w := r.winningTeam()
	if w < 0 && r.ply < r.maxPly {
		return false
	}
	for seat, c := range r.caps {
		if c >= r.goal {
			out[seat] = 1
			return true
		}
	}
	var share []bool
	for seat := range r.team {
		share = append(share, r.in(seat) && (w < 0 || r.team[seat] == w))
	}
	k := 0
	for _, s := range share {
		if s {
			k++
		}
	}
	for seat, s := range share {
		if s {
			out[seat] = 1 / float64(k)
		}
	}
	return true
}

func (r *ring) String() string {
	var b strings.Builder
	for _, c := range r.cells {
		if c < 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte(byte('0' + c))
		}
	}
	return fmt.Sprintf("%s stm %d caps %v ply %d", b.String(), r.stm, r.caps, r.ply)
}

// ringTeamWinsWithin reports whether team can force a win within plies
// moves, whoever moves: the exact answer the known-move tables are
// checked against.
func ringTeamWinsWithin(r *ring, team, plies int) bool {
	if w := r.winningTeam(); w >= 0 || r.over() {
		return w == team
	}
	if plies == 0 {
		return false
	}
	ours := r.team[r.stm] == team
	for _, m := range r.LegalMoves(nil) {
		r.Make(m)
		wins := ringTeamWinsWithin(r, team, plies-1)
		r.Unmake()
		if wins == ours {
			return ours
		}
	}
	return !ours
}

// seatsNim is nim (toy_test.go) seen as a game of two seats, each its
// own team, for checking the N-seat searches against the exact solution
// where turns do not alternate.
type seatsNim struct{ *nim }

func (n seatsNim) Seats() int        { return 2 }
func (n seatsNim) SeatToMove() int   { return n.stm }
func (n seatsNim) Team(seat int) int { return seat }
func (n seatsNim) SeatResult(out []float64) bool {
	r := n.Result()
	if r.over {
		out[r.winner] = 1
	}
	return r.over
}
