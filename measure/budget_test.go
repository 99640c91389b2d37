package measure

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
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
	// b and c 240.8 s: 2.02 s a game of the ladder's pairings together, 2 s
	// one of top against itself.
	least := []string{"random", "a", "top"}
	tests := []struct {
		name    string
		players []string
		cpu     float64
		kept    []string
		dropped []string
		caps    Caps
		fits    bool
	}{
		{"the whole plan fits", full, 500, full, nil, Caps{}, true},
		{"the dearest middle rung goes", full, 300, []string{"random", "a", "b", "top"}, []string{"c"}, Caps{}, true},
		{"two middle rungs go", full, 250, least, []string{"b", "c"}, Caps{}, true},
		// 18 x 2.02 + 80 x 2 = 196.4
		{"then the ladder's games are capped", full, 200, least, []string{"b", "c"}, Caps{Ladder: 18}, true},
		// 10 x 2.02 + 50 x 2 = 120.2
		{"then the equal-strength games", full, 121, least, []string{"b", "c"}, Caps{Ladder: 10, Mirror: 50}, true},
		{"nothing fits: the least plan", full, 10, least, []string{"b", "c"}, Caps{Ladder: 10, Mirror: 20}, false},
		// 34 x 4 + 80 x 2 = 296
		{"three rungs are never cut", []string{"random", "c", "top"}, 300, []string{"random", "c", "top"}, nil, Caps{Ladder: 34}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ChooseBudget(tt.players, planOf, costs, 0, Stopping{}, 1, tt.cpu)
			if !slices.Equal(got.Players, tt.kept) || !slices.Equal(got.Dropped, tt.dropped) || got.Caps != tt.caps || got.Fits != tt.fits {
				t.Errorf("ChooseBudget = ladder %v, dropped %v, caps %+v, fits %v; want %v, %v, %+v, %v",
					got.Players, got.Dropped, got.Caps, got.Fits, tt.kept, tt.dropped, tt.caps, tt.fits)
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
	sequential, flagsOnly := Stopping{Sequential: true}, Stopping{Sequential: true, FlagsOnly: true}
	tests := []struct {
		name           string
		precision      float64
		stop           Stopping
		slots          int
		caps           Caps
		expected, most float64
		says           string
	}{
		// 0.07 asks for 196 equal-strength games of the 784 allowed; the
		// ladder's pairing stops at about 20 of its 40.
		{"usual and capped", 0.07, sequential, 2, Caps{}, 20 + 2*196, 40 + 2*784, "about 3 min on 2 cores (at most 13 min if every pairing plays to its cap)"},
		{"a budget's caps", 0.07, sequential, 1, Caps{Ladder: 10, Mirror: 10}, 10 + 2*10, 10 + 2*10, "about 30 s on 1 core"},
		// Stopped once their flags are decided: about 60 equal-strength
		// games, the cap still the most.
		{"flags only", 0.07, flagsOnly, 2, Caps{}, 20 + 2*flagsOnlyMirrorGames, 40 + 2*784, "about 1 min on 2 cores (at most 13 min if every pairing plays to its cap)"},
		{"flags only under a smaller cap", 0.07, flagsOnly, 1, Caps{Mirror: 20}, 20 + 2*20, 40 + 2*20, "about 1 min on 1 core"},
		// Without sequential stopping every game is played, flags only
		// or not.
		{"every game", 0.07, Stopping{FlagsOnly: true}, 2, Caps{}, 40 + 2*784, 40 + 2*784, "about 13 min on 2 cores"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Estimate(plan, costs, tt.precision, tt.stop, tt.slots, tt.caps)
			if got.Expected != tt.expected || got.Most != tt.most || got.String() != tt.says {
				t.Errorf("Estimate = %+v %q, want expected %g, most %g, %q", got, got, tt.expected, tt.most, tt.says)
			}
		})
	}
}

func TestProbeExtrapolates(t *testing.T) {
	ab, bb, aa := protocol.Pairing{A: "a", B: "b"}, protocol.Pairing{A: "b", B: "b"}, protocol.Pairing{A: "a", B: "a"}
	tests := []struct {
		name  string
		games []probeGame
		want  Costs
	}{
		// Cut short after 20 plies in 2 s: 0.1 s a ply, to the 160 plies
		// of the finished games' median.
		{"most finished: their median", []probeGame{
			{pairing: ab, seconds: 0.5, plies: 160, finished: true},
			{pairing: aa, seconds: 0.4, plies: 120, finished: true},
			{pairing: bb, seconds: 2, plies: 20, last: 2},
		}, Costs{ab: 0.5, aa: 0.4, bb: 16}},
		// Few finished (the short ones): at least typicalPlies.
		{"few finished: at least the typical length", []probeGame{
			{pairing: ab, seconds: 0.5, plies: 30, finished: true},
			{pairing: aa, seconds: 1, plies: 10, last: 1},
			{pairing: bb, seconds: 2, plies: 20, last: 2},
		}, Costs{ab: 0.5, aa: 0.1 * typicalPlies, bb: 0.1 * typicalPlies}},
		// 0.3 s for three plies, then 0.3 s into a fourth: 0.1 s a ply.
		{"the ply cut short is no ply", []probeGame{
			{pairing: bb, seconds: 0.6, plies: 3, last: 0.3},
		}, Costs{bb: 0.1 * typicalPlies}},
		{"none finished: the typical length", []probeGame{
			{pairing: bb, seconds: 0.3, plies: 3, last: 0.3},
		}, Costs{bb: 0.1 * typicalPlies}},
		{"never less than twice the plies played", []probeGame{
			{pairing: ab, seconds: 0.5, plies: 20, finished: true},
			{pairing: aa, seconds: 0.4, plies: 20, finished: true},
			{pairing: bb, seconds: 3, plies: 30, last: 3},
		}, Costs{ab: 0.5, aa: 0.4, bb: 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := costsOf(tt.games, nil)
			for p, want := range tt.want {
				if math.Abs(got[p]-want) > 1e-9 {
					t.Errorf("cost of %v = %g, want %g (all: %v)", p, got[p], want, got)
				}
			}
		})
	}
}

func TestBudgetStop(t *testing.T) {
	now := time.Unix(1000, 0)
	clock := func() time.Time { return now }
	undecided := func([2]string, []protocol.Result) (bool, string) { return false, "undecided" }
	decided := func([2]string, []protocol.Result) (bool, string) { return true, "decided" }
	games := make([]protocol.Result, 12)
	ladder, mirror := [2]string{"a", "b"}, [2]string{"b", "b"}
	tests := []struct {
		name    string
		budget  *Budget
		rule    func([2]string, []protocol.Result) (bool, string)
		pairing [2]string
		games   int
		stop    bool
		reason  string
	}{
		{"no budget", nil, undecided, ladder, 12, false, "undecided"},
		{"the rule decides first", &Budget{Caps: Caps{Ladder: 10}, Until: now.Add(-time.Second)}, decided, ladder, 12, true, "decided"},
		{"under the cap, in time", &Budget{Caps: Caps{Ladder: 20}, Until: now.Add(time.Second)}, undecided, ladder, 12, false, "undecided"},
		{"at the cap", &Budget{Caps: Caps{Ladder: 12}, Until: now.Add(time.Second)}, undecided, ladder, 12, true, "budget: cap of 12 games; undecided"},
		{"the ladder's cap is not the mirror's", &Budget{Caps: Caps{Ladder: 12, Mirror: 20}, Until: now.Add(time.Second)}, undecided, mirror, 12, false, "undecided"},
		{"the mirror's cap", &Budget{Caps: Caps{Ladder: 12, Mirror: 12}, Until: now.Add(time.Second)}, undecided, mirror, 12, true, "budget: cap of 12 games; undecided"},
		{"time spent", &Budget{Until: now.Add(-time.Second)}, undecided, ladder, 2, true, "budget: time spent; undecided"},
		{"the deadline's moment", &Budget{Until: now}, undecided, ladder, 2, true, "budget: time spent; undecided"},
		{"a moment before the deadline", &Budget{Until: now.Add(time.Millisecond)}, undecided, ladder, 2, false, "undecided"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stop, reason := tt.budget.wrapStop(tt.rule, clock)(tt.pairing, games[:tt.games])
			if stop != tt.stop || reason != tt.reason {
				t.Errorf("stop = %v %q, want %v %q", stop, reason, tt.stop, tt.reason)
			}
		})
	}
}

// A budgeted batch gets the farm's deadline at the budget's end, with the
// reason the report reads as stopped for lack of time, and a stop rule
// even when the measurement has none (it plays every game otherwise).
func TestBudgetHooks(t *testing.T) {
	until := time.Unix(2000, 0)
	b := &Budget{Until: until, Caps: Caps{Ladder: 4}}
	var h farm.Hooks
	b.hooks(&h)
	if !h.Deadline.Equal(until) || h.DeadlineReason != outOfTime {
		t.Errorf("deadline %v %q, want %v %q", h.Deadline, h.DeadlineReason, until, outOfTime)
	}
	if h.Stop == nil {
		t.Fatal("no stop rule")
	}
	if stop, reason := h.Stop([2]string{"a", "b"}, make([]protocol.Result, 4)); !stop || !strings.HasPrefix(reason, budgetReason) {
		t.Errorf("at the cap: stop %v %q, want the budget's stop", stop, reason)
	}
	out := &farm.Outcome{Pairings: []farm.PairingOutcome{{Players: [2]string{"a", "b"}, Stopped: true, Reason: h.DeadlineReason + "; undecided"}}}
	if got := StoppedByBudget(out); len(got) != 1 {
		t.Errorf("a pairing the deadline stopped is not counted as stopped by the budget: %v", got)
	}
}

func TestCPUShare(t *testing.T) {
	tests := []struct {
		name   string
		cpu    time.Duration
		wall   time.Duration
		busy   int
		share  float64
		loaded bool
	}{
		{"idle cores: the probe had them", 5900 * time.Millisecond, 3 * time.Second, 2, 5.9 / 6, false},
		{"a loaded machine: a third of them", 2 * time.Second, 3 * time.Second, 2, 1.0 / 3, true},
		{"a runner that sleeps computes nothing", 10 * time.Millisecond, 3 * time.Second, 2, 0.01 / 6, false},
		{"one slot", 1500 * time.Millisecond, 3 * time.Second, 1, 0.5, true},
		{"no time taken", time.Second, 0, 2, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			share, loaded := cpuShare(tt.cpu, tt.wall, tt.busy)
			if math.Abs(share-tt.share) > 1e-9 || loaded != tt.loaded {
				t.Errorf("cpuShare = %g, %v; want %g, %v", share, loaded, tt.share, tt.loaded)
			}
		})
	}
}

func TestFittedLines(t *testing.T) {
	atLoad := PlanCost{Expected: 480, Most: 1200, Slots: 2}
	idle := PlanCost{Expected: 240, Most: 600, Slots: 2}
	tests := []struct {
		name string
		fit  Fitted
		want string
	}{
		{"idle machine", Fitted{Cost: atLoad, Probe: 3 * time.Second},
			"the plan costs about 4 min on 2 cores (at most 10 min if every pairing plays to its cap) (an estimate from a 3 s probe)"},
		{"loaded machine", Fitted{Cost: atLoad, Idle: &idle, Probe: 3 * time.Second},
			"the plan costs about 2 min on 2 cores when idle (at most 5 min if every pairing plays to its cap); about 4 min at this machine's present load (an estimate from a 3 s probe)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.fit.Lines(); len(got) != 1 || got[0] != tt.want {
				t.Errorf("Lines = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRampCost(t *testing.T) {
	tests := []struct {
		name           string
		r0, x0, r1, x1 float64
		first, last    int
		want           float64
	}{
		{"no growth", 0.1, 1, 0.1, 10, 1, 100, 10},
		// 0.1, 0.2, then 0.3 from ply 3 on.
		{"a line, then level", 0.1, 1, 0.3, 3, 1, 4, 0.9},
		{"only the plies asked", 0.1, 1, 0.3, 3, 3, 4, 0.6},
		{"plies before x0 at r0", 0.1, 5, 0.3, 9, 1, 5, 0.5},
		// x1 before x0 (a later sample that played from near the start):
		// r0 to x0, r1 after, no division.
		{"the samples crossed", 0.1, 5, 0.2, 3, 1, 6, 0.7},
		{"cheaper later", 0.3, 1, 0.1, 3, 1, 4, 0.3 + 0.2 + 0.1 + 0.1},
		{"no plies", 0.1, 1, 0.3, 3, 5, 4, 0},
		{"ply 0 is not one", 0.1, 1, 0.1, 3, 0, 2, 0.2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rampCost(tt.r0, tt.x0, tt.r1, tt.x1, tt.first, tt.last); math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("rampCost = %g, want %g", got, tt.want)
			}
		})
	}
}

func TestProbeGameRate(t *testing.T) {
	tests := []struct {
		name  string
		game  probeGame
		rate  float64
		first int
		ok    bool
	}{
		// 0.4 s for the four opening plies, 0.6 s for the six after.
		{"past the opening", probeGame{seconds: 1, plies: 10, openings: 4, opening: 0.4, last: 1}, 0.1, 5, true},
		{"cut in the opening", probeGame{seconds: 1, plies: 3, openings: 4, last: 1}, 0, 0, false},
		{"cut as the opening ended", probeGame{seconds: 1, plies: 4, openings: 4, opening: 1, last: 1}, 0, 0, false},
		{"from a position", probeGame{seconds: 1, plies: 5, from: 40, last: 1}, 0.2, 1, true},
		// The sixth ply, cut short after 0.5 s, is no whole ply.
		{"the ply cut short left out", probeGame{seconds: 1.5, plies: 5, from: 40, last: 1}, 0.2, 1, true},
		{"past the opening, the ply cut short left out", probeGame{seconds: 1.3, plies: 10, openings: 4, opening: 0.4, last: 1}, 0.1, 5, true},
		{"from a position, no ply made", probeGame{seconds: 0.5, from: 40}, 0.5, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rate, first, ok := tt.game.rate()
			if math.Abs(rate-tt.rate) > 1e-9 || first != tt.first || ok != tt.ok {
				t.Errorf("rate = %g from ply %d, %v; want %g from %d, %v", rate, first, ok, tt.rate, tt.first, tt.ok)
			}
		})
	}
}

func TestLaterSampleLine(t *testing.T) {
	top := protocol.Pairing{A: "t", B: "t"}
	tests := []struct {
		name           string
		sample         laterSample
		r0, x0, r1, x1 float64
	}{
		// Nine plies from the start, 0.1 s each, stand at ply 5; nine from
		// ply 45, 0.3 s each, at ply 50.
		{"both played", laterSample{
			start: probeGame{pairing: top, seconds: 0.9, plies: 9, last: 0.9},
			later: probeGame{pairing: top, seconds: 2.7, plies: 9, from: 45, last: 2.7},
		}, 0.1, 5, 0.3, 50},
		{"the later game made no ply", laterSample{
			start: probeGame{pairing: top, seconds: 1, plies: 4, last: 1},
			later: probeGame{pairing: top, seconds: 0.5, from: 60},
		}, 0.25, 2.5, 0.5, 61},
		// One ply in 1 s against 0.1 s a ply: at most four times as dear.
		{"growth bounded", laterSample{
			start: probeGame{pairing: top, seconds: 1, plies: 10, last: 1},
			later: probeGame{pairing: top, seconds: 1, plies: 1, from: 50, last: 1},
		}, 0.1, 5.5, 0.4, 51},
		{"shrinking bounded", laterSample{
			start: probeGame{pairing: top, seconds: 1, plies: 10, last: 1},
			later: probeGame{pairing: top, seconds: 0.1, plies: 10, from: 50, last: 0.1},
		}, 0.1, 5.5, 0.025, 55.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r0, x0, r1, x1 := tt.sample.line()
			for _, d := range []float64{r0 - tt.r0, x0 - tt.x0, r1 - tt.r1, x1 - tt.x1} {
				if math.Abs(d) > 1e-9 {
					t.Fatalf("line = %g@%g, %g@%g; want %g@%g, %g@%g", r0, x0, r1, x1, tt.r0, tt.x0, tt.r1, tt.x1)
				}
			}
		})
	}
}

func TestCostsOfLaterSample(t *testing.T) {
	top, ab, cc, dd := protocol.Pairing{A: "t", B: "t"}, protocol.Pairing{A: "a", B: "b"}, protocol.Pairing{A: "c", B: "c"}, protocol.Pairing{A: "d", B: "d"}
	games := []probeGame{
		// Past their openings (0.1 and 0.06 s a ply since) ...
		{pairing: top, seconds: 0.6, plies: 6, openings: 4, opening: 0.4, last: 0.6},
		{pairing: ab, seconds: 0.5, plies: 9, openings: 4, opening: 0.2, last: 0.5},
		// ... one cut short in its opening, and one finished: too few
		// finished, so the others go to typicalPlies.
		{pairing: cc, seconds: 0.3, plies: 2, openings: 4, last: 0.3},
		{pairing: dd, seconds: 0.5, plies: 30, finished: true},
	}
	// The sample's line: 0.1 s a ply to ply 5, 0.3 s from ply 50. Plies 5
	// to 100 on it: 0.1 + (44 x 0.1 + 0.2/45 x 990) + 51 x 0.3 = 24.2 s;
	// plies 1 to 100, 24.6 s.
	sample := &laterSample{
		start: probeGame{pairing: top, seconds: 0.9, plies: 9, last: 0.9},
		later: probeGame{pairing: top, seconds: 2.7, plies: 9, from: 45, last: 2.7},
	}
	tests := []struct {
		name   string
		sample *laterSample
		want   Costs
	}{
		// The opening, then each ply at the rate since it: the game cut in
		// its opening at the opening's own rate, as before.
		{"no sample", nil, Costs{top: 0.4 + 0.1*96, ab: 0.2 + 0.06*96, cc: 0.15 * 100, dd: 0.5}},
		// The sample's pairing on its line past its own opening; ab grows
		// as much (24.2 s over the 9.6 s of 96 plies at 0.1), and cc from
		// its first ply at its opening's 0.15 s (24.6 s over 10 s).
		{"a later sample", sample, Costs{top: 0.4 + 24.2, ab: 0.2 + 0.06*96*24.2/9.6, cc: 0.15 * 100 * 24.6 / 10, dd: 0.5}},
		{"a sample the runner refused", &laterSample{start: sample.start, later: probeGame{pairing: top, seconds: 0.001, from: 45, failed: true}},
			Costs{top: 0.4 + 0.1*96, ab: 0.2 + 0.06*96, cc: 0.15 * 100, dd: 0.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := costsOf(games, tt.sample)
			for p, want := range tt.want {
				if math.Abs(got[p]-want) > 1e-9 {
					t.Errorf("cost of %v = %g, want %g (all: %v)", p, got[p], want, got)
				}
			}
		})
	}
}

func TestDearestCut(t *testing.T) {
	top, ab, cc := protocol.Pairing{A: "t", B: "t"}, protocol.Pairing{A: "a", B: "b"}, protocol.Pairing{A: "c", B: "c"}
	tests := []struct {
		name  string
		games []probeGame
		want  int
	}{
		{"the strongest rung's games first", []probeGame{
			{pairing: ab, seconds: 1, plies: 2}, {pairing: top, seconds: 1, plies: 10},
		}, 1},
		{"else the dearest a ply", []probeGame{
			{pairing: top, seconds: 1, plies: 10, finished: true}, {pairing: ab, seconds: 1, plies: 5}, {pairing: cc, seconds: 1, plies: 2},
		}, 2},
		{"a game that made no ply is the dearest", []probeGame{
			{pairing: ab, seconds: 1, plies: 2}, {pairing: cc, seconds: 1},
		}, 1},
		{"all finished", []probeGame{
			{pairing: top, seconds: 1, plies: 10, finished: true},
		}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := dearestCut(tt.games, top); got != tt.want {
				t.Errorf("dearestCut = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestWeighted(t *testing.T) {
	tests := []struct {
		name    string
		weights []int
		can     []bool
	}{
		{"only the weighted", []int{0, 5, 0}, []bool{false, true, false}},
		{"none weighted: any", []int{0, 0}, []bool{true, true}},
		{"a negative weight never", []int{-3, 2}, []bool{false, true}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for range 200 {
				if i := weighted(rng, tt.weights); i < 0 || i >= len(tt.weights) || !tt.can[i] {
					t.Fatalf("weighted(%v) = %d", tt.weights, i)
				}
			}
		})
	}
}

func TestLaterPosition(t *testing.T) {
	chess, err := Read("../rulesets/chess.json")
	if err != nil {
		t.Fatal(err)
	}
	seated, err := Read("../rulesets/chaturaji.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		file *File
		ply  int
		// at is the ply wanted, or with early the most it may be (no walk
		// gets there: three quarters of the longest).
		at    int
		early bool
		none  bool
	}{
		{"the start", chess, 0, 0, false, false},
		{"ten plies in", chess, 10, 10, false, false},
		{"past every walk's end", chess, 1_000_000, 1_000_000 * 3 / 4, true, false},
		{"a game with seats has none", seated, 10, 0, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fen, at := laterPosition(tt.file.Game, tt.ply, laterWalks)
			if tt.none {
				if fen != "" {
					t.Fatalf("laterPosition = %q at %d, want none", fen, at)
				}
				return
			}
			p, err := tt.file.Game.ParseFEN(fen)
			switch {
			case err != nil:
				t.Fatalf("laterPosition's FEN %q: %v", fen, err)
			case p.Outcome().Over:
				t.Fatalf("laterPosition's %q is over", fen)
			case !tt.early && at != tt.at, tt.early && (at < 1 || at > tt.at):
				t.Fatalf("laterPosition at ply %d, want %d (early %v)", at, tt.at, tt.early)
			case (at == 0) != (fen == tt.file.Game.NewPosition().FEN()):
				t.Fatalf("laterPosition at ply %d gave %q", at, fen)
			}
		})
	}
}
