package engine

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// build loads a small rule file: pieces and rules are JSON fragments, setup
// a list of placements (not mirrored unless a "mirror" placement list is
// asked for through rules of the caller).
func build(t *testing.T, w, h int, pieces, placements, rules string) *Game {
	t.Helper()
	js := fmt.Sprintf(`{"name":"test","board":{"width":%d,"height":%d},"pieces":[%s],"setup":{"mirror":false,"placements":%s},"rules":%s}`,
		w, h, pieces, placements, rules)
	return loadBytes(t, []byte(js))
}

// movesFrom lists the legal moves from one square, as sorted strings.
func movesFrom(p *Position, sq string) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if s := p.MoveString(m); strings.HasPrefix(s, sq) && (len(s) == len(sq) || s[len(sq)] >= 'a') {
			out = append(out, s[len(sq):])
		}
	}
	sort.Strings(out)
	return out
}

func expectMoves(t *testing.T, p *Position, sq, want string) {
	t.Helper()
	got := strings.Join(movesFrom(p, sq), " ")
	if got != want {
		t.Errorf("%s: moves from %s = [%s], want [%s]", p.FEN(), sq, got, want)
	}
}

const kingJS = `{"id":"K","royal":true,"value":0,"moves":[{"kind":"leap","vectors":[[1,0],[1,1]],"symmetry":"rotate4"}]}`
const rookJS = `{"id":"R","moves":[{"kind":"slide","vectors":[[1,0]],"symmetry":"rotate4"}]}`
const knightJS = `{"id":"N","moves":[{"kind":"leap","vectors":[[1,2]],"symmetry":"dihedral8"}]}`
const pawnJS = `{"id":"P","moves":[{"kind":"slide","vectors":[[0,1]],"range":1,"mode":"move"},{"kind":"leap","vectors":[[1,1]],"symmetry":"lateral","mode":"capture"}]}`
const oneK = `[{"piece":"K","squares":["a1"]}]`

func TestSlideRangeAndMinRange(t *testing.T) {
	g := build(t, 8, 8, kingJS+`,{"id":"X","moves":[{"kind":"slide","vectors":[[1,0]],"symmetry":"rotate4","range":3,"min_range":2}]}`, oneK, `{}`)
	p := mustFEN(t, g, "8/8/8/8/3X4/8/8/K7 w - - 0 1")
	expectMoves(t, p, "d4", "a4 b4 d1 d2 d6 d7 f4 g4")
	p = mustFEN(t, g, "8/8/8/8/2xX1x2/8/8/K7 w - - 0 1")
	expectMoves(t, p, "d4", "d1 d2 d6 d7 f4")
}

func TestModes(t *testing.T) {
	g := build(t, 8, 8, kingJS+","+pawnJS, oneK, `{}`)
	p := mustFEN(t, g, "8/8/8/3pp3/4P3/8/8/K7 w - - 0 1")
	expectMoves(t, p, "e4", "d5")
	p = mustFEN(t, g, "8/8/8/8/4P3/8/8/K7 w - - 0 1")
	expectMoves(t, p, "e4", "e5")
}

func TestHops(t *testing.T) {
	cannon := `{"id":"C","moves":[{"kind":"slide","vectors":[[1,0]],"symmetry":"rotate4","mode":"move"},{"kind":"hop","vectors":[[1,0]],"symmetry":"rotate4","mode":"capture"}]}`
	hopper := `{"id":"G","moves":[{"kind":"hop","vectors":[[0,1]],"screen_range":1}]}`
	own := `{"id":"O","moves":[{"kind":"hop","vectors":[[0,1]],"screen":"own"}]}`
	enemy := `{"id":"E","moves":[{"kind":"hop","vectors":[[0,1]],"screen":"enemy","range":4}]}`
	g := build(t, 8, 8, strings.Join([]string{kingJS, cannon, hopper, own, enemy, pawnJS}, ","), oneK, `{}`)
	// Cannon: slides without capturing, captures over exactly one screen.
	p := mustFEN(t, g, "p7/8/8/8/P7/8/8/C6K w - - 0 1")
	expectMoves(t, p, "a1", "a2 a3 a8 b1 c1 d1 e1 f1 g1")
	// Grasshopper: lands just past the screen, any distance before it.
	p = mustFEN(t, g, "8/8/8/3p4/8/8/3G4/K7 w - - 0 1")
	expectMoves(t, p, "d2", "d6")
	p = mustFEN(t, g, "8/8/3p4/3p4/8/8/3G4/K7 w - - 0 1")
	expectMoves(t, p, "d2", "d6")
	p = mustFEN(t, g, "8/8/3P4/3p4/8/8/3G4/K7 w - - 0 1")
	expectMoves(t, p, "d2", "")
	// Screens of the mover's own or the enemy's only.
	p = mustFEN(t, g, "8/8/8/8/3p4/8/3O4/K7 w - - 0 1")
	expectMoves(t, p, "d2", "")
	p = mustFEN(t, g, "8/8/3p4/8/3P4/8/3O4/K7 w - - 0 1")
	expectMoves(t, p, "d2", "d5 d6")
	// range counts the whole move: d2 to d6 is four.
	p = mustFEN(t, g, "8/8/8/8/3p4/8/3E4/K7 w - - 0 1")
	expectMoves(t, p, "d2", "d5 d6")
}

func TestLameLeaps(t *testing.T) {
	horse := `{"id":"H","moves":[{"kind":"lame","vectors":[[1,2]],"symmetry":"dihedral8"}]}`
	elephant := `{"id":"E","moves":[{"kind":"lame","vectors":[[2,2]],"symmetry":"rotate4"}]}`
	g := build(t, 9, 10, strings.Join([]string{kingJS, horse, elephant, pawnJS}, ","), oneK, `{}`)
	p := mustFEN(t, g, "9/9/9/9/9/4P4/4H4/9/9/K8 w - - 0 1")
	// The leg e5 is blocked: no jumps up; the others are free.
	expectMoves(t, p, "e4", "c3 c5 d2 f2 g3 g5")
	p = mustFEN(t, g, "9/9/9/9/9/9/4E4/3P5/9/K8 w - - 0 1")
	expectMoves(t, p, "e4", "c6 g2 g6")
}

func TestSweep(t *testing.T) {
	sweeper := `{"id":"S","captures":["P","K","S"],"moves":[{"kind":"sweep","vectors":[[1,0]]}]}`
	wall := `{"id":"W","moves":[{"kind":"leap","vectors":[[0,1]],"mode":"move"}]}`
	g := build(t, 8, 8, strings.Join([]string{kingJS, sweeper, pawnJS, wall}, ","), `[{"piece":"K","squares":["a8"]},{"piece":"K","player":1,"squares":["h8"]}]`, `{"win":"royal_capture"}`)
	p := mustFEN(t, g, "K6k/8/8/8/8/8/8/SPp1p1W1 w - - 0 1")
	expectMoves(t, p, "a1", "c1 d1 e1 f1")
	m, err := p.ParseMove("a1d1")
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsCapture(m) {
		t.Error("a sweep over pieces is a capture")
	}
	before := p.FEN()
	p.Make(m)
	if got := p.FEN(); got != "K6k/8/8/8/8/8/8/3Sp1W1 b - - 0 1" {
		t.Errorf("after the sweep: %s", got)
	}
	p.Unmake()
	if p.FEN() != before {
		t.Errorf("unmake: %s", p.FEN())
	}
	// A sweep that could pass over the royal gives check.
	p = mustFEN(t, g, "K7/8/8/8/8/8/8/SPkP4 b - - 0 1")
	if !p.InCheck() {
		t.Error("a royal a sweep could pass over is in check")
	}
	p = mustFEN(t, g, "K7/8/8/8/8/8/8/SWk5 b - - 0 1")
	if p.InCheck() {
		t.Error("a piece the sweeper may not take shields the royal")
	}
}

func TestWallsAndBlocksLeaps(t *testing.T) {
	for _, blocks := range []bool{false, true} {
		g := build(t, 8, 8, strings.Join([]string{kingJS, rookJS, knightJS}, ","), oneK,
			fmt.Sprintf(`{"obstacles":{"squares":["a4","b2"],"blocks_leaps":%v}}`, blocks))
		p := mustFEN(t, g, "8/8/8/8/*7/8/K*6/RN6 w - - 0 1")
		expectMoves(t, p, "a1", "")
		want := "a3 c3 d2"
		if blocks {
			want = "d2"
		}
		expectMoves(t, p, "b1", want)
		p = mustFEN(t, g, "8/8/8/8/*7/8/1*6/R6K w - - 0 1")
		expectMoves(t, p, "a1", "a2 a3 b1 c1 d1 e1 f1 g1")
		if _, err := g.ParseFEN("8/8/8/8/N7/8/1*6/R6K w - - 0 1"); err == nil {
			t.Error("a piece on a wall must be refused")
		}
	}
}

func TestWrap(t *testing.T) {
	g := build(t, 8, 8, strings.Join([]string{kingJS, rookJS, knightJS}, ","), oneK, `{"wrap":{"files":"both"}}`)
	p := mustFEN(t, g, "8/8/8/8/8/8/8/R3K3 w - - 0 1")
	// Both ways round the cylinder reach b1..d1 and f1..h1: each once.
	expectMoves(t, p, "a1", "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 f1 g1 h1")
	p = mustFEN(t, g, "8/8/8/8/8/8/8/N3K3 w - - 0 1")
	expectMoves(t, p, "a1", "b3 c2 g2 h3")
	g = build(t, 8, 8, strings.Join([]string{kingJS, rookJS}, ","), oneK, `{"wrap":{"files":"left"}}`)
	p = mustFEN(t, g, "8/8/8/8/8/8/8/1R2K3 w - - 0 1")
	// Left only: off the a-file onto h1, g1, f1; not off the h-file.
	expectMoves(t, p, "b1", "a1 b2 b3 b4 b5 b6 b7 b8 c1 d1 f1 g1 h1")
}

func TestRegionsAndConditions(t *testing.T) {
	general := `{"id":"K","royal":true,"region":["d1","e1","f1","d2","e2","f2","d3","e3","f3"],"moves":[{"kind":"leap","vectors":[[1,0]],"symmetry":"rotate4"}]}`
	piece := `{"id":"X","moves":[{"kind":"leap","vectors":[[0,1]]},{"kind":"leap","vectors":[[0,2]],"condition":{"from_rank":1}},{"kind":"leap","vectors":[[1,0]],"condition":{"first_move":true}},{"kind":"leap","vectors":[[-1,0]],"condition":{"region":["a2","b2","c2"]}}]}`
	g := build(t, 9, 10, general+","+piece, `[{"piece":"K","squares":["e1"]},{"piece":"K","player":1,"squares":["e10"]},{"piece":"X","squares":["b2"]}]`, `{}`)
	p := g.NewPosition()
	expectMoves(t, p, "e1", "d1 e2 f1")
	expectMoves(t, p, "b2", "a2 b3 b4 c2")
	p.Make(mustMove(t, p, "b2b3"))
	p.Make(mustMove(t, p, "e10e9"))
	expectMoves(t, p, "b3", "b4")
	// Player 1's region and conditions are the reflection.
	p = mustFEN(t, g, "9/1x7/9/9/9/9/9/9/9/4K4 b - - 0 1")
	expectMoves(t, p, "b9", "a9 b7 b8")
}

func mustMove(t *testing.T, p *Position, s string) Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatalf("%s: %v", p.FEN(), err)
	}
	return m
}

func TestCapturesList(t *testing.T) {
	rps := `{"id":"R","captures":["S"],"moves":[{"kind":"leap","vectors":[[1,0]],"symmetry":"rotate4"}]},` +
		`{"id":"P","captures":["R"],"moves":[{"kind":"leap","vectors":[[1,0]],"symmetry":"rotate4"}]},` +
		`{"id":"S","captures":["P"],"moves":[{"kind":"leap","vectors":[[1,0]],"symmetry":"rotate4"}]}`
	g := build(t, 4, 4, rps, `[{"piece":"R","squares":["a1"]}]`, `{"win":"annihilation"}`)
	p := mustFEN(t, g, "4/4/s3/Rp2 w - - 0 1")
	expectMoves(t, p, "a1", "a2")
	p = mustFEN(t, g, "4/4/4/Rs2 w - - 0 1")
	expectMoves(t, p, "a1", "a2 b1")
}

func TestPromotion(t *testing.T) {
	pieces := strings.Join([]string{kingJS, pawnJS, rookJS, knightJS, `{"id":"Q2","moves":[{"kind":"slide","vectors":[[1,0],[1,1]],"symmetry":"rotate4"}]}`, `{"id":"G","promoted_from":"P","moves":[{"kind":"leap","vectors":[[1,0]],"symmetry":"rotate4"}]}`}, ",")
	cases := []struct {
		name, rules, fen, from, want string
	}{
		{"last rank, to", `{"promotion":{"piece":"P","to":["Q2","N"]}}`, "8/P7/8/8/8/8/8/K7 w - - 0 1", "a7", "a8=N a8=Q2"},
		{"ranks, optional", `{"promotion":{"piece":"P","ranks":[5,6,7],"mandatory":false,"to":["R"]}}`, "8/8/8/P7/8/8/8/K7 w - - 0 1", "a5", "a6 a6=R"},
		{"squares", `{"promotion":{"piece":"P","squares":["b8"],"to":["R"]}}`, "8/PP6/8/8/8/8/8/K7 w - - 0 1", "b7", "b8=R"},
		{"squares elsewhere", `{"promotion":{"piece":"P","squares":["b8"],"to":["R"]}}`, "8/PP6/8/8/8/8/8/K7 w - - 0 1", "a7", "a8"},
		{"on leaving", `{"promotion":{"piece":"P","rank":6,"on_leaving":true,"mandatory":false,"to":["R"]}}`, "8/P7/8/8/8/8/8/K7 w - - 0 1", "a7", "a8 a8=R"},
		{"to_by_player", `{"promotion":{"piece":"P","to_by_player":{"0":["R"],"1":["N"]}}}`, "8/P7/8/8/8/8/p7/7K b - - 0 1", "a2", "a1=N"},
		{"only_lost none lost", `{"promotion":{"piece":"P","only_lost":true,"to":["R"]}}`, "8/P7/8/8/8/8/8/KR6 w - - 0 1", "a7", ""},
		{"only_lost one lost", `{"promotion":{"piece":"P","only_lost":true,"to":["R"]}}`, "8/P7/8/8/8/8/8/K7 w - - 0 1", "a7", "a8=R"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := build(t, 8, 8, pieces, `[{"piece":"K","squares":["a1"]},{"piece":"R","squares":["b1"]},{"piece":"R","player":1,"squares":["b8"]}]`, c.rules)
			expectMoves(t, mustFEN(t, g, c.fen), c.from, c.want)
		})
	}
}

func TestForbidImmobility(t *testing.T) {
	g := build(t, 8, 8, kingJS+","+pawnJS+","+knightJS, oneK, `{"forbid_immobility":true}`)
	expectMoves(t, mustFEN(t, g, "8/P7/8/8/8/8/8/K7 w - - 0 1"), "a7", "")
	expectMoves(t, mustFEN(t, g, "8/8/8/8/8/8/8/KN6 w - - 0 1"), "b1", "a3 c3 d2")
}

func TestCastling(t *testing.T) {
	chess := loadFile(t, "rulesets/chess.json")
	p := mustFEN(t, chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	expectMoves(t, p, "e1", "c1 d1 d2 e2 f1 f2 g1")
	// Not through check: a rook on f8 covers f1.
	p = mustFEN(t, chess, "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1")
	expectMoves(t, p, "e1", "c1 d1 d2 e2")
	// Rights go when the rook moves, and the notation says so.
	p = mustFEN(t, chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	p.Make(mustMove(t, p, "h1h2"))
	if got := p.FEN(); got != "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1" {
		t.Errorf("after h1h2: %s", got)
	}
	m := mustMove(t, mustFEN(t, chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "O-O")
	if m.To() != 6 || m.typ() != moveCastle {
		t.Errorf("O-O read as %v", m)
	}

	pieces := kingJS + "," + rookJS
	setup := `[{"piece":"K","squares":["e1"]},{"piece":"R","squares":["a1","h1"]}]`
	g := build(t, 8, 8, pieces, setup, `{"castling":{"king":"K","rook":"R","king_steps":1}}`)
	p = g.NewPosition()
	// One step: the king lands next to where it was, the rook on the
	// king's old square; written king-to-rook since e1f1 is a king step.
	expectMoves(t, p, "e1", "a1 d1 d2 e2 f1 f2 h1")
	p.Make(mustMove(t, p, "e1h1"))
	if got := p.FEN(); !strings.HasPrefix(got, "8/8/8/8/8/8/8/R3RK2 b") {
		t.Errorf("after one-step castling: %s", got)
	}
	g = build(t, 8, 8, pieces, `[{"piece":"K","squares":["g1"]},{"piece":"R","squares":["a1","h1"]}]`,
		`{"win":"none","castling":{"king":"K","rook":"R","king_file":{"kingside":"g","queenside":"c"},"rook_file":{"kingside":"f","queenside":"d"}}}`)
	p = g.NewPosition()
	// The king stays on g1 and the rook jumps to f1 (Chess960's castling).
	m = mustMove(t, p, "g1h1")
	p.Make(m)
	if got := p.FEN(); !strings.HasPrefix(got, "8/8/8/8/8/8/8/R4RK1 b") {
		t.Errorf("after castling in place: %s", got)
	}
}

func TestEnPassant(t *testing.T) {
	chess := loadFile(t, "rulesets/chess.json")
	p := mustFEN(t, chess, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")
	p.Make(mustMove(t, p, "e2e4"))
	if got := p.FEN(); got != "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1" { // a pawn move restarts FIDE's clock
		t.Errorf("after e2e4: %s", got)
	}
	m := mustMove(t, p, "d4e3")
	if !p.IsCapture(m) {
		t.Error("en passant is a capture")
	}
	p.Make(m)
	if got := p.FEN(); got != "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2" {
		t.Errorf("after d4e3: %s", got)
	}
	// No enemy pawn to take: no en passant square is kept.
	p = mustFEN(t, chess, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	p.Make(mustMove(t, p, "e2e4"))
	if got := p.FEN(); got != "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1" {
		t.Errorf("after a lone e2e4: %s", got)
	}
}

func TestLegalityRules(t *testing.T) {
	// must_capture: only the capture.
	g := build(t, 8, 8, kingJS+","+rookJS, oneK, `{"must_capture":true}`)
	p := mustFEN(t, g, "k7/8/8/8/8/8/7r/K6R w - - 0 1")
	if got := len(p.LegalMoves(nil)); got != 1 {
		t.Errorf("must_capture: %d moves, want the one capture", got)
	}
	// forbid_check: no move may give check.
	g = build(t, 8, 8, kingJS+","+rookJS, oneK, `{"forbid_check":true}`)
	p = mustFEN(t, g, "4k3/8/8/8/8/8/8/K6R w - - 0 1")
	for _, m := range p.LegalMoves(nil) {
		if s := p.MoveString(m); s == "h1h8" || s == "h1e1" {
			t.Errorf("forbid_check allowed %s", s)
		}
	}
	// royal_facing: the kings may not see each other down a file.
	xq := loadFile(t, "rulesets/xiangqi.json")
	p = mustFEN(t, xq, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
	expectMoves(t, p, "e1", "e2 f1")
	// A pinned piece stays; a piece checked by two must move the royal.
	chess := loadFile(t, "rulesets/chess.json")
	p = mustFEN(t, chess, "4k3/8/8/8/8/8/4R3/r3K3 w - - 0 1")
	expectMoves(t, p, "e2", "")
}

func TestEndings(t *testing.T) {
	chess := loadFile(t, "rulesets/chess.json")
	cases := []struct {
		name   string
		g      *Game
		fen    string
		moves  string
		winner int
		rule   Ending
	}{
		{"checkmate", chess, "", "f2f3 e7e5 g2g4 d8h4", 1, "checkmate"},
		{"stalemate draw", chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", -1, "stalemate"},
		{"repetition", chess, "", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", -1, "repetition"},
		{"no progress", chess, "7k/8/8/8/8/8/8/K7 w - - 99 80", "a1a2", -1, "no_progress"},
		{"max plies", chess, "7k/8/8/8/8/8/8/K7 b - - 0 250", "h8g8", -1, "max_plies"},
	}
	inverted := build(t, 8, 8, kingJS+","+rookJS, oneK, `{"checkmate":"win","stalemate":"loss"}`)
	cases = append(cases,
		struct {
			name   string
			g      *Game
			fen    string
			moves  string
			winner int
			rule   Ending
		}{"checkmate win", inverted, "k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8", 1, "checkmate"},
		struct {
			name   string
			g      *Game
			fen    string
			moves  string
			winner int
			rule   Ending
		}{"stalemate loss", inverted, "k7/8/K7/8/8/8/8/7R w - - 0 1", "h1b1", 0, "stalemate"},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.g.NewPosition()
			if c.fen != "" {
				p = mustFEN(t, c.g, c.fen)
			}
			for _, s := range strings.Fields(c.moves) {
				if o := p.Outcome(); o.Over {
					t.Fatalf("over before %s: %+v", s, o)
				}
				p.Make(mustMove(t, p, s))
			}
			o := p.Outcome()
			if !o.Over || o.Winner != c.winner || o.Rule != c.rule {
				t.Errorf("%s: outcome %+v, want winner %d by %s", p.FEN(), o, c.winner, c.rule)
			}
		})
	}
}

func TestRepetitionCountsRights(t *testing.T) {
	chess := loadFile(t, "rulesets/chess.json")
	// The first knight dance keeps castling rights; the king's loses them,
	// so the positions before and after are different positions.
	p := chess.NewPosition()
	for _, s := range strings.Fields("e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8") {
		p.Make(mustMove(t, p, s))
	}
	if p.Repetitions() != 2 || p.Outcome().Over {
		t.Errorf("rights lost after the first king walk: %d occurrences, outcome %+v", p.Repetitions(), p.Outcome())
	}
}

func TestBoardEndings(t *testing.T) {
	type tc struct {
		name, pieces, setup, rules, fen, move string
		winner                                int
		rule                                  Ending
	}
	kings := `[{"piece":"K","squares":["a1"]},{"piece":"K","player":1,"squares":["h8"]}]`
	three := `[{"piece":"K","squares":["a1"]},{"piece":"R","squares":["b1"]},{"piece":"N","squares":["c1"]},{"piece":"K","player":1,"squares":["h8"]},{"piece":"R","player":1,"squares":["g8"]},{"piece":"N","player":1,"squares":["f8"]}]`
	cases := []tc{
		{"royal_capture", kingJS + "," + rookJS, kings, `{"win":"royal_capture"}`, "7k/8/8/8/8/8/8/K6R w - - 0 1", "h1h8", 0, "royal_capture"},
		{"annihilation", rookJS, `[{"piece":"R","squares":["a1"]}]`, `{"win":"annihilation"}`, "7r/8/8/8/8/8/8/R7 w - - 0 1", "a1a8", -2, ""},
		{"annihilation win", rookJS, `[{"piece":"R","squares":["a1"]}]`, `{"win":"annihilation"}`, "r7/8/8/8/8/8/8/R7 w - - 0 1", "a1a8", 0, "annihilation"},
		{"bare_royal", kingJS + "," + rookJS, kings, `{"bare_royal":"loss"}`, "6rk/8/8/8/8/8/8/KR6 w - - 0 1", "b1b2", -2, ""},
		{"bare_royal capture", kingJS + "," + rookJS, kings, `{"bare_royal":"loss"}`, "6rk/8/8/8/8/8/8/K5R1 w - - 0 1", "g1g8", 0, "bare_royal"},
		{"check_limit", kingJS + "," + rookJS, kings, `{"check_limit":2}`, "7k/8/8/8/8/8/8/K5R1 w - - 1+2 0 1", "g1h1", 0, "check_limit"},
		{"reach", kingJS, kings, `{"reach":{"piece":"K","squares":["b2"]}}`, "7k/8/8/8/8/8/8/K7 w - - 0 1", "a1b2", 0, "reach"},
		{"reach not mirrored", kingJS, kings, `{"reach":{"piece":"K","squares":["b2"]}}`, "8/8/8/8/8/8/2k5/7K b - - 0 1", "c2b2", -2, ""},
		{"reach mirrored goal", kingJS, kings, `{"reach":{"piece":"K","squares":["b2"]}}`, "8/2k5/8/8/8/8/8/7K b - - 0 1", "c7b7", 1, "reach"},
		{"reach rotate", kingJS, kings, `{"reach":{"piece":"K","squares":["b2"],"mirror":"rotate"}}`, "8/7k/8/8/8/8/8/K7 b - - 0 1", "h7g7", 1, "reach"},
		{"reach loss", kingJS, kings, `{"reach":{"piece":"K","squares":["b2"],"mirror":false,"result":"loss"}}`, "7k/8/8/8/8/8/8/K7 w - - 0 1", "a1b2", 1, "reach"},
		{"reach safe", kingJS + "," + rookJS, kings, `{"win":"royal_capture","reach":{"piece":"K","squares":["b2"],"safe":true}}`, "1r5k/8/8/8/8/8/8/K7 w - - 0 1", "a1b2", -2, ""},
		{"reach on leave", knightJS, `[{"piece":"N","squares":["a1"]}]`, `{"win":"none","reach":{"squares":["e5"],"mirror":false,"on":"leave"}}`, "8/8/8/4N3/8/8/8/7n w - - 0 1", "e5f7", 0, "reach"},
		{"extinction any", rookJS, `[{"piece":"R","squares":["a1"]},{"piece":"R","player":1,"squares":["a8"]}]`, `{"win":"none","extinction":{"pieces":"any","result":"win"}}`, "r7/8/8/8/8/8/8/R7 w - - 0 1", "a1a8", 1, "extinction"},
		{"extinction per type", kingJS + "," + rookJS + "," + knightJS, three,
			`{"win":"none","extinction":{"pieces":["R","N"],"per_type":true}}`, "5nrk/8/8/8/8/8/8/KN4R1 w - - 0 1", "g1g8", 0, "extinction"},
		{"extinction together", kingJS + "," + rookJS + "," + knightJS, three,
			`{"win":"none","extinction":{"pieces":["R","N"]}}`, "5nrk/8/8/8/8/8/8/KN4R1 w - - 0 1", "g1g8", -2, ""},
		{"extinction own", kingJS + "," + rookJS + "," + knightJS, `[{"piece":"K","squares":["a1"]},{"piece":"R","squares":["b1"]},{"piece":"K","player":1,"squares":["h8"]},{"piece":"N","player":1,"squares":["c8"]}]`,
			`{"win":"none","extinction":{"pieces":["R","N"],"per_type":"own"}}`, "1n5k/8/8/8/8/8/8/KR6 w - - 0 1", "b1b8", 0, "extinction"},
		{"extinction own, other kind", kingJS + "," + rookJS + "," + knightJS, `[{"piece":"K","squares":["a1"]},{"piece":"R","squares":["b1"]},{"piece":"K","player":1,"squares":["h8"]},{"piece":"N","player":1,"squares":["c8"]}]`,
			`{"win":"none","extinction":{"pieces":["R","N"],"per_type":"own"}}`, "2n4k/8/8/8/8/8/8/KR6 w - - 0 1", "b1b2", -2, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := build(t, 8, 8, c.pieces, c.setup, c.rules)
			p := mustFEN(t, g, c.fen)
			p.Make(mustMove(t, p, c.move))
			o := p.Outcome()
			if c.winner == -2 {
				if p.Decided() {
					t.Errorf("%s: decided %+v, want play on", p.FEN(), o)
				}
				return
			}
			if !o.Over || o.Winner != c.winner || o.Rule != c.rule {
				t.Errorf("%s: outcome %+v, want winner %d by %s", p.FEN(), o, c.winner, c.rule)
			}
			if p.Perft(1) != 0 {
				t.Error("perft counts no moves of a decided position")
			}
		})
	}
}

func TestScoring(t *testing.T) {
	pieces := kingJS + `,{"id":"R","value":5,"moves":[{"kind":"slide","vectors":[[1,0]],"symmetry":"rotate4"}]},{"id":"N","value":3,"moves":[{"kind":"leap","vectors":[[1,2]],"symmetry":"dihedral8"}]}`
	setup := `[{"piece":"K","squares":["a1"]},{"piece":"K","player":1,"squares":["h8"]}]`
	cases := []struct {
		scoring, fen string
		winner       int
	}{
		{`{"count":"material"}`, "6nk/6nn/8/8/8/8/8/KR6 w - - 0 201", 1},
		{`{"count":"pieces"}`, "7k/8/8/8/8/8/8/KRN5 w - - 0 201", 0},
		{`{"count":"region","region":["a1","b1"]}`, "6rk/8/8/8/8/8/8/KR6 w - - 0 201", 0},
		{`{"count":"material"}`, "6rk/8/8/8/8/8/8/KR6 w - - 0 201", -1},
	}
	for _, c := range cases {
		g := build(t, 8, 8, pieces, setup, `{"max_plies":400,"scoring":`+c.scoring+`}`)
		o := mustFEN(t, g, c.fen).Outcome()
		if !o.Over || o.Rule != "scoring" || o.Trigger != "max_plies" || o.Winner != c.winner {
			t.Errorf("%s %s: %+v, want scoring after max_plies, winner %d", c.scoring, c.fen, o, c.winner)
		}
	}
}
