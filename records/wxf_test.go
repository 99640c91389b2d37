package records

import (
	"testing"
	"time"
)

// Moves checked by hand against WXF's rules: red (the first mover, on the
// engine's first rank) counts files from its right, the engine's i-file
// being its 1; black counts from its own right, the a-file being its 1.
func TestWXFMoves(t *testing.T) {
	const (
		// Red pawns three on the c-file (red's 7) and two on the g-file
		// (red's 3), all over the river.
		twoTandemFiles = "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1"
		// Four red pawns on the c-file.
		fourOnAFile = "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1"
		// Three red pawns on the c-file, none elsewhere.
		threeOnAFile = "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1"
		// Two red cannons on the e-file.
		twoCannons = "4k4/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1"
	)
	for _, c := range []struct {
		name   string
		fen    string
		before []string
		move   string // the engine's notation
		want   string
	}{
		{"the central cannon", "", nil, "h3e3", "C2=5"},
		{"a horse", "", nil, "b1c3", "H8+7"},
		{"an elephant", "", nil, "c1e3", "E7+5"},
		{"an advisor", "", nil, "f1e2", "A4+5"},
		{"a chariot's step", "", nil, "a1a2", "R9+1"},
		{"a pawn's step", "", nil, "e4e5", "P5+1"},
		{"black's cannon to the centre", "", []string{"h3e3"}, "h8e8", "C8=5"},
		{"black's horse", "", []string{"h3e3"}, "b10c8", "H2+3"},
		{"a capture counts the points moved", "", nil, "h3h10", "C2+7"},
		{"the front of two cannons", twoCannons, nil, "e5f5", "C+=4"},
		{"the rear of two cannons", twoCannons, nil, "e3e2", "C--1"},
		{"the front of three pawns", threeOnAFile, nil, "c8d8", "P+=6"},
		{"the middle of three pawns", threeOnAFile, nil, "c7d7", "P7=6"},
		{"the rear of three pawns", threeOnAFile, nil, "c6b6", "P-=8"},
		{"the foremost of four pawns", fourOnAFile, nil, "c9d9", "++=6"},
		{"the second of four pawns", fourOnAFile, nil, "c8d8", "P+=6"},
		{"the third of four pawns", fourOnAFile, nil, "c7d7", "P-=6"},
		{"the rearmost of four pawns", fourOnAFile, nil, "c6d6", "--=6"},
		{"two tandem files: the middle pawn", twoTandemFiles, nil, "c7d7", "77=6"},
		{"two tandem files: the front pawn", twoTandemFiles, nil, "g7g8", "3++1"},
		{"two tandem files: the rear pawn", twoTandemFiles, nil, "c6b6", "7-=8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := compileFile(t, "rulesets/xiangqi.json")
			p := positionAfter(t, g, c.fen, c.before)
			m, err := p.ParseMove(c.move)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := wxfOf(p, m); err != nil || got != c.want {
				t.Errorf("%s is written %q (%v), want %q", c.move, got, err, c.want)
			}
			back, err := moveOfWXF(p, c.want, p.LegalMoves(nil))
			if err != nil || back != m {
				t.Errorf("%q reads as %s (%v), want %s", c.want, p.MoveString(back), err, c.move)
			}
		})
	}
}

// The reader takes WXF's "." for "=" and refuses what names no move.
func TestWXFRead(t *testing.T) {
	g := compileFile(t, "rulesets/xiangqi.json")
	p := g.NewPosition()
	legal := p.LegalMoves(nil)
	for _, c := range []struct {
		text string
		want string // the engine's notation; "" for an error
	}{
		{"C2=5", "h3e3"},
		{"C2.5", "h3e3"},
		{"C2+4", "h3h7"},
		{"C2+5", ""},  // a cannon takes only over a screen
		{"C5=2", ""},  // no cannon on red's 5th file
		{"H8+6", ""},  // no horse move lands on the 6th file
		{"P5=4", ""},  // a pawn goes sideways only over the river
		{"C+=5", ""},  // no two cannons share a file
		{"R9+10", ""}, // no such move
	} {
		m, err := moveOfWXF(p, c.text, legal)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("%q reads as %s, want an error", c.text, p.MoveString(m))
		case c.want != "" && (err != nil || p.MoveString(m) != c.want):
			t.Errorf("%q reads as %s (%v), want %s", c.text, p.MoveString(m), err, c.want)
		}
	}
}

// Xiangqi is recognised by what it plays; a file that changes a rule a
// reader replays keeps its own name, and SAN.
func TestXiangqiRecognised(t *testing.T) {
	unchanged := func(map[string]any) {}
	for _, c := range []struct {
		name string
		file string
		edit func(map[string]any)
		want bool
	}{
		{"xiangqi", "rulesets/xiangqi.json", unchanged, true},
		{"xiangqi by another name", "rulesets/xiangqi.json", func(r map[string]any) { r["name"] = "Elephant chess" }, true},
		{"a longer ply cap", "rulesets/xiangqi.json", func(r map[string]any) { r["max_plies"] = 900 }, true},
		{"the generals may face each other", "rulesets/xiangqi.json", func(r map[string]any) { delete(r, "royal_facing") }, false},
		{"a stalemate drawn", "rulesets/xiangqi.json", func(r map[string]any) { r["stalemate"] = "draw" }, false},
		{"chess", "rulesets/chess.json", unchanged, false},
		{"shogi", "rulesets/shogi.json", unchanged, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := compileEdited(t, c.file, c.edit)
			if got := Xiangqi(g); got != c.want {
				t.Errorf("Xiangqi = %v, want %v", got, c.want)
			}
			m := MetaFor(g, "e", time.Time{})
			if (m.Notation == "WXF") != c.want || c.want && m.Variant != "xiangqi" {
				t.Errorf("MetaFor: Variant %q, Notation %q", m.Variant, m.Notation)
			}
		})
	}
}

// Each probe position tells the game from a file that lacks the rule it
// probes, by itself.
func TestProbes(t *testing.T) {
	for _, c := range []struct {
		name    string
		file    string
		edit    func(map[string]any)
		variant StandardVariant
		same    bool
	}{
		{"xiangqi", "rulesets/xiangqi.json", func(map[string]any) {}, XiangqiVariant, true},
		{"facing generals", "rulesets/xiangqi.json", func(r map[string]any) { delete(r, "royal_facing") }, XiangqiVariant, false},
		{"shogi", "rulesets/shogi.json", func(map[string]any) {}, ShogiVariants[0], true},
		{"a pawn dropped to mate", "rulesets/shogi.json", func(r map[string]any) { delete(r["drops"].(map[string]any), "no_mate") }, ShogiVariants[0], false},
		{"minishogi", "rulesets/minishogi.json", func(map[string]any) {}, ShogiVariants[1], true},
		{"minishogi: a pawn dropped to mate", "rulesets/minishogi.json", func(r map[string]any) { delete(r["drops"].(map[string]any), "no_mate") }, ShogiVariants[1], false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ref := compileFile(t, "rulesets/"+c.variant.File)
			if got := sameProbes(compileEdited(t, c.file, c.edit), ref, c.variant.Probes); got != c.same {
				t.Errorf("sameProbes = %v, want %v", got, c.same)
			}
		})
	}
}
