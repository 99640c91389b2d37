package engine

import (
	"os"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// Promotion rests (rules.promotion[].rest and home, schema 30) on the
// Homeward test board: pawns become a queen or a king that rests three of its
// owner's turns, then goes to a1 (e1 when a1 is taken). Counts by hand.

const homeward = "engine/testdata/schema30/homeward.json"

// Elven chess positions of engine/testdata/schema30/seeds-perft.tsv: a
// sentry about to enter the enemy citadel, a promoted queen resting there
// with its home f1 empty, and the same with f1 taken.
const (
	elven          = "rulesets/seeds/elven-chess.json"
	elvenPromote   = "*****1******/k5S5/r11/12/12/12/12/12/12/12/12/12/11K/*****1****** w - - 0 30"
	elvenResting   = "*****Q******/11K/12/12/12/12/12/12/12/r11/12/7k4/12/*****1****** w - - 0 30 rest:f14=1"
	elvenHomeTaken = "*****Q******/11K/12/12/12/12/12/12/12/r11/12/7k4/12/*****N****** w - - 0 30 rest:f14=1"
)

// TestPromotionRests: the promoted piece cannot move while it rests (its
// owner's turns only count), it can be captured, it is moved home after,
// to the second home square when the first is taken, and rests on while
// both are; Unmake puts every step back.
func TestPromotionRests(t *testing.T) {
	g := loadFile(t, homeward)
	steps := []struct {
		move  string
		fen   string // the position after it, rests included
		queen string // the queen's moves then (white to move), "-" not asked
	}{
		{"a4a5=Q", "Q4/5/5/4k/2K2 b - - 0 1 rest:a5=3", "-"},
		{"e2e3", "Q4/5/4k/5/2K2 w - - 1 2 rest:a5=3", ""}, // resting: only the king moves
		{"c1b1", "Q4/5/4k/5/1K3 b - - 2 2 rest:a5=2", "-"},
		{"e3e2", "Q4/5/5/4k/1K3 w - - 3 3 rest:a5=2", ""},
		{"b1c1", "Q4/5/5/4k/2K2 b - - 4 3 rest:a5=1", "-"},
		{"e2e3", "Q4/5/4k/5/2K2 w - - 5 4 rest:a5=1", ""},
		{"c1b1", "5/5/4k/5/QK3 b - - 6 4", "-"}, // the rest ends: home to a1
		{"e3e2", "5/5/5/4k/QK3 w - - 7 5", "a2 a3 a4 a5 b2 c3 d4 e5"},
	}
	p := mustFEN(t, g, "5/P4/5/4k/2K2 w - - 0 1")
	start := p.FEN()
	for _, s := range steps {
		play(t, p, s.move)
		if got := p.FEN(); got != s.fen {
			t.Fatalf("after %s: %s, want %s", s.move, got, s.fen)
		}
		if s.queen == "-" {
			continue
		}
		from := "a5"
		if !strings.HasPrefix(s.fen, "Q") {
			from = "a1"
		}
		if got, want := strings.Join(landings(p, from), " "), strings.Join(split(s.queen), " "); got != want {
			t.Errorf("after %s: the queen on %s moves to %q, want %q", s.move, from, got, want)
		}
	}
	for range steps {
		p.Unmake()
	}
	if p.FEN() != start || p.Hash() != p.computeHash() {
		t.Fatalf("after unmaking every move: %s, want %s", p.FEN(), start)
	}

	cases := []struct {
		name, fen, moves, want string
	}{
		// A rook takes the resting queen: it rests no more, it is gone.
		{"captured while resting", "Q3r/5/4k/5/2K2 w - - 0 1 rest:a5=2", "c1b1 e5a5", "r4/5/4k/5/1K3 w - - 0 2"},
		// a1 is taken by the rook: home is e1.
		{"second home square", "Q4/5/4k/5/R1K2 w - - 0 1 rest:a5=1", "c1d1", "5/5/4k/5/R2KQ b - - 1 1"},
		// a1 and e1 taken: the queen rests on a turn, then goes when e1 empties.
		{"home full", "Q4/2k2/5/5/R1K1R w - - 0 1 rest:a5=1", "c1d1", "Q4/2k2/5/5/R2KR b - - 1 1 rest:a5=1"},
		{"home frees", "Q4/2k2/5/5/R1K1R w - - 0 1 rest:a5=1", "c1d1 c4d4 e1e2", "5/3k1/5/4R/R2KQ b - - 3 2"},
		// Black's queen promoted on a1 goes home to a5.
		{"second player's home", "2k2/5/3K1/5/q4 b - - 0 1 rest:a1=1", "c5d5", "q2k1/5/3K1/5/5 w - - 1 2"},
	}
	for _, c := range cases {
		p := mustFEN(t, g, c.fen)
		play(t, p, strings.Fields(c.moves)...)
		if got := p.FEN(); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// TestPromotionRestCheck: the move home is part of the owner's move, so a
// move after which it would uncover the owner's king is not legal. The
// queen resting on b5 shields the king on d5 from the rook on a5; it goes
// home to a1 after White's move, so the king must leave the fifth rank:
// c4, d4 or e4, not c5 or e5.
func TestPromotionRestCheck(t *testing.T) {
	g := loadFile(t, homeward)
	p := mustFEN(t, g, "rQ1K1/5/5/5/4k w - - 0 1 rest:b5=1")
	if got, want := strings.Join(landings(p, "d5"), " "), "c4 d4 e4"; got != want {
		t.Errorf("king moves %q, want %q", got, want)
	}
	if !p.HasLegalMove() {
		t.Error("HasLegalMove false with three legal moves")
	}
}

// TestPromotionRestRepetition: the same board, side to move and everything
// else with another rest counter is another position, so kings shuffling
// back while a queen rests repeat nothing; the same shuffle once the rest
// is over repeats.
func TestPromotionRestRepetition(t *testing.T) {
	g := loadFile(t, homeward)
	cases := []struct {
		fen  string
		reps int
	}{
		{"Q4/5/5/4k/2K2 b - - 0 1 rest:a5=3", 1}, // just promoted: rest 3 then, 1 now
		{"Q4/5/5/4k/2K2 b - - 0 1", 2},           // no rest: the shuffle repeats
	}
	for _, c := range cases {
		p := mustFEN(t, g, c.fen)
		start := p.Hash()
		play(t, p, "e2e3", "c1b1", "e3e2", "b1c1")
		if got := p.Repetitions(); got != c.reps {
			t.Errorf("%s: %d occurrences, want %d (now %s)", c.fen, got, c.reps, p.FEN())
		}
		if (p.Hash() == start) != (c.reps == 2) {
			t.Errorf("%s: hash equal to the start's: %v", c.fen, p.Hash() == start)
		}
	}
	// The same board read with each rest and without: four hashes.
	seen := map[uint64]string{}
	for _, tail := range []string{"", " rest:a5=1", " rest:a5=2", " rest:a5=3"} {
		p := mustFEN(t, g, "Q4/5/5/4k/2K2 b - - 0 1"+tail)
		if o, dup := seen[p.Hash()]; dup {
			t.Errorf("%q and %q share a hash", o, tail)
		}
		seen[p.Hash()] = tail
	}
}

// TestPromotionRestRoyal: a pawn promoted to a second king. While Black's
// rook attacks the first king, the second (resting, unattacked) leaves
// White out of check, so the rook may take the first king and White plays
// on with the second: check needs every king attacked.
func TestPromotionRestRoyal(t *testing.T) {
	g := loadFile(t, homeward)
	p := mustFEN(t, g, "5/P4/5/2k2/1r2K w - - 0 1")
	// In check from the rook on b1: of the king's steps d1 and d2 are
	// guarded (rook, black king), e2 is not; the promotion to a king puts a
	// second royal on a5, out of every black piece's reach; the promotion
	// to a queen answers nothing.
	if got, want := strings.Join(landings(p, "e1"), " "), "e2"; got != want {
		t.Errorf("king moves %q, want %q", got, want)
	}
	if got, want := strings.Join(landings(p, "a4"), " "), "a5=K"; got != want {
		t.Errorf("pawn moves %q, want %q", got, want)
	}
	play(t, p, "a4a5=K", "b1e1")
	if got, want := p.FEN(), "K4/5/5/2k2/4r w - - 0 2 rest:a5=3"; got != want {
		t.Errorf("after the first king is taken: %s, want %s", got, want)
	}
	if o := p.Outcome(); o.Over {
		t.Errorf("over with a king left: %+v", o)
	}
}

// TestPromotionRestReference: the homeward board and two Elven chess
// positions against the slow reference generator, which rests, captures and
// sends pieces home by its own reading of the reference.
func TestPromotionRestReference(t *testing.T) {
	cases := []struct {
		file  string
		fen   string
		depth int
	}{
		{homeward, "5/P4/5/4k/2K2 w - - 0 1", 4},
		{homeward, "rQ1K1/5/5/5/4k w - - 0 1 rest:b5=1", 3},
		{homeward, "5/P4/5/2k2/1r2K w - - 0 1", 4},
		{homeward, "1p2k/P4/5/5/2K1r w - - 0 1", 4},
		{elven, elvenPromote, 3},
		{elven, elvenResting, 3},
		{elven, elvenHomeTaken, 3},
	}
	for i := range cases {
		switch {
		case testing.Short():
			cases[i].depth = 2
		case os.Getenv("BALANCEFARM_DEEP_PERFT") == "1":
			cases[i].depth++
		}
	}
	for _, c := range cases {
		spec, problems := rules.Parse([]byte(readRepoFile(t, c.file)))
		if len(problems) > 0 {
			t.Fatal(problems)
		}
		g := loadFile(t, c.file)
		ref := newFPRef(t, spec)
		p := mustFEN(t, g, c.fen)
		for d := 1; d <= c.depth; d++ {
			if got, want := p.Perft(d), ref.perft(ref.fromEngine(p), d); got != want {
				t.Errorf("%s: perft(%d) %d, reference %d", c.fen, d, got, want)
			}
		}
	}
}

// FuzzParseFENResting: rest fields never panic the notation reader, a
// position read back from its own FEN is the same position, and making and
// unmaking every move (moves home included) gives it back.
func FuzzParseFENResting(f *testing.F) {
	g := loadFile(f, homeward)
	for _, s := range []string{
		"5/P4/5/4k/2K2 w - - 0 1",
		"Q4/5/5/4k/2K2 b - - 0 1 rest:a5=3",
		"Q4/2k2/5/5/R1K1R w - - 0 1 rest:a5=1",
		"rQ1K1/5/5/5/4k w - - 0 1 rest:b5=1",
		"K4/5/5/2k2/4r w - - 0 2 rest:a5=3,c2=1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) { checkNotationRoundTrip(t, g, fen) })
}

// TestPromotionRestRefused: a rest beside the rules whose turn keeping it
// would share is refused as not played yet, and compiles alone.
func TestPromotionRestRefused(t *testing.T) {
	base := readRepoFile(t, homeward)
	cases := []struct {
		name, old, new, want string
	}{
		{"alone", "", "", ""},
		{"beside pieces rest", `"id": "R", "value": 5,`, `"id": "R", "rest": 1, "value": 5,`, "not supported yet: rules.promotion rest beside pieces[].rest"},
		{"beside a longer turn", `"rules": {`, `"rules": {"turn": {"moves": 2},`, "not supported yet: rules.promotion rest beside rules.turn or rules.simultaneous"},
	}
	for _, c := range cases {
		data := strings.Replace(base, c.old, c.new, 1)
		_, err := Compile([]byte(data))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// TestRoyalPromotionAnswersCheck: with check needing every royal attacked,
// a promotion to a royal out of reach answers a check as a king's step
// does. Spartan chess, Black's king on e8 checked by the rook on e3: the
// steps d7, f7, d8 and f8 (e7 stays on the file), and the hoplite's a2b1=K,
// whose king the rook and the white king do not reach; its other
// promotions answer nothing. Fairy-Stockfish's spartan lists the same 5.
func TestRoyalPromotionAnswersCheck(t *testing.T) {
	g := loadFile(t, "rulesets/spartan.json")
	p := mustFEN(t, g, "4k3/8/8/8/8/4R3/h7/5K2 b - - 0 1")
	var got []string
	for _, m := range p.LegalMoves(nil) {
		got = append(got, p.MoveString(m))
	}
	if g, w := strings.Join(split(strings.Join(got, " ")), " "), strings.Join(split("e8d7 e8f7 e8d8 e8f8 a2b1=K"), " "); g != w {
		t.Errorf("moves %q, want %q", g, w)
	}
	if n := p.Perft(1); n != 5 {
		t.Errorf("perft(1) %d, want 5", n)
	}
}
