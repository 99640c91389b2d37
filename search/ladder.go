package search

// DefaultLadder is the farm's ladder of players, weakest first, mixing
// both families:
//
//	random       uniformly random legal moves
//	mcts:i200    UCT, 200 iterations
//	mcts:i500    UCT, 500 iterations
//	ab:n1000     alpha-beta, 1000 nodes a move
//	ab:n5000     alpha-beta, 5000 nodes a move
//	ab:n25000    alpha-beta, 25000 nodes a move
//
// Alpha-beta rungs are five times apart in budget, a clear step in
// strength on orthodox chess and a small board (the ladder test); the MCTS
// rungs sit below them, where their measured strength puts them (an MCTS
// iteration plays about as well as a quarter of an alpha-beta node on
// chess-like games). On a 2 GHz core a chess game at the top rung takes
// about half a minute.
func DefaultLadder() []string {
	return []string{
		"random",
		"mcts:i200",
		"mcts:i500",
		"ab:n1000",
		"ab:n5000",
		"ab:n25000",
	}
}

// QuickLadder is a cheaper ladder of the same shape for smoke runs and CI.
func QuickLadder() []string {
	return []string{
		"random",
		"mcts:i100",
		"ab:n500",
		"ab:n2000",
		"ab:n8000",
	}
}
