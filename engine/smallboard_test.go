package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSmallBoardPathsMatchGeneric plays random games of every rule file
// twice in lockstep: once as loaded, where a board of at most 64 squares
// takes the mask paths (landings gathered in one word, blockers found by
// bit scan, attack tests reading occupancy masks), and once with those
// paths turned off so that every ray is walked square by square. Both must
// find the same legal moves, each once; on boards the mask paths serve,
// the moves of each piece must come in square order, as documented.
func TestSmallBoardPathsMatchGeneric(t *testing.T) {
	games, plies := 4, 300
	if testing.Short() {
		games, plies = 2, 120
	}
	for _, ng := range allGames(t) {
		t.Run(ng.name, func(t *testing.T) {
			if !ng.g.small {
				t.Skipf("%d squares: only the generic paths serve this board", ng.g.n)
			}
			generic := *ng.g
			generic.small = false
			rng := rand.New(rand.NewPCG(5, uint64(len(ng.name))))
			compared := 0
			for game := 0; game < games; game++ {
				p, q := ng.g.NewPosition(), generic.NewPosition()
				for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
					got, want := p.LegalMoves(nil), q.LegalMoves(nil)
					sortedGot, sortedWant := slices.Clone(got), slices.Clone(want)
					slices.Sort(sortedGot)
					slices.Sort(sortedWant)
					if !slices.Equal(sortedGot, sortedWant) || len(slices.Compact(sortedGot)) != len(got) {
						t.Fatalf("%s: mask paths give %v, generic paths %v", p.FEN(), moveStrings(p, got), moveStrings(q, want))
					}
					if q.Outcome() != p.Outcome() {
						t.Fatalf("%s: outcome %+v with the mask paths, %+v without", p.FEN(), p.Outcome(), q.Outcome())
					}
					checkSquareOrder(t, p, got)
					if len(got) == 0 {
						break
					}
					compared += len(got)
					m := got[rng.IntN(len(got))]
					p.Make(m)
					q.Make(m)
				}
			}
			t.Logf("%d moves compared", compared)
		})
	}
}

// checkSquareOrder fails unless, within each run of moves of one piece
// taken from its fast lists, landings rise. Moves from slow entries
// (first-move or lame) follow a piece's fast moves and may restart the
// order once, so only a second fall within a run fails. Captures from
// afar (a shot, a stay across boards) are slow entries listed in table
// order, one entry each, and are left out.
func checkSquareOrder(t *testing.T, p *Position, ms []Move) {
	t.Helper()
	if p.g.portal != nil {
		return // a game with portals walks the tables (portal.go)
	}
	falls := 0
	for i := 1; i < len(ms); i++ {
		if ms[i].From() != ms[i-1].From() || ms[i].typ() == moveCastle || ms[i].typ() == moveDrop || ms[i].typ() == moveTurn || ms[i].IsChance() || ms[i].typ() == movePass || ms[i]&mvStay != 0 {
			falls = 0
			continue
		}
		// A piece that may promote or is bound by a region lists its
		// moves from its table entries, in table order.
		if ps := &p.g.pieceSquares[(p.side*p.g.nk+codeKind(p.board[ms[i].From()]))*p.g.n+ms[i].From()]; ps.flags&psSpecial != 0 {
			falls = 0
			continue
		}
		if ms[i].To() < ms[i-1].To() && ms[i].Promotion() < 0 {
			if falls++; falls > 1 && !p.g.dup[(p.side*p.g.nk+codeKind(p.board[ms[i].From()]))*p.g.n+ms[i].From()] {
				t.Fatalf("%s: landings of one piece out of square order: %v", p.FEN(), moveStrings(p, ms))
			}
		}
	}
}
