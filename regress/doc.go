// Package regress compares measurements of the rule-file library against a
// committed baseline, for `coordinator regress`: a verdict that flipped
// between viable and not viable (a change to or from inconclusive is shown,
// and regresses only through the flags and statistics behind it), a
// verdict flag raised or cleared, and a key statistic that moved further
// than its confidence intervals allow. It owns the baseline file's format
// (a summary of each file's report: verdict, raised flags, key statistics
// with their intervals) and the comparison's short table and Markdown
// report. Measuring the files is the caller's business.
package regress
