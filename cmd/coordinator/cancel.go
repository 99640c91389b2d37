package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/local"
)

func init() {
	register("cancel", "cancel batches: their queued jobs are removed and nothing resumes them", runCancel)
}

func runCancel(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cancel", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ff farmFlags
	ff.add(fs, "", "warn")
	list := fs.Bool("list", false, "list the farm's batches (id, state, owner, ruleset) instead")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: coordinator cancel [-nats URL | -state DIR] BATCH...")
		fmt.Fprintln(stderr, "       coordinator cancel [-nats URL | -state DIR] -list")
		fmt.Fprintln(stderr, "Cancels each batch (ids as measure logs them, serve lists them and -list shows them): its")
		fmt.Fprintln(stderr, "coordinator stops, its queued jobs are removed, and no command resumes it.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() == 0 && !*list {
		fs.Usage()
		return exitUsage
	}
	log, err := farm.NewLogger(stderr, ff.logFormat, ff.logLevel, "coordinator")
	if err != nil {
		fmt.Fprintln(stderr, "cancel:", err)
		return exitUsage
	}
	ff.workers = 0
	// A store held by a running measure is reached through that run's
	// server, never opened a second time.
	if ff.conn.URL == "" {
		if ff.state == "" {
			ff.state = filepath.Join(stateBase, ff.ownerName())
		}
		if h, held := local.Held(ff.state); held && h.URL != "" {
			ff.conn.URL = h.URL
		}
	}
	conn, err := ff.open(log, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "cancel:", err)
		return 1
	}
	defer conn.close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	coord, err := farm.NewCoordinator(ctx, conn.js, ff.config(), log, nil)
	if err != nil {
		fmt.Fprintln(stderr, "cancel:", err)
		return 1
	}
	if *list {
		states, err := coord.Batches(ctx)
		if err != nil {
			fmt.Fprintln(stderr, "cancel:", err)
			return 1
		}
		for id, st := range states {
			fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\n", id, st.State, st.Owner, st.Plan.Ruleset)
		}
		return 0
	}
	status := 0
	for _, id := range fs.Args() {
		if err := coord.Cancel(ctx, id, "cancelled with coordinator cancel"); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", id, err)
			status = 1
			continue
		}
		fmt.Fprintf(stdout, "%s: cancelled\n", id)
	}
	return status
}
