package report

import (
	"math"
	"strings"
	"testing"
	"time"

	"balancefarm/stats"
)

// TestTimeRows: each pairing's game seconds become its share of all,
// costliest first, with seconds a game and positions a second; records
// without times give no rows.
func TestTimeRows(t *testing.T) {
	pairing := func(a, b string, wins, seconds float64, nodes int64) stats.Pairing {
		p := stats.Pairing{Specs: [2]string{a, b}, Mirror: a == b, Seconds: seconds, Nodes: nodes}
		p.Counts.Wins = int(wins)
		return p
	}
	tests := []struct {
		name string
		in   []stats.Pairing
		want []TimeRow
	}{
		{"no times", []stats.Pairing{pairing("ab:n500", "random", 4, 0, 0)}, []TimeRow{}},
		{"costliest first", []stats.Pairing{
			pairing("ab:n500", "random", 4, 2, 1000),
			pairing("ab:n3000", "ab:n3000", 8, 30, 90000),
			pairing("ab:n3000", "ab:n500", 4, 8, 20000),
		}, []TimeRow{
			{"ab:n3000 (mirror)", 8, 30, 0.75, 3.75, 3000},
			{"ab:n3000 vs ab:n500", 4, 8, 0.2, 2, 2500},
			{"ab:n500 vs random", 4, 2, 0.05, 0.5, 500},
		}},
	}
	for _, tc := range tests {
		got := timeRows(tc.in)
		if len(got) != len(tc.want) {
			t.Fatalf("%s: %d rows, want %d: %+v", tc.name, len(got), len(tc.want), got)
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: row %d %+v, want %+v", tc.name, i, got[i], tc.want[i])
			}
		}
	}
}

// TestTimeSection: a report whose games carry times says where the time
// went in its Markdown and HTML, the shares summing to the whole.
func TestTimeSection(t *testing.T) {
	a := analysisOf(t)
	for i := range a.Pairings {
		a.Pairings[i].Seconds = float64(10 * (i + 1))
		a.Pairings[i].Nodes = int64(1000 * (i + 1))
	}
	r, err := New(Input{Name: "timed", File: "timed.json", Wall: time.Minute, Analysis: a})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Time) != len(a.Pairings) || len(r.Time) == 0 {
		t.Fatalf("%d time rows for %d pairings", len(r.Time), len(a.Pairings))
	}
	sum := 0.0
	for _, row := range r.Time {
		sum += row.Share
	}
	if math.Abs(sum-1) > 0.001*float64(len(r.Time)) {
		t.Errorf("shares sum to %v", sum)
	}
	md := string(r.Markdown())
	html, err := r.HTML()
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{md, string(html)} {
		if !strings.Contains(doc, "Where the time went") || !strings.Contains(doc, r.Time[0].Pairing+" took the most") {
			t.Errorf("no time section naming %s in:\n%.300s", r.Time[0].Pairing, doc)
		}
	}
}
