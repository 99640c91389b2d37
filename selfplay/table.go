package selfplay

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"balancefarm/engine"
	"balancefarm/records"
	"balancefarm/search"
	"balancefarm/stats"
)

// minTableGames is the fewest games a learned table is fitted from.
const minTableGames = 100

// LearnTable learns a piece-square table for spec (an alpha-beta or MCTS
// spec) from replayed games of the rule file, to be added to the one its
// evaluation has (search.TableRow). Each quiet position after the
// opening is a sample of spec's own evaluation and the squares of every
// piece against the game's result (stats.FitTable): a position from
// records.QuietFrom plies past the opening on, no capture on the ply
// before it, the side to move not in check, the game not over. The
// positions are the replay's own (records.Replayed.Positions): nothing
// is parsed again. Games with a random player, and games that did not
// replay, are left out. Each row is centred on its mean over the squares
// the piece may stand on, so the table moves pieces about rather than
// revaluing them; rows that round to nothing are left out.
func LearnTable(g *engine.Game, spec string, games []*records.Replayed) ([]search.TableRow, stats.TableFit, error) {
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
	n := 0
	for _, rp := range games {
		r := rp.Result
		if rp.Err != nil || r.Winner < -1 || r.Winner > 1 || isRandom(r.P0) || isRandom(r.P1) {
			continue
		}
		score, ply, pieces := zeroScore(r.Winner), 0, -1
		before := len(samples)
		err := rp.Positions(func(p *engine.Position) {
			squares := tableSquares(p, opposing, nk, nsq)
			quiet := len(squares) == pieces && !p.InCheck()
			pieces = len(squares)
			if quiet && ply >= r.OpeningPlies+records.QuietFrom && !p.Outcome().Over {
				samples = append(samples, stats.TableSample{Squares: squares, Offset: float64(eval(p)), Result: score, Game: n})
			}
			ply++
		})
		if err != nil || len(samples) == before {
			samples = samples[:before]
			continue
		}
		n++
	}
	if n < minTableGames {
		return nil, stats.TableFit{}, fmt.Errorf("%d games to learn a table from; at least %d are needed", n, minTableGames)
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
		mean, count := 0.0, 0
		for sq := range nsq {
			if g.CanStand(0, k, sq) {
				mean += fit.Cents[k*nsq+sq]
				count++
			}
		}
		if count == 0 {
			continue
		}
		mean /= float64(count)
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

// tableSquares is the table entries of every piece on p's board: player
// 0's as they stand, player 1's through opposing (as negative entries).
func tableSquares(p *engine.Position, opposing func(int) int, nk, nsq int) []int32 {
	var out []int32
	for pl := range 2 {
		for k := range nk {
			for w, x := range p.KindSquares(pl, k) {
				for ; x != 0; x &= x - 1 {
					sq := w*64 + bits.TrailingZeros64(x)
					if pl == 0 {
						out = append(out, int32(k*nsq+sq))
					} else {
						out = append(out, int32(-(k*nsq+opposing(sq))-1))
					}
				}
			}
		}
	}
	return out
}
