package measure

import (
	"fmt"
	"time"

	"balancefarm/engine"
)

// A file whose start position alone is too expensive to play is refused
// when it is loaded, with one clear line, rather than given to the farm
// to time out game after game. The cost is counted, not timed, so every
// machine refuses the same files: the positions two plies from the start
// (perft 2), which is what one opening ply's probes and every search's
// first iterations multiply. The library's largest game (grand chess)
// has 4,225; a board of long-range sliders in many directions has
// millions, and spends minutes on each ply.

// MaxStartPositions is the most positions two plies from the start a
// playable file may have.
const MaxStartPositions = 200_000

// maxCostTime backs the count up on a machine-independent clock's behalf:
// a file whose two-ply look takes this long is refused too.
const maxCostTime = 5 * time.Second

// CostError refuses a file whose start position is too expensive.
type CostError struct {
	FirstMoves int
	// Positions is how many positions two plies deep were counted before
	// the count stopped (past MaxStartPositions, or out of time).
	Positions int
	OutOfTime bool
}

func (e *CostError) Error() string {
	if e.OutOfTime {
		return fmt.Sprintf("valid, but too expensive to play: looking two plies ahead from the start took more than %s (first player has %d legal moves)",
			maxCostTime, e.FirstMoves)
	}
	return fmt.Sprintf("valid, but too expensive to play: more than %d positions two plies from the start (first player has %d legal moves); every ply of a game would take minutes",
		MaxStartPositions, e.FirstMoves)
}

// DecidedStartError is a valid file whose game is over in its start
// position: there is nothing to play, and the farm's runner would refuse
// every game of it.
type DecidedStartError struct{ Rule engine.Ending }

func (e *DecidedStartError) Error() string {
	return fmt.Sprintf("valid, but nothing to play: the game is over in its start position (%s)", e.Rule)
}

// CheckStart refuses a game that is over in its start position.
func CheckStart(g *engine.Game) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine failure on the start position: %v", r)
		}
	}()
	if oc := g.NewPosition().Outcome(); oc.Over {
		return &DecidedStartError{Rule: oc.Rule}
	}
	return nil
}

// CheckCost refuses a game whose start position is too expensive to play.
func CheckCost(g *engine.Game) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine failure on the start position: %v", r)
		}
	}()
	p := g.NewPosition()
	steps := nextSteps(p)
	start := time.Now()
	n := 0
	for _, s := range steps {
		s.make(p)
		n += len(nextSteps(p))
		p.Unmake()
		if n > MaxStartPositions {
			return &CostError{FirstMoves: len(steps), Positions: n}
		}
		if time.Since(start) > maxCostTime {
			return &CostError{FirstMoves: len(steps), Positions: n, OutOfTime: true}
		}
	}
	return nil
}

// step is one way on from a position: a move, or a round of both players'
// choices.
type step struct {
	m0, m1 engine.Move
	round  bool
}

func (s step) make(p *engine.Position) {
	if s.round {
		p.MakeRound(s.m0, s.m1)
	} else {
		p.Make(s.m0)
	}
}

// nextSteps lists the ways on from p: its legal moves, or in a round every
// pair of the two players' choices (as perft counts rounds).
func nextSteps(p *engine.Position) []step {
	var out []step
	if p.InRound() {
		for _, a := range p.RoundMoves(0, nil) {
			for _, b := range p.RoundMoves(1, nil) {
				out = append(out, step{a, b, true})
				if len(out) > MaxStartPositions {
					return out
				}
			}
		}
		return out
	}
	for _, m := range p.LegalMoves(nil) {
		out = append(out, step{m0: m})
	}
	return out
}
