// Command worker pulls self-play jobs from NATS JetStream, plays them and
// publishes the results.
//
//	worker -nats URL [-concurrency N] [-runner NAME] [flags]
//
// It plays up to -concurrency games at once, each under -max-nodes and
// -max-wall whatever the job asks, sends progress heartbeats while a game
// advances, and on SIGTERM or SIGINT stops pulling, lets its games finish
// for -drain-timeout, then hands unfinished jobs back. It reconnects when
// the server goes away. Metrics are served on -metrics-addr. With -creds
// it takes its inbox prefix from the credentials (each worker host has
// its own; see deploy/natsauth), its default -id from their name, and
// publishes results under the name its permissions allow, which tells the
// coordinator which credential answers for them.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"balancefarm/farm"

	"github.com/nats-io/nats.go/jetstream"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var conn farm.ConnectOptions
	conn.AddFlags(fs, "nats://127.0.0.1:4222")
	id := fs.String("id", "", "worker id written into results (default: the credentials' name, or the host name, and the process id)")
	concurrency := fs.Int("concurrency", runtime.NumCPU(), "game slots (for a moment up to twice as many games, when a batch arrives while another holds every slot)")
	runnerName := fs.String("runner", farm.DefaultRunnerName, "game runner")
	maxNodes := fs.Int64("max-nodes", 0, "node limit per game on top of the job's (0: the job's only)")
	maxWall := fs.Duration("max-wall", 10*time.Minute, "wall-time limit per game")
	drain := fs.Duration("drain-timeout", 30*time.Second, "on SIGTERM, how long games in hand may take to finish")
	fetchWait := fs.Duration("fetch-wait", 5*time.Second, "how long one pull request waits for a job")
	metricsAddr := fs.String("metrics-addr", "127.0.0.1:9465", "address for /metrics (empty: off)")
	logFormat := fs.String("log-format", "auto", "log format: json, console or auto (console on a terminal)")
	logLevel := fs.String("log-level", "info", "log level: debug, info, warn, error")
	if err := fs.Parse(args); err != nil {
		// -h, -help and --help asked for the help the flag package printed.
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *concurrency < 1 {
		fmt.Fprintln(stderr, "worker: usage: worker -nats URL [-concurrency N] [flags]")
		return 2
	}
	log, err := farm.NewLogger(stderr, *logFormat, *logLevel, "worker")
	if err != nil {
		fmt.Fprintln(stderr, "worker:", err)
		return 2
	}
	var creds farm.CredsIdentity
	if conn.Creds != "" {
		if creds, err = farm.ReadCredsIdentity(conn.Creds); err != nil {
			fmt.Fprintln(stderr, "worker:", err)
			return 1
		}
	}
	if *id == "" {
		name := creds.Name
		if name == "" {
			name, _ = os.Hostname()
		}
		*id = fmt.Sprintf("%s-%d", name, os.Getpid())
	}
	log = log.With().Str("worker", *id).Logger()
	if creds.SharedInbox {
		log.Warn().Str("creds", conn.Creds).Msg("these credentials may read every inbox, so whoever else holds them can read this worker's jobs; make the farm's secrets again (gensecrets) for private inboxes")
	} else if creds.InboxPrefix != "" {
		log.Info().Str("user", creds.Name).Str("inbox_prefix", creds.InboxPrefix).Msg("private inboxes from the credentials")
	}
	runner, err := farm.LookupRunner(*runnerName)
	if err != nil {
		log.Error().Err(err).Msg("cannot start")
		return 1
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	// The first signal drains; a second one kills.
	context.AfterFunc(ctx, stop)
	reg := farm.NewRegistry()
	metrics := farm.NewWorkerMetrics(reg)
	if *metricsAddr != "" {
		if err := farm.ServeMetrics(ctx, *metricsAddr, reg, log); err != nil {
			log.Error().Err(err).Msg("metrics listener")
			return 1
		}
	}
	conn.Name = "balancefarm worker " + *id
	nc, err := farm.Connect(conn, log)
	if err != nil {
		log.Error().Err(err).Msg("connecting to NATS")
		return 1
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		log.Error().Err(err).Msg("JetStream")
		return 1
	}
	w, err := farm.NewWorker(js, farm.WorkerConfig{
		ID: *id, Credential: creds.Credential, Concurrency: *concurrency, Runner: runner,
		MaxNodes: *maxNodes, MaxWall: *maxWall, DrainTimeout: *drain, FetchWait: *fetchWait,
		Log: log, Metrics: metrics,
	})
	if err != nil {
		log.Error().Err(err).Msg("cannot start")
		return 1
	}
	if err := w.Run(ctx); err != nil {
		log.Error().Err(err).Msg("worker stopped")
		return 1
	}
	if err := nc.Drain(); err != nil {
		log.Warn().Err(err).Msg("draining the connection")
	}
	return 0
}
