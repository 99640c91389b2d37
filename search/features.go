package search

import "balancefarm/protocol"

// census is how many pieces of each kind each owner has on the board.
type census struct {
	total  [3]int // player 0, player 1, nobody
	byKind [2][]int
}

type featureTracker struct {
	t              *evalTables
	f              map[string]int
	pre, post      census
	captured       bool
	branchSum      int
	branchN        int
	firstPlyCounts bool
	opening        bool // the next ply is a random opening ply, not a player's choice
}

func newFeatureTracker(t *evalTables, f map[string]int) *featureTracker {
	ft := &featureTracker{t: t, f: f, firstPlyCounts: true}
	for pl := 0; pl < 2; pl++ {
		ft.pre.byKind[pl] = make([]int, len(t.kinds))
		ft.post.byKind[pl] = make([]int, len(t.kinds))
	}
	return ft
}

func (ft *featureTracker) take(b board, c *census) {
	c.total = [3]int{}
	for pl := 0; pl < 2; pl++ {
		clear(c.byKind[pl])
	}
	for sq := 0; sq < ft.t.nsq; sq++ {
		kind, owner, ok := b.PieceAt(sq)
		if !ok {
			continue
		}
		if owner != 0 && owner != 1 {
			c.total[2]++
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

// before is called with the move about to be made.
func before[M comparable, P position[M]](ft *featureTracker, p P, m M) {
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
}

// after is called once the move is made.
func (ft *featureTracker) after(b interface {
	board
	SideToMove() int
}, ply, mover int) {
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
	for o := 0; o < 3; o++ {
		removed += max(pre.total[o]-post.total[o], 0)
	}
	if removed >= 2 {
		f[protocol.FeatureMultiRemovals]++
	}
	if post.total[2] < pre.total[2] {
		f[protocol.FeatureWildRemoved]++
	}
	if b.SideToMove() == mover {
		f[protocol.FeatureSameSideAgain]++
	}
}

func (ft *featureTracker) finish() {
	if ft.branchN > 0 {
		ft.f[protocol.FeatureMeanBranching] = ft.branchSum / ft.branchN
	}
}
