// Package search owns balancefarm's players: graded-strength alpha-beta
// and MCTS players that play any game the engine loads, the spec strings
// that name them, the ladder of them the farm measures with, and the game
// loop (PlayGame) that plays one game between two of them and records it.
//
// # Players and spec strings
//
// A player is named by a short spec string, used everywhere (CLI, jobs,
// reports, metric labels); ParseSpec reads one and PlayerSpec.String gives
// the canonical form:
//
//	random          a uniformly random legal move
//	ab:d3           alpha-beta, iterative deepening to depth 3
//	ab:n20000       alpha-beta, iterative deepening until 20000 nodes
//	ab:d6n20000     whichever limit comes first
//	mcts:i800       UCT, 800 iterations a move
//	mcts:i800p16    the same with playouts cut off after 16 plies
//	ab:n20000x15    alpha-beta with the Tech bits 1+2+4+8 turned off
//	ab:n20000u1     alpha-beta with null-move pruning (off by default)
//	ab:n20000e4     alpha-beta with opt-in evaluation terms (a mask of
//	                the Term constants; off by default)
//	ab:n20000r2     alpha-beta with opt-in search refinements (a mask
//	                of the Refine constants; off by default)
//	ab:n3000:P=1/N=3.2/B=3.3/R=5/Q=9.5
//	                alpha-beta evaluating with these piece values
//	                (pawns, by piece id) instead of the rule file's
//	ab:n3000:N@gggh...
//	                alpha-beta with a learned table row for N added
//	                to its piece-square table (see Learned tables)
//	uci:/usr/bin/fairy-stockfish,nodes=20000,UCI_Variant=xiangqi
//	                an outside UCI engine (see below)
//	seer:ab:n3000   the clairvoyant form of any ab or mcts spec: it
//	                knows the outcomes of the coming chance events
//	                (see Chance below)
//
// and, for games with hidden information only (see below):
//
//	det:ab:n3000    determinizing: 8 sampled worlds, each searched by
//	                ab:n375, their votes summed
//	det4:mcts:i800  the same with 4 worlds of mcts:i200 each
//	ismcts:i800     Information Set MCTS, 800 iterations a move (p as mcts)
//	seer:ab:n3000   ab:n3000 given the whole position: the clairvoyant rung
//
// Budgets are counted in nodes (positions visited, quiescence included)
// and iterations, never in time, so the same rule file, specs and seed
// give the same game, move for move, on any machine. The random streams
// are a fixed splitmix64, and the MCTS arithmetic avoids platform
// differences (see detmath.go).
//
// Piece values. An ab or mcts spec may end in ":ID=value/ID=value...":
// the evaluation (material, capture order, promotion gains, capture
// effects) then reads those values, in the rule file's units, for the
// kinds named, and the declared ones for the rest (values.go). The
// canonical form sorts them by id with at most two decimals. They are how
// a measurement's learned values reach its workers: the job, the record
// and a resumed measurement all carry them in the spec. A value for a
// piece the game lacks fails the game, never the worker.
//
// Learned tables. The same section may also hold table rows, "ID@" and a
// character a square (learnedtable.go): centipawns in steps of 2 from -64
// to +62, spelt A-Z a-z 0-9 - _ (g is 0), for the squares as player 0
// sees them in the engine's order; player 1 reads the opposing square
// (the reflection across the middle rank where that carries one setup
// onto the other, else the half turn). The canonical form writes the
// values, then the rows, each sorted by id. A row is added to the
// kind's generic piece-square table when the tables are built, so it
// costs nothing a node. Rows are what `coordinator learn` fits from a
// file's own games (selfplay.LearnTable, stats.FitTable). A row for a
// piece the game lacks, or of another length than the board, fails the
// game as a wrong value does.
//
// DefaultLadder and QuickLadder are ladders of spec strings, weakest first,
// mixing both families; SortByStrength and CompareStrength order specs by
// a nominal effort (PlayerSpec.Effort), Doubled, SkillTrace and
// DoublingPairs name "budget doubled" pairs for a skill trace.
//
// Alpha-beta is negamax with iterative deepening, principal-variation
// search and late-move reductions, a transposition table keyed by the
// engine's hash, quiescence on captures (all answers to a check in a
// checkmate or check-counting game, and moves onto a goal in a race), a
// check extension, and move ordering by hash move, captures by the value
// taken, two killers and history. Decided games score as a win less the
// plies to it, so the fastest win and the slowest loss are preferred.
// On top, each measured at a fixed node budget with `coordinator match`
// and each switchable off by the spec's x mask (Tech constants), except
// null-move pruning, which is off unless the spec asks for it (u1): it did
// not gain in those matches (-21 Elo at 25,000 nodes, -2 with interval -32
// to +27 over 280 games at 3,000 nodes), so the ladder plays without it:
//   - aspiration windows at the root (±35 centipawns, widened threefold
//     on the side that fails);
//   - null-move pruning (R = 2 + depth/4) with a verifying reduced search
//     from depth 6, only where a pass is a sound lower bound: the engine
//     can pass (MakeNull), material is good, stalemate is not a win, no
//     goal race, no scoring count, no rounds, a move hands the turn over,
//     not in check, not right after a pass, and the side to move has a
//     piece other than royals and its cheapest kind (zugzwang);
//   - reverse futility (static evaluation a margin per ply above beta, to
//     depth 3) and futility pruning of quiet non-checking, non-promoting
//     moves (to depth 2), off the principal variation, not in check, where
//     material is good;
//   - a static exchange estimate: a capture by a piece worth more than its
//     victim onto a square the other side attacks (engine AttackedAs) is
//     ordered after the killers and left out of quiescence;
//   - (16) a position met before, on the line searched or earlier in the
//     game, scores as a draw below the root where repetition draws (and
//     no scoring count decides it): the side ahead then looks for progress
//     instead of shuffling into a threefold repetition. At 3,000 nodes, 200
//     games each: makruk +21 (+3 to +39), shatranj +51 (+26 to +76), chess
//     +3 (-28 to +35). Scaling the evaluation down as the no-progress clock
//     runs was tried beside it and lost (chess -26, makruk -23), so it is
//     not in;
//   - (32) where a reach goal is won by stepping off it (Jeson Mor),
//     quiescence reads a piece of the side to move standing on such a goal
//     as a win, and one of the other side's as a loss unless a capture
//     answers it; stepping off is ordered first. Jeson Mor +23 (+4 to +41)
//     at 3,000 nodes over 400 games (treating the threat as a check and
//     answering it with every move lost 138 Elo: the quiescence grew too
//     wide for the budget).
//
// On orthodox chess at 25,000 nodes a move they gain about 170 Elo over
// the search without them (400 games), and the depth completed on a
// middlegame goes from 4 to 5 (BenchmarkDepthAtNodes; five-by-five 8 to
// 10, xiangqi 5 to 8).
//
// Four evaluation terms are opt-in, by the spec's e mask (the Term
// constants, evalterms.go), each read from the file's piece values and
// move lines: 1 king safety (in a checkmate game with one royal a side,
// the enemy's attacks on the squares around each royal, weighted by how
// many pieces make them, and friendly pieces beside it), 2 tempo (12
// centipawns for the side to move), 4 threats (half of what the side to
// move stands to lose on its second hanging piece: attacked and
// undefended, or attacked by a cheaper piece; one it can move away), 8
// mobility (4 centipawns a square a line reaches instead of 2).
// ab:n3000eK against ab:n3000, Elo with its 95% interval and pairs played:
// threats chess +11 (-14 to +36, 300), makruk +20 (+5 to +35, 300),
// crazyhouse +26 (-7 to +60, 200), xiangqi +19 (-23 to +61, 100),
// shatranj +23 (-11 to +57, 100), minishogi -14 (-58 to +30, 100): above
// zero on makruk alone, +16 (+4 to +28) pooled over the six, the one
// worth trying further. Tempo chess +16 (-8 to +41, 300),
// crazyhouse +18 (-15 to +52, 200), xiangqi +10 (-15 to +34, 200), makruk
// +2 (-16 to +19, 200): +12 (-1 to +25) pooled, no gain shown. King safety
// chess -24 (-67 to +18, 100), makruk -16 (-44 to +13, 100), crazyhouse
// +21 (-29 to +72, 100): no gain. Threats and tempo together (e6): chess
// +49 (+18 to +80, 200), crazyhouse +23 (-11 to +58, 200), makruk +8 (-11
// to +27, 200). Mobility over them (e14 against e6): chess +23 (-8 to
// +55, 200). All three (e14) against ab:n3000: chess +39 (+7 to +72,
// 200), crazyhouse +61 (+27 to +97, 200), xiangqi -5 (-32 to +21, 200),
// shatranj +11 (-7 to +29, 400): above zero on two families, +23 (+10 to
// +36) pooled over 1,000 pairs. Fairy-Stockfish at the same 3,000 nodes
// on chess scores 0.950 against both ab:n3000 and ab:n3000e14 (+512, 60
// pairs each): too far ahead for that gain to show. At the top rung's
// budget, ab:n10000e14 against ab:n10000 (200 pairs each): chess +59 (+28
// to +90), crazyhouse +48 (+14 to +83), xiangqi +24 (-1 to +50); and
// Fairy-Stockfish at 10,000 nodes won 80 of 80 against ab:n10000 and 78-1-1
// against ab:n10000e14. The terms cost time a node. On a board of one
// word whose capturing rays are all masks, tempo, threats and mobility read
// the engine's sets as the plain evaluation does (secondLossSets); one
// self-play game at 10,000 nodes a move, instructions a node (callgrind):
// chess 6,254 plain, 8,960 with e14 scanning the board, 7,396 (1.18x)
// reading the sets; crazyhouse 6,249 and 7,319 (1.17x). Larger boards
// (Elven chess, xiangqi) still scan. At about equal time,
// ab:n8500e14 against ab:n10000 (200 pairs, seed 7): chess +6 (-26 to
// +38), crazyhouse -6 (-39 to +26), where before it ab:n7200e14 lost on
// chess, -39 (-68 to -11): the terms' gain at equal nodes is what their
// cost takes back. The ladder plays without them: with them
// (docs/classics-e14) four public classics that are viable become
// inconclusive, two of them moving away from Fairy-Stockfish's figures
// (Horde, Spartan chess).
//
// Two more terms change the generic piece-square table rather than add to
// the evaluation, so they cost nothing a node (tableTerms; the tables are
// built once per game and set of them): 16 centrality at twice its weight
// (6 centipawns a square commanded above the piece's average), 32 half of
// a promoting piece's credit for nearness to its zone. The weights were
// screened at the top rung's budget, ab:n10000 with the table scaled
// against ab:n10000, 100 pairs each (seed 1): promotion credit doubled
// chess -83 (-130 to -39), shogi -49 (-96 to -3); halved chess +37 (-8 to
// +83), shogi +42 (-4 to +89), crazyhouse +17 (-28 to +64); a quarter
// chess +37, shogi +3; none chess -38 (-85 to +7), shogi +9; centrality
// doubled chess +26 (-15 to +68), shogi +14, crazyhouse +60 (+13 to
// +109), xiangqi +10 (-27 to +48); halved chess +14, xiangqi -21; both
// (e48) chess +37, shogi +5. Too much promotion credit loses; the rest sit
// within the screen's noise. Again with 200 pairs (seed 7): halved credit
// (e32) chess +5 (-26 to +37), shogi -7 (-43 to +29), crazyhouse +31 (-2
// to +65); doubled centrality (e16) chess -3 (-34 to +29), crazyhouse +5
// (-28 to +38). No gain shown, so neither term is in the ladder.
//
// Tempo and mobility at twice its weight (e10) cost nothing a node either:
// they only weigh what the plain evaluation reads, which stays summed by
// kind. ab:n10000e10 against ab:n10000, 200 pairs (seed 7 unless said):
// shogi +39 (+5 to +74), chess +15 (-15 to +45) and -0 (-31 to +31) with
// seed 3 (and +10 over 100 pairs, seed 1), crazyhouse +9 (-25 to +42),
// xiangqi -3 (-28 to +22), makruk -30 (-50 to -10, seed 3), and in the
// rest of the hand family minishogi +4 (-26 to +35), euroshogi +8 (-24 to
// +40), Kyoto shogi -34 (-67 to -2). A gain on shogi alone, losses on
// makruk and Kyoto shogi: not in the ladder.
//
// A learned table (see Learned tables above) is the first change to
// gain at equal time: it is fitted per rule file and costs nothing a
// node. `coordinator learn -spec ab:n2000 -games 3000 -seed 1000 -for
// ab:n10000 FILE` (3,000 games of ab:n2000 against itself; chess 6 min,
// crazyhouse 3.5 min on two cores), then the learned spec against
// ab:n10000, 200 pairs, seed 7 (other openings than the learning games'):
// chess +37 (+6 to +70), crazyhouse +101 (+67 to +137), xiangqi +46 (+22
// to +71), makruk +46 (+25 to +68): above zero on all four families
// (xiangqi's and makruk's games took 18 and 17 minutes beside other
// runs; the specs are in docs/learned-tables.md). The rows
// are small (chess: 20 of 384 squares beyond 10 centipawns, none beyond
// 22): the generic table is close, and the fit adds what a piece's reach
// on an empty board does not say: knights still on b1 and g1 -22 and
// -18, the king on d4 to e5 -10 to -14 and on c1 -14 but on f2 and g3
// +12, rooks on a2 and h2 -12 and -14. Fairy-Stockfish
// at 10,000 nodes on chess, 20 pairs, seed 7: 40-0-0 against ab:n10000,
// 39-0-1 against it with the learned table. The table is not in the
// default ladder: it takes minutes of games per file, which a verdict in
// minutes cannot spend on every file.
//
// Three search refinements are opt-in, by the spec's r mask (the Refine
// constants): 1 late-move reductions that grow with depth and move number
// (0.75 + ln(depth)·ln(n)/2.25 plies for the n-th move, quiet and not a
// check; one less on the principal variation and for a killer), 2
// late-move pruning (off the principal variation, to depth 3, the quiet
// moves after 3 + depth², drops included, checks and promotions kept;
// where nothing gives check, without making the move), 4 a position at
// the horizon counted once, in quiescence, as Fairy-Stockfish counts, where
// the budget counted it twice. At equal nodes they reach a ply deeper
// (BenchmarkDepthAtNodes) and won: a first version of r3 against ab:n10000
// +93 (+64 to +123) on xiangqi. But a node of theirs costs more (fewer
// cheap quiescence leaves per interior node, and r4 changes what a node
// is), so they were measured where it counts, at equal time:
// `match -a ab:rK,st=0.03 -b ab,st=0.03` (10 ms a move after the clock's
// margin, about what ab:n10000 searches), 100 pairs each:
//   - r1: chess +7 (-38 to +52), xiangqi +7 (-26 to +40), shogi -28 (-76
//     to +19);
//   - r2: chess +3 (-42 to +49), xiangqi +9 (-26 to +43), Elven chess -7
//     (-57 to +43), crazyhouse +92 (+45 to +144), shogi +30 (-23 to +83)
//     and, with seed 2, +121 (+69 to +179);
//   - r2 pruning checks too (a version not kept): chess +7, xiangqi -59
//     (-100 to -20), shogi +76 (+32 to +122); with r1 (r3): chess -53
//     (-97 to -10), xiangqi -81 (-122 to -43), shogi +111 (+60 to +167),
//     crazyhouse +31 (-17 to +81).
//
// None gains on more than one family at equal time, so the ladder plays
// without them. Late-move pruning pays in the games with drops (the hand
// family), whose lists are long; a ladder that used it there would change
// every verdict of those files, so that waits for their measurement.
//
// MCTS is UCT with an MCTS-solver (a proven win or loss propagates up, so
// a forced win is played at once) and decisive moves (a new node looks at
// once for a reply that ends the game, cheaply: board endings, and checks
// that leave no answer). Playouts move onto a goal when they can and
// usually take the most valuable capture when there is one; they stop at
// a ply limit (p, default 4) and are scored by the evaluation once the
// captures left on the board are settled by a short quiescence. Children
// are expanded goals first, then captures by value, then the rest in
// random order, and selection blends each child's playout mean with an
// implicit minimax value backed up from the same settled evaluation of
// every node (Lanctot et al., 2014), which is what makes a few hundred
// iterations see a one-move blunder. While some replies to a move are not
// tried yet, a backed-up value better than the move's own evaluation
// counts only in the share of replies tried, so that more iterations,
// which reach deeper and less explored nodes, play better, not worse. The tree is kept between moves and
// reused when the game reaches one of its nodes; it stops growing at a
// fixed number of stored moves, so memory is bounded too. An MCTS
// iteration plays about as well as a quarter of an alpha-beta node on
// chess-like games, and costs several nodes' worth of work.
//
// # An outside engine: uci:PATH
//
// uci:PATH[,name=value...] plays the moves of an outside UCI engine that
// knows the variant, such as Fairy-Stockfish with UCI_Variant: a yardstick
// to calibrate the ladder against, or a stronger top rung, on workers
// that have the program; nothing needs one. PATH is the program as the
// worker starts it (a bare name is looked up in its PATH). The budget is
// nodes=N (the default, 10,000: reproducible), depth=D or movetime=MS
// (not reproducible); every other field is an option, sent as "setoption
// name N value V" in the order given, after checking that the engine
// declares it (and, for a combo such as UCI_Variant, the value). Threads
// is set to 1 unless the spec sets it, so the same game and seed give the
// same game. The canonical form writes the budget first, then the options
// as given. In a comma-separated ladder (measure -players, serve's
// players) a uci spec keeps its name=value fields (protocol.SplitPlayers).
//
// CompareStrength ranks a uci rung above every built-in player, whatever
// its budget: it is there to be the strongest (so the equal-strength
// games at the top are its own); two rungs of one program and options
// rank by budget, and Doubled doubles a node budget.
//
// The engine runs once per game and player (uci, its options, isready,
// ucinewgame). Each move sends "position fen F moves ...", F being the
// position of the player's first move and the moves those since (the
// engine's own spelt as it wrote them, the other side's in UCI spelling,
// UCIMoveString), so the engine sees the repetitions the rules count; a
// promotion by the other side, whose spelling engines disagree on, starts
// the history again at the current FEN. Then "go nodes N"; the bestmove
// is matched against the UCI spelling of every legal move (then any case,
// the engine's own notation, Fairy-Stockfish's + and - suffixes). One that
// names no legal move, or "(none)" in a game that is not over, ends the
// game with an error naming the move and the FEN, unless, for "(none)", a
// legal move wins at once: the engine then read the game as already won
// by its own rules (Fairy-Stockfish's Jeson Mor, where a knight that
// survives a turn on e5 has won without stepping off), and that move is
// played; so does a program that
// is missing, exits, or lacks an option, and the farm retries such a job
// and at last dead-letters it, never counting it. The game's context (the
// worker's wall budget) stops a search: stop, and a kill when the engine
// does not answer within a second. The process is ended with the game
// (quit, then a kill). Where a rule file's rules differ from the
// engine's variant, the error says where: Fairy-Stockfish (largeboards)
// played every public chess-like file to the end with its UCI_Variant of
// the same name, both colours, except Jeson Mor, where it answers
// "(none)" once a knight stands on the centre (its variant ends the game
// there, ours when the knight leaves); in Atomar a king's capture blasts
// the pieces around in its variant and not in the rule file, so after one
// it refuses a later move of the history and the player falls back to the
// FEN alone.
//
// # Evaluation
//
// The evaluation is built from the compiled game alone (evaltables.go),
// through the engine's read-only view (engine/view.go), never from the
// rule file: it sees each piece's moves exactly as move generation does,
// wrap, walls, lame legs and regions included. Lines a condition limits
// (first_move, from_rank) are left out of its tables: it credits lasting
// reach. Terms: material from each piece's declared value; a piece-square term from how
// much of an empty board each piece commands from each square; mobility on
// the current board; a promoting piece's distance (in its own moves) to
// its zone; and one term per ending the file names: moves to a reach
// square, checks given toward check_limit (the engine's count), counts
// toward extinction, ground toward territory.win_at, the scoring count as
// the clock runs down, bare royalty, and in a checkmate game with a big
// material lead, driving the other royal to the rim. Where captures do
// more than remove a piece, or wild pieces walk (evalfx.go): each side's
// best capture whose effect a capture-only search would misjudge (an
// explosion's toll, royals in the blast counted as the game; a strike that
// leaves the striker standing; a wild piece's bounty where points score),
// half of it to the side to move and an eighth to the other; ground
// claimed; and the pieces on the squares wild pieces walk onto next, one
// eaten before its owner can move nearly lost, the most valuable one a few
// steps ahead at risk. The signs follow
// what the endings reward: where checkmate wins (losing chess), running
// out of pieces wins (giveaway) or reduction to bare royalty wins,
// material counts against its owner, and where stalemate wins, so does
// mobility.
//
// # The game interface, and families that need more
//
// Both players search through position[M], an interface over the engine's
// Position, and never look inside a move. A turn of several moves needs
// nothing more: scores are passed up negated only where the side to move
// changes. Drops, portals, wild pieces and every other rule the engine
// plays are just legal moves.
//
// A game played in rounds (rules.simultaneous) is different in kind: both
// players choose at once, so a round is a matrix game, not a turn. The
// interface for it is roundPosition (rounds.go): InRound, RoundMoves,
// MakeRound and Announcer, which the engine's Position has; the adapter
// picks the methods up by embedding (asserted in engineplay.go).
//
//   - Alpha-beta searches every pair of choices one round shallower and
//     values the round by the matrix's equilibrium (solveMatrix: regret
//     matching, or the saddle point when there is one); at the root a
//     player draws its move from its own equilibrium strategy with its own
//     seeded stream, so play is mixed yet replayable.
//
//   - MCTS uses decoupled UCT: at a round each player picks its choice by
//     its own UCB over its own statistics; the final choice is drawn from
//     the player's equilibrium strategy of the root's matrix of mean
//     results.
//
//   - In a spy game's open phase one player announces first (Announcer):
//     the round is then valued by maximin, and the other player answers the
//     announced move knowing it.
//
//   - The game loop asks each player for its choice without showing it the
//     other's, then plays the round; the record holds "m0 & m1".
//
//   - Playing rounds is a capability (roundChooser): random, alpha-beta
//     and MCTS have it, an outside UCI engine does not, and a game that
//     reaches a round with such a player stops there with an error naming
//     it.
//
//   - A game of rounds opens with a few random quiet rounds (no capture,
//     no two choices landing on one square), as a game of turns opens
//     with random quiet moves.
//
// Both are tested on toy games played in rounds (toyrounds_test.go) and
// on the engine's (enginerounds_test.go: the ladder against random and a
// rung that assumes the other player stands still, hidden choices,
// announced rounds, replay).
//
// # Chance
//
// A game with chance events (rules.dice, rules.hazards) has chance nodes:
// positions where nobody chooses and an outcome ("roll:4",
// "fate:removed") is drawn. The optional capability chancePosition
// (position.go: AtChance, ChanceOutcomes) says where they are and gives
// the outcomes, which are the position's legal moves, with positive
// weights; the side to move there is the seat that moves after the
// event, so a chance node is worth, to that seat, the weighted mean of
// what its outcomes are worth to it. A position whose game has no chance
// event (GameHasChance false) skips every chance test, and such a game
// plays move for move as it did before chance.
//
//   - The game loop draws each outcome from the game's chance stream, a
//     generator seeded from the game's seed and used for nothing else:
//     one draw per event, the outcome picked by cumulative weight in the
//     order ChanceOutcomes lists them (pickOutcome). Both games of a pair
//     have the same seed, so both seatings roll the same dice while their
//     positions agree (common random numbers). The outcome is recorded in
//     Moves like a move, so a record replays exactly; Plies stays
//     len(Moves), ChancePlies counts the outcomes among them, the lead and
//     the decisive ply are measured after every entry, chance outcomes
//     included, and the features count only what was chosen. The random
//     opening counts decisions, so a dice game opens with as many random
//     moves as any other, its rolls between them. A watcher's MoveEvent
//     has Chance set, Side the seat that moves after, and no nodes.
//
//   - Alpha-beta searches expectimax: at a chance node every outcome is
//     searched, and its value is the weighted mean, rounded down. A chance
//     event spends no depth (only decisions do), so one right after the
//     last decision in depth stands at the horizon, where quiescence
//     stands pat on the static evaluation. Outcomes are searched in the
//     windows of Ballard's Star1 (1983) from the bounds of any score:
//     once the outcomes searched settle which side of the window the mean
//     falls, the node returns that bound, sometimes before the first is
//     searched. On 100 random trees it visits two thirds of the nodes of
//     plain expectimax and finds the same value and move (chance_test.go).
//     A chance node neither reads nor stores the transposition table, and
//     null-move pruning is off in a game with chance (a pass could skip
//     a roll).
//
//   - MCTS draws a chance node's child by weight, from its own stream,
//     never by UCB; playouts draw outcomes the same way, and their ply
//     cutoff counts decisions only. A chance node's minimax value is the
//     weighted mean of its outcomes' (those not drawn yet at the node's own
//     evaluation), and no proof passes through it: a win behind an
//     unlikely roll is not a won move.
//
//   - A seer ("seer:" before an ab or mcts spec) plays as its base except
//     that, before each of its decisions, the game loop hands it the chance
//     stream's next 64 draws, and its search resolves the k-th chance event
//     below its root on any line to the outcome the k-th draw will give
//     (through pickOutcome, so foresight is exact), averaging or sampling
//     past them. It measures luck: the gain from the strongest rung to its
//     seer is what seeing the dice is worth. Its search takes the other
//     player to foresee the dice too (a determinized tree), and it uses
//     the transposition table for ordering alone in a game with chance,
//     since a stored score holds only for the draws it was told. Without
//     chance it plays move for move as its base. It ranks just above its
//     base (CompareStrength, SortByStrength). On a toy guessing game it
//     scores 0.84 (alpha-beta) and 0.85 (MCTS) against its base.
//
//   - A game of seats with chance is refused for now ("search: chance
//     with seats is not supported yet").
//
// Games of more than two seats are searched through seatPosition
// (seats.go: seats, the seat to move, teams, a share of the result per
// seat), which the engine does not implement yet: alpha-beta between the
// mover's team and the rest, minimax by team where there are two teams
// and paranoid in a free-for-all (seatab.go), best-reply search (brs.go),
// and MCTS with a reward per seat and max^n backup (mctsn.go), tested on
// a toy game of three and four seats, alone and in teams (seats_test.go).
//
// # Hidden information
//
// In a game where a seat cannot see the whole position (schema 35:
// rules.sight, pieces[].hidden; Game.HasHiddenInformation) the game loop
// is the referee and keeps the real position to itself (hidden.go). A
// player is shown its seat's Observation (engine/hidden.go: what it
// sees, its own pieces, the public state, what it took) and the moves
// refused this turn, and answers with a move string. The referee reads
// it on the real position; a move that is not legal there (a hidden piece
// in its way, castling through an attack it cannot see) is refused, the
// player is told only that and chooses again, as in Kriegspiel, up to 256
// times a turn. Refusals are counted per player in Record.Refusals. Only a
// seer ("seer:" before an ab or mcts spec) is given the real position;
// it measures what seeing the hidden part is worth. A plain ab or mcts
// spec is refused in such a game with an error naming the players that
// play it, and det: and ismcts: are refused in any other game.
//
// Every player here reasons over worlds: whole positions drawn by
// Observation.Sample that look to its seat as the real one does, redrawn
// (up to 64 times) until no refused move is legal in them, and failing
// that one that fitted earlier in the turn. Random plays a random move of
// one world, not of the real list of moves, which would tell it what it
// cannot see.
//
// The determinizing player (determinize.go; Perfect Information Monte
// Carlo) draws K worlds (det: is 8, detK: is K), searches each with its
// base spec given 1/K of the budget, and plays the move with the most
// votes: alpha-beta gives its best move one vote, ties going to the
// higher summed score; MCTS gives each root move its share of the world's
// visits, a proven win the whole vote and a proven loss none; refused
// moves get none. Its known flaw is strategy fusion: in each world it plays
// as if it knew that world.
//
// Information Set MCTS (ismcts.go; Cowling, Powley and Whitehouse 2012,
// single observer) draws a world for every iteration and walks one tree
// whose edges are moves by name: at each node only the moves legal in
// that world are available, selection is UCB over them with each child's
// availability count (the iterations in which it could be chosen) in
// place of the parent's visits, one move not yet in the tree is added (a
// move that wins on the spot first, then the most valuable capture, then
// one at random), mcts's playout scores the world, and each node keeps
// the result for the player who moved into it. Chance outcomes in a world
// are drawn by weight and are edges like moves. The tree is built afresh
// each turn. Budgets are counted in nodes as elsewhere: a det player
// spends its base's, an ISMCTS iteration about eight nodes on fog-of-war
// chess, but about ten times an alpha-beta node's time, since each
// iteration samples a world and names its moves.
//
// Measured on fog-of-war chess (TestHiddenMatch, flag-gated; 10 minutes
// of one core, 209 game pairs with seats swapped, 4 random opening
// plies), at about equal nodes ISMCTS does not beat the determinizing
// player: ismcts:i1000 (9,100 nodes and 62 ms a move) scores 0.433 ± 0.049
// against det:ab:n8000 (7,800 nodes and 6 ms a move), every game decided,
// 46 plies a game. Twice the iterations do not close the gap:
// ismcts:i2000 (17,800 nodes a move) scores 0.444 ± 0.102 over 36 pairs.
// Shorter runs (5 minutes each, same opponent) chose UCB's constant:
// 0.35, mcts's, scored best; 0.1, 0.2 and 0.7 scored 0.345, 0.382 and
// 0.278, and mcts's implicit minimax, backed up across worlds, 0.225.
//
// Every player kind is tested for leaks: from two positions that differ
// only in what the mover cannot see, the same seed gives the same move
// (and a seer, which sees the difference, plays differently there); the
// referee's refusal path shows a player the same things from both; a
// refused move is never chosen again; every world drawn agrees with the
// observation and the refusals; whole games replay (hidden_test.go).
//
// # Playing games
//
// PlayGame plays a game from the start between two spec strings under
// Limits (a node cap for the whole game, so a file whose search explodes
// stops with an error instead of hanging a worker; wall time comes from
// the context). A few random plies open each game, chosen by the seed
// and recorded, so a match is not one game played many times. It
// never panics. The Record has the moves, the result and the rule that
// ended the game, the nodes each player searched, the lead changes, and
// Features: rule-usage counts read generically from the position (see
// the Feat constants).
package search
