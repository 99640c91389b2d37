package search

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// decision is one move a player chose, with what it cost and what it
// thought of the position.
type decision[M comparable] struct {
	move     M
	nodes    int64
	score    int // centipawns for the side to move, when hasScore
	hasScore bool
	depth    int // deepest completed alpha-beta iteration
}

// chooser is one player: it picks a move for the side to move in p and
// leaves p as it found it. hardCap is the game's remaining node allowance.
type chooser[M comparable, P position[M]] interface {
	choose(ctx context.Context, p P, hardCap int64) (decision[M], error)
}

// roundChooser is a player that can also play a game in rounds:
// chooseRound is player's choice for the coming round, made without seeing
// the other's, or answering it when announced is not nil. A player that
// cannot play rounds (an outside UCI engine) lacks the method, and the
// game loop says so at the first round (roundPlayers).
type roundChooser[M comparable, P position[M]] interface {
	chooser[M, P]
	chooseRound(ctx context.Context, p P, hardCap int64, player int, announced *M) (decision[M], error)
}

// newChooser makes the player a spec describes. Each gets its own random
// stream and its own search state, so two players never share anything.
func newChooser[M comparable, P position[M]](spec PlayerSpec, t *evalTables, seed uint64) (chooser[M, P], error) {
	if spec.forHiddenGames() {
		return nil, hiddenOnlyError(spec)
	}
	switch spec.Family {
	case FamilyRandom:
		return &randomChooser[M, P]{rng: newRNG(seed)}, nil
	case FamilyAB:
		return &abChooser[M, P]{s: newABSearch[M, P](t, spec, seed)}, nil
	case FamilyMCTS:
		return &mctsChooser[M, P]{s: newMCTSSearch[M, P](t, spec, seed)}, nil
	case FamilyUCI:
		// An outside engine plays the engine's positions only.
		if c, ok := any(newUCIChooser(spec)).(chooser[M, P]); ok {
			return c, nil
		}
		return nil, errors.New("search: an outside UCI engine plays only the engine's positions")
	}
	return nil, fmt.Errorf("search: unknown player family %q", spec.Family)
}

// closer is a player holding something beyond memory (an outside
// engine's process) that the game must release when it ends.
type closer interface{ close() }

// closePlayer releases what a player holds, if anything.
func closePlayer(c any) {
	if cl, ok := c.(closer); ok {
		cl.close()
	}
}

type randomChooser[M comparable, P position[M]] struct {
	rng *rng
	buf []M
}

func (c *randomChooser[M, P]) choose(_ context.Context, p P, _ int64) (decision[M], error) {
	c.buf = p.LegalMoves(c.buf[:0])
	if len(c.buf) == 0 {
		return decision[M]{}, nil
	}
	return decision[M]{move: c.buf[c.rng.intn(len(c.buf))]}, nil
}

func (c *randomChooser[M, P]) chooseRound(_ context.Context, p P, _ int64, player int, _ *M) (decision[M], error) {
	c.buf = roundsOf[M](p).RoundMoves(player, c.buf[:0])
	if len(c.buf) == 0 {
		return decision[M]{}, nil
	}
	return decision[M]{move: c.buf[c.rng.intn(len(c.buf))]}, nil
}

type abChooser[M comparable, P position[M]] struct {
	s *abSearch[M, P]
}

func (c *abChooser[M, P]) choose(ctx context.Context, p P, hardCap int64) (decision[M], error) {
	r, err := c.s.search(ctx, p, hardCap)
	// No score when not even the first move was searched to the end.
	return decision[M]{move: r.move, nodes: r.nodes, score: r.score, hasScore: !r.forced && r.score > -scoreInf, depth: r.depth}, err
}

// foresee tells a seer the chance draws to come; other players ignore it.
func (c *abChooser[M, P]) foresee(draws []uint64) {
	if c.s.seer {
		c.s.future = draws
	}
}

func (c *abChooser[M, P]) chooseRound(ctx context.Context, p P, hardCap int64, player int, announced *M) (decision[M], error) {
	c.s.begin(ctx, p, hardCap, true)
	r, err := c.s.searchRound(p, player, announced)
	return decision[M]{move: r.move, nodes: r.nodes, score: r.score, hasScore: !r.forced && r.score > -scoreInf, depth: r.depth}, err
}

type mctsChooser[M comparable, P position[M]] struct {
	s *mctsSearch[M, P]
}

func (c *mctsChooser[M, P]) choose(ctx context.Context, p P, hardCap int64) (decision[M], error) {
	r, err := c.s.search(ctx, p, hardCap)
	return decision[M]{move: r.move, nodes: r.nodes}, err
}

func (c *mctsChooser[M, P]) foresee(draws []uint64) {
	if c.s.seer {
		c.s.future = draws
	}
}

func (c *mctsChooser[M, P]) chooseRound(ctx context.Context, p P, hardCap int64, player int, announced *M) (decision[M], error) {
	r, err := c.s.searchRound(ctx, p, hardCap, player, announced)
	return decision[M]{move: r.move, nodes: r.nodes}, err
}

// setClock gives the search this move's share of the clock: a deadline
// that stops it quietly, and half of it, after which no new iteration of
// the deepening starts.
func (c *abChooser[M, P]) setClock(r clockReading, start time.Time) {
	a := r.allotment()
	c.s.deadline, c.s.soft = start.Add(a), start.Add(a/2)
}

func (c *mctsChooser[M, P]) setClock(r clockReading, start time.Time) {
	c.s.deadline = start.Add(r.allotment())
}
