package measure

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"balancefarm/farm"
	"balancefarm/farm/local"
	"balancefarm/protocol"
	"balancefarm/selfplay"
	"balancefarm/stats"
)

// TestLostGamesReachTheReport runs a batch on the embedded farm with an
// honest worker and one ("liar") whose every game fails; with one
// delivery per job each game it takes is dead-lettered. The written
// report must count those games, name the worker and, with more than
// stats.MaxLostShare of the batch lost, be inconclusive.
func TestLostGamesReachTheReport(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	runner := selfplay.NewRunner()
	// The honest worker is slowed so the liar, started after its first
	// game, still finds jobs to take.
	slow := farm.RunnerFunc(func(ctx context.Context, data []byte, job protocol.Job, progress func()) (protocol.Result, error) {
		time.Sleep(50 * time.Millisecond)
		return runner.Run(ctx, data, job, progress)
	})
	lf, err := local.Start(local.Options{StateDir: t.TempDir(), Listen: "127.0.0.1:0", Workers: 1, Runner: slow,
		Worker: farm.WorkerConfig{MaxWall: time.Minute}, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lf.Close)
	coord, err := farm.NewCoordinator(ctx, lf.JS, farm.Config{MaxDeliver: 1}, zerolog.Nop(), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &Measurer{Coord: coord, Games: runner}
	liar, err := farm.NewWorker(lf.JS, farm.WorkerConfig{ID: "liar", Concurrency: 1, MaxWall: time.Minute, Log: zerolog.Nop(),
		Runner: farm.RunnerFunc(func(context.Context, []byte, protocol.Job, func()) (protocol.Result, error) {
			return protocol.Result{}, errors.New("this worker fails every game")
		})})
	if err != nil {
		t.Fatal(err)
	}
	liarCtx, stopLiar := context.WithCancel(ctx)
	var liarDone sync.WaitGroup
	defer func() { stopLiar(); liarDone.Wait() }()
	var startLiar sync.Once
	hooks := farm.Hooks{Record: func(r *protocol.Result, _ *protocol.DeadLetter) {
		if r != nil {
			startLiar.Do(func() { liarDone.Go(func() { liar.Run(liarCtx) }) })
		}
	}}

	f, err := Read("../rulesets/five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	s := Settings{Players: []string{"random", "ab:d1"}, Games: 16, Seed: 3}
	out, err := m.Run(ctx, f, s, hooks)
	if err != nil {
		t.Fatal(err)
	}
	dead := len(out.DeadLetters)
	if dead == 0 || len(out.Results) == 0 {
		t.Fatalf("%d results and %d dead letters: the test needs both", len(out.Results), dead)
	}
	dir := t.TempDir()
	if _, err := m.Report(f, s.Players, out.Results, out.DeadLetters, out.Elapsed, dir); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "five-by-five.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Verdict   string
		Games     int
		LostGames int `json:"lost_games"`
		Losses    []struct {
			Worker     string
			Games      int
			FirstError string `json:"first_error"`
		}
		Reasons []struct{ Flag string }
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games counted, %d lost: %+v", rep.Games, rep.LostGames, rep.Losses)
	if rep.LostGames != dead || len(rep.Losses) != 1 || rep.Losses[0].Worker != "liar" || rep.Losses[0].Games != dead ||
		!strings.Contains(rep.Losses[0].FirstError, "this worker fails every game") {
		t.Errorf("report says %d lost (%+v), want %d by liar", rep.LostGames, rep.Losses, dead)
	}
	// One game lost of 16 is already beyond stats.MaxLostShare.
	if rep.Verdict != stats.Inconclusive || len(rep.Reasons) == 0 || rep.Reasons[0].Flag != stats.FlagLostGames {
		t.Errorf("verdict %s, reasons %+v, with %d of %d games lost", rep.Verdict, rep.Reasons, dead, rep.Games+dead)
	}
}
