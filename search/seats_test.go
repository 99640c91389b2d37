package search

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
)

// seatSearchFunc is one N-seat search, made fresh for a spec and seed.
type seatSearchFunc[M comparable, P seatedPosition[M]] func(ctx context.Context, p P, hardCap int64) (seatResult[M], error)

type seatSearchKind struct {
	name string
	make func(t *evalTables, spec PlayerSpec, seed uint64) seatSearchFunc[ringMove, *ring]
}

var ringSearchKinds = []seatSearchKind{
	{"Paranoid", func(t *evalTables, spec PlayerSpec, _ uint64) seatSearchFunc[ringMove, *ring] {
		return newParanoidSearch[ringMove, *ring](t, spec).search
	}},
	{"BRS", func(t *evalTables, spec PlayerSpec, _ uint64) seatSearchFunc[ringMove, *ring] {
		return newBRSSearch[ringMove, *ring](t, spec).search
	}},
	{"MaxN", func(t *evalTables, spec PlayerSpec, seed uint64) seatSearchFunc[ringMove, *ring] {
		return newMCTSNSearch[ringMove, *ring](t, spec, seed).search
	}},
}

// specFor is the budget each kind of search gets in a test: alpha-beta
// specs for the two alpha-beta searches, an MCTS one for MaxN.
func specFor(t *testing.T, kind string, ab, mcts string) PlayerSpec {
	t.Helper()
	s := ab
	if kind == "MaxN" {
		s = mcts
	}
	spec, err := ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

func ringWith(cells string, team []int, goal, maxPly int, caps []int) *ring {
	r := newRing(cells, team, goal, maxPly)
	copy(r.caps, caps)
	return r
}

var (
	ffa3  = []int{0, 1, 2}
	ffa4  = []int{0, 1, 2, 3}
	teams = []int{0, 1, 0, 1} // seats 0 and 2 against 1 and 3
)

// ringKnown are positions with a known best move for seat 0, and the
// premise that makes it the best, checked exactly before any search.
var ringKnown = []struct {
	name  string
	pos   func() *ring
	want  ringMove
	check func(r *ring, m ringMove) bool // true for want alone
}{
	{
		// 0x2 reaches the goal; the other captures do not exist, the
		// quiet moves do nothing.
		name: "win outright, 3 seats",
		pos:  func() *ring { return ringWith("0.1..2.0..", ffa3, 2, 30, []int{1, 0, 0}) },
		want: ringMove{0, 2},
		check: func(r *ring, m ringMove) bool {
			return ringAfter(r, m, func(r *ring) bool { return r.winningTeam() == 0 })
		},
	},
	{
		// Seat 3 is out and seat 1 has one token left: taking it leaves
		// seat 0's team the last in, a win far from the goal of captures.
		name: "team: take the other team's last token",
		pos:  func() *ring { return ringWith("0.1..0..2...", teams, 5, 30, []int{0, 0, 0, 0}) },
		want: ringMove{0, 2},
		check: func(r *ring, m ringMove) bool {
			return ringAfter(r, m, func(r *ring) bool { return r.winningTeam() == 0 })
		},
	},
	{
		// Seat 1 (next) has a capture and threatens 7x9 to reach its
		// goal; 6x7 removes its only token. 1x2 takes as much material
		// but lets seat 1 win.
		name: "block the next seat, 3 seats",
		pos:  func() *ring { return ringWith(".02...01.2..", ffa3, 2, 30, []int{0, 1, 0}) },
		want: ringMove{6, 7},
		check: func(r *ring, m ringMove) bool {
			return ringAfter(r, m, func(r *ring) bool { return !ringTeamWinsWithin(r, r.team[r.stm], 1) })
		},
	},
	{
		name: "block the next seat, 4 seats",
		pos:  func() *ring { return ringWith(".02...01.2..3.", ffa4, 2, 30, []int{0, 1, 0, 0}) },
		want: ringMove{6, 7},
		check: func(r *ring, m ringMove) bool {
			return ringAfter(r, m, func(r *ring) bool { return !ringTeamWinsWithin(r, r.team[r.stm], 1) })
		},
	},
	{
		// Teams: seat 2 (ally) wins with 9x10 unless seat 1 takes it
		// first (7x9); 6x7 takes seat 1's only token, so the ally's win
		// comes next and is seat 0's. 1x2 takes as much material.
		name: "team: clear the way for the ally's win",
		pos:  func() *ring { return ringWith(".03...01.23...", teams, 2, 30, []int{0, 0, 1, 0}) },
		want: ringMove{6, 7},
		check: func(r *ring, m ringMove) bool {
			return ringAfter(r, m, func(r *ring) bool { return ringTeamWinsWithin(r, 0, 3) })
		},
	},
}

// ringAfter is f of the position after m.
func ringAfter(r *ring, m ringMove, f func(*ring) bool) bool {
	r.Make(m)
	defer r.Unmake()
	return f(r)
}

func TestSeatToyKnownPremises(t *testing.T) {
	for _, tc := range ringKnown {
		r := tc.pos()
		var holds []ringMove
		for _, m := range r.LegalMoves(nil) {
			if tc.check(r, m) {
				holds = append(holds, m)
			}
		}
		if !reflect.DeepEqual(holds, []ringMove{tc.want}) {
			t.Errorf("%s: the premise holds for %v, want only %v", tc.name, holds, tc.want)
		}
	}
}

func TestSeatSearchesFindKnownMoves(t *testing.T) {
	tables := buildEvalTables(nil)
	budgets := []struct{ ab, mcts string }{{"ab:d5", "mcts:i3000"}, {"ab:n20000", "mcts:i1500p8"}}
	for _, kind := range ringSearchKinds {
		for _, b := range budgets {
			for _, tc := range ringKnown {
				// MaxN's tree depends on the seed: try several.
				for seed := uint64(1); seed <= 12; seed++ {
					if kind.name != "MaxN" && seed > 1 {
						break
					}
					r := tc.pos()
					before := r.String()
					spec := specFor(t, kind.name, b.ab, b.mcts)
					res, err := kind.make(tables, spec, seed)(context.Background(), r, 1<<40)
					if err != nil {
						t.Fatal(err)
					}
					if res.move != tc.want {
						t.Errorf("%s %v seed %d, %s: played %s, want %s", kind.name, spec, seed, tc.name, r.MoveString(res.move), r.MoveString(tc.want))
					}
					if r.String() != before {
						t.Errorf("%s, %s: the search left %s, was %s", kind.name, tc.name, r, before)
					}
				}
			}
		}
	}
}

// playRing plays a ring game with one search per seat and returns its
// moves, failing on an illegal move or a position left changed.
func playRing(t *testing.T, r *ring, kind seatSearchKind, spec PlayerSpec, seed uint64) []ringMove {
	t.Helper()
	tables := buildEvalTables(nil)
	searches := make([]seatSearchFunc[ringMove, *ring], r.Seats())
	for seat := range searches {
		searches[seat] = kind.make(tables, spec, mixSeed(seed, uint64(seat)))
	}
	var moves []ringMove
	for !r.over() {
		before, hash := r.String(), r.Hash()
		res, err := searches[r.SeatToMove()](context.Background(), r, 1<<40)
		if err != nil {
			t.Fatal(err)
		}
		if r.String() != before || r.Hash() != hash {
			t.Fatalf("%s: the search left %s, was %s", kind.name, r, before)
		}
		if !slices.Contains(r.LegalMoves(nil), res.move) {
			t.Fatalf("%s: %s played %v, not a legal move", kind.name, r, res.move)
		}
		moves = append(moves, res.move)
		r.Make(res.move)
	}
	return moves
}

var ringStarts = []struct {
	name  string
	cells string
	team  []int
}{
	{"3 seats", "0.1.2.0.1.2.0.1.2.", ffa3},
	{"4 seats", "0.1.2.3.0.1.2.3.", ffa4},
	{"2 teams of 2", "0.1.2.3.0.1.2.3.", teams},
}

func TestSeatSearchesPlayLegalDeterministicGames(t *testing.T) {
	for _, kind := range ringSearchKinds {
		spec := specFor(t, kind.name, "ab:n600", "mcts:i150")
		for _, st := range ringStarts {
			first := playRing(t, newRing(st.cells, st.team, 3, 40), kind, spec, 11)
			again := playRing(t, newRing(st.cells, st.team, 3, 40), kind, spec, 11)
			if !reflect.DeepEqual(first, again) {
				t.Errorf("%s, %s: same seed, different games:\n%v\n%v", kind.name, st.name, first, again)
			}
			if len(first) == 0 {
				t.Errorf("%s, %s: no moves played", kind.name, st.name)
			}
		}
	}
}

func TestMaxNSeedsDiffer(t *testing.T) {
	kind := ringSearchKinds[2]
	spec := specFor(t, kind.name, "", "mcts:i60")
	st := ringStarts[1]
	games := map[string]bool{}
	for seed := uint64(1); seed <= 4; seed++ {
		moves := playRing(t, newRing(st.cells, st.team, 3, 40), kind, spec, seed)
		games[ringMovesString(moves)] = true
	}
	if len(games) < 2 {
		t.Errorf("four seeds played one game: the seed does not reach the search")
	}
}

func ringMovesString(ms []ringMove) string {
	b := make([]byte, 0, 2*len(ms))
	for _, m := range ms {
		b = append(b, byte(m.from+1), byte(m.to+1))
	}
	return string(b)
}

func TestSeatSearchesRespectBudgets(t *testing.T) {
	tables := buildEvalTables(nil)
	r := newRing(ringStarts[1].cells, ffa4, 3, 60)
	for _, kind := range ringSearchKinds[:2] {
		for _, budget := range []int64{1, 50, 700, 5000} {
			res, err := kind.make(tables, PlayerSpec{Family: FamilyAB, Nodes: budget}, 1)(context.Background(), r, 1<<40)
			if err != nil {
				t.Fatal(err)
			}
			// The node that finds the budget spent is counted too.
			if res.nodes > budget+1 {
				t.Errorf("%s: %d nodes at a budget of %d", kind.name, res.nodes, budget)
			}
			if !slices.Contains(r.LegalMoves(nil), res.move) {
				t.Errorf("%s: budget %d: %v is not a legal move", kind.name, budget, res.move)
			}
		}
	}
	for _, kind := range ringSearchKinds {
		spec := specFor(t, kind.name, "ab:d30", "mcts:i100000")
		res, err := kind.make(tables, spec, 1)(context.Background(), r, 300)
		if !errors.Is(err, errNodeLimit) {
			t.Errorf("%s: past the hard cap: error %v, want the node limit", kind.name, err)
		}
		if res.nodes > 301 {
			t.Errorf("%s: %d nodes past a hard cap of 300", kind.name, res.nodes)
		}
	}
}

func TestSeatSearchesStopOnContext(t *testing.T) {
	tables := buildEvalTables(nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := newRing(ringStarts[0].cells, ffa3, 3, 60)
	for _, kind := range ringSearchKinds {
		spec := specFor(t, kind.name, "ab:d30", "mcts:i100000")
		if _, err := kind.make(tables, spec, 1)(ctx, r, 1<<40); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled context: error %v", kind.name, err)
		}
	}
}

// On two seats whose turns need not alternate (nim with turns of several
// takes), paranoid alpha-beta is exact: it must find every win.
func TestParanoidSolvesNim(t *testing.T) {
	tables := buildEvalTables(nil)
	for _, turnLen := range []int{1, 2, 3} {
		for pile := 1; pile <= 18; pile++ {
			pos := seatsNim{newNim(pile, turnLen)}
			want := nimWinner(pos.nim, map[[3]int]int{})
			s := newParanoidSearch[nimMove, seatsNim](tables, PlayerSpec{Family: FamilyAB, Depth: pile})
			r, err := s.search(context.Background(), pos, 1<<40)
			if err != nil {
				t.Fatal(err)
			}
			if r.depth == 0 {
				continue // one legal move: played without a score
			}
			if (r.score > scoreWinMin) != (want == 0) {
				t.Errorf("turn %d pile %d: score %d, but the winner with best play is %d", turnLen, pile, r.score, want)
			}
			if want == 0 {
				pos.Make(r.move)
				if got := nimWinner(pos.nim, map[[3]int]int{}); got != 0 {
					t.Errorf("turn %d pile %d: take %d throws the win away", turnLen, pile, r.move)
				}
				pos.Unmake()
			}
		}
	}
}

// With two seats that alternate, best-reply search is full minimax, and
// MaxN is two-player UCT: both must keep nim's wins.
func TestBRSAndMaxNWinNim(t *testing.T) {
	tables := buildEvalTables(nil)
	for pile := 1; pile <= 14; pile++ {
		pos := seatsNim{newNim(pile, 1)}
		if nimWinner(pos.nim, map[[3]int]int{}) != 0 {
			continue
		}
		searches := map[string]seatSearchFunc[nimMove, seatsNim]{
			"BRS":  newBRSSearch[nimMove, seatsNim](tables, PlayerSpec{Family: FamilyAB, Depth: pile}).search,
			"MaxN": newMCTSNSearch[nimMove, seatsNim](tables, PlayerSpec{Family: FamilyMCTS, Iterations: 3000, PlayoutPlies: 30}, 3).search,
		}
		for _, name := range []string{"BRS", "MaxN"} {
			r, err := searches[name](context.Background(), pos, 1<<40)
			if err != nil {
				t.Fatal(err)
			}
			pos.Make(r.move)
			if got := nimWinner(pos.nim, map[[3]int]int{}); got != 0 {
				t.Errorf("%s pile %d: take %d throws the win away", name, pile, r.move)
			}
			pos.Unmake()
		}
	}
}

func TestSeatEvaluation(t *testing.T) {
	tables := buildEvalTables(nil)
	tests := []struct {
		cells string
		team  []int
		caps  []int
		mat   []int // per seat
		eval  int   // for seat 0's side
	}{
		{"0.1.2.0.", ffa3, []int{0, 0, 0}, []int{200, 100, 100}, 100},
		{"0.1.2.0.", ffa3, []int{0, 2, 0}, []int{200, 300, 100}, 0},
		{"0.1.2.3.0", ffa4, []int{1, 0, 0, 0}, []int{300, 100, 100, 100}, 200},
		{"0.1.2.3.0", teams, []int{0, 0, 0, 1}, []int{200, 100, 100, 200}, 0},
		{"0.1.2.3.02", teams, []int{0, 0, 0, 0}, []int{200, 100, 200, 100}, 100},
	}
	for _, tc := range tests {
		r := ringWith(tc.cells, tc.team, 9, 30, tc.caps)
		e := seatEvaluator{t: tables}
		v := e.material(r, r.Seats())
		if !reflect.DeepEqual(v[:r.Seats()], tc.mat) {
			t.Errorf("%s teams %v caps %v: material %v, want %v", tc.cells, tc.team, tc.caps, v[:r.Seats()], tc.mat)
		}
		sides := sidesOf(r, 0)
		if got := sides.eval(v); got != tc.eval {
			t.Errorf("%s teams %v caps %v: evaluation %d, want %d", tc.cells, tc.team, tc.caps, got, tc.eval)
		}
	}
}

func TestSeatResultScores(t *testing.T) {
	ffa := seatSides{n: 3, ours: [maxSeats]bool{true}, nOurs: 1}
	team := seatSides{n: 4, ours: [maxSeats]bool{true, false, true}, nOurs: 2}
	tests := []struct {
		name   string
		sides  seatSides
		shares []float64
		want   int
	}{
		{"ffa win", ffa, []float64{1, 0, 0}, scoreWin - 3},
		{"ffa loss", ffa, []float64{0, 0, 1}, -(scoreWin - 3)},
		{"ffa even draw", ffa, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, 0},
		{"ffa draw of two", ffa, []float64{0.5, 0.5, 0}, 250},
		{"ffa draw without us", ffa, []float64{0, 0.5, 0.5}, -(scoreWin - 3)},
		{"ffa points, less than fair", ffa, []float64{0.2, 0.4, 0.4}, -200},
		{"team win by the ally", team, []float64{0, 0, 1, 0}, scoreWin - 3},
		{"team win split", team, []float64{0.5, 0, 0.5, 0}, scoreWin - 3},
		{"team loss", team, []float64{0, 0.5, 0, 0.5}, -(scoreWin - 3)},
	}
	for _, tc := range tests {
		if got := tc.sides.resultScore(tc.shares, 3); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestSeatChoosersPlayMixedGames(t *testing.T) {
	tables := buildEvalTables(nil)
	lineups := [][]string{
		{"random", "ab:n400", "mcts:i100"},
		{"ab:n400", "mcts:i100", "ab:d2", "random"},
		{"mcts:i100", "ab:n400", "mcts:i100", "ab:n400"},
	}
	for i, st := range ringStarts {
		play := func() ([]ringMove, []int64) {
			r := newRing(st.cells, st.team, 3, 40)
			players := make([]chooser[ringMove, *ring], r.Seats())
			for seat := range players {
				spec, err := ParseSpec(lineups[i][seat])
				if err != nil {
					t.Fatal(err)
				}
				if players[seat], err = newSeatChooser[ringMove, *ring](spec, tables, mixSeed(21, uint64(seat))); err != nil {
					t.Fatal(err)
				}
			}
			var moves []ringMove
			var nodes []int64
			for !r.over() {
				d, err := players[r.SeatToMove()].choose(context.Background(), r, 1<<40)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Contains(r.LegalMoves(nil), d.move) {
					t.Fatalf("%s: %s played %v, not a legal move", st.name, r, d.move)
				}
				moves, nodes = append(moves, d.move), append(nodes, d.nodes)
				r.Make(d.move)
			}
			return moves, nodes
		}
		m1, n1 := play()
		m2, n2 := play()
		if !reflect.DeepEqual(m1, m2) || !reflect.DeepEqual(n1, n2) {
			t.Errorf("%s %v: same seed, different games", st.name, lineups[i])
		}
	}
	spec, err := ParseSpec("uci:stockfish")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newSeatChooser[ringMove, *ring](spec, tables, 1); err == nil {
		t.Error("an outside UCI engine was made a player of a game of seats")
	}
}

func TestSeatTeamCount(t *testing.T) {
	tests := []struct {
		team []int
		want int
	}{{ffa3, 3}, {ffa4, 4}, {teams, 2}, {[]int{0, 0, 1, 1, 2, 2}, 3}}
	for _, tc := range tests {
		if got := teamCount(newRing("0", tc.team, 1, 1)); got != tc.want {
			t.Errorf("teams %v: %d teams, want %d", tc.team, got, tc.want)
		}
	}
}
