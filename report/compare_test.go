package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/stats"
)

// measuredAs is the example report as the measurement of file with the
// given equal-strength draw rate and first mover's score, each ± half.
func measuredAs(t *testing.T, file string, draw, first, half float64) *Report {
	t.Helper()
	r := exampleReport(t)
	r.File = "rulesets/" + file + ".json"
	r.Name = file
	found := false
	for i := range r.Checks {
		if r.Checks[i].Name == "draw_heavy" {
			r.Checks[i].Assessed = true
			r.Checks[i].Value = stats.Interval{Est: draw, Lo: draw - half, Hi: draw + half}
			found = true
		}
	}
	if !found {
		t.Fatal("the example report has no draw_heavy check")
	}
	r.FirstMover.Games = 200
	r.Scope.Games = 200
	r.FirstMover.Score = stats.Interval{Est: first, Lo: first - half, Hi: first + half}
	return r
}

func writeReports(t *testing.T, rs ...*Report) string {
	t.Helper()
	dir := t.TempDir()
	for _, r := range rs {
		b, err := r.JSON()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, r.Name+".json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCompareReports(t *testing.T) {
	ours := writeReports(t,
		measuredAs(t, "chess", 0.13, 0.52, 0.01),
		measuredAs(t, "shatranj", 0.55, 0.50, 0.01),
		measuredAs(t, "crazyhouse", 0.01, 0.51, 0.01),
		measuredAs(t, "makruk", 0.68, 0.45, 0.01),
		measuredAs(t, "ours-only", 0.30, 0.50, 0.01),
	)
	// Not a report: passed over.
	if err := os.WriteFile(filepath.Join(ours, "settings.json"), []byte(`{"players": ["random"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	theirs := writeReports(t,
		measuredAs(t, "chess", 0.40, 0.55, 0.01),
		measuredAs(t, "shatranj", 0.70, 0.51, 0.01),
		measuredAs(t, "crazyhouse", 0.05, 0.56, 0.01),
		measuredAs(t, "makruk", 0.65, 0.47, 0.01),
	)
	a, err := ReadReports(ours)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ReadReports(theirs)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 5 || len(b) != 4 {
		t.Fatalf("read %d and %d reports, want 5 and 4", len(a), len(b))
	}
	c, err := Compare(a, b, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Files) != 4 || strings.Join(c.OnlyA, ",") != "ours-only" || len(c.OnlyB) != 0 {
		t.Fatalf("paired %d files, only ours %v, only theirs %v", len(c.Files), c.OnlyA, c.OnlyB)
	}
	// Draw rates in one order (crazyhouse, chess, shatranj/makruk swap at
	// the top): ranks 1,2,4,3 against 1,2,3,4 give 0.8.
	if c.Draw == nil || c.Draw.Rho < 0.799 || c.Draw.Rho > 0.801 {
		t.Errorf("draw rank agreement %+v (%s), want rho 0.8", c.Draw, c.DrawNote)
	}
	// First mover: makruk 0.45/0.47, chess 0.52/0.55, crazyhouse 0.51/0.56,
	// shatranj 0.50/0.51: ranks 1,4,3,2 against 1,3,4,2 give 0.8 too.
	if c.FirstMover == nil || c.FirstMover.Rho < 0.799 || c.FirstMover.Rho > 0.801 {
		t.Errorf("first mover rank agreement %+v (%s), want rho 0.8", c.FirstMover, c.FirstMoverNote)
	}
	// Chess's, shatranj's and crazyhouse's draw intervals are apart;
	// makruk's (0.67-0.69 and 0.64-0.66) too.
	if got := strings.Join(c.DrawApart, ","); got != "chess,crazyhouse,makruk,shatranj" {
		t.Errorf("draw intervals apart in %q", got)
	}
	var md strings.Builder
	if err := c.WriteMarkdown(&md, "ours", "yardstick"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| chess | 200 / 200 |", "0.130 (0.120–0.140)", "0.400 (0.390–0.410)",
		"rank correlation +0.80", "differ from the first's by", "Only in ours: ours-only.",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}
}

func TestCompareRefusals(t *testing.T) {
	chess := measuredAs(t, "chess", 0.1, 0.5, 0.01)
	if _, err := Compare([]*Report{chess, chess}, []*Report{chess}, 0.95); err == nil {
		t.Error("two reports of one file in a set: no error")
	}
	c, err := Compare([]*Report{chess}, []*Report{measuredAs(t, "xiangqi", 0.5, 0.5, 0.01)}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.WriteMarkdown(new(strings.Builder), "a", "b"); err == nil {
		t.Error("nothing in common: no error")
	}
	// Two files cannot be ranked: said, not guessed.
	c, err = Compare([]*Report{chess, measuredAs(t, "shogi", 0, 0.5, 0.01)},
		[]*Report{chess, measuredAs(t, "shogi", 0, 0.5, 0.01)}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if c.Draw != nil || !strings.Contains(c.DrawNote, "at least three") {
		t.Errorf("two files ranked: %+v, %q", c.Draw, c.DrawNote)
	}
}

func TestReadReportsRefusesBadFiles(t *testing.T) {
	for _, c := range []struct {
		name, body, want string
	}{
		{"truncated", `{"format_version": 1, "verdict": "viable", "name": "x"`, "unexpected end"},
		{"not json", "verdict: viable", "invalid character"},
		{"newer format", `{"format_version": 99, "verdict": "viable", "name": "x"}`, "newer than"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "x.json"), []byte(c.body), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := ReadReports(dir)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "x.json") {
				t.Errorf("got %v, want an error naming x.json with %q", err, c.want)
			}
		})
	}
	if _, err := ReadReports(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("a missing directory: no error")
	}
}
