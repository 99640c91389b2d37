// Package engine plays the rule language: it compiles a rule file (a
// *rules.Spec the front end accepted) into a Game, and gives Positions that
// generate legal moves, make and unmake them, hash themselves and say when
// and why a game is over. Everything that plays games (perft, the random,
// alpha-beta and MCTS players, the farm's workers) goes through this
// package, so its speed is the farm's speed and its correctness the
// verdict's correctness. The rules front end is engine/rules; this package
// owns everything after it.
//
// # What it plays
//
// Square boards up to 16 by 16, and hex lattices (the rhombus and the
// regular hexagon, hex.go), with every move kind (slide, leap, hop,
// lame, sweep) and key, piece regions, captures lists, walls, wrapped edges,
// mirrored or rotated setups, promotion (with schema 30's rest and move
// home, homeward.go), en passant, castling, must_capture,
// forbid_check, royal_facing, forbid_immobility, and every ending except
// those of the families below, and pieces in hand (rules.drops with its
// stock, regions, no_doubled, no_mate, placement phase and either_face;
// promoted_from; promote_on_entry), explosions,
// strikes, contacts and territory (effects.go, fxmake.go), facings
// (facing.go), portals (portal.go), wild pieces with scoring by points
// (npcs.go), turns of several moves, rest, and games played in rounds
// with beats, ties, swaps, speeds and spies (turns.go, rounds.go). What
// it does not play together is one table, families.go: the families, when
// a file has each, and the pairs (and a few limits of one family) Load
// refuses with "not supported yet: <reason>", checked once before it
// compiles anything. testdata/families.txt prints it as families ×
// families, each pair "plays", "refused: reason" or the language's own
// "invalid". The representation below already has a place for each
// refused pair, so playing one is new code, not a redesign.
//
// # Where a family lives
//
// rules.touch (touch.go), the smallest family with state, lives in these
// places, each a nil check on g.touch where the family is absent:
//
//   - When it is present, and what it is refused beside: its rows in
//     families.go (families[famTouch], the refusals rows with famTouch).
//   - Compile: touch.go loadTouch (a step of Load, game.go), into
//     Game.touch (*touchRule); load.go loadSetup counts it among the
//     board endings (boardEndings).
//   - Hash keys: touch.go loadTouchKeys (called from load.go loadZobrist),
//     touchHash (called from position.go computeHash; 0 without the
//     family).
//   - Position state and undo: touch.go touchState, touched with touches
//     the stack of old values, embedded in Position (position.go), so
//     p.touched reads as the position's own; undoRec.savedTouch says a
//     move pushed. touch.go touchAfter (called from makemove.go makeStd)
//     and untouch (from makemove.go Unmake); position.go Clone starts the
//     clone's stack.
//   - Ending: touch.go touchOutcome (from outcome.go boardOutcome), rule
//     name "touch" (position.go ruleTouch, ruleNames).
//   - Notation: touch.go touchNotation, its row in fen.go's
//     notationFields: touchField writes touched-w: and touched-b: (FEN)
//     and parseTouched reads them (ParseFEN).
//   - Read-only view: touch.go Touched.
//
// A new family takes the same path: its own file with its load step
// (added to Load's steps), its position state and undo stacks as a struct
// there that Position embeds (what a move records on the undo record
// likewise, as fxUndo and wildUndo are; Clone empties its stacks), its
// keys and hash share (called from loadZobrist and computeHash), its
// notation fields (a notationField, listed in fen.go's notationFields)
// and ending in that file; one row in families.go's families (when a
// file has it) and its rows in refusals (what it is not played beside,
// with the reason, in the order Load checks them); and its hooks on the
// hot paths (make, unmake, the incremental hash, outcome), each behind a
// nil check so games without it pay one branch. A family whose data sits
// in the notation's fixed fields routes it through its file: the hands
// (hand.go handField, readHand), wild and turned pieces' tokens (npcs.go
// wildTokens, offRoute; facing.go faceSuffix, readFaced) and the move
// number of turns (turns.go moveNumber).
//
// # Design
//
// Squares are numbered rank by rank from a1 = 0 (sq = rank*width + file),
// at most 256, so a square is a byte and a set of squares is four words
// (bitset). Walls are squares no table ever lands on or passes through.
//
// Game (built once by Load, immutable, shared by goroutines) holds
// everything that depends only on the rules:
//
//   - Directions: every board vector a ray uses, per player (player 1's
//     vectors are player 0's mirrored or rotated, as the setup's orientation
//     says). For each player, direction and square, the forward ray (the
//     squares a slide steps through, wrap folded in, stopping at walls, the
//     edge or its own start) and the reverse chain (the squares that step
//     onto it), all in one byte pool.
//   - Move tables, per player, kind and square: one entry per way of moving
//     from there. A leap or lame leap stores its target (and the lame legs
//     that must be empty); a slide, hop or sweep stores a slice of the
//     forward ray cut to its range. Static conditions (from_rank, region),
//     piece regions on landings, blocks_leaps and the board's edges are
//     folded in at load, so move generation is table walking: no geometry,
//     no bounds checks, no per-move condition tests except first_move. The
//     entries are also split into fast lists (leaps without legs as bare
//     targets, slides from their first square as bare rays, each with its
//     mode) that generation walks when no promotion, region, immobility
//     rule or en passant square concerns the piece where it stands.
//   - Attack tables, the same facts reversed: per player and target square,
//     the leap sources and the kinds that leap from each (as a kind bit
//     mask), and per player a list of line groups (direction, move kind,
//     range, kinds) walked back along the reverse chain. "Is this square
//     attacked by that player, as a capture of that kind" is a few table
//     reads; captures lists enter as a mask of the kinds that may capture
//     the target.
//   - The rules as flags and small structures (promotion zones per player
//     as bitsets, castling files, goal sets, extinction lists, clocks), the
//     setup, and the Zobrist keys (fixed seed, so hashes agree across
//     processes).
//
// The read-only view (view.go) is how players and reports read a Game, so
// none of them needs the rule file: square coordinates (File, Rank), the
// move table entries per player, kind and square as Lines (squares in
// order, legs, quiet or capture, first-move and static-condition flags,
// hop screens), CanStand (walls and regions), Promotions, Reach,
// Extinction with SetupCount, Scoring, Endings (defaults filled in) and
// whether castling, en passant and double steps exist. Each is computed
// from the tables move generation uses; no exported method of Game or
// Position mentions an engine/rules type.
//
// Position is the mutable state: the board as one byte per square, its
// code (code.go: 0 empty, else the kind and the owner packed, the owner a
// seat or wildOwner; only code.go packs or unpacks one), occupancy
// bitsets, per-kind bitsets and counts per owner, wild pieces in the slot
// after the seats (and a mask of the kinds present, which prunes attack
// tests; every blocker set is all the occupancies together, occWord), the
// seat to move, the never-moved set (castling and first_move rights: only pieces of
// kinds where it matters, and for castling pieces only while a castling is
// still possible, so the set is exactly the rights), the en passant squares
// and the piece that passed them (kept only when an enemy piece could land
// there, so the hash and the notation carry the right only when it
// exists), check counts, the ply and the no-progress clock, and the
// board-decided ending. Make pushes an undo record and updates everything
// incrementally, the hash included; Unmake pops it. The hashes of earlier
// positions are kept for repetition.
//
// Seats (seats.go, seats_fen.go) are the players, numbered from 0: two
// for every game of the reference, up to maxSeats with schema 32's seats.
// Per-seat state in Position, Game and the undo records is an array of
// maxSeats entries (maxSeats+1 with the wild slot) indexed by the seat.
// A two-player game keeps its old paths (nextSeat, opponent); a game with
// seats passes the turn in its turn order and asks its teams (foes,
// allies, shield) wherever a two-player game asks opponent.
//
// Several boards (boards.go, schema 33) lie side by side in the square
// numbering, each board's files and ranks its own; moves between boards
// are table entries of their own. Cells (cells.go) keep a second piece on
// a square in a layer below the board.
//
// Move is a uint64: from, to, promotion kind, a capture bit, a move type
// (normal, double step, en passant, castling, sweep, drop, turn, portal
// end, through a portal; pass is reserved) and two auxiliary bytes (a ray direction, a castling
// partner's squares; a strike's landing square later).
//
// Boards of at most 64 squares fit one word, and there the hot paths use
// masks: each fast ray also carries its squares as a mask and whether its
// squares rise or fall, so its first blocker is one bit scan; a piece's
// landings from its fast lists are gathered into one word and listed in
// square order (slow entries' moves follow); the leap sources of an attack
// test, and the lines from a royal, read blockers from the occupancy sets.
// Larger boards list moves in table order. Up to 128 squares (midboard.go:
// Capablanca, Grand, shogi, xiangqi) a ray is a two-word mask, its first
// blocker a bit scan and the squares before it listed in the ray's order;
// the leap sources and the lines from a royal are two-word masks too.
// Above 128 squares generation walks the pool. Either way the order is
// fixed by the rules and the position alone, so a seeded player plays the
// same game everywhere.
//
// Legal moves: the pseudo-legal moves of the tables (movegen.go), then the
// rules about royals (legal.go). Legality is settled piece by piece as
// moves are generated.
// Before testing any move, prepare walks each enemy line to the
// royal once, finding a slider giving check and the pieces pinned in front
// of one, and works out which moves could change the answer: when not in
// check, only the royal's own moves, pinned pieces, pieces on a hopper's
// line, the legs of a lame leap aimed at it, and special moves (en passant,
// castling, sweeps); when in check, only moves landing on a square that
// captures or blocks every checker (the rest are illegal untested). Those
// are played on the board array and occupancy sets alone (put back after)
// and the royal's square is tested;
// when the royal has several steps to test, one map of every square the
// other player attacks (the royal lifted off the board) answers them all.
// Every other move is legal untested. must_capture filters last.
//
// One move skeleton. legal is a board family's own part (legalStd;
// legalFx for capture effects and territory, fxmake.go; legalPortal,
// portal.go), then legalTail for every family: a facing's turns, the rest
// and bar filters, must_capture, called only when the game has one of
// them. Make is a family's board change (makeStd; makeFx; makePortal,
// which moves the ends and calls makeStd), then endMove for every family:
// the no-progress clock, the end of the turn, checks given, the hash and
// the board's own endings. The light makes that test a move (legalAfter,
// fxLegal) share codesAt, standing, allAttacked and undoLite. A new family
// adds its part behind a nil check on Game, never a second tail; a round
// (rounds.go) is two moves at once and ends its own way. With capture
// effects (keepFxLegal) prepare's reasoning stands for quiet moves, the
// royal's steps are answered together by attack maps read with the
// explosion reading of check (royalStepMap), and an exploding capture,
// which only empties squares, is tested by clearing them for a moment
// (blastLegal), as a strike sending its victim home is by setting the
// squares it changes (strikeLegal); the light make is left for the other
// moves.
// LegalCaptures is the same with only capturing targets generated (must_capture
// cannot change a list of captures); HasLegalMove generates piece by piece
// and stops at the first legal move, which is how OutcomeNoList tells
// "no move" without listing the moves.
//
// Check: a player is in check when it has a royal piece and every one it
// has is attacked (so with two royals, as in Spartan chess, leaving one
// attacked is allowed). Under win "checkmate" a move may not leave its
// player in check nor lose its last royal.
//
// Endings. The board's own endings are computed in Make, in this order:
// royal_capture (a player whose setup has a royal has none), annihilation,
// extinction, bare_royal, check_limit, reach; for each, the player who did
// not move is looked at before the mover. Where every ending the game has
// reads piece counts alone (countEndings), a move that changes no count
// leaves an undecided status as it was without asking. Outcome then looks at having no
// legal move (checkmate, with rules.checkmate's result, or stalemate, with
// rules.stalemate's), repetition, counting (schema 31), no_progress and
// max_plies, the two clocks settled by rules.scoring where the file has it
// (Rule "scoring", Trigger the clock). LegalMoves does not consult endings; Perft stops only at the
// board's own endings, as published perft counts do.
//
// Semantics the reference leaves open, as played here:
//
//   - A lame leap passes straight steps along its longer axis first, then
//     diagonal ones; every square before the target must be empty. Walls
//     block a leap or lame leap only with blocks_leaps.
//   - A hop's range and min_range count the whole move; screen_range counts
//     from the screen.
//   - A sweep's mode is about its landing square; every piece it passes
//     over is removed whatever the mode. It attacks every square up to the
//     first piece it may not capture.
//   - En passant: a slide of two or more squares by a promoting piece
//     leaves the squares it passed capturable by an enemy promoting piece's
//     capturing move (a lame leap passes nothing, which is how Horde's
//     first-rank double step is written). A capture move that may also just
//     move, landing on such a square, takes en passant.
//   - Castling: the castling piece and an unmoved partner on its rank; the
//     castling piece goes king_steps toward it or to king_file, the partner
//     to rook_file or the square next to the landing on the castling
//     piece's side; everything between must be empty. "Out of, through or
//     into check" applies when the castling piece is royal.
//   - forbid_immobility refuses a move that leaves the moved piece on a
//     square from which none of its moves (other than first-move ones) has
//     a target on the board.
//   - rules.reach on "arrive" is looked at after every move: a reach piece
//     standing on its goal (and, with safe, not capturable there) decides.
//   - The no-progress clock counts plies without capture or promotion (the
//     reference's rule) and, with rules.no_progress_resets (schema 43),
//     without a move of the pieces it names: pawns for FIDE's fifty-move
//     rule (noprogress.go). A drop is none of these, unless
//     promote_on_entry promotes it.
//   - Hands (hand.go): a count per player and kind, with a Zobrist key per
//     count, so repetition sees them. A capture (en passant and a sweep's
//     removals included) puts the piece in the mover's hand as its
//     promoted_from. A drop is a move of type drop, from = to = its square,
//     aux the kind taken from hand and aux2 the kind put down (its other
//     face under either_face); promote_on_entry puts its first target in
//     the promotion field. A dropped piece has moved (no castling or
//     first_move right). Drop regions are written for the first player and
//     reflected, as the language's other regions; forbid_immobility and
//     piece regions apply to drops too. A drop only adds a piece, so
//     legality reuses prepare: not in check, only a drop on a hopper's line
//     is tested; in check, only drops on a blocking square are kept; a
//     royal put down (a placement phase's king) is always tested. no_mate
//     is exact: a listed drop whose piece could reach a royal is made and
//     a reply looked for. A royal in the stock counts for royal loss until
//     it is dropped.
//   - Hex lattices (hex.go): the rhombus is the square index (file q,
//     rank r), so rays, tables and masks are the square board's; a
//     hexagon's cut-off corners are walls that no step ever reaches. The
//     reference's standard diagram has ranks as rows ([1,0] to the right,
//     [0,1] up and to the right), which is the diagram whose hexagon has
//     n and s sides.
//   - Player 1 on a hex lattice: "rotate" turns vectors and squares half
//     round. "mirror" must be a symmetry of the lattice, and the plain
//     (file, rank) flip is not one ([1,-1] would become [1,1], two steps
//     long), so it is the diagram's top-to-bottom mirror: the rank is
//     reflected about the middle rank and the file moves with it, square
//     (q, r) to (q + r - (h-1)/2, h-1-r), vector [x, y] to [x+y, -y]
//     (left and right kept). It maps a hexagon onto itself; no rhombus
//     maps onto itself under it, so the front end refuses "mirror" on a
//     hex rhombus and asks for "rotate" (Gliński's own mirror, which keeps
//     the file, is not the language's; his and McCooey's files write the
//     second army out and rotate, which gives their pawns the same moves).
//   - Hexagon sides (rules.wrap n_s, ne_sw, nw_se) join as the hexagonal
//     torus: a step that leaves the hexagon lands in the copy of it beyond
//     one side and comes back by that copy's offset, when the player may
//     leave by that side; a long leap may cross two. "Straight across" is
//     then half a cell off for n_s, which no tiling avoids.
//   - Lame leaps on hex pass cells, as the front end's one-step rule
//     implies (a hex diagonal [1,1] is two steps): the vector lies between
//     two neighbour directions, v = a*d + b*e, and the leap steps the
//     longer way first; on a tie (the diagonals) along the first of the
//     two in the order [1,0], [0,1], [-1,1], [-1,0], [0,-1], [1,-1]. The
//     path is worked out in the writer's frame and turned to the board, so
//     the two players' paths are each other's images. With blocks_leaps a
//     wall on the path's first cell stops a longer leap.
//   - Castling, royal_facing, no_doubled and the notation read file and
//     rank as the rhombus frame's: a file is a line along [0,1].
//   - Capture effects and territory (effects.go): a game with any of them
//     makes every move through fxPlay, which writes each changed square
//     with its old contents on a change stack (Unmake pops it) or, for
//     legality, on the light make's list; games without them keep the
//     fast paths unchanged.
//   - Who moves and when (turns.go, rounds.go): a game with rules.turn,
//     rules.simultaneous or rest sets Game.slowTurns, and Make ends through
//     turnEnd instead of flipping the side; the turn state (moves left,
//     turn number, rounds phase, initiative, the last void pair and the
//     bars, rest counters) is in the hash and the notation, and pushed on
//     its own undo stack. Each move of a turn of several moves is an
//     ordinary move (it may not leave its own royal in check; endings are
//     looked at after it; it is a ply on the clocks); check given mid-turn
//     does not end the turn, so a royal left attacked can be taken by the
//     turn's next move, unless rules.turn.check_ends (schema 30) ends the
//     turn on the check; en passant is open only to the other player's move
//     right after a double step that ends a turn. A round is MakeRound of
//     both choices, one undo entry, two plies; the readings for
//     collisions, void moves, bars, speeds and shared endings are in
//     rounds.go. Rest is counted down at the end of each of its owner's
//     turns (a round is a turn of both) and cleared when its square
//     changes; the rest filter runs before must_capture, and is lifted
//     when it would leave no move. A spy game enters rounds after the
//     reply the spy's loser owes, if any. Every move of such a game is tested with the
//     light make, except quiet moves prepare clears as in chess.
//   - Explosions: the blast is centred on the capturing move's landing
//     square (for en passant too, as in Fairy-Stockfish), reaches every
//     square within radius king steps (not across a wrapped edge), and
//     destroys the capturer and the piece taken whatever immune says;
//     immune spares only bystanders. by is read on the moving piece
//     before promotion. Only the piece taken goes to a hand; the
//     bystanders are destroyed. Check under explosions: a royal is in check
//     from a piece whose capture of it would not also destroy one of the
//     capturer's own royals (the capturer itself, or one standing in the
//     blast), so touching kings cannot check each other's side, as in
//     Fairy-Stockfish's atomic; a move that destroys the mover's last royal
//     is illegal, and one that destroys the other side's last royal is
//     legal whatever it leaves. Castling's crossed squares are asked with
//     the castling piece lifted off the board. Fairy-Stockfish's atomar
//     spares a king even when it captures; the language's blast always
//     takes the capturer, so rulesets/atomar.json writes the king's
//     captures as not exploding (by), which agrees on the published counts.
//   - Strikes and contacts: a link or a chain keeps the struck piece's
//     owner. Position stay leaves the mover unmoved and unpromoted (a
//     promotion of the generated move is dropped, one move kept);
//     switches_sides flips the capturer under every position. Position
//     choose: the landing vectors are read from the attacker's square in
//     its player's frame; "empty" is empty after the move (the attacker's
//     and the struck piece's squares count, the attacker's landing does
//     not); a capture that leaves a piece to place is one move per landing
//     square, written from-to>landing. Home: at most one home per colour
//     (the setup's squares of the struck piece's side and new type) goes
//     to the one on the capture square's colour, else the one on its file,
//     else the nearest on its colour, else the nearest (king steps, lowest
//     square on a tie). A contact, when both apply, comes before a strike;
//     an explosion before both. A contact's transformed target and a
//     strike's survivor are not captures for a hand; removed ones are.
//     contacts own: the mover's capture moves onto a friendly linked piece,
//     found by showing the target to generation as the other side's.
//   - Territory: a move claims the squares its pieces move onto (the
//     landing, both castling landings, a drop's square; nothing for a
//     capture that stays); nothing is claimed at the start. Claims are in
//     the hash and in the FEN (claimed-w:, claimed-b:). win_at is a board
//     ending named "territory", looked at after reach.
//   - Wild pieces (npcs.go): routes are disjoint, so a wild piece's square
//     says which route it walks and where; the board is their whole state.
//     After every move (a drop or a castling too) every wild piece steps at
//     once: one whose next square holds a piece its type may not capture
//     waits; one whose next square holds another wild piece moves only if
//     that one does, so a line of them nose to tail moves as its front does
//     and a route full of them waits; the others step, eating whatever
//     their type may capture, of either side. Eating is no player's
//     capture: no blast, strike or contact follows, the eaten piece goes
//     to no hand, and it resets the no-progress clock as a capture does.
//     mirror mirrors the route with every piece on it (also_at included).
//   - A wild piece is every player's enemy: any piece whose captures list
//     allows its type may take it, unless immune names other kinds; a
//     sweep may not pass over one it may not take. A taken wild piece is
//     removed as usual (no strike or contact reaches it) but explodes like
//     any capture; the taker collects its bounty and, with drops, a piece
//     of its type in hand. Bystanders a blast destroys pay nothing; pieces
//     a sweep passes over pay. As a hop's screen it is neither 'own' nor
//     'enemy'. A passed square it stands on is no en passant square.
//     Wild pieces claim no ground.
//   - Check from a wild piece: a royal standing on the square a wild piece
//     steps onto next, of a type that may capture it, is in check (for
//     InCheck, checkmate, castling out of or through check, check_limit,
//     which counts it for the player who moved, and forbid_check). A move
//     after which the mover's royal is eaten, or stands on a wild piece's
//     new next square, is illegal; one after which a wild piece eats the
//     other side's last royal stands (the game ends there). With wild
//     pieces every move is tested with the light make, the step included.
//   - Bounties: the position counts, per player and rules.npcs entry, the
//     wild pieces taken (in the hash, and in the FEN as taken-w: and
//     taken-b:, one count per entry); scoring count points is their sum
//     times each entry's bounty. Wild pieces are written <id> in the FEN.
//   - Facings (facing.go): each way a piece can point is a kind of its
//     own, the declared kind pointing forward and a turned copy per other
//     way after the declared kinds, so move and attack tables, fast paths
//     and Zobrist keys are per facing with no new code on them, and four
//     quarter turns give back the very same position. Copies share the
//     declared id and value; NumKinds counts them, BaseKind and FacingOf
//     say what they are. A quarter turn is clockwise (a forward [0,1]
//     pointing right is [1,0]) and is applied in the writer's frame, before
//     player 1's vectors are derived by the setup's orientation: under
//     "mirror" player 1's right is the mirrored army's right (east for
//     both), under "rotate" it is turned with the board. A turn (move type
//     moveTurn, aux the new kind) may point the piece any other way its
//     axes allow, is not a capture or a promotion, counts as the piece
//     having moved (first_move) and never changes the other side's
//     attacks, so under check rules it is legal exactly when the mover is
//     not in check (forbid_check tests it). A piece that enters play later
//     (a drop, a promotion) points its initial way; one taken to a hand
//     goes as its declared kind.
//   - Portals (portal.go): a game with portals walks every piece's table
//     entries with the ends where they stand, tests every move with the
//     light make and answers attack questions by the same walk, so checks
//     and pins through portals are exact (no prepare, no static rays; its
//     moves come in table order). A momentum end stops every line that
//     meets it, as a piece would: a slide, a hop before or after its
//     screen, a lame leap's leg; a plain leap jumps over it; it is never a
//     hop's screen. A step whose geometry ends on an end that lets it in
//     goes in wherever it could have ended on an empty square; its mode is
//     read where it comes out (a quiet step onto an empty square, a
//     capture onto an enemy it may take), so a pawn's diagonal capture may
//     go in and take on the far side and its straight step may not. The
//     direction it travelled is its vector's signs (a knight's [1,2] comes
//     out [1,1]); the exit is the step of the mover's own frame (its
//     wrap). A fold works likewise at its square: the step's target is the
//     empty fold, the landing on the far end is judged by the mode, and a
//     fold that lets the piece in nowhere, or leads nowhere, is floor. A
//     piece that can reach the same square with the same capture and
//     promotion straight and through a portal, or through two ends, has
//     one move there: the straight one, else the one by the end on the
//     lower square. A moved momentum end goes only onto an empty square
//     that is no end; a fold onto any square that is no end; an end moves
//     by its portal piece's moves, a line stopping at a piece or an end
//     (a fold may stop on the piece). Moving an end is move type
//     movePortal (aux the end's index), never a capture; the bar of
//     no_straight_back lasts the next ply and is in the hash. royal_facing
//     does not see the ends. A move through a portal opens no en passant.
//   - Schema 30 (engine/rules/SCHEMA-30.md). Bent moves (bent.go) are
//     lame-leap entries, one per landing, whose legs are the squares
//     passed, so generation, attacks, pins and the view read them as lame
//     leaps. rules.entry (entry.go) is folded into the tables: a slide
//     stays a ray unless it starts on, passes or reaches a restricted
//     square; from such a square every slide of the piece is one lame
//     entry per landing, an entry a rule refuses left out, and the attack
//     chains stop before restricted squares, so a piece attacks exactly
//     where it may move. The view shows every slide of such a game per
//     landing, as the evaluation has always read it. The attack test reads
//     leaps with legs as a trie per target (legtrie.go). rules.touch (touch.go) keeps a bit per
//     square of each player's set in the position, with a Zobrist key per
//     bit and its own undo stack, written in the FEN as touched-w: and
//     touched-b:; its ending comes after reach. Symmetric placement
//     (symmetric.go) is a drop on the pair's left square that Make
//     completes with the mirror kind on the mirrored square; its legality
//     is tested by making it. Chosen facings on drops and promotions are
//     every way of the piece whose moves differ (compared by their
//     expanded vectors), written J:r@a2 and =S:b.
//   - Schema 31 (engine/rules/SCHEMA-31.md). rules.counting (counting.go)
//     keeps the running count (who counts, against a bare army or not,
//     how far) in the position and on the undo record, moved on by Make
//     after every move from the material on the board; like the
//     no-progress clock it is in neither the hash nor the FEN, and a
//     position read from a FEN starts any count afresh.
//
// Chance (chance.go, schema 34): a pending chance event (the die before
// a turn, a hazard's fate after a move) is a node of its own whose
// "moves" are its outcomes (move type moveChance); ChanceOutcomes gives
// their weights. Nothing in the engine draws a random number: whoever
// plays the game draws each outcome from the game's seed and makes it,
// so perft counts outcomes as branches and a record replays exactly. The
// rolled face filters the legal list (legal's first step, chanceLegal),
// leaving the pass when no move of its kinds exists. An outcome is no
// ply on the clocks, and its undo is on the chance log, which Make and
// Unmake of a game with chance or hidden information go through
// (makeWrapped). The state (what is pending, the face, the deck) is in
// the hash and the notation.
//
// Hidden information (hidden.go, schema 35) changes nothing in how the
// game is played: every move is made on the whole position. A seat's
// Observation (its sight, what stands there as far as it may see, its own
// pieces, the public state and what it took) is all a player of such a
// game is given; Observation.Sample builds whole positions consistent
// with it for the players to search. The families table refuses hidden
// information where a move legal in a sampled world could be illegal on
// the real board for reasons other than a piece hidden in its way (check
// legality, board changes nobody sees).
//
// The planes family (schemas 36 to 45: planes.go, statuses.go,
// market.go, powers.go, actions.go, chaos.go, hiddenitems.go, size.go)
// is one family in eight files, one per schema: items on squares, resources,
// afterlives and presence; statuses carried with their pieces and
// upgrades; a market and hazard statuses; pieces' powers; neutral pieces
// and actions; chaos offers, checkers jumps and forced movement; hidden
// items (a heap per player, seen by its owner alone: Observe leaves the
// other player's out, Sample puts them back at random) and items that
// kill a piece at rest; larger pieces (body squares of an internal kind
// linked to their piece, lifted by take and laid by place, so that every
// arrival carries them; under schema 45's grow "choice", legal lists a
// move that makes one larger once per square it may grow into, found by
// making the move). Every consequence of a move is an
// arrival (arrive: a capture, an ally's square, the items there, an
// afterlife, a slide on ice), made through take and place, which keep a
// piece's statuses with it; every change goes on the capture effects'
// square log or the family's own (planeLog), so Unmake is one loop
// whatever happened. Moves are made on a bare board by the move tables
// and rewritten after (genPseudo's planes step: slides past an item that
// stops them dropped, upgrades and items put down added, purchases,
// neutral pieces' and abilities' moves, forced pieces); the family's
// chance events (a card unlocked, a hazard status's fate, a chaos offer)
// are the chance family's nodes. There is no check in such a game.
//
// # Later families
//
// Rounds keep no pending move: MakeRound takes both choices at once, so
// nothing of the first choice is in the position the second player
// searches.
//
// The notation for positions and moves is documented in NOTATION.md.
package engine
