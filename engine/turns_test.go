package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Hand-derived tests of who moves and when, one per option of the
// reference: positions are small and the expected boards worked out from
// the reference's words.

// roundsGame is a 5x5 game of kings, rooks, knights and pawns (stepping
// forward, taking diagonally), changed by edit; the tests set positions
// by notation.
func roundsGame(t *testing.T, edit func(rules map[string]any, pieces map[string]map[string]any)) *Game {
	t.Helper()
	pieces := map[string]map[string]any{
		"K": {"id": "K", "royal": true, "value": 0, "moves": []any{map[string]any{"kind": "leap", "vectors": [][2]int{{1, 0}, {1, 1}}, "symmetry": "rotate4"}}},
		"R": {"id": "R", "value": 5, "moves": []any{map[string]any{"kind": "slide", "vectors": [][2]int{{1, 0}}, "symmetry": "rotate4"}}},
		"N": {"id": "N", "value": 3, "moves": []any{map[string]any{"kind": "leap", "vectors": [][2]int{{1, 2}}, "symmetry": "dihedral8"}}},
		"P": {"id": "P", "value": 1, "moves": []any{
			map[string]any{"kind": "leap", "vectors": [][2]int{{0, 1}}, "mode": "move"},
			map[string]any{"kind": "leap", "vectors": [][2]int{{1, 1}}, "symmetry": "lateral", "mode": "capture"}}},
	}
	rules := map[string]any{"win": "royal_capture", "simultaneous": map[string]any{}}
	edit(rules, pieces)
	var list []any
	for _, id := range []string{"K", "R", "N", "P"} {
		list = append(list, pieces[id])
	}
	spec := map[string]any{"schema_version": 29, "name": "small", "board": map[string]int{"width": 5, "height": 5},
		"pieces": list, "setup": map[string]any{"placements": []any{map[string]any{"piece": "K", "squares": []string{"e1"}},
			map[string]any{"piece": "R", "squares": []string{"a1"}}, map[string]any{"piece": "N", "squares": []string{"b1"}},
			map[string]any{"piece": "P", "squares": []string{"c2"}}}},
		"rules": rules}
	data, _ := json.Marshal(spec)
	return loadBytes(t, data)
}

func roundBoard(p *Position) string { return strings.Fields(p.FEN())[0] }

// roundCase is one round from a position, and the board (and extras) it
// must leave.
type roundCase struct {
	name     string
	edit     func(rules map[string]any, pieces map[string]map[string]any)
	fen      string
	m0, m1   string
	board    string
	contains string // an extra the notation must then carry
	quiet    bool   // nothing captured or eliminated
}

func TestRoundResolution(t *testing.T) {
	plain := func(map[string]any, map[string]map[string]any) {}
	sim := func(key, value string) func(map[string]any, map[string]map[string]any) {
		return func(r map[string]any, _ map[string]map[string]any) { r["simultaneous"] = map[string]any{key: value} }
	}
	knightOnlyKings := func(r map[string]any, p map[string]map[string]any) { p["N"]["captures"] = []string{"K"} }
	knightBeatsRook := func(r map[string]any, p map[string]map[string]any) { p["N"]["beats"] = []string{"R", "K"} }
	cases := []roundCase{
		// R a1-c1 and N b3-c1 collide on c1; the rook takes any piece,
		// the knight only kings, so exactly the rook beats the other.
		{name: "collision, one beats", edit: knightOnlyKings, fen: "4k/5/1n3/5/R3K w - - 0 1", m0: "a1c1", m1: "b3c1", board: "4k/5/5/5/2R1K"},
		// Both beat each other and no tie rule: both are eliminated.
		{name: "collision, tie eliminates both", edit: plain, fen: "4k/5/1n3/5/R3K w - - 0 1", m0: "a1c1", m1: "b3c1", board: "4k/5/5/5/4K"},
		// A tie under initiative: the second player holds it at the start,
		// so the knight stands, and the initiative passes.
		{name: "collision, initiative", edit: sim("tie", "initiative"), fen: "4k/5/1n3/5/R3K w - - 0 1", m0: "a1c1", m1: "b3c1",
			board: "4k/5/5/5/2n1K", contains: "initiative:w"},
		// beats written out: the knight beats the rook, the rook (every
		// piece) the knight: a tie again.
		{name: "collision, beats both ways", edit: knightBeatsRook, fen: "4k/5/1n3/5/R3K w - - 0 1", m0: "a1c1", m1: "b3c1", board: "4k/5/5/5/4K"},
		// Rooks swapping along the a-file pass each other.
		{name: "swap passes", edit: plain, fen: "4k/5/r4/5/R3K w - - 0 1", m0: "a1a3", m1: "a3a1", board: "4k/5/R4/5/r3K", quiet: true},
		// With swap collision they meet as a tie: both eliminated.
		{name: "swap collides", edit: sim("swap", "collision"), fen: "4k/5/r4/5/R3K w - - 0 1", m0: "a1a3", m1: "a3a1", board: "4k/5/5/5/4K"},
		// The rook's target leaves: a rook may land on an empty a3.
		{name: "target left, lands", edit: plain, fen: "4k/5/n4/5/R3K w - - 0 1", m0: "a1a3", m1: "a3b5", board: "1n2k/5/R4/5/4K", quiet: true},
		// A pawn's diagonal is capture-only: its move is void.
		{name: "target left, void", edit: plain, fen: "4k/5/2n2/1P3/4K w - - 0 1", m0: "b2c3", m1: "c3d5", board: "3nk/5/5/1P3/4K", quiet: true},
		// Pawns taking each other: both capture-only, both void, and the
		// pair is remembered.
		{name: "void swap remembered", edit: plain, fen: "4k/5/2p2/1P3/4K w - - 0 1", m0: "b2c3", m1: "c3b2", board: "4k/5/2p2/1P3/4K", contains: "void:b2c3", quiet: true},
		// The same void swap again: the pair is barred.
		{name: "void swap barred", edit: plain, fen: "4k/5/2p2/1P3/4K w - - 0 1 void:b2c3", m0: "b2c3", m1: "c3b2", board: "4k/5/2p2/1P3/4K", contains: "barred:b2c3", quiet: true},
		// A void pawn stays, and the king whose target it was takes it.
		{name: "swap, one void", edit: plain, fen: "5/5/2k2/1P3/4K w - - 0 1", m0: "b2c3", m1: "c3b2", board: "5/5/5/1k3/4K"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := roundsGame(t, c.edit)
			p := mustFEN(t, g, c.fen)
			if !p.InRound() {
				t.Fatal("not a round")
			}
			before := p.FEN()
			m0, m1, err := p.ParseRound(c.m0 + " & " + c.m1)
			if err != nil {
				t.Fatal(err)
			}
			p.MakeRound(m0, m1)
			if got := roundBoard(p); got != c.board {
				t.Errorf("board %s, want %s", got, c.board)
			}
			if c.contains != "" && !strings.Contains(p.FEN(), c.contains) {
				t.Errorf("%s does not carry %s", p.FEN(), c.contains)
			}
			if p.Ply() != 2 || p.NoProgress() != map[bool]int{true: 2, false: 0}[c.quiet] {
				t.Errorf("clocks: ply %d, no progress %d", p.Ply(), p.NoProgress())
			}
			p.Unmake()
			if p.FEN() != before {
				t.Errorf("unmake gave %s, want %s", p.FEN(), before)
			}
		})
	}
}

func TestBarredPairIsNotOffered(t *testing.T) {
	g := roundsGame(t, func(map[string]any, map[string]map[string]any) {})
	p := mustFEN(t, g, "4k/5/2p2/1P3/4K w - - 0 1 barred:b2c3")
	for q, barred := range []string{"b2c3", "c3b2"} {
		for _, m := range p.RoundMoves(q, nil) {
			if p.MoveString(m) == barred {
				t.Errorf("player %d is offered the barred %s", q, barred)
			}
		}
	}
	// The bar ends when either square changes: the white king steps to
	// d2 and nothing else moves; then b2 changes (the pawn steps).
	m0, m1, err := p.ParseRound("b2b3 & e5e4")
	if err != nil {
		t.Fatal(err)
	}
	p.MakeRound(m0, m1)
	if strings.Contains(p.FEN(), "barred") {
		t.Errorf("bar kept after its square changed: %s", p.FEN())
	}
}

func TestRoundEndings(t *testing.T) {
	both := func(score bool) func(r map[string]any, _ map[string]map[string]any) {
		return func(r map[string]any, _ map[string]map[string]any) {
			if score {
				r["simultaneous"] = map[string]any{"both": "score"}
				r["scoring"] = map[string]any{"count": "material"}
			}
		}
	}
	for _, c := range []struct {
		name   string
		score  bool
		fen    string
		winner int
	}{
		// Each rook takes the other king in the same round: a draw.
		{"both kings fall", false, "k3R/5/5/5/r3K w - - 0 1", -1},
		// With both "score": player 0 has a rook and a pawn left, player
		// 1 a rook: player 0 is ahead.
		{"both kings fall, score", true, "k3R/5/5/2P2/r3K w - - 0 1", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := roundsGame(t, both(c.score))
			p := mustFEN(t, g, c.fen)
			if _, _, err := p.ParseRound("e5a4 & a1e1"); err == nil {
				t.Fatalf("a move that is not legal was read")
			}
			m0, m1, err := p.ParseRound("e5a5 & a1e1")
			if err != nil {
				t.Fatal(err)
			}
			p.MakeRound(m0, m1)
			o := p.Outcome()
			if !o.Over || o.Winner != c.winner || o.Rule != "royal_capture" {
				t.Errorf("outcome %+v, want royal_capture won by %d", o, c.winner)
			}
		})
	}
}

func TestSpeeds(t *testing.T) {
	fastKnight := func(_ map[string]any, p map[string]map[string]any) { p["N"]["speed"] = 1 }
	for _, c := range []struct {
		name, fen, m0, m1, board string
	}{
		// The knight is faster: it takes the rook before the rook moves,
		// so the rook's move is void (its piece is gone).
		{"slower piece taken", "4k/5/5/2r2/N3K w - - 0 1", "a1c2", "c2c5", "4k/5/5/2N2/4K"},
		// The rook's move onto the square the knight now holds takes it.
		{"slower move takes the faster piece", "4k/5/5/5/N1r1K w - - 0 1", "a1c2", "c1c2", "4k/5/5/2r2/4K"},
		// The knight lands on c2 first; the rook's slide through c2 is
		// blocked there, so its move to c4 is void.
		{"slower move blocked", "4k/5/5/5/N1r1K w - - 0 1", "a1c2", "c1c4", "4k/5/5/2N2/2r1K"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := roundsGame(t, fastKnight)
			p := mustFEN(t, g, c.fen)
			m0, m1, err := p.ParseRound(c.m0 + " & " + c.m1)
			if err != nil {
				t.Fatal(err)
			}
			p.MakeRound(m0, m1)
			if got := roundBoard(p); got != c.board {
				t.Errorf("board %s, want %s", got, c.board)
			}
		})
	}
}

func TestSpyPhases(t *testing.T) {
	g := loadFile(t, "rulesets/spy-skirmish.json")
	// White's rook takes Black's last spy; White keeps its own.
	p := mustFEN(t, g, "k3s1/6/6/6/6/3KRS w - - 0 1")
	steps := []struct {
		move      string
		inRound   bool
		announcer int
	}{
		{"e1e6", false, -1}, // Black, without a spy, first replies as usual
		{"a6a5", true, 1},   // then rounds, Black announcing
	}
	if p.InRound() {
		t.Fatal("both have spies: turns, not rounds")
	}
	for _, s := range steps {
		m, err := p.ParseMove(s.move)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
		if p.InRound() != s.inRound || p.Announcer() != s.announcer {
			t.Fatalf("after %s: in round %v, announcer %d; want %v, %d (%s)", s.move, p.InRound(), p.Announcer(), s.inRound, s.announcer, p.FEN())
		}
	}
	if !strings.Contains(p.FEN(), "phase:rounds") {
		t.Errorf("%s does not say the rounds have begun", p.FEN())
	}
	// Read from notation: Black has no spy, so Black announces, and a
	// round that takes nothing keeps it so.
	q := mustFEN(t, g, "k5/6/6/6/6/3KRS w - - 0 1 phase:rounds")
	if q.Announcer() != 1 {
		t.Fatalf("announcer %d, want 1", q.Announcer())
	}
	m0, m1, err := q.ParseRound("e1e2 & a6a5")
	if err != nil {
		t.Fatal(err)
	}
	q.MakeRound(m0, m1)
	if q.Announcer() != 1 || !q.InRound() {
		t.Errorf("announcer %d after a quiet round, want 1", q.Announcer())
	}
}

func TestRest(t *testing.T) {
	g := loadFile(t, "rulesets/weary-armies.json")
	names := func(p *Position) []string { return movesOf(p, p.LegalMoves(nil)) }
	// The king has no move (a2 and b2 are covered by the rook on f2),
	// so the resting rook's rest is lifted: its nine moves are the list.
	p := mustFEN(t, g, "5k/6/6/6/5r/KR4 w - - 0 1 rest:b1=1")
	if got := names(p); len(got) != 9 || !allFrom(got, "b1") {
		t.Errorf("lifted rest: %v, want the rook's nine moves", got)
	}
	// With a king move available the resting rook may not move.
	p = mustFEN(t, g, "5k/6/6/6/6/KR4 w - - 0 1 rest:b1=1")
	if got := names(p); len(got) != 2 || !allFrom(got, "a1") {
		t.Errorf("rest: %v, want the king's two moves", got)
	}
	// A queen rests for two of her player's turns, counted on them only.
	p = mustFEN(t, g, "5k/6/6/6/6/KQ4 w - - 0 1")
	seq := []struct {
		move string
		rest int // the queen's rest after the move
	}{{"b1b3", 2}, {"f6f5", 2}, {"a1a2", 1}, {"f5f6", 1}, {"a2a1", 0}}
	for _, s := range seq {
		m, err := p.ParseMove(s.move)
		if err != nil {
			t.Fatalf("%s at %s: %v", s.move, p.FEN(), err)
		}
		p.Make(m)
		if got := p.Resting(g.mustSquare(t, "b3")); got != s.rest {
			t.Fatalf("after %s the queen rests %d, want %d (%s)", s.move, got, s.rest, p.FEN())
		}
	}
}

func allFrom(moves []string, sq string) bool {
	for _, m := range moves {
		if !strings.HasPrefix(m, sq) {
			return false
		}
	}
	return true
}

func (g *Game) mustSquare(t *testing.T, name string) int {
	t.Helper()
	sq, ok := g.parseSquare(name)
	if !ok {
		t.Fatalf("no square %s", name)
	}
	return sq
}

// editFile compiles a rulesets/ file with edit applied to its rules.
func editFile(t *testing.T, file string, edit func(rules map[string]any)) *Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "rulesets", file))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	edit(raw["rules"].(map[string]any))
	out, _ := json.Marshal(raw)
	return loadBytes(t, out)
}

func TestTurnInvariants(t *testing.T) {
	chess := loadFile(t, "rulesets/chess.json")
	// A ramp of [1] (and one move a turn) is the ordinary game.
	ramp1 := editFile(t, "chess.json", func(r map[string]any) { r["turn"] = map[string]any{"moves": 1, "ramp": []int{1}} })
	// Marseillais: the first turn is one move, so its first two plies
	// are chess's.
	mars := loadFile(t, "rulesets/marseillais.json")
	for d := 1; d <= 3; d++ {
		if a, b := ramp1.NewPosition().Perft(d), chess.NewPosition().Perft(d); a != b {
			t.Errorf("ramp [1] perft(%d) = %d, chess %d", d, a, b)
		}
	}
	for d := 1; d <= 2; d++ {
		if a, b := mars.NewPosition().Perft(d), chess.NewPosition().Perft(d); a != b {
			t.Errorf("Marseillais perft(%d) = %d, chess %d", d, a, b)
		}
	}
	// Two moves a turn: perft(2) is the number of legal two-move
	// sequences, counted with chess positions in which the same side moves
	// twice.
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 2",
	} {
		p := mustFEN(t, mars, fen)
		if p.MovesLeft() != 2 {
			t.Fatalf("%s: %d moves left, want 2", fen, p.MovesLeft())
		}
		var brute uint64
		c := mustFEN(t, chess, fen)
		for _, m := range c.LegalMoves(nil) {
			c.Make(m)
			f := strings.Fields(c.FEN())
			f[1], f[3] = strings.Fields(fen)[1], "-" // the same side again; no en passant of its own pawn
			brute += uint64(len(mustFEN(t, chess, strings.Join(f, " ")).LegalMoves(nil)))
			c.Unmake()
		}
		if got := p.Perft(2); got != brute {
			t.Errorf("%s: perft(2) %d, brute force %d", fen, got, brute)
		}
	}
}

func TestRoundCountsAreProducts(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "rulesets", "simultaneous-skirmish.json"))
	if err != nil {
		t.Fatal(err)
	}
	g, base := loadBytes(t, data), baseOf(t, data)
	// Two kings in far corners: no two rounds' moves can meet, so two
	// rounds count each player's two-move walks, multiplied.
	fen := "5k/6/6/6/6/K5 w - - 0 1"
	p := mustFEN(t, g, fen+" initiative:b")
	walks := func(side string) uint64 {
		var n uint64
		b := mustFEN(t, base, strings.Replace(fen, " w ", " "+side+" ", 1))
		for _, m := range b.LegalMoves(nil) {
			b.Make(m)
			f := strings.Fields(b.FEN())
			f[1] = side
			n += uint64(len(mustFEN(t, base, strings.Join(f, " ")).LegalMoves(nil)))
			b.Unmake()
		}
		return n
	}
	if got := p.Perft(1); got != 9 {
		t.Errorf("perft(1) %d, want 3 x 3", got)
	}
	if got, want := p.Perft(2), walks("w")*walks("b"); got != want {
		t.Errorf("perft(2) %d, want %d", got, want)
	}
}

// rules.turn.check_ends: a move that gives check ends its turn, so the
// checked player answers at once instead of losing the king to the rest of
// the series. Progressive chess, White's third turn (three moves) opening
// with the queen's check of the mirrored fool's mate.
func TestTurnCheckEnds(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "rulesets", "progressive.json"))
	if err != nil {
		t.Fatal(err)
	}
	load := func(checkEnds bool) *Game {
		var spec map[string]any
		if err := json.Unmarshal(data, &spec); err != nil {
			t.Fatal(err)
		}
		spec["schema_version"] = 30
		turn := spec["rules"].(map[string]any)["turn"].(map[string]any)
		delete(turn, "check_ends")
		if checkEnds {
			turn["check_ends"] = true
		}
		out, _ := json.Marshal(spec)
		return loadBytes(t, out)
	}
	cases := []struct {
		name      string
		checkEnds bool
		moves     []string
		side      int    // to move after the moves
		rule      Ending // the ending, "" when not over
		winner    int
	}{
		{"a quiet move leaves the series going", true, []string{"e2e4", "f7f6", "g7g5", "b1c3"}, 0, "", -1},
		{"check ends the series: mate", true, []string{"e2e4", "f7f6", "g7g5", "d1h5"}, 1, "checkmate", 0},
		{"without the rule the series goes on", false, []string{"e2e4", "f7f6", "g7g5", "d1h5"}, 0, "", -1},
		{"and the king is taken", false, []string{"e2e4", "f7f6", "g7g5", "d1h5", "h5e8"}, 0, "royal_capture", 0},
		{"a check by the last move ends the turn as ever", true, []string{"e2e4", "e7e5", "d7d6", "b1c3", "g1f3", "f1b5"}, 1, "", -1},
	}
	for _, c := range cases {
		g := load(c.checkEnds)
		p := g.NewPosition()
		for _, text := range c.moves {
			m, err := p.ParseMove(text)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.name, text, err)
			}
			p.Make(m)
		}
		oc := p.Outcome()
		if oc.Over != (c.rule != "") || oc.Rule != c.rule && c.rule != "" || oc.Over && oc.Winner != c.winner {
			t.Errorf("%s: outcome %+v, want %q won by %d", c.name, oc, c.rule, c.winner)
		}
		if !oc.Over && p.SideToMove() != c.side {
			t.Errorf("%s: player %d to move, want %d", c.name, p.SideToMove(), c.side)
		}
		// Unmake restores the turn state the check cut short.
		for range c.moves {
			p.Unmake()
		}
		if p.FEN() != g.NewPosition().FEN() {
			t.Errorf("%s: unmade to %s", c.name, p.FEN())
		}
	}
}
