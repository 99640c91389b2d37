package regress

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"balancefarm/stats"
)

// counts is the one-line tally shared by the table and the Markdown.
func (d Diff) counts() string {
	return fmt.Sprintf("%d regressed, %d unchanged, %d new, %d removed",
		len(d.With(Regressed)), len(d.With(Unchanged)), len(d.With(Added)), len(d.With(Removed)))
}

// Table writes the short terminal table: one row per file, then the tally.
func (d Diff) Table(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tSTATUS\tVERDICT\tCHANGES")
	for _, f := range d.Files {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", f.Name, f.Status, f.verdictCell(), orDash(strings.Join(f.changes(), "; ")))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, d.counts())
	return err
}

// verdictCell is "viable", or "viable -> not viable" when it changed.
func (f FileDiff) verdictCell() string {
	switch {
	case f.Status == Added:
		return verdictText(f.NewVerdict)
	case f.Status == Removed:
		return verdictText(f.OldVerdict)
	case f.VerdictChanged():
		return verdictText(f.OldVerdict) + " -> " + verdictText(f.NewVerdict)
	}
	return verdictText(f.NewVerdict)
}

// changes are the regressions of a file in a few words each.
func (f FileDiff) changes() []string {
	var out []string
	for _, x := range f.Raised {
		out = append(out, "+"+x)
	}
	for _, x := range f.Cleared {
		out = append(out, "-"+x)
	}
	for _, s := range f.Moved() {
		out = append(out, fmt.Sprintf("%s %s -> %s", s.Name, num(s.Old.Est), num(s.New.Est)))
	}
	return out
}

// Markdown writes the report for a pull request or a nightly run: the
// tally as heading, a table of every file, then the details of each
// regressed file, and the new and removed files.
func (d Diff) Markdown(w io.Writer) error {
	bw := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(bw, format, args...) }
	regressed := d.With(Regressed)
	if len(regressed) == 0 {
		p("## Regression check: nothing regressed\n\n")
	} else {
		p("## Regression check: %d of %d files regressed\n\n", len(regressed), len(d.Files)-len(d.With(Removed)))
	}
	p("%s. A statistic counts as moved when its baseline and new confidence intervals do not overlap.\n\n", capitalise(d.counts()))
	if len(d.Files) > 0 {
		p("| file | status | verdict | flags raised | flags cleared | statistics moved | steady |\n")
		p("|---|---|---|---|---|---|---|\n")
		for _, f := range d.Files {
			steady := "-"
			if len(f.Stats) > 0 {
				steady = fmt.Sprintf("%d of %d", len(f.Stats)-len(f.Moved()), len(f.Stats))
			}
			var moved []string
			for _, s := range f.Moved() {
				moved = append(moved, s.Name)
			}
			p("| %s | %s | %s | %s | %s | %s | %s |\n", cell(f.Name), f.Status, cell(f.verdictCell()),
				orDash(cell(strings.Join(f.Raised, ", "))), orDash(cell(strings.Join(f.Cleared, ", "))),
				orDash(cell(strings.Join(moved, ", "))), steady)
		}
		p("\n")
	}
	for _, f := range regressed {
		p("### %s (`%s`)\n\n", cell(f.Name), cell(f.File))
		if f.VerdictChanged() {
			p("- Verdict changed: **%s** -> **%s**\n", verdictText(f.OldVerdict), verdictText(f.NewVerdict))
		}
		if len(f.Raised) > 0 {
			p("- Flags raised: %s\n", cell(strings.Join(f.Raised, ", ")))
		}
		if len(f.Cleared) > 0 {
			p("- Flags cleared: %s\n", cell(strings.Join(f.Cleared, ", ")))
		}
		if len(f.WarningsRaised) > 0 || len(f.WarningsCleared) > 0 {
			p("- Design warnings (not a regression) raised: %s; cleared: %s\n",
				orDash(cell(strings.Join(f.WarningsRaised, ", "))), orDash(cell(strings.Join(f.WarningsCleared, ", "))))
		}
		if f.OldTable != f.NewTable {
			none := func(s string) string {
				if s == "" {
					return "no learned table"
				}
				return "`" + cell(s) + "`"
			}
			p("- The top rung played %s in the baseline and %s now (a kept table: `coordinator learn -keep`)\n", none(f.OldTable), none(f.NewTable))
		}
		p("- Games: %d (%d errors) in the baseline, %d (%d errors) now\n", f.OldGames, f.OldErrors, f.NewGames, f.NewErrors)
		if moved := f.Moved(); len(moved) > 0 {
			p("\n| statistic | baseline | now | shift |\n|---|---|---|---|\n")
			for _, s := range moved {
				p("| %s | %s | %s | %s |\n", cell(s.Name), ivText(s.Old), ivText(s.New), signed(s.Shift()))
			}
		}
		if len(f.Appeared) > 0 || len(f.Vanished) > 0 {
			p("\nNot compared (on one side only): appeared %s; vanished %s.\n",
				orDash(cell(strings.Join(f.Appeared, ", "))), orDash(cell(strings.Join(f.Vanished, ", "))))
		}
		p("\n")
	}
	for _, part := range []struct {
		status Status
		title  string
	}{{Added, "New files (not in the baseline)"}, {Removed, "Removed files (in the baseline, not measured)"}} {
		files := d.With(part.status)
		if len(files) == 0 {
			continue
		}
		p("### %s\n\n", part.title)
		for _, f := range files {
			p("- %s (`%s`): %s\n", cell(f.Name), cell(f.File), f.verdictCell())
		}
		p("\n")
	}
	if len(regressed) > 0 || len(d.With(Added)) > 0 || len(d.With(Removed)) > 0 {
		p("After review, `coordinator regress -update` rewrites the baseline.\n")
	}
	return bw.Flush()
}

// num formats a statistic with precision fit for its size: shares and
// scores to three places, Elo and plies to whole numbers.
func num(x float64) string {
	switch a := math.Abs(x); {
	case a >= 100:
		return fmt.Sprintf("%.0f", x)
	case a >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.3f", x)
}

func signed(x float64) string {
	if x >= 0 {
		return "+" + num(x)
	}
	return num(x)
}

func ivText(iv stats.Interval) string {
	return fmt.Sprintf("%s (%s to %s)", num(iv.Est), num(iv.Lo), num(iv.Hi))
}

// cell escapes text for a Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, `|`, `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
