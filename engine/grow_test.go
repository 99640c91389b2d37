package engine

import (
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// growSpec is sizeSpec under schema 45: big grows where its owner
// chooses (grow "choice").
func growSpec(t testing.TB) *Game {
	t.Helper()
	return planesSpec(t, func(s *rules.Spec) {
		v := 45
		s.SchemaVersion = &v
		s.Statuses = append(s.Statuses, rules.Status{Name: "big", Size: true, Grow: rules.GrowChoice, Stack: 3})
		for i := range s.Pieces {
			if s.Pieces[i].ID == "R" {
				s.Pieces[i].Upgrades.Statuses = append(s.Pieces[i].Upgrades.Statuses, "big")
			}
		}
		s.Rules.Market.Cards = append(s.Rules.Market.Cards,
			rules.Card{Name: "grow", Price: 1, Effect: rules.CardEffect{Status: "big", On: rules.TargetOwn}})
	})
}

// TestGrowChoices: the moves that make a piece larger under grow
// "choice", one per square it may grow into, worked out by hand: the
// free squares touching the anchor or a body square on a side, fire no
// room, an item that does not kill no bar, read where the move leaves
// the piece.
func TestGrowChoices(t *testing.T) {
	const market = " market:hat=2,stun=3,fire=2,gold=1,grow+=1"
	cases := []struct {
		name   string
		pieces map[string]string
		extras string
		prefix string   // the moves listed that start so
		want   []string // sorted
	}{
		{"a purchase is listed once per free square touching the piece", withKings(map[string]string{"E:a4": "R"}),
			"purse:coins=5/0" + market, "buy:grow@E:a4",
			[]string{"buy:grow@E:a4>E:a3", "buy:grow@E:a4>E:a5", "buy:grow@E:a4>E:b4"}},
		{"a second growth may touch the body, each square once", withKings(map[string]string{"E:a4": "R"}),
			"purse:coins=5/0 status:E:a4=big body:E:a4=E:a5" + market, "buy:grow@E:a4",
			[]string{"buy:grow@E:a4>E:a3", "buy:grow@E:a4>E:a6", "buy:grow@E:a4>E:b4", "buy:grow@E:a4>E:b5"}},
		{"fire is no room, ice is", withKings(map[string]string{"E:a4": "R"}),
			"purse:coins=5/0 items:fire@E:a5,ice@E:b4" + market, "buy:grow@E:a4",
			[]string{"buy:grow@E:a4>E:a3", "buy:grow@E:a4>E:b4"}},
		{"with no free square the purchase is one move naming none", withKings(map[string]string{"E:a8": "R", "E:b8": "N", "E:a7": "P"}),
			"purse:coins=5/0" + market, "buy:grow@E:a8", []string{"buy:grow@E:a8"}},
		{"an upgrade grows where the capture leaves it: on L, after a capture on H", withKings(map[string]string{"H:a4": "R", "H:d4": "n", "L:d5": "p"}),
			"status:H:a4=experienced", "H:a4H:d4^big",
			[]string{"H:a4H:d4^big>L:c4", "H:a4H:d4^big>L:d3", "H:a4H:d4^big>L:e4"}},
		{"a capture that upgrades to no size names no square", withKings(map[string]string{"H:a4": "R", "H:d4": "n"}),
			"status:H:a4=experienced", "H:a4H:d4^hat", []string{"H:a4H:d4^hat"}},
	}
	g := growSpec(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := g.ParseFEN(planesFEN(c.pieces, false, c.extras))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range p.LegalMoves(nil) {
				if s := p.MoveString(m); s == c.prefix || strings.HasPrefix(s, c.prefix+">") {
					got = append(got, s)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, c.want) {
				t.Errorf("moves %v, want %v", got, c.want)
			}
		})
	}
}

// TestGrowChosen: the square a move names is the one grown into, and
// Unmake puts everything back.
func TestGrowChosen(t *testing.T) {
	with := withKings
	const market = " market:hat=2,stun=3,fire=2,gold=1,grow+=1"
	cases := []struct {
		name   string
		pieces map[string]string
		extras string
		move   string
		want   map[string]string // square -> piece, "" for empty
		body   string            // the body: field afterwards
		status string            // the status: field afterwards
	}{
		{"a purchase grows into the square it names, not the fixed order's", with(map[string]string{"E:a4": "R"}),
			"purse:coins=5/0" + market, "buy:grow@E:a4>E:a3", map[string]string{"E:a3": "Z", "E:a5": ""}, "E:a4=E:a3", "E:a4=big"},
		{"a second growth beside the body", with(map[string]string{"E:a4": "R"}),
			"purse:coins=5/0 status:E:a4=big body:E:a4=E:a5" + market, "buy:grow@E:a4>E:b5",
			map[string]string{"E:a5": "Z", "E:b5": "Z", "E:b4": ""}, "E:a4=E:a5+E:b5", "E:a4=big*2"},
		{"onto ice, which stays and does nothing to the body", with(map[string]string{"E:a4": "R"}),
			"purse:coins=5/0 items:ice@E:b4" + market, "buy:grow@E:a4>E:b4", map[string]string{"E:b4": "Z"}, "E:a4=E:b4", "E:a4=big"},
		{"an upgrade on H grows on L where it names", with(map[string]string{"H:a4": "R", "H:d4": "n", "L:d5": "p"}),
			"status:H:a4=experienced", "H:a4H:d4^big>L:e4", map[string]string{"L:d4": "R", "L:e4": "Z", "L:d3": ""}, "L:d4=L:e4", "L:d4=big"},
	}
	g := growSpec(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fen := planesFEN(c.pieces, false, c.extras)
			p := playPlanesCase(t, g, fen, c.move, c.want, fenField(fen, "items:"))
			checkBodyThenUnmake(t, g, p, fen, c.body, c.status)
		})
	}
}

// TestGrowRandomGames is TestSizeRandomGames under grow "choice": every
// move, a growth's included, makes, unmakes, hashes and reads back, and
// the games must have offered choices of growth, grown and shrunk.
func TestGrowRandomGames(t *testing.T) {
	grown, shrunk, choices := sizeRandomGames(t, growSpec(t), 45)
	if grown == 0 || shrunk == 0 || choices == 0 {
		t.Errorf("pieces grew %d times and shrank %d times, with %d choices of growth: the games did not test each", grown, shrunk, choices)
	}
	t.Logf("grew %d, shrank %d, %d positions with a choice of growth", grown, shrunk, choices)
}
