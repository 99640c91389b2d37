package search

import "context"

// brsSearch is best-reply search (Schadd and Winands, 2011) for a
// free-for-all: between two moves of the root's side only one opponent's
// replies are searched, those of whichever opponent hurts the root most,
// so a line of depth d holds d of the root's moves however many seats
// there are. The position cannot let one opponent move out of turn, so
// the opponents not branching play their first move in the search's
// order (the most valuable capture, else the position's first move) in
// their turn, as BRS+ does (Esser et al., 2013). Scores are for the
// root's side throughout (minimax, not negamax); an opponents' phase in
// which nobody branched is no line of BRS and is left out.
type brsSearch[M comparable, P seatedPosition[M]] struct {
	seatSearchBase[M, P]
}

func newBRSSearch[M comparable, P seatedPosition[M]](t *evalTables, spec PlayerSpec) *brsSearch[M, P] {
	return &brsSearch[M, P]{newSeatSearchBase[M, P](t, spec)}
}

// Phases of the opponents' turns between two of the root side's.
const (
	brsOurs     = iota // the root's side is moving
	brsNobody          // opponents are moving and none has branched yet
	brsBranched        // one opponent has searched all its replies
)

// search picks a move for the seat to move in p, leaving p as it was.
// hardCap is the most nodes it may spend before errNodeLimit.
func (s *brsSearch[M, P]) search(ctx context.Context, p P, hardCap int64) (seatResult[M], error) {
	root, decided := s.rootMoves(ctx, p, hardCap)
	if decided != nil {
		return *decided, nil
	}
	res := s.deepen(root, false, func(d int, root []M) (M, int, bool) {
		best, bestScore, found := root[0], -scoreInf, false
		for _, m := range root {
			p.Make(m)
			v := s.value(p, d-1, 1, bestScore, scoreInf, brsOurs)
			p.Unmake()
			if s.stopped {
				break
			}
			found = true
			if v > bestScore {
				best, bestScore = m, v
			}
		}
		return best, bestScore, found
	})
	return res, s.err
}

// value is the score of p for the root's side; phase is where the
// opponents' turns stand on reaching p.
func (s *brsSearch[M, P]) value(p P, depth, ply, alpha, beta, phase int) int {
	if s.tick() {
		return 0
	}
	if v, over := s.over(p, ply); over {
		return v
	}
	if s.atChance(p) {
		if depth <= 0 || ply >= maxSearchPly {
			return s.staticEval(p)
		}
		// The same seat moves after the outcome: the phase carries over.
		return s.expect(p, func() int { return s.value(p, depth, ply+1, -scoreInf, scoreInf, phase) })
	}
	ours := s.sides.ours[p.SeatToMove()]
	if ours {
		switch phase {
		case brsNobody:
			return scoreInf // no opponent branched: not a line of BRS
		case brsBranched:
			depth-- // the opponents' phase was one layer
		}
		phase = brsOurs
	} else if phase == brsOurs {
		phase = brsNobody
	}
	if depth <= 0 || ply >= maxSearchPly {
		return s.staticEval(p)
	}
	var zero M
	moves := s.ordered(p, ply, false, zero, false)
	if len(moves) == 0 {
		if v, over := s.overAtNoMove(p, ply); over {
			return v
		}
		return s.staticEval(p)
	}
	if ours {
		best := -scoreInf
		for _, m := range moves {
			p.Make(m)
			v := s.value(p, depth-1, ply+1, max(alpha, best), beta, brsOurs)
			p.Unmake()
			if s.stopped {
				return 0
			}
			best = max(best, v)
			if best >= beta {
				break
			}
		}
		return best
	}
	best := scoreInf
	if phase == brsNobody {
		// This opponent is the one that replies: all its moves.
		for _, m := range moves {
			p.Make(m)
			v := s.value(p, depth, ply+1, alpha, min(beta, best), brsBranched)
			p.Unmake()
			if s.stopped {
				return 0
			}
			best = min(best, v)
			if best <= alpha {
				return best
			}
		}
	}
	// Or it plays its first move and another opponent replies (or has).
	p.Make(moves[0])
	v := s.value(p, depth, ply+1, alpha, min(beta, best), phase)
	p.Unmake()
	if s.stopped {
		return 0
	}
	return min(best, v)
}
