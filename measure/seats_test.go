package measure

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/stats"
)

// TestMeasureSeats measures three-player chess on a small ladder: its jobs
// seat the two armies in rotation and the strongest rung in every seat,
// every result replays, and the report carries a seat table and a verdict
// read with seat_advantage in place of one_sided.
func TestMeasureSeats(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tf := startFarm(t, ctx)
	f, err := Read("../rulesets/three-player.json")
	if err != nil {
		t.Fatal(err)
	}
	s := Settings{Players: []string{"random", "ab:n50"}, Games: 2, Seed: 3, Precision: 0.45, Sequential: true, Slots: 2}
	plan := s.Plan(f)
	if !reflect.DeepEqual(plan.Seating, []int{0, 1, 0}) {
		t.Fatalf("seating %v, want [0 1 0]", plan.Seating)
	}
	jobs := plan.Jobs()
	if got := jobs[1].Seats; !reflect.DeepEqual(got, []string{"ab:n50", "random", "ab:n50"}) {
		t.Errorf("the swapped game seats %v", got)
	}
	out, err := tf.m.Run(ctx, f, s, farm.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.DeadLetters) > 0 {
		t.Fatalf("dead letters: %+v", out.DeadLetters)
	}
	rep, err := tf.m.Report(f, s.Players, out.Results, nil, time.Second, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Seats == nil || rep.Seats.Seats != 3 || rep.Seats.Games == 0 || !strings.Contains(rep.Seats.Scope, "ab:n50") {
		t.Fatalf("seat table %+v, want three seats from ab:n50's games", rep.Seats)
	}
	var names []string
	for _, c := range rep.Checks {
		names = append(names, c.Name)
	}
	if want := []string{stats.FlagDrawHeavy, stats.FlagUnfinished, stats.FlagShort, stats.FlagSeatAdvantage, stats.FlagDepthInsensitive, stats.FlagLuckDominated}; !reflect.DeepEqual(names, want) {
		t.Errorf("checks %v, want %v", names, want)
	}
	if rep.Verdict != stats.VerdictOf(rep.Checks) {
		t.Errorf("verdict %s, the checks give %s", rep.Verdict, stats.VerdictOf(rep.Checks))
	}
}

// TestSeatedStop: the ladder's pairings wait for their minimum, the games
// in every seat stop at their cap or once a seat is clearly ahead.
func TestSeatedStop(t *testing.T) {
	f, err := Read("../rulesets/four-player-ffa.json")
	if err != nil {
		t.Fatal(err)
	}
	stop, err := SeatedStop(f.Game, []string{"random", "ab:n50"}, 40, 100, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	// won gives n games of the top rung in every seat, seat 0 winning
	// the first k.
	won := func(n, k int) []protocol.Result {
		var out []protocol.Result
		for i := range n {
			w := 1 + i%3
			if i < k {
				w = 0
			}
			shares := make([]float64, 4)
			shares[w] = 1
			out = append(out, protocol.Result{JobIdentity: protocol.JobIdentity{P0: "ab:n50", P1: "ab:n50"}, Winner: w, Ending: "checkmate", SeatShares: shares})
		}
		return out
	}
	tests := []struct {
		name    string
		pair    [2]string
		results []protocol.Result
		stop    bool
	}{
		{"ladder, no games", [2]string{"random", "ab:n50"}, nil, false},
		{"mirror, too few", [2]string{"ab:n50", "ab:n50"}, won(10, 10), false},
		{"mirror, seat 1 ahead", [2]string{"ab:n50", "ab:n50"}, won(40, 30), true},
		{"mirror, at the cap", [2]string{"ab:n50", "ab:n50"}, won(100, 25), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, why := stop(tt.pair, tt.results)
			if got != tt.stop {
				t.Errorf("stop %v (%s), want %v", got, why, tt.stop)
			}
		})
	}
}
