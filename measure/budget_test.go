package measure

import (
	"slices"
	"testing"
	"time"

	"balancefarm/protocol"
)

// weightedCosts prices a pairing at the sum of its rungs' weights.
func weightedCosts(plan protocol.Plan, weight map[string]float64) Costs {
	costs := Costs{}
	for _, p := range plan.Pairings() {
		costs[p] = weight[p.A] + weight[p.B]
	}
	return costs
}

func TestChooseBudget(t *testing.T) {
	weight := map[string]float64{"random": 0, "a": 0.01, "b": 0.1, "c": 1, "top": 1}
	planOf := func(ladder []string) protocol.Plan {
		return protocol.Plan{Players: ladder, GamesPerPairing: 40, Mirror: ladder[len(ladder)-1], MirrorGames: 80}
	}
	full := []string{"random", "a", "b", "c", "top"}
	costs := weightedCosts(planOf(full), weight)
	// On one slot the whole plan costs 497.6 s, without c 293.2 s, without
	// b and c 240.8 s; capped at 30 games 120.6 s.
	tests := []struct {
		name     string
		players  []string
		cpu      float64
		kept     []string
		dropped  []string
		gamesCap int
		fits     bool
	}{
		{"the whole plan fits", full, 500, full, nil, 0, true},
		{"the dearest middle rung goes", full, 300, []string{"random", "a", "b", "top"}, []string{"c"}, 0, true},
		{"two middle rungs go", full, 250, []string{"random", "a", "top"}, []string{"b", "c"}, 0, true},
		{"then games are capped", full, 121, []string{"random", "a", "top"}, []string{"b", "c"}, 30, true},
		{"nothing fits: the least plan", full, 10, []string{"random", "a", "top"}, []string{"b", "c"}, 10, false},
		{"three rungs are never cut", []string{"random", "c", "top"}, 300, []string{"random", "c", "top"}, nil, 70, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ChooseBudget(tt.players, planOf, costs, 0, 1, tt.cpu)
			if !slices.Equal(got.Players, tt.kept) || !slices.Equal(got.Dropped, tt.dropped) || got.GamesCap != tt.gamesCap || got.Fits != tt.fits {
				t.Errorf("ChooseBudget = ladder %v, dropped %v, cap %d, fits %v; want %v, %v, %d, %v",
					got.Players, got.Dropped, got.GamesCap, got.Fits, tt.kept, tt.dropped, tt.gamesCap, tt.fits)
			}
			if tt.fits && got.Cost.Expected > tt.cpu {
				t.Errorf("chosen plan costs %.1f s, over the %.1f s given", got.Cost.Expected, tt.cpu)
			}
		})
	}
}

func TestEstimate(t *testing.T) {
	plan := protocol.Plan{Players: []string{"x", "y"}, GamesPerPairing: 40, Mirror: "y", MirrorGames: 784}
	costs := Costs{{A: "x", B: "y"}: 1, {A: "y", B: "y"}: 2}
	tests := []struct {
		name           string
		precision      float64
		slots, gameCap int
		expected, most float64
		says           string
	}{
		// 0.07 asks for 196 equal-strength games of the 784 allowed.
		{"usual and capped", 0.07, 2, 0, 40 + 2*196, 40 + 2*784, "about 4 min on 2 cores (at most 13 min if every pairing plays to its cap)"},
		{"a budget's cap", 0.07, 1, 10, 10 + 2*10, 10 + 2*10, "about 30 s on 1 core"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Estimate(plan, costs, tt.precision, tt.slots, tt.gameCap)
			if got.Expected != tt.expected || got.Most != tt.most || got.String() != tt.says {
				t.Errorf("Estimate = %+v %q, want expected %g, most %g, %q", got, got, tt.expected, tt.most, tt.says)
			}
		})
	}
}

func TestProbeExtrapolates(t *testing.T) {
	ab, bb := protocol.Pairing{A: "a", B: "b"}, protocol.Pairing{A: "b", B: "b"}
	costs := costsOf([]probeGame{
		{pairing: ab, seconds: 0.5, plies: 60, finished: true},
		// Cut short after 20 plies in 2 s: 0.1 s a ply, to the 60 plies
		// of the finished game.
		{pairing: bb, seconds: 2, plies: 20},
	})
	if costs[ab] != 0.5 || costs[bb] != 6 {
		t.Errorf("costs %v, want %v 0.5 and %v 6", costs, ab, bb)
	}
}

func TestBudgetStop(t *testing.T) {
	now := time.Unix(1000, 0)
	clock := func() time.Time { return now }
	undecided := func([2]string, []protocol.Result) (bool, string) { return false, "undecided" }
	decided := func([2]string, []protocol.Result) (bool, string) { return true, "decided" }
	games := make([]protocol.Result, 12)
	tests := []struct {
		name   string
		budget *Budget
		rule   func([2]string, []protocol.Result) (bool, string)
		games  int
		stop   bool
		reason string
	}{
		{"no budget", nil, undecided, 12, false, "undecided"},
		{"the rule decides first", &Budget{GamesCap: 10, Until: now.Add(-time.Second)}, decided, 12, true, "decided"},
		{"under the cap, in time", &Budget{GamesCap: 20, Until: now.Add(time.Second)}, undecided, 12, false, "undecided"},
		{"at the cap", &Budget{GamesCap: 12, Until: now.Add(time.Second)}, undecided, 12, true, "budget: cap of 12 games; undecided"},
		{"time spent", &Budget{Until: now.Add(-time.Second)}, undecided, 2, true, "budget: time spent; undecided"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stop, reason := tt.budget.wrapStop(tt.rule, clock)([2]string{"a", "b"}, games[:tt.games])
			if stop != tt.stop || reason != tt.reason {
				t.Errorf("stop = %v %q, want %v %q", stop, reason, tt.stop, tt.reason)
			}
		})
	}
}
