package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"balancefarm/internal/testnet"
)

// TestRepairSpreadsCandidates runs coordinator repair (its embedded NATS
// server, no game slots of its own) and two worker processes: every
// rung's candidates are submitted together, so both workers play games
// of several candidates. Small budgets keep it to seconds once built.
func TestRepairSpreadsCandidates(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries and runs a repair with two worker processes")
	}
	bins := buildBinaries(t)
	start := time.Now()
	port := testnet.FreePorts(t, 1)[0]
	natsURL := fmt.Sprintf("nats://127.0.0.1:%d", port)
	out := filepath.Join(t.TempDir(), "out")
	ruleFile, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "canaries", "no-winner.json"))
	if err != nil {
		t.Fatal(err)
	}
	coord := startProc(t, "repair", bins["coordinator"], "repair",
		"-state", t.TempDir(), "-listen", fmt.Sprintf("127.0.0.1:%d", port), "-workers", "0",
		"-players", "random,ab:d1", "-games", "4", "-precision", "0",
		"-screen-players", "random,ab:d1", "-screen-games", "4", "-screen-precision", "0",
		"-max-candidates", "12", "-pairs-of", "-1", "-confirm", "2",
		"-log-format", "json", "-progress", "off", "-out", out, ruleFile)
	for _, id := range []string{"w1", "w2"} {
		startProc(t, id, bins["worker"], "-nats", natsURL, "-id", id, "-concurrency", "1",
			"-metrics-addr", "", "-log-format", "json")
	}
	ctx, cancel := context.WithTimeout(context.Background(), batchTimeout)
	defer cancel()
	if status := coord.wait(ctx, t); status != 0 && status != 3 {
		t.Fatalf("repair exited %d", status)
	}
	data, err := os.ReadFile(filepath.Join(out, "no-winner-repair.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Games            int            `json:"games"`
		Workers          map[string]int `json:"workers"`
		WorkerCandidates map[string]int `json:"worker_candidates"`
		Candidates       []struct {
			ID string `json:"id"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"w1", "w2"} {
		if res.Workers[w] == 0 || res.WorkerCandidates[w] < 2 {
			t.Errorf("worker %s played %d games of %d candidates; want games of several", w, res.Workers[w], res.WorkerCandidates[w])
		}
	}
	t.Logf("%d candidates, %d games in %s: games by worker %v, candidates by worker %v",
		len(res.Candidates), res.Games, time.Since(start).Round(time.Second), res.Workers, res.WorkerCandidates)
}
