package rules

import (
	"fmt"
	"strings"
)

// The agreement checks of the keys schema 33 added (SCHEMA-33.md): boards,
// square names that name their board, pieces[].moves[].across,
// rules.across, rules.vertical, rules.transfer and rules.cells.

// maxSquares is how many squares all the boards together may have.
const maxSquares = 256

// spot is a square of one board: board indexes Spec.Boards, EveryBoard for
// a plain name in a game with boards, 0 in a game of one board.
type spot struct {
	board int
	sq    Square
}

// parseSpot reads a square name silently: ok is false for a name that is
// no square of the board or names no board of the game (the checks of
// its own key report it).
func (c *checker) parseSpot(name string) (spot, bool) {
	at, ok := c.readSpot(name)
	return at, ok && c.s.Board.Contains(at.sq)
}

// readSpot is parseSpot for a square that may lie off the board.
func (c *checker) readSpot(name string) (spot, bool) {
	if !c.boardNames {
		sq, ok := ParseSquare(name)
		return spot{0, sq}, ok
	}
	board, sq, ok := c.s.ParseBoardSquare(name)
	return spot{board, sq}, ok
}

// spotOf checks one square name written at path, subject naming it in a
// message; needBoard refuses a plain name in a game with boards.
func (c *checker) spotOf(path, subject, name string, wall, needBoard bool) (spot, bool) {
	boardName, square, named := name, name, false
	if c.boardNames {
		boardName, square, named = SplitBoardSquare(name)
	}
	boards := len(c.s.Boards)
	if named && boards == 0 {
		c.add(path, "%s names a board, but the game has one board", subject)
		return spot{}, false
	}
	sq, ok := ParseSquare(square)
	if !ok || !c.s.Board.Contains(sq) {
		c.add(path, "%s is not a square on this board", subject)
		return spot{}, false
	}
	at := spot{0, sq}
	switch {
	case named:
		if at.board = c.s.BoardIndex(boardName); at.board < 0 {
			c.add(path, "%s names no board: the boards are %s", subject, c.boardList())
			return spot{}, false
		}
	case boards > 0 && needBoard:
		c.add(path, "%s needs its board: write it as %s", subject, quote(c.s.Boards[0].Name+":"+name))
		return spot{}, false
	case boards > 0:
		at.board = EveryBoard
	}
	if wall && c.wallsOK && c.isWall(at) {
		c.add(path, "%s is a wall (rules.obstacles)", subject)
		return spot{}, false
	}
	return at, true
}

// boardList is the boards' names, as a message lists them.
func (c *checker) boardList() string {
	names := make([]string, len(c.s.Boards))
	for i, b := range c.s.Boards {
		names[i] = quote(b.Name)
	}
	return strings.Join(names, ", ")
}

// boardsOf is the boards a spot's board stands for.
func (c *checker) boardsOf(board int) []int {
	if board != EveryBoard {
		return []int{board}
	}
	out := make([]int, len(c.s.Boards))
	for i := range out {
		out[i] = i
	}
	return out
}

func (c *checker) addWall(at spot) {
	for _, b := range c.boardsOf(at.board) {
		c.wallAt[spot{b, at.sq}] = true
	}
	c.walls[at.sq] = true
}

// isWall reports whether a wall stands on the spot: for a plain name in a
// game with boards, on some board.
func (c *checker) isWall(at spot) bool {
	if at.board == EveryBoard {
		return c.walls[at.sq]
	}
	return c.wallAt[at]
}

// cellTakes reports whether a spot holding n pieces takes one more: a
// cell holding fewer than two, all of the newcomer's army. While
// rules.cells is ill-formed no spot is known not to be a cell, so none is
// refused.
func (c *checker) cellTakes(at spot, n int, sameArmy bool) bool {
	if !c.ok("rules.cells") {
		return true
	}
	return c.cellAt[at] && n < 2 && sameArmy
}

// spotName is a spot's name in messages: with its board in a game of
// several.
func (c *checker) spotName(at spot) string { return c.s.SquareName(at.board, at.sq) }

// checkBoards runs the schema-33 checks in the addendum's order.
func (c *checker) checkBoards() {
	if c.s.Boards != nil && c.ok("boards") {
		c.checkBoardNames()
		c.checkBoardsGeometry()
	}
	c.checkAcross()
	c.checkVertical()
	c.checkTransfer()
	c.checkCells()
}

func (c *checker) checkBoardNames() {
	first := map[string]int{}
	for i, b := range c.s.Boards {
		np := index("boards", i) + ".name"
		if !boardNameOK(b.Name) {
			c.add(np, "%s %s must be letters and digits, starting with a letter: a square names it as in %s", np, quote(b.Name), quote(b.Name+":a1"))
			continue
		}
		if j, dup := first[b.Name]; dup {
			c.add(np, "%s %s is boards[%d]'s name too: each board needs its own", np, quote(b.Name), j)
			continue
		}
		first[b.Name] = i
	}
}

// boardNameOK: ASCII letters and digits, a letter first, so "NAME:sq"
// reads one way.
func boardNameOK(name string) bool {
	for i, r := range name {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return name != ""
}

// checkBoardsGeometry: several boards of squares, 256 squares in all.
func (c *checker) checkBoardsGeometry() {
	b := c.s.Board
	if !c.ok("board") {
		return
	}
	if b.IsHex() || b.IsHexagon() {
		c.add("boards", "boards are for square lattices: a hex game is played on one board")
		return
	}
	n := len(c.s.Boards)
	if total := n * b.Width * b.Height; total > maxSquares {
		c.add("boards", "boards: %d boards of %d by %d are %d squares, at most %d", n, b.Width, b.Height, total, maxSquares)
	}
}

// acrossKeys is every across the file writes, with its path.
func (c *checker) acrossKeys() (paths []string, keys []*Across) {
	if a := c.s.Rules.Across; a != nil && c.ok("rules.across") {
		paths, keys = append(paths, "rules.across"), append(keys, a)
	}
	for i := range c.s.Pieces {
		for j := range c.s.Pieces[i].Moves {
			m := &c.s.Pieces[i].Moves[j]
			if ap := fmt.Sprintf("pieces[%d].moves[%d].across", i, j); m.Across != nil && c.ok(ap) {
				paths, keys = append(paths, ap), append(keys, m.Across)
			}
		}
	}
	return paths, keys
}

// checkAcross: across needs boards; stay only for a capture; no sweep
// reaches across.
func (c *checker) checkAcross() {
	paths, keys := c.acrossKeys()
	for k, a := range keys {
		ap := paths[k]
		if c.s.Boards == nil {
			c.add(ap, "%s needs boards: the game has one board", ap)
			continue
		}
		if a.Stay && a.ModeOrDefault() != ModeCapture {
			c.add(ap+".stay", "%s.stay needs mode 'capture': a piece that stays home moves nowhere", ap)
		}
	}
	for i := range c.s.Pieces {
		for j, m := range c.s.Pieces[i].Moves {
			ap := fmt.Sprintf("pieces[%d].moves[%d]", i, j)
			if m.Across != nil && m.Kind == KindSweep && m.Across.Mode != AcrossNone && c.ok(ap) {
				c.add(ap+".across", "%s.across is not for a sweep: a sweep's passing captures are for one board", ap)
			}
		}
	}
}

// checkVertical: needs boards; its pieces declared.
func (c *checker) checkVertical() {
	v := c.s.Rules.Vertical
	if v == nil || !c.ok("rules.vertical") {
		return
	}
	if c.s.Boards == nil {
		c.add("rules.vertical", "rules.vertical needs boards: the game has one board")
		return
	}
	if v.Pieces != nil {
		c.refsOK("rules.vertical.pieces", v.Pieces)
	}
}

// checkTransfer: needs boards; its pieces declared; the only way a piece
// changes boards, and no drops.
func (c *checker) checkTransfer() {
	t := c.s.Rules.Transfer
	if t == nil || !c.ok("rules.transfer") {
		return
	}
	if c.s.Boards == nil {
		c.add("rules.transfer", "rules.transfer needs boards: the game has one board")
		return
	}
	if t.Pieces != nil {
		c.refsOK("rules.transfer.pieces", t.Pieces)
	}
	const oneWay = "a piece changes boards one way at a time"
	if c.s.Rules.Vertical != nil && c.ok("rules.vertical") {
		c.add("rules.transfer", "rules.transfer is not for a game with rules.vertical: %s", oneWay)
	}
	paths, keys := c.acrossKeys()
	for k, a := range keys {
		if a.Mode != AcrossNone {
			c.add("rules.transfer", "rules.transfer is not for a game with %s: %s", paths[k], oneWay)
		}
	}
	if c.s.Rules.Drops != nil && c.ok("rules.drops") {
		c.add("rules.transfer", "rules.transfer is not for a game with rules.drops: a piece passes to the next board after a move on the board, and a drop is none")
	}
}

// checkCells: squares of the board, off the walls, holding two.
func (c *checker) checkCells() {
	cl := c.s.Rules.Cells
	if cl == nil || !c.ok("rules.cells") {
		return
	}
	if c.written("rules.cells.holds") && cl.Holds != 2 {
		c.add("rules.cells.holds", "rules.cells.holds must be 2")
	}
	c.spots("rules.cells.squares", cl.Squares, true, false)
}
