package search

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/engine/rules"
)

const (
	fogOfWarFile   = "../rulesets/fog-of-war.json"
	veiledKingFile = "../rulesets/veiled-king.json"
)

// loadHiddenRules loads a schema-35 rule file past the front end, which
// does not read schema 35 yet.
func loadHiddenRules(t testing.TB, path string) *engine.Game {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s rules.Spec
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	g, err := engine.Load(&s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustFEN(t *testing.T, g *engine.Game, fen string) *engine.Position {
	t.Helper()
	p, err := g.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// Two fog-of-war positions white cannot tell apart: a black knight on f6
// (guarding d5) or on h8, both out of white's sight. Taking the pawn on
// d5 with the queen loses her in the first and wins a pawn in the second.
const (
	fogKnightGuards = "4k3/8/5n2/3p4/8/8/8/3QK3 w - - 0 20"
	fogKnightAway   = "4k2n/8/8/3p4/8/8/8/3QK3 w - - 0 20"
)

// Two veiled-king positions white cannot tell apart: the hidden black
// king on c1 or on b1. Either way h1a1 runs into it and is refused.
const (
	veiledKingC1 = "8/p7/8/8/7K/8/P7/2k4R[] w - - 0 20"
	veiledKingB1 = "8/p7/8/8/7K/8/P7/1k5R[] w - - 0 20"
)

// hiddenKinds are the players of a game with hidden information, small.
var hiddenKinds = []string{"random", "det:ab:n800", "det4:mcts:i120", "ismcts:i150"}

func hiddenTestPlayer(t *testing.T, g *engine.Game, spec string, seed uint64) hiddenPlayer {
	t.Helper()
	ps, err := ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	hp, err := newHiddenPlayer(ps, tablesFor(g), seed)
	if err != nil {
		t.Fatal(err)
	}
	return hp
}

func TestHiddenSpecs(t *testing.T) {
	parsed := []struct {
		in    string
		want  PlayerSpec
		canon string
	}{
		{"det:ab:n3000", PlayerSpec{Family: FamilyAB, Nodes: 3000, Worlds: 8}, "det:ab:n3000"},
		{"det8:ab:n3000", PlayerSpec{Family: FamilyAB, Nodes: 3000, Worlds: 8}, "det:ab:n3000"},
		{"det4:mcts:i800p16", PlayerSpec{Family: FamilyMCTS, Iterations: 800, PlayoutPlies: 16, Worlds: 4}, "det4:mcts:i800p16"},
		{"ismcts:p8i800", PlayerSpec{Family: FamilyISMCTS, Iterations: 800, PlayoutPlies: 8}, "ismcts:i800p8"},
		{"seer:ab:n3000", PlayerSpec{Family: FamilyAB, Nodes: 3000, Seer: true}, "seer:ab:n3000"},
		{"ismcts:i800:Q=9", PlayerSpec{Family: FamilyISMCTS, Iterations: 800, Values: "Q=9"}, "ismcts:i800:Q=9"},
	}
	for _, c := range parsed {
		got, err := ParseSpec(c.in)
		if err != nil || got != c.want || got.String() != c.canon {
			t.Errorf("ParseSpec(%q) = %+v (%s), %v; want %+v (%s)", c.in, got, got, err, c.want, c.canon)
		}
		if again, err := ParseSpec(got.String()); err != nil || again != got {
			t.Errorf("%q does not round-trip: %+v, %v", got.String(), again, err)
		}
	}
	refused := []struct{ in, wantErr string }{
		{"det0:ab:n3000", "world count"},
		{"detx:ab:n3000", "world count"},
		{"det:random", "before an ab or mcts spec"},
		{"det:det:ab:n30", "before an ab or mcts spec"},
		{"seer:det:ab:n30", "before an ab or mcts spec"},
		{"seer:ismcts:i30", "before an ab or mcts spec"},
		{"ismcts:p8", "needs an iteration budget"},
		{"ismcts:n100", "no parameter"},
	}
	for _, c := range refused {
		if _, err := ParseSpec(c.in); err == nil || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("ParseSpec(%q): %v, want an error with %q", c.in, err, c.wantErr)
		}
	}
	if d, err := Doubled("ismcts:i400"); err != nil || d != "ismcts:i800" {
		t.Errorf("Doubled(ismcts:i400) = %q, %v", d, err)
	}
	if d, err := Doubled("det4:ab:n400"); err != nil || d != "det4:ab:n800" {
		t.Errorf("Doubled(det4:ab:n400) = %q, %v", d, err)
	}
}

// TestHiddenGamesChoosePlayers: a player that reads the whole position is
// refused in a game with hidden information, naming the ones that play;
// the hidden-information players are refused in a game without it.
func TestHiddenGamesChoosePlayers(t *testing.T) {
	fog := loadHiddenRules(t, fogOfWarFile)
	chess := loadGame(t, "chess.json")
	cases := []struct {
		g       *engine.Game
		spec    string
		wantErr []string
	}{
		{fog, "ab:n100", []string{"reads the whole position", "det:", "ismcts:", "seer:"}},
		{fog, "mcts:i50", []string{"reads the whole position", "det:", "ismcts:", "seer:"}},
		{chess, "det:ab:n100", []string{"only games with hidden information"}},
		{chess, "ismcts:i50", []string{"only games with hidden information"}},
	}
	for _, c := range cases {
		_, err := Play(context.Background(), c.g, nil, c.spec, "random", 1, Limits{OpeningPlies: -1}, nil)
		for _, want := range c.wantErr {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want an error with %q", c.spec, err, want)
			}
		}
	}
}

// TestHiddenPlayersDoNotLeak: every player kind, given the same seed,
// chooses the same move in two positions that differ only in what the
// mover cannot see. A seer, which sees both, chooses differently there,
// so the positions differ in something a leaking player would use.
func TestHiddenPlayersDoNotLeak(t *testing.T) {
	g := loadHiddenRules(t, fogOfWarFile)
	a, b := mustFEN(t, g, fogKnightGuards), mustFEN(t, g, fogKnightAway)
	if a.Observe(0).Hash() != b.Observe(0).Hash() {
		t.Fatal("the two positions look different to white")
	}
	if sa, sb := seerMove(t, g, a), seerMove(t, g, b); sa == sb {
		t.Fatalf("a seer plays %s in both: the positions do not test a leak", sa)
	}
	for _, spec := range hiddenKinds {
		for seed := uint64(1); seed <= 3; seed++ {
			var moves [2]string
			for i, p := range []*engine.Position{a, b} {
				hc, err := hiddenTestPlayer(t, g, spec, seed).chooseHidden(context.Background(), &knowledge{obs: p.Observe(0)}, 1e9)
				if err != nil || hc.move == "" {
					t.Fatalf("%s: %q, %v", spec, hc.move, err)
				}
				moves[i] = hc.move
			}
			if moves[0] != moves[1] {
				t.Errorf("%s seed %d: %s with the knight on f6, %s with it on h8", spec, seed, moves[0], moves[1])
			}
		}
	}
}

// scriptedPlayer proposes its moves in order, skipping those refused, and
// keeps what it was shown.
type scriptedPlayer struct {
	moves []string
	shown []string // observation hash and refused moves, at each call
}

func (s *scriptedPlayer) chooseHidden(_ context.Context, k *knowledge, _ int64) (hiddenChoice, error) {
	s.shown = append(s.shown, strings.Join(append([]string{k.obs.String()}, k.refused...), " "))
	for _, m := range s.moves {
		if !k.isRefused(m) {
			return hiddenChoice{move: m, nodes: 1}, nil
		}
	}
	return hiddenChoice{}, nil
}

// TestRefereeShowsOnlyTheObservation: the referee's refusal path, played
// from two positions that differ only in where the hidden king stands,
// shows the player the same things, refuses the same move and plays the
// same one; where the king stands on the rook's way, the move that takes
// it is played.
func TestRefereeShowsOnlyTheObservation(t *testing.T) {
	g := loadHiddenRules(t, veiledKingFile)
	cases := []struct {
		script  []string
		played  [2]string
		refused [2]int
	}{
		{[]string{"h1a1", "h1h2"}, [2]string{"h1h2", "h1h2"}, [2]int{1, 1}},
		{[]string{"h1a1", "h1b1", "h1h2"}, [2]string{"h1h2", "h1b1"}, [2]int{2, 1}},
	}
	for _, c := range cases {
		var shown [2][]string
		for i, fen := range []string{veiledKingC1, veiledKingB1} {
			p := mustFEN(t, g, fen)
			player := &scriptedPlayer{moves: c.script}
			refusals := 0
			d, err := (&refereeChooser{player: player, refusals: &refusals}).choose(context.Background(), enginePos{p}, 1e9)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.MoveString(d.move); got != c.played[i] || refusals != c.refused[i] || d.nodes != int64(refusals+1) {
				t.Errorf("%v from %s: played %s after %d refusals (%d nodes), want %s after %d", c.script, fen, got, refusals, d.nodes, c.played[i], c.refused[i])
			}
			shown[i] = player.shown
		}
		if n := min(len(shown[0]), len(shown[1])); !slices.Equal(shown[0][:n], shown[1][:n]) {
			t.Errorf("%v: the player was shown %q and %q", c.script, shown[0], shown[1])
		}
	}
}

// TestHiddenPlayersNeverRepeatARefusal: each player kind, refused its
// choices one after another, never chooses a refused move again.
func TestHiddenPlayersNeverRepeatARefusal(t *testing.T) {
	g := loadHiddenRules(t, veiledKingFile)
	p := mustFEN(t, g, veiledKingC1)
	for _, spec := range hiddenKinds {
		player := hiddenTestPlayer(t, g, spec, 5)
		k := &knowledge{obs: p.Observe(0)}
		for turn := 0; turn < 5; turn++ {
			hc, err := player.chooseHidden(context.Background(), k, 1e9)
			if err != nil || hc.move == "" {
				t.Fatalf("%s: %q, %v", spec, hc.move, err)
			}
			if k.isRefused(hc.move) {
				t.Fatalf("%s chose %s again after %v were refused", spec, hc.move, k.refused)
			}
			k.refused = append(k.refused, hc.move)
		}
	}
}

// TestWorldsAgreeWithWhatThePlayerKnows: every world a player draws looks
// to its seat as the real position does, and none lets a refused move be
// played.
func TestWorldsAgreeWithWhatThePlayerKnows(t *testing.T) {
	cases := []struct {
		file, fen string
		refused   []string
	}{
		{fogOfWarFile, fogKnightGuards, nil},
		{veiledKingFile, veiledKingC1, []string{"h1a1"}},
		{veiledKingFile, veiledKingC1, []string{"h1a1", "h1b1"}},
	}
	for _, c := range cases {
		g := loadHiddenRules(t, c.file)
		p := mustFEN(t, g, c.fen)
		for _, spec := range hiddenKinds {
			k := &knowledge{obs: p.Observe(0), refused: c.refused}
			worlds := 0
			k.onWorld = func(w *engine.Position) {
				worlds++
				if w.Observe(0).Hash() != k.obs.Hash() {
					t.Errorf("%s: a world looks different: %s", spec, w.FEN())
				}
				if k.refusedLegalIn(w) {
					t.Errorf("%s: a refused move of %v is legal in %s", spec, c.refused, w.FEN())
				}
			}
			if _, err := hiddenTestPlayer(t, g, spec, 9).chooseHidden(context.Background(), k, 1e9); err != nil {
				t.Fatal(err)
			}
			if worlds == 0 {
				t.Errorf("%s drew no world", spec)
			}
		}
	}
}

// TestHiddenGamesReplay: whole games between the hidden-information
// players (and a seer) play to the end, the same twice for one seed; the
// veiled king's game has moves refused.
func TestHiddenGamesReplay(t *testing.T) {
	cases := []struct {
		file    string
		p0, p1  string
		refusal bool
	}{
		{fogOfWarFile, "det:ab:n800", "ismcts:i150", false},
		{fogOfWarFile, "random", "det4:mcts:i120", false},
		{fogOfWarFile, "seer:ab:n200", "random", false},
		{veiledKingFile, "det:ab:n800", "ismcts:i150", true},
	}
	for _, c := range cases {
		g := loadHiddenRules(t, c.file)
		var recs [2]Record
		for i := range recs {
			rec, err := Play(context.Background(), g, nil, c.p0, c.p1, 7, Limits{}, nil)
			if err != nil {
				t.Fatalf("%s %s-%s: %v", c.file, c.p0, c.p1, err)
			}
			recs[i] = rec
		}
		if !reflect.DeepEqual(recs[0], recs[1]) {
			t.Errorf("%s %s-%s: two games from one seed differ", c.file, c.p0, c.p1)
		}
		r := recs[0]
		if r.Result == "" || r.Plies == 0 || len(r.Refusals) != 2 {
			t.Errorf("%s %s-%s: record %s after %d plies, refusals %v", c.file, c.p0, c.p1, r.Result, r.Plies, r.Refusals)
		}
		if c.refusal && r.Refusals[0]+r.Refusals[1] == 0 {
			t.Errorf("%s %s-%s: no move was refused", c.file, c.p0, c.p1)
		}
	}
}

// seerMove is the move a 4000-node alpha-beta search that sees the whole
// position plays at p.
func seerMove(t *testing.T, g *engine.Game, p *engine.Position) string {
	t.Helper()
	s := newABSearch[engine.Move, enginePos](tablesFor(g), PlayerSpec{Family: FamilyAB, Nodes: 4000}, 1)
	r, err := s.search(context.Background(), enginePos{p}, 1e9)
	if err != nil {
		t.Fatal(err)
	}
	return p.MoveString(r.move)
}
