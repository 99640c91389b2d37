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
	// refusals counts the moves the referee refused this player in a game
	// with hidden information.
	refusals int
}

// NewMover makes the player spec describes for g, as the game loops make
// it: in a game with hidden information a player that sees only its
// side's observation behind a referee (det:, ismcts:, random, or a seer),
// in a game with seats the seat loop's player. The games no loop plays
// move by move are refused with the reason.
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
	m := &Mover{spec: ps}
	switch {
	case g.Seated():
		m.c, err = newSeatChooser[engine.Move, enginePos](ps, t, seed)
	case g.HasHiddenInformation() && !ps.Seer:
		var hp hiddenPlayer
		if hp, err = newHiddenPlayer(ps, t, seed); err == nil {
			m.c = &refereeChooser{player: hp, refusals: &m.refusals}
		}
	default:
		m.c, err = newChooser[engine.Move, enginePos](ps, t, seed)
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// MoverRefusal says why a Mover cannot play g, or "" when it can: the
// game loops play neither seats nor hidden information in rounds, nor
// hidden information with seats.
func MoverRefusal(g *engine.Game) string {
	switch {
	case g.Seated() && g.PlaysRounds():
		return "a game with seats played in simultaneous rounds cannot be played move by move"
	case g.Seated() && g.HasHiddenInformation():
		return "a game with seats that hides information cannot be played move by move"
	case g.PlaysRounds() && g.HasHiddenInformation():
		return "a game played in simultaneous rounds that hides information cannot be played move by move"
	}
	return ""
}

// Refusals is how many of the player's moves the referee refused as not
// legal on the real board, in a game with hidden information.
func (m *Mover) Refusals() int { return m.refusals }

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

// ChooseRound is the player's choice for the coming round of a game played
// in rounds, as player (0 or 1), made without seeing the other's choice or,
// when announced is not nil, answering it; it searches at most maxNodes
// and leaves pos as it found it.
func (m *Mover) ChooseRound(ctx context.Context, pos *engine.Position, player int, announced *engine.Move, maxNodes int64) (mv engine.Move, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("search: panic while choosing a round's move: %v\n%s", r, debug.Stack())
		}
	}()
	rc, ok := m.c.(roundChooser[engine.Move, enginePos])
	if !ok {
		return 0, fmt.Errorf("player %s cannot play a game in rounds", m.spec)
	}
	if !pos.InRound() {
		return 0, errors.New("search: the position is not at a round")
	}
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	d, err := rc.chooseRound(ctx, enginePos{pos}, maxNodes, player, announced)
	if err != nil {
		return 0, fmt.Errorf("round at ply %d, player %s: %w", pos.Ply()+1, m.spec, err)
	}
	if d.move == 0 {
		return 0, fmt.Errorf("search: round at ply %d: player %s found no move", pos.Ply()+1, m.spec)
	}
	return d.move, nil
}
