package local

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"balancefarm/farm"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// usedMarker is written into a state directory once its store holds every
// farm stream: a later start that finds the marker but not the streams
// knows the store was lost rather than new.
const usedMarker = "store-used"

// DamagedError is a store that cannot be trusted: the server could not
// open it, or streams a used store must have are missing or unreadable.
type DamagedError struct {
	Dir     string
	Problem string
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("the farm store in %s is damaged or lost (%s); its recorded games cannot be trusted. "+
		"Move it away or remove it (rm -r %s) to start afresh, losing what it recorded, or give this run another -state directory",
		e.Dir, e.Problem, e.Dir)
}

// checkStore compares the streams the server recovered with what the
// directory says it held.
func checkStore(js jetstream.JetStream, dir string, serverErrors []string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var present, missing []string
	for _, name := range farm.StreamNames() {
		_, err := js.Stream(ctx, name)
		switch {
		case err == nil:
			present = append(present, name)
		case errors.Is(err, jetstream.ErrStreamNotFound):
			missing = append(missing, name)
		default:
			return &DamagedError{Dir: dir, Problem: fmt.Sprintf("stream %s unreadable: %v", name, err)}
		}
	}
	// The server recovers what it can of a damaged block and carries on
	// with the rest (a warning is all it says), so its word is enough.
	for _, line := range serverErrors {
		if strings.Contains(strings.ToLower(line), "corrupt") {
			return &DamagedError{Dir: dir, Problem: "the server said: " + strings.Join(serverErrors, "; ")}
		}
	}
	_, statErr := os.Stat(filepath.Join(dir, usedMarker))
	used := statErr == nil
	if len(missing) > 0 && (used || len(present) > 0) {
		problem := "streams missing: " + strings.Join(missing, ", ")
		if len(serverErrors) > 0 {
			problem += "; the server said: " + strings.Join(serverErrors, "; ")
		}
		return &DamagedError{Dir: dir, Problem: problem}
	}
	if len(missing) == 0 {
		markUsed(js, dir)
	}
	return nil
}

// markUsed writes the marker once the store holds every stream.
func markUsed(js jetstream.JetStream, dir string) {
	path := filepath.Join(dir, usedMarker)
	if _, err := os.Stat(path); err == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, name := range farm.StreamNames() {
		if _, err := js.Stream(ctx, name); err != nil {
			return
		}
	}
	os.WriteFile(path, []byte("this directory's JetStream store holds a balancefarm farm\n"), 0o644)
}

// startupErrors keeps the server's complaints about its store: warnings
// of corruption (a damaged block is reported only as a warning) and errors
// about streams or the store.
type startupErrors struct {
	mu  sync.Mutex
	got []string
}

func (s *startupErrors) Run(_ *zerolog.Event, level zerolog.Level, msg string) {
	lower := strings.ToLower(msg)
	// A stream's state file (index.db) left empty or torn, as a full disk
	// leaves it, is only a summary: the server rebuilds the state from the
	// message blocks, whose damage it reports on its own.
	if strings.Contains(lower, "recovering stream state from index") || strings.Contains(lower, "stream state too short") {
		return
	}
	corrupt := level >= zerolog.WarnLevel && strings.Contains(lower, "corrupt")
	failed := level >= zerolog.ErrorLevel && (strings.Contains(lower, "stream") || strings.Contains(lower, "store"))
	if !corrupt && !failed {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.got) < 5 {
		s.got = append(s.got, msg)
	}
}

func (s *startupErrors) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.got...)
}
