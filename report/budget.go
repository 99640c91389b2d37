package report

import (
	"fmt"
	"strings"
)

// Budget says how a time budget (measure -budget) shaped a measurement:
// the rungs it dropped, the cap it put on each pairing's games, and the
// pairings it stopped before their own rule decided them. The flags left
// undecided then are undecided for lack of time.
type Budget struct {
	Seconds float64  `json:"seconds"`
	Dropped []string `json:"dropped_rungs,omitempty"`
	// GamesCap caps each ladder pairing's games, MirrorGamesCap the
	// strongest rung's games against itself (0: none).
	GamesCap       int `json:"games_cap,omitempty"`
	MirrorGamesCap int `json:"mirror_games_cap,omitempty"`
	// Stopped names the pairings the budget ended ("A vs B").
	Stopped []string `json:"stopped_pairings,omitempty"`
	// Undecided names the flags left undecided for lack of time.
	Undecided []string `json:"undecided_for_lack_of_time,omitempty"`
}

// Sentence says the budget's effect in one line for the Markdown and
// HTML reports.
func (b *Budget) Sentence() string {
	s := fmt.Sprintf("Measured within a time budget of %s", budgetSeconds(b.Seconds))
	var what []string
	if len(b.Dropped) > 0 {
		what = append(what, "rungs "+strings.Join(b.Dropped, ", ")+" were left out")
	}
	if b.GamesCap > 0 {
		what = append(what, fmt.Sprintf("each ladder pairing played at most %d games", b.GamesCap))
	}
	if b.MirrorGamesCap > 0 {
		what = append(what, fmt.Sprintf("the strongest rung played itself at most %d times", b.MirrorGamesCap))
	}
	if len(b.Stopped) > 0 {
		what = append(what, fmt.Sprintf("%d pairings were stopped by the budget before their own rule decided them", len(b.Stopped)))
	}
	if len(what) > 0 {
		s += ": " + strings.Join(what, "; ")
	}
	s += "."
	if len(b.Undecided) > 0 {
		s += " Undecided for lack of time: " + strings.Join(b.Undecided, ", ") + "; a larger budget (or none) would play the games that decide them."
	}
	return s
}

// budgetSeconds writes a budget as the flag was given, in whole units.
func budgetSeconds(sec float64) string {
	if sec >= 60 && int(sec)%60 == 0 {
		return fmt.Sprintf("%d min", int(sec)/60)
	}
	return fmt.Sprintf("%g s", sec)
}

// SetBudget records b in the report and names the undecided flags as
// left undecided for lack of time when the budget cut any pairing short.
func (r *Report) SetBudget(b *Budget) {
	if b == nil {
		return
	}
	b.Undecided = nil
	if len(b.Stopped) > 0 {
		for _, u := range r.Undecided {
			b.Undecided = append(b.Undecided, u.Name)
		}
	}
	r.Budget = b
}
