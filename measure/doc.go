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
//     strongest rung's games against itself (equal strength), as many as
//     that precision needs at worst, stopped sooner once every flag they
//     feed is decided and their intervals are that narrow.
//   - A Measurer runs the batch on a farm.Coordinator, assesses the
//     results, writes the JSON, Markdown and HTML reports with the game
//     records (NAME.pgn, NAME.games.jsonl: package records) and records
//     the verdict metric. DistinctNames keeps same-named files apart.
//   - ServiceConfig fits a Measurer to farm.Service, so that the HTTP API
//     refuses, stops and reports exactly as the command line does.
//
// The farm package stays free of the engine: it gets these as functions.
package measure
