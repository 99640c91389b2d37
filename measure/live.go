package measure

import (
	"fmt"
	"math"
	"strings"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/search"
	"balancefarm/selfplay"
	"balancefarm/stats"
)

// PairingScore is one pairing's running score, as cutechess and fastchess
// show a match while it plays: wins, draws and losses of A (the stronger
// rung; for the strongest rung against itself, the first mover), its
// score and Elo difference with a 95% interval, and the state of the stop
// rule's sequential tests.
type PairingScore struct {
	A      string  `json:"a"`
	B      string  `json:"b"`
	Mirror bool    `json:"mirror,omitempty"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Games  int     `json:"games"`
	Score  float64 `json:"score"`
	Elo    float64 `json:"elo"`
	EloLo  float64 `json:"elo_low"`
	EloHi  float64 `json:"elo_high"`
	// Interval is false while too few games vary for one (EloLo and EloHi
	// are then the estimate).
	Interval bool `json:"interval"`
	// Tests are the stop rule's SPRTs (stats.Decide) on the games so far;
	// Stopped says the rule would stop the pairing now, Reason why.
	Tests   []stats.Test `json:"tests,omitempty"`
	Stopped bool         `json:"stopped"`
	Reason  string       `json:"reason,omitempty"`
	// Seconds is the workers' time playing the pairing's games so far
	// (each on one core), counted or not: where the time goes.
	Seconds float64 `json:"seconds"`
}

// Scorer computes running scores for one plan.
type Scorer struct {
	// Game, when set, reads a seated game's winners as the armies
	// (selfplay.GamesOf).
	Game   *engine.Game
	plan   protocol.Plan
	ladder stats.Ladder
	th     stats.Thresholds
	judged bool // the stop rule's tests can be run
}

// NewScorer scores plan's pairings with the stop rule a sequential
// measurement at precision would use (see SequentialStop).
func NewScorer(plan protocol.Plan, precision float64) *Scorer {
	s := &Scorer{plan: plan}
	ladder, err := selfplay.Ladder(plan.Players)
	if err != nil {
		return s
	}
	th := stats.DefaultThresholds()
	th.MaxGames = max(plan.GamesPerPairing, th.MinGames)
	if plan.MirrorGames > 0 {
		ladder.Mirror = true
		th.MirrorMaxGames = plan.MirrorGames
		if precision > 0 {
			th.Precision = precision
		}
	}
	if th.Validate() == nil {
		s.ladder, s.th, s.judged = ladder, th, true
	}
	return s
}

// WithFlagsOnly makes s score the equal-strength games as a measurement
// with Settings.FlagsOnly stops them.
func (s *Scorer) WithFlagsOnly(on bool) *Scorer {
	s.th.FlagsOnly = on
	return s
}

// Pairing names the plan's pairing a result belongs to, or false.
func (s *Scorer) Pairing(r protocol.Result) (protocol.Pairing, bool) {
	for _, p := range s.plan.Pairings() {
		if r.P0 == p.A && r.P1 == p.B || r.P0 == p.B && r.P1 == p.A {
			return p, true
		}
	}
	// The top rung with learned values (Settings.Learned) plays the
	// mirror pairing.
	if m := s.plan.Mirror; m != "" && r.P0 == r.P1 && search.WithoutValues(r.P0) == search.WithoutValues(m) {
		return protocol.Pairing{A: m, B: m}, true
	}
	return protocol.Pairing{}, false
}

// Scores are the running scores of every pairing with a game, in plan order.
func (s *Scorer) Scores(results []protocol.Result) []PairingScore {
	by := map[protocol.Pairing][]protocol.Result{}
	for _, r := range results {
		if p, ok := s.Pairing(r); ok {
			by[p] = append(by[p], r)
		}
	}
	var out []PairingScore
	for _, p := range s.plan.Pairings() {
		if rs := by[p]; len(rs) > 0 {
			out = append(out, s.Score(p, rs))
		}
	}
	return out
}

// Score is one pairing's running score over its results.
func (s *Scorer) Score(p protocol.Pairing, results []protocol.Result) PairingScore {
	games := selfplay.GamesOf(s.Game, results)
	ps := PairingScore{A: p.A, B: p.B, Mirror: p.A == p.B}
	for _, r := range results {
		ps.Seconds += float64(r.DurationMS) / 1000
	}
	if ps.Mirror && len(games) > 0 {
		// Named as played (with learned values, perhaps), judged as the
		// plan's mirror pairing, which is what the stop rule does.
		ps.A, ps.B = games[0].P0, games[0].P0
		for i := range games {
			games[i].P0, games[i].P1 = p.A, p.A
		}
	}
	if !ps.Mirror {
		// The clairvoyant rung, no rung of search's order, is the stronger.
		if c, err := search.CompareStrength(p.B, p.A); err == nil && c > 0 || stats.IsSeer(p.B) {
			ps.A, ps.B = p.B, p.A
		}
	}
	var counted []stats.Game
	for _, g := range games {
		if g.Rule == engine.EndError {
			continue
		}
		counted = append(counted, g)
		side := 0 // the first mover, for the mirror pairing
		if !ps.Mirror && g.P1 == ps.A {
			side = 1
		}
		switch g.Winner {
		case side:
			ps.Wins++
		case -1:
			ps.Draws++
		default:
			ps.Losses++
		}
	}
	ps.Games = ps.Wins + ps.Draws + ps.Losses
	if ps.Games == 0 {
		return ps
	}
	ps.Score = (float64(ps.Wins) + float64(ps.Draws)/2) / float64(ps.Games)
	iv := trinomialInterval(ps.Wins, ps.Draws, ps.Losses)
	if ps.Mirror {
		// The first mover's score as the verdict reads it: games that
		// repeat each other move for move are one sample.
		iv, _ = stats.FirstMoverScoreOver(counted, selfplay.OpeningLines(s.Game, results), 0.95)
	} else {
		// Colour-swapped pairs share an opening: the pentanomial interval
		// counts them as units, as the stop rule does.
		if m, err := stats.Match(counted, ps.A, ps.B, 0, 10, 0.05, 0.05, 0.95); err == nil && m.Pentanomial.Pairs > 0 {
			iv = m.Pentanomial.Score
		}
	}
	// +0 rather than -0 for an even score.
	ps.Elo, ps.EloLo, ps.EloHi = stats.EloOf(ps.Score)+0, stats.EloOf(iv.Lo)+0, stats.EloOf(iv.Hi)+0
	ps.Interval = iv.Hi-iv.Lo > 1e-9
	if !ps.Interval {
		ps.EloLo, ps.EloHi = ps.Elo, ps.Elo
	}
	if s.judged {
		if d, err := stats.DecideOver(s.ladder, s.th, games, selfplay.OpeningLines(s.Game, results)); err == nil {
			ps.Tests, ps.Stopped, ps.Reason = d.Tests, !d.Continue, d.Reason
		}
	}
	return ps
}

// trinomialInterval is the 95% normal interval of a score from wins,
// draws and losses counted as independent games, clamped to [0, 1].
func trinomialInterval(w, d, l int) stats.Interval {
	n := float64(w + d + l)
	mean := (float64(w) + float64(d)/2) / n
	varPerGame := (float64(w)*math.Pow(1-mean, 2) + float64(d)*math.Pow(0.5-mean, 2) + float64(l)*math.Pow(mean, 2)) / n
	half := 1.96 * math.Sqrt(varPerGame/n)
	return stats.Interval{Est: mean, Lo: max(0, mean-half), Hi: min(1, mean+half), Method: "normal"}
}

// Lines are the cutechess-style lines for a score: "Score of A vs B: W -
// L - D [score] N" (cutechess's order, kept for the tools that read its
// lines; the reports and the page write W-D-L), then the Elo difference,
// the stop rule's tests and the games' time.
func (ps PairingScore) Lines() []string {
	a, b := search.ShortSpec(ps.A), search.ShortSpec(ps.B)
	if ps.Mirror {
		a, b = a+" first", b+" second"
	}
	elo := fmt.Sprintf("Elo difference: %+.1f (95%%: %+.1f to %+.1f)", ps.Elo, ps.EloLo, ps.EloHi)
	if !ps.Interval {
		elo = fmt.Sprintf("Elo difference: %+.1f (too few games for an interval)", ps.Elo)
	}
	lines := []string{
		fmt.Sprintf("Score of %s vs %s: %d - %d - %d [%.3f] %d", a, b, ps.Wins, ps.Losses, ps.Draws, ps.Score, ps.Games),
		fmt.Sprintf("%s, DrawRatio: %.1f %%", elo, 100*float64(ps.Draws)/float64(max(ps.Games, 1))),
	}
	var tests []string
	for _, t := range ps.Tests {
		if t.Lower == t.Upper {
			// Decided by precision, not a likelihood ratio.
			tests = append(tests, fmt.Sprintf("%s %.2f: %s", t.Name, t.Threshold, t.State))
			continue
		}
		tests = append(tests, fmt.Sprintf("%s %.2f: llr %.2f (%.2f, %.2f) %s", t.Name, t.Threshold, t.LLR, t.Lower, t.Upper, t.State))
	}
	if len(tests) > 0 {
		lines = append(lines, "SPRT: "+strings.Join(tests, "; "))
	}
	if ps.Stopped {
		lines = append(lines, "Stopped: "+ps.Reason)
	}
	// Where the time goes, last so that cutechess's lines keep their places.
	return append(lines, fmt.Sprintf("Game time: %.1f s (%.2f s a game)", ps.Seconds, ps.Seconds/float64(max(ps.Games, 1))))
}
