package play

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
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
	moves  []string
	chance *rand.Rand
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

// Position is the position now; callers must not change it.
func (gm *Game) Position() *engine.Position { return gm.pos }

// Moves is every ply so far in the engine's notation, chance outcomes
// included.
func (gm *Game) Moves() []string { return append([]string(nil), gm.moves...) }

// Outcome is whether the game is over and how.
func (gm *Game) Outcome() engine.Outcome { return gm.pos.Outcome() }

// Legal is the moves of the side to move, none at a chance event or when
// the game is over.
func (gm *Game) Legal() []engine.Move {
	if gm.pos.AtChance() || gm.pos.Outcome().Over {
		return nil
	}
	return gm.pos.LegalMoves(nil)
}

// Play makes the move written as text (any notation ParseMove reads) if
// it is legal; the error says why not.
func (gm *Game) Play(text string) (engine.Move, error) {
	text = strings.TrimSpace(text)
	if gm.pos.Outcome().Over {
		return 0, errors.New("the game is over")
	}
	if gm.pos.AtChance() {
		return 0, errors.New("a chance outcome is due, not a move")
	}
	m, err := gm.pos.ParseMove(text)
	if err != nil {
		return 0, err
	}
	legal := false
	for _, l := range gm.pos.LegalMoves(nil) {
		if l == m {
			legal = true
			break
		}
	}
	if !legal {
		return 0, fmt.Errorf("%s is not a legal move here", text)
	}
	gm.make(m)
	return m, nil
}

// make plays m, which the caller knows to be legal, and records it.
func (gm *Game) make(m engine.Move) {
	gm.moves = append(gm.moves, gm.pos.MoveString(m))
	gm.pos.Make(m)
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
		gm.make(moves[i])
	}
	return drawn, nil
}

// Reply has the engine player choose and play its move, searching at most
// maxNodes; it returns the move in notation.
func (gm *Game) Reply(ctx context.Context, mv *search.Mover, maxNodes int64) (string, error) {
	m, err := mv.Choose(ctx, gm.pos, maxNodes)
	if err != nil {
		return "", err
	}
	text := gm.pos.MoveString(m)
	gm.make(m)
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

// Result is the outcome in words: "1-0 (checkmate)", or "" while the game
// goes on.
func (gm *Game) Result() string {
	o := gm.pos.Outcome()
	if !o.Over {
		return ""
	}
	return fmt.Sprintf("%s (%s)", search.ResultString(o.Winner), o.Rule)
}
