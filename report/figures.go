package report

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"balancefarm/stats"
)

// A figures table keeps, one CSV row per rule file, the few figures of a
// measurement that compare reads: so a measurement made elsewhere, or one
// whose reports were not kept (an outside engine's, a published table),
// can still be set beside a fresh one. Empty cells stand for a figure the
// measurement did not have.
var figuresHeader = []string{"file", "verdict", "games", "draw", "draw_low", "draw_high",
	"first_mover", "first_mover_low", "first_mover_high"}

// Bounds on a figures table read back: far above any real one (a row per
// rule file), low enough that a huge or hostile file is refused at once.
const (
	maxFiguresBytes  = 4 << 20
	maxFiguresRows   = 10000
	maxFiguresErrors = 20
)

// WriteFigures writes the figures compare reads from each report as a
// CSV table (figuresHeader), one row per report in the order given.
func WriteFigures(w io.Writer, rs []*Report) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(figuresHeader); err != nil {
		return err
	}
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, r := range rs {
		row := []string{reportKey(r), r.Verdict, strconv.Itoa(r.Scope.Games), "", "", "", "", "", ""}
		if iv, ok := drawRate(r); ok {
			row[3], row[4], row[5] = num(iv.Est), num(iv.Lo), num(iv.Hi)
		}
		if iv, ok := firstMover(r); ok {
			row[6], row[7], row[8] = num(iv.Est), num(iv.Lo), num(iv.Hi)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// ReadFigures reads a figures table back as reports holding only what
// compare reads. Every problem found is listed, each with its line, up to
// maxFiguresErrors of them.
func ReadFigures(r io.Reader) ([]*Report, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFiguresBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFiguresBytes {
		return nil, fmt.Errorf("larger than %d MiB, not a figures table", maxFiguresBytes>>20)
	}
	cr := csv.NewReader(strings.NewReader(string(data)))
	cr.FieldsPerRecord = -1
	var problems []string
	add := func(line int, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("line %d: %s", line, fmt.Sprintf(format, args...)))
	}
	header, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errors.New("empty: no header line")
		}
		return nil, err
	}
	if strings.Join(header, ",") != strings.Join(figuresHeader, ",") {
		return nil, fmt.Errorf("line 1: the header must be %q", strings.Join(figuresHeader, ","))
	}
	var out []*Report
	seen := map[string]int{}
	for len(problems) < maxFiguresErrors {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				add(pe.Line, "%v", pe.Err)
				// csv cannot go on past a broken quote; other row errors
				// leave it at the next row.
				if errors.Is(pe.Err, csv.ErrQuote) || errors.Is(pe.Err, csv.ErrBareQuote) {
					break
				}
				continue
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if len(out) >= maxFiguresRows {
			return nil, fmt.Errorf("more than %d rows, not a figures table", maxFiguresRows)
		}
		if len(row) != len(figuresHeader) {
			add(line, "%d cells, want %d", len(row), len(figuresHeader))
			continue
		}
		rep, rowProblems := figuresRow(row)
		for _, p := range rowProblems {
			add(line, "%s", p)
		}
		if rep == nil {
			continue
		}
		if first, dup := seen[rep.Name]; dup {
			add(line, "%s is already on line %d", rep.Name, first)
			continue
		}
		seen[rep.Name] = line
		out = append(out, rep)
	}
	if len(problems) > 0 {
		if len(problems) >= maxFiguresErrors {
			problems = append(problems, "(more problems may follow)")
		}
		return nil, errors.New(strings.Join(problems, "; "))
	}
	return out, nil
}

// figuresRow turns one row into a report, or says what is wrong with it.
func figuresRow(row []string) (*Report, []string) {
	var problems []string
	name := strings.TrimSpace(row[0])
	if name == "" || strings.ContainsAny(name, "/\\") {
		problems = append(problems, fmt.Sprintf("file %q must be a rule file's name without a folder", row[0]))
	}
	name = strings.TrimSuffix(name, ".json")
	verdict := strings.TrimSpace(row[1])
	if verdict == "" {
		problems = append(problems, "no verdict")
	}
	games, err := strconv.Atoi(strings.TrimSpace(row[2]))
	if err != nil || games < 0 {
		problems = append(problems, fmt.Sprintf("games %q is not a count", row[2]))
	}
	draw, hasDraw, p := figuresInterval(row, 3)
	problems = append(problems, p...)
	first, hasFirst, p := figuresInterval(row, 6)
	problems = append(problems, p...)
	if len(problems) > 0 {
		return nil, problems
	}
	r := &Report{FormatVersion: FormatVersion, Name: name, File: name + ".json", Verdict: verdict}
	r.Scope.Games = games
	if hasDraw {
		r.Checks = []stats.Check{{Name: stats.FlagDrawHeavy, Assessed: true, Value: draw, Games: games}}
	}
	if hasFirst {
		r.FirstMover.Games = max(games, 1)
		r.FirstMover.Score = first
	}
	return r, nil
}

// figuresInterval reads the estimate and interval in row's cells from col
// on: three numbers in [0, 1] with low <= estimate <= high, or three empty
// cells.
func figuresInterval(row []string, col int) (stats.Interval, bool, []string) {
	cells, what := row[col:col+3], figuresHeader[col]
	if strings.TrimSpace(cells[0]) == "" && strings.TrimSpace(cells[1]) == "" && strings.TrimSpace(cells[2]) == "" {
		return stats.Interval{}, false, nil
	}
	var v [3]float64
	var problems []string
	for i, c := range cells {
		x, err := strconv.ParseFloat(strings.TrimSpace(c), 64)
		if err != nil || math.IsNaN(x) || x < 0 || x > 1 {
			problems = append(problems, fmt.Sprintf("%s %q is not a rate between 0 and 1", figuresHeader[col+i], c))
		}
		v[i] = x
	}
	// Reports carry float noise at the ends (a low of 1e-19 over an
	// estimate of 0): far below the third decimal anyone reads, so it is
	// let through and evened out.
	const slack = 1e-9
	if problems == nil && !(v[1] <= v[0]+slack && v[0] <= v[2]+slack) {
		problems = append(problems, fmt.Sprintf("%s: want low <= estimate <= high, got %g, %g, %g", what, v[1], v[0], v[2]))
	}
	return stats.Interval{Est: v[0], Lo: min(v[1], v[0]), Hi: max(v[2], v[0])}, true, problems
}

// ReadSet reads one measurement for compare: a directory of reports, or a
// figures table (a file ending in .csv).
func ReadSet(path string) ([]*Report, error) {
	if !strings.HasSuffix(strings.ToLower(path), ".csv") {
		return ReadReports(path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rs, err := ReadFigures(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rs, nil
}
