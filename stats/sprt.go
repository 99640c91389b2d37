package stats

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"balancefarm/engine"
)

// pseudoCount is added to every category of a test's support before the
// likelihood ratio is taken (fishtest regularises its pentanomial the same
// way), so that a stream with one outcome only still has a finite ratio.
const pseudoCount = 1e-3

// GSPRT is the generalised sequential probability ratio test of fishtest
// for the mean of a discrete outcome on [0, 1]: H0 mean = mu0 against
// H1 mean = mu1 (mu0 < mu1), each the maximum-likelihood distribution with
// that mean given the observed frequencies. support lists the outcomes the
// unit can take; counts[i] is how many units took support[i]. It returns
// the log-likelihood ratio log L(H1)/L(H0).
func GSPRT(support []float64, counts []int, mu0, mu1 float64) (float64, error) {
	if len(support) != len(counts) || len(support) < 2 {
		return 0, errors.New("stats: GSPRT needs a support of two or more outcomes and one count each")
	}
	if !(0 <= mu0 && mu0 < mu1 && mu1 <= 1) {
		return 0, fmt.Errorf("stats: GSPRT hypotheses %g, %g must satisfy 0 <= mu0 < mu1 <= 1", mu0, mu1)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, a := range support {
		lo, hi = math.Min(lo, a), math.Max(hi, a)
	}
	if !(lo < mu0 && mu1 < hi) {
		return 0, fmt.Errorf("stats: GSPRT hypotheses %g, %g must lie inside the support [%g, %g]", mu0, mu1, lo, hi)
	}
	total := 0.0
	for _, c := range counts {
		if c < 0 {
			return 0, errors.New("stats: GSPRT count is negative")
		}
		total += float64(c) + pseudoCount
	}
	n := total - pseudoCount*float64(len(counts)) // real units
	freq := make([]float64, len(counts))
	for i, c := range counts {
		freq[i] = (float64(c) + pseudoCount) / total
	}
	p0 := constrainedMLE(support, freq, mu0)
	p1 := constrainedMLE(support, freq, mu1)
	var llr float64
	for i, f := range freq {
		llr += f * math.Log(p1[i]/p0[i])
	}
	return n * llr, nil
}

// constrainedMLE maximises Σ f_i log p_i over distributions p on support
// with mean mu. The Lagrange conditions give p_i = f_i / (1 + θ(a_i - mu))
// with θ the root of Σ f_i (a_i - mu)/(1 + θ(a_i - mu)) = 0, a decreasing
// function of θ on the interval where every denominator is positive.
func constrainedMLE(support, freq []float64, mu float64) []float64 {
	dMin, dMax := 0.0, 0.0
	for _, a := range support {
		dMin, dMax = math.Min(dMin, a-mu), math.Max(dMax, a-mu)
	}
	lo, hi := -1/dMax, -1/dMin // open interval of admissible θ
	g := func(th float64) float64 {
		var s float64
		for i, a := range support {
			d := a - mu
			s += freq[i] * d / (1 + th*d)
		}
		return s
	}
	for range 200 {
		mid := (lo + hi) / 2
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	th := (lo + hi) / 2
	p := make([]float64, len(support))
	for i, a := range support {
		p[i] = freq[i] / (1 + th*(a-mu))
	}
	return p
}

// SPRT bounds on the log-likelihood ratio for error rates alpha (accepting
// H1 when H0 holds) and beta (accepting H0 when H1 holds), as Wald set them.
func sprtBounds(alpha, beta float64) (lower, upper float64) {
	return math.Log(beta / (1 - alpha)), math.Log((1 - beta) / alpha)
}

// Test outcomes.
const (
	TestAbove     = "above"     // H1 accepted: the statistic exceeds the threshold
	TestBelow     = "below"     // H0 accepted: it does not
	TestUndecided = "undecided" // neither yet
)

// Test is one threshold a pairing feeds, tested sequentially.
type Test struct {
	Name      string  `json:"name"`      // the flag or question it feeds
	Statistic string  `json:"statistic"` // what is measured per game
	Threshold float64 `json:"threshold"`
	Estimate  float64 `json:"estimate"` // the statistic's mean so far
	Units     int     `json:"units"`    // pairs (or games, when unpaired) counted
	LLR       float64 `json:"llr"`
	Lower     float64 `json:"lower"`
	Upper     float64 `json:"upper"`
	State     string  `json:"state"` // TestAbove, TestBelow or TestUndecided
}

// Decision is what the coordinator does next with a pairing.
type Decision struct {
	Continue bool   `json:"continue"`
	Reason   string `json:"reason"`
	Games    int    `json:"games"`
	Tests    []Test `json:"tests"`
}

// feed is one statistic a pairing's games bear on and its threshold.
type feed struct {
	name, statistic string
	threshold       float64
	indicator       bool // per-game value is 0 or 1 (else a score 0, 1/2, 1)
	value           func(Game) float64
}

// feedsFor lists the thresholds a pairing of a and b (a the stronger by
// ladder order, or equal) feeds:
//   - a mirror pairing: one_sided, at both ends (first mover's score);
//   - any other pairing: order (is the stronger rung's score above 1/2?);
//   - the strongest rung against the weakest: depth_insensitive;
//   - both among the strong rungs: draw_heavy, unfinished and short.
func feedsFor(l Ladder, th Thresholds, a, b string) []feed {
	var fs []feed
	if a == b {
		first := func(g Game) float64 { return g.scoreOf(0) }
		fs = append(fs,
			feed{FlagOneSided + "_high", "first mover's score", th.OneSided, false, first},
			feed{FlagOneSided + "_low", "first mover's score", 1 - th.OneSided, false, first})
	} else {
		stronger := func(g Game) float64 { return subjectScore(g, a) }
		fs = append(fs, feed{"order", "stronger rung's score", 0.5, false, stronger})
		if a == l.Rungs[len(l.Rungs)-1] && b == l.Rungs[0] {
			fs = append(fs, feed{FlagDepthInsensitive, "strongest rung's score against the weakest", th.DepthMinScore, false, stronger})
		}
	}
	strong := l.strongSet(th.StrongRungs)
	if strong[a] && strong[b] && !l.Mirror {
		fs = append(fs,
			feed{FlagDrawHeavy, "draw", th.DrawHeavy, true, func(g Game) float64 { return b2f(g.Winner == -1) }},
			feed{FlagUnfinished, "max_plies or no_progress ending", th.Unfinished, true, func(g Game) float64 { return b2f(g.Rule.Unfinished()) }},
			feed{FlagShort, fmt.Sprintf("game over within %d plies", th.ShortPlies), th.Short, true,
				func(g Game) float64 { return b2f(g.Plies <= th.ShortPlies) }})
	}
	return fs
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Decide says whether a pairing should be played further, given every
// game it has finished so far (all between the same two specs, either
// colours). The coordinator calls it after each result and stops
// scheduling the pairing when Continue is false.
//
// A pairing stops once every threshold it feeds (see feedsFor) is decided
// by a GSPRT with H0: mean = threshold - Delta and H1: mean = threshold +
// Delta at error rates Alpha and Beta, counting colour-swapped pairs as the
// units (pentanomial-style) when the games are paired; it never stops
// before MinGames, nor while a pair waits for its second game, and always
// stops at MaxGames. Games ending in "error" are not counted.
func Decide(l Ladder, th Thresholds, games []Game) (Decision, error) {
	return DecideOver(l, th, games, nil)
}

// DecideOver is Decide for a file whose random opening's lines are listed
// (StartInfo.Openings; nil: Decide): the strongest rung's games against
// itself are read over them as Analyze reads them, and stop once every
// line is played and the rates are exact.
func DecideOver(l Ladder, th Thresholds, games []Game, openings []OpeningLine) (Decision, error) {
	if err := l.Validate(); err != nil {
		return Decision{}, err
	}
	if err := th.Validate(); err != nil {
		return Decision{}, err
	}
	var counted []Game
	for i, g := range games {
		if err := checkGame(l, i, g); err != nil {
			return Decision{}, err
		}
		if g.Rule != engine.EndError {
			counted = append(counted, g)
		}
	}
	if len(counted) == 0 {
		return Decision{Continue: true, Reason: "no games yet"}, nil
	}
	if l.Seer != "" && (counted[0].P0 == l.Seer || counted[0].P1 == l.Seer) {
		return decideSeer(l, th, counted)
	}
	key := pairKey(l, counted[0].P0, counted[0].P1)
	for i, g := range counted {
		if pairKey(l, g.P0, g.P1) != key {
			return Decision{}, fmt.Errorf("stats: game %d is %s vs %s, not of pairing %s vs %s", i, g.P0, g.P1, key[0], key[1])
		}
	}
	if key[0] == key[1] && key[0] == l.Rungs[len(l.Rungs)-1] {
		return decideMirror(th, counted, openings), nil
	}
	d := Decision{Games: len(counted)}
	feeds := feedsFor(l, th, key[0], key[1])
	pairs, rest := completePairs(counted)
	paired := len(pairs) > 0 || hasPairIDs(counted)
	for _, f := range feeds {
		d.Tests = append(d.Tests, runTest(f, th, pairs, rest, paired))
	}
	var open []string
	for _, t := range d.Tests {
		if t.State == TestUndecided {
			open = append(open, t.Name)
		}
	}
	switch {
	case len(counted) >= th.MaxGames:
		d.Reason = fmt.Sprintf("cap of %d games reached", th.MaxGames)
		if len(open) > 0 {
			d.Reason += "; still undecided: " + strings.Join(open, ", ")
		}
	case strongestAgainstWeakest(l, key):
		d.Continue = true
		d.Reason = fmt.Sprintf("%d of %d games: the skill share reads every pair beside the clairvoyant rung's", len(counted), th.MaxGames)
	case len(counted) < th.MinGames:
		d.Continue = true
		d.Reason = fmt.Sprintf("%d of the minimum %d games played", len(counted), th.MinGames)
	case paired && waiting(rest) > 0:
		d.Continue = true
		d.Reason = fmt.Sprintf("%d game(s) wait for the colour-swapped game of their pair", waiting(rest))
	case len(open) > 0:
		d.Continue = true
		d.Reason = "undecided: " + strings.Join(open, ", ")
	default:
		var parts []string
		for _, t := range d.Tests {
			parts = append(parts, fmt.Sprintf("%s %s %.2f", t.Name, t.State, t.Threshold))
		}
		d.Reason = "every threshold decided: " + strings.Join(parts, "; ")
	}
	return d, nil
}

// decideSeer decides a pairing of the clairvoyant rung, which feeds no
// threshold. Against the weakest rung it plays to the cap: the skill
// share reads its pairs beside the strongest rung's on the same openings,
// so it wants every one of them. Against any other rung it plays the
// minimum, enough to place it on the rating scale beside the ladder (the
// skill share's Elo form), and stops once no pair waits for its second
// game.
func decideSeer(l Ladder, th Thresholds, games []Game) (Decision, error) {
	other := func(g Game) string {
		if g.P0 == l.Seer {
			return g.P1
		}
		return g.P0
	}
	for i, g := range games {
		if g.P0 != l.Seer && g.P1 != l.Seer || other(g) != other(games[0]) {
			return Decision{}, fmt.Errorf("stats: game %d is %s vs %s, not of pairing %s vs %s", i, g.P0, g.P1, l.Seer, other(games[0]))
		}
	}
	d := Decision{Games: len(games)}
	limit, why := th.MaxGames, "the skill share reads every pair against the weakest rung"
	if other(games[0]) != l.Rungs[0] {
		limit, why = th.MinGames, "it feeds nothing but the skill share's Elo form"
	}
	_, rest := completePairs(games)
	switch {
	case len(games) >= th.MaxGames:
		d.Reason = fmt.Sprintf("cap of %d games reached", th.MaxGames)
	case len(games) < limit:
		d.Continue = true
		d.Reason = fmt.Sprintf("the clairvoyant rung plays %d games here: %s", limit, why)
	case waiting(rest) > 0:
		d.Continue = true
		d.Reason = fmt.Sprintf("%d game(s) wait for the colour-swapped game of their pair", waiting(rest))
	default:
		d.Reason = fmt.Sprintf("the clairvoyant rung played its %d games: %s", limit, why)
	}
	return d, nil
}

// strongestAgainstWeakest says whether a pairing of a game with a
// clairvoyant rung is the strongest rung against the weakest, which the
// skill share reads beside the clairvoyant rung's: it plays to the cap.
func strongestAgainstWeakest(l Ladder, key [2]string) bool {
	return l.Seer != "" && len(l.Rungs) >= 2 && key[0] == l.Rungs[len(l.Rungs)-1] && key[1] == l.Rungs[0]
}

// waiting counts games that carry a PairID but are not yet half of a
// complete pair.
func waiting(rest []Game) int {
	n := 0
	for _, g := range rest {
		if g.PairID != "" {
			n++
		}
	}
	return n
}

func hasPairIDs(games []Game) bool {
	for _, g := range games {
		if g.PairID != "" {
			return true
		}
	}
	return false
}

// runTest tests one feed. When the pairing's games carry PairIDs, each
// complete pair is one unit valued at the mean of its two games (0, 1/4,
// ..., 1 for scores; 0, 1/2, 1 for indicators) and games outside a
// complete pair are not counted; otherwise every game is a unit.
func runTest(f feed, th Thresholds, pairs [][2]Game, rest []Game, paired bool) Test {
	var units []float64
	if paired {
		for _, p := range pairs {
			units = append(units, (f.value(p[0])+f.value(p[1]))/2)
		}
	} else {
		for _, g := range rest {
			units = append(units, f.value(g))
		}
	}
	step := 0.5 // game-level support spacing for scores
	if f.indicator {
		step = 1
	}
	if paired {
		step /= 2
	}
	var support []float64
	for a := 0.0; a <= 1+1e-9; a += step {
		support = append(support, a)
	}
	counts := make([]int, len(support))
	var sum float64
	for _, u := range units {
		sum += u
		counts[int(math.Round(u/step))]++
	}
	t := Test{Name: f.name, Statistic: f.statistic, Threshold: f.threshold, Units: len(units), State: TestUndecided}
	t.Lower, t.Upper = sprtBounds(th.Alpha, th.Beta)
	if len(units) == 0 {
		return t
	}
	t.Estimate = sum / float64(len(units))
	llr, err := GSPRT(support, counts, f.threshold-th.Delta, f.threshold+th.Delta)
	if err != nil { // thresholds are validated, so this is a programming error
		t.State = TestUndecided
		return t
	}
	t.LLR = llr
	switch {
	case llr >= t.Upper:
		t.State = TestAbove
	case llr <= t.Lower:
		t.State = TestBelow
	}
	return t
}

// mirrorMinGames is the fewest games of the strongest rung against itself
// the flags are read from: a few identical results make a narrow-looking
// interval by chance.
const mirrorMinGames = 20

// decideMirror is Decide for the strongest rung's games against itself:
// they go on until every flag read from them is decided by its interval
// (the very test the verdict applies) and, unless one of them is raised,
// the draw rate's and first mover's intervals are no wider than
// ±Precision, or the cap is reached. Read over every line of the random
// opening (openings), the rates are exact: more games would replay them.
func decideMirror(th Thresholds, games []Game, openings []OpeningLine) Decision {
	d := Decision{Games: len(games)}
	limit := th.MirrorMaxGames
	if limit == 0 {
		limit = GamesForPrecision(th.Precision, th.Confidence)
	}
	limit = max(limit, th.MinGames)
	m := equalMeasures(th, games, "games against itself", openings)
	var open []string
	raised := false
	var sequential map[string]string
	if th.FlagsOnly {
		sequential = mirrorSequential(th, games)
	}
	for _, c := range Checks(m, th)[:4] {
		switch {
		case c.State == StateUndecided:
			open = append(open, c.Name)
		case th.FlagsOnly && sequential[c.Name] != c.State:
			open = append(open, c.Name+" (not yet by the sequential test)")
		}
		raised = raised || c.Raised
		d.Tests = append(d.Tests, Test{Name: c.Name, Statistic: c.Detail, Threshold: c.Threshold, Estimate: c.Value.Est, Units: c.Games, State: checkTestState(c)})
	}
	// A raised flag already says not viable: the other numbers need no
	// more precision than deciding their own flags takes.
	for _, w := range []struct {
		name string
		iv   Interval
	}{{"draw rate", m.Draws}, {"first mover's score", m.FirstMover}} {
		if !th.FlagsOnly && !raised && (w.iv.Hi-w.iv.Lo)/2 > th.Precision+1e-12 {
			open = append(open, fmt.Sprintf("%s ±%.3f wider than ±%.3f", w.name, (w.iv.Hi-w.iv.Lo)/2, th.Precision))
		}
	}
	eff := m.ScopeEffective
	switch {
	case len(games) >= limit:
		d.Reason = fmt.Sprintf("cap of %d games reached", limit)
		if len(open) > 0 {
			d.Reason += "; still open: " + strings.Join(open, ", ")
		}
	case m.Draws.Method == MethodOpeningsExact:
		d.Reason = "the rates are read over the random opening's lines: " + m.Openings
	case len(open) > 0 && m.Openings == "" && eff > 0 && eff < float64(len(games))/2 && len(games) >= GamesForPrecision(th.Precision, th.Confidence):
		// Most games replay others: more from the same openings add
		// little, so the games the precision asks for are enough.
		d.Reason = fmt.Sprintf("the %d games repeat each other (worth about %.1f independent ones); still open: %s",
			len(games), eff, strings.Join(open, ", "))
	case len(games) < max(th.MinGames, mirrorMinGames):
		d.Continue = true
		d.Reason = fmt.Sprintf("%d of the minimum %d games played", len(games), max(th.MinGames, mirrorMinGames))
	case len(open) > 0:
		d.Continue = true
		d.Reason = "open: " + strings.Join(open, ", ")
	case th.FlagsOnly:
		d.Reason = "every flag decided by its interval and by the sequential test alike"
	default:
		d.Reason = fmt.Sprintf("every flag decided and both intervals within ±%.3f", th.Precision)
	}
	return d
}

// mirrorSequential is the state each flag read from the strongest rung's
// games against itself has by a GSPRT over those games (each game one
// unit), as Check states: StateRaised, StateClear or StateUndecided.
// one_sided is two tests, one at each end. A stop that waits for these to
// agree with the verdict's intervals keeps the verdict's error at the
// GSPRT's: the interval's own error grows with every look, but a wrong
// verdict at the stop needs the GSPRT to have crossed its wrong bound,
// which Wald's bounds allow with probability Alpha (or Beta) at most,
// however late it is read.
func mirrorSequential(th Thresholds, games []Game) map[string]string {
	first := func(g Game) float64 { return g.scoreOf(0) }
	state := func(f feed) string {
		switch runTest(f, th, nil, games, false).State {
		case TestAbove:
			return StateRaised
		case TestBelow:
			return StateClear
		}
		return StateUndecided
	}
	out := map[string]string{
		FlagDrawHeavy:  state(feed{FlagDrawHeavy, "draw", th.DrawHeavy, true, func(g Game) float64 { return b2f(g.Winner == -1) }}),
		FlagUnfinished: state(feed{FlagUnfinished, "max_plies or no_progress ending", th.Unfinished, true, func(g Game) float64 { return b2f(g.Rule.Unfinished()) }}),
		FlagShort:      state(feed{FlagShort, "short game", th.Short, true, func(g Game) float64 { return b2f(g.Plies <= th.ShortPlies) }}),
	}
	high := state(feed{FlagOneSided + "_high", "first mover's score", th.OneSided, false, first})
	low := state(feed{FlagOneSided + "_low", "first mover's score", 1 - th.OneSided, false, first})
	switch {
	case high == StateRaised || low == StateClear:
		out[FlagOneSided] = StateRaised
	case high == StateClear && low == StateRaised:
		out[FlagOneSided] = StateClear
	default:
		out[FlagOneSided] = StateUndecided
	}
	return out
}

func checkTestState(c Check) string {
	switch c.State {
	case StateRaised:
		return TestAbove
	case StateClear:
		return TestBelow
	}
	return TestUndecided
}

// equalMeasures reads the equal-strength flags' inputs from games of one
// player against itself (or any scope): rates with Wilson intervals, the
// first mover's score with a normal one, each as wide as the scope's
// effective number of games (effectiveGames) makes it; or, when openings
// lists the random opening's lines and the games allow it
// (readOpenings), all four read over those lines.
func equalMeasures(th Thresholds, scope []Game, name string, openings []OpeningLine) Measures {
	m := Measures{Scope: name, ScopeGames: len(scope)}
	var draws, unfinished, short int
	firsts := make([]float64, 0, len(scope))
	for _, g := range scope {
		if g.Winner == -1 {
			draws++
		}
		if g.Rule.Unfinished() {
			unfinished++
		}
		if g.Plies <= th.ShortPlies {
			short++
		}
		firsts = append(firsts, g.scoreOf(0))
	}
	n := float64(len(scope))
	m.ScopeEffective = effectiveGames(scope)
	m.Draws = wilsonAt(float64(draws), n, m.ScopeEffective, th.Confidence)
	m.Unfinished = wilsonAt(float64(unfinished), n, m.ScopeEffective, th.Confidence)
	m.Short = wilsonAt(float64(short), n, m.ScopeEffective, th.Confidence)
	if len(scope) > 0 {
		m.FirstMover = firstMoverIntervalAt(firsts, m.ScopeEffective, th.Confidence)
		m.FirstMoverEffective = m.ScopeEffective
		m.FirstMoverGames = len(scope)
		m.FirstMoverFrom = fmt.Sprintf("from %d %s", len(scope), name)
	}
	if r, ok := readOpenings(th, scope, openings); ok {
		m.Draws, m.Unfinished, m.Short, m.FirstMover = r.draws, r.unfinished, r.short, r.first
		m.Openings = r.sentence
		m.FirstMoverFrom += openingsNote(m.Openings)
	}
	return m
}

// openingsNote says, after where the first mover's score is read from,
// that it is read over the opening lines; "" when it is sampled.
func openingsNote(openings string) string {
	if openings == "" {
		return ""
	}
	return ", over the random opening's lines, each weighted by its chance (" + openings + ")"
}
