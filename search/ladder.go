package search

// DefaultLadder is the farm's ladder of players, weakest first, mixing
// both families:
//
//	random       uniformly random legal moves
//	mcts:i200    UCT, 200 iterations
//	mcts:i500    UCT, 500 iterations
//	ab:n1000     alpha-beta, 1000 nodes a move
//	ab:n3000     alpha-beta, 3000 nodes a move
//	ab:n10000    alpha-beta, 10000 nodes a move
//
// Alpha-beta rungs are about three times apart in budget, a clear step in
// strength on orthodox chess and a small board (the ladder test); the MCTS
// rungs sit below them, where their measured strength puts them. The top
// rung plays most of a measurement's games (its equal-strength games), so
// its budget sets the run's length: on this project's 2-core machine a
// chess game between two ab:n10000 players takes about 1.5 s of CPU.
func DefaultLadder() []string {
	return []string{
		"random",
		"mcts:i200",
		"mcts:i500",
		"ab:n1000",
		"ab:n3000",
		"ab:n10000",
	}
}

// QuickLadder is a cheaper ladder of the same shape for smoke runs and CI.
func QuickLadder() []string {
	return []string{
		"random",
		"mcts:i100",
		"ab:n300",
		"ab:n1000",
		"ab:n3000",
	}
}
