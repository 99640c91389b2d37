package stats

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"balancefarm/engine"
	"balancefarm/protocol"
)

// Analysis is everything measured about one rule file's games.
type Analysis struct {
	Ladder     Ladder
	Start      StartInfo
	Thresholds Thresholds

	Games  int // games counted (every game but errors)
	Errors int // games that ended in "error", left out

	Pairings   []Pairing
	Ratings    Ratings
	Measures   Measures
	Metrics    []Metric
	SkillSteps []SkillStep
	// Skill is the skill share (the clairvoyant rung's games are read
	// only there).
	Skill    SkillShare
	Checks   []Check // every verdict flag's test, raised or not
	Warnings []Warning
	Endings  []RuleCount // every counted game by ending rule
	Plies    []int       // every counted game's length, for histograms
	Verdict  string      // Viable, NotViable or Inconclusive
}

// Flags are the raised checks: the reasons for a NotViable verdict.
func (a *Analysis) Flags() []Check {
	var out []Check
	for _, c := range a.Checks {
		if c.Raised {
			out = append(out, c)
		}
	}
	return out
}

// ErrNoGames is Analyze's error when no game was counted: every game
// ended in error, or none was played. Unmeasured is the analysis to
// report then.
var ErrNoGames = errors.New("stats: no finished games to analyse")

// Unmeasured is the analysis of a batch none of whose games counted:
// nothing measured, and the verdict inconclusive, since the games that
// would decide it are the ones missing. errs counts the games that ended
// in error.
func Unmeasured(l Ladder, start StartInfo, errs int, th Thresholds) *Analysis {
	return &Analysis{Ladder: l, Start: start, Thresholds: th, Errors: errs, Verdict: Inconclusive}
}

// Analyze measures a file's games: pairings, ratings, metrics, verdict
// flags and design warnings. games may come in any order; games ending in
// "error" are counted apart. It fails on a bad ladder, bad thresholds, a
// malformed game, or no counted game at all (ErrNoGames).
func Analyze(l Ladder, start StartInfo, games []Game, th Thresholds) (*Analysis, error) {
	if err := l.Validate(); err != nil {
		return nil, err
	}
	if err := th.Validate(); err != nil {
		return nil, err
	}
	a := &Analysis{Ladder: l, Start: start, Thresholds: th}
	var counted []Game
	for i, g := range games {
		if err := checkGame(l, i, g); err != nil {
			return nil, err
		}
		if g.Rule == engine.EndError {
			a.Errors++
			continue
		}
		counted = append(counted, g)
	}
	if len(counted) == 0 {
		return nil, fmt.Errorf("%w (%d ended in error)", ErrNoGames, a.Errors)
	}
	a.Games = len(counted)
	a.Endings = countEndings(counted)
	for _, g := range counted {
		a.Plies = append(a.Plies, g.Plies)
	}
	// The clairvoyant rung serves the skill share alone: every other
	// figure reads the ladder's games without it.
	withSeer := counted
	counted, _ = splitSeer(l, counted)
	a.Skill = MeasureSkill(l, withSeer, start.Foreseeable, th)
	a.Skill.Foresees = start.Foresees
	if len(counted) == 0 {
		return nil, fmt.Errorf("stats: no finished games of the ladder's rungs to analyse (only the clairvoyant rung's)")
	}
	a.Pairings = buildPairings(l, counted, th.Confidence)
	ratings, err := FitRatings(l, counted, th.PriorDraws, th.Confidence)
	if err != nil {
		return nil, err
	}
	a.Ratings = ratings

	// Equal-strength games, the strongest rung against itself, when
	// there are any; else the games among the strong rungs; else all.
	top := l.Rungs[len(l.Rungs)-1]
	scope := mirrorGames(counted, top)
	scopeName := "games of the strongest rung (" + top + ") against itself"
	if len(scope) == 0 {
		strong := l.strongSet(th.StrongRungs)
		for _, g := range counted {
			if strong[g.P0] && strong[g.P1] {
				scope = append(scope, g)
			}
		}
		names := l.Rungs[max(0, len(l.Rungs)-th.StrongRungs):]
		scopeName = "games among the strongest rungs (" + strings.Join(names, ", ") + ")"
	}
	if len(scope) == 0 {
		scope = counted
		scopeName = "games (all rungs: none were played among the strongest)"
	}
	// Said where the rates are: a rate over few distinct games is weaker
	// evidence than its game count suggests.
	scopeName += linesNote(scope)
	a.Measures = measure(l, th, counted, scope, scopeName, ratings, start.Openings)
	a.Metrics, a.SkillSteps = Metrics(l, scope, counted, th.Confidence)
	a.Checks = append(Checks(a.Measures, th), LuckCheck(a.Skill, th))
	a.Warnings = Warnings(start, scope, a.Measures, a.Errors, th)
	a.Verdict = VerdictOf(a.Checks)
	return a, nil
}

// measure computes the flags' inputs: the rates from scope, the first
// mover's score from games of a strong rung against itself (the scope's
// own when it is such games), else from the rating fit's first-move term.
// openings are the random opening's lines when listed (StartInfo.Openings).
func measure(l Ladder, th Thresholds, all, scope []Game, scopeName string, r Ratings, openings []OpeningLine) Measures {
	m := equalMeasures(th, scope, scopeName, openings)
	m.Scope = scopeName
	strong := l.strongSet(th.StrongRungs)
	var firsts []float64
	for _, g := range all {
		if g.P0 == g.P1 && strong[g.P0] {
			firsts = append(firsts, g.scoreOf(0))
		}
	}
	switch n := len(firsts); {
	case len(scope) > 0 && scope[0].P0 == scope[0].P1 && n == len(scope):
		m.FirstMoverFrom = fmt.Sprintf("from %d games of the strongest rung against itself", n) + linesNote(scope) + openingsNote(m.Openings)
	case n > 0:
		m.FirstMover = firstMoverInterval(firsts, th.Confidence)
		m.FirstMoverEffective = 0
		m.FirstMoverFrom = fmt.Sprintf("from %d games of the strongest rungs against themselves", n)
		m.FirstMoverGames = n
	default:
		m.FirstMover = scoreFromElo(r.FirstMove)
		m.FirstMoverEffective = 0
		m.FirstMoverFrom = fmt.Sprintf("from the rating fit's first-move term (%+.0f Elo) over all %d games", r.FirstMove.Est, len(all))
		m.FirstMoverGames = len(all)
	}

	// The significance of the first move, read on colour-swapped pairs:
	// both games of a pair share their opening, so they are one sample,
	// not two, and over a pair the players' strengths cancel.
	m.FirstMoverPairs = m.FirstMover
	if pairs, _ := completePairs(all); len(pairs) >= 2 {
		xs := make([]float64, len(pairs))
		for i, p := range pairs {
			xs[i] = (p[0].scoreOf(0) + p[1].scoreOf(0)) / 2
		}
		m.FirstMoverPairs = meanInterval(xs, th.Confidence, 0, 1)
	}

	if len(r.Rungs) >= 2 {
		top, low := r.Rungs[len(r.Rungs)-1], r.Rungs[0]
		if d, err := r.Diff(top.Spec, low.Spec); err == nil {
			m.DepthOK = true
			m.DepthTop, m.DepthLow = top.Spec, low.Spec
			m.DepthEloDifference = d
			m.Depth = scoreFromElo(d)
			m.DepthGames = len(all)
			if seeds, _, same := sameResults(all); same {
				// No player's choice changed a result: the skill gap is
				// known, zero, and the score is one half exactly.
				m.Depth = Interval{Est: 0.5, Lo: 0.5, Hi: 0.5, Method: MethodSameResults}
				m.DepthEloDifference = Interval{Method: MethodSameResults}
				m.DepthSameSeeds = seeds
			}
		}
	}
	return m
}

// linesNote says, when some of the games repeat others, how many of them
// are distinct and, when that weighs, what they are worth as independent
// games; "" when all are distinct or some game does not say its line.
func linesNote(games []Game) string {
	d := distinctLines(games)
	if d == 0 || d == len(games) {
		return ""
	}
	note := fmt.Sprintf(", %d of them distinct", d)
	if e := effectiveGames(games); e < float64(len(games))*0.9 {
		note += fmt.Sprintf(" (worth about %.1f independent games)", e)
	}
	return note
}

// distinctLines counts the different lines among games, 0 when some game
// does not say its line.
func distinctLines(games []Game) int {
	seen := map[uint64]bool{}
	for _, g := range games {
		if g.Line == 0 {
			return 0
		}
		seen[g.Line] = true
	}
	return len(seen)
}

// effectiveGames is how many independent games the games are worth when
// some repeat others move for move: Kish's effective sample size
// (sum of counts)^2 / sum of squared counts over the distinct lines, the
// number of games whose plain mean would be as precise as the mean over
// these lines weighted by how often each was played. Deterministic
// players replay an opening's game exactly, so on a board whose openings
// allow few lines (Dobutsu's allow five) a few hundred games are worth a
// handful, however narrow their plain interval: what is uncertain is how
// other strong play would go from those openings, and each line is one
// sample of it. A line in which the players never had a choice (every
// move after the opening forced) is no sample of play, only of the
// openings, so its repeats count in full, as do games that do not say
// their line or their choices. All games distinct, it is their number.
func effectiveGames(games []Game) float64 {
	return kishEffective(len(games), func(i int) (uint64, bool) {
		g := games[i]
		return g.Line, g.Line != 0 && g.feature(protocol.FeatureChoices) != 0
	})
}

// kishEffective is Kish's effective sample size over n games, where
// lineOf says game i's line and whether its repeats count as one sample
// (false: the game counts as its own sample).
func kishEffective(n int, lineOf func(i int) (line uint64, repeats bool)) float64 {
	counts := map[uint64]float64{}
	var single float64 // games counted as their own sample
	for i := range n {
		line, repeats := lineOf(i)
		if !repeats {
			single++
			continue
		}
		counts[line]++
	}
	sq := single
	for _, c := range counts {
		sq += c * c
	}
	if sq == 0 {
		return 0
	}
	return float64(n) * float64(n) / sq
}

// mirrorGames are the games spec played against itself.
func mirrorGames(games []Game, spec string) []Game {
	var out []Game
	for _, g := range games {
		if g.P0 == spec && g.P1 == spec {
			out = append(out, g)
		}
	}
	return out
}

// firstMoverInterval is the first mover's mean score over independent
// games (each 0, 1/2 or 1) with a normal interval from their observed
// variance: with draws it is narrower than Wilson's, which treats each
// game as a coin. With no spread yet (every game alike) the Wilson
// interval stands in, so a handful of identical results is not certain.
func firstMoverInterval(scores []float64, confidence float64) Interval {
	return firstMoverIntervalAt(scores, float64(len(scores)), confidence)
}

// firstMoverIntervalAt is firstMoverInterval for scores that carry the
// information of only eff independent games.
func firstMoverIntervalAt(scores []float64, eff, confidence float64) Interval {
	n := len(scores)
	var sum, sq float64
	for _, x := range scores {
		sum += x
	}
	mean := sum / float64(n)
	for _, x := range scores {
		sq += (x - mean) * (x - mean)
	}
	w := wilsonAt(sum, float64(n), eff, confidence)
	if n < 2 || sq == 0 {
		return w
	}
	half := zFor(confidence) * math.Sqrt(sq/float64(n-1)/eff)
	iv := Interval{Est: mean, Lo: math.Max(0, mean-half), Hi: math.Min(1, mean+half), Method: MethodNormal}
	return iv
}

// FirstMoverScore is the first mover's score over games (of one pairing,
// usually a player against itself) with the interval the verdict reads:
// games that repeat each other move for move count as one sample, so a
// live page or a match shows what the report will. It also returns what
// the games are worth as independent ones.
func FirstMoverScore(games []Game, confidence float64) (Interval, float64) {
	return FirstMoverScoreOver(games, nil, confidence)
}

// FirstMoverScoreOver is FirstMoverScore for a file whose random
// opening's lines are listed (StartInfo.Openings; nil: FirstMoverScore):
// read over them, as the verdict reads it, where the games allow.
func FirstMoverScoreOver(games []Game, openings []OpeningLine, confidence float64) (Interval, float64) {
	if len(games) == 0 {
		return Interval{}, 0
	}
	if r, ok := readOpenings(DefaultThresholds(), games, openings); ok {
		return r.first, effectiveGames(games)
	}
	firsts := make([]float64, len(games))
	for i, g := range games {
		firsts[i] = g.scoreOf(0)
	}
	eff := effectiveGames(games)
	return firstMoverIntervalAt(firsts, eff, confidence), eff
}
