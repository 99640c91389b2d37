package engine

import (
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// Schema 30's keys in play, each against a count made by hand.

// landings lists the legal moves of the piece on from, sorted.
func landings(p *Position, from string) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if s := p.MoveString(m); strings.HasPrefix(s, from) {
			out = append(out, s[len(from):])
		}
	}
	sort.Strings(out)
	return out
}

func split(s string) []string {
	out := strings.Fields(s)
	sort.Strings(out)
	return out
}

// TestBentMoves: the griffin and anti-griffin from d4, alone and through
// blockers, counted square by square from the prose ("one square
// diagonally, before optionally continuing orthogonally outward").
func TestBentMoves(t *testing.T) {
	g := loadFile(t, "engine/testdata/schema30/griffins.json")
	cases := []struct {
		name, fen, from, want string
	}{
		{"griffin alone", "7k/8/8/8/3G4/8/8/K7 w - - 0 1", "d4",
			// e5 and then f5 g5 h5 / e6 e7 e8; c5 then b5 a5 / c6 c7 c8;
			// e3 then f3 g3 h3 / e2 e1; c3 then b3 a3 / c2 c1
			"e5 f5 g5 h5 e6 e7 e8 c5 b5 a5 c6 c7 c8 e3 f3 g3 h3 e2 e1 c3 b3 a3 c2 c1"},
		{"griffin blocked", "7k/8/4p3/8/3G4/2P5/8/K7 w - - 0 1", "d4",
			// e6 is taken and stops the file; c3 is its own pawn, so neither
			// c3 nor anything beyond it
			"e5 f5 g5 h5 e6 c5 b5 a5 c6 c7 c8 e3 f3 g3 h3 e2 e1"},
		{"griffin first step blocked", "7k/8/8/4p3/3G4/8/8/K7 w - - 0 1", "d4",
			// the enemy on e5 may be taken, and nothing passes it
			"e5 c5 b5 a5 c6 c7 c8 e3 f3 g3 h3 e2 e1 c3 b3 a3 c2 c1"},
		{"anti-griffin alone", "7k/8/8/8/3A4/8/8/K7 w - - 0 1", "d4",
			// d5 then c6 b7 a8 / e6 f7 g8; e4 then f5 g6 h7 / f3 g2 h1;
			// d3 then c2 b1 / e2 f1; c4 then b5 a6 / b3 a2
			"d5 c6 b7 a8 e6 f7 g8 e4 f5 g6 h7 f3 g2 h1 d3 c2 b1 e2 f1 c4 b5 a6 b3 a2"},
		{"griffin of the second player", "k7/8/8/3g4/8/8/8/7K b - - 0 1", "d5",
			"e4 f4 g4 h4 e3 e2 e1 c4 b4 a4 c3 c2 c1 e6 f6 g6 h6 e7 e8 c6 b6 a6 c7 c8"},
	}
	for _, c := range cases {
		p := mustFEN(t, g, c.fen)
		got := landings(p, c.from)
		want := split(c.want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: got %d %v\nwant %d %v", c.name, len(got), got, len(want), want)
		}
	}
}

// TestBentChecks: a bent line gives check along its whole length, and a
// piece on its line blocks it (and is pinned there).
func TestBentChecks(t *testing.T) {
	g := loadFile(t, "engine/testdata/schema30/griffins.json")
	cases := []struct {
		fen   string
		check bool
	}{
		{"8/8/8/6k1/3G4/8/8/K7 b - - 0 1", true},    // d4-e5-f5-g5
		{"8/8/8/5pk1/3G4/8/8/K7 b - - 0 1", false},  // f5 blocks
		{"8/8/8/4p1k1/3G4/8/8/K7 b - - 0 1", false}, // e5 blocks the first step
		{"8/8/8/8/3G4/8/8/K5k1 b - - 0 1", false},   // g1 is on no line of d4
		{"8/8/8/8/3A4/8/8/K6k b - - 0 1", true},     // d4-e4-f3-g2-h1
	}
	for _, c := range cases {
		p := mustFEN(t, g, c.fen)
		if p.InCheck() != c.check {
			t.Errorf("%s: in check %v, want %v", c.fen, p.InCheck(), c.check)
		}
	}
	// The pawn on f5 is pinned by the griffin: it may not step to f6.
	p := mustFEN(t, g, "8/8/8/5pk1/3G4/8/8/K7 b - - 0 1")
	for _, m := range p.LegalMoves(nil) {
		if p.MoveString(m) == "f5f4" {
			t.Errorf("the pinned pawn moved: f5f4")
		}
	}
}

// play makes the moves in order, failing on one that is not legal.
func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, mv := range moves {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v (position %s)", mv, err, p.FEN())
		}
		p.Make(m)
		if h := p.computeHash(); h != p.Hash() {
			t.Fatalf("after %s: hash %x, from scratch %x", mv, p.Hash(), h)
		}
	}
}

func names(p *Position, sqs []int) string {
	var out []string
	for _, sq := range sqs {
		out = append(out, p.g.names[sq])
	}
	return strings.Join(out, ",")
}

// TestTouchRemembered: Throne and Shrines' twin-shrine victory. A shrine
// touched and then left stays touched (in the FEN, across Unmake and a
// FEN round trip), the second shrine wins, a capture on a shrine touches
// it, and a king on its own half's shrines touches nothing.
func TestTouchRemembered(t *testing.T) {
	g := loadFile(t, "rulesets/seeds/throne-and-shrines.json")
	p := mustFEN(t, g, "8/8/8/3K4/8/8/8/7k w - - 0 1")
	play(t, p, "d5c6", "h1g1", "c6d5", "g1h1")
	if got := names(p, p.Touched(0)); got != "c6" {
		t.Fatalf("touched after leaving c6: %q, want c6", got)
	}
	fen := p.FEN()
	if !strings.HasSuffix(fen, " touched-w:c6") {
		t.Fatalf("FEN %q does not carry the touch", fen)
	}
	if q := mustFEN(t, g, fen); q.Hash() != p.Hash() || q.FEN() != fen {
		t.Fatalf("FEN round trip: %s (%x), want %s (%x)", q.FEN(), q.Hash(), fen, p.Hash())
	}
	if p.Outcome().Over {
		t.Fatalf("one shrine ended the game: %+v", p.Outcome())
	}
	play(t, p, "d5e6", "h1g1", "e6f6")
	if oc := p.Outcome(); !oc.Over || oc.Winner != 0 || oc.Rule != "touch" {
		t.Fatalf("both shrines touched: %+v, want a win for player 0 by touch", oc)
	}
	for i := 0; i < 7; i++ {
		p.Unmake()
	}
	if len(p.Touched(0)) != 0 || p.Hash() != p.computeHash() || p.FEN() != "8/8/8/3K4/8/8/8/7k w - - 0 1" {
		t.Fatalf("after unmaking every move: %s, touched %v", p.FEN(), p.Touched(0))
	}

	// A capture on a shrine touches it; Obsidian's king on the northern
	// shrines touches nothing (its shrines are c3 and f3).
	p = mustFEN(t, g, "8/8/2r4k/3K4/8/8/8/8 w - - 0 1")
	play(t, p, "d5c6")
	if got := names(p, p.Touched(0)); got != "c6" {
		t.Errorf("capture on c6 touched %q, want c6", got)
	}
	p = mustFEN(t, g, "8/8/8/2k5/8/8/8/4K3 b - - 0 1")
	play(t, p, "c5c6")
	if got := names(p, p.Touched(1)); got != "" {
		t.Errorf("Obsidian's king on c6 touched %q, want nothing", got)
	}
}

// TestTouchRepetition: the same board and side to move with different
// touches is a different position, so going round through a shrine
// repeats nothing, while the same round through another square does.
func TestTouchRepetition(t *testing.T) {
	g := loadFile(t, "rulesets/seeds/throne-and-shrines.json")
	cases := []struct {
		via  string
		reps int
	}{
		{"c6", 1}, // touched on the way: not the start position again
		{"d6", 2}, // an ordinary square: the start position again
	}
	for _, c := range cases {
		p := mustFEN(t, g, "8/8/8/3K4/8/8/8/7k w - - 0 1")
		start := p.Hash()
		play(t, p, "d5"+c.via, "h1g1", c.via+"d5", "g1h1")
		if got := p.Repetitions(); got != c.reps {
			t.Errorf("via %s: %d occurrences, want %d", c.via, got, c.reps)
		}
		if (p.Hash() == start) != (c.reps == 2) {
			t.Errorf("via %s: hash equal to the start's: %v", c.via, p.Hash() == start)
		}
	}
}

// TestEntry: pieces refused entry to a citadel except from the two squares
// beside it, leaving it only to them, a square only kings may enter or
// pass, and attacks that agree with the moves.
func TestEntry(t *testing.T) {
	g := loadFile(t, "engine/testdata/schema30/citadel.json")
	cases := []struct {
		name, fen, from, want string
	}{
		// c1 and c7 are citadels entered from elsewhere, e4 is kings' only
		{"rook in the camp", "**1**/5/4k/2R2/5/K4/**1** w - - 0 1", "c4", "c3 c2 c5 c6 b4 a4 d4"},
		{"rook beside the citadel", "**1**/5/4k/5/5/K1R2/**1** w - - 0 1", "c2", "c1 c3 c4 c5 c6 b2 d2 e2"},
		{"queen on b2 enters diagonally", "**1**/4k/5/K4/5/1Q3/**1** w - - 0 1", "b2", "b3 b4 b5 b6 a2 c2 d2 e2 c1 a3 c3 d4 e5"},
		{"queen on d2 may not", "**1**/4k/5/K4/5/3Q1/**1** w - - 0 1", "d2", "d3 d4 d5 d6 c2 b2 a2 e2 c3 b4 a5 e3"},
		{"knight never reaches it", "**1**/4k/5/K4/1N3/5/**1** w - - 0 1", "b3", "a5 c5 d4 d2"},
		{"queen leaves only beside it", "**1**/4k/5/K4/5/5/**Q** w - - 0 1", "c1", "b2 c2"},
		{"knight in the citadel is stuck", "**1**/4k/5/K4/5/5/**N** w - - 0 1", "c1", ""},
		{"only a king enters e4", "**1**/5/2k2/5/3K1/5/**1** w - - 0 1", "d3", "c2 d2 e2 c3 e3 e4"},
	}
	for _, c := range cases {
		p := mustFEN(t, g, c.fen)
		got := landings(p, c.from)
		want := split(c.want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: got %v\nwant %v", c.name, got, want)
		}
	}
	checks := []struct {
		fen   string
		check bool
	}{
		{"**1**/5/2R2/K4/5/5/**k** w - - 0 1", false}, // c5 may not enter c1
		{"**1**/5/5/K4/5/2R2/**k** w - - 0 1", true},  // c2 may
		{"**1**/5/5/K4/5/3Q1/**k** w - - 0 1", false}, // nor d2 diagonally
		{"**1**/5/5/K4/5/1Q3/**k** w - - 0 1", true},  // b2 may
	}
	for _, c := range checks {
		p := mustFEN(t, g, strings.Replace(c.fen, " w ", " b ", 1))
		if p.InCheck() != c.check {
			t.Errorf("%s: in check %v, want %v", c.fen, p.InCheck(), c.check)
		}
	}
}

// fromEngine is the engine's position as the reference generator's: the
// board (kind, owner, facing), the hands and the side to move.
func (r *fpRef) fromEngine(p *Position) *fpPos {
	g := p.Game()
	pos := &fpPos{at: map[[2]int]fpPiece{}, side: p.side, back: -1, rest: map[[2]int]int{}}
	for sq := 0; sq < g.NumSquares(); sq++ {
		if k, o, ok := p.PieceAt(sq); ok {
			pos.at[[2]int{g.File(sq), g.Rank(sq)}] = fpPiece{g.BaseKind(k), o, faceWords[g.FacingOf(k)]}
			if v := p.Resting(sq); v > 0 {
				pos.rest[[2]int{g.File(sq), g.Rank(sq)}] = v
			}
		}
	}
	for s := 0; s < 2; s++ {
		pos.hand[s] = map[int]int{}
		for k := range r.s.Pieces {
			if n := p.InHand(s, k); n > 0 {
				pos.hand[s][k] = n
			}
		}
	}
	return pos
}

// decided: the board endings the seeds use, read from the spec: a reach
// piece on its goal, a player left with royals only (bare_royal).
func (r *fpRef) decided(pos *fpPos) bool {
	ru := &r.s.Rules
	var count, royals [2]int
	for c, pc := range pos.at {
		count[pc.owner]++
		if r.s.Pieces[pc.kind].Royal {
			royals[pc.owner]++
		}
		if rc := ru.Reach; rc != nil && (rc.Piece == "" || r.s.Pieces[pc.kind].ID == rc.Piece) && pos.rest[c] == 0 {
			for _, n := range rc.Squares {
				goal := r.cell(n)
				if pc.owner == 1 {
					goal = r.reflect(goal)
				}
				if goal == c {
					return true
				}
			}
		}
	}
	if ru.BareRoyal != "" {
		for s := 0; s < 2; s++ {
			if royals[s] > 0 && count[s] == royals[s] {
				return true
			}
		}
	}
	return false
}

func (r *fpRef) perft(pos *fpPos, depth int) uint64 {
	if r.decided(pos) {
		return 0
	}
	moves := r.legal(pos)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += r.perft(r.make(pos, m), depth-1)
	}
	return n
}

// TestElvenPerftMatchesReference: perft of Elven chess positions in the
// movement phase (griffins, movers and jians turned, a scout about to
// become a sentry, a sentry beside the enemy citadel) against the slow
// reference generator, which shares nothing with the engine's tables.
func TestElvenPerftMatchesReference(t *testing.T) {
	const file = "rulesets/seeds/elven-chess.json"
	spec, problems := rules.Parse([]byte(readRepoFile(t, file)))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	g := loadFile(t, file)
	ref := newFPRef(t, spec)
	fens := []string{
		"*****1******/6Sk4/4j3b1r1/pp9h:r/6P5/2g4n4/12/5s:b3A2/2G9/10R1/PP2P7/H10J:r/5KQ5/*****1****** w - - 0 30",
		"*****1******/6Sk4/4j3b1r1/pp9h:r/6P5/2g4n4/12/5s:b3A2/2G9/10R1/PP2P7/H10J:r/5KQ5/*****1****** b - - 0 30",
	}
	// Depth 2 of the first position takes the reference about 8 s, of
	// both about 16 s; depth 3 would take it many minutes.
	depths := []int{2, 1}
	switch {
	case testing.Short():
		depths = []int{1, 1}
	case os.Getenv("BALANCEFARM_DEEP_PERFT") == "1":
		depths = []int{2, 2}
	}
	for i, fen := range fens {
		p := mustFEN(t, g, fen)
		for d := 1; d <= depths[i]; d++ {
			got, want := p.Perft(d), ref.perft(ref.fromEngine(p), d)
			if got != want {
				t.Errorf("%s: perft(%d) %d, reference %d", fen, d, got, want)
			}
		}
	}
}

// TestSeedPerftVectors: the seeds' perft counts, each row checked as its
// comment in the file says (by hand, against published chess counts, or
// against the slow reference generator).
func TestSeedPerftVectors(t *testing.T) {
	rows := readVectorsAt(t, "engine/testdata/schema30/seeds-perft.tsv")
	games := map[string]*Game{}
	for _, row := range rows {
		t.Run(row.name+"/line"+strconv.Itoa(row.line), func(t *testing.T) {
			perftAllowed(t, row.nodes)
			g := games[row.name]
			if g == nil {
				g = loadFile(t, row.name)
				games[row.name] = g
			}
			p := g.NewPosition()
			if row.fen != "start" {
				p = mustFEN(t, g, row.fen)
			}
			if got := p.Perft(row.depth); got != row.nodes {
				t.Errorf("perft(%d) of %s = %d, want %d", row.depth, row.fen, got, row.nodes)
			}
		})
	}
}

// FuzzParseFENTouched: the touch fields never panic the notation reader,
// and a position read back from its own FEN is the same position.
func FuzzParseFENTouched(f *testing.F) {
	g := loadFile(f, "rulesets/seeds/throne-and-shrines.json")
	for _, s := range []string{
		"trsqksrt/cccccccc/8/8/8/8/CCCCCCCC/TRSQKSRT w KQkq - 0 1",
		"8/8/8/4K3/8/8/8/7k w - - 0 1 touched-w:c6",
		"8/8/8/4K3/8/8/8/7k b - - 0 1 touched-w:c6,f6 touched-b:f3",
		"8/8/8/4K3/8/8/8/7k w - - 0 1 touched-b:c6",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) { checkNotationRoundTrip(t, g, fen) })
}

// TestSymmetricPlacement: Elven chess's placement comes in mirrored pairs.
// Every drop is listed from the pair's left square; making one puts down
// its mirror image on the mirrored square (the other jian, the same
// mover) and takes two from the hand; a pair whose mirrored square is
// taken, or a lone piece on the right half, is refused.
func TestSymmetricPlacement(t *testing.T) {
	g := loadFile(t, "rulesets/seeds/elven-chess.json")
	p := g.NewPosition()
	for _, m := range p.LegalMoves(nil) {
		if s := p.MoveString(m); s[strings.IndexByte(s, '@')+1] > 'f' {
			t.Errorf("%s: a pair listed from its right square", s)
		}
	}
	rook := -1
	for k := 0; k < g.NumKinds(); k++ {
		if g.BaseKind(k) == k && g.kinds[k].id == "R" {
			rook = k
		}
	}
	cases := []struct {
		move, left, right string // the move, then the pieces it leaves on its two squares
	}{
		{"J@a2", "a2", "l2"},
		{"J:r@b2", "b2", "k2"},
		{"H:r@c3", "c3", "j3"},
		{"R@f3", "f3", "g3"},
	}
	start := p.FEN()
	for _, c := range cases {
		m := mustMove(t, p, c.move)
		before := p.InHand(0, m.aux())
		p.Make(m)
		l, _ := g.parseSquare(c.left)
		r, _ := g.parseSquare(c.right)
		kl, ol, okl := p.PieceAt(l)
		kr, or, okr := p.PieceAt(r)
		if !okl || !okr || ol != 0 || or != 0 || g.BaseKind(kl) != g.BaseKind(kr) {
			t.Fatalf("%s: %s and %s hold %v %v", c.move, c.left, c.right, okl, okr)
		}
		// The pair's moves are each other's reflection: the jian along /
		// beside the jian along \, a mover beside the same mover.
		fl, fr := g.FacingOf(kl), g.FacingOf(kr)
		want := map[string]string{"J@a2": "right", "J:r@b2": "forward", "H:r@c3": "right", "R@f3": ""}[c.move]
		if fr != want {
			t.Errorf("%s: the partner points %q (the first %q), want %q", c.move, fr, fl, want)
		}
		if after := p.InHand(0, m.aux()); after != before-2 {
			t.Errorf("%s: hand %d then %d", c.move, before, after)
		}
		if p.computeHash() != p.Hash() {
			t.Fatalf("%s: hash differs from scratch", c.move)
		}
		p.Unmake()
		if p.FEN() != start {
			t.Fatalf("%s unmade: %s", c.move, p.FEN())
		}
	}
	// A rook standing on l3 closes the pair a3-l3 to every kind; nothing is
	// ever put down alone on the right half.
	q := mustFEN(t, g, "*****1******/5kq5/12/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/11R/5KQ5/*****1******[RBBNNFFWWDDEEGGAAHHJJrrbbnnffwwddeeggaahhjj] w - - 0 1")
	for _, m := range q.LegalMoves(nil) {
		if s := q.MoveString(m); strings.HasSuffix(s, "@a3") {
			t.Errorf("%s offered with its mirrored square taken", s)
		}
		if m.DropKind() == rook {
			t.Errorf("%s: one rook left in hand, and a rook comes only in pairs", q.MoveString(m))
		}
	}
	for _, s := range []string{"R@l2", "B@l3", "N@g2"} {
		if _, err := q.ParseMove(s); err == nil {
			t.Errorf("%s accepted: a lone piece on the right half", s)
		}
	}
}
