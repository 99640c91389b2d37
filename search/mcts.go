package search

import (
	"context"
	"math"
	"time"
)

// UCT parameters, tuned on chess and five-by-five against alpha-beta.
const (
	uctExploration         = 0.35      // C in q + C*sqrt(ln N / n), values in [0, 1]
	seedQuiesceNodes int64 = 100       // quiescence budget for a new node's heuristic value
	leafQuiesceNodes int64 = 32        // quiescence budget that settles captures where a playout stops
	minimaxWeight          = 0.85      // share of the implicit minimax value in a child's score
	playoutScale           = 150.0     // centipawns at which a cut-off playout scores 0.75
	captureBias            = 0.8       // chance a playout takes its best capture when it has one
	reuseDepth             = 4         // how deep to look in the old tree for the new root
	maxStoredMoves         = 8_000_000 // about 200 MB of tree at most
)

// mctsNode is one position in the tree. Values are kept for the player who
// made the move into the node, so a parent compares its children directly
// whoever moves after them.
type mctsNode[M comparable] struct {
	move     M
	parent   *mctsNode[M]
	children []*mctsNode[M]
	untried  []M
	expanded bool // untried has been filled
	mover    int  // who made move; -1 at the root
	toMove   int
	hash     uint64
	ply      int
	visits   float64
	wins     float64 // sum of results for mover
	mm       float64 // implicit minimax: heuristic value for mover, backed up from the children
	hasMM    bool
	// static is the node's own heuristic value for mover, which a node
	// whose moves are not all expanded yet leans on (see backupMinimax).
	static   float64
	terminal bool
	termV0   float64 // result for player 0 when terminal
	solved   bool    // the game's result under best play is known
	winner   int     // for a solved node

	round      *roundArms[M] // set when the node's position is a round
	armI, armJ int           // the choices of the parent's round that led here
	inRound    bool          // the parent is a round: values live in its arms

	// chance is set when the node's position is at a chance event: its
	// children are outcomes, drawn by weight, never chosen; it is never
	// solved, and its minimax value is the weighted mean of its outcomes'.
	chance   bool
	outcomes []M
	weights  []int
}

// roundArms holds decoupled statistics for a round: each player's choices
// are bandit arms of their own, and the pair chosen picks the child.
type roundArms[M comparable] struct {
	moves  [2][]M
	visits [2][]float64
	wins   [2][]float64 // results for that player
	kids   map[[2]int]*mctsNode[M]
}

// mctsSearch is UCT with an MCTS-solver: proven wins and losses propagate
// up the tree, so a forced win is played as soon as it is seen. Playouts
// prefer goals and captures, stop after a ply limit and are scored by the
// evaluation. The tree is kept between moves and reused when the game
// reaches one of its nodes.
type mctsSearch[M comparable, P position[M]] struct {
	ev         *evaluator
	leaf       *abSearch[M, P] // settles the captures on the board where a playout stops
	rng        *rng
	iterations int
	cutoff     int
	timed      bool      // a time control bounds it (an iteration budget of 0 is then none)
	deadline   time.Time // a timed search's end for this move; zero: untimed
	goalSq     [2][]bool
	checkGame  bool

	root    *mctsNode[M]
	stored  int64 // moves held in the tree's nodes (untried lists, one per node)
	rounds  roundPosition[M]
	ctx     context.Context
	hardCap int64
	nodes   int64
	err     error
	view    board
	buf     []M
	caps    []M

	chance  chancePosition[M] // nil unless the game has chance events
	wbuf    []int
	seer    bool     // a clairvoyant player (spec seer:)
	future  []uint64 // the seer's chance draws to come, from its root on
	chanceK int      // chance events on the current iteration's line so far
}

func newMCTSSearch[M comparable, P position[M]](t *evalTables, spec PlayerSpec, seed uint64) *mctsSearch[M, P] {
	s := &mctsSearch[M, P]{
		ev:         newEvaluator(t),
		leaf:       newABSearch[M, P](t, PlayerSpec{Family: FamilyAB, Nodes: seedQuiesceNodes}, seed),
		rng:        newRNG(seed),
		iterations: spec.Iterations,
		cutoff:     spec.PlayoutPlies,
		timed:      !spec.Clock.IsZero(),
		seer:       spec.Seer,
	}
	if s.cutoff == 0 {
		s.cutoff = DefaultPlayoutPlies
	}
	if s.iterations == 0 && s.timed {
		s.iterations = maxSpecIterations
	}
	s.checkGame = s.leaf.checkGame
	if t.reachSign > 0 {
		for pl := 0; pl < 2; pl++ {
			s.goalSq[pl] = make([]bool, t.nsq)
			for k := range t.kinds {
				for sq, d := range t.kinds[k].goal[pl] {
					if d == 0 {
						s.goalSq[pl][sq] = true
					}
				}
			}
		}
	}
	return s
}

type mctsResult[M comparable] struct {
	move   M
	value  float64 // expected result for the side to move, in [0, 1]
	visits float64
	nodes  int64
}

func (s *mctsSearch[M, P]) search(ctx context.Context, p P, hardCap int64) (mctsResult[M], error) {
	s.grow(ctx, p, hardCap)
	root := s.root
	best := s.bestChild(root)
	if best == nil {
		// Nothing expanded (no budget, or no moves): fall back to the first legal move.
		ms := p.LegalMoves(nil)
		if len(ms) == 0 {
			return mctsResult[M]{nodes: s.nodes}, s.err
		}
		return mctsResult[M]{move: ms[0], value: 0.5, nodes: s.nodes}, s.err
	}
	v := 0.5
	if best.visits > 0 {
		v = best.wins / best.visits
	}
	if best.solved {
		v = 0
		if best.winner == root.toMove {
			v = 1
		}
	}
	return mctsResult[M]{move: best.move, value: v, visits: best.visits, nodes: s.nodes}, s.err
}

// grow finds or makes the root for p and runs the iterations.
func (s *mctsSearch[M, P]) grow(ctx context.Context, p P, hardCap int64) {
	s.ctx, s.hardCap, s.nodes, s.err = ctx, hardCap, 0, nil
	s.view = p
	s.rounds = roundsOf[M](p)
	s.chance = chanceOf[M](p)
	if s.stored > maxStoredMoves {
		s.root = nil // too big to keep: start afresh
	}
	s.root = s.reuse(p)
	if s.root == nil {
		s.root = &mctsNode[M]{mover: -1, toMove: p.SideToMove(), hash: p.Hash(), ply: p.Ply()}
		s.stored = 0
	}
	root := s.root
	// The tree stops growing at maxStoredMoves moves held in its nodes, so
	// a game with thousands of moves a position cannot exhaust memory; the
	// bound is a count, so the search stays deterministic.
	for it := 0; it < s.iterations && !root.solved && s.stored <= maxStoredMoves; it++ {
		s.iterate(p)
		if s.err != nil {
			break
		}
		// Every iteration: on a large board one playout can take long.
		if err := ctx.Err(); err != nil {
			s.err = err
			break
		}
		if !s.deadline.IsZero() && time.Now().After(s.deadline) {
			break
		}
	}
}

// searchRound chooses player's move for the round at p. A secret choice
// is drawn from the player's equilibrium strategy of the root's matrix of
// mean results; an answer to an announced move is the pair tried that did
// best for the player.
func (s *mctsSearch[M, P]) searchRound(ctx context.Context, p P, hardCap int64, player int, announced *M) (mctsResult[M], error) {
	s.grow(ctx, p, hardCap)
	arms := s.root.round
	if arms == nil || len(arms.moves[player]) == 0 {
		ms := roundsOf[M](p).RoundMoves(player, nil)
		if len(ms) == 0 {
			return mctsResult[M]{nodes: s.nodes}, s.err
		}
		return mctsResult[M]{move: ms[0], value: 0.5, nodes: s.nodes}, s.err
	}
	mine := arms.moves[player]
	forPlayer := func(v0 float64) float64 {
		if player == 1 {
			return 1 - v0
		}
		return v0
	}
	if announced != nil {
		k := -1
		for i, m := range arms.moves[1-player] {
			if m == *announced {
				k = i
			}
		}
		var best *mctsNode[M]
		bestV := -1.0
		for _, c := range s.root.children {
			other := c.armJ
			if player == 1 {
				other = c.armI
			}
			if other != k || c.visits == 0 {
				continue
			}
			if v := forPlayer(c.wins / c.visits); v > bestV {
				best, bestV = c, v
			}
		}
		if best != nil {
			own := best.armI
			if player == 1 {
				own = best.armJ
			}
			return mctsResult[M]{move: mine[own], value: bestV, visits: best.visits, nodes: s.nodes}, s.err
		}
	}
	// The strategy is the equilibrium of the matrix of mean results the
	// pairs tried have had (a pair not tried counts as a level result):
	// it settles faster than the visit frequencies, which keep some weight
	// on choices that exploration keeps trying.
	rows, cols := len(arms.moves[0]), len(arms.moves[1])
	a := make([][]float64, rows)
	for i := range a {
		a[i] = make([]float64, cols)
		for j := range a[i] {
			a[i][j] = 0.5
			if c, ok := arms.kids[[2]int{i, j}]; ok && c.visits > 0 {
				a[i][j] = c.wins / c.visits
			}
		}
	}
	rowP, colP, _ := solveMatrix(a)
	freq := [2][]float64{rowP, colP}[player]
	i := sampleMixed(freq, s.rng)
	v := 0.5
	if arms.visits[player][i] > 0 {
		v = arms.wins[player][i] / arms.visits[player][i]
	}
	return mctsResult[M]{move: mine[i], value: v, visits: arms.visits[player][i], nodes: s.nodes}, s.err
}

// reuse finds the node of the old tree the game has reached, so its
// statistics carry over.
func (s *mctsSearch[M, P]) reuse(p P) *mctsNode[M] {
	if s.root == nil {
		return nil
	}
	h, ply, stm := p.Hash(), p.Ply(), p.SideToMove()
	level := []*mctsNode[M]{s.root}
	for d := 0; d <= reuseDepth && len(level) > 0; d++ {
		var next []*mctsNode[M]
		for _, n := range level {
			if n.hash == h && n.ply == ply && n.toMove == stm && !n.terminal && !n.chance {
				n.parent, n.mover, n.inRound = nil, -1, false
				return n
			}
			next = append(next, n.children...)
		}
		level = next
	}
	return nil
}

// count adds one node (a move made) and reports whether to stop.
func (s *mctsSearch[M, P]) count() bool {
	s.nodes++
	if s.nodes > s.hardCap {
		s.err = errNodeLimit
		return true
	}
	if s.nodes%ctxEvery == 0 && s.ctx.Err() != nil {
		s.err = s.ctx.Err()
		return true
	}
	return false
}

func (s *mctsSearch[M, P]) iterate(p P) {
	node := s.root
	made := 0
	s.chanceK = 0
	defer func() {
		for ; made > 0; made-- {
			p.Unmake()
		}
	}()
	// Selection, down to a node with a move not tried yet; then expansion
	// of that move.
	for !node.terminal && !node.solved {
		if s.rounds != nil && s.rounds.InRound() {
			child, created := s.roundStep(p, node)
			made++
			if s.count() {
				return
			}
			node = child
			if created {
				break
			}
			continue
		}
		if node.chance {
			child, created := s.chanceStep(p, node)
			if child == nil {
				break // an event with no outcome to play: scored as it stands
			}
			made++
			if s.count() {
				return
			}
			node = child
			if created {
				s.seedMinimax(p, child)
				if !child.terminal && !child.solved && (s.rounds == nil || !s.rounds.InRound()) {
					s.expand(p, child)
				}
				break
			}
			continue
		}
		if !node.expanded {
			s.expand(p, node)
			if node.terminal || node.solved {
				break
			}
		}
		if len(node.untried) > 0 {
			last := len(node.untried) - 1
			m := node.untried[last]
			node.untried = node.untried[:last]
			p.Make(m)
			made++
			if s.count() {
				return
			}
			child := s.newChild(p, node, m)
			node.children = append(node.children, child)
			node = child
			s.seedMinimax(p, child)
			if child.solved {
				s.propagateProof(child.parent)
			} else if !child.terminal && (s.rounds == nil || !s.rounds.InRound()) {
				s.expand(p, child) // a reply that wins at once is seen now
			}
			break
		}
		node = s.selectChild(node)
		p.Make(node.move)
		made++
		if s.count() {
			return
		}
	}
	// Simulation.
	var v0 float64
	switch {
	case node.terminal:
		v0 = node.termV0
	case node.solved:
		v0 = float64(1 - node.winner)
	default:
		var stop bool
		v0, stop = s.playout(p)
		if stop {
			return
		}
	}
	// Backpropagation.
	for n := node; n != nil; n = n.parent {
		n.visits++
		if n.inRound {
			n.wins += v0 // a round's child keeps player 0's value
			arms := n.parent.round
			arms.visits[0][n.armI]++
			arms.wins[0][n.armI] += v0
			arms.visits[1][n.armJ]++
			arms.wins[1][n.armJ] += 1 - v0
			continue
		}
		switch n.mover {
		case 0:
			n.wins += v0
		case 1:
			n.wins += 1 - v0
		}
	}
}

// newChild makes the node for the position p has just reached from parent.
func (s *mctsSearch[M, P]) newChild(p P, parent *mctsNode[M], m M) *mctsNode[M] {
	child := &mctsNode[M]{move: m, parent: parent, mover: parent.toMove, toMove: p.SideToMove(), hash: p.Hash(), ply: p.Ply()}
	if r := p.ResultNoList(); r.over {
		child.terminal = true
		child.termV0 = resultValue(r)
		if r.winner >= 0 {
			child.solved, child.winner = true, r.winner
		}
	} else if s.chance != nil && s.chance.AtChance() {
		child.chance = true
	}
	return child
}

// chanceStep draws an outcome of node's chance event (by weight, or for a
// seer the one its draws foretell) and makes it, returning the outcome's
// child, created if new; nil, with nothing made, when the event has no
// outcome to play.
func (s *mctsSearch[M, P]) chanceStep(p P, node *mctsNode[M]) (*mctsNode[M], bool) {
	if !node.expanded {
		s.expand(p, node)
	}
	if node.terminal {
		return nil, false
	}
	m := node.outcomes[s.drawOutcome(node.weights)]
	p.Make(m)
	for _, c := range node.children {
		if c.move == m {
			return c, false
		}
	}
	c := s.newChild(p, node, m)
	node.children = append(node.children, c)
	return c, true
}

// drawOutcome picks the outcome of the next chance event on the line: a
// seer's foretold one while its draws last, else one drawn by weight from
// the search's own stream.
func (s *mctsSearch[M, P]) drawOutcome(weights []int) int {
	k := s.chanceK
	s.chanceK++
	if s.seer && k < len(s.future) {
		return pickOutcome(weights, s.future[k])
	}
	return weightedDraw(weights, s.rng)
}

// expand lists a new node's moves and looks among them for one that wins
// on the spot; if there is one it becomes the node's first child, which
// solves the node ("decisive moves", Teytaud and Teytaud 2010). Only
// cheap endings are looked for: the board's (a royal taken, a goal
// reached, ...) and, in a game with checks, a check that leaves no reply.
// It lets the solver prove short forced wins that playouts and UCB alone
// would take long to find.
func (s *mctsSearch[M, P]) expand(p P, node *mctsNode[M]) {
	node.expanded = true
	if node.chance {
		node.outcomes, node.weights = s.chance.ChanceOutcomes(nil, nil)
		s.stored += int64(len(node.outcomes)) + 1
		if checkOutcomes(node.outcomes, node.weights) != nil {
			node.terminal, node.termV0 = true, 0.5 // the game loop reports it if the game comes here
		}
		return
	}
	node.untried = s.expansionOrder(p, p.LegalMoves(s.buf[:0]))
	s.stored += int64(len(node.untried)) + 1
	if len(node.untried) == 0 {
		node.terminal, node.termV0 = true, 0.5 // nothing to play and not over: level
		return
	}
	for i := len(node.untried) - 1; i >= 0; i-- {
		m := node.untried[i]
		p.Make(m)
		s.nodes++
		r := p.QuickResult()
		if !r.over && s.checkGame && p.InCheck() {
			r = p.ResultNoList()
		}
		if r.over && r.winner == node.toMove {
			child := s.newChild(p, node, m)
			p.Unmake()
			node.untried = append(node.untried[:i], node.untried[i+1:]...)
			node.children = append(node.children, child)
			s.seedMinimax(p, child) // a finished game: nothing is searched
			s.propagateProof(node)
			return
		}
		p.Unmake()
	}
}

// expansionOrder lists a node's moves in the reverse of the order they are
// to be tried (the next is taken off the end): moves onto a goal, then
// captures, most valuable victim first, then the rest in random order. A
// refutation is usually a capture, and the minimax value only sees it once
// it is expanded.
func (s *mctsSearch[M, P]) expansionOrder(p P, moves []M) []M {
	out := make([]M, len(moves))
	copy(out, moves)
	for i := len(out) - 1; i > 0; i-- { // shuffle, then sort the forcing moves to the end
		j := s.rng.intn(i + 1)
		out[i], out[j] = out[j], out[i]
	}
	stm := p.SideToMove()
	keys := make([]int, len(out))
	for i, m := range out {
		switch {
		case s.goalSq[stm] != nil && p.Target(m) >= 0 && s.goalSq[stm][p.Target(m)]:
			keys[i] = 1 << 30
		case p.IsCapture(m):
			keys[i] = 1 + s.victimValue(p, m, stm)
		}
	}
	// Insertion sort by key, ascending and stable: few moves, mostly zeros.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// blended is a child's score for the player choosing it: the playout mean
// blended with the implicit minimax value.
func blended[M comparable](c *mctsNode[M]) float64 {
	q := float64(c.wins / c.visits)
	if c.hasMM {
		q = float64(float64((1-minimaxWeight)*q) + float64(minimaxWeight*c.mm))
	}
	return q
}

// seedMinimax gives a new node its heuristic value, the evaluation once
// captures are settled (or the result, at the end of a game), and backs it
// up the tree: a node's value is its best child's, turned to its own mover.
// Selection blends this minimax value with the playout mean (implicit
// minimax backups, Lanctot et al. 2014), which makes a few hundred
// iterations see a one-move blunder that averaging alone would miss.
func (s *mctsSearch[M, P]) seedMinimax(p P, n *mctsNode[M]) {
	switch {
	case n.terminal:
		n.mm = n.termV0
		if n.mover == 1 {
			n.mm = 1 - n.termV0
		}
	default:
		cp, used := s.leaf.quietScore(s.ctx, p, seedQuiesceNodes)
		s.nodes += used
		n.mm = squash(cp, playoutScale) // for the side to move at n
		if n.toMove != n.mover {
			n.mm = 1 - n.mm
		}
	}
	n.hasMM, n.static = true, n.mm
	s.backupMinimax(n.parent)
}

// backupMinimax recomputes the minimax values from a up to the root. While
// some of a node's moves are untried, the side to move there may still
// choose one of them, so its best expanded child is only a lower bound for
// it: a value better for the mover than the node's own evaluation is
// believed only in the share of the replies tried. Without this, one poor
// reply tried first made a move look good, and more iterations, which try
// such replies deeper in the tree, played worse (mcts:i500 lost to
// mcts:i200 on orthodox chess); believing it not at all hides a sacrifice
// until every reply is refuted.
func (s *mctsSearch[M, P]) backupMinimax(a *mctsNode[M]) {
	for ; a != nil && a.round == nil && a.mover >= 0; a = a.parent {
		if a.chance {
			v := s.chanceMinimax(a)
			if a.hasMM && a.mm == v {
				return
			}
			a.mm, a.hasMM = v, true
			continue
		}
		best := -1.0
		for _, c := range a.children {
			if c.hasMM && c.mm > best {
				best = c.mm
			}
		}
		if best < 0 {
			return
		}
		v := best
		if a.mover != a.toMove {
			v = 1 - best
		}
		if a.hasMM && len(a.untried) > 0 && !a.solved && a.mover != a.toMove && v > a.static {
			// The value is for a's mover, the side to move being the
			// other: replies not tried yet may still refute the move, so
			// a backed-up value better than the node's own evaluation
			// counts only in the share of the replies tried.
			tried := float64(len(a.children))
			v = a.static + (v-a.static)*tried/(tried+float64(len(a.untried)))
		}
		if a.solved {
			v = 0
			if a.winner == a.mover {
				v = 1
			}
		}
		if a.hasMM && a.mm == v {
			return
		}
		a.mm, a.hasMM = v, true
	}
}

// chanceMinimax is a chance node's minimax value for its mover: the
// weighted mean of its outcomes' values, an outcome not drawn yet counting
// at the node's own evaluation.
func (s *mctsSearch[M, P]) chanceMinimax(a *mctsNode[M]) float64 {
	var sum, total float64
	for i, m := range a.outcomes {
		w := float64(a.weights[i])
		v := a.static
		for _, c := range a.children {
			if c.move == m && c.hasMM {
				v = c.mm // for c's mover, the side to move at a
				if a.mover != a.toMove {
					v = 1 - v
				}
				break
			}
		}
		sum += float64(w * v)
		total += w
	}
	if total == 0 {
		return a.static
	}
	return sum / total
}

// roundStep plays one round from node, each player's choice picked by its
// own UCB over its own arms (decoupled UCT), and returns the child for the
// pair, created if this pair is new.
func (s *mctsSearch[M, P]) roundStep(p P, node *mctsNode[M]) (*mctsNode[M], bool) {
	arms := node.round
	if arms == nil {
		arms = &roundArms[M]{kids: map[[2]int]*mctsNode[M]{}}
		for pl := 0; pl < 2; pl++ {
			arms.moves[pl] = s.rounds.RoundMoves(pl, nil)
			s.stored += int64(len(arms.moves[pl]))
			arms.visits[pl] = make([]float64, len(arms.moves[pl]))
			arms.wins[pl] = make([]float64, len(arms.moves[pl]))
		}
		node.round, node.expanded = arms, true
	}
	if len(arms.moves[0]) == 0 || len(arms.moves[1]) == 0 {
		// A round nobody can play: score it level rather than loop.
		node.terminal, node.termV0 = true, 0.5
		return node, false
	}
	i, j := s.pickArm(arms, 0), s.pickArm(arms, 1)
	s.rounds.MakeRound(arms.moves[0][i], arms.moves[1][j])
	if c, ok := arms.kids[[2]int{i, j}]; ok {
		return c, false
	}
	var zero M
	c := s.newChild(p, node, zero)
	c.mover, c.inRound, c.armI, c.armJ = -1, true, i, j
	arms.kids[[2]int{i, j}] = c
	node.children = append(node.children, c) // kept in creation order for reuse
	return c, true
}

// pickArm is one player's UCB choice among its arms, untried arms first.
func (s *mctsSearch[M, P]) pickArm(arms *roundArms[M], pl int) int {
	vis, wins := arms.visits[pl], arms.wins[pl]
	total := 0.0
	var untried []int
	for i, v := range vis {
		total += v
		if v == 0 {
			untried = append(untried, i)
		}
	}
	if len(untried) > 0 {
		return untried[s.rng.intn(len(untried))]
	}
	logN := detLog(total)
	best, bestU := 0, math.Inf(-1)
	for i := range vis {
		u := float64(wins[i]/vis[i]) + float64(uctExploration*math.Sqrt(float64(logN/vis[i])))
		if u > bestU {
			best, bestU = i, u
		}
	}
	return best
}

// resultValue is a finished game's result for player 0.
func resultValue(r result) float64 {
	switch r.winner {
	case 0:
		return 1
	case 1:
		return 0
	}
	return 0.5
}

// propagateProof marks ancestors solved: a node is won for the player to
// move if one child is, and lost if every child is (and none is untried).
func (s *mctsSearch[M, P]) propagateProof(n *mctsNode[M]) {
	// A proof changes the minimax values too: a solved node is worth 1
	// or 0 to its mover.
	defer s.backupMinimax(n)
	for ; n != nil && !n.solved && n.round == nil && !n.chance; n = n.parent {
		allLost := n.expanded && len(n.untried) == 0 && len(n.children) > 0
		won := false
		for _, c := range n.children {
			if c.solved && c.winner == n.toMove {
				won = true
				break
			}
			if !c.solved || c.winner == n.toMove {
				allLost = false
			}
		}
		switch {
		case won:
			n.solved, n.winner = true, n.toMove
		case allLost:
			n.solved, n.winner = true, 1-n.toMove
		default:
			return
		}
	}
}

// selectChild is UCB1, skipping children already proven lost for the
// player choosing, unless all of them are.
func (s *mctsSearch[M, P]) selectChild(n *mctsNode[M]) *mctsNode[M] {
	logN := detLog(n.visits)
	var best *mctsNode[M]
	bestU := math.Inf(-1)
	for _, c := range n.children {
		if c.solved && c.winner != n.toMove {
			continue
		}
		u := float64(blended(c) + float64(uctExploration*math.Sqrt(float64(logN/c.visits))))
		if u > bestU {
			best, bestU = c, u
		}
	}
	if best == nil {
		return n.children[0]
	}
	return best
}

// bestChild is the move to play: a proven win (the quickest: fewest
// visits needed to prove it means the shallowest), else the most visited
// child not proven lost.
func (s *mctsSearch[M, P]) bestChild(n *mctsNode[M]) *mctsNode[M] {
	var best *mctsNode[M]
	for _, c := range n.children {
		if c.solved && c.winner == n.toMove {
			if c.terminal {
				return c
			}
			if best == nil || !best.solved || c.visits < best.visits {
				best = c
			}
		}
	}
	if best != nil {
		return best
	}
	// Otherwise the best blended score among the children that were looked
	// at enough to trust it (a quarter of the most visits), skipping proven
	// losses while there is anything else.
	most := 0.0
	for _, c := range n.children {
		most = max(most, c.visits)
	}
	bestV := math.Inf(-1)
	for _, skipLost := range []bool{true, false} {
		for _, c := range n.children {
			if (skipLost && c.solved && c.winner != n.toMove) || c.visits < most/4 || c.visits == 0 {
				continue
			}
			if v := blended(c); v > bestV {
				best, bestV = c, v
			}
		}
		if best != nil {
			break
		}
	}
	return best
}

// playout plays cheap, not blind, moves from p: a move onto a goal when
// there is one, usually the best capture when there is one, else a random
// move; it stops at the ply cutoff and scores the position by the
// evaluation. It returns the value for player 0 and leaves p as it was.
func (s *mctsSearch[M, P]) playout(p P) (v0 float64, stop bool) {
	made := 0
	defer func() {
		for ; made > 0; made-- {
			p.Unmake()
		}
	}()
	decided := 0 // the cutoff counts decisions: chance outcomes come between them
	for decided < s.cutoff && made < 2*s.cutoff+maxSearchPly {
		if r := p.Result(); r.over {
			return resultValue(r), false
		}
		if s.chance != nil && s.chance.AtChance() {
			moves, weights := s.chance.ChanceOutcomes(s.buf[:0], s.wbuf[:0])
			s.buf, s.wbuf = moves, weights
			if checkOutcomes(moves, weights) != nil {
				break
			}
			p.Make(moves[s.drawOutcome(weights)])
			made++
			if s.count() {
				return 0, true
			}
			continue
		}
		if s.rounds != nil && s.rounds.InRound() {
			m0 := s.rounds.RoundMoves(0, nil)
			m1 := s.rounds.RoundMoves(1, nil)
			if len(m0) == 0 || len(m1) == 0 {
				break
			}
			s.rounds.MakeRound(s.policy(p, m0, 0), s.policy(p, m1, 1))
			made++
			decided++
			if s.count() {
				return 0, true
			}
			continue
		}
		stm := p.SideToMove()
		moves := p.LegalMoves(s.buf[:0])
		s.buf = moves
		if len(moves) == 0 {
			break
		}
		p.Make(s.policy(p, moves, stm))
		made++
		decided++
		if s.count() {
			return 0, true
		}
	}
	if r := p.ResultNoList(); r.over {
		return resultValue(r), false
	}
	// Score the stopping point by the evaluation once the captures on the
	// board are played out, so a playout cut mid-exchange is not misread.
	cp, n := s.leaf.quietScore(s.ctx, p, leafQuiesceNodes)
	s.nodes += n
	v := squash(cp, playoutScale)
	if s.leaf.side(p) == 1 {
		v = 1 - v
	}
	return v, false
}

func (s *mctsSearch[M, P]) policy(p P, moves []M, stm int) M {
	if g := s.goalSq[stm]; g != nil {
		for _, m := range moves {
			if t := p.Target(m); t >= 0 && t < len(g) && g[t] {
				return m
			}
		}
	}
	caps := s.caps[:0]
	for _, m := range moves {
		if p.IsCapture(m) {
			caps = append(caps, m)
		}
	}
	s.caps = caps
	if len(caps) > 0 && s.rng.float() < captureBias {
		best := caps[s.rng.intn(len(caps))]
		bestV := s.victimValue(p, best, stm)
		for _, m := range caps {
			if v := s.victimValue(p, m, stm); v > bestV {
				best, bestV = m, v
			}
		}
		return best
	}
	return moves[s.rng.intn(len(moves))]
}

func (s *mctsSearch[M, P]) victimValue(p P, m M, stm int) int {
	t := p.Target(m)
	if t < 0 {
		return 0
	}
	kind, owner, ok := p.PieceAt(t)
	kinds := s.ev.t.kinds
	if !ok || owner == stm || kind < 0 || kind >= len(kinds) {
		return 0
	}
	return kinds[kind].value
}
