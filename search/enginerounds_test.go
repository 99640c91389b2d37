package search

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"balancefarm/engine"
)

// The round players on the engine's games played in rounds.

// obliviousChooser is the rung that ignores the other side's choice: it
// values each of its choices as if the other player stood still (the
// engine plays a null move as staying put), by the evaluation ab:d1 puts
// on the rounds it searches, and plays the best, first on a tie. So the
// one thing ab:d1 has over it is the other player's choice.
type obliviousChooser struct {
	probe *abSearch[engine.Move, enginePos]
}

func newOblivious(g *engine.Game) *obliviousChooser {
	return &obliviousChooser{probe: newABSearch[engine.Move, enginePos](tablesFor(g), PlayerSpec{Family: FamilyAB, Depth: 1}, 1)}
}

func (c *obliviousChooser) choose(ctx context.Context, p enginePos, hardCap int64) (decision[engine.Move], error) {
	r, err := c.probe.search(ctx, p, hardCap)
	return decision[engine.Move]{move: r.move, nodes: r.nodes}, err
}

func (c *obliviousChooser) chooseRound(ctx context.Context, p enginePos, _ int64, player int, _ *engine.Move) (decision[engine.Move], error) {
	var best engine.Move
	bestV := 0
	for i, m := range p.RoundMoves(player, nil) {
		if player == 0 {
			p.MakeRound(m, 0)
		} else {
			p.MakeRound(0, m)
		}
		v := c.probe.ev.evaluate(p, 0, p) // player 0's side
		if r := p.Result(); r.over {
			v = map[int]int{0: scoreWin, 1: -scoreWin, -1: 0}[r.winner]
		}
		p.Unmake()
		if player == 1 {
			v = -v
		}
		if i == 0 || v > bestV {
			best, bestV = m, v
		}
	}
	return decision[engine.Move]{move: best}, nil
}

// playRoundsGame plays a game of rounds between two choosers, after
// random opening rounds drawn from seed, and returns the record (rounds
// only: the files have no turns before their rounds).
func playRoundsGame(t *testing.T, g *engine.Game, players [2]roundChooser[engine.Move, enginePos], seed uint64) Record {
	t.Helper()
	p := enginePos{g.NewPosition()}
	rec := Record{Winner: -1}
	var spent int64
	r := newRNG(seed)
	for rec.Plies < DefaultOpeningPlies {
		m0, m1, ok := openingRound(p, roundPosition[engine.Move](p), r)
		if !ok {
			break
		}
		playOpeningRound(p, roundPosition[engine.Move](p), &rec, m0, m1, nil)
	}
	for !p.Result().over {
		if !p.InRound() {
			t.Fatalf("%s: not a round", p.FEN())
		}
		if _, err := playRound(context.Background(), p, roundPosition[engine.Move](p), &players, &[2]*clock{}, &rec, &spent, DefaultMaxNodes, nil); err != nil {
			t.Fatal(err)
		}
	}
	rec.Winner = p.Result().winner
	return rec
}

// roundMatch plays games between a (a spec) and b (a spec, or
// "oblivious"), alternating sides.
func roundMatch(t *testing.T, g *engine.Game, a, b string, games int) (res matchResult) {
	t.Helper()
	mk := func(spec string, seed uint64) roundChooser[engine.Move, enginePos] {
		if spec == "oblivious" {
			return newOblivious(g)
		}
		return newRoundChooser(t, g, spec, seed)
	}
	res = matchResult{a: a, b: b, games: games}
	began := time.Now()
	defer func() { res.elapsed = time.Since(began) }()
	for i := 0; i < games; i++ {
		seed := uint64(i/2 + 1)
		players, aSide := [2]roundChooser[engine.Move, enginePos]{mk(a, mixSeed(seed, 1)), mk(b, mixSeed(seed, 2))}, 0
		if i%2 == 1 {
			players, aSide = [2]roundChooser[engine.Move, enginePos]{mk(b, mixSeed(seed, 1)), mk(a, mixSeed(seed, 2))}, 1
		}
		rec := playRoundsGame(t, g, players, seed)
		res.plies += rec.Plies
		switch rec.Winner {
		case aSide:
			res.wins++
		case -1:
			res.draws++
		default:
			res.losses++
		}
	}
	return res
}

// TestRoundPlayersLadder: the round players, which solve each round as a
// matrix game (alpha-beta) or by decoupled selection (MCTS), beat random
// play and, where they do yet, the rung that ignores the other side's
// choice, with 95% intervals above one half.
func TestRoundPlayersLadder(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about a hundred games of rounds")
	}
	type match struct {
		file, a, b string
		games      int
	}
	// On simultaneous-skirmish neither round player beats the oblivious
	// rung at these budgets yet (ab:d1 about 0.42, mcts:i300 0.50 over 64
	// and 32 games; ab:d2 about 0.72, too slow for CI): see the note.
	matches := []match{
		{"simultaneous-skirmish.json", "ab:d1", "random", 24},
		{"simultaneous-skirmish.json", "mcts:i100", "random", 24},
		{"cavalry-skirmish.json", "ab:d1", "oblivious", 64},
		{"cavalry-skirmish.json", "ab:d1", "random", 24},
		{"cavalry-skirmish.json", "mcts:i100", "random", 24},
	}
	if only := os.Getenv("BALANCEFARM_ROUND_MATCH"); only != "" {
		// file:a:b, for calibrating the matches above.
		f := strings.Split(only, ":")
		matches = []match{{f[0], f[1] + ":" + f[2], f[3], 16}}
	}
	for _, c := range matches {
		g := loadGame(t, c.file)
		m := roundMatch(t, g, c.a, c.b, ladderGames(t, c.games))
		t.Logf("%s: %s", c.file, m)
		if _, lo, _ := m.score(); lo <= 0.5 {
			t.Errorf("%s: %s does not clearly beat %s: %s", c.file, c.a, c.b, m)
		}
	}
}

// recorder wraps a round player and keeps what each round showed it.
type recorder struct {
	roundChooser[engine.Move, enginePos]
	seen []string
}

func (r *recorder) chooseRound(ctx context.Context, p enginePos, hardCap int64, player int, announced *engine.Move) (decision[engine.Move], error) {
	r.seen = append(r.seen, fmt.Sprintf("%s %x", p.FEN(), p.Hash()))
	return r.roundChooser.chooseRound(ctx, p, hardCap, player, announced)
}

// newRoundChooser makes the player a spec describes, which must be able
// to play rounds.
func newRoundChooser(t *testing.T, g *engine.Game, spec string, seed uint64) roundChooser[engine.Move, enginePos] {
	t.Helper()
	ps, err := ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	c, err := newChooser[engine.Move, enginePos](ps, tablesFor(g), seed)
	if err != nil {
		t.Fatal(err)
	}
	return asRoundChooser(t, c)
}

// asRoundChooser is c as a round player; the test stops if it is not one.
func asRoundChooser[M comparable, P position[M]](t *testing.T, c chooser[M, P]) roundChooser[M, P] {
	t.Helper()
	rc, ok := c.(roundChooser[M, P])
	if !ok {
		t.Fatalf("%T cannot play rounds", c)
	}
	return rc
}

// TestRoundChoiceHidden: in a secret round both players are asked on the
// same position, with the same hash, whatever the first chose; and the
// second player's choice does not change with the first player's.
func TestRoundChoiceHidden(t *testing.T) {
	g := loadGame(t, "simultaneous-skirmish.json")
	second := func(firstSeed uint64) (engine.Move, []string, []string) {
		mk := func(seed uint64) *recorder {
			return &recorder{roundChooser: newRoundChooser(t, g, "ab:d1", seed)}
		}
		r0, r1 := mk(firstSeed), mk(7)
		p := enginePos{g.NewPosition()}
		players := [2]roundChooser[engine.Move, enginePos]{r0, r1}
		var rec Record
		var spent int64
		if _, err := playRound(context.Background(), p, p, &players, &[2]*clock{}, &rec, &spent, DefaultMaxNodes, nil); err != nil {
			t.Fatal(err)
		}
		_, m1, err := g.NewPosition().ParseRound(rec.Moves[0])
		if err != nil {
			t.Fatal(err)
		}
		return m1, r0.seen, r1.seen
	}
	var firsts []string
	var m1s []engine.Move
	for seed := uint64(1); seed <= 6; seed++ {
		m1, seen0, seen1 := second(seed)
		if !slices.Equal(seen0, seen1) {
			t.Fatalf("the players were shown different positions: %v, %v", seen0, seen1)
		}
		firsts = append(firsts, seen0...)
		m1s = append(m1s, m1)
	}
	for i := range m1s {
		if m1s[i] != m1s[0] {
			t.Errorf("the second player's choice changed with the first player's seed: %v", m1s)
		}
	}
	if len(firsts) == 0 {
		t.Fatal("no round was played")
	}
}

// TestRoundGamesReplay: the same seed gives the same game of rounds.
func TestRoundGamesReplay(t *testing.T) {
	for _, file := range []string{"simultaneous-skirmish.json", "cavalry-skirmish.json", "spy-skirmish.json"} {
		g := loadGame(t, file)
		var games [2]Record
		for i := range games {
			rec, err := PlayGame(context.Background(), g, "mcts:i60", "ab:d1", 5, Limits{}, nil)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			games[i] = rec
		}
		if !slices.Equal(games[0].Moves, games[1].Moves) || games[0].Winner != games[1].Winner {
			t.Errorf("%s: two games with one seed differ:\n%v\n%v", file, games[0].Moves, games[1].Moves)
		}
		if len(games[0].Moves) == 0 {
			t.Errorf("%s: an empty game", file)
		}
	}
}

// TestAnsweringAnAnnouncedMove: in a spy game's open phase the player
// with a spy answers the announced move knowing it, whichever player that
// is and however many choices each has.
func TestAnsweringAnAnnouncedMove(t *testing.T) {
	g := loadGame(t, "spy-skirmish.json")
	for _, fen := range []string{
		"k5/6/6/6/6/3KRS w - - 0 1 phase:rounds", // Black announces, White answers
		"3krs/6/6/6/6/K5 w - - 0 1 phase:rounds", // White announces, Black answers
	} {
		pos, err := g.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		p := enginePos{pos}
		ann := p.Announcer()
		if ann < 0 {
			t.Fatalf("%s: nobody announces", fen)
		}
		for _, spec := range []string{"ab:d2", "mcts:i200", "random"} {
			c := newRoundChooser(t, g, spec, 3)
			first, err := c.chooseRound(context.Background(), p, DefaultMaxNodes, ann, nil)
			if err != nil || first.move.IsNull() {
				t.Fatalf("%s, %s: the announcer chose %v (%v)", fen, spec, first.move, err)
			}
			answer, err := c.chooseRound(context.Background(), p, DefaultMaxNodes, 1-ann, &first.move)
			if err != nil {
				t.Fatalf("%s, %s: %v", fen, spec, err)
			}
			if !slices.Contains(p.RoundMoves(1-ann, nil), answer.move) {
				t.Errorf("%s, %s: the answer %v is not one of the player's choices", fen, spec, answer.move)
			}
		}
	}
}

// TestRoundsNeedARoundPlayer: every player family but an outside UCI
// engine plays rounds; a UCI player in a game played in rounds is refused
// at the first round, by name, before it is asked for anything.
func TestRoundsNeedARoundPlayer(t *testing.T) {
	g := loadGame(t, "simultaneous-skirmish.json")
	const uci = "uci:/nonexistent/engine"
	for _, tc := range []struct {
		spec   string
		rounds bool
	}{{"random", true}, {"ab:d1", true}, {"mcts:i10", true}, {uci, false}} {
		ps, err := ParseSpec(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		c, err := newChooser[engine.Move, enginePos](ps, tablesFor(g), 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := c.(roundChooser[engine.Move, enginePos]); ok != tc.rounds {
			t.Errorf("%s plays rounds: %v, want %v", tc.spec, ok, tc.rounds)
		}
	}
	ps, _ := ParseSpec(uci)
	_, err := PlayGame(context.Background(), g, "random", uci, 1, Limits{}, nil)
	want := fmt.Sprintf("search: player 1 (%s) cannot play a game in rounds", ps)
	if err == nil || err.Error() != want {
		t.Errorf("a UCI player in a game of rounds: %v, want %s", err, want)
	}
}
