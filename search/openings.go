package search

import (
	"context"

	"balancefarm/engine"
)

// OpeningLine is one line the random opening of a game can play, and the
// chance that it does.
type OpeningLine struct {
	Moves []string // in the engine's notation, as a game's record writes them
	Prob  float64
}

// openingTreeNodes bounds the positions OpeningLines expands, each costing
// a quiescence per move and a verifying search per fair move.
const openingTreeNodes = 256

// OpeningLines lists every line the random opening of g's games can play
// (plies random moves, DefaultOpeningPlies for 0, none below 0), with the
// chance the game loop plays each: at each ply a uniform draw among the
// fair moves that do not lose by force (openingMove's draw, which depends
// on the position alone). It gives up, false, where a line is more than
// maxLines lines or the tree more than openingTreeNodes positions, where
// the opening meets a chance event or a round, or for a game with seats:
// there the openings are sampled, not listed.
func OpeningLines(ctx context.Context, g *engine.Game, plies, maxLines int) ([]OpeningLine, bool) {
	if g == nil || g.Seated() {
		return nil, false
	}
	switch {
	case plies == 0:
		plies = DefaultOpeningPlies
	case plies < 0:
		return []OpeningLine{{Prob: 1}}, true
	}
	t := tablesFor(g)
	probe := newABSearch[engine.Move, enginePos](t, PlayerSpec{Family: FamilyAB, Nodes: leadProbeNodes}, 0)
	verify := newABSearch[engine.Move, enginePos](t, PlayerSpec{Family: FamilyAB, Nodes: openingVerifyNodes}, 0)
	// Level by level, so that a tree too wide is given up on after one
	// level beyond maxLines, not after a deep first branch.
	// A line as the walk keeps it: the moves themselves, to make them
	// again from the start, beside their names.
	type walked struct {
		OpeningLine
		made []engine.Move
	}
	var done []OpeningLine
	level := []walked{{OpeningLine: OpeningLine{Prob: 1}}}
	expanded := 0
	for len(level) > 0 {
		var next []walked
		for _, node := range level {
			if ctx.Err() != nil {
				return nil, false
			}
			p := enginePos{g.NewPosition()}
			for _, m := range node.made {
				p.Make(m)
			}
			if len(node.Moves) == plies || p.Result().over {
				done = append(done, node.OpeningLine)
				continue
			}
			if cp := chanceOf[engine.Move](p); cp != nil && cp.AtChance() {
				return nil, false
			}
			if rp := roundsOf[engine.Move](p); rp != nil && rp.InRound() {
				return nil, false
			}
			if expanded++; expanded > openingTreeNodes {
				return nil, false
			}
			draw := openingDraw(ctx, p, probe, verify)
			if len(draw) == 0 {
				done = append(done, node.OpeningLine) // the opening ends here: no quiet move is left
				continue
			}
			for _, m := range draw {
				moves := append(append([]string(nil), node.Moves...), p.MoveString(m))
				made := append(append([]engine.Move(nil), node.made...), m)
				next = append(next, walked{OpeningLine{Moves: moves, Prob: node.Prob / float64(len(draw))}, made})
			}
			if len(done)+len(next) > maxLines {
				return nil, false
			}
		}
		level = next
	}
	if ctx.Err() != nil {
		return nil, false
	}
	return done, true
}

// openingDraw is the set openingMove draws from uniformly at p: the fair
// moves that do not lose by force; failing those the other quiet moves
// that do not; failing those every fair move. (openingMove tries the
// moves one by one in a random order and plays the first that holds,
// which is a uniform draw from the same set.)
func openingDraw[M comparable, P position[M]](ctx context.Context, p P, probe, verify *abSearch[M, P]) []M {
	quiet, fair := openingFair(ctx, p, probe)
	if len(fair) == 0 {
		return nil
	}
	holding := func(cands []M) []M {
		var out []M
		for _, m := range cands {
			if !losesByForce(ctx, p, m, verify) {
				out = append(out, m)
			}
		}
		return out
	}
	if out := holding(fair); len(out) > 0 {
		return out
	}
	if out := holding(notIn(quiet, fair)); len(out) > 0 {
		return out
	}
	return fair
}
