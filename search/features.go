package search

// Feature names in Record.Features. Each is read from the position through
// the game interface alone, so it means the same in every rule family.
const (
	FeatCaptures        = "captures"          // plies that captured
	FeatFirstCapture    = "first_capture_ply" // ply of the first capture (absent if none)
	FeatChecks          = "checks"            // plies that left the other side in check
	FeatFirstCheck      = "first_check_ply"   // ply of the first check (absent if none)
	FeatPromotions      = "promotions"        // plies after which a mover's piece had become another kind
	FeatEntries         = "entries"           // plies that added a piece of the mover's to the board (drops)
	FeatMultiRemovals   = "multi_removals"    // plies that took two or more pieces off (explosions, sweeps)
	FeatWildRemoved     = "wild_removed"      // plies that removed a piece nobody owns
	FeatSameSideAgain   = "same_side_again"   // plies after which the same side moved again
	FeatForced          = "forced_plies"      // plies with a single legal move
	FeatMeanBranching   = "mean_branching"    // legal moves per ply, rounded down
	FeatMaxBranching    = "max_branching"     // most legal moves at one ply
	FeatOpeningCaptures = "opening_captures"  // captures available at the first ply
)

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
	for sq := 0; sq < ft.t.geo.nsq; sq++ {
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
			c.byKind[owner][kind]++
		}
	}
}

// before is called with the move about to be made.
func before[M comparable, P position[M]](ft *featureTracker, p P, m M) {
	moves := p.LegalMoves(nil)
	n := len(moves)
	ft.branchSum += n
	ft.branchN++
	ft.f[FeatMaxBranching] = max(ft.f[FeatMaxBranching], n)
	if n == 1 {
		ft.f[FeatForced]++
	}
	if ft.firstPlyCounts {
		ft.firstPlyCounts = false
		caps := 0
		for _, x := range moves {
			if p.IsCapture(x) {
				caps++
			}
		}
		ft.f[FeatOpeningCaptures] = caps
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
		f[FeatCaptures]++
		if _, ok := f[FeatFirstCapture]; !ok {
			f[FeatFirstCapture] = ply
		}
	}
	if b.InCheck() {
		f[FeatChecks]++
		if _, ok := f[FeatFirstCheck]; !ok {
			f[FeatFirstCheck] = ply
		}
	}
	pre, post := &ft.pre, &ft.post
	if post.total[mover] > pre.total[mover] {
		f[FeatEntries]++
	} else {
		for k := range post.byKind[mover] {
			if post.byKind[mover][k] > pre.byKind[mover][k] {
				f[FeatPromotions]++
				break
			}
		}
	}
	removed := 0
	for o := 0; o < 3; o++ {
		removed += max(pre.total[o]-post.total[o], 0)
	}
	if removed >= 2 {
		f[FeatMultiRemovals]++
	}
	if post.total[2] < pre.total[2] {
		f[FeatWildRemoved]++
	}
	if b.SideToMove() == mover {
		f[FeatSameSideAgain]++
	}
}

func (ft *featureTracker) finish() {
	if ft.branchN > 0 {
		ft.f[FeatMeanBranching] = ft.branchSum / ft.branchN
	}
}
