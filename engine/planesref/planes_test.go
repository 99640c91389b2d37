package planesref

import (
	"maps"
	"testing"

	"balancefarm/engine/rules"
)

var (
	fire     = rules.Item{ID: "fire", Kill: rules.KillPass}
	lava     = rules.Item{ID: "lava", Kill: rules.KillEnter}
	ice      = rules.Item{ID: "ice", Slide: true}
	coin     = rules.Item{ID: "coin", Gain: map[string]int{"gold": 2}, Consumed: true, Stack: 3}
	gem      = rules.Item{ID: "gem", Gain: map[string]int{"gold": 1}} // not consumed
	gold     = rules.Resource{Name: "gold"}
	toHeaven = rules.Afterlife{From: []string{"E"}, To: "H"}
)

func immune(it rules.Item, ids ...string) rules.Item {
	it.Immune = ids
	return it
}

// TestRules plays each rule of PLANES.md's "What dies, is moved mean" and
// compares the whole position after: pieces, items, purses, ending.
func TestRules(t *testing.T) {
	noPurse := [2]map[string]int{{}, {}}
	cases := []struct {
		name   string
		spec   *rules.Spec
		moves  []string
		board  string // as pieces reads it
		items  string // as lying reads it
		purse  [2]map[string]int
		over   bool
		winner int
	}{
		// Afterlife.
		{"an Earth death goes to Heaven's same square",
			spec("E H", "w:R@E:a1 b:N@E:a5 b:N@E:h8", afterlives(toHeaven)),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@H:a5 b:N@E:h8", "", noPurse, false, -1},
		{"a piece an entry lists goes to that entry's board",
			spec("E H L", "w:R@E:a1 b:N@E:a5 b:N@E:h8",
				afterlives(rules.Afterlife{From: []string{"E"}, To: "L", Pieces: []string{"N"}}, toHeaven)),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@L:a5 b:N@E:h8", "", noPurse, false, -1},
		{"a piece the first entry does not list goes on to the next",
			spec("E H L", "w:R@E:a1 b:B@E:a5 b:N@E:h8",
				afterlives(rules.Afterlife{From: []string{"E"}, To: "L", Pieces: []string{"N"}}, toHeaven)),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:B@H:a5 b:N@E:h8", "", noPurse, false, -1},
		{"a death on the last board is removal",
			spec("E H", "w:R@H:a1 b:N@H:a5 b:N@E:h8", afterlives(toHeaven)),
			[]string{"H:a1H:a5"}, "w:R@H:a5 b:N@E:h8", "", noPurse, false, -1},
		{"a piece that dies with no afterlife is removed",
			spec("", "w:R@a1 b:N@a5 b:N@h8"),
			[]string{"a1a5"}, "w:R@a5 b:N@h8", "", noPurse, false, -1},
		// after_capture.
		{"a capture on an after_capture board moves the capturer",
			spec("E H", "w:R@H:a1 b:N@H:a5 b:N@E:h8", afterlives(toHeaven), func(s *rules.Spec) {
				s.Rules.AfterCapture = []rules.AfterCapture{{On: []string{"H"}, To: "E"}}
			}),
			[]string{"H:a1H:a5"}, "w:R@E:a5 b:N@E:h8", "", noPurse, false, -1},
		{"the moved capturer captures again where it arrives",
			spec("E H", "w:R@H:a1 b:N@H:a5 b:B@E:a5 b:N@E:h8", func(s *rules.Spec) {
				s.Rules.AfterCapture = []rules.AfterCapture{{On: []string{"H"}, To: "E"}}
			}),
			[]string{"H:a1H:a5"}, "w:R@E:a5 b:N@E:h8", "", noPurse, false, -1},
		// Arrival onto an ally.
		{"an afterlife arrival onto an ally kills the arriver",
			spec("E H", "w:R@E:a1 b:N@E:a5 b:B@H:a5 b:N@E:h8", afterlives(toHeaven)),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:B@H:a5 b:N@E:h8", "", noPurse, false, -1},
		{"the arriver killed on an ally goes on to its own afterlife",
			spec("E H L", "w:R@E:a1 b:N@E:a5 b:B@H:a5 b:N@E:h8",
				afterlives(toHeaven, rules.Afterlife{From: []string{"H"}, To: "L"})),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:B@H:a5 b:N@L:a5 b:N@E:h8", "", noPurse, false, -1},
		{"an afterlife arrival onto an enemy captures it",
			spec("E H", "w:R@E:a1 w:B@H:a5 b:N@E:a5 b:N@E:h8", afterlives(toHeaven)),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@H:a5 b:N@E:h8", "", noPurse, false, -1},
		// Fire: kill pass.
		{"a rook moved onto fire dies there",
			spec("", "w:R@a1 b:N@h8", withItems([]rules.Item{fire}, "fire@a4")),
			[]string{"a1a4"}, "b:N@h8", "fire@a4=1", noPurse, false, -1},
		{"a rook that dies on Earth's fire goes to Heaven",
			spec("E H", "w:R@E:a1 b:N@E:h8", afterlives(toHeaven), withItems([]rules.Item{fire}, "fire@E:a4")),
			[]string{"E:a1E:a4"}, "w:R@H:a4 b:N@E:h8", "fire@E:a4=1", noPurse, false, -1},
		{"a knight moved onto fire dies there",
			spec("", "w:N@b1 b:N@h8", withItems([]rules.Item{fire}, "fire@c3")),
			[]string{"b1c3"}, "b:N@h8", "fire@c3=1", noPurse, false, -1},
		{"a piece immune to fire stands on it",
			spec("", "w:R@a1 b:N@h8", withItems([]rules.Item{immune(fire, "R")}, "fire@a4")),
			[]string{"a1a4"}, "w:R@a4 b:N@h8", "fire@a4=1", noPurse, false, -1},
		{"capturing a piece that stands on fire kills the capturer",
			spec("", "w:R@a1 w:K@h1 b:Q@a8 b:N@h8", withItems([]rules.Item{immune(fire, "R")}, "fire@a4")),
			[]string{"a1a4", "a8a4"}, "w:K@h1 b:N@h8", "fire@a4=1", noPurse, false, -1},
		// Ice: slide.
		{"a knight on ice jumps once more",
			spec("", "w:N@b1 b:N@h8", withItems([]rules.Item{ice}, "ice@c3")),
			[]string{"b1c3"}, "w:N@d5 b:N@h8", "ice@c3=1", noPurse, false, -1},
		{"a rook on ice slides one more square",
			spec("", "w:R@a1 b:N@h8", withItems([]rules.Item{ice}, "ice@a4")),
			[]string{"a1a4"}, "w:R@a5 b:N@h8", "ice@a4=1", noPurse, false, -1},
		{"ice after ice slides on again",
			spec("", "w:R@a1 b:N@h8", withItems([]rules.Item{ice}, "ice@a4 ice@a5")),
			[]string{"a1a4"}, "w:R@a6 b:N@h8", "ice@a4=1 ice@a5=1", noPurse, false, -1},
		{"a slide off the board removes the piece",
			spec("E H", "w:R@E:a1 b:N@E:h8", afterlives(toHeaven), withItems([]rules.Item{ice}, "ice@E:a8")),
			[]string{"E:a1E:a8"}, "b:N@E:h8", "ice@E:a8=1", noPurse, false, -1},
		{"a slide onto an ally kills the slider",
			spec("", "w:R@a1 w:B@a5 b:N@h8", withItems([]rules.Item{ice}, "ice@a4")),
			[]string{"a1a4"}, "w:B@a5 b:N@h8", "ice@a4=1", noPurse, false, -1},
		{"a slide onto an enemy captures it",
			spec("", "w:R@a1 b:B@a5 b:N@h8", withItems([]rules.Item{ice}, "ice@a4")),
			[]string{"a1a4"}, "w:R@a5 b:N@h8", "ice@a4=1", noPurse, false, -1},
		{"a piece immune to ice stands on it",
			spec("", "w:R@a1 b:N@h8", withItems([]rules.Item{immune(ice, "R")}, "ice@a4")),
			[]string{"a1a4"}, "w:R@a4 b:N@h8", "ice@a4=1", noPurse, false, -1},
		{"an afterlife arrival on ice is not moved on",
			spec("E H", "w:R@E:a1 b:N@E:a5 b:N@E:h8", afterlives(toHeaven), withItems([]rules.Item{ice}, "ice@H:a5")),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@H:a5 b:N@E:h8", "ice@H:a5=1", noPurse, false, -1},
		{"a pawn promotes, then the ice moves the queen one square on",
			spec("", "w:P@e7 b:N@h8", withItems([]rules.Item{ice}, "ice@e8"), func(s *rules.Spec) {
				s.Board.Height = 9
				s.Rules.Promotion = rules.Promotions{{Piece: "P", Ranks: []int{7}, To: []string{"Q"}}}
			}),
			[]string{"e7e8=Q"}, "w:Q@e9 b:N@h8", "ice@e8=1", noPurse, false, -1},
		{"consumed ice moves the piece on once and melts",
			spec("", "w:R@a1 b:N@h8", withItems([]rules.Item{{ID: "ice", Slide: true, Consumed: true}}, "ice@a4")),
			[]string{"a1a4"}, "w:R@a5 b:N@h8", "", noPurse, false, -1},
		{"consumed ice an afterlife arrival stands on has not acted and stays",
			spec("E H", "w:R@E:a1 b:N@E:a5 b:N@E:h8", afterlives(toHeaven),
				withItems([]rules.Item{{ID: "ice", Slide: true, Consumed: true}}, "ice@H:a5")),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@H:a5 b:N@E:h8", "ice@H:a5=1", noPurse, false, -1},
		{"a consumed trap kills once and is gone",
			spec("", "w:R@a1 w:K@h1 b:N@h8", withItems([]rules.Item{{ID: "trap", Kill: rules.KillEnter, Consumed: true}}, "trap@a4")),
			[]string{"a1a4"}, "w:K@h1 b:N@h8", "", noPurse, false, -1},
		{"a kill before a slide: the piece dies and the consumed ice stays",
			spec("", "w:R@a1 w:K@h1 b:N@h8", withItems([]rules.Item{{ID: "ice", Slide: true, Consumed: true}, lava}, "ice@a4 lava@a4")),
			[]string{"a1a4"}, "w:K@h1 b:N@h8", "ice@a4=1 lava@a4=1", noPurse, false, -1},
		// Coins: gain, consumed, stack.
		{"three coins pay three times and vanish",
			spec("", "w:R@a1 b:N@h8", resources(gold), withItems([]rules.Item{coin}, "coin@a4 coin@a4 coin@a4")),
			[]string{"a1a4"}, "w:R@a4 b:N@h8", "", [2]map[string]int{{"gold": 6}, {"gold": 0}}, false, -1},
		{"an item not consumed stays and pays again",
			spec("", "w:R@a1 b:N@h8", resources(gold), withItems([]rules.Item{gem}, "gem@a4")),
			[]string{"a1a4", "h8g6", "a4b4", "g6h8", "b4a4"}, "w:R@a4 b:N@h8", "gem@a4=1",
			[2]map[string]int{{"gold": 2}, {"gold": 0}}, false, -1},
		{"a slide over coins picks none up",
			spec("", "w:R@a1 b:N@h8", resources(gold), withItems([]rules.Item{coin}, "coin@a4")),
			[]string{"a1a6"}, "w:R@a6 b:N@h8", "coin@a4=1", [2]map[string]int{{"gold": 0}, {"gold": 0}}, false, -1},
		{"a piece immune to coins leaves them",
			spec("", "w:R@a1 b:N@h8", resources(gold), withItems([]rules.Item{immune(coin, "R")}, "coin@a4")),
			[]string{"a1a4"}, "w:R@a4 b:N@h8", "coin@a4=1", [2]map[string]int{{"gold": 0}, {"gold": 0}}, false, -1},
		{"a gain beyond max is lost",
			spec("", "w:R@a1 b:N@h8", resources(rules.Resource{Name: "gold", Start: 3, Max: 7}),
				withItems([]rules.Item{coin}, "coin@a4 coin@a4 coin@a4")),
			[]string{"a1a4"}, "w:R@a4 b:N@h8", "", [2]map[string]int{{"gold": 7}, {"gold": 3}}, false, -1},
		{"the coins pay the owner of a black piece",
			spec("", "w:R@a1 b:N@h8", resources(gold), withItems([]rules.Item{coin}, "coin@g6")),
			[]string{"a1a2", "h8g6"}, "w:R@a2 b:N@g6", "", [2]map[string]int{{"gold": 0}, {"gold": 2}}, false, -1},
		{"gain, then the kill: coins on lava pay the piece that dies",
			spec("", "w:R@a1 b:N@h8", resources(gold), withItems([]rules.Item{lava, coin}, "lava@a4 coin@a4")),
			[]string{"a1a4"}, "b:N@h8", "lava@a4=1", [2]map[string]int{{"gold": 2}, {"gold": 0}}, false, -1},
		{"coins pay the owner of a piece the afterlife sets on them",
			spec("E H", "w:R@E:a1 b:N@E:a5 b:N@E:h8", afterlives(toHeaven), resources(gold),
				withItems([]rules.Item{coin}, "coin@H:a5")),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@H:a5 b:N@E:h8", "", [2]map[string]int{{"gold": 0}, {"gold": 2}}, false, -1},
		// Income.
		{"round income: both players after the first player's turn",
			spec("", "w:R@a1 b:N@h8", resources(rules.Resource{Name: "gold", Income: &rules.Income{Amount: 1}})),
			[]string{"a1a2", "h8g6", "a2a3"}, "w:R@a3 b:N@g6", "", [2]map[string]int{{"gold": 2}, {"gold": 2}}, false, -1},
		{"turn income: the mover after each turn",
			spec("", "w:R@a1 b:N@h8", resources(rules.Resource{Name: "mana", Start: 5, Income: &rules.Income{Amount: 2, After: rules.IncomeTurn}})),
			[]string{"a1a2", "h8g6", "a2a3"}, "w:R@a3 b:N@g6", "", [2]map[string]int{{"mana": 9}, {"mana": 7}}, false, -1},
		{"income stops at max",
			spec("", "w:R@a1 b:N@h8", resources(rules.Resource{Name: "gold", Max: 1, Income: &rules.Income{Amount: 1}})),
			[]string{"a1a2", "h8g6", "a2a3"}, "w:R@a3 b:N@g6", "", [2]map[string]int{{"gold": 1}, {"gold": 1}}, false, -1},
		// Presence.
		{"none left on board E: a loss",
			spec("E H", "w:R@E:a1 b:N@E:a5 b:N@H:h8", func(s *rules.Spec) {
				s.Rules.Presence = []rules.Presence{{Boards: []string{"E"}}}
			}),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@H:h8", "", noPurse, true, 0},
		{"both players with none on E at once: a draw",
			spec("E H", "w:R@E:a1 b:N@E:a5 b:N@H:h8", func(s *rules.Spec) {
				s.Rules.Presence = []rules.Presence{{Boards: []string{"E"}}}
				s.Rules.AfterCapture = []rules.AfterCapture{{On: []string{"E"}, To: "H"}}
			}),
			[]string{"E:a1E:a5"}, "w:R@H:a5 b:N@H:h8", "", noPurse, true, -1},
		{"presence of listed pieces, result win",
			spec("", "w:R@a1 w:N@h1 b:N@a5 b:B@h8", func(s *rules.Spec) {
				s.Rules.Presence = []rules.Presence{{Pieces: []string{"N"}, Result: "win"}}
			}),
			[]string{"a1a5"}, "w:R@a5 w:N@h1 b:B@h8", "", noPurse, true, 1},
		// Royal capture and the afterlife.
		{"a king sent to Heaven is not lost",
			spec("E H", "w:R@E:a1 w:K@E:h1 b:K@E:a5", afterlives(toHeaven), func(s *rules.Spec) { s.Rules.Win = rules.WinRoyalCapture }),
			[]string{"E:a1E:a5"}, "w:R@E:a5 w:K@E:h1 b:K@H:a5", "", noPurse, false, -1},
		{"a king removed is lost",
			spec("E H", "w:R@H:a1 w:K@E:h1 b:K@H:a5", afterlives(toHeaven), func(s *rules.Spec) { s.Rules.Win = rules.WinRoyalCapture }),
			[]string{"H:a1H:a5"}, "w:R@H:a5 w:K@E:h1", "", noPurse, true, 0},
		// The ply limit.
		{"max_plies: a draw at the limit",
			spec("", "w:R@a1 b:N@h8", func(s *rules.Spec) { s.Rules.MaxPlies = intp(2) }),
			[]string{"a1a2", "h8g6"}, "w:R@a2 b:N@g6", "", noPurse, true, -1},
		{"max_plies: one short of the limit plays on",
			spec("", "w:R@a1 b:N@h8", func(s *rules.Spec) { s.Rules.MaxPlies = intp(3) }),
			[]string{"a1a2", "h8g6"}, "w:R@a2 b:N@g6", "", noPurse, false, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := after(t, c.spec, c.moves)
			if got, want := p.Board(), pieces(c.board); !maps.Equal(got, want) {
				t.Errorf("board %v, want %v", got, want)
			}
			if got, want := p.Items(), lying(c.items); !maps.EqualFunc(got, want, maps.Equal) {
				t.Errorf("items %v, want %v", got, want)
			}
			for s := 0; s < 2; s++ {
				if got := p.Purse(s); !maps.Equal(got, c.purse[s]) {
					t.Errorf("purse %d %v, want %v", s, got, c.purse[s])
				}
			}
			if over, winner := p.Over(); over != c.over || winner != c.winner {
				t.Errorf("over %v winner %d, want %v %d", over, winner, c.over, c.winner)
			}
		})
	}
}
