package search

// DefaultLadder is the farm's ladder of players, weakest first, mixing
// both families:
//
//	random       uniformly random legal moves
//	mcts:i50     UCT, 50 iterations
//	mcts:i200    UCT, 200 iterations
//	ab:n2000     alpha-beta, 2000 nodes a move
//	ab:n10000    alpha-beta, 10000 nodes a move
//
// Each rung clearly beats the one below it on orthodox chess and on a
// small board (TestLadder with BALANCEFARM_LADDER=default); the MCTS
// rungs sit below the alpha-beta ones, where their measured strength puts
// them (ab:n1000 did not clearly beat mcts:i500 on five-by-five: 0.52).
// The top rung plays most of a measurement's games (its equal-strength
// games), so its budget sets the run's length: on this project's 2-core
// machine a chess game between two ab:n10000 players takes about a second
// of CPU (0.7 to 1.4 s over six seeds' games of 73 to 162 plies, with
// `coordinator play`).
func DefaultLadder() []string {
	return []string{
		"random",
		"mcts:i50",
		"mcts:i200",
		"ab:n2000",
		"ab:n10000",
	}
}

// QuickLadder is a cheaper ladder of the same shape for smoke runs, CI and
// the nightly run: its rungs are six times apart, as ab:n300 did not
// clearly beat mcts:i100 (0.50 on chess, 0.41 on five-by-five), nor
// ab:n500 mcts:i100 (0.69, 0.56) once MCTS played better; mcts:i50 it does.
func QuickLadder() []string {
	return []string{
		"random",
		"mcts:i50",
		"ab:n500",
		"ab:n3000",
	}
}
