package selfplay

import (
	"fmt"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/report"
	"balancefarm/search"
	"balancefarm/stats"
)

// Seating is how a measurement seats the two armies of a pairing in a
// game with seats (protocol.Plan.Seating): stats.SeatPlan's first
// rotation of two armies over the game's units (its teams, or its seats
// in a free-for-all), each seat taking its unit's army, so that allies
// are one army and the colour-swapped game, which swaps the armies,
// seats each army in every seat equally often. Seat 0 holds army 0. Nil
// for a game of two players.
func Seating(g *engine.Game) []int {
	if !g.Seated() {
		return nil
	}
	units := g.Seats()
	if g.Teams() < units {
		units = g.Teams()
	}
	plan, err := stats.SeatPlan(max(units, 2), 2, false)
	if err != nil {
		return nil
	}
	out := make([]int, g.Seats())
	for s := range out {
		unit := s
		if units < g.Seats() {
			unit = g.Team(s)
		}
		out[s] = plan[0][unit%len(plan[0])]
	}
	if out[0] != 0 {
		for s := range out {
			out[s] = 1 - out[s]
		}
	}
	return out
}

// seatSpecs are a seated job's players, seat by seat: its Seats, else P0
// in every seat.
func seatSpecs(g *engine.Game, job protocol.JobIdentity) ([]search.PlayerSpec, error) {
	names := job.Seats
	if len(names) == 0 {
		names = make([]string, g.Seats())
		for s := range names {
			names[s] = job.P0
		}
	}
	if len(names) != g.Seats() {
		return nil, fmt.Errorf("the job names players for %d seats, the game has %d", len(names), g.Seats())
	}
	specs := make([]search.PlayerSpec, len(names))
	for s, name := range names {
		spec, err := search.ParseSpec(name)
		if err != nil {
			return nil, fmt.Errorf("seat %d (%s): %w", s+1, g.SeatName(s), err)
		}
		specs[s] = spec
	}
	return specs, nil
}

// armyOf is, in a seated game under seating, the army (0: the job's P0,
// 1: its P1) of the team that won, or protocol.NoWinner: the winner as
// the two-player statistics read it.
func armyOf(g *engine.Game, seating []int, team int) int {
	if team < 0 {
		return protocol.NoWinner
	}
	for s := range g.Seats() {
		if g.Team(s) == team && s < len(seating) {
			return seating[s]
		}
	}
	return protocol.NoWinner
}

// GamesOf is Games for the results of g: in a game with seats, each
// result's winner is read as the army of the winning team (Seating), so
// that the ladder's ratings, pairings and flags read the two armies as
// two players.
func GamesOf(g *engine.Game, results []protocol.Result) []stats.Game {
	games := Games(results)
	if g == nil || !g.Seated() {
		return games
	}
	seating := Seating(g)
	for i := range games {
		games[i].Winner = armyOf(g, seating, results[i].Winner)
	}
	return games
}

// seatGameOf reads one seated result as each seat's share.
func seatGameOf(g *engine.Game, r protocol.Result) (stats.SeatGame, error) {
	n := g.Seats()
	shares := r.SeatShares
	if len(shares) != n {
		var winners []int
		for s := range n {
			if r.Winner >= 0 && g.Team(s) == r.Winner {
				winners = append(winners, s)
			}
		}
		var err error
		if shares, err = stats.WinShares(n, winners...); err != nil {
			return stats.SeatGame{}, err
		}
	}
	return stats.SeatGame{Points: shares, Line: lineOf(r), Choices: r.Features[protocol.FeatureChoices]}, nil
}

// sameSeats reports whether every seat of a result had the same player,
// and which.
func sameSeats(r protocol.Result) (string, bool) {
	if len(r.Seats) == 0 {
		return r.P0, r.P0 == r.P1
	}
	for _, s := range r.Seats {
		if s != r.Seats[0] {
			return "", false
		}
	}
	return r.Seats[0], true
}

// seatScope picks the games the seat table reads: the strongest rung's
// games in every seat (equal strength, so the table measures the seats),
// else any games with one player in every seat, else all of them (whose
// armies the seating rotated over the seats); and says which.
func seatScope(top string, results []protocol.Result) ([]protocol.Result, string) {
	var mirror, same []protocol.Result
	for _, r := range results {
		if r.Ending == string(engine.EndError) {
			continue
		}
		if spec, ok := sameSeats(r); ok {
			same = append(same, r)
			if spec == top {
				mirror = append(mirror, r)
			}
		}
	}
	switch {
	case len(mirror) > 0:
		return mirror, fmt.Sprintf("games of the strongest rung (%s) in every seat", top)
	case len(same) > 0:
		return same, "games with one player in every seat"
	}
	var all []protocol.Result
	for _, r := range results {
		if r.Ending != string(engine.EndError) {
			all = append(all, r)
		}
	}
	return all, "games of the whole ladder, the two armies rotated over the seats"
}

// SeatTable reads the seat table of g's results, all of them (the
// caller picks the scope), and the check the verdict reads in place of
// one_sided: seat_advantage over the seats, or over the teams in a game
// with teams (whose seats share their team's result).
func SeatTable(g *engine.Game, results []protocol.Result, th stats.Thresholds) (stats.SeatTable, stats.Check, error) {
	games := make([]stats.SeatGame, 0, len(results))
	for _, r := range results {
		sg, err := seatGameOf(g, r)
		if err != nil {
			return stats.SeatTable{}, stats.Check{}, fmt.Errorf("game %s: %w", r.JobID, err)
		}
		games = append(games, sg)
	}
	names := make([]string, g.Seats())
	for s := range names {
		names[s] = g.SeatName(s)
	}
	var teams [][]int
	if g.Teams() < g.Seats() {
		teams = make([][]int, g.Teams())
		for s := range g.Seats() {
			teams[g.Team(s)] = append(teams[g.Team(s)], s)
		}
	}
	table, err := stats.SeatTableOf(games, names, teams, th)
	if err != nil {
		return stats.SeatTable{}, stats.Check{}, err
	}
	if teams != nil {
		return table, table.TeamAdvantage, nil
	}
	return table, table.Advantage, nil
}

// seatAnalysis reads the seats of g's results into a, in place of the
// two-player first mover: the seat table, its seat_advantage check
// replacing one_sided, no first_mover_edge warning, and the verdict again.
func seatAnalysis(g *engine.Game, a *stats.Analysis, results []protocol.Result, th stats.Thresholds) (*report.Seats, error) {
	top := a.Ladder.Rungs[len(a.Ladder.Rungs)-1]
	scope, scopeName := seatScope(top, results)
	table, check, err := SeatTable(g, scope, th)
	if err != nil {
		return nil, err
	}
	if check.Assessed {
		check.Detail += ", from the " + scopeName
	}
	for i, c := range a.Checks {
		if c.Name == stats.FlagOneSided {
			a.Checks[i] = check
		}
	}
	kept := a.Warnings[:0]
	for _, w := range a.Warnings {
		if w.Name != stats.WarnFirstMoverEdge {
			kept = append(kept, w)
		}
	}
	a.Warnings = kept
	a.Verdict = stats.VerdictOf(a.Checks)
	return &report.Seats{Scope: scopeName, SeatTable: table, Sentences: table.Sentences()}, nil
}
