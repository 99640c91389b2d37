package play

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/search"
	"balancefarm/selfplay"
)

func loadRuleset(t *testing.T, name string) *engine.Game {
	t.Helper()
	data, err := os.ReadFile("../rulesets/" + name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A seat's view of three-planes shows its own secret trap and not the
// other's: not on the board, in the diagram, in a FEN, in the JSON or in
// the history (Black's buying and putting down its trap reads "?" to
// White, as it is to Black).
func TestHiddenViewHidesTheOtherTrap(t *testing.T) {
	g := loadRuleset(t, "seeds/three-planes.json")
	const fen = "1rbqkbnr/2p5/2nppp1p/p5p1/2p1P3/N2P2P1/PPP1NP1P/R1BQK2R|8/5B2/8/2<G>5/8/8/8/8|8/8/8/8/8/8/3<I>4/8 b KQk - 3 18 " +
		"items:trap.w@Earth:d4,coin@Heaven:g3 purse:coins=2/4 ply:34 market:hat+=4,investor+=3,portal+=5,double+=3,size=4,curse+=3,stun+=4,force+=4,murder+=3,fire+=3,ice+=6,trap+=3"
	start, err := g.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	gm, err := New(g, start, 1)
	if err != nil {
		t.Fatal(err)
	}
	const buy = "buy:trap@Earth:e5"
	if _, err := gm.Play(buy); err != nil {
		t.Fatal(err)
	}
	if white, black := gm.HistoryFor(0), gm.HistoryFor(1); !slices.Equal(white, []string{"?"}) || !slices.Equal(black, []string{buy}) {
		t.Errorf("the histories read %v to White and %v to Black", white, black)
	}
	trapOn := func(v View) []string {
		var on []string
		for _, sq := range v.Squares {
			if slices.ContainsFunc(sq.Items, func(it string) bool { return strings.HasPrefix(it, "trap") }) {
				on = append(on, sq.Name)
			}
		}
		return on
	}
	for _, tc := range []struct {
		seat          int
		sees, notSeen string
	}{
		{0, "Earth:d4", "Earth:e5"},
		{1, "Earth:e5", "Earth:d4"},
	} {
		v := gm.ViewFor(tc.seat)
		if on := trapOn(v); !slices.Equal(on, []string{tc.sees}) {
			t.Errorf("seat %d sees traps on %v, want on %s alone", tc.seat, on, tc.sees)
		}
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if v.FEN != "" || strings.Contains(string(data), "trap.") || strings.Contains(string(data), "buy:") != (tc.seat == 1) {
			t.Errorf("seat %d's view gives a FEN (%q) or names a trap's owner", tc.seat, v.FEN)
		}
		if d := gm.DiagramFor(tc.seat); !strings.Contains(d, "trap on "+tc.sees) || strings.Contains(d, tc.notSeen) {
			t.Errorf("seat %d's diagram:\n%s", tc.seat, d)
		}
	}
	if on := trapOn(gm.View()); len(on) != 2 {
		t.Errorf("the whole board shows traps on %v, want both", on)
	}
}

// A whole game of each hidden-information file through Game: the person
// tries the moves offered to their seat in order until one is taken (a
// refused one says nothing of why), the engine plays from its own
// observation as the ladder's player of such a game does, and the
// person's history never shows the engine's moves.
func TestHiddenGamePlaysThrough(t *testing.T) {
	for _, tc := range []struct {
		file string
		seat int
	}{
		{"veiled-king.json", 0},
		{"fog-of-war.json", 1},
	} {
		t.Run(tc.file, func(t *testing.T) {
			g := loadRuleset(t, tc.file)
			gm, err := New(g, nil, 5)
			if err != nil {
				t.Fatal(err)
			}
			spec := selfplay.ForHiddenSpec("ab:n200", g)
			if !strings.HasPrefix(spec, "det:") {
				t.Fatalf("the engine plays %s, not a determinizing player", spec)
			}
			mv, err := search.NewMover(g, spec, 9)
			if err != nil {
				t.Fatal(err)
			}
			defer mv.Close()
			mine := 0
			for plies := 0; !gm.Over(); plies++ {
				if plies > 600 {
					t.Fatalf("no end after %d plies", plies)
				}
				if _, err := gm.Settle(); err != nil {
					t.Fatal(err)
				}
				if gm.Over() {
					break
				}
				if gm.ToMove() != tc.seat {
					if _, err := gm.Reply(context.Background(), mv, 0); err != nil {
						t.Fatal(err)
					}
					continue
				}
				offered := gm.MoveNamesFor(tc.seat)
				if len(offered) == 0 {
					t.Fatalf("ply %d: no move offered", plies)
				}
				played := false
				k := plies * 7 % len(offered) // a move that varies, so the game is not a repetition at once
				for _, m := range append(offered[k:], offered[:k]...) {
					if _, err := gm.Play(m); err == nil {
						played = true
						break
					} else if !strings.Contains(err.Error(), "refused") {
						t.Fatalf("a move refused with a reason: %v", err)
					}
				}
				if !played {
					t.Fatalf("ply %d: every offered move refused: %v", plies, offered)
				}
				mine++
			}
			unseen := 0
			record := gm.Moves()
			for i, h := range gm.HistoryFor(tc.seat) {
				switch {
				case h == "?" && gm.PlySeat(i) != tc.seat:
					unseen++
				case h != record[i]:
					t.Errorf("ply %d of the person's history reads %q, the record %q", i+1, h, record[i])
				}
			}
			if unseen == 0 {
				t.Errorf("the person saw every one of the engine's moves: %v", record)
			}
			t.Logf("%d plies, %d the person's: %s", gm.Plies(), mine, gm.Result())
			if gm.Result() == "" || mine == 0 {
				t.Errorf("over with result %q after %d of the person's moves", gm.Result(), mine)
			}
		})
	}
}

// One round of a game played in rounds, each order of choosing: the
// first choice is kept secret (the view does not change but for whose
// choice is due) until the second is made, and then both are revealed
// together as one entry "m0 & m1", the person's included as chosen.
func TestRoundRevealsBothChoicesTogether(t *testing.T) {
	g := loadRuleset(t, "simultaneous-skirmish.json")
	for _, person := range []int{0, 1} {
		gm, err := New(g, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		mv, err := search.NewMover(g, "ab:n500", 2)
		if err != nil {
			t.Fatal(err)
		}
		if !gm.InRound() || gm.ToMove() != 0 {
			t.Fatalf("the start: in a round %v, to choose %d", gm.InRound(), gm.ToMove())
		}
		quiet := func(v View) string { // the view less whose choice is due
			v.Turn, v.Moves = 0, nil
			data, _ := json.Marshal(v)
			return string(data)
		}
		before := quiet(gm.ViewFor(person))
		var mine, revealed string
		if person == 0 {
			mine = gm.MoveNamesFor(person)[1]
			if _, err := gm.Play(mine); err != nil {
				t.Fatal(err)
			}
		} else if revealed, err = gm.Reply(context.Background(), mv, 0); err != nil || revealed != "" {
			t.Fatalf("the engine's first choice: %q, %v; want nothing revealed", revealed, err)
		}
		after := gm.ViewFor(person)
		if quiet(after) != before || after.Turn != 1 || !after.Round || !gm.Chosen(0) || gm.Chosen(1) || gm.Plies() != 0 {
			t.Fatalf("person %d: after the first choice the view changed or is wrong: turn %d, round %v, plies %d",
				person, after.Turn, after.Round, gm.Plies())
		}
		if person == 1 {
			mine = gm.MoveNamesFor(person)[1]
			if _, err := gm.Play(mine); err != nil {
				t.Fatal(err)
			}
			revealed = gm.Moves()[0]
		} else if revealed, err = gm.Reply(context.Background(), mv, 0); err != nil {
			t.Fatal(err)
		}
		mv.Close()
		both := strings.Split(revealed, " & ")
		if len(both) != 2 || both[person] != mine || !slices.Equal(gm.Moves(), []string{revealed}) || gm.Chosen(0) || gm.Chosen(1) {
			t.Errorf("person %d chose %s; the round revealed %q, the record %v", person, mine, revealed, gm.Moves())
		}
	}
}

// A whole game with seats through Game: the person in one seat, an engine
// player in each other, as the seat game loop's players play.
func TestSeatedGamePlaysThrough(t *testing.T) {
	g := loadRuleset(t, "chaturaji.json")
	gm, err := New(g, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	const person = 2
	movers := make([]*search.Mover, g.Seats())
	for seat := range movers {
		if seat == person {
			continue
		}
		if movers[seat], err = search.NewMover(g, "ab:n300", uint64(seat)+1); err != nil {
			t.Fatal(err)
		}
		defer movers[seat].Close()
	}
	if v := gm.View(); len(v.Seats) != 4 || v.Turn != 0 {
		t.Fatalf("the start: seats %v, turn %d", v.Seats, v.Turn)
	}
	mine := 0
	for plies := 0; !gm.Over(); plies++ {
		if plies > 2000 {
			t.Fatalf("no end after %d plies", plies)
		}
		if _, err := gm.Settle(); err != nil {
			t.Fatal(err)
		}
		seat := gm.ToMove()
		switch {
		case seat < 0:
		case movers[seat] != nil:
			if _, err := gm.Reply(context.Background(), movers[seat], 0); err != nil {
				t.Fatal(err)
			}
		default:
			names := gm.MoveNames()
			if _, err := gm.Play(names[plies*7%len(names)]); err != nil {
				t.Fatal(err)
			}
			mine++
		}
	}
	t.Logf("%d plies, %d the person's: %s", gm.Plies(), mine, gm.Result())
	if mine == 0 || !strings.Contains(gm.Result(), g.SeatName(person)+" ") {
		t.Errorf("over after %d of the person's moves with result %q", mine, gm.Result())
	}
}

// An announced round (spy-skirmish once White's spy is taken): White
// chooses first and Black answers knowing it. A person answering sees the
// engine's announced choice before choosing; an engine answering a
// person is shown the person's.
func TestAnnouncedRoundShowsTheAnnouncersChoice(t *testing.T) {
	g := loadRuleset(t, "spy-skirmish.json")
	start, err := g.ParseFEN("rn1ksr/ppp1pp/2S3/6/PPPPPP/RN1K1R b - - 0 1 initiative:b")
	if err != nil {
		t.Fatal(err)
	}
	for _, person := range []int{0, 1} {
		gm, err := New(g, start, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []string{"e6c4", "a2a3"} { // Black takes the spy; White's one ordinary move
			if _, err := gm.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if !gm.InRound() || gm.Position().Announcer() != 0 || gm.ToMove() != 0 {
			t.Fatalf("not at an announced round: in a round %v, announcer %d, to choose %d", gm.InRound(), gm.Position().Announcer(), gm.ToMove())
		}
		mv, err := search.NewMover(g, "ab:n500", 2)
		if err != nil {
			t.Fatal(err)
		}
		var announced, revealed string
		if person == 1 {
			if _, err := gm.Reply(context.Background(), mv, 0); err != nil {
				t.Fatal(err)
			}
			announced = gm.ViewFor(1).Announced
			if announced == "" || gm.ToMove() != 1 {
				t.Fatalf("the person answering is not shown the announcement (%q) or not to choose (%d)", announced, gm.ToMove())
			}
			if _, err := gm.Play(gm.MoveNamesFor(1)[0]); err != nil {
				t.Fatal(err)
			}
			revealed = gm.Moves()[gm.Plies()-1]
		} else {
			announced = gm.MoveNamesFor(0)[0]
			if _, err := gm.Play(announced); err != nil {
				t.Fatal(err)
			}
			if revealed, err = gm.Reply(context.Background(), mv, 0); err != nil {
				t.Fatal(err)
			}
		}
		mv.Close()
		if !strings.HasPrefix(revealed, announced+" & ") {
			t.Errorf("person %d: announced %q, the round played %q", person, announced, revealed)
		}
	}
}

// In veiled-king the kings are hidden: a king put down reads "?" to the
// other seat and stands on no square of its view, while any other piece
// put down shows.
func TestHiddenKingsPlacementUnseen(t *testing.T) {
	g := loadRuleset(t, "veiled-king.json")
	gm, err := New(g, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"N@a1", "K@e8", "K@d1", "R@a8"} {
		if _, err := gm.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		seat       int
		history    []string
		hiddenKing string
	}{
		{0, []string{"N@a1", "?", "K@d1", "R@a8"}, "e8"},
		{1, []string{"N@a1", "K@e8", "?", "R@a8"}, "d1"},
	} {
		if got := gm.HistoryFor(tc.seat); !slices.Equal(got, tc.history) {
			t.Errorf("seat %d reads the history %v, want %v", tc.seat, got, tc.history)
		}
		for _, sq := range gm.ViewFor(tc.seat).Squares {
			if sq.Name == tc.hiddenKing && sq.Piece != "" {
				t.Errorf("seat %d sees %s on %s", tc.seat, sq.Piece, sq.Name)
			}
		}
		if d := gm.DiagramFor(tc.seat); strings.Count(strings.ToLower(d), "k") != 1 {
			t.Errorf("seat %d's diagram shows other than its own king:\n%s", tc.seat, d)
		}
	}
}
