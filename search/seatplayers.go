package search

import (
	"context"
	"errors"
	"fmt"
)

// newSeatChooser makes the player a spec describes for a game of more
// than two seats: random as ever; ab plays alpha-beta by team where the
// seats form two teams, and best-reply search where they form more (a
// free-for-all), which beat paranoid and max^n in the published
// experiments (Schadd and Winands, 2011); mcts plays max^n MCTS, by team
// where there are teams. An outside UCI engine plays two seats only.
func newSeatChooser[M comparable, P seatedPosition[M]](spec PlayerSpec, t *evalTables, seed uint64) (chooser[M, P], error) {
	if spec.forHiddenGames() {
		return nil, hiddenOnlyError(spec)
	}
	switch spec.Family {
	case FamilyRandom:
		return &randomChooser[M, P]{rng: newRNG(seed)}, nil
	case FamilyAB:
		return &seatABChooser[M, P]{
			teams: newParanoidSearch[M, P](t, spec),
			brs:   newBRSSearch[M, P](t, spec),
		}, nil
	case FamilyMCTS:
		return &seatMCTSChooser[M, P]{s: newMCTSNSearch[M, P](t, spec, seed)}, nil
	case FamilyUCI:
		return nil, errors.New("search: an outside UCI engine plays games of two seats only")
	}
	return nil, fmt.Errorf("search: unknown player family %q", spec.Family)
}

// teamCount is how many teams the seats of p form.
func teamCount(p seatPosition) int {
	var seen []int
	for seat := 0; seat < p.Seats(); seat++ {
		team, known := p.Team(seat), false
		for _, t := range seen {
			known = known || t == team
		}
		if !known {
			seen = append(seen, team)
		}
	}
	return len(seen)
}

type seatABChooser[M comparable, P seatedPosition[M]] struct {
	teams *paranoidSearch[M, P]
	brs   *brsSearch[M, P]
}

func (c *seatABChooser[M, P]) choose(ctx context.Context, p P, hardCap int64) (decision[M], error) {
	search := c.brs.search
	if teamCount(p) <= 2 {
		search = c.teams.search
	}
	r, err := search(ctx, p, hardCap)
	return decision[M]{move: r.move, nodes: r.nodes, score: r.score, hasScore: r.depth > 0, depth: r.depth}, err
}

type seatMCTSChooser[M comparable, P seatedPosition[M]] struct {
	s *mctsNSearch[M, P]
}

func (c *seatMCTSChooser[M, P]) choose(ctx context.Context, p P, hardCap int64) (decision[M], error) {
	r, err := c.s.search(ctx, p, hardCap)
	return decision[M]{move: r.move, nodes: r.nodes}, err
}

// foresee tells a seated seer the chance draws to come; other players
// ignore it.
func (c *seatABChooser[M, P]) foresee(draws []uint64) {
	c.teams.future, c.brs.future = draws, draws
}

func (c *seatMCTSChooser[M, P]) foresee(draws []uint64) {
	c.s.future = draws
}
