package search

import (
	"context"

	"balancefarm/engine"
)

// determinizer is Perfect Information Monte Carlo: it samples worlds
// consistent with what it knows, searches each with its base player as if
// the world were the game, and plays the move the worlds vote for. Its
// weakness, which ISMCTS (ismcts.go) answers, is strategy fusion: in each
// world it plays as if it knew that world, so it never values a move for
// keeping options open or for finding out.
type determinizer struct {
	worlds int
	rng    *rng // draws the worlds: its own stream, apart from the base's
	ab     *abSearch[engine.Move, enginePos]
	mcts   *mctsSearch[engine.Move, enginePos]
}

// newDeterminizer makes "detK:base": the base spec's budget is shared out
// over the K worlds (at least one node or iteration each).
func newDeterminizer(spec PlayerSpec, t *evalTables, seed uint64) *determinizer {
	base := spec
	base.Worlds = 0
	d := &determinizer{worlds: spec.Worlds, rng: newRNG(mixSeed(seed, detWorldTag))}
	switch base.Family {
	case FamilyAB:
		if base.Nodes > 0 {
			base.Nodes = max(base.Nodes/int64(spec.Worlds), 1)
		}
		d.ab = newABSearch[engine.Move, enginePos](t, base, seed)
	default:
		base.Iterations = max(base.Iterations/spec.Worlds, 1)
		d.mcts = newMCTSSearch[engine.Move, enginePos](t, base, seed)
	}
	return d
}

// detWorldTag separates the world draws from the base search's stream.
const detWorldTag = 0x776f726c6473 // "worlds"

// ballot is one move's votes over the worlds.
type ballot struct {
	move  string
	votes float64
	score int // alpha-beta: the summed scores of the worlds that chose it
}

// chooseHidden searches each world and counts its vote: alpha-beta gives
// its best move one vote (ties go to the higher summed score), MCTS gives
// each root move its share of the world's visits, a proven win the whole
// vote and a proven loss none. Refused moves get no votes. The ballots are
// kept in the order the moves first came up, and a later one wins only by
// more, so the choice depends on the seed alone.
func (d *determinizer) chooseHidden(ctx context.Context, k *knowledge, hardCap int64) (hiddenChoice, error) {
	var out hiddenChoice
	var ballots []ballot
	vote := func(move string, votes float64, score int) {
		if k.isRefused(move) || votes <= 0 {
			return
		}
		for i := range ballots {
			if ballots[i].move == move {
				ballots[i].votes += votes
				ballots[i].score += score
				return
			}
		}
		ballots = append(ballots, ballot{move, votes, score})
	}
	var fallback string
	for i := 0; i < d.worlds; i++ {
		w := k.sample(d.rng)
		if fallback == "" {
			if _, names := k.worldMoves(w); len(names) > 0 {
				fallback = names[0]
			}
		}
		p := enginePos{w}
		if d.ab != nil {
			r, err := d.ab.search(ctx, p, hardCap-out.nodes)
			out.nodes += r.nodes
			if err != nil {
				return out, err
			}
			var zero engine.Move
			if r.move != zero {
				score := 0
				if !r.forced && r.score > -scoreInf {
					score = r.score
				}
				vote(w.MoveString(r.move), 1, score)
				out.depth = max(out.depth, r.depth)
			}
			continue
		}
		r, err := d.mcts.search(ctx, p, hardCap-out.nodes)
		out.nodes += r.nodes
		if err != nil {
			return out, err
		}
		root := d.mcts.root
		total := 0.0
		for _, c := range root.children {
			total += c.visits
		}
		for _, c := range root.children {
			switch {
			case c.solved && c.winner == root.toMove:
				vote(w.MoveString(c.move), 1, 0)
			case c.solved, total == 0:
			default:
				vote(w.MoveString(c.move), float64(c.visits/total), 0)
			}
		}
	}
	best := -1
	for i, b := range ballots {
		if best < 0 || b.votes > ballots[best].votes || b.votes == ballots[best].votes && b.score > ballots[best].score {
			best = i
		}
	}
	if best < 0 {
		// No world voted for a move not refused: any move of a world.
		out.move = fallback
		return out, nil
	}
	out.move = ballots[best].move
	if d.ab != nil {
		out.score, out.hasScore = ballots[best].score/int(ballots[best].votes), true
	}
	return out, nil
}
