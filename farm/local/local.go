package local

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strconv"
	"sync"

	"balancefarm/farm"
	"balancefarm/farm/natsembed"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// Options say how to run the local farm.
type Options struct {
	// StateDir holds the server's store; a later run on the same directory
	// resumes what was recorded. The farm holds a lock on it while it runs
	// (see LockDir): another process is refused it.
	StateDir string
	// Fallback, when the state directory is held by another process, takes
	// the first free of StateDir-2, StateDir-3, ... instead of refusing.
	Fallback bool
	// Command names the process in the lock, for whoever finds it held.
	Command string
	// Listen is the loopback host:port for the server ("127.0.0.1:0" picks
	// a free port).
	Listen string
	// Workers is how many in-process game slots to run; 0 runs none (only
	// outside workers will play).
	Workers int
	Runner  farm.GameRunner
	// Worker tunes the in-process workers; ID, Concurrency and Runner are
	// set from the fields above.
	Worker farm.WorkerConfig
	Log    zerolog.Logger
}

// Farm is a running local farm.
type Farm struct {
	Server *server.Server
	Conn   *nats.Conn
	JS     jetstream.JetStream
	// StateDir is the directory the farm holds: Options.StateDir, or with
	// Fallback a sibling when that was busy (then Busy says who held the
	// directories passed over).
	StateDir string
	Busy     []*BusyError

	lock    *Lock
	noSpace *writeFailures

	stopWorkers context.CancelFunc
	workers     sync.WaitGroup
}

// Start runs the server and the workers.
func Start(o Options) (*Farm, error) {
	if o.StateDir == "" {
		return nil, errors.New("local farm needs a state directory")
	}
	host, portText, err := net.SplitHostPort(o.Listen)
	if err != nil {
		return nil, fmt.Errorf("listen address %q: %w", o.Listen, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("listen address %q: bad port", o.Listen)
	}
	log := o.Log.With().Str("component", "local").Logger()
	var lock *Lock
	var busy []*BusyError
	if o.Fallback {
		lock, busy, err = LockFirstFree(o.StateDir, o.Command)
	} else {
		lock, err = LockDir(o.StateDir, o.Command)
	}
	if err != nil {
		return nil, err
	}
	// A full disk is said as such, before the server, failing its
	// writes, makes the store look damaged.
	if err := diskRoom(lock.Dir); err != nil {
		lock.Unlock()
		return nil, err
	}
	// The server's own complaints while it reads the store (a stream it
	// could not recover) explain a damaged store; one that its disk is
	// full, at any time, stops the run (Room).
	var startup startupErrors
	noSpace := &writeFailures{}
	slog := o.Log.Hook(&startup).Hook(noSpace)
	if slog.GetLevel() > zerolog.WarnLevel {
		// Hooks see only what the level lets through; the server's
		// warnings must reach the hook (and are worth showing).
		slog = slog.Level(zerolog.WarnLevel)
	}
	s, err := natsembed.Start(natsembed.Options{Host: host, Port: port, StoreDir: filepath.Join(lock.Dir, "jetstream"), Log: &slog})
	if err != nil {
		lock.Unlock()
		return nil, &DamagedError{Dir: lock.Dir, Problem: err.Error()}
	}
	f := &Farm{Server: s, StateDir: lock.Dir, Busy: busy, lock: lock, noSpace: noSpace}
	// The coordinator talks to its own server in process, not over TCP.
	f.Conn, err = nats.Connect("", nats.InProcessServer(s), nats.Name("balancefarm coordinator"))
	if err == nil {
		f.JS, err = jetstream.New(f.Conn)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("connecting to the embedded server: %w", err)
	}
	if err := checkStore(f.JS, lock.Dir, startup.lines()); err != nil {
		f.Close()
		return nil, err
	}
	if err := lock.SetURL(s.ClientURL()); err != nil {
		f.Close()
		return nil, fmt.Errorf("state directory %s: %w", lock.Dir, err)
	}
	log.Info().Str("url", s.ClientURL()).Str("state", lock.Dir).Msg("embedded NATS server running; outside workers may join with -nats")
	if o.Workers > 0 {
		if o.Runner == nil {
			f.Close()
			return nil, errors.New("local workers need a game runner")
		}
		wc := o.Worker
		wc.ID, wc.Concurrency, wc.Runner = "local", o.Workers, o.Runner
		wc.Log = o.Log.With().Str("component", "worker").Str("worker", "local").Logger()
		w, err := farm.NewWorker(f.JS, wc)
		if err != nil {
			f.Close()
			return nil, err
		}
		ctx, cancel := context.WithCancel(context.Background())
		f.stopWorkers = cancel
		f.workers.Go(func() {
			if err := w.Run(ctx); err != nil {
				log.Error().Err(err).Msg("local workers stopped")
			}
		})
	}
	return f, nil
}

// URL is the server's client URL.
func (f *Farm) URL() string { return f.Server.ClientURL() }

// Close drains the workers, then stops the server.
func (f *Farm) Close() {
	if f.stopWorkers != nil {
		f.stopWorkers()
		f.workers.Wait()
	}
	if f.JS != nil {
		markUsed(f.JS, f.StateDir)
	}
	if f.Conn != nil {
		f.Conn.Close()
	}
	f.Server.Shutdown()
	f.Server.WaitForShutdown()
	f.lock.Unlock()
}
