// Package diceref is a slow reference generator for chess with chance
// (schema 34's rules.dice and rules.hazards on the chess army), written
// straight from the rules to check the engine's perft and outcome weights
// against. It shares no code with balancefarm/engine: a board of 64 squares
// holding FEN letters, loops over directions, a copy of the position for
// every branch.
//
// The chess it plays: FIDE's moves (pawn steps, double steps from the
// second rank, diagonal captures, en passant, promotion to Q, R, B or N;
// castling with an unmoved king and rook over empty squares, the king not
// on, crossing or landing on an attacked square) with royal capture instead
// of check: a king may stand attacked, and capturing it wins the game.
//
// The chance it plays (Rules):
//
//   - a die (Die) is rolled before every turn, the first included: a face
//     by weight, or (Deck) drawn from a deck of weight cards of each face,
//     without replacement, the deck full again as soon as its last card is
//     drawn;
//   - the player to move must move a piece of a kind the face lists (a
//     promotion moves a pawn, castling the king). With no such move the only
//     move is "pass", or (BlockedAny) every legal move is allowed. With no
//     legal move at all there is no move;
//   - a hazard (Hazard): after a move by a piece of a listed kind (its kind
//     before promotion; CaptureOnly: only a capturing move), unless the
//     game is over, a chance node "fate:spared" / "fate:removed" settles
//     whether the piece is taken off; a king taken off loses the game. Then
//     the next die.
//
// Perft counts every chance outcome as a branch (a ply) and counts nothing
// below a decided board (a king captured or removed). Positions are read
// from the engine's FEN (Parse): chess's six fields, then " roll:NAME" (the
// face rolled for the move to come), " fate:SQ" (a pending hazard) and
// " deck:N,N,..." (the cards left of each face when the deck is not full).
// Moves are named as the engine names them: "e2e4", "e7e8=Q", "e1g1" for
// castling, "pass", "roll:NAME", "fate:spared", "fate:removed".
package diceref
