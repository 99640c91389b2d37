package engine

import (
	"fmt"
	"testing"
)

// countingGame is a Makruk-like army (king, boat, horse, pawn) with
// rules.counting: a board count of boardMoves, and bare limits as given.
func countingGame(t *testing.T, boardMoves int, bare string) *Game {
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
  "rules": {"win": "checkmate", "stalemate": "draw", "counting": {"none_of": ["P"], "moves": %d, "bare": %s, "bare_moves": 64}}
}`, boardMoves, bare)))
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
	end                  string
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
