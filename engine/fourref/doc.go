// Package fourref is a slow reference move generator for four-player chess
// Teams (chess.com's), written straight from the rules to check faster
// engines against: a mailbox over fen4.Position, loops over directions, a
// copy of the position per move, no incremental state.
//
// The rules it plays:
//
//   - a 14x14 board whose 3x3 corners do not exist (nor does any square
//     written x in the FEN4);
//   - seats red (bottom, pawns move up), blue (left, pawns move right),
//     yellow (top, pawns move down) and green (right, pawns move left), in
//     that turn order; red and yellow against blue and green. Each army is
//     red's turned: blue's a quarter turn clockwise, yellow's a half turn,
//     green's three quarters;
//   - knights, bishops, rooks, queens and kings move as in chess; nothing
//     captures its own or an ally's piece. Dead (grey) pieces only block;
//     pieces of other letters neither move nor attack;
//   - pawns step forward onto an empty square, two steps from their start
//     line (red rank 2, blue file b, yellow rank 13, green file m) over two
//     empty squares, and capture an enemy one step diagonally forward;
//     reaching their promotion line (Rules.PromotionRank counted from their
//     own side: 11, the default, means red rank 11, blue file k, yellow
//     rank 4, green file d; 8 means red rank 8, blue file h, yellow rank 7,
//     green file g) they become one of Rules.Promotions (N, B, R or Q by
//     default);
//   - castling as in chess, red's king h1 to j1 with the rook k1 to i1 (king
//     side) or h1 to f1 with d1 to g1 (queen side), the squares between king
//     and rook empty, the king not attacked on its square, the one it
//     crosses or the one it lands on, the rook the seat's own (4pchess
//     also takes the partner's); the rights are the FEN4's and are lost
//     when the king moves or the rook leaves or is taken on its square;
//   - a move is legal when afterwards no king of the mover is attacked by
//     an enemy (a seat of the other team): an ally never gives check. A
//     move that takes an enemy king (left attacked while its owner was not
//     on move) is legal even so, as the game ends with it;
//   - en passant (Rules.EnPassant): a pawn's double step is recorded in the
//     FEN4's per-seat entry until that seat moves again; meanwhile an enemy
//     pawn may move diagonally forward onto the skipped square and take the
//     pawn (and an enemy piece standing on the skipped square, in the same
//     move). EnPassantSkipped lets a pawn on either diagonal do so (the
//     default); EnPassantBlocked only one whose forward square holds the
//     double-stepped pawn (obryanlouis/4pchess's geometry);
//   - the game is over (no moves) when the side to move has none, or when a
//     seat is out: a move that takes a king puts its seat out. Perft counts
//     move sequences of the given length, so a finished game adds nothing
//     below it.
package fourref
