package fourref

import (
	"math/rand"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"balancefarm/engine/fen4"
)

// classicFEN is the older chess.com array (blue K a8 Q a7, green Q n8 K n7),
// as TheThirdOne/fen4 writes its default.
const classicFEN = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/" +
	"bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/" +
	"bR,bP,10,gP,gR/14/3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3"

// cornersXFEN is the start as chess.com and 4pchess write it now.
const cornersXFEN = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/" +
	"x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/" +
	"bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x"

func mustParse(t *testing.T, fen string) fen4.Position {
	t.Helper()
	p, err := fen4.Parse(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sq(t *testing.T, name string) int {
	t.Helper()
	i, err := fen4.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return i
}

// kings are the four kings on their home squares, out of everyone's way.
var kings = []string{"h1:rK", "a7:bK", "g14:yK", "n8:gK"}

// place builds a position: turn, then pieces as "square:seat-letter piece"
// ("h1:rK"); a later piece on a square replaces an earlier one, "h1:-"
// empties it. It goes through FEN4 and back, so the tests read positions as
// the package's users do.
func place(t *testing.T, turn int, pieces ...string) fen4.Position {
	t.Helper()
	p := fen4.Empty()
	p.Turn = turn
	for _, piece := range pieces {
		name, what, _ := strings.Cut(piece, ":")
		i := sq(t, name)
		if what == "-" {
			p.Cells[i] = fen4.EmptyCell
			continue
		}
		p.Cells[i] = fen4.Cell{Seat: int8(strings.IndexByte("rbyg", what[0])), Piece: what[1]}
	}
	return mustParse(t, p.String())
}

// movesFrom gives the sorted names of the legal moves from a square.
func movesFrom(t *testing.T, r Rules, p fen4.Position, from string) []string {
	t.Helper()
	names := []string{}
	for _, m := range r.Moves(p) {
		if m.From == sq(t, from) {
			names = append(names, m.String())
		}
	}
	sort.Strings(names)
	return names
}

func sorted(names ...string) []string {
	out := append([]string{}, names...)
	sort.Strings(out)
	return out
}

// play makes the moves named from-to (as Move.String writes them) in turn.
func play(t *testing.T, r Rules, p fen4.Position, moves ...string) fen4.Position {
	t.Helper()
	for _, name := range moves {
		found := false
		for _, m := range r.Moves(p) {
			if m.String() == name {
				p, found = Make(p, m), true
				break
			}
		}
		if !found {
			t.Fatalf("%s is not a legal move in %s", name, p)
		}
	}
	return p
}

func TestStartPerft(t *testing.T) {
	deep := os.Getenv("BALANCEFARM_DEEP_PERFT") == "1" && !testing.Short()
	for _, tc := range []struct {
		name  string
		fen   string
		rules Rules
		want  []uint64 // from depth 1
		deep  uint64   // depth 5, only with BALANCEFARM_DEEP_PERFT=1
	}{
		// Athena (arianahejazyan/Athena, tests/data/perft.txt) and Tetrarch
		// (IchNukeDichWeg/Tetrarch, docs/PERFT.md) publish 20, 395, 7800,
		// 152050, 3452310 for this array; 4pchess gives the same
		// (engine/testdata/fourplayer-perft.txt on the oracle branch).
		{"modern", fen4.StartFEN, Teams(), []uint64{20, 395, 7800, 152050}, 3452310},
		{"modern, x corners", cornersXFEN, Teams(), []uint64{20, 395, 7800}, 0},
		// En passant first shows at depth 5: 1580 captures, so without it
		// 3450730; 4pchess's geometry finds the same 1580.
		{"modern, no en passant", fen4.StartFEN, Rules{11, "NBRQ", EnPassantOff}, []uint64{20, 395, 7800, 152050}, 3450730},
		{"modern, blocked en passant", fen4.StartFEN, Rules{11, "NBRQ", EnPassantBlocked}, []uint64{20, 395}, 3452310},
		// Tetrarch's "classic" column.
		{"classic", classicFEN, Teams(), []uint64{20, 399, 7960, 158402}, 3730168},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.fen)
			for i, want := range tc.want {
				if got := tc.rules.Perft(p, i+1); got != want {
					t.Errorf("perft(%d) = %d, want %d", i+1, got, want)
				}
			}
			if deep && tc.deep != 0 {
				if got := tc.rules.Perft(p, 5); got != tc.deep {
					t.Errorf("perft(5) = %d, want %d", got, tc.deep)
				}
			}
		})
	}
}

// The first replies: red's 20 moves are its 16 pawn steps and 4 knight
// moves; blue loses replies only where red's move pins or blocks it.
func TestStartReplies(t *testing.T) {
	p := mustParse(t, fen4.StartFEN)
	moves := Moves(p)
	if len(moves) != 20 {
		t.Fatalf("%d moves for red, want 20", len(moves))
	}
	short := map[string]int{
		"d2-d4": 19, // blocks blue's b4-d4
		"f2-f3": 18, // opens g1-a7: blue's b6 pawn is pinned to its king
		"f2-f4": 18,
	}
	for _, m := range moves {
		want, ok := short[m.String()]
		if !ok {
			want = 20
		}
		if got := len(Moves(Make(p, m))); got != want {
			t.Errorf("after %s blue has %d replies, want %d", m, got, want)
		}
	}
}

func TestCastling(t *testing.T) {
	rooks := append([]string{"d1:rR", "k1:rR"}, kings...)
	all := sorted("h1-g1", "h1-g2", "h1-h2", "h1-i1", "h1-i2", "h1-j1", "h1-f1")
	for _, tc := range []struct {
		name        string
		extra       []string
		king, queen bool
		want        []string
	}{
		{"both sides", nil, true, true, all},
		{"no king-side right", nil, false, true, sorted("h1-g1", "h1-g2", "h1-h2", "h1-i1", "h1-i2", "h1-f1")},
		{"no queen-side right", nil, true, false, sorted("h1-g1", "h1-g2", "h1-h2", "h1-i1", "h1-i2", "h1-j1")},
		{"crossing i1 attacked", []string{"i5:bR"}, true, true, sorted("h1-g1", "h1-g2", "h1-h2", "h1-f1")},
		{"landing j1 attacked", []string{"j5:gR"}, true, true, sorted("h1-g1", "h1-g2", "h1-h2", "h1-i1", "h1-i2", "h1-f1")},
		{"in check", []string{"h5:bR"}, true, true, sorted("h1-g1", "h1-g2", "h1-i1", "h1-i2")},
		{"landing f1 attacked", []string{"f5:bR"}, true, true, sorted("h1-g1", "h1-g2", "h1-h2", "h1-i1", "h1-i2", "h1-j1")},
		{"e1 attacked: the king does not cross it", []string{"e5:bR"}, true, true, all},
		{"an ally's rook attacks nothing", []string{"i5:yR", "h5:yQ"}, true, true, all},
		{"a piece between", []string{"e1:rN"}, true, true, sorted("h1-g1", "h1-g2", "h1-h2", "h1-i1", "h1-i2", "h1-j1")},
		{"an ally's rook in the corner", []string{"k1:yR"}, true, true, sorted("h1-g1", "h1-g2", "h1-h2", "h1-i1", "h1-i2", "h1-f1")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := place(t, fen4.Red, append(rooks, tc.extra...)...)
			p.CastleKing[fen4.Red], p.CastleQueen[fen4.Red] = tc.king, tc.queen
			if got := movesFrom(t, Teams(), p, "h1"); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("king moves %v, want %v", got, tc.want)
			}
		})
	}
}

// Every seat castles as red's army turned; the rook lands on the square
// the king crossed and the seat's rights go.
func TestCastlingEverySeat(t *testing.T) {
	for _, tc := range []struct {
		seat                        int
		pieces                      []string
		kingSide, queenSide         string // king moves
		kingRookTo, queenRookTo     string
		kingRookFrom, queenRookFrom string
	}{
		{fen4.Red, []string{"d1:rR", "k1:rR"}, "h1-j1", "h1-f1", "i1", "g1", "k1", "d1"},
		{fen4.Blue, []string{"a4:bR", "a11:bR"}, "a7-a5", "a7-a9", "a6", "a8", "a4", "a11"},
		{fen4.Yellow, []string{"k14:yR", "d14:yR"}, "g14-e14", "g14-i14", "f14", "h14", "d14", "k14"},
		{fen4.Green, []string{"n11:gR", "n4:gR"}, "n8-n10", "n8-n6", "n9", "n7", "n11", "n4"},
	} {
		for _, side := range []struct {
			move, rookTo, rookFrom string
		}{
			{tc.kingSide, tc.kingRookTo, tc.kingRookFrom},
			{tc.queenSide, tc.queenRookTo, tc.queenRookFrom},
		} {
			t.Run(side.move, func(t *testing.T) {
				p := place(t, tc.seat, append(append([]string(nil), kings...), tc.pieces...)...)
				p.CastleKing = [4]bool{true, true, true, true}
				p.CastleQueen = [4]bool{true, true, true, true}
				q := play(t, Teams(), p, side.move)
				if c := q.Cells[sq(t, side.rookTo)]; c != (fen4.Cell{Seat: int8(tc.seat), Piece: 'R'}) {
					t.Errorf("%s holds %+v, want the rook", side.rookTo, c)
				}
				if c := q.Cells[sq(t, side.rookFrom)]; !c.IsEmpty() {
					t.Errorf("%s still holds %+v", side.rookFrom, c)
				}
				if q.CastleKing[tc.seat] || q.CastleQueen[tc.seat] {
					t.Errorf("rights kept after castling: %v %v", q.CastleKing, q.CastleQueen)
				}
				for s := 0; s < 4; s++ {
					if s != tc.seat && !(q.CastleKing[s] && q.CastleQueen[s]) {
						t.Errorf("seat %d lost a right", s)
					}
				}
			})
		}
	}
}

func TestChecksAndPins(t *testing.T) {
	knight := sorted("h3-g1", "h3-i1", "h3-f2", "h3-j2", "h3-f4", "h3-j4", "h3-g5", "h3-i5")
	for _, tc := range []struct {
		name   string
		pieces []string
		from   string
		want   []string
	}{
		{"pinned by an enemy rook", []string{"h3:rN", "h10:bR"}, "h3", []string{}},
		{"pinned by the other enemy's queen", []string{"h3:rN", "h10:gQ"}, "h3", []string{}},
		{"an ally's rook pins nothing", []string{"h3:rN", "h10:yR"}, "h3", knight},
		{"an ally's queen gives no check", []string{"h5:yQ"}, "h1", sorted("h1-g1", "h1-g2", "h1-h2", "h1-i1", "h1-i2")},
		{"an enemy's queen does", []string{"h5:bQ"}, "h1", sorted("h1-g1", "h1-g2", "h1-i1", "h1-i2")},
		{"an enemy's pawn checks diagonally forward", []string{"g2:bP"}, "h1", sorted("h1-g1", "h1-g2", "h1-h2", "h1-i1", "h1-i2")},
		{"so only the king moves", []string{"g2:bP", "k1:rR"}, "k1", []string{}},
		{"and it keeps off the pawn's capture squares", []string{"f2:bP"}, "h1", sorted("h1-g2", "h1-h2", "h1-i1", "h1-i2")},
		{"a rook stops at the cut corners", []string{"d3:rR"}, "d3", sorted("d3-d1", "d3-d2", "d3-d4", "d3-d5", "d3-d6", "d3-d7",
			"d3-d8", "d3-d9", "d3-d10", "d3-d11", "d3-d12", "d3-d13", "d3-d14", "d3-e3", "d3-f3", "d3-g3", "d3-h3", "d3-i3", "d3-j3", "d3-k3")},
		{"a knight does not land in one", []string{"d2:rN"}, "d2", sorted("d2-c4", "d2-e4", "d2-f1", "d2-f3")},
		{"the king may not take a defended piece", []string{"h2:bQ", "h10:bR"}, "h1", []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := place(t, fen4.Red, append(append([]string(nil), kings...), tc.pieces...)...)
			if got := movesFrom(t, Teams(), p, tc.from); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("moves from %s: %v, want %v", tc.from, got, tc.want)
			}
		})
	}
}

func TestPromotion(t *testing.T) {
	ffa := Rules{PromotionRank: 8, Promotions: "Q", EnPassant: EnPassantSkipped}
	four := func(move string) []string {
		return sorted(move+"=B", move+"=N", move+"=Q", move+"=R")
	}
	for _, tc := range []struct {
		name   string
		rules  Rules
		turn   int
		pieces []string
		from   string
		want   []string
	}{
		{"red on rank 11", Teams(), fen4.Red, []string{"e10:rP"}, "e10", four("e10-e11")},
		{"blue on file k", Teams(), fen4.Blue, []string{"j5:bP"}, "j5", four("j5-k5")},
		{"yellow on rank 4", Teams(), fen4.Yellow, []string{"e5:yP"}, "e5", four("e5-e4")},
		{"green on file d", Teams(), fen4.Green, []string{"e9:gP"}, "e9", four("e9-d9")},
		{"rank 8 is no promotion in Teams", Teams(), fen4.Red, []string{"e7:rP"}, "e7", []string{"e7-e8"}},
		{"red on rank 8 (FFA)", ffa, fen4.Red, []string{"e7:rP"}, "e7", []string{"e7-e8=Q"}},
		{"blue on file h (FFA)", ffa, fen4.Blue, []string{"g5:bP"}, "g5", []string{"g5-h5=Q"}},
		{"yellow on rank 7 (FFA)", ffa, fen4.Yellow, []string{"e8:yP"}, "e8", []string{"e8-e7=Q"}},
		{"green on file g (FFA)", ffa, fen4.Green, []string{"h9:gP"}, "h9", []string{"h9-g9=Q"}},
		{"by capture", ffa, fen4.Red, []string{"e7:rP", "d8:bN", "f8:yN"}, "e7", sorted("e7-d8=Q", "e7-e8=Q")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := place(t, tc.turn, append(append([]string(nil), kings...), tc.pieces...)...)
			if got := movesFrom(t, tc.rules, p, tc.from); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("moves %v, want %v", got, tc.want)
			}
			var m Move
			for _, m = range tc.rules.Moves(p) {
				if m.String() == tc.want[len(tc.want)-1] {
					break
				}
			}
			q := Make(p, m)
			if c := q.Cells[m.To]; c.Seat != int8(tc.turn) || (m.Promotion != 0 && c.Piece != m.Promotion) {
				t.Errorf("after %s the square holds %+v", m, c)
			}
		})
	}
}

func TestEnPassant(t *testing.T) {
	// Blue double-steps b6-d6 past red's pawns on b5 and d5; yellow and
	// green move; red may take en passant on c6.
	start := place(t, fen4.Blue, append(append([]string(nil), kings...), "b6:bP", "b5:rP", "d5:rP")...)
	for _, tc := range []struct {
		name  string
		rules Rules
		want  []string // red's moves onto c6
	}{
		{"either diagonal", Teams(), sorted("b5-c6", "d5-c6")},
		{"only from behind the pawn", Rules{11, "NBRQ", EnPassantBlocked}, []string{"d5-c6"}},
		{"off", Rules{11, "NBRQ", EnPassantOff}, []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := play(t, tc.rules, start, "b6-d6")
			if want := (fen4.EnPassant{Target: sq(t, "c6"), Pawn: sq(t, "d6")}); p.EnPassant[fen4.Blue] != want {
				t.Fatalf("blue's entry %+v, want %+v", p.EnPassant[fen4.Blue], want)
			}
			if !strings.Contains(p.String(), "{'enPassant':('','c6:d6','','')}") {
				t.Errorf("FEN4 without the entry: %s", p)
			}
			p = play(t, tc.rules, p, "g14-g13", "n8-n9")
			got := []string{}
			for _, m := range tc.rules.Moves(p) {
				if fen4.SquareName(m.To) == "c6" {
					got = append(got, m.String())
				}
			}
			sort.Strings(got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("red's moves to c6 %v, want %v", got, tc.want)
			}
			if len(got) == 0 {
				return
			}
			q := play(t, tc.rules, p, "d5-c6")
			if !q.Cells[sq(t, "d6")].IsEmpty() || q.Cells[sq(t, "c6")] != (fen4.Cell{Seat: fen4.Red, Piece: 'P'}) {
				t.Errorf("after d5-c6: d6 %+v, c6 %+v", q.Cells[sq(t, "d6")], q.Cells[sq(t, "c6")])
			}
			if q.HalfMoves != 0 {
				t.Errorf("half-move clock %d after a capture", q.HalfMoves)
			}
		})
	}

	t.Run("the offer lasts until blue moves again", func(t *testing.T) {
		p := play(t, Teams(), start, "b6-d6", "g14-g13", "n8-n9", "h1-g1")
		if !p.EnPassant[fen4.Blue].Set() {
			t.Fatal("the entry went before blue moved")
		}
		p = play(t, Teams(), p, "a7-a8")
		if p.EnPassant[fen4.Blue].Set() {
			t.Fatalf("the entry outlived blue's next move: %+v", p.EnPassant[fen4.Blue])
		}
	})

	t.Run("from a FEN4 naming only the skipped square", func(t *testing.T) {
		p := mustParse(t, place(t, fen4.Red, append(append([]string(nil), kings...), "d6:bP", "b5:rP", "d5:rP")...).String())
		p.EnPassant[fen4.Blue] = fen4.EnPassant{Target: sq(t, "c6"), Pawn: fen4.NoSquare}
		p = mustParse(t, p.String())
		if !strings.Contains(p.String(), "('','c6:','','')") {
			t.Fatalf("entry not written as 'c6:': %s", p)
		}
		q := play(t, Teams(), p, "b5-c6")
		if !q.Cells[sq(t, "d6")].IsEmpty() {
			t.Errorf("b5-c6 left blue's pawn on d6")
		}
	})

	t.Run("from a FEN4, taking an enemy on the skipped square too", func(t *testing.T) {
		// Green's knight stands on c6: one move takes it and blue's pawn.
		p := place(t, fen4.Red, append(append([]string(nil), kings...), "d6:bP", "b5:rP", "d5:rP", "c6:gN")...)
		p.EnPassant[fen4.Blue] = fen4.EnPassant{Target: sq(t, "c6"), Pawn: sq(t, "d6")}
		p = mustParse(t, p.String())
		if got := movesFrom(t, Teams(), p, "d5"); !reflect.DeepEqual(got, sorted("d5-c6")) {
			t.Fatalf("moves from d5 %v, want [d5-c6] (d6 is blocked)", got)
		}
		q := play(t, Teams(), p, "d5-c6")
		if !q.Cells[sq(t, "d6")].IsEmpty() || q.Cells[sq(t, "c6")] != (fen4.Cell{Seat: fen4.Red, Piece: 'P'}) {
			t.Errorf("after d5-c6: d6 %+v, c6 %+v", q.Cells[sq(t, "d6")], q.Cells[sq(t, "c6")])
		}
		off := play(t, Rules{11, "NBRQ", EnPassantOff}, p, "d5-c6")
		if off.Cells[sq(t, "d6")] != (fen4.Cell{Seat: fen4.Blue, Piece: 'P'}) {
			t.Errorf("without en passant d5-c6 took the pawn on d6 too")
		}
	})
}

func TestGameOver(t *testing.T) {
	t.Run("checkmate", func(t *testing.T) {
		p := place(t, fen4.Red, append(append([]string(nil), kings...), "h2:bQ", "h10:bR")...)
		for depth := 1; depth <= 3; depth++ {
			if n := Perft(p, depth); n != 0 {
				t.Errorf("perft(%d) = %d of a mated side, want 0", depth, n)
			}
		}
	})
	t.Run("taking a king ends the game", func(t *testing.T) {
		// Blue's king was left attacked by yellow's rook; yellow, itself in
		// check from green's rook, takes it.
		p := place(t, fen4.Yellow, append(append([]string(nil), kings...), "d7:yR", "g10:gR")...)
		if got := movesFrom(t, Teams(), p, "d7"); !reflect.DeepEqual(got, []string{"d7-a7"}) {
			t.Fatalf("rook moves %v, want only d7-a7", got)
		}
		q := play(t, Teams(), p, "d7-a7")
		if q.Out != [4]bool{false, true, false, false} {
			t.Errorf("out %v, want blue out", q.Out)
		}
		if n := len(Moves(q)); n != 0 {
			t.Errorf("%d moves after a king is taken", n)
		}
		if !strings.HasPrefix(q.String(), "G-0,1,0,0-") {
			t.Errorf("FEN4 %s", q)
		}
	})
}

func TestMoveString(t *testing.T) {
	for _, tc := range []struct {
		move Move
		want string
	}{
		{Move{From: 21, To: 49, Taken: -1, RookFrom: -1, RookTo: -1}, "h2-h4"},
		{Move{From: 91, To: 105, Promotion: 'Q', Taken: -1, RookFrom: -1, RookTo: -1}, "h7-h8=Q"},
		{Move{From: 7, To: 9, Taken: -1, RookFrom: 10, RookTo: 8}, "h1-j1"},
	} {
		if got := tc.move.String(); got != tc.want {
			t.Errorf("%+v writes %q, want %q", tc.move, got, tc.want)
		}
	}
}

// rotate turns a position a quarter clockwise: each seat's army goes to the
// next seat's place and colour, so the next seat stands where it stood.
func rotate(p fen4.Position) fen4.Position {
	turn := func(i int) int {
		if i == fen4.NoSquare {
			return i
		}
		f, r := i%size, i/size
		return (size-1-f)*size + r
	}
	q := p.Clone()
	for i, c := range p.Cells {
		if c.IsPiece() && c.Seat < 4 {
			c.Seat = (c.Seat + 1) % 4
		}
		q.Cells[turn(i)] = c
	}
	q.Turn = (p.Turn + 1) % 4
	for s := 0; s < 4; s++ {
		n := (s + 1) % 4
		q.Out[n], q.CastleKing[n], q.CastleQueen[n], q.Points[n] = p.Out[s], p.CastleKing[s], p.CastleQueen[s], p.Points[s]
		q.EnPassant[n] = fen4.EnPassant{Target: turn(p.EnPassant[s].Target), Pawn: turn(p.EnPassant[s].Pawn)}
	}
	return q
}

// The modern array is symmetric under a quarter turn, and so are the rules:
// positions along random games have the same moves once turned, which
// checks each seat's directions against red's.
func TestQuarterTurn(t *testing.T) {
	start := mustParse(t, fen4.StartFEN)
	if got := rotate(start); !reflect.DeepEqual(got.Cells, start.Cells) || got.Turn != fen4.Blue {
		t.Fatalf("the start turned is not the start with blue to move:\n%s", got)
	}
	rng := rand.New(rand.NewSource(7))
	checked := 0
	for game := 0; game < 6; game++ {
		p := start
		for ply := 0; ply < 120; ply++ {
			moves := Moves(p)
			if len(moves) == 0 {
				break
			}
			q := rotate(p)
			turned := map[string]bool{}
			for _, m := range Moves(q) {
				turned[m.String()] = true
			}
			if len(turned) != len(moves) {
				t.Fatalf("%d moves, %d once turned, in %s", len(moves), len(turned), p)
			}
			for _, m := range moves {
				tm := m
				tm.From, tm.To = rotate1(m.From), rotate1(m.To)
				if !turned[tm.String()] {
					t.Fatalf("%s has no turned counterpart %s in %s", m, tm, p)
				}
			}
			if ply%20 == 0 {
				if a, b := Perft(p, 2), Perft(q, 2); a != b {
					t.Fatalf("perft(2) %d, turned %d, in %s", a, b, p)
				}
			}
			checked++
			p = Make(p, moves[rng.Intn(len(moves))])
		}
	}
	if checked < 300 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func rotate1(i int) int { return (size-1-i%size)*size + i/size }

// Positions along random games write as FEN4 and read back the same, with
// the same moves.
func TestRandomGamesThroughFEN4(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	seen := map[string]int{}
	for game := 0; game < 40; game++ {
		p := mustParse(t, fen4.StartFEN)
		for ply := 0; ply < 400; ply++ {
			q := mustParse(t, p.String())
			if !reflect.DeepEqual(p, q) {
				t.Fatalf("%s reads back differently", p)
			}
			moves := Moves(p)
			if len(moves) == 0 {
				seen["game over"]++
				break
			}
			m := moves[rng.Intn(len(moves))]
			seen["moves"]++
			switch {
			case m.Taken != fen4.NoSquare:
				seen["en passant"]++
			case m.RookFrom != fen4.NoSquare:
				seen["castling"]++
			case m.Promotion != 0:
				seen["promotion"]++
			case p.Cells[m.To].IsPiece():
				seen["capture"]++
			}
			p = Make(p, m)
		}
	}
	if seen["capture"] == 0 || seen["castling"] == 0 || seen["promotion"] == 0 || seen["en passant"] == 0 {
		t.Errorf("random games did not reach every kind of move: %v", seen)
	}
	t.Log(seen)
}

// Midgame positions and counts from obryanlouis/4pchess (the oracle branch's
// engine/testdata/fourplayer-perft.txt, random games seeded as noted there),
// to depth 3.
func TestOraclePositions(t *testing.T) {
	for _, tc := range []struct {
		name string
		fen  string
		want []uint64
	}{
		{"seed 142 ply 77: castling both ways, yellow's en passant",
			"B-0,0,0,0-0,1,0,0-1,1,0,0-0,0,0,0-0-{'enPassant':('','','d12:d11','')}-x,x,x,yR,yN,yB,1,yK,1,yR,1,x,x,x/x,x,x,2,yP,4,yP,x,x,x/x,x,x,1,yP,1,yP,2,yP,1,x,x,x/bR,1,bP,yP,4,yP,2,gP,yN,1/3,bP,6,gP,3/2,bP,8,rN,1,gB/1,bN,1,bP,5,gP,1,gK,2/bK,bP,1,yB,4,bB,3,gP,1/1,bP,6,gP,3,bB,gB/3,bP,8,gP,gN/bR,bP,bN,3,rB,1,rP,4,gR/x,x,x,rQ,3,rP,1,gP,1,x,x,x/x,x,x,3,rP,3,rP,x,x,x/x,x,x,rR,rN,2,rK,rR,2,x,x,x",
			[]uint64{51, 2178, 56942}},
		{"seed 141 ply 88: promotion",
			"R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-1-x,x,x,yR,yN,1,yK,3,yR,x,x,x/x,x,x,3,yB,yN,3,x,x,x/x,x,x,4,yP,yP,1,yP,x,x,x/bR,1,bP,3,yP,5,gP,yQ/3,bN,rP,yP,4,yP,2,gN/bB,10,gP,2/2,bP,5,rQ,gP,4/bQ,bP,9,gK,gP,1/1,bK,1,bP,4,gB,1,gP,3/bN,1,bP,2,bB,6,gR,gN/1,bR,yB,bP,5,gP,gQ,gB,1,rB/x,x,x,rP,5,rP,rP,x,x,x/x,x,x,4,rP,3,x,x,x/x,x,x,1,rN,rB,2,rK,rN,rR,x,x,x",
			[]uint64{44, 1736, 72098}},
		{"seed 18 ply 110: yellow in check",
			"Y-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-3-x,x,x,4,yQ,1,yN,1,x,x,x/x,x,x,yP,yB,1,yK,4,x,x,x/x,x,x,yN,4,yP,yP,yR,x,x,x/bR,1,bP,2,yP,yP,2,gP,1,yB,2/3,bP,3,yP,3,gP,2/bQ,bP,7,gP,1,gN,2/bK,bN,2,bP,1,yR,5,gB,1/4,bP,5,gR,gP,bB,gK/2,bP,6,rP,gP,gN,2/bN,bB,1,bP,1,rN,rP,rP,6/bR,1,bP,rP,rP,6,gP,1,gR/x,x,x,1,rQ,rP,5,x,x,x/x,x,x,2,rN,2,rP,gB,1,x,x,x/x,x,x,1,rR,rB,rB,rK,1,rR,1,x,x,x",
			[]uint64{9, 356, 15347}},
		{"seed 298 ply 168: en passant takes the checker",
			"R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-2-{'enPassant':('','c4:d4','','')}-x,x,x,1,yR,3,gB,1,gR,x,x,x/x,x,x,2,yK,5,x,x,x/x,x,x,yP,yP,yP,1,yP,3,x,x,x/1,bP,6,yP,5/1,bR,1,bP,10/1,bP,bN,3,yP,gP,3,gP,2/6,yN,7/bK,8,gP,2,gB,gK/4,gQ,rN,4,rB,3/2,rP,1,bP,2,bQ,bN,1,gP,2,gN/bR,2,bP,1,rP,3,bB,rP,1,gP,gR/x,x,x,rP,rK,1,rP,1,rB,2,x,x,x/x,x,x,8,x,x,x/x,x,x,5,rR,2,x,x,x",
			[]uint64{4, 218, 4804}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.fen)
			for i, want := range tc.want {
				if got := Perft(p, i+1); got != want {
					t.Errorf("perft(%d) = %d, want %d", i+1, got, want)
				}
			}
		})
	}
}

// Any position fen4 reads, however odd (pieces on corners, en passant
// entries pointing anywhere, dead pieces, walls), is played without a
// panic, and every move made keeps the position writable.
func FuzzMoves(f *testing.F) {
	f.Add(fen4.StartFEN)
	f.Add(cornersXFEN)
	f.Add("R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-2-{'enPassant':('a1:n14','c4:','','')}-rK,13/14/14/14/14/14/14/14/14/14/14/14/14/dP,drK,x,11")
	f.Add("G-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-{'enPassant':('','','','a14:')}-14/14/14/14/14/14/14/14/14/14/14/14/14/14")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := fen4.Parse(fen)
		if err != nil {
			return
		}
		for _, m := range Moves(p) {
			q := Make(p, m)
			if _, err := fen4.Parse(q.String()); err != nil {
				t.Fatalf("after %s in %s: %v", m, fen, err)
			}
		}
	})
}
