package measure

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/stats"
)

// Time budgets (measure -budget). A measurement's cost is modelled per
// pairing: the CPU seconds one of its games takes on one game slot,
// calibrated on the machine at hand by a probe that plays the first game
// of each pairing (cut short when the probe's time runs out, its length
// then extrapolated). The plan's cost is each pairing's games times its
// cost, over the slots. Under a budget the plan is cut to fit, first by
// dropping middle rungs (the weakest and strongest stay: depth is read
// between them), then by capping each pairing's games; and the run stops
// each pairing once the budget is spent, so the flags it leaves undecided
// are undecided for lack of time.

// Costs are the CPU seconds one game of each pairing takes on one slot.
type Costs map[protocol.Pairing]float64

// probeGame is one probe game's measure. It started from ply from (0:
// the game's start) with openings plies of random opening to play
// (search.DefaultOpeningPlies from the start, none from a given
// position), which took opening seconds once over; its last ply ended
// at last seconds. failed is a game the runner refused or lost before
// its time was up.
type probeGame struct {
	pairing  protocol.Pairing
	seconds  float64
	plies    int
	finished bool
	failed   bool
	from     int
	openings int
	opening  float64
	last     float64
}

// minProbeGame is the least time a probe game is given, however many
// wait: enough for a few plies of the strongest rung.
const minProbeGame = 100 * time.Millisecond

// Probe plays the first game of each pairing of plan with runner on
// slots games at once, within about the time given, and returns each
// pairing's cost per game. A game cut short is extrapolated from its time
// per ply since its opening to the median length of the probe's finished
// games (or at least typicalPlies when few finished).
//
// Plies get dearer as a game goes on where pieces pile up (three-planes'
// ab:n10000 about 29 ms a ply over the first 10 plies and 130 ms at plies
// 100-160 in some games), which the opening alone does not show. So with
// g (nil for none) those games take three quarters of the time, and in
// the last quarter the dearest pairing cut short (the strongest rung's
// games against itself, most of a measurement's time) plays side by side
// from the start and from a position half the typical length into a game
// (random moves: laterPosition), neither with a random opening; plies are
// priced on the line through the two times per ply (rampCost), and every
// other pairing cut short grows as much over its game. Three-planes'
// default ladder was priced at 6 to 8 min on 2 idle cores from the
// opening alone, 21 to 37 min so, against the 2,458 CPU-s (20 min on 2
// cores) its run took; chess stayed at 2 min.
func Probe(ctx context.Context, runner farm.GameRunner, data []byte, g *engine.Game, plan protocol.Plan, slots int, within time.Duration) Costs {
	var firsts []protocol.Job
	var of []protocol.Pairing
	seen := map[protocol.Pairing]bool{}
	pairings := plan.Pairings()
	for _, j := range plan.Jobs() {
		pi, _, ok := plan.PairingOf(j)
		if !ok || pi >= len(pairings) || seen[pairings[pi]] {
			continue
		}
		seen[pairings[pi]] = true
		firsts = append(firsts, j)
		of = append(of, pairings[pi])
	}
	begun := time.Now()
	later := g != nil && !g.Seated() // a game with seats starts only from its start
	first := within
	if later {
		first = within * 3 / 4
	}
	games := playProbes(ctx, runner, data, firsts, of, slots, begun.Add(first))
	if !later {
		return costsOf(games, nil)
	}
	top := dearestCut(games, protocol.Pairing{A: plan.Mirror, B: plan.Mirror})
	if top < 0 {
		return costsOf(games, nil)
	}
	start, _ := laterPosition(g, 0, 1)
	fen, at := laterPosition(g, typicalLength(games)/2, laterWalks)
	if start == "" || at < 1 {
		return costsOf(games, nil)
	}
	pair := []protocol.Job{firsts[top], firsts[top]}
	pair[0].StartFEN, pair[1].StartFEN = start, fen
	sample := playProbes(ctx, runner, data, pair, []protocol.Pairing{of[top], of[top]}, slots, begun.Add(within))
	sample[1].from = at
	return costsOf(games, &laterSample{start: sample[0], later: sample[1]})
}

// dearestCut is the index of the game cut short whose pairing costs most
// by its time per ply, top's when top's was cut short; -1 when every game
// finished.
func dearestCut(games []probeGame, top protocol.Pairing) int {
	best, dearest := -1, -1.0
	for i, g := range games {
		if g.finished {
			continue
		}
		if g.pairing == top {
			return i
		}
		if r := g.seconds / float64(max(g.plies, 1)); r > dearest {
			best, dearest = i, r
		}
	}
	return best
}

// playProbes plays jobs (of naming each one's pairing) on slots games at
// once, each within its share of the time left until deadline.
func playProbes(ctx context.Context, runner farm.GameRunner, data []byte, jobs []protocol.Job, of []protocol.Pairing, slots int, deadline time.Time) []probeGame {
	slots = max(slots, 1)
	games := make([]probeGame, len(jobs))
	var mu sync.Mutex
	next := 0
	var wg sync.WaitGroup
	for range min(slots, len(jobs)) {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(jobs) {
					return
				}
				// The time left is shared among the games still to play,
				// and none runs past the deadline (the last slots' games
				// once took slots times the time left).
				left := time.Until(deadline)
				share := min(left*time.Duration(slots)/time.Duration(len(jobs)-i), left)
				games[i] = probeOne(ctx, runner, data, jobs[i], of[i], max(share, minProbeGame))
			}
		})
	}
	wg.Wait()
	return games
}

// probeOne plays one game within limit, noting when its random opening
// was over.
func probeOne(ctx context.Context, runner farm.GameRunner, data []byte, job protocol.Job, p protocol.Pairing, limit time.Duration) probeGame {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	g := probeGame{pairing: p, openings: search.DefaultOpeningPlies}
	if job.StartFEN != "" {
		g.openings = 0
	}
	var plies int
	var opening, last time.Duration
	var mu sync.Mutex
	start := time.Now()
	res, err := runner.Run(ctx, data, job, func() {
		mu.Lock()
		defer mu.Unlock()
		last = time.Since(start)
		if plies++; plies == g.openings {
			opening = last
		}
	})
	g.seconds = time.Since(start).Seconds()
	mu.Lock()
	defer mu.Unlock()
	if err == nil {
		g.plies, g.finished = max(res.Plies, 1), true
		return g
	}
	g.plies, g.opening, g.last, g.failed = plies, opening.Seconds(), last.Seconds(), ctx.Err() == nil
	return g
}

// laterWalks is how many random walks laterPosition tries for one that
// reaches the ply asked (random moves end three-planes' games within 90
// plies about two times in three).
const laterWalks = 8

// laterPosition is the position (its FEN) ply plies into a game of g
// reached by random legal moves, and the ply it is at: of up to walks
// walks the first that gets there, else three quarters of the way along
// the longest (its last plies lead into its end), or the nearest
// position before that reads back. "" when none does (a game with seats,
// or a FEN the engine does not parse). The same walks every time: the
// probe's prices do not hang on a draw.
func laterPosition(g *engine.Game, ply, walks int) (fen string, at int) {
	if g == nil || g.Seated() || ply < 0 {
		return "", 0
	}
	var longest []string
	for w := range walks {
		fens := randomWalk(g, uint64(w), ply)
		if len(fens) > len(longest) {
			longest = fens
		}
		if len(fens) > ply {
			break
		}
	}
	at = ply
	if len(longest) <= ply {
		at = 3 * (len(longest) - 1) / 4
	}
	// Back from there to a position that reads back: one where chance is
	// pending or a round half made has no FEN.
	for ; at >= 0; at-- {
		if longest[at] == "" {
			continue
		}
		if p, err := g.ParseFEN(longest[at]); err == nil && !p.Outcome().Over {
			return longest[at], at
		}
	}
	return "", 0
}

// randomWalk plays random legal moves (chance outcomes by their weights)
// from g's start for at most plies plies, or to the game's end, and
// returns the FEN after each ply (fens[0] the start's), "" where chance
// is pending or a round is half made. A panic ends the walk where it is.
func randomWalk(g *engine.Game, seed uint64, plies int) (fens []string) {
	defer func() { _ = recover() }() // fens keeps the plies made before
	rng := rand.New(rand.NewPCG(seed, 0x1a7e))
	p := g.NewPosition()
	var moves []engine.Move
	var weights []int
	fens = append(fens, p.FEN())
	for len(fens) <= plies && !p.Outcome().Over {
		switch {
		case p.AtChance():
			moves, weights = p.ChanceOutcomes(moves[:0], weights[:0])
			if len(moves) == 0 {
				return fens
			}
			p.Make(moves[weighted(rng, weights)])
		case p.InRound():
			m0, m1 := p.RoundMoves(0, nil), p.RoundMoves(1, nil)
			if len(m0) == 0 || len(m1) == 0 {
				return fens
			}
			p.MakeRound(m0[rng.IntN(len(m0))], m1[rng.IntN(len(m1))])
			fens = append(fens, "")
		default:
			moves = p.LegalMoves(moves[:0])
			if len(moves) == 0 {
				return fens
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
		fen := ""
		if !p.AtChance() {
			fen = p.FEN()
		}
		fens = append(fens, fen)
	}
	return fens
}

// weighted draws an index with probability its weight over their sum.
func weighted(rng *rand.Rand, weights []int) int {
	sum := 0
	for _, w := range weights {
		sum += max(w, 0)
	}
	if sum <= 0 {
		return rng.IntN(len(weights))
	}
	n := rng.IntN(sum)
	for i, w := range weights {
		if n -= max(w, 0); n < 0 {
			return i
		}
	}
	return len(weights) - 1
}

// typicalPlies is the length a game cut short is extrapolated to at least
// when fewer than half of the probe's games finished: about what the
// default ladder's games last (in the seed reports a mean of 87 plies in
// Throne & Shrines and 131 in three-planes; chess's top rung 73 to 162).
// Twice the plies played, the old guess, priced a three-planes game at a
// few plies, its real length a tenth.
const typicalPlies = 100

// typicalLength is the length a probe game cut short is extrapolated
// to: the median length of the finished ones, or, when fewer than half
// finished (those are the short games, a weak rung's losses), at least
// typicalPlies.
func typicalLength(games []probeGame) int {
	var lengths []int
	for _, g := range games {
		if g.finished {
			lengths = append(lengths, g.plies)
		}
	}
	typical := 0
	if len(lengths) > 0 {
		sort.Ints(lengths)
		typical = lengths[len(lengths)/2]
	}
	if 2*len(lengths) < len(games) {
		typical = max(typical, typicalPlies)
	}
	return typical
}

// laterSample is the probe's second look at a pairing: a game from the
// start and one from a later position, played side by side for the same
// time.
type laterSample struct{ start, later probeGame }

// maxGrowth bounds how much dearer or cheaper the later sample's plies
// are taken to be than the start's: three-planes' grew at most about 4.5
// times in the games measured (27 to 121-135 ms a ply), and on a loaded
// machine a later game of a ply or two can read many times that.
const maxGrowth = 4.0

// line is the sample's two times per ply, the later within maxGrowth of
// the start's, and the plies they stand at: the middle of the plies each
// game played.
func (s laterSample) line() (r0, x0, r1, x1 float64) {
	r0, first0, _ := s.start.rate()
	r1, first1, _ := s.later.rate()
	if r0 > 0 {
		r1 = min(max(r1, r0/maxGrowth), r0*maxGrowth)
	}
	x0 = float64(first0+max(s.start.plies, first0)) / 2
	x1 = float64(s.later.from) + float64(first1+max(s.later.plies, first1))/2
	return r0, x0, r1, x1
}

// rate is a game's time per ply past its opening, over the plies it
// finished (the one cut short would add up to a whole ply's time to a
// sample of a few), and the first of those plies; 0 when it was cut
// short in its opening. A game without one that finished no ply took at
// least its time for its first.
func (g probeGame) rate() (perPly float64, first int, ok bool) {
	past := g.plies - g.openings
	switch {
	case past > 0:
		return (g.last - g.opening) / float64(past), g.openings + 1, true
	case g.openings == 0:
		return g.seconds, 1, true
	}
	return 0, 0, false
}

// costsOf turns the probe's games into costs: a finished game costs what
// it took; one cut short, its opening and, to typicalLength plies (never
// less than twice its own), its time per ply since (the opening's quiet
// moves, each checked by a 10,000-node search, cost a cheap rung's
// pairing many times its own plies), or, cut short in its opening, every
// ply at the opening's. With a later sample, its pairing's plies are
// priced on the sample's line (rampCost) and every other pairing's grow
// as much over their games as the sample's do over the same plies.
func costsOf(games []probeGame, sample *laterSample) Costs {
	if sample != nil && (sample.start.failed || sample.later.failed) {
		sample = nil // a runner that cannot start from a position says nothing of it
	}
	typical := typicalLength(games)
	var r0, x0, r1, x1 float64
	if sample != nil {
		r0, x0, r1, x1 = sample.line()
	}
	out := Costs{}
	for _, g := range games {
		if g.finished {
			out[g.pairing] = g.seconds
			continue
		}
		n := max(typical, 2*g.plies)
		r, first, ok := g.rate()
		if !ok {
			// Cut short in its opening: all its plies at the opening's
			// time per ply.
			r, first, g.opening = g.seconds/float64(max(g.plies, 1)), 1, 0
			if g.plies > 0 {
				r = g.last / float64(g.plies)
			}
		}
		plies := float64(max(n-first+1, 0))
		switch {
		case sample == nil:
			out[g.pairing] = g.opening + r*plies
		case g.pairing == sample.start.pairing:
			out[g.pairing] = g.opening + rampCost(r0, x0, r1, x1, first, n)
		case r0 > 0 && plies > 0:
			// Its own time per ply, grown as much as the sample's.
			out[g.pairing] = g.opening + r*rampCost(r0, x0, r1, x1, first, n)/r0
		default:
			out[g.pairing] = g.opening + r*plies
		}
	}
	return out
}

// rampCost is the seconds of plies first to last of a game whose plies
// cost r0 each up to ply x0 and r1 each from ply x1, on a straight line
// between: growth that levels off (three-planes' plies cost two to four
// times the first ones' from about ply 40 on) is priced about right,
// growth that goes on past x1 as if it stopped there (a guess past the
// sample that never runs away on a long game).
func rampCost(r0, x0, r1, x1 float64, first, last int) float64 {
	sum := 0.0
	for i := max(first, 1); i <= last; i++ {
		x := float64(i)
		switch {
		case x <= x0:
			sum += r0
		case x >= x1:
			sum += r1
		default:
			sum += r0 + (r1-r0)*(x-x0)/(x1-x0)
		}
	}
	return sum
}

// PlanCost is what a plan is expected to cost on a number of slots.
type PlanCost struct {
	// Expected is the CPU seconds of the games a measurement usually
	// plays (expectedGames): stopping sequentially, about
	// sequentialLadderGames of each ladder pairing and the equal-strength
	// games to the count the precision asks for, or with FlagsOnly about
	// flagsOnlyMirrorGames; otherwise every game. Most is every pairing to
	// its cap.
	Expected, Most float64
	Slots          int
}

// Wall is the wall time of cpu seconds on the cost's slots.
func (c PlanCost) Wall(cpu float64) time.Duration {
	return time.Duration(cpu / float64(max(c.Slots, 1)) * float64(time.Second))
}

// String says the cost as the command prints it.
func (c PlanCost) String() string { return c.said("") }

// said is String with when after the cores ("" or " when idle").
func (c PlanCost) said(when string) string {
	cores := "1 core"
	if c.Slots > 1 {
		cores = fmt.Sprintf("%d cores", c.Slots)
	}
	s := fmt.Sprintf("about %s on %s%s", roughDuration(c.Wall(c.Expected)), cores, when)
	if most := roughDuration(c.Wall(c.Most)); most != roughDuration(c.Wall(c.Expected)) {
		s += fmt.Sprintf(" (at most %s if every pairing plays to its cap)", most)
	}
	return s
}

// roughDuration rounds a duration as a person says it: seconds under a
// minute, minutes under two hours, else hours.
func roughDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", max(int(math.Round(d.Seconds())), 1))
	case d < 2*time.Hour:
		return fmt.Sprintf("%d min", int(math.Round(d.Minutes())))
	}
	return fmt.Sprintf("%.1f h", d.Hours())
}

// Caps cap a budgeted plan's games per pairing: the ladder's pairings'
// and the strongest rung's games against itself (0: the plan's own).
type Caps struct{ Ladder, Mirror int }

// of is the cap of a pairing, 0 for none.
func (c Caps) of(p [2]string) int {
	if p[0] == p[1] {
		return c.Mirror
	}
	return c.Ladder
}

// flagsOnlyMirrorGames is about how many equal-strength games stop once
// every flag they feed is decided (Settings.FlagsOnly) in this session's
// runs: chess -quick 38, fog-of-war -quick 60, Throne & Shrines' default
// ladder about 100; a flag near its threshold plays on to the cap.
const flagsOnlyMirrorGames = 60

// sequentialLadderGames is about how many games a ladder pairing plays
// when each stops once the sequential test decides it: a clean sweep
// stops at 16, and in the default ladder's runs of chess, Elven chess,
// Throne & Shrines and three-planes the pairings' median was 16 and their
// mean about 19; a close pairing plays on to the cap.
const sequentialLadderGames = 20

// Stopping says how a plan's pairings stop, as Settings does: each once
// the sequential test decides it (Sequential), the equal-strength games
// once their flags are decided (FlagsOnly, read only when Sequential).
type Stopping struct{ Sequential, FlagsOnly bool }

// StoppingOf is the stopping of s.
func StoppingOf(s Settings) Stopping {
	return Stopping{Sequential: s.Sequential, FlagsOnly: s.FlagsOnly}
}

// expectedGames is the games a pairing of plan usually plays (see
// PlanCost.Expected) and the most it may, under caps.
func expectedGames(plan protocol.Plan, p protocol.Pairing, precision float64, stop Stopping, caps Caps) (usual, most int) {
	if p.A == p.B && plan.Mirror != "" {
		usual, most = plan.MirrorGames, plan.MirrorGames
		if n := stats.GamesForPrecision(precision, stats.DefaultThresholds().Confidence); stop.Sequential && n > 0 && n < usual {
			usual = n
		}
		if stop.Sequential && stop.FlagsOnly {
			usual = min(usual, flagsOnlyMirrorGames)
		}
	} else {
		usual, most = plan.GamesPerPairing, plan.GamesPerPairing
		if stop.Sequential {
			usual = min(usual, sequentialLadderGames)
		}
	}
	if c := caps.of([2]string{p.A, p.B}); c > 0 {
		usual, most = min(usual, c), min(most, c)
	}
	return usual, most
}

// Estimate is the cost of plan under costs on slots, each pairing's
// games under caps, stopping as stop says. A pairing the probe did not reach costs as
// much as the dearest one it did.
func Estimate(plan protocol.Plan, costs Costs, precision float64, stop Stopping, slots int, caps Caps) PlanCost {
	dearest := 0.0
	for _, c := range costs {
		dearest = max(dearest, c)
	}
	pc := PlanCost{Slots: max(slots, 1)}
	for _, p := range plan.Pairings() {
		c, ok := costs[p]
		if !ok {
			c = dearest
		}
		usual, most := expectedGames(plan, p, precision, stop, caps)
		pc.Expected += c * float64(usual)
		pc.Most += c * float64(most)
	}
	return pc
}

// BudgetChoice is the plan chosen to fit a budget.
type BudgetChoice struct {
	// Players is the ladder kept; Dropped the rungs left out.
	Players, Dropped []string
	// Caps cap the games per pairing.
	Caps Caps
	// Cost is the chosen plan's; Fits says whether its expected cost fits
	// the budget (when even the smallest plan does not, the run stops at
	// the budget anyway).
	Cost PlanCost
	Fits bool
}

// minBudgetGames is the fewest games per pairing a budget's cap allows:
// the sequential test's minimum, below which no pairing is judged.
var minBudgetGames = stats.DefaultThresholds().MinGames

// ChooseBudget picks the plan that fits cpu seconds (the budget's wall
// time over the slots, less what the probe and the report take): the
// whole ladder when it fits; else it drops middle rungs, the dearest
// first (the weakest and strongest stay, and at least three rungs); else
// it caps the ladder's games per pairing, down to the sequential test's
// minimum; else the strongest rung's games against itself too, which
// most flags are read from, down to their minimum. planOf makes the plan
// of a ladder.
func ChooseBudget(players []string, planOf func([]string) protocol.Plan, costs Costs, precision float64, stop Stopping, slots int, cpu float64) BudgetChoice {
	fit := func(ladder []string, caps Caps) BudgetChoice {
		c := Estimate(planOf(ladder), costs, precision, stop, slots, caps)
		return BudgetChoice{Players: ladder, Dropped: without(players, ladder), Caps: caps, Cost: c, Fits: c.Expected <= cpu}
	}
	ladder := slices.Clone(players)
	best := fit(ladder, Caps{})
	for !best.Fits && len(ladder) > 3 {
		// Drop the middle rung whose pairings cost most.
		drop, dearest := -1, -1.0
		for i := 1; i < len(ladder)-1; i++ {
			if c := rungCost(planOf(ladder), costs, ladder[i]); c > dearest {
				drop, dearest = i, c
			}
		}
		ladder = slices.Delete(slices.Clone(ladder), drop, drop+1)
		best = fit(ladder, Caps{})
	}
	if best.Fits {
		return best
	}
	// Cap the games: the largest even caps whose expected cost fits.
	plan := planOf(ladder)
	for games := plan.GamesPerPairing - plan.GamesPerPairing%2; games >= minBudgetGames; games -= 2 {
		if c := fit(ladder, Caps{Ladder: games}); c.Fits {
			return c
		}
	}
	if plan.Mirror == "" {
		return fit(ladder, Caps{Ladder: minBudgetGames})
	}
	for games := plan.MirrorGames - plan.MirrorGames%2; games >= minMirrorGames; games -= 2 {
		if c := fit(ladder, Caps{Ladder: minBudgetGames, Mirror: games}); c.Fits {
			return c
		}
	}
	return fit(ladder, Caps{Ladder: minBudgetGames, Mirror: minMirrorGames})
}

// minMirrorGames is the fewest equal-strength games a budget's cap
// allows: the stop rule's minimum for them.
const minMirrorGames = 20

// rungCost is the cost of one game of each of a rung's pairings.
func rungCost(plan protocol.Plan, costs Costs, rung string) float64 {
	sum := 0.0
	for _, p := range plan.Pairings() {
		if p.A == rung || p.B == rung {
			sum += costs[p]
		}
	}
	return sum
}

// without is the players not in kept, in order.
func without(players, kept []string) []string {
	var out []string
	for _, p := range players {
		if !slices.Contains(kept, p) {
			out = append(out, p)
		}
	}
	return out
}

// words say the caps as the command prints them.
func (c Caps) words() []string {
	var out []string
	if c.Ladder > 0 {
		out = append(out, fmt.Sprintf("at most %d games per ladder pairing", c.Ladder))
	}
	if c.Mirror > 0 {
		out = append(out, fmt.Sprintf("at most %d equal-strength games", c.Mirror))
	}
	return out
}

// Describe says what the budget changed, or "" when nothing.
func (b BudgetChoice) Describe() string {
	var parts []string
	if len(b.Dropped) > 0 {
		parts = append(parts, "rungs "+strings.Join(b.Dropped, ", ")+" dropped")
	}
	parts = append(parts, b.Caps.words()...)
	return strings.Join(parts, "; ")
}

// Budget is a measurement's time budget as its run keeps it.
type Budget struct {
	// Until is when the games must be over for the report to be written
	// within the budget: the batch's deadline (farm.Hooks.Deadline), when
	// every pairing still open stops where it stands and its games in
	// flight are withdrawn.
	Until time.Time
	Costs Costs
	// Caps cap each pairing's games.
	Caps Caps
	// Total is the budget as asked; Dropped the rungs it left out.
	Total   time.Duration
	Dropped []string
}

// budgetReason starts the stop reason of a pairing the budget ended.
const budgetReason = "budget: "

// outOfTime is the stop reason of a pairing stopped when the budget was
// spent.
const outOfTime = budgetReason + "time spent"

// wrapStop makes stop end a pairing at the budget's cap, or once its time
// is spent should a pair complete after the deadline, unless stop ends it
// first. now is the clock (tests set it).
func (b *Budget) wrapStop(stop farm.StopFunc, now func() time.Time) farm.StopFunc {
	if b == nil || stop == nil {
		return stop
	}
	return func(pairing [2]string, results []protocol.Result) (bool, string) {
		done, reason := stop(pairing, results)
		switch {
		case done:
			return done, reason
		case b.Caps.of(pairing) > 0 && len(results) >= b.Caps.of(pairing):
			return true, fmt.Sprintf("%scap of %d games; %s", budgetReason, b.Caps.of(pairing), reason)
		case !b.Until.IsZero() && !now().Before(b.Until):
			return true, outOfTime + "; " + reason
		}
		return false, reason
	}
}

// hooks sets a budgeted batch's stop rule and deadline on h.
func (b *Budget) hooks(h *farm.Hooks) {
	if h.Stop == nil {
		// A budget stops pairings, so the batch plays them in plan
		// order, as a sequential one does, to its caps unless stopped.
		h.Stop = func([2]string, []protocol.Result) (bool, string) { return false, "" }
	}
	h.Stop = b.wrapStop(h.Stop, time.Now)
	h.Deadline, h.DeadlineReason = b.Until, outOfTime
}

// StoppedByBudget lists the pairings of out that the budget ended before
// their own rule decided them.
func StoppedByBudget(out *farm.Outcome) []farm.PairingOutcome {
	var by []farm.PairingOutcome
	for _, p := range out.Pairings {
		if p.Stopped && strings.HasPrefix(p.Reason, budgetReason) {
			by = append(by, p)
		}
	}
	return by
}

// keepBudget keeps what the budget did to a file's run for its report.
func (m *Measurer) keepBudget(hash string, b *Budget, out *farm.Outcome) {
	note := &report.Budget{Seconds: b.Total.Seconds(), Dropped: b.Dropped, GamesCap: b.Caps.Ladder, MirrorGamesCap: b.Caps.Mirror}
	for _, p := range StoppedByBudget(out) {
		note.Stopped = append(note.Stopped, p.Players[0]+" vs "+p.Players[1])
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.budgets == nil || len(m.budgets) >= maxKeptGames {
		m.budgets = map[string]*report.Budget{}
	}
	m.budgets[hash] = note
}

// budgetOf is the budget note kept for a file, forgotten once read.
func (m *Measurer) budgetOf(hash string) *report.Budget {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.budgets[hash]
	delete(m.budgets, hash)
	return b
}

// Fitted is a file's plan fitted to the machine at hand: its cost as
// planned and, under a budget, the plan cut to fit it.
type Fitted struct {
	// Settings are what to measure the file with: s as given, or with a
	// budget its ladder cut and Budget set.
	Settings Settings
	// Cost is the plan's as given, at the machine's present load; Idle
	// the same on idle cores, when the probe got clearly less CPU than
	// its slots' wall time (nil otherwise); Choice, under a budget, the
	// plan chosen to fit it.
	Cost   PlanCost
	Idle   *PlanCost
	Choice *BudgetChoice
	// Probe is how long the probe took.
	Probe time.Duration
}

// Budget timing: what the report takes after the games, and the least
// time a probe may take.
const (
	reportMargin  = 2 * time.Second
	budgetMargin  = 0.05            // of the budget, for what the model misses
	probeDefault  = 4 * time.Second // 3 s for the first games, 1 s for the later sample
	probeMost     = 15 * time.Second
	probeFraction = 20 // a budget's probe takes at most 1/probeFraction of it
)

// ProbeTime is how long a file's probe may take: a few seconds, and under
// a budget a twentieth of it (at most 15 s).
func ProbeTime(budget time.Duration) time.Duration {
	if budget <= 0 {
		return probeDefault
	}
	return min(max(budget/probeFraction, minProbeGame), probeMost)
}

// Fit probes f's plan under s with runner on slots game slots and, when
// budget is above 0, chooses the plan that fits what is left of it since
// started.
func Fit(ctx context.Context, runner farm.GameRunner, f *File, s Settings, slots int, budget time.Duration, started time.Time) Fitted {
	slots = max(slots, 1)
	begun := time.Now()
	plan := s.Plan(f)
	cpuBefore, cpuOK := processCPU()
	costs := Probe(ctx, runner, f.Data, f.Game, plan, slots, ProbeTime(budget))
	fit := Fitted{Settings: s, Cost: Estimate(plan, costs, s.Precision, StoppingOf(s), slots, Caps{}), Probe: time.Since(begun)}
	if cpuAfter, ok := processCPU(); ok && cpuOK {
		busy := min(slots, len(plan.Pairings()), runtime.NumCPU())
		if share, loaded := cpuShare(cpuAfter-cpuBefore, fit.Probe, busy); loaded {
			idle := Costs{}
			for p, c := range costs {
				idle[p] = c * share
			}
			cost := Estimate(plan, idle, s.Precision, StoppingOf(s), slots, Caps{})
			fit.Idle = &cost
		}
	}
	if budget <= 0 {
		return fit
	}
	planOf := func(ladder []string) protocol.Plan {
		t := s
		t.Players = ladder
		return t.Plan(f)
	}
	end := started.Add(budget)
	margin := reportMargin + time.Duration(budgetMargin*float64(budget))
	left := time.Until(end) - margin
	// The plan is chosen for the time left less what the deadline throws
	// away (at most half of it).
	cpu := max((left-min(lostAtDeadline(costs), left/2)).Seconds(), 0) * float64(slots)
	choice := ChooseBudget(s.Players, planOf, costs, s.Precision, StoppingOf(s), slots, cpu)
	fit.Choice = &choice
	fit.Settings.Players = choice.Players
	fit.Settings.Budget = &Budget{Until: end.Add(-margin), Costs: costs, Caps: choice.Caps, Total: budget, Dropped: choice.Dropped}
	return fit
}

// lostAtDeadline is the slots' time the deadline throws away: the games
// in flight when it comes are withdrawn unfinished, each about half
// played, at the dearest pairing's price at most.
func lostAtDeadline(costs Costs) time.Duration {
	dearest := 0.0
	for _, c := range costs {
		dearest = max(dearest, c)
	}
	return time.Duration(dearest / 2 * float64(time.Second))
}

// The probe's share of its slots' CPU below which the machine counts as
// loaded, and above which a probe's games count as computing at all (a
// stand-in runner that sleeps uses next to none).
const (
	loadedShare  = 0.85
	computeShare = 0.1
)

// cpuShare is the share of busy cores' wall time a probe that used cpu
// over wall got, and whether it says the machine was loaded: clearly
// below loadedShare, yet above computeShare.
func cpuShare(cpu, wall time.Duration, busy int) (float64, bool) {
	if wall <= 0 || busy < 1 {
		return 1, false
	}
	share := cpu.Seconds() / (wall.Seconds() * float64(busy))
	return share, share > computeShare && share < loadedShare
}

// Lines are what the command prints of the fit before the run starts.
func (f Fitted) Lines() []string {
	line := fmt.Sprintf("the plan costs %s (an estimate from a %s probe)", f.Cost, roughDuration(f.Probe))
	if f.Idle != nil {
		line = fmt.Sprintf("the plan costs %s; about %s at this machine's present load (an estimate from a %s probe)",
			f.Idle.said(" when idle"), roughDuration(f.Cost.Wall(f.Cost.Expected)), roughDuration(f.Probe))
	}
	lines := []string{line}
	if c := f.Choice; c != nil {
		b := f.Settings.Budget
		what := c.Describe()
		if what == "" {
			what = "the whole plan"
		}
		line := fmt.Sprintf("budget %s: %s, %s", roughDuration(b.Total), what, fmt.Sprintf("about %s", roughDuration(c.Cost.Wall(c.Cost.Expected))))
		if !c.Fits {
			line += "; even so it may not fit: the pairings stop when the time is spent"
		}
		lines = append(lines, line)
	}
	return lines
}
