package planesref

import (
	"maps"
	"slices"
	"testing"

	"balancefarm/engine/rules"
)

var berserk = rules.Status{Name: "berserk", Stack: 2, Forced: true}

// chaotic declares powers(0)'s pieces, items and statuses, berserk, the
// checker J (a wazir that jumps orthogonally and diagonally, twice at
// most), an orb (chaos, consumed; immune to the kinds orbImmune) and a
// star (chaos), and rules.chaos offering two of: a stun or rage on an
// enemy, fire on a square with no piece, an orb on an empty square, and
// three gold.
func chaotic(orbImmune ...string) func(*rules.Spec) {
	return func(s *rules.Spec) {
		powers(0, berserk)(s)
		s.Pieces = append(s.Pieces, rules.Piece{ID: "J", Moves: wazir,
			Jumps: &rules.Jumps{Vectors: vecs([2]int{1, 0}, [2]int{1, 1}), Symmetry: rules.SymRotate4, Max: 2}})
		s.Items = append(s.Items, rules.Item{ID: "orb", Chaos: true, Consumed: true, Immune: orbImmune},
			rules.Item{ID: "star", Chaos: true})
		s.Rules.Chaos = &rules.Chaos{Offer: 2, Effects: []rules.ChaosEffect{
			{Name: "Stun", Effect: rules.CardEffect{Status: "stunned", On: rules.TargetEnemy}},
			{Name: "Rage", Effect: rules.CardEffect{Status: "berserk", On: rules.TargetEnemy}},
			{Name: "Fire", Effect: rules.CardEffect{Item: "fire", On: rules.TargetUnoccupied}},
			{Name: "Orb", Effect: rules.CardEffect{Item: "orb", On: rules.TargetEmpty}},
			{Name: "Gold", Effect: rules.CardEffect{Gain: map[string]int{"gold": 3}}},
		}}
	}
}

// TestChaos plays each rule of PLANES.md's schema 41 and compares what it
// changes. Every want field left empty is not looked at.
func TestChaos(t *testing.T) {
	type want struct {
		board, items, statuses string // as pieces and lying read them
		check                  bool   // compare board and items even when empty
		gold                   [2]int // when checkGold
		checkGold              bool
		side                   string // "w" or "b": the player to move
		chaos                  string // the chaos fields, when checkChaos
		checkChaos             bool
		outcomes               map[string]int
		has, lacks             []string // moves listed, and not
		only                   []string // every move listed, when written
	}
	// Five effects, offered two at a time: ten pairs, each alike.
	pairs := map[string]int{}
	names := []string{"Stun", "Rage", "Fire", "Orb", "Gold"}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			pairs["offer:"+names[i]+","+names[j]] = 1
		}
	}
	rookOnOrb := spec("", "w:K@a1 w:R@b1 b:K@h8 b:R@h1", chaotic(), laid("orb@b5"))
	twoOffers := spec("E H", "w:R@E:a1 w:K@E:h1 b:N@E:b3 b:K@E:h8", chaotic("N"),
		afterlives(rules.Afterlife{From: []string{"E"}, To: "H"}), laid("orb@E:a5 star@H:a5"))
	cases := []struct {
		name  string
		spec  *rules.Spec
		moves []string
		want  want
	}{
		// Chaos.
		{"a piece moved onto an orb owes its owner an offer, drawn after the turn, every pair alike",
			rookOnOrb, []string{"b1b5"},
			want{board: "w:K@a1 w:R@b5 b:K@h8 b:R@h1", items: "", check: true, side: "b",
				chaos: "offers:1/0", checkChaos: true, outcomes: pairs, has: []string{"offer:Stun,Gold"}, lacks: []string{"h8g8"}}},
		{"the owner chooses among the effects drawn, the turn's player waiting",
			rookOnOrb, []string{"b1b5", "offer:Stun,Gold"},
			want{side: "w", chaos: "offer:Stun,Gold resume:b", checkChaos: true,
				only: []string{"chaos:Gold", "chaos:Stun@h1", "chaos:Stun@h8"}}},
		{"a status effect on the chosen enemy; play resumes with black",
			rookOnOrb, []string{"b1b5", "offer:Stun,Gold", "chaos:Stun@h8"},
			want{statuses: "stunned@h8=1", side: "b", chaos: "", checkChaos: true, has: []string{"h1h2"}, lacks: []string{"h8g8"}}},
		{"a gain effect pays the chooser",
			rookOnOrb, []string{"b1b5", "offer:Fire,Gold", "chaos:Gold"},
			want{gold: [2]int{3, 0}, checkGold: true, side: "b", has: []string{"h8g8"}}},
		{"an item effect on a square with no piece; none on a piece's",
			rookOnOrb, []string{"b1b5", "offer:Fire,Orb"},
			want{has: []string{"chaos:Fire@c3", "chaos:Orb@b1"}, lacks: []string{"chaos:Fire@b5", "chaos:Fire@a1", "chaos:Fire"}}},
		{"the item effect laid",
			rookOnOrb, []string{"b1b5", "offer:Fire,Orb", "chaos:Fire@c3"},
			want{items: "fire@c3=1", board: "w:K@a1 w:R@b5 b:K@h8 b:R@h1"}},
		{"rage: the enemy's moves are the forced piece's",
			rookOnOrb, []string{"b1b5", "offer:Stun,Rage", "chaos:Rage@h1"},
			want{statuses: "berserk@h1=1", side: "b", has: []string{"h1h5"}, lacks: []string{"h8g8"}}},
		{"an effect whose targets are all missing is chosen alone, and does nothing",
			spec("", "w:R@a1 w:K@h1 b:N@b6", chaotic("N"), laid("orb@a8")), []string{"h1h2", "b6a8", "a1a8", "offer:Stun,Gold"},
			want{board: "w:R@a8 w:K@h2", only: []string{"chaos:Gold", "chaos:Stun"}}},
		{"two offers in a turn, one to each player (the victim's afterlife meets a star)",
			twoOffers, []string{"E:h1E:h2", "E:b3E:a5", "E:a1E:a5"},
			want{board: "w:R@E:a5 w:K@E:h2 b:N@H:a5 b:K@E:h8", items: "star@H:a5=1", side: "b",
				chaos: "offers:1/1", checkChaos: true, outcomes: pairs}},
		{"white's offer first; black waits",
			twoOffers, []string{"E:h1E:h2", "E:b3E:a5", "E:a1E:a5", "offer:Fire,Gold"},
			want{side: "w", chaos: "offers:0/1 offer:Fire,Gold resume:b", checkChaos: true}},
		{"black's offer next, then black's turn",
			twoOffers, []string{"E:h1E:h2", "E:b3E:a5", "E:a1E:a5", "offer:Fire,Gold", "chaos:Gold", "offer:Stun,Gold"},
			want{side: "b", chaos: "offer:Stun,Gold resume:b", checkChaos: true, gold: [2]int{3, 0}, checkGold: true,
				only: []string{"chaos:Gold", "chaos:Stun@E:a5", "chaos:Stun@E:h2"}}},
		{"after the last choice, the turn's player moves",
			twoOffers, []string{"E:h1E:h2", "E:b3E:a5", "E:a1E:a5", "offer:Fire,Gold", "chaos:Gold", "offer:Stun,Gold", "chaos:Gold"},
			want{side: "b", chaos: "", checkChaos: true, gold: [2]int{3, 3}, checkGold: true, has: []string{"E:h8E:g8"}}},
		// Checkers jumps.
		{"a jump over an ally to the empty square beyond; a second from there, not back over it",
			spec("", "w:J@c3 w:P@c4 w:K@a1 b:P@d6 b:K@h8", chaotic()), nil,
			want{has: []string{"c3c5", "c3c5e7", "c3d3"}, lacks: []string{"c3c5c3", "c3e5", "c3d4"}}},
		{"the enemy jumped is captured; the ally jumped stays",
			spec("", "w:J@c3 w:P@c4 w:K@a1 b:P@d6 b:K@h8", chaotic()), []string{"c3c5e7"},
			want{board: "w:J@e7 w:P@c4 w:K@a1 b:K@h8"}},
		{"no jump over a protected enemy, nor onto a piece",
			spec("", "w:J@c3 w:K@a1 b:P@d4 b:R@d8 b:P@b4 b:P@c4 b:P@c5 b:K@h8", chaotic()), nil,
			want{has: []string{"c3a5"}, lacks: []string{"c3e5", "c3c5"}}},
		{"a jump's landing meets its items",
			spec("", "w:J@c3 w:P@c4 w:K@a1 b:K@h8", chaotic(), laid("fire@c5")), []string{"c3c5"},
			want{board: "w:P@c4 w:K@a1 b:K@h8", items: "fire@c5=1"}},
		// Forced statuses.
		{"while a forced piece can move, the side's moves are only its moves",
			spec("", "w:R@a1 w:N@b1 w:K@e1 b:K@h8", chaotic(), given("berserk@b1=2")), nil,
			want{only: []string{"b1a3", "b1c3", "b1d2"}}},
		{"one is spent when the piece moves",
			spec("", "w:R@a1 w:N@b1 w:K@e1 b:K@h8", chaotic(), given("berserk@b1=2")), []string{"b1c3"},
			want{statuses: "berserk@c3=1", side: "b"}},
		{"the last one spent, the other pieces move again",
			spec("", "w:R@a1 w:N@b1 w:K@e1 b:K@h8", chaotic(), given("berserk@b1")), []string{"b1c3", "h8g8"},
			want{statuses: "", has: []string{"a1a2", "c3e4", "e1e2"}}},
		{"a forced piece with no move forces nothing",
			spec("", "w:R@a1 w:N@b1 w:K@e1 b:K@h8", chaotic(), given("berserk@b1 stunned@b1")), nil,
			want{has: []string{"a1a2", "e1e2"}, lacks: []string{"b1c3"}}},
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
			if got := p.Statuses(); (w.statuses != "" || w.check) && !maps.EqualFunc(got, lying(w.statuses), maps.Equal) {
				t.Errorf("statuses %v, want %v", got, lying(w.statuses))
			}
			if got := [2]int{p.Purse(0)["gold"], p.Purse(1)["gold"]}; w.checkGold && got != w.gold {
				t.Errorf("gold %v, want %v", got, w.gold)
			}
			if got := string("wb"[p.SideToMove()]); w.side != "" && got != w.side {
				t.Errorf("side to move %s, want %s", got, w.side)
			}
			if got := p.Chaos(); w.checkChaos && got != w.chaos {
				t.Errorf("chaos %q, want %q", got, w.chaos)
			}
			if got := p.Outcomes(); w.outcomes != nil && !maps.Equal(got, w.outcomes) {
				t.Errorf("outcomes %v, want %v", got, w.outcomes)
			}
			moves := p.Moves()
			if w.only != nil && !slices.Equal(moves, w.only) {
				t.Errorf("moves %v, want %v", moves, w.only)
			}
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
