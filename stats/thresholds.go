package stats

import (
	"errors"
	"fmt"
	"math"
)

// Thresholds holds every configurable number behind the verdict flags, the
// design warnings and the sequential stopping rule. DefaultThresholds gives
// the documented defaults; each field says how it is compared.
type Thresholds struct {
	// StrongRungs is how many of the ladder's top rungs count as "the
	// strongest": draw_heavy, unfinished, short and the metrics are read
	// from games in which both players are among them.
	StrongRungs int `json:"strong_rungs"`
	// DrawHeavy: draw_heavy is raised when the strong games' draw rate is
	// above it.
	DrawHeavy float64 `json:"draw_heavy"`
	// Unfinished: unfinished is raised when the share of strong games
	// ended by max_plies or no_progress is above it.
	Unfinished float64 `json:"unfinished"`
	// ShortPlies and Short: short is raised when the share of strong games
	// over within ShortPlies plies is above Short.
	ShortPlies int     `json:"short_plies"`
	Short      float64 `json:"short"`
	// OneSided: one_sided is raised when the first mover's score at equal
	// strength is above OneSided or below 1 - OneSided, and its interval
	// leaves 0.5 out.
	OneSided float64 `json:"one_sided"`
	// DepthMinScore: depth_insensitive is raised when the strongest rung's
	// expected score against the weakest (from the rating fit) is below it.
	DepthMinScore float64 `json:"depth_min_score"`
	// SkillShareMin: luck_dominated is raised when the skill share's
	// interval lies wholly below it (doc.go says how it was chosen).
	SkillShareMin float64 `json:"skill_share_min"`

	// EarlyPlies and EarlyRate: a wild piece taken, or a goal reached, by
	// ply EarlyPlies in at least EarlyRate of the games is a rule used up
	// early.
	EarlyPlies int     `json:"early_plies"`
	EarlyRate  float64 `json:"early_rate"`
	// RareUse: castling, en passant, the double step or a hazard used or
	// met in at most this share of the games is "never or almost never".
	RareUse float64 `json:"rare_use"`
	// FirstMoverEdge: the first mover's score at equal strength at or above
	// it (or at or below 1 - it), with an interval that excludes 1/2, is
	// warned of.
	FirstMoverEdge float64 `json:"first_mover_edge"`

	// Confidence is the level of every interval (0.95).
	Confidence float64 `json:"confidence"`
	// PriorDraws is the rating fit's virtual draws per pairing (see EloModel).
	PriorDraws float64 `json:"prior_draws"`

	// Sequential stopping (Decide): GSPRT error rates, the half-width of
	// the indifference zone around each threshold, and the game counts a
	// pairing plays at least and at most.
	Alpha    float64 `json:"alpha"`
	Beta     float64 `json:"beta"`
	Delta    float64 `json:"delta"`
	MinGames int     `json:"min_games"`
	MaxGames int     `json:"max_games"`

	// Precision is the half-width asked of the equal-strength games'
	// draw rate and first mover's score (at Confidence): the strongest
	// rung's games against itself go on until both are this narrow and
	// every flag they feed is decided, or MirrorMaxGames are played.
	Precision float64 `json:"precision"`
	// MirrorMaxGames caps those games; 0 takes GamesForPrecision.
	MirrorMaxGames int `json:"mirror_max_games"`
	// FlagsOnly stops those games once every flag they feed is decided,
	// each by a GSPRT (valid however late it is read) and by the
	// verdict's own interval the same way, without waiting for the
	// intervals to be ±Precision narrow. It changes only when a
	// measurement stops, never how its games are read, so it is not part
	// of a report.
	FlagsOnly bool `json:"-"`
}

// GamesForPrecision is the games that give a proportion an interval of
// half-width precision at confidence in the worst case (p = 1/2), even.
func GamesForPrecision(precision, confidence float64) int {
	if !(precision > 0) {
		return 0
	}
	z := zFor(confidence)
	n := int(math.Ceil(z * z / 4 / (precision * precision)))
	return n + n%2
}

// DefaultThresholds are the defaults documented in doc.go.
func DefaultThresholds() Thresholds {
	return Thresholds{
		StrongRungs:    2,
		DrawHeavy:      0.75,
		Unfinished:     0.5,
		ShortPlies:     10,
		Short:          0.25,
		OneSided:       0.65,
		DepthMinScore:  0.70,
		SkillShareMin:  0.25,
		EarlyPlies:     10,
		EarlyRate:      0.5,
		RareUse:        0.05,
		FirstMoverEdge: 0.55,
		Confidence:     0.95,
		PriorDraws:     1,
		Alpha:          0.05,
		Beta:           0.05,
		Delta:          0.10,
		MinGames:       10,
		MaxGames:       200,
		Precision:      0.05,
	}
}

// Validate reports the first field out of its range.
func (t Thresholds) Validate() error {
	rate := func(name string, v float64) error {
		if !(v > 0 && v < 1) {
			return fmt.Errorf("stats: threshold %s = %g must lie strictly between 0 and 1", name, v)
		}
		return nil
	}
	for _, c := range []struct {
		name string
		v    float64
	}{
		{"DrawHeavy", t.DrawHeavy}, {"Unfinished", t.Unfinished}, {"Short", t.Short},
		{"DepthMinScore", t.DepthMinScore}, {"SkillShareMin", t.SkillShareMin}, {"EarlyRate", t.EarlyRate}, {"RareUse", t.RareUse},
		{"Confidence", t.Confidence}, {"Alpha", t.Alpha}, {"Beta", t.Beta}, {"Delta", t.Delta},
	} {
		if err := rate(c.name, c.v); err != nil {
			return err
		}
	}
	switch {
	case t.StrongRungs < 1:
		return errors.New("stats: StrongRungs must be at least 1")
	case t.ShortPlies < 0 || t.EarlyPlies < 0:
		return errors.New("stats: ShortPlies and EarlyPlies must not be negative")
	case !(t.OneSided > 0.5 && t.OneSided < 1):
		return fmt.Errorf("stats: OneSided = %g must lie between 0.5 and 1", t.OneSided)
	case !(t.FirstMoverEdge > 0.5 && t.FirstMoverEdge < 1):
		return fmt.Errorf("stats: FirstMoverEdge = %g must lie between 0.5 and 1", t.FirstMoverEdge)
	case !(t.PriorDraws > 0):
		return errors.New("stats: PriorDraws must be positive")
	case t.MinGames < 1 || t.MaxGames < t.MinGames:
		return fmt.Errorf("stats: need 1 <= MinGames (%d) <= MaxGames (%d)", t.MinGames, t.MaxGames)
	case !(t.Precision > 0 && t.Precision < 0.5):
		return fmt.Errorf("stats: Precision = %g must lie between 0 and 0.5", t.Precision)
	case t.MirrorMaxGames < 0:
		return errors.New("stats: MirrorMaxGames must not be negative")
	}
	// Every sequential hypothesis must stay inside (0, 1).
	for _, c := range []struct {
		name string
		v    float64
	}{
		{"DrawHeavy", t.DrawHeavy}, {"Unfinished", t.Unfinished}, {"Short", t.Short},
		{"DepthMinScore", t.DepthMinScore}, {"OneSided", t.OneSided}, {"1-OneSided", 1 - t.OneSided}, {"order", 0.5},
	} {
		if c.v-t.Delta <= 0 || c.v+t.Delta >= 1 {
			return fmt.Errorf("stats: %s = %g ± Delta %g leaves (0, 1)", c.name, c.v, t.Delta)
		}
	}
	return nil
}
