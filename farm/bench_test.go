package farm_test

import (
	"context"
	"fmt"
	"io"
	"sync"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/natsembed"
	"balancefarm/protocol"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// trivialGame is a game over before it starts: the benchmark measures the
// farm, not an engine.
func trivialGame(context.Context, []byte, protocol.Job, func()) (protocol.Result, error) {
	return protocol.Result{Moves: []string{}, Result: protocol.ResultDraw, Winner: protocol.NoWinner, Ending: "trivial"}, nil
}

// BenchmarkThroughput pushes b.N trivial games through the whole path:
// queue them, have workers pull, play and store them, and collect and
// de-duplicate the records. It reports jobs per second.
func BenchmarkThroughput(b *testing.B) {
	for _, bc := range []struct {
		name    string
		memory  bool
		workers int
		slots   int
	}{
		{"file/2x4", false, 2, 4},
		{"memory/2x4", true, 2, 4},
		{"file/4x8", false, 4, 8},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s, err := natsembed.Start(natsembed.Options{Port: -1, StoreDir: b.TempDir()})
			if err != nil {
				b.Fatal(err)
			}
			defer func() { s.Shutdown(); s.WaitForShutdown() }()
			dial := func() jetstream.JetStream {
				nc, err := nats.Connect("", nats.InProcessServer(s))
				if err != nil {
					b.Fatal(err)
				}
				b.Cleanup(nc.Close)
				js, err := jetstream.New(nc)
				if err != nil {
					b.Fatal(err)
				}
				return js
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			quiet := zerolog.New(io.Discard)
			cfg := testConfig
			cfg.Memory = bc.memory
			cfg.AckWait = 30 * time.Second
			c, err := farm.NewCoordinator(ctx, dial(), cfg, quiet, nil)
			if err != nil {
				b.Fatal(err)
			}
			var wg sync.WaitGroup
			for i := range bc.workers {
				w, err := farm.NewWorker(dial(), farm.WorkerConfig{ID: fmt.Sprint(i), Concurrency: bc.slots,
					Runner: farm.RunnerFunc(trivialGame), Log: quiet, FetchWait: time.Second})
				if err != nil {
					b.Fatal(err)
				}
				wg.Go(func() { w.Run(ctx) })
			}
			games := max(2, b.N+b.N%2)
			plan := protocol.Plan{Ruleset: "bench", RulesetHash: protocol.HashRuleFile(testRuleFile),
				Players: []string{"a", "b"}, GamesPerPairing: games, Salt: fmt.Sprint(time.Now().UnixNano())}
			b.ResetTimer()
			start := time.Now()
			out, err := c.Run(ctx, plan, testRuleFile, nil)
			elapsed := time.Since(start)
			b.StopTimer()
			if err != nil {
				b.Fatal(err)
			}
			if len(out.Results) != games {
				b.Fatalf("%d results for %d games", len(out.Results), games)
			}
			b.ReportMetric(float64(games)/elapsed.Seconds(), "jobs/s")
			cancel()
			wg.Wait()
		})
	}
}
