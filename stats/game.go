package stats

import (
	"errors"
	"fmt"
	"sort"

	"balancefarm/engine"
)

// Game is the result of one finished game, as the farm reports it.
type Game struct {
	P0, P1 string // player specs ("ab:d3", "mcts:i800", "random"); P0 moves first
	// PairID is shared by the two games of a colour-swapped pair played
	// from the same opening seed; empty for an unpaired game.
	PairID      string
	Seed        uint64
	Winner      int           // 0, 1, or -1 for a draw
	Rule        engine.Ending // the rule that ended it, or engine.EndError
	Plies       int
	LeadChanges int // times the side ahead by the players' evaluation changed
	// DecisivePly is the ply after which the eventual winner's evaluation
	// stayed beyond the players' decisiveness threshold; 0 when not recorded.
	DecisivePly int
	Features    map[string]int
	// Line identifies the game's moves (a hash of the players and every
	// move); 0 when unknown. Deterministic players from the same opening
	// replay the same line, and a repeat is not a new sample.
	Line uint64
	// Opening identifies the game's random opening plies (a hash of
	// them alone); 0 when unknown. StartInfo.Openings lists every one the
	// opening procedure can produce.
	Opening uint64
	// Seconds is the worker's time playing the game (one core), Nodes the
	// positions both players searched; 0 when not recorded.
	Seconds float64
	Nodes   int64
}

// feature reads a counter, 0 when absent.
func (g Game) feature(name string) int { return g.Features[name] }

// scoreOf is player side's score in the game: 1 win, 0.5 draw, 0 loss.
func (g Game) scoreOf(side int) float64 {
	switch g.Winner {
	case side:
		return 1
	case -1:
		return 0.5
	default:
		return 0
	}
}

// sideOf says which side spec played, -1 when neither. In a mirror game
// (both sides the same spec) it is 0.
func (g Game) sideOf(spec string) int {
	switch spec {
	case g.P0:
		return 0
	case g.P1:
		return 1
	}
	return -1
}

// timeout is Ludii's "timeout": no winner and stopped by the ply limit
// (a scoring ending that left the scores equal is the same clock running out).
func (g Game) timeout() bool {
	return g.Winner == -1 && (g.Rule == engine.EndMaxPlies || g.Rule == engine.EndScoring)
}

// StartInfo is what the caller computes from the rule file and its start
// position, for the design warnings.
type StartInfo struct {
	// FirstMoveCapture[p] is true when player p has a capture among its
	// legal first moves (for player 1: after some first move of player 0).
	FirstMoveCapture [2]bool
	// FirstMoveCaptures[p] optionally names such captures, for the report.
	FirstMoveCaptures [2][]string
	UsesCastling      bool // rules.castling is set
	UsesEnPassant     bool // rules.en_passant is on
	UsesDoubleStep    bool // some piece has a double step
	HasNPCs           bool // rules.npcs is set
	HasReach          bool // rules.reach is set
	// HasHazard is true when the rules set a hazard a piece can meet (a
	// wild piece's route, explosions, contacts); Hazard names it.
	HasHazard bool
	Hazard    string
	MaxPlies  int // rules.max_plies in force (0: unknown)
	// Foreseeable is true when the game has something a clairvoyant
	// player could foresee (chance; hidden information once the engine
	// has it): only then is the skill share measured, else it is 1.
	Foreseeable bool
	// Foresees names what a clairvoyant player would see ("the dice",
	// "the hidden pieces", "the dice and the hidden pieces"), for the
	// report's words; "" reads as the dice.
	Foresees string
	// Openings is every line the random opening can produce (hashes as
	// in Game.Opening, which must not be 0) with the chance the opening
	// procedure chooses it, the chances summing to 1; nil when the tree
	// was too large to list or not listed. When the equal-strength games
	// of deterministic players cover them, the rates are read over these
	// lines, exactly (see readOpenings).
	Openings []OpeningLine
}

// Doubling names two rungs that differ only in a doubled budget.
type Doubling struct {
	Weak   string `json:"weak"`
	Strong string `json:"strong"`
}

// Ladder is the set of player specs that play a file, in order of intended
// strength, and the budget-doubling pairs the skill trace reads.
type Ladder struct {
	Rungs     []string // weakest first
	Doublings []Doubling
	// Mirror says the strongest rung also plays itself: the flags read at
	// equal strength (draw_heavy, unfinished, short, one_sided) come from
	// those games, so the other pairings do not feed them.
	Mirror bool
	// Seer, when set, is the clairvoyant rung (SeerOf the strongest
	// rung's spec): it is no rung (Rank says -1) and serves only the
	// skill share (MeasureSkill); its games feed nothing else.
	Seer string
}

// Validate checks that rungs are non-empty and distinct and that every
// doubling names two different rungs.
func (l Ladder) Validate() error {
	if len(l.Rungs) == 0 {
		return errors.New("stats: ladder has no rungs")
	}
	seen := map[string]bool{}
	for i, r := range l.Rungs {
		if r == "" {
			return fmt.Errorf("stats: ladder rung %d is empty", i)
		}
		if seen[r] {
			return fmt.Errorf("stats: ladder rung %q is listed twice", r)
		}
		seen[r] = true
	}
	if l.Seer != "" && (seen[l.Seer] || !IsSeer(l.Seer)) {
		return fmt.Errorf("stats: clairvoyant rung %q must be a %s spec and no other rung", l.Seer, SeerPrefix)
	}
	for _, d := range l.Doublings {
		if !seen[d.Weak] || !seen[d.Strong] {
			return fmt.Errorf("stats: doubling %s -> %s names a spec not on the ladder", d.Weak, d.Strong)
		}
		if d.Weak == d.Strong {
			return fmt.Errorf("stats: doubling %s -> %s names one spec twice", d.Weak, d.Strong)
		}
	}
	return nil
}

// Rank is spec's place on the ladder (0 the weakest), or -1.
func (l Ladder) Rank(spec string) int {
	for i, r := range l.Rungs {
		if r == spec {
			return i
		}
	}
	return -1
}

// strongSet is the top n rungs.
func (l Ladder) strongSet(n int) map[string]bool {
	set := map[string]bool{}
	for i := max(0, len(l.Rungs)-n); i < len(l.Rungs); i++ {
		set[l.Rungs[i]] = true
	}
	return set
}

// plays says whether spec plays on the ladder: a rung or the clairvoyant one.
func (l Ladder) plays(spec string) bool {
	return l.Rank(spec) >= 0 || spec != "" && spec == l.Seer
}

// checkGame reports what is wrong with a game record, or nil.
func checkGame(l Ladder, i int, g Game) error {
	switch {
	case g.P0 == "" || g.P1 == "":
		return fmt.Errorf("stats: game %d: a player spec is empty", i)
	case !l.plays(g.P0):
		return fmt.Errorf("stats: game %d: player %q is not on the ladder", i, g.P0)
	case !l.plays(g.P1):
		return fmt.Errorf("stats: game %d: player %q is not on the ladder", i, g.P1)
	case g.Winner < -1 || g.Winner > 1:
		return fmt.Errorf("stats: game %d: winner %d is not 0, 1 or -1", i, g.Winner)
	case g.Rule == "":
		return fmt.Errorf("stats: game %d: ending rule is empty", i)
	case g.Plies < 0 || g.LeadChanges < 0 || g.DecisivePly < 0:
		return fmt.Errorf("stats: game %d: a negative ply or lead-change count", i)
	}
	return nil
}

// RuleCount is how many games ended by one rule.
type RuleCount struct {
	Rule  string `json:"rule"`
	Games int    `json:"games"`
}

// countEndings tallies games by ending rule, most frequent first.
func countEndings(games []Game) []RuleCount {
	by := map[engine.Ending]int{}
	for _, g := range games {
		by[g.Rule]++
	}
	out := make([]RuleCount, 0, len(by))
	for r, n := range by {
		out = append(out, RuleCount{string(r), n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return out[i].Rule < out[j].Rule
	})
	return out
}
