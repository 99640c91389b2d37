// Package fen4 reads and writes chess.com's FEN4, the position notation of
// four-player chess, as syntax only: it knows the fields and the board's
// shape, not the rules (engine/fourref plays them).
//
// A FEN4 is fields separated by '-', as in
//
//	R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-{'enPassant':('','e3:e4','','')}-<board>
//
// and they are, in order:
//
//  1. the seat to move: R, B, Y or G (red, blue, yellow, green);
//  2. seats out of the game, 0 or 1 each, in the order red, blue, yellow,
//     green (every per-seat list uses that order);
//  3. castling rights on the king side, 0 or 1 each;
//  4. castling rights on the queen side;
//  5. points (free-for-all scores; zeros in Teams);
//  6. the half-move clock (plies since the last capture or pawn move);
//  7. optional extras, chess.com's {'key':value,...}: 'enPassant' is read
//     into Position.EnPassant, every other key is kept as written;
//  8. (7 without extras) the board: 14 rows separated by '/', rank 14
//     first, each row's items separated by ',' from file a to file n. An
//     item is a run of empty squares (1 to 14), a piece (a seat letter r,
//     b, y, g or d for a dead, grey piece, then a piece letter: rK, bP,
//     dQ; a dead piece may name the seat it belonged to: drP), or x, a
//     square that does not exist (chess.com writes the cut corners so;
//     older FEN4s write them as empty runs, "3,yR,...,yR,3").
//
// Readings taken from public material (chess.com's own page is not at
// hand): the field order and the en passant extra from the fen4 Rust crate
// (TheThirdOne/fen4) and obryanlouis/4pchess's reader; the corner 'x' from
// the FEN4s 4pchess ships (FENs_4PC_balanced.txt); "drP" from Tetrarch's
// notes on the Rust crate. An en passant entry 'j3:j4' names the square the
// pawn skipped, then the square it stands on; 'j3:' (Athena) only the first.
//
// Parse reports the field, row and item of the first mistake and never
// panics; String writes a Position back so that Parse(p.String()) equals p.
// Runs of empty squares are written merged ("1,1" reads back as "2"), and
// the en passant extra is written after the other extras.
package fen4
