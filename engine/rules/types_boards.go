package rules

import "strings"

// The keys of schema 33 (SCHEMA-33.md): several boards of one geometry,
// moves from one board to another, Alice chess's transfer, and cells that
// hold two pieces of one army.

// BoardDef is one of several boards; they share board's geometry.
type BoardDef struct {
	Name string `json:"name"` // 1 to 8 letters and digits, starting with a letter; unique
}

// Across lets a move reach the same square on another board.
type Across struct {
	Mode string `json:"mode,omitempty"` // "move", "capture", "both" or (a move's own only) "none"; default "capture"
	Stay bool   `json:"stay,omitempty"` // the mover stays home and takes what stands across (mode "capture")
}

// AcrossNone is the across mode of a move that never reaches across,
// written on the move to set aside rules.across.
const AcrossNone = "none"

// ModeOrDefault is the across mode, "capture" when left out.
func (a *Across) ModeOrDefault() string {
	if a.Mode == "" {
		return ModeCapture
	}
	return a.Mode
}

// AcrossOf is the across a move plays with: its own key, else rules.across;
// nil when it never reaches across (mode "none", neither key, or a sweep,
// whose passing captures stay on one board).
func (r *Rules) AcrossOf(m *Move) *Across {
	a := m.Across
	if a == nil && m.Kind != KindSweep {
		a = r.Across
	}
	if a == nil || a.Mode == AcrossNone {
		return nil
	}
	return a
}

// Vertical is the step to a piece's own square on another board.
type Vertical struct {
	Mode   string   `json:"mode,omitempty"`   // "move", "capture", "both"; default "both"
	Pieces []string `json:"pieces,omitempty"` // default every piece
}

// ModeOrDefault is the vertical step's mode, "both" when left out.
func (v *Vertical) ModeOrDefault() string {
	if v.Mode == "" {
		return ModeBoth
	}
	return v.Mode
}

// Steps reports whether a piece type may make the vertical step.
func (v *Vertical) Steps(id string) bool { return v.Pieces == nil || contains(v.Pieces, id) }

// Transfer is Alice chess's rule: after its move a piece passes to the same
// square of the next board.
type Transfer struct {
	Pieces []string `json:"pieces,omitempty"` // default every piece
}

// Passes reports whether a piece type passes to the next board.
func (t *Transfer) Passes(id string) bool { return t.Pieces == nil || contains(t.Pieces, id) }

// Cells are squares that may hold two pieces of one army.
type Cells struct {
	Squares []string `json:"squares"`         // at least 1; a plain square is a cell on every board
	Holds   int      `json:"holds,omitempty"` // 2, the only value for now
}

// HoldsOrDefault is how many pieces a cell holds, 2 when left out.
func (c *Cells) HoldsOrDefault() int {
	if c.Holds == 0 {
		return 2
	}
	return c.Holds
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// EveryBoard is the board of a plain square name in a game with boards:
// that square on each board.
const EveryBoard = -1

// BoardCount is how many boards the game has: 1 without boards.
func (s *Spec) BoardCount() int { return max(1, len(s.Boards)) }

// BoardIndex is the index of the board with a name, -1 when none has it.
func (s *Spec) BoardIndex(name string) int {
	for i, b := range s.Boards {
		if b.Name == name {
			return i
		}
	}
	return -1
}

// SplitBoardSquare splits "NAME:sq" at its first colon; named is false for
// a plain name, which comes back whole as square.
func SplitBoardSquare(name string) (board, square string, named bool) {
	board, square, named = strings.Cut(name, ":")
	if !named {
		return "", name, false
	}
	return board, square, true
}

// ParseBoardSquare reads a square name of this game: "e4", or with boards
// "NAME:e4" too. board indexes s.Boards, EveryBoard for a plain name in a
// game with boards, 0 in a game with one board. ok is false for a name
// that is no square, names a board the game does not have, or names a
// board in a game of one board. Whether the board has the square is
// Board.Contains's answer.
func (s *Spec) ParseBoardSquare(name string) (board int, sq Square, ok bool) {
	boardName, square, named := SplitBoardSquare(name)
	sq, ok = ParseSquare(square)
	switch {
	case !ok:
		return 0, Square{}, false
	case !named && len(s.Boards) > 0:
		return EveryBoard, sq, true
	case !named:
		return 0, sq, true
	}
	board = s.BoardIndex(boardName)
	if board < 0 {
		return 0, Square{}, false
	}
	return board, sq, true
}

// SquareName is a square's name in this game: "NAME:sq" for one board of
// several, the plain name otherwise.
func (s *Spec) SquareName(board int, sq Square) string {
	if board >= 0 && board < len(s.Boards) {
		return s.Boards[board].Name + ":" + sq.String()
	}
	return sq.String()
}
