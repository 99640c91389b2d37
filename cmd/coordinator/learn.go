package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"balancefarm/farm"
	"balancefarm/measure"
	"balancefarm/search"
	"balancefarm/selfplay"
	"balancefarm/tablestore"
)

func init() {
	register("learn", "play self-play games of a rule file and learn a piece-square table from them, for a spec to carry", runLearn)
}

// runLearn is `coordinator learn [-spec S] [-games N] [-for SPEC] FILE`:
// -spec plays -games games against itself on the farm measure uses (a
// measurement's mirror pairing, so its seeds and random openings), then
// selfplay.LearnTable fits a table to them on top of -spec's evaluation,
// and the command prints -for carrying it, for match, measure -players or
// play. The fit's figures go to stderr. With -check, a match of the
// learned spec against -for says whether to keep it, as the table is
// kept only where a match shows a gain.
func runLearn(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("learn", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ff farmFlags
	ff.addFarm(fs, "", "warn")
	spec := fs.String("spec", "ab:n2000", "the player of the games learnt from (against itself)")
	games := fs.Int("games", 3000, "games to play (even)")
	forSpec := fs.String("for", "ab:n10000", "the spec printed with the learned table (an ab or mcts spec with -spec's evaluation: the same values and terms)")
	check := fs.Int("check", 0, "after learning, play this many colour-swapped pairs of -for with the table against -for without it (seed -seed+1, so other openings than the games learnt from) and exit 6 unless the Elo interval is above zero")
	keep := fs.String("keep", "", "with -check, keep a table that gains in this directory as NAME.table, where measure and regress find it for this exact rule file (usually the tables directory beside it)")
	fs.Uint64Var(&ff.seed, "seed", 1, "seed of the games: game k opens from the plan's seed k, as a measurement's pairings do")
	fs.Int64Var(&ff.maxNodes, "max-nodes", 0, "most nodes both players may search in one game (0: the default)")
	fs.DurationVar(&ff.maxWall, "max-wall", defaultMaxWall, "wall-time limit per game")
	setUsage(fs, "coordinator learn [-spec SPEC] [-games N] [-for SPEC] [-check PAIRS] FILE",
		"Plays -spec against itself on the farm (an embedded one with a game slot per core unless -nats), learns\na piece-square table from the games on top of -spec's evaluation, and prints -for carrying the table\n(ab:n10000:ID@squares/...): a learned table is kept only where `coordinator match` shows it gains.",
		flagGroup{"Learning", []string{"spec", "games", "for", "check", "keep", "seed", "max-nodes", "max-wall"}},
		flagGroup{"Farm (where and how games are played)", nil})
	files, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	switch {
	case oneFile(files) != "":
		return usageError(stderr, "learn", oneFile(files))
	case *games < 2 || *games%2 != 0:
		return usageError(stderr, "learn", "-games must be even and at least 2")
	case *check < 0:
		return usageError(stderr, "learn", "-check must be 0 (no match) or more pairs")
	case *keep != "" && *check == 0:
		return usageError(stderr, "learn", "-keep needs -check: a table is kept only where a match shows it gains")
	}
	for _, s := range []string{*spec, *forSpec} {
		ps, err := search.ParseSpec(s)
		if err != nil {
			return usageError(stderr, "learn", err.Error())
		}
		if ps.Family != search.FamilyAB && ps.Family != search.FamilyMCTS {
			return usageError(stderr, "learn", fmt.Sprintf("%q: a learned table is for ab and mcts players", s))
		}
	}
	log, err := farm.NewLogger(stderr, ff.logFormat, ff.logLevel, "coordinator")
	if err != nil {
		fmt.Fprintln(stderr, "learn:", err)
		return exitUsage
	}
	f, err := measure.Read(files[0])
	if err != nil {
		refuseRuleFile(stderr, files[0], err)
		return 1
	}
	if f.Game.Seated() {
		return usageError(stderr, "learn", "a learned table is for games of two players, not of seats")
	}
	ff.owner = "learn"
	s := measure.Settings{Players: []string{*spec}, Games: *games, Seed: ff.seed, MaxNodes: ff.maxNodes, MaxWall: ff.maxWall,
		Salt: ff.ownerName() + " " + time.Now().UTC().Format(time.RFC3339Nano)}
	plan := measure.MirrorPlan(s.Plan(f), *spec)
	plan.MirrorGames = *games
	if err := plan.Check(); err != nil {
		return usageError(stderr, "learn", err.Error())
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	fm, err := ff.openFarm(ctx, log, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "learn:", err)
		return 1
	}
	defer fm.close()
	slots := ff.workers
	if slots < 0 {
		slots = runtime.NumCPU()
	}
	start := time.Now()
	out, err := fm.m.Play(ctx, f, plan, farm.Hooks{Window: measure.AutoWindow(slots, 1)})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintln(stderr, "learn: interrupted")
		} else {
			fmt.Fprintln(stderr, "learn:", err)
		}
		return 1
	}
	rows, fit, err := selfplay.LearnTable(f.Game, *spec, fm.m.Replayed(f, out.Results))
	if err != nil {
		fmt.Fprintln(stderr, "learn:", err)
		return 1
	}
	learned, err := search.WithTable(*forSpec, rows)
	if err != nil {
		fmt.Fprintln(stderr, "learn:", err)
		return 1
	}
	fmt.Fprintf(stderr, "learn: %d games of %s in %s; %d positions of %d games; log loss %.5f without the table, %.5f with it (scale %.5f a centipawn)\n",
		len(out.Results), *spec, time.Since(start).Round(time.Second), fit.Samples, fit.Games, fit.LossBefore, fit.LossAfter, fit.Scale)
	fmt.Fprintln(stdout, learned)
	if *check == 0 {
		return 0
	}
	// The check: a match as `coordinator match` plays it, its lines on
	// stderr so that stdout stays the learned spec alone.
	matchFlags := ff
	matchFlags.seed = ff.seed + 1
	matchFlags.owner = "learn check"
	m := matchRunner{fm: fm, file: f, name: files[0], challenger: learned, pairs: *check, ff: &matchFlags,
		window: measure.AutoWindow(slots, 1), elo0: 0, elo1: 10, stdout: stderr, stderr: stderr}
	res, ok := m.play(ctx, *forSpec)
	if !ok {
		return 1
	}
	if res.Elo.Lo <= 0 {
		fmt.Fprintf(stderr, "learn: the table shows no gain over %s (Elo %+.0f, %+.0f to %+.0f): keep playing without it\n", *forSpec, res.Elo.Est, res.Elo.Lo, res.Elo.Hi)
		return exitLearnNoGain
	}
	fmt.Fprintf(stderr, "learn: the table gains over %s (Elo %+.0f, %+.0f to %+.0f)\n", *forSpec, res.Elo.Est, res.Elo.Lo, res.Elo.Hi)
	if *keep == "" {
		return 0
	}
	t := &tablestore.Table{Schema: tablestore.Schema, File: filepath.Base(files[0]), FileHash: f.Hash, Spec: learned,
		Learned: tablestore.Learned{Spec: *spec, Games: len(out.Results), Seed: ff.seed, Positions: fit.Samples, LossBefore: fit.LossBefore, LossAfter: fit.LossAfter},
		Check: tablestore.Check{Pairs: *check, Seed: matchFlags.seed, Wins: res.Counts.Wins, Draws: res.Counts.Draws, Losses: res.Counts.Losses,
			Elo: res.Elo.Est, EloLo: res.Elo.Lo, EloHi: res.Elo.Hi}}
	t.Check.Against = t.Base() // the match's reference, -for, in canonical form
	path, err := tablestore.Dir(*keep).Write(t)
	if err != nil {
		fmt.Fprintln(stderr, "learn: keeping the table:", err)
		return 1
	}
	fmt.Fprintf(stderr, "learn: kept in %s\n", path)
	return 0
}

// exitLearnNoGain is learn's status when -check's match shows no gain.
const exitLearnNoGain = 6
