package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"balancefarm/farm"
	"balancefarm/measure"
)

func init() {
	register("serve", "run the measurement service: HTTP API, farm and metrics", runServe)
}

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ff farmFlags
	ff.add(fs, "127.0.0.1:9464", "info")
	addr := fs.String("addr", "127.0.0.1:8464", "address of the HTTP API")
	reports := fs.String("reports", "", "write each finished measurement's NAME.json, NAME.md and NAME.html to DIR/ID/ (empty: kept for the API only)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: coordinator serve [flags]")
		fmt.Fprintln(stderr, "Serves the measurement API (see farm/doc.go). A posted rule file is compiled and its players checked")
		fmt.Fprintln(stderr, "before anything is queued; measurements stop and report as coordinator measure's do.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	log, err := farm.NewLogger(stderr, ff.logFormat, ff.logLevel, "coordinator")
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return exitUsage
	}
	settings := ff.settings("")
	if err := settings.Check(); err != nil {
		fmt.Fprintln(stderr, "serve: defaults:", err)
		return exitUsage
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	// After the first signal starts the shutdown, a second one kills.
	context.AfterFunc(ctx, stop)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Error().Err(err).Msg("API listener")
		return 1
	}
	conn, err := ff.open(log)
	if err != nil {
		ln.Close()
		log.Error().Err(err).Msg("farm")
		return 1
	}
	defer conn.close()
	reg := farm.NewRegistry()
	metrics := farm.NewCoordinatorMetrics(reg)
	if ff.metricsAddr != "" {
		if err := farm.ServeMetrics(ctx, ff.metricsAddr, reg, log); err != nil {
			ln.Close()
			log.Error().Err(err).Msg("metrics listener")
			return 1
		}
	}
	coord, err := farm.NewCoordinator(ctx, conn.js, ff.config(), log, metrics)
	if err != nil {
		ln.Close()
		log.Error().Err(err).Msg("farm")
		return 1
	}
	stopWatching := watch(ctx, coord)
	defer stopWatching()

	m := &measure.Measurer{Coord: coord, Games: conn.games}
	cfg := m.ServiceConfig(settings, *reports)
	cfg.Log = log
	svc, err := farm.NewService(ctx, coord, cfg)
	if err != nil {
		ln.Close()
		log.Error().Err(err).Msg("service")
		return 1
	}
	if err := svc.Resume(ctx); err != nil {
		log.Warn().Err(err).Msg("earlier measurements not resumed")
	}
	srv := &http.Server{Handler: svc.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	log.Info().Str("addr", ln.Addr().String()).Msg("serving the measurement API")
	fmt.Fprintf(stdout, "serving on http://%s\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error().Err(err).Msg("API server")
		return 1
	}
	svc.Wait()
	log.Info().Msg("stopped")
	return 0
}
