package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"balancefarm/farm"
	"balancefarm/measure"
	"balancefarm/protocol"
	"balancefarm/repair"
	"balancefarm/stats"
)

func init() {
	register("repair", "measure a rule file and search small edits of it for a variant without its flags", runRepair)
}

func runRepair(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("repair", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ff farmFlags
	ff.add(fs, "", "warn")
	var opts measureOptions
	opts.add(fs)
	fs.Lookup("out").DefValue, opts.outDir = defaultOutDir, defaultOutDir
	// The flags' defaults are repair's own (DefaultConfig), as serve's
	// repairs use them.
	def := repair.DefaultConfig(measure.Settings{})
	screenPlayers := fs.String("screen-players", strings.Join(def.Screen.Players, ","), "ladder that screens every candidate")
	screenGames := fs.Int("screen-games", def.Screen.Games, "games per pairing, at most, when screening")
	screenPrecision := fs.Float64("screen-precision", def.Screen.Precision, "precision of the screen's equal-strength games (0: none)")
	confirm := fs.Int("confirm", def.Confirm, "candidates confirmed with the full settings")
	eta := fs.Int("eta", def.Eta, "successive halving's factor: each rung keeps the best 1/eta")
	maxCandidates := fs.Int("max-candidates", def.MaxCandidates, "single edits measured at most (0: all)")
	pairsOf := fs.Int("pairs-of", def.PairsOf, "when too few single edits clear the flags, pair the best this many, and extend each of the three best that clear some flag by every edit of its file (-1: single edits only)")
	maxPairs := fs.Int("max-pairs", def.MaxPairs, "candidates of two or more edits screened at most at each depth (0: all)")
	maxEdits := fs.Int("max-edits", def.MaxEdits, "most edits one candidate combines")
	fresh := fs.Bool("fresh", false, "measure again from scratch instead of resuming identical earlier measurements")
	setUsage(fs, "coordinator repair [flags] FILE",
		`Measures FILE as measure does (the full settings: the -players ladder, -games, -precision; -quick
for its short ones). A viable file stops there, and so does one with no flag raised. Otherwise small edits drawn from the rule language
(numbers swept, rules switched, a vector added or removed, a piece added or removed symmetrically,
an extra piece for one player) are compiled, and every valid one is measured, all batches at once
on the farm, by successive halving: screened with -screen-players and -screen-games, the best
1/-eta on with twice the games, the best -confirm with the full settings. With -out it writes
NAME-repair.json, .md and .html, the file's own reports, and each confirmed candidate's rule
file (NAME-repair-ID.json) with its own reports beside them.
Exit status: 0 the file is viable or a confirmed edit makes it viable, 3 no edit found does,
5 inconclusive with no flag raised (measure with more games first), 1 errors, 2 usage.`,
		flagGroup{"What to measure", []string{"quick", "players", "games", "precision", "seed", "sequential", "screen-players", "screen-games", "screen-precision", "eta", "confirm"}},
		flagGroup{"What to show", []string{"out", "progress", "progress-interval"}},
		flagGroup{"Farm (where and how games are played)", nil})
	rest, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if msg := oneFile(rest); msg != "" {
		return usageError(stderr, "repair", msg)
	}
	if opts.quick {
		ff.applyQuick(fs)
	}
	if *fresh {
		opts.salt = time.Now().UTC().Format(time.RFC3339Nano)
	}
	log, err := farm.NewLogger(stderr, ff.logFormat, ff.logLevel, "coordinator")
	if err != nil {
		fmt.Fprintln(stderr, "repair:", err)
		return exitUsage
	}
	full := ff.settings(opts.salt)
	screen := full
	screen.Players, screen.Games, screen.Precision = splitPlayers(*screenPlayers), *screenGames, *screenPrecision
	for _, s := range []measure.Settings{full, screen} {
		if err := s.Check(); err != nil {
			fmt.Fprintln(stderr, "repair:", err)
			return exitUsage
		}
	}
	files, bad := readRuleFiles(rest, stderr)
	if bad {
		return 1
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop)
	fm, err := ff.openFarm(ctx, log, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "repair:", err)
		return 1
	}
	defer fm.close()
	cfg := repair.Config{Full: full, Screen: screen, Eta: *eta, Confirm: *confirm, MaxCandidates: *maxCandidates,
		PairsOf: *pairsOf, MaxPairs: *maxPairs, MaxEdits: *maxEdits, Log: stdout}
	res, err := repair.Repair(ctx, files[0], cfg, repair.Farm(fm.m))
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "%s: interrupted; run the same command again to resume\n", files[0].Label)
		} else {
			fmt.Fprintf(stderr, "repair: %v\n", err)
		}
		return 1
	}
	if opts.outDir != "" {
		if err := repair.Write(opts.outDir, res); err != nil {
			fmt.Fprintln(stderr, "repair:", err)
			return 1
		}
	}
	printRepair(stdout, res)
	switch {
	case res.Original.Verdict == stats.Viable || res.Best != "":
		return 0
	case len(res.Targets) == 0:
		return exitInconclusive
	default:
		return exitNotViable
	}
}

// splitPlayers reads a comma-separated ladder; a uci: spec keeps its
// name=value fields (protocol.SplitPlayers).
func splitPlayers(list string) []string { return protocol.SplitPlayers(list) }

// printRepair says what the repair found, a few lines per flag.
func printRepair(w io.Writer, res *repair.Result) {
	o := res.Original
	fmt.Fprintf(w, "%s: %s (raised: %s; undecided: %s); %s\n", res.File, o.Verdict, orNone(o.Raised), orNone(o.Undecided), res.Stopped)
	for _, f := range res.Flags {
		if len(f.Suggestions) == 0 {
			fmt.Fprintf(w, "  %s %.3f: %s\n", f.Flag, f.Before.Value.Est, f.Note)
			continue
		}
		for i, s := range f.Suggestions {
			fmt.Fprintf(w, "  %s %.3f -> %.3f (%s, %s at the %s rung): %s\n", f.Flag, f.Before.Value.Est, s.After.Value.Est,
				s.After.State, s.Verdict, s.Rung, s.Desc)
			if i == 0 {
				fmt.Fprintf(w, "    patch: %s\n", s.Patch)
			}
		}
	}
	if res.Best != "" {
		for _, t := range res.Confirmed() {
			if t.ID == res.Best {
				fmt.Fprintf(w, "best repair: %s (%s), viable with the full settings: %s\n", t.ID, t.Desc, t.File)
			}
		}
	} else if o.Verdict != stats.Viable {
		fmt.Fprintln(w, "no confirmed edit makes it viable")
	}
	fmt.Fprintf(w, "%d games in %d measurements, %.1f s\n", res.Games, res.Measured, res.WallSeconds)
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
