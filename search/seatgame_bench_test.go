package search

import (
	"context"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's CPU time so far: on a shared machine a game's
// cost is better told by it than by the wall clock.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSeatGame plays whole games of the files with seats, every seat
// the same player, and chess between two of the same for comparison,
// reporting plies and nodes a second of CPU.
func BenchmarkSeatGame(b *testing.B) {
	for _, file := range []string{"four-player-teams.json", "chaturaji.json", "four-player-ffa.json", "chess.json"} {
		g := loadGame(b, file)
		for _, spec := range []string{"ab:n2000", "mcts:i200"} {
			b.Run(file+"/"+spec, func(b *testing.B) {
				var plies, nodes int64
				began := cpuTime(b)
				for i := 0; i < b.N; i++ {
					seed := uint64(i + 1)
					if g.Seated() {
						specs := make([]string, g.Seats())
						for s := range specs {
							specs[s] = spec
						}
						rec, err := PlaySeatGame(context.Background(), g, seatSpecs(b, specs...), seed, Limits{}, nil)
						if err != nil {
							b.Fatal(err)
						}
						plies += int64(rec.Plies)
						nodes += rec.Nodes
						continue
					}
					rec, err := PlayGame(context.Background(), g, spec, spec, seed, Limits{}, nil)
					if err != nil {
						b.Fatal(err)
					}
					plies += int64(rec.Plies)
					nodes += rec.Nodes[0] + rec.Nodes[1]
				}
				secs := (cpuTime(b) - began).Seconds()
				b.ReportMetric(float64(plies)/secs, "plies/cpu-s")
				b.ReportMetric(float64(nodes)/secs, "nodes/cpu-s")
				b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
			})
		}
	}
}
