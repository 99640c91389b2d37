package measure

import (
	"fmt"
	"path/filepath"
	"sync"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/search"
	"balancefarm/selfplay"
	"balancefarm/stats"
	"balancefarm/tablestore"
)

// ServiceConfig fits the measurer to farm.Service: a posted file is
// compiled and its players checked at submission (the same lines measure
// prints, answered 422), batches stop by the same rule as defaults.Sequential
// says, and each finished batch gets the same reports, kept for the API
// and, with reportsDir set, written to reportsDir/ID/. The caller sets
// the Log.
func (m *Measurer) ServiceConfig(defaults Settings, reportsDir string) farm.ServiceConfig {
	// The games compiled at submission, for the report: one compile per
	// file per process, also across the batch's run.
	var mu sync.Mutex
	games := map[string]*engine.Game{}
	// The learned tables kept for the files admitted (Measurer.Tables),
	// looked up once at admission; nil where a file has none.
	type kept struct {
		table *tablestore.Table
		path  string
	}
	tables := map[string]kept{}
	fileOf := func(label string, data []byte) (*File, error) {
		hash := protocol.HashRuleFile(data)
		mu.Lock()
		g := games[hash]
		mu.Unlock()
		if g == nil {
			return Load(label, data)
		}
		f := &File{Label: label, Data: data, Hash: hash, Game: g, Name: g.Name()}
		if f.Name == "" {
			// Unnamed: the name Load gives, without compiling again.
			f.Name = (&File{Label: label, Hash: hash}).fallbackName()
		}
		return f, nil
	}
	return farm.ServiceConfig{
		Admit: func(label string, data []byte, players []string) (string, []string) {
			f, err := fileOf(label, data)
			if err != nil {
				return "", Lines(err)
			}
			if err := CheckPlayers(players); err != nil {
				return "", []string{err.Error()}
			}
			if m.Tables != "" {
				if err := f.FindTable(m.Tables); err != nil {
					return "", []string{err.Error()}
				}
			}
			mu.Lock()
			if len(games) >= maxKeptGames {
				clear(games)
				clear(tables)
			}
			games[f.Hash] = f.Game
			tables[f.Hash] = kept{f.Table, f.TablePath}
			mu.Unlock()
			if m.Games != nil {
				m.Games.Add(f.Hash, f.Game)
			}
			return f.Name, nil
		},
		Complete: func(plan protocol.Plan) protocol.Plan {
			// The equal-strength games measure would add to these
			// players and games.
			s := defaults
			s.Players, s.Games = plan.Players, plan.GamesPerPairing
			full := s.plan(plan.Ruleset, plan.RulesetHash)
			plan.Mirror, plan.MirrorGames = full.Mirror, full.MirrorGames
			mu.Lock()
			plan.Players, plan.Mirror = withTable(plan.Players, plan.Mirror, tables[plan.RulesetHash].table)
			if g := games[plan.RulesetHash]; g != nil {
				plan.Seating = selfplay.Seating(g)
				plan.Players, plan.Mirror = selfplay.ForHidden(plan.Players, g), selfplay.ForHiddenSpec(plan.Mirror, g)
				plan.Players = WithSeer(plan.Players, g)
			}
			mu.Unlock()
			return plan
		},
		Hooks: func(plan protocol.Plan) (farm.Hooks, error) {
			s := defaults
			s.Players, s.Games = plan.Players, plan.GamesPerPairing
			mu.Lock()
			g := games[plan.RulesetHash]
			mu.Unlock()
			h, err := s.HooksFor(plan, g)
			if err != nil || m.NoReplay {
				return h, err
			}
			// Every result is replayed on the game compiled at admission
			// before it counts, and the report reads that replay.
			if g == nil {
				// Admit compiles every file before its batch starts.
				return h, fmt.Errorf("no compiled game for rule file %s", plan.RulesetHash)
			}
			h.Verify = m.replayedOf(plan.RulesetHash, g).verify
			h.Audit = m.auditRunner(&File{Hash: plan.RulesetHash, Game: g})
			return h, nil
		},
		Report: func(b farm.Finished) (farm.ServiceReport, error) {
			f, err := fileOf(b.Label, b.RuleFile)
			if err != nil {
				return farm.ServiceReport{}, err
			}
			f.Name = b.Plan.Ruleset
			mu.Lock()
			k, admitted := tables[f.Hash]
			mu.Unlock()
			f.Table, f.TablePath = k.table, k.path
			if !admitted && m.Tables != "" {
				// Resumed after a restart: the plan carries the table it
				// played; the report names it if it is still kept.
				_ = f.FindTable(m.Tables)
			}
			dir := ""
			if reportsDir != "" {
				dir = filepath.Join(reportsDir, b.ID)
			}
			m.keepAudit(b.Outcome)
			rep, games, err := m.ReportGames(f, b.Plan.Players, b.Outcome.Results, b.Outcome.DeadLetters, b.Wall, dir)
			if err != nil {
				return farm.ServiceReport{}, err
			}
			// The served report links its games as measure's does: NAME.pgn
			// beside it, which the service serves.
			if rep.GamesFile == "" {
				rep.GamesFile = rep.Name + ".pgn"
			}
			doc, err := rep.JSON()
			if err != nil {
				return farm.ServiceReport{}, err
			}
			page, err := rep.HTML()
			if err != nil {
				return farm.ServiceReport{}, err
			}
			return farm.ServiceReport{Viable: rep.Verdict == stats.Viable, Verdict: rep.Verdict, JSON: doc, HTML: page,
				Games: games.PGN, GamesJSONL: games.JSONL, Name: rep.Name}, nil
		},
		Live: func(plan protocol.Plan, results []protocol.Result) any {
			sc := NewScorer(plan, defaults.Precision).WithFlagsOnly(defaults.FlagsOnly)
			mu.Lock()
			sc.Game = games[plan.RulesetHash]
			mu.Unlock()
			scores := sc.Scores(results)
			// The page names the players as the reports do.
			for i := range scores {
				scores[i].A, scores[i].B = search.ShortSpec(scores[i].A), search.ShortSpec(scores[i].B)
			}
			return scores
		},
		Salt:             defaults.Salt,
		MaxRuleFileBytes: engine.MaxRuleFileBytes,
		Players:          defaults.Players,
		GamesPerPairing:  defaults.Games,
		Seed:             defaults.Seed,
		MaxNodes:         defaults.MaxNodes,
		MaxWallMS:        defaults.MaxWall.Milliseconds(),
	}
}

// maxKeptGames bounds the games a long-running service keeps.
const maxKeptGames = 256
