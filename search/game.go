package search

import (
	"context"
	"errors"
	"fmt"
	"time"

	"balancefarm/engine"
)

// Limits bound one game, so that a hostile rule file cannot hang a
// worker. Wall time is bounded by the context given with them.
type Limits struct {
	// MaxNodes is the most nodes both players together may search in the
	// game; past it the game stops with an error. 0 means DefaultMaxNodes.
	MaxNodes int64
	// OpeningPlies is how many random plies open the game before the
	// players take over; 0 means DefaultOpeningPlies, negative means none.
	OpeningPlies int
	// Resign and Draw adjudicate a game by the players' own scores, as
	// cutechess's -resign and -draw do; their zero values are off.
	Resign ResignRule
	Draw   DrawRule
}

const (
	// DefaultMaxNodes is about ten minutes of searching on one core.
	DefaultMaxNodes = 1_000_000_000
	// DefaultOpeningPlies random plies vary the games of a match.
	DefaultOpeningPlies = 4
	// maxGamePlies stops a game the engine never ends.
	maxGamePlies = 100_000
	// leadThreshold is the evaluation (centipawns, from player 0's side)
	// below which nobody counts as leading.
	leadThreshold = 150
	// decisiveThreshold is the evaluation (centipawns) past which a game
	// counts as decided: about a minor piece more than the other side.
	decisiveThreshold = 300
	// leadProbeNodes is the quiescence budget of the lead measurement.
	leadProbeNodes = 400
	// openingMargin is how much worse than the best quiet move (in
	// centipawns, after a short quiescence) a random opening move may be.
	openingMargin = 60
	// openingVerifyNodes is the search that checks a drawn opening move
	// does not lose by force: the opponent's reply is searched this far,
	// and a proven win for it sends the draw back.
	openingVerifyNodes = 10000
	// maxForcedReplies bounds the single-move replies losesByForce plays
	// through before it searches.
	maxForcedReplies = 64
)

// Record is one game, as the farm stores it.
type Record struct {
	Players      [2]string     `json:"players"`
	Seed         uint64        `json:"seed"`
	StartFEN     string        `json:"start_fen,omitempty"`
	OpeningPlies int           `json:"opening_plies"` // the first moves, played at random
	Moves        []string      `json:"moves"`         // every ply, in the engine's notation
	Plies        int           `json:"plies"`
	Winner       int           `json:"winner"` // 0, 1, or -1 for a draw
	Result       string        `json:"result"` // "1-0", "0-1", "1/2-1/2"
	Rule         engine.Ending `json:"rule"`   // the rule that ended the game
	Nodes        [2]int64      `json:"nodes"`  // searched by each player
	// ChancePlies counts the chance outcomes ("roll:4") among Moves:
	// drawn, not chosen, each a ply of its own, so Plies is still
	// len(Moves) and the record replays move for move. OpeningPlies
	// counts those among the opening's moves too.
	ChancePlies int `json:"chance_plies,omitempty"`
	// LeadChanges counts the times the lead passed from one player to the
	// other: sign changes of the evaluation from player 0's side, ignoring
	// values within leadThreshold of level, the result counted last.
	LeadChanges int `json:"lead_changes"`
	// DecisivePly is, in a won game, the ply after which the winner's
	// evaluation stayed at decisiveThreshold or more until the end (the
	// final ply counts as decisive); 0 in a drawn game.
	DecisivePly int `json:"decisive_ply,omitempty"`
	// Refusals counts, in a game with hidden information, each player's
	// moves refused as illegal on the real board (hidden.go); nil in
	// any other game.
	Refusals []int `json:"refusals,omitempty"`
	// Features counts rule usage seen generically; see featureNames.
	Features map[string]int `json:"features"`
}

// MoveEvent is one ply as it is played.
type MoveEvent struct {
	Ply      int // 1 for the first ply of the game
	Side     int
	Move     string
	Opening  bool  // a random opening ply
	Chance   bool  // a chance event's outcome; Side is the seat that moves after it
	Nodes    int64 // searched for this move
	Score    int   // the searcher's score for the mover, when HasScore
	HasScore bool
	Depth    int
	Lead     int // evaluation after the move, from player 0's side
}

// ResultString is the usual notation for a winner: "1-0", "0-1", "1/2-1/2".
func ResultString(winner int) string {
	switch winner {
	case 0:
		return "1-0"
	case 1:
		return "0-1"
	}
	return "1/2-1/2"
}

// runGame plays p to the end between two players. It is the whole game
// loop, written against position[M] so the tests can run it on toy games.
func runGame[M comparable, P position[M]](ctx context.Context, p P, t *evalTables, specs [2]PlayerSpec, seed uint64, lim Limits, watch func(MoveEvent)) (Record, error) {
	return runGameWith(ctx, p, t, [2]*evalTables{t, t}, specs, seed, lim, watch)
}

// runGameWith is runGame with each player's own evaluation tables (a
// spec's piece values); t serves the game's bookkeeping.
func runGameWith[M comparable, P position[M]](ctx context.Context, p P, t *evalTables, own [2]*evalTables, specs [2]PlayerSpec, seed uint64, lim Limits, watch func(MoveEvent)) (Record, error) {
	rec := Record{
		Players:  [2]string{specs[0].String(), specs[1].String()},
		Seed:     seed,
		Winner:   -1,
		Features: map[string]int{},
	}
	maxNodes := lim.MaxNodes
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	var players [2]chooser[M, P]
	for pl := 0; pl < 2; pl++ {
		c, err := gameChooser[M, P](p, specs[pl], own[pl], mixSeed(seed, uint64(pl)+1), pl, &rec)
		if err != nil {
			return rec, err
		}
		players[pl] = c
		defer closePlayer(c)
	}
	// The chance stream: one draw per chance event, nothing else, the same
	// for both games of a pair.
	chance := chanceOf[M](p)
	var stream *rng
	if chance != nil {
		stream = newRNG(mixSeed(seed, chanceStreamTag))
	}
	probe := newABSearch[M, P](t, PlayerSpec{Family: FamilyAB, Nodes: leadProbeNodes}, 0)
	feats := newFeatureTracker(t, rec.Features, 2)
	lead := leadTracker{}
	var spent int64

	play := func(m M, ev MoveEvent) {
		ev.Side = p.SideToMove()
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
		if !p.Result().over {
			ev.Lead = probe.leadScore(ctx, p)
			lead.see(ev.Lead)
			lead.seeAt(rec.Plies, ev.Lead)
		}
		if watch != nil {
			watch(ev)
		}
	}

	// drawChance plays the outcome the stream's next draw picks.
	drawChance := func() error {
		m, err := nextOutcome(chance, stream)
		if err != nil {
			return fmt.Errorf("ply %d: %w", rec.Plies+1, err)
		}
		play(m, MoveEvent{Chance: true})
		return nil
	}

	openings := lim.OpeningPlies
	switch {
	case openings == 0:
		openings = DefaultOpeningPlies
	case openings < 0:
		openings = 0
	}
	var verify *abSearch[M, P] // its table is sized for a search: only made when an opening is played
	if openings > 0 {
		verify = newABSearch[M, P](t, PlayerSpec{Family: FamilyAB, Nodes: openingVerifyNodes}, 0)
	}
	rounds := roundsOf[M](p)
	orng := newRNG(mixSeed(seed, 0))
	// The opening counts decisions: chance outcomes come between them.
	for rec.Plies-rec.ChancePlies < openings && !p.Result().over {
		if chance != nil && chance.AtChance() {
			if err := drawChance(); err != nil {
				return rec, err
			}
			continue
		}
		if rounds != nil && rounds.InRound() {
			m0, m1, ok := openingRound(p, rounds, orng)
			if !ok {
				break
			}
			playOpeningRound(p, rounds, &rec, m0, m1, watch)
			continue
		}
		m, ok := openingMove(ctx, p, probe, verify, orng)
		if err := ctx.Err(); err != nil {
			return rec, err
		}
		if !ok {
			break
		}
		play(m, MoveEvent{Opening: true})
	}
	rec.OpeningPlies = rec.Plies

	// The clocks of timed players (nil for untimed ones, whose games
	// never read the time).
	var clocks [2]*clock
	for pl := range specs {
		if !specs[pl].Clock.IsZero() {
			clocks[pl] = newClock(specs[pl].Clock)
		}
	}
	var inRounds *[2]roundChooser[M, P] // the players as round players, from the first round on
	adj := adjudicator{resign: lim.Resign, draw: lim.Draw}
	var adjudged *result // the adjudication that stopped the game, if one did
	for adjudged == nil && !p.Result().over {
		if chance != nil && chance.AtChance() {
			if rec.Plies >= maxGamePlies {
				return rec, fmt.Errorf("search: game not over after %d plies", rec.Plies)
			}
			if err := drawChance(); err != nil {
				return rec, err
			}
			continue
		}
		if rounds != nil && rounds.InRound() {
			if rec.Plies >= maxGamePlies {
				return rec, fmt.Errorf("search: game not over after %d plies", rec.Plies)
			}
			if inRounds == nil {
				rp, err := roundPlayers(players, rec.Players)
				if err != nil {
					return rec, err
				}
				inRounds = rp
			}
			loser, err := playRound(ctx, p, rounds, inRounds, &clocks, &rec, &spent, maxNodes, watch)
			if loser >= 0 {
				adjudged = &result{over: true, winner: 1 - loser, rule: EndTimeForfeit}
				continue
			}
			if err != nil {
				return rec, err
			}
			continue
		}
		if rec.Plies >= maxGamePlies {
			return rec, fmt.Errorf("search: game not over after %d plies", rec.Plies)
		}
		if err := ctx.Err(); err != nil {
			return rec, err
		}
		stm := p.SideToMove()
		if stm != 0 && stm != 1 {
			return rec, fmt.Errorf("search: ply %d: side to move is %d", rec.Plies+1, stm)
		}
		if f, ok := players[stm].(foreseer); ok && stream != nil {
			f.foresee(futureDraws(stream, seerFuture))
		}
		start := startClock(players[stm], &clocks, stm)
		d, err := choosePly(ctx, players[stm], p, maxNodes-spent, maxNodes, rec.Plies+1, fmt.Sprintf("player %d (%s)", stm, rec.Players[stm]))
		spent += d.nodes
		rec.Nodes[stm] += d.nodes
		if flagged(clocks[stm], start, err) {
			// Its clock ran out before it moved: the move is not played.
			adjudged = &result{over: true, winner: 1 - stm, rule: EndTimeForfeit}
			continue
		}
		if err != nil {
			return rec, err
		}
		play(d.move, MoveEvent{Nodes: d.nodes, Score: d.score, HasScore: d.hasScore, Depth: d.depth})
		if adj.on() && !p.Result().over {
			if end, winner, ok := adj.see(stm, rec.Plies-rec.ChancePlies, d.score, d.hasScore); ok {
				adjudged = &result{over: true, winner: winner, rule: end}
			}
		}
	}
	r := p.Result()
	if adjudged != nil {
		r = *adjudged
	}
	rec.Winner, rec.Rule, rec.Result = r.winner, r.rule, ResultString(r.winner)
	switch r.winner {
	case 0:
		lead.see(scoreWin)
	case 1:
		lead.see(-scoreWin)
	}
	rec.LeadChanges = lead.changes
	if r.winner == 0 || r.winner == 1 {
		// A loss on time ends the game without a ply of its own: the
		// last ply is the decisive one at the latest.
		rec.DecisivePly = min(lead.undecided[r.winner]+1, rec.Plies)
	}
	feats.finish(rec.Rule, rec.Plies)
	return rec, nil
}

// openingMove picks a random move that neither captures nor ends the game
// nor gives material away: among the quiet moves, one whose short
// quiescence score for the mover is within openingMargin of the best, or,
// when one move alone is, of the position before the move; and, of those,
// one after which verify's search (when not nil) finds no forced win for
// the opponent, or failing those another quiet move that has none. The
// random start varies the games of a match without deciding them, which on
// a small board a blunder in the first few plies would. A quiescence sees
// material hang, not a race lost: in Jeson Mor a quiet knight move in the
// opening can leave the e5 square short of a defender, a loss the first
// searched move exploits, and since the opening's last random move is the
// second player's, such losses fell mostly on the second player and
// inflated the first mover's score.
func openingMove[M comparable, P position[M]](ctx context.Context, p P, probe, verify *abSearch[M, P], r *rng) (M, bool) {
	var zero M
	quiet, fair := openingFair(ctx, p, probe)
	if len(fair) == 0 {
		return zero, false
	}
	// Drawn one at a time, so that an opening whose first draw stands is
	// the one a quiescence alone would have chosen.
	if m, ok := drawUnlost(ctx, p, fair, verify, r); ok || ctx.Err() != nil {
		return m, ok
	}
	// Every fair move loses by force. A quiet move the quiescence thought
	// worse may still hold (in Dobutsu, after b1c2 the only reply that
	// does not lose is a4a3, which leaves the chick on b3 to be taken):
	// one of those, rather than a loss, keeps the game undecided.
	rest := notIn(quiet, fair)
	if m, ok := drawUnlost(ctx, p, rest, verify, r); ok || ctx.Err() != nil {
		return m, ok
	}
	// Every quiet move loses by force: the game is decided already, and
	// a random one decides nothing more.
	return fair[r.intn(len(fair))], true
}

// notIn is the moves of all that are not in some, in all's order.
func notIn[M comparable](all, some []M) []M {
	in := make(map[M]bool, len(some))
	for _, m := range some {
		in[m] = true
	}
	var out []M
	for _, m := range all {
		if !in[m] {
			out = append(out, m)
		}
	}
	return out
}

// openingFair is the quiet moves at p (neither captures nor game enders)
// and the fair ones among them, which openingMove draws from: within
// openingMargin of the best quiet move's short quiescence score, or, when
// one move alone is, of the position before the move.
func openingFair[M comparable, P position[M]](ctx context.Context, p P, probe *abSearch[M, P]) (quiet, fair []M) {
	mover := p.SideToMove()
	var scores []int
	best := -scoreInf
	for _, m := range p.LegalMoves(nil) {
		if ctx.Err() != nil {
			// Given up: the caller reads ctx before the next ply.
			return nil, nil
		}
		if p.IsCapture(m) {
			continue
		}
		p.Make(m)
		if !p.ResultNoList().over { // quiescence below lists no quiet moves
			v := probe.leadScore(ctx, p) // player 0's side
			if mover == 1 {
				v = -v
			}
			quiet = append(quiet, m)
			scores = append(scores, v)
			best = max(best, v)
		}
		p.Unmake()
	}
	bar := best - openingMargin
	for i, m := range quiet {
		if scores[i] >= bar {
			fair = append(fair, m)
		}
	}
	if len(fair) == 1 && len(quiet) > 1 {
		// One quiet move stands out (in Kyoto shogi the pawn turned
		// rook, by +9; in Dobutsu a lion's step): the moves that keep the
		// position as it stood give nothing away either, so within the
		// margin of it they join the one, and the opening still varies.
		standing := probe.leadScore(ctx, p)
		if mover == 1 {
			standing = -standing
		}
		if standing < best {
			fair = fair[:0]
			for i, m := range quiet {
				if scores[i] >= standing-openingMargin {
					fair = append(fair, m)
				}
			}
		}
	}
	return quiet, fair
}

// drawUnlost draws moves from cands at random, one at a time, and returns
// the first that does not lose by force (any first draw when verify is nil).
func drawUnlost[M comparable, P position[M]](ctx context.Context, p P, cands []M, verify *abSearch[M, P], r *rng) (M, bool) {
	var zero M
	left := append([]M(nil), cands...)
	for len(left) > 0 {
		i := r.intn(len(left))
		m := left[i]
		if verify == nil || !losesByForce(ctx, p, m, verify) {
			return m, true
		}
		if ctx.Err() != nil {
			return zero, false
		}
		left[i] = left[len(left)-1]
		left = left[:len(left)-1]
	}
	return zero, false
}

// losesByForce reports whether, after m, the opponent's search within
// verify's budget proves a win for the opponent. Forced replies are made
// first (the search scores a position with one legal move without looking
// at it), up to maxForcedReplies of them.
func losesByForce[M comparable, P position[M]](ctx context.Context, p P, m M, verify *abSearch[M, P]) bool {
	mover := p.SideToMove()
	p.Make(m)
	made := 1
	defer func() {
		for ; made > 0; made-- {
			p.Unmake()
		}
	}()
	for ; made <= maxForcedReplies; made++ {
		if r := p.Result(); r.over {
			return r.winner == 1-mover
		}
		moves := p.LegalMoves(nil)
		if len(moves) != 1 {
			break
		}
		p.Make(moves[0])
	}
	if p.SideToMove() != 0 && p.SideToMove() != 1 {
		return false // a round began: its search scores for player 0, not the side to move
	}
	if cp := chanceOf[M](p); cp != nil && cp.AtChance() {
		return false // what follows is luck: a forced loss is not proven
	}
	// A fresh search each time: what a drawn move's check finds depends
	// on the position alone, not on the checks drawn before it, so the
	// opening's draw is uniform over a set the position decides and the
	// whole tree of openings can be listed (OpeningLines).
	verify.forget()
	res, err := verify.search(ctx, p, 4*openingVerifyNodes)
	if err != nil || res.forced {
		return false
	}
	if p.SideToMove() == mover {
		return res.score <= -scoreWinMin
	}
	return res.score >= scoreWinMin
}

// leadScore is a short quiescence search of p, from player 0's side: the
// material and position once the captures on the board are played out.
func (s *abSearch[M, P]) leadScore(ctx context.Context, p P) int {
	v, _ := s.quietScore(ctx, p, leadProbeNodes)
	if s.side(p) == 1 {
		v = -v
	}
	return v
}

// quietScore is a quiescence search of p within budget nodes, for the side
// to move (player 0 at a round), and the nodes it took. Past the budget it
// falls back to the static evaluation.
func (s *abSearch[M, P]) quietScore(ctx context.Context, p P, budget int64) (int, int64) {
	s.begin(ctx, p, budget, false)
	stm := s.side(p)
	v := s.quiesce(p, 0, 0, -scoreInf, scoreInf)
	if s.stopped {
		v = s.ev.evaluate(p, stm, p)
	}
	return v, s.nodes
}

// leadTracker counts sign changes of a sequence, ignoring small values,
// and remembers for each player the last ply at which that player was not
// decisively ahead.
type leadTracker struct {
	sign      int
	changes   int
	undecided [2]int
}

// seeAt records player 0's evaluation after a ply for the decisive ply.
func (l *leadTracker) seeAt(ply, v int) {
	if v < decisiveThreshold {
		l.undecided[0] = ply
	}
	if -v < decisiveThreshold {
		l.undecided[1] = ply
	}
}

func (l *leadTracker) see(v int) {
	s := 0
	switch {
	case v >= leadThreshold:
		s = 1
	case v <= -leadThreshold:
		s = -1
	default:
		return
	}
	if l.sign != 0 && s != l.sign {
		l.changes++
	}
	l.sign = s
}

// roundPlayers are the two players as round players, or an error naming
// the first one that cannot play a game in rounds.
func roundPlayers[M comparable, P position[M]](players [2]chooser[M, P], names [2]string) (*[2]roundChooser[M, P], error) {
	var out [2]roundChooser[M, P]
	for pl, c := range players {
		rc, ok := c.(roundChooser[M, P])
		if !ok {
			return nil, fmt.Errorf("search: player %d (%s) cannot play a game in rounds", pl, names[pl])
		}
		out[pl] = rc
	}
	return &out, nil
}

// playRound asks both players for their choice of a round and plays the
// two together. In secret rounds neither choice is shown to the other
// player; in an announced round the announcer chooses first and the other
// answers knowing it. The round is recorded as one entry "m0 & m1".
//
// A player with a clock (clocks) that overruns it loses on time: its
// side comes back as loser and the round is not played; loser is -1
// otherwise.
func playRound[M comparable, P position[M]](ctx context.Context, p P, rounds roundPosition[M], players *[2]roundChooser[M, P], clocks *[2]*clock, rec *Record, spent *int64, maxNodes int64, watch func(MoveEvent)) (loser int, err error) {
	var zero M
	var moves [2]M
	order := [2]int{0, 1}
	ann := rounds.Announcer()
	if ann == 1 {
		order = [2]int{1, 0}
	}
	var nodes int64
	for k, pl := range order {
		var announced *M
		if ann >= 0 && k == 1 {
			announced = &moves[order[0]]
		}
		start := startClock(players[pl], clocks, pl)
		d, err := players[pl].chooseRound(ctx, p, maxNodes-*spent, pl, announced)
		*spent += d.nodes
		nodes += d.nodes
		rec.Nodes[pl] += d.nodes
		if flagged(clocks[pl], start, err) {
			return pl, nil
		}
		if err != nil {
			return -1, fmt.Errorf("round at ply %d, player %d (%s): %w", rec.Plies+1, pl, rec.Players[pl], err)
		}
		if d.move == zero {
			return -1, fmt.Errorf("search: round at ply %d: player %d (%s) found no move", rec.Plies+1, pl, rec.Players[pl])
		}
		moves[pl] = d.move
	}
	text := p.MoveString(moves[0]) + " & " + p.MoveString(moves[1])
	rounds.MakeRound(moves[0], moves[1])
	rec.Moves = append(rec.Moves, text)
	rec.Plies++
	if watch != nil {
		watch(MoveEvent{Ply: rec.Plies, Side: -1, Move: text, Nodes: nodes})
	}
	return -1, nil
}

// startClock tells a timed player (pl's clock not nil) the clocks for
// its coming move and returns when its thinking starts; zero for an
// untimed player, whose game never reads the time.
func startClock(c any, clocks *[2]*clock, pl int) time.Time {
	own := clocks[pl]
	if own == nil {
		return time.Time{}
	}
	start := time.Now()
	if tc, ok := c.(timedChooser); ok {
		tc.setClock(clockReading{own: own, other: clocks[1-pl], side: pl}, start)
	}
	return start
}

// flagged takes a timed player's move time, from start, off its clock
// (nil: untimed) and reports whether the clock ran out: a move made too
// late, or an engine stopped for thinking past its clock (errOutOfTime).
// Another error is the game's failure, not a forfeit.
func flagged(c *clock, start time.Time, err error) bool {
	if c == nil || (err != nil && !errors.Is(err, errOutOfTime)) {
		return false
	}
	return c.spend(time.Since(start)) || err != nil
}

// choosePly asks a game loop's player (who names it in errors) for its
// move at ply with budget nodes: a spent node limit names the game's
// limit, and no move in a game that is not over is an error of its own.
// The nodes it spent come back with an error too.
func choosePly[M comparable, P position[M]](ctx context.Context, c chooser[M, P], p P, budget, maxNodes int64, ply int, who string) (decision[M], error) {
	d, err := c.choose(ctx, p, budget)
	if err != nil {
		if errors.Is(err, errNodeLimit) {
			err = fmt.Errorf("%w (%d nodes)", err, maxNodes)
		}
		return d, fmt.Errorf("ply %d, %s: %w", ply, who, err)
	}
	var zero M
	if d.move == zero {
		return d, fmt.Errorf("search: ply %d: %s found no move in a game that is not over", ply, who)
	}
	return d, nil
}
