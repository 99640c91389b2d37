// Package planesref is a slow reference for schemas 36 and 37 (planes,
// items and purses; statuses and upgrades: /work/wt/PLANES.md, issue 34),
// written straight from the rules to check the engine against. It shares
// no code with balancefarm/engine: it reads a *rules.Spec, keeps a
// position as a slice of squares (a piece, with its status counts, or
// none), the items on each square as counts, and each player's purse, and
// makes a new position for every move.
//
// What it plays:
//
//   - square boards, one or several side by side (schema 33's boards: a
//     square is "NAME:e4" and every square key names its board); a move
//     never leaves its board;
//   - pieces moving by slide, leap, hop and lame leap: symmetry none,
//     lateral, rotate4, dihedral8; range and min_range (a hop's counted from
//     the mover, as a slide's); mode move, capture, both; screen and
//     screen_range; condition from_rank (from the mover's back rank) and
//     first_move (the piece has never moved, nor been moved); captures
//     lists (for the moves only: an arrival below captures whatever enemy
//     it meets). The second player's vectors are the first's with the rank
//     turned (setup.orientation mirror) or both turned (rotate). A lame
//     leap's way runs straight along its longer axis, then diagonally;
//   - setup.placements, mirrored or not; setup.items;
//   - rules.promotion: rank, ranks, squares (a plain square on every
//     board), mandatory, on_leaving, only_lost, to, to_by_player;
//   - two players, rules.win "none", "royal_capture" (a player whose setup
//     has a royal piece and who has none on any board loses) or
//     "annihilation"; no check. rules.stalemate for a player with no move;
//     rules.max_plies;
//   - schema 36: items (kill enter and pass, slide, gain, consumed,
//     immune, stack), resources (start, max, income round and turn),
//     rules.afterlife, rules.after_capture, rules.presence;
//   - schema 37: statuses (stack, frozen, wears_off, immune, afterlife,
//     income, upgrade), pieces[].upgrades, rules.on_capture,
//     setup.statuses.
//
// It refuses (New's error) every other key: castling, en passant, drops,
// walls, regions, facings, seats, sweeps and bent moves, hex boards,
// schema 33's keys other than boards (vertical, across, transfer, cells),
// schemas 34 and 35 (dice, hazards, sight), and checkmate.
//
// Where both play a game (no schema 36 key), the reference agrees with
// the engine move for move (engine_agree_test.go); that checks its reading
// of pieces, promotion, boards and endings, not of the planes. The planes
// and the statuses are checked by engine's TestPlanesRefGames
// (engine/planes_ref_test.go).
//
// How it reads PLANES.md ("What dies, is moved mean"):
//
//   - A move: the piece leaves its square, takes its promotion, and
//     arrives on its landing. An arrival on t: an enemy there is captured
//     and dies on t (its afterlife resolved at once); then, on a board of
//     rules.after_capture's on, the capturer is moved to t's square of the
//     entry's board (an arrival) and the items of t do nothing. An ally on
//     t: the arriver dies on t. Else the piece stands on t and the items
//     on t that are not immune to its kind act: first every gain (amount
//     times the items on t, up to max), then, if any kill item lies there,
//     the piece dies on t; else, if any slide item lies there, the piece
//     moves on by its move's vector again (a rook one square, a knight one
//     more jump), a new arrival, or off the board and removed. The
//     consumed items that acted (gave, killed, or slid) leave t.
//   - A death on t: the first afterlife entry whose from holds t's board
//     and whose pieces (if written) hold the piece's kind moves it to t's
//     square of its to board, an arrival there; no entry: removed.
//   - An afterlife or after_capture arrival has no step: slide items on
//     its square do not act on it (and are not consumed); gains and kills
//     do.
//   - A slide's ray ends on a square holding a kill "pass" item not immune
//     to the slider, which it may land on as on any square; leaps, lame
//     leaps and hops pass over such squares.
//   - After the move: income (round: both players after the first
//     player's turn; turn: the player who moved), then the endings, in the
//     engine's order: royal capture (the player who did not move looked at
//     first), annihilation (both bare: a draw), presence (each player's
//     first entry met; both players meeting one: a draw).
//   - Over: a decided game; else no legal move (rules.stalemate); else
//     the ply count at rules.max_plies (a draw). Repetition and the
//     no-progress clock are not played: a differential test should write
//     "repetition_draw": "never" and a no_progress_draw beyond its games.
//
// How it reads the statuses (schema 37):
//
//   - A piece carries a count of each status (up to its stack), kept
//     through every arrival: the move, afterlives, after_capture, slides,
//     a change of kind. A piece removed from the game loses them.
//     setup.statuses gives them on the squares as written, never mirrored.
//   - A piece with a frozen status makes no move. Statuses immune to an
//     item keep it from acting on the piece, as the item's own immune list
//     does for a kind: no gain, kill or slide, and a kill "pass" item does
//     not end the piece's slide.
//   - A dying piece goes first where its statuses' afterlives send it
//     (statuses[] order, the first entry whose from holds the board), then
//     by rules.afterlife.
//   - The move's own capture (its landing holds an enemy when it is made;
//     not a capture by a slide item's step, an afterlife or after_capture):
//     a piece carrying an upgrade status (the first in statuses[] order)
//     loses one and takes the upgrade the move names: "=ID" a kind (its
//     statuses kept), "^NAME" one of a status, up to its stack. Moves lists
//     such a capture once per option of the kind's upgrades in place of the
//     plain capture; a kind with none keeps the plain capture (the status
//     spent). A pawn's capture onto its promotion rank keeps its
//     promotions beside the upgrades (a promotion to an upgrade kind is one
//     move); the status is spent whichever is played. A capturer with no
//     upgrade status gains one of each rules.on_capture status. Both are
//     taken as the move is made, before the arrival, as a promotion is.
//   - After the move: one of each wears_off status leaves every piece of
//     the mover (those gained this turn too), then income: each
//     resource's, and its statuses' (amount times count, summed over the
//     pieces, to their owner) when the resource's income pays (round:
//     both players after the first player's turn; turn: the mover); a
//     resource with no income pays its statuses' as round.
//
// Spelling, matched to the engine: a square is named as engine's
// Game.squareName (boards.go) names it, "e4", or "B:e4" on a game of
// several boards; a move as Position.MoveString (notation.go) writes a
// plain move, the from and to squares run together, then "=ID" for a
// promotion or an upgrade to a kind, "^NAME" for an upgrade to a status:
// "e2e4", "E:e2E:e4", "e7e8=Q", "E:a1E:a5^hat". Play also takes a '-'
// between the squares ("E:e2-E:e4"). When two ways of moving give one
// text (a leap and a slide to the same square), the move is listed once
// and Play makes the first in the piece's moves and vectors order, whose
// vector a slide item repeats.
package planesref
