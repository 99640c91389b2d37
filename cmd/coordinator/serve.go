package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"balancefarm/farm"
	"balancefarm/repair"
)

func init() {
	register("serve", "run the measurement service: HTTP API, farm and metrics", runServe)
}

func runServe(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	// After the first signal starts the shutdown, a second one kills.
	context.AfterFunc(ctx, stop)
	return serve(ctx, args, stdout, stderr)
}

// serve runs the service until ctx ends.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ff farmFlags
	ff.add(fs, "127.0.0.1:9464", "info")
	addr := fs.String("addr", "127.0.0.1:8464", "address of the HTTP API")
	tokenFile := fs.String("token-file", "", "file holding the API's bearer token; required unless -addr is loopback")
	maxJobs := fs.Int("max-jobs", farm.DefaultMaxJobs, "most games one request may queue")
	readTimeout := fs.Duration("read-timeout", 15*time.Second, "time a client has to send a whole request, body included")
	maxConns := fs.Int("max-conns", 256, "most API connections open at once (idle ones give their place up to newcomers)")
	reports := fs.String("reports", "", "write each finished measurement's NAME.json, NAME.md and NAME.html to DIR/ID/ (empty: kept for the API only)")
	setUsage(fs, "coordinator serve [flags]",
		`Serves a web page and the measurement API (see README.md). A posted rule file is compiled and its players
checked before anything is queued; measurements stop and report as coordinator measure's do. POST /v1/repairs
runs coordinator repair on a posted file, one at a time (repair/service.go).`,
		flagGroup{"Service", []string{"addr", "token-file", "reports", "max-jobs", "read-timeout", "max-conns"}},
		flagGroup{"What to measure (defaults for each request)", []string{"players", "games", "precision", "seed", "sequential"}},
		flagGroup{"Farm (where and how games are played)", nil})
	rest, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		return usageError(stderr, "serve", fmt.Sprintf("takes no files (post them to the API or the page), got %q", strings.Join(rest, " ")))
	}
	if ff.learned {
		// A served measurement is one batch; learned values need two.
		return usageError(stderr, "serve", "-learned is for measure and regress: serve's measurements play with the rule file's piece values")
	}
	log, err := farm.NewLogger(stderr, ff.logFormat, ff.logLevel, "coordinator")
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return exitUsage
	}
	token, err := readToken(*tokenFile, *addr)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return exitUsage
	}
	if token == "" {
		log.Warn().Str("addr", *addr).Msg("API open without a token to anyone on this host (-token-file)")
	}
	if *maxJobs < 1 || *readTimeout <= 0 || *maxConns < 1 {
		fmt.Fprintln(stderr, "serve: -max-jobs, -read-timeout and -max-conns must be positive")
		return exitUsage
	}
	ff.owner = "serve"
	settings := ff.settings("")
	if err := settings.Check(); err != nil {
		fmt.Fprintln(stderr, "serve: defaults:", err)
		return exitUsage
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Error().Err(err).Msg("API listener")
		return 1
	}
	ff.metricsRequired = true
	fm, err := ff.openFarm(ctx, log, stderr)
	if err != nil {
		ln.Close()
		log.Error().Err(err).Msg("farm")
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}
	defer fm.close()
	m := fm.m
	cfg := m.ServiceConfig(settings, *reports)
	cfg.Log, cfg.Token, cfg.MaxJobs = log, token, *maxJobs
	svc, err := farm.NewService(ctx, m.Coord, cfg)
	if err != nil {
		ln.Close()
		log.Error().Err(err).Msg("service")
		return 1
	}
	if err := svc.Resume(ctx); err != nil {
		log.Warn().Err(err).Msg("earlier measurements not resumed")
	}
	// Repairs sit beside the measurements, on the same farm and token.
	repairs := repair.NewService(ctx, repair.DefaultConfig(settings), repair.Farm(m))
	repairs.Token = token
	if *reports != "" {
		repairs.Dir = filepath.Join(*reports, "repairs")
	}
	mux := http.NewServeMux()
	mux.Handle("/", svc.Handler())
	repairs.Register(mux)
	srv, ln := apiServer(mux, ln, *readTimeout, *maxConns)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	log.Info().Str("addr", ln.Addr().String()).Msg("serving the measurement API")
	fmt.Fprintf(stdout, "serving on http://%s (the page is at /, the API under /v1)\n", ln.Addr())
	if fm.url != "" {
		fmt.Fprintf(stdout, "workers join with: worker -nats %s\n", fm.url)
	}
	if ff.metricsBound != "" {
		fmt.Fprintf(stdout, "metrics on http://%s/metrics\n", ff.metricsBound)
	}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error().Err(err).Msg("API server")
		return 1
	}
	svc.Wait()
	repairs.Wait()
	log.Info().Msg("stopped")
	return 0
}

// readToken reads the API token from path. Without one, only a loopback
// address may be served.
func readToken(path, addr string) (string, error) {
	if path == "" {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return "", fmt.Errorf("-addr %q: %w", addr, err)
		}
		if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return "", fmt.Errorf("-addr %s is not a loopback address: give the API a token with -token-file", addr)
		}
		return "", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	token := strings.TrimSpace(string(data))
	if len(token) < 16 || strings.ContainsAny(token, " \t\r\n") {
		return "", fmt.Errorf("%s: a token is one word of at least 16 characters", path)
	}
	return token, nil
}
