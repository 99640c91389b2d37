package measure

import (
	"testing"

	"balancefarm/protocol"
)

// Settings.FlagsOnly reaches the stop rule: balanced games of the
// strongest rung against itself stop once its flags are decided, while
// without it they wait for ±Precision; the ladder's pairings stop as
// before either way.
func TestFlagsOnlyStop(t *testing.T) {
	players := []string{"random", "ab:n500"}
	// Balanced mirror games, a third drawn: one_sided and draw_heavy are
	// decided by their intervals and GSPRTs at 30 games, the first
	// mover's interval (±0.15) still wider than ±0.07.
	mirror := func(n int) []protocol.Result {
		var rs []protocol.Result
		for i := range n {
			winner := i % 2
			if i%3 == 0 {
				winner = -1
			}
			rs = append(rs, protocol.Result{JobIdentity: protocol.JobIdentity{P0: "ab:n500", P1: "ab:n500", Game: i, Seed: uint64(i)},
				Winner: winner, Ending: "checkmate", Plies: 80})
		}
		return rs
	}
	// A sweep of the weakest rung, in colour-swapped pairs.
	sweep := func(n int) []protocol.Result {
		var rs []protocol.Result
		for i := range n {
			p0, p1, winner := "ab:n500", "random", 0
			if i%2 == 1 {
				p0, p1, winner = p1, p0, 1
			}
			rs = append(rs, protocol.Result{JobIdentity: protocol.JobIdentity{P0: p0, P1: p1, PairID: i / 2, Game: i, Seed: uint64(i / 2)},
				Winner: winner, Ending: "checkmate", Plies: 40})
		}
		return rs
	}
	cases := []struct {
		name      string
		flagsOnly bool
		pair      [2]string
		results   []protocol.Result
		stop      bool
	}{
		{"mirror, 30 games, flags only", true, [2]string{"ab:n500", "ab:n500"}, mirror(30), true},
		{"mirror, 30 games, ±precision", false, [2]string{"ab:n500", "ab:n500"}, mirror(30), false},
		{"mirror, 12 games, flags only", true, [2]string{"ab:n500", "ab:n500"}, mirror(12), false},
		{"sweep, 14 games, flags only", true, [2]string{"random", "ab:n500"}, sweep(14), false},
		{"sweep, 22 games, flags only", true, [2]string{"random", "ab:n500"}, sweep(22), true},
		{"sweep, 22 games, ±precision", false, [2]string{"random", "ab:n500"}, sweep(22), true},
	}
	for _, c := range cases {
		s := Settings{Players: players, Games: 40, Seed: 1, Sequential: true, Precision: DefaultPrecision, FlagsOnly: c.flagsOnly}
		plan := s.plan("test", protocol.HashRuleFile(nil))
		hooks, err := s.Hooks(plan)
		if err != nil {
			t.Fatal(err)
		}
		if stopped, why := hooks.Stop(c.pair, c.results); stopped != c.stop {
			t.Errorf("%s: stop %v (%s), want %v", c.name, stopped, why, c.stop)
		}
	}
}
