package regress

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"

	"balancefarm/internal/atomicfile"
	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/stats"
)

// SchemaVersion is the version of the baseline file's format.
const SchemaVersion = 1

// Baseline is what a measurement of the library is compared against: one
// entry per rule file, sorted by name.
type Baseline struct {
	SchemaVersion int     `json:"schema_version"`
	Files         []Entry `json:"files"`
}

// Entry summarises one file's report.
type Entry struct {
	// Name is the report's name, the key entries are matched by.
	Name string `json:"name"`
	// File is the rule file as the measurement named it (for display).
	File    string `json:"file"`
	Verdict string `json:"verdict"`
	// Flags are the raised verdict flags, sorted.
	Flags []string `json:"flags"`
	// Undecided are the flags whose interval straddled the threshold (an
	// inconclusive verdict), sorted; absent when none.
	Undecided []string `json:"undecided,omitempty"`
	// Warnings are the raised design warnings, sorted; they are shown when
	// they change, never counted as a regression.
	Warnings []string `json:"warnings"`
	// Table is the learned table the top rung played with, by
	// search.ShortSpec; absent when it played without one. A rung's
	// rating keeps its name (its spec without the table) either way, so
	// that a table's effect shows as the rating's move.
	Table      string `json:"table,omitempty"`
	Games      int    `json:"games"`
	ErrorGames int    `json:"error_games"`
	Stats      []Stat `json:"stats"`
}

// Stat is one key statistic with its confidence interval.
type Stat struct {
	// Name is "check.FLAG" for a verdict check's value, "metric.NAME" for a
	// Ludii metric, "ratings.first_move" for the first mover's Elo edge and
	// "elo.SPEC" for a rung's rating.
	Name  string         `json:"name"`
	Value stats.Interval `json:"value"`
}

// FromReports summarises reports into a baseline. Names are expected to
// be distinct; of two reports with one name the later is kept. Nil
// reports are skipped.
func FromReports(reports []*report.Report) Baseline {
	byName := map[string]Entry{}
	for _, r := range reports {
		if r != nil {
			byName[r.Name] = entryOf(r)
		}
	}
	b := Baseline{SchemaVersion: SchemaVersion, Files: make([]Entry, 0, len(byName))}
	for _, e := range byName {
		b.Files = append(b.Files, e)
	}
	sort.Slice(b.Files, func(i, j int) bool { return b.Files[i].Name < b.Files[j].Name })
	return b
}

// entryOf picks the statistics a regression is read from: every assessed
// verdict check, every measured metric, the rating fit, and a game with
// seats' seat table. Values read
// from fewer than two observations carry no interval and are left out.
func entryOf(r *report.Report) Entry {
	e := Entry{Name: r.Name, File: r.File, Verdict: r.Verdict, Games: r.Games, ErrorGames: r.ErrorGames,
		Flags: []string{}, Warnings: []string{}, Stats: []Stat{}}
	for _, f := range r.Flags {
		e.Flags = append(e.Flags, f.Name)
	}
	for _, w := range r.Warnings {
		e.Warnings = append(e.Warnings, w.Name)
	}
	for _, u := range r.Undecided {
		e.Undecided = append(e.Undecided, u.Name)
	}
	for _, spec := range r.Ladder {
		if short := search.ShortSpec(spec); short != spec {
			e.Table = short
		}
	}
	sort.Strings(e.Undecided)
	sort.Strings(e.Flags)
	sort.Strings(e.Warnings)
	add := func(name string, iv stats.Interval) {
		// An exact skill share (a game without chance) is 1 by definition,
		// and one that cannot be read has no estimate: neither can move.
		switch iv.Method {
		case "", stats.MethodNone, stats.SkillExact, stats.MethodUnbounded:
			return
		}
		e.Stats = append(e.Stats, Stat{Name: name, Value: iv})
	}
	for _, c := range r.Checks {
		if c.Assessed {
			add("check."+c.Name, c.Value)
		}
	}
	for _, m := range r.Metrics {
		if m.Measured {
			add("metric."+m.Name, m.Value)
		}
	}
	if len(r.Ratings.Rungs) >= 2 {
		add("ratings.first_move", r.Ratings.FirstMove)
		for _, rung := range r.Ratings.Rungs {
			if rung.Spec != r.Ratings.Anchor { // the anchor is 0 by definition
				add("elo."+search.WithoutTable(rung.Spec), rung.Elo)
			}
		}
	}
	if st := r.Seats; st != nil {
		// A game with seats: each seat's and team's score (numbered from
		// 1, as the report shows them), the draw rate and Balance.
		for _, u := range st.Scores {
			add(fmt.Sprintf("seat.%d", u.Index+1), u.Score)
		}
		for _, u := range st.Teams {
			add(fmt.Sprintf("team.%d", u.Index+1), u.Score)
		}
		add("seats.draws", st.Draws)
		add("seats.balance", st.Balance)
	}
	sort.SliceStable(e.Stats, func(i, j int) bool { return e.Stats[i].Name < e.Stats[j].Name })
	return e
}

// Check reports the first thing wrong with a baseline: an unknown schema
// version, an entry without a name, a repeated name, an unknown verdict,
// a repeated statistic or an interval that is not finite or not ordered.
func (b Baseline) Check() error {
	if b.SchemaVersion != SchemaVersion {
		return fmt.Errorf("baseline schema_version %d, want %d", b.SchemaVersion, SchemaVersion)
	}
	seen := map[string]bool{}
	for i, e := range b.Files {
		switch {
		case e.Name == "":
			return fmt.Errorf("baseline entry %d has no name", i)
		case seen[e.Name]:
			return fmt.Errorf("baseline names %q twice", e.Name)
		case e.Verdict != stats.Viable && e.Verdict != stats.NotViable && e.Verdict != stats.Inconclusive:
			return fmt.Errorf("baseline entry %q: verdict %q is not %q, %q or %q", e.Name, e.Verdict, stats.Viable, stats.NotViable, stats.Inconclusive)
		}
		seen[e.Name] = true
		names := map[string]bool{}
		for _, s := range e.Stats {
			iv := s.Value
			switch {
			case s.Name == "" || names[s.Name]:
				return fmt.Errorf("baseline entry %q: statistic %q is empty or repeated", e.Name, s.Name)
			case !finite(iv.Est) || !finite(iv.Lo) || !finite(iv.Hi):
				return fmt.Errorf("baseline entry %q: statistic %s is not finite", e.Name, s.Name)
			case iv.Lo > iv.Hi:
				return fmt.Errorf("baseline entry %q: statistic %s has low %g above high %g", e.Name, s.Name, iv.Lo, iv.Hi)
			}
			names[s.Name] = true
		}
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Decode reads and checks a baseline. Unknown keys are an error, so that a
// typo in a hand-edited baseline is not silently ignored.
func Decode(r io.Reader) (Baseline, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var b Baseline
	if err := dec.Decode(&b); err != nil {
		return Baseline{}, fmt.Errorf("baseline: %w", err)
	}
	if dec.More() {
		return Baseline{}, errors.New("baseline: trailing data after the JSON document")
	}
	if err := b.Check(); err != nil {
		return Baseline{}, err
	}
	return b, nil
}

// Load reads the baseline at path. A missing file is an error that
// errors.Is(err, fs.ErrNotExist) recognises, so a caller may start from
// an empty baseline.
func Load(path string) (Baseline, error) {
	f, err := os.Open(path)
	if err != nil {
		return Baseline{}, err
	}
	defer f.Close()
	b, err := Decode(f)
	if err != nil {
		return Baseline{}, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Encode writes the baseline as indented JSON, entries sorted by name.
func (b Baseline) Encode(w io.Writer) error {
	b = b.normalised()
	if err := b.Check(); err != nil {
		return err
	}
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return fmt.Errorf("baseline: %w", err)
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// Save writes the baseline to path, replacing the old file only once the
// new one is complete.
func Save(path string, b Baseline) error {
	var buf bytes.Buffer
	if err := b.Encode(&buf); err != nil {
		return err
	}
	return atomicfile.Write(atomicfile.File{Path: path, Data: buf.Bytes()})
}

// normalised has the version set, entries sorted and no nil lists, so that
// the file reads the same whoever built the value.
func (b Baseline) normalised() Baseline {
	out := Baseline{SchemaVersion: SchemaVersion, Files: make([]Entry, 0, len(b.Files))}
	for _, e := range b.Files {
		e.Flags = sortedCopy(e.Flags)
		e.Warnings = sortedCopy(e.Warnings)
		e.Stats = append([]Stat{}, e.Stats...)
		sort.SliceStable(e.Stats, func(i, j int) bool { return e.Stats[i].Name < e.Stats[j].Name })
		out.Files = append(out.Files, e)
	}
	sort.SliceStable(out.Files, func(i, j int) bool { return out.Files[i].Name < out.Files[j].Name })
	return out
}

func sortedCopy(xs []string) []string {
	out := append([]string{}, xs...)
	sort.Strings(out)
	return out
}

// entry finds a file's entry by name.
func (b Baseline) entry(name string) (Entry, bool) {
	for _, e := range b.Files {
		if e.Name == name {
			return e, true
		}
	}
	return Entry{}, false
}

// statsByName indexes an entry's statistics.
func (e Entry) statsByName() map[string]stats.Interval {
	m := make(map[string]stats.Interval, len(e.Stats))
	for _, s := range e.Stats {
		m[s.Name] = s.Value
	}
	return m
}

// verdictText is a verdict as people read it.
func verdictText(v string) string {
	return strings.ReplaceAll(v, "_", " ")
}
