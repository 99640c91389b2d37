package farm_test

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
)

// gamesByJob is each counted game's moves, by job.
func gamesByJob(out *farm.Outcome) map[string]string {
	games := map[string]string{}
	for _, r := range out.Results {
		games[r.JobID] = strings.Join(r.Moves, " ")
	}
	return games
}

// resultsBlock is the first message block of the results stream under a
// server's store directory.
func resultsBlock(t *testing.T, dir string) string {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(dir, "jetstream", "*", "streams", farm.StreamResults, "msgs", "1.blk"))
	if err != nil || len(matches) != 1 {
		t.Fatalf("results block under %s: %v %v", dir, matches, err)
	}
	return matches[0]
}

// TestResumeDamagedResults completes a batch, damages the stored records
// the way a failing disk would, and runs the batch again: the rerun must
// end well before the test's deadline, never waiting on records the store
// cannot deliver, and count the same games, the lost ones played again.
func TestResumeDamagedResults(t *testing.T) {
	damages := []struct {
		name   string
		damage func(t *testing.T, path string)
	}{
		{"truncated", func(t *testing.T, path string) {
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(path, st.Size()/2); err != nil {
				t.Fatal(err)
			}
		}},
		{"64 random bytes", func(t *testing.T, path string) {
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			st, err := f.Stat()
			if err != nil {
				t.Fatal(err)
			}
			junk := make([]byte, 64)
			rand.Read(junk)
			if _, err := f.WriteAt(junk, st.Size()/2); err != nil {
				t.Fatal(err)
			}
		}},
	}
	modes := []struct {
		name  string
		hooks farm.Hooks
	}{
		{"whole", farm.Hooks{}},
		{"sequential, stopped early", farm.Hooks{Stop: stopOnFirstMoverWins, Window: 3}},
		{"sequential, to the cap", farm.Hooks{Stop: (&stopAfterPairs{}).stop, Window: 2}},
	}
	for _, mode := range modes {
		for _, tc := range damages {
			t.Run(mode.name+"/"+tc.name, func(t *testing.T) {
				dir := t.TempDir()
				plan := testPlan(8, "damaged "+tc.name)
				s := startServer(t, dir)
				_, js := connect(t, s.ClientURL())
				stop := workers(t, s.ClientURL(), 1, 4, quickRunner())
				first := runSequential(t, js, plan, mode.hooks, 30*time.Second)
				stop()
				s.Shutdown()
				s.WaitForShutdown()

				tc.damage(t, resultsBlock(t, dir))

				s = startServer(t, dir)
				_, js = connect(t, s.ClientURL())
				workers(t, s.ClientURL(), 1, 4, quickRunner())
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				defer cancel()
				c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
				if err != nil {
					t.Fatal(err)
				}
				again, err := c.RunHooks(ctx, plan, testRuleFile, mode.hooks)
				if ctx.Err() != nil {
					t.Fatalf("the rerun of a damaged batch waited past its deadline: %v", err)
				}
				if err != nil {
					t.Fatalf("the rerun of a damaged batch: %v", err)
				}
				if got, want := gamesByJob(again), gamesByJob(first); !maps.Equal(got, want) {
					t.Fatalf("the rerun counts %d games, the first run %d, or other moves", len(got), len(want))
				}
			})
		}
	}
}

// smallStore is a farm whose results stream holds 2 MiB: room for two
// records of the longest game.
func smallStore() farm.Config {
	cfg := testConfig
	cfg.ResultsMaxBytes = 2 << 20
	return cfg
}

// fillResults publishes junk of size bytes to the results stream, as a
// worker's credentials may, until the server refuses one; it returns the
// refusal and how many were stored. A stream that never refuses fails the
// test.
func fillResults(t *testing.T, js jetstream.JetStream, size, most int) (int, error) {
	t.Helper()
	junk := make([]byte, size)
	for i := range most {
		if _, err := js.Publish(context.Background(), fmt.Sprintf("bf.results.junk%d.j%06d", size, i), junk); err != nil {
			return i, err
		}
	}
	t.Fatalf("%d messages of %d bytes stored, none refused", most, size)
	return most, nil
}

// TestResultsStreamRefusesJunk publishes what a worker's credentials allow
// beyond honest records: one message above the record cap, and a flood of
// big ones. Both are refused, and the stream stays within its limit.
func TestResultsStreamRefusesJunk(t *testing.T) {
	cases := []struct {
		name       string
		size, most int
		maxStored  int
		refusal    string
	}{
		{"one message above the record cap", farm.MaxRecordBytes + 1, 1, 0, "message size exceeds maximum"},
		{"a flood of 100 KiB messages", 100 << 10, 1000, 20, "maximum bytes exceeded"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := startServer(t, t.TempDir())
			_, js := connect(t, s.ClientURL())
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if _, err := farm.Setup(ctx, js, smallStore()); err != nil {
				t.Fatal(err)
			}
			stored, err := fillResults(t, js, tc.size, tc.most)
			if !strings.Contains(err.Error(), tc.refusal) {
				t.Fatalf("refused with %v, want %q", err, tc.refusal)
			}
			if stored > tc.maxStored {
				t.Fatalf("%d messages stored before the refusal, want at most %d", stored, tc.maxStored)
			}
			st, err := js.Stream(ctx, farm.StreamResults)
			if err != nil {
				t.Fatal(err)
			}
			info, err := st.Info(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if info.State.Bytes > uint64(smallStore().ResultsMaxBytes) {
				t.Fatalf("results stream holds %d bytes, above its limit %d", info.State.Bytes, smallStore().ResultsMaxBytes)
			}
		})
	}
}

// TestFullResultsStoreFailsRun fills the results stream with junk and then
// runs an honest batch on it: the run must stop with ErrStoreFull, saying
// how full the store is, long before its deadline.
func TestFullResultsStoreFailsRun(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := farm.Setup(ctx, js, smallStore()); err != nil {
		t.Fatal(err)
	}
	// Smaller and smaller junk, until not even a short record fits.
	for _, size := range []int{100 << 10, 1 << 10, 16} {
		fillResults(t, js, size, 4<<20/size)
	}
	workers(t, s.ClientURL(), 1, 4, quickRunner())
	c, err := farm.NewCoordinator(ctx, js, smallStore(), testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Run(ctx, testPlan(4, "full store"), testRuleFile, nil)
	if ctx.Err() != nil {
		t.Fatalf("the run on a full store waited past its deadline: %v", err)
	}
	if !errors.Is(err, farm.ErrStoreFull) || !strings.Contains(err.Error(), "the results store is full (") {
		t.Fatalf("run ended with %v, want the results store is full", err)
	}
}

// TestSetupKeepsRecordsBeyondANewLimit stores records and sets the farm up
// again with a byte limit below what the results stream holds: the setup
// is refused, and every record stays (the server would have deleted the
// oldest to fit the limit).
func TestSetupKeepsRecordsBeyondANewLimit(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	a, err := farm.Setup(ctx, js, testConfig)
	if err != nil {
		t.Fatal(err)
	}
	const stored = 30
	junk := make([]byte, 100<<10)
	for i := range stored {
		if _, err := js.Publish(ctx, fmt.Sprintf("bf.results.old.j%d", i), junk); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := farm.Setup(ctx, js, smallStore()); err == nil || !strings.Contains(err.Error(), "would delete its oldest messages") {
		t.Fatalf("setup with a limit below the records held: %v, want a refusal", err)
	}
	info, err := a.Results.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != stored || info.Config.MaxBytes != farm.DefaultResultsMaxBytes {
		t.Fatalf("after the refused setup the stream holds %d records under a limit of %d, want %d under %d",
			info.State.Msgs, info.Config.MaxBytes, stored, farm.DefaultResultsMaxBytes)
	}
}

// TestEveryStreamBounded sets a farm up with the default limits and with a
// small results stream: every stream and bucket has a byte limit, every
// one a client writes a message-size limit (the rules' chunks are bounded
// by the server's max_payload), and the defaults together fit a server
// with max_file_store 1GB, which reserves each limit.
func TestEveryStreamBounded(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  farm.Config
	}{
		{"defaults", testConfig},
		{"a small results stream", smallStore()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startServer(t, t.TempDir())
			_, js := connect(t, s.ClientURL())
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if _, err := farm.Setup(ctx, js, tc.cfg); err != nil {
				t.Fatal(err)
			}
			var reserved int64
			for _, name := range farm.StreamNames() {
				st, err := js.Stream(ctx, name)
				if err != nil {
					t.Fatal(err)
				}
				cfg := st.CachedInfo().Config
				if cfg.MaxBytes <= 0 {
					t.Errorf("%s has no byte limit", name)
				}
				if cfg.MaxMsgSize <= 0 && !strings.HasPrefix(name, "OBJ_") {
					t.Errorf("%s has no message-size limit", name)
				}
				reserved += cfg.MaxBytes
			}
			if tc.cfg.ResultsMaxBytes == 0 && reserved > 1<<30 {
				t.Errorf("the default limits reserve %d bytes, more than a 1GB max_file_store", reserved)
			}
		})
	}
}

// TestFullDiskFailsRun: once Config.StoreRoom says the disk under the
// store is full (local mode's check), a run stops with ErrStoreFull,
// quoting it, within seconds; and a run that starts on a full disk stops
// before it stores anything.
func TestFullDiskFailsRun(t *testing.T) {
	diskFull := errors.New("the disk holding the farm store is full")
	for _, tc := range []struct {
		name      string
		fullAfter int // records counted before the disk is full
	}{
		{"full from the start", 0},
		{"full mid-batch", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startServer(t, t.TempDir())
			_, js := connect(t, s.ClientURL())
			slow := quickRunner()
			slow.PlyDelay = 50 * time.Millisecond // the batch outlasts a room check (roomEvery)
			workers(t, s.ClientURL(), 1, 1, slow)
			var counted atomic.Int32
			cfg := testConfig
			cfg.StoreRoom = func() error {
				if int(counted.Load()) >= tc.fullAfter {
					return diskFull
				}
				return nil
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			c, err := farm.NewCoordinator(ctx, js, cfg, testLogger(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			hooks := farm.Hooks{Record: func(*protocol.Result, *protocol.DeadLetter) { counted.Add(1) }}
			start := time.Now()
			_, err = c.RunHooks(ctx, testPlan(12, "full disk "+tc.name), testRuleFile, hooks)
			if ctx.Err() != nil || !errors.Is(err, farm.ErrStoreFull) || !errors.Is(err, diskFull) {
				t.Fatalf("run ended with %v (%v), want the store full for the disk", err, ctx.Err())
			}
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("the run took %s to stop", took)
			}
			if tc.fullAfter == 0 {
				if n := counted.Load(); n != 0 {
					t.Errorf("%d records counted on a disk full from the start", n)
				}
			}
		})
	}
}
