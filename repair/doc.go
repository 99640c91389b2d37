// Package repair turns a verdict into a fix: for a rule file with flags it
// tries small edits of the file on the farm and reports, for each flag,
// the smallest edits that remove it without raising another, with the
// numbers before and after and each edit as an RFC 6902 JSON patch the
// designer can apply; and an ablation table, the edits that move each
// metric most, so that the designer sees why the game fails. It is
// `coordinator repair FILE`.
//
// # Candidates
//
// Generate proposes edits drawn from the rule language's own keys
// (schema 29), round robin over these families so that a cap keeps some
// of each:
//
//   - numbers: max_plies and no_progress_draw halved and doubled within
//     their ranges, or left out for the language's default where the
//     file sets them (the sweep below takes them further); check_limit
//     one up, one down or removed (three checks added to a game with a
//     royal piece); repetition_draw on or "never"; territory's win_at by
//     a quarter.
//   - switches: win and stalemate to each other value; castling and en
//     passant removed (en passant added where a piece promotes);
//     must_capture, forbid_check and forbid_immobility toggled.
//   - reach: the goal removed, moved one rank nearer, grown by that rank,
//     made safe; a file without one gets a race to the far rank.
//   - promotion: the rank one nearer or farther.
//   - range: a slide's or hop's range one shorter or longer; an
//     unlimited one limited to two.
//   - captures: a piece's captures list removed (it may take anything), a
//     move-only or capture-only move made both, a move's condition
//     dropped.
//   - vectors: a move (of a piece with several) or a vector (of a move
//     with several) removed; a vector added that the move's symmetry
//     does not already make (from orthogonal, forward, diagonal, backward
//     and the knight's jump, three a move at most).
//   - setup: one piece of a kind added beside the first of its kind, or
//     the last one removed, on both sides symmetrically.
//   - compensation: an extra piece for the second player, or for the
//     first (the search finds which way the edge runs); a mirrored setup
//     is written out for both players first.
//   - board: one or two ranks longer, with goal squares on the last rank,
//     a promotion rank given as the last index and an unmirrored second
//     army's pieces moved with it.
//
// Each edit is applied with github.com/evanphx/json-patch/v5 and kept only
// when measure.Load accepts the patched file (engine.Compile and the
// start-position cost check), as every file the farm takes; a refused
// edit is reported with the front end's first line, and a file identical
// to another is measured once.
//
// # Search: successive halving
//
// The file is measured with the full settings (those of `coordinator
// measure`). A viable file stops there: nothing else is measured; so
// does an inconclusive one with no flag raised (its undecided flags want
// more games, not edits: the report says about how many). Else
// every single-edit candidate is screened with cheap settings (the quick
// ladder and six games a pairing by default), beside the original under
// the same settings as the screen's control. When fewer than Confirm
// singles clear every flag (viable at the screen), candidates of two
// edits are screened too: each of the three best singles that clear some
// target flag is extended by
// every edit Generate proposes for its own patched file (a fix whose side
// effect, such as a race that is now one-sided or short, a second edit
// may undo; drawn from the patched file, so that lengthening the board
// moves the goal the first edit added), and every two of the best
// PairsOf singles are combined (edits that touch the same key or array
// are not); at most MaxPairs. The same goes on to three edits (MaxEdits)
// from the best pairs while too few clear every flag. The
// best 1/Eta of the pool go on to a middle rung with twice the games and
// the full precision (skipped when that would keep no more than Confirm),
// and the best Confirm are measured with the full settings. For the
// next rung, candidates are ranked by their deepest measurement: fewer
// flags in the way (target flags not cleared, new flags raised), then
// the closest to the file (below), then the smaller shortfall (the sum
// over checks of how far each estimate lies beyond its threshold) and
// fewer undecided; which singles to extend is chosen by the measurement
// alone (fewer raised, smaller shortfall). Every
// rung's files are measured together (Farm: one batch per file, all
// submitted at once), so a cluster's workers take jobs of every
// candidate side by side; the plan and protocol are unchanged. All rungs
// play the same seed, so candidates meet the same openings.
//
// # Sweep: limits to their bounds
//
// After the screen, each limit (max_plies, no_progress_draw) whose one
// step helped (a smaller shortfall than the original's screen, or a
// target flag cleared) is swept on in that direction: doubled (or
// halved) one screen at a time until every target flag clears with no
// new one raised, or the language's bound is reached; then the interval
// between the last value that failed and the first that cleared is
// bisected three times, so that the smallest change that clears the
// flags is found. Result.Sweeps says the values measured and the
// outcome, or that none within the bound clears them.
//
// # Closest first
//
// Every edit has a distance from the designer's file (classify): 1 a
// limit changed, 2 another number, 3 a rule switched, 4 a piece's moves
// changed, 5 something added or taken away; an edit that changes what
// the game is (a new or lost way to win, a piece the designer did not
// place) says so. A candidate's Closeness orders them: one that keeps
// the game first, then fewer edits, the smaller sum of distances, and
// the smaller stretch of its limits (in doublings). The rungs keep the
// candidates with the fewest flags in the way, closest first (the best
// of each kind of edit first, so the report can offer each kind's
// closest repair), and the suggestions and the best repair are ranked
// the same way. Each suggestion carries its closeness in words, every
// check before and after, and its cost in game length.
//
// # Suggestions and the report
//
// For each flag raised in the file's own measurement, the
// candidates whose deepest measurement clears it (an interval that still
// straddles the threshold after a screen's few games is no evidence) and
// raises no flag the file did not, ranked: confirmed first, viable first,
// closest to the file, fewer flags still raised, smaller shortfall. Best
// is the closest confirmed candidate that is viable.
// The ablation table compares each single edit's screen with the
// control's. Write puts NAME-repair.json, .md and .html in the report
// directory with the file's own reports, and each confirmed candidate's
// rule file (NAME-repair-ID.json) with its own reports
// (NAME-repair-ID-report.*), so every suggestion carries its verdict.
//
// # Parts and their ablation
//
// A part is a rule or a component a designer would switch off whole, as
// an edit tunes one: FindParts lists a file's parts from a table of part
// finders (partFinders; a later schema's shop, chaos effects or upgrades
// are one more row each): castling, en passant, drops, promotion (with
// the en passant that needs it, and each entry of a list of several),
// explosions on capture, each item kind (with its setup.items entries)
// and all items where there are several, each resource's income, all
// resources (with the items' gain of them, and the items that only gave
// them), rules.afterlife (a piece that dies is then removed),
// rules.after_capture, and each rules.presence entry of several. Each
// removal is a JSON patch; Parts keeps those whose patched file
// measure.Load accepts and says why each other was refused.
//
// Ablate (`coordinator ablate FILE`) measures the file and the file
// without each part, all with the settings of `coordinator measure` and
// the same seed, every batch submitted at once. Each row says the
// verdict, the flags raised and cleared against the file, the first
// mover's score with its interval (the one_sided check's, as the verdict
// reads it), the draw rate (draw_heavy's) and the mean length; the rows
// go by how far the first mover's score moves, and the first sentence
// names the part whose removal moves it most, where its interval lies
// apart from the file's, or says that no part's does. WriteAblation puts
// NAME-ablation.json, .md and .html in the report directory.
package repair
