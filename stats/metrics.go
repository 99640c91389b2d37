package stats

import (
	"math"
)

// Metric is one of the general game systems' evaluation metrics, under
// Ludii's name (Ludii's Evaluation/src/metrics), with an interval.
type Metric struct {
	Name       string   `json:"name"`
	Ludii      string   `json:"ludii"`
	Definition string   `json:"definition"`
	Measured   bool     `json:"measured"` // false when no game carried what it needs
	Value      Interval `json:"value"`
	Games      int      `json:"games"`
}

// Metric names.
const (
	MetricCompletion  = "completion"
	MetricDrawishness = "drawishness"
	MetricTimeouts    = "timeouts"
	MetricBalance     = "balance"
	MetricAdvantage   = "advantage_first_player"
	MetricDuration    = "duration"
	MetricDecisive    = "decisiveness"
	MetricLeadChange  = "lead_change"
	MetricSkillTrace  = "skill_trace"
)

// SkillStep is one budget doubling: the doubled side's score.
type SkillStep struct {
	Weak   string   `json:"weak"`
	Strong string   `json:"strong"`
	Games  int      `json:"games"`
	Score  Interval `json:"score"` // Strong's score, Wilson
}

// proportion is a Wilson-interval metric over games.
func proportion(name, ludii, def string, games []Game, pred func(Game) bool, conf float64) Metric {
	k := 0
	for _, g := range games {
		if pred(g) {
			k++
		}
	}
	return Metric{Name: name, Ludii: ludii, Definition: def, Measured: len(games) > 0,
		Value: Wilson(float64(k), len(games), conf), Games: len(games)}
}

// meanMetric is a Student-t metric over the per-game values that exist.
func meanMetric(name, ludii, def string, xs []float64, conf, lo, hi float64) Metric {
	return Metric{Name: name, Ludii: ludii, Definition: def, Measured: len(xs) > 0,
		Value: meanInterval(xs, conf, lo, hi), Games: len(xs)}
}

// balance is 1 - |w0 - w1| with an interval from the normal interval of
// the difference d = w0 - w1 (per-game value +1, -1 or 0, variance
// w0 + w1 - d²), mapped through 1 - |d|.
func balance(games []Game, conf float64) Interval {
	n := float64(len(games))
	if n == 0 {
		return Interval{Method: MethodDifference}
	}
	var w0, w1 float64
	for _, g := range games {
		switch g.Winner {
		case 0:
			w0++
		case 1:
			w1++
		}
	}
	w0, w1 = w0/n, w1/n
	d := w0 - w1
	half := zFor(conf) * math.Sqrt(math.Max(w0+w1-d*d, 0)/n)
	lo, hi := d-half, d+half
	absLo, absHi := math.Min(math.Abs(lo), math.Abs(hi)), math.Max(math.Abs(lo), math.Abs(hi))
	if lo <= 0 && 0 <= hi {
		absLo = 0
	}
	return Interval{Est: 1 - math.Abs(d), Lo: math.Max(0, 1-absHi), Hi: math.Min(1, 1-absLo), Method: MethodDifference}
}

// Metrics computes the Ludii-named metrics over scope (the strong games)
// and the skill trace over the ladder's doubling pairs in all games.
func Metrics(l Ladder, scope, all []Game, conf float64) ([]Metric, []SkillStep) {
	var out []Metric
	out = append(out,
		proportion(MetricCompletion, "Completion",
			"share of games with a winner: neither a draw nor a timeout", scope,
			func(g Game) bool { return g.Winner >= 0 }, conf),
		proportion(MetricDrawishness, "Drawishness",
			"share of games drawn by a rule of the game (stalemate, repetition, no_progress, a drawing result), that is draws that are not timeouts", scope,
			func(g Game) bool { return g.Winner == -1 && !g.timeout() }, conf),
		proportion(MetricTimeouts, "Timeouts",
			"share of games stopped by the ply limit with no winner (max_plies, or a scoring ending that left the scores level)", scope,
			Game.timeout, conf),
		Metric{Name: MetricBalance, Ludii: "Balance",
			Definition: "1 - |w0 - w1|, where w_p is the share of games player p won (1: both sides win equally often)",
			Measured:   len(scope) > 0, Value: balance(scope, conf), Games: len(scope)},
		proportion(MetricAdvantage, "AdvantageP1",
			"share of games the first mover won", scope,
			func(g Game) bool { return g.Winner == 0 }, conf),
	)
	var plies, decisive, leads []float64
	for _, g := range scope {
		plies = append(plies, float64(g.Plies))
		if g.Winner >= 0 && g.DecisivePly > 0 && g.Plies > 0 {
			decisive = append(decisive, math.Min(1, float64(g.DecisivePly)/float64(g.Plies)))
		}
		if g.Plies > 0 {
			leads = append(leads, float64(g.LeadChanges)/float64(g.Plies))
		}
	}
	out = append(out,
		meanMetric(MetricDuration, "DurationMoves",
			"mean game length in plies (each player's move counted separately); not a share, so not in [0, 1]",
			plies, conf, 0, math.Inf(1)),
		meanMetric(MetricDecisive, "DecisivenessMoves",
			"mean over won games that recorded it of DecisivePly / Plies: the share of the game played before the eventual winner's evaluation stayed past the decisiveness threshold",
			decisive, conf, 0, 1),
		meanMetric(MetricLeadChange, "LeadChange",
			"mean over games of LeadChanges / Plies: how often per ply the side ahead by the players' evaluation changed",
			leads, conf, 0, 1),
	)
	steps, trace := skillTrace(l, all, conf)
	out = append(out, trace)
	return out, steps
}

// skillTrace reads every budget-doubling pairing: each step's doubled side
// score, and their pooled score as the metric.
func skillTrace(l Ladder, games []Game, conf float64) ([]SkillStep, Metric) {
	m := Metric{Name: MetricSkillTrace, Ludii: "SkillTrace",
		Definition: "the doubled-budget side's score (win 1, draw 1/2) pooled over the ladder's budget-doubling pairings: 1/2 when a doubled budget does not help, 1 when it always wins. Ludii plays its own doubling series and extrapolates it by a linear regression; this reads the ladder's doubling pairs, each step reported apart"}
	var steps []SkillStep
	var pts float64
	n := 0
	for _, d := range l.Doublings {
		var c Counts
		for _, g := range games {
			if pairKey(l, g.P0, g.P1) == pairKey(l, d.Weak, d.Strong) {
				c.add(subjectScore(g, d.Strong))
			}
		}
		if c.Games() == 0 {
			continue
		}
		steps = append(steps, SkillStep{Weak: d.Weak, Strong: d.Strong, Games: c.Games(),
			Score: Wilson(c.Points(), c.Games(), conf)})
		pts += c.Points()
		n += c.Games()
	}
	m.Measured = n > 0
	m.Games = n
	m.Value = Wilson(pts, n, conf)
	if n == 0 {
		m.Value = Interval{Method: MethodWilson}
	}
	return steps, m
}
