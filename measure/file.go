package measure

import (
	"errors"
	"path/filepath"
	"strings"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/protocol"
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
// or the one line of any other error; at most farm.MaxProblems of them and
// a count of the rest.
func Lines(err error) []string {
	var ce *engine.CompileError
	if errors.As(err, &ce) {
		return farm.CapProblems(ce.Lines())
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
