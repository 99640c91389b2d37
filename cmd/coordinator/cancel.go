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
	setUsage(fs, "coordinator cancel [-nats URL | -state DIR] BATCH...\n       coordinator cancel [-nats URL | -state DIR] -list",
		`Cancels each batch (ids as measure logs them, serve lists them and -list shows them): its
coordinator stops, its queued jobs are removed, and no command resumes it. A store a running
measure holds is reached through that run's server.`,
		flagGroup{"Cancel", []string{"list", "state", "nats"}}, flagGroup{"Farm", nil})
	ids, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(ids) == 0 && !*list {
		return usageError(stderr, "cancel", "no batch id given (or -list)")
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
	conn, err := ff.open(log, stderr, nil)
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
	for _, id := range ids {
		if err := coord.Cancel(ctx, id, "cancelled with coordinator cancel"); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", id, err)
			status = 1
			continue
		}
		fmt.Fprintf(stdout, "%s: cancelled\n", id)
	}
	return status
}
