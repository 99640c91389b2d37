package search

import (
	"testing"

	"balancefarm/engine"
)

// forcedWin reports whether the side to move can force a win within n of
// its own moves, by exhaustive search (alternating moves assumed).
func forcedWin(p *engine.Position, n int) bool {
	stm := p.SideToMove()
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		ok := wonAfter(p, stm, n)
		p.Unmake()
		if ok {
			return true
		}
	}
	return false
}

// wonAfter reports whether winner, having just moved into p, wins at once
// or within n-1 further moves whatever the reply.
func wonAfter(p *engine.Position, winner, n int) bool {
	if o := p.Outcome(); o.Over {
		return o.Winner == winner
	}
	if n <= 1 {
		return false
	}
	for _, r := range p.LegalMoves(nil) {
		p.Make(r)
		o := p.Outcome()
		ok := (o.Over && o.Winner == winner) || (!o.Over && forcedWin(p, n-1))
		p.Unmake()
		if !ok {
			return false
		}
	}
	return true
}

// tacticPositions are won positions written for the tests, each checked
// to be a win in exactly n moves and no fewer.
var tacticPositions = []struct {
	name, file, fen string
	n               int
}{
	{"back-rank mate in one, rook en prise", "chess.json", "6k1/5ppp/8/8/8/7r/5PPP/R5K1 w - - 0 1", 1},
	{"mate in one on five by five", "five-by-five.json", "1k3/1P3/1K3/5/4R w - - 0 1", 1},
	{"mate in two, rook sacrifice", "chess.json", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2},
	{"mate in two, quiet first move", "chess.json", "7k/8/5K2/8/8/8/8/6R1 w - - 0 1", 2},
	{"king of the hill in one, queen en prise", "kingofthehill.json", "4k3/8/8/8/8/3K4/2q5/8 w - - 0 1", 1},
	{"jeson mor: leave the centre", "jesonmor.json", "3n5/9/9/9/4N4/9/9/9/5n3 w - - 0 1", 1},
}

var tacticPlayers = []string{"ab:d3", "ab:n20000", "mcts:i4000"}

func TestPlayersFindForcedWins(t *testing.T) {
	for _, tc := range tacticPositions {
		g := loadGame(t, tc.file)
		pos, err := g.ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !forcedWin(pos, tc.n) || (tc.n > 1 && forcedWin(pos, tc.n-1)) {
			t.Fatalf("%s: position is not a win in exactly %d", tc.name, tc.n)
		}
		stm := pos.SideToMove()
		for _, spec := range tacticPlayers {
			pl, err := newMovePlayer(spec, g, 1)
			if err != nil {
				t.Fatal(err)
			}
			m, d, err := pl.choose(pos)
			if err != nil {
				t.Fatalf("%s, %s: %v", tc.name, spec, err)
			}
			if pos.FEN() != tc.fen {
				t.Fatalf("%s, %s: the search changed the position", tc.name, spec)
			}
			pos.Make(m)
			won := wonAfter(pos, stm, tc.n)
			pos.Unmake()
			if !won {
				t.Errorf("%s, %s: played %s (%+v), which does not win in %d", tc.name, spec, pos.MoveString(m), d, tc.n)
			}
			if d.hasScore && d.score != scoreWin-(2*tc.n-1) {
				t.Errorf("%s, %s: score %s, want win in %d plies", tc.name, spec, DescribeScore(d.score), 2*tc.n-1)
			}
		}
	}
}
