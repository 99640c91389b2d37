package repair

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"balancefarm/internal/atomicfile"
	"balancefarm/stats"
)

// Stem is the name a repair's reports share: the file's base name
// without .json, then "-repair".
func Stem(file string) string { return stemOf(file) + "-repair" }

// stemOf is the file's base name without its extension.
func stemOf(file string) string { return strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)) }

// Write writes the repair's report as STEM.json, STEM.md and STEM.html
// into dir, the file's own measurement as NAME.json, .md and .html, and
// beside them each confirmed candidate's rule file (its
// label, STEM-ID.json) with that file's own measurement as
// STEM-ID-report.json, .md and .html. It writes all of them or, on an
// error, none; the repair's STEM.json, which names the best repair, comes
// last.
func Write(dir string, res *Result) error {
	var files []atomicfile.File
	for _, t := range res.Confirmed() {
		files = append(files, atomicfile.File{Path: filepath.Join(dir, t.File), Data: t.Data()})
		rep, ok := t.Report()
		if !ok {
			continue
		}
		// The measurement's report, written under the candidate's name.
		named := *rep
		named.Name = strings.TrimSuffix(t.File, ".json") + "-report"
		fs, err := named.Files(dir)
		if err != nil {
			return err
		}
		files = append(files, fs...)
	}
	if m := res.Original.rep; m != nil && m.Report != nil {
		fs, err := m.Report.Files(dir)
		if err != nil {
			return err
		}
		files = append(files, fs...)
	}
	js, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return fmt.Errorf("repair: json: %v", err)
	}
	md := res.Markdown()
	page := htmlPage("Repair of "+res.Name, md)
	stem := filepath.Join(dir, Stem(res.File))
	files = append(files, atomicfile.File{Path: stem + ".md", Data: md}, atomicfile.File{Path: stem + ".html", Data: page},
		atomicfile.File{Path: stem + ".json", Data: append(js, '\n')})
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("repair: %v", err)
	}
	if err := atomicfile.Write(files...); err != nil {
		return fmt.Errorf("repair: %v", err)
	}
	return nil
}

// htmlPage is a Markdown report as a page: the text as written, so that
// a browser shows what the .md says.
func htmlPage(title string, md []byte) []byte {
	return []byte("<!doctype html>\n<meta charset=\"utf-8\">\n<title>" + html.EscapeString(title) +
		"</title>\n<pre style=\"white-space: pre-wrap\">" + html.EscapeString(string(md)) + "</pre>\n")
}

func interval(v stats.Interval) string {
	return fmt.Sprintf("%.3f [%.3f, %.3f]", v.Est, v.Lo, v.Hi)
}

func listOr(xs []string, none string) string {
	if len(xs) == 0 {
		return none
	}
	return strings.Join(xs, ", ")
}

func cell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }

// Markdown is the repair's report for people.
func (res *Result) Markdown() []byte {
	var b strings.Builder
	o := res.Original
	fmt.Fprintf(&b, "# Repair of %s\n\n", res.Name)
	fmt.Fprintf(&b, "File `%s`: **%s**", res.File, o.Verdict)
	if o.Error != "" {
		fmt.Fprintf(&b, " (%s)", o.Error)
	}
	fmt.Fprintf(&b, "; raised: %s; undecided: %s (%d games, ladder %s).\n\n",
		listOr(o.Raised, "none"), listOr(o.Undecided, "none"), o.Games, strings.Join(o.Players, ","))
	fmt.Fprintf(&b, "Stopped: %s.\n\n", res.Stopped)
	if res.Search != "" {
		fmt.Fprintf(&b, "Search: %s.\n\n", res.Search)
	}
	fmt.Fprintf(&b, "%d games in %d measurements, %.1f s.", res.Games, res.Measured, res.WallSeconds)
	if len(res.Workers) > 0 {
		var ws []string
		for w, n := range res.Workers {
			ws = append(ws, fmt.Sprintf("%s %d games, %d candidates", w, n, res.WorkerCandidates[w]))
		}
		slices.Sort(ws)
		fmt.Fprintf(&b, " Workers: %s.", strings.Join(ws, "; "))
	}
	b.WriteString("\n\n")
	if res.Best != "" {
		fmt.Fprintf(&b, "**Best repair: %s** (the confirmed edit closest to the file that is viable with the full settings).\n\n", res.Best)
	}
	if len(res.Sweeps) > 0 {
		b.WriteString("## Limits swept to their bounds\n\n")
		for _, sw := range res.Sweeps {
			fmt.Fprintf(&b, "- %s.\n", sw)
		}
		b.WriteString("\n")
	}
	if len(res.Flags) > 0 {
		b.WriteString("## Flags and the edits that remove them\n\n")
	}
	for _, f := range res.Flags {
		fmt.Fprintf(&b, "### %s: %s, threshold %g (%s)\n\n", f.Flag, interval(f.Before.Value), f.Before.Threshold, f.Before.State)
		if f.Note != "" {
			fmt.Fprintf(&b, "%s.\n\n", f.Note)
		}
		if len(f.Undecided) > 0 {
			b.WriteString("Cleared, but with another check undecided (not repairs until more games decide them):\n\n")
			for _, s := range f.Undecided {
				fmt.Fprintf(&b, "- %s: %s (%s, %s rung): %s (%s); undecided: %s\n", s.Candidate, cell(s.Desc), s.Distance, s.Rung,
					interval(s.After.Value), s.After.State, undecidedOf(s.Checks))
			}
			b.WriteString("\n")
		}
		if len(f.Suggestions) == 0 {
			continue
		}
		b.WriteString("Closest to the file first: a changed limit before another number, a number before a switched rule, a switched rule before a piece's moves, those before anything added or taken away, fewer edits before more; an edit that changes what the game is comes after every edit that keeps it.\n\n")
		b.WriteString("| # | edit | how far | rung | verdict | after | still raised | cost | file |\n|---|---|---|---|---|---|---|---|---|\n")
		for i, s := range f.Suggestions {
			fmt.Fprintf(&b, "| %d | %s: %s | %s | %s | %s | %s (%s) | %s | %s | %s |\n", i+1, s.Candidate, cell(s.Desc), cell(s.Distance), s.Rung, s.Verdict,
				interval(s.After.Value), s.After.State, listOr(s.Raised, "none"), cell(s.Cost), s.File)
		}
		b.WriteString("\nEvery check, before and after:\n\n")
		for _, s := range f.Suggestions {
			var parts []string
			for _, c := range s.Checks {
				before := "?"
				o, ok := res.Original.check(c.Name)
				if ok {
					before = interval(o.Value)
				}
				// A skill share exact on both sides (no chance) says nothing.
				if ok && o.Value.Method == stats.SkillExact && c.Value.Method == stats.SkillExact {
					continue
				}
				parts = append(parts, fmt.Sprintf("%s %s → %s (%s)", c.Name, before, interval(c.Value), c.State))
			}
			fmt.Fprintf(&b, "- %s: %s\n", s.Candidate, strings.Join(parts, "; "))
		}
		b.WriteString("\nPatches (RFC 6902):\n\n")
		for _, s := range f.Suggestions {
			fmt.Fprintf(&b, "- %s: `%s`\n", s.Candidate, s.Patch)
		}
		b.WriteString("\n")
	}
	if len(res.Ablation) > 0 {
		b.WriteString("## Ablation: the single edits that move each metric most (screen)\n\n")
		b.WriteString("| metric | before | edit | kind | after | change |\n|---|---|---|---|---|---|\n")
		for _, row := range res.Ablation {
			for i, m := range row.Moves {
				name, before := "", ""
				if i == 0 {
					name, before = row.Metric, fmt.Sprintf("%.3f", row.Before)
				}
				fmt.Fprintf(&b, "| %s | %s | %s: %s | %s | %.3f | %+.3f |\n", name, before, m.Candidate, cell(m.Desc), m.Kind, m.After, m.Change)
			}
		}
		b.WriteString("\n")
	}
	if len(res.Candidates) > 0 {
		b.WriteString("## Every candidate\n\n| id | edit | screen | middle | confirm |\n|---|---|---|---|---|\n")
		for _, t := range res.Candidates {
			cols := map[string]string{}
			for _, r := range t.Rungs {
				if r.Error != "" {
					cols[r.Rung] = "error: " + cell(r.Error)
					continue
				}
				cols[r.Rung] = fmt.Sprintf("%s (raised %s; %d games)", r.Verdict, listOr(r.Raised, "none"), r.Games)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", t.ID, cell(t.Desc), cols[RungScreen], cols[RungMiddle], cols[RungConfirm])
		}
		b.WriteString("\n")
	}
	if len(res.Refused) > 0 {
		b.WriteString("## Edits the engine refused\n\n")
		for _, r := range res.Refused {
			fmt.Fprintf(&b, "- %s: %s\n", r.Edit, r.Reason)
		}
	}
	return []byte(b.String())
}

// undecidedOf names the undecided checks of a measurement.
func undecidedOf(checks []CheckValue) string {
	var out []string
	for _, c := range checks {
		if c.State == stats.StateUndecided {
			out = append(out, c.Name)
		}
	}
	return listOr(out, "none")
}
