package measure

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/internal/atomicfile"
	"balancefarm/protocol"
	"balancefarm/records"
	"balancefarm/report"
	"balancefarm/selfplay"
	"balancefarm/stats"
	"balancefarm/tablestore"
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
	// engine (records.Replay) first, nor auditing them (Hooks.Audit): for
	// farms whose workers play a stand-in runner. The report still
	// replays them, once.
	NoReplay bool
	// Learned says the measurements asked for learned piece values
	// (Settings.Learned), so a report can say why none were used.
	Learned bool
	// Tables, when set, is where the service finds the learned table kept
	// for a posted file's bytes (ServiceConfig); the command line gives
	// each File its table itself (File.FindTable).
	Tables tablestore.Dir

	mu sync.Mutex
	// replays holds each file's games as replayed when verified, by the
	// rule file's hash, from Run to Report: one store for the batches of
	// a file measured at once.
	replays map[string]*replayed
	// auditor plays audited jobs again with the engine (Hooks.Audit),
	// handed each file's compiled game.
	auditor *selfplay.Runner
	// audits holds each batch's audit summary from its run to its report.
	audits map[string]*farm.AuditSummary
	// budgets holds what a time budget did to each file's run, by the
	// rule file's hash, from its run to its report.
	budgets map[string]*report.Budget
}

// replayedOf is the replays kept for a rule file, made when there are
// none.
func (m *Measurer) replayedOf(hash string, g *engine.Game) *replayed {
	m.mu.Lock()
	defer m.mu.Unlock()
	if s := m.replays[hash]; s != nil {
		return s
	}
	if m.replays == nil || len(m.replays) >= maxKeptGames {
		// A long-running service forgets the files of old batches.
		m.replays = map[string]*replayed{}
	}
	s := newReplayed(g)
	m.replays[hash] = s
	return s
}

// Run plays the file's batch under s and returns its outcome; hooks may
// bring Progress, Record and Resumed, the stop rule and window come from s. A batch
// recorded before is resumed, not played again.
func (m *Measurer) Run(ctx context.Context, f *File, s Settings, hooks farm.Hooks) (*farm.Outcome, error) {
	if f.Game == nil {
		return nil, errNoGame
	}
	plan := s.Plan(f)
	h, err := s.HooksFor(plan, f.Game)
	if err != nil {
		return nil, err
	}
	h.Progress, h.Record, h.Resumed = hooks.Progress, hooks.Record, hooks.Resumed
	if s.Budget != nil {
		s.Budget.hooks(&h)
		out, err := m.Play(ctx, f, plan, h)
		if err == nil {
			m.keepBudget(f.Hash, s.Budget, out)
		}
		return out, err
	}
	// Learned values are fitted to two players' material.
	if s.Learned && plan.Mirror != "" && !f.Game.Seated() {
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
	out, err := m.Coord.RunHooks(ctx, plan, f.Data, hooks)
	m.keepAudit(out)
	return out, err
}

// Replayed is each result's replay, the one Play made when it verified
// the result (made now when it made none): what a command that reads
// the games' positions (coordinator learn) reads, so no game is
// replayed twice.
func (m *Measurer) Replayed(f *File, results []protocol.Result) []*records.Replayed {
	return m.replayedOf(f.Hash, f.Game).games(results)
}

// keepAudit keeps a batch's audit summary for its report.
func (m *Measurer) keepAudit(out *farm.Outcome) {
	if out == nil || out.Audit == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.audits == nil || len(m.audits) >= maxKeptGames {
		m.audits = map[string]*farm.AuditSummary{}
	}
	m.audits[out.BatchID] = out.Audit
}

// auditOf is the audits of the batches the results belong to, for their
// report; they are forgotten. It is nil unless an audit quarantined a
// worker: a report of honest workers reads the same whether or not (and
// however long) its games were audited, resumed or served.
func (m *Measurer) auditOf(results []protocol.Result) *report.Audit {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out *report.Audit
	for _, r := range results {
		a := m.audits[r.BatchID]
		if a == nil {
			continue
		}
		delete(m.audits, r.BatchID)
		if out == nil {
			out = &report.Audit{}
		}
		out.Audited += a.Audited
		out.Mismatches += a.Mismatches
		out.Seconds += a.Seconds
		out.GameSeconds += a.GameSeconds
		for _, q := range a.Quarantined {
			out.Quarantined = append(out.Quarantined, report.Quarantine(q))
		}
	}
	if out == nil || len(out.Quarantined) == 0 {
		return nil
	}
	return out
}

// prepare sets h's Verify and Audit and hands the file's game to the
// in-process workers.
func (m *Measurer) prepare(f *File, h *farm.Hooks) {
	if !m.NoReplay {
		h.Verify = m.replayedOf(f.Hash, f.Game).verify
		h.Audit = m.auditRunner(f)
	}
	if m.Games != nil {
		m.Games.Add(f.Hash, f.Game)
	}
}

// auditRunner is the engine's runner, as the workers play, with the
// file's game.
func (m *Measurer) auditRunner(f *File) *selfplay.Runner {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.auditor == nil {
		m.auditor = selfplay.NewRunner()
	}
	m.auditor.Add(f.Hash, f.Game)
	return m.auditor
}

// Report assesses a file's results against the ladder players, counts
// the lost games (dead letters, and results ending in error) with their
// workers, writes
// NAME.json, NAME.md, NAME.html and the game records NAME.pgn and
// NAME.games.jsonl into dir unless dir is empty, and exports the verdict
// as the ruleset_viable metric.
func (m *Measurer) Report(f *File, players []string, results []protocol.Result, dead []protocol.DeadLetter, wall time.Duration, dir string) (*report.Report, error) {
	rep, _, err := m.reportGames(f, players, results, dead, wall, dir, false)
	return rep, err
}

// GameRecords are a measurement's games as measure writes them beside
// its report: NAME.pgn and NAME.games.jsonl.
type GameRecords struct {
	PGN, JSONL []byte
}

// ReportGames is Report that also returns the game records.
func (m *Measurer) ReportGames(f *File, players []string, results []protocol.Result, dead []protocol.DeadLetter, wall time.Duration, dir string) (*report.Report, GameRecords, error) {
	return m.reportGames(f, players, results, dead, wall, dir, true)
}

// reportGames is Report, returning the PGN and, with jsonl, the JSON
// lines.
func (m *Measurer) reportGames(f *File, players []string, results []protocol.Result, dead []protocol.DeadLetter, wall time.Duration, dir string, jsonl bool) (*report.Report, GameRecords, error) {
	var recs GameRecords
	rep, games, err := m.Assess(f, players, results, dead, wall)
	if err != nil {
		return nil, recs, err
	}
	var pgn bytes.Buffer
	write := records.WritePGN
	if f.Game.Seated() {
		write = func(w io.Writer, meta records.Meta, games []records.Game) error {
			return records.WriteMeasuredPGN4(w, f.Game, meta, games)
		}
	}
	if err := write(&pgn, records.MetaFor(f.Game, f.Name, time.Now()), games); err != nil {
		return nil, recs, err
	}
	recs.PGN = pgn.Bytes()
	if jsonl || dir != "" {
		var js bytes.Buffer
		if err := records.WriteJSONL(&js, games); err != nil {
			return nil, recs, fmt.Errorf("game records: %v", err)
		}
		recs.JSONL = js.Bytes()
	}
	if dir != "" {
		rep.GamesFile = rep.Name + ".pgn"
		files := []atomicfile.File{{Path: filepath.Join(dir, rep.Name+".pgn"), Data: recs.PGN}, {Path: filepath.Join(dir, rep.Name+".games.jsonl"), Data: recs.JSONL}}
		// The records and the report are written together, the JSON
		// last: a failure leaves none of them.
		if err := rep.WriteFiles(dir, files...); err != nil {
			return nil, recs, err
		}
	}
	if m.Coord != nil {
		m.Coord.RecordVerdict(f.Name, rep.Verdict == stats.Viable)
	}
	return rep, recs, nil
}

// Assess builds a file's report, once: the assessment of its results
// against the ladder players, the piece values the top rung played with,
// the board, the games played and the example games each flag links to.
// Each game is read from the replay that verified it (or, on a farm that
// skips verifying, from one made here). The dead letters and the results
// ending in error are the report's lost games. It also returns the game
// records.
func (m *Measurer) Assess(f *File, players []string, results []protocol.Result, dead []protocol.DeadLetter, wall time.Duration) (*report.Report, []records.Game, error) {
	if f.Game == nil {
		return nil, nil, errNoGame
	}
	// The ladder as played: its top rung with the file's kept table, as
	// Plan gave it.
	players, _ = withTable(players, "", f.Table)
	kept := m.replayedOf(f.Hash, f.Game)
	replays := kept.games(results)
	// The report is the last reader: its batches' replays go.
	defer kept.forget(results)
	in, err := selfplay.Analyse(f.label(), f.Game, players, replays, wall, stats.DefaultThresholds())
	if err != nil {
		return nil, nil, err
	}
	in.TopValues = selfplay.TopValues(f.Game, players, replays, m.Learned)
	in.TopTable = f.topTable(players)
	if f.ReportName != "" {
		in.Name = f.ReportName
	}
	games := records.Build(replays)
	in.Board = records.Board(f.Game)
	in.Start = records.StartFrame(f.Game, in.Board)
	in.StartExtras = records.StartExtras(f.Game, in.Board)
	in.Played = records.Summaries(games)
	in.Lost = lostGames(results, dead)
	rep, err := newReport(in)
	if err != nil {
		return nil, nil, err
	}
	// The examples follow the flags, which the report settles.
	rep.Examples = records.Examples(f.Game, games, rep)
	rep.Audit = m.auditOf(results)
	rep.SetBudget(m.budgetOf(f.Hash))
	return rep, games, nil
}

// lostGames are the batch's games that count in no figure: results that
// ended in error, and dead letters, each with the worker that lost it.
func lostGames(results []protocol.Result, dead []protocol.DeadLetter) []report.LostGame {
	var out []report.LostGame
	for _, r := range results {
		if r.Ending == string(engine.EndError) {
			out = append(out, report.LostGame{Worker: r.WorkerID, Error: "the game ended in error"})
		}
	}
	for _, d := range dead {
		out = append(out, report.LostGame{Worker: d.WorkerID, Error: d.Error, DeadLettered: true})
	}
	return out
}

// newReport is report.New; a test counts the calls through it.
var newReport = report.New
