package repair

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"balancefarm/internal/atomicfile"
	"balancefarm/measure"
	"balancefarm/stats"
)

// Ablation is a game measured whole and with each of its parts removed
// (Parts), every file with the same settings and seed, so that the
// report can say which part tips the balance.
type Ablation struct {
	File string `json:"file"`
	Name string `json:"name"`
	// Summary is the report's first sentence: the part whose removal
	// moves the first mover's score most, or that none moves it beyond
	// the file's interval.
	Summary  string   `json:"summary"`
	Players  []string `json:"players"`
	Games    int      `json:"games_per_pairing"`
	Seed     uint64   `json:"seed"`
	Original Rung     `json:"original"`
	// Parts are the rows, the largest move of the first mover's score
	// first.
	Parts   []PartRow `json:"parts"`
	Refused []Refused `json:"refused"`
	// Measured counts measurements, Played their games.
	Measured    int     `json:"measurements"`
	Played      int     `json:"games"`
	WallSeconds float64 `json:"wall_seconds"`
}

// PartRow is the file measured without one part, against the file.
type PartRow struct {
	Part        Part `json:"part"`
	Measurement Rung `json:"measurement"`
	// Raised are flags raised that the file does not raise; Cleared are
	// flags the file raises that are clear without the part.
	Raised  []string `json:"raised"`
	Cleared []string `json:"cleared"`
	// FirstMover is the first mover's score as the verdict reads it (the
	// one_sided check's interval), where FirstMoverKnown; Shift is its
	// move from the file's, and Beyond whether its interval lies wholly
	// beyond the file's (an estimate outside the file's interval alone is
	// no evidence where the part's own games are few).
	FirstMover      stats.Interval `json:"first_mover"`
	FirstMoverKnown bool           `json:"first_mover_known"`
	Shift           float64        `json:"first_mover_shift"`
	Beyond          bool           `json:"beyond_interval"`
	// DrawRate is the draw_heavy check's interval, where DrawRateKnown.
	DrawRate      stats.Interval `json:"draw_rate"`
	DrawRateKnown bool           `json:"draw_rate_known"`
}

// assessed reads a check's interval from a measurement; false when it is
// missing or could not be assessed.
func assessed(r *Rung, name string) (stats.Interval, bool) {
	c, ok := r.check(name)
	return c.Value, ok && r.Error == "" && c.State != stats.StateNotAssessed
}

// partRow compares a part's measurement with the file's.
func partRow(p Part, orig, r Rung) PartRow {
	row := PartRow{Part: p, Measurement: r, Raised: []string{}, Cleared: []string{}}
	if r.Error != "" {
		return row
	}
	for _, f := range r.Raised {
		if !slices.Contains(orig.Raised, f) {
			row.Raised = append(row.Raised, f)
		}
	}
	for _, f := range orig.Raised {
		if c, ok := r.check(f); ok && c.State == stats.StateClear {
			row.Cleared = append(row.Cleared, f)
		}
	}
	row.FirstMover, row.FirstMoverKnown = assessed(&r, stats.FlagOneSided)
	row.DrawRate, row.DrawRateKnown = assessed(&r, stats.FlagDrawHeavy)
	if base, ok := assessed(&orig, stats.FlagOneSided); ok && row.FirstMoverKnown {
		row.Shift = row.FirstMover.Est - base.Est
		row.Beyond = row.FirstMover.Lo > base.Hi || row.FirstMover.Hi < base.Lo
	}
	return row
}

// sortParts orders the rows by how far the first mover's score moves,
// the largest first; rows without a score go last, in the finders'
// order.
func sortParts(rows []PartRow) {
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.FirstMoverKnown != b.FirstMoverKnown {
			return a.FirstMoverKnown
		}
		return math.Abs(a.Shift) > math.Abs(b.Shift)
	})
}

// summary is the report's first sentence, over rows sorted by sortParts.
func summary(orig Rung, rows []PartRow) string {
	base, ok := assessed(&orig, stats.FlagOneSided)
	switch {
	case orig.Error != "":
		return fmt.Sprintf("The file could not be measured (%s), so no part can be weighed.", orig.Error)
	case len(rows) == 0:
		return fmt.Sprintf("The file has no part to remove (the parts looked for: %s).", strings.Join(PartKinds(), ", "))
	case !ok:
		return "The file's first mover's score could not be read, so no part can be weighed by it."
	case !rows[0].FirstMoverKnown:
		return "No part's measurement gives a first mover's score, so no part can be weighed by it."
	}
	top := rows[0]
	if top.Shift == 0 {
		return fmt.Sprintf("No part moves the first mover's score at all: it stays at %s without each.", interval(base))
	}
	if !top.Beyond {
		return fmt.Sprintf("No part moves the first mover's score beyond its interval: without each part the interval still overlaps the file's, %s; the largest move is removing %s: %+.3f.",
			interval(base), top.Part.Name, top.Shift)
	}
	who := "towards the first mover"
	if top.Shift < 0 {
		who = "towards the second player"
	}
	s := fmt.Sprintf("Removing %s tips the balance most: the first mover's score goes from %s to %s (%+.3f, %s), an interval apart from the file's",
		top.Part.Name, interval(base), interval(top.FirstMover), top.Shift, who)
	if v := top.Measurement.Verdict; v != orig.Verdict {
		s += fmt.Sprintf("; the verdict goes from %s to %s", orig.Verdict, v)
	}
	return s + "."
}

// Ablate measures orig and orig without each of its parts (Parts), every
// file under s and all batches at once, so that a farm plays them side by
// side and every file meets the same openings. log gets a line as it
// starts; nil: none.
func Ablate(ctx context.Context, orig *measure.File, s measure.Settings, measureFn MeasureFunc, log io.Writer, kinds ...string) (*Ablation, error) {
	start := time.Now()
	removed, refused, err := Parts(orig)
	if err != nil {
		return nil, err
	}
	if len(kinds) > 0 {
		// Only the kinds of part asked for (a game with many parts is
		// measured a few kinds at a time).
		removed = slices.DeleteFunc(removed, func(r Removed) bool { return !slices.Contains(kinds, r.Part.Kind) })
		refused = slices.DeleteFunc(refused, func(r Refused) bool {
			return !slices.ContainsFunc(kinds, func(k string) bool { return strings.HasPrefix(r.Edit, k) })
		})
	}
	a := &Ablation{File: orig.Label, Name: orig.Name, Players: s.Players, Games: s.Games, Seed: s.Seed,
		Parts: []PartRow{}, Refused: orEmptyRefused(refused)}
	files := []*measure.File{orig}
	for _, r := range removed {
		files = append(files, r.File)
	}
	if log != nil {
		fmt.Fprintf(log, "%s: measuring the file and %d parts removed (%s, %d games a pairing, seed %d)\n",
			orig.Label, len(removed), strings.Join(s.Players, ","), s.Games, s.Seed)
	}
	ms, err := measureFn(ctx, files, s)
	if err != nil {
		return nil, err
	}
	if ms[0].Err != nil {
		return nil, fmt.Errorf("%s: %w", orig.Label, ms[0].Err)
	}
	a.Original = measuredRung(RungFull, s, ms[0])
	for i, m := range ms {
		a.Measured++
		if m.Err == nil {
			a.Played += m.Report.Games
		}
		if i > 0 {
			a.Parts = append(a.Parts, partRow(removed[i-1].Part, a.Original, measuredRung(RungFull, s, m)))
		}
	}
	sortParts(a.Parts)
	a.Summary = summary(a.Original, a.Parts)
	a.WallSeconds = math.Round(time.Since(start).Seconds()*10) / 10
	return a, nil
}

func orEmptyRefused(rs []Refused) []Refused {
	if rs == nil {
		return []Refused{}
	}
	return rs
}

// AblationStem is the name an ablation's reports share: the file's base
// name without .json, then "-ablation".
func AblationStem(file string) string { return stemOf(file) + "-ablation" }

// WriteAblation writes the ablation as STEM.json, STEM.md and STEM.html
// into dir, all of them or, on an error, none; the JSON comes last.
func WriteAblation(dir string, a *Ablation) error {
	js, err := json.MarshalIndent(a, "", "  ")
	if err != nil {
		return fmt.Errorf("ablate: json: %v", err)
	}
	md := a.Markdown()
	stem := filepath.Join(dir, AblationStem(a.File))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("ablate: %v", err)
	}
	err = atomicfile.Write(atomicfile.File{Path: stem + ".md", Data: md},
		atomicfile.File{Path: stem + ".html", Data: htmlPage("Ablation of "+a.Name, md)},
		atomicfile.File{Path: stem + ".json", Data: append(js, '\n')})
	if err != nil {
		return fmt.Errorf("ablate: %v", err)
	}
	return nil
}

// figure is an interval in a table cell, "n/a" where it is not known.
func figure(v stats.Interval, known bool) string {
	if !known {
		return "n/a"
	}
	return interval(v)
}

// Markdown is the ablation's report for people: the summary first, then
// one row per part.
func (a *Ablation) Markdown() []byte {
	var b strings.Builder
	o := &a.Original
	fm, fmKnown := assessed(o, stats.FlagOneSided)
	draw, drawKnown := assessed(o, stats.FlagDrawHeavy)
	fmt.Fprintf(&b, "# Ablation of %s\n\n%s\n\n", a.Name, a.Summary)
	fmt.Fprintf(&b, "File `%s`: **%s**; raised: %s; first mover's score %s; draw rate %s; mean length %.1f plies. ",
		a.File, o.Verdict, listOr(o.Raised, "none"), figure(fm, fmKnown), figure(draw, drawKnown), o.MeanPlies)
	fmt.Fprintf(&b, "Every file was measured with the ladder %s, at most %d games a pairing, seed %d: %d games in %d measurements, %.1f s.\n\n",
		strings.Join(a.Players, ","), a.Games, a.Seed, a.Played, a.Measured, a.WallSeconds)
	if len(a.Parts) > 0 {
		b.WriteString("The file without each part, the largest move of the first mover's score first. The score and the draw rate are the verdict's own " +
			"(the one_sided and draw_heavy checks' intervals); raised and cleared are flags against the file's; * marks a score whose interval lies apart from the file's.\n\n")
		b.WriteString("| part | without it | verdict | raised | cleared | first mover's score | change | draw rate | mean length |\n|---|---|---|---|---|---|---|---|---|\n")
		fmt.Fprintf(&b, "| (the file) | | %s | %s | | %s | | %s | %.1f |\n", o.Verdict, listOr(o.Raised, "none"), figure(fm, fmKnown), figure(draw, drawKnown), o.MeanPlies)
		for _, r := range a.Parts {
			m := &r.Measurement
			if m.Error != "" {
				fmt.Fprintf(&b, "| %s | %s | error: %s | | | | | | |\n", cell(r.Part.Name), cell(r.Part.Desc), cell(m.Error))
				continue
			}
			change := "n/a"
			if r.FirstMoverKnown && fmKnown {
				change = fmt.Sprintf("%+.3f", r.Shift)
				if r.Beyond {
					change += " *"
				}
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %.1f |\n", cell(r.Part.Name), cell(r.Part.Desc), m.Verdict,
				listOr(r.Raised, "none"), listOr(r.Cleared, "none"), figure(r.FirstMover, r.FirstMoverKnown), change,
				figure(r.DrawRate, r.DrawRateKnown), m.MeanPlies)
		}
		b.WriteString("\nPatches (RFC 6902), each removing its part:\n\n")
		for _, r := range a.Parts {
			patch, err := PatchJSON(r.Part.edit())
			if err != nil {
				continue
			}
			fmt.Fprintf(&b, "- %s: `%s`\n", r.Part.Name, patch)
		}
		b.WriteString("\n")
	}
	if len(a.Refused) > 0 {
		b.WriteString("## Parts whose removal the engine refused\n\n")
		for _, r := range a.Refused {
			fmt.Fprintf(&b, "- %s: %s\n", r.Edit, r.Reason)
		}
	}
	return []byte(b.String())
}
