package records

import (
	"sort"

	"balancefarm/engine"
)

// Game is one played game as the records keep it.
type Game struct {
	// Round is the game's number among its file's games, from 1, in the
	// batch's game order: the PGN Round tag and the report's links.
	Round int    `json:"round"`
	White string `json:"white"` // player spec of the first mover (player 0)
	Black string `json:"black"` // player spec of the second mover
	// Seats is, in a game with seats, the player spec in each seat.
	Seats  []string `json:"seats,omitempty"`
	Seed   uint64   `json:"seed"`
	PairID int      `json:"pair_id"`
	// OpeningPlies are the first plies, played at random from the seed
	// to vary the games; 0 when the record does not say.
	OpeningPlies int    `json:"opening_plies"`
	StartFEN     string `json:"start_fen"`
	// Moves are in the engine's notation (engine/NOTATION.md), one per
	// ply; SAN holds the same plies in SAN when the game can be written
	// so, else it is empty.
	Moves []string `json:"moves"`
	SAN   []string `json:"san,omitempty"`
	// PSN holds the same plies in Western shogi notation for a game of
	// one of the ShogiVariants, else it is empty.
	PSN []string `json:"psn,omitempty"`
	// WXF holds the same plies in the World Xiangqi Federation's
	// notation for a game of the XiangqiVariant, else it is empty.
	WXF      []string      `json:"wxf,omitempty"`
	Plies    int           `json:"plies"`
	Result   string        `json:"result"` // 1-0, 0-1 or 1/2-1/2
	Winner   int           `json:"winner"` // 0, 1, or -1 for a draw
	Ending   engine.Ending `json:"ending"` // the rule that ended it
	FinalFEN string        `json:"final_fen"`
	Nodes    int64         `json:"nodes"`
	BatchID  string        `json:"batch_id,omitempty"`
	// Unreplayed says why the moves did not replay on the game (a
	// stand-in runner's record, or one from another version of the
	// file): the moves are kept as recorded, without SAN or positions.
	Unreplayed string `json:"unreplayed,omitempty"`

	replayed *Replayed // the replay it was built from, for the diagrams
}

// Notation is the movetext a reader gets: the game's own notation (PSN
// for shogi, WXF for xiangqi), else SAN, when there is one.
func (g *Game) Notation() []string {
	for _, own := range [][]string{g.PSN, g.WXF, g.SAN} {
		if len(own) == len(g.Moves) && len(own) > 0 {
			return own
		}
	}
	return g.Moves
}

// ownNotation is the notation of a game's own standard record: "PSN"
// for the ShogiVariants, "WXF" for the XiangqiVariant, "" for every other
// game.
func ownNotation(g *engine.Game) string {
	switch {
	case ShogiName(g) != "":
		return "PSN"
	case Xiangqi(g):
		return "WXF"
	}
	return ""
}

// Build turns each replayed result into its record, in game order. A
// result that did not replay (results are verified before they count, so
// only a farm that skips verifying gives one) is kept as recorded, with
// Unreplayed saying why.
func Build(replayed []*Replayed) []Game {
	rs := append([]*Replayed(nil), replayed...)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Result.Game < rs[j].Result.Game })
	out := make([]Game, 0, len(rs))
	family := map[*engine.Game]string{} // a game's own notation (ownNotation), asked once
	for i, rp := range rs {
		r := rp.Result
		rec := Game{Round: i + 1, White: r.P0, Black: r.P1, Seats: append([]string(nil), r.Seats...), Seed: r.Seed, PairID: r.PairID, OpeningPlies: r.OpeningPlies,
			StartFEN: rp.StartFEN, Moves: append([]string{}, r.Moves...), SAN: rp.SAN, Plies: r.Plies, Result: r.Result,
			Winner: r.Winner, Ending: engine.Ending(r.Ending), FinalFEN: rp.FinalFEN, Nodes: r.Nodes, BatchID: r.BatchID, replayed: rp}
		if rp.Err != nil {
			rec.Unreplayed = rp.Err.Error()
		} else if rp.game != nil {
			own, asked := family[rp.game]
			if !asked {
				own = ownNotation(rp.game)
				family[rp.game] = own
			}
			switch own {
			case "PSN":
				rec.PSN = rp.psn()
			case "WXF":
				rec.WXF = rp.wxf()
			}
		}
		out = append(out, rec)
	}
	return out
}
