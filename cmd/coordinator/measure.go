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
	"strings"
	"sync"
	"syscall"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/local"
	"balancefarm/measure"
	"balancefarm/protocol"
	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/selfplay"
	"balancefarm/stats"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"
)

func init() {
	register("measure", "play a ladder of self-play games on each rule file and report them", runMeasure)
}

// defaultPlayers is the ladder used when -players is not given, weakest
// first, in the search package's spec syntax.
var defaultPlayers = search.DefaultLadder()

// Per-game limits unless the flags say otherwise: far above what a
// playable file needs (a chess game of the default ladder takes seconds
// and millions of nodes), low enough that a hostile file's games end.
const (
	defaultMaxNodes = 500_000_000
	defaultMaxWall  = 5 * time.Minute
)

// farmFlags are the settings measure and serve share.
type farmFlags struct {
	conn        farm.ConnectOptions
	state       string
	listen      string
	workers     int
	runner      string
	noReplay    bool
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
	sequential  bool
	window      int
	precision   float64
	learned     bool
	reconfigure bool
	// owner names the command in the batches it runs (serve resumes only
	// its own).
	owner string
}

func (f *farmFlags) add(fs *flag.FlagSet, metricsAddr, logLevel string) {
	f.conn.AddFlags(fs, "")
	fs.StringVar(&f.state, "state", "", "state directory of the embedded server (local mode; default "+stateBase+"/COMMAND, or the first free "+stateBase+"/COMMAND-N while another run holds it)")
	fs.StringVar(&f.listen, "listen", "127.0.0.1:0", "loopback address of the embedded server, for outside workers (port 0: any free port)")
	fs.IntVar(&f.workers, "workers", -1, "in-process game slots (default: one per core in local mode, none with -nats)")
	fs.StringVar(&f.runner, "runner", farm.DefaultRunnerName, "game runner of the in-process workers")
	fs.BoolVar(&f.noReplay, "no-replay", false, "count results without replaying their moves through the engine: only for farms whose workers play a stand-in runner (tests)")
	fs.StringVar(&f.players, "players", strings.Join(defaultPlayers, ","), "ladder of player specs, comma-separated (a uci:PATH spec keeps its name=value fields)")
	fs.IntVar(&f.games, "games", 40, "games per pairing, at most (even: colour-swapped pairs); sequential stopping ends clear pairings sooner")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the openings")
	fs.Int64Var(&f.maxNodes, "max-nodes", defaultMaxNodes, "node limit per game, both players together")
	fs.DurationVar(&f.maxWall, "max-wall", defaultMaxWall, "wall-time limit per game")
	fs.IntVar(&f.replicas, "replicas", 1, "stream replicas (3 on a cluster)")
	fs.DurationVar(&f.ackWait, "ack-wait", 60*time.Second, "how long a silent worker keeps a job before it is handed to another")
	fs.IntVar(&f.maxDeliver, "max-deliver", 4, "deliveries of a job before it is dead-lettered as an engine failure")
	fs.StringVar(&f.metricsAddr, "metrics-addr", metricsAddr, "address for /metrics (empty: off)")
	fs.StringVar(&f.logFormat, "log-format", "auto", "log format: json, console or auto (console on a terminal)")
	fs.StringVar(&f.logLevel, "log-level", logLevel, "log level: debug, info, warn, error")
	fs.BoolVar(&f.sequential, "sequential", true, "stop each pairing once its answer is clear (-games is then the cap); false plays every game")
	fs.Float64Var(&f.precision, "precision", measure.DefaultPrecision, "half-width asked of the draw rate and first mover's score of the strongest rung's games against itself (95%); 0: no such games")
	fs.BoolVar(&f.learned, "learned", false, "play the equal-strength games after the ladder, with the top rung evaluating by the piece values learned from the ladder's games (shrunk towards the file's by their uncertainty)")
	fs.IntVar(&f.window, "window", 0, "colour-swapped pairs in flight per pairing when sequential (0: enough to keep the local game slots busy)")
	fs.BoolVar(&f.reconfigure, "reconfigure", false, "make -replicas, -ack-wait and -max-deliver the farm's settings, for running batches too (otherwise the farm keeps the ones it has)")
}

func (f *farmFlags) ladder() []string { return splitPlayers(f.players) }

// stateBase is the folder under which each command keeps its own store.
const stateBase = ".balancefarm"

// ownerName is the command that runs the batches: it names them in the
// farm, salts their plans and picks the default state directory.
func (f *farmFlags) ownerName() string {
	if f.owner == "" {
		return "measure"
	}
	return f.owner
}

func (f *farmFlags) config() farm.Config {
	return farm.Config{Replicas: f.replicas, AckWait: f.ackWait, MaxDeliver: f.maxDeliver, Reconfigure: f.reconfigure, Owner: f.ownerName()}
}

// replayOff: the in-process workers play a stand-in runner, whose moves
// are no game of the file, so results are not replayed through the engine.
func (f *farmFlags) replayOff() bool {
	return f.noReplay || f.workers != 0 && f.runner != farm.DefaultRunnerName
}

// settings are the measurement's settings from the flags.
func (f *farmFlags) settings(salt string) measure.Settings {
	slots := f.workers
	if slots < 0 {
		slots = runtime.NumCPU()
	}
	// The owner goes into the salt, so that on a shared farm one command
	// never runs or resumes a batch another command started (seeds do not
	// depend on the salt: the games are the same).
	salt = strings.TrimSpace(f.ownerName() + " " + salt)
	return measure.Settings{Players: f.ladder(), Games: f.games, Seed: f.seed, MaxNodes: f.maxNodes, MaxWall: f.maxWall,
		Salt: salt, Sequential: f.sequential, Window: f.window, Slots: slots, Precision: f.precision, Learned: f.learned}
}

// farmConn is a connection to a farm: the local one or an existing cluster.
type farmConn struct {
	js    jetstream.JetStream
	close func()
	// games takes the games compiled at submission when the in-process
	// workers play with the engine.
	games measure.GameCache
	// url and state are the embedded server's address and store (local
	// mode only).
	url, state string
}

// lookupRunner finds the in-process workers' runner. The engine's runner
// is made here, not registered, so that it can be handed the games this
// process compiled.
func lookupRunner(name string) (farm.GameRunner, measure.GameCache, error) {
	if name == farm.DefaultRunnerName {
		r := selfplay.NewRunner()
		return r, r, nil
	}
	r, err := farm.LookupRunner(name)
	return r, nil, err
}

// open starts local mode (an embedded server and in-process workers) or
// connects to -nats. Local mode holds its state directory; a run without
// -state that finds the default one held takes a sibling of its own and
// says so on stderr.
//
// The in-process workers keep the balancefarm_worker_* metrics on reg
// (when not nil), so a single-process farm's dashboard has its workers.
func (f *farmFlags) open(log zerolog.Logger, stderr io.Writer, reg prometheus.Registerer) (*farmConn, error) {
	var workerMetrics *farm.WorkerMetrics
	if reg != nil && f.workers != 0 {
		workerMetrics = farm.NewWorkerMetrics(reg)
	}
	if f.conn.URL != "" {
		var runner farm.GameRunner
		var games measure.GameCache
		if f.workers > 0 {
			r, g, err := lookupRunner(f.runner)
			if err != nil {
				return nil, err
			}
			runner, games = r, g
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
			stopWorkers = startWorkers(js, f, runner, workerMetrics, log)
		}
		return &farmConn{js: js, close: func() { stopWorkers(); nc.Drain() }, games: games, url: f.conn.URL}, nil
	}
	workers := f.workers
	if workers < 0 {
		workers = runtime.NumCPU()
	}
	var runner farm.GameRunner
	var games measure.GameCache
	if workers > 0 {
		r, g, err := lookupRunner(f.runner)
		if err != nil {
			return nil, fmt.Errorf("%w (or use -workers 0 and outside workers)", err)
		}
		runner, games = r, g
	}
	state, fallback := f.state, false
	if state == "" {
		state, fallback = filepath.Join(stateBase, f.ownerName()), true
	}
	lf, err := local.Start(local.Options{
		StateDir: state, Fallback: fallback, Command: "coordinator " + f.ownerName(), Listen: f.listen, Workers: workers, Runner: runner, Log: log,
		Worker: farm.WorkerConfig{MaxNodes: f.maxNodes, MaxWall: f.maxWall, DrainTimeout: 10 * time.Second, Metrics: workerMetrics},
	})
	if err != nil {
		return nil, err
	}
	for _, b := range lf.Busy {
		fmt.Fprintf(stderr, "state: %s is in use by %s; this run keeps its own store in %s\n", b.Dir, b.Holder, lf.StateDir)
	}
	return &farmConn{js: lf.JS, close: lf.Close, games: games, url: lf.URL(), state: lf.StateDir}, nil
}

// startWorkers runs in-process workers next to a remote farm.
func startWorkers(js jetstream.JetStream, f *farmFlags, runner farm.GameRunner, metrics *farm.WorkerMetrics, log zerolog.Logger) func() {
	ctx, cancel := context.WithCancel(context.Background())
	w, err := farm.NewWorker(js, farm.WorkerConfig{ID: "coordinator", Concurrency: f.workers, Runner: runner,
		MaxNodes: f.maxNodes, MaxWall: f.maxWall, Metrics: metrics, Log: log.With().Str("component", "worker").Logger()})
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
	{"What to measure", []string{"quick", "players", "games", "precision", "learned", "seed", "sequential", "fresh", "update", "full", "baseline"}},
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
}

func (o *measureOptions) add(fs *flag.FlagSet) {
	fs.StringVar(&o.progressMode, "progress", "auto", "progress display: bars, lines, off or auto (bars on a terminal)")
	fs.DurationVar(&o.progressEvery, "progress-interval", 10*time.Second, "how often lines mode prints")
	fs.StringVar(&o.outDir, "out", "", "write NAME.json, NAME.md, NAME.html, the games NAME.pgn and NAME.games.jsonl per file and summary.md to this directory (empty: none)")
	fs.BoolVar(&o.quick, "quick", false, "a short ladder and few games: a first look, and for tests")
	fs.BoolVar(&o.live, "live", false, "print cutechess-style lines (score, Elo difference, SPRT) on stderr after each game of each pairing")
}

// measureFiles checks the settings, reads the files at paths (or takes
// files already read), plays and reports them, returning the reports of
// the files measured and the exit status.
func measureFiles(ff *farmFlags, opts measureOptions, paths []string, files []*measure.File, stdout, stderr io.Writer) ([]*report.Report, int) {
	log, err := farm.NewLogger(stderr, ff.logFormat, ff.logLevel, "coordinator")
	if err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, exitUsage
	}
	settings := ff.settings(opts.salt)
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
	if len(files) == 0 {
		return nil, 1
	}
	measure.DistinctNames(files)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	// After the first signal starts the shutdown, a second one kills.
	context.AfterFunc(ctx, stop)
	m, closeFarm, err := ff.measurer(ctx, log, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "measure:", err)
		return nil, 1
	}
	defer closeFarm()

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
		// The total shown is the cap; a sequential batch may end below it.
		label := f.Label
		hooks := farm.Hooks{Progress: view.Track(filepath.Base(f.Label), len(settings.Plan(f).Jobs())),
			Resumed: func(done, total int) {
				fmt.Fprintf(stderr, "%s: resuming: %d of %d games already recorded\n", label, done, total)
			}}
		if opts.live {
			hooks.Record = liveLines(stderr, &liveMu, filepath.Base(label), measure.NewScorer(settings.Plan(f), settings.Precision))
		}
		wg.Go(func() { outcomes[i], errs[i] = m.Run(ctx, f, settings, hooks) })
	}
	wg.Wait()
	view.Close()

	verdicts := &verdictWriter{w: stdout, where: stderr, outDir: opts.outDir, players: settings.Players, m: m}
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

// liveLines is a Record hook printing a pairing's running score after each
// of its games; mu keeps the lines of files measured at once apart.
func liveLines(w io.Writer, mu *sync.Mutex, label string, scorer *measure.Scorer) func(*protocol.Result, *protocol.DeadLetter) {
	by := map[protocol.Pairing][]protocol.Result{}
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
		mu.Lock()
		defer mu.Unlock()
		for _, l := range lines {
			fmt.Fprintf(w, "%s: %s\n", label, l)
		}
	}
}

// measurer opens the farm (local or -nats), serves the metrics and starts
// a coordinator with its background loops; closeFarm stops them all.
//
// The in-process workers' metrics share the registry (see open), and a
// note on a state directory taken over goes to stderr.
func (ff *farmFlags) measurer(ctx context.Context, log zerolog.Logger, stderr io.Writer) (m *measure.Measurer, closeFarm func(), err error) {
	reg := farm.NewRegistry()
	conn, err := ff.open(log, stderr, reg)
	if err != nil {
		return nil, nil, err
	}
	metrics := farm.NewCoordinatorMetrics(reg)
	if ff.metricsAddr != "" {
		if err := farm.ServeMetrics(ctx, ff.metricsAddr, reg, log); err != nil {
			log.Warn().Err(err).Msg("metrics not served")
		}
	}
	coord, err := farm.NewCoordinator(ctx, conn.js, ff.config(), log, metrics)
	if err != nil {
		conn.close()
		return nil, nil, err
	}
	stopWatching := watch(ctx, coord)
	m = &measure.Measurer{Coord: coord, Games: conn.games, NoReplay: ff.replayOff(), Learned: ff.learned}
	return m, func() { stopWatching(); conn.close() }, nil
}

// exitNotViable is measure's exit status when every file was measured but
// some verdict is "not viable"; exitInconclusive when none is but some is
// "inconclusive" (a flag's interval still straddled its threshold).
const (
	exitNotViable    = 3
	exitInconclusive = 5
)
