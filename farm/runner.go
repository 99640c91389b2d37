package farm

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"balancefarm/protocol"
)

// GameRunner plays one game. It gets the rule file's bytes (already checked
// against the job's hash) and the job, whose MaxNodes is the node limit to
// respect; ctx carries the wall-time limit and the worker's shutdown. It
// calls progress at least once per ply (and, for slow searches, from inside
// the search) so the worker can tell a long game from a stuck one.
//
// It fills the game fields of the result (Moves, Plies, Result, Winner,
// Ending, Nodes, Features, LeadChanges); the worker fills the rest. An
// error, a panic, an inconsistent record or ignoring ctx past its end all
// count as an engine failure of that attempt.
type GameRunner interface {
	Run(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error)
}

// RunnerFunc adapts a function to GameRunner.
type RunnerFunc func(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error)

// Run calls f.
func (f RunnerFunc) Run(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error) {
	return f(ctx, ruleFile, job, progress)
}

// DefaultRunnerName is the runner the binaries ask for unless told
// otherwise: the engine with the search players, registered by the package
// that wires them in.
const DefaultRunnerName = "engine"

var (
	runnersMu sync.Mutex
	runners   = map[string]GameRunner{}
)

// RegisterRunner makes a runner available by name to cmd/worker and to the
// coordinator's local workers. Registering a name twice replaces it.
func RegisterRunner(name string, r GameRunner) {
	runnersMu.Lock()
	defer runnersMu.Unlock()
	runners[name] = r
}

// LookupRunner finds a registered runner.
func LookupRunner(name string) (GameRunner, error) {
	runnersMu.Lock()
	defer runnersMu.Unlock()
	if r, ok := runners[name]; ok {
		return r, nil
	}
	names := make([]string, 0, len(runners))
	for n := range runners {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, fmt.Errorf("no game runner %q: this binary has no runner registered", name)
	}
	return nil, fmt.Errorf("no game runner %q (registered: %v)", name, names)
}
