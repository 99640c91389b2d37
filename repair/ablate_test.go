package repair

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"balancefarm/measure"
	"balancefarm/report"
	"balancefarm/stats"
)

// measuredAt is a synthetic measurement: the first mover's score and the
// draw rate at first and draw (±0.05), each flag raised beyond its
// threshold.
func measuredAt(first, draw float64) Rung {
	checks := []stats.Check{
		fakeCheck(stats.FlagOneSided, first, 0.65, first > 0.65, false),
		fakeCheck(stats.FlagDrawHeavy, draw, 0.75, draw > 0.75, false),
	}
	a := &stats.Analysis{Checks: checks, Verdict: stats.VerdictOf(checks), Games: 10, Plies: []int{30, 50}}
	rep, err := report.New(report.Input{Name: "synthetic", Analysis: a})
	if err != nil {
		panic(err)
	}
	return measuredRung(RungFull, measure.Settings{}, &Measured{Report: rep})
}

// TestAblationSummary sorts synthetic rows by how far the first mover's
// score moves and reads the first sentence off them.
func TestAblationSummary(t *testing.T) {
	failed := measuredRung(RungFull, measure.Settings{}, &Measured{Err: os.ErrDeadlineExceeded})
	part := func(name string) Part { return Part{Name: name} }
	tests := []struct {
		name  string
		orig  Rung
		parts []Part
		rungs []Rung
		order []string
		want  []string // in the sentence
	}{
		{name: "one part tips it", orig: measuredAt(0.7, 0.3),
			parts: []Part{part("castling"), part("drops"), part("en passant"), part("broken")},
			rungs: []Rung{measuredAt(0.72, 0.3), measuredAt(0.5, 0.3), measuredAt(0.8, 0.3), failed},
			order: []string{"drops", "en passant", "castling", "broken"},
			want:  []string{"Removing drops tips the balance most", "-0.200", "towards the second player", "from not_viable to viable"}},
		{name: "towards the first mover", orig: measuredAt(0.5, 0.3),
			parts: []Part{part("item ice"), part("afterlife")},
			rungs: []Rung{measuredAt(0.52, 0.3), measuredAt(0.62, 0.3)},
			order: []string{"afterlife", "item ice"},
			want:  []string{"Removing afterlife tips", "+0.120", "towards the first mover"}},
		// An estimate outside the file's interval whose own interval
		// overlaps it is no evidence.
		{name: "overlapping intervals", orig: measuredAt(0.5, 0.3),
			parts: []Part{part("item ice")}, rungs: []Rung{measuredAt(0.58, 0.3)}, order: []string{"item ice"},
			want: []string{"No part moves", "removing item ice: +0.080"}},
		{name: "none beyond the interval", orig: measuredAt(0.5, 0.3),
			parts: []Part{part("castling"), part("promotion")},
			rungs: []Rung{measuredAt(0.51, 0.9), measuredAt(0.47, 0.3)},
			order: []string{"promotion", "castling"},
			want:  []string{"No part moves the first mover's score beyond its interval", "removing promotion: -0.030"}},
		{name: "nothing moves", orig: measuredAt(0.5, 0.3),
			parts: []Part{part("castling"), part("promotion")}, rungs: []Rung{measuredAt(0.5, 0.9), measuredAt(0.5, 0.3)},
			order: []string{"castling", "promotion"},
			want:  []string{"No part moves the first mover's score at all", "0.500 [0.450, 0.550]"}},
		{name: "no parts", orig: measuredAt(0.5, 0.3),
			want: []string{"has no part to remove", "castling, en_passant, drops"}},
		{name: "every part failed", orig: measuredAt(0.5, 0.3),
			parts: []Part{part("drops")}, rungs: []Rung{failed}, order: []string{"drops"},
			want: []string{"No part's measurement gives a first mover's score"}},
	}
	for _, tc := range tests {
		var rows []PartRow
		for i, p := range tc.parts {
			rows = append(rows, partRow(p, tc.orig, tc.rungs[i]))
		}
		sortParts(rows)
		var order []string
		for _, r := range rows {
			order = append(order, r.Part.Name)
		}
		if !slices.Equal(order, tc.order) {
			t.Errorf("%s: order %q, want %q", tc.name, order, tc.order)
		}
		s := summary(tc.orig, rows)
		for _, w := range tc.want {
			if !strings.Contains(s, w) {
				t.Errorf("%s: summary %q lacks %q", tc.name, s, w)
			}
		}
	}
}

// TestPartRowFlags: raised are the flags the file did not raise, cleared
// those it raised that are clear without the part.
func TestPartRowFlags(t *testing.T) {
	row := partRow(Part{Name: "castling"}, measuredAt(0.7, 0.3), measuredAt(0.5, 0.9))
	if !slices.Equal(row.Raised, []string{stats.FlagDrawHeavy}) || !slices.Equal(row.Cleared, []string{stats.FlagOneSided}) {
		t.Errorf("raised %v, cleared %v; want draw_heavy raised, one_sided cleared", row.Raised, row.Cleared)
	}
	if !row.Beyond || !row.FirstMoverKnown || !row.DrawRateKnown || row.DrawRate.Est != 0.9 {
		t.Errorf("row %+v: want the score beyond the interval and both figures read", row)
	}
}

// castlingFarm measures a file as one-sided while it has castling, and
// balanced once castling is gone; it records the files and settings of
// each call.
type castlingFarm struct {
	calls    int
	labels   []string
	settings []measure.Settings
}

func (f *castlingFarm) measure(_ context.Context, files []*measure.File, s measure.Settings) ([]*Measured, error) {
	f.calls++
	out := make([]*Measured, len(files))
	for i, file := range files {
		f.labels = append(f.labels, file.Label)
		f.settings = append(f.settings, s)
		first := 0.5
		if bytes.Contains(file.Data, []byte(`"castling"`)) {
			first = 0.8
		}
		checks := []stats.Check{
			fakeCheck(stats.FlagOneSided, first, 0.65, first > 0.65, false),
			fakeCheck(stats.FlagDrawHeavy, 0.3, 0.75, false, false),
		}
		a := &stats.Analysis{Checks: checks, Verdict: stats.VerdictOf(checks), Games: 6, Plies: []int{40, 60}}
		rep, err := report.New(report.Input{Name: stemOf(file.Label), File: file.Label, Analysis: a})
		if err != nil {
			return nil, err
		}
		out[i] = &Measured{Report: rep}
	}
	return out, nil
}

// TestAblate ablates chess against a farm where castling makes the game
// one-sided: every file is measured in one call with the same settings,
// castling comes first and is named, and the reports are written.
func TestAblate(t *testing.T) {
	orig, err := measure.Read("../rulesets/chess.json")
	if err != nil {
		t.Fatal(err)
	}
	farm := &castlingFarm{}
	s := measure.Settings{Players: []string{"random", "ab:d1"}, Games: 4, Seed: 7}
	var log bytes.Buffer
	a, err := Ablate(context.Background(), orig, s, farm.measure, &log)
	if err != nil {
		t.Fatal(err)
	}
	if farm.calls != 1 || len(farm.labels) != 4 || a.Measured != 4 || a.Played != 24 {
		t.Errorf("%d calls, files %v, %d measurements, %d games; want one call of the file and its 3 parts, 24 games", farm.calls, farm.labels, a.Measured, a.Played)
	}
	for _, got := range farm.settings {
		if got.Seed != s.Seed || !slices.Equal(got.Players, s.Players) || got.Games != s.Games {
			t.Errorf("a file measured with %+v, want %+v", got, s)
		}
	}
	if len(a.Parts) != 3 || a.Parts[0].Part.Name != "castling" || !slices.Equal(a.Parts[0].Cleared, []string{stats.FlagOneSided}) {
		t.Fatalf("parts %+v: want castling first, clearing one_sided", a.Parts)
	}
	if !strings.HasPrefix(a.Summary, "Removing castling tips the balance most") || !strings.Contains(log.String(), "3 parts removed") {
		t.Errorf("summary %q, log %q", a.Summary, log.String())
	}
	dir := t.TempDir()
	if err := WriteAblation(dir, a); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "chess-ablation.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(md), "\n")
	if len(lines) < 3 || lines[2] != a.Summary || !strings.Contains(string(md), "| castling | no castling | viable | none | one_sided |") {
		t.Errorf("markdown does not open with the summary or lacks castling's row:\n%s", md)
	}
	data, err := os.ReadFile(filepath.Join(dir, "chess-ablation.json"))
	if err != nil {
		t.Fatal(err)
	}
	var back Ablation
	if err := json.Unmarshal(data, &back); err != nil || back.Summary != a.Summary || len(back.Parts) != 3 {
		t.Errorf("json: %v; summary %q, %d parts", err, back.Summary, len(back.Parts))
	}
	if _, err := os.Stat(filepath.Join(dir, "chess-ablation.html")); err != nil {
		t.Error(err)
	}
}

// TestAblateKinds: asked for some kinds of part, the ablation measures the
// file and those parts only.
func TestAblateKinds(t *testing.T) {
	orig, err := measure.Read("../rulesets/chess.json")
	if err != nil {
		t.Fatal(err)
	}
	farm := &castlingFarm{}
	s := measure.Settings{Players: []string{"random", "ab:d1"}, Games: 4, Seed: 7}
	a, err := Ablate(context.Background(), orig, s, farm.measure, nil, "castling", "en_passant")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range a.Parts {
		names = append(names, p.Part.Name)
	}
	slices.Sort(names)
	if len(farm.labels) != 3 || !slices.Equal(names, []string{"castling", "en passant"}) {
		t.Errorf("files %v, parts %v: want the file, castling and en passant", farm.labels, names)
	}
}
