package search

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"balancefarm/engine"
)

// Mover is one engine player outside the game loop: it is handed the
// positions of a game one at a time and answers each with its move. A
// game against a person (the terminal's human player, serve's board) is
// played move by move from outside, so it cannot run inside Play.
type Mover struct {
	spec PlayerSpec
	c    chooser[engine.Move, enginePos]
}

// NewMover makes the player spec describes for g. Games the loop alone
// plays (hidden information, rounds, seats) are refused with the reason.
func NewMover(g *engine.Game, spec string, seed uint64) (*Mover, error) {
	if reason := MoverRefusal(g); reason != "" {
		return nil, errors.New(reason)
	}
	ps, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	if ps.Family == FamilyUCI && g.HasChance() {
		return nil, fmt.Errorf("player %q: an outside UCI engine cannot play a game with chance", ps)
	}
	t, err := specTables(g, ps)
	if err != nil {
		return nil, fmt.Errorf("player %q: %w", ps, err)
	}
	c, err := newChooser[engine.Move, enginePos](ps, t, seed)
	if err != nil {
		return nil, err
	}
	return &Mover{spec: ps, c: c}, nil
}

// MoverRefusal says why a Mover cannot play g, or "" when it can.
func MoverRefusal(g *engine.Game) string {
	switch {
	case g.Seated():
		return "a game with seats is played by the seat game loop only, not move by move"
	case g.PlaysRounds():
		return "a game played in simultaneous rounds cannot be played move by move"
	case g.HasHiddenInformation():
		return "a game that hides information cannot be played move by move yet: each side would see the whole board"
	}
	return ""
}

// Spec is the player's spec, as ParseSpec writes it.
func (m *Mover) Spec() string { return m.spec.String() }

// Choose is the player's move at pos (which it leaves as it found it),
// searching at most maxNodes. pos must not be at a chance event.
func (m *Mover) Choose(ctx context.Context, pos *engine.Position, maxNodes int64) (mv engine.Move, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("search: panic while choosing a move: %v\n%s", r, debug.Stack())
		}
	}()
	if pos.AtChance() {
		return 0, errors.New("search: the position is at a chance event: draw its outcome first")
	}
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	d, err := choosePly(ctx, m.c, enginePos{pos}, maxNodes, maxNodes, pos.Ply()+1, fmt.Sprintf("player %s", m.spec))
	return d.move, err
}

// Close releases what the player holds beyond memory (an outside engine).
func (m *Mover) Close() { closePlayer(m.c) }
