package planesref

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

var (
	// trap is schema 42's secret trap: hidden, it kills a piece at rest
	// and goes; knights (the scouts) are immune.
	trap = rules.Item{ID: "trap", Kill: rules.KillEnd, Consumed: true, Hidden: true, Immune: []string{"N"}}
	// cache is a hidden gain.
	cache    = rules.Item{ID: "cache", Gain: map[string]int{"gold": 2}, Consumed: true, Hidden: true}
	unlocked = []string{"unlock:Trap", "unlock:Snare", "unlock:Cache"}
)

// trapped declares trap, cache, ice and fire, gold (5 each), the trappers
// T (a wazir whose after_move puts a trap down) and U (the same, on
// "empty" squares), and a market of free cards, all three drawn at the
// start (unlocked): a trap on a square with no piece (Trap) or with no
// item (Snare), and a cache (Cache).
func trapped(s *rules.Spec) {
	s.Pieces = append(s.Pieces,
		rules.Piece{ID: "T", Moves: wazir, AfterMove: &rules.AfterMove{Items: []string{"trap"}}},
		rules.Piece{ID: "U", Moves: wazir, AfterMove: &rules.AfterMove{Items: []string{"trap"}, On: rules.TargetEmpty}})
	s.Items = []rules.Item{trap, cache, ice, fire}
	s.Resources = []rules.Resource{{Name: "gold", Start: 5}}
	s.Rules.Market = &rules.Market{Resource: "gold", Open: 3, Step: intp(0), Cards: []rules.Card{
		{Name: "Trap", Effect: rules.CardEffect{Item: "trap", On: rules.TargetUnoccupied}},
		{Name: "Snare", Effect: rules.CardEffect{Item: "trap", On: rules.TargetEmpty}},
		{Name: "Cache", Effect: rules.CardEffect{Item: "cache", On: rules.TargetUnoccupied}},
	}}
}

// trapEffect adds trap to chaotic()'s items, and a chaos effect that lays
// it on a square with no piece.
func trapEffect(s *rules.Spec) {
	s.Items = append(s.Items, trap)
	s.Rules.Chaos.Effects = append(s.Rules.Chaos.Effects,
		rules.ChaosEffect{Name: "Trap", Effect: rules.CardEffect{Item: "trap", On: rules.TargetUnoccupied}})
}

// then is the market's unlocks followed by moves.
func then(moves ...string) []string { return append(slices.Clone(unlocked), moves...) }

// TestHidden plays each rule of schema 42 (HIDDEN42.md): kill "end" and
// hidden items. Every want field left empty is not looked at.
func TestHidden(t *testing.T) {
	type want struct {
		board, items string // as pieces and lying read them
		check        bool   // compare board and items even when empty
		gold         [2]int // when checkGold
		checkGold    bool
		has, lacks   []string // moves listed, and not
	}
	rookOnH3 := "w:K@a1 w:T@d1 b:K@h8 b:R@h3"
	rookOnD1 := "w:K@a1 w:R@d1 b:K@h8 b:R@h4"
	cases := []struct {
		name  string
		spec  *rules.Spec
		moves []string
		want  want
	}{
		{"an after_move trap lies in its owner's heap",
			spec("", rookOnH3, trapped), then("d1d2+trap@d3"),
			want{items: "trap.w@d3=1", check: true, board: "w:K@a1 w:T@d2 b:K@h8 b:R@h3"}},
		{"a piece that comes to rest on a trap dies there, and the trap goes",
			spec("", rookOnH3, trapped), then("d1d2+trap@d3", "h3d3"),
			want{board: "w:K@a1 w:T@d2 b:K@h8", items: "", check: true}},
		{"a trap does not stop a slide: the rook passes over it and lives",
			spec("", rookOnH3, trapped), then("d1d2+trap@d3", "h3a3"),
			want{board: "w:K@a1 w:T@d2 b:K@h8 b:R@a3", items: "trap.w@d3=1", check: true}},
		{"moved onto ice and a trap, the piece slides on and the trap does nothing",
			spec("", rookOnH3, trapped, laid("ice@d3")), then("d1d2+trap@d3", "h3d3"),
			want{board: "w:K@a1 w:T@d2 b:K@h8 b:R@c3", items: "ice@d3=1 trap.w@d3=1", check: true}},
		{"slid by ice onto a trap, the piece rests there and dies",
			spec("", rookOnH3, trapped, laid("ice@e3")), then("d1d2+trap@d3", "h3e3"),
			want{board: "w:K@a1 w:T@d2 b:K@h8", items: "ice@e3=1", check: true}},
		{"fire and a trap: fire kills the piece, the trap has not acted and stays",
			spec("", rookOnH3, trapped, laid("fire@d3")), then("d1d2+trap@d3", "h3d3"),
			want{board: "w:K@a1 w:T@d2 b:K@h8", items: "fire@d3=1 trap.w@d3=1", check: true}},
		{"fire and a trap: the king, immune to fire, comes to rest and the trap kills it",
			spec("", "w:K@a1 w:T@d1 b:K@e4", trapped, func(s *rules.Spec) { s.Items[3] = immune(fire, "K") }, laid("fire@d3")),
			then("d1d2+trap@d3", "e4d3"),
			want{board: "w:K@a1 w:T@d2", items: "fire@d3=1", check: true}},
		{"of two consumed kill items on a square, the first in items[] order acts and goes",
			spec("", "w:R@a1 b:K@h8", withItems([]rules.Item{{ID: "lava", Kill: rules.KillEnter, Consumed: true},
				{ID: "fire", Kill: rules.KillPass, Consumed: true}}, "lava@a4 fire@a4")), []string{"a1a4"},
			want{board: "b:K@h8", items: "fire@a4=1", check: true}},
		{"ice carries a piece over a trap square on ice",
			spec("", rookOnH3, trapped, laid("ice@e3 ice@d3")), then("d1d2+trap@d3", "h3e3"),
			want{board: "w:K@a1 w:T@d2 b:K@h8 b:R@c3", items: "ice@e3=1 ice@d3=1 trap.w@d3=1", check: true}},
		{"ice carries a piece off the board from a trap square: removed, the trap stays",
			spec("", rookOnH3, trapped, laid("ice@a3")), then("buy:Trap@a3", "h3a3"),
			want{board: "w:K@a1 w:T@d1 b:K@h8", items: "ice@a3=1 trap.w@a3=1", check: true}},
		{"a kind the trap is immune to rests on it unharmed, and the trap stays",
			spec("", "w:K@a1 w:T@d1 b:K@h8 b:N@e5", trapped), then("d1d2+trap@d3", "e5d3"),
			want{board: "w:K@a1 w:T@d2 b:K@h8 b:N@d3", items: "trap.w@d3=1", check: true}},
		{"every arrival counts: an afterlife onto a trap dies there",
			spec("E H", "w:R@E:a1 w:K@E:h1 b:B@E:a5 b:K@E:h8", trapped, afterlives(toHeaven)),
			then("buy:Trap@H:a5", "E:h8E:g8", "E:a1E:a5"),
			want{board: "w:R@E:a5 w:K@E:h1 b:K@E:g8", items: "", check: true}},
		{"the other player's hidden trap: not in its heap, and its square empty to it",
			spec("", rookOnD1, trapped), then("buy:Trap@d4"),
			want{has: []string{"buy:Trap@d4", "buy:Snare@d4"}}},
		{"two players' traps on one square, each in its own heap; a full heap takes no more",
			spec("", rookOnD1, trapped), then("buy:Trap@d4", "buy:Trap@d4"),
			want{items: "trap.w@d4=1 trap.b@d4=1", check: true, board: rookOnD1, lacks: []string{"buy:Trap@d4", "buy:Snare@d4"}}},
		{"a trap that acts takes every player's heap with it",
			spec("", rookOnD1, trapped), then("buy:Trap@d4", "buy:Trap@d4", "d1d4"),
			want{board: "w:K@a1 b:K@h8 b:R@h4", items: "", check: true}},
		{"a hidden kill \"enter\" item that acts takes every player's heap with it too",
			spec("", rookOnD1, trapped, func(s *rules.Spec) { s.Items[0].Kill = rules.KillEnter }),
			then("buy:Trap@d4", "buy:Trap@d4", "d1d4"),
			want{board: "w:K@a1 b:K@h8 b:R@h4", items: "", check: true}},
		{"an empty target: its own hidden trap and visible items count for the player choosing",
			spec("", rookOnD1, trapped, laid("ice@c4")), then("buy:Trap@d4", "h8g8"),
			want{has: []string{"buy:Snare@d5", "buy:Trap@c4"}, lacks: []string{"buy:Snare@d4", "buy:Snare@c4", "buy:Trap@d4"}}},
		{"after_move on empty squares: the other player's hidden trap does not count",
			spec("", "w:K@a1 b:K@h8 b:U@c2", trapped, laid("ice@b3")), then("buy:Trap@d3"),
			want{has: []string{"c2c3+trap@d3", "c2c3+trap@c4"}, lacks: []string{"c2c3+trap@b3"}}},
		{"a chaos effect's trap is its chooser's, though the other player's turn is next",
			spec("", "w:K@a1 w:R@b1 b:K@h8 b:R@h1", chaotic(), trapEffect, laid("orb@b5")),
			[]string{"b1b5", "offer:Gold,Trap", "chaos:Trap@c3"},
			want{items: "trap.w@c3=1", board: "w:K@a1 w:R@b5 b:K@h8 b:R@h1", has: []string{"h1h2"}}},
		{"a hidden gain pays the piece that lands on it, whoever laid it, and goes",
			spec("", rookOnD1, trapped), then("buy:Cache@d4", "h4d4"),
			want{board: "w:K@a1 w:R@d1 b:K@h8 b:R@d4", items: "", check: true, gold: [2]int{5, 7}, checkGold: true}},
		{"a hidden gain left alone stays in its owner's heap",
			spec("", rookOnD1, trapped), then("buy:Cache@d4", "h4h5"),
			want{items: "cache.w@d4=1", check: true, board: "w:K@a1 w:R@d1 b:K@h8 b:R@h5", gold: [2]int{5, 5}, checkGold: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := after(t, c.spec, c.moves)
			w := c.want
			if w.board != "" || w.check {
				if got := p.Board(); !maps.Equal(got, pieces(w.board)) {
					t.Errorf("board %v, want %v", got, pieces(w.board))
				}
			}
			if w.items != "" || w.check {
				if got := p.Items(); !maps.EqualFunc(got, lying(w.items), maps.Equal) {
					t.Errorf("items %v, want %v", got, lying(w.items))
				}
			}
			if w.checkGold {
				if got := [2]int{p.Purse(0)["gold"], p.Purse(1)["gold"]}; got != w.gold {
					t.Errorf("gold %v, want %v", got, w.gold)
				}
			}
			moves := p.Moves()
			for _, m := range w.has {
				if !slices.Contains(moves, m) {
					t.Errorf("%s is not listed: %v", m, moves)
				}
			}
			for _, m := range w.lacks {
				if slices.Contains(moves, m) {
					t.Errorf("%s is listed: %v", m, moves)
				}
			}
		})
	}
}

// TestNewRefusesHidden: what a hidden item may not be or do is refused.
func TestNewRefusesHidden(t *testing.T) {
	hidden := func(edit func(*rules.Item)) func(*rules.Spec) {
		return func(s *rules.Spec) {
			it := trap
			edit(&it)
			s.Items = []rules.Item{it, fire}
		}
	}
	cases := []struct {
		name string
		edit func(*rules.Spec)
		want string
	}{
		{"slide", hidden(func(it *rules.Item) { it.Slide = true }), "items[0]: a hidden item"},
		{"kill pass", hidden(func(it *rules.Item) { it.Kill = rules.KillPass }), "items[0]: a hidden item"},
		{"cancels", hidden(func(it *rules.Item) { it.Cancels = []string{"fire"} }), "items[0]: a hidden item"},
		{"named by cancels", func(s *rules.Spec) {
			burning := fire
			burning.Cancels = []string{"trap"}
			s.Items = []rules.Item{trap, burning}
		}, "items[1].cancels names hidden item"},
		{"on_death", func(s *rules.Spec) {
			s.Items = []rules.Item{trap}
			s.Pieces[0].OnDeath = &rules.OnDeath{Item: "trap"}
		}, "pieces[0].on_death names hidden item"},
		{"setup.items", withItems([]rules.Item{trap}, "trap@d4"), "setup.items[0] lays hidden item"},
		{"an unknown kill", hidden(func(it *rules.Item) { it.Kill = "rest" }), "items[0].kill"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := New(spec("", "w:R@a1 b:N@h8", c.edit))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error naming %q", err, c.want)
			}
		})
	}
}
