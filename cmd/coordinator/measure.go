package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"balancefarm/engine/rules"
	"balancefarm/farm"
	"balancefarm/farm/local"
	"balancefarm/protocol"
	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/selfplay"
	"balancefarm/stats"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

func init() {
	register("measure", "play a ladder of self-play games on each rule file and report them", runMeasure)
}

// measureReport receives each file's results once its batch is complete;
// nil prints the per-pairing win/draw/loss table. Point it at the stats
// package's report to get a verdict.
var measureReport farm.ReportFunc

// defaultPlayers is the ladder used when -players is not given, weakest
// first, in the search package's spec syntax.
var defaultPlayers = search.DefaultLadder()

// maxRuleFile is the largest rule file accepted, as for serve.
const maxRuleFile = 1 << 20

// farmFlags are the settings measure and serve share.
type farmFlags struct {
	conn        farm.ConnectOptions
	state       string
	listen      string
	workers     int
	runner      string
	players     string
	games       int
	seed        uint64
	maxNodes    int64
	maxWall     time.Duration
	replicas    int
	ackWait     time.Duration
	maxDeliver  int
	metricsAddr string
	logFormat   string
	logLevel    string
}

func (f *farmFlags) add(fs *flag.FlagSet, metricsAddr, logLevel string) {
	f.conn.AddFlags(fs, "")
	fs.StringVar(&f.state, "state", ".balancefarm", "state directory of the embedded server (local mode)")
	fs.StringVar(&f.listen, "listen", "127.0.0.1:0", "loopback address of the embedded server, for outside workers (port 0: any free port)")
	fs.IntVar(&f.workers, "workers", -1, "in-process game slots (default: one per core in local mode, none with -nats)")
	fs.StringVar(&f.runner, "runner", farm.DefaultRunnerName, "game runner of the in-process workers")
	fs.StringVar(&f.players, "players", strings.Join(defaultPlayers, ","), "ladder of player specs, comma-separated")
	fs.IntVar(&f.games, "games", 40, "games per pairing, at most (even: colour-swapped pairs); sequential stopping ends clear pairings sooner")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the openings")
	fs.Int64Var(&f.maxNodes, "max-nodes", 0, "node limit per game (0: none beyond the players' own)")
	fs.DurationVar(&f.maxWall, "max-wall", 10*time.Minute, "wall-time limit per game")
	fs.IntVar(&f.replicas, "replicas", 1, "stream replicas (3 on a cluster)")
	fs.DurationVar(&f.ackWait, "ack-wait", 60*time.Second, "how long a silent worker keeps a job before it is handed to another")
	fs.IntVar(&f.maxDeliver, "max-deliver", 4, "deliveries of a job before it is dead-lettered as an engine failure")
	fs.StringVar(&f.metricsAddr, "metrics-addr", metricsAddr, "address for /metrics (empty: off)")
	fs.StringVar(&f.logFormat, "log-format", "auto", "log format: json, console or auto (console on a terminal)")
	fs.StringVar(&f.logLevel, "log-level", logLevel, "log level: debug, info, warn, error")
}

func (f *farmFlags) ladder() []string {
	var out []string
	for _, p := range strings.Split(f.players, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (f *farmFlags) config() farm.Config {
	return farm.Config{Replicas: f.replicas, AckWait: f.ackWait, MaxDeliver: f.maxDeliver}
}

// plan makes the batch plan for one rule file.
func (f *farmFlags) plan(name string, data []byte, salt string) protocol.Plan {
	return protocol.Plan{
		Ruleset: name, RulesetHash: protocol.HashRuleFile(data), Players: f.ladder(),
		GamesPerPairing: f.games, Seed: f.seed, MaxNodes: f.maxNodes, MaxWallMS: f.maxWall.Milliseconds(), Salt: salt,
	}
}

// farmConn is a connection to a farm: the local one or an existing cluster.
type farmConn struct {
	js    jetstream.JetStream
	close func()
}

// open starts local mode (an embedded server and in-process workers) or
// connects to -nats.
func (f *farmFlags) open(log zerolog.Logger) (*farmConn, error) {
	if f.conn.URL != "" {
		var runner farm.GameRunner
		if f.workers > 0 {
			r, err := farm.LookupRunner(f.runner)
			if err != nil {
				return nil, err
			}
			runner = r
		}
		nc, err := farm.Connect(f.conn, log)
		if err != nil {
			return nil, err
		}
		js, err := jetstream.New(nc)
		if err != nil {
			nc.Close()
			return nil, err
		}
		stopWorkers := func() {}
		if runner != nil {
			stopWorkers = startWorkers(js, f, runner, log)
		}
		return &farmConn{js: js, close: func() { stopWorkers(); nc.Drain() }}, nil
	}
	workers := f.workers
	if workers < 0 {
		workers = runtime.NumCPU()
	}
	var runner farm.GameRunner
	if workers > 0 {
		r, err := farm.LookupRunner(f.runner)
		if err != nil {
			return nil, fmt.Errorf("%w (or use -workers 0 and outside workers)", err)
		}
		runner = r
	}
	lf, err := local.Start(local.Options{
		StateDir: f.state, Listen: f.listen, Workers: workers, Runner: runner, Log: log,
		Worker: farm.WorkerConfig{MaxNodes: f.maxNodes, MaxWall: f.maxWall, DrainTimeout: 10 * time.Second},
	})
	if err != nil {
		return nil, err
	}
	return &farmConn{js: lf.JS, close: lf.Close}, nil
}

// startWorkers runs in-process workers next to a remote farm.
func startWorkers(js jetstream.JetStream, f *farmFlags, runner farm.GameRunner, log zerolog.Logger) func() {
	ctx, cancel := context.WithCancel(context.Background())
	w, err := farm.NewWorker(js, farm.WorkerConfig{ID: "coordinator", Concurrency: f.workers, Runner: runner,
		MaxNodes: f.maxNodes, MaxWall: f.maxWall, Log: log.With().Str("component", "worker").Logger()})
	if err != nil {
		cancel()
		return func() {}
	}
	var wg sync.WaitGroup
	wg.Go(func() { w.Run(ctx) })
	return func() { cancel(); wg.Wait() }
}

// watch runs the coordinator's background loops until the returned stop is
// called (before the connection closes).
func watch(ctx context.Context, coord *farm.Coordinator) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { coord.WatchDeadLetters(ctx) })
	wg.Go(func() { coord.WatchQueue(ctx, 5*time.Second) })
	return func() { cancel(); wg.Wait() }
}

// ruleFile is one file named on the command line.
type ruleFile struct {
	path string
	name string
	data []byte
}

// readRuleFile reads and validates a rule file; problems are returned as
// the lines to show.
func readRuleFile(path string) (ruleFile, []string) {
	f, err := os.Open(path)
	if err != nil {
		return ruleFile{}, []string{err.Error()}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxRuleFile+1))
	if err != nil {
		return ruleFile{}, []string{err.Error()}
	}
	if len(data) > maxRuleFile {
		return ruleFile{}, []string{fmt.Sprintf("larger than %d bytes", maxRuleFile)}
	}
	spec, problems := rules.Parse(data)
	if len(problems) > 0 || spec == nil {
		var lines []string
		for _, p := range problems {
			lines = append(lines, p.String())
		}
		if len(lines) == 0 {
			lines = []string{"not a rule file"}
		}
		return ruleFile{}, lines
	}
	// A valid file may use a rule family the engine does not play yet; it
	// is refused here rather than failing every game on the workers.
	if _, err := selfplay.Compile(data); err != nil {
		return ruleFile{}, []string{"valid, but the engine cannot play it: " + err.Error()}
	}
	name := spec.Name
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	return ruleFile{path: path, name: name, data: data}, nil
}

func runMeasure(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("measure", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ff farmFlags
	ff.add(fs, "127.0.0.1:9464", "warn")
	var opts measureOptions
	opts.add(fs)
	fresh := fs.Bool("fresh", false, "measure again from scratch instead of resuming an identical earlier measurement")
	noFail := fs.Bool("no-fail", false, "exit 0 even when a verdict is not viable")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: coordinator measure [flags] FILE...")
		fmt.Fprintln(stderr, "Plays every pairing of the -players ladder on each valid FILE and reports the results. Each pairing")
		fmt.Fprintln(stderr, "plays colour-swapped pairs until every threshold it feeds is decided by a sequential test (SPRT),")
		fmt.Fprintln(stderr, "at least the test's minimum and at most -games; -sequential=false plays all -games.")
		fmt.Fprintln(stderr, "Running the same command again resumes (or re-reports) the recorded measurement; -fresh starts over.")
		fmt.Fprintln(stderr, "Exit status: 0 all measured and viable, 1 a file was invalid, failed or had engine failures,")
		fmt.Fprintln(stderr, "2 usage, 3 some verdict was not viable (0 with -no-fail).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	if opts.quick {
		ff.applyQuick(fs)
	}
	if *fresh {
		opts.salt = time.Now().UTC().Format(time.RFC3339Nano)
	}
	_, status := measureFiles(&ff, opts, fs.Args(), stdout, stderr)
	if status == exitNotViable && *noFail {
		status = 0
	}
	return status
}

// measureOptions are measure's settings beyond the farm's.
type measureOptions struct {
	progressMode  string
	progressEvery time.Duration
	outDir        string
	quick         bool
	salt          string
	sequential    bool
	window        int
}

func (o *measureOptions) add(fs *flag.FlagSet) {
	fs.StringVar(&o.progressMode, "progress", "auto", "progress display: bars, lines, off or auto (bars on a terminal)")
	fs.DurationVar(&o.progressEvery, "progress-interval", 10*time.Second, "how often lines mode prints")
	fs.StringVar(&o.outDir, "out", "", "write NAME.json, NAME.md, NAME.html per file and summary.md to this directory")
	fs.BoolVar(&o.quick, "quick", false, "a short ladder and few games: a first look, and for tests")
	fs.BoolVar(&o.sequential, "sequential", true, "stop each pairing once its answer is clear (-games is then the cap); false plays every game")
	fs.IntVar(&o.window, "window", 0, "colour-swapped pairs in flight per pairing when sequential (0: enough to keep the local game slots busy)")
}

// measureFiles validates, plays and reports every file, returning the
// reports of the files measured and the exit status.
func measureFiles(ff *farmFlags, opts measureOptions, paths []string, stdout, stderr io.Writer) ([]*report.Report, int) {
	log, err := farm.NewLogger(stderr, ff.logFormat, ff.logLevel, "coordinator")
	if err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, exitUsage
	}
	salt := opts.salt
	if err := ff.plan("check", nil, salt).Check(); err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, exitUsage
	}
	if opts.window < 0 {
		fmt.Fprintf(stderr, "measure: -window %d must not be negative\n", opts.window)
		return nil, exitUsage
	}
	var stopRule farm.StopFunc
	if opts.sequential {
		if stopRule, err = sequentialStop(ff); err != nil {
			fmt.Fprintln(stderr, "measure:", err)
			return nil, exitUsage
		}
	}

	// Every file is checked before any game is queued; a bad file is
	// reported and the others go on.
	status := 0
	var files []ruleFile
	for _, path := range paths {
		rf, problems := readRuleFile(path)
		if len(problems) > 0 {
			fmt.Fprintf(stderr, "%s: invalid, skipped:\n", path)
			for _, p := range problems {
				fmt.Fprintf(stderr, "  %s\n", p)
			}
			status = 1
			continue
		}
		files = append(files, rf)
	}
	if len(files) == 0 {
		return nil, 1
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	// After the first signal starts the shutdown, a second one kills.
	context.AfterFunc(ctx, stop)
	conn, err := ff.open(log)
	if err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, 1
	}
	defer conn.close()
	reg := farm.NewRegistry()
	metrics := farm.NewCoordinatorMetrics(reg)
	if ff.metricsAddr != "" {
		if err := farm.ServeMetrics(ctx, ff.metricsAddr, reg, log); err != nil {
			log.Warn().Err(err).Msg("metrics not served")
		}
	}
	coord, err := farm.NewCoordinator(ctx, conn.js, ff.config(), log, metrics)
	if err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, 1
	}
	stopWatching := watch(ctx, coord)
	defer stopWatching()

	view, err := farm.NewProgressView(stdout, opts.progressMode, opts.progressEvery)
	if err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, exitUsage
	}
	started := time.Now()
	outcomes := make([]*farm.Outcome, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, rf := range files {
		plan := ff.plan(rf.name, rf.data, salt)
		// The total shown is the cap; a sequential batch may end below it.
		hooks := farm.Hooks{Progress: view.Track(filepath.Base(rf.path), len(plan.Jobs()))}
		if stopRule != nil {
			hooks.Stop, hooks.Window = stopRule, opts.window
			if hooks.Window == 0 {
				hooks.Window = ff.autoWindow(len(plan.Pairings()))
			}
		}
		wg.Go(func() { outcomes[i], errs[i] = coord.RunHooks(ctx, plan, rf.data, hooks) })
	}
	wg.Wait()
	view.Close()

	report := measureReport
	var verdicts *verdictWriter
	if report == nil {
		verdicts = newVerdictWriter(stdout, opts.outDir, ff.ladder(), started)
		report = verdicts.report
	}
	for i, rf := range files {
		if errs[i] != nil {
			if errors.Is(errs[i], context.Canceled) {
				fmt.Fprintf(stderr, "%s: interrupted; run the same command again to resume\n", rf.path)
			} else {
				fmt.Fprintf(stderr, "%s: %v\n", rf.path, errs[i])
			}
			status = 1
			continue
		}
		out := outcomes[i]
		for _, d := range out.DeadLetters {
			fmt.Fprintf(stderr, "%s: engine failure: game %d (%s vs %s, seed %d, rule file %s) gave up after %d attempts: %s\n",
				rf.path, d.Job.Game, d.Job.P0, d.Job.P1, d.Job.Seed, d.Job.RulesetHash, d.Attempts, d.Error)
			status = 1
		}
		viable, err := report(rf.path, rf.data, out.Results)
		if err != nil {
			fmt.Fprintf(stderr, "%s: report: %v\n", rf.path, err)
			status = 1
		} else if !viable && status == 0 {
			status = exitNotViable
		}
	}
	if verdicts == nil {
		return nil, status
	}
	if err := verdicts.finish(); err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		status = 1
	}
	return verdicts.reports, status
}

// exitNotViable is measure's exit status when every file was measured but
// some verdict is "not viable".
const exitNotViable = 3

// sequentialStop is the stopping rule of a sequential measurement: the
// stats package's SPRT over the pairing's games so far, with -games as its
// cap. A pairing whose games cannot be judged (a result the stats refuse)
// is not stopped, so it plays to the cap rather than ending unexplained.
func sequentialStop(ff *farmFlags) (farm.StopFunc, error) {
	ladder, err := selfplay.Ladder(ff.ladder())
	if err != nil {
		return nil, fmt.Errorf("-players: %w (or use -sequential=false)", err)
	}
	th := stats.DefaultThresholds()
	th.MaxGames = max(ff.games, th.MinGames)
	if err := th.Validate(); err != nil {
		return nil, err
	}
	return func(_ [2]string, results []protocol.Result) (bool, string) {
		d, err := stats.Decide(ladder, th, selfplay.Games(results))
		if err != nil {
			return false, "not judged: " + err.Error()
		}
		return !d.Continue, d.Reason
	}, nil
}

// autoWindow is the pairs in flight per pairing that keep the local game
// slots busy (one per core when -workers is not set) with pairings
// playing side by side, and never fewer than two.
func (f *farmFlags) autoWindow(pairings int) int {
	slots := f.workers
	if slots < 0 {
		slots = runtime.NumCPU()
	}
	return max(2, slots/max(pairings, 1)+1)
}
