package search

import (
	"context"
	"math"
	"strings"
	"testing"
)

// TestOpeningLinesAreTheGamesOpenings: the lines OpeningLines lists for a
// small game are the openings its games play, each about as often as its
// chance says: every game's opening is a listed line, the chances sum to
// one, and over many seeds each line's count lies within a few standard
// deviations of what its chance predicts.
func TestOpeningLinesAreTheGamesOpenings(t *testing.T) {
	cases := []struct {
		file  string
		lines int // how many the tree has
		games int
	}{
		{"../rulesets/canaries/first-mover-race.json", 1, 8},
		{"../rulesets/canaries/coin-toss.json", 2, 60},
		{"../rulesets/dobutsu.json", 5, 150},
	}
	if testing.Short() {
		cases = cases[:2]
	}
	for _, c := range cases {
		g := loadHiddenRules(t, c.file)
		lines, ok := OpeningLines(context.Background(), g, 0, 64)
		if !ok || len(lines) != c.lines {
			t.Fatalf("%s: %d lines (listed %v), want %d", c.file, len(lines), ok, c.lines)
		}
		chance := map[string]float64{}
		sum := 0.0
		for _, l := range lines {
			chance[strings.Join(l.Moves, " ")] += l.Prob
			sum += l.Prob
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: the chances sum to %v", c.file, sum)
		}
		seen := map[string]int{}
		for seed := uint64(1); seed <= uint64(c.games); seed++ {
			rec, err := PlayGame(context.Background(), g, "random", "random", seed, Limits{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			line := strings.Join(rec.Moves[:rec.OpeningPlies], " ")
			if _, ok := chance[line]; !ok {
				t.Fatalf("%s seed %d: opening %q is not a listed line %v", c.file, seed, line, lines)
			}
			seen[line]++
		}
		for line, p := range chance {
			want := p * float64(c.games)
			if sd := math.Sqrt(want * (1 - p)); math.Abs(float64(seen[line])-want) > 4*sd+1 {
				t.Errorf("%s: %q played %d times in %d games, its chance %.3f says about %.0f", c.file, line, seen[line], c.games, p, want)
			}
		}
	}
}

// TestOpeningLinesGiveUp: a tree wider than asked for, or a game whose
// opening meets a chance event, is not listed.
func TestOpeningLinesGiveUp(t *testing.T) {
	for _, c := range []struct {
		file     string
		maxLines int
	}{
		{"../rulesets/dobutsu.json", 4},
		{"../rulesets/canaries/dice-coin.json", 64},
		{"../rulesets/chess.json", 64},
	} {
		if lines, ok := OpeningLines(context.Background(), loadHiddenRules(t, c.file), 0, c.maxLines); ok {
			t.Errorf("%s: listed %d lines with at most %d asked", c.file, len(lines), c.maxLines)
		}
	}
}
