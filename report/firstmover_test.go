package report

import (
	"strings"
	"testing"

	"balancefarm/stats"
)

// TestFirstMoverPlotAgreesWithTheVerdict: the equal-strength row of the
// first mover's plot shows the one_sided check's interval, which counts
// repeated lines once, and says what its games are worth; a pairing the
// check does not read keeps Wilson's interval over its games.
func TestFirstMoverPlotAgreesWithTheVerdict(t *testing.T) {
	mirror := stats.Pairing{Specs: [2]string{"ab:n3000", "ab:n3000"}, Mirror: true,
		Sides: []stats.Side{{First: "ab:n3000", Counts: stats.Counts{Wins: 50, Losses: 146}}}}
	ladder := stats.Pairing{Specs: [2]string{"ab:n3000", "random"},
		Sides: []stats.Side{{First: "ab:n3000", Counts: stats.Counts{Wins: 10}}, {First: "random", Counts: stats.Counts{Losses: 10}}}}
	check := stats.Check{Name: stats.FlagOneSided, Assessed: true, Games: 196, Effective: 4.9,
		Value: stats.Interval{Est: 0.26, Lo: 0.04, Hi: 0.49}}
	cases := []struct {
		name      string
		check     stats.Check
		wantLo    float64
		wantWorth bool
	}{
		{"the check reads the mirror's games", check, 0.04, true},
		{"the check reads other games", func() stats.Check { c := check; c.Games = 90; return c }(), -1, false},
	}
	for _, c := range cases {
		r := &Report{Pairings: []stats.Pairing{mirror, ladder}, Checks: []stats.Check{c.check}}
		r.Thresholds = stats.DefaultThresholds()
		pts, names := r.firstMoverRows()
		if pts.Len() != 2 || len(names) != 2 {
			t.Fatalf("%s: %d rows", c.name, pts.Len())
		}
		// Rows run weakest pairing first: the mirror (index 0 in
		// Pairings) is drawn last, on top.
		lo, label := pts.lo[1], names[1]
		wilson := stats.Wilson(50, 196, r.Thresholds.Confidence)
		switch {
		case c.wantLo >= 0 && lo != c.wantLo:
			t.Errorf("%s: the mirror row's low end %.3f, want the check's %.3f", c.name, lo, c.wantLo)
		case c.wantLo < 0 && lo != wilson.Lo:
			t.Errorf("%s: the mirror row's low end %.3f, want Wilson's %.3f", c.name, lo, wilson.Lo)
		}
		if got := strings.Contains(label, "worth 4.9"); got != c.wantWorth {
			t.Errorf("%s: label %q", c.name, label)
		}
	}
}
