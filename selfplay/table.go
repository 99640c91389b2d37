package selfplay

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/records"
	"balancefarm/search"
	"balancefarm/stats"
)

// minTableGames is the fewest games a learned table is fitted from.
const minTableGames = 100

// LearnTable learns a piece-square table for spec (an alpha-beta or MCTS
// spec) from games of the rule file, to be added to the one its
// evaluation has (search.TableRow): each quiet position after the
// opening (from records.QuietFrom plies past it, no capture on the last
// ply, the side to move not in check) is a sample of spec's own
// evaluation and the squares of every piece against the game's result
// (stats.FitTable). Games with a random player, and games whose moves do
// not replay, are left out. Each row is centred on its mean over the
// squares the piece may stand on, so the table moves pieces about rather
// than revaluing them; rows that round to nothing are left out.
func LearnTable(g *engine.Game, spec string, results []protocol.Result) ([]search.TableRow, stats.TableFit, error) {
	if g.Seated() {
		return nil, stats.TableFit{}, errors.New("a learned table is for games of two players")
	}
	eval, err := search.StaticEvaluator(g, spec)
	if err != nil {
		return nil, stats.TableFit{}, err
	}
	nk, nsq := g.NumKinds(), g.NumSquares()
	opposing := search.OpposingSquare(g)
	var samples []stats.TableSample
	games := 0
	for _, r := range results {
		if r.Winner < -1 || r.Winner > 1 || isRandom(r.P0) || isRandom(r.P1) {
			continue
		}
		score := zeroScore(r.Winner)
		got, ok := tableSamples(g, r, eval, opposing, nk, nsq)
		if !ok || len(got) == 0 {
			continue
		}
		for i := range got {
			got[i].Result, got[i].Game = score, games
		}
		samples = append(samples, got...)
		games++
	}
	if games < minTableGames {
		return nil, stats.TableFit{}, fmt.Errorf("%d games to learn a table from; at least %d are needed", games, minTableGames)
	}
	fit, err := stats.FitTable(samples, nk*nsq)
	if err != nil {
		return nil, fit, err
	}
	var rows []search.TableRow
	for k := range nk {
		if g.IsBodyKind(k) {
			continue
		}
		mean, n := 0.0, 0
		for sq := range nsq {
			if g.CanStand(0, k, sq) {
				mean += fit.Cents[k*nsq+sq]
				n++
			}
		}
		if n == 0 {
			continue
		}
		mean /= float64(n)
		row := search.TableRow{ID: g.PieceID(k), Cents: make([]int, nsq)}
		any := false
		for sq := range nsq {
			if g.CanStand(0, k, sq) {
				row.Cents[sq] = int(math.Round(fit.Cents[k*nsq+sq] - mean))
				any = any || math.Abs(fit.Cents[k*nsq+sq]-mean) >= 1
			}
		}
		if any {
			rows = append(rows, row)
		}
	}
	return rows, fit, nil
}

// tableSamples replays one game and gives its samples, results unset; ok
// is false when a move does not replay.
func tableSamples(g *engine.Game, r protocol.Result, eval func(*engine.Position) int, opposing func(int) int, nk, nsq int) ([]stats.TableSample, bool) {
	p := g.NewPosition()
	if r.StartFEN != "" {
		from, err := g.ParseFEN(r.StartFEN)
		if err != nil {
			return nil, false
		}
		p = from
	}
	var out []stats.TableSample
	prevPieces := -1
	for i, mv := range r.Moves {
		m, err := p.ParseMove(mv)
		if err != nil {
			return nil, false
		}
		p.Make(m)
		var squares []int32
		for pl := range 2 {
			for k := range nk {
				for w, x := range p.KindSquares(pl, k) {
					for ; x != 0; x &= x - 1 {
						sq := w*64 + bits.TrailingZeros64(x)
						if pl == 0 {
							squares = append(squares, int32(k*nsq+sq))
						} else {
							squares = append(squares, int32(-(k*nsq+opposing(sq))-1))
						}
					}
				}
			}
		}
		quiet := len(squares) == prevPieces && !p.InCheck()
		prevPieces = len(squares)
		if i+1 < r.OpeningPlies+records.QuietFrom || !quiet || p.Outcome().Over {
			continue
		}
		out = append(out, stats.TableSample{Squares: squares, Offset: float64(eval(p))})
	}
	return out, true
}
