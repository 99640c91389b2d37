package measure

import (
	"strings"
	"testing"

	"balancefarm/protocol"
)

// game is a result of pair k between p0 (moving first) and p1; winner 0,
// 1 or -1 for a draw.
func game(k int, p0, p1 string, winner int) protocol.Result {
	r := protocol.Result{Winner: winner, Ending: "checkmate", Plies: 30}
	if winner < 0 {
		r.Ending = "stalemate"
	}
	r.P0, r.P1, r.PairID = p0, p1, k
	return r
}

func TestScorer(t *testing.T) {
	plan := protocol.Plan{Players: []string{"random", "ab:d1"}, GamesPerPairing: 40, Mirror: "ab:d1", MirrorGames: 20}
	tests := []struct {
		name       string
		results    []protocol.Result
		a, b       string
		w, d, l, n int
		score      float64
		interval   bool
		line       string
	}{
		// ab:d1 is the stronger rung: it is scored whichever colour it had.
		{"stronger scored either colour", []protocol.Result{
			game(0, "random", "ab:d1", 1), game(0, "ab:d1", "random", 0),
			game(1, "random", "ab:d1", -1), game(1, "ab:d1", "random", 1),
			game(2, "random", "ab:d1", 1), game(2, "ab:d1", "random", 0),
		}, "ab:d1", "random", 4, 1, 1, 6, 0.75, true, "Score of ab:d1 vs random: 4 - 1 - 1 [0.750] 6"},
		{"one game has no interval", []protocol.Result{game(0, "ab:d1", "random", 0)},
			"ab:d1", "random", 1, 0, 0, 1, 1, false, "Score of ab:d1 vs random: 1 - 0 - 0 [1.000] 1"},
		// Against itself the first mover is scored.
		{"mirror scores the first mover", []protocol.Result{
			game(0, "ab:d1", "ab:d1", 0), game(0, "ab:d1", "ab:d1", 0),
			game(1, "ab:d1", "ab:d1", 1), game(1, "ab:d1", "ab:d1", -1),
		}, "ab:d1", "ab:d1", 2, 1, 1, 4, 0.625, true, "Score of ab:d1 first vs ab:d1 second: 2 - 1 - 1 [0.625] 4"},
		// With learned values (measure -learned) it is named as played.
		{"mirror with learned values", []protocol.Result{
			game(0, "ab:d1:P=2", "ab:d1:P=2", 0), game(0, "ab:d1:P=2", "ab:d1:P=2", 1),
		}, "ab:d1:P=2", "ab:d1:P=2", 1, 0, 1, 2, 0.5, true, "Score of ab:d1:P=2 first vs ab:d1:P=2 second: 1 - 1 - 0 [0.500] 2"},
	}
	s := NewScorer(plan, 0.1)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			scores := s.Scores(tt.results)
			if len(scores) != 1 {
				t.Fatalf("%d pairings scored, want 1", len(scores))
			}
			ps := scores[0]
			if ps.A != tt.a || ps.B != tt.b || ps.Wins != tt.w || ps.Draws != tt.d || ps.Losses != tt.l || ps.Games != tt.n || ps.Score != tt.score {
				t.Errorf("got %s vs %s %d-%d-%d of %d [%.3f], want %s vs %s %d-%d-%d of %d [%.3f]",
					ps.A, ps.B, ps.Wins, ps.Draws, ps.Losses, ps.Games, ps.Score, tt.a, tt.b, tt.w, tt.d, tt.l, tt.n, tt.score)
			}
			if ps.Interval != tt.interval || ps.Interval && !(ps.EloLo < ps.Elo && ps.Elo < ps.EloHi) {
				t.Errorf("Elo %+.1f (%+.1f to %+.1f), interval %v, want interval %v around the estimate", ps.Elo, ps.EloLo, ps.EloHi, ps.Interval, tt.interval)
			}
			if len(ps.Tests) == 0 {
				t.Error("no stop-rule tests")
			}
			lines := ps.Lines()
			if lines[0] != tt.line || !strings.HasPrefix(lines[1], "Elo difference: ") || !strings.HasPrefix(lines[2], "SPRT: ") ||
				!strings.HasPrefix(lines[len(lines)-1], "Game time: ") {
				t.Errorf("lines:\n%s\nwant first %q", strings.Join(lines, "\n"), tt.line)
			}
		})
	}
}

// TestScorerMirrorCountsRepeatsOnce: the live first mover's interval is
// the verdict's, with games that repeat each other move for move worth one
// sample, not the raw games' narrower one.
func TestScorerMirrorCountsRepeatsOnce(t *testing.T) {
	plan := protocol.Plan{Players: []string{"random", "ab:d1"}, GamesPerPairing: 40, Mirror: "ab:d1", MirrorGames: 40}
	play := func(distinct bool) []protocol.Result {
		var rs []protocol.Result
		for k := range 24 {
			r := game(k, "ab:d1", "ab:d1", k%3/2) // the first mover wins two in three
			// Two lines only, or every game its own.
			r.Moves = []string{"e2e4", []string{"e7e5", "c7c5"}[k%3/2]}
			if distinct {
				r.Moves = append(r.Moves, "g1f3", []string{"b8c6", "d7d6", "a7a6", "h7h6", "g7g6", "f7f6", "b7b6", "a7a5"}[k%8])
				r.Moves = append(r.Moves, []string{"f1c4", "f1b5", "d2d4"}[k%3])
			}
			r.Plies = len(r.Moves)
			r.Features = map[string]int{protocol.FeatureChoices: 3}
			rs = append(rs, r)
		}
		return rs
	}
	width := func(rs []protocol.Result) float64 {
		s := NewScorer(plan, 0.1)
		scores := s.Scores(rs)
		if len(scores) != 1 || !scores[0].Mirror {
			t.Fatalf("%d pairings scored", len(scores))
		}
		return scores[0].EloHi - scores[0].EloLo
	}
	if repeated, distinct := width(play(false)), width(play(true)); !(repeated > 2*distinct) {
		t.Errorf("the interval over two lines played 24 times is %.0f Elo wide, over 24 different games %.0f: repeats should count once", repeated, distinct)
	}
}
