package selfplay

import (
	"errors"
	"fmt"
	"hash/fnv"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/records"
	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/stats"
)

// Ladder orders player specs weakest first and names the pairs whose
// budgets differ by a doubling, for the skill trace.
func Ladder(specs []string) (stats.Ladder, error) {
	rungs, seer, err := withoutSeer(specs)
	if err != nil {
		return stats.Ladder{}, err
	}
	ordered, err := search.SortByStrength(rungs)
	if err != nil {
		return stats.Ladder{}, err
	}
	l := stats.Ladder{Rungs: ordered, Seer: seer}
	if seer != "" {
		base, err := search.Canonical(strings.TrimPrefix(seer, stats.SeerPrefix))
		if err != nil {
			return stats.Ladder{}, fmt.Errorf("clairvoyant rung %s: %w", seer, err)
		}
		top := ""
		if len(ordered) > 0 {
			top, _ = search.SearchBase(ordered[len(ordered)-1]) // what a det or ISMCTS rung searches with
		}
		if top == "" || base != top {
			return stats.Ladder{}, fmt.Errorf("clairvoyant rung %s must play as the strongest rung", seer)
		}
	}
	for _, pair := range search.DoublingPairs(ordered) {
		l.Doublings = append(l.Doublings, stats.Doubling{Weak: pair[0], Strong: pair[1]})
	}
	return l, nil
}

// withoutSeer parts specs into the rungs and the clairvoyant rung, if
// any (at most one): the clairvoyant rung is no rung, so it is neither
// ordered by strength nor doubled.
func withoutSeer(specs []string) (rungs []string, seer string, err error) {
	for _, s := range specs {
		if !stats.IsSeer(s) {
			rungs = append(rungs, s)
			continue
		}
		if seer != "" {
			return nil, "", fmt.Errorf("two clairvoyant rungs: %s and %s", seer, s)
		}
		seer = s
	}
	return rungs, seer, nil
}

// Games converts farm results into the stats package's games. Results the
// worker could not play (dead letters) arrive as errors from the farm and
// are not in this list.
func Games(results []protocol.Result) []stats.Game {
	games := make([]stats.Game, 0, len(results))
	for _, r := range results {
		games = append(games, stats.Game{
			P0:          r.P0,
			P1:          r.P1,
			PairID:      strconv.Itoa(r.PairID),
			Seed:        r.Seed,
			Winner:      r.Winner,
			Rule:        engine.Ending(r.Ending),
			Plies:       r.Plies,
			LeadChanges: r.LeadChanges,
			DecisivePly: r.DecisivePly,
			Features:    r.Features,
			Line:        lineOf(r),
			Opening:     openingOf(r),
			Seconds:     float64(r.DurationMS) / 1000,
			Nodes:       r.Nodes,
		})
	}
	return games
}

// lineOf hashes a result's players and moves: two results with the same
// line are the same game played twice.
func lineOf(r protocol.Result) uint64 {
	h := fnv.New64a()
	h.Write([]byte(r.P0 + "\x00" + r.P1))
	for _, m := range r.Moves {
		h.Write([]byte{0})
		h.Write([]byte(m))
	}
	return h.Sum64()
}

// Assessment is one file's measurement, ready to write as reports.
type Assessment struct {
	Input  report.Input
	Report *report.Report
}

// Assess analyses one rule file's results and builds its report; g is the
// file as compiled when it was submitted. With no players given, the
// ladder is every spec the results name. It replays every result; a
// measurement that replayed them when it verified them calls Analyse.
func Assess(file string, g *engine.Game, players []string, results []protocol.Result, wall time.Duration, th stats.Thresholds) (*Assessment, error) {
	in, err := Analyse(file, g, players, records.ReplayAll(g, results), wall, th)
	if err != nil {
		return nil, err
	}
	rep, err := report.New(in)
	if err != nil {
		return nil, err
	}
	return &Assessment{Input: in, Report: rep}, nil
}

// Analyse analyses one rule file's replayed games into its report's
// input; g is the file as compiled when it was submitted. With no players
// given, the ladder is every spec the results name.
func Analyse(file string, g *engine.Game, players []string, games []*records.Replayed, wall time.Duration, th stats.Thresholds) (report.Input, error) {
	results := make([]protocol.Result, len(games))
	for i, rp := range games {
		results[i] = rp.Result
	}
	if len(players) == 0 {
		players = specsOf(results)
	} else {
		players = withSeerOf(withValuesOf(ForHidden(players, g), results), results)
	}
	ladder, err := Ladder(players)
	if err != nil {
		return report.Input{}, err
	}
	start := StartInfo(g)
	start.Openings = OpeningLines(g, results)
	counted := GamesOf(g, results)
	analysis, err := stats.Analyze(ladder, start, counted, th)
	if errors.Is(err, stats.ErrNoGames) {
		// Nothing finished: the report still says so, with the games lost.
		errs := 0
		for _, game := range counted {
			if game.Rule == engine.EndError {
				errs++
			}
		}
		return report.Input{Name: ReportName(file), File: file, SchemaVersion: g.SchemaVersion(), Wall: wall,
			Analysis: stats.Unmeasured(ladder, start, errs, th)}, nil
	}
	if err != nil {
		return report.Input{}, fmt.Errorf("analysing %s: %w", file, err)
	}
	in := report.Input{Name: ReportName(file), File: file, SchemaVersion: g.SchemaVersion(), Wall: wall, Analysis: analysis}
	if g.Seated() {
		if in.Seats, err = seatAnalysis(g, analysis, results, th); err != nil {
			return report.Input{}, fmt.Errorf("analysing the seats of %s: %w", file, err)
		}
		// The fit reads material as one side's less the other's.
		in.PieceValuesNote = "the fit reads two players' material, and this game has " + fmt.Sprint(g.Seats()) + " seats"
		return in, nil
	}
	if in.PieceValues, err = PieceValues(g, games); err != nil {
		in.PieceValuesNote = err.Error()
	}
	return in, nil
}

// withValuesOf adds to a ladder the specs of results that are one of its
// rungs playing with piece values of its own (a measurement's top rung
// with learned values, Settings.Learned): they rank just above the rung,
// so their games against themselves are the equal-strength games.
func withValuesOf(players []string, results []protocol.Result) []string {
	in := map[string]bool{}
	for _, p := range players {
		if c, err := search.Canonical(p); err == nil {
			in[c] = true
		}
	}
	out := players
	for _, s := range specsOf(results) {
		if c, err := search.Canonical(s); err == nil && !in[c] && in[search.WithoutValues(c)] {
			in[c] = true
			out = append(out[:len(out):len(out)], s)
		}
	}
	return out
}

// withSeerOf adds to players the clairvoyant rung the results name, if
// players lack it: the plan adds it to a game with chance (measure's
// WithSeer), and callers may pass the ladder as asked for.
func withSeerOf(players []string, results []protocol.Result) []string {
	if slices.ContainsFunc(players, stats.IsSeer) {
		return players
	}
	for _, s := range specsOf(results) {
		if stats.IsSeer(s) {
			return append(players[:len(players):len(players)], s)
		}
	}
	return players
}

// TopValues says, for the report, which piece values the equal-strength
// games were played with: those a spec of the mirror games carries, else
// the rule file's own, and with learned (the measurement asked for learned
// values) why none were used. The ladder's games are the results that are
// not the top rung's against itself.
func TopValues(g *engine.Game, players []string, games []*records.Replayed, learned bool) string {
	rungs, _, _ := withoutSeer(players)
	ordered, err := search.SortByStrength(rungs)
	if err != nil || len(ordered) == 0 {
		return ""
	}
	top := ordered[len(ordered)-1]
	var ladder []*records.Replayed
	mirror := ""
	for _, rp := range games {
		if r := rp.Result; r.P0 == r.P1 && search.WithoutValues(r.P0) == top {
			mirror = r.P0
			continue
		}
		ladder = append(ladder, rp)
	}
	switch ps, err := search.ParseSpec(mirror); {
	case mirror == "":
		return ""
	case err == nil && ps.Values != "":
		return fmt.Sprintf("The equal-strength games were played by %s with the piece values learned from the ladder's games and shrunk towards the rule file's by their uncertainty: %s.", top, strings.ReplaceAll(ps.Values, "/", ", "))
	case learned:
		_, _, note := LearnedSpec(g, top, ladder)
		return fmt.Sprintf("The equal-strength games were played by %s with the rule file's own piece values: learned ones were asked for, but %s.", top, note)
	}
	return fmt.Sprintf("The equal-strength games were played by %s with the rule file's own piece values.", top)
}

// ReportName is a rule file's base name without ".json": the reports are
// NAME.json, NAME.md and NAME.html.
func ReportName(file string) string {
	return strings.TrimSuffix(filepath.Base(file), ".json")
}

// specsOf lists the player specs results name, in first-seen order.
func specsOf(results []protocol.Result) []string {
	var specs []string
	seen := map[string]bool{}
	for _, r := range results {
		for _, s := range []string{r.P0, r.P1} {
			if !seen[s] {
				seen[s] = true
				specs = append(specs, s)
			}
		}
	}
	return specs
}
