package play

import (
	"fmt"
	"math/rand/v2"
	"slices"
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
	Hands [2][]InHand `json:"hands,omitempty"`
	// Turn is the seat to move (in a round, the player who is to choose);
	// -1 at a chance event or when the game is over.
	Turn int `json:"turn"`
	// Seats names the seats of a game with seats, in seat order.
	Seats []string `json:"seats,omitempty"`
	// Round says the moves are choices for a round, made in secret (or
	// after the announcer's, in an announced round) and played together.
	Round bool `json:"round,omitempty"`
	// Announced is the announcer's choice in an announced round, which
	// the other player answers knowing; a secret choice is never shown.
	Announced string `json:"announced,omitempty"`
	// Viewer is the seat whose view of a game that hides information this
	// is (the board as that seat sees it); -1 for the whole position.
	Viewer int        `json:"viewer"`
	Moves  []MoveView `json:"moves"`
	// History is every ply in notation; in a viewer's view of a game that
	// hides information the other side's moves are "?".
	History []string `json:"history"`
	FEN     string   `json:"fen,omitempty"` // "" in a viewer's view
	Over    bool     `json:"over"`
	Winner  int      `json:"winner"` // 0, 1 (with seats, the team), or -1 for a draw or a game going on
	Result  string   `json:"result,omitempty"`
}

// Square is one square and what stands on it.
type Square struct {
	Name  string `json:"name"`
	File  int    `json:"file"`
	Rank  int    `json:"rank"`
	Board int    `json:"board"`
	Wall  bool   `json:"wall,omitempty"`
	Piece string `json:"piece,omitempty"` // the piece's id, "" when empty
	Owner int    `json:"owner"`           // the seat, 0 or 1 without seats; -1 when empty or neutral
	// Unseen is a square the viewer does not see (rules.sight): what
	// stands there is not shown.
	Unseen bool `json:"unseen,omitempty"`
	// Items are the items lying there that the viewer sees, "id" or
	// "id×n" for several.
	Items []string `json:"items,omitempty"`
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

// View is the game now, the whole position.
func (gm *Game) View() View { return gm.ViewFor(-1) }

// ViewFor is the game as seat sees it: in a game that hides information
// (and seat 0 or more) only what the seat's observation holds, as the
// engine's players of such a game are shown (engine.Position.Observe), the
// other side's moves it did not see made as "?" (HistoryFor), no FEN, and
// moves only while the seat is to move, those it may try (movesFor). Any
// other game, or seat -1, is shown whole.
func (gm *Game) ViewFor(seat int) View {
	g, p := gm.g, gm.pos
	if !g.HasHiddenInformation() {
		seat = -1
	}
	v := View{Name: g.Name(), Geometry: "square", Width: g.Width(), Height: g.Height(),
		Boards: g.BoardNames(), Turn: gm.ToMove(), Viewer: seat, History: gm.HistoryFor(seat), Winner: -1, Round: gm.InRound()}
	if seat < 0 {
		v.FEN = p.FEN()
	}
	if a := p.Announcer(); v.Round && a >= 0 && gm.set[a] {
		v.Announced = p.MoveString(gm.chosen[a])
	}
	if g.Hex() {
		v.Geometry = "hex"
	}
	if len(v.Boards) == 0 {
		v.Boards = []string{""}
	}
	if g.Seated() {
		for s := 0; s < g.Seats(); s++ {
			v.Seats = append(v.Seats, g.SeatName(s))
		}
	}
	board := gm.boardFor(seat)
	for sq := 0; sq < g.NumSquares(); sq++ {
		s := Square{Name: g.SquareName(sq), File: g.File(sq), Rank: g.Rank(sq), Board: g.BoardOf(sq), Wall: g.IsWall(sq), Owner: -1}
		c := board[sq]
		s.Unseen = c.unseen && !s.Wall
		if c.piece {
			s.Piece, s.Owner = g.PieceID(c.kind), c.owner
		}
		s.Items = c.items
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
	if seat < 0 || seat == v.Turn {
		v.Moves = gm.movesFor(seat)
	}
	if o := p.Outcome(); o.Over {
		v.Over, v.Winner, v.Result = true, o.Winner, gm.Result()
	}
	return v
}

// HistoryFor is every ply in notation as seat may read it: in a game that
// hides information the other side's moves that the seat did not see
// made are "?" (a move that put down a hidden item; where pieces hide, one
// whose piece the seat did not see both where it stood and where it
// landed); the chance outcomes, the seat's own moves and any game's whole
// record for seat -1 are written out.
func (gm *Game) HistoryFor(seat int) []string {
	hide := seat >= 0 && gm.g.HasHiddenInformation()
	out := make([]string, len(gm.plies))
	for i, pl := range gm.plies {
		out[i] = pl.text
		if hide && !pl.chance && pl.seat != seat && (seat > 1 || !pl.shown[seat]) {
			out[i] = "?"
		}
	}
	return out
}

// cell is what a view shows of one square.
type cell struct {
	piece       bool
	kind, owner int
	unseen      bool
	items       []string
}

// boardFor is every square as seat sees it (the whole board for -1): in a
// game that hides information, its observation's pieces, and the items
// lying on squares it sees, less the other side's hidden items.
func (gm *Game) boardFor(seat int) []cell {
	g, p := gm.g, gm.pos
	var obs *engine.Observation
	if seat >= 0 {
		obs = p.Observe(seat)
	}
	out := make([]cell, g.NumSquares())
	for sq := range out {
		c := &out[sq]
		if obs == nil {
			c.kind, c.owner, c.piece = p.PieceAt(sq)
		} else {
			c.kind, c.owner, c.piece = obs.PieceAt(sq)
			c.unseen = !obs.Sees(sq) && !(c.piece && c.owner == seat)
		}
		if c.unseen {
			continue
		}
		for i := 0; i < g.NumItems(); i++ {
			n := p.ItemCount(i, sq)
			if n == 0 || obs != nil && g.ItemOwner(i) >= 0 && g.ItemOwner(i) != seat {
				continue
			}
			text := g.ItemID(i)
			if n > 1 {
				text = fmt.Sprintf("%s×%d", text, n)
			}
			c.items = append(c.items, text)
		}
	}
	return out
}

// worldsForMoves is how many worlds a seat's moves in a game that hides
// pieces are drawn from.
const worldsForMoves = 16

// movesFor is the moves seat may try (the real position's for -1, and in
// a game whose hidden information is items alone, where what a player may
// do never depends on the other's hidden items). In a game that hides
// pieces the real list would tell what the seat cannot see (a slide that
// stops short of a hidden piece, a castling through an unseen attack), so
// the seat is offered every move legal in some world consistent with its
// observation, drawn from a stream the observation alone decides; a move
// not legal on the real board is refused when tried (Play).
func (gm *Game) movesFor(seat int) []MoveView {
	out := []MoveView{}
	if seat < 0 || !gm.HidesPieces() {
		for _, m := range gm.Legal() {
			out = append(out, moveView(gm.g, gm.pos, m))
		}
		return out
	}
	if gm.ToMove() != seat {
		return out
	}
	obs := gm.pos.Observe(seat)
	draws := rand.New(rand.NewPCG(obs.Hash(), 0x776f726c6473))
	seen := map[string]bool{}
	for range worldsForMoves {
		w := obs.Sample(draws.Uint64)
		for _, m := range w.LegalMoves(nil) {
			if mv := moveView(gm.g, w, m); !seen[mv.Notation] {
				seen[mv.Notation] = true
				out = append(out, mv)
			}
		}
	}
	slices.SortFunc(out, func(a, b MoveView) int { return strings.Compare(a.Notation, b.Notation) })
	return out
}

// HidesPieces reports whether the game hides pieces or squares (rules.sight,
// pieces[].hidden) rather than items alone.
func (gm *Game) HidesPieces() bool {
	return gm.g.HasHiddenInformation() && !gm.g.HasHiddenItems()
}

// MoveNamesFor is movesFor's notations: the moves seat may try.
func (gm *Game) MoveNamesFor(seat int) []string {
	var out []string
	for _, mv := range gm.movesFor(seat) {
		out = append(out, mv.Notation)
	}
	return out
}

func moveView(g *engine.Game, pos *engine.Position, m engine.Move) MoveView {
	mv := MoveView{Notation: pos.MoveString(m)}
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
// in capitals, player 1's in small letters (with seats, each piece in
// capitals followed by its seat's number), "." an empty square, "#" a
// wall; a hex board is drawn on its axial grid, blank where it has no
// cell. Several boards are drawn one after another under their names,
// then the items lying on the boards and the pieces in hand.
func (gm *Game) Diagram() string { return gm.DiagramFor(-1) }

// DiagramFor is Diagram as seat sees the game (ViewFor): "?" marks a
// square it does not see.
func (gm *Game) DiagramFor(seat int) string {
	g, p := gm.g, gm.pos
	if !g.HasHiddenInformation() {
		seat = -1
	}
	board := gm.boardFor(seat)
	var b strings.Builder
	var items []string
	names := g.BoardNames()
	for bd := 0; bd < g.Boards(); bd++ {
		cells := map[[2]int]string{}
		minF, maxF, minR, maxR := 1<<30, -1<<30, 1<<30, -1<<30
		width := 1
		for sq := 0; sq < g.NumSquares(); sq++ {
			if g.BoardOf(sq) != bd {
				continue
			}
			f, r := g.File(sq), g.Rank(sq)
			minF, maxF, minR, maxR = min(minF, f), max(maxF, f), min(minR, r), max(maxR, r)
			text := "."
			switch c := board[sq]; {
			case g.IsWall(sq):
				text = "#"
			case c.unseen:
				text = "?"
			case c.piece:
				text = pieceText(g.PieceID(c.kind), c.owner, g.Seated())
			}
			for _, it := range board[sq].items {
				items = append(items, it+" on "+g.SquareName(sq))
			}
			width = max(width, len(text))
			cells[[2]int{f, r}] = text
		}
		if bd < len(names) && names[bd] != "" {
			fmt.Fprintf(&b, "board %s:\n", names[bd])
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
	if len(items) > 0 {
		fmt.Fprintf(&b, "items: %s\n", strings.Join(items, ", "))
	}
	if g.HasDrops() {
		for pl := 0; pl < 2; pl++ {
			var held []string
			for k := 0; k < g.NumKinds(); k++ {
				if n := p.InHand(pl, k); n > 0 {
					held = append(held, fmt.Sprintf("%s×%d", pieceText(g.PieceID(k), pl, g.Seated()), n))
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
// for player 1 (an id without letters gets a mark after it instead); with
// seats, in capitals followed by the seat's number.
func pieceText(id string, owner int, seated bool) string {
	up, low := strings.ToUpper(id), strings.ToLower(id)
	switch {
	case seated && owner >= 0:
		return fmt.Sprintf("%s%d", up, owner)
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
