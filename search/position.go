package search

import "balancefarm/engine"

// position is the game interface the players search through. It is the
// engine's Position method set (reached through the adapter in
// engineplay.go), written as an interface with the move type as a
// parameter so that the search never depends on how a rule family is
// implemented, and so the tests can drive the same code through toy games.
type position[M comparable] interface {
	SideToMove() int
	LegalMoves(buf []M) []M
	// LegalCaptures appends the legal moves for which IsCapture holds, in
	// the order LegalMoves lists them; quiescence asks for these alone.
	LegalCaptures(buf []M) []M
	// HasLegalMove is len(LegalMoves(nil)) > 0, possibly cheaper.
	HasLegalMove() bool
	Make(m M)
	Unmake()
	Hash() uint64
	Ply() int
	InCheck() bool
	IsCapture(m M) bool
	PieceAt(sq int) (kind, owner int, ok bool)
	MoveString(m M) string
	// Result is the engine's Outcome in the search's own terms.
	Result() result
	// ResultNoList is Result, found without listing the legal moves, for
	// a caller that will not ask for them next.
	ResultNoList() result
	// QuickResult is Result as far as it can be told without generating
	// moves: over when the board or a clock has ended the game, otherwise
	// "not over" even if the side to move turns out to have no move.
	// Quiescence uses it so a stand-pat cutoff costs no move generation.
	QuickResult() result
	// Source and Target are the squares a move leaves and lands on, or -1
	// when the engine does not say (a drop has no source). They sharpen
	// capture ordering, the history heuristic and goal-seeking playouts;
	// nothing depends on them being known.
	Source(m M) int
	Target(m M) int
}

// result is how a position stands.
type result struct {
	over   bool
	winner int // 0, 1, or -1 for a draw
	rule   engine.Ending
}

// Optional position capabilities. The evaluation uses one when the
// engine's position has it, and otherwise falls back to what it can see on
// the board; so an engine that learns to count checks or claims makes the
// players read those endings better without a change here.
type (
	// occupiedLister lists, in increasing order, every square a piece
	// stands on.
	occupiedLister interface {
		Occupied(out []int) []int
	}
	checksCounter interface {
		ChecksGiven(player int) int
	}
	claimsCounter interface {
		Claimed(player int) int
	}
	// handCounter is how many pieces of a kind a player holds in hand
	// (rules.drops), -1 for an unlimited supply.
	handCounter interface {
		InHand(player, kind int) int
		HandEmpty(player int) bool
	}
	// purseHolder is what a player holds of a resource (schema 36).
	purseHolder interface {
		Purse(player, resource int) int
	}
	// scoreCounter is rules.scoring's count for a player, whatever it
	// counts (pieces, a region, ground claimed, bounties).
	scoreCounter interface {
		Score(player int) float64
	}
)

// ontoLister lists the legal moves that capture (IsCapture) or whose
// Target is one of squares, in the order LegalMoves lists them, without
// generating the others where it can: quiescence in a race asks for
// these.
type ontoLister[M comparable] interface {
	LegalCapturesOnto(buf []M, squares []int) []M
}

// chancePosition is a position whose game has chance events (schema 34's
// rules.dice and rules.hazards). At a chance node nobody chooses:
// LegalMoves lists the event's outcomes, ChanceOutcomes the same outcomes
// in the same order with positive weights (an outcome's probability is its
// weight over their sum), and SideToMove is the seat that moves after the
// event, so a chance node's value for the side to move is the weighted
// mean of its outcomes' values for that same side.
type chancePosition[M comparable] interface {
	AtChance() bool
	ChanceOutcomes(moves []M, weights []int) ([]M, []int)
}

// chanceGame says whether a position's game has chance events at all; a
// position that has the chance methods but not this is taken to have them.
type chanceGame interface {
	GameHasChance() bool
}
