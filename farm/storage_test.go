package farm_test

import (
	"context"
	"crypto/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"balancefarm/farm"
)

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
// end (replaying the lost games) well before the test's deadline, never
// wait on records the store cannot deliver.
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
	for _, tc := range damages {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			plan := testPlan(8, "damaged "+tc.name)
			s := startServer(t, dir)
			_, js := connect(t, s.ClientURL())
			stop := workers(t, s.ClientURL(), 1, 4, quickRunner())
			first := runBatch(t, js, plan, 30*time.Second)
			checkOutcome(t, plan, first, 0)
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
			out, err := c.Run(ctx, plan, testRuleFile, nil)
			if ctx.Err() != nil {
				t.Fatalf("the rerun of a damaged batch waited past its deadline: %v", err)
			}
			if err != nil {
				t.Logf("refused: %v", err)
				return
			}
			checkOutcome(t, plan, out, 0)
		})
	}
}
