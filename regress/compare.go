package regress

import (
	"sort"

	"balancefarm/stats"
)

// Status is what happened to one file between baseline and measurement.
type Status string

// File statuses. Only Regressed counts as a failure: a new or removed file
// is listed for the reviewer and the next -update.
const (
	Unchanged Status = "unchanged"
	Regressed Status = "regressed"
	Added     Status = "new"
	Removed   Status = "removed"
)

// StatChange is one statistic present on both sides.
type StatChange struct {
	Name     string
	Old, New stats.Interval
}

// Moved reports whether the statistic moved further than its intervals
// allow: the old and new intervals do not overlap. For two 95% intervals
// of similar width that is a test at roughly the 0.5% level, strict enough
// that a nightly comparison of hundreds of statistics rarely cries wolf,
// yet a shift of a few interval half-widths is caught.
func (c StatChange) Moved() bool {
	return c.New.Lo > c.Old.Hi || c.New.Hi < c.Old.Lo
}

// Shift is the change of the estimate, new minus old.
func (c StatChange) Shift() float64 { return c.New.Est - c.Old.Est }

// FileDiff is the comparison of one file.
type FileDiff struct {
	Name string
	// File is the rule file as the newer side names it.
	File   string
	Status Status
	// OldVerdict is empty for a new file, NewVerdict for a removed one.
	OldVerdict, NewVerdict string
	// Raised and Cleared are verdict flags raised or cleared since the
	// baseline; so are the warnings, which never make a regression.
	Raised, Cleared                 []string
	WarningsRaised, WarningsCleared []string
	// Stats are the statistics present on both sides, by name.
	Stats []StatChange
	// Appeared and Vanished name statistics present on one side only (a
	// check that could not be assessed, a rung that no longer plays).
	Appeared, Vanished   []string
	OldGames, NewGames   int
	OldErrors, NewErrors int
	// OldTable and NewTable are the learned tables the top rung played
	// with (Entry.Table), which explain its rating's move.
	OldTable, NewTable string
}

// VerdictChanged reports whether the verdict differs between two
// measurements of the file.
func (f FileDiff) VerdictChanged() bool {
	return f.OldVerdict != "" && f.NewVerdict != "" && f.OldVerdict != f.NewVerdict
}

// VerdictFlipped reports whether a decided verdict turned into the other
// decided one (viable and not viable). A change to or from inconclusive
// is shown but is no regression by itself: one side did not decide, and
// what moved shows in its flags and statistics.
func (f FileDiff) VerdictFlipped() bool {
	decided := func(v string) bool { return v == stats.Viable || v == stats.NotViable }
	return f.VerdictChanged() && decided(f.OldVerdict) && decided(f.NewVerdict)
}

// Moved lists the statistics that moved beyond their intervals.
func (f FileDiff) Moved() []StatChange {
	var out []StatChange
	for _, s := range f.Stats {
		if s.Moved() {
			out = append(out, s)
		}
	}
	return out
}

// Diff is the comparison of a measurement with the baseline, one entry
// per file on either side, sorted by name.
type Diff struct {
	Files []FileDiff
}

// Regressed reports whether any file regressed.
func (d Diff) Regressed() bool {
	return len(d.With(Regressed)) > 0
}

// With lists the files of one status.
func (d Diff) With(s Status) []FileDiff {
	var out []FileDiff
	for _, f := range d.Files {
		if f.Status == s {
			out = append(out, f)
		}
	}
	return out
}

// Compare compares a fresh measurement with the baseline (old).
func Compare(old, fresh Baseline) Diff {
	names := map[string]bool{}
	for _, e := range old.Files {
		names[e.Name] = true
	}
	for _, e := range fresh.Files {
		names[e.Name] = true
	}
	var d Diff
	for name := range names {
		o, inOld := old.entry(name)
		n, inNew := fresh.entry(name)
		switch {
		case !inOld:
			d.Files = append(d.Files, FileDiff{Name: name, File: n.File, Status: Added, NewVerdict: n.Verdict,
				NewGames: n.Games, NewErrors: n.ErrorGames})
		case !inNew:
			d.Files = append(d.Files, FileDiff{Name: name, File: o.File, Status: Removed, OldVerdict: o.Verdict,
				OldGames: o.Games, OldErrors: o.ErrorGames})
		default:
			d.Files = append(d.Files, compareEntries(o, n))
		}
	}
	sort.Slice(d.Files, func(i, j int) bool { return d.Files[i].Name < d.Files[j].Name })
	return d
}

func compareEntries(o, n Entry) FileDiff {
	f := FileDiff{Name: n.Name, File: n.File, OldVerdict: o.Verdict, NewVerdict: n.Verdict,
		OldGames: o.Games, NewGames: n.Games, OldErrors: o.ErrorGames, NewErrors: n.ErrorGames, OldTable: o.Table, NewTable: n.Table}
	f.Raised, f.Cleared = setDiff(o.Flags, n.Flags)
	f.WarningsRaised, f.WarningsCleared = setDiff(o.Warnings, n.Warnings)
	oldStats, newStats := o.statsByName(), n.statsByName()
	for name, oldIV := range oldStats {
		if newIV, ok := newStats[name]; ok {
			f.Stats = append(f.Stats, StatChange{Name: name, Old: oldIV, New: newIV})
		} else {
			f.Vanished = append(f.Vanished, name)
		}
	}
	for name := range newStats {
		if _, ok := oldStats[name]; !ok {
			f.Appeared = append(f.Appeared, name)
		}
	}
	sort.Slice(f.Stats, func(i, j int) bool { return f.Stats[i].Name < f.Stats[j].Name })
	sort.Strings(f.Appeared)
	sort.Strings(f.Vanished)
	f.Status = Unchanged
	if f.VerdictFlipped() || len(f.Raised) > 0 || len(f.Cleared) > 0 || len(f.Moved()) > 0 {
		f.Status = Regressed
	}
	return f
}

// setDiff returns what is in b but not a (added) and in a but not b
// (removed), each sorted.
func setDiff(a, b []string) (added, removed []string) {
	inA, inB := map[string]bool{}, map[string]bool{}
	for _, x := range a {
		inA[x] = true
	}
	for _, x := range b {
		inB[x] = true
	}
	for x := range inB {
		if !inA[x] {
			added = append(added, x)
		}
	}
	for x := range inA {
		if !inB[x] {
			removed = append(removed, x)
		}
	}
	sort.Strings(added)
	sort.Strings(removed)
	return added, removed
}
