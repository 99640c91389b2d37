// Package aliceref is a slow reference move generator for Alice chess
// (V. R. Parton, 1953), written straight from its rules to check the engine
// against: two 8x8 mailboxes, loops over directions, a copy of the position
// per move, a legality test by making each move. It shares no code with
// balancefarm/engine.
//
// The rules it plays (Alice()):
//
//   - two boards A and B; the chess army starts on A, B is empty;
//   - a move is made on the board its piece stands on, by chess's rules on
//     that board alone: paths are blocked by pieces of that board only,
//     captures take enemies of that board only;
//   - the moved piece then passes to the same square of the other board,
//     which must be empty, else the move is illegal (a capture too: the
//     capturer leaves the board it captured on);
//   - a move is legal only if afterwards no king of the mover is attacked,
//     by chess's attacks of the enemy pieces on the king's own board;
//   - and (Rules.LegalOnHomeBoard) only if it is a legal chess move on the
//     board it is made on, taken alone, before the transfer: no king of the
//     mover on that board attacked there with the moved piece on its
//     target square. This bites on king moves only: a king may not step
//     onto a square attacked on the board it leaves, so a check is never
//     escaped by the transfer alone. (A piece interposing against a check
//     is refused by the rule above anyway: it leaves for the other board.)
//   - promotion as in chess, to Q, R, B or N, the promoted piece passing
//     across (so the square across must be empty);
//   - castling: king and rook on their own squares of one board with the
//     right kept, the squares between them empty on that board, the king
//     not in check there and not crossing an attacked square there (f1 or
//     d1, on the home board); the king's and the rook's landing squares
//     empty on the other board; both pass across. Where the king lands is
//     tested by the check tests: on the other board, where it ends, and
//     under LegalOnHomeBoard on the home board too, as in chess;
//   - en passant (Rules.EnPassant): after a pawn's double step, which
//     lands it on the other board, an enemy pawn standing beside it on
//     that board may take it, moving diagonally onto the passed square of
//     that board (empty there), then passing across, where that square
//     must be empty too. The FEN's en passant field names the passed
//     square on the board the pawn now stands on ("B:e3"); Make writes it
//     after every double step, whether a capture is possible or not, as
//     FEN does;
//   - castling rights are lost when the king moves (castling included),
//     and when a move starts from or lands on a king's or rook's home
//     square on either board: in a game from the start no square is ever
//     taken on both boards at once (every move lands on an empty square
//     and leaves its own empty), so a square names one piece;
//   - perft counts legal move sequences; mate and stalemate end a line as
//     in chess (no moves), and no other ending (fifty moves, repetition)
//     is applied.
//
// Rules{Transfer: false} plays chess on each board, the moved piece
// staying where it lands; with board B empty it is plain chess, which the
// tests check against chess's published counts.
//
// Readings and their sources (searched 2026-12):
//
//   - The two stipulations (legal on the board where it is played; the
//     square across vacant) and captures on one's own board only:
//     Wikipedia "Alice chess" (via liquisearch.com/alice_chess/move_rules,
//     zalansite mirror), schemingmind.com knowledge base article 102,
//     ludii.games "Alice Chess", dailychess.com/chess-variant/alice,
//     vchess (git.auder.net, rules/Alice/en.pug).
//   - Check only from the king's board: popeye's REGRESSIONTESTS/alice.tst
//     ("Alice check only from same board"), dailychess, vchess.
//   - A move legal on its own board before the transfer
//     (LegalOnHomeBoard): "the move must be legal on the board on which it
//     is played" (Wikipedia); Michel Germain, "An Explanation of the Rules
//     of Alice Chess" (schemingmind.com journal article 193, 2014: every
//     Alice move is a legal chess half move on its action board, and the
//     teleport may not leave the king in check); schemingmind ("you can't
//     move through check, even if that move would transport your king to
//     the opposite board"); dailychess and vchess (a king in check cannot
//     escape by moving to the other board); both readings Fergus Duniho
//     weighs (chessvariants.com comment, 2013-03-25); H. G. Muller's
//     Fairy-Max Alice, which he patched to this after finding that kings
//     otherwise flee to the other board and are almost never mated
//     (chessvariants.com comment, 2013-03-25); ChessV, whose castling tests
//     the king's from, crossed and landing squares on the home board.
//     Rules.LegalOnHomeBoard off is the looser reading, where only the
//     position after the transfer counts.
//   - Castling: schemingmind ("both king and rook are transported"; "you
//     can't move through check, even if that move would transport your
//     king to the opposite board"), pypi.org/project/alicechess (king not
//     in check, landing squares vacant on both boards, not through check
//     on board A), ChessV (AliceCastlingRule: landing squares across
//     empty; king's from, crossed and landing squares unattacked on the
//     home board), dailychess ("cannot castle through check on either
//     board": the crossed square's other-board attacks are not played
//     here). Only the two landing squares need be empty across, not every
//     square between king and rook as dailychess asks.
//   - En passant: Parton's text is silent and Jellis says "it is usual to
//     forgo it" (chessvariants.com comments); schemingmind, ludii,
//     pychess/chessgpt and dailychess play none (Rules.EnPassant off).
//     Fergus Duniho and Larry Smith (chessvariants.com comments, 2004-5),
//     pypi alicechess and ChessV take it on the board the double-stepped
//     pawn now stands on, the passed square empty there; Smith and
//     alicechess also need it empty across, as every Alice move does,
//     which is the reading here. vchess allows it "regardless of the
//     worlds pawns are in" and Levi Aho (chessvariants.com, 2010) would
//     ignore the square's content on the capturer's board: not played.
//
// Positions are read and written as the engine's FEN: chess FEN with the
// boards' ranks joined by '|' (A first), the en passant field a square on
// a board ("B:e3") or "-". Moves are written by their home board and
// from-to, "A:e2e4", "B:e7e8=Q", castling as the king's move "A:e1g1".
//
// No published perft counts for Alice chess were found (Fairy-Stockfish
// plays no Alice chess on its main branch; ChessV, vchess, pychess and
// popeye publish none); the counts in engine/testdata/alice-perft.txt are
// this package's own, under Alice(), Alice() without en passant, and
// Alice() without LegalOnHomeBoard, so an engine playing any of these
// readings can be checked.
package aliceref
