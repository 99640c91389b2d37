package fakegame

import (
	"balancefarm/internal/splitmix"

	"context"
	"fmt"
	"hash/fnv"
	"sync/atomic"
	"time"

	"balancefarm/protocol"
)

// Runner is the fake game runner.
type Runner struct {
	// Plies are drawn from [MinPlies, MaxPlies].
	MinPlies, MaxPlies int
	// PlyDelay is slept every ply, standing for search time.
	PlyDelay time.Duration
	// NodesPerPly is how many busy-work steps a ply takes, each counted as
	// a node searched.
	NodesPerPly int
	// Fault, when set, is called before every ply; an error it returns
	// fails the game. Tests use it to panic, hang or fail on cue.
	Fault func(ctx context.Context, ruleFile []byte, job protocol.Job, ply int) error
}

// Run plays the fake game.
func (r *Runner) Run(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error) {
	rng := newRNG(job)
	plies := r.MinPlies
	if r.MaxPlies > r.MinPlies {
		plies += int(rng.next() % uint64(r.MaxPlies-r.MinPlies+1))
	}
	var res protocol.Result
	var sink uint64
	for ply := range plies {
		if r.Fault != nil {
			if err := r.Fault(ctx, ruleFile, job, ply); err != nil {
				return protocol.Result{}, err
			}
		}
		if job.MaxNodes > 0 && res.Nodes+int64(r.NodesPerPly) > job.MaxNodes {
			break // node limit: the game stops where it is, as an engine would adjudicate
		}
		for range r.NodesPerPly {
			sink = sink*6364136223846793005 + 1442695040888963407
		}
		res.Nodes += int64(r.NodesPerPly)
		if r.PlyDelay > 0 {
			t := time.NewTimer(r.PlyDelay)
			select {
			case <-ctx.Done():
				t.Stop()
				return protocol.Result{}, ctx.Err()
			case <-t.C:
			}
		} else if err := ctx.Err(); err != nil {
			return protocol.Result{}, err
		}
		res.Moves = append(res.Moves, rng.move())
		progress()
	}
	res.Plies = len(res.Moves)
	switch outcome := rng.next() % 10; {
	case outcome < 4:
		res.Result, res.Winner, res.Ending = protocol.ResultFirstWins, protocol.FirstMover, "checkmate"
	case outcome < 7:
		res.Result, res.Winner, res.Ending = protocol.ResultSecondWins, protocol.SecondMover, "checkmate"
	default:
		res.Result, res.Winner, res.Ending = protocol.ResultDraw, protocol.NoWinner, "max_plies"
	}
	if res.Plies < plies {
		res.Result, res.Winner, res.Ending = protocol.ResultDraw, protocol.NoWinner, "node_limit"
	}
	busyWork.Add(sink) // keeps the busy loop from being optimised away
	res.LeadChanges = int(rng.next() % 4)
	res.Features = map[string]int{"capture": res.Plies / 3}
	return res, nil
}

var busyWork atomic.Uint64

// rng is a splitmix64 stream seeded from the job's seed and players.
type rng struct{ state uint64 }

func newRNG(job protocol.Job) *rng {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s|%s", job.Seed, job.P0, job.P1)
	return &rng{state: h.Sum64()}
}

func (r *rng) next() uint64 {
	r.state += splitmix.Gamma
	return splitmix.Mix(r.state)
}

// move makes a coordinate move such as "c2c4".
func (r *rng) move() string {
	v := r.next()
	return fmt.Sprintf("%c%d%c%d", 'a'+byte(v%8), 1+(v>>3)%8, 'a'+byte((v>>6)%8), 1+(v>>9)%8)
}
