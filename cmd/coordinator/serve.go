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
	"balancefarm/play"
	"balancefarm/repair"
	"balancefarm/tablestore"
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
	tokenFile := fs.String("token-file", "", "file holding the API's bearer token, one admin account; required unless -addr is loopback or -accounts is given")
	accountsFile := fs.String("accounts", "", "file of the API's accounts, one a line: NAME ROLE TOKEN, the role read, submit or admin (README.md); instead of -token-file")
	var lim farm.Limits
	fs.IntVar(&lim.Compiles, "compiles", farm.DefaultLimits(0).Compiles, "posted rule files compiled at once (the rest wait; a hostile 1 MiB file takes up to about 170 MB to refuse)")
	fs.IntVar(&lim.Admissions, "max-admissions", farm.DefaultLimits(0).Admissions, "posts in progress at once, every account together (429 beyond)")
	fs.IntVar(&lim.AccountAdmissions, "account-admissions", farm.DefaultLimits(0).AccountAdmissions, "posts in progress at once of one account (429 beyond)")
	fs.IntVar(&lim.AccountMeasurements, "account-measurements", farm.DefaultLimits(0).AccountMeasurements, "running measurements of one account (429 beyond): its share of the farm")
	fs.IntVar(&lim.AccountGames, "account-jobs", 0, "games one account's running measurements may have still to play (429 beyond; 0: twice -max-jobs)")
	fs.IntVar(&lim.Games, "total-jobs", 0, "games every account's running measurements may have still to play (429 beyond; 0: ten times -max-jobs)")
	maxJobs := fs.Int("max-jobs", farm.DefaultMaxJobs, "most games one request may queue")
	readTimeout := fs.Duration("read-timeout", 15*time.Second, "time a client has to send a whole request, body included")
	maxConns := fs.Int("max-conns", 256, "most API connections open at once (idle ones give their place up to newcomers)")
	rulesetsDir := fs.String("rulesets", "rulesets", "folder of rule files the page's board offers to play (a posted file plays too)")
	tables := fs.String("tables", "", "a directory of learned tables (coordinator learn -keep): a posted file whose exact bytes have one there is measured with its top rung playing it (empty: none)")
	reports := fs.String("reports", "", "write each finished measurement's NAME.json, NAME.md and NAME.html to DIR/ID/ (empty: kept for the API only)")
	setUsage(fs, "coordinator serve [flags]",
		`Serves a web page and the measurement API (see README.md). A posted rule file is compiled and its players
checked before anything is queued; measurements stop and report as coordinator measure's do. POST /v1/repairs
runs coordinator repair on a posted file, one at a time (repair/service.go).`,
		flagGroup{"Service", []string{"addr", "token-file", "accounts", "reports", "tables", "rulesets", "max-jobs", "read-timeout", "max-conns"}},
		flagGroup{"Limits (each account's and all together)", []string{"compiles", "max-admissions", "account-admissions", "account-measurements", "account-jobs", "total-jobs"}},
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
	accounts, err := readAccounts(*accountsFile, *tokenFile, *addr)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return exitUsage
	}
	if accounts.Open() {
		log.Warn().Str("addr", *addr).Msg("API open without a token to anyone on this host (-token-file, -accounts)")
	}
	if *maxJobs < 1 || *readTimeout <= 0 || *maxConns < 1 {
		fmt.Fprintln(stderr, "serve: -max-jobs, -read-timeout and -max-conns must be positive")
		return exitUsage
	}
	if lim.Compiles < 1 || lim.Admissions < 1 || lim.AccountAdmissions < 1 || lim.AccountMeasurements < 1 || lim.AccountGames < 0 || lim.Games < 0 {
		fmt.Fprintln(stderr, "serve: -compiles, -max-admissions, -account-admissions and -account-measurements must be positive, -account-jobs and -total-jobs not negative")
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
	m.Tables = tablestore.Dir(*tables)
	cfg := m.ServiceConfig(settings, *reports)
	cfg.Log, cfg.Accounts, cfg.MaxJobs, cfg.Limits = log, accounts, *maxJobs, lim
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
	repairs.Accounts, repairs.Gate = accounts, svc.Gate
	if *reports != "" {
		repairs.Dir = filepath.Join(*reports, "repairs")
	}
	mux := http.NewServeMux()
	mux.Handle("/", svc.Handler())
	repairs.Register(mux)
	games := play.NewService(*rulesetsDir, int64(cfg.MaxRuleFileBytes))
	games.Accounts, games.Gate = accounts, svc.Gate
	games.Register(mux)
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

// readAccounts reads the API's accounts from the accounts file, or the
// one account of the token file. Without either, only a loopback address
// may be served, open to all.
func readAccounts(accountsPath, tokenPath, addr string) (*farm.Accounts, error) {
	switch {
	case accountsPath != "" && tokenPath != "":
		return nil, errors.New("-accounts and -token-file: give one (a token file is one admin account)")
	case accountsPath != "":
		return farm.ReadAccounts(accountsPath)
	}
	token, err := readToken(tokenPath, addr)
	if err != nil || token == "" {
		return farm.OpenAccounts(), err
	}
	return farm.SingleAccount(token), nil
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
			return "", fmt.Errorf("-addr %s is not a loopback address: give the API a token with -token-file or accounts with -accounts", addr)
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
