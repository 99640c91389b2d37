package selfplay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
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
	if rec.Rule == engine.EndReach {
		features[protocol.FeatureGoalPly] = rec.Plies
	}
	return protocol.Result{
		JobIdentity:  job.JobIdentity,
		Moves:        rec.Moves,
		OpeningPlies: rec.OpeningPlies,
		Plies:        rec.Plies,
		Result:       rec.Result,
		Winner:       rec.Winner,
		Ending:       string(rec.Rule),
		Nodes:        rec.Nodes[0] + rec.Nodes[1],
		Features:     features,
		LeadChanges:  rec.LeadChanges,
		DecisivePly:  rec.DecisivePly,
		DurationMS:   time.Since(start).Milliseconds(),
	}, nil
}

// countChessRules replays a game's moves to count castling, en passant
// (made, and offered: the plies after a double step at which it was
// legal) and double steps, and in a game with wild pieces the ply one was first taken
// and the plies after which one ate a piece, which the stats' design
// warnings ask about.
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
		if pos.InRound() {
			m0, m1, err := pos.ParseRound(text)
			if err != nil {
				return fmt.Errorf("replaying the game at ply %d (%s): %w", i+1, text, err)
			}
			pos.MakeRound(m0, m1) // no castling, en passant or double step in rounds
			continue
		}
		m, err := pos.ParseMove(text)
		if err != nil {
			return fmt.Errorf("replaying the game at ply %d (%s): %w", i+1, text, err)
		}
		if _, owner, ok := pos.PieceAt(m.To()); ok && owner == 2 && pos.IsCapture(m) {
			if _, seen := into[protocol.FeatureNPCTakenPly]; !seen {
				into[protocol.FeatureNPCTakenPly] = i + 1
			}
		}
		switch {
		case m.IsCastling():
			into[protocol.FeatureCastling]++
		case m.IsEnPassant():
			into[protocol.FeatureEnPassant]++
		case m.IsDoubleStep():
			into[protocol.FeatureDoubleStep]++
		case m.IsTurn():
			into[protocol.FeatureTurns]++
		case m.IsPortalMove():
			into[protocol.FeaturePortalMove]++
		case m.IsThroughPortal():
			into[protocol.FeatureThrough]++
		}
		pos.Make(m)
		if pos.WildAte() {
			into[protocol.FeatureHazardMet]++
		}
		if m.IsDoubleStep() && g.HasEnPassant() && enPassantLegal(pos) {
			into[protocol.FeatureEnPassantChances]++
		}
	}
	return nil
}

// enPassantLegal reports whether the side to move may take en passant.
func enPassantLegal(p *engine.Position) bool {
	for _, m := range p.LegalMoves(nil) {
		if m.IsEnPassant() {
			return true
		}
	}
	return false
}
