// Package measure owns one measurement of a rule file, from its bytes to
// its reports, for every front end alike (coordinator measure, regress
// and serve):
//
//   - Load and Read compile a rule file once (engine.Compile, capped at
//     engine.MaxRuleFileBytes) into a File that carries the compiled game
//     on: the in-process workers and the assessment reuse it.
//   - Settings check the player specs at submission, plan the ladder
//     (protocol.Plan) and give a batch its sequential stop rule (the stats
//     package's SPRT) and window. With a Precision the plan adds the
//     strongest rung's games against itself (equal strength), capped at
//     what that precision needs at worst (four times that, finer than a
//     quick look), stopped once every
//     flag they feed is decided by its interval and a GSPRT alike
//     (FlagsOnly, the command line's default) or, with -precise, once
//     besides their intervals are that narrow.
//   - A game with something to foresee (selfplay.Foreseeable: chance)
//     gets one more rung after the strongest, the clairvoyant
//     "seer:" + its spec (WithSeer), which serves only the skill share
//     (stats.MeasureSkill): it and the strongest rung play the weakest to
//     the cap (stats.Decide); a game without keeps its plan, jobs and
//     games as they were.
//   - With Learned (measure -learned) the ladder is one batch and the
//     equal-strength games another (learned.go): the top rung plays them
//     with the piece values learned from the ladder's games, shrunk
//     towards the file's by their uncertainty, or with the file's when
//     those games are too few; the second plan follows from the first's
//     results alone, so both resume. Off by default: it lost in matches
//     at a fixed node budget (README).
//   - A File may carry the learned table kept for its exact bytes
//     (FindTable, package tablestore): Plan then puts the table's spec
//     in place of the ladder's strongest rung wherever that rung is the
//     table's base, in the ladder and the equal-strength games alike,
//     and the report says which table it played (report.TopTable). A
//     file without one plays as before.
//   - A Measurer runs the batch on a farm.Coordinator, replays each
//     result once as it verifies it (records.Replay: legal moves, the
//     recorded ending and the features the worker counted while playing;
//     verify.go) and reads every game from that replay to assess the
//     results, writes the JSON, Markdown and HTML reports with the game
//     records (NAME.pgn, NAME.games.jsonl: package records) and records
//     the verdict metric. DistinctNames keeps same-named files apart.
//   - Fit prices a file's plan on the machine at hand (Probe: the first
//     game of each pairing, cut short and extrapolated when the probe's
//     few seconds run out, the dearest pairing's plies priced on a line
//     from its time per ply at the start to that from a position half a
//     game in, which the other pairings' grow by) and, under a time
//     budget (measure -budget),
//     chooses the plan that fits it (ChooseBudget: middle rungs dropped,
//     then the ladder's and then the equal-strength games capped); the
//     budget's stop rule ends each pairing when the time left is what
//     its games in flight take, and the report names the flags left
//     undecided for lack of time (budget.go). Without a budget nothing
//     is played differently.
//   - ServiceConfig fits a Measurer to farm.Service, so that the HTTP API
//     refuses, stops and reports exactly as the command line does.
//
// The farm package stays free of the engine: it gets these as functions.
package measure
