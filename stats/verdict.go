package stats

import (
	"fmt"
	"math"
	"strings"

	"balancefarm/engine"
	"balancefarm/protocol"
)

// Verdict flag names. Any raised flag makes a file not viable.
const (
	FlagDrawHeavy        = "draw_heavy"
	FlagUnfinished       = "unfinished"
	FlagShort            = "short"
	FlagOneSided         = "one_sided"
	FlagDepthInsensitive = "depth_insensitive"
)

// Verdicts: viable when every assessed flag's interval clears its
// threshold, not viable when some flag's interval lies beyond it, and
// inconclusive when neither holds for some flag (the games ran out first).
const (
	Viable       = "viable"
	NotViable    = "not_viable"
	Inconclusive = "inconclusive"
)

// Check states.
const (
	StateRaised      = "raised"       // the interval lies beyond the threshold
	StateClear       = "clear"        // the interval lies on the good side
	StateUndecided   = "undecided"    // the interval straddles the threshold
	StateNotAssessed = "not_assessed" // nothing to read it from
)

// Check is one verdict flag's test: the number it read with its interval,
// the threshold, and its state.
type Check struct {
	Name      string   `json:"name"`
	Raised    bool     `json:"raised"`
	State     string   `json:"state"`
	Assessed  bool     `json:"assessed"` // false when there were no games to read it from
	Value     Interval `json:"value"`
	Threshold float64  `json:"threshold"`
	Games     int      `json:"games"`
	// MoreGames, for an undecided check, estimates how many more games
	// would narrow the interval enough to clear the threshold one way or
	// the other if the estimate held (the interval shrinks as 1/sqrt(n));
	// -1 when the estimate sits on the threshold.
	MoreGames int `json:"more_games,omitempty"`
	// Effective is what Games are worth as independent games when some
	// repeat others (0: all of them; see Measures.ScopeEffective).
	Effective float64 `json:"effective_games,omitempty"`
	Detail    string  `json:"detail"`
}

// maxMoreGames caps MoreGames: beyond it the answer is "far more".
const maxMoreGames = 1_000_000

// MoreGamesRepeat is MoreGames for a check whose games mostly repeat each
// other (worth under half their number): more games from the same
// openings would repeat them too, and only more varied openings (or
// players that vary their play) can decide it.
const MoreGamesRepeat = -2

// repeating says whether a check's games are worth under half their
// number as independent ones.
func (c *Check) repeating() bool {
	return c.Effective > 0 && c.Effective < float64(c.Games)/2
}

// settle sets c's state from its interval against the good side [lo, hi]
// of the threshold(s): raised when the interval lies wholly outside,
// clear when wholly inside, else undecided with the games still needed.
func (c *Check) settle(lo, hi float64) {
	v := c.Value
	switch {
	case !c.Assessed:
		c.State = StateNotAssessed
	case v.Lo > hi || v.Hi < lo:
		c.State = StateRaised
	case v.Lo >= lo && v.Hi <= hi:
		c.State = StateClear
	default:
		c.State = StateUndecided
		gap := math.Min(math.Abs(v.Est-lo), math.Abs(v.Est-hi))
		half := math.Max(v.Est-v.Lo, v.Hi-v.Est)
		c.MoreGames = -1
		if v.Method == MethodOpeningsBound {
			c.MoreGames = MoreGamesUnplayedLines
			break
		}
		if c.repeating() {
			c.MoreGames = MoreGamesRepeat
			break
		}
		if gap > 1e-9 && c.Games > 0 {
			// The interval narrows with the effective games; more games
			// are assumed to repeat in the same proportion.
			eff, per := float64(c.Games), 1.0
			if c.Effective > 0 && c.Effective < eff {
				eff, per = c.Effective, float64(c.Games)/c.Effective
			}
			need := eff * (half / gap) * (half / gap)
			c.MoreGames = int(math.Min(math.Ceil((need-eff)*per), maxMoreGames))
			c.MoreGames = max(c.MoreGames, 1)
		}
	}
	c.Raised = c.State == StateRaised
}

// stateWords says a check's state in a detail line.
func (c Check) stateWords(beyond, inside string) string {
	switch c.State {
	case StateRaised:
		return beyond
	case StateClear:
		return inside
	}
	if c.MoreGames == MoreGamesUnplayedLines {
		return "undecided (the bound straddles the threshold; playing the opening lines not yet played would decide it)"
	}
	if c.MoreGames == MoreGamesRepeat {
		return fmt.Sprintf("undecided (the interval straddles the threshold; the %d games are worth about %.1f independent ones, "+
			"as most repeat others move for move, so more games from the same openings would not decide it)", c.Games, c.Effective)
	}
	more := "far more games"
	if c.MoreGames > 0 {
		more = fmt.Sprintf("about %d more games", c.MoreGames)
	}
	return "undecided (the interval straddles the threshold; " + more + " would decide it)"
}

// Undecided lists the checks whose interval straddles their threshold.
func Undecided(checks []Check) []Check {
	var out []Check
	for _, c := range checks {
		if c.State == StateUndecided {
			out = append(out, c)
		}
	}
	return out
}

// VerdictOf is the verdict the checks give: not viable when one is
// raised, else inconclusive when one is undecided, else viable.
func VerdictOf(checks []Check) string {
	v := Viable
	for _, c := range checks {
		switch c.State {
		case StateRaised:
			return NotViable
		case StateUndecided:
			v = Inconclusive
		}
	}
	return v
}

// Measures are the numbers the verdict flags are read from.
type Measures struct {
	Scope      string // which games the rates are read from
	ScopeGames int
	// ScopeEffective is what the scope's games are worth as independent
	// ones (effectiveGames; 0 when not computed: all of them). When the
	// rates are read over the opening lines it is kept for the reader,
	// though no interval is then as wide as it makes it.
	ScopeEffective float64
	// Openings, when set, says that the four rates below (Draws,
	// Unfinished, Short and, read from the scope, FirstMover) are read
	// over the random opening's lines instead of sampled, and which case
	// applies: every line played (exact) or some (the rest bound them).
	// Empty when they are sampled.
	Openings   string
	Draws      Interval // draw rate in scope
	Unfinished Interval // max_plies or no_progress share in scope
	Short      Interval // share over within ShortPlies in scope
	// FirstMover is the first mover's score at equal strength; FirstMoverFrom
	// says how it was measured and FirstMoverGames from how many games.
	FirstMover      Interval
	FirstMoverFrom  string
	FirstMoverGames int
	// FirstMoverEffective is ScopeEffective when the score is read from
	// the scope's games.
	FirstMoverEffective float64
	// FirstMoverPairs is the first mover's mean score over colour-swapped
	// pairs, all pairings together, with an interval that treats each pair
	// as one sample; one_sided needs it to leave 0.5 out.
	FirstMoverPairs Interval
	// Depth is the strongest rated rung's expected score against the
	// weakest; DepthOK is false when fewer than two rungs were rated.
	Depth              Interval
	DepthOK            bool
	DepthTop, DepthLow string
	DepthGames         int
	DepthEloDifference Interval
	// DepthSameSeeds is, when every pairing got the same result by seat
	// on each opening (Depth is then 1/2 exactly), how many openings
	// showed it; 0 otherwise.
	DepthSameSeeds int
}

// MethodSameResults marks a value known exactly because no player's
// choice changed a result: on every opening every pairing got the same
// result by seat.
const MethodSameResults = "same-results"

func pct(iv Interval) string {
	return fmt.Sprintf("%.2f (%.2f-%.2f)", iv.Est, iv.Lo, iv.Hi)
}

// Checks reads every flag from m against th, in a fixed order. A flag is
// raised only when its whole interval lies beyond the threshold, and
// cleared only when its whole interval lies on the good side.
func Checks(m Measures, th Thresholds) []Check {
	rateCheck := func(name, what string, v Interval, t float64) Check {
		c := Check{Name: name, Value: v, Threshold: t, Games: m.ScopeGames, Effective: m.ScopeEffective, Assessed: m.ScopeGames > 0}
		c.settle(0, t)
		c.Detail = fmt.Sprintf("%s in %.0f of %d %s: %s, %s the threshold %.2f",
			what, v.Est*float64(m.ScopeGames), m.ScopeGames, m.Scope, pct(v), c.stateWords("above", "not above"), t)
		if m.Openings != "" {
			// A line's weight, not its games' count, makes the rate.
			c.Detail = fmt.Sprintf("%s over the random opening's lines, each weighted by its chance (%s; %d %s): %s, %s the threshold %.2f",
				what, m.Openings, m.ScopeGames, m.Scope, pct(v), c.stateWords("above", "not above"), t)
		}
		if !c.Assessed {
			c.Detail = "no games to read it from"
		}
		return c
	}
	out := []Check{
		rateCheck(FlagDrawHeavy, "draws", m.Draws, th.DrawHeavy),
		rateCheck(FlagUnfinished, "max_plies or no_progress endings", m.Unfinished, th.Unfinished),
		rateCheck(FlagShort, fmt.Sprintf("games over within %d plies", th.ShortPlies), m.Short, th.Short),
	}
	one := Check{Name: FlagOneSided, Value: m.FirstMover, Threshold: th.OneSided, Games: m.FirstMoverGames, Effective: m.FirstMoverEffective, Assessed: m.FirstMoverGames > 0}
	one.settle(1-th.OneSided, th.OneSided)
	if one.Assessed {
		one.Detail = fmt.Sprintf("first mover's score at equal strength %s, %s; %s [%.2f, %.2f]",
			pct(m.FirstMover), m.FirstMoverFrom, one.stateWords("outside", "inside"), 1-th.OneSided, th.OneSided)
	} else {
		one.Detail = "no games to read it from"
	}
	depth := Check{Name: FlagDepthInsensitive, Value: m.Depth, Threshold: th.DepthMinScore, Games: m.DepthGames, Assessed: m.DepthOK}
	depth.settle(th.DepthMinScore, 1)
	switch {
	case depth.Assessed && m.DepthSameSeeds > 0:
		depth.Detail = fmt.Sprintf("every pairing got the same result on each of %d openings, whoever played: %s's score against %s is 0.50 exactly, below the threshold %.2f",
			m.DepthSameSeeds, m.DepthTop, m.DepthLow, th.DepthMinScore)
	case depth.Assessed:
		depth.Detail = fmt.Sprintf("%s's expected score against %s %s (%+.0f Elo, %+.0f to %+.0f), %s the threshold %.2f",
			m.DepthTop, m.DepthLow, pct(m.Depth), m.DepthEloDifference.Est, m.DepthEloDifference.Lo, m.DepthEloDifference.Hi,
			depth.stateWords("below", "not below"), th.DepthMinScore)
	default:
		depth.Detail = "fewer than two rungs were rated, so depth cannot be measured"
	}
	return append(out, one, depth)
}

// Warning is a design warning: reported, never part of the verdict.
type Warning struct {
	Name     string             `json:"name"`
	Detail   string             `json:"detail"`
	Evidence map[string]float64 `json:"evidence,omitempty"`
}

// Design warning names.
const (
	WarnFirstMoveCapture = "first_move_capture"
	WarnWildPieceEarly   = "wild_piece_taken_early"
	WarnGoalEarly        = "goal_reached_early"
	WarnHazardAvoided    = "hazard_avoided"
	WarnCastlingUnused   = "castling_unused"
	WarnEnPassantUnused  = "en_passant_unused"
	WarnDoubleStepUnused = "double_step_unused"
	WarnFirstMoverEdge   = "first_mover_edge"
	WarnGameErrors       = "game_errors"
)

// Warnings checks the start position (start) and the played games (scope:
// the games the rates are read from) for the reference's design pitfalls.
func Warnings(start StartInfo, scope []Game, m Measures, errorGames int, th Thresholds) []Warning {
	var out []Warning
	n := len(scope)
	share := func(pred func(Game) bool) (int, float64) {
		k := 0
		for _, g := range scope {
			if pred(g) {
				k++
			}
		}
		if n == 0 {
			return 0, 0
		}
		return k, float64(k) / float64(n)
	}

	if start.FirstMoveCapture[0] || start.FirstMoveCapture[1] {
		var who []string
		for p := range 2 {
			if start.FirstMoveCapture[p] {
				s := fmt.Sprintf("player %d", p)
				if len(start.FirstMoveCaptures[p]) > 0 {
					s += " (" + strings.Join(start.FirstMoveCaptures[p], ", ") + ")"
				}
				who = append(who, s)
			}
		}
		w := Warning{Name: WarnFirstMoveCapture,
			Detail:   "a capture is available on the first move of " + strings.Join(who, " and ") + ": every game may open with a forced exchange",
			Evidence: map[string]float64{"player0": b2f(start.FirstMoveCapture[0]), "player1": b2f(start.FirstMoveCapture[1])}}
		if k, r := share(func(g Game) bool { p := g.feature(protocol.FeatureFirstCapturePly); return p >= 1 && p <= 2 }); k > 0 {
			w.Detail += fmt.Sprintf("; %d of %d games captured on ply 1 or 2", k, n)
			w.Evidence["games_share"] = r
		}
		out = append(out, w)
	}

	early := func(feature string) func(Game) bool {
		return func(g Game) bool { p := g.feature(feature); return p >= 1 && p <= th.EarlyPlies }
	}
	if start.HasNPCs && n > 0 {
		if k, r := share(early(protocol.FeatureNPCTakenPly)); r >= th.EarlyRate {
			out = append(out, Warning{Name: WarnWildPieceEarly,
				Detail:   fmt.Sprintf("a wild piece was taken by ply %d in %d of %d games (%.2f, at least %.2f): the rule is used up early", th.EarlyPlies, k, n, r, th.EarlyRate),
				Evidence: map[string]float64{"share": r, "threshold": th.EarlyRate}})
		}
	}
	if start.HasReach && n > 0 {
		goalEarly := func(g Game) bool {
			if p := g.feature(protocol.FeatureGoalPly); p > 0 {
				return p <= th.EarlyPlies
			}
			return g.Rule == engine.EndReach && g.Plies <= th.EarlyPlies
		}
		if k, r := share(goalEarly); r >= th.EarlyRate {
			out = append(out, Warning{Name: WarnGoalEarly,
				Detail:   fmt.Sprintf("a goal square was reached by ply %d in %d of %d games (%.2f, at least %.2f)", th.EarlyPlies, k, n, r, th.EarlyRate),
				Evidence: map[string]float64{"share": r, "threshold": th.EarlyRate}})
		}
	}
	// A rule weak players ignore may still matter in good play, so "never
	// used" is only said of play shown to be skilful (the strongest rung
	// clearly beats the weakest) and only when the share's whole interval
	// lies at or below RareUse, so a few games cannot suggest it.
	skilful := m.DepthOK && m.Depth.Lo >= th.DepthMinScore
	rareWhen := func(on bool, name, what string, used func(Game) bool) {
		if !on || n == 0 || !skilful {
			return
		}
		k, r := share(used)
		if iv := Wilson(float64(k), n, th.Confidence); iv.Hi <= th.RareUse {
			out = append(out, Warning{Name: name,
				Detail: fmt.Sprintf("%s in %d of %d %s (%.3f, interval up to %.3f, at most %.2f): kept but never or almost never used in skilful play",
					what, k, n, m.Scope, r, iv.Hi, th.RareUse),
				Evidence: map[string]float64{"share": r, "high": iv.Hi, "threshold": th.RareUse}})
		}
	}
	rare := func(on bool, name, what, feature string) {
		rareWhen(on, name, what, func(g Game) bool { return g.feature(feature) > 0 })
	}
	hazard := "a hazard"
	if start.Hazard != "" {
		hazard = start.Hazard
	}
	rare(start.HasHazard, WarnHazardAvoided, hazard+" was met", protocol.FeatureHazardMet)
	rare(start.UsesCastling, WarnCastlingUnused, "castling was played", protocol.FeatureCastling)
	// En passant is rare in sound play: it is offered only when a double
	// step lands beside an enemy pawn, and taken only when that is best.
	// Its use is that the double step cannot slip past a pawn, which holds
	// whenever it is offered, so a game counts when it was offered.
	rareWhen(start.UsesEnPassant, WarnEnPassantUnused, "en passant was offered or played",
		func(g Game) bool {
			return g.feature(protocol.FeatureEnPassant) > 0 || g.feature(protocol.FeatureEnPassantChances) > 0
		})
	rare(start.UsesDoubleStep, WarnDoubleStepUnused, "a double step was played", protocol.FeatureDoubleStep)

	if fm := m.FirstMover; m.FirstMoverGames > 0 {
		ahead := fm.Est >= th.FirstMoverEdge && fm.Lo > 0.5
		behind := fm.Est <= 1-th.FirstMoverEdge && fm.Hi < 0.5
		if ahead || behind {
			who := "first"
			if behind {
				who = "second"
			}
			out = append(out, Warning{Name: WarnFirstMoverEdge,
				Detail:   fmt.Sprintf("the %s mover is ahead: first mover's score at equal strength %s, %s", who, pct(fm), m.FirstMoverFrom),
				Evidence: map[string]float64{"score": fm.Est, "low": fm.Lo, "high": fm.Hi, "threshold": th.FirstMoverEdge}})
		}
	}
	if errorGames > 0 {
		out = append(out, Warning{Name: WarnGameErrors,
			Detail:   fmt.Sprintf("%d game(s) ended in an engine or player error and are left out of every figure", errorGames),
			Evidence: map[string]float64{"games": float64(errorGames)}})
	}
	return out
}

// scoreFromElo maps an Elo interval to expected scores.
func scoreFromElo(iv Interval) Interval {
	return Interval{Est: ExpectedScore(iv.Est), Lo: ExpectedScore(iv.Lo), Hi: ExpectedScore(iv.Hi), Method: iv.Method}
}
