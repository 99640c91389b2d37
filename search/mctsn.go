package search

import (
	"context"
	"math"
)

// mctsNNode is one position in the N-seat tree. Its statistics are for
// the team of the seat that moved into it (its own seat in a
// free-for-all), which is whom its parent's choice among its children
// serves: max^n backup, with a team's reward the sum of its seats'.
type mctsNNode[M comparable] struct {
	move     M
	children []*mctsNNode[M]
	untried  []M
	expanded bool // untried has been filled
	mover    int  // the seat that made move; -1 at the root
	visits   float64
	reward   float64 // sum of the mover's team's rewards
	terminal bool
	shares   [maxSeats]float64 // the result, when terminal
}

// mctsNSearch is UCT for games of more than two seats: each iteration
// plays a playout to the end or a ply limit, scores it with one reward per
// seat (the game's shares, or the evaluation's per seat when cut off),
// and each node on the way adds its mover's team's reward. A move that
// ends the game with all of it to the mover's team is played at once.
// It keeps nothing between moves.
type mctsNSearch[M comparable, P seatedPosition[M]] struct {
	ev         seatEvaluator
	rng        *rng
	iterations int
	cutoff     int

	n       int
	team    [maxSeats]int
	ctx     context.Context
	hardCap int64
	nodes   int64
	err     error
	buf     []M
	shares  []float64
	chance  chancePosition[M] // nil in a game without chance
	// A clairvoyant player (spec seer:): the chance draws to come from
	// the root on; the k-th chance event of an iteration takes the k-th.
	seer    bool
	future  []uint64
	chanceK int
}

func newMCTSNSearch[M comparable, P seatedPosition[M]](t *evalTables, spec PlayerSpec, seed uint64) *mctsNSearch[M, P] {
	s := &mctsNSearch[M, P]{ev: seatEvaluator{t: t}, rng: newRNG(seed), iterations: spec.Iterations, cutoff: spec.PlayoutPlies, seer: spec.Seer}
	if s.cutoff == 0 {
		s.cutoff = DefaultPlayoutPlies
	}
	return s
}

// search picks a move for the seat to move in p, leaving p as it was.
// hardCap is the most positions it may visit before errNodeLimit.
func (s *mctsNSearch[M, P]) search(ctx context.Context, p P, hardCap int64) (seatResult[M], error) {
	s.ctx, s.hardCap, s.nodes, s.err = ctx, hardCap, 0, nil
	s.chance = chanceOf[M](p)
	s.n = min(p.Seats(), maxSeats)
	for seat := 0; seat < s.n; seat++ {
		s.team[seat] = p.Team(seat)
	}
	s.shares = make([]float64, p.Seats())
	root := &mctsNNode[M]{mover: -1}
	var best *mctsNNode[M]
	for it := 0; it < s.iterations && s.err == nil; it++ {
		if best = s.iterate(p, root); best != nil {
			break // a move wins outright
		}
		if it%ctxEvery == 0 && ctx.Err() != nil {
			s.err = ctx.Err()
		}
	}
	if best == nil {
		best = s.bestChild(root)
	}
	if best == nil {
		moves := p.LegalMoves(nil)
		if len(moves) == 0 {
			return seatResult[M]{nodes: s.nodes}, s.err
		}
		return seatResult[M]{move: moves[0], nodes: s.nodes}, s.err
	}
	return seatResult[M]{move: best.move, nodes: s.nodes}, s.err
}

// reward is what shares are worth to seat's team.
func (s *mctsNSearch[M, P]) reward(shares *[maxSeats]float64, seat int) float64 {
	r := 0.0
	for o := 0; o < s.n; o++ {
		if s.team[o] == s.team[seat] {
			r = float64(r + shares[o])
		}
	}
	return r
}

// make plays m, counting it against the caps; false when they are spent.
func (s *mctsNSearch[M, P]) make(p P, m M) bool {
	s.nodes++
	if s.nodes > s.hardCap {
		s.err = errNodeLimit
		return false
	}
	p.Make(m)
	return true
}

// iterate runs one iteration from root, leaving p as it was. It returns
// the child of the root it expanded if that move ends the game all to its
// mover's team's good, and nil otherwise.
func (s *mctsNSearch[M, P]) iterate(p P, root *mctsNNode[M]) *mctsNNode[M] {
	path := []*mctsNNode[M]{root}
	made := 0
	s.chanceK = 0
	defer func() {
		for ; made > 0; made-- {
			p.Unmake()
		}
	}()
	node := root
	var shares [maxSeats]float64
	for {
		if node.terminal {
			shares = node.shares
			break
		}
		if s.chance != nil && s.chance.AtChance() {
			// Nobody chooses here: the outcome is drawn by weight, and its
			// child (mover -1) is credited to no seat.
			m := s.drawOutcome()
			var child *mctsNNode[M]
			for _, c := range node.children {
				if c.move == m {
					child = c
					break
				}
			}
			if child == nil {
				child = &mctsNNode[M]{move: m, mover: -1}
				node.children = append(node.children, child)
			}
			if !s.make(p, m) {
				return nil
			}
			made++
			path = append(path, child)
			node = child
			continue
		}
		if !node.expanded {
			node.expanded = true
			node.untried = p.LegalMoves(nil)
			// A random order of expansion, so ties fall by the seed.
			for i := len(node.untried) - 1; i > 0; i-- {
				j := s.rng.intn(i + 1)
				node.untried[i], node.untried[j] = node.untried[j], node.untried[i]
			}
		}
		if len(node.untried) > 0 {
			m := node.untried[len(node.untried)-1]
			node.untried = node.untried[:len(node.untried)-1]
			child := &mctsNNode[M]{move: m, mover: p.SeatToMove()}
			if !s.make(p, m) {
				return nil
			}
			made++
			node.children = append(node.children, child)
			path = append(path, child)
			clear(s.shares)
			if p.SeatResult(s.shares) {
				child.terminal = true
				copy(child.shares[:], s.shares)
				shares = child.shares
				if node == root && s.reward(&shares, child.mover) >= 1-1e-9 {
					return child
				}
			} else if !s.playout(p, &shares) {
				return nil
			}
			break
		}
		if len(node.children) == 0 {
			// No move, yet not over: the evaluation stands.
			s.evalShares(p, &shares)
			break
		}
		node = s.selectChild(node)
		if !s.make(p, node.move) {
			return nil
		}
		made++
		path = append(path, node)
	}
	for _, n := range path {
		n.visits++
		if n.mover >= 0 {
			n.reward = float64(n.reward + s.reward(&shares, n.mover))
		}
	}
	return nil
}

// selectChild is the child of the best UCB for the seat to move at n
// (whose team's reward the children hold).
func (s *mctsNSearch[M, P]) selectChild(n *mctsNNode[M]) *mctsNNode[M] {
	lnN := detLog(n.visits)
	var best *mctsNNode[M]
	bestV := math.Inf(-1)
	for _, c := range n.children {
		v := math.Inf(1)
		if c.visits > 0 {
			v = float64(c.reward/c.visits) + float64(uctExploration*math.Sqrt(float64(lnN/c.visits)))
		}
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

// bestChild is the root's most visited child, the better mean on a tie.
func (s *mctsNSearch[M, P]) bestChild(root *mctsNNode[M]) *mctsNNode[M] {
	var best *mctsNNode[M]
	for _, c := range root.children {
		if c.visits == 0 {
			continue
		}
		if best == nil || c.visits > best.visits ||
			c.visits == best.visits && float64(c.reward/c.visits) > float64(best.reward/best.visits) {
			best = c
		}
	}
	return best
}

// playout plays up to cutoff plies from p, taking a capture when there is
// one with captureBias, else a random move, and writes the result or the
// evaluation's shares; false when the caps are spent. The moves are
// unmade before it returns.
func (s *mctsNSearch[M, P]) playout(p P, shares *[maxSeats]float64) bool {
	made := 0
	defer func() {
		for ; made > 0; made-- {
			p.Unmake()
		}
	}()
	for ply := 0; ply < s.cutoff; ply++ {
		if s.chance != nil && s.chance.AtChance() {
			if !s.make(p, s.drawOutcome()) {
				return false
			}
			made++
			ply-- // the cutoff counts decisions
			continue
		}
		s.buf = p.LegalMoves(s.buf[:0])
		if len(s.buf) == 0 {
			break
		}
		m := s.buf[s.rng.intn(len(s.buf))]
		if s.rng.float() < captureBias {
			for _, c := range s.buf {
				if p.IsCapture(c) {
					m = c
					break
				}
			}
		}
		if !s.make(p, m) {
			return false
		}
		made++
		clear(s.shares)
		if p.SeatResult(s.shares) {
			copy(shares[:], s.shares)
			return true
		}
	}
	s.evalShares(p, shares)
	return true
}

// evalShares turns the evaluation into a reward per seat: each seat's
// material against the average of the others', squashed into (0, 1),
// then scaled so the rewards sum to 1 as a game's shares do.
func (s *mctsNSearch[M, P]) evalShares(p P, shares *[maxSeats]float64) {
	v := s.ev.material(p, s.n)
	total := 0
	for seat := 0; seat < s.n; seat++ {
		total += v[seat]
	}
	sum := 0.0
	for seat := 0; seat < s.n; seat++ {
		others := (total - v[seat]) / max(s.n-1, 1)
		shares[seat] = squash(v[seat]-others, playoutScale)
		sum = float64(sum + shares[seat])
	}
	for seat := 0; seat < s.n; seat++ {
		shares[seat] = float64(shares[seat] / sum)
	}
}

// drawOutcome is a chance outcome drawn by weight with the search's own
// random stream.
func (s *mctsNSearch[M, P]) drawOutcome() M {
	moves, weights := s.chance.ChanceOutcomes(nil, nil)
	if s.seer && s.chanceK < len(s.future) {
		s.chanceK++
		return moves[pickOutcome(weights, s.future[s.chanceK-1])]
	}
	return moves[weightedDraw(weights, s.rng)]
}
