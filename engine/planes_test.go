package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// planesGame is chess on board E with boards H and L beside it (the
// three-planes seed's shape), every schema 36 key in use: a piece dying
// on E goes to H (a bishop to L), one dying on H goes to L, one capturing
// on H goes to L; coins (stacking to 3) give a coin, fire kills what
// passes, ice slides; the wizard W (a bishop) is immune to fire and ice.
const planesGame = `{
  "name": "planes test",
  "board": {"width": 8, "height": 8},
  "boards": [{"name": "E"}, {"name": "H"}, {"name": "L"}],
  "pieces": [
    {"id": "P", "value": 1, "upgrades": {"pieces": ["N"]}, "moves": [
      {"kind": "slide", "vectors": [[0, 1]], "range": 1, "mode": "move"},
      {"kind": "slide", "vectors": [[0, 1]], "range": 2, "min_range": 2, "mode": "move", "condition": {"from_rank": 1}},
      {"kind": "leap", "vectors": [[1, 1]], "symmetry": "lateral", "mode": "capture"}]},
    {"id": "N", "value": 3, "moves": [{"kind": "leap", "vectors": [[1, 2]], "symmetry": "dihedral8"}]},
    {"id": "B", "value": 3, "moves": [{"kind": "slide", "vectors": [[1, 1]], "symmetry": "rotate4"}]},
    {"id": "R", "value": 5, "moves": [{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4"}],
     "upgrades": {"pieces": ["Q"], "statuses": ["hat", "investor"]}},
    {"id": "Q", "value": 9, "moves": [{"kind": "slide", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]},
    {"id": "K", "value": 4, "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]},
    {"id": "W", "value": 4, "moves": [{"kind": "slide", "vectors": [[1, 1]], "symmetry": "rotate4"}]}
  ],
  "setup": {"mirror": true, "placements": [
    {"piece": "P", "squares": ["E:a2", "E:b2", "E:c2", "E:d2", "E:e2", "E:f2", "E:g2", "E:h2"]},
    {"piece": "R", "squares": ["E:a1", "E:h1"]},
    {"piece": "N", "squares": ["E:b1", "E:g1"]},
    {"piece": "B", "squares": ["E:c1"]},
    {"piece": "W", "squares": ["E:f1"]},
    {"piece": "Q", "squares": ["E:d1"]},
    {"piece": "K", "squares": ["E:e1"]}],
    "items": [
      {"item": "coin", "squares": ["H:b6", "H:g3", "H:g3"]},
      {"item": "fire", "squares": ["L:b3", "L:g6"]}]},
  "items": [
    {"id": "coin", "gain": {"coins": 1}, "consumed": true, "stack": 3},
    {"id": "fire", "kill": "pass", "immune": ["W"]},
    {"id": "ice", "slide": true, "immune": ["W"]}
  ],
  "resources": [{"name": "coins", "income": {"amount": 1}}],
  "statuses": [
    {"name": "murderer", "afterlife": [{"from": ["E"], "to": "L"}]},
    {"name": "experienced", "upgrade": true},
    {"name": "stunned", "frozen": true, "wears_off": "turn", "stack": 3},
    {"name": "hat", "immune": ["fire", "ice"]},
    {"name": "investor", "income": {"coins": 1}, "stack": 5}
  ],
  "rules": {
    "win": "none",
    "promotion": {"piece": "P", "rank": "last", "to": ["Q", "R", "B", "N"]},
    "afterlife": [{"from": ["E"], "to": "L", "pieces": ["B"]}, {"from": ["E"], "to": "H"}],
    "after_capture": [{"on": ["H"], "to": "L"}],
    "presence": [{"pieces": ["K"]}, {"boards": ["E"]}],
    "on_capture": {"gain": ["experienced"]},
    "max_plies": 300
  }
}`

func planesSpec(t testing.TB, edit func(s *rules.Spec)) *Game {
	t.Helper()
	var s rules.Spec
	if err := json.Unmarshal([]byte(planesGame), &s); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(&s)
	}
	g, err := Load(&s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// planesFEN writes the FEN of the pieces on three boards of 8 by 8
// (square "E:a1" -> "R" white, "r" black), white to move unless black,
// with the extra fields after.
func planesFEN(pieces map[string]string, black bool, extras string) string {
	var boards []string
	for _, b := range []string{"E", "H", "L"} {
		var ranks []string
		for y := 8; y >= 1; y-- {
			row, empty := "", 0
			for x := 0; x < 8; x++ {
				pc, ok := pieces[b+":"+string(rune('a'+x))+string(rune('0'+y))]
				if !ok {
					empty++
					continue
				}
				if empty > 0 {
					row += string(rune('0' + empty))
					empty = 0
				}
				row += pc
			}
			if empty > 0 {
				row += string(rune('0' + empty))
			}
			ranks = append(ranks, row)
		}
		boards = append(boards, strings.Join(ranks, "/"))
	}
	side := "w"
	if black {
		side = "b"
	}
	fen := strings.Join(boards, "|") + " " + side + " - - 0 1"
	if extras != "" {
		fen += " " + extras
	}
	return fen
}

// TestPlanesRules: each rule of schema 36, from a position made for it,
// one move, and what must stand where afterwards.
func TestPlanesRules(t *testing.T) {
	kings := map[string]string{"E:e1": "K", "E:e8": "k"}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range kings {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	cases := []struct {
		name   string
		pieces map[string]string
		black  bool
		extras string
		move   string
		want   map[string]string // square -> piece, "" for empty
		items  string            // the items: field afterwards ("" none)
		purse  string            // the purse: field afterwards ("" none)
	}{
		{"a piece dying on E goes to H's same square", with(map[string]string{"E:a1": "R", "E:a5": "n"}), false, "", "E:a1E:a5",
			map[string]string{"E:a5": "R", "E:a1": "", "H:a5": "n"}, "", "coins=1/1"},
		{"a murderer dying on E goes to L", with(map[string]string{"E:a1": "R", "E:a5": "n"}), false, "status:E:a5=murderer", "E:a1E:a5",
			map[string]string{"E:a5": "R", "H:a5": "", "L:a5": "n"}, "", "coins=1/1"},
		{"an investor earns a coin more a round for each it has", with(map[string]string{"E:a1": "R"}), false, "status:E:a1=investor*2", "E:a1E:a2",
			map[string]string{"E:a2": "R"}, "", "coins=3/1"},
		{"a hat stands on fire", with(map[string]string{"L:a3": "R"}), false, "items:fire@L:b3 status:L:a3=hat", "L:a3L:b3",
			map[string]string{"L:b3": "R"}, "fire@L:b3", "coins=1/1"},
		{"an experienced rook capturing becomes a queen and is experienced no more", with(map[string]string{"E:a1": "R", "E:a5": "n"}), false, "status:E:a1=experienced", "E:a1E:a5=Q",
			map[string]string{"E:a5": "Q", "H:a5": "n"}, "", "coins=1/1"},
		{"a bishop dying on E goes to L (its own afterlife entry)", with(map[string]string{"E:a1": "R", "E:a5": "b"}), false, "", "E:a1E:a5",
			map[string]string{"E:a5": "R", "H:a5": "", "L:a5": "b"}, "", "coins=1/1"},
		{"a piece dying on H is out of the game, its capturer goes to L", with(map[string]string{"H:a1": "R", "H:a5": "n"}), false, "", "H:a1H:a5",
			map[string]string{"H:a5": "", "L:a5": "R", "E:a5": ""}, "", "coins=1/1"},
		{"a dead piece arriving on an enemy captures it, and so goes on to L", with(map[string]string{"E:a1": "R", "E:a5": "n", "H:a5": "P"}), false, "", "E:a1E:a5",
			map[string]string{"E:a5": "R", "H:a5": "", "L:a5": "n"}, "", "coins=1/1"},
		{"a dead piece arriving on an ally dies there", with(map[string]string{"E:a1": "R", "E:a5": "n", "H:a5": "p"}), false, "", "E:a1E:a5",
			map[string]string{"E:a5": "R", "H:a5": "p", "L:a5": ""}, "", "coins=1/1"},
		{"fire kills the piece that lands on it", with(map[string]string{"L:a3": "R"}), false, "items:fire@L:b3", "L:a3L:b3",
			map[string]string{"L:a3": "", "L:b3": ""}, "fire@L:b3", "coins=1/1"},
		{"a knight landing on fire dies", with(map[string]string{"L:a1": "N"}), false, "items:fire@L:b3", "L:a1L:b3",
			map[string]string{"L:a1": "", "L:b3": ""}, "fire@L:b3", "coins=1/1"},
		{"ice slides a knight by another jump", with(map[string]string{"E:b3": "N"}), false, "items:ice@E:d4", "E:b3E:d4",
			map[string]string{"E:b3": "", "E:d4": "", "E:f5": "N"}, "ice@E:d4", "coins=1/1"},
		{"ice slides a rook one more square", with(map[string]string{"E:d1": "R"}), false, "items:ice@E:d4", "E:d1E:d4",
			map[string]string{"E:d4": "", "E:d5": "R"}, "ice@E:d4", "coins=1/1"},
		{"ice after ice slides on", with(map[string]string{"E:d1": "R"}), false, "items:ice@E:d4,ice@E:d5", "E:d1E:d4",
			map[string]string{"E:d4": "", "E:d5": "", "E:d6": "R"}, "ice@E:d4,ice@E:d5", "coins=1/1"},
		{"ice off the board: out of the game", with(map[string]string{"E:a4": "R"}), false, "items:ice@E:h4", "E:a4E:h4",
			map[string]string{"E:h4": "", "H:h4": ""}, "ice@E:h4", "coins=1/1"},
		{"ice onto an ally: the slider dies, and goes to H", with(map[string]string{"E:d1": "R", "E:d5": "P"}), false, "items:ice@E:d4", "E:d1E:d4",
			map[string]string{"E:d4": "", "E:d5": "P", "H:d5": "R"}, "ice@E:d4", "coins=1/1"},
		{"ice onto an enemy: it is captured", with(map[string]string{"E:d1": "R", "E:d5": "p"}), false, "items:ice@E:d4", "E:d1E:d4",
			map[string]string{"E:d4": "", "E:d5": "R", "H:d5": "p"}, "ice@E:d4", "coins=1/1"},
		{"the wizard stands on ice", with(map[string]string{"E:b2": "W"}), false, "items:ice@E:d4", "E:b2E:d4",
			map[string]string{"E:d4": "W", "E:e5": ""}, "ice@E:d4", "coins=1/1"},
		{"coins stack, are picked up and vanish; income after white's turn", with(map[string]string{"H:f2": "N"}), false, "items:coin@H:g4*2", "H:f2H:g4",
			map[string]string{"H:g4": "N"}, "", "coins=3/1"},
		{"no income after black's turn", with(map[string]string{"H:f2": "n"}), true, "items:coin@H:g4 purse:coins=4/2", "H:f2H:g4",
			map[string]string{"H:g4": "n"}, "", "coins=4/3"},
	}
	g := planesSpec(t, nil)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := g.ParseFEN(planesFEN(c.pieces, c.black, c.extras))
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseMove(c.move)
			if err != nil {
				t.Fatalf("%s: %v (moves %v)", c.move, err, moveNames(p))
			}
			p.Make(m)
			for sq, want := range c.want {
				if got := pieceName(p, sq); got != want {
					t.Errorf("%s holds %q, want %q (%s)", sq, got, want, p.FEN())
				}
			}
			if got := fenField(p.FEN(), "items:"); got != c.items {
				t.Errorf("items %q, want %q", got, c.items)
			}
			if got := fenField(p.FEN(), "purse:"); got != c.purse {
				t.Errorf("purse %q, want %q", got, c.purse)
			}
			if h := p.computeHash(); h != p.Hash() {
				t.Errorf("hash %x, from scratch %x", p.Hash(), h)
			}
		})
	}
}

// TestPlanesSlides: an item that kills what passes ends a slide on its
// square (which may be landed on); a leap jumps it; an immune piece
// passes.
func TestPlanesSlides(t *testing.T) {
	g := planesSpec(t, nil)
	cases := []struct {
		name   string
		pieces map[string]string
		has    []string
		hasNot []string
	}{
		{"a rook's slide ends on the fire", map[string]string{"L:a3": "R"}, []string{"L:a3L:b3", "L:a3L:a8"}, []string{"L:a3L:c3", "L:a3L:h3"}},
		{"a knight leaps over it", map[string]string{"L:a2": "N"}, []string{"L:a2L:c3", "L:a2L:b4"}, nil},
		{"the wizard passes it", map[string]string{"L:a2": "W"}, []string{"L:a2L:b3", "L:a2L:c4", "L:a2L:e6"}, nil},
		{"a pawn's double step stops on it", map[string]string{"L:b2": "P"}, []string{"L:b2L:b3"}, []string{"L:b2L:b4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pieces := map[string]string{"E:e1": "K", "E:e8": "k"}
			for k, v := range c.pieces {
				pieces[k] = v
			}
			p, err := g.ParseFEN(planesFEN(pieces, false, "items:fire@L:b3"))
			if err != nil {
				t.Fatal(err)
			}
			names := map[string]bool{}
			for _, n := range moveNames(p) {
				names[n] = true
			}
			for _, n := range c.has {
				if !names[n] {
					t.Errorf("%s is not a move (%v)", n, moveNames(p))
				}
			}
			for _, n := range c.hasNot {
				if names[n] {
					t.Errorf("%s is a move", n)
				}
			}
		})
	}
}

// TestPlanesPresence: losing the last piece on E, or the last king
// anywhere, loses; both players at once is a draw.
func TestPlanesPresence(t *testing.T) {
	g := planesSpec(t, nil)
	cases := []struct {
		name   string
		pieces map[string]string
		extras string
		move   string
		over   bool
		winner int
	}{
		{"white's last piece on E dies", map[string]string{"H:e1": "K", "E:a1": "R", "E:e8": "k", "E:b3": "n"}, "", "E:b3E:a1", true, 1},
		{"a king dying on E lives on in H", map[string]string{"E:e1": "K", "E:a1": "R", "E:e8": "k", "E:d3": "n"}, "", "E:d3E:e1", false, 0},
		{"the last king dies in H", map[string]string{"H:e1": "K", "E:a1": "R", "E:e8": "k", "H:d3": "n"}, "", "H:d3H:e1", true, 1},
		{"both lose their last piece on E at once: a draw", map[string]string{"H:e1": "K", "E:a1": "R", "H:e8": "k", "E:b3": "n"}, "items:ice@E:a1", "E:b3E:a1", true, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := g.ParseFEN(planesFEN(c.pieces, true, c.extras))
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseMove(c.move)
			if err != nil {
				t.Fatalf("%s: %v", c.move, err)
			}
			p.Make(m)
			o := p.Outcome()
			if o.Over != c.over || c.over && o.Winner != c.winner {
				t.Errorf("outcome %+v, want over %v winner %d (%s)", o, c.over, c.winner, p.FEN())
			}
		})
	}
}

// TestPlanesMakeUnmake: random games on the planes game with ice and fire
// on every board: every move made and unmade restores the position, the
// items and the purses; the hash equals one from scratch; the FEN reads
// back to the same position.
func TestPlanesMakeUnmake(t *testing.T) {
	g := planesSpec(t, func(s *rules.Spec) {
		s.Setup.Items = append(s.Setup.Items,
			rules.ItemPlacement{Item: "ice", Squares: []string{"E:d4", "E:e5", "H:c4", "L:f5"}},
			rules.ItemPlacement{Item: "fire", Squares: []string{"E:c5", "H:e4"}},
			rules.ItemPlacement{Item: "coin", Squares: []string{"E:f4", "E:f4", "E:a3"}})
		s.Setup.Statuses = []rules.StatusPlacement{
			{Status: "murderer", Squares: []string{"E:d1", "E:d8"}},
			{Status: "investor", Squares: []string{"E:a1"}, Count: 2},
			{Status: "stunned", Squares: []string{"E:b8", "E:g1"}, Count: 3},
			{Status: "hat", Squares: []string{"E:a8"}}}
	})
	games, plies := 6, 300
	if testing.Short() {
		games = 2
	}
	rng := rand.New(rand.NewPCG(36, 1))
	type extra struct {
		items, stw string
		purse      [2][maxResources]int16
	}
	words := func(p *Position) string { return fmt.Sprint(p.stw) }
	for game := 0; game < games; game++ {
		p := g.NewPosition()
		for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
			before, beforeX := snapshot(p), extra{string(p.itemN), words(p), p.purse}
			moves := p.LegalMoves(nil)
			for _, m := range moves {
				p.Make(m)
				if h := p.computeHash(); h != p.hash {
					t.Fatalf("after %s: hash %x, from scratch %x", p.undoMoveString(), p.hash, h)
				}
				p.Unmake()
				if snapshot(p) != before || (extra{string(p.itemN), words(p), p.purse}) != beforeX {
					t.Fatalf("make/unmake of %s changed %s", p.MoveString(m), p.FEN())
				}
			}
			p.Make(moves[rng.IntN(len(moves))])
			q, err := g.ParseFEN(p.FEN())
			if err != nil {
				t.Fatalf("%s: %v", p.FEN(), err)
			}
			if q.FEN() != p.FEN() || q.Hash() != p.Hash() {
				t.Fatalf("FEN round trip: %s\n%s (hash %x, %x)", p.FEN(), q.FEN(), p.Hash(), q.Hash())
			}
		}
	}
}

// pieceName is what stands on a named square: "R" white, "r" black, "".
func pieceName(p *Position, name string) string {
	sq, ok := p.g.parseSquare(name)
	if !ok {
		return "?"
	}
	k, owner, ok := p.PieceAt(sq)
	if !ok {
		return ""
	}
	id := p.g.PieceID(k)
	if owner == 1 {
		return strings.ToLower(id)
	}
	return id
}

// fenField is the value of a FEN's field starting with key, "" when none.
func fenField(fen, key string) string {
	for _, f := range strings.Fields(fen) {
		if v, ok := strings.CutPrefix(f, key); ok {
			return v
		}
	}
	return ""
}

// TestStatusesCapture: a capture gives experience; an experienced piece's
// capture is one move per upgrade its kind offers, and spends the
// experience; a kind without upgrades captures as before.
func TestStatusesCapture(t *testing.T) {
	g := planesSpec(t, nil)
	cases := []struct {
		name, extras, move string
		moves              []string // every move from E:a1 to E:a5
		status             string   // the status: field after the move
	}{
		{"a first capture gives experience", "", "E:a1E:a5", []string{"E:a1E:a5"}, "E:a5=experienced"},
		{"an experienced rook chooses its upgrade", "status:E:a1=experienced", "E:a1E:a5^investor",
			[]string{"E:a1E:a5=Q", "E:a1E:a5^hat", "E:a1E:a5^investor"}, "E:a5=investor"},
		{"statuses go with the piece", "status:E:a1=hat+experienced", "E:a1E:a5^hat",
			[]string{"E:a1E:a5=Q", "E:a1E:a5^hat", "E:a1E:a5^investor"}, "E:a5=hat"},
		{"a quiet move keeps experience", "status:E:a1=experienced", "E:a1E:a4", []string{"E:a1E:a5=Q", "E:a1E:a5^hat", "E:a1E:a5^investor"}, "E:a4=experienced"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := g.ParseFEN(planesFEN(map[string]string{"E:e1": "K", "E:e8": "k", "E:a1": "R", "E:a5": "n"}, false, c.extras))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range moveNames(p) {
				if strings.HasPrefix(n, "E:a1E:a5") {
					got = append(got, n)
				}
			}
			if strings.Join(got, " ") != strings.Join(c.moves, " ") {
				t.Errorf("moves %v, want %v", got, c.moves)
			}
			m, err := p.ParseMove(c.move)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
			if got := fenField(p.FEN(), "status:"); got != c.status {
				t.Errorf("status %q, want %q", got, c.status)
			}
			if h := p.computeHash(); h != p.Hash() {
				t.Errorf("hash %x, from scratch %x", p.Hash(), h)
			}
		})
	}
}

// TestStatusesStun: a stunned piece makes no move; one stun wears off at
// the end of each of its owner's turns, none at the other player's.
func TestStatusesStun(t *testing.T) {
	g := planesSpec(t, nil)
	p, err := g.ParseFEN(planesFEN(map[string]string{"E:e1": "K", "E:e8": "k", "E:a1": "R"}, false, "status:E:a1=stunned*2"))
	if err != nil {
		t.Fatal(err)
	}
	rookMoves := func() int {
		n := 0
		for _, m := range moveNames(p) {
			if strings.HasPrefix(m, "E:a1") {
				n++
			}
		}
		return n
	}
	steps := []struct {
		move   string
		status string
		rook   bool // the rook has moves afterwards (white to move)
	}{
		{"E:e1E:e2", "E:a1=stunned", false},
		{"E:e8E:e7", "E:a1=stunned", false},
		{"E:e2E:e1", "", false},
		{"E:e7E:e8", "", true},
	}
	if rookMoves() != 0 {
		t.Fatalf("a stunned rook has moves: %v", moveNames(p))
	}
	for _, st := range steps {
		m, err := p.ParseMove(st.move)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
		if got := fenField(p.FEN(), "status:"); got != st.status {
			t.Errorf("after %s: status %q, want %q", st.move, got, st.status)
		}
		if p.SideToMove() == 0 && (rookMoves() > 0) != st.rook {
			t.Errorf("after %s: the rook has %d moves", st.move, rookMoves())
		}
	}
}
