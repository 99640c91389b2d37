package engine

import (
	"math/rand/v2"
	"testing"
)

// TestHasLegalMoveAfterEveryMove plays random games of every rule file and,
// at every ply, makes each legal move in turn and checks that the early-exit
// HasLegalMove agrees with len(LegalMoves) > 0 there, and OutcomeNoList with
// Outcome: the search asks both at each node, and the positions one move
// off a random line hold the checks, mates and stalemates a random line
// itself seldom reaches. Each is asked with and without the answer to
// InCheck known.
func TestHasLegalMoveAfterEveryMove(t *testing.T) {
	games, plies := 2, 80
	if testing.Short() {
		games, plies = 1, 30
	}
	for _, ng := range allGames(t) {
		t.Run(ng.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(37, uint64(len(ng.name))))
			children, moveless := 0, 0
			for game := 0; game < games; game++ {
				p := ng.g.NewPosition()
				for ply := 0; ply < plies; ply++ {
					if p.Outcome().Over {
						break
					}
					moves := p.LegalMoves(nil)
					if len(moves) == 0 {
						break
					}
					for _, m := range moves {
						p.Make(m)
						// Asked cold, and after the search's own question
						// (whether the side is in check), which HasLegalMove
						// may use.
						n := -1
						for _, askCheck := range []bool{false, true} {
							p.legalValid, p.checkKnown = false, false
							if askCheck {
								p.InCheck()
							}
							has := p.HasLegalMove()
							if n < 0 {
								n = len(p.LegalMoves(nil))
							}
							if has != (n > 0) {
								t.Fatalf("%s: HasLegalMove %v with %d legal moves (in check asked first: %v)", p.FEN(), has, n, askCheck)
							}
						}
						p.legalValid, p.ocValid = false, false
						if got, want := p.OutcomeNoList(), p.outcome(false); got != want {
							t.Fatalf("%s: OutcomeNoList %+v, Outcome %+v", p.FEN(), got, want)
						}
						children++
						if n == 0 {
							moveless++
						}
						p.Unmake()
					}
					p.Make(moves[rng.IntN(len(moves))])
				}
			}
			if children == 0 {
				t.Fatal("no position compared")
			}
			t.Logf("%d positions compared, %d without a legal move", children, moveless)
		})
	}
}

// TestHasLegalTurnAgreesWithList: in the files with facings, at every ply
// of random games (the placement phase included), hasLegalTurn says
// whether legalTurns lists a turn.
func TestHasLegalTurnAgreesWithList(t *testing.T) {
	for _, file := range []string{"rulesets/seeds/elven-chess.json", "rulesets/lancers.json"} {
		g := loadFile(t, file)
		rng := rand.New(rand.NewPCG(11, 3))
		some, none := 0, 0
		for game := 0; game < 3; game++ {
			p := g.NewPosition()
			for ply := 0; ply < 200 && !p.Outcome().Over; ply++ {
				want := len(p.legalTurns(nil, nil)) > 0
				p.checkKnown = false
				if got := p.hasLegalTurn(); got != want {
					t.Fatalf("%s %s: hasLegalTurn %v, legalTurns lists a turn: %v", file, p.FEN(), got, want)
				}
				if want {
					some++
				} else {
					none++
				}
				moves := p.LegalMoves(nil)
				p.Make(moves[rng.IntN(len(moves))])
			}
		}
		if some == 0 || none == 0 {
			t.Errorf("%s: %d positions with a turn, %d without: both answers should be seen", file, some, none)
		}
	}
}
