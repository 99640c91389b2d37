// Package planesref is a slow reference for schemas 36 to 44 (planes,
// items and purses; statuses and upgrades; the market and chance; pieces'
// powers; neutral pieces and actions; chaos, checkers jumps and forced
// movement; secret traps; larger pieces: /work/wt/PLANES.md,
// /work/wt/HIDDEN42.md, engine/rules/SCHEMA-44.md, issue 34),
// written straight from the rules to check the engine against. It shares
// no code with balancefarm/engine: it reads a *rules.Spec, keeps a
// position as a slice of squares (a piece, with its status counts, or
// none), the items on each square as counts (a hidden item's per
// player), and each player's purse, and
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
//     setup.statuses;
//   - schema 38: rules.market, statuses[].hazard;
//   - schema 39: moves' shoot and squares, pieces[].protects, on_death,
//     dies_on, after_move, items[].cancels;
//   - schema 40: pieces[].neutral, setup.neutral, statuses[].portal,
//     pieces[].raises, statuses[].extra_move;
//   - schema 41: rules.chaos, items[].chaos, pieces[].jumps,
//     statuses[].forced (and up to 16 statuses);
//   - schema 42: items[].kill "end", items[].hidden;
//   - schema 44: statuses[].size;
//   - schema 45: statuses[].grow.
//
// It refuses (New's error) every other key: castling, en passant, drops,
// walls, regions, facings, seats, sweeps and bent moves, hex boards,
// schema 33's keys other than boards (vertical, across, transfer, cells),
// schemas 34 and 35 (dice, rules.hazards, sight), and checkmate.
//
// Where both play a game (no schema 36 key), the reference agrees with
// the engine move for move (engine_agree_test.go); that checks its reading
// of pieces, promotion, boards and endings, not of the planes. The planes
// and the statuses, the market, the powers and the actions are checked by
// engine's TestPlanesRefGames (engine/planes_ref_test.go).
//
// How it reads PLANES.md ("What dies, is moved mean"):
//
//   - A move: the piece leaves its square, takes its promotion, and
//     arrives on its landing. An arrival on t: an enemy there is captured
//     and dies on t (its afterlife resolved at once); then, on a board of
//     rules.after_capture's on, the capturer is moved to t's square of the
//     entry's board (an arrival) and the items of t do nothing. An ally on
//     t: the arriver dies on t. Else the piece stands on t and the items
//     on t that are not immune to its kind act, in items[] order
//     (SCHEMA-36.md): first every gain (amount times the items on t, up
//     to max), then the first kill item there kills the piece on t; else
//     the first slide item moves it on by its move's vector again (a rook
//     one square, a knight one more jump), a new arrival, or off the
//     board and removed. The consumed items that acted (gave, killed, or
//     slid: one kill or slide item at most) leave t.
//   - A death on t: the first afterlife entry whose from holds t's board
//     and whose pieces (if written) hold the piece's kind moves it to t's
//     square of its to board, an arrival there; no entry: removed.
//   - A kill "end" item (schema 42) kills a piece that comes to rest on
//     it (the first such item acts): after the gains, when no kill
//     "enter" or "pass" item killed it and no slide item moved it on
//     (then the "end" item has not acted, and stays though consumed). A
//     piece slid onto it and stopping there rests there; so does any
//     arrival with no step (an afterlife's).
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
// How it reads the larger pieces (schema 44, SCHEMA-44.md):
//
//   - A larger piece keeps its body as the offsets of its other squares
//     from its own, in the order gained; each body square holds a piece
//     of the body kind, which moves, protects and counts (presence,
//     royals, an army) for nothing, and which any capture may take.
//   - Its moves are its kind's from its square with its body off the
//     board; with the status it makes no move of an entry with
//     from_rank or first_move, and puts no after_move item on its own
//     body. Anything that takes it off a square takes its body too;
//     arriving, the body is laid at its offsets in order: off the board,
//     onto a piece not its enemy or protected, or onto an item killing
//     on entry, a square and a status are lost; onto an enemy, the enemy
//     dies there first. Its own square alone meets the items.
//   - A death of a larger piece is a shrink: a status goes and the first
//     body square (off the board: that one lost too, and again) becomes
//     its square, where it arrives (no step). A body square taken alone
//     (captured, jumped, shot) takes a status and that square off its
//     piece; nothing else happens. A piece dying with no body keeps no
//     count of the status.
//   - After any action but a chance outcome (a choice of chaos too), in
//     square order, every piece with more of the status than body squares
//     grows a square at a time into the first square touching its cover
//     (its square, then each body square in order; up, right, down, left)
//     with no piece and no item killing on entry; none: the count falls
//     to the body's. A guard protecting "adjacent" guards a piece whose
//     cover touches its own cover on a side.
//   - Under grow "choice" (schema 45, SCHEMA-45.md), an action after
//     which (every growth left owed) a piece owes a growth and has free
//     squares touching its cover is listed once per such square, written
//     with ">SQ"; the first growth is into that square.
//   - Board writes a body square "body@SQ#N": its piece's square and its
//     place in the order.
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
//
// How it reads the market and chance (schema 38):
//
//   - A chance event is pending (AtChance) where cards are to unlock, or
//     a hazard's fate is due; Moves lists its outcomes ("unlock:NAME" for
//     each locked card, weight 1 each; "fate:spared" 1000-t and
//     "fate:removed" t, t the greatest hazard, in thousandths, of the
//     piece's statuses), Outcomes their weights, and SideToMove is the
//     player who moves after it. The start has rules.market.open unlocks
//     pending. An unlock comes before a fate.
//   - A purchase "buy:NAME" or "buy:NAME@SQ": an unlocked card the player
//     can pay for; a status card targets a piece (own: the buyer's, enemy:
//     the other player's, any: any, a neutral one too), an item card a
//     square with no piece (empty: and no item) where the item is below
//     its stack. The price is paid, the effect applied (a status up to its
//     stack; an item as put down, below; a gain up to max), the price
//     rises by the step, and one more card is to unlock while more are
//     locked than are to unlock. The turn ends as after a move.
//   - A hazard: after its owner moves a piece (a move, a shot, a portal's
//     step; not a raise, a purchase, a neutral piece's move), the piece,
//     wherever it stands after the move's consequences (an afterlife's
//     board too), meets its fate after the turn's end (or between the
//     moves of a turn that goes on); "fate:removed" is a death on its
//     square, then the endings.
//
// How it reads the pieces' powers (schema 39):
//
//   - A shot (a leap or lame leap with shoot) captures an unprotected
//     enemy where it lands, written "FROMxTO"; the shooter stays, takes
//     what a capture gives (an upgrade written "=ID" or "^NAME", or
//     rules.on_capture), and puts nothing down after it.
//   - squares: leaps to those squares of the mover's board, for both
//     players as written (never mirrored); their vector, for a slide
//     item, is the landing less the start.
//   - A piece is protected while an allied guard (not itself) whose
//     protects names its kind stands on its rank or file (line) or on a
//     square touching it (adjacent), on its board. Moves onto it are
//     listed as moves onto any enemy (no upgrades: nothing is captured),
//     and an arrival there dies on it, as onto an ally; shots at it are
//     not listed.
//   - on_death puts one of its item on the square where the piece dies,
//     before its afterlife (as put down, below); a piece moved off the
//     board leaves none.
//   - dies_on: a piece that stands on the rank (counted from its owner's
//     first) after the items there have acted dies there.
//   - after_move: each plain move or capture of a kind with it (the kind
//     before a promotion) is listed again with each of its items on each
//     square touching the landing that holds no piece (or is the square
//     left) and, for "empty", no item: "FROMTO+ID@SQ". The item is put
//     down after the move's consequences if no piece stands there.
//   - An item put down (a card, on_death, after_move) meeting an item it
//     cancels (items[].cancels, both ways) removes one of it and is not
//     put; otherwise it is added up to its stack.
//
// How it reads neutral pieces and actions (schema 40):
//
//   - A neutral piece (Board writes "n:ID") is moved by the side to move
//     (moved_by most: only while it holds strictly more of the resource),
//     in that player's frame; it captures the pieces of the other player,
//     dies arriving on the mover's pieces, takes no promotion, upgrade or
//     on_capture; its items' gains go to the mover. Nothing moves onto it
//     (an arrival there dies). No neutral piece may make the straight undo
//     (Ban) of the other player's neutral move on the next turn's first
//     action: from where the move left the piece (after its
//     consequences) back to where it started.
//   - A portal ("FROM>TO", a piece with a portal status, frozen or not: it
//     is no move of the piece's own) to its square on each other board
//     holding no piece of its owner and no neutral one; one is spent; an
//     arrival with no step (a slide item does not act on it).
//   - A raise ("RAISER!SQ", a raiser standing on one of its on boards,
//     frozen or not) of any other piece but a neutral one on its from
//     board (never itself: "the raiser does not move", SCHEMA-40.md), to
//     the same square of its to board: the status given
//     first, then an arrival with no step.
//   - A second move (Again): after the first move (a move, a capture, a
//     shot; not a purchase or an ability) of the player's piece carrying
//     an extra_move status, wherever it then stands (an afterlife's board
//     too), if the player can pay the first such status's cost, the turn
//     goes on: that piece's moves (with their upgrades and after_move
//     items), paid as made, or "pass". Wear-off and income come at the
//     turn's end only.
//
// How it reads chaos, checkers jumps and forced movement (schema 41):
//
//   - A chaos item acts as a gain does (on every arrival, a move's or an
//     afterlife's, unless immune; consumed if it says so): each chaos item
//     on the square owes one offer to the piece's owner (the player
//     acting, for a neutral piece), however many of it lie there.
//   - Once the turn is over (after income; not between the moves of a
//     turn that goes on), and after any unlock or fate, each offer owed is
//     a chance event: "offer:A,B,C", every set of offer effects (names in
//     effects[] order), weight 1 each. While it is pending the side to
//     move is still the player whose turn it is; the outcome makes the
//     chooser (white while white is owed one) the side to move and keeps
//     the turn's player to resume.
//   - The chooser's moves: "chaos:NAME@SQ" for each target the effect's
//     on allows (as a market card's, for the chooser), or "chaos:NAME"
//     for an effect with no target, or whose targets are all missing (it
//     then does nothing). The effect is applied as a card's; no turn ends
//     (nothing wears off, no income). Then the next offer owed (the
//     chooser stays the side to move while it is drawn), or play resumes.
//   - Chaos reads as the engine's FEN fields: "offers:W/B" while any is
//     owed, "offer:A,B,C" while the side to move chooses, "resume:w|b".
//   - A checkers jump (pieces[].jumps, the directions in the mover's
//     frame) goes over a piece on the next square (not an enemy's
//     protected one) to the square beyond, which holds no piece; with max
//     2 a second jump from that landing, not back over the same square.
//     One and two jumps are both moves, written as the squares landed on
//     ("c3c5", "c3c5e7"). The enemies jumped die in turn as the move is
//     made (before the jumper arrives); allies and neutral pieces stay.
//     The jump's capture is the move's capture (upgrades listed and
//     spent, or rules.on_capture), its landing an arrival whose step, for
//     a slide item, is the last jump (two squares); the first landing of
//     two is passed over.
//   - Forced: while the side to move has a piece carrying a forced status
//     that has a move of its own (not frozen), its moves are those
//     pieces' moves only (no other piece, purchase or ability); one of
//     the status is spent whenever its piece moves (a move, a shot, a
//     jump; not a portal's step or a raise).
//
// How it reads secret traps (schema 42, HIDDEN42.md):
//
//   - A hidden item lies in heaps, one per player who put it down, on
//     each square: the player whose turn it is (the side to move: a
//     chaos effect's chooser) when a market card, a chaos effect or an
//     after_move puts it down owns it. Its stack bounds each heap.
//     Items writes the heaps "ID.w" and "ID.b".
//   - A hidden item acts as the sum of the heaps on its square (gains
//     times every heap's count); consumed, every heap of it there goes.
//   - A card's or chaos effect's "empty" target, and after_move's
//     "empty", count only the items the player choosing (the mover) sees:
//     the visible ones and its own hidden ones; an "unoccupied" item
//     target takes the item while the player's own heap is below the
//     stack.
//   - It refuses a hidden item with slide, kill "pass", chaos or cancels,
//     one named by cancels or on_death, and one in setup.items.
package planesref
