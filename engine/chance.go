package engine

// Chance (schema 34): rules.dice and rules.hazards. A pending chance event
// is a node of its own: LegalMoves lists its outcomes, ChanceOutcomes gives
// their weights, and Make plays the one chance chose.

// HasChance reports whether the game has chance events.
func (g *Game) HasChance() bool { return false }

// AtChance reports whether a chance event is pending: the moves LegalMoves
// lists are then its outcomes, and SideToMove is the seat that moves after
// it.
func (p *Position) AtChance() bool { return false }

// ChanceOutcomes appends the pending chance event's outcomes to moves and
// their weights to weights (positive; an outcome's probability is its
// weight over their sum), in the order LegalMoves lists them. Nothing is
// appended when no chance event is pending.
func (p *Position) ChanceOutcomes(moves []Move, weights []int) ([]Move, []int) {
	return moves, weights
}
