package records

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"balancefarm/engine"
)

// positionAfter is the position after the moves (the engine's notation)
// from fen, or from g's start when fen is "".
func positionAfter(t *testing.T, g *engine.Game, fen string, moves []string) *engine.Position {
	t.Helper()
	p := g.NewPosition()
	if fen != "" {
		var err error
		if p, err = g.ParseFEN(fen); err != nil {
			t.Fatalf("FEN %q: %v", fen, err)
		}
	}
	for _, text := range moves {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		p.Make(m)
	}
	return p
}

// Moves checked by hand against the published notation: the engine's
// a1 is the first mover's (sente's) left corner, 9i; its last file is
// shogi's 1 and its last rank shogi's a.
func TestPSNMoves(t *testing.T) {
	// 1. P-7f P-3d: sente's bishop may take on 2b, promoting or not.
	bishopsOpen := []string{"c3c4", "g7g6"}
	for _, c := range []struct {
		name   string
		file   string
		fen    string
		before []string
		move   string // the engine's notation
		want   string
	}{
		{"a pawn's first step", "rulesets/shogi.json", "", nil, "c3c4", "P-7f"},
		{"the second mover's pawn", "rulesets/shogi.json", "", []string{"c3c4"}, "g7g6", "P-3d"},
		{"a capture that promotes", "rulesets/shogi.json", "", bishopsOpen, "b2h8=+B", "Bx2b+"},
		{"a capture that declines to promote", "rulesets/shogi.json", "", bishopsOpen, "b2h8", "Bx2b="},
		{"the second mover takes back", "rulesets/shogi.json", "", append(bishopsOpen, "b2h8=+B"), "g9h8", "Sx2b"},
		{"a drop", "rulesets/shogi.json", "", append(bishopsOpen, "b2h8=+B", "g9h8"), "B@f5", "B*4e"},
		{"a promoted piece is named +B", "rulesets/shogi.json", "", append(bishopsOpen, "b2h8=+B", "a7a6"), "h8i9", "+Bx1a"},
		{"two golds can reach 5h: the left one", "rulesets/shogi.json", "", nil, "d1e2", "G6i-5h"},
		{"two golds can reach 5h: the right one", "rulesets/shogi.json", "", nil, "f1e2", "G4i-5h"},
		{"one gold can reach 7h: no origin", "rulesets/shogi.json", "", nil, "d1c2", "G-7h"},
		{"a knight's jump", "rulesets/shogi.json", "", []string{"c3c4", "a7a6"}, "b1c3", "N-7g"},
		{"minishogi's first pawn step", "rulesets/minishogi.json", "", nil, "a2a3", "P-5c"},
		{"minishogi's rook takes", "rulesets/minishogi.json", "", nil, "e1e4", "Rx1b"},
		{"a compulsory promotion is written +", "rulesets/minishogi.json", "4k/P4/5/5/4K[] w - - 0 1", nil, "a4a5=+P", "P-5a+"},
		{"a silver may promote leaving the far rank", "rulesets/minishogi.json", "S3k/5/5/5/4K[] w - - 0 1", nil, "a5b4", "S-4b="},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := compileFile(t, c.file)
			p := positionAfter(t, g, c.fen, c.before)
			m, err := p.ParseMove(c.move)
			if err != nil {
				t.Fatal(err)
			}
			legal := p.LegalMoves(nil)
			if got := psnOf(p, m, legal, false); got != c.want {
				t.Errorf("%s is written %q, want %q", c.move, got, c.want)
			}
			back, err := moveOfPSN(p, c.want, legal)
			if err != nil || back != m {
				t.Errorf("%q reads as %s (%v), want %s", c.want, p.MoveString(back), err, c.move)
			}
		})
	}
}

// The reader takes an origin where none is needed and refuses a move
// that names no legal move, or names two.
func TestPSNRead(t *testing.T) {
	g := compileFile(t, "rulesets/shogi.json")
	p := g.NewPosition()
	legal := p.LegalMoves(nil)
	for _, c := range []struct {
		text string
		want string // the engine's notation; "" for an error
	}{
		{"P-7f", "c3c4"},
		{"P7g-7f", "c3c4"},
		{"G-5h", ""},  // two golds can
		{"P-7e", ""},  // no pawn reaches 7e
		{"Px7f", ""},  // no capture there
		{"P-7f+", ""}, // no promotion there
	} {
		m, err := moveOfPSN(p, c.text, legal)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("%q reads as %s, want an error", c.text, p.MoveString(m))
		case c.want != "" && (err != nil || p.MoveString(m) != c.want):
			t.Errorf("%q reads as %s (%v), want %s", c.text, p.MoveString(m), err, c.want)
		}
	}
}

// SFEN is the engine's board, sente (the first mover, upper case) "b",
// the hands counted from the rook down, and the ply number.
func TestSFEN(t *testing.T) {
	for _, c := range []struct {
		fen, sfen string
	}{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
			"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"rbsgk/4p/5/P4/KGSBR[] w - - 0 1", "rbsgk/4p/5/P4/KGSBR b - 1"},
		{"lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PP1PPPPPP/1S5R1/LN1GKGSNL[PPPBbg] b - - 0 7",
			"lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PP1PPPPPP/1S5R1/LN1GKGSNL w B3Pbg 14"},
	} {
		sfen, err := sfenOf(c.fen)
		if err != nil || sfen != c.sfen {
			t.Errorf("sfenOf(%q) = %q, %v; want %q", c.fen, sfen, err, c.sfen)
		}
		fen, err := fenOfSFEN(c.sfen)
		back, _ := sfenOf(fen)
		if err != nil || back != c.sfen {
			t.Errorf("fenOfSFEN(%q) = %q, %v: back to SFEN %q", c.sfen, fen, err, back)
		}
	}
	for _, bad := range []string{"9/9 b", "lnsgkgsnl/9 x - 1", "lnsgkgsnl/9 b 2 1", "lnsgkgsnl/9 b Q 1", "lnsgkgsnl/9 b - 0"} {
		if fen, err := fenOfSFEN(bad); err == nil {
			t.Errorf("fenOfSFEN(%q) = %q, want an error", bad, fen)
		}
	}
}

// Whole games the engine played on shogi and minishogi, written in PSN
// and read back: the tags name the game as Fairy-Stockfish does, and
// every move reads back as the move played, to the final position.
func TestPSNRoundTrip(t *testing.T) {
	for _, c := range []struct {
		file, variant, sfen string
	}{
		{"rulesets/shogi.json", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"rulesets/minishogi.json", "minishogi", "rbsgk/4p/5/P4/KGSBR b - 1"},
	} {
		t.Run(c.variant, func(t *testing.T) {
			g := compileFile(t, c.file)
			games := Build(ReplayAll(g, playGames(t, g, [][2]string{{"random", "ab:d1"}, {"ab:d1", "random"}}, 2)))
			var buf bytes.Buffer
			if err := WritePGN(&buf, MetaFor(g, c.file, time.Time{}), games); err != nil {
				t.Fatal(err)
			}
			read, err := ReadPGN(&buf)
			if err != nil || len(read) != len(games) {
				t.Fatalf("read %d games (%v), wrote %d", len(read), err, len(games))
			}
			for i := range read {
				rg, rec := &read[i], &games[i]
				for name, want := range map[string]string{"Variant": c.variant, "SFEN": c.sfen, "Sente": rec.White,
					"Gote": rec.Black, "White": "", "FEN": "", "Notation": ""} {
					if got := rg.Tag(name); got != want {
						t.Errorf("game %d: %s tag %q, want %q", i+1, name, got, want)
					}
				}
				if len(rec.PSN) != len(rec.Moves) || len(rg.Moves) != len(rec.Moves) {
					t.Fatalf("game %d: %d PSN moves, %d read, %d played", i+1, len(rec.PSN), len(rg.Moves), len(rec.Moves))
				}
				p := g.NewPosition()
				var legal []engine.Move
				for ply, text := range rg.Moves {
					legal = p.LegalMoves(legal[:0])
					m, err := moveOfPSN(p, text, legal)
					if err != nil || p.MoveString(m) != rec.Moves[ply] {
						t.Fatalf("game %d ply %d: %q reads as %s (%v), played %s", i+1, ply+1, text, p.MoveString(m), err, rec.Moves[ply])
					}
					p.Make(m)
				}
				end, err := PlayPGN(g, rg)
				if err != nil || end.FEN() != rec.FinalFEN {
					t.Errorf("game %d: PlayPGN ends at %v (%v), the game at %s", i+1, end, err, rec.FinalFEN)
				}
			}
		})
	}
}

// Shogi is recognised by what it plays: a file that changes a rule a
// reader replays keeps its own name and the engine's notation.
func TestShogiName(t *testing.T) {
	unchanged := func(map[string]any) {}
	dropsWithout := func(key string) func(map[string]any) {
		return func(r map[string]any) { delete(r["drops"].(map[string]any), key) }
	}
	for _, c := range []struct {
		name string
		file string
		edit func(map[string]any)
		want string
	}{
		{"shogi", "rulesets/shogi.json", unchanged, "shogi"},
		{"minishogi", "rulesets/minishogi.json", unchanged, "minishogi"},
		{"shogi by another name", "rulesets/shogi.json", func(r map[string]any) { r["name"] = "Hasami" }, "shogi"},
		{"a longer ply cap is still shogi", "rulesets/shogi.json", func(r map[string]any) { r["max_plies"] = 2000 }, "shogi"},
		{"chess", "rulesets/chess.json", unchanged, ""},
		{"a pawn dropped to mate", "rulesets/shogi.json", dropsWithout("no_mate"), ""},
		{"minishogi: a pawn dropped to mate", "rulesets/minishogi.json", dropsWithout("no_mate"), ""},
		{"doubled pawns dropped", "rulesets/shogi.json", dropsWithout("no_doubled"), ""},
		{"pieces dropped where they cannot move", "rulesets/shogi.json", func(r map[string]any) { delete(r, "forbid_immobility") }, ""},
		{"a stalemate drawn", "rulesets/shogi.json", func(r map[string]any) { r["stalemate"] = "draw" }, ""},
		{"threefold repetition", "rulesets/minishogi.json", func(r map[string]any) { r["repetition_draw"] = 3 }, ""},
		{"a two-rank promotion zone", "rulesets/shogi.json", func(r map[string]any) {
			for _, pr := range r["promotion"].([]any) {
				pr.(map[string]any)["ranks"] = []any{7, 8}
			}
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := compileEdited(t, c.file, c.edit)
			if got := ShogiName(g); got != c.want {
				t.Errorf("ShogiName = %q, want %q", got, c.want)
			}
			m := MetaFor(g, "e", time.Time{})
			if (m.SFEN != "") != (c.want != "") || c.want != "" && m.Variant != c.want {
				t.Errorf("MetaFor: Variant %q, SFEN %q", m.Variant, m.SFEN)
			}
			if c.want == "" && c.file != "rulesets/chess.json" && !strings.EqualFold(m.Variant, g.Name()) {
				t.Errorf("MetaFor: Variant %q, want the file's name %q", m.Variant, g.Name())
			}
		})
	}
}

// Games of shogi and minishogi, as this package writes them, replayed by
// shogiops (lishogi's rules library, from npm), an independent reader:
// every move read as written, the same final board, and the engine's
// checkmates mates there too (testdata/shogiops-replay.mjs). It runs
// where SHOGIOPS names a folder holding node_modules/shogiops and node is
// on the PATH, and skips elsewhere.
func TestPSNReadByShogiops(t *testing.T) {
	reader := newNodeReader(t, "SHOGIOPS", "shogiops-replay.mjs", "shogiops@0.18.0")
	for _, file := range []string{"rulesets/shogi.json", "rulesets/minishogi.json"} {
		g := compileFile(t, file)
		games := Build(ReplayAll(g, playGames(t, g, [][2]string{{"random", "ab:d1"}, {"ab:d1", "random"}}, 3)))
		if out, err := reader.replay(t, MetaFor(g, file, time.Time{}), games, "shogiops"); err != nil {
			t.Errorf("%s: %v\n%s", file, err, out)
		}
	}
}
