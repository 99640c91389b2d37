package records

import (
	"context"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/search"
)

// A game adjudicated from a book's position replays from that position
// to a position not over, its adjudication standing; claimed otherwise
// (another start, a rule's ending, an adjudication of a game the rules
// ended) it is refused.
func TestReplayAdjudicatedFromStart(t *testing.T) {
	g := compileFile(t, "rulesets/five-by-five.json")
	start := g.NewPosition()
	for range 2 {
		start.Make(start.LegalMoves(nil)[0])
	}
	fen := start.FEN()
	// From a given position, with no random plies, the players' game is
	// one whatever the seed: played with the resign rule and without.
	play := func(lim search.Limits) protocol.Result {
		lim.OpeningPlies = -1
		rec, err := search.Play(context.Background(), g, start, "ab:d2", "ab:d1", 1, lim, nil)
		if err != nil {
			t.Fatal(err)
		}
		if rec.StartFEN != fen {
			t.Fatalf("the game starts from %q, not %q", rec.StartFEN, fen)
		}
		return protocol.Result{Moves: rec.Moves, Plies: rec.Plies, Result: rec.Result, Winner: rec.Winner,
			Ending: string(rec.Rule), Features: rec.Features, StartFEN: fen}
	}
	adjudged := play(search.Limits{Resign: search.ResignRule{MoveCount: 1, Score: 300}})
	ruled := play(search.Limits{})
	if adjudged.Ending != protocol.EndingResignAdjudication || protocol.IsAdjudication(ruled.Ending) {
		t.Fatalf("with the resign rule the game ends by %q, without it by %q", adjudged.Ending, ruled.Ending)
	}
	tests := []struct {
		name   string
		r      protocol.Result
		change func(*protocol.Result)
		ok     bool
	}{
		{"adjudicated as played", adjudged, func(*protocol.Result) {}, true},
		{"ruled as played", ruled, func(*protocol.Result) {}, true},
		{"adjudicated, from the game's start", adjudged, func(r *protocol.Result) { r.StartFEN = "" }, false},
		{"adjudicated, said a rule's", adjudged, func(r *protocol.Result) { r.Ending = string(engine.EndCheckmate) }, false},
		{"ruled, said adjudicated", ruled, func(r *protocol.Result) { r.Ending = protocol.EndingDrawAdjudication }, false},
		{"lost on time", adjudged, func(r *protocol.Result) { r.Ending = protocol.EndingTimeForfeit }, true},
		{"ruled, said lost on time", ruled, func(r *protocol.Result) { r.Ending = protocol.EndingTimeForfeit }, false},
		{"a start that is no position", adjudged, func(r *protocol.Result) { r.StartFEN = "not a fen" }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.r
			r.Moves = append([]string(nil), tt.r.Moves...)
			tt.change(&r)
			rp := Replay(g, r)
			if (rp.Err == nil) != tt.ok {
				t.Fatalf("Replay = %v", rp.Err)
			}
			if tt.ok && rp.StartFEN != fen {
				t.Errorf("replayed from %q, not %q", rp.StartFEN, fen)
			}
		})
	}
}
