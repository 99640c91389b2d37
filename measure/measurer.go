package measure

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/records"
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
	// Learned says the measurements asked for learned piece values
	// (Settings.Learned), so a report can say why none were used.
	Learned bool
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
	if s.Learned && plan.Mirror != "" {
		m.prepare(f, &h)
		return m.runLearned(ctx, f, s, plan, h)
	}
	return m.Play(ctx, f, plan, h)
}

// Play plays a plan of the file's games on the farm as every measurement
// does (the results replayed through the engine unless NoReplay, the
// compiled game handed to the in-process workers), with the caller's
// hooks, its stop rule included: what a command that plans its own games
// (coordinator match) runs them with.
func (m *Measurer) Play(ctx context.Context, f *File, plan protocol.Plan, hooks farm.Hooks) (*farm.Outcome, error) {
	if f.Game == nil {
		return nil, errNoGame
	}
	m.prepare(f, &hooks)
	return m.Coord.RunHooks(ctx, plan, f.Data, hooks)
}

// prepare sets h's Verify and hands the file's game to the in-process
// workers.
func (m *Measurer) prepare(f *File, h *farm.Hooks) {
	if !m.NoReplay {
		h.Verify = Replay(f.Game)
	}
	if m.Games != nil {
		m.Games.Add(f.Hash, f.Game)
	}
}

// Report assesses a file's results against the ladder players, writes
// NAME.json, NAME.md, NAME.html and the game records NAME.pgn and
// NAME.games.jsonl into dir unless dir is empty, and exports the verdict
// as the ruleset_viable metric.
func (m *Measurer) Report(f *File, players []string, results []protocol.Result, wall time.Duration, dir string) (*report.Report, error) {
	rep, _, err := m.ReportGames(f, players, results, wall, dir)
	return rep, err
}

// ReportGames is Report that also returns the games as PGN.
func (m *Measurer) ReportGames(f *File, players []string, results []protocol.Result, wall time.Duration, dir string) (*report.Report, []byte, error) {
	in, games, err := m.Input(f, players, results, wall)
	if err != nil {
		return nil, nil, err
	}
	var pgn bytes.Buffer
	if err := records.WritePGN(&pgn, records.MetaFor(f.Game, f.Name, time.Now()), games); err != nil {
		return nil, nil, err
	}
	var rep *report.Report
	if dir == "" {
		rep, err = report.New(in)
	} else {
		in.GamesFile = in.Name + ".pgn"
		if rep, err = report.Write(dir, in); err == nil {
			err = writeRecords(dir, in.Name, pgn.Bytes(), games)
		}
	}
	if err != nil {
		return nil, nil, err
	}
	if m.Coord != nil {
		m.Coord.RecordVerdict(f.Name, rep.Verdict == stats.Viable)
	}
	return rep, pgn.Bytes(), nil
}

// Input is what a file's report is built from: the assessment of its
// results against the ladder players, the piece values the top rung
// played with, the board, the games played and the example games each
// flag links to; games are the game records. Report writes it; repair
// keeps it for its candidates' reports.
func (m *Measurer) Input(f *File, players []string, results []protocol.Result, wall time.Duration) (report.Input, []records.Game, error) {
	if f.Game == nil {
		return report.Input{}, nil, errNoGame
	}
	a, err := selfplay.Assess(f.label(), f.Game, players, results, wall, stats.DefaultThresholds())
	if err != nil {
		return report.Input{}, nil, err
	}
	in := a.Input
	in.TopValues = selfplay.TopValues(f.Game, players, results, m.Learned)
	if f.ReportName != "" {
		in.Name = f.ReportName
	}
	games := records.Build(f.Game, results)
	in.Board = records.Board(f.Game)
	in.Start = records.StartFrame(f.Game, in.Board)
	in.Played = records.Summaries(games)
	// The examples follow the flags, which the report settles.
	first, err := report.New(in)
	if err != nil {
		return report.Input{}, nil, err
	}
	in.Examples = records.Examples(f.Game, games, first)
	return in, games, nil
}

// writeRecords writes DIR/NAME.pgn and DIR/NAME.games.jsonl.
func writeRecords(dir, name string, pgn []byte, games []records.Game) error {
	var js bytes.Buffer
	if err := records.WriteJSONL(&js, games); err != nil {
		return err
	}
	for file, data := range map[string][]byte{name + ".pgn": pgn, name + ".games.jsonl": js.Bytes()} {
		if err := os.WriteFile(filepath.Join(dir, file), data, 0o644); err != nil {
			return fmt.Errorf("game records: %v", err)
		}
	}
	return nil
}
