package measure

import (
	"maps"
	"slices"
	"sync"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/records"
)

// replayed is one measurement's replay of each game (records.Replay),
// made once: when the farm verifies the result (Hooks.Verify), which
// refuses a result whose replay fails, or else when a reader first asks
// for it (a farm that skips verifying). The learned values, the
// assessment, the records and the report all read these replays.
type replayed struct {
	game  *engine.Game
	mu    sync.Mutex
	byJob map[string]*records.Replayed
}

func newReplayed(g *engine.Game) *replayed {
	return &replayed{game: g, byJob: map[string]*records.Replayed{}}
}

// verify is the farm's Hooks.Verify: a result counts only if its moves
// play the game it claims, ending, winner and features included.
// Replaying is move generation only, cheap next to the search that chose
// the moves.
func (s *replayed) verify(r protocol.Result) error {
	rp := records.Replay(s.game, r)
	if rp.Err != nil {
		return rp.Err
	}
	s.keep(rp)
	return nil
}

func (s *replayed) keep(rp *records.Replayed) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byJob[rp.Result.JobID] = rp
}

// games is each result's replay: the one made when it was verified, else
// one made now and kept.
func (s *replayed) games(results []protocol.Result) []*records.Replayed {
	out := make([]*records.Replayed, len(results))
	for i, r := range results {
		s.mu.Lock()
		rp := s.byJob[r.JobID]
		s.mu.Unlock()
		if rp == nil || !sameGame(rp.Result, r) {
			// A job retried may have been verified for another game
			// than the one the farm kept.
			rp = records.Replay(s.game, r)
			s.keep(rp)
		}
		// The same game, with the kept record's bookkeeping (nodes,
		// worker, lease) when another record of it was verified.
		cp := *rp
		cp.Result = r
		out[i] = &cp
	}
	return out
}

// forget drops the replays of the batches results belong to, counted or
// not (surplus, duplicates).
func (s *replayed) forget(results []protocol.Result) {
	batches := map[string]bool{}
	for _, r := range results {
		batches[r.BatchID] = true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	maps.DeleteFunc(s.byJob, func(_ string, rp *records.Replayed) bool { return batches[rp.Result.BatchID] })
}

// sameGame says whether a replay of a is one of b: what the replay reads
// is the same.
func sameGame(a, b protocol.Result) bool {
	return slices.Equal(a.Moves, b.Moves) && a.Winner == b.Winner && a.Ending == b.Ending &&
		a.OpeningPlies == b.OpeningPlies && maps.Equal(a.Features, b.Features)
}
