package measure

import (
	"context"
	"time"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/report"
	"balancefarm/selfplay"
	"balancefarm/stats"
)

// GameCache takes the games compiled at submission, keyed by the rule
// file's hash; *selfplay.Runner is one, so in-process workers play the
// game Load compiled instead of compiling it again.
type GameCache interface {
	Add(hash string, g *engine.Game)
}

// Measurer runs measurements on a farm and reports them.
type Measurer struct {
	Coord *farm.Coordinator
	// Games, when set, is handed each file's game before its batch runs.
	Games GameCache
	// NoReplay counts results without replaying their moves through the
	// engine (Replay): for farms whose workers play a stand-in runner.
	NoReplay bool
}

// Run plays the file's batch under s and returns its outcome; hooks may
// bring Progress, Record and Resumed, the stop rule and window come from s. A batch
// recorded before is resumed, not played again.
func (m *Measurer) Run(ctx context.Context, f *File, s Settings, hooks farm.Hooks) (*farm.Outcome, error) {
	if f.Game == nil {
		return nil, errNoGame
	}
	plan := s.Plan(f)
	h, err := s.Hooks(plan)
	if err != nil {
		return nil, err
	}
	h.Progress, h.Record, h.Resumed = hooks.Progress, hooks.Record, hooks.Resumed
	if !m.NoReplay {
		h.Verify = Replay(f.Game)
	}
	if m.Games != nil {
		m.Games.Add(f.Hash, f.Game)
	}
	return m.Coord.RunHooks(ctx, plan, f.Data, h)
}

// Report assesses a file's results against the ladder players, writes
// NAME.json, NAME.md and NAME.html into dir unless dir is empty, and
// exports the verdict as the ruleset_viable metric.
func (m *Measurer) Report(f *File, players []string, results []protocol.Result, wall time.Duration, dir string) (*report.Report, error) {
	if f.Game == nil {
		return nil, errNoGame
	}
	a, err := selfplay.Assess(f.label(), f.Game, players, results, wall, stats.DefaultThresholds())
	if err != nil {
		return nil, err
	}
	rep := a.Report
	if dir != "" {
		if rep, err = report.Write(dir, a.Input); err != nil {
			return nil, err
		}
	}
	if m.Coord != nil {
		m.Coord.RecordVerdict(f.Name, rep.Verdict == stats.Viable)
	}
	return rep, nil
}
