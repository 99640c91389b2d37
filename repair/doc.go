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
//     their ranges; check_limit one up, one down or removed (three checks
//     added to a game with a royal piece); repetition_draw on or "never";
//     territory's win_at by a quarter.
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
// and the best Confirm are measured with the full settings. Candidates
// are ranked by their deepest measurement: fewer flags raised, then the
// smaller shortfall (the sum over checks of how far each estimate lies
// beyond its threshold), fewer undecided, then the smaller edit. Every
// rung's files are measured together (Farm: one batch per file, all
// submitted at once), so a cluster's workers take jobs of every
// candidate side by side; the plan and protocol are unchanged. All rungs
// play the same seed, so candidates meet the same openings.
//
// # Suggestions and the report
//
// For each flag raised in the file's own measurement, the
// candidates whose deepest measurement clears it (an interval that still
// straddles the threshold after a screen's few games is no evidence) and
// raises no flag the file did not, ranked: confirmed first, viable first,
// fewer edits, fewer flags still raised, smaller shortfall. Best is the smallest confirmed candidate that is viable.
// The ablation table compares each single edit's screen with the
// control's. Write puts NAME-repair.json, .md and .html in the report
// directory with the file's own reports, and each confirmed candidate's
// rule file (NAME-repair-ID.json) with its own reports
// (NAME-repair-ID-report.*), so every suggestion carries its verdict.
package repair
