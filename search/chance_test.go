package search

import (
	"balancefarm/engine"
	"context"
	"reflect"
	"strings"
	"testing"
)

// handTrees are small chance trees whose expectimax values are worked out
// by hand (S = scoreWin; an end at ply p is worth S-p to its winner; a
// chance node's value for its side is its weighted mean rounded down).
var handTrees = []struct {
	name  string
	build func(t *chanceTree) treeMove
	value int // for player 0, to move at the root
	best  int // the root's best move, by index
}{
	{
		// a: P0 wins or draws, even odds: -floor(-(S-2)/2) = 15499 for P0.
		// b: P0 wins 2 in 3, else loses: -floor(-(S-2)/3) = 10333.
		name: "even odds of a win beat two in three",
		build: func(t *chanceTree) treeMove {
			a := t.chance(1, 1, int(t.end(0)), 1, int(t.end(-1)))
			b := t.chance(1, 2, int(t.end(0)), 1, int(t.end(1)))
			return t.decide(0, a, b)
		},
		value: 15499, best: 0,
	},
	{
		// a: P0 wins 1 in 10: -floor((9(S-2) - (S-2))/10) = -24798;
		// b: a draw, 0. Hoping for the lucky roll loses.
		name: "a long shot loses to a draw",
		build: func(t *chanceTree) treeMove {
			a := t.chance(1, 1, int(t.end(0)), 9, int(t.end(1)))
			return t.decide(0, a, t.end(-1))
		},
		value: 0, best: 1,
	},
	{
		// a: P0 wins 9 in 10: -floor((-9(S-2) + (S-2))/10) = 24799; b: a
		// draw. A chance node read as the other player's choice would
		// call a lost.
		name: "a likely win beats a draw",
		build: func(t *chanceTree) treeMove {
			a := t.chance(1, 9, int(t.end(0)), 1, int(t.end(1)))
			return t.decide(0, a, t.end(-1))
		},
		value: 24799, best: 0,
	},
	{
		// a: P0 moves again after the roll. Weight 1: it wins at ply 3
		// (S-3 = 30997). Weight 3: its choice of a coin flip between a
		// loss and a draw (-floor((S-4)/2) = -15498) or a draw takes the
		// draw, 0. floor(30997/4) = 7749. b: a draw.
		name: "a decision after the roll, a coin flip below it",
		build: func(t *chanceTree) treeMove {
			x := t.decide(0, t.end(0), t.end(1))
			flip := t.chance(1, 1, int(t.end(1)), 1, int(t.end(-1)))
			y := t.decide(0, flip, t.end(-1))
			a := t.chance(0, 1, int(x), 3, int(y))
			return t.decide(0, a, t.end(-1))
		},
		value: 7749, best: 0,
	},
	{
		// a: P0 moves again after the roll; weight 1 it can win at ply 3
		// (S-3), weight 9 every move loses there: floor((1-9)(S-3)/10) =
		// -24798. b: a draw. A win proven below the roll is no proof of a.
		name: "a win behind an unlikely roll is no proof",
		build: func(t *chanceTree) treeMove {
			x := t.decide(0, t.end(1), t.end(0))
			y := t.decide(0, t.end(1), t.end(1))
			a := t.chance(0, 1, int(x), 9, int(y))
			return t.decide(0, a, t.end(-1))
		},
		value: 0, best: 1,
	},
}

func TestExpectimaxByHand(t *testing.T) {
	tables := buildEvalTables(nil)
	for _, tc := range handTrees {
		tree := newChanceTree()
		tree.root(tc.build(tree))
		if got := tree.expectimax(0); got != tc.value {
			t.Errorf("%s: the reference says %d, the hand %d", tc.name, got, tc.value)
		}
		want := tree.nodes[tree.path[0]].kids[tc.best]
		for _, plain := range []bool{false, true} {
			s := newABSearch[treeMove, *chanceTree](tables, PlayerSpec{Family: FamilyAB, Depth: 8, Off: TechAll}, 1)
			s.plainExp = plain
			r, err := s.search(context.Background(), tree, 1<<30)
			if err != nil {
				t.Fatal(err)
			}
			if r.score != tc.value || r.move != want {
				t.Errorf("%s (plain expectimax %v): %s scoring %d, want %s scoring %d",
					tc.name, plain, tree.MoveString(r.move), r.score, tree.MoveString(want), tc.value)
			}
			if len(tree.path) != 1 {
				t.Fatalf("%s: the search left the tree at %v", tc.name, tree.path)
			}
		}
	}
}

// Star1 prunes only what cannot change the value: on random trees it
// finds the reference value and move, as plain expectimax does.
func TestStar1MatchesExpectimax(t *testing.T) {
	tables := buildEvalTables(nil)
	r := newRNG(33)
	var nodes [2]int64
	trees := 300
	if testing.Short() {
		trees = 100
	}
	for i := range trees {
		tree := newChanceTree()
		root := tree.decide(0, randomChanceTree(tree, r, 6), randomChanceTree(tree, r, 6), randomChanceTree(tree, r, 6))
		tree.root(root)
		want := tree.expectimax(0)
		// The root's best move, when only one move reaches the value.
		var unique treeMove
		for _, m := range tree.nodes[root].kids {
			tree.Make(m)
			v := 0
			if k := tree.cur(); k.kind == treeEnd {
				v = terminalScore(result{over: true, winner: k.winner}, 0, 1)
			} else if v = tree.expectimax(1); k.side != 0 {
				v = -v
			}
			tree.Unmake()
			if v == want {
				if unique == 0 {
					unique = m
				} else {
					unique = -1
				}
			}
		}
		for k, plain := range []bool{true, false} {
			s := newABSearch[treeMove, *chanceTree](tables, PlayerSpec{Family: FamilyAB, Depth: 10, Off: TechAll}, 1)
			s.plainExp = plain
			res, err := s.search(context.Background(), tree, 1<<30)
			if err != nil {
				t.Fatal(err)
			}
			nodes[k] += res.nodes
			if res.score != want || (unique > 0 && res.move != unique) {
				t.Errorf("tree %d (plain expectimax %v): %s scoring %d, want %d (best move %d)", i, plain, tree.MoveString(res.move), res.score, want, unique)
			}
		}
	}
	t.Logf("nodes over %d trees: plain expectimax %d, Star1 %d", trees, nodes[0], nodes[1])
	if nodes[1] >= nodes[0] {
		t.Errorf("Star1 searched %d nodes, plain expectimax %d: it pruned nothing", nodes[1], nodes[0])
	}
}

// MCTS samples a chance node's outcomes by weight and never proves
// through one: it plays the move of higher expectation.
func TestMCTSPlaysTheExpectation(t *testing.T) {
	tables := buildEvalTables(nil)
	for _, tc := range handTrees {
		for _, seed := range []uint64{1, 2, 3} {
			tree := newChanceTree()
			tree.root(tc.build(tree))
			s := newMCTSSearch[treeMove, *chanceTree](tables, PlayerSpec{Family: FamilyMCTS, Iterations: 2000}, seed)
			r, err := s.search(context.Background(), tree, 1<<30)
			if err != nil {
				t.Fatal(err)
			}
			if want := tree.nodes[tree.path[0]].kids[tc.best]; r.move != want {
				t.Errorf("%s, seed %d: mcts played %s, want %s", tc.name, seed, tree.MoveString(r.move), tree.MoveString(want))
			}
			if len(tree.path) != 1 {
				t.Fatalf("%s: the search left the tree at %v", tc.name, tree.path)
			}
		}
	}
}

// playGuessRace plays one game of the guess race, returning the record
// and the chance outcomes in the order they fell.
func playGuessRace(t *testing.T, p0, p1 string, seed uint64, openings int) (Record, []string) {
	t.Helper()
	var specs [2]PlayerSpec
	for i, s := range []string{p0, p1} {
		var err error
		if specs[i], err = ParseSpec(s); err != nil {
			t.Fatal(err)
		}
	}
	var outcomes []string
	watch := func(ev MoveEvent) {
		if ev.Chance {
			outcomes = append(outcomes, ev.Move)
			if ev.Nodes != 0 || !strings.HasPrefix(ev.Move, "roll:") {
				t.Errorf("chance event %+v", ev)
			}
		} else if strings.HasPrefix(ev.Move, "roll:") {
			t.Errorf("a roll not marked as chance: %+v", ev)
		}
	}
	rec, err := runGame[guessMove, *guessRace](context.Background(), newGuessRace(8), buildEvalTables(nil), specs, seed, Limits{OpeningPlies: openings}, watch)
	if err != nil {
		t.Fatal(err)
	}
	return rec, outcomes
}

// The same seed gives the same game, chance included, and the record
// replays move for move; its counts say which plies were chance.
func TestChanceGameReplays(t *testing.T) {
	for _, sp := range [][2]string{{"random", "ab:d4"}, {"mcts:i100", "seer:ab:d4"}, {"seer:mcts:i100", "random"}} {
		rec, outcomes := playGuessRace(t, sp[0], sp[1], 7, 2)
		again, _ := playGuessRace(t, sp[0], sp[1], 7, 2)
		if !reflect.DeepEqual(rec, again) {
			t.Errorf("%v: the same seed gave two games:\n%+v\n%+v", sp, rec, again)
		}
		if rec.Plies != len(rec.Moves) || rec.ChancePlies != len(outcomes) || rec.ChancePlies == 0 {
			t.Errorf("%v: %d plies, %d chance plies, for %d moves and %d outcomes", sp, rec.Plies, rec.ChancePlies, len(rec.Moves), len(outcomes))
		}
		// Two decisions open the game, with the roll between them.
		if rec.OpeningPlies != 3 || !strings.HasPrefix(rec.Moves[1], "roll:") {
			t.Errorf("%v: opening of %d plies: %v", sp, rec.OpeningPlies, rec.Moves)
		}
		g := newGuessRace(8)
		for i, text := range rec.Moves {
			var found bool
			for _, m := range g.LegalMoves(nil) {
				if g.MoveString(m) == text {
					g.Make(m)
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("%v: ply %d, %q is not legal in the replay", sp, i+1, text)
			}
		}
		if r := g.Result(); !r.over || r.winner != rec.Winner {
			t.Errorf("%v: the replay ends %+v, the record with winner %d", sp, r, rec.Winner)
		}
	}
}

// Both games of a pair (seats swapped, same seed) draw from one chance
// stream: the k-th roll is the same in both, whatever was played.
func TestBothSeatingsSeeTheSameDice(t *testing.T) {
	for _, sp := range [][2]string{{"random", "ab:d4"}, {"mcts:i50", "random"}} {
		for seed := uint64(1); seed <= 4; seed++ {
			recA, a := playGuessRace(t, sp[0], sp[1], seed, 2)
			recB, b := playGuessRace(t, sp[1], sp[0], seed, 2)
			n := min(len(a), len(b))
			if n == 0 || !reflect.DeepEqual(a[:n], b[:n]) {
				t.Errorf("%v seed %d: the seatings rolled %v and %v", sp, seed, a, b)
			}
			// The openings are drawn from the same seed too.
			if !reflect.DeepEqual(recA.Moves[:recA.OpeningPlies], recB.Moves[:recB.OpeningPlies]) {
				t.Errorf("%v seed %d: openings %v and %v", sp, seed, recA.Moves[:recA.OpeningPlies], recB.Moves[:recB.OpeningPlies])
			}
		}
	}
}

// Knowing the dice wins the guess race: the seer beats its own base.
func TestSeerBeatsItsBase(t *testing.T) {
	for _, tc := range []struct {
		base string
		min  float64
	}{
		{"ab:d9", 0.75},
		{"mcts:i300", 0.75},
	} {
		seer := "seer:" + tc.base
		score, games := 0.0, 0
		for seed := uint64(1); seed <= 20; seed++ {
			for seat := 0; seat < 2; seat++ {
				p := [2]string{tc.base, tc.base}
				p[seat] = seer
				rec, _ := playGuessRace(t, p[0], p[1], seed, -1)
				switch rec.Winner {
				case seat:
					score++
				case -1:
					score += 0.5
				}
				games++
			}
		}
		t.Logf("%s against %s: %.1f of %d", seer, tc.base, score, games)
		if score < tc.min*float64(games) {
			t.Errorf("%s scored %.1f of %d against %s, want at least %.0f%%", seer, score, games, tc.base, 100*tc.min)
		}
	}
}

// In a game without chance a seer plays exactly as its base.
func TestSeerWithoutChancePlaysAsItsBase(t *testing.T) {
	tables := buildEvalTables(nil)
	for _, base := range []string{"ab:d5", "ab:n3000", "mcts:i200"} {
		for seed := uint64(1); seed <= 3; seed++ {
			var recs [2]Record
			for i, first := range []string{base, "seer:" + base} {
				p0, _ := ParseSpec(first)
				p1, _ := ParseSpec("mcts:i100")
				rec, err := runGame[nimMove, *nim](context.Background(), newNim(30, 1), tables, [2]PlayerSpec{p0, p1}, seed, Limits{OpeningPlies: 2}, nil)
				if err != nil {
					t.Fatal(err)
				}
				recs[i] = rec
			}
			if !reflect.DeepEqual(recs[0].Moves, recs[1].Moves) || recs[0].Nodes != recs[1].Nodes {
				t.Errorf("%s seed %d: the seer played %v (%v nodes), its base %v (%v nodes)",
					base, seed, recs[1].Moves, recs[1].Nodes, recs[0].Moves, recs[0].Nodes)
			}
		}
	}
}

// A seer's search plays each chance event below its root as the draw it
// was told for it falls, and averages where it was told nothing. The tree
// is handTrees[0]: a, a win or a draw at even odds; b, a win 2 in 3, else
// a loss.
func TestSeerSearchFollowsTheDraws(t *testing.T) {
	tables := buildEvalTables(nil)
	tests := []struct {
		name   string
		future []uint64
		best   int
		value  int
	}{
		{"told nothing: the expectation", nil, 0, 15499},
		{"a draws, b wins", []uint64{1 << 64 / 10 * 6}, 1, scoreWin - 2},
		{"a draws, b loses", []uint64{1 << 64 / 10 * 9}, 0, 0},
	}
	for _, tc := range tests {
		tree := newChanceTree()
		tree.root(handTrees[0].build(tree))
		want := tree.nodes[tree.path[0]].kids[tc.best]
		ab := newABSearch[treeMove, *chanceTree](tables, PlayerSpec{Family: FamilyAB, Depth: 4, Off: TechAll, Seer: true}, 1)
		ab.future = tc.future
		r, err := ab.search(context.Background(), tree, 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		if r.move != want || r.score != tc.value {
			t.Errorf("%s: seer:ab played %s scoring %d, want %s scoring %d", tc.name, tree.MoveString(r.move), r.score, tree.MoveString(want), tc.value)
		}
		mc := newMCTSSearch[treeMove, *chanceTree](tables, PlayerSpec{Family: FamilyMCTS, Iterations: 1000, Seer: true}, 1)
		mc.future = tc.future
		m, err := mc.search(context.Background(), tree, 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		if m.move != want {
			t.Errorf("%s: seer:mcts played %s, want %s", tc.name, tree.MoveString(m.move), tree.MoveString(want))
		}
	}
}

// The same on a rule file without chance, through Play.
func TestSeerPlaysAsItsBaseOnDobutsu(t *testing.T) {
	g := loadGame(t, "dobutsu.json")
	if g.HasChance() {
		t.Fatal("dobutsu has chance events")
	}
	for _, base := range []string{"ab:n300", "mcts:i60"} {
		var recs [2]Record
		for i, spec := range []string{base, "seer:" + base} {
			rec, err := Play(context.Background(), g, nil, spec, "ab:n200", 5, Limits{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			recs[i] = rec
		}
		if !reflect.DeepEqual(recs[0].Moves, recs[1].Moves) || recs[0].Nodes != recs[1].Nodes || recs[1].ChancePlies != 0 {
			t.Errorf("%s: the seer played %v, its base %v", base, recs[1].Moves, recs[0].Moves)
		}
	}
}

func TestPickOutcome(t *testing.T) {
	tests := []struct {
		weights []int
		draw    uint64
		want    int
	}{
		{[]int{1, 2}, 0, 0},
		{[]int{1, 2}, 1<<64/3 - 1, 0},
		{[]int{1, 2}, 1<<64/3 + 1, 1},
		{[]int{1, 2}, 1<<64 - 1, 1},
		{[]int{5}, 12345, 0},
		{[]int{1, 1, 1, 1}, 1 << 63, 2},
		{[]int{3, 1}, 3 << 62, 1},
		{[]int{3, 1}, 3<<62 - 1, 0},
	}
	for _, tc := range tests {
		if got := pickOutcome(tc.weights, tc.draw); got != tc.want {
			t.Errorf("pickOutcome(%v, %#x) = %d, want %d", tc.weights, tc.draw, got, tc.want)
		}
	}
	// Over many draws each outcome comes up about as often as its weight says.
	r := newRNG(9)
	weights := []int{1, 2, 3, 4}
	var counts [4]int
	const n = 40000
	for range n {
		counts[pickOutcome(weights, r.next())]++
	}
	for i, c := range counts {
		want := n * weights[i] / 10
		if c < want*9/10 || c > want*11/10 {
			t.Errorf("outcome %d came up %d times in %d, want about %d", i, c, n, want)
		}
	}
}

// TestSeatGameWithDice: Chaturaji with the pasaka plays to the end with
// every seat player (best-reply alpha-beta for a free-for-all, max^n
// MCTS, random), the same seed gives the same record, and every die is
// a move of the record between the players' moves.
func TestSeatGameWithDice(t *testing.T) {
	g := loadGame(t, "chaturaji-dice.json")
	specs := make([]PlayerSpec, 4)
	for i, s := range []string{"ab:n300", "mcts:i40p8", "seer:ab:n300", "seer:mcts:i40p8"} {
		specs[i], _ = ParseSpec(s)
	}
	play := func() SeatRecord {
		rec, err := PlaySeatGame(context.Background(), g, specs, 7, Limits{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	a, b := play(), play()
	if strings.Join(a.Moves, " ") != strings.Join(b.Moves, " ") {
		t.Fatal("the same seed gave two games")
	}
	rolls := 0
	for _, m := range a.Moves {
		if strings.HasPrefix(m, "roll:") {
			rolls++
		}
	}
	if rolls == 0 || rolls != a.ChancePlies || a.Plies != len(a.Moves) {
		t.Fatalf("%d rolls, ChancePlies %d, Plies %d of %d moves", rolls, a.ChancePlies, a.Plies, len(a.Moves))
	}
	// Every turn starts with a roll: a player's move never follows a
	// player's move directly.
	for i := 1; i < len(a.Moves); i++ {
		if !strings.HasPrefix(a.Moves[i-1], "roll:") && !strings.HasPrefix(a.Moves[i], "roll:") {
			t.Fatalf("moves %d and %d (%s %s) with no roll between", i, i+1, a.Moves[i-1], a.Moves[i])
		}
	}
}

// TestSeatSeerResolvesTheDraw: a seated clairvoyant search, at a chance
// node, makes only the outcome the next draw gives (the k-th event the
// k-th draw), and a player who is no seer weighs them all.
func TestSeatSeerResolvesTheDraw(t *testing.T) {
	g := loadGame(t, "chaturaji-dice.json")
	tables := buildEvalTables(g)
	p := enginePos{g.NewPosition()}
	moves, weights := p.ChanceOutcomes(nil, nil)
	for i, seer := range []bool{true, true, false} {
		spec, _ := ParseSpec("ab:n100")
		spec.Seer = seer
		s := newParanoidSearch[engine.Move, enginePos](tables, spec)
		s.begin(context.Background(), p, 1<<20)
		draw := uint64(i) << 62 // the first quarter, then the second: faces 2 and 3
		s.future = []uint64{draw}
		var made []string
		s.expect(p, func() int {
			made = append(made, p.FEN())
			return 0
		})
		want := 1
		if !seer {
			want = len(moves)
		}
		if len(made) != want {
			t.Fatalf("seer %v: %d outcomes searched, want %d", seer, len(made), want)
		}
		if seer {
			face := p.MoveString(moves[pickOutcome(weights, draw)])
			if !strings.Contains(made[0], "'roll':"+strings.TrimPrefix(face, "roll:")+"}") && !strings.Contains(made[0], "'roll':"+strings.TrimPrefix(face, "roll:")+",") {
				t.Fatalf("the seer searched %s, not the drawn %s", made[0], face)
			}
		}
	}
}
