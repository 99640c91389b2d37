package search

import (
	"context"
	"testing"

	"balancefarm/engine"
)

// scoredMove is one move as the adjudicator sees it.
type scoredMove struct {
	side, score int
	scored      bool
}

// alternate is moves by sides 0, 1, 0, ... with the given scores, each
// scored.
func alternate(scores ...int) []scoredMove {
	out := make([]scoredMove, len(scores))
	for i, s := range scores {
		out[i] = scoredMove{side: i % 2, score: s, scored: true}
	}
	return out
}

func TestAdjudicatorSee(t *testing.T) {
	unscored := func(moves []scoredMove, at int) []scoredMove {
		moves[at].scored = false
		return moves
	}
	tests := []struct {
		name   string
		resign ResignRule
		draw   DrawRule
		moves  []scoredMove
		at     int // the move (from 1) after which the game is adjudicated, 0 none
		end    engine.Ending
		winner int
	}{
		{"off", ResignRule{}, DrawRule{}, alternate(-900, 900, -900, 900, 0, 0, 0, 0), 0, "", 0},
		{"resign after three own moves", ResignRule{MoveCount: 3, Score: 600}, DrawRule{},
			alternate(0, -600, 0, -700, 0, -2000), 6, EndResignAdjudication, 0},
		{"first player resigns", ResignRule{MoveCount: 2, Score: 600}, DrawRule{},
			alternate(-601, 601, -900, 900), 3, EndResignAdjudication, 1},
		{"a better score breaks the run", ResignRule{MoveCount: 2, Score: 600}, DrawRule{},
			alternate(0, -700, 0, -599, 0, -700), 0, "", 0},
		{"an unscored move breaks the run", ResignRule{MoveCount: 2, Score: 600}, DrawRule{},
			unscored(alternate(0, -700, 0, -700, 0, -700), 3), 0, "", 0},
		{"draw after two moves each", ResignRule{}, DrawRule{MoveNumber: 0, MoveCount: 2, Score: 10},
			alternate(50, 10, -10, 0, 5), 5, EndDrawAdjudication, -1},
		{"draw waits for the move number", ResignRule{}, DrawRule{MoveNumber: 3, MoveCount: 1, Score: 10},
			alternate(0, 0, 0, 0, 0, 0, 0), 6, EndDrawAdjudication, -1},
		{"a score outside breaks the draw", ResignRule{}, DrawRule{MoveCount: 2, Score: 10},
			alternate(0, 0, 0, 11, 0, 0, 0), 0, "", 0},
		{"an unscored move breaks the draw", ResignRule{}, DrawRule{MoveCount: 1, Score: 10},
			unscored(alternate(0, 0, 0, 0), 1), 4, EndDrawAdjudication, -1},
		{"a resign score of zero resigns at zero", ResignRule{MoveCount: 1, Score: 0}, DrawRule{MoveCount: 1, Score: 0},
			alternate(0, 0), 1, EndResignAdjudication, 1},
		{"both at once: the draw", ResignRule{MoveCount: 1, Score: 5}, DrawRule{MoveCount: 1, Score: 10},
			alternate(0, -8), 2, EndDrawAdjudication, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := adjudicator{resign: tc.resign, draw: tc.draw}
			at := 0
			var end engine.Ending
			winner := 0
			for i, m := range tc.moves {
				if e, w, ok := a.see(m.side, i+1, m.score, m.scored); ok {
					at, end, winner = i+1, e, w
					break
				}
			}
			if at != tc.at || end != tc.end || winner != tc.winner {
				t.Errorf("adjudicated after move %d as %q, winner %d; want %d, %q, %d", at, end, winner, tc.at, tc.end, tc.winner)
			}
		})
	}
}

// TestAdjudicationInGame plays nim between two alpha-beta players, whose
// scores are level until one sees its loss: a draw rule stops the game
// in its level stretch, a resign rule once the loser knows, each at the
// first ply whose last moves satisfy it, and no rule leaves the game to
// its end.
func TestAdjudicationInGame(t *testing.T) {
	d3, _ := ParseSpec("ab:d3")
	d5, _ := ParseSpec("ab:d5")
	tests := []struct {
		name   string
		lim    Limits
		end    engine.Ending
		winner int
		// due reports, given the game's searched moves so far (the
		// latest last) and the count of moves of the game, whether the
		// rule holds after the latest.
		due func(evs []MoveEvent, moves int) bool
	}{
		{"off", Limits{OpeningPlies: 2}, "last stone", 1, func([]MoveEvent, int) bool { return false }},
		{"resign", Limits{OpeningPlies: 2, Resign: ResignRule{MoveCount: 1, Score: 600}}, EndResignAdjudication, 1,
			func(evs []MoveEvent, _ int) bool {
				last := evs[len(evs)-1]
				return last.HasScore && last.Score <= -600
			}},
		{"draw", Limits{OpeningPlies: 2, Draw: DrawRule{MoveNumber: 4, MoveCount: 3, Score: 10}}, EndDrawAdjudication, -1,
			func(evs []MoveEvent, moves int) bool {
				if moves/2 < 4 || len(evs) < 6 {
					return false
				}
				for _, ev := range evs[len(evs)-6:] {
					if !ev.HasScore || ev.Score < -10 || ev.Score > 10 {
						return false
					}
				}
				return true
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var searched []MoveEvent
			due := 0 // the first ply after which the rule holds
			watch := func(ev MoveEvent) {
				if ev.Opening {
					return
				}
				searched = append(searched, ev)
				if due == 0 && tc.due(searched, ev.Ply) {
					due = ev.Ply
				}
			}
			rec, err := runGame[nimMove, *nim](context.Background(), newNim(30, 1), buildEvalTables(nil), [2]PlayerSpec{d3, d5}, 5, tc.lim, watch)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Rule != tc.end || rec.Winner != tc.winner || rec.Result != ResultString(tc.winner) {
				t.Fatalf("ended by %q, winner %d (%s); want %q, %d", rec.Rule, rec.Winner, rec.Result, tc.end, tc.winner)
			}
			if tc.end != EndResignAdjudication && tc.end != EndDrawAdjudication {
				if due != 0 {
					t.Fatalf("the rule held after ply %d with adjudication off", due)
				}
				return
			}
			if due == 0 || rec.Plies != due {
				t.Errorf("adjudicated after ply %d, the scores call for it after ply %d", rec.Plies, due)
			}
		})
	}
}
