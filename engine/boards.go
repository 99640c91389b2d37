package engine

import (
	"strings"

	"balancefarm/engine/rules"
)

// Several boards (schema 33): boards of one geometry side by side, their
// squares numbered board after board (board b's square (x, y) is
// b*w*h + y*w + x), so that every per-square table covers them all while
// fileOf, rankOf and everything read in ranks and files (promotion ranks,
// a seat's frame, reflections) stay each board's own. A ray never leaves
// its board (step); a move that changes boards is an entry of its own in
// the tables. A game of one board is numbered exactly as before.
type boardGeometry struct {
	nb         int      // boards, 1 without schema 33's boards
	bsq        int      // squares per board: w*h
	boardNames []string // boards[].name; nil for one board
}

// at is the square (x, y) of board b.
func (g *Game) at(b, x, y int) int { return b*g.bsq + y*g.w + x }

// boardOf is the board square sq lies on.
func (g *Game) boardOf(sq int) int { return sq / g.bsq }

// specBoards is the boards a rule file declares, nil for one board.
func specBoards(s *rules.Spec) []string { return nil }

// squareName is sq's name: "e4", or "B:e4" on a game of several boards.
func (g *Game) squareName(sq int) string {
	name := string(rune('a'+g.fileOf[sq])) + itoa(g.rankOf[sq]+1)
	if g.nb > 1 {
		return g.boardNames[g.boardOf(sq)] + ":" + name
	}
	return name
}

// splitBoard cuts a square's board name off: "B:e4" is board 1 and "e4";
// a plain name is board -1 (none named). ok is false for a board the game
// does not have.
func (g *Game) splitBoard(s string) (board int, rest string, ok bool) {
	name, sq, found := strings.Cut(s, ":")
	if !found {
		return -1, s, true
	}
	for b, n := range g.boardNames {
		if n == name {
			return b, sq, true
		}
	}
	return -1, s, false
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}
