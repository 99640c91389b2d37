package engine

import (
	"fmt"
	"strings"

	"balancefarm/engine/rules"
)

// MaxRuleFileBytes is the largest rule file any part of the system reads:
// the front end's own cap, named here for callers that hold only the
// engine (the farm's API, the measurement).
const MaxRuleFileBytes = rules.MaxFileSize

// CompileError is a rule file refused on its way to play: either the
// front end's problems, every one in the reference's wording, or a valid
// file that uses a rule this engine does not play yet.
type CompileError struct {
	// Problems are the validation problems; empty when the file is valid.
	Problems []string
	// Unplayable is Load's reason for a valid file it cannot play.
	Unplayable string
}

func (e *CompileError) Error() string {
	if len(e.Problems) == 0 {
		return "valid, but the engine cannot play it: " + e.Unplayable
	}
	if len(e.Problems) == 1 {
		return "invalid rule file: " + e.Problems[0]
	}
	return fmt.Sprintf("invalid rule file: %s (and %d more problems)", e.Problems[0], len(e.Problems)-1)
}

// Lines are the lines a user is shown for the refusal: each problem, or
// the one line saying why a valid file cannot be played.
func (e *CompileError) Lines() []string {
	if len(e.Problems) > 0 {
		return append([]string(nil), e.Problems...)
	}
	return []string{"valid, but the engine cannot play it: " + e.Unplayable}
}

// Compile is the one path from a rule file's bytes to a playable game:
// parse and check (engine/rules), then Load. Every refusal is a
// *CompileError.
func Compile(data []byte) (*Game, error) {
	if len(data) > MaxRuleFileBytes {
		return nil, &CompileError{Problems: []string{fmt.Sprintf("larger than %d bytes (1 MiB); a rule file is a few kilobytes", MaxRuleFileBytes)}}
	}
	spec, problems := rules.Parse(data)
	if len(problems) > 0 || spec == nil {
		ce := &CompileError{}
		for _, p := range problems {
			ce.Problems = append(ce.Problems, p.Text)
		}
		if len(ce.Problems) == 0 {
			ce.Problems = []string{"not a rule file"}
		}
		return nil, ce
	}
	g, err := Load(spec)
	if err != nil {
		return nil, &CompileError{Unplayable: err.Error()}
	}
	return g, nil
}

// ReadRuleFile reads a rule file's bytes as the front end does, with its
// messages for a missing file, a directory or one over MaxRuleFileBytes.
func ReadRuleFile(path string) ([]byte, error) { return rules.ReadFile(path) }

// Name is the rule file's name field ("" when it has none).
func (g *Game) Name() string { return strings.TrimSpace(g.spec.Name) }

// SchemaVersion is the schema version the rule file declares (29 when it
// declares none).
func (g *Game) SchemaVersion() int { return g.spec.Version() }
