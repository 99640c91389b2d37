package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/selfplay"
	"balancefarm/stats"
)

func init() {
	// Workers started by measure and serve play real games with the engine
	// and the search players.
	farm.RegisterRunner(farm.DefaultRunnerName, selfplay.NewRunner())
	serveReport = func(file string, spec []byte, results []protocol.Result) (bool, error) {
		a, err := selfplay.Assess(file, spec, nil, results, 0, stats.DefaultThresholds())
		if err != nil {
			return false, err
		}
		return a.Report.Verdict == stats.Viable, nil
	}
}

// quickGames is -quick's games per pairing: enough for a first look at a
// file, not for every threshold.
const quickGames = 6

// applyQuick switches to the quick ladder and few games, unless the
// command line set them.
func (f *farmFlags) applyQuick(fs *flag.FlagSet) {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if !set["players"] {
		f.players = strings.Join(search.QuickLadder(), ",")
	}
	if !set["games"] {
		f.games = quickGames
	}
}

// verdictWriter turns each file's results into its verdict: a line on
// stdout and, with -out, the three reports plus a summary.
type verdictWriter struct {
	w       io.Writer
	outDir  string
	players []string
	started time.Time
	reports []*report.Report
}

func newVerdictWriter(w io.Writer, outDir string, players []string, started time.Time) *verdictWriter {
	return &verdictWriter{w: w, outDir: outDir, players: players, started: started}
}

func (v *verdictWriter) report(file string, spec []byte, results []protocol.Result) (bool, error) {
	wall := time.Since(v.started)
	a, err := selfplay.Assess(file, spec, v.players, results, wall, stats.DefaultThresholds())
	if err != nil {
		return false, err
	}
	rep := a.Report
	reasons := ""
	for i, f := range rep.Flags {
		if i == 0 {
			reasons = ": "
		} else {
			reasons += ", "
		}
		reasons += f.Name
	}
	fmt.Fprintf(v.w, "%s: %s%s (%d games in %s)\n", file, rep.Verdict, reasons, rep.Games, wall.Round(time.Second))
	if v.outDir != "" {
		if err := os.MkdirAll(v.outDir, 0o755); err != nil {
			return false, err
		}
		written, err := report.Write(v.outDir, a.Input)
		if err != nil {
			return false, err
		}
		rep = written
	}
	v.reports = append(v.reports, rep)
	return rep.Verdict == stats.Viable, nil
}

// finish writes the summary of every file measured.
func (v *verdictWriter) finish() error {
	if v.outDir == "" || len(v.reports) == 0 {
		return nil
	}
	return report.WriteSummary(v.outDir, v.reports)
}
