package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"balancefarm/engine/fen4"
	"balancefarm/engine/fourref"
)

// refMoveString writes an engine move as the reference does: from-to,
// "=Q" for a promotion, castling as the king's move.
func refMoveString(g *Game, m Move) string {
	s := fen4.SquareName(m.From()) + "-" + fen4.SquareName(m.To())
	if pr := m.Promotion(); pr >= 0 {
		s += "=" + g.PieceID(pr)
	}
	return s
}

// TestFourPlayerMatchesReference plays random games of four-player chess
// Teams and, at every ply, compares the engine's legal moves with those of
// the reference generator written straight from the rules (fourref), the
// position handed over in FEN4; every few plies it compares perft(2) as
// well. The one reading apart: the reference lets a move take an enemy king
// even when it leaves the mover's own king attacked (the game ends with
// it), where the engine keeps the rule that no move leaves one's royals
// attacked; such moves are left out of the comparison.
func TestFourPlayerMatchesReference(t *testing.T) {
	g := loadRuleset(t, "../rulesets/four-player-teams.json")
	games, plies := 12, 300
	if testing.Short() {
		games, plies = 3, 120
	}
	rng := rand.New(rand.NewPCG(31, 4))
	compared := 0
	for game := 0; game < games; game++ {
		p := g.NewPosition()
		for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
			fen := p.FEN()
			rp, err := fen4.Parse(fen)
			if err != nil {
				t.Fatalf("fen4 cannot read the engine's %s: %v", fen, err)
			}
			var want []string
			for _, m := range fourref.Moves(rp) {
				after := fourref.Make(rp, m)
				if kingTaken(rp, m) && !ownKingsSafe(after, int(rp.Turn)) {
					continue
				}
				want = append(want, m.String())
			}
			var got []string
			moves := p.LegalMoves(nil)
			for _, m := range moves {
				got = append(got, refMoveString(g, m))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: %s\nengine    %v\nreference %v", game, ply, fen, got, want)
			}
			if ply%10 == 5 {
				if a, b := p.Perft(2), fourref.Perft(rp, 2); a != b {
					t.Fatalf("game %d ply %d: perft(2) engine %d, reference %d\n%s", game, ply, a, b, fen)
				}
			}
			compared++
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d positions compared", compared)
}

// kingTaken reports whether m takes a king in the reference's position.
func kingTaken(p fen4.Position, m fourref.Move) bool {
	c := p.Cells[m.To]
	return c.IsPiece() && c.Piece == 'K'
}

// ownKingsSafe reports whether no king of seat lies attacked after the
// move: whether none of the seat's foes could take one next.
func ownKingsSafe(after fen4.Position, seat int) bool {
	for foe := 0; foe < 4; foe++ {
		if foe%2 == seat%2 {
			continue
		}
		q := after.Clone()
		q.Turn = foe
		for _, m := range fourref.Moves(q) {
			c := q.Cells[m.To]
			if c.IsPiece() && c.Piece == 'K' && int(c.Seat) == seat {
				return false
			}
		}
	}
	return true
}
