package search

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Budgets of an outside UCI engine, one a spec; they are the go command's
// limits. nodes is the reproducible one (with Threads=1, the default), so
// it is the default; movetime depends on the machine.
const (
	UCIBudgetNodes    = "nodes"
	UCIBudgetDepth    = "depth"
	UCIBudgetMovetime = "movetime"
	// DefaultUCINodes is the budget of a uci spec that names none: the
	// default ladder's top rung's.
	DefaultUCINodes = 10000
	// maxUCIMovetime bounds movetime (ms) as the other budgets are bounded.
	maxUCIMovetime = 3_600_000
)

// UCIOption is one engine option a uci spec sets.
type UCIOption struct{ Name, Value string }

// Options are the engine options the spec sets, in the order given.
func (p PlayerSpec) Options() []UCIOption {
	if p.UCIOptions == "" {
		return nil
	}
	var out []UCIOption
	for _, f := range strings.Split(p.UCIOptions, ",") {
		name, value, _ := strings.Cut(f, "=")
		out = append(out, UCIOption{name, value})
	}
	return out
}

// parseUCISpec reads "uci:PATH[,name=value...]". The path is the program
// as the worker will start it (a bare name is looked up in its PATH); a
// name of nodes, depth or movetime is the budget, tc or st a time control
// (clock.go; then no budget is the default one), anything else an engine
// option sent as "setoption name N value V". Commas separate fields, so
// neither a path nor a value may hold one; control characters are refused
// so that a spec from a job cannot slip a command of its own to the engine.
func parseUCISpec(s, params string, hasParams bool) (PlayerSpec, error) {
	if !hasParams || params == "" {
		return PlayerSpec{}, fmt.Errorf("player %q: uci needs the engine's path (uci:PATH[,nodes=N][,Option=value...])", s)
	}
	if i := strings.IndexFunc(params, unicode.IsControl); i >= 0 {
		return PlayerSpec{}, fmt.Errorf("player %q: control character in the spec", s)
	}
	fields := strings.Split(params, ",")
	ps := PlayerSpec{Family: FamilyUCI, Path: strings.TrimSpace(fields[0])}
	if ps.Path == "" {
		return PlayerSpec{}, fmt.Errorf("player %q: uci needs the engine's path before the first comma", s)
	}
	if strings.ContainsFunc(ps.Path, unicode.IsSpace) || strings.Contains(ps.Path, "=") {
		return PlayerSpec{}, fmt.Errorf("player %q: the engine's path may hold neither spaces nor '='", s)
	}
	var opts []string
	seen := map[string]bool{}
	for _, f := range fields[1:] {
		name, value, ok := strings.Cut(f, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || name == "" {
			return PlayerSpec{}, fmt.Errorf("player %q: field %q is not name=value", s, strings.TrimSpace(f))
		}
		key := strings.ToLower(name) // UCI option names are case-insensitive
		if seen[key] {
			return PlayerSpec{}, fmt.Errorf("player %q: %s given twice", s, name)
		}
		seen[key] = true
		switch key {
		case "tc", "st":
			if seen["tc"] && seen["st"] {
				return PlayerSpec{}, fmt.Errorf("player %q: one time control only (tc and st)", s)
			}
			c, err := ParseTimeControl(key, value)
			if err != nil {
				return PlayerSpec{}, fmt.Errorf("player %q: %v", s, err)
			}
			ps.Clock = c
			continue
		case UCIBudgetNodes, UCIBudgetDepth, UCIBudgetMovetime:
			if ps.Budget != "" {
				return PlayerSpec{}, fmt.Errorf("player %q: one budget only (%s and %s)", s, ps.Budget, key)
			}
			v, err := strconv.ParseInt(value, 10, 64)
			hi := map[string]int64{UCIBudgetNodes: maxSpecNodes, UCIBudgetDepth: maxSpecDepth, UCIBudgetMovetime: maxUCIMovetime}[key]
			if err != nil || v < 1 || v > hi {
				return PlayerSpec{}, fmt.Errorf("player %q: %s must be a whole number from 1 to %d", s, key, hi)
			}
			ps.Budget, ps.Limit = key, v
			continue
		}
		if value == "" {
			return PlayerSpec{}, fmt.Errorf("player %q: option %s has no value", s, name)
		}
		// The engine splits setoption at the words name and value.
		for _, w := range strings.Fields(name) {
			if lw := strings.ToLower(w); lw == "name" || lw == "value" {
				return PlayerSpec{}, fmt.Errorf("player %q: option name %q holds the word %q", s, name, w)
			}
		}
		opts = append(opts, strings.Join(strings.Fields(name), " ")+"="+value)
	}
	if ps.Budget == "" && ps.Clock.IsZero() {
		// A timed engine manages its clock itself; an untimed one gets
		// the default budget.
		ps.Budget, ps.Limit = UCIBudgetNodes, DefaultUCINodes
	}
	ps.UCIOptions = strings.Join(opts, ",")
	return ps, nil
}
