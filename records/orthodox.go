package records

import (
	_ "embed"
	"reflect"
	"sync"

	"balancefarm/engine"
)

// orthodoxFile is FIDE chess in the rule language: what a game is
// compared with to decide whether its PGN needs a Variant tag.
//
//go:embed orthodox.json
var orthodoxFile []byte

// StandardFEN is orthodox chess's start position.
const StandardFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

var orthodox = sync.OnceValue(func() *engine.Game {
	g, err := engine.Compile(orthodoxFile)
	if err != nil {
		panic("records: the embedded orthodox chess does not compile: " + err.Error())
	}
	return g
})

// Orthodox reports whether g plays orthodox chess: the same board, start,
// pieces and moves (square by square, as the engine's tables hold them),
// promotions, castling, en passant and endings as FIDE chess (the
// fifty-move count restarting on pawn moves included), and none of
// the other families. Only the game's length cap may differ: it is no
// rule a PGN reader replays.
func Orthodox(g *engine.Game) bool {
	o := orthodox()
	if g == nil || g.Width() != o.Width() || g.Height() != o.Height() || g.NumKinds() != o.NumKinds() || !SANGame(g) {
		return false
	}
	if g.NewPosition().FEN() != StandardFEN || g.HasDrops() || g.Effects() != nil || g.Reach() != nil ||
		g.Extinction() != nil || g.Scoring() != nil || !g.HasCastling() || !g.HasEnPassant() {
		return false
	}
	ge, oe := g.Endings(), o.Endings()
	ge.MaxPlies, oe.MaxPlies = 0, 0
	if ge != oe || !reflect.DeepEqual(g.Promotions(), o.Promotions()) {
		return false
	}
	for k := range o.NumKinds() {
		gk := g.KindByID(o.PieceID(k))
		if gk < 0 || g.IsRoyal(gk) != o.IsRoyal(k) || g.ResetsNoProgress(gk) != o.ResetsNoProgress(k) {
			return false
		}
		for pl := range 2 {
			for sq := range o.NumSquares() {
				if !reflect.DeepEqual(g.Lines(pl, gk, sq), o.Lines(pl, k, sq)) {
					return false
				}
			}
		}
	}
	return true
}
