package measure

import (
	"fmt"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/selfplay"
	"balancefarm/stats"
)

// seatMirrorMinGames is the fewest games of the strongest rung in every
// seat the seat table is decided from, as for two players' mirror games.
const seatMirrorMinGames = 20

// SeatedStop is SequentialStop for a rule file with seats. The ladder's
// pairings stop by the SPRT as two players' do, each game's winner read
// as the army of the winning team (selfplay.GamesOf). The strongest
// rung's games in every seat stop once the seat table decides
// seat_advantage and the draw rate is within ±precision (a raised
// seat_advantage needs no more), at mirrorGames at most: the
// first mover's score and one_sided mean nothing with more than two seats.
func SeatedStop(g *engine.Game, players []string, games, mirrorGames int, precision float64) (farm.StopFunc, error) {
	ladder, err := selfplay.Ladder(players)
	if err != nil {
		return nil, fmt.Errorf("players: %w (or measure without sequential stopping)", err)
	}
	th := stats.DefaultThresholds()
	th.MaxGames = max(games, th.MinGames)
	if err := th.Validate(); err != nil {
		return nil, err
	}
	limit := max(mirrorGames, th.MinGames)
	return func(pair [2]string, results []protocol.Result) (bool, string) {
		if pair[0] != pair[1] {
			d, err := stats.Decide(ladder, th, selfplay.GamesOf(g, results))
			if err != nil {
				return false, "not judged: " + err.Error()
			}
			return !d.Continue, d.Reason
		}
		var counted []protocol.Result
		for _, r := range results {
			if r.Ending != string(engine.EndError) {
				counted = append(counted, r)
			}
		}
		if len(counted) >= limit {
			return true, fmt.Sprintf("cap of %d games reached", limit)
		}
		if len(counted) < max(th.MinGames, seatMirrorMinGames) {
			return false, fmt.Sprintf("%d of the minimum %d games played", len(counted), max(th.MinGames, seatMirrorMinGames))
		}
		table, check, err := selfplay.SeatTable(g, counted, th)
		if err != nil {
			return false, "not judged: " + err.Error()
		}
		switch half := (table.Draws.Hi - table.Draws.Lo) / 2; {
		case check.State == stats.StateRaised:
			return true, "seat_advantage raised"
		case check.State == stats.StateUndecided:
			return false, "open: seat_advantage"
		case precision > 0 && half > precision+1e-12:
			return false, fmt.Sprintf("open: draw rate ±%.3f wider than ±%.3f", half, precision)
		}
		return true, "seat_advantage decided and the draw rate within the precision"
	}, nil
}
