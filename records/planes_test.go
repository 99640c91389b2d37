package records

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"balancefarm/engine"
	"balancefarm/engine/rules"
	"balancefarm/report"
)

// loadSpecGame loads a rule file of testdata as the engine's tests do,
// without the front end's checks: schemas 38 and 39 (the market, powers)
// are played by the engine before the rule file's front end knows them.
func loadSpecGame(t testing.TB, name string) *engine.Game {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var s rules.Spec
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	g, err := engine.Load(&s)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

// planesStart is a position of planes-powers.json (boards E, H, L):
// white's rook on E:a1 may upgrade on its next capture, black's rook on
// E:h8 is cursed; coins and fire lie on H and L; both players hold coins;
// two of the market's four cards are unlocked.
const planesStart = "4k2r/8/8/p7/8/8/8/R1B1K3|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1" +
	" items:coin@H:b6,coin@H:g3*2,fire@L:b3 purse:coins=5/3" +
	" status:E:a1=experienced,E:h8=cursed market:hat+=2,stun+=3,fire=2,gold=1"

// planesMoves play from planesStart every kind of ply the planes family
// writes: an upgrade to a status, a cursed piece's fate, a purchase with a
// target, the card it unlocks, an item put down after a move.
var planesMoves = []string{
	"E:a1E:a5^hat", "E:h8E:h5", "fate:removed",
	"buy:hat@E:c1", "unlock:fire", "E:e8E:d8",
	"E:c1E:e3+fire@E:e4", "E:d8E:c8",
}

// A game of the planes family writes to PGN and reads back through our
// reader move for move (the chance outcomes as comments), with its start
// position's items, purses, statuses and market in the FEN tag.
func TestPlanesPGNRoundTrip(t *testing.T) {
	g := loadSpecGame(t, "planes-powers.json")
	p, err := g.ParseFEN(planesStart)
	if err != nil {
		t.Fatal(err)
	}
	start := p.FEN()
	for i, text := range planesMoves {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("ply %d %q is not legal in %s: %v", i+1, text, p.FEN(), err)
		}
		if got := p.MoveString(m); got != text {
			t.Fatalf("ply %d: the engine writes %q as %q", i+1, text, got)
		}
		p.Make(m)
	}
	for _, field := range []string{"items:", "purse:", "status:", "market:"} {
		if !strings.Contains(start, " "+field) {
			t.Fatalf("the start position %q has no %s field", start, field)
		}
	}
	game := Game{Round: 1, White: "ab:d1", Black: "random", Seed: 5, StartFEN: start, Moves: planesMoves,
		Plies: len(planesMoves), Result: "*", Winner: -1, FinalFEN: p.FEN()}
	var buf bytes.Buffer
	if err := WritePGN(&buf, Meta{Event: "planes", Variant: g.Name(), FEN: start}, []Game{game}); err != nil {
		t.Fatal(err)
	}
	read, err := ReadPGN(bytes.NewReader(buf.Bytes()))
	if err != nil || len(read) != 1 {
		t.Fatalf("read %d games: %v\n%s", len(read), err, buf.String())
	}
	if got := strings.Join(read[0].Moves, " "); got != strings.Join(planesMoves, " ") {
		t.Errorf("moves read back\n%s\nwant\n%s\nfrom\n%s", got, strings.Join(planesMoves, " "), buf.String())
	}
	if fen := read[0].Tag("FEN"); fen != start {
		t.Errorf("FEN tag %q, want %q", fen, start)
	}
	for _, c := range []string{"{fate:removed}", "{unlock:fire}"} {
		if !strings.Contains(buf.String(), c) {
			t.Errorf("no %s comment in\n%s", c, buf.String())
		}
	}
	// What is read back replays on the engine to the same position.
	q, err := g.ParseFEN(read[0].Tag("FEN"))
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range read[0].Moves {
		m, err := q.ParseMove(text)
		if err != nil {
			t.Fatalf("%q read back does not replay: %v", text, err)
		}
		q.Make(m)
	}
	if q.FEN() != p.FEN() {
		t.Errorf("replayed from the PGN to\n%s\nwant\n%s", q.FEN(), p.FEN())
	}
}

// Played games of the planes fixtures (purchases, unlocks, fates, items
// put down; in planes-all.json, the engine's full fixture, chaos offers and
// choices too) replay, and their PGN reads back move for move.
func TestPlanesPlayedGamesPGN(t *testing.T) {
	tests := []struct {
		file string
		want []string // words before a colon that some ply must begin with
	}{
		{"planes-powers.json", []string{"buy", "unlock"}},
		{"planes-all.json", []string{"buy", "unlock", "offer", "chaos"}},
	}
	for _, tc := range tests {
		g := loadSpecGame(t, tc.file)
		replayed := ReplayAll(g, playGames(t, g, [][2]string{{"ab:d1", "random"}, {"random", "mcts:i30"}}, 3))
		words := map[string]int{}
		for _, rp := range replayed {
			if rp.Err != nil {
				t.Fatalf("%s: game %d does not replay: %v", tc.file, rp.Result.Game, rp.Err)
			}
			for _, m := range rp.Result.Moves {
				if w, _, ok := strings.Cut(m, ":"); ok {
					words[w]++
				}
			}
		}
		for _, w := range tc.want {
			if words[w] == 0 {
				t.Errorf("%s: no %s: ply in the games (%v)", tc.file, w, words)
			}
		}
		games := Build(replayed)
		var buf bytes.Buffer
		if err := WritePGN(&buf, MetaFor(g, g.Name(), time.Time{}), games); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if chance := w == "unlock" || w == "offer"; chance && !strings.Contains(buf.String(), "{"+w+":") {
				t.Errorf("%s: the chance outcomes %s: are not comments of their own", tc.file, w)
			}
		}
		read, err := ReadPGN(&buf)
		if err != nil || len(read) != len(games) {
			t.Fatalf("%s: read %d games of %d: %v", tc.file, len(read), len(games), err)
		}
		for i, r := range read {
			if got, want := strings.Join(r.Moves, " "), strings.Join(games[i].Notation(), " "); got != want {
				t.Errorf("%s game %d: moves\n%s\nwant\n%s", tc.file, i+1, got, want)
			}
			if r.Tag("FEN") != games[i].StartFEN || !strings.Contains(r.Tag("FEN"), " market:") {
				t.Errorf("%s game %d: FEN tag %q, start %q", tc.file, i+1, r.Tag("FEN"), games[i].StartFEN)
			}
		}
	}
}

// What the diagrams show of a planes position beside its pieces: items and
// statuses on the cells of their squares, both purses, every card.
func TestExtrasOf(t *testing.T) {
	g := loadSpecGame(t, "planes-powers.json")
	p, err := g.ParseFEN(planesStart)
	if err != nil {
		t.Fatal(err)
	}
	board := Board(g)
	x := extrasOf(p, board)
	name := func(m report.Mark) string {
		return fmt.Sprintf("%s %s×%d", board.Cells[m.Cell].Name, m.ID, m.Count)
	}
	tests := []struct {
		what string
		got  []string
		want []string
	}{
		{"items", mapped(x.Items, name), []string{"H:g3 coin×2", "H:b6 coin×1", "L:b3 fire×1"}},
		{"statuses", mapped(x.Statuses, name), []string{"E:a1 experienced×1", "E:h8 cursed×1"}},
		{"purses", mapped(x.Purses, func(p report.Purse) string { return fmt.Sprint(p) }), []string{"{coins [5 3]}"}},
		{"market", mapped(x.Market, func(c report.Card) string { return fmt.Sprint(c) }),
			[]string{"{hat 2 true}", "{stun 3 true}", "{fire 2 false}", "{gold 1 false}"}},
	}
	for _, tc := range tests {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.what, tc.got, tc.want)
		}
	}
	if extrasOf(compileFile(t, "rulesets/chess.json").NewPosition(), board) != nil {
		t.Errorf("chess has extras")
	}
}

func mapped[T any](xs []T, f func(T) string) []string {
	var out []string
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// TestStartExtrasBeforeTheDraw: the start of a game whose market's first
// cards are drawn at random says so, rather than that nothing is on sale.
func TestStartExtrasBeforeTheDraw(t *testing.T) {
	data, err := os.ReadFile("../rulesets/seeds/three-planes.json")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	x := StartExtras(g, Board(g))
	if x == nil || x.Unlocking != 3 {
		t.Fatalf("start extras %+v: want 3 cards to unlock", x)
	}
	if got := x.PanelText(); !strings.Contains(got, "Market: 3 of the cards to be drawn at random and put on sale; locked ") {
		t.Errorf("start panel %q", got)
	}
}

// Pieces in hand are part of what a diagram shows beside the board, and
// the panel says them: a crazyhouse position with pockets.
func TestExtrasHands(t *testing.T) {
	g := compileFile(t, "rulesets/crazyhouse.json")
	p, err := g.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NPPb] w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	x := extrasOf(p, Board(g))
	got := mapped(x.Hands, func(h report.Hand) string { return fmt.Sprint(h) })
	if want := []string{"{P [2 0]}", "{N [1 0]}", "{B [0 1]}"}; !slices.Equal(got, want) {
		t.Errorf("hands %v, want %v", got, want)
	}
	if text, want := x.PanelText(), "In hand: P×2, N (first), B (second)."; text != want {
		t.Errorf("panel %q, want %q", text, want)
	}
	start := extrasOf(g.NewPosition(), Board(g))
	if start == nil || len(start.Hands) != 0 || start.PanelText() != "" {
		t.Errorf("the start's extras %+v: want no hands and no panel", start)
	}
}
