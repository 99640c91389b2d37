package search

import (
	"context"
	"reflect"
	"testing"
)

func TestABSolvesNim(t *testing.T) {
	tables := buildEvalTables(nil)
	for _, turnLen := range []int{1, 2, 3} {
		for pile := 1; pile <= 22; pile++ {
			pos := newNim(pile, turnLen)
			want := nimWinner(pos, map[[3]int]int{})
			s := newABSearch[nimMove, *nim](tables, PlayerSpec{Family: FamilyAB, Depth: pile}, 1)
			r, err := s.search(context.Background(), pos, 1<<40)
			if err != nil {
				t.Fatal(err)
			}
			stm := pos.SideToMove()
			if r.forced {
				continue // one legal move: played without a score
			}
			if (r.score > scoreWinMin) != (want == stm) {
				t.Errorf("turn %d pile %d: score %d, but winner with best play is %d", turnLen, pile, r.score, want)
			}
			if want == stm {
				pos.Make(r.move)
				if got := nimWinner(pos, map[[3]int]int{}); got != stm {
					t.Errorf("turn %d pile %d: move %d throws the win away", turnLen, pile, r.move)
				}
				pos.Unmake()
			}
			if pos.pile != pile || pos.ply != 0 {
				t.Fatalf("search left the position changed")
			}
		}
	}
}

func TestMCTSSolvesNim(t *testing.T) {
	tables := buildEvalTables(nil)
	for _, turnLen := range []int{1, 2} {
		for pile := 1; pile <= 14; pile++ {
			pos := newNim(pile, turnLen)
			stm := pos.SideToMove()
			if nimWinner(pos, map[[3]int]int{}) != stm {
				continue
			}
			s := newMCTSSearch[nimMove, *nim](tables, PlayerSpec{Family: FamilyMCTS, Iterations: 3000}, 7)
			r, err := s.search(context.Background(), pos, 1<<40)
			if err != nil {
				t.Fatal(err)
			}
			pos.Make(r.move)
			if got := nimWinner(pos, map[[3]int]int{}); got != stm {
				t.Errorf("turn %d pile %d: mcts played %d, which loses", turnLen, pile, r.move)
			}
			pos.Unmake()
		}
	}
}

func TestToyGameDeterministic(t *testing.T) {
	tables := buildEvalTables(nil)
	specs := [][2]string{{"random", "mcts:i50"}, {"ab:d3", "mcts:i100"}, {"mcts:i30", "random"}}
	for _, sp := range specs {
		var recs [2]Record
		for i := range recs {
			p0, _ := ParseSpec(sp[0])
			p1, _ := ParseSpec(sp[1])
			rec, err := runGame[nimMove, *nim](context.Background(), newNim(40, 1), tables, [2]PlayerSpec{p0, p1}, 99, Limits{OpeningPlies: 3}, nil)
			if err != nil {
				t.Fatal(err)
			}
			recs[i] = rec
		}
		if !reflect.DeepEqual(recs[0], recs[1]) {
			t.Errorf("%v: same seed, different games:\n%+v\n%+v", sp, recs[0], recs[1])
		}
		if recs[0].OpeningPlies != 3 || recs[0].Winner < 0 || recs[0].Rule != "last stone" {
			t.Errorf("%v: unexpected record %+v", sp, recs[0])
		}
	}
}

func TestNodeLimitStopsGame(t *testing.T) {
	tables := buildEvalTables(nil)
	p0, _ := ParseSpec("ab:d30")
	_, err := runGame[nimMove, *nim](context.Background(), newNim(60, 1), tables, [2]PlayerSpec{p0, p0}, 1, Limits{MaxNodes: 500, OpeningPlies: -1}, nil)
	if err == nil {
		t.Fatal("a game past its node limit ended without an error")
	}
}
