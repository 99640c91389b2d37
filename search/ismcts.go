package search

import (
	"context"
	"errors"
	"math"
	"math/bits"

	"balancefarm/engine"
)

// ismctsExploration is C in UCB's q + C*sqrt(ln avail / n), values in
// [0, 1]: the mcts constant, so the two differ in what their trees are,
// not in how they weigh a bandit.
const ismctsExploration = uctExploration

// ismctsNode is one node of the information-set tree: the moves (by name,
// as they read in every world) from the root's observation to it. Values
// are for the player who made the move into the node.
type ismctsNode struct {
	move     string
	mover    int // who made the move; -1 at the root and after a chance outcome
	parent   *ismctsNode
	children []*ismctsNode // in the order they were added
	// byMove indexes children by move once they are many (a planes
	// game's node has hundreds): every iteration looks up every move of
	// its world.
	byMove map[string]*ismctsNode
	visits float64
	wins   float64 // sum of results for mover
	avail  float64 // iterations in which the move was legal in the world drawn
}

// ismctsIndexFrom is the number of children from which a node indexes
// them by move.
const ismctsIndexFrom = 16

func (n *ismctsNode) child(move string) *ismctsNode {
	if n.byMove != nil {
		return n.byMove[move]
	}
	for _, c := range n.children {
		if c.move == move {
			return c
		}
	}
	return nil
}

// addChild appends c to n's children (and its index).
func (n *ismctsNode) addChild(c *ismctsNode) {
	n.children = append(n.children, c)
	switch {
	case n.byMove != nil:
		n.byMove[c.move] = c
	case len(n.children) >= ismctsIndexFrom:
		n.byMove = make(map[string]*ismctsNode, 2*len(n.children))
		for _, x := range n.children {
			n.byMove[x.move] = x
		}
	}
}

// ismcts is single-observer Information Set MCTS (Cowling, Powley and
// Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG
// 2012). Each iteration draws one world consistent with what the player
// knows and walks a single tree whose edges are moves by name: at each node
// only the moves legal in this world are available, selection is UCB over
// those with the child's availability count in place of the parent's
// visits, one move not yet in the tree is added, a playout (mcts's, with
// its cutoff and evaluation) scores the world and the result is backed up
// from each mover's side. Statistics gathered in one world serve every
// world where the same moves are legal, so, unlike the determinizing
// player, it does not search each world as if it knew it. Chance outcomes
// are drawn by weight and are edges of the tree like moves. The tree is
// built afresh each turn.
type ismcts struct {
	iterations int
	rng        *rng
	play       *mctsSearch[engine.Move, enginePos] // its playout and evaluation
	// A step's lists, kept from step to step: a step's moves and names
	// serve that step alone (a node keeps a name, not the list).
	moves   []engine.Move
	names   []string
	untried []int
}

func newISMCTS(spec PlayerSpec, t *evalTables, seed uint64) *ismcts {
	base := PlayerSpec{Family: FamilyMCTS, Iterations: spec.Iterations, PlayoutPlies: spec.PlayoutPlies}
	return &ismcts{iterations: spec.Iterations, rng: newRNG(mixSeed(seed, detWorldTag)), play: newMCTSSearch[engine.Move, enginePos](t, base, seed)}
}

func (s *ismcts) chooseHidden(ctx context.Context, k *knowledge, hardCap int64) (hiddenChoice, error) {
	pl := s.play
	pl.ctx, pl.hardCap, pl.nodes, pl.err, pl.rounds = ctx, hardCap, 0, nil, nil
	root := &ismctsNode{mover: -1}
	for it := 0; it < s.iterations; it++ {
		s.iterate(k, root)
		if pl.err == nil {
			pl.err = ctx.Err()
		}
		if pl.err != nil {
			return hiddenChoice{nodes: pl.nodes}, pl.err
		}
	}
	out := hiddenChoice{nodes: pl.nodes}
	var best *ismctsNode
	for _, c := range root.children {
		if best == nil || c.visits > best.visits || c.visits == best.visits && c.wins > best.wins {
			best = c
		}
	}
	if best != nil {
		out.move = best.move
		return out, nil
	}
	// No iteration reached a move (no budget): any move of a world.
	if _, names := k.worldMoves(k.sample(s.rng)); len(names) > 0 {
		out.move = names[0]
	}
	return out, nil
}

// iterate is one iteration in one world: selection and expansion down the
// tree, a playout, the backup.
func (s *ismcts) iterate(k *knowledge, root *ismctsNode) {
	pl := s.play
	w := k.sample(s.rng)
	p := enginePos{w}
	node := root
	v0, scored := 0.0, false
	for {
		if r := p.Result(); r.over {
			v0, scored = resultValue(r), true
			break
		}
		if w.AtChance() {
			moves, weights := w.ChanceOutcomes(nil, nil)
			if len(moves) == 0 || checkWeights(weights) != nil {
				v0, scored = 0.5, true
				break
			}
			m := moves[drawByWeight(weights, s.rng)]
			name := w.MoveString(m)
			c := node.child(name)
			if c == nil {
				c = &ismctsNode{move: name, mover: -1, parent: node}
				node.addChild(c)
			}
			w.Make(m)
			if pl.count() {
				return
			}
			node = c
			continue
		}
		var moves []engine.Move
		var names []string
		if node == root {
			s.moves, s.names = k.worldMovesInto(w, s.moves[:0], s.names[:0])
			moves, names = s.moves, s.names
		} else {
			s.moves = w.LegalMoves(s.moves[:0])
			s.names = s.names[:0]
			for _, m := range s.moves {
				s.names = append(s.names, w.MoveString(m))
			}
			moves, names = s.moves, s.names
		}
		if len(moves) == 0 {
			v0, scored = 0.5, true // nothing to play and not over: level
			break
		}
		mover := w.SideToMove()
		// Expansion: a move of this world not in the tree yet: one that
		// wins on the spot (taking a royal), else the most valuable
		// capture (a refutation is usually one), else one at random.
		untried := s.untried[:0]
		for i, name := range names {
			if c := node.child(name); c != nil {
				c.avail++
			} else {
				untried = append(untried, i)
			}
		}
		s.untried = untried
		if len(untried) > 0 {
			pick := untried[s.rng.intn(len(untried))]
			bestV := 0
			for _, i := range untried {
				if !p.IsCapture(moves[i]) {
					continue
				}
				v := 1 + pl.victimValue(p, moves[i], mover)
				w.Make(moves[i])
				pl.nodes++
				if r := p.ResultNoList(); r.over && r.winner == mover {
					v = math.MaxInt
				}
				w.Unmake()
				if v > bestV {
					pick, bestV = i, v
				}
			}
			c := &ismctsNode{move: names[pick], mover: mover, parent: node, avail: 1}
			node.addChild(c)
			w.Make(moves[pick])
			if pl.count() {
				return
			}
			node = c
			break
		}
		// Selection among the moves available here, by UCB with each
		// child's availability for the parent's visits.
		var best *ismctsNode
		var bestMove engine.Move
		bestU := math.Inf(-1)
		for i, name := range names {
			c := node.child(name)
			u := float64(float64(c.wins/c.visits) + float64(ismctsExploration*math.Sqrt(float64(detLog(c.avail)/c.visits))))
			if u > bestU {
				best, bestMove, bestU = c, moves[i], u
			}
		}
		w.Make(bestMove)
		if pl.count() {
			return
		}
		node = best
	}
	if !scored {
		var stop bool
		if v0, stop = pl.playout(p); stop {
			return
		}
	}
	for n := node; n != nil; n = n.parent {
		n.visits++
		switch n.mover {
		case 0:
			n.wins += v0
		case 1:
			n.wins += 1 - v0
		}
	}
}

// checkWeights reports a chance event's weights that cannot be drawn from.
func checkWeights(weights []int) error {
	for _, w := range weights {
		if w <= 0 {
			return errBadWeight
		}
	}
	return nil
}

var errBadWeight = errors.New("search: a chance outcome's weight is not positive")

// drawByWeight is an index into weights drawn with probability in
// proportion to its weight.
func drawByWeight(weights []int, r *rng) int {
	var total uint64
	for _, w := range weights {
		total += uint64(w)
	}
	x, _ := bits.Mul64(r.next(), total)
	for i, w := range weights {
		if x < uint64(w) {
			return i
		}
		x -= uint64(w)
	}
	return len(weights) - 1
}
