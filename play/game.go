package play

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"balancefarm/engine"
	"balancefarm/search"
)

// Human is the player spec of a person.
const Human = "human"

// Game is one game in progress.
type Game struct {
	g      *engine.Game
	pos    *engine.Position
	plies  []ply
	chance *rand.Rand
	// chosen holds each player's choice for the coming round of a game
	// played in rounds until both have chosen; set says which have.
	chosen [2]engine.Move
	set    [2]bool
}

// ply is one entry of the game's record: a move, a chance outcome or a
// round ("m0 & m1"), and who made it (-1 for a round).
type ply struct {
	text   string
	seat   int
	chance bool
	// shown says, in a game that hides information, which seats other
	// than the mover saw the move as it is written (HistoryFor).
	shown [2]bool
}

// New starts g from start (its setup when nil). seed decides the chance
// outcomes. A game the engine plays only in its own game loop is refused
// with the reason.
func New(g *engine.Game, start *engine.Position, seed uint64) (*Game, error) {
	if reason := search.MoverRefusal(g); reason != "" {
		return nil, errors.New(reason)
	}
	pos := g.NewPosition()
	if start != nil {
		pos = start.Clone()
	}
	return &Game{g: g, pos: pos, chance: rand.New(rand.NewPCG(seed, 0x6368616e6365))}, nil
}

// Rules is the compiled game.
func (gm *Game) Rules() *engine.Game { return gm.g }

// Position is the position now; callers must not change it, nor show it
// to a person in a game that hides information (ViewFor shows a seat's).
func (gm *Game) Position() *engine.Position { return gm.pos }

// Moves is every ply so far in the engine's notation, chance outcomes
// and rounds ("m0 & m1") included.
func (gm *Game) Moves() []string {
	out := make([]string, len(gm.plies))
	for i, p := range gm.plies {
		out[i] = p.text
	}
	return out
}

// PlySeat is the seat that made ply i (from 0) of the record, the seat to
// move after it for a chance outcome, -1 for a round.
func (gm *Game) PlySeat(i int) int {
	if i < 0 || i >= len(gm.plies) {
		return -1
	}
	return gm.plies[i].seat
}

// Plies is how many entries the record has (Moves, HistoryFor).
func (gm *Game) Plies() int { return len(gm.plies) }

// Outcome is whether the game is over and how.
func (gm *Game) Outcome() engine.Outcome { return gm.pos.Outcome() }

// Over reports whether the game is over.
func (gm *Game) Over() bool { return gm.pos.Outcome().Over }

// ToMove is the seat whose move is due: in a round the first player who
// has still to choose (the announcer first in an announced round); -1 at
// a chance event or when the game is over.
func (gm *Game) ToMove() int {
	switch {
	case gm.Over() || gm.pos.AtChance():
		return -1
	case gm.InRound():
		order := [2]int{0, 1}
		if gm.pos.Announcer() == 1 {
			order = [2]int{1, 0}
		}
		for _, pl := range order {
			if !gm.set[pl] {
				return pl
			}
		}
		return -1
	}
	return gm.pos.SeatToMove()
}

// InRound reports whether the next step is a round, both players choosing
// at once, rather than one seat's move.
func (gm *Game) InRound() bool {
	return !gm.pos.Outcome().Over && !gm.pos.AtChance() && gm.pos.InRound()
}

// Legal is the moves of the seat to move (in a round, of the player who is
// to choose), none at a chance event or when the game is over. In a game
// that hides information it is the real position's, not to be shown to
// a person: MoveNamesFor is what their seat may try.
func (gm *Game) Legal() []engine.Move {
	seat := gm.ToMove()
	switch {
	case seat < 0:
		return nil
	case gm.InRound():
		return gm.pos.RoundMoves(seat, nil)
	}
	return gm.pos.LegalMoves(nil)
}

// Play makes the move written as text (any notation ParseMove reads) for
// the seat to move, or, in a round, chooses it for the player who is to
// choose; the error says why not. In a game that hides information a move
// not legal on the real board is refused without saying why, as the game
// loop's referee refuses a player's, since the reason could tell what the
// mover cannot see.
func (gm *Game) Play(text string) (engine.Move, error) {
	text = strings.TrimSpace(text)
	switch {
	case gm.Over():
		return 0, errors.New("the game is over")
	case gm.pos.AtChance():
		return 0, errors.New("a chance outcome is due, not a move")
	}
	m, err := gm.legalMove(text)
	if err != nil {
		if gm.g.HasHiddenInformation() {
			return 0, fmt.Errorf("%s is refused (a move not legal on the board, which you do not wholly see, is refused without a reason); choose again", text)
		}
		return 0, err
	}
	if gm.InRound() {
		gm.choose(gm.ToMove(), m)
		return m, nil
	}
	gm.make(m, gm.pos.SeatToMove())
	return m, nil
}

// legalMove is text read as one of Legal's moves. In a round the player
// choosing need not be the position's side to move, whose moves ParseMove
// reads: a choice is found by its notation.
func (gm *Game) legalMove(text string) (engine.Move, error) {
	legal := gm.Legal()
	if gm.InRound() {
		for _, m := range legal {
			if gm.pos.MoveString(m) == text {
				return m, nil
			}
		}
	}
	m, err := gm.pos.ParseMove(text)
	if err != nil {
		return 0, err
	}
	if !slices.Contains(legal, m) {
		return 0, fmt.Errorf("%s is not a legal move here", text)
	}
	return m, nil
}

// choose records player's choice for the round and plays the round once
// both have chosen.
func (gm *Game) choose(player int, m engine.Move) {
	gm.chosen[player], gm.set[player] = m, true
	if !gm.set[0] || !gm.set[1] {
		return
	}
	text := gm.pos.MoveString(gm.chosen[0]) + " & " + gm.pos.MoveString(gm.chosen[1])
	gm.plies = append(gm.plies, ply{text: text, seat: -1})
	gm.pos.MakeRound(gm.chosen[0], gm.chosen[1])
	gm.chosen, gm.set = [2]engine.Move{}, [2]bool{}
}

// Chosen reports whether player has chosen their move for the coming
// round (the choice itself stays unseen until the round is played).
func (gm *Game) Chosen(player int) bool { return player >= 0 && player < 2 && gm.set[player] }

// make plays m, which the caller knows to be legal, and records it as
// seat's.
func (gm *Game) make(m engine.Move, seat int) {
	pl := ply{text: gm.pos.MoveString(m), seat: seat, chance: gm.pos.AtChance()}
	if pl.chance || !gm.g.HasHiddenInformation() || seat < 0 || seat > 1 {
		gm.plies = append(gm.plies, pl)
		gm.pos.Make(m)
		return
	}
	other := 1 - seat
	if !gm.HidesPieces() {
		// Items alone are hidden: the move shows unless it puts down one
		// of the mover's hidden items.
		before := gm.hiddenItems(seat)
		gm.pos.Make(m)
		after := gm.hiddenItems(seat)
		pl.shown[other] = true
		for sq, n := range after {
			if n > before[sq] {
				pl.shown[other] = false
			}
		}
		gm.plies = append(gm.plies, pl)
		return
	}
	// Pieces are hidden: the move shows to a seat that sees the piece
	// where it stood and where it lands (a drop, where it lands).
	before := gm.pos.Observe(other)
	gm.pos.Make(m)
	after := gm.pos.Observe(other)
	_, _, landed := after.PieceAt(m.To())
	landed = landed && after.Sees(m.To())
	switch {
	case m.IsPass():
		pl.shown[other] = true
	case m.IsDrop():
		pl.shown[other] = landed
	case m.MovesNoPiece():
	default:
		_, _, stood := before.PieceAt(m.From())
		pl.shown[other] = landed && stood && before.Sees(m.From())
	}
	gm.plies = append(gm.plies, pl)
}

// hiddenItems counts seat's hidden items on each square.
func (gm *Game) hiddenItems(seat int) []int {
	out := make([]int, gm.g.NumSquares())
	for i := 0; i < gm.g.NumItems(); i++ {
		if gm.g.ItemOwner(i) != seat {
			continue
		}
		for sq := range out {
			out[sq] += gm.pos.ItemCount(i, sq)
		}
	}
	return out
}

// Settle draws every chance outcome due now, by weight, and returns them
// in notation.
func (gm *Game) Settle() ([]string, error) {
	var drawn []string
	for gm.pos.AtChance() && !gm.pos.Outcome().Over {
		moves, weights := gm.pos.ChanceOutcomes(nil, nil)
		total := 0
		for _, w := range weights {
			total += w
		}
		if len(moves) == 0 || total <= 0 {
			return drawn, errors.New("a chance event with no outcome")
		}
		x := gm.chance.IntN(total)
		i := 0
		for ; x >= weights[i]; i++ {
			x -= weights[i]
		}
		drawn = append(drawn, gm.pos.MoveString(moves[i]))
		gm.make(moves[i], gm.pos.SeatToMove())
	}
	return drawn, nil
}

// Reply has the engine player choose and play the move of the seat to
// move, or, in a round, its choice for the player who is to choose,
// searching at most maxNodes. It returns the move in notation; in a round,
// the round once both have chosen and "" while the other player has still
// to choose. In an announced round the player who answers is shown the
// announcer's choice, as the game loop shows it; in a secret round it is
// not.
func (gm *Game) Reply(ctx context.Context, mv *search.Mover, maxNodes int64) (string, error) {
	if gm.InRound() {
		player := gm.ToMove()
		var announced *engine.Move
		if a := gm.pos.Announcer(); a >= 0 && a != player && gm.set[a] {
			announced = &gm.chosen[a]
		}
		m, err := mv.ChooseRound(ctx, gm.pos, player, announced, maxNodes)
		if err != nil {
			return "", err
		}
		n := len(gm.plies)
		gm.choose(player, m)
		if len(gm.plies) == n {
			return "", nil
		}
		return gm.plies[n].text, nil
	}
	m, err := mv.Choose(ctx, gm.pos, maxNodes)
	if err != nil {
		return "", err
	}
	text := gm.pos.MoveString(m)
	gm.make(m, gm.pos.SeatToMove())
	return text, nil
}

// MoveNames is the legal moves in notation, sorted as the engine lists them.
func (gm *Game) MoveNames() []string {
	var out []string
	for _, m := range gm.Legal() {
		out = append(out, gm.pos.MoveString(m))
	}
	return out
}

// Result is the outcome in words: "1-0 (checkmate)", in a game with seats
// each seat's share ("red 1, blue 0, ... (royal capture)"), or "" while the
// game goes on.
func (gm *Game) Result() string {
	o := gm.pos.Outcome()
	if !o.Over {
		return ""
	}
	if gm.g.Seated() {
		shares := make([]float64, gm.g.Seats())
		gm.pos.SeatResult(shares)
		var parts []string
		for s, v := range shares {
			parts = append(parts, fmt.Sprintf("%s %g", gm.g.SeatName(s), v))
		}
		return fmt.Sprintf("%s (%s)", strings.Join(parts, ", "), o.Rule)
	}
	return fmt.Sprintf("%s (%s)", search.ResultString(o.Winner), o.Rule)
}
