// Package stats turns a rule file's self-play results into numbers and a
// viability verdict. It owns the statistics of a measurement: per-pairing
// counts and intervals, colour-swapped pairs, the rating fit over the
// ladder, the general game systems' metrics, the sequential stopping rule,
// the verdict flags and the design warnings. It knows nothing of how games
// are played or scheduled: the coordinator hands it Game records, a Ladder
// and a StartInfo, and renders the Analysis with package report.
//
// # Entry points
//
//   - Decide(ladder, thresholds, gamesOfOnePairing) after each result: play
//     on or stop, with the reason (DecideOver when the random opening's
//     lines are listed).
//   - Analyze(ladder, start, allGames, thresholds) once a file's games are
//     in: the whole Analysis.
//
// # Definitions
//
// Score. A win counts 1, a draw 1/2, a loss 0. A pairing's results are the
// subject's: the stronger spec by ladder order, or the first mover when a
// spec plays itself (a mirror pairing). Every interval is two-sided at
// Thresholds.Confidence (95%).
//
// Score intervals are Wilson score intervals with draws counted as half a
// success. With draws the true per-game variance is below p(1-p), so the
// interval is conservative then. Wilson(7, 10, 0.95) is [0.397, 0.892].
//
// Pairs. Two games on one PairID, with the same Seed and the colours
// swapped, are a pair. As in fishtest's pentanomial model a pair is one
// independent unit: Pentanomial.Counts[k] counts pairs in which the subject
// scored k/2 points, and its score interval is normal with the variance of
// the per-pair mean, which accounts for the correlation of a pair's games.
//
// Ratings. Bradley-Terry in Elo units with a first-move term H (EloModel):
// the first mover's expected score is 1/(1+10^(-(R_P0-R_P1+H)/400)). The
// fit is the maximum a posteriori estimate with PriorDraws virtual draws
// (default 1) between every two players that met and for H, so a player
// who won every game still gets a finite rating; the weakest rung that
// played is the anchor at 0. It is minimised by gonum's Newton method on
// the exact Hessian; intervals are normal, from the inverse of the Fisher
// information. Specs not connected to the anchor by games are left out.
//
// Sequential stopping (Decide). Each pairing feeds some thresholds: a
// mirror pairing one_sided (first mover's score against OneSided and
// 1-OneSided); any other pairing "order" (the stronger rung's score
// against 1/2); the strongest rung against the weakest depth_insensitive
// (score against DepthMinScore); a pairing of two strong rungs draw_heavy,
// unfinished and short (the indicator rates against their thresholds).
// Each is a generalised SPRT (fishtest's GSPRT) of H0: mean = t - Delta
// against H1: mean = t + Delta, with Wald's bounds log(Beta/(1-Alpha)) and
// log((1-Beta)/Alpha); each hypothesis is the maximum-likelihood
// distribution with that mean given the observed outcome frequencies (a
// pseudo-count of 1e-3 per outcome keeps it finite). With paired games the
// units are complete pairs (values 0, 1/4, ..., 1); else games. Defaults:
// Alpha = Beta = 0.05, Delta = 0.10, MinGames 10, MaxGames 200 (measure
// sets MaxGames to its -games cap). A zone of ±0.10 lets a clean sweep
// decide in about a dozen games.
//
// The strongest rung's games against itself (a mirror pairing the plan
// adds when the ladder has Mirror set) stop by another rule: once every
// flag read from them (draw_heavy, unfinished, short, one_sided) is
// decided by its interval, as the verdict reads it, and (unless one is
// raised, which settles the verdict) the draw rate's and first mover's
// intervals are no wider than ±Precision (default 0.05), after at least 20
// games; at the latest at MirrorMaxGames, by default
// GamesForPrecision (the games that give a proportion of 1/2 that width:
// 386 for 0.05; the measure package allows four times that in a full
// measurement). With a mirror pairing the other strong pairings feed no
// rate flags. With FlagsOnly (measure's default since issue 37; measure
// -precise turns it off) they do not wait for ±Precision: they stop once
// every flag is decided by its interval and, the same way, by a GSPRT of
// the flag's threshold over the games (each game a unit; one_sided tested
// at both ends). The interval is looked at after every game, which alone
// would let a wrong verdict through more often than its 5%; a stop that
// waits for the GSPRT to agree errs only where the GSPRT has crossed its
// wrong bound, which Wald's bounds allow with probability Alpha (Beta) at
// most, however late the test is read. Precision then sizes only the cap.
//
// Scope. The verdict rates and the metrics are read from the games of the
// strongest rung against itself: games between equals, which is what a
// draw rate and a first-move edge are questions about. Without them, from
// the games between the StrongRungs (default 2) strongest rungs, mirror
// games included; when none were played, from every game (the report says
// which).
//
// # Verdict flags and the three verdicts
//
// A flag is raised only when its whole interval lies beyond its threshold,
// and cleared only when its whole interval lies on the good side; in
// between it is undecided, with an estimate of the further games that
// would decide it (Check.MoreGames: at the same spread the interval
// shrinks as 1/sqrt(n)). The verdict is not_viable when any flag is
// raised, else inconclusive when any is undecided, else viable.
//
// Games that replay each other move for move are not independent samples
// of play: the equal-strength intervals are as wide as the games'
// effective number (Kish's, over the distinct lines in which the players
// had a choice), and a flag whose games are worth under half their number
// says that more varied openings, not more games, would decide it
// (MoreGamesRepeat).
//
// Exhausted openings. When the caller lists every line the random opening
// can produce with its chance (StartInfo.Openings, each game's line in
// Game.Opening), every game's opening is listed, and the games of one
// opening are one game (the same line and result: deterministic players),
// the equal-strength rates draw_heavy, unfinished, short and one_sided
// read are not sampled: a rate is the played lines' values weighted by
// their chances. Every line played, it is exact (openings-exact, a
// zero-width interval: beyond a threshold it raises, inside it clears; a
// deterministic game is decided by its one game). Some lines unplayed, of
// weight u, the rate lies in [played sum, played sum + u]
// (openings-bound), a certain bound, not a sample's interval: the played
// lines may be each line in turn rather than draws of the procedure, so
// they say nothing of the others; a flag it leaves undecided says that
// playing the other lines would decide it (MoreGamesUnplayedLines).
// Measures.Openings says which case applies; ScopeEffective still says
// what the games are worth as samples, though no interval reads it then.
// Otherwise (a game off the list, two games of one opening that differ,
// chances not summing to 1) the sampled intervals stand.
//
//   - draw_heavy: draw rate in scope > DrawHeavy (0.75).
//   - unfinished: share of max_plies or no_progress endings in scope >
//     Unfinished (0.5). A scoring ending decided by the clock is finished,
//     and so is a draw by rules.counting (schema 31): the game's own rule
//     ended it, as stalemate would.
//   - short: share of games with Plies <= ShortPlies (10) in scope > Short
//     (0.25).
//   - one_sided: the first mover's score at equal strength > OneSided
//     (0.65) or < 1-OneSided. It is read from the strong rungs' mirror
//     games when there are any (the mean score with a normal interval
//     from the games' own spread, Wilson's while every game is alike),
//     else from the rating fit's H as 1/(1+10^(-H/400)).
//   - depth_insensitive: the strongest rated rung's expected score against
//     the weakest, from the rating fit, < DepthMinScore (0.70, about +147
//     Elo). Not assessed with fewer than two rated rungs.
//   - luck_dominated: the skill share's interval lies wholly below
//     SkillShareMin (0.25); clear when wholly at or above it.
//
// Rates use Wilson intervals; the depth score maps the rating fit's Elo
// interval.
//
// # Skill share (luck_dominated)
//
// A game with chance (or, later, hidden information: StartInfo.Foreseeable
// is the one predicate) adds a clairvoyant rung to its ladder, Ladder.Seer
// = "seer:" + the strongest rung's spec: it plays as that rung but knows
// the outcomes of the coming chance events. It is no rung: its games are
// split off before every other figure (pairings, ratings, the strongest
// rung, the equal-strength scope, the skill trace). Decide feeds its
// pairings no threshold: against the weakest rung it plays to the cap, and
// so does the strongest rung against the weakest, since the share reads
// their pairs side by side; against other rungs it plays the minimum,
// which places it on the rating scale for the Elo form. MeasureSkill reads, after
// van der Genugten and Borm's relative skill, S_b the strongest rung's
// score against the weakest and S_c the clairvoyant rung's, both over
// both seatings; L = S_b - 1/2 (learning effect), R = S_c - S_b (random
// effect), share = L / (L + R).
//
// Every pairing opens pair k from the same seed, so the two games of
// best-against-weakest pair k and of seer-against-weakest pair k see the
// same dice (common random numbers). The units are the openings on which
// both played a complete pair: per opening x = S_b's pair score per game,
// y = S_c's, and their means, variances and covariance over the openings
// give Fieller's interval for (mean x - 1/2) / (mean y - 1/2): every θ
// with (a - θb)² <= z² Var(a - θb). Fieller's, not the delta method,
// because the denominator may lie near zero: when L + R's own interval
// holds zero (b² <= z² Var b) the set is unbounded, the state is
// SkillIndistinct and the flag is undecided rather than dividing by
// noise. A mean with no spread (a clean sweep, or a pair score of 1/2 on
// every opening) takes the variance it would have with one more opening
// at the far end of [0, 1], so a few identical pairs are not certain. The share and its interval are not clamped: noise may
// put them outside [0, 1], and the report prints them as they are.
// The Elo form, (Elo_best - Elo_weakest) / (Elo_seer - Elo_weakest), is a
// point estimate from a rating fit of the ladder with the clairvoyant
// rung on top. A game with nothing to foresee has share 1 exactly
// (SkillExact: a clairvoyant player plays as the strongest rung), and the
// flag is clear.
//
// SkillShareMin = 0.25 was chosen from the two ends the flag must tell
// apart. A coin toss has L = 0 (no rung beats another) and R = 1/2 (the
// seer wins every game): share 0. Its pair scores x have variance 1/8, so
// the share's half-width is about 1.96·sqrt(1/8)/0.5/sqrt(n) = 1.39/sqrt(n)
// over n openings: below 0.25 from about 31 openings (62 games a
// pairing). Under common random numbers a toss that decides the game
// whoever sits where gives each rung 1/2 on every pair, no spread at all,
// and is raised from a handful of openings (TestLuckCheck); a toss the
// seatings do not share needs the 31, and the default 40 games a pairing
// (20 openings) may leave it undecided, with the games still needed.
// Chess has nothing to foresee: share 1, clear. Between them, a quarter
// is the point where three quarters of what separates the weakest player
// from one who knows the dice is the dice: a game where the best player's
// edge over a beginner is under a third of what foresight adds is one in
// which the result is mostly drawn, not played. A higher threshold (say
// 1/2) would flag backgammon-like games whose skill is real but shares
// the result with the dice, which is a design choice, not a defect.
//
// # Games of N seats (2 to 8; selfplay.Analyse adds them to Analyze's figures)
//
// SeatGame holds each seat's share of a game, in [0, 1], summing to 1: a
// last seat standing takes 1, a winning team's seats share 1, a draw gives
// each 1/N, a game scored by points gives each its points over the total
// (WinShares, PointShares). A seat's (or team's) score is its mean share,
// 1/N (or its seats over N) for an even one; a draw is a game in which
// every seat got the same share.
//
// SeatPlan seats the armies by cyclic rotation so that each sits in each
// seat equally often; with neighbours set, in every cyclic order too, so
// that each army also moves after each other one equally often (rotations
// alone keep who passes the move to whom fixed).
//
// Intervals (SeatScores, TeamScores) hold together at Confidence:
// Bonferroni over the N seats (each at 1-(1-Confidence)/N; two seats' or
// two teams' scores are one statement, at Confidence), as wide as the
// games' effective number. Two seats use the first mover's interval
// (normal from the games' spread); more use Wilson's, as a fair score
// near 0 makes a normal interval from few games too narrow.
//
//   - seat_advantage (SeatAdvantage, TeamAdvantage): one_sided for N
//     seats. Each seat's score is compared with the band fair·[2(1-OneSided),
//     2·OneSided] around its fair score (0.7/N to 1.3/N by default; for
//     two seats one_sided's [0.35, 0.65]). Raised when some seat's
//     simultaneous interval lies wholly outside its band, clear when every
//     one lies wholly inside, else undecided, with the fewest more games
//     that would raise some seat or clear them all (Check.MoreGames, and
//     MoreGamesRepeat as above). On two seats it decides as one_sided on
//     the same games. A χ² test of the scores against 1/N was not used: it
//     can only reject exact evenness, never show balance within a
//     threshold, so it cannot clear the flag.
//   - Balance (SeatBalance), after Ludii's Balance metric (Evaluation,
//     class Balance): every seat's rate is its mean partial win, seats
//     ranked by share in each game, the first counting 1, the last 0,
//     evenly between, tied seats sharing their ranks; Balance is 1 minus
//     the largest gap between two seats' rates (two seats: 1-|w0-w1|, the
//     two-player balance). Its interval bounds that gap by the seats'
//     simultaneous intervals of their rates.
//
// SeatTableOf gathers these for a report, and SeatSentence (or
// SeatTable.Sentences) says a score in plain words, seats numbered from 1:
// "Seat 2 (blue) scores 34% of the points (29%–39%), against 25% for an
// even seat: it is ahead."
//
// # Design warnings (reported; never part of the verdict)
//
//   - first_move_capture: StartInfo says a capture is among a player's
//     first moves (the share of games capturing on ply 1 or 2 is added
//     when games carry first_capture_ply).
//   - wild_piece_taken_early, goal_reached_early: a wild piece taken, or a
//     goal reached, by ply EarlyPlies (10) in at least EarlyRate (0.5) of
//     the scope's games (a rule used up early).
//   - hazard_avoided: the rules set a hazard and at most RareUse (0.05) of
//     the games met it.
//   - castling_unused, en_passant_unused, double_step_unused (and
//     hazard_avoided): the rule is kept but used in at most RareUse of the
//     scope's games, judged only on skilful play (the depth check clear:
//     the strongest rung clearly beats the weakest) and only when the
//     share's whole Wilson interval is at or below RareUse, so that weak
//     players or a handful of games cannot suggest it. En passant counts
//     a game when it was offered (legal after a double step), taken or
//     not: it is rare in sound play (orthodox chess takes it in a few
//     games in a hundred) and does its work by being there.
//   - first_mover_edge: the first mover's score at equal strength >=
//     FirstMoverEdge (0.55) with an interval above 1/2 (or the mirror
//     image for the second mover).
//   - game_errors: games that ended in "error" were left out.
//
// # Matches and piece values
//
// Match summarises a head-to-head match of two players in colour-swapped
// pairs: the pentanomial score, the Elo difference with its interval, and
// a GSPRT of H0 Elo = elo0 against H1 Elo = elo1 on the pairs.
//
// FitPieceValues regresses game results on material (Texel tuning):
// P(player 0 wins) = logistic(t + Σ b_k d_k + s_p0 - s_p1), d_k the balance
// of kind k, s_p a strength per player, draws as half a win, every game
// weighing one (its positions share the weight), by Newton's method with a
// faint ridge prior; values are b_k / b_ref with delta-method intervals from
// a covariance clustered by game (positions of one game are not
// independent). Without the strengths, wins that the stronger of two unequal
// players earned are credited to the material it takes on the way; counting
// positions one by one, long games (unconverted endgames, where a pawn counts
// for more than a piece) outvote the rest. Both squeeze the values towards
// the pawn.
//
// PieceValues.Shrunk pulls each learned value towards the declared one:
// the posterior mean under a normal prior around the declared value with
// spread ShrinkShare (a quarter) of it, v = d + w (l - d) with
// w = τ²/(τ² + se²), se from the fit's interval. A value the fit is unsure
// of (shogi's) stays near the file's; one without an estimate keeps it.
//
// # Metrics (Ludii's names; see Metric.Definition)
//
// completion (Completion), drawishness (Drawishness), timeouts (Timeouts),
// balance (Balance), advantage_first_player (AdvantageP1): shares over the
// scope's games, Wilson intervals except balance (normal interval of
// w0-w1 mapped through 1-|d|). duration (DurationMoves, in plies),
// decisiveness (DecisivenessMoves, from Game.DecisivePly), lead_change
// (LeadChange, LeadChanges/Plies): means with Student-t intervals.
// skill_trace: the doubled side's pooled score over the ladder's doubling
// pairs (Ludii extrapolates its own doubling series instead).
package stats
