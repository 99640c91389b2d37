package stats

import (
	"fmt"
	"math"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
)

// linesOf makes games of one player against itself, counts[k] of them
// replaying line k+1; chose says whether the players had choices in them.
func linesOf(counts []int, chose bool, winner func(line int) int) []Game {
	var out []Game
	for k, c := range counts {
		for i := 0; i < c; i++ {
			g := Game{P0: "ab:n3000", P1: "ab:n3000", PairID: fmt.Sprint(len(out) / 2), Winner: winner(k),
				Rule: engine.EndCheckmate, Plies: 40, Line: uint64(k + 1), Features: map[string]int{}}
			if chose {
				g.Features[protocol.FeatureChoices] = 30
			}
			out = append(out, g)
		}
	}
	return out
}

func TestEffectiveGames(t *testing.T) {
	first := func(int) int { return 0 }
	unknown := linesOf([]int{5, 5}, true, first)
	for i := range unknown {
		unknown[i].Line = 0
	}
	mixed := append(linesOf([]int{6}, true, first), linesOf([]int{4}, false, first)...)
	mixed[len(mixed)-1].Line, mixed[len(mixed)-2].Line = 99, 99 // forced lines apart from the chosen one
	for _, c := range []struct {
		name  string
		games []Game
		want  float64
	}{
		{"all distinct", linesOf([]int{1, 1, 1, 1, 1, 1}, true, first), 6},
		{"even repeats", linesOf([]int{10, 10, 10, 10}, true, first), 4},
		// Dobutsu's four lines over 182 games: 182^2 / (84^2+35^2+34^2+29^2).
		{"dobutsu", linesOf([]int{84, 35, 34, 29}, true, first), 182.0 * 182 / 10278},
		{"forced lines count in full", linesOf([]int{20}, false, first), 20},
		{"lines unknown", unknown, 10},
		// One chosen line of 6 and 4 forced games: 10^2 / (6^2 + 4).
		{"mixed", mixed, 100.0 / 40},
		{"none", nil, 0},
	} {
		if got := effectiveGames(c.games); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: %.4f effective games, want %.4f", c.name, got, c.want)
		}
	}
}

// Repeated lines widen the equal-strength intervals to what their distinct
// games can show: a first-mover score read from four lines replayed 50
// times each is undecided, and says that more of the same games would not
// decide it, where the same results from 200 different games raise the
// flag; forced games repeated (the first mover's race) still raise it.
func TestRepeatedLinesWidenIntervals(t *testing.T) {
	th := DefaultThresholds()
	winner := func(line int) int { // three lines won by the first mover, one lost
		if line == 3 {
			return 1
		}
		return 0
	}
	distinct := linesOf([]int{50, 50, 50, 50}, true, winner)
	for i := range distinct {
		distinct[i].Line = uint64(1000 + i)
	}
	for _, c := range []struct {
		name      string
		games     []Game
		wantState string
		wantMore  int // MoreGamesRepeat, or 0 for any other
	}{
		{"distinct games", distinct, StateRaised, 0},
		{"four lines replayed", linesOf([]int{50, 50, 50, 50}, true, winner), StateUndecided, MoreGamesRepeat},
		{"forced line replayed", linesOf([]int{200}, false, func(int) int { return 0 }), StateRaised, 0},
	} {
		m := equalMeasures(th, c.games, "games against itself", nil)
		var one Check
		for _, ch := range Checks(m, th) {
			if ch.Name == FlagOneSided {
				one = ch
			}
		}
		if one.State != c.wantState || (c.wantMore == MoreGamesRepeat) != (one.MoreGames == MoreGamesRepeat) {
			t.Errorf("%s: one_sided %s (more %d) from %s over %.1f effective games; want %s", c.name, one.State, one.MoreGames, pct(one.Value), one.Effective, c.wantState)
		}
		if c.wantMore == MoreGamesRepeat && one.Detail == "" {
			t.Errorf("%s: no detail", c.name)
		}
	}
}
