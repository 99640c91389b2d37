package stats

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestSeatPlanSeatsEveryArmyEverywhereEqually(t *testing.T) {
	for _, c := range []struct {
		seats, armies int
		neighbours    bool
		rows          int
	}{
		{2, 2, false, 2},
		{3, 3, false, 3},
		{4, 4, false, 4},
		{4, 2, false, 2}, // two rungs in alternate seats, as teams sit
		{3, 5, false, 5}, // more armies than seats: each game seats three
		{8, 8, false, 8},
		{3, 3, true, 6},
		{4, 4, true, 24},
		{5, 5, true, 120},
	} {
		name := fmt.Sprintf("%d seats, %d armies, neighbours %v", c.seats, c.armies, c.neighbours)
		plan, err := SeatPlan(c.seats, c.armies, c.neighbours)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(plan) != c.rows {
			t.Errorf("%s: %d seatings, want %d", name, len(plan), c.rows)
		}
		count := make([][]int, c.armies) // count[army][seat]
		for a := range count {
			count[a] = make([]int, c.seats)
		}
		next := map[[2]int]int{} // army, the army moving after it
		for _, row := range plan {
			if len(row) != c.seats {
				t.Fatalf("%s: seating %v has %d seats", name, row, len(row))
			}
			for s, a := range row {
				count[a][s]++
				next[[2]int{a, row[(s+1)%c.seats]}]++
			}
		}
		want := count[0][0]
		for a := range count {
			for s := range count[a] {
				if count[a][s] != want || want == 0 {
					t.Errorf("%s: army %d sits in seat %d %d times, army 0 in seat 0 %d times", name, a, s, count[a][s], want)
				}
			}
		}
		if c.neighbours {
			pairs := c.armies * (c.armies - 1)
			for a := range c.armies {
				for b := range c.armies {
					if a != b && next[[2]int{a, b}] != len(plan)*c.seats/pairs {
						t.Errorf("%s: army %d passes the move to %d in %d seatings, want %d", name, a, b, next[[2]int{a, b}], len(plan)*c.seats/pairs)
					}
				}
			}
		}
	}
	// Plain rotations keep the order: army 0 always passes to army 1.
	plan, _ := SeatPlan(4, 4, false)
	for _, row := range plan {
		for s, a := range row {
			if a == 0 && row[(s+1)%4] != 1 {
				t.Errorf("rotation %v: army 0 passes to %d, want 1", row, row[(s+1)%4])
			}
		}
	}
	for _, bad := range [][3]int{{1, 1, 0}, {9, 9, 0}, {3, 0, 0}, {4, 2, 1}, {7, 7, 1}} {
		if _, err := SeatPlan(bad[0], bad[1], bad[2] == 1); err == nil {
			t.Errorf("SeatPlan%v: want an error", bad)
		}
	}
}

func TestResultShares(t *testing.T) {
	for _, c := range []struct {
		name string
		got  func() ([]float64, error)
		want []float64
	}{
		{"last seat standing", func() ([]float64, error) { return WinShares(4, 2) }, []float64{0, 0, 1, 0}},
		{"team win", func() ([]float64, error) { return WinShares(4, 1, 3) }, []float64{0, 0.5, 0, 0.5}},
		{"draw", func() ([]float64, error) { return WinShares(3) }, []float64{1. / 3, 1. / 3, 1. / 3}},
		{"points", func() ([]float64, error) { return PointShares([]float64{20, 0, 10, 10}) }, []float64{0.5, 0, 0.25, 0.25}},
		{"no points is a draw", func() ([]float64, error) { return PointShares([]float64{0, 0}) }, []float64{0.5, 0.5}},
		{"seat out of range", func() ([]float64, error) { return WinShares(4, 4) }, nil},
		{"winner twice", func() ([]float64, error) { return WinShares(4, 1, 1) }, nil},
		{"one seat", func() ([]float64, error) { return WinShares(1, 0) }, nil},
		{"negative points", func() ([]float64, error) { return PointShares([]float64{3, -1}) }, nil},
		{"points of nine seats", func() ([]float64, error) { return PointShares(make([]float64, 9)) }, nil},
	} {
		got, err := c.got()
		if c.want == nil {
			if err == nil {
				t.Errorf("%s: %v, want an error", c.name, got)
			}
			continue
		}
		if err != nil || len(got) != len(c.want) {
			t.Errorf("%s: %v, %v; want %v", c.name, got, err, c.want)
			continue
		}
		for s := range got {
			if math.Abs(got[s]-c.want[s]) > 1e-12 {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

// seatGames makes games of n seats: wins[s] sole wins for seat s and
// draws drawn games, each its own line.
func seatGames(n int, wins []int, draws int) []SeatGame {
	var out []SeatGame
	add := func(winners ...int) {
		p, _ := WinShares(n, winners...)
		out = append(out, SeatGame{Points: p, Line: uint64(len(out) + 1), Choices: 10})
	}
	for s, k := range wins {
		for range k {
			add(s)
		}
	}
	for range draws {
		add()
	}
	return out
}

func TestSeatAndTeamScores(t *testing.T) {
	games := seatGames(4, []int{40, 20, 20, 10}, 10) // 100 games
	scores, err := SeatScores(games, 4, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range []float64{0.425, 0.225, 0.225, 0.125} { // wins + draws/4
		sc := scores[s]
		if math.Abs(sc.Score.Est-want) > 1e-12 || sc.Fair != 0.25 || !(sc.Score.Lo < want && want < sc.Score.Hi) {
			t.Errorf("seat %d: %+v, want score %.3f", s, sc, want)
		}
	}
	if scores[0].Wins != 40 || scores[3].Wins != 10 {
		t.Errorf("wins %d and %d, want 40 and 10", scores[0].Wins, scores[3].Wins)
	}
	// The four seats' intervals hold together, each at 1 - 0.05/4: wider
	// than a lone 95% interval of the same games.
	lone := firstMoverIntervalAt(scoreColumn(games, 0), 100, 0.95)
	if !(scores[0].Score.Hi-scores[0].Score.Lo > lone.Hi-lone.Lo) {
		t.Errorf("seat 0's simultaneous interval %v is not wider than the lone one %v", scores[0].Score, lone)
	}

	teams, err := TeamScores(games, 4, [][]int{{0, 2}, {1, 3}}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(teams[0].Score.Est-0.65) > 1e-12 || teams[0].Fair != 0.5 || teams[0].Wins != 60 || len(teams[0].Seats) != 2 {
		t.Errorf("team 0: %+v, want 0.65 of the points and 60 wins", teams[0])
	}
	for _, bad := range [][][]int{{{0, 1, 2, 3}}, {{0, 1}, {1, 2, 3}}, {{0, 1}, {2}}, {{0, 1}, {2, 3}, {}}} {
		if _, err := TeamScores(games, 4, bad, 0.95); err == nil {
			t.Errorf("teams %v: want an error", bad)
		}
	}
	if _, err := SeatScores([]SeatGame{{Points: []float64{0.5, 0.6}}}, 2, 0.95); err == nil {
		t.Error("shares summing to 1.1: want an error")
	}
	if _, err := SeatScores(games, 3, 0.95); err == nil {
		t.Error("four-seat games read as three: want an error")
	}
	if d := DrawRate(games, 0.95); math.Abs(d.Est-0.1) > 1e-12 {
		t.Errorf("draw rate %v, want 0.1", d)
	}
}

func scoreColumn(games []SeatGame, seat int) []float64 {
	xs := make([]float64, len(games))
	for i, g := range games {
		xs[i] = g.Points[seat]
	}
	return xs
}

// Repeats of a line count once, as in the two-player intervals.
func TestSeatScoresCountRepeatsOnce(t *testing.T) {
	distinct := seatGames(3, []int{20, 10, 10}, 0)
	repeated := make([]SeatGame, 0, 40)
	for i := range 40 {
		g := distinct[i]
		g.Line = uint64(i%4 + 1) // four lines; seats' results as before
		repeated = append(repeated, g)
	}
	a, _ := SeatScores(distinct, 3, 0.95)
	b, _ := SeatScores(repeated, 3, 0.95)
	if seatEffective(distinct) != 40 || seatEffective(repeated) != 4 {
		t.Fatalf("effective %v and %v, want 40 and 4", seatEffective(distinct), seatEffective(repeated))
	}
	if !(b[0].Score.Hi-b[0].Score.Lo > 2*(a[0].Score.Hi-a[0].Score.Lo)) {
		t.Errorf("four lines' interval %v is not much wider than forty games' %v", b[0].Score, a[0].Score)
	}
}

// For two seats the seat-advantage flag decides as one_sided does on the
// same games.
func TestSeatAdvantageAgreesWithOneSided(t *testing.T) {
	th := DefaultThresholds()
	for _, c := range []struct {
		name                string
		wins, losses, draws int
		lines               int // 0: every game its own line
		want                string
	}{
		{"first mover crushes", 80, 10, 10, 0, StateRaised},
		{"second mover crushes", 10, 85, 5, 0, StateRaised},
		{"even over many games", 100, 100, 100, 0, StateClear},
		{"a little ahead, many games", 170, 130, 100, 0, StateClear},
		{"few games", 4, 2, 0, 0, StateUndecided},
		{"near the threshold", 60, 35, 5, 0, StateUndecided},
		{"few lines replayed", 90, 60, 50, 4, StateUndecided},
	} {
		var two []Game
		var seats []SeatGame
		add := func(winner int) {
			line := uint64(len(two) + 1)
			if c.lines > 0 {
				line = uint64(len(two)%c.lines + 1)
			}
			g := Game{P0: "ab:d3", P1: "ab:d3", Winner: winner, Rule: "checkmate", Plies: 40, Line: line, Features: map[string]int{"choices": 12}}
			two = append(two, g)
			p := []float64{g.scoreOf(0), g.scoreOf(1)}
			seats = append(seats, SeatGame{Points: p, Line: line, Choices: 12})
		}
		for range c.wins {
			add(0)
		}
		for range c.losses {
			add(1)
		}
		for range c.draws {
			add(-1)
		}
		var one Check
		for _, ch := range Checks(equalMeasures(th, two, "mirror games", nil), th) {
			if ch.Name == FlagOneSided {
				one = ch
			}
		}
		seat, err := SeatAdvantage(seats, 2, th)
		if err != nil {
			t.Fatal(err)
		}
		if one.State != c.want {
			t.Errorf("%s: one_sided %s, want %s (the case is built wrong)", c.name, one.State, c.want)
		}
		if seat.State != one.State || seat.MoreGames != one.MoreGames || seat.Raised != one.Raised {
			t.Errorf("%s: seat_advantage %s (%d more games), one_sided %s (%d more games)\n%s\n%s",
				c.name, seat.State, seat.MoreGames, one.State, one.MoreGames, seat.Detail, one.Detail)
		}
	}
}

func TestSeatAdvantageStates(t *testing.T) {
	th := DefaultThresholds()
	for _, c := range []struct {
		name  string
		games []SeatGame
		teams [][]int
		want  string
		words string
	}{
		{"one seat far ahead", seatGames(4, []int{250, 50, 50, 50}, 0), nil, StateRaised, "seat 1's score"},
		{"one seat far behind", seatGames(4, []int{150, 150, 150, 10}, 0), nil, StateRaised, "seat 4's score"},
		{"even seats", seatGames(4, []int{500, 500, 500, 500}, 200), nil, StateClear, "every seat's score"},
		{"few games", seatGames(3, []int{3, 2, 1}, 0), nil, StateUndecided, "more games would decide it"},
		{"team ahead", seatGames(4, []int{200, 40, 200, 40}, 0), [][]int{{0, 2}, {1, 3}}, StateRaised, "team 1's score"},
		{"teams even", seatGames(4, []int{300, 300, 300, 300}, 0), [][]int{{0, 2}, {1, 3}}, StateClear, "every team's score"},
		{"no games", nil, nil, StateNotAssessed, "no games"},
	} {
		var got Check
		var err error
		if c.teams != nil {
			got, err = TeamAdvantage(c.games, 4, c.teams, th)
		} else {
			n := 4
			if len(c.games) > 0 {
				n = len(c.games[0].Points)
			}
			got, err = SeatAdvantage(c.games, n, th)
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.State != c.want || got.Raised != (c.want == StateRaised) || !strings.Contains(got.Detail, c.words) {
			t.Errorf("%s: %s (%s), want %s mentioning %q", c.name, got.State, got.Detail, c.want, c.words)
		}
		if got.State == StateUndecided && got.MoreGames <= 0 {
			t.Errorf("%s: undecided with %d more games, want an estimate", c.name, got.MoreGames)
		}
	}
}

func TestRankUtilities(t *testing.T) {
	for _, c := range []struct {
		points, want []float64
	}{
		{[]float64{1, 0}, []float64{1, 0}},
		{[]float64{0.5, 0.5}, []float64{0.5, 0.5}},
		{[]float64{0, 1, 0, 0}, []float64{1. / 3, 1, 1. / 3, 1. / 3}}, // losers share ranks 2-4
		{[]float64{0.5, 0.3, 0.2, 0}, []float64{1, 2. / 3, 1. / 3, 0}},
		{[]float64{0.5, 0, 0.5, 0}, []float64{5. / 6, 1. / 6, 5. / 6, 1. / 6}},
	} {
		got := rankUtilities(c.points)
		for s := range got {
			if math.Abs(got[s]-c.want[s]) > 1e-12 {
				t.Errorf("rankUtilities(%v) = %v, want %v", c.points, got, c.want)
				break
			}
		}
	}
}

func TestSeatBalance(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		wins []int
		draw int
		want float64
	}{
		{"two seats match the two-player balance", 2, []int{60, 30}, 10, 0.7},
		// A winner 1, losers 1/3 each: seat 0 (50 + 50/3)/100, seat 3 (100/3)/100.
		{"four seats", 4, []int{50, 25, 25, 0}, 0, 1 - (50+50.0/3-100.0/3)/100},
		{"even", 3, []int{40, 40, 40}, 0, 1},
	} {
		games := seatGames(c.n, c.wins, c.draw)
		got, err := SeatBalance(games, c.n, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got.Est-c.want) > 1e-9 || !(got.Lo <= got.Est && got.Est <= got.Hi) || got.Hi > 1 || got.Lo < 0 {
			t.Errorf("%s: %+v, want %.4f inside its interval", c.name, got, c.want)
		}
		if c.n == 2 {
			var two []Game
			for _, g := range games {
				w := -1
				if g.Points[0] == 1 {
					w = 0
				} else if g.Points[1] == 1 {
					w = 1
				}
				two = append(two, Game{Winner: w})
			}
			if b := balance(two, 0.95); math.Abs(b.Est-got.Est) > 1e-12 {
				t.Errorf("%s: %.4f, the two-player balance %.4f", c.name, got.Est, b.Est)
			}
		}
	}
}

func TestSeatSentence(t *testing.T) {
	for _, c := range []struct {
		share Share
		want  string
	}{
		{Share{Index: 1, Name: "blue", Score: Interval{Est: 0.34, Lo: 0.29, Hi: 0.39}, Fair: 0.25},
			"Seat 2 (blue) scores 34% of the points (29%–39%), against 25% for an even seat: it is ahead."},
		{Share{Index: 0, Score: Interval{Est: 0.18, Lo: 0.12, Hi: 0.24}, Fair: 0.25},
			"Seat 1 scores 18% of the points (12%–24%), against 25% for an even seat: it is behind."},
		{Share{Index: 2, Name: "yellow", Score: Interval{Est: 0.27, Lo: 0.2, Hi: 0.34}, Fair: 0.25},
			"Seat 3 (yellow) scores 27% of the points (20%–34%), against 25% for an even seat: within what these games can tell from an even seat."},
		{Share{Index: 0, Name: "red and yellow", Seats: []int{0, 2}, Score: Interval{Est: 0.55, Lo: 0.51, Hi: 0.59}, Fair: 0.5},
			"Team 1 (seats 1, 3) (red and yellow) scores 55% of the points (51%–59%), against 50% for an even team of its size: it is ahead."},
	} {
		if got := SeatSentence(c.share); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}

func TestSeatTableOf(t *testing.T) {
	th := DefaultThresholds()
	games := seatGames(4, []int{200, 40, 200, 40}, 20)
	names := []string{"red", "blue", "yellow", "green"}
	table, err := SeatTableOf(games, names, [][]int{{0, 2}, {1, 3}}, th)
	if err != nil {
		t.Fatal(err)
	}
	if table.Games != 500 || table.Effective != 500 || math.Abs(table.Draws.Est-0.04) > 1e-12 {
		t.Errorf("games %d, effective %v, draws %v; want 500, 500, 0.04", table.Games, table.Effective, table.Draws)
	}
	if table.Advantage.State != StateRaised || table.TeamAdvantage.State != StateRaised {
		t.Errorf("seat %s, team %s; want both raised", table.Advantage.State, table.TeamAdvantage.State)
	}
	lines := table.Sentences()
	want := []string{"Seat 1 (red) scores 41% of the points", "Seat 2 (blue) scores 9% of the points",
		"Seat 3 (yellow)", "Seat 4 (green)", "Team 1 (seats 1, 3) (red and yellow) scores 82% of the points", "Team 2 (seats 2, 4) (blue and green)"}
	if len(lines) != len(want) {
		t.Fatalf("%d sentences, want %d: %q", len(lines), len(want), lines)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("sentence %d: %q, want it to begin %q", i, lines[i], want[i])
		}
	}
	free, err := SeatTableOf(seatGames(3, []int{10, 10, 10}, 0), []string{"", "", ""}, nil, th)
	if err != nil || free.TeamAdvantage.State != StateNotAssessed || free.Teams != nil {
		t.Errorf("no teams: %+v, %v; want the team check not assessed", free.TeamAdvantage, err)
	}
	if _, err := SeatTableOf(games, names[:3], nil, th); err == nil {
		t.Error("four-seat games with three names: want an error")
	}
}
