package search

import "fmt"

// Toy games with chance events, driven through position[M] and
// chancePosition[M] so the players' chance handling is tested apart from
// the engine.

// chanceTree is a game given as an explicit tree: decision nodes (the side
// to move picks a child), chance nodes (a child drawn by weight; side is
// the seat that moves after) and ends (a winner, or -1 for a draw). A move
// is the id of the node it leads to, so 0 is no move.
type chanceTree struct {
	nodes []treeNode
	path  []treeMove // from the root to the current node
}

type treeMove int32

type treeNode struct {
	kind    treeKind
	side    int // the side to move (at a chance node, the one after it)
	winner  int // at an end
	kids    []treeMove
	weights []int // at a chance node
}

type treeKind int8

const (
	treeDecision treeKind = iota
	treeChance
	treeEnd
)

// newChanceTree starts a tree; node 0 is a placeholder so that no move is 0.
func newChanceTree() *chanceTree {
	return &chanceTree{nodes: []treeNode{{kind: treeEnd}}}
}

func (t *chanceTree) add(n treeNode) treeMove {
	t.nodes = append(t.nodes, n)
	return treeMove(len(t.nodes) - 1)
}

func (t *chanceTree) end(winner int) treeMove {
	return t.add(treeNode{kind: treeEnd, winner: winner})
}

func (t *chanceTree) decide(side int, kids ...treeMove) treeMove {
	return t.add(treeNode{kind: treeDecision, side: side, kids: kids})
}

// chance is a chance node whose outcomes are given as weight, node pairs.
func (t *chanceTree) chance(side int, pairs ...int) treeMove {
	n := treeNode{kind: treeChance, side: side}
	for i := 0; i+1 < len(pairs); i += 2 {
		n.weights = append(n.weights, pairs[i])
		n.kids = append(n.kids, treeMove(pairs[i+1]))
	}
	return t.add(n)
}

// root makes m the current node and forgets the path.
func (t *chanceTree) root(m treeMove) *chanceTree {
	t.path = []treeMove{m}
	return t
}

func (t *chanceTree) cur() *treeNode { return &t.nodes[t.path[len(t.path)-1]] }

func (t *chanceTree) SideToMove() int { return t.cur().side }
func (t *chanceTree) LegalMoves(buf []treeMove) []treeMove {
	if t.cur().kind == treeEnd {
		return buf
	}
	return append(buf, t.cur().kids...)
}
func (t *chanceTree) LegalCaptures(buf []treeMove) []treeMove { return buf }
func (t *chanceTree) HasLegalMove() bool                      { return len(t.LegalMoves(nil)) > 0 }
func (t *chanceTree) Make(m treeMove)                         { t.path = append(t.path, m) }
func (t *chanceTree) Unmake()                                 { t.path = t.path[:len(t.path)-1] }
func (t *chanceTree) Hash() uint64                            { return mixSeed(uint64(t.path[len(t.path)-1]), 5) }
func (t *chanceTree) Ply() int                                { return len(t.path) - 1 }
func (t *chanceTree) InCheck() bool                           { return false }
func (t *chanceTree) IsCapture(treeMove) bool                 { return false }
func (t *chanceTree) PieceAt(int) (int, int, bool)            { return 0, 0, false }
func (t *chanceTree) MoveString(m treeMove) string            { return fmt.Sprintf("n%d", m) }
func (t *chanceTree) Source(treeMove) int                     { return -1 }
func (t *chanceTree) Target(treeMove) int                     { return -1 }
func (t *chanceTree) QuickResult() result                     { return t.Result() }
func (t *chanceTree) ResultNoList() result                    { return t.Result() }
func (t *chanceTree) Result() result {
	if n := t.cur(); n.kind == treeEnd {
		return result{over: true, winner: n.winner, rule: "end"}
	}
	return result{winner: -1}
}
func (t *chanceTree) AtChance() bool { return t.cur().kind == treeChance }
func (t *chanceTree) ChanceOutcomes(moves []treeMove, weights []int) ([]treeMove, []int) {
	if n := t.cur(); n.kind == treeChance {
		moves = append(moves, n.kids...)
		weights = append(weights, n.weights...)
	}
	return moves, weights
}

// expectimax is the tree's value for the side to move at the current
// node, found by brute force with the search's scoring: an end at ply p
// is scoreWin-p for its winner, a chance node the weighted mean of its
// outcomes rounded down. It is the reference the searches are held to.
func (t *chanceTree) expectimax(ply int) int {
	n := t.cur()
	if n.kind == treeEnd {
		return terminalScore(result{over: true, winner: n.winner}, n.side, ply)
	}
	// forSide is a child's value for the side to move here.
	forSide := func(m treeMove) int {
		t.Make(m)
		defer t.Unmake()
		if k := t.cur(); k.kind == treeEnd {
			return terminalScore(result{over: true, winner: k.winner}, n.side, ply+1)
		}
		v := t.expectimax(ply + 1)
		if t.cur().side != n.side {
			v = -v
		}
		return v
	}
	if n.kind == treeChance {
		sum, total := 0, 0
		for i, m := range n.kids {
			sum += n.weights[i] * forSide(m)
			total += n.weights[i]
		}
		return floorDiv(sum, total)
	}
	best := -scoreInf
	for _, m := range n.kids {
		best = max(best, forSide(m))
	}
	return best
}

// randomChanceTree grows a random tree of at most depth levels below the
// current node count: decisions of two or three moves, chance events of
// two to four outcomes with weights 1 to 5, ends with any result, and
// sides that need not alternate.
func randomChanceTree(t *chanceTree, r *rng, depth int) treeMove {
	if depth == 0 || r.intn(6) == 0 {
		return t.end(r.intn(3) - 1)
	}
	side := r.intn(2)
	if r.intn(3) == 0 {
		var pairs []int
		for range 2 + r.intn(3) {
			pairs = append(pairs, 1+r.intn(5), int(randomChanceTree(t, r, depth-1)))
		}
		return t.chance(side, pairs...)
	}
	var kids []treeMove
	for range 2 + r.intn(2) {
		kids = append(kids, randomChanceTree(t, r, depth-1))
	}
	return t.decide(side, kids...)
}

// guessRace is a luck game: the side to move guesses a die ("g1" or "g2"),
// the die is rolled ("roll:1" with weight 1, "roll:2" with weight 2), and a
// right guess scores a point; after maxTurns rolls the one with more
// points wins. Guessing 2 is the better bet, and knowing the roll wins
// most games. (A race to a number of points would not show it: a seer's
// search takes the other player to foresee the dice as well, and in a race
// that player's hits decide, so the seer sees itself lost and stops caring.)
type guessRace struct {
	maxTurns   int
	score      [2]int
	stm, mover int
	guess      int // the pending guess: the die is about to be rolled
	turns, ply int
	hist       []guessState
}

type guessState struct {
	score        [2]int
	stm, mover   int
	guess, turns int
}

// guessMove: 1 and 2 are guesses, 11 and 12 rolls.
type guessMove int8

func newGuessRace(maxTurns int) *guessRace {
	return &guessRace{maxTurns: maxTurns}
}

func (g *guessRace) SideToMove() int { return g.stm }
func (g *guessRace) LegalMoves(buf []guessMove) []guessMove {
	switch {
	case g.Result().over:
		return buf
	case g.guess > 0:
		return append(buf, 11, 12)
	}
	return append(buf, 1, 2)
}
func (g *guessRace) LegalCaptures(buf []guessMove) []guessMove { return buf }
func (g *guessRace) HasLegalMove() bool                        { return !g.Result().over }
func (g *guessRace) Make(m guessMove) {
	g.hist = append(g.hist, guessState{g.score, g.stm, g.mover, g.guess, g.turns})
	g.ply++
	if m < 10 {
		g.guess, g.mover, g.stm = int(m), g.stm, 1-g.stm
		return
	}
	if int(m)-10 == g.guess {
		g.score[g.mover]++
	}
	g.guess = 0
	g.turns++
}
func (g *guessRace) Unmake() {
	h := g.hist[len(g.hist)-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.score, g.stm, g.mover, g.guess, g.turns = h.score, h.stm, h.mover, h.guess, h.turns
	g.ply--
}
func (g *guessRace) Hash() uint64 {
	return mixSeed(uint64(g.score[0]*64+g.score[1]), uint64((g.turns*4+g.guess)*2+g.stm))
}
func (g *guessRace) Ply() int                     { return g.ply }
func (g *guessRace) InCheck() bool                { return false }
func (g *guessRace) IsCapture(guessMove) bool     { return false }
func (g *guessRace) PieceAt(int) (int, int, bool) { return 0, 0, false }
func (g *guessRace) Source(guessMove) int         { return -1 }
func (g *guessRace) Target(guessMove) int         { return -1 }
func (g *guessRace) QuickResult() result          { return g.Result() }
func (g *guessRace) ResultNoList() result         { return g.Result() }
func (g *guessRace) AtChance() bool               { return g.guess > 0 && !g.Result().over }
func (g *guessRace) MoveString(m guessMove) string {
	if m > 10 {
		return fmt.Sprintf("roll:%d", m-10)
	}
	return fmt.Sprintf("g%d", m)
}
func (g *guessRace) Result() result {
	if g.turns < g.maxTurns {
		return result{winner: -1}
	}
	switch {
	case g.score[0] > g.score[1]:
		return result{over: true, winner: 0, rule: "points"}
	case g.score[1] > g.score[0]:
		return result{over: true, winner: 1, rule: "points"}
	}
	return result{over: true, winner: -1, rule: "points"}
}
func (g *guessRace) ChanceOutcomes(moves []guessMove, weights []int) ([]guessMove, []int) {
	if g.AtChance() {
		moves = append(moves, 11, 12)
		weights = append(weights, 1, 2)
	}
	return moves, weights
}
