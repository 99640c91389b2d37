package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"balancefarm/internal/atomicfile"
	"balancefarm/stats"
)

// JSON encodes the report (FORMAT.md), indented.
func (r *Report) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("report: json: %v", err)
	}
	return append(b, '\n'), nil
}

// Write builds in's report and writes it (WriteFiles).
func Write(dir string, in Input) (*Report, error) {
	r, err := New(in)
	if err != nil {
		return nil, err
	}
	if err := r.WriteFiles(dir); err != nil {
		return nil, err
	}
	return r, nil
}

// Files are the report's files in DIR: NAME.md, NAME.html and last
// NAME.json, the one that claims the verdict.
func (r *Report) Files(dir string) ([]atomicfile.File, error) {
	js, err := r.JSON()
	if err != nil {
		return nil, err
	}
	page, err := r.HTML()
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, r.Name)
	return []atomicfile.File{{Path: path + ".md", Data: r.Markdown()}, {Path: path + ".html", Data: page}, {Path: path + ".json", Data: js}}, nil
}

// WriteFiles writes the files with (the game records beside the report)
// and then DIR/NAME.md, DIR/NAME.html and DIR/NAME.json, creating dir if
// needed: all of them or, on an error, none (atomicfile.Write).
func (r *Report) WriteFiles(dir string, with ...atomicfile.File) error {
	files, err := r.Files(dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("report: %v", err)
	}
	if err := atomicfile.Write(append(with[:len(with):len(with)], files...)...); err != nil {
		return fmt.Errorf("report: %w; none of %s's files is left", err, r.Name)
	}
	return nil
}

// Summary renders summary.md: one row per report, by name.
func Summary(reports []*Report) []byte {
	rs := append([]*Report(nil), reports...)
	sort.Slice(rs, func(i, j int) bool { return rs[i].Name < rs[j].Name })
	var b bytes.Buffer
	viable := 0
	for _, r := range rs {
		if r.Verdict == stats.Viable {
			viable++
		}
	}
	fmt.Fprintf(&b, "## Measurement summary: %d of %d files viable\n\n", viable, len(rs))
	b.WriteString("| name | file | verdict | flags | warnings | games | wall time | ladder span (Elo) | first mover's score | draw rate (strong) |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		var flags, warns []string
		for _, f := range r.Flags {
			flags = append(flags, f.Name)
		}
		for _, w := range r.Warnings {
			warns = append(warns, w.Name)
		}
		span := "n/a"
		if n := len(r.Ratings.Rungs); n >= 2 {
			span = fmt.Sprintf("%+.0f", r.Ratings.Rungs[n-1].Elo.Est-r.Ratings.Rungs[0].Elo.Est)
		}
		draw := "n/a"
		for _, c := range r.Checks {
			if c.Name == stats.FlagDrawHeavy && c.Assessed {
				draw = fmt.Sprintf("%.2f", c.Value.Est)
			}
		}
		fmt.Fprintf(&b, "| [%s](%s.md) | `%s` | %s | %s | %s | %d | %s | %s | %.2f | %s |\n",
			cell(r.Name), r.Name, cell(r.File), verdictWords(r.Verdict), orDash(flags), orDash(warns),
			r.Games, wallText(r.WallSeconds), span, r.FirstMover.Score.Est, draw)
	}
	return b.Bytes()
}

func orDash(xs []string) string {
	if len(xs) == 0 {
		return "-"
	}
	return cell(strings.Join(xs, ", "))
}

// WriteSummary writes DIR/summary.md for reports.
func WriteSummary(dir string, reports []*Report) error {
	if len(reports) == 0 {
		return errors.New("report: no reports to summarise")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("report: %v", err)
	}
	if err := atomicfile.Write(atomicfile.File{Path: filepath.Join(dir, "summary.md"), Data: Summary(reports)}); err != nil {
		return fmt.Errorf("report: %v", err)
	}
	return nil
}

// WriteAll writes every input's three files and the summary. Names must
// be distinct.
func WriteAll(dir string, ins []Input) ([]*Report, error) {
	seen := map[string]bool{}
	var out []*Report
	for _, in := range ins {
		if seen[in.Name] {
			return nil, fmt.Errorf("report: two inputs named %q", in.Name)
		}
		seen[in.Name] = true
		r, err := Write(dir, in)
		if err != nil {
			return nil, fmt.Errorf("report %s: %w", in.Name, err)
		}
		out = append(out, r)
	}
	return out, WriteSummary(dir, out)
}
