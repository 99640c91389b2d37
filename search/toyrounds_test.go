package search

import (
	"context"
	"fmt"
	"reflect"
	"testing"
)

// oddEven is a toy game played in rounds: both players show 1, 2 or 3 at
// once. Showing 3 gives the other player a point; otherwise an even total
// scores for player 0 and an odd one for player 1. First to target wins,
// both at once is a draw. In secret rounds the equilibrium is an even mix
// of 1 and 2; with player 0 announcing first, player 1 wins every round.
type oddEven struct {
	score     [2]int
	rounds    int
	announcer int
	target    int
	hist      [][2]int
}

type oeMove int8

func (g *oddEven) SideToMove() int                  { return 0 }
func (g *oddEven) LegalMoves(buf []oeMove) []oeMove { return buf }
func (g *oddEven) Make(oeMove)                      { panic("oddEven is played in rounds") }
func (g *oddEven) Unmake() {
	g.score = g.hist[len(g.hist)-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.rounds--
}
func (g *oddEven) Hash() uint64 {
	return mixSeed(uint64(g.score[0]*64+g.score[1]), uint64(g.rounds))
}
func (g *oddEven) Ply() int              { return 2 * g.rounds }
func (g *oddEven) InCheck() bool         { return false }
func (g *oddEven) IsCapture(oeMove) bool { return false }

func (g *oddEven) HasLegalMove() bool { return len(g.LegalMoves(nil)) > 0 }

func (g *oddEven) ResultNoList() result { return g.Result() }

// LegalCaptures filters LegalMoves: the game has no captures.
func (g *oddEven) LegalCaptures(buf []oeMove) []oeMove {
	for _, m := range g.LegalMoves(nil) {
		if g.IsCapture(m) {
			buf = append(buf, m)
		}
	}
	return buf
}
func (g *oddEven) PieceAt(int) (int, int, bool) { return 0, 0, false }
func (g *oddEven) MoveString(m oeMove) string   { return fmt.Sprint(int(m)) }
func (g *oddEven) Source(oeMove) int            { return -1 }
func (g *oddEven) Target(oeMove) int            { return -1 }
func (g *oddEven) InRound() bool                { return !g.Result().over }
func (g *oddEven) Announcer() int               { return g.announcer }
func (g *oddEven) RoundMoves(_ int, buf []oeMove) []oeMove {
	return append(buf, 1, 2, 3)
}
func (g *oddEven) MakeRound(m0, m1 oeMove) {
	g.hist = append(g.hist, g.score)
	g.rounds++
	switch {
	case m0 == 3 || m1 == 3:
		if m0 == 3 {
			g.score[1]++
		}
		if m1 == 3 {
			g.score[0]++
		}
	case (m0+m1)%2 == 0:
		g.score[0]++
	default:
		g.score[1]++
	}
}
func (g *oddEven) QuickResult() result { return g.Result() }
func (g *oddEven) Result() result {
	w0, w1 := g.score[0] >= g.target, g.score[1] >= g.target
	switch {
	case w0 && w1:
		return result{over: true, winner: -1, rule: "both"}
	case w0:
		return result{over: true, winner: 0, rule: "target"}
	case w1:
		return result{over: true, winner: 1, rule: "target"}
	case g.rounds >= 12:
		return result{over: true, winner: -1, rule: "rounds"}
	}
	return result{winner: -1}
}

func TestRoundPlayersAvoidDominatedChoice(t *testing.T) {
	tables := buildEvalTables(nil)
	for _, spec := range []string{"ab:d2", "mcts:i400"} {
		ps, _ := ParseSpec(spec)
		shown := map[oeMove]int{}
		for seed := uint64(1); seed <= 20; seed++ {
			c, _ := newChooser[oeMove, *oddEven](ps, tables, seed)
			g := &oddEven{announcer: -1, target: 2}
			d, err := asRoundChooser(t, c).chooseRound(context.Background(), g, 1<<40, int(seed%2), nil)
			if err != nil {
				t.Fatal(err)
			}
			shown[d.move]++
		}
		if shown[3] > 0 || shown[1] == 0 || shown[2] == 0 {
			t.Errorf("%s: choices over 20 seeds %v; want a mix of 1 and 2 and never 3", spec, shown)
		}
	}
}

func TestRoundAnswerToAnnouncedMove(t *testing.T) {
	tables := buildEvalTables(nil)
	for _, spec := range []string{"ab:d2", "mcts:i400"} {
		ps, _ := ParseSpec(spec)
		for _, shown := range []oeMove{1, 2} {
			c, _ := newChooser[oeMove, *oddEven](ps, tables, 5)
			g := &oddEven{announcer: 0, target: 2}
			d, err := asRoundChooser(t, c).chooseRound(context.Background(), g, 1<<40, 1, &shown)
			if err != nil {
				t.Fatal(err)
			}
			if (d.move+shown)%2 != 1 || d.move == 3 {
				t.Errorf("%s: answered %d with %d; want the other parity", spec, shown, d.move)
			}
		}
	}
}

func TestRoundGames(t *testing.T) {
	tables := buildEvalTables(nil)
	ab, _ := ParseSpec("ab:d3")
	mc, _ := ParseSpec("mcts:i300")
	// Announcing first loses every round to a player who answers well
	// (no random opening rounds here, so every round is played).
	rec, err := runGame[oeMove, *oddEven](context.Background(), &oddEven{announcer: 0, target: 3}, tables, [2]PlayerSpec{ab, ab}, 3, Limits{OpeningPlies: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Winner != 1 || rec.Plies != 3 {
		t.Errorf("announced game: %+v; want player 1 to win in 3 rounds", rec)
	}
	var again [2]Record
	for i := range again {
		again[i], err = runGame[oeMove, *oddEven](context.Background(), &oddEven{announcer: -1, target: 4}, tables, [2]PlayerSpec{ab, mc}, 11, Limits{}, nil)
		if err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(again[0], again[1]) {
		t.Errorf("secret rounds: same seed, different games:\n%v\n%v", again[0].Moves, again[1].Moves)
	}
}
