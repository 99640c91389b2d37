package engine

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
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
    {"id": "P", "value": 1, "upgrades": {"pieces": ["N", "S"]}, "moves": [
      {"kind": "slide", "vectors": [[0, 1]], "range": 1, "mode": "move"},
      {"kind": "slide", "vectors": [[0, 1]], "range": 2, "min_range": 2, "mode": "move", "condition": {"from_rank": 1}},
      {"kind": "leap", "vectors": [[1, 1]], "symmetry": "lateral", "mode": "capture"}]},
    {"id": "N", "value": 3, "upgrades": {"pieces": ["M", "J"]}, "moves": [{"kind": "leap", "vectors": [[1, 2]], "symmetry": "dihedral8"}]},
    {"id": "B", "value": 3, "upgrades": {"pieces": ["A", "F", "C", "X"], "statuses": ["portal", "double"]}, "moves": [{"kind": "slide", "vectors": [[1, 1]], "symmetry": "rotate4"}]},
    {"id": "R", "value": 5, "moves": [{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4"}],
     "upgrades": {"pieces": ["Q"], "statuses": ["hat", "investor"]}},
    {"id": "Q", "value": 9, "moves": [{"kind": "slide", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]},
    {"id": "K", "value": 4, "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]},
    {"id": "W", "value": 4, "moves": [{"kind": "slide", "vectors": [[1, 1]], "symmetry": "rotate4"}],
     "after_move": {"items": ["ice", "fire"]}},
    {"id": "S", "value": 1, "on_death": {"item": "fire"}, "dies_on": {"rank": "last"}, "moves": [
      {"kind": "slide", "vectors": [[0, 1]], "range": 1, "mode": "move"},
      {"kind": "leap", "vectors": [[1, 1]], "symmetry": "lateral", "mode": "capture"}]},
    {"id": "A", "value": 3, "protects": {"pieces": ["P"]}, "moves": [{"kind": "slide", "vectors": [[1, 1]], "symmetry": "rotate4"}]},
    {"id": "F", "value": 3, "protects": {"pieces": ["K"], "where": "adjacent"}, "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]},
    {"id": "C", "value": 5, "moves": [{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4"}, {"kind": "leap", "squares": ["a1", "h1", "a8", "h8"]}]},
    {"id": "M", "value": 3, "moves": [{"kind": "leap", "vectors": [[1, 2]], "symmetry": "dihedral8"},
      {"kind": "leap", "vectors": [[0, 2]], "symmetry": "rotate4", "mode": "capture", "shoot": true}]},
    {"id": "I", "value": 2, "neutral": {}, "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]},
    {"id": "G", "value": 6, "neutral": {"moved_by": "most", "resource": "coins"}, "moves": [{"kind": "slide", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]},
    {"id": "X", "value": 5, "raises": {"from": "L", "to": "E", "on": ["E", "L"], "status": "cursed"},
     "moves": [{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4"}]},
    {"id": "J", "value": 4, "jumps": {"vectors": [[1, 0]], "symmetry": "rotate4", "max": 2},
     "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]}
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
      {"item": "orb", "squares": ["H:c3", "H:f6"]},
      {"item": "fire", "squares": ["L:b3", "L:g6"]}],
    "neutral": [{"piece": "I", "squares": ["H:d4"]}, {"piece": "G", "squares": ["H:e5"]}]},
  "items": [
    {"id": "coin", "gain": {"coins": 1}, "consumed": true, "stack": 3},
    {"id": "fire", "kill": "pass", "immune": ["W", "I"]},
    {"id": "ice", "slide": true, "immune": ["W", "G"], "cancels": ["fire"]},
    {"id": "orb", "chaos": true, "consumed": true}
  ],
  "resources": [{"name": "coins", "income": {"amount": 1}}],
  "statuses": [
    {"name": "murderer", "afterlife": [{"from": ["E"], "to": "L"}]},
    {"name": "experienced", "upgrade": true},
    {"name": "stunned", "frozen": true, "wears_off": "turn", "stack": 3},
    {"name": "hat", "immune": ["fire", "ice"]},
    {"name": "investor", "income": {"coins": 1}, "stack": 5},
    {"name": "cursed", "hazard": 0.25},
    {"name": "portal", "portal": true},
    {"name": "double", "extra_move": {"cost": {"coins": 1}}},
    {"name": "forced", "forced": true}
  ],
  "rules": {
    "win": "none",
    "promotion": {"piece": "P", "rank": "last", "to": ["Q", "R", "B", "N"]},
    "afterlife": [{"from": ["E"], "to": "L", "pieces": ["B"]}, {"from": ["E"], "to": "H"}],
    "after_capture": [{"on": ["H"], "to": "L"}],
    "presence": [{"pieces": ["K"]}, {"boards": ["E"]}],
    "on_capture": {"gain": ["experienced"]},
    "market": {"resource": "coins", "open": 2, "cards": [
      {"name": "hat", "price": 2, "effect": {"status": "hat", "on": "own"}},
      {"name": "stun", "price": 3, "effect": {"status": "stunned", "count": 2, "on": "enemy"}},
      {"name": "fire", "price": 2, "effect": {"item": "fire", "on": "unoccupied"}},
      {"name": "gold", "price": 1, "effect": {"gain": {"coins": 3}}}]},
    "chaos": {"effects": [
      {"name": "bless", "effect": {"status": "hat", "on": "own"}},
      {"name": "curse", "effect": {"status": "cursed", "on": "enemy"}},
      {"name": "burn", "effect": {"item": "fire", "on": "empty"}},
      {"name": "riches", "effect": {"gain": {"coins": 2}}}]},
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
	with := withKings
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
			p := playPlanesCase(t, g, planesFEN(c.pieces, c.black, c.extras), c.move, c.want, c.items)
			if got := fenField(p.FEN(), "purse:"); got != c.purse {
				t.Errorf("purse %q, want %q", got, c.purse)
			}
		})
	}
}

// withKings is extra's pieces beside a king each on E:e1 and E:e8.
func withKings(extra map[string]string) map[string]string {
	m := map[string]string{"E:e1": "K", "E:e8": "k"}
	maps.Copy(m, extra)
	return m
}

// playPlanesCase plays move from fen and checks what stands on the squares
// of want ("" for empty), the items: field and the hash from scratch; it
// returns the position after the move.
func playPlanesCase(t *testing.T, g *Game, fen, move string, want map[string]string, items string) *Position {
	t.Helper()
	p, err := g.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove(move)
	if err != nil {
		t.Fatalf("%s: %v (moves %v)", move, err, moveNames(p))
	}
	p.Make(m)
	for sq, w := range want {
		if got := pieceName(p, sq); got != w {
			t.Errorf("%s holds %q, want %q (%s)", sq, got, w, p.FEN())
		}
	}
	if got := fenField(p.FEN(), "items:"); got != items {
		t.Errorf("items %q, want %q", got, items)
	}
	if h := p.computeHash(); h != p.Hash() {
		t.Errorf("hash %x, from scratch %x", p.Hash(), h)
	}
	return p
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

// TestMarket: the start unlocks two cards drawn from the four; a purchase
// pays, acts, raises the card's price by one and unlocks another card.
func TestMarket(t *testing.T) {
	g := planesSpec(t, nil)
	start := g.NewPosition()
	for i := 0; i < 2; i++ {
		if !start.AtChance() {
			t.Fatalf("unlock %d: no chance event pending (%s)", i, start.FEN())
		}
		moves, weights := start.ChanceOutcomes(nil, nil)
		if len(moves) != 4-i || slices.Max(weights) != 1 || slices.Min(weights) != 1 {
			t.Fatalf("unlock %d: outcomes %v weights %v", i, moveNames(start), weights)
		}
		start.Make(moves[0])
	}
	if start.AtChance() {
		t.Fatalf("a third unlock is pending: %s", start.FEN())
	}
	if got := fenField(start.FEN(), "market:"); got != "hat+=2,stun+=3,fire=2,gold=1" {
		t.Errorf("market after the start's unlocks: %q", got)
	}

	pieces := map[string]string{"E:e1": "K", "E:e8": "k", "E:a1": "R", "E:a8": "r"}
	p, err := g.ParseFEN(planesFEN(pieces, false, "purse:coins=5/0 market:hat+=2,stun+=3,fire=2,gold=1"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, n := range moveNames(p) {
		names[n] = true
	}
	for _, want := range []string{"buy:hat@E:a1", "buy:hat@E:e1", "buy:stun@E:a8", "buy:stun@E:e8"} {
		if !names[want] {
			t.Errorf("%s is not a move", want)
		}
	}
	for _, not := range []string{"buy:hat@E:a8", "buy:stun@E:a1", "buy:fire@E:d4", "buy:gold"} {
		if names[not] {
			t.Errorf("%s is a move (the card is locked or the target wrong)", not)
		}
	}
	m, err := p.ParseMove("buy:stun@E:a8")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(m)
	if got := fenField(p.FEN(), "purse:"); got != "coins=3/1" {
		t.Errorf("purse %q, want coins=3/1 (5 - 3 + 1 income, 0 + 1)", got)
	}
	if got := fenField(p.FEN(), "status:"); got != "E:a8=stunned*2" {
		t.Errorf("status %q", got)
	}
	if !p.AtChance() {
		t.Fatalf("no unlock pending after a purchase: %s", p.FEN())
	}
	moves, _ := p.ChanceOutcomes(nil, nil)
	var outcomes []string
	for _, o := range moves {
		outcomes = append(outcomes, p.MoveString(o))
	}
	if strings.Join(outcomes, " ") != "unlock:fire unlock:gold" {
		t.Errorf("unlock outcomes %v", outcomes)
	}
	p.Make(moves[1])
	if got := fenField(p.FEN(), "market:"); got != "hat+=2,stun+=4,fire=2,gold+=1" {
		t.Errorf("market %q, want the stun's price raised and gold unlocked", got)
	}
	if h := p.computeHash(); h != p.Hash() {
		t.Errorf("hash %x, from scratch %x", p.Hash(), h)
	}
	q, err := g.ParseFEN(p.FEN())
	if err != nil || q.FEN() != p.FEN() || q.Hash() != p.Hash() {
		t.Errorf("FEN round trip: %v\n%s\n%s", err, p.FEN(), q.FEN())
	}
}

// TestCurse: a cursed piece's owner moves it, then its fate is a chance
// event of weights 3 to 1; removed, it dies (and goes to H from E).
func TestCurse(t *testing.T) {
	g := planesSpec(t, nil)
	p, err := g.ParseFEN(planesFEN(map[string]string{"E:e1": "K", "E:e8": "k", "E:a1": "R"}, false, "status:E:a1=cursed"))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseMove("E:a1E:a4")
	p.Make(m)
	moves, weights := p.ChanceOutcomes(nil, nil)
	if len(moves) != 2 || weights[0] != 750 || weights[1] != 250 {
		t.Fatalf("fate outcomes %v weights %v (%s)", moveNames(p), weights, p.FEN())
	}
	if got := fenField(p.FEN(), "curse:"); got != "E:a4" {
		t.Errorf("curse field %q", got)
	}
	p.Make(moves[1])
	if pieceName(p, "E:a4") != "" || pieceName(p, "H:a4") != "R" || fenField(p.FEN(), "status:") != "H:a4=cursed" {
		t.Errorf("a removed cursed rook: %s", p.FEN())
	}
	p.Unmake()
	p.Unmake()
	if pieceName(p, "E:a1") != "R" || p.AtChance() {
		t.Errorf("unmade: %s", p.FEN())
	}
	// The other player's moves settle no fate of it.
	p, _ = g.ParseFEN(planesFEN(map[string]string{"E:e1": "K", "E:e8": "k", "E:a1": "R"}, true, "status:E:a1=cursed"))
	m, _ = p.ParseMove("E:e8E:e7")
	p.Make(m)
	if p.AtChance() {
		t.Errorf("black's move left a fate pending: %s", p.FEN())
	}
}

// TestPowers: schema 39's powers, each from a position made for it.
func TestPowers(t *testing.T) {
	cases := []struct {
		name   string
		pieces map[string]string
		black  bool
		extras string
		move   string
		want   map[string]string
		items  string
	}{
		{"a pawn on the archbishop's file cannot be captured: the rook dies", map[string]string{"E:c1": "A", "E:c4": "P", "E:c8": "r"}, true, "", "E:c8E:c4",
			map[string]string{"E:c4": "P", "E:c8": "", "H:c4": "r"}, ""},
		{"a king beside its fortress cannot be captured", map[string]string{"E:e1": "K", "E:e2": "F", "E:a1": "r"}, true, "", "E:a1E:e1",
			map[string]string{"E:e1": "K", "H:e1": "r"}, ""},
		{"the bomber's death leaves fire that burns its capturer, and so on down the planes", map[string]string{"E:d1": "R", "E:d5": "s"}, false, "", "E:d1E:d5",
			map[string]string{"E:d5": "", "H:d5": "", "L:d5": "R"}, "fire@E:d5,fire@H:d5"},
		{"the bomber dies on its last rank, and again on H's (its last rank too)", map[string]string{"E:d7": "S"}, false, "", "E:d7E:d8",
			map[string]string{"E:d8": "", "H:d8": ""}, "fire@E:d8,fire@H:d8"},
		{"the wizard puts ice down beside where it lands", map[string]string{"E:c1": "W"}, false, "", "E:c1E:e3+ice@E:e4",
			map[string]string{"E:e3": "W"}, "ice@E:e4"},
		{"fire put on ice: both are gone", map[string]string{"E:c1": "W"}, false, "items:ice@E:e4", "E:c1E:e3+fire@E:e4",
			map[string]string{"E:e3": "W"}, ""},
		{"the scout leaps to a corner of its own board", map[string]string{"H:d4": "C"}, false, "", "H:d4H:h8",
			map[string]string{"H:h8": "C", "H:d4": ""}, ""},
		{"the archer shoots and stays", map[string]string{"E:d4": "M", "E:d6": "n"}, false, "", "E:d4xE:d6",
			map[string]string{"E:d4": "M", "E:d6": "", "H:d6": "n"}, ""},
	}
	g := planesSpec(t, nil)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pieces := map[string]string{"E:h1": "K", "E:h8": "k"}
			if c.pieces["E:e1"] != "" || c.pieces["E:h8"] != "" {
				pieces = map[string]string{"E:h3": "K", "E:h8": "k"}
			}
			for k, v := range c.pieces {
				pieces[k] = v
			}
			p, err := g.ParseFEN(planesFEN(pieces, c.black, c.extras))
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
			if h := p.computeHash(); h != p.Hash() {
				t.Errorf("hash %x, from scratch %x", p.Hash(), h)
			}
		})
	}
}

// TestPowersMoves: which moves the powers add and take away.
func TestPowersMoves(t *testing.T) {
	g := planesSpec(t, nil)
	cases := []struct {
		name        string
		pieces      map[string]string
		black       bool
		has, hasNot []string
	}{
		{"a shot at a guarded pawn is no move", map[string]string{"E:c1": "A", "E:c4": "P", "E:c6": "m"}, true, nil, []string{"E:c6xE:c4"}},
		{"the wizard's landings, with and without an item", map[string]string{"E:c1": "W"}, false,
			[]string{"E:c1E:e3", "E:c1E:e3+ice@E:e4", "E:c1E:e3+fire@E:d3", "E:c1E:e3+ice@E:e2", "E:c1E:e3+fire@E:f3"}, nil},
		{"the scout's corners", map[string]string{"E:d4": "C"}, false, []string{"E:d4E:a1", "E:d4E:h1", "E:d4E:a8"}, []string{"E:d4H:a1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pieces := map[string]string{"E:h3": "K", "E:g8": "k"}
			for k, v := range c.pieces {
				pieces[k] = v
			}
			p, err := g.ParseFEN(planesFEN(pieces, c.black, ""))
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

// TestActions: schema 40's neutral pieces and actions.
func TestActions(t *testing.T) {
	g := planesSpec(t, nil)
	play := func(t *testing.T, p *Position, moves ...string) {
		t.Helper()
		for _, mv := range moves {
			m, err := p.ParseMove(mv)
			if err != nil {
				t.Fatalf("%s: %v (moves %v)", mv, err, moveNames(p))
			}
			p.Make(m)
			if h := p.computeHash(); h != p.Hash() {
				t.Fatalf("after %s: hash %x, from scratch %x", mv, p.Hash(), h)
			}
		}
	}
	has := func(p *Position, mv string) bool { return slices.Contains(moveNames(p), mv) }
	base := map[string]string{"E:h1": "K", "E:h8": "k"}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}

	t.Run("either player moves the imp; nobody undoes the other's imp move; nobody captures it", func(t *testing.T) {
		p, err := g.ParseFEN(planesFEN(with(map[string]string{"E:d4": "<I>", "E:d1": "R", "E:d8": "r", "E:e6": "p"}), false, ""))
		if err != nil {
			t.Fatal(err)
		}
		if has(p, "E:d1E:d4") || has(p, "E:d8E:d4") {
			t.Errorf("a capture of the imp is listed: %v", moveNames(p))
		}
		play(t, p, "E:d4E:d5")
		if has(p, "E:d5E:d4") {
			t.Errorf("black may undo white's imp move: %v", moveNames(p))
		}
		if !has(p, "E:d5E:c4") {
			t.Errorf("black cannot move the imp elsewhere: %v", moveNames(p))
		}
		play(t, p, "E:h8E:g8")
		if !has(p, "E:d5E:e6") {
			t.Errorf("white's imp cannot take black's pawn: %v", moveNames(p))
		}
		play(t, p, "E:d5E:e6")
		if pieceName(p, "E:e6") != "I" || pieceName(p, "H:e6") != "p" {
			t.Errorf("the imp's capture: %s", p.FEN())
		}
	})
	t.Run("the angel is moved only by the player with more coins", func(t *testing.T) {
		p, _ := g.ParseFEN(planesFEN(with(map[string]string{"E:d4": "<G>"}), false, "purse:coins=2/2"))
		if has(p, "E:d4E:d5") {
			t.Errorf("white moves the angel with equal coins")
		}
		p, _ = g.ParseFEN(planesFEN(with(map[string]string{"E:d4": "<G>"}), false, "purse:coins=3/2"))
		if !has(p, "E:d4E:d5") {
			t.Errorf("white with more coins cannot move the angel: %v", moveNames(p))
		}
	})
	t.Run("a portal status steps its piece to another board, once", func(t *testing.T) {
		p, _ := g.ParseFEN(planesFEN(with(map[string]string{"E:d4": "R", "H:d4": "n"}), false, "status:E:d4=portal"))
		if !has(p, "E:d4>L:d4") {
			t.Errorf("no portal move to L: %v", moveNames(p))
		}
		play(t, p, "E:d4>H:d4")
		// It captured in H (the knight is out), and so went on to L.
		if pieceName(p, "H:d4") != "" || pieceName(p, "L:d4") != "R" || fenField(p.FEN(), "status:") != "" {
			t.Errorf("after the portal: %s", p.FEN())
		}
	})
	t.Run("the warlock raises a piece from L to E, cursed", func(t *testing.T) {
		p, _ := g.ParseFEN(planesFEN(with(map[string]string{"E:a1": "X", "L:c5": "n"}), false, ""))
		play(t, p, "E:a1!L:c5")
		if pieceName(p, "E:c5") != "n" || pieceName(p, "L:c5") != "" || fenField(p.FEN(), "status:") != "E:c5=cursed" {
			t.Errorf("after the raise: %s", p.FEN())
		}
		p, _ = g.ParseFEN(planesFEN(with(map[string]string{"H:a1": "X", "L:c5": "n"}), false, ""))
		if has(p, "H:a1!L:c5") {
			t.Errorf("the warlock raises from H")
		}
	})
	t.Run("a double status: a second move of the piece for a coin, or a pass", func(t *testing.T) {
		p, _ := g.ParseFEN(planesFEN(with(map[string]string{"E:a1": "R"}), false, "purse:coins=2/0 status:E:a1=double"))
		play(t, p, "E:a1E:a4")
		if p.SideToMove() != 0 || fenField(p.FEN(), "again:") != "E:a4" {
			t.Fatalf("no second move due: %s", p.FEN())
		}
		if names := moveNames(p); !slices.Contains(names, "pass") || slices.Contains(names, "E:h1E:g1") {
			t.Errorf("the second move's list: %v", names)
		}
		play(t, p, "E:a4E:c4")
		if p.SideToMove() != 1 || fenField(p.FEN(), "purse:") != "coins=2/1" {
			t.Errorf("after the second move: %s (2 - 1 paid + 1 income)", p.FEN())
		}
		p.Unmake()
		p.Unmake()
		if pieceName(p, "E:a1") != "R" || fenField(p.FEN(), "purse:") != "coins=2/0" {
			t.Errorf("unmade: %s", p.FEN())
		}
		p, _ = g.ParseFEN(planesFEN(with(map[string]string{"E:a1": "R"}), false, "status:E:a1=double"))
		play(t, p, "E:a1E:a4")
		if p.SideToMove() != 1 {
			t.Errorf("a second move without the coin to pay for it: %s", p.FEN())
		}
	})
}

// TestChaos: an orb owes an offer; once the turn is over the offer is a
// chance event of every three of the four effects; the piece's owner
// chooses; play resumes with the other player.
func TestChaos(t *testing.T) {
	g := planesSpec(t, nil)
	p, err := g.ParseFEN(planesFEN(map[string]string{"E:h1": "K", "E:h8": "k", "H:c1": "R", "E:a8": "r"}, false, "items:orb@H:c3"))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseMove("H:c1H:c3")
	p.Make(m)
	if !p.AtChance() || fenField(p.FEN(), "items:") != "" {
		t.Fatalf("no offer pending, or the orb stayed: %s", p.FEN())
	}
	moves, weights := p.ChanceOutcomes(nil, nil)
	if len(moves) != 4 || slices.Min(weights) != 1 || slices.Max(weights) != 1 {
		t.Fatalf("offers %v %v", moveNames(p), weights)
	}
	var offer Move
	for _, o := range moves {
		if p.MoveString(o) == "offer:curse,burn,riches" {
			offer = o
		}
	}
	p.Make(offer)
	if p.SideToMove() != 0 || fenField(p.FEN(), "resume:") != "b" {
		t.Fatalf("white does not choose: %s", p.FEN())
	}
	names := moveNames(p)
	if !slices.Contains(names, "chaos:curse@E:a8") || !slices.Contains(names, "chaos:riches") || slices.Contains(names, "chaos:bless@H:c3") || slices.Contains(names, "H:c3H:c4") {
		t.Errorf("the choices: %v", names)
	}
	play := func(mv string) {
		t.Helper()
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v (%v)", mv, err, moveNames(p))
		}
		p.Make(m)
		if h := p.computeHash(); h != p.Hash() {
			t.Fatalf("after %s: hash %x, from scratch %x", mv, p.Hash(), h)
		}
	}
	play("chaos:curse@E:a8")
	if p.SideToMove() != 1 || fenField(p.FEN(), "status:") != "E:a8=cursed" || fenField(p.FEN(), "resume:") != "" {
		t.Errorf("after the choice: %s", p.FEN())
	}
	q, err := g.ParseFEN(p.FEN())
	if err != nil || q.Hash() != p.Hash() {
		t.Errorf("FEN round trip: %v", err)
	}
	for p.Ply() > 0 || p.AtChance() || len(p.chanceLog) > 0 {
		p.Unmake()
	}
	if pieceName(p, "H:c1") != "R" || fenField(p.FEN(), "items:") != "orb@H:c3" || p.SideToMove() != 0 {
		t.Errorf("unmade: %s", p.FEN())
	}
}

// TestJumpsAndForced: the checker knight's single and double jumps (an
// enemy jumped is captured, an ally jumped is not), no jump over a guarded
// piece; a forced piece's moves are the only ones while it has some.
func TestJumpsAndForced(t *testing.T) {
	g := planesSpec(t, nil)
	p, _ := g.ParseFEN(planesFEN(map[string]string{"E:h1": "K", "E:h8": "k", "E:c3": "J", "E:c4": "p", "E:d5": "P", "E:a4": "r", "E:b8": "a", "E:b3": "p"}, false, ""))
	names := moveNames(p)
	for _, want := range []string{"E:c3E:c5", "E:c3E:c5E:e5", "E:c3E:c4"} {
		if want == "E:c3E:c4" {
			continue // the king step onto the pawn is a capture of its own
		}
		if !slices.Contains(names, want) {
			t.Errorf("%s is not a move (%v)", want, names)
		}
	}
	if slices.Contains(names, "E:c3E:a3") {
		t.Errorf("a jump over the pawn its archbishop guards: %v", names)
	}
	m, _ := p.ParseMove("E:c3E:c5E:e5")
	p.Make(m)
	if pieceName(p, "E:c4") != "" || pieceName(p, "H:c4") != "p" || pieceName(p, "E:d5") != "P" || pieceName(p, "E:e5") != "J" {
		t.Errorf("after the double jump: %s", p.FEN())
	}
	if fenField(p.FEN(), "status:") != "E:e5=experienced" {
		t.Errorf("the jump's capture gave no experience: %s", p.FEN())
	}

	p, _ = g.ParseFEN(planesFEN(map[string]string{"E:h1": "K", "E:h8": "k", "E:a1": "R", "E:c1": "B"}, false, "status:E:c1=forced"))
	for _, n := range moveNames(p) {
		if !strings.HasPrefix(n, "E:c1") {
			t.Fatalf("a forced bishop, and %s is a move", n)
		}
	}
	m, _ = p.ParseMove("E:c1E:d2")
	p.Make(m)
	if fenField(p.FEN(), "status:") != "" {
		t.Errorf("the forced status stays after the move: %s", p.FEN())
	}

	// A shot is the forced piece's own move too: it spends the status
	// (found by the slow reference on the seed).
	p, _ = g.ParseFEN(planesFEN(map[string]string{"E:h1": "K", "E:h8": "k", "E:d4": "M", "E:d6": "p"}, false, "status:E:d4=forced"))
	shot := ""
	for _, n := range moveNames(p) {
		if !strings.HasPrefix(n, "E:d4") {
			t.Fatalf("a forced archer, and %s is a move", n)
		}
		if strings.Contains(n, "E:d6") {
			shot = n
		}
	}
	m, err := p.ParseMove(shot)
	if err != nil {
		t.Fatalf("no shot at E:d6 among %v: %v", moveNames(p), err)
	}
	p.Make(m)
	if pieceName(p, "E:d4") != "M" || pieceName(p, "E:d6") != "" || strings.Contains(fenField(p.FEN(), "status:"), "forced") {
		t.Errorf("after the shot %s: %s", shot, p.FEN())
	}
}

// TestSlideKeepsTheClock: a slide on ice is no capture and no death: the
// no-progress clock counts on (so repetition is read across it).
func TestSlideKeepsTheClock(t *testing.T) {
	g := planesSpec(t, nil)
	p, err := g.ParseFEN(planesFEN(map[string]string{"E:h1": "K", "E:h8": "k", "E:d1": "R"}, false, "items:ice@E:d4"))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseMove("E:d1E:d4")
	p.Make(m)
	if p.NoProgress() != 1 || pieceName(p, "E:d5") != "R" {
		t.Errorf("after a slide on ice: no-progress %d, %s", p.NoProgress(), p.FEN())
	}
}

// FuzzParsePlanesFEN: a position of the three-planes seed in any text is
// read or refused, never a panic; what is read writes back to itself, and
// every legal move makes and unmakes to the same position with a hash
// equal to one from scratch.
func FuzzParsePlanesFEN(f *testing.F) {
	g := loadRuleset(f, "../rulesets/seeds/three-planes.json")
	p := g.NewPosition()
	f.Add(p.FEN())
	rng := rand.New(rand.NewPCG(41, 1))
	for ply := 0; ply < 120 && !p.Outcome().Over; ply++ {
		moves := p.LegalMoves(nil)
		p.Make(moves[rng.IntN(len(moves))])
		if ply%15 == 0 {
			f.Add(p.FEN())
		}
	}
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/3<G>4/8/8/8/8|8/8/8/8/4<I>3/8/8/8 w KQkq - 0 1 items:orb@Heaven:c3 purse:coins=3/1 status:Earth:e1=double+stunned*2 market:hat+=3,investor=3,portal=3,double=3,curse+=3,stun=3,force=3,murder=3,fire+=3,ice=3 again:Earth:e1 offers:1/0 ban:Hell:e4Hell:e5")
	// Schema 44: a larger pawn, its body written apart from the board.
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/3<G>4/8/8/8/8|8/8/8/8/4<I>3/8/8/8 w KQkq - 0 1 status:Earth:e2=size*2 body:Earth:e2=Earth:e3+Earth:d3")
	// Schema 45: coins for the size card, whose purchases each name the
	// square grown into.
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/3<G>4/8/8/8/8|8/8/8/8/4<I>3/8/8/8 w KQkq - 0 1 purse:coins=3/0 status:Earth:e2=size body:Earth:e2=Earth:e3 market:hat+=3,investor+=3,portal=3,double=3,size+=3,curse=3,stun=3,force=3,murder=3,fire=3,ice=3,trap=3")
	f.Fuzz(func(t *testing.T, fen string) { checkNotationRoundTrip(t, g, fen) })
}

// TestOffersWaitForTheTurnsEnd: a piece with a second move that lands on
// a chaos orb owes an offer, drawn only once the turn ends; a position
// read from its notation, in either order of the fields, waits too
// (found by TestMakeUnmakeRestores: the reader had the offer pending).
func TestOffersWaitForTheTurnsEnd(t *testing.T) {
	g := loadFile(t, "rulesets/seeds/three-planes.json")
	board := "q3k1n1/8/5p2/3p4/P5P1/8/8/8|1n6/1pp5/4pN2/5P2/6K1/8/8/8|1b5<I>/8/A6p/8/8/8/4<G>1f1/a3R3 w - - 6 127"
	for _, fields := range []string{
		"again:Heaven:f6 offers:1/0",
		"offers:1/0 again:Heaven:f6",
	} {
		p, err := g.ParseFEN(board + " " + fields)
		if err != nil {
			t.Fatalf("%s: %v", fields, err)
		}
		if p.AtChance() {
			t.Errorf("%s: an offer is drawn before the turn's second move", fields)
		}
		if h := p.computeHash(); h != p.hash {
			t.Errorf("%s: hash %x, from scratch %x", fields, p.hash, h)
		}
	}
	// Without a second move owed, the offer is drawn at once.
	p, err := g.ParseFEN(board + " offers:1/0")
	if err != nil {
		t.Fatal(err)
	}
	if !p.AtChance() {
		t.Error("offers:1/0 with no second move owed: the offer should be pending")
	}
}
