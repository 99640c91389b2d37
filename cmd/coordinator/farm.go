package main

// The farm is wired here, once, for every command that plays games on it:
// the flags say where (an embedded server by default, or -nats with its
// credentials), openFarm starts it with its in-process workers, metrics
// and a coordinator, and the commands measure through its Measurer.

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/local"
	"balancefarm/measure"
	"balancefarm/search"
	"balancefarm/selfplay"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"
)

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

// farmFlags are the settings of the farm every command that plays games
// on it shares (measure, serve, regress, repair, match), and of the
// measurement for those that measure.
type farmFlags struct {
	conn       farm.ConnectOptions
	state      string
	listen     string
	workers    int
	runner     string
	noReplay   bool
	players    string
	games      int
	seed       uint64
	maxNodes   int64
	maxWall    time.Duration
	replicas   int
	ackWait    time.Duration
	maxDeliver int
	// resultsMaxBytes and jobsMaxBytes bound the streams (0: the farm's defaults).
	resultsMaxBytes int64
	jobsMaxBytes    int64
	metricsAddr     string
	metricsDefault  string // the command's default -metrics-addr
	metricsBound    string // where /metrics is served, once it is
	logFormat       string
	logLevel        string
	sequential      bool
	window          int
	precision       float64
	precise         bool
	learned         bool
	reconfigure     bool
	// owner names the command in the batches it runs (serve resumes only
	// its own).
	owner string
	// metricsRequired makes a /metrics address that cannot be served
	// fail the opening (a service); otherwise it is a warning.
	metricsRequired bool
}

// add registers the flags of a command that measures: the farm's and
// the measurement's.
func (f *farmFlags) add(fs *flag.FlagSet, metricsAddr, logLevel string) {
	f.addFarm(fs, metricsAddr, logLevel)
	fs.StringVar(&f.players, "players", strings.Join(defaultPlayers, ","), "ladder of player specs, comma-separated (a uci:PATH spec keeps its name=value fields)")
	fs.IntVar(&f.games, "games", 40, "games per pairing, at most (even: colour-swapped pairs); sequential stopping ends clear pairings sooner")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the openings")
	fs.Int64Var(&f.maxNodes, "max-nodes", defaultMaxNodes, "node limit per game, both players together")
	fs.DurationVar(&f.maxWall, "max-wall", defaultMaxWall, "wall-time limit per game")
	fs.BoolVar(&f.sequential, "sequential", true, "stop each pairing once its answer is clear (-games is then the cap); false plays every game")
	fs.Float64Var(&f.precision, "precision", measure.DefaultPrecision, "half-width asked of the draw rate and first mover's score of the strongest rung's games against itself (95%), which sizes their cap (and, with -precise, when they stop); 0: no such games")
	fs.BoolVar(&f.precise, "precise", false, "play the strongest rung's games against itself until the draw rate's and first mover's intervals are within ±precision, not only until every flag they feed is decided (a sequential test and the interval alike)")
	fs.BoolVar(&f.learned, "learned", false, "play the equal-strength games after the ladder, with the top rung evaluating by the piece values learned from the ladder's games (shrunk towards the file's by their uncertainty)")
	fs.IntVar(&f.window, "window", 0, "colour-swapped pairs in flight per pairing when sequential (0: enough to keep the local game slots busy)")
}

// addFarm registers the flags of where and how games are played: the
// farm to use or start, its in-process workers, its settings, metrics and
// logs. A command that plans its own games (match) takes only these.
func (f *farmFlags) addFarm(fs *flag.FlagSet, metricsAddr, logLevel string) {
	f.conn.AddFlags(fs, "")
	fs.StringVar(&f.state, "state", "", "state directory of the embedded server (local mode; default "+stateBase+"/COMMAND, or the first free "+stateBase+"/COMMAND-N while another run holds it)")
	fs.StringVar(&f.listen, "listen", "127.0.0.1:0", "loopback address of the embedded server, for outside workers (port 0: any free port)")
	fs.IntVar(&f.workers, "workers", -1, "in-process game slots (default: one per core in local mode, none with -nats)")
	fs.StringVar(&f.runner, "runner", farm.DefaultRunnerName, "game runner of the in-process workers")
	fs.BoolVar(&f.noReplay, "no-replay", false, "count results without replaying their moves through the engine: only for farms whose workers play a stand-in runner (tests)")
	fs.IntVar(&f.replicas, "replicas", 1, "stream replicas (3 on a cluster)")
	fs.DurationVar(&f.ackWait, "ack-wait", 60*time.Second, "how long a silent worker keeps a job before it is handed to another")
	fs.IntVar(&f.maxDeliver, "max-deliver", 4, "deliveries of a job before it is dead-lettered as an engine failure")
	fs.Int64Var(&f.resultsMaxBytes, "results-max-bytes", farm.DefaultResultsMaxBytes, "byte limit of the stream of game records: a full one refuses new records and the run stops saying so (the server reserves it; keep it within max_file_store)")
	fs.Int64Var(&f.jobsMaxBytes, "jobs-max-bytes", farm.DefaultJobsMaxBytes, "byte limit of the stream of queued jobs")
	fs.StringVar(&f.metricsAddr, "metrics-addr", metricsAddr, "address for /metrics (empty: off; the default's port taken, another free one)")
	f.metricsDefault = metricsAddr
	fs.StringVar(&f.logFormat, "log-format", "auto", "log format: json, console or auto (console on a terminal)")
	fs.StringVar(&f.logLevel, "log-level", logLevel, "log level: debug, info, warn, error")
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
	return farm.Config{Replicas: f.replicas, AckWait: f.ackWait, MaxDeliver: f.maxDeliver, Reconfigure: f.reconfigure, Owner: f.ownerName(),
		ResultsMaxBytes: f.resultsMaxBytes, JobsMaxBytes: f.jobsMaxBytes}
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
		Salt: salt, Sequential: f.sequential, Window: f.window, Slots: slots, Precision: f.precision, FlagsOnly: !f.precise, Learned: f.learned}
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
	// room says whether the embedded server's disk has room (local mode
	// only; farm.Config.StoreRoom).
	room func() error
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
	return &farmConn{js: lf.JS, close: lf.Close, games: games, url: lf.URL(), state: lf.StateDir, room: lf.Room}, nil
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

// openedFarm is a farm opened for one command: the Measurer that plays
// and reports on it, where outside workers join (url), and close, which
// stops the coordinator's loops, the in-process workers and the server.
type openedFarm struct {
	m     *measure.Measurer
	url   string
	close func()
}

// openFarm opens the farm (local or -nats), serves the metrics and starts
// a coordinator with its background loops, which run until ctx ends or
// close is called.
//
// The in-process workers' metrics share the registry (see open), and a
// note on a state directory taken over goes to stderr.
func (f *farmFlags) openFarm(ctx context.Context, log zerolog.Logger, stderr io.Writer) (*openedFarm, error) {
	reg := farm.NewRegistry()
	conn, err := f.open(log, stderr, reg)
	if err != nil {
		return nil, err
	}
	metrics := farm.NewCoordinatorMetrics(reg)
	if f.metricsAddr != "" {
		if err := f.serveMetrics(ctx, reg, log); err != nil {
			if f.metricsRequired {
				conn.close()
				return nil, fmt.Errorf("metrics: %w", err)
			}
			// A plain line, not a log record: it may be the first thing
			// a newcomer's measurement prints.
			fmt.Fprintf(stderr, "metrics not served (%v); the measurement goes on without them\n", err)
		}
	}
	cfg := f.config()
	cfg.StoreRoom = conn.room
	coord, err := farm.NewCoordinator(ctx, conn.js, cfg, log, metrics)
	if err != nil {
		conn.close()
		return nil, err
	}
	stopWatching := watch(ctx, coord)
	m := &measure.Measurer{Coord: coord, Games: conn.games, NoReplay: f.replayOff(), Learned: f.learned}
	return &openedFarm{m: m, url: conn.url, close: func() { stopWatching(); conn.close() }}, nil
}

// serveMetrics serves /metrics on -metrics-addr. Where that is the
// command's default and its port is taken (another measurement holds it,
// most often), a free port on the same host serves them instead, said in
// the log only: a newcomer's measurement does not open with a warning
// about metrics it did not ask for. An address asked for that cannot be
// served is an error.
func (f *farmFlags) serveMetrics(ctx context.Context, reg *prometheus.Registry, log zerolog.Logger) error {
	bound, err := farm.ServeMetricsOn(ctx, f.metricsAddr, reg, log)
	if err == nil || f.metricsAddr != f.metricsDefault || f.metricsRequired {
		f.metricsBound = bound
		return err
	}
	host, _, splitErr := net.SplitHostPort(f.metricsAddr)
	if splitErr != nil {
		return err
	}
	if bound, err2 := farm.ServeMetricsOn(ctx, net.JoinHostPort(host, "0"), reg, log); err2 == nil {
		f.metricsBound = bound
		return nil
	}
	return err
}
