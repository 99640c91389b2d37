package local

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"

	"github.com/rs/zerolog"
)

func start(t *testing.T, dir string, fallback bool) (*Farm, error) {
	t.Helper()
	return Start(Options{StateDir: dir, Fallback: fallback, Command: "test", Listen: "127.0.0.1:0", Log: zerolog.Nop()})
}

// used makes dir a store that has held a farm, with some records.
func used(t *testing.T, dir string) {
	t.Helper()
	f, err := start(t, dir, false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := farm.NewCoordinator(ctx, f.JS, farm.Config{}, zerolog.Nop(), nil); err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		if _, err := f.JS.Publish(ctx, fmt.Sprintf("bf.results.b1.b1-%06d", i), []byte(`{"record": "of a game"}`)); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
}

// streamDir is where the store keeps a stream's files.
func streamDir(dir, stream string) (string, error) {
	found, _ := filepath.Glob(filepath.Join(dir, "jetstream", "*", "*", "streams", stream))
	if len(found) != 1 {
		return "", fmt.Errorf("stream directory of %s not found: %v", stream, found)
	}
	return found[0], nil
}

func TestStateDirLocked(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	first, err := start(t, dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()

	_, err = start(t, dir, false)
	var busy *BusyError
	if !errors.As(err, &busy) {
		t.Fatalf("second farm on a held directory: %v, want a refusal", err)
	}
	if want := fmt.Sprintf("in use by process %d (test)", os.Getpid()); !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), dir) {
		t.Errorf("refusal %q does not name the directory and %q", err, want)
	}
	if busy.Holder.URL != first.URL() {
		t.Errorf("holder's URL %q, want %q", busy.Holder.URL, first.URL())
	}
	if h, held := Held(dir); !held || h.PID != os.Getpid() {
		t.Errorf("Held = %+v, %v while held", h, held)
	}

	second, err := start(t, dir, true)
	if err != nil {
		t.Fatal(err)
	}
	if second.StateDir != dir+"-2" || len(second.Busy) != 1 || second.Busy[0].Dir != dir {
		t.Errorf("fallback took %s after %v, want %s-2 after %s", second.StateDir, second.Busy, dir, dir)
	}
	second.Close()

	first.Close()
	if _, held := Held(dir); held {
		t.Error("directory still held after Close")
	}
	again, err := start(t, dir, false)
	if err != nil {
		t.Fatalf("directory not free after Close: %v", err)
	}
	again.Close()
}

func TestDamagedStore(t *testing.T) {
	tests := []struct {
		name   string
		damage func(dir string) error
		want   string
	}{
		{"stream directory removed", func(dir string) error {
			sd, err := streamDir(dir, farm.StreamResults)
			if err != nil {
				return err
			}
			return os.RemoveAll(sd)
		}, "streams missing: " + farm.StreamResults},
		// Two servers writing one store damage its blocks like this; the
		// server then carries on without the records it cannot read.
		{"records block corrupted", func(dir string) error {
			sd, err := streamDir(dir, farm.StreamResults)
			if err != nil {
				return err
			}
			blocks, _ := filepath.Glob(filepath.Join(sd, "msgs", "*.blk"))
			if len(blocks) == 0 {
				return fmt.Errorf("no message blocks in %s", sd)
			}
			data, err := os.ReadFile(blocks[0])
			if err != nil {
				return err
			}
			for i := len(data) / 4; i < len(data)/2; i++ {
				data[i] ^= 0x5a
			}
			return os.WriteFile(blocks[0], data, 0o644)
		}, "corrupt"},
		{"whole store lost", func(dir string) error {
			return os.RemoveAll(filepath.Join(dir, "jetstream"))
		}, "streams missing: " + farm.StreamJobs},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "state")
			used(t, dir)
			// An intact store opens again.
			f, err := start(t, dir, false)
			if err != nil {
				t.Fatalf("intact store refused: %v", err)
			}
			f.Close()
			if err := tt.damage(dir); err != nil {
				t.Fatal(err)
			}
			_, err = start(t, dir, false)
			var damaged *DamagedError
			if !errors.As(err, &damaged) {
				t.Fatalf("damaged store opened: %v", err)
			}
			for _, want := range []string{dir, tt.want, "rm -r " + dir} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			if _, held := Held(dir); held {
				t.Error("a refused store stays locked")
			}
		})
	}
}
