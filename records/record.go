package records

import (
	"fmt"
	"sort"

	"balancefarm/engine"
	"balancefarm/protocol"
)

// Game is one played game as the records keep it.
type Game struct {
	// Round is the game's number among its file's games, from 1, in the
	// batch's game order: the PGN Round tag and the report's links.
	Round  int    `json:"round"`
	White  string `json:"white"` // player spec of the first mover (player 0)
	Black  string `json:"black"` // player spec of the second mover
	Seed   uint64 `json:"seed"`
	PairID int    `json:"pair_id"`
	// OpeningPlies are the first plies, played at random from the seed
	// to vary the games; 0 when the record does not say.
	OpeningPlies int    `json:"opening_plies"`
	StartFEN     string `json:"start_fen"`
	// Moves are in the engine's notation (engine/NOTATION.md), one per
	// ply; SAN holds the same plies in SAN when the game can be written
	// so, else it is empty.
	Moves    []string      `json:"moves"`
	SAN      []string      `json:"san,omitempty"`
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
}

// Notation is the movetext a reader gets: SAN when there is one.
func (g *Game) Notation() []string {
	if len(g.SAN) == len(g.Moves) && len(g.SAN) > 0 {
		return g.SAN
	}
	return g.Moves
}

// Build replays each result on the compiled game, in game order, and
// returns the records. A result that does not replay (results are
// verified before they count, so only a farm that skips replay gives one)
// is kept as recorded, with Unreplayed saying why.
func Build(g *engine.Game, results []protocol.Result) []Game {
	rs := append([]protocol.Result(nil), results...)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Game < rs[j].Game })
	sanOK := SANGame(g)
	out := make([]Game, 0, len(rs))
	for i, r := range rs {
		rec := Game{Round: i + 1, White: r.P0, Black: r.P1, Seed: r.Seed, PairID: r.PairID, OpeningPlies: r.OpeningPlies,
			Moves: append([]string{}, r.Moves...), Plies: r.Plies, Result: r.Result, Winner: r.Winner, Ending: engine.Ending(r.Ending),
			Nodes: r.Nodes, BatchID: r.BatchID}
		if err := replay(g, &rec, sanOK, nil); err != nil {
			rec.SAN, rec.FinalFEN, rec.Unreplayed = nil, "", err.Error()
		}
		out = append(out, rec)
	}
	return out
}

// replay plays rec's moves from the start position, filling StartFEN,
// FinalFEN and, when san, SAN (left empty if some ply cannot be written
// in it); each position on the way, the start included, is handed to
// visit when it is set.
func replay(g *engine.Game, rec *Game, san bool, visit func(*engine.Position)) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("engine failure replaying the game: %v", p)
		}
	}()
	if g == nil {
		return fmt.Errorf("no game to replay on")
	}
	p := g.NewPosition()
	rec.StartFEN = p.FEN()
	if visit != nil {
		visit(p)
	}
	var sans []string
	var buf []engine.Move
	for i, text := range rec.Moves {
		if p.InRound() {
			m0, m1, err := p.ParseRound(text)
			if err != nil {
				return fmt.Errorf("ply %d (%s): %w", i+1, text, err)
			}
			san = false
			p.MakeRound(m0, m1)
		} else {
			m, err := p.ParseMove(text)
			if err != nil {
				return fmt.Errorf("ply %d (%s): %w", i+1, text, err)
			}
			if san {
				buf = p.LegalMoves(buf[:0])
				s, ok := sanOf(p, m, buf)
				side := p.SideToMove()
				p.Make(m)
				// SAN numbers moves by turns of one ply each.
				if !ok || p.SideToMove() == side {
					san = false
				} else {
					sans = append(sans, s+checkSuffix(p))
				}
			} else {
				p.Make(m)
			}
		}
		if visit != nil {
			visit(p)
		}
	}
	if o := p.Outcome(); !o.Over || o.Rule != rec.Ending || o.Winner != rec.Winner {
		return fmt.Errorf("the moves end %v by %q, the record says %d by %q", o.Over, o.Rule, rec.Winner, rec.Ending)
	}
	rec.FinalFEN = p.FEN()
	if san {
		rec.SAN = sans
	}
	return nil
}
