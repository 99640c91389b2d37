package selfplay

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/records"
	"balancefarm/stats"
)

// TestSeating: the armies alternate by team in a team game and by seat
// in a free-for-all, seat 0 always army 0's.
func TestSeating(t *testing.T) {
	tests := []struct {
		file string
		want []int
	}{
		{"chess.json", nil},
		{"four-player-teams.json", []int{0, 1, 0, 1}},
		{"four-player-ffa.json", []int{0, 1, 0, 1}},
		{"chaturaji.json", []int{0, 1, 0, 1}},
		{"three-player.json", []int{0, 1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			g, err := engine.Compile(readRuleset(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if got := Seating(g); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Seating = %v, want %v", got, tt.want)
			}
		})
	}
}

// seatedJob is a job of a seated file with each seat's player.
func seatedJob(data []byte, seed uint64, seats ...string) protocol.Job {
	id := protocol.JobIdentity{JobID: "b-000001", BatchID: "b", Ruleset: "r", RulesetHash: protocol.HashRuleFile(data), Seed: seed, Seats: seats}
	if len(seats) > 1 {
		id.P0, id.P1 = seats[0], seats[1]
	}
	return protocol.Job{V: protocol.Version, JobIdentity: id, MaxNodes: 50_000_000}
}

// TestRunnerPlaysSeats plays a short game of each seated file: the record
// is one the farm takes (CheckFor), its moves replay to its ending, winner
// and features, and its shares are the final position's.
func TestRunnerPlaysSeats(t *testing.T) {
	tests := []struct {
		file  string
		seats []string
	}{
		{"four-player-teams.json", []string{"random", "mcts:i10", "random", "mcts:i10"}},
		{"four-player-ffa.json", []string{"random", "random", "random", "random"}},
		{"chaturaji.json", nil}, // P0 in every seat
		{"three-player.json", []string{"ab:n50", "random", "ab:n50"}},
	}
	r := NewRunner()
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data := readRuleset(t, tt.file)
			job := seatedJob(data, 3, tt.seats...)
			if tt.seats == nil {
				job.P0, job.P1 = "random", "random"
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			res, err := r.Run(ctx, data, job, nil)
			if err != nil {
				t.Fatal(err)
			}
			res.V = protocol.Version
			if tt.seats != nil {
				if err := res.CheckFor(job); err != nil {
					t.Fatalf("CheckFor: %v", err)
				}
			}
			g, _ := engine.Compile(data)
			if len(res.SeatShares) != g.Seats() || res.Plies == 0 {
				t.Fatalf("shares %v after %d plies", res.SeatShares, res.Plies)
			}
			if want := protocol.SeatResult(res.Winner); res.Result != want {
				t.Errorf("result %q, want %q", res.Result, want)
			}
			if rp := records.Replay(g, res); rp.Err != nil {
				t.Fatalf("replay: %v", rp.Err)
			}
		})
	}
}

// TestSeatAnalysis reads made-up games of four-player Teams: the seat table
// takes the top rung's games in every seat, the seat_advantage check stands
// in for one_sided, and the winners read as armies for the ladder.
func TestSeatAnalysis(t *testing.T) {
	g, err := engine.Compile(readRuleset(t, "four-player-teams.json"))
	if err != nil {
		t.Fatal(err)
	}
	seating := Seating(g)
	var results []protocol.Result
	add := func(p0, p1 string, winner, n int) {
		for i := range n {
			seats := make([]string, 4)
			for s := range seats {
				seats[s] = [2]string{p0, p1}[seating[s]]
			}
			shares, _ := stats.WinShares(4)
			if winner >= 0 {
				shares = []float64{0, 0, 0, 0}
				for s := range shares {
					if g.Team(s) == winner {
						shares[s] = 0.5
					}
				}
			}
			results = append(results, protocol.Result{
				JobIdentity: protocol.JobIdentity{JobID: p0 + p1 + string(rune('a'+i)), P0: p0, P1: p1, Seats: seats, PairID: len(results) / 2},
				Moves:       []string{"m", string(rune('a' + len(results)))}, Plies: 80 + len(results), Winner: winner,
				Result: protocol.SeatResult(winner), Ending: "checkmate", SeatShares: shares})
		}
	}
	// The strong rung beats the weak one as either army.
	add("ab:n100", "random", 0, 10)
	add("random", "ab:n100", 1, 10)
	// At equal strength team 0 (red and yellow) wins 36 of 40.
	add("ab:n100", "ab:n100", 0, 36)
	add("ab:n100", "ab:n100", 1, 4)

	games := GamesOf(g, results)
	if games[0].Winner != 0 || games[10].Winner != 1 {
		t.Fatalf("winners read as armies %d and %d, want 0 and 1", games[0].Winner, games[10].Winner)
	}
	a, err := stats.Analyze(stats.Ladder{Rungs: []string{"random", "ab:n100"}}, stats.StartInfo{}, games, stats.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	seats, err := seatAnalysis(g, a, results, stats.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	if seats.Games != 40 || !strings.Contains(seats.Scope, "ab:n100") {
		t.Errorf("seat table of %d games from %q, want the 40 of ab:n100 in every seat", seats.Games, seats.Scope)
	}
	if len(seats.Teams) != 2 || seats.Teams[0].Score.Est != 0.9 {
		t.Errorf("teams %+v, want team 1 at 0.9", seats.Teams)
	}
	var names []string
	for _, c := range a.Checks {
		names = append(names, c.Name)
		if c.Name == stats.FlagSeatAdvantage && c.State != stats.StateRaised {
			t.Errorf("seat_advantage %s (%s), want raised", c.State, c.Detail)
		}
	}
	if want := []string{stats.FlagDrawHeavy, stats.FlagUnfinished, stats.FlagShort, stats.FlagSeatAdvantage, stats.FlagDepthInsensitive, stats.FlagLuckDominated}; !reflect.DeepEqual(names, want) {
		t.Errorf("checks %v, want %v", names, want)
	}
	if a.Verdict != stats.NotViable {
		t.Errorf("verdict %s, want not viable", a.Verdict)
	}
	if len(seats.Sentences) != 6 {
		t.Errorf("%d sentences, want 4 seats and 2 teams", len(seats.Sentences))
	}
}
