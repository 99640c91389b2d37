package search

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"balancefarm/engine"
)

// enginePos adapts *engine.Position to position[engine.Move]. Every other
// method is the engine's own; a counter the engine adds later (squares
// claimed, rounds) is promoted through the embedding and picked up by the
// evaluation's optional interfaces.
type enginePos struct{ *engine.Position }

// The optional capabilities the engine's position has, checked at compile
// time: a changed signature breaks the build instead of silently
// weakening play. TestNoHalfMatchedCapabilities guards the rest.
var (
	_ claimsCounter               = enginePos{}
	_ occupiedLister              = enginePos{}
	_ checksCounter               = enginePos{}
	_ scoreCounter                = enginePos{}
	_ handCounter                 = enginePos{}
	_ purseHolder                 = enginePos{}
	_ statusHolder                = enginePos{}
	_ roundPosition[engine.Move]  = enginePos{}
	_ chancePosition[engine.Move] = enginePos{}
	_ chanceGame                  = enginePos{}
	_ ontoLister[engine.Move]     = enginePos{}

	_ seatedPosition[engine.Move] = enginePos{}
	_ seatPointsCounter           = enginePos{}
	_ seatOutReporter             = enginePos{}
)

func (e enginePos) Result() result {
	o := e.Outcome()
	return result{over: o.Over, winner: o.Winner, rule: o.Rule}
}

func (e enginePos) ResultNoList() result {
	o := e.OutcomeNoList()
	return result{over: o.Over, winner: o.Winner, rule: o.Rule}
}

func (e enginePos) QuickResult() result {
	if e.Decided() {
		return e.Result()
	}
	end := e.Game().Endings()
	if e.NoProgress() >= end.NoProgress || e.Ply() >= end.MaxPlies {
		return e.Result()
	}
	if rep := end.Repetition; rep > 0 && e.NoProgress() >= 4 && e.Repetitions() >= rep {
		return e.Result()
	}
	return result{winner: -1}
}

// GameHasChance lets the players and the game loop skip every chance test
// in a game without chance events.
func (e enginePos) GameHasChance() bool { return e.Game().HasChance() }

// Source and Target: a purchase (schema 38) or a chaos choice (schema 41)
// moves no piece, so it has neither; its From and To are its target,
// which may hold a piece that move ordering, futility and the history
// would take for the mover.
func (e enginePos) Source(m engine.Move) int {
	if m.MovesNoPiece() {
		return -1
	}
	return m.From()
}

func (e enginePos) Target(m engine.Move) int {
	if m.MovesNoPiece() {
		return -1
	}
	return m.To()
}

// Promotes reports whether m promotes its piece, for late-move pruning,
// which keeps such moves (they are not quiet, whatever their order).
func (e enginePos) Promotes(m engine.Move) bool { return m.Promotion() >= 0 }

// tablesFor builds (once per game) what the evaluation precomputes from a
// rule file. A worker plays many games of few rule files; the cache is
// emptied when it grows past a bound so a long-lived process cannot leak.
func tablesFor(g *engine.Game) *evalTables {
	t, _ := specTables(g, PlayerSpec{})
	return t
}

// specTables is tablesFor for a spec's piece values: the rule file's
// tables when it carries none, else tables of its own (cached too: every
// game of a measurement's top rung carries the same values).
func specTables(g *engine.Game, ps PlayerSpec) (*evalTables, error) {
	key := tablesKey{g, ps.Values, ps.Terms & tableTerms}
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if t, ok := tablesCache[key]; ok {
		return t, nil
	}
	t, err := buildEvalTablesWith(g, ps.PieceValues(), ps.TableRows(), ps.Terms&tableTerms)
	if err != nil {
		return nil, err
	}
	if len(tablesCache) >= 64 {
		clear(tablesCache)
	}
	tablesCache[key] = t
	return t, nil
}

type tablesKey struct {
	g      *engine.Game
	values string
	terms  int // the spec's tableTerms
}

var (
	tablesMu    sync.Mutex
	tablesCache = map[tablesKey]*evalTables{}
)

// PlayGame plays one game of g from its starting position between the
// players p0 (moving first) and p1, given as spec strings. The same game,
// specs, seed and limits give the same game move for move on any machine.
// progress, if not nil, is called after every ply. It never panics: a
// failure anywhere, the engine included, is returned as an error together
// with the record of the game so far.
func PlayGame(ctx context.Context, g *engine.Game, p0, p1 string, seed uint64, lim Limits, progress func()) (Record, error) {
	var watch func(MoveEvent)
	if progress != nil {
		watch = func(MoveEvent) { progress() }
	}
	return Play(ctx, g, nil, p0, p1, seed, lim, watch)
}

// Play is PlayGame from a given position (nil for the game's start), with
// watch told of every ply as it is made.
func Play(ctx context.Context, g *engine.Game, start *engine.Position, p0, p1 string, seed uint64, lim Limits, watch func(MoveEvent)) (rec Record, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("search: panic during game: %v\n%s", r, debug.Stack())
		}
	}()
	if g == nil {
		return rec, errors.New("search: no game")
	}
	if g.Seated() {
		return rec, errors.New("search: Play plays two players; a rule file with seats is played by PlaySeatGame")
	}
	var specs [2]PlayerSpec
	for i, s := range [2]string{p0, p1} {
		if specs[i], err = ParseSpec(s); err != nil {
			return rec, err
		}
	}
	for i := range specs {
		if specs[i].Family == FamilyUCI && g.HasChance() {
			// Its history would hold the outcomes, which no UCI engine reads.
			return rec, fmt.Errorf("player %q: an outside UCI engine cannot play a game with chance", specs[i])
		}
	}
	var pos *engine.Position
	if start != nil {
		pos = start.Clone()
	} else {
		pos = g.NewPosition()
	}
	// Each player evaluates with its own spec's values; the game's own
	// bookkeeping (lead changes, features) with the rule file's.
	var own [2]*evalTables
	for i := range own {
		if own[i], err = specTables(g, specs[i]); err != nil {
			return rec, fmt.Errorf("player %q: %w", specs[i], err)
		}
	}
	fen := pos.FEN()
	rec, err = runGameWith(ctx, enginePos{pos}, tablesFor(g), own, specs, seed, lim, watch)
	rec.StartFEN = fen
	return rec, err
}
