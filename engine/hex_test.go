package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// hexGame loads a small rule file on a hex board.
func hexGame(t *testing.T, w, h int, shape, pieces, placements, orientation, rules string) *Game {
	t.Helper()
	js := fmt.Sprintf(`{"name":"hex test","board":{"width":%d,"height":%d,"lattice":"hex"%s},"pieces":[%s],"setup":{"mirror":false,"orientation":%q,"placements":%s},"rules":%s}`,
		w, h, shape, pieces, orientation, placements, rules)
	return loadBytes(t, []byte(js))
}

// A hex rhombus whose pieces use only [1,0]/[0,1]-type steps is the square
// board with the same moves: the axial frame is the square index, so
// every count must agree at every depth.
func TestHexRhombusCountsLikeSquares(t *testing.T) {
	pieces := strings.Join([]string{
		`{"id":"K","royal":true,"value":0,"moves":[{"kind":"leap","vectors":[[1,0],[0,1],[-1,0],[0,-1]]}]}`,
		`{"id":"R","value":5,"moves":[{"kind":"slide","vectors":[[1,0],[0,1],[-1,0],[0,-1]]}]}`,
		`{"id":"D","value":3,"moves":[{"kind":"leap","vectors":[[2,0],[0,2],[-2,0],[0,-2]]},{"kind":"slide","vectors":[[0,1]],"range":2,"mode":"move"}]}`,
		`{"id":"P","value":1,"moves":[{"kind":"slide","vectors":[[0,1]],"range":1,"mode":"move"},{"kind":"slide","vectors":[[0,1]],"range":2,"min_range":2,"mode":"move","condition":{"first_move":true}},{"kind":"leap","vectors":[[1,0],[-1,0]],"mode":"capture"}]}`,
	}, ",")
	placements := `[{"piece":"K","squares":["c1"]},{"piece":"R","squares":["a1","e1"]},{"piece":"D","squares":["b1","d1"]},{"piece":"P","squares":["a2","b2","c2","d2","e2"]},
		{"piece":"K","player":1,"squares":["c6"]},{"piece":"R","player":1,"squares":["a6","e6"]},{"piece":"D","player":1,"squares":["b6","d6"]},{"piece":"P","player":1,"squares":["a5","b5","c5","d5","e5"]}]`
	rules := `{"promotion":{"piece":"P","squares":["a6","b6","c6","d6","e6"],"to":["R","D"]},"en_passant":true}`
	hex := hexGame(t, 5, 6, "", pieces, placements, "rotate", rules)
	sq := loadBytes(t, []byte(fmt.Sprintf(`{"name":"square twin","board":{"width":5,"height":6},"pieces":[%s],"setup":{"mirror":false,"orientation":"rotate","placements":%s},"rules":%s}`,
		pieces, placements, rules)))
	for depth := 1; depth <= 4; depth++ {
		if a, b := hex.NewPosition().Perft(depth), sq.NewPosition().Perft(depth); a != b {
			t.Errorf("perft(%d): hex rhombus %d, square board %d", depth, a, b)
		}
	}
	// And along random games, move lists and hashes alike.
	rng := rand.New(rand.NewPCG(3, 4))
	ph, ps := hex.NewPosition(), sq.NewPosition()
	for ply := 0; ply < 200 && !ps.Outcome().Over; ply++ {
		mh, ms := ph.LegalMoves(nil), ps.LegalMoves(nil)
		if fmt.Sprint(moveStrings(ph, mh)) != fmt.Sprint(moveStrings(ps, ms)) {
			t.Fatalf("%s: hex %v, square %v", ps.FEN(), moveStrings(ph, mh), moveStrings(ps, ms))
		}
		i := rng.IntN(len(ms))
		ph.Make(mh[i])
		ps.Make(ms[i])
	}
}

// hexImage writes a position of a hexagon game turned by one of the
// lattice's twelve symmetries (rot sixths counter-clockwise about the
// centre, after the mirror that swaps q and r when flip): a FEN for the
// same game.
func hexImage(p *Position, rot int, flip bool) string {
	g := p.g
	R := g.hexR
	board := make([]uint8, g.n)
	for sq := 0; sq < g.n; sq++ {
		if g.offBoard.has(sq) || p.board[sq] == 0 {
			continue
		}
		a, b := g.fileOf[sq]-R, g.rankOf[sq]-R
		if flip {
			a, b = b, a
		}
		for range rot {
			a, b = -b, a+b
		}
		board[(b+R)*g.w+a+R] = p.board[sq]
	}
	var sb strings.Builder
	for y := g.h - 1; y >= 0; y-- {
		empty := 0
		for x := 0; x < g.w; x++ {
			sq := y*g.w + x
			c := board[sq]
			if c == 0 && !g.wall.has(sq) {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&sb, empty)
				empty = 0
			}
			if g.wall.has(sq) {
				sb.WriteByte('*')
			} else {
				sb.WriteString(g.tokens[c])
			}
		}
		if empty > 0 {
			fmt.Fprint(&sb, empty)
		}
		if y > 0 {
			sb.WriteByte('/')
		}
	}
	side := "w"
	if p.side == 1 {
		side = "b"
	}
	return sb.String() + " " + side + " - - 0 1"
}

// A position and its image under every symmetry of the hexagon count the
// same, for pieces whose moves are the lattice's own (rotate6, dihedral12).
func TestHexSymmetricImagesCountTheSame(t *testing.T) {
	pieces := strings.Join([]string{
		`{"id":"K","royal":true,"value":0,"moves":[{"kind":"leap","vectors":[[1,0],[1,1]],"symmetry":"rotate6"}]}`,
		`{"id":"R","value":5,"moves":[{"kind":"slide","vectors":[[1,0]],"symmetry":"rotate6"}]}`,
		`{"id":"B","value":3,"moves":[{"kind":"slide","vectors":[[1,1]],"symmetry":"rotate6"}]}`,
		`{"id":"N","value":3,"moves":[{"kind":"leap","vectors":[[1,2]],"symmetry":"dihedral12"}]}`,
		`{"id":"L","value":2,"moves":[{"kind":"lame","vectors":[[2,1]],"symmetry":"dihedral12"}]}`,
	}, ",")
	placements := `[{"piece":"K","squares":["d1"]},{"piece":"R","squares":["e1"]},{"piece":"B","squares":["f1"]},{"piece":"N","squares":["g1"]},{"piece":"L","squares":["e2","f2"]},
		{"piece":"K","player":1,"squares":["d7"]},{"piece":"R","player":1,"squares":["c7"]},{"piece":"B","player":1,"squares":["b7"]},{"piece":"N","player":1,"squares":["a7"]},{"piece":"L","player":1,"squares":["b6","c6"]}]`
	g := hexGame(t, 7, 7, `,"shape":"hexagon"`, pieces, placements, "rotate", `{}`)
	rng := rand.New(rand.NewPCG(9, 9))
	p := g.NewPosition()
	for ply := 0; ply < 40 && !p.Outcome().Over; ply++ {
		if ply%10 == 0 {
			want := p.Perft(3)
			for rot := 0; rot < 6; rot++ {
				for _, flip := range []bool{false, true} {
					q := mustFEN(t, g, hexImage(p, rot, flip))
					if got := q.Perft(3); got != want {
						t.Errorf("%s turned %d sixths (flip %v) = %s: perft(3) %d, want %d", p.FEN(), rot, flip, q.FEN(), got, want)
					}
				}
			}
		}
		ms := p.LegalMoves(nil)
		p.Make(ms[rng.IntN(len(ms))])
	}
}

// Moves worked out by hand on the hexagon of side four (7 by 7, centre d4).
func TestHexMovesByHand(t *testing.T) {
	pieces := strings.Join([]string{
		`{"id":"K","royal":true,"value":0,"moves":[{"kind":"leap","vectors":[[1,0]],"symmetry":"rotate6"}]}`,
		`{"id":"R","value":5,"moves":[{"kind":"slide","vectors":[[1,0]],"symmetry":"rotate6"}]}`,
		`{"id":"N","value":3,"moves":[{"kind":"leap","vectors":[[1,2]],"symmetry":"dihedral12"}]}`,
		`{"id":"L","value":2,"moves":[{"kind":"lame","vectors":[[1,1]]}]}`,
		`{"id":"P","value":1,"moves":[{"kind":"leap","vectors":[[0,1],[-1,1]]}]}`,
	}, ",")
	one := `[{"piece":"K","squares":["d1"]},{"piece":"K","player":1,"squares":["b7"]}]`
	g := hexGame(t, 7, 7, `,"shape":"hexagon"`, pieces, one, "mirror", `{"wrap":{"n_s":"both"}}`)
	// The corner cells a1..c1 and e7..g7 are no squares.
	if _, ok := g.parseSquare("a1"); ok {
		t.Error("a1 is a cut-off corner, not a square")
	}
	// Kings on the bottom edge: six neighbours less those off the board.
	// The bottom side (d1..g1) joins the top (a7..d7) under n_s: leaving
	// by it with [0,-1] from e1 comes back in on the top row.
	// The rook's line [1,-1] leaves by g1 and comes back in at d7, and
	// runs on to g4 (d7 and g4 are reached twice, listed once); [-1,1]
	// leaves by a7 into the top side's copy and meets its own king on d1.
	p := mustFEN(t, g, "1k2***/5**/6*/3R3/*6/**5/***K3 w - - 0 1")
	expectMoves(t, p, "d4", "a4 a7 b4 b6 c4 c5 d2 d3 d5 d6 d7 e3 e4 e6 f2 f4 f5 g1 g4")
	// Knight from the centre: all twelve.
	p = mustFEN(t, g, "1k2***/5**/6*/3N3/*6/**5/***K3 w - - 0 1")
	if n := len(movesFrom(p, "d4")); n != 12 {
		t.Errorf("hex knight from the centre has %d moves, want 12", n)
	}
	// A lame [1,1] passes [1,0] first (the tie goes to the first of the two
	// directions): blocked by a piece on e4, not by one on d5.
	p = mustFEN(t, g, "1k2***/5**/6*/3L3/*6/**5/***K3 w - - 0 1")
	expectMoves(t, p, "d4", "e5")
	p = mustFEN(t, g, "1k2***/5**/3p2*/3L3/*6/**5/***K3 w - - 0 1")
	expectMoves(t, p, "d4", "e5")
	p = mustFEN(t, g, "1k2***/5**/6*/3Lp2/*6/**5/***K3 w - - 0 1")
	expectMoves(t, p, "d4", "")
	// Player 1 under the mirror orientation: [0,1] and [-1,1] become
	// [1,-1] and [0,-1], the two cells below.
	p = mustFEN(t, g, "1k2***/5**/6*/3p3/*6/**5/***K3 b - - 0 1")
	expectMoves(t, p, "d4", "d3 e3")
}
