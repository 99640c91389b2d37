package planesref

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

var (
	murderer    = rules.Status{Name: "murderer", Afterlife: []rules.StatusAfterlife{{From: []string{"E", "H"}, To: "L"}}}
	experienced = rules.Status{Name: "experienced", Upgrade: true}
	stunned     = rules.Status{Name: "stunned", Stack: 2, Frozen: true, WearsOff: rules.WearsOffTurn}
	hat         = rules.Status{Name: "hat", Immune: []string{"fire", "ice"}}
	investor    = rules.Status{Name: "investor", Stack: 3, Income: map[string]int{"gold": 2}}
	kills       = rules.Status{Name: "kills", Stack: 2} // a marker on_capture counts
	// all is every status above for games on boards; flat the same for one
	// board, its murderer a marker with no afterlife.
	all  = []rules.Status{murderer, experienced, stunned, hat, investor, kills}
	flat = []rules.Status{{Name: "murderer"}, experienced, stunned, hat, investor, kills}
)

// withStatuses declares statuses and gives them out: "hat@a1 stunned@a1=2".
// It declares fire and ice, which hat names, and gold, which investor
// pays, where the game has not (edit the items and resources first).
func withStatuses(decl []rules.Status, given string) func(*rules.Spec) {
	return func(s *rules.Spec) {
		s.Statuses = decl
		for _, it := range []rules.Item{fire, ice} {
			if !slices.ContainsFunc(s.Items, func(had rules.Item) bool { return had.ID == it.ID }) {
				s.Items = append(s.Items, it)
			}
		}
		if !slices.ContainsFunc(s.Resources, func(had rules.Resource) bool { return had.Name == gold.Name }) {
			s.Resources = append(s.Resources, gold)
		}
		for _, f := range strings.Fields(given) {
			name, rest, _ := strings.Cut(f, "@")
			sq, n, _ := strings.Cut(rest, "=")
			sp := rules.StatusPlacement{Status: name, Squares: []string{sq}}
			if n != "" {
				sp.Count = int(n[0] - '0')
			}
			s.Setup.Statuses = append(s.Setup.Statuses, sp)
		}
	}
}

func onCapture(names ...string) func(*rules.Spec) {
	return func(s *rules.Spec) { s.Rules.OnCapture = &rules.OnCapture{Gain: names} }
}

// upgrading gives piece id (an id of army()) its upgrades.
func upgrading(id string, kinds []string, statuses ...string) func(*rules.Spec) {
	return func(s *rules.Spec) {
		for i := range s.Pieces {
			if s.Pieces[i].ID == id {
				s.Pieces[i].Upgrades = &rules.Upgrades{Pieces: kinds, Statuses: statuses}
			}
		}
	}
}

// TestStatuses plays each rule of PLANES.md's schema 37 part and compares
// the pieces, their statuses and the purses after.
func TestStatuses(t *testing.T) {
	noPurse := [2]map[string]int{{"gold": 0}, {"gold": 0}}
	cases := []struct {
		name     string
		spec     *rules.Spec
		moves    []string
		board    string // as pieces reads it
		statuses string // as lying reads it
		purse    [2]map[string]int
	}{
		{"setup.statuses: the pieces start with them, as written",
			spec("", "w:R@a1 b:N@h8", withStatuses(flat, "hat@a1 investor@h8=3")),
			nil, "w:R@a1 b:N@h8", "hat@a1=1 investor@h8=3", noPurse},
		// Afterlives.
		{"a murderer goes to Hell, not Heaven",
			spec("E H L", "w:R@E:a1 b:N@E:a5 b:N@E:h8", afterlives(toHeaven), withStatuses(all, "murderer@E:a5")),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@L:a5 b:N@E:h8", "murderer@L:a5=1", noPurse},
		{"a status's afterlife comes before an entry listing the kind",
			spec("E H L", "w:R@E:a1 b:N@E:a5 b:N@E:h8",
				afterlives(rules.Afterlife{From: []string{"E"}, To: "H", Pieces: []string{"N"}}), withStatuses(all, "murderer@E:a5")),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@L:a5 b:N@E:h8", "murderer@L:a5=1", noPurse},
		{"statuses in statuses[] order: the first with an afterlife from the board wins",
			spec("E H L", "w:R@E:a1 b:N@E:a5 b:N@E:h8", withStatuses(
				[]rules.Status{{Name: "saint", Afterlife: []rules.StatusAfterlife{{From: []string{"E"}, To: "H"}}}, murderer},
				"murderer@E:a5 saint@E:a5")),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@H:a5 b:N@E:h8", "murderer@H:a5=1 saint@H:a5=1", noPurse},
		{"a status with no afterlife from the board leaves it to rules.afterlife",
			spec("E H L", "w:R@L:a1 b:N@L:a5 b:N@E:h8", afterlives(rules.Afterlife{From: []string{"L"}, To: "H"}),
				withStatuses(all, "murderer@L:a5")),
			[]string{"L:a1L:a5"}, "w:R@L:a5 b:N@H:a5 b:N@E:h8", "murderer@H:a5=1", noPurse},
		{"statuses go to Heaven with their piece",
			spec("E H L", "w:R@E:a1 b:N@E:a5 b:N@E:h8", afterlives(toHeaven), withStatuses(all, "hat@E:a5 kills@E:a5=2")),
			[]string{"E:a1E:a5"}, "w:R@E:a5 b:N@H:a5 b:N@E:h8", "hat@H:a5=1 kills@H:a5=2", noPurse},
		{"a piece removed from the game loses its statuses",
			spec("", "w:R@a1 b:N@a5 b:N@h8", withStatuses(flat, "hat@a5")),
			[]string{"a1a5"}, "w:R@a5 b:N@h8", "", noPurse},
		{"statuses go with a piece an ice slide moves on",
			spec("", "w:R@a1 b:N@h8", withItems([]rules.Item{ice}, "ice@a4"), withStatuses(flat, "kills@a1=2")),
			[]string{"a1a4"}, "w:R@a5 b:N@h8", "kills@a5=2", noPurse},
		// Captures: rules.on_capture and upgrades.
		{"experience on the first capture",
			spec("", "w:R@a1 b:N@a5 b:N@h8", withStatuses(flat, ""), onCapture("experienced")),
			[]string{"a1a5"}, "w:R@a5 b:N@h8", "experienced@a5=1", noPurse},
		{"on_capture gains up to the stack",
			spec("", "w:R@a1 b:N@a3 b:B@a5 b:B@a7 b:K@h8", withStatuses(flat, ""), onCapture("kills")),
			[]string{"a1a3", "h8g8", "a3a5", "g8h8", "a5a7"}, "w:R@a7 b:K@h8", "kills@a7=2", noPurse},
		{"a move without a capture gains nothing",
			spec("", "w:R@a1 b:N@h8", withStatuses(flat, ""), onCapture("kills")),
			[]string{"a1a5"}, "w:R@a5 b:N@h8", "", noPurse},
		{"a capture made by an ice slide is not the move's own: nothing gained",
			spec("", "w:R@a1 b:B@a5 b:N@h8", withItems([]rules.Item{ice}, "ice@a4"), withStatuses(flat, ""), onCapture("kills")),
			[]string{"a1a4"}, "w:R@a5 b:N@h8", "", noPurse},
		{"an upgrade to a kind keeps the other statuses",
			spec("", "w:R@a1 b:N@a5 b:N@h8", withStatuses(flat, "experienced@a1 hat@a1"), upgrading("R", []string{"Q"}, "murderer")),
			[]string{"a1a5=Q"}, "w:Q@a5 b:N@h8", "hat@a5=1", noPurse},
		{"an upgrade to a status spends the upgrade and gains the status",
			spec("", "w:R@a1 b:N@a5 b:N@h8", withStatuses(flat, "experienced@a1"), upgrading("R", []string{"Q"}, "murderer")),
			[]string{"a1a5^murderer"}, "w:R@a5 b:N@h8", "murderer@a5=1", noPurse},
		{"an upgrade gains no on_capture status",
			spec("", "w:R@a1 b:N@a5 b:N@h8", withStatuses(flat, "experienced@a1"), upgrading("R", nil, "hat"), onCapture("experienced")),
			[]string{"a1a5^hat"}, "w:R@a5 b:N@h8", "hat@a5=1", noPurse},
		{"a status gained by an upgrade stops at its stack",
			spec("", "w:R@a1 b:N@a5 b:N@h8", withStatuses(flat, "experienced@a1 kills@a1=2"), upgrading("R", nil, "kills")),
			[]string{"a1a5^kills"}, "w:R@a5 b:N@h8", "kills@a5=2", noPurse},
		{"a kind with no upgrades just spends the status on a capture",
			spec("", "w:R@a1 b:N@a5 b:N@h8", withStatuses(flat, "experienced@a1"), onCapture("kills")),
			[]string{"a1a5"}, "w:R@a5 b:N@h8", "", noPurse},
		{"an upgraded piece's next capture gains on_capture again",
			spec("", "w:R@a1 b:N@a5 b:B@h5 b:K@h8", withStatuses(flat, "experienced@a1"), upgrading("R", nil, "hat"), onCapture("experienced")),
			[]string{"a1a5^hat", "h8g8", "a5h5"}, "w:R@h5 b:K@g8", "hat@h5=1 experienced@h5=1", noPurse},
		{"a promotion that is no upgrade spends the upgrade status too, and gains nothing",
			spec("", "w:P@e7 b:N@d8 b:N@h1", withStatuses(flat, "experienced@e7 hat@e7"), upgrading("P", []string{"Q"}, "hat"),
				onCapture("kills"), func(s *rules.Spec) {
					s.Rules.Promotion = rules.Promotions{{Piece: "P", To: []string{"Q", "N"}}}
				}),
			[]string{"e7d8=N"}, "w:N@d8 b:N@h1", "hat@d8=1", noPurse},
		// Stun: frozen, worn off one at the end of each of its owner's turns.
		{"a stun gained in a turn wears off at its end",
			spec("", "w:R@a1 b:N@a5 b:N@h8", withStatuses(flat, "experienced@a1"), upgrading("R", nil, "stunned")),
			[]string{"a1a5^stunned"}, "w:R@a5 b:N@h8", "", noPurse},
		{"a stun counts down at its owner's turn end only",
			spec("", "w:R@a1 w:K@h1 b:N@h8", withStatuses(flat, "stunned@a1=2")),
			[]string{"h1g1"}, "w:R@a1 w:K@g1 b:N@h8", "stunned@a1=1", noPurse},
		{"a stun does not count down at the other player's turn end",
			spec("", "w:R@a1 w:K@h1 b:N@h8", withStatuses(flat, "stunned@a1=2")),
			[]string{"h1g1", "h8g6"}, "w:R@a1 w:K@g1 b:N@g6", "stunned@a1=1", noPurse},
		{"a black stun counts down at black's turn end",
			spec("", "w:K@h1 b:N@h8 b:R@a8", withStatuses(flat, "stunned@a8")),
			[]string{"h1g1", "h8g6"}, "w:K@g1 b:N@g6 b:R@a8", "", noPurse},
		// Immunities.
		{"a hat stands on ice",
			spec("", "w:R@a1 b:N@h8", withItems([]rules.Item{ice}, "ice@a4"), withStatuses(flat, "hat@a1")),
			[]string{"a1a4"}, "w:R@a4 b:N@h8", "hat@a4=1", noPurse},
		{"a hat stands on fire",
			spec("", "w:R@a1 b:N@h8", withItems([]rules.Item{fire}, "fire@a4"), withStatuses(flat, "hat@a1")),
			[]string{"a1a4"}, "w:R@a4 b:N@h8", "hat@a4=1", noPurse},
		{"a hat is not immune to lava",
			spec("", "w:R@a1 w:K@h1 b:N@h8", withItems([]rules.Item{lava}, "lava@a4"), withStatuses(flat, "hat@a1")),
			[]string{"a1a4"}, "w:K@h1 b:N@h8", "", noPurse},
		// Income per status count.
		{"investors pay per count with the round income, to both players",
			spec("", "w:R@a1 w:N@b1 b:N@h8", resources(rules.Resource{Name: "gold", Income: &rules.Income{Amount: 1}}),
				withStatuses(flat, "investor@a1=2 investor@b1 investor@h8=3")),
			[]string{"a1a2"}, "w:R@a2 w:N@b1 b:N@h8", "investor@a2=2 investor@b1=1 investor@h8=3",
			[2]map[string]int{{"gold": 7}, {"gold": 7}}},
		{"round income: nothing after the second player's turn",
			spec("", "w:R@a1 b:N@h8", resources(rules.Resource{Name: "gold", Income: &rules.Income{Amount: 1}}),
				withStatuses(flat, "investor@a1 investor@h8")),
			[]string{"a1a2", "h8g6"}, "w:R@a2 b:N@g6", "investor@a2=1 investor@g6=1",
			[2]map[string]int{{"gold": 3}, {"gold": 3}}},
		{"turn income: the mover's investors only",
			spec("", "w:R@a1 b:N@h8", resources(rules.Resource{Name: "gold", Income: &rules.Income{Amount: 1, After: rules.IncomeTurn}}),
				withStatuses(flat, "investor@a1=3 investor@h8")),
			[]string{"a1a2", "h8g6"}, "w:R@a2 b:N@g6", "investor@a2=3 investor@g6=1",
			[2]map[string]int{{"gold": 7}, {"gold": 3}}},
		{"a resource with no income pays its statuses as round",
			spec("", "w:R@a1 b:N@h8", resources(gold), withStatuses(flat, "investor@a1 investor@h8=2")),
			[]string{"a1a2", "h8g6"}, "w:R@a2 b:N@g6", "investor@a2=1 investor@g6=2",
			[2]map[string]int{{"gold": 2}, {"gold": 4}}},
		{"status income stops at max",
			spec("", "w:R@a1 b:N@h8", resources(rules.Resource{Name: "gold", Max: 5}), withStatuses(flat, "investor@a1=3")),
			[]string{"a1a2"}, "w:R@a2 b:N@h8", "investor@a2=3", [2]map[string]int{{"gold": 5}, {"gold": 0}}},
		{"a wearing status wears off before the turn's income",
			spec("", "w:R@a1 b:N@h8", resources(gold), withStatuses(
				[]rules.Status{{Name: "loan", Stack: 2, WearsOff: rules.WearsOffTurn, Income: map[string]int{"gold": 5}}}, "loan@a1=2")),
			[]string{"a1a2"}, "w:R@a2 b:N@h8", "loan@a2=1", [2]map[string]int{{"gold": 5}, {"gold": 0}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := after(t, c.spec, c.moves)
			if got, want := p.Board(), pieces(c.board); !maps.Equal(got, want) {
				t.Errorf("board %v, want %v", got, want)
			}
			if got, want := p.Statuses(), lying(c.statuses); !maps.EqualFunc(got, want, maps.Equal) {
				t.Errorf("statuses %v, want %v", got, want)
			}
			for s := 0; s < 2; s++ {
				if got := p.Purse(s); !maps.Equal(got, c.purse[s]) {
					t.Errorf("purse %d %v, want %v", s, got, c.purse[s])
				}
			}
		})
	}
}

// TestStatusMoves checks whole move lists where a status decides them.
func TestStatusMoves(t *testing.T) {
	promoteQN := func(s *rules.Spec) {
		s.Rules.Promotion = rules.Promotions{{Piece: "P", To: []string{"Q", "N"}}}
	}
	cases := []struct {
		name  string
		spec  *rules.Spec
		moves []string // played first
		want  string   // the list, space-separated
	}{
		{"upgrade choices replace the plain capture",
			spec("", "w:R@a1 b:N@a3 b:N@c1", withStatuses(flat, "experienced@a1"), upgrading("R", []string{"Q", "N"}, "hat", "murderer")),
			nil, "a1a2 a1a3=N a1a3=Q a1a3^hat a1a3^murderer a1b1 a1c1=N a1c1=Q a1c1^hat a1c1^murderer"},
		{"without an upgrade status the capture is plain",
			spec("", "w:R@a1 b:N@a3 b:N@c1", withStatuses(flat, "hat@a1"), upgrading("R", []string{"Q"}, "hat")),
			nil, "a1a2 a1a3 a1b1 a1c1"},
		{"a kind with no upgrades keeps its plain capture",
			spec("", "w:R@a1 b:N@a3 b:N@c1", withStatuses(flat, "experienced@a1")),
			nil, "a1a2 a1a3 a1b1 a1c1"},
		{"a pawn capturing onto its promotion rank: the promotions and the upgrades, =Q once",
			spec("", "w:P@e7 b:N@d8 b:N@h1", withStatuses(flat, "experienced@e7"), upgrading("P", []string{"Q", "R"}, "hat"), promoteQN),
			nil, "e7d8=N e7d8=Q e7d8=R e7d8^hat e7e8=N e7e8=Q"},
		{"a stunned piece makes no move",
			spec("", "w:R@a1 w:K@h1 b:N@h8", withStatuses(flat, "stunned@a1=2")),
			nil, "h1g1 h1g2 h1h2"},
		{"still stunned after its owner's first turn",
			spec("", "w:R@a1 w:K@h1 b:N@h8", withStatuses(flat, "stunned@a1=2")),
			[]string{"h1g1", "h8g6"}, "g1f1 g1f2 g1g2 g1h1 g1h2"},
		{"free after its owner's second turn",
			spec("", "w:R@a1 w:K@h1 b:N@h8", withStatuses(flat, "stunned@a1=2")),
			[]string{"h1g1", "h8g6", "g1h1", "g6h8"},
			"a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 a1f1 a1g1 h1g1 h1g2 h1h2"},
		{"a hat slides past fire",
			spec("", "w:R@a1 w:K@b1 b:N@h8", withItems([]rules.Item{fire}, "fire@a4"), withStatuses(flat, "hat@a1")),
			nil, "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a2 b1b2 b1c1 b1c2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := after(t, c.spec, c.moves)
			want := strings.Fields(c.want)
			slices.Sort(want)
			if got := p.Moves(); !slices.Equal(got, want) {
				t.Errorf("moves %v, want %v", got, want)
			}
		})
	}
}

// TestStunnedArmy: a player whose every piece is frozen has no move, and
// rules.stalemate decides.
func TestStunnedArmy(t *testing.T) {
	p := after(t, spec("", "w:R@a1 b:N@h8", withStatuses([]rules.Status{stunned}, "stunned@a1"),
		func(s *rules.Spec) { s.Rules.Stalemate = "loss" }), nil)
	if over, winner := p.Over(); !over || winner != 1 {
		t.Errorf("over %v winner %d, want a loss for the stunned player", over, winner)
	}
}

// TestNewRefusesStatuses: setup.statuses on no piece, or above the stack,
// is an error.
func TestNewRefusesStatuses(t *testing.T) {
	cases := []struct {
		name  string
		given string
		want  string
	}{
		{"a status on an empty square", "hat@d4", "no piece on d4"},
		{"a count above the stack", "stunned@a1=3", "more than the stack"},
		{"a square written twice above the stack", "hat@a1 hat@a1", "more than the stack"},
		{"a status not declared", "halo@a1", "no status"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := New(spec("", "w:R@a1 b:N@h8", withStatuses(flat, c.given)))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error naming %q", err, c.want)
			}
		})
	}
}
