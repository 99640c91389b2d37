package play

import (
	"fmt"
	"strings"

	"balancefarm/engine"
)

// View is a position as a page draws it.
type View struct {
	Name string `json:"name"`
	// Geometry is "square" or "hex" (File and Rank are then axial q, r).
	Geometry string   `json:"geometry"`
	Width    int      `json:"width"`
	Height   int      `json:"height"`
	Boards   []string `json:"boards"` // the boards' names, one "" for a single board
	Squares  []Square `json:"squares"`
	// Hands are the pieces each player holds to drop, where the game has drops.
	Hands   [2][]InHand `json:"hands,omitempty"`
	Turn    int         `json:"turn"` // the side to move, 0 or 1
	Moves   []MoveView  `json:"moves"`
	History []string    `json:"history"`
	FEN     string      `json:"fen"`
	Over    bool        `json:"over"`
	Winner  int         `json:"winner"` // 0, 1, or -1 for a draw or a game going on
	Result  string      `json:"result,omitempty"`
}

// Square is one square and what stands on it.
type Square struct {
	Name  string `json:"name"`
	File  int    `json:"file"`
	Rank  int    `json:"rank"`
	Board int    `json:"board"`
	Wall  bool   `json:"wall,omitempty"`
	Piece string `json:"piece,omitempty"` // the piece's id, "" when empty
	Owner int    `json:"owner"`           // 0 or 1; -1 when empty or neutral
}

// InHand is a kind of piece held and how many.
type InHand struct {
	Piece string `json:"piece"`
	Count int    `json:"count"`
}

// MoveView is one legal move: the squares it goes from and to (From is ""
// for a drop, which names the piece dropped, and for a choice that moves
// no piece), the kind promoted to, and its notation, which the API takes.
type MoveView struct {
	From      string `json:"from,omitempty"`
	To        string `json:"to,omitempty"`
	Drop      string `json:"drop,omitempty"`
	Promotion string `json:"promotion,omitempty"`
	Notation  string `json:"notation"`
}

// View is the game now.
func (gm *Game) View() View {
	g, p := gm.g, gm.pos
	v := View{Name: g.Name(), Geometry: "square", Width: g.Width(), Height: g.Height(),
		Boards: g.BoardNames(), Turn: p.SideToMove(), History: append([]string{}, gm.moves...), FEN: p.FEN(), Winner: -1}
	if g.Hex() {
		v.Geometry = "hex"
	}
	if len(v.Boards) == 0 {
		v.Boards = []string{""}
	}
	for sq := 0; sq < g.NumSquares(); sq++ {
		s := Square{Name: g.SquareName(sq), File: g.File(sq), Rank: g.Rank(sq), Board: g.BoardOf(sq), Wall: g.IsWall(sq), Owner: -1}
		if kind, owner, ok := p.PieceAt(sq); ok {
			s.Piece, s.Owner = g.PieceID(kind), owner
		}
		v.Squares = append(v.Squares, s)
	}
	if g.HasDrops() {
		for pl := range v.Hands {
			v.Hands[pl] = []InHand{}
			for k := 0; k < g.NumKinds(); k++ {
				if n := p.InHand(pl, k); n > 0 {
					v.Hands[pl] = append(v.Hands[pl], InHand{Piece: g.PieceID(k), Count: n})
				}
			}
		}
	}
	v.Moves = []MoveView{}
	for _, m := range gm.Legal() {
		v.Moves = append(v.Moves, gm.moveView(m))
	}
	if o := p.Outcome(); o.Over {
		v.Over, v.Winner, v.Result = true, o.Winner, gm.Result()
	}
	return v
}

func (gm *Game) moveView(m engine.Move) MoveView {
	g := gm.g
	mv := MoveView{Notation: gm.pos.MoveString(m)}
	switch {
	case m.IsPass():
	case m.IsDrop():
		mv.To, mv.Drop = g.SquareName(m.To()), g.PieceID(m.Promotion())
	case m.MovesNoPiece():
		mv.To = g.SquareName(m.To())
	default:
		mv.From, mv.To = g.SquareName(m.From()), g.SquareName(m.To())
		if k := m.Promotion(); k >= 0 {
			mv.Promotion = g.PieceID(k)
		}
	}
	return mv
}

// Diagram is the board as text, the last rank on top: player 0's pieces
// in capitals, player 1's in small letters, "." an empty square, "#" a
// wall; a hex board is drawn on its axial grid, blank where it has no
// cell. Several boards are drawn one after another under their names.
func (gm *Game) Diagram() string {
	g, p := gm.g, gm.pos
	var b strings.Builder
	names := g.BoardNames()
	for board := 0; board < g.Boards(); board++ {
		cells := map[[2]int]string{}
		minF, maxF, minR, maxR := 1<<30, -1<<30, 1<<30, -1<<30
		width := 1
		for sq := 0; sq < g.NumSquares(); sq++ {
			if g.BoardOf(sq) != board {
				continue
			}
			f, r := g.File(sq), g.Rank(sq)
			minF, maxF, minR, maxR = min(minF, f), max(maxF, f), min(minR, r), max(maxR, r)
			text := "."
			switch kind, owner, ok := p.PieceAt(sq); {
			case g.IsWall(sq):
				text = "#"
			case ok:
				text = pieceText(g.PieceID(kind), owner)
			}
			width = max(width, len(text))
			cells[[2]int{f, r}] = text
		}
		if board < len(names) && names[board] != "" {
			fmt.Fprintf(&b, "board %s:\n", names[board])
		}
		for r := maxR; r >= minR; r-- {
			fmt.Fprintf(&b, "%3d ", r+1)
			for f := minF; f <= maxF; f++ {
				text, ok := cells[[2]int{f, r}]
				if !ok {
					text = ""
				}
				fmt.Fprintf(&b, " %-*s", width, text)
			}
			b.WriteString("\n")
		}
		if !g.Hex() {
			b.WriteString("    ")
			for f := minF; f <= maxF; f++ {
				fmt.Fprintf(&b, " %-*s", width, fileLetter(f))
			}
			b.WriteString("\n")
		}
	}
	if g.HasDrops() {
		for pl := 0; pl < 2; pl++ {
			var held []string
			for k := 0; k < g.NumKinds(); k++ {
				if n := p.InHand(pl, k); n > 0 {
					held = append(held, fmt.Sprintf("%s×%d", pieceText(g.PieceID(k), pl), n))
				}
			}
			if len(held) > 0 {
				fmt.Fprintf(&b, "in hand, p%d: %s\n", pl, strings.Join(held, " "))
			}
		}
	}
	return b.String()
}

// pieceText is a piece's id in capitals for player 0 and small letters
// for player 1 (an id without letters gets a mark after it instead).
func pieceText(id string, owner int) string {
	up, low := strings.ToUpper(id), strings.ToLower(id)
	switch {
	case up == low && owner == 1:
		return id + "'"
	case owner == 1:
		return low
	case owner == 0:
		return up
	}
	return id + "~" // neutral
}

func fileLetter(f int) string {
	if f >= 0 && f < 26 {
		return string(rune('a' + f))
	}
	return fmt.Sprint(f)
}
