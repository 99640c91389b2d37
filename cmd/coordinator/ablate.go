package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"balancefarm/farm"
	"balancefarm/repair"
)

func init() {
	register("ablate", "measure a rule file and the file without each of its parts, to see which part tips the balance", runAblate)
}

func runAblate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ablate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ff farmFlags
	ff.add(fs, "", "warn")
	var opts measureOptions
	opts.add(fs)
	fs.Lookup("out").DefValue, opts.outDir = defaultOutDir, defaultOutDir
	fresh := fs.Bool("fresh", false, "measure again from scratch instead of resuming identical earlier measurements")
	kinds := fs.String("kinds", "", "only these kinds of part, comma-separated ("+strings.Join(repair.PartKinds(), ", ")+"); all when empty")
	setUsage(fs, "coordinator ablate [flags] FILE",
		`Measures FILE as measure does (the -players ladder, -games, -precision, -seed; -quick for its short
ones), and beside it, with the same settings and seed, FILE without each of its parts: castling,
en passant, drops, promotion, explosions, each item kind and all items, each resource's income and
all resources, afterlife, after_capture, each presence entry of several (a part whose removal the
engine refuses is listed apart). All batches go to the farm at once. The report lists the parts by
how far removing each moves the first mover's score, with its verdict, the flags it raises and
clears, its draw rate and mean length, and opens with the part that tips the balance most. With
-out it writes NAME-ablation.json, .md and .html.
Exit status: 0 measured, 1 errors, 2 usage.`,
		flagGroup{"What to measure", []string{"quick", "players", "games", "precision", "learned", "seed", "sequential", "fresh", "kinds"}},
		flagGroup{"What to show", []string{"out", "progress", "progress-interval"}},
		flagGroup{"Farm (where and how games are played)", nil})
	rest, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if msg := oneFile(rest); msg != "" {
		return usageError(stderr, "ablate", msg)
	}
	if opts.quick {
		ff.applyQuick(fs)
	}
	if *fresh {
		opts.salt = time.Now().UTC().Format(time.RFC3339Nano)
	}
	log, err := farm.NewLogger(stderr, ff.logFormat, ff.logLevel, "coordinator")
	if err != nil {
		fmt.Fprintln(stderr, "ablate:", err)
		return exitUsage
	}
	settings := ff.settings(opts.salt)
	if err := settings.Check(); err != nil {
		fmt.Fprintln(stderr, "ablate:", err)
		return exitUsage
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
		fmt.Fprintln(stderr, "ablate:", err)
		return 1
	}
	defer fm.close()
	var only []string
	if *kinds != "" {
		only = strings.Split(*kinds, ",")
		for _, k := range only {
			if !slices.Contains(repair.PartKinds(), k) {
				return usageError(stderr, "ablate", fmt.Sprintf("-kinds: %q is not a kind of part (%s)", k, strings.Join(repair.PartKinds(), ", ")))
			}
		}
	}
	a, err := repair.Ablate(ctx, files[0], settings, repair.Farm(fm.m), stdout, only...)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "%s: interrupted; run the same command again to resume\n", files[0].Label)
		} else {
			fmt.Fprintf(stderr, "ablate: %v\n", err)
		}
		return 1
	}
	if opts.outDir != "" {
		if err := repair.WriteAblation(opts.outDir, a); err != nil {
			fmt.Fprintln(stderr, "ablate:", err)
			return 1
		}
	}
	printAblation(stdout, a)
	return 0
}

// printAblation says what the ablation found: the summary, then a line
// per part.
func printAblation(w io.Writer, a *repair.Ablation) {
	fmt.Fprintf(w, "%s: %s (raised: %s)\n%s\n", a.File, a.Original.Verdict, orNone(a.Original.Raised), a.Summary)
	for _, r := range a.Parts {
		m := r.Measurement
		if m.Error != "" {
			fmt.Fprintf(w, "  without %s: error: %s\n", r.Part.Name, m.Error)
			continue
		}
		score := "first mover's score n/a"
		if r.FirstMoverKnown {
			score = fmt.Sprintf("first mover's score %.3f [%.3f, %.3f] (%+.3f)", r.FirstMover.Est, r.FirstMover.Lo, r.FirstMover.Hi, r.Shift)
		}
		fmt.Fprintf(w, "  without %s: %s, %s; raised: %s; cleared: %s\n", r.Part.Name, m.Verdict, score, orNone(r.Raised), orNone(r.Cleared))
	}
	for _, r := range a.Refused {
		fmt.Fprintf(w, "  refused %s (%s)\n", r.Edit, r.Reason)
	}
	fmt.Fprintf(w, "%d games in %d measurements, %.1f s\n", a.Played, a.Measured, a.WallSeconds)
}
