package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"balancefarm/stats"
)

// maxReportBytes bounds a report read back: the largest real one is a few
// hundred kilobytes, so anything near this is not a report.
const maxReportBytes = 64 << 20

// ReadReports reads the measurement reports (NAME.json, the format of
// FORMAT.md) in dir, in name order. A JSON file that is not a report
// (no format_version or verdict) is passed over; one that cannot be read
// or parsed is an error naming it.
func ReadReports(dir string) ([]*Report, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if names == nil {
		if _, err := os.Stat(dir); err != nil {
			return nil, err
		}
	}
	sort.Strings(names)
	var out []*Report
	for _, name := range names {
		r, err := readReport(name)
		if err != nil {
			return nil, err
		}
		if r != nil {
			out = append(out, r)
		}
	}
	return out, nil
}

func readReport(path string) (*Report, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxReportBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > maxReportBytes {
		return nil, fmt.Errorf("%s: larger than %d MiB, not a report", path, maxReportBytes>>20)
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if r.FormatVersion == 0 || r.Verdict == "" {
		return nil, nil
	}
	if r.FormatVersion > FormatVersion {
		return nil, fmt.Errorf("%s: report format %d is newer than this program's %d", path, r.FormatVersion, FormatVersion)
	}
	return &r, nil
}

// reportKey is what pairs two reports of one rule file: the file's base
// name without .json, or the game's name where no file is recorded.
func reportKey(r *Report) string {
	if r.File != "" {
		return strings.TrimSuffix(filepath.Base(r.File), ".json")
	}
	return r.Name
}

// ComparedFile is one rule file measured twice.
type ComparedFile struct {
	Key  string
	A, B *Report
}

// Comparison sets two measurements of the same rule files side by side,
// for example the default ladder against one with an outside engine as
// its top rung: how each ranks the files by the equal-strength games'
// draw rate and first mover's score, and where their intervals do not
// even overlap.
type Comparison struct {
	Files        []ComparedFile
	OnlyA, OnlyB []string
	// Draw and FirstMover rank the files measured both ways; nil with
	// the reason in DrawNote or FirstMoverNote when they cannot.
	Draw, FirstMover         *stats.Agreement
	DrawNote, FirstMoverNote string
	// DrawApart and FirstMoverApart name the files whose two intervals
	// are disjoint.
	DrawApart, FirstMoverApart []string
}

// Compare pairs the reports of a and b by rule file and ranks them.
func Compare(a, b []*Report, confidence float64) (Comparison, error) {
	index := func(side string, rs []*Report) (map[string]*Report, error) {
		m := make(map[string]*Report, len(rs))
		for _, r := range rs {
			k := reportKey(r)
			if m[k] != nil {
				return nil, fmt.Errorf("report: %s holds two reports of %s", side, k)
			}
			m[k] = r
		}
		return m, nil
	}
	ma, err := index("the first set", a)
	if err != nil {
		return Comparison{}, err
	}
	mb, err := index("the second set", b)
	if err != nil {
		return Comparison{}, err
	}
	var c Comparison
	for k, ra := range ma {
		if rb := mb[k]; rb != nil {
			c.Files = append(c.Files, ComparedFile{Key: k, A: ra, B: rb})
		} else {
			c.OnlyA = append(c.OnlyA, k)
		}
	}
	for k := range mb {
		if ma[k] == nil {
			c.OnlyB = append(c.OnlyB, k)
		}
	}
	sort.Slice(c.Files, func(i, j int) bool { return c.Files[i].Key < c.Files[j].Key })
	sort.Strings(c.OnlyA)
	sort.Strings(c.OnlyB)

	c.Draw, c.DrawApart, c.DrawNote = rank(c.Files, drawRate, confidence)
	c.FirstMover, c.FirstMoverApart, c.FirstMoverNote = rank(c.Files, firstMover, confidence)
	return c, nil
}

// drawRate is the equal-strength games' draw rate, the figure draw_heavy
// reads; false when the report has none.
func drawRate(r *Report) (stats.Interval, bool) {
	for _, ch := range r.Checks {
		if ch.Name == stats.FlagDrawHeavy && ch.Assessed {
			return ch.Value, true
		}
	}
	return stats.Interval{}, false
}

func firstMover(r *Report) (stats.Interval, bool) {
	return r.FirstMover.Score, r.FirstMover.Games > 0
}

// compareSeed fixes the bootstrap, so one comparison always prints the
// same interval.
const compareSeed = 20261202

func rank(files []ComparedFile, figure func(*Report) (stats.Interval, bool), confidence float64) (*stats.Agreement, []string, string) {
	var xs, ys []stats.Interval
	var apart []string
	for _, f := range files {
		x, okA := figure(f.A)
		y, okB := figure(f.B)
		if !okA || !okB {
			continue
		}
		xs, ys = append(xs, x), append(ys, y)
		if x.Hi < y.Lo || y.Hi < x.Lo {
			apart = append(apart, f.Key)
		}
	}
	agree, err := stats.CompareEstimates(xs, ys, confidence, compareSeed)
	if err != nil {
		return nil, apart, fmt.Sprintf("not ranked: %v (%d files measured both ways)", strings.TrimPrefix(err.Error(), "stats: "), len(xs))
	}
	return &agree, apart, ""
}

// WriteMarkdown writes the comparison as a Markdown table and a few
// sentences, naming the two sets labelA and labelB.
func (c Comparison) WriteMarkdown(w io.Writer, labelA, labelB string) error {
	if len(c.Files) == 0 {
		return errors.New("report: no rule file was measured in both sets")
	}
	var b strings.Builder
	labelA, labelB = cell(labelA), cell(labelB)
	fmt.Fprintf(&b, "# %s against %s\n\n", labelA, labelB)
	fmt.Fprintf(&b, "Equal-strength games of each set's strongest rung, %d rule files measured both ways.\n\n", len(c.Files))
	fmt.Fprintf(&b, "| file | games (%s / %s) | draw rate, %s | draw rate, %s | first mover, %s | first mover, %s | verdicts |\n",
		labelA, labelB, labelA, labelB, labelA, labelB)
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for _, f := range c.Files {
		da, okDA := drawRate(f.A)
		db, okDB := drawRate(f.B)
		fa, okFA := firstMover(f.A)
		fb, okFB := firstMover(f.B)
		fmt.Fprintf(&b, "| %s | %d / %d | %s | %s | %s | %s | %s / %s |\n", cell(f.Key),
			f.A.Scope.Games, f.B.Scope.Games, figureCell(da, okDA), figureCell(db, okDB), figureCell(fa, okFA), figureCell(fb, okFB),
			f.A.Verdict, f.B.Verdict)
	}
	b.WriteString("\n")
	agreement(&b, "Draw rate", c.Draw, c.DrawNote, c.DrawApart)
	agreement(&b, "First mover's score", c.FirstMover, c.FirstMoverNote, c.FirstMoverApart)
	if len(c.OnlyA) > 0 {
		fmt.Fprintf(&b, "\nOnly in %s: %s.\n", labelA, strings.Join(c.OnlyA, ", "))
	}
	if len(c.OnlyB) > 0 {
		fmt.Fprintf(&b, "\nOnly in %s: %s.\n", labelB, strings.Join(c.OnlyB, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func figureCell(iv stats.Interval, ok bool) string {
	if !ok {
		return "—"
	}
	return fmt.Sprintf("%.3f (%.3f–%.3f)", iv.Est, iv.Lo, iv.Hi)
}

func agreement(b *strings.Builder, what string, agree *stats.Agreement, note string, apart []string) {
	if agree == nil {
		fmt.Fprintf(b, "- %s: %s.", what, note)
	} else {
		fmt.Fprintf(b, "- %s: rank correlation %+.2f (%+.2f to %+.2f) over %d files; with their intervals, two measurements of the same values would reach about %+.2f. The second set's figures differ from the first's by %+.3f (%+.3f to %+.3f) on average.",
			what, agree.Rho, agree.Lo, agree.Hi, agree.Games, agree.Ceiling, agree.Shift, agree.ShiftLo, agree.ShiftHi)
	}
	if len(apart) > 0 {
		fmt.Fprintf(b, " Intervals apart: %s.", strings.Join(apart, ", "))
	} else if agree != nil {
		b.WriteString(" Every pair of intervals overlaps.")
	}
	b.WriteString("\n")
}
