package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"balancefarm/farm"
	"balancefarm/measure"
	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/stats"
)

// applyQuick switches to the quick ladder and few games, unless the
// command line set them.
func (f *farmFlags) applyQuick(fs *flag.FlagSet) {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if !set["players"] {
		f.players = strings.Join(search.QuickLadder(), ",")
	}
	if !set["games"] {
		f.games = measure.QuickGames
	}
	if !set["precision"] {
		f.precision = measure.QuickPrecision
	}
}

// verdictWriter turns each file's results into its verdict: a line on
// stdout and, with -out, the reports and game records plus a summary,
// saying on where (stderr) which file went where.
type verdictWriter struct {
	w, where io.Writer
	outDir   string
	players  []string
	m        *measure.Measurer
	reports  []*report.Report
	// ladders are the files measured with a ladder of their own (a time
	// budget dropped rungs).
	ladders []fileLadder
}

// fileLadder is the ladder one file was measured with.
type fileLadder struct {
	f       *measure.File
	players []string
}

// playersOf is the ladder f was measured with.
func (v *verdictWriter) playersOf(f *measure.File) []string {
	for _, l := range v.ladders {
		if l.f == f {
			return l.players
		}
	}
	return v.players
}

// report writes one file's reports. Its time is the file's own batch's,
// over every session that ran it.
func (v *verdictWriter) report(f *measure.File, out *farm.Outcome) (string, error) {
	wall := out.Elapsed
	rep, err := v.m.Report(f, v.playersOf(f), out.Results, out.DeadLetters, wall, v.outDir)
	if err != nil {
		return "", err
	}
	if v.outDir != "" && v.where != nil {
		fmt.Fprintf(v.where, "%s: report %s (with .md, .json, games in .pgn and .games.jsonl)\n", f.Label, filepath.Join(v.outDir, rep.Name+".html"))
	}
	reasons := ""
	for i, f := range rep.Flags {
		if i == 0 {
			reasons = ": "
		} else {
			reasons += ", "
		}
		reasons += f.Name
	}
	for i, u := range rep.Undecided {
		switch {
		case i == 0 && rep.Budget != nil && len(rep.Budget.Undecided) > 0:
			reasons += "; undecided for lack of time: "
		case i == 0:
			reasons += "; undecided: "
		default:
			reasons += ", "
		}
		reasons += u.Name
		if u.MoreGames == stats.MoreGamesRepeat {
			reasons += " (the games repeat each other: more varied openings needed)"
		}
		if u.MoreGames > 0 {
			reasons += fmt.Sprintf(" (about %d more games)", u.MoreGames)
		}
	}
	lost := rep.LostGames + rep.ErrorGames
	if stats.TooManyLost(rep.Games, lost) {
		reasons += fmt.Sprintf("; too many games lost (%d of %d, more than %.0f%%)", lost, rep.Games+lost, 100*stats.MaxLostShare)
	}
	if b := rep.Budget; b != nil && (len(b.Dropped) > 0 || b.GamesCap > 0 || b.MirrorGamesCap > 0) {
		reasons += "; within the budget: " + measure.BudgetChoice{Dropped: b.Dropped, Caps: measure.Caps{Ladder: b.GamesCap, Mirror: b.MirrorGamesCap}}.Describe()
	}
	took := wall.Round(time.Second).String()
	if out.Resumed > 0 {
		took += " over every session"
	}
	if n := len(out.Surplus); n > 0 {
		// The progress line counted them; the verdict does not.
		took += fmt.Sprintf("; %d more finished after their pairing stopped, not counted", n)
	}
	if len(rep.Losses) > 0 {
		var by []string
		for _, l := range rep.Losses {
			by = append(by, fmt.Sprintf("%s %d", l.Worker, l.Games))
		}
		took += fmt.Sprintf("; %d lost: %s", lost, strings.Join(by, ", "))
	}
	fmt.Fprintf(v.w, "%s: %s%s (%d games in %s)\n", f.Label, rep.Verdict, reasons, rep.Games, took)
	v.reports = append(v.reports, rep)
	return rep.Verdict, nil
}

// finish writes the summary of every file measured.
func (v *verdictWriter) finish() error {
	if v.outDir == "" || len(v.reports) == 0 {
		return nil
	}
	return report.WriteSummary(v.outDir, v.reports)
}
