package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

func TestOrthodoxFEN(t *testing.T) {
	g := loadFile(t, "rulesets/chess.json")
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	if got := g.NewPosition().FEN(); got != start {
		t.Errorf("start FEN %s", got)
	}
	for _, fen := range []string{start, kiwipete, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"} {
		if got := mustFEN(t, g, fen).FEN(); got != fen {
			t.Errorf("FEN %s read back as %s", fen, got)
		}
	}
	// Fairy-Stockfish's empty hand loads too.
	mustFEN(t, g, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1")
}

func TestCheckCounterNotation(t *testing.T) {
	g := loadFile(t, "rulesets/3check.json")
	p := mustFEN(t, g, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39")
	if p.ChecksGiven(0) != 2 || p.ChecksGiven(1) != 0 {
		t.Errorf("checks given %d, %d; want 2, 0", p.ChecksGiven(0), p.ChecksGiven(1))
	}
	if got := p.FEN(); got != "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39" {
		t.Errorf("FEN %s", got)
	}
	p = g.NewPosition()
	for _, s := range strings.Fields("e2e4 f7f6 d1h5") {
		p.Make(mustMove(t, p, s))
	}
	if !strings.Contains(p.FEN(), " 2+3 ") || p.ChecksGiven(0) != 1 {
		t.Errorf("after a check: %s", p.FEN())
	}
}

// smallGame is a 16 by 16 board with a two-character id.
func smallGame(t *testing.T, ids ...string) *Game {
	var pieces []string
	for _, id := range ids {
		pieces = append(pieces, `{"id":"`+id+`","moves":[{"kind":"slide","vectors":[[1,0],[1,1]],"symmetry":"rotate4"}]}`)
	}
	pieces[0] = `{"id":"` + ids[0] + `","royal":true,"moves":[{"kind":"leap","vectors":[[1,0],[1,1]],"symmetry":"rotate4"}]}`
	js := `{"name":"big","board":{"width":16,"height":16},"pieces":[` + strings.Join(pieces, ",") + `],` +
		`"setup":{"placements":[{"piece":"` + ids[0] + `","squares":["a1"]},{"piece":"` + ids[1] + `","squares":["p2"]}]}}`
	return loadBytes(t, []byte(js))
}

func TestWideNotation(t *testing.T) {
	g := smallGame(t, "K", "Q2")
	p := g.NewPosition()
	want := "k15/15(q2)/16/16/16/16/16/16/16/16/16/16/16/16/15(Q2)/K15 w - - 0 1"
	if got := p.FEN(); got != want {
		t.Fatalf("FEN %s, want %s", got, want)
	}
	if q := mustFEN(t, g, want); q.hash != p.hash {
		t.Error("hash differs after reading back")
	}
	m := mustMove(t, p, "p2p15")
	if !p.IsCapture(m) || p.MoveString(m) != "p2p15" || g.SquareName(m.To()) != "p15" || g.SquareName(255) != "p16" {
		t.Errorf("p2p15: %s", p.MoveString(m))
	}
	mustMove(t, p, "p2a2")
	if _, err := p.ParseMove("p2p17"); err == nil {
		t.Error("p17 is off the board")
	}
	// Ids that differ only by case are written in brackets by owner.
	g = smallGame(t, "K", "k")
	if got := g.NewPosition().FEN(); !strings.HasPrefix(got, "{K}15/15{k}/16/") || !strings.Contains(got, "/15(k)/(K)15 ") {
		t.Errorf("bracketed FEN %s", got)
	}
	if _, err := g.ParseFEN(g.NewPosition().FEN()); err != nil {
		t.Error(err)
	}
}

func TestFENErrors(t *testing.T) {
	g := loadFile(t, "rulesets/chess.json")
	for _, fen := range []string{
		"",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bogus:e2",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moved:e5",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN(R w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/*NBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1 extra",
	} {
		if _, err := g.ParseFEN(fen); err == nil {
			t.Errorf("ParseFEN(%q) accepted", fen)
		} else if !strings.HasPrefix(err.Error(), "fen: ") {
			t.Errorf("ParseFEN(%q): error %q should say it is about the fen", fen, err)
		}
	}
}

func TestMoveSyntax(t *testing.T) {
	g := loadFile(t, "rulesets/chess.json")
	p := mustFEN(t, g, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for in, want := range map[string]string{
		"b7b8=Q": "b7b8=Q", "b7b8q": "b7b8=Q", "b7a8=N": "b7a8=N", "b7a8n": "b7a8=N",
		"e1g1": "e1g1", "O-O": "e1g1", "e1h1": "e1g1", "O-O-O": "e1c1", "e1a1": "e1c1",
	} {
		m, err := p.ParseMove(in)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if got := p.MoveString(m); got != want {
			t.Errorf("%s read as %s, want %s", in, got, want)
		}
	}
	for _, bad := range []string{"b7b8", "e1e3", "z9z9", "", "b7b8=K"} {
		if _, err := p.ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
	var zero Move
	if !zero.IsNull() || p.MoveString(zero) != "0000" {
		t.Error("the zero Move is the null move")
	}
}

// chessSpec is the chess rule file, decoded, for tests that change it.
func chessSpec(t *testing.T) *rules.Spec {
	g := loadFile(t, "rulesets/chess.json")
	data, err := json.Marshal(g.spec)
	if err != nil {
		t.Fatal(err)
	}
	var s rules.Spec
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

func TestLoadRefusesWhatItDoesNotPlay(t *testing.T) {
	cases := map[string]func(s *rules.Spec){
		"rules.castling beside rules.portals": func(s *rules.Spec) {
			s.Rules.Portals = []rules.PortalGroup{{Piece: "P", Orange: "a4", Blue: "h5"}}
		},
		"rules.simultaneous with rules.drops": func(s *rules.Spec) {
			s.Rules.Simultaneous = &rules.Simultaneous{}
			s.Rules.Drops = &rules.Drops{}
		},
		"rules.simultaneous with capture effects or territory": func(s *rules.Spec) {
			s.Rules.Simultaneous = &rules.Simultaneous{}
			s.Rules.Territory = &rules.Territory{Mode: "permanent"}
		},
		"rules.npcs with turns of several moves, rounds or rest": func(s *rules.Spec) {
			s.Rules.NPCs = []rules.NPC{{Piece: "N", Route: []string{"d4"}}}
			s.Rules.Turn = &rules.Turn{Moves: 2}
		},
		"rules.en_passant beside pieces[].facing": func(s *rules.Spec) { s.Pieces[0].Facing = &rules.Facing{Axes: 2} },
		"rules.territory beside pieces[].facing": func(s *rules.Spec) {
			s.Rules.EnPassant = false
			s.Pieces[0].Facing = &rules.Facing{Axes: 2}
			s.Rules.Territory = &rules.Territory{}
		},
		"rules.promote_on_entry without rules.drops": func(s *rules.Spec) { s.Rules.PromoteOnEntry = true },
	}
	for what, change := range cases {
		s := chessSpec(t)
		change(s)
		_, err := Load(s)
		if err == nil || err.Error() != "not supported yet: "+what {
			t.Errorf("%s: Load said %v", what, err)
		}
	}
}

// TestLoadBadSpecs feeds Load specs the validator would refuse: each must
// come back as an error naming the problem, never as a panic (which Load
// would report as "cannot compile").
func TestLoadBadSpecs(t *testing.T) {
	neg, big := -3, 40
	cases := map[string]func(s *rules.Spec){
		"tiny board":      func(s *rules.Spec) { s.Board.Width = 1 },
		"huge board":      func(s *rules.Spec) { s.Board.Height = 17 },
		"no pieces":       func(s *rules.Spec) { s.Pieces = nil },
		"unknown capture": func(s *rules.Spec) { s.Pieces[0].Captures = []string{"Z"} },
		"zero vector":     func(s *rules.Spec) { s.Pieces[1].Moves[0].Vectors = []rules.Vector{{0, 0}} },
		"long vector":     func(s *rules.Spec) { s.Pieces[1].Moves[0].Vectors = []rules.Vector{{9, 1}} },
		"bad kind":        func(s *rules.Spec) { s.Pieces[1].Moves[0].Kind = "teleport" },
		"bad range":       func(s *rules.Spec) { s.Pieces[2].Moves[0].Range = &neg },
		"bad min range":   func(s *rules.Spec) { s.Pieces[2].Moves[0].MinRange = &big },
		"bad square":      func(s *rules.Spec) { s.Setup.Placements[0].Squares = []string{"z9"} },
		"square taken":    func(s *rules.Spec) { s.Setup.Placements[1].Squares = []string{"a2"} },
		"unknown piece":   func(s *rules.Spec) { s.Setup.Placements[0].Piece = "Z" },
		"bad promotion":   func(s *rules.Spec) { s.Rules.Promotion[0].To = []string{"Z"} },
		"bad rank":        func(s *rules.Spec) { s.Rules.Promotion[0].Rank = &rules.Rank{Index: 12} },
		"bad castling":    func(s *rules.Spec) { s.Rules.Castling.Rook = "Z" },
		"castling file":   func(s *rules.Spec) { s.Rules.Castling.KingFile = &rules.SideFiles{Kingside: "z", Queenside: "c"} },
		"bad win":         func(s *rules.Spec) { s.Rules.Win = "draw" },
		"bad reach":       func(s *rules.Spec) { s.Rules.Reach = &rules.Reach{Squares: []string{"i9"}} },
		"bad extinction": func(s *rules.Spec) {
			s.Rules.Extinction = &rules.Extinction{Pieces: rules.PieceSet{IDs: []string{"Z"}}}
		},
		"walls":         func(s *rules.Spec) { s.Rules.Obstacles = &rules.Obstacles{Squares: []string{"e1"}} },
		"bad symmetry":  func(s *rules.Spec) { s.Pieces[1].Moves[0].Symmetry = "rotate6" },
		"bad wrap":      func(s *rules.Spec) { s.Rules.Wrap = &rules.Wrap{Files: "up"} },
		"bad max plies": func(s *rules.Spec) { s.Rules.MaxPlies = &neg },
		"duplicate id":  func(s *rules.Spec) { s.Pieces[1].ID = "P" },
		"long id":       func(s *rules.Spec) { s.Pieces[1].ID = "NNN" },
	}
	for name, change := range cases {
		s := chessSpec(t)
		change(s)
		_, err := Load(s)
		if err == nil {
			t.Errorf("%s: accepted", name)
		} else if strings.HasPrefix(err.Error(), "cannot compile") {
			t.Errorf("%s: Load panicked inside: %v", name, err)
		}
	}
	if _, err := Load(nil); err == nil {
		t.Error("Load(nil) accepted")
	}
}

// FuzzParseFEN: no input may panic the notation reader, and whatever it
// accepts must write back to notation it reads the same way.
func FuzzParseFEN(f *testing.F) {
	g := loadFile(f, "rulesets/chess.json")
	for _, s := range []string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", kiwipete, "8/8/8/8/8/8/8/8 b - e3 5 9", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 moved:e1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) { checkNotationRoundTrip(t, g, fen) })
}
