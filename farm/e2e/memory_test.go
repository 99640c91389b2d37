package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/internal/testnet"
)

// memoryBudget is the most a serve process may hold at its peak under
// hostile posts: half of the 1 GiB its Kubernetes manifest allows.
const memoryBudget = 512 << 20

// offBoardSquares is five-by-five with n off-board setup squares after
// its one: 2n-1 problems (each off the board, each after the first a
// duplicate).
func offBoardSquares(t *testing.T, n int) []byte {
	t.Helper()
	return []byte(strings.Replace(string(readRuleset(t, "five-by-five.json")), `"squares": ["a1"]`,
		`"squares": ["a1"`+strings.Repeat(`, "z9"`, n)+`]`, 1))
}

// peakRSS is a process's peak resident set (VmHWM), in bytes.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/PID/status")
	return 0
}

// TestServeMemoryUnderWorstCasePosts runs serve as a process with ten
// accounts and posts it, all at once, 50 copies of a file with 120,001
// problems, then ten 1 MiB files of over 340,000 problems each, to be
// measured and then to be repaired: every post
// is refused with the first problems and the right count of the rest
// (429s are retried after their Retry-After, as a client would), and the
// process's peak resident memory stays under 512 MiB (it once reached
// 909 MB for 20 such posts, 2.16 GB for 50, 1.22 GB for the ten).
func TestServeMemoryUnderWorstCasePosts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries and runs serve as a process")
	}
	if runtime.GOOS != "linux" {
		t.Skip("reads the peak resident memory from /proc")
	}
	bins := buildBinaries(t)
	dir := t.TempDir()
	const accounts = 10
	var file strings.Builder
	for i := range accounts {
		fmt.Fprintf(&file, "team%d submit %s\n", i, memoryTestToken(i))
	}
	accountsFile := filepath.Join(dir, "accounts")
	if err := os.WriteFile(accountsFile, []byte(file.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", testnet.FreePorts(t, 1)[0])
	serve := startProc(t, "serve", bins["coordinator"], "serve", "-state", filepath.Join(dir, "state"),
		"-addr", strings.TrimPrefix(base, "http://"), "-accounts", accountsFile, "-workers", "0",
		"-metrics-addr", "", "-log-format", "json")
	waitHealthy(t, base)

	client := &http.Client{Timeout: 2 * time.Minute}
	// post posts data as account i until it is not told to come back, and
	// returns the final status and problems.
	post := func(path string, i int, data []byte) (int, []string, error) {
		for deadline := time.Now().Add(4 * time.Minute); time.Now().Before(deadline); {
			req, err := http.NewRequest("POST", base+path, bytes.NewReader(data))
			if err != nil {
				return 0, nil, err
			}
			req.Header.Set("Authorization", "Bearer "+memoryTestToken(i))
			resp, err := client.Do(req)
			if err != nil {
				return 0, nil, err
			}
			var answer struct{ Problems []string }
			err = json.NewDecoder(resp.Body).Decode(&answer)
			resp.Body.Close()
			if resp.StatusCode != http.StatusTooManyRequests {
				return resp.StatusCode, answer.Problems, err
			}
			wait, err := strconv.Atoi(resp.Header.Get("Retry-After"))
			if err != nil {
				return 0, nil, fmt.Errorf("429 without a Retry-After in seconds: %v", err)
			}
			time.Sleep(time.Duration(wait) * time.Second)
		}
		return 0, nil, errors.New("still told to come back after 4 minutes")
	}

	// Filled to just under engine.MaxRuleFileBytes.
	mebibyte := offBoardSquares(t, (engine.MaxRuleFileBytes-3000)/len(`, "z9"`))
	rounds := []struct {
		name, path string
		data       []byte
		posts      int
	}{
		{"50 posts of 120,001 problems", "/v1/measurements", offBoardSquares(t, 60_001), 50},
		{"ten 1 MiB files", "/v1/measurements", mebibyte, 10},
		// A repair compiles the posted file under the same limits.
		{"ten 1 MiB files to repair", "/v1/repairs", mebibyte, 10},
	}
	for _, round := range rounds {
		t.Run(round.name, func(t *testing.T) {
			if len(round.data) > engine.MaxRuleFileBytes {
				t.Fatalf("the file has %d bytes, more than a post may", len(round.data))
			}
			var ce *engine.CompileError
			if _, err := engine.Compile(round.data); !errors.As(err, &ce) {
				t.Fatalf("the file must be refused: %v", err)
			}
			wantLast := fmt.Sprintf("... and %d more problems", len(ce.Problems)-farm.MaxProblems)
			start := time.Now()
			var wg sync.WaitGroup
			errs := make(chan error, round.posts)
			for i := range round.posts {
				wg.Go(func() {
					status, problems, err := post(round.path, i%accounts, round.data)
					switch {
					case err != nil:
						errs <- fmt.Errorf("post %d: %v", i, err)
					case status != http.StatusUnprocessableEntity || len(problems) != farm.MaxProblems+1 || problems[farm.MaxProblems] != wantLast:
						errs <- fmt.Errorf("post %d: %d with %d problems, want 422 with %d ending %q", i, status, len(problems), farm.MaxProblems+1, wantLast)
					}
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Error(err)
			}
			peak := peakRSS(t, serve.cmd.Process.Pid)
			t.Logf("%d posts of %d bytes (%d problems) answered in %s; serve's peak resident memory %d MiB",
				round.posts, len(round.data), len(ce.Problems), time.Since(start).Round(time.Millisecond), peak>>20)
			if peak > memoryBudget {
				t.Errorf("serve's peak resident memory %d MiB, over %d MiB", peak>>20, memoryBudget>>20)
			}
		})
	}
}

func memoryTestToken(i int) string { return fmt.Sprintf("memory-test-token-%02d-0123456789", i) }
