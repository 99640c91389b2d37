// Package report renders a stats.Analysis of one rule file as the files a
// measurement leaves behind: NAME.json (the machine-readable record, format
// in FORMAT.md), NAME.md (for a pull request: verdict and reasons first,
// then the numbers) and NAME.html (a page that stands alone, its plots
// inline SVG drawn with gonum/plot, board diagrams and a replay viewer for
// the example games in inline SVG and script), plus summary.md with one row
// per file. The reasons open every format as plain sentences, each linking
// its example games. The board, frames and games come from the caller
// (package records), so the report knows no rules; it computes no
// statistics of its own beyond binning and per-rung sums for display.
//
// It also reads reports back (ReadReports) and sets two measurements of
// the same rule files side by side (Compare: each file's figures from
// both, and how the two rank the files, with the rank statistics from
// package stats), so a team can calibrate the ladder against an outside
// engine as its top rung.
package report
