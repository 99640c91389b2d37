package measure

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/search"
	"balancefarm/tablestore"
)

// File is a rule file read and compiled once; everything downstream takes
// its Game rather than compiling the bytes again.
type File struct {
	// Label is the file as its submitter names it (a path on the command
	// line); the reports are named after it.
	Label string
	// Name is the ruleset's name: the file's name field, else the label's
	// stem, else "unnamed-" and the start of its hash.
	Name string
	Data []byte
	Hash string
	Game *engine.Game
	// ReportName, when set, names the reports (NAME.json, ...) instead
	// of the label's stem: DistinctNames sets it when two files of one
	// run share a stem.
	ReportName string
	// Table, when set, is the kept learned table for these exact bytes
	// (FindTable), which the top rung plays with where it is the table's
	// base spec; TablePath is its file.
	Table     *tablestore.Table
	TablePath string
}

// FindTable looks in d for a table kept for the file's bytes and, when
// there is one, sets Table; a directory that does not exist holds none.
// A bad table file is an error: which table a file plays must not be
// guessed.
func (f *File) FindTable(d tablestore.Dir) error {
	t, path, err := d.Find(f.Hash)
	if err != nil {
		return fmt.Errorf("learned tables: %w", err)
	}
	f.Table, f.TablePath = t, path
	return nil
}

// DistinctNames gives files whose labels share a stem (a/chess.json and
// b/chess.json) report names that keep them apart: the stem prefixed with
// as few of the nearest folders as tell them apart ("a-chess",
// "b-chess"), else numbered ("chess", "chess-2").
func DistinctNames(files []*File) {
	stem := func(f *File) string { return strings.TrimSuffix(filepath.Base(f.label()), ".json") }
	groups := map[string][]*File{}
	var order []string
	for _, f := range files {
		s := stem(f)
		if groups[s] == nil {
			order = append(order, s)
		}
		groups[s] = append(groups[s], f)
	}
	used := map[string]bool{}
	for _, s := range order {
		if len(groups[s]) == 1 {
			used[s] = true
		}
	}
	for _, s := range order {
		g := groups[s]
		if len(g) < 2 {
			continue
		}
		folders := make([][]string, len(g))
		deepest := 0
		for i, f := range g {
			folders[i] = parentFolders(f.label())
			deepest = max(deepest, len(folders[i]))
		}
		var names []string
		for d := 1; d <= deepest && names == nil; d++ {
			try := make([]string, len(g))
			seen := map[string]bool{}
			ok := true
			for i := range g {
				fs := folders[i][max(0, len(folders[i])-d):]
				try[i] = strings.Join(append(append([]string(nil), fs...), s), "-")
				if seen[try[i]] || used[try[i]] || try[i] == "summary" {
					ok = false
				}
				seen[try[i]] = true
			}
			if ok {
				names = try
			}
		}
		if names == nil {
			names = make([]string, len(g))
			n := 1
			for i := range g {
				names[i] = s
				for used[names[i]] || names[i] == "summary" {
					n++
					names[i] = fmt.Sprintf("%s-%d", s, n)
				}
				used[names[i]] = true
			}
		}
		for i, f := range g {
			f.ReportName = names[i]
			used[names[i]] = true
		}
	}
}

// parentFolders are the folder names above a path's file, outermost
// first, without "." or "..".
func parentFolders(path string) []string {
	var out []string
	for _, p := range strings.Split(filepath.ToSlash(filepath.Dir(filepath.Clean(path))), "/") {
		if p != "" && p != "." && p != ".." {
			out = append(out, p)
		}
	}
	return out
}

// compile is engine.Compile; a test counts the calls through it.
var compile = engine.Compile

// Load compiles a rule file's bytes and checks that its start position
// is not too expensive to play (CheckCost). A refusal is an
// *engine.CompileError or a *CostError (Lines gives what to show). It is
// the one definition of a file the farm takes, for validate, measure and
// serve alike.
func Load(label string, data []byte) (*File, error) {
	g, err := compile(data)
	if err != nil {
		return nil, err
	}
	if err := CheckStart(g); err != nil {
		return nil, err
	}
	if err := CheckCost(g); err != nil {
		return nil, err
	}
	f := &File{Label: label, Data: data, Hash: protocol.HashRuleFile(data), Game: g}
	if f.Name = g.Name(); f.Name == "" {
		f.Name = f.fallbackName()
	}
	return f, nil
}

// fallbackName names a ruleset whose file has no name field.
func (f *File) fallbackName() string {
	if stem := strings.TrimSuffix(filepath.Base(f.Label), filepath.Ext(f.Label)); f.Label != "" && stem != "" {
		return stem
	}
	return "unnamed-" + f.Hash[:12]
}

// Read reads and compiles the rule file at path (engine.ReadRuleFile:
// one larger than engine.MaxRuleFileBytes is refused before it is all read).
func Read(path string) (*File, error) {
	data, err := engine.ReadRuleFile(path)
	if err != nil {
		return nil, err
	}
	return Load(path, data)
}

// Lines are the lines a refusal is shown as: a compile error's problems,
// every one of them, or the one line of any other error. Whoever shows
// them caps them, once (farm.CapProblems), so that the count of the rest
// is the file's.
func Lines(err error) []string {
	var ce *engine.CompileError
	if errors.As(err, &ce) {
		return ce.Lines()
	}
	return []string{err.Error()}
}

// label is what the reports call the file.
func (f *File) label() string {
	if f.Label != "" {
		return f.Label
	}
	return f.Name
}

// topTable is the report's sentence on the kept table the ladder's top
// rung played with; empty when no rung of players carries it.
func (f *File) topTable(players []string) string {
	if f.Table == nil || !slices.Contains(players, f.Table.Spec) {
		return ""
	}
	return fmt.Sprintf("The top rung, %s, played the learned table kept for this file's bytes in %s: %s.",
		search.ShortSpec(f.Table.Spec), f.TablePath, f.Table.Summary())
}
