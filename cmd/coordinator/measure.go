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
	"slices"
	"sync"
	"syscall"
	"time"

	"balancefarm/farm"
	"balancefarm/measure"
	"balancefarm/protocol"
	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/stats"
	"balancefarm/tablestore"
)

func init() {
	register("measure", "play a ladder of self-play games on each rule file and report them", runMeasure)
}

// readRuleFiles reads and compiles every file, printing the refusals;
// bad reports whether any was refused.
func readRuleFiles(paths []string, stderr io.Writer) (files []*measure.File, bad bool) {
	for _, path := range paths {
		f, err := measure.Read(path)
		if err != nil {
			refuseRuleFile(stderr, path, err)
			bad = true
			continue
		}
		files = append(files, f)
	}
	return files, bad
}

func runMeasure(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("measure", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ff farmFlags
	ff.add(fs, "127.0.0.1:9464", "warn")
	var opts measureOptions
	opts.add(fs)
	opts.addBudget(fs)
	opts.addTables(fs)
	opts.estimate = true
	fs.Lookup("out").DefValue, opts.outDir = defaultOutDir, defaultOutDir
	fresh := fs.Bool("fresh", false, "measure again from scratch instead of resuming an identical earlier measurement")
	noFail := fs.Bool("no-fail", false, "exit 0 even when a verdict is not viable")
	setUsage(fs, "coordinator measure [flags] FILE... (flags may also follow the files)",
		`Plays every pairing of the -players ladder on each valid FILE and reports the results. Each pairing
plays colour-swapped pairs until every threshold it feeds is decided by a sequential test (SPRT),
at least the test's minimum and at most -games; -sequential=false plays all -games.
Running the same command again resumes (or re-reports) the recorded measurement; -fresh starts over.
The strongest rung also plays itself until its draw rate and first mover's score are within
±-precision and every flag is decided. A flag is raised only when its interval lies beyond its threshold;
when the games run out first the verdict is inconclusive, naming the undecided flags.
Before the games start, a few seconds' probe (the first game of each pairing, and the dearest from
half a game in too) prices the plan on this machine ("about 4 min on 2 cores"). With -budget D the run fits D: middle rungs are dropped,
then games per pairing capped, as the probe says is needed, and each pairing stops when D is spent;
the flags then left undecided are named as undecided for lack of time.
Verdicts go to stdout; progress, resumption and problems to stderr.
Exit status: 0 all measured and viable, 1 a file was invalid, failed or had engine failures,
2 usage, 3 some verdict was not viable (0 with -no-fail), 5 none was not viable but some was
inconclusive (0 with -no-fail).`, measureGroups...)
	files, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) == 0 {
		return usageError(stderr, "measure", "no rule file given")
	}
	if opts.quick {
		ff.applyQuick(fs)
	}
	if *fresh {
		opts.salt = time.Now().UTC().Format(time.RFC3339Nano)
	}
	_, status := measureFiles(&ff, opts, files, nil, stdout, stderr)
	if (status == exitNotViable || status == exitInconclusive) && *noFail {
		status = 0
	}
	return status
}

// measureGroups order measure's and regress's help: what a designer sets,
// then how the run is shown, then the farm (everything else).
var measureGroups = []flagGroup{
	{"What to measure", []string{"quick", "budget", "players", "games", "precision", "learned", "tables", "seed", "sequential", "fresh", "update", "full", "baseline"}},
	{"What to show", []string{"out", "no-fail", "progress", "progress-interval", "live"}},
	{"Farm (where and how games are played)", nil},
}

// defaultOutDir is where measure writes its reports unless -out says
// otherwise.
const defaultOutDir = "reports"

// measureOptions are measure's settings beyond the farm's.
type measureOptions struct {
	progressMode  string
	progressEvery time.Duration
	outDir        string
	quick         bool
	live          bool
	salt          string
	// budget, when above 0, is the time the run may take (-budget);
	// estimate probes each file's cost and prints it before the run.
	budget   time.Duration
	estimate bool
	// tables is where kept learned tables are looked for (-tables).
	tables string
}

func (o *measureOptions) add(fs *flag.FlagSet) {
	fs.StringVar(&o.progressMode, "progress", "auto", "progress display: bars, lines, off or auto (bars on a terminal)")
	fs.DurationVar(&o.progressEvery, "progress-interval", 10*time.Second, "how often lines mode prints")
	fs.StringVar(&o.outDir, "out", "", "write NAME.json, NAME.md, NAME.html, the games NAME.pgn and NAME.games.jsonl per file and summary.md to this directory (empty: none)")
	fs.BoolVar(&o.quick, "quick", false, "a short ladder and few games: a first look, and for tests")
	fs.BoolVar(&o.live, "live", false, "print cutechess-style lines (score, Elo difference, SPRT) on stderr after each game of each pairing")
}

// addTables registers -tables, which the commands that measure files as
// they are (measure, regress) have.
func (o *measureOptions) addTables(fs *flag.FlagSet) {
	fs.StringVar(&o.tables, "tables", tablesAuto, "where the top rung finds a learned table kept for a file's exact bytes (coordinator learn -keep): "+tablesAuto+", the "+tablestore.DirName+" directory beside each file; a directory; or "+tablesNone)
}

// The -tables words: look beside each file, or nowhere.
const (
	tablesAuto = "auto"
	tablesNone = "none"
)

// findTables gives each file the learned table kept for it under where
// (-tables), saying on stderr which table its top rung plays, or why a
// kept one is not played; it returns the files whose tables could not be
// read, each reported, and the others.
func findTables(files []*measure.File, where string, settings measure.Settings, stderr io.Writer) (ok []*measure.File, bad bool) {
	for _, f := range files {
		if where == tablesNone || where == "" {
			ok = append(ok, f)
			continue
		}
		dir := tablestore.Dir(where)
		if where == tablesAuto {
			dir = tablestore.ForFile(f.Label)
		}
		if err := f.FindTable(dir); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", f.Label, err)
			bad = true
			continue
		}
		ok = append(ok, f)
		if f.Table == nil {
			continue
		}
		if plan := settings.Plan(f); slices.Contains(plan.Players, f.Table.Spec) {
			fmt.Fprintf(stderr, "%s: the top rung plays %s, the learned table in %s (%s)\n", f.Label, search.ShortSpec(f.Table.Spec), f.TablePath, f.Table.Summary())
		} else {
			fmt.Fprintf(stderr, "%s: the learned table in %s is for %s, not this ladder's top rung %s: measured without it\n", f.Label, f.TablePath, f.Table.Base(), search.ShortSpec(topOf(plan)))
		}
	}
	return ok, bad
}

// topOf is a plan's strongest rung: the one that plays itself, else the
// ladder's last; "none" for no ladder.
func topOf(plan protocol.Plan) string {
	switch {
	case plan.Mirror != "":
		return plan.Mirror
	case len(plan.Players) == 0:
		return "none"
	}
	return plan.Players[len(plan.Players)-1]
}

// addBudget registers -budget, which measure alone has.
func (o *measureOptions) addBudget(fs *flag.FlagSet) {
	fs.DurationVar(&o.budget, "budget", 0, "play the best verdict that fits this wall time on this machine (e.g. 5m): middle rungs dropped or games capped as needed, every pairing stopped when the time is spent, the flags left undecided named (0: no budget)")
}

// measureFiles checks the settings, reads the files at paths (or takes
// files already read), plays and reports them, returning the reports of
// the files measured and the exit status.
func measureFiles(ff *farmFlags, opts measureOptions, paths []string, files []*measure.File, stdout, stderr io.Writer) ([]*report.Report, int) {
	started := time.Now()
	log, err := farm.NewLogger(stderr, ff.logFormat, ff.logLevel, "coordinator")
	if err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, exitUsage
	}
	settings := ff.settings(opts.salt)
	if opts.budget > 0 {
		// Checked with a budget, so that what it refuses is refused now.
		settings.Budget = &measure.Budget{Total: opts.budget}
	}
	if err := settings.Check(); err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, exitUsage
	}

	// Every file is checked before any game is queued; a bad file is
	// reported and the others go on.
	status := 0
	read, bad := readRuleFiles(paths, stderr)
	if bad {
		status = 1
	}
	files = append(files, read...)
	files, bad = findTables(files, opts.tables, settings, stderr)
	if bad {
		status = 1
	}
	if len(files) == 0 {
		return nil, 1
	}
	measure.DistinctNames(files)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	// After the first signal starts the shutdown, a second one kills.
	context.AfterFunc(ctx, stop)
	// Each file's settings: the command's, or under a budget the ones
	// fitted to it.
	each := make([]measure.Settings, len(files))
	for i := range files {
		each[i] = settings
	}
	if opts.estimate || opts.budget > 0 {
		if each, err = fitFiles(ctx, ff, opts, settings, files, started, stderr); err != nil {
			fmt.Fprintln(stderr, "measure:", err)
			return nil, exitUsage
		}
	}
	fm, err := ff.openFarm(ctx, log, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, 1
	}
	defer fm.close()
	m := fm.m

	// Progress goes to stderr, so stdout holds only the verdicts.
	view, err := farm.NewProgressView(stderr, opts.progressMode, opts.progressEvery)
	if err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, exitUsage
	}
	var liveMu sync.Mutex
	outcomes := make([]*farm.Outcome, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		settings := each[i]
		// The total shown is the cap; a sequential batch may end below it.
		label := f.Label
		hooks := farm.Hooks{Progress: view.Track(filepath.Base(f.Label), len(settings.Plan(f).Jobs())),
			Resumed: func(done, total int) {
				fmt.Fprintf(stderr, "%s: resuming: %d games already recorded (of at most %d)\n", label, done, total)
			}}
		if opts.live {
			scorer := measure.NewScorer(settings.Plan(f), settings.Precision).WithFlagsOnly(settings.FlagsOnly)
			scorer.Game = f.Game
			hooks.Record = liveLines(stderr, &liveMu, filepath.Base(label), scorer)
		}
		wg.Go(func() { outcomes[i], errs[i] = m.Run(ctx, f, settings, hooks) })
	}
	wg.Wait()
	view.Close()

	verdicts := &verdictWriter{w: stdout, where: stderr, outDir: opts.outDir, players: settings.Players, m: m}
	for i, f := range files {
		if !slices.Equal(each[i].Players, settings.Players) {
			verdicts.ladders = append(verdicts.ladders, fileLadder{f, each[i].Players})
		}
	}
	for i, f := range files {
		if errs[i] != nil {
			if errors.Is(errs[i], context.Canceled) {
				fmt.Fprintf(stderr, "%s: interrupted; run the same command again to resume\n", f.Label)
			} else {
				fmt.Fprintf(stderr, "%s: %v\n", f.Label, errs[i])
			}
			status = 1
			continue
		}
		out := outcomes[i]
		for _, d := range out.DeadLetters {
			fmt.Fprintf(stderr, "%s: engine failure: game %d (%s vs %s, seed %d, rule file %s) gave up after %d attempts: %s\n",
				f.Label, d.Job.Game, d.Job.P0, d.Job.P1, d.Job.Seed, d.Job.RulesetHash, d.Attempts, d.Error)
			status = 1
		}
		verdict, err := verdicts.report(f, out)
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "%s: report: %v\n", f.Label, err)
			status = 1
		case verdict == stats.NotViable && (status == 0 || status == exitInconclusive):
			status = exitNotViable
		case verdict == stats.Inconclusive && status == 0:
			status = exitInconclusive
		}
	}
	if err := verdicts.finish(); err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		status = 1
	}
	return verdicts.reports, status
}

// fitFiles probes each file's plan on this machine, prints its cost and,
// under -budget, the plan chosen to fit the budget, returning each file's
// settings. Files measured at once share the game slots and the budget.
func fitFiles(ctx context.Context, ff *farmFlags, opts measureOptions, settings measure.Settings, files []*measure.File, started time.Time, stderr io.Writer) ([]measure.Settings, error) {
	runner, games, err := lookupRunner(ff.runner)
	if err != nil {
		return nil, err
	}
	slots := settings.Slots
	if slots <= 0 {
		slots = runtime.NumCPU()
	}
	slots = max(slots/len(files), 1)
	out := make([]measure.Settings, len(files))
	for i, f := range files {
		if games != nil {
			games.Add(f.Hash, f.Game)
		}
		fit := measure.Fit(ctx, runner, f, settings, slots, opts.budget, started)
		for _, l := range fit.Lines() {
			fmt.Fprintf(stderr, "%s: %s\n", f.Label, l)
		}
		out[i] = fit.Settings
	}
	return out, nil
}

// liveLines is a Record hook printing a pairing's running score after each
// of its games; mu keeps the lines of files measured at once apart.
func liveLines(w io.Writer, mu *sync.Mutex, label string, scorer *measure.Scorer) func(*protocol.Result, *protocol.DeadLetter) {
	by := map[protocol.Pairing][]protocol.Result{}
	keyed := false
	return func(r *protocol.Result, _ *protocol.DeadLetter) {
		if r == nil {
			return
		}
		p, ok := scorer.Pairing(*r)
		if !ok {
			return
		}
		by[p] = append(by[p], *r)
		lines := scorer.Score(p, by[p]).Lines()
		if !keyed {
			// The score line is cutechess's, for the tools that read it, and
			// so in its order; the reports and the page write W-D-L.
			lines = append([]string{liveKey}, lines...)
			keyed = true
		}
		mu.Lock()
		defer mu.Unlock()
		for _, l := range lines {
			fmt.Fprintf(w, "%s: %s\n", label, l)
		}
	}
}

// liveKey heads a file's live lines: the order of the score line's counts.
const liveKey = "scores as cutechess writes them: Score of A vs B: A's wins - losses - draws [score] games (W - L - D; the reports write W-D-L)"

// exitNotViable is measure's exit status when every file was measured but
// some verdict is "not viable"; exitInconclusive when none is but some is
// "inconclusive" (a flag's interval still straddled its threshold).
const (
	exitNotViable    = 3
	exitInconclusive = 5
)
