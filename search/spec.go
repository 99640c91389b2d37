package search

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Player families.
const (
	FamilyRandom = "random"
	FamilyAB     = "ab"
	FamilyMCTS   = "mcts"
	FamilyUCI    = "uci"
	// FamilyISMCTS is Information Set MCTS, for games with hidden
	// information (ismcts.go).
	FamilyISMCTS = "ismcts"
)

// seerPrefix makes the clairvoyant form of an ab or mcts spec.
const seerPrefix = "seer:"

// Bounds on spec budgets, so a typo cannot ask for a search that never ends.
const (
	maxSpecDepth      = 40
	maxSpecNodes      = 1_000_000_000
	maxSpecIterations = 100_000_000
	maxSpecPlayout    = 1000
)

// PlayerSpec is a parsed player spec string. The string form is what is
// used everywhere (CLI, jobs, reports, metric labels):
//
//	random          uniformly random legal moves
//	ab:d3           alpha-beta to depth 3 (plus quiescence)
//	ab:n20000       alpha-beta, iterative deepening until 20000 nodes
//	ab:d6n20000     both: stop at depth 6 or 20000 nodes, whichever first
//	ab:n20000x3     the same search with techniques 1 and 2 turned off
//	                (a bit mask of the Tech constants; for matches that
//	                measure what each technique is worth)
//	ab:n20000u1     the same search with null-move pruning, which is off
//	                unless asked for: it did not gain in matches at a
//	                fixed node budget (README, "Players")
//	ab:n20000e1     the same search with opt-in evaluation terms (a bit
//	                mask of the Term constants, evalterms.go): 1 king
//	                safety, 2 tempo, 4 threats; off unless asked for
//	ab:n20000r7     the same search with opt-in refinements (a bit mask
//	                of the Refine constants): 1 late-move reductions
//	                growing with depth and move number, 2 late-move
//	                pruning, 4 a position at the horizon counted once
//	mcts:i800       UCT, 800 iterations a move
//	mcts:i800p16    the same with playouts cut off after 16 plies
//	ab:n3000:P=1/N=3.2/B=3.3/R=5/Q=9.5
//	                the same search evaluating with these piece values
//	                (pawns, by piece id) instead of the rule file's: a
//	                measurement's learned values (values.go)
//	seer:ab:n3000   the clairvoyant ("seer") form of any ab or mcts spec:
//	                it plays as its base, except that it knows the
//	                outcomes of the game's coming chance events (chance.go)
//
// In a game with hidden information (hidden.go) a player is given only
// what its seat sees, and these play:
//
//	random          a random legal move of one world sampled from what it sees
//	det:ab:n3000    determinizing: 8 sampled worlds, each searched by
//	                ab:n375 (the base spec's budget over the worlds), the
//	                worlds' votes summed (determinize.go)
//	det4:mcts:i800  the same with 4 worlds, each searched by mcts:i200
//	ismcts:i800     Information Set MCTS, 800 iterations a move, each in
//	                a world of its own (ismcts.go); p16 cuts its playouts
//	                off after 16 plies as mcts's does
//	seer:ab:n3000   its base, given the whole position: the clairvoyant
//	                rung that measures what the hidden part is worth
//
// Budgets are per move and counted in nodes or iterations, so that a game
// replays move for move. A time control may bound a player besides (or,
// for ab and mcts, instead of) its budget, as cutechess's tc= and st=:
//
//	ab:n3000,tc=10+0.1  10 seconds for the game and 0.1 a move, the
//	                    node budget still a move's most
//	mcts,tc=40/60       40 moves in 60 seconds, iterations until the
//	                    move's share of the clock is spent
//	ab,st=0.5           half a second for every move
//
// A player whose clock runs out loses on time (EndTimeForfeit); a timed
// game does not replay, so games the farm audits are untimed.
type PlayerSpec struct {
	Family       string
	Depth        int   // ab: deepest iteration; 0 = no depth limit
	Nodes        int64 // ab: nodes per move; 0 = no node limit
	Iterations   int   // mcts: iterations per move
	PlayoutPlies int   // mcts: playout cutoff; 0 = DefaultPlayoutPlies
	Off          int   // ab: the Tech bits turned off; 0 = every technique on
	NullMove     bool  // ab: null-move pruning asked for (u1); off by default
	Terms        int   // ab: the opt-in evaluation terms asked for (e, a mask of the Term constants); 0 = none
	Refine       int   // ab: the opt-in search refinements asked for (r, a mask of the Refine constants); 0 = none
	// Values are piece values the evaluation uses instead of the rule
	// file's (values.go), canonical "ID=pawns/..."; empty for the file's.
	Values string
	// Worlds is a determinizing player's count of sampled worlds ("det:"
	// or "detK:" before an ab or mcts spec); 0 for any other player.
	Worlds int
	// Seer is the clairvoyant form of an ab or mcts spec ("seer:" before
	// it): it resolves the chance events its search meets to the outcomes
	// the game's chance stream will give, and in a game with hidden
	// information it is given the whole position. It measures luck: what
	// seeing the dice and the hidden pieces in advance is worth.
	Seer bool

	// An outside UCI engine (uci.go): the program, its per-move budget and
	// the options sent to it. Options are kept as their canonical text,
	// "Name=value,..." in the order given (the order they are sent), so
	// that PlayerSpec stays comparable.
	Path       string
	Budget     string // UCIBudgetNodes, UCIBudgetDepth or UCIBudgetMovetime
	Limit      int64  // the budget's value: nodes, plies or milliseconds
	UCIOptions string

	// Clock is the player's time control (cutechess's tc= or st=, after a
	// comma: ab:n3000,tc=10+0.1), beside its budget; zero for none, the
	// default. A timed player's games do not replay (clock.go).
	Clock TimeControl
}

// Alpha-beta techniques a spec can turn off (its x parameter), so a match
// can measure each one's worth at a fixed node budget.
const (
	TechNullMove   = 1 << iota // null-move pruning with verification (only with u1)
	TechFutility               // reverse futility and futility pruning
	TechAspiration             // aspiration windows at the root
	TechSEE                    // static exchange evaluation: ordering and quiescence pruning
	TechRepetition             // a position repeated within the search is a draw (twofold)
	TechLeaveGoal              // quiescence reads a piece on a goal it wins by leaving as a win or a threat
	TechAll        = TechNullMove | TechFutility | TechAspiration | TechSEE | TechRepetition | TechLeaveGoal
)

// Alpha-beta refinements a spec can ask for (its r parameter), off unless
// asked for: each changes every game, so the ladder takes one only once
// matches show it gains and the classics are measured with it.
const (
	RefineLogReductions = 1 << iota // late-move reductions by log(depth)·log(move number)
	RefineLateMoves                 // late-move pruning: quiet moves past a count near the horizon, checks kept
	// RefineLeafOnce counts a position at the horizon once, in
	// quiescence, where the budget counted it on entering the node and
	// again in quiescence: about a third of a budget went to the count.
	RefineLeafOnce
	RefineAll = RefineLogReductions | RefineLateMoves | RefineLeafOnce
)

// DefaultPlayoutPlies is where an MCTS playout stops and the evaluation
// scores it, when the spec does not say.
const DefaultPlayoutPlies = 4

// ParseSpec reads a player spec string.
func ParseSpec(s string) (PlayerSpec, error) {
	s = strings.TrimSpace(s)
	if family, params, hasParams := strings.Cut(s, ":"); family == FamilyUCI {
		return parseUCISpec(s, params, hasParams)
	}
	// A time control follows the spec after a comma: ab:n3000,tc=10+0.1.
	base, fields, hasClock := strings.Cut(s, ",")
	if !hasClock {
		return parseSpec(s, false)
	}
	clock, err := parseClockFields(s, strings.Split(fields, ","))
	if err != nil {
		return PlayerSpec{}, err
	}
	ps, err := parseSpec(strings.TrimSpace(base), !clock.IsZero())
	if err != nil {
		return PlayerSpec{}, err
	}
	if !clock.IsZero() && (ps.Seer || ps.Worlds > 0 || ps.Family == FamilyISMCTS) {
		return PlayerSpec{}, fmt.Errorf("player %q: a time control is for random, ab, mcts and uci players", s)
	}
	if clock.PerMove > 0 && clock.PerMove <= clockMargin && ps.Family != FamilyRandom {
		// Such a move's time is all margin: the search would stop at
		// once, after its first nodes, without a word.
		return PlayerSpec{}, fmt.Errorf("player %q: st= leaves no time to think: a search keeps %v of each move as its margin; give more than %v", s, clockMargin, clockMargin)
	}
	ps.Clock = clock
	return ps, nil
}

// parseSpec reads a spec without its time control; a timed one (timed)
// may leave out the budget of ab and mcts ("ab,tc=10+0.1": the clock
// alone bounds it).
func parseSpec(s string, timed bool) (PlayerSpec, error) {
	if ps, ok, err := parseWrapped(s); ok {
		return ps, err
	}
	family, params, hasParams := strings.Cut(s, ":")
	switch family {
	case FamilyRandom:
		if hasParams {
			return PlayerSpec{}, fmt.Errorf("player %q: random takes no parameters", s)
		}
		return PlayerSpec{Family: FamilyRandom}, nil
	case FamilyAB, FamilyMCTS, FamilyISMCTS:
	default:
		return PlayerSpec{}, fmt.Errorf("player %q: unknown family %q (want random, ab:..., mcts:..., uci:PATH)", s, family)
	}
	params, values, hasValues := strings.Cut(params, ":")
	if params == "" && !timed {
		return PlayerSpec{}, fmt.Errorf("player %q: missing budget (e.g. ab:d3, ab:n20000, mcts:i800)", s)
	}
	fields, err := splitParams(params)
	if err != nil {
		return PlayerSpec{}, fmt.Errorf("player %q: %v", s, err)
	}
	ps := PlayerSpec{Family: family}
	if hasValues {
		if ps.Values, err = parseValues(values); err != nil {
			return PlayerSpec{}, fmt.Errorf("player %q: %v", s, err)
		}
	}
	for _, f := range fields {
		letter, v := f.letter, f.value
		switch {
		case family == FamilyAB && letter == 'd':
			if v < 1 || v > maxSpecDepth {
				return PlayerSpec{}, fmt.Errorf("player %q: depth must be 1 to %d", s, maxSpecDepth)
			}
			ps.Depth = int(v)
		case family == FamilyAB && letter == 'n':
			if v < 1 || v > maxSpecNodes {
				return PlayerSpec{}, fmt.Errorf("player %q: nodes must be 1 to %d", s, maxSpecNodes)
			}
			ps.Nodes = v
		case family == FamilyAB && letter == 'x':
			if v < 0 || v > TechAll {
				return PlayerSpec{}, fmt.Errorf("player %q: x (techniques off) must be 0 to %d", s, TechAll)
			}
			ps.Off = int(v)
		case family == FamilyAB && letter == 'u':
			if v > 1 {
				return PlayerSpec{}, fmt.Errorf("player %q: u (null-move pruning) must be 0 or 1", s)
			}
			ps.NullMove = v == 1
		case family == FamilyAB && letter == 'e':
			if v < 0 || v > TermsAll {
				return PlayerSpec{}, fmt.Errorf("player %q: e (evaluation terms) must be 0 to %d", s, TermsAll)
			}
			ps.Terms = int(v)
		case family == FamilyAB && letter == 'r':
			if v < 0 || v > RefineAll {
				return PlayerSpec{}, fmt.Errorf("player %q: r (search refinements) must be 0 to %d", s, RefineAll)
			}
			ps.Refine = int(v)
		case (family == FamilyMCTS || family == FamilyISMCTS) && letter == 'i':
			if v < 1 || v > maxSpecIterations {
				return PlayerSpec{}, fmt.Errorf("player %q: iterations must be 1 to %d", s, maxSpecIterations)
			}
			ps.Iterations = int(v)
		case (family == FamilyMCTS || family == FamilyISMCTS) && letter == 'p':
			if v < 1 || v > maxSpecPlayout {
				return PlayerSpec{}, fmt.Errorf("player %q: playout plies must be 1 to %d", s, maxSpecPlayout)
			}
			ps.PlayoutPlies = int(v)
		default:
			return PlayerSpec{}, fmt.Errorf("player %q: %s has no parameter %q", s, family, string(letter))
		}
	}
	if family == FamilyAB && ps.Depth == 0 && ps.Nodes == 0 && !timed {
		return PlayerSpec{}, fmt.Errorf("player %q: ab needs a depth (d) or a node budget (n)", s)
	}
	if (family == FamilyMCTS || family == FamilyISMCTS) && ps.Iterations == 0 && !timed {
		return PlayerSpec{}, fmt.Errorf("player %q: %s needs an iteration budget (i)", s, family)
	}
	return ps, nil
}

// param is one letter-number pair of a spec's parameters.
type param struct {
	letter byte
	value  int64
}

// splitParams reads "d6n20000" into letter-number pairs, each letter once,
// in the order written (so the first bad one is the one reported).
func splitParams(params string) ([]param, error) {
	var out []param
	seen := map[byte]bool{}
	for i := 0; i < len(params); {
		letter := params[i]
		if letter < 'a' || letter > 'z' {
			return nil, fmt.Errorf("expected a parameter letter at %q", params[i:])
		}
		j := i + 1
		for j < len(params) && params[j] >= '0' && params[j] <= '9' {
			j++
		}
		if j == i+1 {
			return nil, fmt.Errorf("parameter %q needs a number", string(letter))
		}
		if seen[letter] {
			return nil, fmt.Errorf("parameter %q given twice", string(letter))
		}
		v, err := strconv.ParseInt(params[i+1:j], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("parameter %q: %v", string(letter), err)
		}
		seen[letter] = true
		out = append(out, param{letter, v})
		i = j
	}
	return out, nil
}

// abParams reports whether an ab spec writes any parameter.
func (p PlayerSpec) abParams() bool {
	return p.Depth > 0 || p.Nodes > 0 || p.Off > 0 || p.NullMove || p.Terms > 0 || p.Refine > 0
}

// String is the canonical spec string: parsing it gives back the same spec.
func (p PlayerSpec) String() string {
	var b strings.Builder
	b.WriteString(p.wrapperPrefix())
	b.WriteString(p.Family)
	switch p.Family {
	case FamilyAB:
		if p.abParams() {
			b.WriteByte(':') // a timed spec may have parameters but no budget: ab:e14,st=1
		}
		if p.Depth > 0 {
			fmt.Fprintf(&b, "d%d", p.Depth)
		}
		if p.Nodes > 0 {
			fmt.Fprintf(&b, "n%d", p.Nodes)
		}
		if p.Off > 0 {
			fmt.Fprintf(&b, "x%d", p.Off)
		}
		if p.NullMove {
			b.WriteString("u1")
		}
		if p.Terms > 0 {
			fmt.Fprintf(&b, "e%d", p.Terms)
		}
		if p.Refine > 0 {
			fmt.Fprintf(&b, "r%d", p.Refine)
		}
	case FamilyMCTS, FamilyISMCTS:
		if p.Iterations > 0 || p.PlayoutPlies > 0 {
			b.WriteByte(':')
		}
		if p.Iterations > 0 {
			fmt.Fprintf(&b, "i%d", p.Iterations)
		}
		if p.PlayoutPlies > 0 {
			fmt.Fprintf(&b, "p%d", p.PlayoutPlies)
		}
	case FamilyUCI:
		b.WriteString(":" + p.Path)
		if p.Budget != "" {
			fmt.Fprintf(&b, ",%s=%d", p.Budget, p.Limit)
		}
		if !p.Clock.IsZero() {
			b.WriteString("," + p.Clock.String())
		}
		if p.UCIOptions != "" {
			b.WriteString("," + p.UCIOptions)
		}
		return b.String()
	}
	if p.Values != "" && (p.Family == FamilyAB || p.Family == FamilyMCTS || p.Family == FamilyISMCTS) {
		if p.Family == FamilyAB && !p.abParams() || p.Family != FamilyAB && p.Iterations == 0 && p.PlayoutPlies == 0 {
			b.WriteByte(':') // the empty budget of a timed spec: ab::P=1/... reads back
		}
		b.WriteString(":" + p.Values)
	}
	if !p.Clock.IsZero() {
		b.WriteString("," + p.Clock.String())
	}
	return b.String()
}

// Canonical returns the canonical form of a spec string ("ab:n20000d6"
// becomes "ab:d6n20000"), so that labels agree however a spec was typed.
func Canonical(s string) (string, error) {
	ps, err := ParseSpec(s)
	if err != nil {
		return "", err
	}
	return ps.String(), nil
}

// Nominal effort per unit of budget, in alpha-beta node equivalents. They
// put the two families on one scale for ordering; they are a calibration,
// not a measurement (the ladder test is the measurement).
const (
	abBranchingForDepth = 6.0  // nodes a depth-limited search spends per ply, roughly
	mctsNodesPerIter    = 0.25 // an MCTS iteration plays about as well as a quarter of an ab node
)

// Effort is a spec's nominal budget in alpha-beta node equivalents: random
// is 0, ab:nN is N, ab:dD is 6^D (capped by its node budget), mcts:iN is N/4
// (measured: mcts:i2000 scores about 0.2 against ab:n1000 on chess).
// Within one family and kind of budget more effort is a stronger player by
// construction; across families the order is the documented calibration.
// An outside UCI engine is +Inf: it is not on this scale, and
// CompareStrength puts it above every built-in player. A seer spends its
// base's effort (CompareStrength puts it just above its base).
func (p PlayerSpec) Effort() float64 {
	switch p.Family {
	case FamilyUCI:
		return math.Inf(1)
	case FamilyAB:
		e := math.Inf(1)
		if p.Depth > 0 {
			e = math.Pow(abBranchingForDepth, float64(p.Depth))
		}
		if p.Nodes > 0 && float64(p.Nodes) < e {
			e = float64(p.Nodes)
		}
		return e
	case FamilyMCTS, FamilyISMCTS:
		return float64(p.Iterations) * mctsNodesPerIter
	}
	return 0
}

// CompareStrength orders two specs by nominal strength: negative when a is
// weaker than b, positive when stronger, 0 when equal. Equal effort falls
// back to the family name and then the canonical string, so the order is
// total and stable. An outside UCI engine ranks above every built-in
// player whatever its budget (it is there as the yardstick or the top
// rung); two of them with the same program, budget kind and options rank
// by their budget, others by their canonical string. A seer ranks just
// above its base: its base is compared first, and of two equal bases the
// seer is the stronger.
func CompareStrength(a, b string) (int, error) {
	pa, err := ParseSpec(a)
	if err != nil {
		return 0, err
	}
	pb, err := ParseSpec(b)
	if err != nil {
		return 0, err
	}
	return compareSpecs(pa, pb), nil
}

func compareSpecs(a, b PlayerSpec) int {
	if a.Seer || b.Seer {
		sa, sb := a.Seer, b.Seer
		a.Seer, b.Seer = false, false
		if c := compareSpecs(a, b); c != 0 {
			return c
		}
		switch {
		case sa && !sb:
			return 1
		case sb && !sa:
			return -1
		}
		return 0
	}
	ua, ub := a.Family == FamilyUCI, b.Family == FamilyUCI
	switch {
	case ua && !ub:
		return 1
	case ub && !ua:
		return -1
	case ua && ub && a.Path == b.Path && a.Budget == b.Budget && a.UCIOptions == b.UCIOptions && a.Limit != b.Limit:
		if a.Limit < b.Limit {
			return -1
		}
		return 1
	case ua && ub:
		return strings.Compare(a.String(), b.String())
	}
	ea, eb := a.Effort(), b.Effort()
	switch {
	case ea < eb:
		return -1
	case ea > eb:
		return 1
	}
	return strings.Compare(a.String(), b.String())
}

// SortByStrength returns the specs in canonical form, weakest first.
func SortByStrength(specs []string) ([]string, error) {
	parsed := make([]PlayerSpec, len(specs))
	for i, s := range specs {
		ps, err := ParseSpec(s)
		if err != nil {
			return nil, err
		}
		parsed[i] = ps
	}
	sort.SliceStable(parsed, func(i, j int) bool { return compareSpecs(parsed[i], parsed[j]) < 0 })
	out := make([]string, len(parsed))
	for i, ps := range parsed {
		out[i] = ps.String()
	}
	return out, nil
}

// Doubled is the same player with its budget doubled: ab:n1000 gives
// ab:n2000, mcts:i800 gives mcts:i1600 and uci:P,nodes=1000 gives
// uci:P,nodes=2000. A depth-only spec has no budget
// to double (one more ply is not twice the work), so it is an error; so is
// random.
func Doubled(s string) (string, error) {
	ps, err := ParseSpec(s)
	if err != nil {
		return "", err
	}
	switch {
	case ps.Family == FamilyAB && ps.Nodes > 0 && ps.Depth == 0:
		if 2*ps.Nodes > maxSpecNodes {
			return "", fmt.Errorf("player %q: doubled budget exceeds %d nodes", s, maxSpecNodes)
		}
		ps.Nodes *= 2
	case ps.Family == FamilyMCTS || ps.Family == FamilyISMCTS:
		if 2*ps.Iterations > maxSpecIterations {
			return "", fmt.Errorf("player %q: doubled budget exceeds %d iterations", s, maxSpecIterations)
		}
		ps.Iterations *= 2
	case ps.Family == FamilyUCI && ps.Budget == UCIBudgetNodes:
		if 2*ps.Limit > maxSpecNodes {
			return "", fmt.Errorf("player %q: doubled budget exceeds %d nodes", s, maxSpecNodes)
		}
		ps.Limit *= 2
	default:
		return "", fmt.Errorf("player %q: only node (ab:nN, uci:...,nodes=N) and iteration (mcts:iN) budgets can be doubled", s)
	}
	return ps.String(), nil
}

// SkillTrace is base followed by steps successive doublings of its budget
// (ab:n1000, ab:n2000, ab:n4000, ...): the players of a skill trace, where
// each neighbouring pair is a "budget doubled" pair.
func SkillTrace(base string, steps int) ([]string, error) {
	canon, err := Canonical(base)
	if err != nil {
		return nil, err
	}
	out := []string{canon}
	for i := 0; i < steps; i++ {
		next, err := Doubled(out[len(out)-1])
		if err != nil {
			return nil, err
		}
		out = append(out, next)
	}
	return out, nil
}

// DoublingPairs names every pair in specs whose second member is the first
// with its budget doubled, as [weaker, stronger], in the order of specs.
// Invalid specs are skipped: the pairs are labels, not a validation.
func DoublingPairs(specs []string) [][2]string {
	have := map[string]bool{}
	for _, s := range specs {
		if c, err := Canonical(s); err == nil {
			have[c] = true
		}
	}
	var out [][2]string
	seen := map[string]bool{}
	for _, s := range specs {
		c, err := Canonical(s)
		if err != nil || seen[c] {
			continue
		}
		seen[c] = true
		if d, err := Doubled(c); err == nil && have[d] {
			out = append(out, [2]string{c, d})
		}
	}
	return out
}

// DescribeScore writes a search score for people: "+1.25" (pawns, for the
// side to move) or, for a decided game, "win in 3" / "loss in 4" (plies).
func DescribeScore(score int) string {
	switch {
	case score > scoreWinMin:
		return fmt.Sprintf("win in %d", scoreWin-score)
	case score < -scoreWinMin:
		return fmt.Sprintf("loss in %d", scoreWin+score)
	}
	return fmt.Sprintf("%+.2f", float64(score)/100)
}
