package search

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/engine/rules"
)

// loadPlanesMarket is the engine's planes fixture (three boards, items,
// coins, statuses, a market and a cursed status), loaded as the engine's
// tests load it: schemas 38 and 39 are not yet in the rule file's front end.
func loadPlanesMarket(tb testing.TB) *engine.Game {
	tb.Helper()
	return loadPlanesFile(tb, "planes-market.json")
}

// loadPlanesFile loads a planes fixture of testdata: planes-market.json
// (schemas 36 to 38) or planes-all.json, the engine's fixture as main
// plays it (schemas 36 to 41: powers, neutral pieces, chaos offers too).
func loadPlanesFile(tb testing.TB, name string) *engine.Game {
	tb.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	var s rules.Spec
	if err := json.Unmarshal(data, &s); err != nil {
		tb.Fatal(err)
	}
	g, err := engine.Load(&s)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// threeBoardFEN is a position of the fixture: pieces by square ("E:a1":
// "R" white, "r" black), white to move, the extra fields after.
func threeBoardFEN(pieces map[string]string, extras string) string {
	var boards []string
	for _, b := range []string{"E", "H", "L"} {
		var ranks []string
		for y := 8; y >= 1; y-- {
			row, empty := "", 0
			for x := range 8 {
				pc, ok := pieces[b+":"+string(rune('a'+x))+string(rune('0'+y))]
				if !ok {
					empty++
					continue
				}
				if empty > 0 {
					row += string(rune('0' + empty))
				}
				row, empty = row+pc, 0
			}
			if empty > 0 {
				row += string(rune('0' + empty))
			}
			ranks = append(ranks, row)
		}
		boards = append(boards, strings.Join(ranks, "/"))
	}
	fen := strings.Join(boards, "|") + " w - - 0 1"
	if extras != "" {
		fen += " " + extras
	}
	return fen
}

func planesPosition(tb testing.TB, g *engine.Game, pieces map[string]string, extras string) *engine.Position {
	tb.Helper()
	p, err := g.ParseFEN(threeBoardFEN(pieces, extras))
	if err != nil {
		tb.Fatalf("%s: %v", extras, err)
	}
	return p
}

func squareNamed(tb testing.TB, g *engine.Game, name string) int {
	for sq := range g.NumSquares() {
		if g.SquareName(sq) == name {
			return sq
		}
	}
	tb.Fatalf("no square %s", name)
	return -1
}

// A purse and a piece's statuses change the evaluation by what the rule
// file and statusWorth say they are worth.
func TestPlanesEvaluation(t *testing.T) {
	g := loadPlanesMarket(t)
	tabs := buildEvalTables(g)
	pieces := map[string]string{"E:e1": "K", "E:e8": "k", "E:a1": "R", "E:a8": "r"}
	base := planesPosition(t, g, pieces, "")
	ev := newEvaluator(tabs)
	score := func(p *engine.Position) int { return ev.evaluate(enginePos{p}, 0, enginePos{p}) }
	before := score(base)
	rook := 500 // R's value in the fixture, in centipawns
	tests := []struct {
		extras string
		want   int // the change from the position without them, for white
	}{
		{"purse:coins=5/0", 5 * 10},               // a coin is worth the default 0.1 pawn
		{"purse:coins=0/7", -7 * 10},              // black's purse counts for black
		{"status:E:a1=stunned", -rook * 20 / 100}, // frozen a turn: a fifth of the rook
		{"status:E:a1=stunned*3", -rook * 60 / 100},
		{"status:E:a8=stunned*2", rook * 40 / 100}, // black's rook frozen is good for white
		{"status:E:a1=cursed", -rook / 4},          // the hazard, 0.25 of the rook
		{"status:E:a1=experienced", 50},            // an upgrade to come
		{"status:E:a1=hat", 2 * 15},                // immune to fire and ice
		{"status:E:a1=investor*2", 2 * 80},         // a coin a round for eight rounds, per count
		{"status:E:a1=murderer", 30},               // an afterlife of its own
		{"status:E:a1=cursed+stunned", -rook/4 - rook*20/100},
	}
	for _, tc := range tests {
		p := planesPosition(t, g, pieces, tc.extras)
		if got := score(p) - before; got != tc.want {
			t.Errorf("%s: the score moved by %d, want %d", tc.extras, got, tc.want)
		}
	}
}

// A larger piece (schema 44) is worth statusWorth.sizePercent of its value
// more per count of the status with size: its body squares are worth
// nothing of their own.
func TestSizeEvaluation(t *testing.T) {
	data, err := os.ReadFile("../engine/rules/testdata/valid/size.json")
	if err != nil {
		t.Fatal(err)
	}
	s, problems := rules.Parse(data)
	if len(problems) > 0 {
		t.Fatal(problems[0].Text)
	}
	g, err := engine.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	ev := newEvaluator(buildEvalTables(g))
	score := func(fen string) int {
		p, err := g.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		return ev.evaluate(enginePos{p}, 0, enginePos{p})
	}
	// A knight, whose leaps its body squares (c4, d3) stand in the way
	// of none: the mobility terms stay as they were.
	const board = "3k2/6/6/2N3/6/3K2 w - - 0 1"
	knight := 300 // N's value in the file, in centipawns
	before := score(board)
	tests := []struct {
		extras string
		want   int // the change from the plain knight, for white
	}{
		{"status:c3=big body:c3=c4", knight * 25 / 100},
		{"status:c3=big*2 body:c3=c4+d3", 2 * knight * 25 / 100},
	}
	for _, tc := range tests {
		if got := score(board+" "+tc.extras) - before; got != tc.want {
			t.Errorf("%s: the score moved by %d, want %d", tc.extras, got, tc.want)
		}
	}
}

// Alpha-beta and MCTS play whole games of the market fixture (purchases,
// unlocks, curses) to an ending, the same game again for the same seed,
// and every ply replays as a legal move or outcome.
func TestPlanesMarketGamesPlayOut(t *testing.T) {
	tests := []struct {
		file   string
		p0, p1 string
		seed   uint64
	}{
		{"planes-market.json", "ab:n400", "mcts:i60", 3},
		{"planes-market.json", "mcts:i60", "ab:d1", 5},
		{"planes-market.json", "random", "ab:n300", 11},
		{"planes-all.json", "ab:n400", "mcts:i60", 3},
		{"planes-all.json", "mcts:i60", "ab:d1", 8},
	}
	words := map[string]int{} // plies by the word before their colon: buy, unlock, fate, offer, chaos
	for _, tc := range tests {
		g := loadPlanesFile(t, tc.file)
		var recs [2]Record
		for i := range recs {
			rec, err := PlayGame(context.Background(), g, tc.p0, tc.p1, tc.seed, Limits{}, nil)
			if err != nil {
				t.Fatalf("%s-%s: %v", tc.p0, tc.p1, err)
			}
			recs[i] = rec
		}
		if !reflect.DeepEqual(recs[0], recs[1]) {
			t.Errorf("%s-%s seed %d: two games for one seed:\n%v\n%v", tc.p0, tc.p1, tc.seed, recs[0].Moves, recs[1].Moves)
		}
		rec := recs[0]
		p := g.NewPosition()
		for i, text := range rec.Moves {
			m, err := p.ParseMove(text)
			if err != nil {
				t.Fatalf("%s-%s: ply %d %q does not replay: %v", tc.p0, tc.p1, i+1, text, err)
			}
			p.Make(m)
			switch w, _, _ := strings.Cut(text, ":"); w {
			case "buy", "unlock", "fate", "offer", "chaos":
				words[w]++
			}
		}
		t.Logf("%s %s-%s: %d plies, %s by %s", tc.file, tc.p0, tc.p1, rec.Plies, rec.Result, rec.Rule)
		if o := p.Outcome(); !o.Over || o.Winner != rec.Winner || rec.Rule == "" {
			t.Errorf("%s-%s: the replay ends %+v, the record %d by %q", tc.p0, tc.p1, o, rec.Winner, rec.Rule)
		}
	}
	t.Logf("plies by kind: %v", words)
	if words["buy"] == 0 || words["unlock"] < 2*len(tests) || words["chaos"] == 0 {
		t.Errorf("%v in %d games: the market or the chaos offers were not played", words, len(tests))
	}
}

// A cursed piece moved dies with the status's hazard (0.25 in the
// fixture), its fate drawn as the game loop draws every chance event: the
// seed's chance stream through nextOutcome. Over 4000 seeds the share
// removed lies within three standard errors of the hazard.
func TestCursedPieceDiesAtItsHazard(t *testing.T) {
	g := loadPlanesMarket(t)
	p := planesPosition(t, g, map[string]string{"E:e1": "K", "E:e8": "k", "E:a1": "R"}, "status:E:a1=cursed")
	move, err := p.ParseMove("E:a1E:a4")
	if err != nil {
		t.Fatal(err)
	}
	const trials, hazard = 4000, 0.25
	removed := 0
	for seed := uint64(1); seed <= trials; seed++ {
		p.Make(move)
		chance := chanceOf[engine.Move](enginePos{p})
		if chance == nil || !chance.AtChance() {
			t.Fatalf("no fate pending after the cursed rook moved: %s", p.FEN())
		}
		stream := newRNG(mixSeed(seed, chanceStreamTag))
		fate, err := nextOutcome(chance, stream)
		if err != nil {
			t.Fatal(err)
		}
		text := p.MoveString(fate)
		p.Make(fate)
		_, _, onE := p.PieceAt(squareNamed(t, g, "E:a4"))
		_, _, onH := p.PieceAt(squareNamed(t, g, "H:a4"))
		switch {
		case text == "fate:removed" && !onE && onH: // died on E, went to H
			removed++
		case text != "fate:spared" || !onE:
			t.Fatalf("seed %d: %s left the rook on E %v, on H %v", seed, text, onE, onH)
		}
		p.Unmake()
		p.Unmake()
	}
	share := float64(removed) / trials
	t.Logf("%d of %d removed (%.4f)", removed, trials, share)
	se := math.Sqrt(hazard * (1 - hazard) / trials)
	if math.Abs(share-hazard) > 3*se {
		t.Errorf("%d of %d cursed rooks died (%.4f), want %.2f within %.4f", removed, trials, share, hazard, 3*se)
	}
}

// A purchase or a chaos choice moves no piece: its target square (here a
// rook's) is neither its source nor its landing, so move ordering,
// futility and the history do not take the rook for its mover.
func TestPurchasesHaveNoMover(t *testing.T) {
	market := map[string]string{"E:e1": "K", "E:e8": "k", "E:a1": "R", "E:a8": "r"}
	orb := map[string]string{"E:h1": "K", "E:h8": "k", "H:c1": "R", "E:a8": "r"}
	const prices = "purse:coins=5/0 market:hat+=2,stun+=3,fire=2,gold=1"
	tests := []struct {
		file   string
		pieces map[string]string
		extras string
		before []string // plies played first
		move   string
		source string // a square's name, "" for none
		target string
	}{
		{"planes-market.json", market, prices, nil, "buy:hat@E:a1", "", ""},
		{"planes-market.json", market, prices, nil, "buy:stun@E:a8", "", ""},
		{"planes-market.json", market, prices, nil, "E:a1E:a8", "E:a1", "E:a8"},
		{"planes-all.json", orb, "items:orb@H:c3", []string{"H:c1H:c3", "offer:curse,burn,riches"}, "chaos:curse@E:a8", "", ""},
		{"planes-all.json", orb, "items:orb@H:c3", []string{"H:c1H:c3", "offer:curse,burn,riches"}, "chaos:riches", "", ""},
	}
	for _, tc := range tests {
		g := loadPlanesFile(t, tc.file)
		p := enginePos{planesPosition(t, g, tc.pieces, tc.extras)}
		var m engine.Move
		for _, text := range append(tc.before, tc.move) {
			var err error
			if m, err = p.ParseMove(text); err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			if text != tc.move {
				p.Make(m)
			}
		}
		sq := func(name string) int {
			if name == "" {
				return -1
			}
			return squareNamed(t, g, name)
		}
		if s, d := p.Source(m), p.Target(m); s != sq(tc.source) || d != sq(tc.target) {
			t.Errorf("%s: source %d target %d, want %d %d", tc.move, s, d, sq(tc.source), sq(tc.target))
		}
		if m.MovesNoPiece() == (tc.source != "") || m.IsBuy() != strings.HasPrefix(tc.move, "buy:") {
			t.Errorf("%s: MovesNoPiece %v, IsBuy %v", tc.move, m.MovesNoPiece(), m.IsBuy())
		}
	}
}
