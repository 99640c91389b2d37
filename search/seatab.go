package search

import "context"

// paranoidSearch is alpha-beta for games of more than two seats, as a
// two-sided search between the mover's team and everyone else whose turns
// do not alternate. In a team game of two teams that is the game itself
// (minimax by team); in a free-for-all it is the paranoid assumption
// (Sturtevant and Korf, 2000): every other seat plays against the root.
// It is negamax whose scores are passed up negated only where the side of
// the seat to move changes, with iterative deepening and a quiescence on
// captures; it keeps nothing between moves.
type paranoidSearch[M comparable, P seatedPosition[M]] struct {
	seatSearchBase[M, P]
}

func newParanoidSearch[M comparable, P seatedPosition[M]](t *evalTables, spec PlayerSpec) *paranoidSearch[M, P] {
	return &paranoidSearch[M, P]{newSeatSearchBase[M, P](t, spec)}
}

// search picks a move for the seat to move in p, leaving p as it was.
// hardCap is the most nodes it may spend before errNodeLimit.
func (s *paranoidSearch[M, P]) search(ctx context.Context, p P, hardCap int64) (seatResult[M], error) {
	root, decided := s.rootMoves(ctx, p, hardCap)
	if decided != nil {
		return *decided, nil
	}
	res := s.deepen(root, true, func(d int, root []M) (M, int, bool) {
		best, bestScore, found := root[0], -scoreInf, false
		alpha := -scoreInf
		for _, m := range root {
			p.Make(m)
			v := s.child(p, true, d-1, 1, alpha, scoreInf)
			p.Unmake()
			if s.stopped {
				break
			}
			found = true
			if v > bestScore {
				best, bestScore = m, v
				alpha = max(alpha, v)
			}
		}
		return best, bestScore, found
	})
	return res, s.err
}

// child is the negamax value, for the side that moved, of the position
// p reached by a move of side ours.
func (s *paranoidSearch[M, P]) child(p P, ours bool, depth, ply, alpha, beta int) int {
	if s.sides.ours[p.SeatToMove()] == ours {
		return s.negamax(p, depth, ply, alpha, beta)
	}
	return -s.negamax(p, depth, ply, -beta, -alpha)
}

// sign turns a score for our side into one for the side to move.
func (s *paranoidSearch[M, P]) sign(p P) int {
	if s.sides.ours[p.SeatToMove()] {
		return 1
	}
	return -1
}

// negamax is the value of p for the side of its seat to move.
func (s *paranoidSearch[M, P]) negamax(p P, depth, ply, alpha, beta int) int {
	if s.tick() {
		return 0
	}
	if v, over := s.over(p, ply); over {
		return s.sign(p) * v
	}
	if s.atChance(p) {
		if depth <= 0 || ply >= maxSearchPly {
			return s.sign(p) * s.staticEval(p) // quiescence stands pat at a chance node
		}
		return s.expect(p, func() int { return s.negamax(p, depth, ply+1, -scoreInf, scoreInf) })
	}
	if depth <= 0 || ply >= maxSearchPly {
		return s.quiesce(p, ply, 0, alpha, beta)
	}
	var zero M
	moves := s.ordered(p, ply, false, zero, false)
	if len(moves) == 0 {
		if v, over := s.overAtNoMove(p, ply); over {
			return s.sign(p) * v
		}
		return s.sign(p) * s.staticEval(p)
	}
	ours := s.sides.ours[p.SeatToMove()]
	best := -scoreInf
	for _, m := range moves {
		p.Make(m)
		v := s.child(p, ours, depth-1, ply+1, alpha, beta)
		p.Unmake()
		if s.stopped {
			return 0
		}
		var cut bool
		if best, alpha, cut = raise(v, best, alpha, beta); cut {
			break
		}
	}
	return best
}

// quiesce settles the captures on the board: the side to move may stand
// on the evaluation or capture.
func (s *paranoidSearch[M, P]) quiesce(p P, ply, qply, alpha, beta int) int {
	stand := s.sign(p) * s.staticEval(p)
	if stand >= beta || qply >= maxQPly || ply >= maxSearchPly {
		return stand
	}
	alpha = max(alpha, stand)
	var zero M
	caps := s.ordered(p, ply, true, zero, false)
	best := stand
	ours := s.sides.ours[p.SeatToMove()]
	for _, m := range caps {
		p.Make(m)
		var v int
		if s.tick() {
			p.Unmake()
			return 0
		}
		if sc, over := s.over(p, ply+1); over {
			v = sc
			if !ours {
				v = -v
			}
		} else if s.sides.ours[p.SeatToMove()] == ours {
			v = s.quiesce(p, ply+1, qply+1, alpha, beta)
		} else {
			v = -s.quiesce(p, ply+1, qply+1, -beta, -alpha)
		}
		p.Unmake()
		if s.stopped {
			return 0
		}
		var cut bool
		if best, alpha, cut = raise(v, best, alpha, beta); cut {
			break
		}
	}
	return best
}

// raise folds a child's value v into the best value and alpha; cut says
// alpha has reached beta.
func raise(v, best, alpha, beta int) (newBest, newAlpha int, cut bool) {
	if v > best {
		best = v
		if v > alpha {
			return best, v, v >= beta
		}
	}
	return best, alpha, false
}
