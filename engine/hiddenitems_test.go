package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// trapsSpec is planesGame with schema 42's secret traps: a hidden trap
// that kills a piece coming to rest on it and is used up (C, the scout,
// immune), sold by a card for an unoccupied square, a hidden mine that
// kills what is moved onto it, a spike that does too (declared after the
// mine), and a card that puts ice on an empty square.
func trapsSpec(t testing.TB) *Game {
	t.Helper()
	return planesSpec(t, func(s *rules.Spec) {
		v := 42
		s.SchemaVersion = &v
		s.Items = append(s.Items, rules.Item{ID: "trap", Kill: rules.KillEnd, Consumed: true, Hidden: true, Immune: []string{"C"}},
			rules.Item{ID: "mine", Kill: rules.KillEnter, Consumed: true, Hidden: true},
			rules.Item{ID: "spike", Kill: rules.KillEnter, Consumed: true})
		s.Rules.Market.Cards = append(s.Rules.Market.Cards,
			rules.Card{Name: "trap", Price: 3, Effect: rules.CardEffect{Item: "trap", On: rules.TargetUnoccupied}},
			rules.Card{Name: "frost", Price: 1, Effect: rules.CardEffect{Item: "ice", On: rules.TargetEmpty}})
	})
}

// TestTraps: schema 42's rules, each from a position made for it, one
// move, and what stands where afterwards.
func TestTraps(t *testing.T) {
	with := withKings
	const market = " market:hat=2,stun=3,fire=2,gold=1,trap+=3,frost+=1"
	cases := []struct {
		name   string
		pieces map[string]string
		black  bool
		extras string
		move   string
		want   map[string]string // square -> piece, "" for empty
		items  string            // the items: field afterwards
	}{
		{"a piece coming to rest on a trap dies, and the trap is gone", with(map[string]string{"E:a4": "R"}), false,
			"items:trap.b@E:d4", "E:a4E:d4", map[string]string{"E:d4": "", "H:d4": "R"}, ""},
		{"its own player's trap kills it too", with(map[string]string{"E:a4": "R"}), false,
			"items:trap.w@E:d4", "E:a4E:d4", map[string]string{"E:d4": "", "H:d4": "R"}, ""},
		{"a slide over a trap does not stop", with(map[string]string{"E:a4": "R"}), false,
			"items:trap.b@E:c4", "E:a4E:f4", map[string]string{"E:f4": "R"}, "trap.b@E:c4"},
		{"moved onto ice and a trap, a piece slides on: the trap does nothing", with(map[string]string{"E:a4": "R"}), false,
			"items:ice@E:d4,trap.b@E:d4", "E:a4E:d4", map[string]string{"E:d4": "", "E:e4": "R"}, "ice@E:d4,trap.b@E:d4"},
		{"slid by ice onto a trap, a piece dies there", with(map[string]string{"E:a4": "R"}), false,
			"items:ice@E:d4,trap.b@E:e4", "E:a4E:d4", map[string]string{"E:e4": "", "H:e4": "R"}, "ice@E:d4"},
		{"the scout is immune", with(map[string]string{"E:a4": "C"}), false,
			"items:trap.b@E:d4", "E:a4E:d4", map[string]string{"E:d4": "C"}, "trap.b@E:d4"},
		{"a dead piece coming to rest on a trap in H dies again", with(map[string]string{"E:a1": "R", "E:a5": "n"}), false,
			"items:trap.w@H:a5", "E:a1E:a5", map[string]string{"E:a5": "R", "H:a5": "", "L:a5": ""}, ""},
		{"both players' traps on one square go together", with(map[string]string{"E:a4": "R"}), false,
			"items:trap.w@E:d4,trap.b@E:d4", "E:a4E:d4", map[string]string{"E:d4": ""}, ""},
		{"both players' mines go together too", with(map[string]string{"E:a4": "R"}), false,
			"items:mine.w@E:d4,mine.b@E:d4", "E:a4E:d4", map[string]string{"E:d4": "", "H:d4": "R"}, ""},
		{"of a mine and a spike, the one items[] declares first kills, whoever put it down", with(map[string]string{"E:a4": "R"}), false,
			"items:spike@E:d4,mine.b@E:d4", "E:a4E:d4", map[string]string{"E:d4": "", "H:d4": "R"}, "spike@E:d4"},
		{"a mine kills what is moved onto it, ice or not", with(map[string]string{"E:a4": "R"}), false,
			"items:ice@E:d4,mine.b@E:d4", "E:a4E:d4", map[string]string{"E:d4": "", "E:e4": "", "H:d4": "R"}, "ice@E:d4"},
		{"a trap bought by white is white's", with(nil), false,
			"purse:coins=5/0" + market, "buy:trap@E:d5", nil, "trap.w@E:d5"},
		{"a trap bought by black is black's", with(nil), true,
			"purse:coins=0/5" + market, "buy:trap@E:d5", nil, "trap.b@E:d5"},
		{"a trap may be bought onto the other player's (unseen) trap", with(nil), false,
			"purse:coins=5/0 items:trap.b@E:d5" + market, "buy:trap@E:d5", nil, "trap.w@E:d5,trap.b@E:d5"},
		{"an empty square to the buyer may hold the other player's trap", with(nil), false,
			"purse:coins=5/0 items:trap.b@E:d5" + market, "buy:frost@E:d5", nil, "ice@E:d5,trap.b@E:d5"},
	}
	g := trapsSpec(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := playPlanesCase(t, g, planesFEN(c.pieces, c.black, c.extras), c.move, c.want, c.items)
			p.Unmake()
			if got := p.FEN(); got != planesFEN(c.pieces, c.black, c.extras) {
				if q, _ := g.ParseFEN(planesFEN(c.pieces, c.black, c.extras)); q == nil || got != q.FEN() {
					t.Errorf("unmake: %s", got)
				}
			}
		})
	}
}

// TestTrapsTargets: an "empty" square is empty to the chooser: the other
// player's hidden trap does not count, its own does.
func TestTrapsTargets(t *testing.T) {
	g := trapsSpec(t)
	const market = " market:hat=2,stun=3,fire=2,gold=1,trap+=3,frost+=1"
	pieces := map[string]string{"E:e1": "K", "E:e8": "k"}
	cases := []struct {
		items string
		move  string
		legal bool
	}{
		{"trap.b@E:d5", "buy:frost@E:d5", true},
		{"trap.w@E:d5", "buy:frost@E:d5", false},
		{"trap.w@E:d5", "buy:trap@E:d5", false}, // white's trap does not stack
		{"trap.b@E:d5", "buy:trap@E:d5", true},
		{"fire@E:d5", "buy:frost@E:d5", false},
	}
	for _, c := range cases {
		p, err := g.ParseFEN(planesFEN(pieces, false, "purse:coins=5/0 items:"+c.items+market))
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(moveNames(p), c.move); got != c.legal {
			t.Errorf("items %s: %s legal %v, want %v", c.items, c.move, got, c.legal)
		}
	}
}

// TestTrapsObservation: a seat's observation leaves out the other
// player's hidden items and keeps how many there are; a sample puts them
// back somewhere with no piece, and observed again is the same
// observation; two positions that differ only in where the other's traps
// lie look the same, and a different count does not.
func TestTrapsObservation(t *testing.T) {
	g := trapsSpec(t)
	if !g.HasHiddenInformation() {
		t.Fatal("a game with hidden items has no hidden information")
	}
	pieces := map[string]string{"E:e1": "K", "E:e8": "k", "E:a1": "R"}
	fen := func(items string) *Position {
		p, err := g.ParseFEN(planesFEN(pieces, false, "items:"+items))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := fen("trap.w@E:c3,trap.b@E:d5,trap.b@H:f6")
	o := p.Observe(0)
	w := o.Sample(rand.New(rand.NewPCG(1, 2)).Uint64)
	if got := fenField(w.FEN(), "items:"); !strings.Contains(got, "trap.w@E:c3") || strings.Count(got, "trap.b@") != 2 {
		t.Errorf("white's world's items %q: white's trap where it lies and two of black's", got)
	}
	for _, it := range strings.Split(fenField(w.FEN(), "items:"), ",") {
		if sq, ok := strings.CutPrefix(it, "trap.b@"); ok && pieceName(w, sq) != "" {
			t.Errorf("a sampled trap under a piece on %s", sq)
		}
	}
	if w.Observe(0).Hash() != o.Hash() {
		t.Error("a sample observed by its seat is not its observation")
	}
	if h := w.computeHash(); h != w.Hash() {
		t.Errorf("sample hash %x, from scratch %x", w.Hash(), h)
	}
	if fen("trap.w@E:c3,trap.b@E:a5,trap.b@L:b2").Observe(0).Hash() != o.Hash() {
		t.Error("black's traps elsewhere change what white sees")
	}
	if fen("trap.w@E:c3,trap.b@E:a5").Observe(0).Hash() == o.Hash() {
		t.Error("white cannot tell one black trap from two")
	}
	if fen("trap.w@E:c4,trap.b@E:d5,trap.b@H:f6").Observe(0).Hash() == o.Hash() {
		t.Error("white cannot tell where its own trap lies")
	}
	if b := p.Observe(1); strings.Contains(fenField(b.Sample(rand.New(rand.NewPCG(3, 4)).Uint64).FEN(), "items:"), "trap.w@E:c3,") {
		t.Log("black's sample happened to put white's trap where it is") // possible, not an error
	}
}

// TestTrapsRandomGames plays random games with traps on sale and checks
// at every ply: Make/Unmake restores the position, the hash equals one
// from scratch, the FEN reads back, and the moves of a world sampled from
// the side to move's observation are the real moves (nothing hidden
// changes what a player may do).
func TestTrapsRandomGames(t *testing.T) {
	g := trapsSpec(t)
	games, plies := 8, 300
	if testing.Short() {
		games = 3
	}
	rng := rand.New(rand.NewPCG(42, 1))
	traps := 0
	for game := 0; game < games; game++ {
		p := g.NewPosition()
		// Money for the shop from the start, so that traps are bought.
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
			real := make([]string, 0, len(moves))
			for _, m := range moves {
				real = append(real, p.MoveString(m))
				p.Make(m)
				if h := p.computeHash(); h != p.Hash() {
					t.Fatalf("after %s: hash %x, from scratch %x", real[len(real)-1], p.Hash(), h)
				}
				p.Unmake()
				if p.FEN() != before {
					t.Fatalf("make/unmake of %s: %s, was %s", real[len(real)-1], p.FEN(), before)
				}
			}
			w := p.Observe(p.SideToMove()).Sample(rng.Uint64)
			var seen []string
			for _, m := range w.LegalMoves(nil) {
				seen = append(seen, w.MoveString(m))
			}
			slices.Sort(real)
			slices.Sort(seen)
			if !slices.Equal(real, seen) {
				t.Fatalf("%s: a sampled world's moves differ from the real ones\nworld %s", before, w.FEN())
			}
			m := moves[rng.IntN(len(moves))]
			if strings.HasPrefix(p.MoveString(m), "buy:trap") {
				traps++
			}
			p.Make(m)
			q, err := g.ParseFEN(p.FEN())
			if err != nil || q.FEN() != p.FEN() || q.Hash() != p.Hash() {
				t.Fatalf("FEN round trip: %v\n%s\n%v", err, p.FEN(), q)
			}
		}
	}
	if traps == 0 {
		t.Error("no trap was bought: the test checked nothing hidden")
	}
}
