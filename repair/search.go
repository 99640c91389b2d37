package repair

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"balancefarm/measure"
	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/stats"
)

// Config is a repair's budget.
type Config struct {
	// Full measures the file itself and confirms the last rung's
	// candidates: the settings of an ordinary measurement.
	Full measure.Settings
	// Screen measures every candidate once, cheaply (a short ladder, few
	// games), and the original beside them as the screen's control.
	Screen measure.Settings
	// Eta is successive halving's factor: each rung keeps the best 1/Eta
	// (at least Confirm). Default 3.
	Eta int
	// Confirm is how many candidates reach the full statistics. Default 3.
	Confirm int
	// MaxCandidates caps the single edits measured (0: all), taken round
	// robin over the edit families.
	MaxCandidates int
	// PairsOf: when fewer than Confirm single edits clear every target
	// flag at the screen, the best PairsOf of them are combined two by
	// two and screened too, and so is each of the (at most three) singles
	// that clear some target flag with every other single: a fix whose
	// side effect another edit undoes. Default 6; negative: no pairs.
	PairsOf int
	// MaxPairs caps the candidates screened at each depth past the first
	// (0: no cap).
	MaxPairs int
	// MaxEdits is the most edits a candidate combines. Default 3.
	MaxEdits int
	// Log gets a line as each rung starts and ends; nil: none.
	Log io.Writer
}

// DefaultConfig is a repair's budget where nothing else is said: the
// file measured and the last candidates confirmed with full, every
// candidate screened with measure's quick look (search.QuickLadder,
// measure.QuickGames a pairing, measure.QuickPrecision), and the
// search's caps. coordinator repair's flags and serve's repairs start
// from it.
func DefaultConfig(full measure.Settings) Config {
	screen := full
	screen.Players, screen.Games, screen.Precision = search.QuickLadder(), measure.QuickGames, measure.QuickPrecision
	return Config{Full: full, Screen: screen, Eta: 3, Confirm: 3, MaxCandidates: 60, PairsOf: 6, MaxPairs: 40, MaxEdits: 3}
}

// defaults fills the fields left unset (or out of range) from DefaultConfig.
func (c *Config) defaults() {
	d := DefaultConfig(c.Full)
	if c.Eta < 2 {
		c.Eta = d.Eta
	}
	if c.Confirm < 1 {
		c.Confirm = d.Confirm
	}
	if c.PairsOf == 0 {
		c.PairsOf = d.PairsOf
	}
	if c.MaxEdits < 1 {
		c.MaxEdits = d.MaxEdits
	}
}

func (c *Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", args...)
	}
}

// CheckValue is one verdict check as a repair reports it.
type CheckValue struct {
	Name      string         `json:"name"`
	State     string         `json:"state"`
	Value     stats.Interval `json:"value"`
	Threshold float64        `json:"threshold"`
}

// Rung is one candidate's measurement at one rung of the search.
type Rung struct {
	Rung      string         `json:"rung"`
	Players   []string       `json:"players"`
	Verdict   string         `json:"verdict"`
	Raised    []string       `json:"raised"`
	Undecided []string       `json:"undecided"`
	Checks    []CheckValue   `json:"checks"`
	MeanPlies float64        `json:"mean_plies"`
	Games     int            `json:"games"`
	Workers   map[string]int `json:"workers"`
	Error     string         `json:"error,omitempty"`

	deficit float64
	rep     *Measured
}

// Tried is a candidate with its measurements, one per rung it reached.
type Tried struct {
	ID    string          `json:"id"`
	Desc  string          `json:"description"`
	Kinds []string        `json:"kinds"`
	Edits []Edit          `json:"edits"`
	Patch json.RawMessage `json:"patch"`
	Rungs []Rung          `json:"rungs"`
	// File is the suggested rule file written beside the report, for a
	// candidate confirmed with the full statistics.
	File string `json:"file,omitempty"`

	cand *Candidate
}

// last is the candidate's deepest measurement.
func (t *Tried) last() *Rung { return &t.Rungs[len(t.Rungs)-1] }

// Suggestion is a candidate that removes a flag without raising another.
type Suggestion struct {
	Candidate string `json:"candidate"`
	Desc      string `json:"description"`
	// Closeness is how far it moves the game from the file, and
	// Distance the same in words ("1 edit, distance 1 (a limit
	// changed)"; "changes what the game is" where it does).
	Closeness Closeness  `json:"closeness"`
	Distance  string     `json:"distance"`
	Rung      string     `json:"rung"`
	Verdict   string     `json:"verdict"`
	After     CheckValue `json:"after"`
	// Checks are every check of its measurement, beside the original's
	// (Result.Original, or the screen's control for a screened one).
	Checks []CheckValue `json:"checks"`
	Raised []string     `json:"raised"`
	// MeanPlies and MeanPliesBefore are its games' mean length and the
	// original's under the same settings; Cost says the change in words.
	MeanPlies       float64         `json:"mean_plies"`
	MeanPliesBefore float64         `json:"mean_plies_before"`
	Cost            string          `json:"cost"`
	Patch           json.RawMessage `json:"patch"`
	File            string          `json:"file,omitempty"`
}

// FlagRepair is one flag of the original with its suggestions, best
// first; Note says why there are none.
type FlagRepair struct {
	Flag        string       `json:"flag"`
	Before      CheckValue   `json:"before"`
	Suggestions []Suggestion `json:"suggestions"`
	// Undecided are candidates that clear the flag but leave another
	// check undecided: listed apart, never as a repair, since their
	// verdict is not known.
	Undecided []Suggestion `json:"undecided"`
	Note      string       `json:"note,omitempty"`
}

// nearest says, for a flag no candidate removes, the candidate whose
// deepest measurement came nearest: its estimate and interval against
// the threshold, and what else it raised; "" when none measured it.
func (res *Result) nearest(flag string) string {
	var best *Tried
	var bestBad float64
	for _, t := range res.Candidates {
		r := t.last()
		c, ok := r.check(flag)
		if r.Error != "" || !ok || c.State == stats.StateNotAssessed {
			continue
		}
		if bad := badness(flag, c.Value.Est, c.Threshold); best == nil || bad < bestBad {
			best, bestBad = t, bad
		}
	}
	if best == nil {
		return ""
	}
	r := best.last()
	c, _ := r.check(flag)
	s := fmt.Sprintf("; the nearest, %s (%s), left it at %s against %g (%s, %s rung)", best.ID, best.Desc, interval(c.Value), c.Threshold, c.State, r.Rung)
	var others []string
	for _, f := range r.Raised {
		if f != flag {
			others = append(others, f)
		}
	}
	if len(others) > 0 {
		s += " and raised " + strings.Join(others, ", ")
	}
	return s
}

// suggestion is t as a suggestion for flag: its measurement beside the
// original's under the same settings, and what it costs.
func (res *Result) suggestion(t *Tried, flag string) Suggestion {
	r := t.last()
	after, _ := r.check(flag)
	base := &res.Original
	if r.Rung != RungConfirm && res.control != nil {
		base = res.control
	}
	k := t.cand.closeness()
	s := Suggestion{Candidate: t.ID, Desc: t.Desc, Closeness: k, Distance: k.Words(t.Edits), Rung: r.Rung, Verdict: r.Verdict,
		After: after, Checks: r.Checks, Raised: r.Raised, MeanPlies: r.MeanPlies, MeanPliesBefore: base.MeanPlies,
		Patch: t.Patch, File: t.File}
	s.Cost = costWords(base.MeanPlies, r.MeanPlies)
	return s
}

// costWords says how much longer or shorter the games are.
func costWords(before, after float64) string {
	if before <= 0 || after <= 0 {
		return "game length unknown"
	}
	change := after/before - 1
	switch {
	case math.Abs(change) < 0.05:
		return fmt.Sprintf("games about as long (%.0f plies, was %.0f)", after, before)
	case change > 0:
		return fmt.Sprintf("games %.0f%% longer (%.0f plies, was %.0f)", 100*change, after, before)
	}
	return fmt.Sprintf("games %.0f%% shorter (%.0f plies, was %.0f)", -100*change, after, before)
}

// Move is one edit's effect on a metric at the screen.
type Move struct {
	Candidate string  `json:"candidate"`
	Desc      string  `json:"description"`
	Kind      string  `json:"kind"`
	After     float64 `json:"after"`
	Change    float64 `json:"change"`
}

// AblationRow is a metric with the single edits that moved it most.
type AblationRow struct {
	Metric string  `json:"metric"`
	Before float64 `json:"before"`
	Moves  []Move  `json:"moves"`
}

// Result is a repair: the file's own measurement, the search, and what
// it suggests.
type Result struct {
	File     string `json:"file"`
	Name     string `json:"name"`
	Original Rung   `json:"original"`
	// Stopped says why the search ended where it did.
	Stopped     string         `json:"stopped"`
	Targets     []string       `json:"targets"`
	Search      string         `json:"search"`
	Measured    int            `json:"measurements"`
	Games       int            `json:"games"`
	WallSeconds float64        `json:"wall_seconds"`
	Workers     map[string]int `json:"workers"`
	// WorkerCandidates counts, per worker, the candidates it played games of.
	WorkerCandidates map[string]int `json:"worker_candidates"`
	Flags            []FlagRepair   `json:"flags"`
	// Sweeps says, for each limit swept (sweep.go), the values measured
	// and the smallest that cleared the flags, or that none within the
	// language's bound did.
	Sweeps []string `json:"sweeps"`
	// Best is the smallest confirmed candidate that is viable, if any.
	Best       string        `json:"best,omitempty"`
	Ablation   []AblationRow `json:"ablation"`
	Candidates []*Tried      `json:"candidates"`
	Refused    []Refused     `json:"refused"`

	control     *Rung
	workerCands map[string]map[string]bool
}

// Rung names.
const (
	RungFull    = "full"
	RungScreen  = "screen"
	RungMiddle  = "middle"
	RungConfirm = "confirm"
)

// Repair measures orig and, when it has flags, searches the edits of
// Generate for variants without them: every candidate is screened, the
// best 1/Eta go on to a rung with twice the games and the full
// precision, and the best Confirm are measured with the full settings
// (successive halving). Every rung's candidates are measured together
// (measure), so a farm plays them side by side.
func Repair(ctx context.Context, orig *measure.File, cfg Config, measureFn MeasureFunc) (*Result, error) {
	cfg.defaults()
	start := time.Now()
	res := &Result{File: orig.Label, Name: orig.Name, Workers: map[string]int{}, WorkerCandidates: map[string]int{},
		Targets: []string{}, Flags: []FlagRepair{}, Sweeps: []string{}, Ablation: []AblationRow{}, Candidates: []*Tried{}, Refused: []Refused{},
		workerCands: map[string]map[string]bool{}}
	defer func() {
		res.WallSeconds = math.Round(time.Since(start).Seconds()*10) / 10
		for w, ids := range res.workerCands {
			res.WorkerCandidates[w] = len(ids)
		}
	}()

	cfg.logf("%s: measuring the file (%d rungs)", orig.Label, len(cfg.Full.Players))
	ms, err := measureFn(ctx, []*measure.File{orig}, cfg.Full)
	if err != nil {
		return nil, err
	}
	if ms[0].Err != nil {
		return nil, fmt.Errorf("%s: %w", orig.Label, ms[0].Err)
	}
	res.Original = res.rung(RungFull, cfg.Full, ms[0], "")
	res.Targets = append(res.Targets, res.Original.Raised...)
	switch {
	case res.Original.Verdict == stats.Viable:
		res.Stopped = "viable: no flag to repair, so nothing else was measured"
		return res, nil
	case len(res.Targets) == 0:
		// Undecided flags want more games, not edits.
		var more []string
		for _, u := range ms[0].Report.Undecided {
			more = append(more, fmt.Sprintf("%s (about %d more games)", u.Name, u.MoreGames))
		}
		res.Stopped = "inconclusive: no flag raised, so nothing to repair yet; undecided: " + strings.Join(more, ", ") +
			"; measure with more games (-games, -precision) first"
		return res, nil
	}

	edits, err := Generate(orig.Data)
	if err != nil {
		return nil, err
	}
	singles, refused := Candidates(orig, edits, cfg.MaxCandidates)
	res.Refused = append(res.Refused, refused...)
	res.Search = fmt.Sprintf("successive halving: %d single edits screened (%s, %d games a pairing), the best 1/%d on to twice the games when that keeps more than %d, the best %d confirmed with the full settings (%s)",
		len(singles), strings.Join(cfg.Screen.Players, ","), cfg.Screen.Games, cfg.Eta, cfg.Confirm, cfg.Confirm, strings.Join(cfg.Full.Players, ","))
	if len(singles) == 0 {
		res.Stopped = "no edit of the file compiles: nothing to measure"
		return res, nil
	}

	// Screen: every single edit, and the original as the control.
	pool, err := res.screen(ctx, cfg, measureFn, orig, singles, true)
	if err != nil {
		return nil, err
	}
	seen := map[string]string{orig.Hash: "the original"}
	for _, t := range pool {
		seen[t.cand.File.Hash] = t.ID
	}
	// Sweep: each limit whose one step helped, on to the smallest value
	// that clears the flags or to its bound.
	swept, err := res.sweepLimits(ctx, cfg, measureFn, orig, pool, seen)
	if err != nil {
		return nil, err
	}
	if len(swept) > 0 {
		res.Search += fmt.Sprintf("; %d more values of the limits whose step helped were screened, doubling until the flags cleared, then bisecting back", len(swept))
	}
	pool = append(pool, swept...)
	// Deeper: while too few clear every flag, extend the best candidates
	// of the last depth that clear some flag by every edit of their own
	// patched file (a fix whose side effect another edit undoes), and at
	// the first depth also pair the best singles.
	for depth := 1; depth < cfg.MaxEdits && cfg.PairsOf > 0; depth++ {
		clearing := countClearing(pool)
		if clearing >= cfg.Confirm {
			break
		}
		best := slices.Clone(pool)
		sortTried(best)
		var fixers, top []*Candidate
		for _, t := range best {
			if len(t.Edits) != depth {
				continue
			}
			if len(top) < cfg.PairsOf {
				top = append(top, t.cand)
			}
			if len(fixers) < maxFixers && clearsSome(t.last(), res.Targets) {
				fixers = append(fixers, t.cand)
			}
		}
		var next []*Candidate
		for _, f := range fixers {
			next = append(next, Extend(orig, f, seen, max(cfg.MaxPairs/len(fixers), 1))...)
		}
		if depth == 1 {
			next = append(next, Pairs(orig, nil, top, nil, 0)...)
		}
		next = unique(next)
		if cfg.MaxPairs > 0 && len(next) > cfg.MaxPairs {
			next = next[:cfg.MaxPairs]
		}
		if len(next) == 0 {
			break
		}
		cfg.logf("%s: %d candidates clear every flag; screening %d of %d edits (%d that clear some flag, each extended by the edits of its own file%s)",
			orig.Label, clearing, len(next), depth+1, len(fixers), map[bool]string{true: ", and every two of the best singles"}[depth == 1])
		res.Search += fmt.Sprintf("; %d cleared every flag, so %d candidates of %d edits were screened (the %d of %d edits that cleared some flag, each extended by every edit of its own file%s)",
			clearing, len(next), depth+1, len(fixers), depth, map[bool]string{true: ", and every two of the best singles"}[depth == 1])
		more, err := res.screen(ctx, cfg, measureFn, orig, next, false)
		if err != nil {
			return nil, err
		}
		pool = append(pool, more...)
	}

	// Halve until Confirm are left, then confirm them.
	middle := cfg.Screen
	middle.Games *= 2
	if cfg.Full.Precision > 0 {
		middle.Precision = cfg.Full.Precision
	}
	if keep := (len(pool) + cfg.Eta - 1) / cfg.Eta; keep > cfg.Confirm {
		pool = res.survivors(pool, keep)
		cfg.logf("%s: %d candidates on to the middle rung", orig.Label, len(pool))
		if err := res.measureRung(ctx, measureFn, RungMiddle, middle, pool); err != nil {
			return nil, err
		}
	}
	pool = res.survivors(pool, cfg.Confirm)
	cfg.logf("%s: confirming %d candidates with the full settings", orig.Label, len(pool))
	if err := res.measureRung(ctx, measureFn, RungConfirm, cfg.Full, pool); err != nil {
		return nil, err
	}
	res.suggest()
	res.ablate()
	res.Stopped = fmt.Sprintf("searched %d candidates", len(res.Candidates))
	return res, nil
}

// screen measures candidates under the screen settings (with the
// original as control when control is set) and adds them to the result.
func (res *Result) screen(ctx context.Context, cfg Config, measureFn MeasureFunc, orig *measure.File, cands []*Candidate, control bool) ([]*Tried, error) {
	var tried []*Tried
	for _, c := range cands {
		patch, err := PatchJSON(c.Edits...)
		if err != nil {
			return nil, err
		}
		t := &Tried{ID: c.ID, Desc: c.Desc(), Edits: c.Edits, Patch: patch, cand: c}
		for _, e := range c.Edits {
			t.Kinds = append(t.Kinds, e.Kind)
		}
		tried = append(tried, t)
		res.Candidates = append(res.Candidates, t)
	}
	if len(tried) == 1 {
		cfg.logf("%s: screening %s (%s)", orig.Label, tried[0].ID, tried[0].Desc)
	} else {
		cfg.logf("%s: screening %d candidates", orig.Label, len(tried))
	}
	if control {
		ms, err := measureFn(ctx, []*measure.File{orig}, cfg.Screen)
		if err != nil {
			return nil, err
		}
		r := res.rung(RungScreen, cfg.Screen, ms[0], "")
		res.control = &r
	}
	if err := res.measureRung(ctx, measureFn, RungScreen, cfg.Screen, tried); err != nil {
		return nil, err
	}
	var ok []*Tried
	for _, t := range tried {
		if t.last().Error == "" {
			ok = append(ok, t)
		}
	}
	return ok, nil
}

// measureRung measures every candidate of ts under s, together.
func (res *Result) measureRung(ctx context.Context, measureFn MeasureFunc, name string, s measure.Settings, ts []*Tried) error {
	files := make([]*measure.File, len(ts))
	for i, t := range ts {
		files[i] = t.cand.File
	}
	ms, err := measureFn(ctx, files, s)
	if err != nil {
		return err
	}
	for i, t := range ts {
		t.Rungs = append(t.Rungs, res.rung(name, s, ms[i], t.ID))
	}
	return nil
}

// rung records a measurement and counts its games and workers.
func (res *Result) rung(name string, s measure.Settings, m *Measured, id string) Rung {
	r := measuredRung(name, s, m)
	res.Measured++
	if m.Err != nil {
		return r
	}
	res.Games += r.Games
	for w, n := range m.Workers {
		res.Workers[w] += n
		if id != "" {
			if res.workerCands[w] == nil {
				res.workerCands[w] = map[string]bool{}
			}
			res.workerCands[w][id] = true
		}
	}
	return r
}

// measuredRung is a measurement as a rung: its verdict, checks and
// shortfall, or its error.
func measuredRung(name string, s measure.Settings, m *Measured) Rung {
	r := Rung{Rung: name, Players: s.Players, Raised: []string{}, Undecided: []string{}, Checks: []CheckValue{}, Workers: m.Workers, rep: m}
	if m.Err != nil {
		r.Error = m.Err.Error()
		r.deficit = math.Inf(1)
		return r
	}
	rep := m.Report
	r.Verdict, r.Games, r.MeanPlies = rep.Verdict, rep.Games, rep.Lengths.Mean
	for _, c := range rep.Checks {
		r.Checks = append(r.Checks, CheckValue{Name: c.Name, State: c.State, Value: c.Value, Threshold: c.Threshold})
		switch c.State {
		case stats.StateRaised:
			r.Raised = append(r.Raised, c.Name)
		case stats.StateUndecided:
			r.Undecided = append(r.Undecided, c.Name)
		}
		// A skill share that cannot be read has no estimate to fall short by.
		if c.Assessed && c.Value.Method != stats.MethodUnbounded {
			r.deficit += math.Max(0, badness(c.Name, c.Value.Est, c.Threshold))
		}
	}
	return r
}

// badness is how far a check's estimate lies on the bad side of its
// threshold (negative: on the good side).
func badness(name string, est, th float64) float64 {
	switch name {
	case stats.FlagDepthInsensitive, stats.FlagLuckDominated: // must stay high
		return th - est
	case stats.FlagOneSided:
		return math.Abs(est-0.5) - (th - 0.5)
	default: // draw_heavy, unfinished, short: rates that must stay low
		return est - th
	}
}

// less orders measurements best first: fewer flags raised, a smaller
// shortfall, fewer undecided.
func less(a, b *Rung) bool {
	if len(a.Raised) != len(b.Raised) {
		return len(a.Raised) < len(b.Raised)
	}
	if a.deficit != b.deficit {
		return a.deficit < b.deficit
	}
	return len(a.Undecided) < len(b.Undecided)
}

// sortTried orders candidates by their deepest measurement, the smaller
// edit first among equals.
func sortTried(ts []*Tried) {
	sort.SliceStable(ts, func(i, j int) bool {
		a, b := ts[i].last(), ts[j].last()
		if less(a, b) || less(b, a) {
			return less(a, b)
		}
		ea, oa := ts[i].cand.Size()
		eb, ob := ts[j].cand.Size()
		if ea != eb {
			return ea < eb
		}
		return oa < ob
	})
}

// survivors is the best n of the pool for the next rung (rank): first the
// best of each kind of edit among those with no flag in the way, so that
// the report can offer the closest repair of each kind, then the rest in
// order.
func (res *Result) survivors(pool []*Tried, n int) []*Tried {
	pool = slices.Clone(pool)
	res.rank(pool)
	var out []*Tried
	kinds := map[string]bool{}
	for _, t := range pool {
		sig := strings.Join(t.Kinds, "+")
		if len(out) < n && res.inTheWay(t.last()) == 0 && !kinds[sig] {
			kinds[sig] = true
			out = append(out, t)
		}
	}
	for _, t := range pool {
		if len(out) < n && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// inTheWay counts the flags that keep a measurement from being the
// repair: target flags not cleared, and flags raised that the original
// did not raise.
func (res *Result) inTheWay(r *Rung) int {
	if r.Error != "" {
		return len(res.Targets) + 1<<10
	}
	n := 0
	for _, f := range res.Targets {
		if c, ok := r.check(f); !ok || c.State != stats.StateClear {
			n++
		}
	}
	for _, f := range r.Raised {
		if !slices.Contains(res.Targets, f) {
			n++
		}
	}
	return n
}

// rank orders candidates for the next rung: fewer flags in the way, then
// the closest to the designer's file (Closeness), then the smaller
// shortfall and fewer undecided.
func (res *Result) rank(ts []*Tried) {
	sort.SliceStable(ts, func(i, j int) bool {
		a, b := ts[i].last(), ts[j].last()
		if wa, wb := res.inTheWay(a), res.inTheWay(b); wa != wb {
			return wa < wb
		}
		if ka, kb := ts[i].cand.closeness(), ts[j].cand.closeness(); ka != kb {
			return ka.closer(kb)
		}
		if a.deficit != b.deficit {
			return a.deficit < b.deficit
		}
		return len(a.Undecided) < len(b.Undecided)
	})
}

// unique drops candidates whose file another before them already is.
func unique(cs []*Candidate) []*Candidate {
	seen := map[string]bool{}
	var out []*Candidate
	for _, c := range cs {
		if !seen[c.File.Hash] {
			seen[c.File.Hash] = true
			out = append(out, c)
		}
	}
	return out
}

// maxFixers is how many single edits that clear some target flag are
// each paired with every other edit.
const maxFixers = 3

// clearsSome reports whether a measurement clears a target flag: a fix
// that may need a second edit for the flags it raises instead.
func clearsSome(r *Rung, targets []string) bool {
	for _, f := range targets {
		if c, ok := r.check(f); ok && c.State == stats.StateClear {
			return true
		}
	}
	return false
}

// countClearing counts candidates whose deepest measurement clears every
// flag (viable): one that merely raises none may be undecided for want
// of games, which the screen's few games leave often.
func countClearing(pool []*Tried) int {
	n := 0
	for _, t := range pool {
		if r := t.last(); r.Error == "" && r.Verdict == stats.Viable {
			n++
		}
	}
	return n
}

func (r *Rung) check(name string) (CheckValue, bool) {
	for _, c := range r.Checks {
		if c.Name == name {
			return c, true
		}
	}
	return CheckValue{}, false
}

// rungDepth ranks rungs: a confirmed measurement outranks a screen.
func rungDepth(name string) int {
	return map[string]int{RungScreen: 0, RungMiddle: 1, RungConfirm: 2}[name]
}

// maxSuggestions is how many suggestions each flag lists.
const maxSuggestions = 3

// suggest lists, for each target flag, the candidates whose deepest
// measurement removes it without raising a flag the original did not
// raise: the confirmed first, viable first, the flag clear before
// undecided, then the smallest edit and the smallest shortfall.
func (res *Result) suggest() {
	orig := res.Original
	for _, t := range res.Candidates {
		if t.File == "" && t.last().Rung == RungConfirm && t.last().Error == "" {
			t.File = candidateLabel(res.File, t.ID)
		}
	}
	for _, flag := range res.Targets {
		before, _ := orig.check(flag)
		fr := FlagRepair{Flag: flag, Before: before, Suggestions: []Suggestion{}}
		var ok []*Tried
		for _, t := range res.Candidates {
			r := t.last()
			after, found := r.check(flag)
			// Removed means cleared: an interval that straddles the
			// threshold after a screen's few games is no evidence.
			if r.Error != "" || !found || after.State != stats.StateClear {
				continue
			}
			if slices.ContainsFunc(r.Raised, func(f string) bool { return !slices.Contains(orig.Raised, f) }) {
				continue
			}
			ok = append(ok, t)
		}
		sort.SliceStable(ok, func(i, j int) bool {
			a, b := ok[i].last(), ok[j].last()
			if da, db := rungDepth(a.Rung), rungDepth(b.Rung); da != db {
				return da > db
			}
			if va, vb := a.Verdict == stats.Viable, b.Verdict == stats.Viable; va != vb {
				return va
			}
			if ka, kb := ok[i].cand.closeness(), ok[j].cand.closeness(); ka != kb {
				return ka.closer(kb)
			}
			if len(a.Raised) != len(b.Raised) {
				return len(a.Raised) < len(b.Raised)
			}
			return a.deficit < b.deficit
		})
		fr.Undecided = []Suggestion{}
		var decided []*Tried
		for _, t := range ok {
			if len(t.last().Undecided) > 0 {
				if len(fr.Undecided) < maxSuggestions {
					fr.Undecided = append(fr.Undecided, res.suggestion(t, flag))
				}
				continue
			}
			decided = append(decided, t)
		}
		for _, t := range decided[:min(maxSuggestions, len(decided))] {
			fr.Suggestions = append(fr.Suggestions, res.suggestion(t, flag))
		}
		if len(decided) == 0 && len(ok) > 0 {
			fr.Note = fmt.Sprintf("no candidate of the %d measured removes it with every check decided; %d clear it but leave a check undecided (listed apart, with more games they may be repairs)", len(res.Candidates), len(ok)-len(decided))
		}
		if len(ok) == 0 {
			fr.Note = fmt.Sprintf("no candidate of the %d measured removes it without raising another flag", len(res.Candidates)) + res.nearest(flag)
		}
		res.Flags = append(res.Flags, fr)
	}
	var best *Tried
	for _, t := range res.Candidates {
		r := t.last()
		if r.Rung != RungConfirm || r.Verdict != stats.Viable {
			continue
		}
		if best == nil {
			best = t
			continue
		}
		k, bk := t.cand.closeness(), best.cand.closeness()
		if k.closer(bk) || k == bk && r.deficit < best.last().deficit {
			best = t
		}
	}
	if best != nil {
		res.Best = best.ID
	}
}

// metric reads one of the ablation table's metrics from a measurement.
type metric struct {
	name string
	read func(r *Rung) (float64, bool)
}

func checkMetric(flag string) func(r *Rung) (float64, bool) {
	return func(r *Rung) (float64, bool) {
		c, ok := r.check(flag)
		return c.Value.Est, ok && c.State != stats.StateNotAssessed
	}
}

var ablationMetrics = []metric{
	{"draw rate (draw_heavy)", checkMetric(stats.FlagDrawHeavy)},
	{"unfinished share (unfinished)", checkMetric(stats.FlagUnfinished)},
	{"short share (short)", checkMetric(stats.FlagShort)},
	{"first mover's score (one_sided)", checkMetric(stats.FlagOneSided)},
	{"strongest vs weakest score (depth_insensitive)", checkMetric(stats.FlagDepthInsensitive)},
	// Read only where measured: a game without chance has 1 exactly, and
	// no edit of it moves the share.
	{"skill share (luck_dominated)", func(r *Rung) (float64, bool) {
		c, ok := r.check(stats.FlagLuckDominated)
		return c.Value.Est, ok && c.Value.Method == stats.MethodFieller
	}},
	{"mean length in plies", func(r *Rung) (float64, bool) { return r.MeanPlies, r.Games > 0 }},
}

// movesPerMetric is how many edits the ablation table lists per metric.
const movesPerMetric = 3

// ablate fills the ablation table: for each metric, the single edits
// that moved it most at the screen, against the original's own screen.
func (res *Result) ablate() {
	if res.control == nil || res.control.Error != "" {
		return
	}
	for _, m := range ablationMetrics {
		before, ok := m.read(res.control)
		if !ok {
			continue
		}
		row := AblationRow{Metric: m.name, Before: before, Moves: []Move{}}
		for _, t := range res.Candidates {
			if len(t.Edits) != 1 || len(t.Rungs) == 0 || t.Rungs[0].Error != "" {
				continue
			}
			after, ok := m.read(&t.Rungs[0])
			if !ok || after == before {
				continue
			}
			row.Moves = append(row.Moves, Move{Candidate: t.ID, Desc: t.Desc, Kind: t.Edits[0].Kind, After: after, Change: after - before})
		}
		sort.SliceStable(row.Moves, func(i, j int) bool { return math.Abs(row.Moves[i].Change) > math.Abs(row.Moves[j].Change) })
		row.Moves = row.Moves[:min(movesPerMetric, len(row.Moves))]
		res.Ablation = append(res.Ablation, row)
	}
}

// Confirmed are the candidates measured with the full settings, with the
// measurement to write beside the report.
func (res *Result) Confirmed() []*Tried {
	var out []*Tried
	for _, t := range res.Candidates {
		if t.File != "" {
			out = append(out, t)
		}
	}
	return out
}

// Data is a confirmed candidate's rule file.
func (t *Tried) Data() []byte { return t.cand.File.Data }

// Report is the report of a candidate's deepest measurement.
func (t *Tried) Report() (*report.Report, bool) {
	r := t.last()
	if r.rep == nil || r.rep.Report == nil {
		return nil, false
	}
	return r.rep.Report, true
}
