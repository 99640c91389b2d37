package search

import (
	"context"
	"testing"

	"balancefarm/protocol"
)

// A game's record counts the plies after the random opening at which the
// mover had a choice: every such ply is either a choice or forced, and a
// game with no decision to make (the first mover's race) has none.
func TestRecordCountsChoices(t *testing.T) {
	for _, c := range []struct {
		file     string
		p0, p1   string
		noChoice bool
	}{
		{"chess.json", "random", "ab:n300", false},
		{"dobutsu.json", "ab:n300", "ab:n300", false},
		{"canaries/first-mover-race.json", "ab:n300", "random", true},
	} {
		g := loadGame(t, c.file)
		rec, err := PlayGame(context.Background(), g, c.p0, c.p1, 7, Limits{}, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		choices, forced := rec.Features[protocol.FeatureChoices], rec.Features[protocol.FeatureForced]
		// No opening ply is forced from these starts (or, in the race,
		// every ply is), so the two counts split the players' plies.
		after := rec.Plies - rec.OpeningPlies
		switch {
		case c.noChoice && (choices != 0 || forced != rec.Plies):
			t.Errorf("%s: %d choices, %d forced of %d plies; want none and all", c.file, choices, forced, rec.Plies)
		case !c.noChoice && (choices == 0 || choices+forced != after):
			t.Errorf("%s: %d choices + %d forced plies, want %d after the %d-ply opening", c.file, choices, forced, after, rec.OpeningPlies)
		}
	}
}
