package aliceref

import (
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// emptyBoard is a board with nothing on it, as the FEN writes it.
const emptyBoard = "8/8/8/8/8/8/8/8"

// loose is Alice() without the legality test on the home board.
func loose() Rules {
	r := Alice()
	r.LegalOnHomeBoard = false
	return r
}

func mustParse(t *testing.T, fen string) Position {
	t.Helper()
	p, err := Parse(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// names are the moves' names, sorted; with a prefix ("A:e1") only the
// moves whose names start with it.
func names(moves []Move, prefix string) []string {
	out := []string{}
	for _, m := range moves {
		if s := m.String(); strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

func sorted(s ...string) []string {
	out := append([]string{}, s...)
	sort.Strings(out)
	return out
}

func play(t *testing.T, r Rules, p Position, moves ...string) Position {
	t.Helper()
	for _, name := range moves {
		m, err := r.FindMove(p, name)
		if err != nil {
			t.Fatal(err)
		}
		p = Make(p, m)
	}
	return p
}

// Chess's published counts (chessprogramming.org "Perft Results":
// the start, Kiwipete, positions 3, 4 and 5) with the transfer off, the
// whole army on one board and the other empty, either way round.
func TestChessCountsOnOneBoard(t *testing.T) {
	cases := []struct {
		name, fen string
		counts    []uint64
	}{
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []uint64{20, 400, 8902, 197281}},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862}},
		{"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238}},
		{"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467}},
		{"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379}},
	}
	for _, c := range cases {
		ranks, rest, _ := strings.Cut(c.fen, " ")
		for _, layout := range []string{ranks + "|" + emptyBoard, emptyBoard + "|" + ranks} {
			p := mustParse(t, layout+" "+rest)
			for _, r := range []Rules{Chess(), {Transfer: false, EnPassant: true, LegalOnHomeBoard: true}} {
				for d, want := range c.counts {
					if testing.Short() && want > 100000 {
						continue
					}
					if got := r.Perft(p, d+1); got != want {
						t.Errorf("%s (%s) %+v depth %d: %d, want %d", c.name, layout, r, d+1, got, want)
					}
				}
			}
		}
	}
}

// The start's counts, this package's own (no published ones found). The
// first two plies cannot meet: every white move lands on B, where no black
// piece can reach, and black's first moves likewise. The readings part at
// depth 3: after 1.d3 d6 (or d4, d5) the king may not go to d2, attacked
// by the queen on A, unless only where it lands counts.
func TestStartPerft(t *testing.T) {
	cases := []struct {
		name   string
		r      Rules
		counts []uint64
	}{
		{"Alice", Alice(), []uint64{20, 400, 9384, 219236}},
		{"Alice, no en passant", Rules{Transfer: true, LegalOnHomeBoard: true}, []uint64{20, 400, 9384, 219236}},
		{"Alice, loose legality", loose(), []uint64{20, 400, 9388, 219533}},
	}
	p := mustParse(t, StartFEN)
	for _, c := range cases {
		for d, want := range c.counts {
			if got := c.r.Perft(p, d+1); got != want {
				t.Errorf("%s depth %d: %d, want %d", c.name, d+1, got, want)
			}
		}
	}
}

// A move needs the square across empty: the rook on A:a1 cannot go to a5
// while B:a5 is taken (nor capture the knight there), though its path on
// A runs past a5 to a8. Without the transfer the knight does not matter.
func TestTransferRefusedWhenTaken(t *testing.T) {
	p := mustParse(t, "4k3/8/8/8/8/8/8/R3K3|8/8/8/n7/8/8/8/8 w - - 0 1")
	got := names(Alice().Moves(p), "A:a1")
	want := sorted("A:a1a2", "A:a1a3", "A:a1a4", "A:a1a6", "A:a1a7", "A:a1a8", "A:a1b1", "A:a1c1", "A:a1d1")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rook moves %v, want %v", got, want)
	}
	got = names(Chess().Moves(p), "A:a1")
	want = sorted(append(want, "A:a1a5")...)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("without transfer: rook moves %v, want %v", got, want)
	}
	// A piece on the home board blocks; one across does not.
	blocked := mustParse(t, "4k3/8/8/8/8/P7/8/R3K3|8/8/8/8/8/8/8/8 w - - 0 1")
	if got := names(Alice().Moves(blocked), "A:a1a"); !reflect.DeepEqual(got, []string{"A:a1a2"}) {
		t.Errorf("blocked rook: %v, want [A:a1a2]", got)
	}
	m, err := Alice().FindMove(p, "A:a1a8")
	if err != nil {
		t.Fatal(err)
	}
	after := Make(p, m)
	if after.Cells[BoardB][56] != 'R' || after.Cells[BoardA][56] != 0 || after.Cells[BoardA][0] != 0 {
		t.Errorf("after A:a1a8: %s, want the rook on B:a8", after)
	}
}

// A piece checks only on its own board. The rook on B:e8 does not check
// the king on A:e1, but every square of the e-file on B is covered for it.
// The rook on A:e8 checks; the king cannot escape onto e2 by the transfer
// alone (attacked on A), except under the loose reading.
func TestCheckOnlyOnItsBoard(t *testing.T) {
	across := mustParse(t, "k7/8/8/8/8/8/8/4K3|4r3/8/8/8/8/8/8/8 w - - 0 1")
	if inCheck(across, White) {
		t.Error("a rook on B:e8 checks the king on A:e1")
	}
	want := sorted("A:e1d1", "A:e1d2", "A:e1f1", "A:e1f2")
	for _, r := range []Rules{Alice(), loose()} {
		if got := names(r.Moves(across), "A:e1"); !reflect.DeepEqual(got, want) {
			t.Errorf("%+v: king moves %v, want %v", r, got, want)
		}
	}
	home := mustParse(t, "k3r3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1")
	if !inCheck(home, White) {
		t.Error("a rook on A:e8 does not check the king on A:e1")
	}
	if got := names(Alice().Moves(home), ""); !reflect.DeepEqual(got, want) {
		t.Errorf("in check: moves %v, want %v", got, want)
	}
	if got := names(loose().Moves(home), ""); !reflect.DeepEqual(got, sorted(append(want, "A:e1e2")...)) {
		t.Errorf("loose reading, in check: moves %v, want %v and A:e1e2", got, want)
	}
	// Interposing does not help: the bishop leaves for B and the check
	// stays; taking the checker does.
	shield := mustParse(t, "k3r3/8/8/8/8/8/8/1B2K3|8/8/8/8/8/8/8/8 w - - 0 1")
	if got := names(Alice().Moves(shield), "A:b1"); len(got) != 0 {
		t.Errorf("bishop interposes: %v", got)
	}
	capture := mustParse(t, "k3r3/8/8/1B6/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1")
	if got := names(Alice().Moves(capture), "A:b5"); !reflect.DeepEqual(got, []string{"A:b5e8"}) {
		t.Errorf("bishop in check: %v, want [A:b5e8]", got)
	}
}

// Castling: refused when a landing square across is taken; a piece across
// on b1 (no landing square) does not stop the long castling; the crossed
// square attacked on the home board forbids it, attacked only across does
// not; the king's landing square attacked on the home board forbids it
// under LegalOnHomeBoard only.
func TestCastling(t *testing.T) {
	cases := []struct {
		name string
		fen  string
		r    Rules
		want []string
	}{
		{"both", "r3k2r/8/8/8/8/8/8/R3K2R|" + emptyBoard + " w KQkq - 0 1", Alice(), []string{"A:e1c1", "A:e1g1"}},
		{"g1 across taken", "r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/6n1 w KQkq - 0 1", Alice(), []string{"A:e1c1"}},
		{"f1 across taken", "r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/5N2 w KQkq - 0 1", Alice(), []string{"A:e1c1"}},
		{"c1 across taken", "r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/2n5 w KQkq - 0 1", Alice(), []string{"A:e1g1"}},
		{"d1 across taken", "r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/3N4 w KQkq - 0 1", Alice(), []string{"A:e1g1"}},
		{"b1 across taken", "r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/1n6 w KQkq - 0 1", Alice(), []string{"A:e1c1", "A:e1g1"}},
		{"right lost", "r3k2r/8/8/8/8/8/8/R3K2R|" + emptyBoard + " w Qkq - 0 1", Alice(), []string{"A:e1c1"}},
		{"between taken at home", "r3k2r/8/8/8/8/8/8/RN2K1NR|" + emptyBoard + " w KQkq - 0 1", Alice(), []string{}},
		{"crossed square attacked at home", "r3kr2/8/8/8/8/8/8/R3K2R|" + emptyBoard + " w KQq - 0 1", Alice(), []string{"A:e1c1"}},
		{"crossed square attacked across", "r3k2r/8/8/8/8/8/8/R3K2R|5r2/8/8/8/8/8/8/8 w KQkq - 0 1", Alice(), []string{"A:e1c1", "A:e1g1"}},
		{"in check at home", "r3k2r/8/8/8/8/8/4r3/R3K2R|" + emptyBoard + " w KQkq - 0 1", Alice(), []string{}},
		{"landing attacked at home", "r3k1rr/8/8/8/8/8/8/R3K2R|" + emptyBoard + " w KQq - 0 1", Alice(), []string{"A:e1c1"}},
		{"landing attacked at home, loose", "r3k1rr/8/8/8/8/8/8/R3K2R|" + emptyBoard + " w KQq - 0 1", loose(), []string{"A:e1c1", "A:e1g1"}},
		{"landing attacked across", "r3k2r/8/8/8/8/8/8/R3K2R|6r1/8/8/8/8/8/8/8 w KQkq - 0 1", loose(), []string{"A:e1c1"}},
		{"black", "r3k2r/8/8/8/8/8/8/R3K2R|" + emptyBoard + " b KQkq - 0 1", Alice(), []string{"A:e8c8", "A:e8g8"}},
	}
	for _, c := range cases {
		p := mustParse(t, c.fen)
		var castles []string
		for _, m := range c.r.Moves(p) {
			if m.Castle {
				castles = append(castles, m.String())
			}
		}
		sort.Strings(castles)
		if castles == nil {
			castles = []string{}
		}
		if !reflect.DeepEqual(castles, c.want) {
			t.Errorf("%s: castlings %v, want %v", c.name, castles, c.want)
		}
	}
	p := mustParse(t, "r3k2r/8/8/8/8/8/8/R3K2R|"+emptyBoard+" w KQkq - 0 1")
	after := play(t, Alice(), p, "A:e1g1")
	want := "r3k2r/8/8/8/8/8/8/R7|8/8/8/8/8/8/8/5RK1 b kq - 1 1"
	if after.String() != want {
		t.Errorf("after A:e1g1: %s, want %s", after, want)
	}
}

// A pawn promotes as in chess, and the new piece passes across; the
// square across must be empty.
func TestPromotion(t *testing.T) {
	p := mustParse(t, "r3k3/1P6/8/8/8/8/8/4K3|"+emptyBoard+" w - - 0 1")
	want := sorted("A:b7a8=Q", "A:b7a8=R", "A:b7a8=B", "A:b7a8=N", "A:b7b8=Q", "A:b7b8=R", "A:b7b8=B", "A:b7b8=N")
	if got := names(Alice().Moves(p), "A:b7"); !reflect.DeepEqual(got, want) {
		t.Errorf("promotions %v, want %v", got, want)
	}
	after := play(t, Alice(), p, "A:b7a8=N")
	if got, want := after.String(), "4k3/8/8/8/8/8/8/4K3|N7/8/8/8/8/8/8/8 b - - 0 1"; got != want {
		t.Errorf("after A:b7a8=N: %s, want %s", got, want)
	}
	blocked := mustParse(t, "r3k3/1P6/8/8/8/8/8/4K3|qN6/8/8/8/8/8/8/8 w - - 0 1")
	if got := names(Alice().Moves(blocked), "A:b7"); len(got) != 0 {
		t.Errorf("promotions with a8 and b8 taken across: %v", got)
	}
	black := mustParse(t, "4k3/8/8/8/8/8/8/4K3|"+emptyBoard+" b - - 0 1")
	black.Cells[BoardB][8+6] = 'p' // B:g2
	after = play(t, Alice(), black, "B:g2g1=Q")
	if after.Cells[BoardA][6] != 'q' {
		t.Errorf("after B:g2g1=Q: %s, want a black queen on A:g1", after)
	}
}

// En passant, this package's reading: the pawn that double-stepped from
// A:e7 stands on B:e5; the white pawn beside it on B takes it onto B:e6
// and passes to A:e6. A white pawn beside on A cannot. The option off, or
// the square across taken, there is none; the passed square holding an
// enemy makes it a plain capture.
func TestEnPassant(t *testing.T) {
	p := mustParse(t, "4k3/4p3/8/3P4/8/8/8/4K3|8/8/8/3P4/8/8/8/8 b - - 0 1")
	p = play(t, Alice(), p, "A:e7e5")
	if got, want := p.String(), "4k3/8/8/3P4/8/8/8/4K3|8/8/8/3Pp3/8/8/8/8 w - B:e6 0 2"; got != want {
		t.Fatalf("after A:e7e5: %s, want %s", got, want)
	}
	got := names(Alice().Moves(p), "")
	if !contains(got, "B:d5e6") {
		t.Errorf("no en passant B:d5e6 in %v", got)
	}
	if contains(got, "A:d5e6") {
		t.Errorf("the pawn on board A takes en passant: %v", got)
	}
	after := play(t, Alice(), p, "B:d5e6")
	if got, want := after.String(), "4k3/8/4P3/3P4/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 2"; got != want {
		t.Errorf("after B:d5e6: %s, want %s", got, want)
	}
	off := Alice()
	off.EnPassant = false
	if contains(names(off.Moves(p), ""), "B:d5e6") {
		t.Error("en passant with the option off")
	}
	// The square across taken (a position no game reaches: the pawn passed
	// over A:e6 on its double step).
	across := mustParse(t, "4k3/8/4n3/8/8/8/8/4K3|8/8/8/3Pp3/8/8/8/8 w - B:e6 0 2")
	if contains(names(Alice().Moves(across), ""), "B:d5e6") {
		t.Error("en passant onto A:e6, which is taken")
	}
	plain := mustParse(t, "4k3/8/8/8/8/8/8/4K3|8/8/4n3/3Pp3/8/8/8/8 w - B:e6 0 2")
	m, err := Alice().FindMove(plain, "B:d5e6")
	if err != nil {
		t.Fatal(err)
	}
	if m.EnPassant || Make(plain, m).Cells[BoardB][36] != 'p' {
		t.Errorf("B:d5e6 onto a knight is en passant: %+v", m)
	}
	// Without the transfer it is chess's en passant on one board.
	chess := mustParse(t, "4k3/4p3/8/3P4/8/8/8/4K3|"+emptyBoard+" b - - 0 1")
	chess = play(t, Chess(), chess, "A:e7e5")
	if got := chess.String(); !strings.Contains(got, " A:e6 ") {
		t.Errorf("chess double step: en passant field in %s", got)
	}
	if !contains(names(Chess().Moves(chess), ""), "A:d5e6") {
		t.Error("no chess en passant A:d5e6")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Over random games from the start no square is ever taken on both
// boards, every move lands on a square empty across, and String and Parse
// agree.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for game := 0; game < 40; game++ {
		p := mustParse(t, StartFEN)
		for ply := 0; ply < 120; ply++ {
			moves := Alice().Moves(p)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.Intn(len(moves))]
			if m.Land == m.Board || p.Cells[m.Land][m.To] != 0 {
				t.Fatalf("%s in %s stays on its board or lands on a taken square", m, p)
			}
			p = Make(p, m)
			for sq := 0; sq < 64; sq++ {
				if p.Cells[BoardA][sq] != 0 && p.Cells[BoardB][sq] != 0 {
					t.Fatalf("%s taken on both boards in %s", SquareName(sq), p)
				}
			}
			if q := mustParse(t, p.String()); q != p {
				t.Fatalf("%s reads back as %s", p, q)
			}
		}
	}
}

func TestMoveString(t *testing.T) {
	cases := []struct {
		m    Move
		want string
	}{
		{Move{Board: BoardA, Land: BoardB, From: 12, To: 28}, "A:e2e4"},
		{Move{Board: BoardB, Land: BoardA, From: 52, To: 60, Promotion: 'Q'}, "B:e7e8=Q"},
		{Move{Board: BoardA, Land: BoardB, From: 4, To: 6, Castle: true, RookFrom: 7, RookTo: 5}, "A:e1g1"},
	}
	for _, c := range cases {
		if got := c.m.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.m, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	bad := []string{
		"",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8 w KQkq - 0 1",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
		"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
		"rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/P7 w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 x KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkqK - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkx - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq e3 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq C:e3 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq B:e4 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - x 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 0",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0",
	}
	for _, fen := range bad {
		if p, err := Parse(fen); err == nil {
			t.Errorf("Parse(%q) = %s, want an error", fen, p)
		}
	}
	good := map[string]string{
		StartFEN: StartFEN,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 b - A:c6": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 b - A:c6 0 1",
	}
	for fen, want := range good {
		p, err := Parse(fen)
		if err != nil {
			t.Errorf("Parse(%q): %v", fen, err)
			continue
		}
		if got := p.String(); got != want {
			t.Errorf("Parse(%q).String() = %q, want %q", fen, got, want)
		}
	}
}

// Parse never panics; whatever it reads, Moves and Make play without a
// panic and write positions Parse reads back.
func FuzzParse(f *testing.F) {
	f.Add(StartFEN)
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/6n1 w KQkq - 0 1")
	f.Add("4k3/8/8/8/8/8/8/4K3|8/8/4n3/3Pp3/8/8/8/8 w - B:e6 0 2")
	f.Add("K7/8/8/8/8/8/8/8|k7/8/8/8/8/8/8/8 b kq A:a3 99 9")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := Parse(fen)
		if err != nil || p.Fullmove >= maxClock || p.Halfmove >= maxClock {
			return // a move could push a clock past what Parse reads
		}
		if q, err := Parse(p.String()); err != nil || q != p {
			t.Fatalf("%q reads back as %s (%v)", fen, q, err)
		}
		for _, r := range []Rules{Alice(), loose(), Chess()} {
			for _, m := range r.Moves(p) {
				if _, err := Parse(Make(p, m).String()); err != nil {
					t.Fatalf("after %s in %s: %v", m, fen, err)
				}
			}
		}
	})
}
