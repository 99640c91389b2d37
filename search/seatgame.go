package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/debug"

	"balancefarm/engine"
)

// SeatRecord is one game of a rule file with seats (schema 32), as the
// farm stores it. Seats are numbered in the rule file's order.
type SeatRecord struct {
	Players      []string `json:"players"` // each seat's player, in seat order
	Seed         uint64   `json:"seed"`
	StartFEN     string   `json:"start_fen,omitempty"`
	OpeningPlies int      `json:"opening_plies"` // the first moves, played at random
	Moves        []string `json:"moves"`         // every ply, in the engine's notation
	Plies        int      `json:"plies"`
	// ChancePlies counts the chance outcomes among Moves, as Record's.
	ChancePlies int `json:"chance_plies,omitempty"`
	// Winner is the winning team (Game.Team; in a free-for-all the seat),
	// -1 for a draw.
	Winner int           `json:"winner"`
	Ending engine.Ending `json:"ending"` // the rule that ended the game
	// Shares is each seat's share of the game (Position.SeatResult): the
	// winning team's seats share 1, a draw splits it among the seats
	// that share it.
	Shares []float64 `json:"shares"`
	// Points is each seat's points at the end in a game scored by
	// points; nil when no seat scored any.
	Points    []int   `json:"points,omitempty"`
	Nodes     int64   `json:"nodes"`      // searched by every player together
	SeatNodes []int64 `json:"seat_nodes"` // searched by each seat's player
	// Features counts rule usage seen generically, as Record.Features.
	Features map[string]int `json:"features"`
}

// PlaySeatGame plays one game of g, a rule file with seats, from its
// start: specs holds each seat's player, in seat order. Alpha-beta plays
// by team where the seats form two teams and best-reply search in a
// free-for-all; MCTS plays max^n by team. As with Play, the first
// lim.OpeningPlies plies are random quiet moves drawn from the seed, the
// same game, specs, seed and limits give the same game move for move,
// watch (if not nil) is told of every ply (Side is the seat; Lead is not
// measured with seats and stays 0), and nothing panics: a failure is
// returned with the record so far.
func PlaySeatGame(ctx context.Context, g *engine.Game, specs []PlayerSpec, seed uint64, lim Limits, watch func(MoveEvent)) (rec SeatRecord, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("search: panic during game: %v\n%s", r, debug.Stack())
		}
	}()
	if g == nil {
		return rec, errors.New("search: no game")
	}
	if !g.Seated() {
		return rec, errors.New("search: PlaySeatGame plays rule files with seats; Play plays two players")
	}
	if len(specs) != g.Seats() {
		return rec, fmt.Errorf("search: %d players for a game of %d seats", len(specs), g.Seats())
	}
	own := make([]*evalTables, len(specs))
	for i := range specs {
		if !specs[i].Clock.IsZero() {
			return rec, fmt.Errorf("player %q: time controls are played in games of two players, not of seats", specs[i])
		}
		if own[i], err = specTables(g, specs[i]); err != nil {
			return rec, fmt.Errorf("player %q: %w", specs[i], err)
		}
	}
	pos := g.NewPosition()
	fen := pos.FEN()
	rec, err = runSeatGame(ctx, enginePos{pos}, tablesFor(g), own, specs, seed, lim, watch)
	rec.StartFEN = fen
	return rec, err
}

// runSeatGame plays p to the end between one player a seat. It is the
// whole game loop of a game with seats, written against seatedPosition so
// the tests can run it on toy games; t serves the game's bookkeeping, own
// holds each seat's player's tables.
func runSeatGame[M comparable, P seatedPosition[M]](ctx context.Context, p P, t *evalTables, own []*evalTables, specs []PlayerSpec, seed uint64, lim Limits, watch func(MoveEvent)) (SeatRecord, error) {
	n := p.Seats()
	rec := SeatRecord{Seed: seed, Winner: -1, SeatNodes: make([]int64, n), Features: map[string]int{}}
	for _, s := range specs {
		rec.Players = append(rec.Players, s.String())
	}
	if len(specs) != n || len(own) != n || n > maxSeats {
		return rec, fmt.Errorf("search: %d players for a game of %d seats", len(specs), n)
	}
	chance := chanceOf[M](p)
	stream := newRNG(mixSeed(seed, chanceStreamTag))
	maxNodes := lim.MaxNodes
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	players := make([]chooser[M, P], n)
	for seat := range players {
		c, err := newSeatChooser[M, P](specs[seat], own[seat], mixSeed(seed, uint64(seat)+1))
		if err != nil {
			return rec, fmt.Errorf("seat %d (%s): %w", seat, rec.Players[seat], err)
		}
		players[seat] = c
		defer closePlayer(c)
	}
	feats := newFeatureTracker(t, rec.Features, n)
	var spent int64

	play := func(m M, ev MoveEvent) {
		ev.Side = p.SeatToMove()
		ev.Move = p.MoveString(m)
		ev.Ply = rec.Plies + 1
		if ev.Chance {
			p.Make(m) // nobody chose it: no rule usage to count
			rec.ChancePlies++
		} else {
			countPly(feats, p, m, ev.Ply, ev.Opening)
		}
		rec.Moves = append(rec.Moves, ev.Move)
		rec.Plies++
		if watch != nil {
			watch(ev)
		}
	}
	// drawChance plays the outcome the stream's next draw picks, as the
	// two-player loop does.
	drawChance := func() error {
		m, err := nextOutcome(chance, stream)
		if err != nil {
			return fmt.Errorf("ply %d: %w", rec.Plies+1, err)
		}
		play(m, MoveEvent{Chance: true})
		return nil
	}
	inRound := func() bool {
		r := roundsOf[M](p)
		return r != nil && r.InRound()
	}

	openings := lim.OpeningPlies
	switch {
	case openings == 0:
		openings = DefaultOpeningPlies
	case openings < 0:
		openings = 0
	}
	probe := newParanoidSearch[M, P](t, PlayerSpec{Family: FamilyAB, Nodes: leadProbeNodes})
	orng := newRNG(mixSeed(seed, 0))
	for rec.Plies-rec.ChancePlies < openings && !p.Result().over && !inRound() {
		if chance != nil && chance.AtChance() {
			if err := drawChance(); err != nil {
				return rec, err
			}
			continue
		}
		m, ok := seatOpeningMove(ctx, p, probe, orng)
		if err := ctx.Err(); err != nil {
			return rec, err
		}
		if !ok {
			break
		}
		play(m, MoveEvent{Opening: true})
	}
	rec.OpeningPlies = rec.Plies

	for !p.Result().over {
		if rec.Plies >= maxGamePlies {
			return rec, fmt.Errorf("search: game not over after %d plies", rec.Plies)
		}
		if err := ctx.Err(); err != nil {
			return rec, err
		}
		if inRound() {
			return rec, fmt.Errorf("search: ply %d: a game with seats cannot be played in rounds", rec.Plies+1)
		}
		if chance != nil && chance.AtChance() {
			if err := drawChance(); err != nil {
				return rec, err
			}
			continue
		}
		seat := p.SeatToMove()
		if seat < 0 || seat >= n {
			return rec, fmt.Errorf("search: ply %d: seat to move is %d", rec.Plies+1, seat)
		}
		if f, ok := players[seat].(foreseer); ok && chance != nil {
			f.foresee(futureDraws(stream, seerFuture))
		}
		d, err := choosePly(ctx, players[seat], p, maxNodes-spent, maxNodes, rec.Plies+1, fmt.Sprintf("seat %d (%s)", seat, rec.Players[seat]))
		spent += d.nodes
		rec.SeatNodes[seat] += d.nodes
		rec.Nodes += d.nodes
		if err != nil {
			return rec, err
		}
		play(d.move, MoveEvent{Nodes: d.nodes, Score: d.score, HasScore: d.hasScore, Depth: d.depth})
	}
	r := p.Result()
	rec.Winner, rec.Ending = r.winner, r.rule
	rec.Shares = make([]float64, n)
	if !p.SeatResult(rec.Shares) {
		return rec, fmt.Errorf("search: ply %d: the game is over but its seats have no result", rec.Plies)
	}
	if sp, ok := any(p).(seatPointsCounter); ok {
		points := make([]int, n)
		scored := false
		for seat := range points {
			points[seat] = sp.SeatPoints(seat)
			scored = scored || points[seat] != 0
		}
		if scored {
			rec.Points = points
		}
	}
	feats.finish(rec.Ending, rec.Plies)
	return rec, nil
}

// seatOpeningMove picks a random move that neither captures nor ends the
// game nor gives material away: among the quiet moves, one whose short
// quiescence score for the mover's side is within openingMargin of the
// best. It is the two-player opening's first filter (openingMove); the
// check for a forced loss is left out, as no game with seats is decided
// in its first few moves.
func seatOpeningMove[M comparable, P seatedPosition[M]](ctx context.Context, p P, probe *paranoidSearch[M, P], r *rng) (M, bool) {
	var zero M
	mover := p.SeatToMove()
	var quiet []M
	var scores []int
	best := -scoreInf
	for _, m := range p.LegalMoves(nil) {
		if ctx.Err() != nil {
			return zero, false // the caller reads ctx before the next ply
		}
		if p.IsCapture(m) {
			continue
		}
		p.Make(m)
		if !p.Result().over {
			v := probe.quietScoreFor(ctx, p, mover)
			quiet = append(quiet, m)
			scores = append(scores, v)
			best = max(best, v)
		}
		p.Unmake()
	}
	var fair []M
	for i, m := range quiet {
		if scores[i] >= best-openingMargin {
			fair = append(fair, m)
		}
	}
	if len(fair) == 0 {
		return zero, false
	}
	return fair[r.intn(len(fair))], true
}

// quietScoreFor is a quiescence search of p within the search's node
// budget, scored for seat's side; past the budget it falls back to the
// static evaluation.
func (s *paranoidSearch[M, P]) quietScoreFor(ctx context.Context, p P, seat int) int {
	s.begin(ctx, p, math.MaxInt64)
	s.sides = sidesOf(p, seat)
	if ctx.Err() != nil {
		return s.staticEval(p)
	}
	v := s.sign(p) * s.quiesce(p, 0, 0, -scoreInf, scoreInf)
	if s.stopped {
		v = s.staticEval(p)
	}
	return v
}
