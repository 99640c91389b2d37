// Package report renders a stats.Analysis of one rule file as the files a
// measurement leaves behind: NAME.json (the machine-readable record, format
// in FORMAT.md), NAME.md (for a pull request: verdict and reasons first,
// then the numbers) and NAME.html (a page that stands alone, its plots
// inline SVG drawn with gonum/plot), plus summary.md with one row per file.
// It computes no statistics of its own beyond binning for display.
package report
