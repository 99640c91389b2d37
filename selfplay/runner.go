package selfplay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime/pprof"
	"strings"
	"sync"
	"time"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/search"
)

// Runner plays jobs with the engine and the search players. It keeps the
// compiled game of each rule file it has seen, keyed by content hash, since
// a batch plays one file thousands of times.
type Runner struct {
	mu       sync.Mutex
	games    map[string]*engine.Game
	compiled int
}

// NewRunner returns a runner with an empty game cache.
func NewRunner() *Runner { return &Runner{games: map[string]*engine.Game{}} }

var _ farm.GameRunner = (*Runner)(nil)

// maxCachedGames bounds the cache for a long-running worker.
const maxCachedGames = 64

// game compiles a rule file once per content hash.
func (r *Runner) game(ruleFile []byte) (*engine.Game, error) {
	sum := sha256.Sum256(ruleFile)
	key := hex.EncodeToString(sum[:])
	r.mu.Lock()
	g, ok := r.games[key]
	r.mu.Unlock()
	if ok {
		return g, nil
	}
	g, err := engine.Compile(ruleFile)
	r.mu.Lock()
	r.compiled++
	r.mu.Unlock()
	if err != nil {
		return nil, err
	}
	r.Add(key, g)
	return g, nil
}

// Compiled counts the rule files the runner compiled itself rather than
// being handed (Add): what a test reads to see a game compiled once.
func (r *Runner) Compiled() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.compiled
}

// Add hands the runner a game compiled elsewhere, under its rule file's
// hash (protocol.HashRuleFile), so that a coordinator's in-process workers
// play the game it compiled at submission instead of compiling it again.
func (r *Runner) Add(hash string, g *engine.Game) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.games[hash]; ok {
		return
	}
	if len(r.games) >= maxCachedGames {
		clear(r.games)
	}
	r.games[hash] = g
}

// Run plays one job's game. Its CPU is labelled with the job's players
// ("pairing" in a CPU profile), so that a profile of a measurement says
// which rung the time went to (scripts/profile-categories.sh).
func (r *Runner) Run(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (res protocol.Result, err error) {
	pprof.Do(ctx, pprof.Labels("pairing", PairingLabel(job.JobIdentity)), func(ctx context.Context) {
		res, err = r.run(ctx, ruleFile, job, progress)
	})
	return res, err
}

// PairingLabel names a job's players as a profile's "pairing" label:
// "A vs B", the first mover first, or the seats' players joined.
func PairingLabel(id protocol.JobIdentity) string {
	if len(id.Seats) > 0 {
		return strings.Join(id.Seats, " + ")
	}
	return id.P0 + " vs " + id.P1
}

func (r *Runner) run(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error) {
	start := time.Now()
	g, err := r.game(ruleFile)
	if err != nil {
		return protocol.Result{}, err
	}
	lim := search.Limits{MaxNodes: job.MaxNodes, Resign: ResignRule(job.Adjudication), Draw: DrawRule(job.Adjudication)}
	if g.Seated() {
		return runSeated(ctx, g, job, lim, progress, start)
	}
	var from *engine.Position // the game's start unless the job gives one
	if job.StartFEN != "" {
		if from, err = g.ParseFEN(job.StartFEN); err != nil {
			return protocol.Result{}, fmt.Errorf("start position: %w", err)
		}
		lim.OpeningPlies = -1 // a book's position opens the game
	}
	var watch func(search.MoveEvent)
	if progress != nil {
		watch = func(search.MoveEvent) { progress() }
	}
	rec, err := search.Play(ctx, g, from, job.P0, job.P1, job.Seed, lim, watch)
	if err != nil {
		return protocol.Result{}, err
	}
	// The game loop counted the features as it played (search's
	// FeatureCounter): the coordinator's replay checks them, the worker
	// does not replay.
	return protocol.Result{
		JobIdentity:  job.JobIdentity,
		Moves:        rec.Moves,
		OpeningPlies: rec.OpeningPlies,
		StartFEN:     job.StartFEN,
		Plies:        rec.Plies,
		Result:       rec.Result,
		Winner:       rec.Winner,
		Ending:       string(rec.Rule),
		Nodes:        rec.Nodes[0] + rec.Nodes[1],
		Features:     rec.Features,
		LeadChanges:  rec.LeadChanges,
		DecisivePly:  rec.DecisivePly,
		DurationMS:   time.Since(start).Milliseconds(),
	}, nil
}

// ResignRule is an adjudication's resign rule as the game loop takes it.
func ResignRule(a protocol.Adjudication) search.ResignRule {
	return search.ResignRule{MoveCount: a.ResignMoveCount, Score: a.ResignScore}
}

// DrawRule is an adjudication's draw rule as the game loop takes it.
func DrawRule(a protocol.Adjudication) search.DrawRule {
	return search.DrawRule{MoveNumber: a.DrawMoveNumber, MoveCount: a.DrawMoveCount, Score: a.DrawScore}
}

// runSeated plays a job of a rule file with seats: each seat's player
// from the job's Seats (P0 in every seat when it names none).
func runSeated(ctx context.Context, g *engine.Game, job protocol.Job, lim search.Limits, progress func(), start time.Time) (protocol.Result, error) {
	specs, err := seatSpecs(g, job.JobIdentity)
	if err != nil {
		return protocol.Result{}, err
	}
	var watch func(search.MoveEvent)
	if progress != nil {
		watch = func(search.MoveEvent) { progress() }
	}
	rec, err := search.PlaySeatGame(ctx, g, specs, job.Seed, lim, watch)
	if err != nil {
		return protocol.Result{}, err
	}
	return protocol.Result{
		JobIdentity:  job.JobIdentity,
		Moves:        rec.Moves,
		OpeningPlies: rec.OpeningPlies,
		Plies:        rec.Plies,
		Result:       protocol.SeatResult(rec.Winner),
		Winner:       rec.Winner,
		SeatShares:   rec.Shares,
		SeatPoints:   rec.Points,
		Ending:       string(rec.Ending),
		Nodes:        rec.Nodes,
		Features:     rec.Features,
		DurationMS:   time.Since(start).Milliseconds(),
	}, nil
}
