package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"balancefarm/deploy/natsauth"
	"balancefarm/farm"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// nakEverything pulls every batch's jobs with creds, as a worker may, and
// hands each back unplayed (a nak), until ctx ends; it returns how many
// it handed back.
func nakEverything(ctx context.Context, t *testing.T, url, creds string) int {
	nc, err := farm.Connect(farm.ConnectOptions{URL: url, Creds: creds, Name: "nakker"}, zerolog.Nop())
	if err != nil {
		t.Error(err)
		return 0
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Error(err)
		return 0
	}
	naks := 0
	for ctx.Err() == nil {
		stream, err := js.Stream(ctx, farm.StreamJobs)
		if err != nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		names := stream.ConsumerNames(ctx)
		for name := range names.Name() {
			cons, err := stream.Consumer(ctx, name)
			if err != nil {
				continue
			}
			batch, err := cons.Fetch(16, jetstream.FetchMaxWait(200*time.Millisecond))
			if err != nil {
				continue
			}
			for m := range batch.Messages() {
				if m.Nak() == nil {
					naks++
				}
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	return naks
}

// TestNakEveryJobCounted is the issue's "worker credentials nak every
// job" row: on a nats-server with the generated credentials, a client
// holding w2's worker credentials hands back every job it pulls, beside
// an honest worker process w1. Every job handed back to the end is
// dead-lettered; the written report must count those games (it used to
// say error_games 0 and nothing else), say who lost them, and, with more
// than stats.MaxLostShare of the batch lost, be inconclusive.
func TestNakEveryJobCounted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds nats-server, the coordinator and the worker and runs them as processes")
	}
	bins := buildBinaries(t)
	secrets := filepath.Join(t.TempDir(), "secrets")
	if err := natsauth.Generate(secrets, natsauth.Options{Workers: []string{"w1", "w2"}}); err != nil {
		t.Fatal(err)
	}
	url := startAuthServer(t, bins["nats-server"], secrets)
	ruleFile, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "five-by-five.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	ctx, cancel := context.WithTimeout(context.Background(), batchTimeout)
	defer cancel()

	nakCtx, stopNaks := context.WithCancel(ctx)
	var naks int
	var nakker sync.WaitGroup
	nakker.Go(func() { naks = nakEverything(nakCtx, t, url, filepath.Join(secrets, natsauth.WorkerCredsFile("w2"))) })
	defer func() { stopNaks(); nakker.Wait() }()

	start := time.Now()
	coord := startProc(t, "coordinator", bins["coordinator"], "measure", "-nats", url,
		"-creds", filepath.Join(secrets, natsauth.FileCoordinator), "-workers", "0",
		"-players", "random,ab:d1", "-games", "40", "-precision", "0", "-sequential=false",
		"-max-deliver", "4", "-progress", "off", "-metrics-addr", "", "-log-format", "json", "-out", out, ruleFile)
	startProc(t, "w1", bins["worker"], "-nats", url, "-creds", filepath.Join(secrets, natsauth.WorkerCredsFile("w1")),
		"-concurrency", "1", "-metrics-addr", "", "-fetch-wait", "1s", "-log-format", "json")
	status := coord.wait(ctx, t)
	stopNaks()
	nakker.Wait()

	data, err := os.ReadFile(filepath.Join(out, "five-by-five.json"))
	if err != nil {
		t.Fatalf("no report (coordinator exit %d): %v", status, err)
	}
	var rep struct {
		Verdict    string  `json:"verdict"`
		Games      int     `json:"games"`
		ErrorGames int     `json:"error_games"`
		LostGames  int     `json:"lost_games"`
		LostShare  float64 `json:"lost_share"`
		Losses     []struct {
			Worker string `json:"worker"`
			Games  int    `json:"games"`
		} `json:"losses"`
		Reasons []struct {
			Flag string `json:"flag"`
		} `json:"reasons"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	t.Logf("exit %d after %s: %d naks; report: %d games counted, %d errors, %d lost (%.0f%%) by %+v, verdict %s",
		status, time.Since(start).Round(time.Second), naks, rep.Games, rep.ErrorGames, rep.LostGames, 100*rep.LostShare, rep.Losses, rep.Verdict)
	if naks == 0 {
		t.Fatal("w2 handed nothing back: the test proves nothing")
	}
	if rep.Games+rep.ErrorGames+rep.LostGames != 40 || rep.LostGames == 0 {
		t.Errorf("the report counts %d games, %d errors and %d lost; want the 40 planned, some lost", rep.Games, rep.ErrorGames, rep.LostGames)
	}
	byWorker := 0
	for _, l := range rep.Losses {
		byWorker += l.Games
	}
	if byWorker != rep.LostGames+rep.ErrorGames {
		t.Errorf("losses by worker %+v add up to %d, not the %d lost and errors", rep.Losses, byWorker, rep.LostGames+rep.ErrorGames)
	}
	if rep.LostShare > 0.05 && (rep.Verdict != "inconclusive" || len(rep.Reasons) == 0 || rep.Reasons[0].Flag != "lost_games") {
		t.Errorf("%.0f%% of the batch lost, yet verdict %s for %+v", 100*rep.LostShare, rep.Verdict, rep.Reasons)
	}
	if status != 1 {
		t.Errorf("coordinator exit %d, want 1 (games failed)", status)
	}
	var md []byte
	if md, err = os.ReadFile(filepath.Join(out, "five-by-five.md")); err != nil || !strings.Contains(string(md), fmt.Sprintf("%d dead-lettered", rep.LostGames)) {
		t.Errorf("the Markdown report does not say %d dead-lettered (%v)", rep.LostGames, errors.Join(err))
	}
}
