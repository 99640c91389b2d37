package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// countingGame is a Makruk-like army (king, boat, horse, pawn) with
// rules.counting: a board count of boardMoves, and bare limits as given.
func countingGame(t *testing.T, boardMoves int, bare string) *Game {
	t.Helper()
	return countingGameWith(t, fmt.Sprintf(`{"none_of": ["P"], "moves": %d, "bare": %s, "bare_moves": 64}`, boardMoves, bare))
}

// countingGameWith is that army with the given rules.counting object.
func countingGameWith(t *testing.T, counting string) *Game {
	t.Helper()
	return loadBytes(t, []byte(fmt.Sprintf(`{
  "schema_version": 31,
  "name": "counting test",
  "board": {"width": 8, "height": 8},
  "pieces": [
    {"id": "P", "value": 1, "moves": [{"kind": "slide", "vectors": [[0, 1]], "range": 1, "mode": "move"}, {"kind": "leap", "vectors": [[1, 1]], "symmetry": "lateral", "mode": "capture"}]},
    {"id": "N", "value": 3, "moves": [{"kind": "leap", "vectors": [[1, 2]], "symmetry": "dihedral8"}]},
    {"id": "R", "value": 5, "moves": [{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4"}]},
    {"id": "K", "value": 0, "royal": true, "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]}
  ],
  "setup": {"mirror": true, "placements": [{"piece": "K", "squares": ["a1"]}, {"piece": "R", "squares": ["b1"]}]},
  "rules": {"win": "checkmate", "stalemate": "draw", "counting": %s}
}`, counting)))
}

const countingBare = `[{"piece": "R", "count": 2, "moves": 8}, {"piece": "R", "moves": 16}]`

// playCounting plays moves, checking after each the count (side, counted,
// limit) and whether the game is over.
func playCounting(t *testing.T, p *Position, steps []countStep) {
	t.Helper()
	for _, st := range steps {
		if st.move != "" {
			m, err := p.ParseMove(st.move)
			if err != nil {
				t.Fatalf("%s in %s: %v", st.move, p.FEN(), err)
			}
			p.Make(m)
		}
		side, counted, limit := p.Counting()
		if side != st.side || counted != st.counted || limit != st.limit {
			t.Errorf("after %q: count (side %d, %d of %d), want (side %d, %d of %d)", st.move, side, counted, limit, st.side, st.counted, st.limit)
		}
		if o := p.Outcome(); o.Over != (st.end != "") || o.Rule != st.end {
			t.Errorf("after %q: outcome %+v, want ending %q", st.move, o, st.end)
		}
	}
}

type countStep struct {
	move                 string
	side, counted, limit int
	end                  Ending
}

func TestCounting(t *testing.T) {
	g := countingGame(t, 3, countingBare)
	t.Run("board's limit", func(t *testing.T) {
		// Boat against horse: the horse's side counts its own moves, and
		// is to move with the count at 3 after its third: a draw.
		p := mustFEN(t, g, "7k/8/8/8/8/8/8/KR4n1 w - - 0 1")
		playCounting(t, p, []countStep{
			{"", 1, 0, 3, ""},
			{"b1b2", 1, 0, 3, ""},
			{"h8h7", 1, 1, 3, ""},
			{"b2b3", 1, 1, 3, ""},
			{"h7h6", 1, 2, 3, ""},
			{"b3b4", 1, 2, 3, ""},
			{"h6h5", 1, 3, 3, ""}, // the stronger side still has its move
			{"b4c4", 1, 3, 3, "counting"},
		})
		for range 4 {
			p.Unmake()
		}
		if side, counted, _ := p.Counting(); side != 1 || counted != 1 {
			t.Errorf("after taking back four moves: count (side %d, %d), want (side 1, 1)", side, counted)
		}
	})
	t.Run("bare", func(t *testing.T) {
		// The horse is taken: the count starts again at the pieces on the
		// board (3), and a lone boat's limit is 16.
		p := mustFEN(t, g, "7k/1n6/8/8/8/8/8/KR6 w - - 0 1")
		playCounting(t, p, []countStep{
			{"", 1, 0, 3, ""},
			{"b1b7", 1, 3, 16, ""},
			{"h8g8", 1, 4, 16, ""},
		})
	})
	t.Run("two boats", func(t *testing.T) {
		p := mustFEN(t, g, "7k/8/8/8/8/8/8/KRR5 w - - 0 1")
		playCounting(t, p, []countStep{{"", 1, 4, 8, ""}})
	})
	t.Run("pawn on the board", func(t *testing.T) {
		p := mustFEN(t, g, "7k/8/8/8/8/8/P7/KRR5 w - - 0 1")
		playCounting(t, p, []countStep{{"", -1, 0, 0, ""}, {"a2a3", -1, 0, 0, ""}})
	})
	t.Run("equal material", func(t *testing.T) {
		p := mustFEN(t, g, "7k/7r/8/8/8/8/8/KR6 w - - 0 1")
		playCounting(t, p, []countStep{{"", -1, 0, 0, ""}})
	})
	t.Run("pawn taken starts the count", func(t *testing.T) {
		p := mustFEN(t, g, "7k/8/8/8/8/8/1p6/KR4n1 w - - 0 1")
		playCounting(t, p, []countStep{{"", -1, 0, 0, ""}, {"b1b2", 1, 0, 3, ""}, {"h8h7", 1, 1, 3, ""}})
	})
}

// TestCountingBareOnly: ASEAN chess's shape of count, against a bare king
// only, from 0, with no count where no bare limit applies.
func TestCountingBareOnly(t *testing.T) {
	g := countingGameWith(t, `{"none_of": ["P"], "bare": [{"piece": "R", "moves": 16}], "bare_from": "zero"}`)
	t.Run("no board count", func(t *testing.T) {
		p := mustFEN(t, g, "7k/8/8/8/8/8/8/KR4n1 w - - 0 1")
		playCounting(t, p, []countStep{{"", -1, 0, 0, ""}, {"b1b2", -1, 0, 0, ""}})
	})
	t.Run("boat against a bare king", func(t *testing.T) {
		p := mustFEN(t, g, "7k/1n6/8/8/8/8/8/KR6 w - - 0 1")
		playCounting(t, p, []countStep{{"", -1, 0, 0, ""}, {"b1b7", 1, 0, 16, ""}, {"h8g8", 1, 1, 16, ""}})
	})
	t.Run("no limit for a horse", func(t *testing.T) {
		p := mustFEN(t, g, "7k/8/8/8/8/8/8/KN6 w - - 0 1")
		playCounting(t, p, []countStep{{"", -1, 0, 0, ""}})
	})
}

// TestCountingMateFirst: a checkmate on the stronger side's last move
// wins; the count draws only a position that is not over otherwise.
func TestCountingMateFirst(t *testing.T) {
	g := countingGame(t, 64, `[{"piece": "R", "moves": 3}]`)
	mate := mustFEN(t, g, "k6R/8/1K6/8/8/8/8/8 b - - 0 1")
	if side, counted, limit := mate.Counting(); side != 1 || counted != 3 || limit != 3 {
		t.Fatalf("count (side %d, %d of %d), want (side 1, 3 of 3)", side, counted, limit)
	}
	if o := mate.Outcome(); !o.Over || o.Rule != "checkmate" || o.Winner != 0 {
		t.Errorf("mated at the count's end: %+v, want checkmate won by player 0", o)
	}
	open := mustFEN(t, g, "k7/8/1K6/8/8/8/8/6R1 b - - 0 1")
	if o := open.Outcome(); !o.Over || o.Rule != "counting" || o.Winner != -1 {
		t.Errorf("at the count's end: %+v, want a draw by counting", o)
	}
}

// refCount is rules.counting read straight from SCHEMA-31.md's wording,
// over the boards of a game (FEN board fields, oldest first) and who
// moved each ply: slow, and sharing nothing with the engine's count but
// the rule file. It returns the count (side, counted, limit) in the last
// position.
func refCount(spec countSpec, boards []string, movers []int) (side, counted, limit int) {
	side = -1
	bare := false
	// limitOf is the limit of a count by weaker, bare or not; 0 none.
	limitOf := func(pieces [2]map[byte]int, weaker int, bare bool) int {
		if !bare {
			return spec.moves
		}
		for _, l := range spec.bare {
			if pieces[weaker^1][l.id] >= l.count {
				return l.moves
			}
		}
		return spec.bareMoves
	}
	for i, b := range boards {
		pieces := [2]map[byte]int{{}, {}}
		blocked := false
		for j := 0; j < len(b); j++ {
			c := b[j]
			if c >= 'A' && c <= 'Z' {
				pieces[0][c]++
			} else if c >= 'a' && c <= 'z' {
				pieces[1][c-'a'+'A']++
			}
		}
		var material [2]float64
		var others [2]bool
		total := 0
		for s := range 2 {
			for id, n := range pieces[s] {
				total += n
				if spec.noneOf[id] {
					blocked = true
				}
				if id != spec.royal {
					material[s] += float64(n) * spec.value[id]
					others[s] = true
				}
			}
		}
		weaker := -1
		if material[0] < material[1] {
			weaker = 0
		} else if material[1] < material[0] {
			weaker = 1
		}
		start := 0
		if !spec.bareZero {
			start = total
		}
		switch {
		case blocked || weaker < 0 || limitOf(pieces, weaker, !others[weaker]) == 0:
			side = -1
		case weaker != side:
			side, bare, counted = weaker, !others[weaker], 0
			if bare {
				counted = start
			}
		case !others[weaker] && !bare:
			bare, counted = true, start
		case i > 0 && movers[i-1] == side:
			counted++
		}
		if side >= 0 {
			limit = limitOf(pieces, side, bare)
		}
	}
	if side < 0 {
		return -1, 0, 0
	}
	return side, counted, limit
}

type countSpec struct {
	noneOf           map[byte]bool
	royal            byte
	value            map[byte]float64
	moves, bareMoves int
	bareZero         bool
	bare             []struct {
		id           byte
		count, moves int
	}
}

// TestCountingMatchesReference plays random Makruk and ASEAN games
// (biased towards captures, so the boards empty and the counts run) and
// compares the engine's count after every move, and after taking moves
// back, with refCount.
func TestCountingMatchesReference(t *testing.T) {
	makruk := countSpec{noneOf: map[byte]bool{'P': true}, royal: 'K',
		value: map[byte]float64{'P': 1, 'N': 3, 'S': 2.5, 'R': 5, 'M': 1.5}, moves: 64, bareMoves: 64}
	for _, l := range []struct {
		id           byte
		count, moves int
	}{{'R', 2, 8}, {'R', 1, 16}, {'S', 2, 22}, {'N', 2, 32}, {'S', 1, 44}, {'N', 1, 64}} {
		makruk.bare = append(makruk.bare, l)
	}
	asean := countSpec{noneOf: map[byte]bool{'P': true}, royal: 'K',
		value: map[byte]float64{'P': 1, 'N': 3, 'B': 2.5, 'R': 5, 'Q': 1.5}, bareZero: true}
	for _, l := range []struct {
		id           byte
		count, moves int
	}{{'R', 1, 16}, {'B', 1, 44}, {'N', 1, 64}} {
		asean.bare = append(asean.bare, l)
	}
	for _, tc := range []struct {
		file string
		spec countSpec
	}{{"rulesets/makruk.json", makruk}, {"rulesets/asean.json", asean}} {
		t.Run(tc.file, func(t *testing.T) { countingMatchesReference(t, loadFile(t, tc.file), tc.spec) })
	}
}

func countingMatchesReference(t *testing.T, g *Game, spec countSpec) {
	games := 100
	if testing.Short() {
		games = 40
	}
	counted, ended := 0, 0
	for seed := range uint64(games) {
		rng := rand.New(rand.NewPCG(seed, 0xc0de))
		p := g.NewPosition()
		boards := []string{strings.Fields(p.FEN())[0]}
		var movers []int
		var seen [][3]int
		for !p.Outcome().Over {
			moves := p.LegalMoves(nil)
			m := moves[rng.IntN(len(moves))]
			for _, c := range moves {
				if p.IsCapture(c) && rng.IntN(4) > 0 {
					m = c
					break
				}
			}
			movers = append(movers, p.SideToMove())
			p.Make(m)
			boards = append(boards, strings.Fields(p.FEN())[0])
			s, c, l := p.Counting()
			rs, rc, rl := refCount(spec, boards, movers)
			if s != rs || c != rc || l != rl {
				t.Fatalf("seed %d ply %d (%s): engine count (side %d, %d of %d), reference (side %d, %d of %d)",
					seed, len(movers), p.FEN(), s, c, l, rs, rc, rl)
			}
			if s >= 0 {
				counted++
			}
			seen = append(seen, [3]int{s, c, l})
		}
		if p.Outcome().Rule == "counting" {
			ended++
		}
		for i := len(seen) - 2; i >= 0; i-- {
			p.Unmake()
			if s, c, l := p.Counting(); [3]int{s, c, l} != seen[i] {
				t.Fatalf("seed %d: after taking back to ply %d, count (side %d, %d of %d), want %v", seed, i+1, s, c, l, seen[i])
			}
		}
	}
	if counted == 0 || ended == 0 {
		t.Errorf("the random games met no count (%d positions counted, %d games ended by it): the test checks nothing", counted, ended)
	}
	t.Logf("%d positions with a count, %d of %d games ended by it", counted, ended, games)
}
