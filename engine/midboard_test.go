package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// walkPiece is genPiece as it reads the tables on every board over 64
// squares without midSquare: the entries one by one where they must be,
// else genWalk. genMid must list the same moves in the same order, or a
// seeded player would play other games.
func walkPiece(p *Position, buf []Move, from int, capOnly bool) []Move {
	g := p.g
	k := codeKind(p.board[from])
	idx := (p.side*g.nk+k)*g.n + from
	ps := &g.pieceSquares[idx]
	if ps.flags&(psDup|psSpecial) != 0 || ps.flags&psEP != 0 && p.epN > 0 {
		return p.genTable(buf, ps, idx, from, k, capOnly)
	}
	return p.genWalk(buf, ps, from, k, capOnly)
}

func TestMidBoardSameMoves(t *testing.T) {
	games, plies := 6, 200
	if testing.Short() {
		games, plies = 2, 120
	}
	tested := 0
	for _, ng := range allGames(t) {
		g := ng.g
		if !g.mid {
			continue
		}
		tested++
		checked := 0
		for seed := uint64(0); seed < uint64(games); seed++ {
			rng := rand.New(rand.NewPCG(seed, 0x3d))
			p := g.NewPosition()
			for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
				if p.InRound() {
					m0, m1 := p.RoundMoves(0, nil), p.RoundMoves(1, nil)
					p.MakeRound(m0[rng.IntN(len(m0))], m1[rng.IntN(len(m1))])
					continue
				}
				for _, from := range p.occ[p.side].squares(nil) {
					for _, capOnly := range []bool{false, true} {
						// A small buffer makes genMid grow it too.
						got := p.genMid(make([]Move, 1, 2), from, capOnly)[1:]
						want := walkPiece(p, nil, from, capOnly)
						if !slices.Equal(got, want) {
							t.Fatalf("%s at %s, piece on %s (captures only %v):\n got %v\nwant %v",
								ng.name, p.FEN(), g.names[from], capOnly, p.moveNames(got), p.moveNames(want))
						}
						checked++
					}
				}
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				p.Make(moves[rng.IntN(len(moves))])
			}
		}
		t.Logf("%s: %d piece lists the same", ng.name, checked)
	}
	if tested == 0 {
		t.Fatal("no rule file has a board of 65 to 128 squares")
	}
}

func (p *Position) moveNames(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = p.MoveString(m)
	}
	return out
}
