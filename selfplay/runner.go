package selfplay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
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
	mu    sync.Mutex
	games map[string]*engine.Game
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
	g, err := Compile(ruleFile)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	if len(r.games) >= maxCachedGames {
		clear(r.games)
	}
	r.games[key] = g
	r.mu.Unlock()
	return g, nil
}

// Compile checks a rule file and loads it into the engine (through
// engine.Compile, so selfplay never reads the rules front end), with the
// messages this package has always given.
func Compile(ruleFile []byte) (*engine.Game, error) {
	g, err := engine.Compile(ruleFile)
	var ce *engine.CompileError
	if errors.As(err, &ce) {
		if len(ce.Problems) > 0 {
			return nil, fmt.Errorf("invalid rule file: %s (and %d more problems)", ce.Problems[0], len(ce.Problems)-1)
		}
		return nil, errors.New(ce.Unplayable)
	}
	return g, err
}

// Run plays one job's game.
func (r *Runner) Run(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error) {
	start := time.Now()
	g, err := r.game(ruleFile)
	if err != nil {
		return protocol.Result{}, err
	}
	lim := search.Limits{MaxNodes: job.MaxNodes}
	rec, err := search.PlayGame(ctx, g, job.P0, job.P1, job.Seed, lim, progress)
	if err != nil {
		return protocol.Result{}, err
	}
	features := rec.Features
	if features == nil {
		features = map[string]int{}
	}
	if err := countChessRules(g, rec.StartFEN, rec.Moves, features); err != nil {
		return protocol.Result{}, err
	}
	// A goal reached ends the game there, so its ply is the game's length;
	// the design warnings ask how early that comes.
	if rec.Rule == "reach" {
		features[protocol.FeatureGoalPly] = rec.Plies
	}
	return protocol.Result{
		JobID:       job.JobID,
		BatchID:     job.BatchID,
		Ruleset:     job.Ruleset,
		RulesetHash: job.RulesetHash,
		P0:          job.P0,
		P1:          job.P1,
		Seed:        job.Seed,
		PairID:      job.PairID,
		Game:        job.Game,
		Moves:       rec.Moves,
		Plies:       rec.Plies,
		Result:      rec.Result,
		Winner:      rec.Winner,
		Ending:      rec.Rule,
		Nodes:       rec.Nodes[0] + rec.Nodes[1],
		Features:    features,
		LeadChanges: rec.LeadChanges,
		DecisivePly: rec.DecisivePly,
		DurationMS:  time.Since(start).Milliseconds(),
	}, nil
}

// countChessRules replays a game's moves to count castling, en passant and
// double steps, which the stats' design warnings ask about.
func countChessRules(g *engine.Game, startFEN string, moves []string, into map[string]int) error {
	pos := g.NewPosition()
	if startFEN != "" {
		p, err := g.ParseFEN(startFEN)
		if err != nil {
			return fmt.Errorf("replaying the game: %w", err)
		}
		pos = p
	}
	for i, text := range moves {
		m, err := pos.ParseMove(text)
		if err != nil {
			return fmt.Errorf("replaying the game at ply %d (%s): %w", i+1, text, err)
		}
		switch {
		case m.IsCastling():
			into[protocol.FeatureCastling]++
		case m.IsEnPassant():
			into[protocol.FeatureEnPassant]++
		case m.IsDoubleStep():
			into[protocol.FeatureDoubleStep]++
		}
		pos.Make(m)
	}
	return nil
}
