package search

import (
	"balancefarm/engine"
	"balancefarm/protocol"
)

// census is how many pieces of each kind each owner has on the board.
type census struct {
	total  [maxSeats + 1]int // per seat, then nobody's (wild pieces) at index seats
	byKind [maxSeats][]int
}

// featureTracker counts a game's features (Record.Features) ply by ply,
// on the position the game loop plays or the one a replay of its record
// makes: the same calls count the same.
type featureTracker struct {
	t              *evalTables
	seats          int // the game's players; an owner past them is nobody
	f              map[string]int
	pre, post      census
	captured       bool
	branchSum      int
	branchN        int
	firstPlyCounts bool
	opening        bool // the next ply is a random opening ply, not a player's choice
}

func newFeatureTracker(t *evalTables, f map[string]int, seats int) *featureTracker {
	ft := &featureTracker{t: t, f: f, seats: min(max(seats, 2), maxSeats), firstPlyCounts: true}
	for pl := 0; pl < ft.seats; pl++ {
		ft.pre.byKind[pl] = make([]int, len(t.kinds))
		ft.post.byKind[pl] = make([]int, len(t.kinds))
	}
	return ft
}

func (ft *featureTracker) take(b board, c *census) {
	c.total = [maxSeats + 1]int{}
	for pl := 0; pl < ft.seats; pl++ {
		clear(c.byKind[pl])
	}
	for sq := 0; sq < ft.t.nsq; sq++ {
		kind, owner, ok := b.PieceAt(sq)
		if !ok {
			continue
		}
		if owner < 0 || owner >= ft.seats {
			c.total[ft.seats]++
			continue
		}
		c.total[owner]++
		if kind >= 0 && kind < len(c.byKind[owner]) {
			// By declared kind: a piece that turns (its facing is its
			// kind's) has not become another piece.
			c.byKind[owner][ft.t.kinds[kind].base]++
		}
	}
}

// countPly makes m, ply number ply of the game (from 1), on p and counts
// it; opening says it was a random opening ply.
func countPly[M comparable, P position[M]](ft *featureTracker, p P, m M, ply int, opening bool) {
	mover := p.SideToMove()
	ft.opening = opening
	before(ft, p, m, ply)
	p.Make(m)
	after(ft, p, m, ply, mover)
}

// before is called with the move about to be made.
func before[M comparable, P position[M]](ft *featureTracker, p P, m M, ply int) {
	moves := p.LegalMoves(nil)
	n := len(moves)
	ft.branchSum += n
	ft.branchN++
	ft.f[protocol.FeatureMaxBranching] = max(ft.f[protocol.FeatureMaxBranching], n)
	if n == 1 {
		ft.f[protocol.FeatureForced]++
	}
	if n > 1 && !ft.opening {
		ft.f[protocol.FeatureChoices]++
	}
	if ft.firstPlyCounts {
		ft.firstPlyCounts = false
		caps := 0
		for _, x := range moves {
			if p.IsCapture(x) {
				caps++
			}
		}
		ft.f[protocol.FeatureOpeningCaptures] = caps
	}
	ft.captured = p.IsCapture(m)
	ft.take(p, &ft.pre)
	if rc, ok := any(p).(ruleCounter[M]); ok {
		rc.countBefore(m, ply, ft.f)
	}
}

// after is called once the move is made.
func after[M comparable, P position[M]](ft *featureTracker, b P, m M, ply, mover int) {
	if rc, ok := any(b).(ruleCounter[M]); ok {
		rc.countAfter(m, ft.f)
	}
	ft.take(b, &ft.post)
	f := ft.f
	if ft.captured {
		f[protocol.FeatureCaptures]++
		if _, ok := f[protocol.FeatureFirstCapturePly]; !ok {
			f[protocol.FeatureFirstCapturePly] = ply
		}
	}
	if b.InCheck() {
		f[protocol.FeatureChecks]++
		if _, ok := f[protocol.FeatureFirstCheckPly]; !ok {
			f[protocol.FeatureFirstCheckPly] = ply
		}
	}
	pre, post := &ft.pre, &ft.post
	if post.total[mover] > pre.total[mover] {
		f[protocol.FeatureEntries]++
	} else {
		for k := range post.byKind[mover] {
			if post.byKind[mover][k] > pre.byKind[mover][k] {
				f[protocol.FeaturePromotions]++
				break
			}
		}
	}
	removed := 0
	for o := 0; o <= ft.seats; o++ {
		removed += max(pre.total[o]-post.total[o], 0)
	}
	if removed >= 2 {
		f[protocol.FeatureMultiRemovals]++
	}
	if post.total[ft.seats] < pre.total[ft.seats] {
		f[protocol.FeatureWildRemoved]++
	}
	if b.SideToMove() == mover {
		f[protocol.FeatureSameSideAgain]++
	}
}

// finish counts what the whole game says, once it ended by rule after
// plies plies.
func (ft *featureTracker) finish(rule engine.Ending, plies int) {
	if ft.branchN > 0 {
		ft.f[protocol.FeatureMeanBranching] = ft.branchSum / ft.branchN
	}
	// A goal reached ends the game there, so its ply is the game's length;
	// the design warnings ask how early that comes.
	if rule == engine.EndReach {
		ft.f[protocol.FeatureGoalPly] = plies
	}
}

// ruleCounter is a position whose moves say which rule they use
// (castling, en passant, portals...): the engine's. The toy games of the
// tests have none.
type ruleCounter[M any] interface {
	countBefore(m M, ply int, f map[string]int)
	countAfter(m M, f map[string]int)
}

// countBefore counts, before m is made, the castling, en passant and
// double steps, turns and portal moves, and in a game with wild pieces
// the ply one was first taken.
func (e enginePos) countBefore(m engine.Move, ply int, f map[string]int) {
	if _, owner, ok := e.PieceAt(m.To()); ok && owner >= e.Seats() && e.IsCapture(m) {
		if _, seen := f[protocol.FeatureNPCTakenPly]; !seen {
			f[protocol.FeatureNPCTakenPly] = ply
		}
	}
	switch {
	case m.IsCastling():
		f[protocol.FeatureCastling]++
	case m.IsEnPassant():
		f[protocol.FeatureEnPassant]++
	case m.IsDoubleStep():
		f[protocol.FeatureDoubleStep]++
	case m.IsTurn():
		f[protocol.FeatureTurns]++
	case m.IsPortalMove():
		f[protocol.FeaturePortalMove]++
	case m.IsThroughPortal():
		f[protocol.FeatureThrough]++
	}
}

// countAfter counts, once m is made, the hazards that ate a piece and
// the double steps after which en passant was legal, which the stats'
// design warnings ask about.
func (e enginePos) countAfter(m engine.Move, f map[string]int) {
	if e.WildAte() {
		f[protocol.FeatureHazardMet]++
	}
	if m.IsDoubleStep() && e.Game().HasEnPassant() && enPassantLegal(e.Position) {
		f[protocol.FeatureEnPassantChances]++
	}
}

// enPassantLegal reports whether the side to move may take en passant.
func enPassantLegal(p *engine.Position) bool {
	for _, m := range p.LegalMoves(nil) {
		if m.IsEnPassant() {
			return true
		}
	}
	return false
}

// FeatureCounter counts a game's features (Record.Features) as its
// moves are made. PlayGame counts with the same code as it plays, so a
// replay of the record that counts with it finds what the worker
// reported: the coordinator's check of that claim.
type FeatureCounter struct {
	ft    *featureTracker
	plies int
}

// NewFeatureCounter counts the features of one game of g.
func NewFeatureCounter(g *engine.Game) *FeatureCounter {
	return &FeatureCounter{ft: newFeatureTracker(tablesFor(g), map[string]int{}, g.Seats())}
}

// Make makes m on p, the game's position, and counts it; opening says
// it is one of the random opening plies. A round (Position.MakeRound) is
// made by the caller and told with Round: rounds count no features.
func (c *FeatureCounter) Make(p *engine.Position, m engine.Move, opening bool) {
	c.plies++
	countPly(c.ft, enginePos{p}, m, c.plies, opening)
}

// Chance makes a chance outcome: a ply of the record that nobody chose,
// so no rule usage is counted for it, as the game loop does.
func (c *FeatureCounter) Chance(p *engine.Position, m engine.Move) {
	c.plies++
	p.Make(m)
}

// Round tells the counter a round was made: it numbers the plies.
func (c *FeatureCounter) Round() { c.plies++ }

// Finish is the game's features, once it ended by rule.
func (c *FeatureCounter) Finish(rule engine.Ending) map[string]int {
	c.ft.finish(rule, c.plies)
	return c.ft.f
}
