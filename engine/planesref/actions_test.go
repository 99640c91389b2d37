package planesref

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

var (
	cursed = rules.Status{Name: "cursed", Hazard: 0.25}
	gate   = rules.Status{Name: "gate", Stack: 2, Portal: true}
	double = rules.Status{Name: "double", ExtraMove: &rules.ExtraMove{Cost: map[string]int{"gold": 1}}}
	wazir  = []rules.Move{{Kind: rules.KindLeap, Vectors: vecs([2]int{1, 0}), Symmetry: rules.SymRotate4}}
	// The new kinds of schemas 39 and 40, beside army()'s.
	newKinds = []rules.Piece{
		{ID: "A", Moves: []rules.Move{ // the archer: shoots two squares off, leaps to the corners
			{Kind: rules.KindLeap, Vectors: vecs([2]int{2, 0}), Symmetry: rules.SymRotate4, Mode: rules.ModeCapture, Shoot: true},
			{Kind: rules.KindLeap, Squares: []string{"a1", "h1", "a8", "h8"}, Mode: rules.ModeMove}}},
		{ID: "G", Moves: wazir, Protects: &rules.Protects{Pieces: []string{"N"}, Where: rules.GuardAdjacent}},
		{ID: "X", Moves: []rules.Move{{Kind: rules.KindLeap, Vectors: vecs([2]int{0, 1}, [2]int{1, 1}, [2]int{-1, 1})}},
			OnDeath: &rules.OnDeath{Item: "fire"}, DiesOn: &rules.DiesOn{Rank: "last"}},
		{ID: "W", Moves: []rules.Move{{Kind: rules.KindSlide, Vectors: vecs([2]int{1, 1}), Symmetry: rules.SymRotate4, Range: intp(2)}},
			AfterMove: &rules.AfterMove{Items: []string{"fire", "ice"}}},
		{ID: "M", Moves: wazir, Raises: &rules.Raises{From: "H", To: "E", Status: "stunned"}},
		{ID: "I", Moves: []rules.Move{{Kind: rules.KindLeap, Vectors: vecs([2]int{1, 0}, [2]int{1, 1}), Symmetry: rules.SymRotate4}},
			Neutral: &rules.Neutral{}},
		{ID: "Y", Moves: wazir, Neutral: &rules.Neutral{MovedBy: rules.MovedByMost, Resource: "gold"}},
	}
)

// powers declares the new kinds, the rook guarding pawns on its lines,
// fire and ice that cancel each other, coins, gold (each player starting
// with start), and stunned and the statuses decl.
func powers(start int, decl ...rules.Status) func(*rules.Spec) {
	return func(s *rules.Spec) {
		for _, k := range newKinds {
			if k.Raises == nil || len(s.Boards) > 0 { // the warlock needs Heaven and Earth
				s.Pieces = append(s.Pieces, k)
			}
		}
		for i := range s.Pieces {
			if s.Pieces[i].ID == "R" {
				s.Pieces[i].Protects = &rules.Protects{Pieces: []string{"P"}}
			}
		}
		iceCancels := ice
		iceCancels.Cancels = []string{"fire"}
		s.Items = []rules.Item{fire, iceCancels, coin}
		s.Resources = []rules.Resource{{Name: "gold", Start: start}}
		s.Statuses = append([]rules.Status{stunned}, decl...)
	}
}

// neutralAt lays neutral pieces: "I@d4 Y@E:e4".
func neutralAt(laid string) func(*rules.Spec) {
	return func(s *rules.Spec) {
		for _, f := range strings.Fields(laid) {
			id, sq, _ := strings.Cut(f, "@")
			s.Setup.Neutral = append(s.Setup.Neutral, rules.NeutralPlacement{Piece: id, Squares: []string{sq}})
		}
	}
}

// given adds setup statuses: "gate@E:a1=2".
func given(list string) func(*rules.Spec) {
	return func(s *rules.Spec) {
		for _, f := range strings.Fields(list) {
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

func laid(list string) func(*rules.Spec) {
	return func(s *rules.Spec) {
		for _, f := range strings.Fields(list) {
			id, sq, _ := strings.Cut(f, "@")
			s.Setup.Items = append(s.Setup.Items, rules.ItemPlacement{Item: id, Squares: []string{sq}})
		}
	}
}

// shop is a market of gold: a hat for one's own piece (2), fire on a
// square with no piece (1), three gold (0), the first open cards unlocked
// at the start.
func shop(open int) func(*rules.Spec) {
	return func(s *rules.Spec) {
		s.Statuses = append(s.Statuses, hat)
		s.Rules.Market = &rules.Market{Resource: "gold", Open: open, Step: intp(2), Cards: []rules.Card{
			{Name: "Hat", Price: 2, Effect: rules.CardEffect{Status: "hat", On: rules.TargetOwn}},
			{Name: "Fire", Price: 1, Effect: rules.CardEffect{Item: "fire", On: rules.TargetUnoccupied}},
			{Name: "Gold", Price: 0, Effect: rules.CardEffect{Gain: map[string]int{"gold": 3}}},
		}}
	}
}

// TestActions plays each rule of PLANES.md's schemas 38 to 40 and
// compares what it changes. Every want field left empty is not looked at.
func TestActions(t *testing.T) {
	type want struct {
		board, items, statuses string // as pieces and lying read them ("" with check: none)
		check                  bool   // compare board, items and statuses even when empty
		purse                  [2]int // gold, when checkPurse
		checkPurse             bool
		side                   string // "w" or "b", the player to move
		market, again, ban     string
		outcomes               map[string]int
		has, lacks             []string // moves listed, and not
	}
	cases := []struct {
		name  string
		spec  *rules.Spec
		moves []string
		want  want
	}{
		// Schema 38: the market and chance.
		{"the open cards are drawn before the first move, each locked one alike",
			spec("", "w:K@a1 b:K@h8", powers(5), shop(2)), nil,
			want{market: "market:Hat=2,Fire=1,Gold=0 unlock:2", outcomes: map[string]int{"unlock:Hat": 1, "unlock:Fire": 1, "unlock:Gold": 1},
				has: []string{"unlock:Hat"}, lacks: []string{"a1a2"}}},
		{"the second unlock draws among the cards still locked",
			spec("", "w:K@a1 b:K@h8", powers(5), shop(2)), []string{"unlock:Gold"},
			want{market: "market:Hat=2,Fire=1,Gold+=0 unlock:1", outcomes: map[string]int{"unlock:Hat": 1, "unlock:Fire": 1}}},
		{"a purchase: paid, its status given, its price up by the step, one more card to unlock",
			spec("", "w:K@a1 w:R@b1 b:K@h8", powers(5), shop(2)), []string{"unlock:Hat", "unlock:Gold", "buy:Hat@b1"},
			want{statuses: "hat@b1=1", purse: [2]int{3, 5}, checkPurse: true, side: "b",
				market: "market:Hat+=4,Fire=1,Gold+=0 unlock:1", outcomes: map[string]int{"unlock:Fire": 1}}},
		{"a status card targets the buyer's pieces only (own); a card it cannot pay for is no move",
			spec("", "w:K@a1 w:R@b1 b:K@h8", powers(1), shop(3)), []string{"unlock:Hat", "unlock:Fire", "unlock:Gold"},
			want{has: []string{"buy:Gold", "buy:Fire@c3"}, lacks: []string{"buy:Hat@b1", "buy:Hat@h8", "buy:Fire@a1"}}},
		{"a gain card pays the buyer; with every card unlocked none is to unlock",
			spec("", "w:K@a1 b:K@h8", powers(1), shop(3)), []string{"unlock:Hat", "unlock:Fire", "unlock:Gold", "buy:Gold"},
			want{purse: [2]int{4, 1}, checkPurse: true, market: "market:Hat+=2,Fire+=1,Gold+=2", has: []string{"h8g8"}}},
		{"an item card lays its item, and fire meeting ice cancels both",
			spec("", "w:K@a1 b:K@h8", powers(2), shop(3), laid("ice@c3")), []string{"unlock:Hat", "unlock:Fire", "unlock:Gold", "buy:Fire@c3"},
			want{items: "", check: true, board: "w:K@a1 b:K@h8"}},
		{"a hazard's fate after its owner moves the piece: spared 750, removed 250",
			spec("", "w:R@a1 b:K@h8", powers(0, cursed), given("cursed@a1")), []string{"a1a5"},
			want{market: "", outcomes: map[string]int{"fate:spared": 750, "fate:removed": 250}, side: "b"}},
		{"the hazard's piece removed by its fate",
			spec("", "w:R@a1 w:K@e1 b:K@h8", powers(0, cursed), given("cursed@a1")), []string{"a1a5", "fate:removed"},
			want{board: "w:K@e1 b:K@h8", side: "b", has: []string{"h8g8"}}},
		{"no fate after the other pieces' moves",
			spec("", "w:R@a1 w:K@e1 b:K@h8", powers(0, cursed), given("cursed@a1")), []string{"e1e2"},
			want{board: "w:R@a1 w:K@e2 b:K@h8", has: []string{"h8g8"}}},
		// Schema 39: pieces' powers.
		{"a shot kills from afar; the archer leaps to the corners",
			spec("", "w:A@c3 b:N@e3 b:K@h7", powers(0)), []string{"c3xe3"},
			want{board: "w:A@c3 b:K@h7"}},
		{"the archer's moves",
			spec("", "w:A@c3 b:N@e3 b:K@h7", powers(0)), nil,
			want{has: []string{"c3xe3", "c3a1", "c3h8", "c3a8", "c3h1"}, lacks: []string{"c3e3", "c3c5", "c3xc5"}}},
		{"a protected pawn: a piece moved onto it dies instead",
			spec("", "w:R@a1 w:P@a4 w:K@e1 b:R@h4 b:K@h8", powers(0)), []string{"e1e2", "h4a4"},
			want{board: "w:R@a1 w:P@a4 w:K@e2 b:K@h8"}},
		{"a pawn off its guard's lines is captured",
			spec("", "w:R@a1 w:P@b4 w:K@e1 b:R@h4 b:K@h8", powers(0)), []string{"e1e2", "h4b4"},
			want{board: "w:R@a1 b:R@b4 w:K@e2 b:K@h8"}},
		{"a knight beside its guard: no shot at it",
			spec("", "w:A@c3 b:N@e3 b:G@e4 b:K@h7", powers(0)), nil,
			want{lacks: []string{"c3xe3"}, has: []string{"c3a1"}}},
		{"the bomber's fire burns its capturer",
			spec("", "w:R@a1 w:K@e1 b:X@a5 b:K@h8", powers(0)), []string{"a1a5"},
			want{board: "w:K@e1 b:K@h8", items: "fire@a5=1"}},
		{"a bomber dies on its last rank, leaving fire",
			spec("", "w:X@c7 w:K@e1 b:K@h1", powers(0)), []string{"c7c8"},
			want{board: "w:K@e1 b:K@h1", items: "fire@c8=1"}},
		{"the wizard puts fire beside its landing, the plain move staying a move",
			spec("", "w:W@c1 w:K@h1 b:K@h8", powers(0)), []string{"c1e3+fire@e4"},
			want{board: "w:W@e3 w:K@h1 b:K@h8", items: "fire@e4=1"}},
		{"the wizard's choices: the four squares touching its landing, not a piece's",
			spec("", "w:W@d2 w:K@d4 b:K@h8", powers(0)), nil,
			want{has: []string{"d2e3", "d2e3+fire@e2", "d2e3+ice@e4", "d2c1+fire@d1", "d2e1+ice@e2"},
				lacks: []string{"d2c3+fire@c3", "d2e3+fire@d4", "d2e3+fire@f4"}}},
		{"the wizard's ice on fire cancels both",
			spec("", "w:W@c1 w:K@h1 b:K@h8", powers(0), laid("fire@e4")), []string{"c1e3+ice@e4"},
			want{items: "", check: true, board: "w:W@e3 w:K@h1 b:K@h8"}},
		// Schema 40: neutral pieces and actions.
		{"either player moves the imp; it captures the other player's pieces",
			spec("", "w:K@a1 b:N@e5 b:K@h8", powers(0), neutralAt("I@d4")), []string{"d4e5"},
			want{board: "w:K@a1 n:I@e5 b:K@h8", side: "b", ban: "e5d4"}},
		{"the imp: no straight undo of the other player's move, and nobody captures it",
			spec("", "w:K@a1 w:R@d1 b:K@h8", powers(0), neutralAt("I@d4")), []string{"d4d5"},
			want{lacks: []string{"d5d4"}, has: []string{"d5d6", "d5c4"}}},
		{"nobody captures the imp",
			spec("", "w:K@a1 w:R@d1 b:K@h8", powers(0), neutralAt("I@d4")), nil,
			want{lacks: []string{"d1d4", "d1d5"}, has: []string{"d1d3", "d4d5"}}},
		{"the undo ban lasts one turn",
			spec("", "w:K@a1 b:K@h8", powers(0), neutralAt("I@d4")), []string{"d4d5", "h8g8", "a1a2"},
			want{has: []string{"d5d4"}}},
		{"the angel: only for the player with more gold",
			spec("", "w:K@a1 b:K@h8", powers(1), neutralAt("Y@d4"), laid("coin@a2")), []string{"a1a2"},
			want{purse: [2]int{3, 1}, checkPurse: true, lacks: []string{"d4d5"}, has: []string{"h8g8"}}},
		{"the angel: moved by the richer",
			spec("", "w:K@a1 b:K@h8", powers(1), neutralAt("Y@d4"), laid("coin@a2")), []string{"a1a2", "h8g8"},
			want{has: []string{"d4d5"}}},
		{"the angel: nobody's at equal gold",
			spec("", "w:K@a1 b:K@h8", powers(1), neutralAt("Y@d4")), nil,
			want{lacks: []string{"d4d5"}}},
		{"a portal: the piece steps to its square on another board, and spends one",
			spec("E H", "w:R@E:a1 b:N@H:a1 b:K@E:h8", powers(0, gate), given("gate@E:a1=2")), []string{"E:a1>H:a1"},
			want{board: "w:R@H:a1 b:K@E:h8", statuses: "gate@H:a1=1", side: "b"}},
		{"no portal onto one's own piece",
			spec("E H", "w:R@E:a1 w:N@H:a1 b:K@E:h8", powers(0, gate), given("gate@E:a1")), nil,
			want{lacks: []string{"E:a1>H:a1"}}},
		{"a raise: the piece on Heaven to the same square of Earth, stunned",
			spec("E H", "w:M@E:a1 w:K@E:e1 b:N@H:d4 b:K@E:h8", powers(0)), []string{"E:a1!H:d4"},
			want{board: "w:M@E:a1 w:K@E:e1 b:N@E:d4 b:K@E:h8", statuses: "stunned@E:d4=1", side: "b", lacks: []string{"E:d4E:c6"}}},
		{"a raiser standing on its from board raises the others there, never itself",
			spec("E H", "w:M@H:a1 w:K@E:e1 b:N@H:d4 b:K@E:h8", powers(0), func(s *rules.Spec) {
				for i := range s.Pieces {
					if s.Pieces[i].ID == "M" {
						r := *s.Pieces[i].Raises // a copy: newKinds is shared
						r.On = []string{"H"}
						s.Pieces[i].Raises = &r
					}
				}
			}), nil,
			want{has: []string{"H:a1!H:d4"}, lacks: []string{"H:a1!H:a1"}}},
		{"a second move: the turn goes on with that piece, or the pass",
			spec("", "w:R@a1 w:K@e1 b:K@h8", powers(2, double), given("double@a1")), []string{"a1a3"},
			want{side: "w", again: "a3", purse: [2]int{2, 2}, checkPurse: true, has: []string{"a3h3", "pass"}, lacks: []string{"e1e2"}}},
		{"the second move is paid when made, and ends the turn",
			spec("", "w:R@a1 w:K@e1 b:K@h8", powers(2, double), given("double@a1")), []string{"a1a3", "a3h3"},
			want{side: "b", again: "", purse: [2]int{1, 2}, checkPurse: true, has: []string{"h8g8"}}},
		{"the pass costs nothing and ends the turn",
			spec("", "w:R@a1 w:K@e1 b:K@h8", powers(2, double), given("double@a1")), []string{"a1a3", "pass"},
			want{side: "b", purse: [2]int{2, 2}, checkPurse: true, board: "w:R@a3 w:K@e1 b:K@h8"}},
		{"no second move its owner cannot pay for",
			spec("", "w:R@a1 w:K@e1 b:K@h8", powers(0, double), given("double@a1")), []string{"a1a3"},
			want{side: "b", again: ""}},
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
			if w.statuses != "" {
				if got := p.Statuses(); !maps.EqualFunc(got, lying(w.statuses), maps.Equal) {
					t.Errorf("statuses %v, want %v", got, lying(w.statuses))
				}
			}
			if w.checkPurse {
				if got := [2]int{p.Purse(0)["gold"], p.Purse(1)["gold"]}; got != w.purse {
					t.Errorf("gold %v, want %v", got, w.purse)
				}
			}
			if got := string("wb"[p.SideToMove()]); w.side != "" && got != w.side {
				t.Errorf("side to move %s, want %s", got, w.side)
			}
			if got := p.Market(); w.market != "" && got != w.market {
				t.Errorf("market %q, want %q", got, w.market)
			}
			if got := p.Again(); got != w.again {
				t.Errorf("again %q, want %q", got, w.again)
			}
			if got := p.Ban(); w.ban != "" && got != w.ban {
				t.Errorf("ban %q, want %q", got, w.ban)
			}
			if got := p.Outcomes(); w.outcomes != nil && !maps.Equal(got, w.outcomes) {
				t.Errorf("outcomes %v, want %v", got, w.outcomes)
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
