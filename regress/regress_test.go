package regress

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/stats"
	"balancefarm/stats/synth"
)

// wilson is a proportion interval as the stats package writes it.
func wilson(est, lo, hi float64) stats.Interval {
	return stats.Interval{Est: est, Lo: lo, Hi: hi, Method: stats.MethodWilson}
}

// fakeReport is a constructed report: verdict from the raised flags,
// one assessed check per name in checks, plus a measured metric and a
// two-rung rating fit.
func fakeReport(name string, flags []string, checks map[string]stats.Interval) *report.Report {
	r := &report.Report{Name: name, File: "rulesets/" + name + ".json",
		Verdict: stats.Viable, Games: 400}
	for _, f := range flags {
		r.Flags = append(r.Flags, report.Flag{Name: f, Detail: f + " raised"})
		r.Verdict = stats.NotViable
	}
	for n, iv := range checks {
		r.Checks = append(r.Checks, stats.Check{Name: n, Assessed: true, Value: iv, Games: 400})
	}
	r.Checks = append(r.Checks, stats.Check{Name: stats.FlagDepthInsensitive, Assessed: false}) // never compared
	r.Metrics = []stats.Metric{
		{Name: stats.MetricDuration, Measured: true, Value: stats.Interval{Est: 80, Lo: 76, Hi: 84, Method: stats.MethodStudentT}},
		{Name: stats.MetricLeadChange, Measured: false, Value: stats.Interval{Method: stats.MethodStudentT}},
	}
	r.Ratings = stats.Ratings{Anchor: "weak", Rungs: []stats.Rating{
		{Spec: "weak", Elo: stats.Interval{Method: stats.MethodFisher}},
		{Spec: "strong", Elo: stats.Interval{Est: 300, Lo: 250, Hi: 350, Method: stats.MethodFisher}},
	}, FirstMove: stats.Interval{Est: 20, Lo: 5, Hi: 35, Method: stats.MethodFisher}}
	return r
}

var steadyDraws = map[string]stats.Interval{stats.FlagDrawHeavy: wilson(0.30, 0.26, 0.35)}

func TestFromReportsPicksKeyStatistics(t *testing.T) {
	b := FromReports([]*report.Report{fakeReport("b", nil, steadyDraws), nil, fakeReport("a", []string{"short", "draw_heavy"}, steadyDraws)})
	if got := []string{b.Files[0].Name, b.Files[1].Name}; !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Fatalf("entries %v, want sorted a, b", got)
	}
	a := b.Files[0]
	if a.Verdict != stats.NotViable || !reflect.DeepEqual(a.Flags, []string{"draw_heavy", "short"}) {
		t.Errorf("entry a: verdict %s flags %v", a.Verdict, a.Flags)
	}
	var names []string
	for _, s := range a.Stats {
		names = append(names, s.Name)
	}
	// Not assessed, not measured and the anchor's fixed 0 are left out.
	want := []string{"check.draw_heavy", "elo.strong", "metric.duration", "ratings.first_move"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("stats %v, want %v", names, want)
	}
}

// TestFromReportsPicksSeatStatistics: a report with seats adds each
// seat's and team's score, the draw rate and Balance to its entry.
func TestFromReportsPicksSeatStatistics(t *testing.T) {
	r := fakeReport("teams", nil, steadyDraws)
	r.Seats = &report.Seats{SeatTable: stats.SeatTable{
		Scores:  []stats.Share{{Index: 0, Score: wilson(0.3, 0.2, 0.4)}, {Index: 1, Score: wilson(0.2, 0.1, 0.3)}, {Index: 2, Score: wilson(0.3, 0.2, 0.4)}, {Index: 3, Score: wilson(0.2, 0.1, 0.3)}},
		Teams:   []stats.Share{{Index: 0, Seats: []int{0, 2}, Score: wilson(0.6, 0.5, 0.7)}, {Index: 1, Seats: []int{1, 3}, Score: wilson(0.4, 0.3, 0.5)}},
		Draws:   wilson(0.1, 0.05, 0.2),
		Balance: stats.Interval{Est: 0.8, Lo: 0.6, Hi: 1, Method: stats.MethodSimultaneous},
	}}
	var names []string
	for _, s := range FromReports([]*report.Report{r}).Files[0].Stats {
		names = append(names, s.Name)
	}
	want := []string{"check.draw_heavy", "elo.strong", "metric.duration", "ratings.first_move",
		"seat.1", "seat.2", "seat.3", "seat.4", "seats.balance", "seats.draws", "team.1", "team.2"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("stats %v, want %v", names, want)
	}
}

func TestCompare(t *testing.T) {
	base := []*report.Report{
		fakeReport("steady", nil, steadyDraws),
		fakeReport("verdict", nil, steadyDraws),
		fakeReport("cleared", []string{"short"}, steadyDraws),
		fakeReport("moved", nil, steadyDraws),
		fakeReport("wobbled", nil, steadyDraws),
		fakeReport("gone", nil, steadyDraws),
		fakeReport("undecided", nil, steadyDraws),
	}
	// The same statistics, but the games ran out before one flag was
	// decided: shown, not a regression by itself.
	undecided := fakeReport("undecided", nil, steadyDraws)
	undecided.Verdict = stats.Inconclusive
	undecided.Undecided = []report.Undecided{{Name: stats.FlagShort, MoreGames: 40}}
	fresh := []*report.Report{
		undecided,
		fakeReport("steady", nil, steadyDraws),
		fakeReport("verdict", []string{"draw_heavy"}, map[string]stats.Interval{stats.FlagDrawHeavy: wilson(0.80, 0.76, 0.84)}),
		fakeReport("cleared", nil, steadyDraws),
		// 0.30 (0.26-0.35) -> 0.42 (0.37-0.47): intervals apart.
		fakeReport("moved", nil, map[string]stats.Interval{stats.FlagDrawHeavy: wilson(0.42, 0.37, 0.47)}),
		// 0.30 (0.26-0.35) -> 0.33 (0.29-0.38): intervals overlap.
		fakeReport("wobbled", nil, map[string]stats.Interval{stats.FlagDrawHeavy: wilson(0.33, 0.29, 0.38)}),
		fakeReport("added", nil, steadyDraws),
	}
	d := Compare(FromReports(base), FromReports(fresh))
	byName := map[string]FileDiff{}
	for _, f := range d.Files {
		byName[f.Name] = f
	}
	tests := []struct {
		name             string
		status           Status
		verdictChanged   bool
		raised, cleared  []string
		moved            []string
		compared, steady int
	}{
		{name: "steady", status: Unchanged, compared: 4, steady: 4},
		{name: "verdict", status: Regressed, verdictChanged: true, raised: []string{"draw_heavy"}, moved: []string{"check.draw_heavy"}, compared: 4, steady: 3},
		{name: "cleared", status: Regressed, verdictChanged: true, cleared: []string{"short"}, compared: 4, steady: 4},
		{name: "moved", status: Regressed, moved: []string{"check.draw_heavy"}, compared: 4, steady: 3},
		{name: "wobbled", status: Unchanged, compared: 4, steady: 4},
		{name: "added", status: Added},
		{name: "gone", status: Removed},
		{name: "undecided", status: Unchanged, verdictChanged: true, compared: 4, steady: 4},
	}
	if len(d.Files) != len(tests) {
		t.Fatalf("%d files in the diff, want %d", len(d.Files), len(tests))
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, ok := byName[tc.name]
			if !ok {
				t.Fatal("missing from the diff")
			}
			var moved []string
			for _, s := range f.Moved() {
				moved = append(moved, s.Name)
			}
			if f.Status != tc.status || f.VerdictChanged() != tc.verdictChanged ||
				!reflect.DeepEqual(f.Raised, tc.raised) || !reflect.DeepEqual(f.Cleared, tc.cleared) ||
				!reflect.DeepEqual(moved, tc.moved) || len(f.Stats) != tc.compared || len(f.Stats)-len(moved) != tc.steady {
				t.Errorf("got status %s verdict changed %v raised %v cleared %v moved %v (%d compared)",
					f.Status, f.VerdictChanged(), f.Raised, f.Cleared, moved, len(f.Stats))
			}
		})
	}
	if !d.Regressed() {
		t.Error("Regressed() false with regressed files")
	}
}

func TestNewAndRemovedFilesAreNotRegressions(t *testing.T) {
	d := Compare(FromReports([]*report.Report{fakeReport("old", nil, steadyDraws), fakeReport("kept", nil, steadyDraws)}),
		FromReports([]*report.Report{fakeReport("new", []string{"short"}, steadyDraws), fakeReport("kept", nil, steadyDraws)}))
	if d.Regressed() {
		t.Fatalf("new and removed files counted as a regression: %+v", d.Files)
	}
	if len(d.With(Added)) != 1 || len(d.With(Removed)) != 1 || len(d.With(Unchanged)) != 1 {
		t.Fatalf("statuses: %+v", d.Files)
	}
	var md bytes.Buffer
	if err := d.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"nothing regressed", "### New files", "- new (`rulesets/new.json`): not viable", "### Removed files", "- old (`rulesets/old.json`): viable"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md.String())
		}
	}
}

func TestStatisticsOnOneSideAreNotCompared(t *testing.T) {
	old := fakeReport("f", nil, steadyDraws)
	fresh := fakeReport("f", nil, map[string]stats.Interval{stats.FlagShort: wilson(0.9, 0.85, 0.95)})
	f := Compare(FromReports([]*report.Report{old}), FromReports([]*report.Report{fresh})).Files[0]
	if f.Status != Unchanged || !reflect.DeepEqual(f.Appeared, []string{"check.short"}) || !reflect.DeepEqual(f.Vanished, []string{"check.draw_heavy"}) {
		t.Errorf("status %s appeared %v vanished %v", f.Status, f.Appeared, f.Vanished)
	}
}

func TestOutputs(t *testing.T) {
	d := Compare(FromReports([]*report.Report{fakeReport("atomic", nil, steadyDraws), fakeReport("chess", nil, steadyDraws)}),
		FromReports([]*report.Report{
			fakeReport("atomic", []string{"draw_heavy"}, map[string]stats.Interval{stats.FlagDrawHeavy: wilson(0.80, 0.76, 0.84)}),
			fakeReport("chess", nil, steadyDraws),
		}))
	var table bytes.Buffer
	if err := d.Table(&table); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(table.String()), "\n")
	wantLines := []string{
		"FILE    STATUS     VERDICT               CHANGES",
		"atomic  regressed  viable -> not viable  +draw_heavy; check.draw_heavy 0.300 -> 0.800",
		"chess   unchanged  viable                -",
		"1 regressed, 1 unchanged, 0 new, 0 removed",
	}
	if !reflect.DeepEqual(lines, wantLines) {
		t.Errorf("table:\n%s\nwant:\n%s", table.String(), strings.Join(wantLines, "\n"))
	}
	var md bytes.Buffer
	if err := d.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"## Regression check: 1 of 2 files regressed",
		"| atomic | regressed | viable -> not viable | draw_heavy | - | check.draw_heavy | 3 of 4 |",
		"| chess | unchanged | viable | - | - | - | 4 of 4 |",
		"### atomic (`rulesets/atomic.json`)",
		"- Verdict changed: **viable** -> **not viable**",
		"| check.draw_heavy | 0.300 (0.260 to 0.350) | 0.800 (0.760 to 0.840) | +0.500 |",
		"`coordinator regress -update`",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md.String())
		}
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "baseline.json")
	if _, err := Load(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("loading a missing baseline: %v, want fs.ErrNotExist", err)
	}
	b := FromReports([]*report.Report{fakeReport("b", []string{"short"}, steadyDraws), fakeReport("a", nil, steadyDraws)})
	if err := Save(path, b); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, b) {
		t.Errorf("round trip changed the baseline:\n%+v\n%+v", got, b)
	}
	if d := Compare(b, got); d.Regressed() || len(d.With(Unchanged)) != 2 {
		t.Errorf("a baseline compared with itself: %+v", d.Files)
	}
	first, _ := os.ReadFile(path)
	if err := Save(path, got); err != nil {
		t.Fatal(err)
	}
	if second, _ := os.ReadFile(path); !bytes.Equal(first, second) {
		t.Error("saving the loaded baseline changed the file")
	}
}

func TestLoadRejectsBadBaselines(t *testing.T) {
	tests := []struct{ name, json, want string }{
		{"not json", `{`, "baseline"},
		{"version", `{"schema_version": 2, "files": []}`, "schema_version 2"},
		{"unknown key", `{"schema_version": 1, "files": [], "extra": 1}`, "unknown field"},
		{"no name", `{"schema_version": 1, "files": [{"verdict": "viable"}]}`, "no name"},
		{"twice", `{"schema_version": 1, "files": [{"name": "a", "verdict": "viable"}, {"name": "a", "verdict": "viable"}]}`, "twice"},
		{"verdict", `{"schema_version": 1, "files": [{"name": "a", "verdict": "great"}]}`, "verdict"},
		{"interval order", `{"schema_version": 1, "files": [{"name": "a", "verdict": "viable", "stats": [{"name": "x", "value": {"estimate": 0.5, "low": 0.6, "high": 0.4}}]}]}`, "above high"},
		{"repeated stat", `{"schema_version": 1, "files": [{"name": "a", "verdict": "viable", "stats": [{"name": "x", "value": {}}, {"name": "x", "value": {}}]}]}`, "repeated"},
		{"trailing", `{"schema_version": 1, "files": []} {}`, "trailing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "baseline.json")
			if err := os.WriteFile(path, []byte(tc.json), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Load(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Load: %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestSynthesisedMeasurements runs the real analysis: the same batch is
// unchanged against itself, and a far more drawish game regresses.
func TestSynthesisedMeasurements(t *testing.T) {
	ladder := stats.Ladder{Rungs: []string{"random", "ab:d1", "ab:d2", "ab:d3"}}
	cfg := synth.Config{Ladder: ladder, Elo: []float64{0, 250, 420, 560}, FirstMoveElo: 25, DrawRate: 0.3,
		Pairs: 40, Mirror: true, MaxPlies: 300, MeanPlies: 80, TimeoutShare: 0.1, Seed: 7}
	measure := func(cfg synth.Config) *report.Report {
		t.Helper()
		games, err := synth.Games(cfg)
		if err != nil {
			t.Fatal(err)
		}
		a, err := stats.Analyze(ladder, stats.StartInfo{MaxPlies: cfg.MaxPlies}, games, stats.DefaultThresholds())
		if err != nil {
			t.Fatal(err)
		}
		r, err := report.New(report.Input{Name: "synth", File: "rulesets/synth.json", Analysis: a})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	base := FromReports([]*report.Report{measure(cfg)})
	if err := base.Check(); err != nil {
		t.Fatalf("baseline from a real report: %v", err)
	}
	if d := Compare(base, FromReports([]*report.Report{measure(cfg)})); d.Regressed() {
		t.Errorf("identical measurement regressed: %+v", d.Files)
	}
	drawish := cfg
	drawish.DrawRate, drawish.Seed = 0.95, 8
	d := Compare(base, FromReports([]*report.Report{measure(drawish)}))
	f := d.Files[0]
	if !d.Regressed() {
		t.Fatalf("a draw rate of 0.95 instead of 0.3 did not regress: %+v", f)
	}
	var moved []string
	for _, s := range f.Moved() {
		moved = append(moved, s.Name)
	}
	if !strings.Contains(strings.Join(moved, " "), "check.draw_heavy") {
		t.Errorf("draw rate not among the moved statistics %v", moved)
	}
}

// A baseline records the undecided flags of an inconclusive verdict and
// reads the verdict back.
func TestInconclusiveBaseline(t *testing.T) {
	r := fakeReport("maybe", nil, steadyDraws)
	r.Verdict = stats.Inconclusive
	r.Undecided = []report.Undecided{{Name: stats.FlagShort}, {Name: stats.FlagDrawHeavy}}
	b := FromReports([]*report.Report{r})
	if e := b.Files[0]; e.Verdict != stats.Inconclusive || !reflect.DeepEqual(e.Undecided, []string{stats.FlagDrawHeavy, stats.FlagShort}) {
		t.Errorf("entry %+v", e)
	}
	if err := b.Check(); err != nil {
		t.Errorf("an inconclusive entry is refused: %v", err)
	}
	b.Files[0].Verdict = "maybe"
	if err := b.Check(); err == nil {
		t.Error("an unknown verdict is accepted")
	}
}

// TestSkillShareInBaseline: a measured skill share is compared; an exact
// one (no chance: 1 by definition) and one that cannot be read are not.
func TestSkillShareInBaseline(t *testing.T) {
	cases := []struct {
		method string
		kept   bool
	}{
		{stats.MethodFieller, true},
		{stats.SkillExact, false},
		{stats.MethodUnbounded, false},
	}
	for _, c := range cases {
		r := fakeReport("dice", nil, map[string]stats.Interval{stats.FlagLuckDominated: {Est: 0.5, Lo: 0.3, Hi: 0.7, Method: c.method}})
		kept := false
		for _, s := range FromReports([]*report.Report{r}).Files[0].Stats {
			kept = kept || s.Name == "check."+stats.FlagLuckDominated
		}
		if kept != c.kept {
			t.Errorf("method %s: in the baseline %v, want %v", c.method, kept, c.kept)
		}
	}
}

// A top rung that now plays a kept table keeps its rating's name, so its
// move is compared, and the comparison says the table changed.
func TestTableExplainsRatingMove(t *testing.T) {
	spec, err := search.WithTable("ab:n10000", []search.TableRow{{ID: "N", Cents: append(make([]int, 63), 10)}})
	if err != nil {
		t.Fatal(err)
	}
	old := fakeReport("chess", nil, steadyDraws)
	old.Ladder = []string{"weak", "ab:n10000"}
	old.Ratings.Rungs[1].Spec = "ab:n10000"
	fresh := fakeReport("chess", nil, steadyDraws)
	fresh.Ladder = []string{"weak", spec}
	fresh.Ratings.Rungs[1] = stats.Rating{Spec: spec, Elo: stats.Interval{Est: 420, Lo: 380, Hi: 460, Method: stats.MethodFisher}}
	ob, nb := FromReports([]*report.Report{old}), FromReports([]*report.Report{fresh})
	if ob.Files[0].Table != "" || nb.Files[0].Table != search.ShortSpec(spec) {
		t.Fatalf("tables %q and %q, want none and %q", ob.Files[0].Table, nb.Files[0].Table, search.ShortSpec(spec))
	}
	d := Compare(ob, nb)
	f := d.Files[0]
	if f.Status != Regressed || len(f.Moved()) != 1 || f.Moved()[0].Name != "elo.ab:n10000" || len(f.Appeared)+len(f.Vanished) > 0 {
		t.Fatalf("diff %+v: want the top rung's rating, under its own name, moved", f)
	}
	var md bytes.Buffer
	if err := d.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	if want := "played no learned table in the baseline and `" + search.ShortSpec(spec) + "` now"; !strings.Contains(md.String(), want) {
		t.Errorf("the comparison does not say %q:\n%s", want, &md)
	}
}
