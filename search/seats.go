package search

import (
	"context"
	"math"
)

// maxSeats is the most seats a game may have (issue 31: two to eight).
const maxSeats = 8

// seatPosition is what a game of more than two seats adds to position[M]
// for the searches of seatab.go, brs.go and mctsn.go. The engine is to
// implement it on its Position once it plays seats, beside position[M]
// (whose PieceAt then reports a seat as the owner):
//
//   - Seats is how many seats the game has, 2 to maxSeats, for the whole
//     game (a seat out of the game still counts);
//   - SeatToMove is the seat whose move it is; the turn order skips seats
//     out of the game, and a turn of several moves keeps the same seat;
//   - Team is the seat's team: equal for allies, a different one for each
//     seat of a free-for-all (Team(seat) == seat will do);
//   - SeatResult, once the game is over, writes each seat's share of it
//     into out (len(out) is Seats()) and reports true: the winning team's
//     seats share 1 (a team's win is its seats' win, however they split
//     it), a draw splits 1 among the seats that share it, a game scored by
//     points gives each seat its share of the points; it reports false
//     while the game goes on. The searches read a team's reward as the sum
//     of its seats' shares.
//
// The searches need nothing else: SideToMove, Result and the rest of
// position[M] are not read for whose turn it is or how the game ended.
type seatPosition interface {
	Seats() int
	SeatToMove() int
	Team(seat int) int
	SeatResult(out []float64) bool
}

// Optional capabilities of a position with seats, used where it has them.
type (
	// seatPointsCounter is each seat's points in a free-for-all scored
	// by points.
	seatPointsCounter interface {
		SeatPoints(seat int) int
	}
	// seatOutReporter tells the seats out of the game.
	seatOutReporter interface {
		SeatOut(seat int) bool
	}
	// underReader gives the second piece of a cell holding two
	// (rules.cells), which PieceAt does not.
	underReader interface {
		PieceUnder(sq int) (kind, owner int, ok bool)
	}
)

// seatedPosition is a position with seats, the type the N-seat searches
// take.
type seatedPosition[M comparable] interface {
	position[M]
	seatPosition
}

// Centipawn weights of the N-seat evaluation.
const (
	seatPieceValue = 100  // a piece whose kind the tables do not know
	seatPointValue = 100  // a point of rules.scoring (scoreCounter), per seat
	seatShareScale = 1000 // a result between a win and a loss, at its most
)

// seatEvaluator scores each seat by its material: the declared value of
// every piece it owns (PieceAt's owner is the seat) with the tables' sign,
// as the two-player evaluation does per player, and its points where the
// position counts them. A seat out of the game owns nothing: its army,
// frozen or gone, can neither win it anything nor be taken for points.
//
// The engine's position counts a free-for-all's points per seat
// (SeatPoints); its Score is rules.scoring's, for two players only, so a
// position with both is read by SeatPoints.
type seatEvaluator struct {
	t   *evalTables
	sqs []int
}

// material is each seat's score in centipawns, seats [0, n).
func (e *seatEvaluator) material(p board, n int) [maxSeats]int {
	var v [maxSeats]int
	if ol, ok := p.(occupiedLister); ok {
		e.sqs = ol.Occupied(e.sqs[:0])
	} else if len(e.sqs) != e.t.nsq {
		e.sqs = e.sqs[:0]
		for sq := 0; sq < e.t.nsq; sq++ {
			e.sqs = append(e.sqs, sq)
		}
	}
	outs, _ := p.(seatOutReporter)
	var out [maxSeats]bool
	if outs != nil {
		for seat := 0; seat < n; seat++ {
			out[seat] = outs.SeatOut(seat)
		}
	}
	add := func(kind, owner int) {
		if owner < 0 || owner >= n || out[owner] {
			return
		}
		val := seatPieceValue
		if kind >= 0 && kind < len(e.t.kinds) {
			val = e.t.kinds[kind].value
		}
		v[owner] += e.t.matSign * val
	}
	under, _ := p.(underReader)
	for _, sq := range e.sqs {
		kind, owner, ok := p.PieceAt(sq)
		if !ok {
			continue
		}
		add(kind, owner)
		if under != nil {
			if kind, owner, ok := under.PieceUnder(sq); ok {
				add(kind, owner)
			}
		}
	}
	if sp, ok := p.(seatPointsCounter); ok {
		for seat := 0; seat < n; seat++ {
			v[seat] += sp.SeatPoints(seat) * seatPointValue
		}
	} else if sc, ok := p.(scoreCounter); ok {
		for seat := 0; seat < n; seat++ {
			v[seat] += int(sc.Score(seat) * seatPointValue)
		}
	}
	return v
}

// seatSides splits the seats into the searching seat's team ("ours") and
// everyone else: paranoid and best-reply search are two-sided searches
// between them, whose turns need not alternate.
type seatSides struct {
	n     int
	ours  [maxSeats]bool
	nOurs int
}

func sidesOf(p seatPosition, root int) seatSides {
	s := seatSides{n: min(p.Seats(), maxSeats)}
	team := p.Team(root)
	for seat := 0; seat < s.n; seat++ {
		if p.Team(seat) == team {
			s.ours[seat] = true
			s.nOurs++
		}
	}
	return s
}

// eval is our side's mean material per seat less the others', clamped:
// with two teams of two it is half the material difference, in a
// free-for-all the root's material against the average opponent's.
func (s *seatSides) eval(v [maxSeats]int) int {
	var ours, theirs int
	for seat := 0; seat < s.n; seat++ {
		if s.ours[seat] {
			ours += v[seat]
		} else {
			theirs += v[seat]
		}
	}
	d := ours / s.nOurs
	if s.n > s.nOurs {
		d -= theirs / (s.n - s.nOurs)
	}
	return max(-maxEval, min(maxEval, d))
}

// share is our side's share of a finished game.
func (s *seatSides) share(shares []float64) float64 {
	sum := 0.0
	for seat := 0; seat < s.n; seat++ {
		if s.ours[seat] {
			sum += shares[seat]
		}
	}
	return sum
}

// resultScore scores a finished game for our side: all of it is a win
// less the plies to it, none a loss, and a share in between scores by how
// far it is from our side's fair share (a draw split evenly is 0).
func (s *seatSides) resultScore(shares []float64, ply int) int {
	const eps = 1e-9
	got := s.share(shares)
	switch {
	case got >= 1-eps:
		return scoreWin - ply
	case got <= eps:
		return -(scoreWin - ply)
	}
	fair := float64(s.nOurs) / float64(s.n)
	spread := max(fair, 1-fair)
	return int(math.Round(float64(float64(got-fair)/spread) * seatShareScale))
}

// seatSearchBase is the node counting, stopping and move ordering the
// N-seat alpha-beta searches share.
type seatSearchBase[M comparable, P seatedPosition[M]] struct {
	ev       seatEvaluator
	maxDepth int
	nodeBudget

	sides  seatSides
	shares []float64
	chance chancePosition[M] // nil in a game without chance
	// A clairvoyant seat player (spec seer:): the chance draws to come
	// from its root on, and how many chance events the line searched has
	// passed (the k-th is resolved by the k-th draw).
	seer    bool
	future  []uint64
	chanceK int
	bufs    [maxSearchPly + 2][]M
	keys    [maxSearchPly + 2][]int32
}

func newSeatSearchBase[M comparable, P seatedPosition[M]](t *evalTables, spec PlayerSpec) seatSearchBase[M, P] {
	b := seatSearchBase[M, P]{ev: seatEvaluator{t: t}, maxDepth: spec.Depth, nodeBudget: nodeBudget{budget: spec.Nodes}, seer: spec.Seer}
	if b.maxDepth <= 0 || b.maxDepth > maxSearchPly/2 {
		b.maxDepth = maxSearchPly / 2
	}
	return b
}

func (b *seatSearchBase[M, P]) begin(ctx context.Context, p P, hardCap int64) {
	b.ctx, b.hardCap, b.nodes, b.stopped, b.err = ctx, hardCap, 0, false, nil
	b.sides = sidesOf(p, p.SeatToMove())
	b.shares = make([]float64, p.Seats())
	b.chance = chanceOf[M](p)
	b.chanceK = 0
}

// atChance reports whether p waits for a chance event.
func (b *seatSearchBase[M, P]) atChance(p P) bool {
	return b.chance != nil && b.chance.AtChance()
}

// expect is the weighted mean of value over the pending chance event's
// outcomes, each made on p in turn: the seat to move is the same before
// and after an outcome, so the values need no turning. Rounded down.
func (b *seatSearchBase[M, P]) expect(p P, value func() int) int {
	moves, weights := b.chance.ChanceOutcomes(nil, nil)
	if b.seer && b.chanceK < len(b.future) {
		// A seer knows this event's outcome: the draw the game will use.
		m := moves[pickOutcome(weights, b.future[b.chanceK])]
		b.chanceK++
		p.Make(m)
		v := value()
		p.Unmake()
		b.chanceK--
		return v
	}
	var sum, total int64
	for i, m := range moves {
		p.Make(m)
		v := value()
		p.Unmake()
		if b.stopped {
			return 0
		}
		sum += int64(weights[i]) * int64(v)
		total += int64(weights[i])
	}
	if total == 0 {
		return 0
	}
	q := sum / total
	if sum%total != 0 && sum < 0 {
		q--
	}
	return int(q)
}

// over reports whether the game has ended, as far as QuickResult tells
// without listing moves, and if so its score for our side. A position it
// passes may still be one whose seat to move has no move (ended): the
// searches ask overAtNoMove when they find the list empty. The engine's
// Make has already put out a seat left without a move, so the list
// Outcome would make here is one more generation per node saved.
func (b *seatSearchBase[M, P]) over(p P, ply int) (int, bool) {
	if !p.QuickResult().over {
		return 0, false
	}
	return b.overAtNoMove(p, ply)
}

// overAtNoMove is over for a position whose moves are known to be none,
// or known to be over: the game's result, read in full.
func (b *seatSearchBase[M, P]) overAtNoMove(p P, ply int) (int, bool) {
	clear(b.shares)
	if !p.SeatResult(b.shares) {
		return 0, false
	}
	return b.sides.resultScore(b.shares, ply), true
}

// staticEval is the evaluation for our side.
func (b *seatSearchBase[M, P]) staticEval(p P) int {
	return b.sides.eval(b.ev.material(p, b.sides.n))
}

// rootMoves begins a search of p and orders its moves; decided is the
// answer when there is nothing to search: no move, or a forced one (its
// score left unknown).
func (b *seatSearchBase[M, P]) rootMoves(ctx context.Context, p P, hardCap int64) (root []M, decided *seatResult[M]) {
	b.begin(ctx, p, hardCap)
	root = append([]M(nil), p.LegalMoves(nil)...)
	switch len(root) {
	case 0:
		return nil, &seatResult[M]{}
	case 1:
		return nil, &seatResult[M]{move: root[0], nodes: 1}
	}
	var zero M
	return append(root[:0], b.ordered(p, 0, false, zero, false)...), nil
}

// ordered lists the legal moves (captures alone when capturesOnly) at ply
// with captures first, the most valuable victim first, then the rest in
// the order the position lists them; first, when legal, leads.
func (b *seatSearchBase[M, P]) ordered(p P, ply int, capturesOnly bool, first M, hasFirst bool) []M {
	if capturesOnly {
		b.bufs[ply] = p.LegalCaptures(b.bufs[ply][:0])
	} else {
		b.bufs[ply] = p.LegalMoves(b.bufs[ply][:0])
	}
	moves := b.bufs[ply]
	keys := b.keys[ply][:0]
	for i, m := range moves {
		k := int32(-i) // stable among equals: the position's order
		if p.IsCapture(m) {
			k += 1 << 20
			if to := p.Target(m); to >= 0 {
				if kind, _, ok := p.PieceAt(to); ok && kind >= 0 && kind < len(b.ev.t.kinds) {
					k += int32(min(max(b.ev.t.kinds[kind].value, 0), 1<<15)) << 4
				}
			}
		}
		if hasFirst && m == first {
			k = 1 << 30
		}
		keys = append(keys, k)
	}
	b.keys[ply] = keys
	sortByKeys(moves, keys)
	return moves
}

// seatResult is what an N-seat search found.
type seatResult[M comparable] struct {
	move  M
	score int // for the mover's side, when depth > 0
	depth int // deepest completed iteration; 0: no score (a forced move, or no budget)
	nodes int64
}

// deepen runs iteration(d) for d = 1, 2, ... until the depth or node
// budget runs out, keeping the best move of the last finished iteration,
// or of the moves finished in the first one when none did. iteration
// returns the best move and score of the moves searched to the end and
// whether there were any. A full-width search (exact) stops at a decided
// score: deeper cannot change it.
func (b *seatSearchBase[M, P]) deepen(root []M, exact bool, iteration func(d int, root []M) (M, int, bool)) seatResult[M] {
	res := seatResult[M]{move: root[0], score: -scoreInf}
	for d := 1; d <= b.maxDepth; d++ {
		m, sc, ok := iteration(d, root)
		if b.stopped {
			if ok && res.depth == 0 {
				res.move, res.score = m, sc
			}
			break
		}
		res.move, res.score, res.depth = m, sc, d
		if exact && (sc >= scoreWinMin || sc <= -scoreWinMin) {
			break
		}
		moveToFront(root, res.move)
	}
	res.nodes = b.nodes
	return res
}
