// Package allianceref is a slow reference move generator for the
// designers' two-board alliance game (rulesets/seeds/alliance.json),
// written straight from the rule text to check the engine against: a
// mailbox of two 8x8 boards, a list of at most two pieces per square,
// loops over directions, a copy of the position per move. It shares no
// code with the engine.
//
// The rules it plays:
//
//   - two boards, N and C; seats air, water, fire, earth (FEN letters a,
//     w, f, e) move in that order; air and fire are allied against water
//     and earth. Forward is up for air, right for water, down for fire,
//     left for earth;
//   - K steps one square in the eight directions; S leaps exactly two
//     squares orthogonally or diagonally; U slides as a rook, M as a
//     bishop; Y leaps as a knight; a salt (P, and its served copies PS,
//     PU, PM, PY) steps one square forward onto an empty square and
//     captures one square diagonally forward;
//   - every piece may hop to its own square on the other board, onto an
//     empty square or capturing an enemy there;
//   - every move but the salt's forward step reaches across: each square
//     it reaches at home (a slide's squares up to and including the first
//     occupied one, a leap's landing), whatever stands there, is looked at
//     on the other board, and an enemy there may be captured from afar:
//     the mover stays home;
//   - the corners a1, h1, a8, h8 of both boards are cells holding up to
//     two pieces of one seat. A quiet move onto a cell holding one piece
//     of the mover's own seat joins it; a capture there takes both pieces;
//     each piece of a cell moves as if alone (two alike move alike, and
//     their moves are listed once);
//   - nothing captures its own or an ally's piece. A seat whose king is
//     taken is out: its pieces stay, frozen (they never move, attack
//     nothing, cannot be taken, but still block). The game ends when both
//     seats of a team are out;
//   - there is no check legality: a king may step into attack. But a seat
//     whose king is attacked (by a capture of any kind of an enemy seat
//     still in) and has any move of its king may make only king moves;
//   - a seat with no legal move passes; when every seat still in passes,
//     the game is over;
//   - a salt that lands on its far edge (the edge ahead in its forward
//     direction, on either board, by any move that lands) promotes to the
//     kind it serves (PS to S, ...) when its seat has fewer of that kind
//     than its one at the start; otherwise it may not land there (the
//     rule file's reading: a promotion only to a lost piece, offered no
//     target, is no move). A capture from afar lands nowhere and promotes
//     nothing.
//
// Positions are read from the engine's FEN4 (Parse): the seat to move,
// the seats out, the boards joined by '|', a cell of two written "aK&aS".
// Moves are written "aK N:a1-N:a2": the seat's letter and the piece's id,
// the from square, '-' for a quiet move, 'x' for a capture that lands, '*'
// for a capture from afar, the to square, then '&' for a join and "=S"
// for a promotion.
package allianceref
