package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// sizeSpec is planesGame with schema 44's larger pieces: big (size,
// stacking to 3), which a rook may gain by an upgrade and any piece by a
// card at one coin.
func sizeSpec(t testing.TB) *Game {
	t.Helper()
	return planesSpec(t, func(s *rules.Spec) {
		v := 44
		s.SchemaVersion = &v
		s.Statuses = append(s.Statuses, rules.Status{Name: "big", Size: true, Stack: 3})
		for i := range s.Pieces {
			if s.Pieces[i].ID == "R" {
				s.Pieces[i].Upgrades.Statuses = append(s.Pieces[i].Upgrades.Statuses, "big")
			}
		}
		s.Rules.Market.Cards = append(s.Rules.Market.Cards,
			rules.Card{Name: "grow", Price: 1, Effect: rules.CardEffect{Status: "big", On: rules.TargetOwn}})
	})
}

// TestSize: schema 44's rules, each from a position made for it, one
// move, and what stands where afterwards (Z a white body square, z a
// black one), the body: field and the statuses.
func TestSize(t *testing.T) {
	with := withKings
	const market = " market:hat=2,stun=3,fire=2,gold=1,grow+=1"
	cases := []struct {
		name   string
		pieces map[string]string
		black  bool
		extras string
		move   string
		want   map[string]string // square -> piece, "" for empty
		items  string            // the items: field afterwards
		body   string            // the body: field afterwards
		status string            // the status: field afterwards
	}{
		{"a piece gaining big grows into the first free square touching it", with(map[string]string{"E:a4": "R"}), false,
			"purse:coins=5/0" + market, "buy:grow@E:a4", map[string]string{"E:a4": "R", "E:a5": "Z"}, "", "E:a4=E:a5", "E:a4=big"},
		{"a second one grows beside the cover, touching the anchor first", with(map[string]string{"E:a4": "R"}), false,
			"purse:coins=5/0 status:E:a4=big body:E:a4=E:a5" + market, "buy:grow@E:a4",
			map[string]string{"E:a5": "Z", "E:b4": "Z"}, "", "E:a4=E:a5+E:b4", "E:a4=big*2"},
		{"with no free square, nothing happens", with(map[string]string{"E:a8": "R", "E:b8": "N", "E:a7": "P"}), false,
			"purse:coins=5/0" + market, "buy:grow@E:a8", map[string]string{"E:a8": "R"}, "", "", ""},
		{"a square with fire is no room", with(map[string]string{"E:a4": "R", "E:b4": "N", "E:a3": "P"}), false,
			"purse:coins=5/0 items:fire@E:a5" + market, "buy:grow@E:a4", map[string]string{"E:a5": ""}, "fire@E:a5", "", ""},
		{"a move carries the body", with(map[string]string{"E:a4": "R"}), false,
			"status:E:a4=big body:E:a4=E:a5", "E:a4E:d4", map[string]string{"E:a4": "", "E:a5": "", "E:d4": "R", "E:d5": "Z"}, "", "E:d4=E:d5", "E:d4=big"},
		{"its own body does not block it", with(map[string]string{"E:a4": "R"}), false,
			"status:E:a4=big body:E:a4=E:b4", "E:a4E:c4", map[string]string{"E:a4": "", "E:b4": "", "E:c4": "R", "E:d4": "Z"}, "", "E:c4=E:d4", "E:c4=big"},
		{"a body square landing on an ally is lost", with(map[string]string{"E:a4": "R", "E:d5": "N"}), false,
			"status:E:a4=big body:E:a4=E:a5", "E:a4E:d4", map[string]string{"E:d4": "R", "E:d5": "N"}, "", "", ""},
		{"a body square landing on an enemy captures it", with(map[string]string{"E:a4": "R", "E:d5": "n"}), false,
			"status:E:a4=big body:E:a4=E:a5", "E:a4E:d4", map[string]string{"E:d4": "R", "E:d5": "Z", "H:d5": "n"}, "", "E:d4=E:d5", "E:d4=big"},
		{"a body square landing on fire is lost", with(map[string]string{"E:a4": "R"}), false,
			"status:E:a4=big body:E:a4=E:a5 items:fire@E:d5", "E:a4E:d4", map[string]string{"E:d4": "R", "E:d5": ""}, "fire@E:d5", "", ""},
		{"a body square off the board is lost", with(map[string]string{"E:a4": "R"}), false,
			"status:E:a4=big body:E:a4=E:a5", "E:a4E:a8", map[string]string{"E:a8": "R"}, "", "", ""},
		{"an enemy taking a body square takes that square only", with(map[string]string{"E:a4": "R", "E:h5": "r"}), true,
			"status:E:a4=big*2 body:E:a4=E:a5+E:b4", "E:h5E:a5", map[string]string{"E:a4": "R", "E:a5": "r", "E:b4": "Z", "H:a4": ""}, "", "E:a4=E:b4",
			"E:a4=big,E:a5=experienced"},
		{"an enemy taking the anchor: the anchor moves into the first body square", with(map[string]string{"E:a4": "R", "E:h4": "r"}), true,
			"status:E:a4=big*2 body:E:a4=E:a5+E:b5", "E:h4E:a4", map[string]string{"E:a4": "r", "E:a5": "R", "E:b5": "Z", "H:a4": ""}, "", "E:a5=E:b5",
			"E:a4=experienced,E:a5=big"},
		{"fire on the anchor's landing: it shrinks off the fire", with(map[string]string{"E:a4": "R"}), false,
			"status:E:a4=big body:E:a4=E:a5 items:fire@E:d4", "E:a4E:d4", map[string]string{"E:d4": "", "E:d5": "R", "H:d4": ""}, "fire@E:d4", "", ""},
		{"slid onto an ally, it shrinks into its body square", with(map[string]string{"E:a4": "R", "E:e4": "N"}), false,
			"status:E:a4=big body:E:a4=E:a5 items:ice@E:d4", "E:a4E:d4", map[string]string{"E:e4": "N", "E:e5": "R", "E:a4": "", "E:a5": "", "E:d4": ""}, "ice@E:d4", "", ""},
		{"ice slides the whole piece", with(map[string]string{"E:a4": "R"}), false,
			"status:E:a4=big body:E:a4=E:a5 items:ice@E:d4", "E:a4E:d4", map[string]string{"E:d4": "", "E:e4": "R", "E:e5": "Z"}, "ice@E:d4", "E:e4=E:e5", "E:e4=big"},
		{"a capture on H sends the piece and its body to L", with(map[string]string{"H:a4": "R", "H:d4": "n"}), false,
			"status:H:a4=big body:H:a4=H:a5", "H:a4H:d4", map[string]string{"H:d4": "", "L:d4": "R", "L:d5": "Z"}, "", "L:d4=L:d5", "L:d4=experienced+big"},
		{"a portal carries the body to the other board", with(map[string]string{"E:a4": "R"}), false,
			"status:E:a4=portal+big body:E:a4=E:a5", "E:a4>H:a4", map[string]string{"E:a4": "", "E:a5": "", "H:a4": "R", "H:a5": "Z"}, "", "H:a4=H:a5", "H:a4=big"},
		{"a guard's body square touching the king guards it", with(map[string]string{"E:a1": "r", "E:g1": "F"}), true,
			"status:E:g1=big body:E:g1=E:f1", "E:a1E:e1", map[string]string{"E:e1": "K", "E:a1": "", "H:e1": "r"}, "", "E:g1=E:f1", "E:g1=big"},
		{"a guard of one square there guards nothing", with(map[string]string{"E:a1": "r", "E:g1": "F"}), true,
			"", "E:a1E:e1", map[string]string{"E:e1": "r", "H:e1": "K"}, "", "", "E:e1=experienced"},
		{"a piece with one body square shrinks to one square", with(map[string]string{"E:a4": "R", "E:h4": "r"}), true,
			"status:E:a4=big body:E:a4=E:a5", "E:h4E:a4", map[string]string{"E:a4": "r", "E:a5": "R"}, "", "", "E:a4=experienced"},
	}
	g := sizeSpec(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fen := planesFEN(c.pieces, c.black, c.extras)
			p := playPlanesCase(t, g, fen, c.move, c.want, c.items)
			checkBodyThenUnmake(t, g, p, fen, c.body, c.status)
		})
	}
}

// checkBodyThenUnmake checks the body and status fields after a case's
// move, then that Unmake gives the case's position back, hash included.
func checkBodyThenUnmake(t *testing.T, g *Game, p *Position, fen, body, status string) {
	t.Helper()
	if got := fenField(p.FEN(), "body:"); got != body {
		t.Errorf("body %q, want %q (%s)", got, body, p.FEN())
	}
	if got := fenField(p.FEN(), "status:"); got != status {
		t.Errorf("status %q, want %q (%s)", got, status, p.FEN())
	}
	p.Unmake()
	q, err := g.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	if p.FEN() != q.FEN() || p.Hash() != q.Hash() {
		t.Errorf("unmake: %s, want %s", p.FEN(), q.FEN())
	}
}

// TestSizeMoves: a larger pawn makes no double step, and a larger piece's
// moves run through its own body but not through another piece's.
func TestSizeMoves(t *testing.T) {
	g := sizeSpec(t)
	cases := []struct {
		name, extras string
		pieces       map[string]string
		from         string
		want         []string // the moves of the piece on from
	}{
		{"a slide through its own body stops at fire past it", "status:E:a1=big body:E:a1=E:a2 items:fire@E:a4", withKings(map[string]string{"E:a1": "R"}),
			"E:a1", []string{"E:a1E:a2", "E:a1E:a3", "E:a1E:a4", "E:a1E:b1", "E:a1E:c1", "E:a1E:d1"}},
		{"a pawn with big steps one square only", "status:E:b2=big body:E:b2=E:a2", withKings(map[string]string{"E:b2": "P"}),
			"E:b2", []string{"E:b2E:b3"}},
		{"a pawn without big steps two", "", withKings(map[string]string{"E:b2": "P"}),
			"E:b2", []string{"E:b2E:b3", "E:b2E:b4"}},
		{"a rook through its own body, stopped by another piece's body", "status:E:a1=big,E:b3=big body:E:a1=E:b1,E:b3=E:a3",
			withKings(map[string]string{"E:a1": "R", "E:b3": "N"}), "E:a1", []string{"E:a1E:a2", "E:a1E:b1", "E:a1E:c1", "E:a1E:d1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := g.ParseFEN(planesFEN(c.pieces, false, c.extras))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range p.LegalMoves(nil) {
				if s := p.MoveString(m); strings.HasPrefix(s, c.from) && !strings.Contains(s, ">") {
					got = append(got, s)
				}
			}
			slices.Sort(got)
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("moves %v, want %v", got, c.want)
			}
		})
	}
}

// TestSizeFEN: the body: field reads back, and a wrong one is refused.
func TestSizeFEN(t *testing.T) {
	g := sizeSpec(t)
	good := planesFEN(withKings(map[string]string{"E:d4": "R", "E:a1": "n"}), false, "status:E:a1=big,E:d4=big*2 body:E:a1=E:a2,E:d4=E:d5+E:e4")
	p, err := g.ParseFEN(good)
	if err != nil {
		t.Fatal(err)
	}
	if fenField(p.FEN(), "body:") != "E:a1=E:a2,E:d4=E:d5+E:e4" || pieceName(p, "E:a2") != "z" || pieceName(p, "E:e4") != "Z" {
		t.Errorf("read back as %s", p.FEN())
	}
	if p.Hash() != p.computeHash() {
		t.Error("hash")
	}
	for _, bad := range []string{
		"status:E:d4=big body:E:d4=E:d5+E:e4",     // more body squares than statuses
		"status:E:d4=big*2 body:E:d4=E:d5",        // fewer
		"body:E:d4=E:d5",                          // a body with no status
		"status:E:d4=big body:E:d4=E:e1",          // onto a piece
		"status:E:d4=big body:E:d4=H:d5",          // on another board
		"status:E:d4=big body:E:c4=E:c5",          // no piece on the anchor
		"status:E:d4=big,E:d5=hat body:E:d4=E:d5", // a status on a body square
	} {
		if _, err := g.ParseFEN(planesFEN(withKings(map[string]string{"E:d4": "R"}), false, bad)); err == nil {
			t.Errorf("%s: read", bad)
		}
	}
}

// TestSizeRandomGames plays random games with coins to spend on growing:
// every move made and unmade restores the position, the hash from
// scratch is the incremental one, and the notation reads back; the
// games must have grown and shrunk pieces.
func TestSizeRandomGames(t *testing.T) {
	grown, shrunk, _ := sizeRandomGames(t, sizeSpec(t), 44)
	if grown == 0 || shrunk == 0 {
		t.Errorf("pieces grew %d times and shrank %d times: the games did not test both", grown, shrunk)
	}
	t.Logf("grew %d, shrank %d", grown, shrunk)
}

// sizeRandomGames plays TestSizeRandomGames's games of g from seed, and
// counts the moves played that grew and shrank a piece, and the
// positions that listed a choice of growth (schema 45).
func sizeRandomGames(t *testing.T, g *Game, seed uint64) (grown, shrunk, choices int) {
	t.Helper()
	games, plies := 6, 300
	if testing.Short() {
		games, plies = 2, 200
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for game := 0; game < games; game++ {
		p := g.NewPosition()
		p.addPurse(0, 0, 12)
		p.addPurse(1, 0, 12)
		p.planeLog = p.planeLog[:0]
		p.hash = p.computeHash()
		for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
			if p.AtChance() {
				moves, _ := p.ChanceOutcomes(nil, nil)
				p.Make(moves[rng.IntN(len(moves))])
				continue
			}
			before := p.FEN()
			moves := p.LegalMoves(nil)
			chose := false
			for _, m := range moves {
				s := p.MoveString(m)
				if back, err := p.ParseMove(s); err != nil || back != m {
					t.Fatalf("%s: move %s does not read back (%v)", before, s, err)
				}
				_, grows := m.growth()
				chose = chose || grows
				p.Make(m)
				if h := p.computeHash(); h != p.Hash() {
					t.Fatalf("after %s from %s: hash %x, from scratch %x", s, before, p.Hash(), h)
				}
				if sq, ok := m.growth(); ok {
					if a, _, body := p.BodySquare(sq); !body || p.board[a] == 0 {
						t.Fatalf("%s from %s: no piece grew into %s (%s)", s, before, g.names[sq], p.FEN())
					}
				}
				p.Unmake()
				if p.FEN() != before {
					t.Fatalf("make/unmake of %s: %s, was %s", s, p.FEN(), before)
				}
			}
			if chose {
				choices++
			}
			cover := bodyCount(p)
			p.Make(moves[rng.IntN(len(moves))])
			switch after := bodyCount(p); {
			case after > cover:
				grown++
			case after < cover:
				shrunk++
			}
			q, err := g.ParseFEN(p.FEN())
			if err != nil || q.FEN() != p.FEN() || q.Hash() != p.Hash() {
				t.Fatalf("FEN round trip: %v\n%s\n%s", err, p.FEN(), roundTrip(q, p))
			}
		}
	}
	return grown, shrunk, choices
}

// bodyCount is how many body squares stand on the boards.
func bodyCount(p *Position) int {
	n := 0
	for sq := 0; sq < p.g.n; sq++ {
		if p.g.isBody(p.board[sq]) {
			n++
		}
	}
	return n
}

// roundTrip describes how q, read back from p's notation, differs.
func roundTrip(q, p *Position) string {
	if q == nil {
		return "nothing read"
	}
	return fmt.Sprintf("%s\nhash %x read back, %x in play (from scratch %x)", q.FEN(), q.Hash(), p.Hash(), p.computeHash())
}

// TestSizeCastling: a king or rook with the status does not castle; the
// others castle as before.
func TestSizeCastling(t *testing.T) {
	g := planesSpec(t, func(s *rules.Spec) {
		v := 44
		s.SchemaVersion = &v
		s.Statuses = append(s.Statuses, rules.Status{Name: "big", Size: true})
		s.Rules.Castling = &rules.Castling{King: "K", Rook: "R"}
	})
	pieces := map[string]string{"E:e1": "K", "E:h1": "R", "E:a1": "R", "E:e8": "k"}
	cases := []struct {
		name, extras string
		want         []string // the castling moves
	}{
		{"no piece larger", "", []string{"O-O", "O-O-O"}},
		{"the king larger", "status:E:e1=big body:E:e1=E:e2", nil},
		{"the kingside rook larger", "status:E:h1=big body:E:h1=E:h2", []string{"O-O-O"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fen := strings.Replace(planesFEN(pieces, false, c.extras), " w - - ", " w KQ - ", 1)
			p, err := g.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range p.LegalMoves(nil) {
				if m.typ() == moveCastle {
					got = append(got, p.moveSpellings(m)[1])
				}
			}
			slices.Sort(got)
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("castling %v, want %v (%s)", got, c.want, fen)
			}
		})
	}
}
