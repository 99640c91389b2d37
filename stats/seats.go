package stats

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
)

// Statistics of games of N seats (2 to 8). See doc.go, "Games of N seats".

// FlagSeatAdvantage is the N-seat generalisation of one_sided.
const FlagSeatAdvantage = "seat_advantage"

// MaxSeats is the most seats a game may have.
const MaxSeats = 8

// MethodSimultaneous marks an interval read from per-seat intervals that
// hold together (Bonferroni).
const MethodSimultaneous = "simultaneous-bonferroni"

// SeatGame is one finished game of N seats. Points[s] is seat s's share of
// the game, in [0, 1], the shares summing to 1: a last seat standing takes
// 1, a winning team's seats share 1, a draw gives each 1/N, and a game
// scored by points gives each seat its points over the total (WinShares,
// PointShares). Seat 0 moves first.
type SeatGame struct {
	Points []float64
	// Line identifies the game's moves, 0 when unknown; Choices counts the
	// plies with more than one legal move. As for Game, repeats of a line
	// with choices are one sample (effectiveGames).
	Line    uint64
	Choices int
}

// WinShares is the shares of a game of n seats that winners won together
// (one seat: last seat standing; several: a team); no winners is a draw.
func WinShares(n int, winners ...int) ([]float64, error) {
	if n < 2 || n > MaxSeats {
		return nil, fmt.Errorf("stats: %d seats, want 2 to %d", n, MaxSeats)
	}
	out := make([]float64, n)
	if len(winners) == 0 {
		for s := range out {
			out[s] = 1 / float64(n)
		}
		return out, nil
	}
	for _, w := range winners {
		if w < 0 || w >= n {
			return nil, fmt.Errorf("stats: winner seat %d of %d seats", w, n)
		}
		if out[w] > 0 {
			return nil, fmt.Errorf("stats: winner seat %d named twice", w)
		}
		out[w] = 1 / float64(len(winners))
	}
	return out, nil
}

// PointShares turns a game's points per seat (captures, checkmates, as the
// game scores them; none negative) into shares; all zero is a draw.
func PointShares(points []float64) ([]float64, error) {
	var total float64
	for s, p := range points {
		if !(p >= 0) || math.IsInf(p, 1) {
			return nil, fmt.Errorf("stats: seat %d has points %g, want a finite number >= 0", s, p)
		}
		total += p
	}
	if total == 0 {
		return WinShares(len(points))
	}
	if len(points) < 2 || len(points) > MaxSeats {
		return nil, fmt.Errorf("stats: %d seats, want 2 to %d", len(points), MaxSeats)
	}
	out := make([]float64, len(points))
	for s, p := range points {
		out[s] = p / total
	}
	return out, nil
}

// draw says every seat got the same share.
func (g SeatGame) draw() bool {
	for _, p := range g.Points {
		if math.Abs(p-g.Points[0]) > 1e-9 {
			return false
		}
	}
	return true
}

// checkSeatGames reports the first game that is not a game of n seats.
func checkSeatGames(games []SeatGame, n int) error {
	if n < 2 || n > MaxSeats {
		return fmt.Errorf("stats: %d seats, want 2 to %d", n, MaxSeats)
	}
	for i, g := range games {
		if len(g.Points) != n {
			return fmt.Errorf("stats: seat game %d has %d seats, want %d", i, len(g.Points), n)
		}
		var sum float64
		for s, p := range g.Points {
			if !(p >= 0 && p <= 1) {
				return fmt.Errorf("stats: seat game %d: seat %d's share %g is not in [0, 1]", i, s, p)
			}
			sum += p
		}
		if math.Abs(sum-1) > 1e-6 {
			return fmt.Errorf("stats: seat game %d: shares sum to %g, want 1", i, sum)
		}
	}
	return nil
}

// seatEffective is what the games are worth as independent ones.
func seatEffective(games []SeatGame) float64 {
	return kishEffective(len(games), func(i int) (uint64, bool) {
		return games[i].Line, games[i].Line != 0 && games[i].Choices != 0
	})
}

// SeatPlan lists seatings of armies (players, or rungs of a ladder) 0..armies-1
// in seats 0..seats-1, row[s] the army in seat s, so that every army sits in
// every seat equally often. Plainly it is the cyclic rotations, army
// (s+r) mod armies in seat s of seating r: armies seatings (with fewer
// armies than seats an army holds several seats of a game, as a team's
// seats alternate; with more, each game seats some of them). Rotations
// keep the armies' cyclic order, so an army always passes the move to the
// same one, and in a free-for-all who moves after whom matters (a weak
// neighbour feeds material to the seat after it). neighbours also balances
// that: every cyclic order of the armies, each rotated to every seat
// ((armies-1)! * armies seatings; each ordered pair of armies is
// neighbours equally often). It needs armies == seats and at most 6
// (720 seatings).
func SeatPlan(seats, armies int, neighbours bool) ([][]int, error) {
	switch {
	case seats < 2 || seats > MaxSeats:
		return nil, fmt.Errorf("stats: %d seats, want 2 to %d", seats, MaxSeats)
	case armies < 1:
		return nil, fmt.Errorf("stats: %d armies, want at least 1", armies)
	case neighbours && armies != seats:
		return nil, fmt.Errorf("stats: balancing neighbours needs one army per seat, not %d armies in %d seats", armies, seats)
	case neighbours && armies > 6:
		return nil, fmt.Errorf("stats: balancing neighbours of %d armies takes %d! seatings; at most 6 armies", armies, armies)
	}
	rotate := func(order []int) [][]int {
		var out [][]int
		for r := range armies {
			row := make([]int, seats)
			for s := range row {
				row[s] = order[(s+r)%armies]
			}
			out = append(out, row)
		}
		return out
	}
	identity := make([]int, armies)
	for a := range identity {
		identity[a] = a
	}
	if !neighbours {
		return rotate(identity), nil
	}
	// Every cyclic order: army 0 first, the rest in every order.
	var plan [][]int
	var permute func(k int)
	permute = func(k int) {
		if k == armies {
			plan = append(plan, rotate(append([]int(nil), identity...))...)
			return
		}
		for i := k; i < armies; i++ {
			identity[k], identity[i] = identity[i], identity[k]
			permute(k + 1)
			identity[k], identity[i] = identity[i], identity[k]
		}
	}
	permute(1)
	return plan, nil
}

// Share is one seat's (or team's) score over the games: Score its mean
// share with an interval, Fair what an even seat (or a team of its size)
// scores.
type Share struct {
	Index int      `json:"index"` // seat or team, from 0
	Name  string   `json:"name,omitempty"`
	Seats []int    `json:"seats,omitempty"` // a team's seats
	Score Interval `json:"score"`
	Fair  float64  `json:"fair"`
	Wins  int      `json:"wins"` // games it took outright (a team: together)
}

// statements is how many different claims per-unit intervals make: two
// units' scores are one claim (one is 1 minus the other).
func statements(units int) int {
	if units == 2 {
		return 1
	}
	return units
}

// simultaneousLevel is the per-unit confidence at which units' intervals
// hold together at confidence (Bonferroni).
func simultaneousLevel(units int, confidence float64) float64 {
	return 1 - (1-confidence)/float64(statements(units))
}

// shareInterval is the interval of the mean of xs (shares in [0, 1]) at
// the width of eff games, for one of units seats or teams. Two units are
// two sides: firstMoverInterval's (normal from the games' spread, Wilson's
// while every game is alike), so that two seats decide as one_sided does.
// With more, a unit's fair score 1/N lies near 0, where a normal interval
// from few games is too narrow (a seat that won 1 game in 20 would seem to
// be known to score under 0.17), so it is Wilson's, treating each share as
// a coin with that mean: conservative, as for draws in two-player games.
func shareInterval(xs []float64, eff, level float64, units int) Interval {
	if units == 2 {
		return firstMoverIntervalAt(xs, eff, level)
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return wilsonAt(sum, float64(len(xs)), eff, level)
}

// shares scores each group of seats (a seat alone, or a team) over the
// games: mean share with shareInterval's interval at the width of the
// games' effective number, at the simultaneous level for all groups.
func shares(games []SeatGame, n int, groups [][]int, confidence float64) []Share {
	eff := seatEffective(games)
	level := simultaneousLevel(len(groups), confidence)
	out := make([]Share, len(groups))
	for k, seats := range groups {
		xs := make([]float64, len(games))
		wins := 0
		for i, g := range games {
			for _, s := range seats {
				xs[i] += g.Points[s]
			}
			if xs[i] > 1-1e-9 {
				wins++
			}
		}
		sh := Share{Index: k, Fair: float64(len(seats)) / float64(n), Wins: wins}
		if len(groups) != n || len(seats) != 1 {
			sh.Seats = seats
		}
		if len(games) == 0 {
			sh.Score = Interval{Est: sh.Fair, Lo: 0, Hi: 1, Method: MethodWilson}
		} else {
			sh.Score = shareInterval(xs, eff, level, len(groups))
		}
		out[k] = sh
	}
	return out
}

// SeatScores is each seat's score over games of n seats, with intervals
// that hold together at confidence (each at 1-(1-confidence)/n; two
// seats' are one statement, at confidence), their width that of the games'
// effective number.
func SeatScores(games []SeatGame, n int, confidence float64) ([]Share, error) {
	if err := checkSeatGames(games, n); err != nil {
		return nil, err
	}
	groups := make([][]int, n)
	for s := range groups {
		groups[s] = []int{s}
	}
	return shares(games, n, groups, confidence), nil
}

// TeamScores is each team's score (the sum of its seats' shares), teams a
// partition of the n seats, with intervals as SeatScores' over the teams.
func TeamScores(games []SeatGame, n int, teams [][]int, confidence float64) ([]Share, error) {
	if err := checkSeatGames(games, n); err != nil {
		return nil, err
	}
	if err := checkTeams(n, teams); err != nil {
		return nil, err
	}
	return shares(games, n, teams, confidence), nil
}

// checkTeams reports what keeps teams from partitioning n seats.
func checkTeams(n int, teams [][]int) error {
	if len(teams) < 2 {
		return errors.New("stats: fewer than two teams")
	}
	seen := make([]bool, n)
	for t, team := range teams {
		if len(team) == 0 {
			return fmt.Errorf("stats: team %d has no seats", t)
		}
		for _, s := range team {
			if s < 0 || s >= n || seen[s] {
				return fmt.Errorf("stats: team %d: seat %d is out of range or in two teams", t, s)
			}
			seen[s] = true
		}
	}
	for s, in := range seen {
		if !in {
			return fmt.Errorf("stats: seat %d is in no team", s)
		}
	}
	return nil
}

// DrawRate is the share of games in which every seat got the same share,
// with a Wilson interval at the games' effective number.
func DrawRate(games []SeatGame, confidence float64) Interval {
	k := 0
	for _, g := range games {
		if g.draw() {
			k++
		}
	}
	return wilsonAt(float64(k), float64(len(games)), seatEffective(games), confidence)
}

// fairBand is the range of scores that count as even for a unit whose fair
// score is fair: fair times [2(1-OneSided), 2*OneSided], which for two
// seats is one_sided's [1-OneSided, OneSided].
func fairBand(fair float64, th Thresholds) (lo, hi float64) {
	return fair * 2 * (1 - th.OneSided), fair * 2 * th.OneSided
}

// SeatAdvantage tests whether some seat is ahead or behind beyond the
// threshold (see doc.go): each seat's simultaneous interval against the
// band around 1/N; raised when one lies wholly outside it, clear when
// every one lies wholly inside.
func SeatAdvantage(games []SeatGame, n int, th Thresholds) (Check, error) {
	scores, err := SeatScores(games, n, th.Confidence)
	if err != nil {
		return Check{}, err
	}
	return advantage(FlagSeatAdvantage, "seat", scores, len(games), seatEffective(games), th), nil
}

// TeamAdvantage is SeatAdvantage over teams: each team's score against
// the band around its number of seats over N.
func TeamAdvantage(games []SeatGame, n int, teams [][]int, th Thresholds) (Check, error) {
	scores, err := TeamScores(games, n, teams, th.Confidence)
	if err != nil {
		return Check{}, err
	}
	return advantage(FlagSeatAdvantage, "team", scores, len(games), seatEffective(games), th), nil
}

// advantage combines the units' checks: raised when one is raised; else
// undecided unless all are clear, the games to decide it the fewest that
// would raise some unit or clear them all.
func advantage(name, unit string, units []Share, games int, eff float64, th Thresholds) Check {
	if eff >= float64(games) {
		eff = 0
	}
	checks := make([]Check, len(units))
	worst := 0
	for k, u := range units {
		lo, hi := fairBand(u.Fair, th)
		c := Check{Name: name, Value: u.Score, Threshold: hi, Games: games, Effective: eff, Assessed: games > 0}
		c.settle(lo, hi)
		checks[k] = c
		if dev(u) > dev(units[worst])+1e-12 {
			worst = k
		}
	}
	out := checks[worst]
	raised, clear := -1, true
	raiseNeed, clearNeed := math.Inf(1), 0.0
	for k, c := range checks {
		switch c.State {
		case StateRaised:
			if raised < 0 || dev(units[k]) > dev(units[raised])+1e-12 {
				raised = k
			}
		case StateUndecided:
			clear = false
			need := math.Inf(1)
			if c.MoreGames > 0 {
				need = float64(c.MoreGames)
			}
			lo, hi := fairBand(units[k].Fair, th)
			if c.Value.Est < lo || c.Value.Est > hi {
				raiseNeed = math.Min(raiseNeed, need)
				clearNeed = math.Inf(1) // a seat outside the band cannot be cleared at this estimate
			} else {
				clearNeed = math.Max(clearNeed, need)
			}
		}
	}
	switch {
	case !out.Assessed:
	case raised >= 0:
		worst = raised
		out = checks[worst]
	case clear:
		out.State, out.MoreGames = StateClear, 0
	default:
		out.State = StateUndecided
		need := math.Min(raiseNeed, clearNeed)
		switch {
		case out.repeating():
			out.MoreGames = MoreGamesRepeat
		case math.IsInf(need, 1):
			out.MoreGames = -1
		default:
			out.MoreGames = int(need)
		}
	}
	out.Raised = out.State == StateRaised
	u := units[worst]
	lo, hi := fairBand(u.Fair, th)
	out.Detail = "no games to read it from"
	if out.Assessed {
		out.Detail = fmt.Sprintf("%s %d's score %s against an even %s's %.2f (intervals of the %d %ss hold together at %.0f%%): %s [%.2f, %.2f]",
			unit, u.Index+1, pct(u.Score), unit, u.Fair, len(units), unit, th.Confidence*100, out.stateWords("outside", "inside"), lo, hi)
		if out.State == StateClear {
			out.Detail = fmt.Sprintf("every %s's score lies inside its even band (the furthest, %s %d, %s against %.2f, inside [%.2f, %.2f])",
				unit, unit, u.Index+1, pct(u.Score), u.Fair, lo, hi)
		}
	}
	return out
}

// dev is a unit's departure from its fair score, relative to it.
func dev(u Share) float64 { return math.Abs(u.Score.Est-u.Fair) / u.Fair }

// rankUtilities is each seat's partial win in a game as Ludii counts it:
// seats ranked by share (tied seats share their ranks' mean), the first 1,
// the last 0, linear between.
func rankUtilities(points []float64) []float64 {
	n := len(points)
	order := make([]int, n)
	for s := range order {
		order[s] = s
	}
	sort.SliceStable(order, func(i, j int) bool { return points[order[i]] > points[order[j]] })
	out := make([]float64, n)
	for i := 0; i < n; {
		j := i
		for j+1 < n && math.Abs(points[order[j+1]]-points[order[i]]) <= 1e-9 {
			j++
		}
		rank := float64(i+j) / 2 // mean of the 0-based ranks i..j
		for k := i; k <= j; k++ {
			out[order[k]] = 1 - rank/float64(n-1)
		}
		i = j + 1
	}
	return out
}

// SeatBalance is Ludii's Balance metric for n players (Ludii's
// Evaluation metrics, class Balance, "similarity between player
// win-rates"): each player's win rate is its mean partial win over the
// games (rankUtilities: the top-ranked seat 1, the bottom 0, evenly
// between, ties sharing; two seats: win 1, draw 1/2, loss 0), and Balance
// is one minus the largest gap between two players' rates, 1 for seats
// that do equally well, 0 when one always wins and another always loses.
// The interval is simultaneous: with every seat's rate inside its
// interval (Bonferroni, as SeatScores), the largest gap lies between
// max(0, highest low - lowest high) and highest high - lowest low.
func SeatBalance(games []SeatGame, n int, confidence float64) (Interval, error) {
	if err := checkSeatGames(games, n); err != nil {
		return Interval{}, err
	}
	if len(games) == 0 {
		return Interval{Method: MethodSimultaneous}, nil
	}
	eff := seatEffective(games)
	level := simultaneousLevel(n, confidence)
	rates := make([][]float64, n)
	for _, g := range games {
		for s, u := range rankUtilities(g.Points) {
			rates[s] = append(rates[s], u)
		}
	}
	var ests []float64
	maxLo, minHi, maxHi, minLo := math.Inf(-1), math.Inf(1), math.Inf(-1), math.Inf(1)
	for s := range n {
		iv := shareInterval(rates[s], eff, level, n)
		ests = append(ests, iv.Est)
		maxLo, minHi = math.Max(maxLo, iv.Lo), math.Min(minHi, iv.Hi)
		maxHi, minLo = math.Max(maxHi, iv.Hi), math.Min(minLo, iv.Lo)
	}
	sort.Float64s(ests)
	gap := ests[n-1] - ests[0]
	return Interval{Est: 1 - gap, Lo: math.Max(0, 1-(maxHi-minLo)), Hi: math.Min(1, 1-math.Max(0, maxLo-minHi)), Method: MethodSimultaneous}, nil
}

// SeatSentence says in plain words what a seat's (or team's) score means,
// numbering seats from 1 as the report shows them:
// "Seat 2 (blue) scores 34% of the points (29%–39%), against 25% for an
// even seat: it is ahead." A team's says which seats it holds.
func SeatSentence(s Share) string {
	who := fmt.Sprintf("Seat %d", s.Index+1)
	even := "an even seat"
	if len(s.Seats) > 0 {
		nums := make([]string, len(s.Seats))
		for i, seat := range s.Seats {
			nums[i] = fmt.Sprint(seat + 1)
		}
		who = fmt.Sprintf("Team %d (seats %s)", s.Index+1, strings.Join(nums, ", "))
		even = "an even team of its size"
	}
	if s.Name != "" {
		who += " (" + s.Name + ")"
	}
	verdict := "within what these games can tell from " + even
	switch {
	case s.Score.Lo > s.Fair:
		verdict = "it is ahead"
	case s.Score.Hi < s.Fair:
		verdict = "it is behind"
	}
	return fmt.Sprintf("%s scores %s of the points (%s–%s), against %s for %s: %s.",
		who, percent(s.Score.Est), percent(s.Score.Lo), percent(s.Score.Hi), percent(s.Fair), even, verdict)
}

// percent writes a share as a whole percentage.
func percent(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }

// SeatTable is what the report shows of games of N seats.
type SeatTable struct {
	Seats     int      `json:"seats"`
	Games     int      `json:"games"`
	Effective float64  `json:"effective_games"` // see effectiveGames
	Draws     Interval `json:"draws"`
	Scores    []Share  `json:"scores"`          // per seat, named
	Teams     []Share  `json:"teams,omitempty"` // per team, when the game has teams
	// Advantage is seat_advantage over the seats; TeamAdvantage the same
	// test over the teams (not assessed without teams).
	Advantage     Check    `json:"advantage"`
	TeamAdvantage Check    `json:"team_advantage"`
	Balance       Interval `json:"balance"` // SeatBalance
}

// SeatTableOf reads games of len(names) seats (names[s] names seat s,
// "" for none); teams, when not nil, partitions the seats, and a team is
// named by its seats' names.
func SeatTableOf(games []SeatGame, names []string, teams [][]int, th Thresholds) (SeatTable, error) {
	n := len(names)
	t := SeatTable{Seats: n, Games: len(games), Effective: seatEffective(games)}
	var err error
	if t.Scores, err = SeatScores(games, n, th.Confidence); err != nil {
		return SeatTable{}, err
	}
	for s := range t.Scores {
		t.Scores[s].Name = names[s]
	}
	t.Draws = DrawRate(games, th.Confidence)
	t.Advantage = advantage(FlagSeatAdvantage, "seat", t.Scores, len(games), t.Effective, th)
	t.TeamAdvantage = Check{Name: FlagSeatAdvantage, State: StateNotAssessed, Detail: "the game has no teams"}
	if teams != nil {
		if t.Teams, err = TeamScores(games, n, teams, th.Confidence); err != nil {
			return SeatTable{}, err
		}
		for k, team := range teams {
			var who []string
			for _, s := range team {
				if names[s] != "" {
					who = append(who, names[s])
				}
			}
			if len(who) == len(team) {
				t.Teams[k].Name = strings.Join(who, " and ")
			}
		}
		t.TeamAdvantage = advantage(FlagSeatAdvantage, "team", t.Teams, len(games), t.Effective, th)
	}
	if t.Balance, err = SeatBalance(games, n, th.Confidence); err != nil {
		return SeatTable{}, err
	}
	return t, nil
}

// Sentences are SeatSentence's for every seat, then every team.
func (t SeatTable) Sentences() []string {
	var out []string
	for _, s := range append(append([]Share(nil), t.Scores...), t.Teams...) {
		out = append(out, SeatSentence(s))
	}
	return out
}
