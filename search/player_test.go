package search

import (
	"context"
	"fmt"

	"balancefarm/engine"
)

// movePlayer is one player of a spec choosing single moves on engine
// positions, for tests that look at one decision rather than a game. It
// keeps its search state between calls, so give it one game's positions
// in order.
type movePlayer struct {
	c chooser[engine.Move, enginePos]
}

// newMovePlayer makes the player a spec string describes, for game g,
// refusing what PlayGame refuses (a value for a piece the game lacks).
func newMovePlayer(spec string, g *engine.Game, seed uint64) (*movePlayer, error) {
	ps, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	t, err := specTables(g, ps)
	if err != nil {
		return nil, fmt.Errorf("player %q: %w", spec, err)
	}
	c, err := newChooser[engine.Move, enginePos](ps, t, seed)
	if err != nil {
		return nil, err
	}
	return &movePlayer{c: c}, nil
}

// choose picks a move for the side to move in pos within DefaultMaxNodes,
// leaving pos as it was.
func (pl *movePlayer) choose(pos *engine.Position) (engine.Move, decision[engine.Move], error) {
	d, err := pl.c.choose(context.Background(), enginePos{pos}, DefaultMaxNodes)
	return d.move, d, err
}
