package search

// Alpha-beta in a game played in rounds. A round is not a turn but a
// matrix game: each pair of choices is searched one round shallower, and
// the round is worth the matrix's value to player 0 -- its mixed
// equilibrium when both choose in secret, its maximin when one announces
// first. No cutoffs are taken across a round's matrix.

// roundMatrix searches every pair of choices of the round at p to depth
// and returns the values for player 0, with the choices.
func (s *abSearch[M, P]) roundMatrix(p P, depth, ply int) (a [][]float64, m0, m1 []M) {
	m0 = s.rounds.RoundMoves(0, nil)
	m1 = s.rounds.RoundMoves(1, nil)
	if len(m0) == 0 || len(m1) == 0 {
		return nil, m0, m1
	}
	a = make([][]float64, len(m0))
	for i := range m0 {
		a[i] = make([]float64, len(m1))
		for j := range m1 {
			s.rounds.MakeRound(m0[i], m1[j])
			v := s.negamax(p, depth, ply+1, -scoreInf, scoreInf)
			if s.side(p) == 1 {
				v = -v
			}
			p.Unmake()
			if s.stopped {
				return nil, m0, m1
			}
			a[i][j] = float64(v)
		}
	}
	return a, m0, m1
}

// roundValue is a round's worth to player 0, searched to depth.
func (s *abSearch[M, P]) roundValue(p P, depth, ply int) int {
	if depth <= 0 || ply >= maxSearchPly-maxQPly {
		return s.ev.evaluate(s.view, 0, s.extra)
	}
	a, _, _ := s.roundMatrix(p, depth-1, ply)
	if a == nil {
		return s.ev.evaluate(s.view, 0, s.extra)
	}
	if ann := s.rounds.Announcer(); ann >= 0 {
		v, _ := maximin(a, ann)
		return int(v)
	}
	_, _, v := solveMatrix(a)
	return int(v)
}

// searchRound chooses player's move for the round at p by iterative
// deepening over the round's matrix. announced is the other player's
// choice when player answers an announced move, else nil. A secret
// choice is drawn from the player's equilibrium strategy with the
// player's own random stream, so it is mixed yet replayable.
func (s *abSearch[M, P]) searchRound(p P, player int, announced *M) (abResult[M], error) {
	var best [][]float64
	var m0, m1 []M
	depthDone := 0
	for d := 1; d <= s.maxDepth; d++ {
		a, r0, r1 := s.roundMatrix(p, d-1, 0)
		if a == nil {
			m0, m1 = r0, r1
			break
		}
		best, m0, m1, depthDone = a, r0, r1, d
		if s.stopped {
			break
		}
	}
	mine := [2][]M{m0, m1}[player]
	if len(mine) == 0 {
		return abResult[M]{nodes: s.nodes}, s.err
	}
	if best == nil {
		return abResult[M]{move: mine[0], forced: true, nodes: s.nodes}, s.err
	}
	sign := 1.0
	if player == 1 {
		sign = -1
	}
	pick, value := 0, 0.0
	switch {
	case announced != nil:
		// Answer the announced move: the best entry of its row or column.
		other := [2][]M{m0, m1}[1-player]
		k := 0
		for i, m := range other {
			if m == *announced {
				k = i
			}
		}
		for i := range mine {
			var v float64 // rows are player 0's choices, columns player 1's
			if player == 0 {
				v = best[i][k]
			} else {
				v = best[k][i]
			}
			if i == 0 || sign*v > sign*value {
				pick, value = i, v
			}
		}
	case s.rounds.Announcer() == player:
		value, pick = maximin(best, player)
	default:
		rowP, colP, v := solveMatrix(best)
		strategy := [2][]float64{rowP, colP}[player]
		pick, value = sampleMixed(strategy, s.rng), v
	}
	return abResult[M]{move: mine[pick], score: int(sign * value), depth: depthDone, nodes: s.nodes}, s.err
}
