package e2e

import (
	"context"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/report"
)

// copyDir copies the regular files and directories under from to to.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil // the lock's socket or the like
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// reportWithoutWall is a report's JSON less its times, which a rerun
// that replays games adds to.
func reportWithoutWall(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	report.DropTimes(doc)
	return doc
}

// TestResumeDamagedStore is the row on a finished batch whose
// results block was truncated or got 64 random bytes: the coordinator's
// rerun used to say "resuming 52 of 104" and wait for ever. Now, within
// seconds, it either refuses the store saying what to do, or plays the
// lost games again and reports what the first run reported.
func TestResumeDamagedStore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the coordinator and runs measurements on damaged stores")
	}
	bins := buildBinaries(t)
	root := t.TempDir()
	ruleFile, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "five-by-five.json"))
	if err != nil {
		t.Fatal(err)
	}
	measure := func(ctx context.Context, t *testing.T, state, out string) (int, string) {
		t.Helper()
		cmd := exec.CommandContext(ctx, bins["coordinator"], append(fullDiskMeasure(state, out), ruleFile)...)
		text, err := cmd.CombinedOutput()
		if ctx.Err() != nil {
			t.Fatalf("the run on %s waited past its deadline:\n%s", state, tail(string(text)))
		}
		if err != nil && !isExit(err, 1) && !isExit(err, 3) && !isExit(err, 5) {
			t.Fatalf("the run on %s: %v\n%s", state, err, tail(string(text)))
		}
		return cmd.ProcessState.ExitCode(), string(text)
	}
	intact, first := filepath.Join(root, "intact"), filepath.Join(root, "first")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	if status, text := measure(ctx, t, intact, first); status == 1 {
		t.Fatalf("the first measurement failed:\n%s", tail(text))
	}
	want := reportWithoutWall(t, filepath.Join(first, "five-by-five.json"))
	wantGames, err := os.ReadFile(filepath.Join(first, "five-by-five.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	junk, rng := make([]byte, 64), rand.New(rand.NewPCG(38, 64))
	for i := range junk {
		junk[i] = byte(rng.Uint32())
	}
	damages := []struct {
		name string
		at   float64 // where in the block, as a share of its length
		junk bool    // 64 bytes written there; else the block ends there
	}{
		{"truncated to half", 0.5, false},
		{"truncated to a tenth", 0.1, false},
		{"64 random bytes at a tenth", 0.1, true},
		{"64 random bytes at the middle", 0.5, true},
		{"64 random bytes near the end", 0.9, true},
	}
	for _, tc := range damages {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			state, out := filepath.Join(dir, "state"), filepath.Join(dir, "out")
			copyDir(t, intact, state)
			blocks, err := filepath.Glob(filepath.Join(state, "jetstream", "jetstream", "*", "streams", farm.StreamResults, "msgs", "*.blk"))
			if err != nil || len(blocks) != 1 {
				t.Fatalf("results blocks: %v %v", blocks, err)
			}
			data, err := os.ReadFile(blocks[0])
			if err != nil {
				t.Fatal(err)
			}
			at := int(tc.at * float64(len(data)))
			if tc.junk {
				copy(data[at:], junk)
			} else {
				data = data[:at]
			}
			if err := os.WriteFile(blocks[0], data, 0o644); err != nil {
				t.Fatal(err)
			}
			// Time to play the lost games again, not to wait on them.
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			start := time.Now()
			status, text := measure(ctx, t, state, out)
			t.Logf("exit %d after %s", status, time.Since(start).Round(100*time.Millisecond))
			if status == 1 {
				if !strings.Contains(text, "is damaged or lost") || !strings.Contains(text, "rm -r "+state) {
					t.Fatalf("refused without saying the store is damaged and what to do:\n%s", tail(text))
				}
				return
			}
			if got := reportWithoutWall(t, filepath.Join(out, "five-by-five.json")); !reflect.DeepEqual(got, want) {
				changed := []string{}
				for k := range maps.Keys(want) {
					if !reflect.DeepEqual(got[k], want[k]) {
						changed = append(changed, k)
					}
				}
				t.Errorf("the rerun reports otherwise than the first run: %v differ", changed)
			}
			if games, err := os.ReadFile(filepath.Join(out, "five-by-five.pgn")); err != nil || string(games) != string(wantGames) {
				t.Errorf("the rerun's games differ from the first run's (%v)", err)
			}
		})
	}
}
