package records

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"balancefarm/engine"

	chess "github.com/corentings/chess/v2"
)

// A PGN written for rulesets/chess.json is read by a parser written to the
// standard (corentings/chess, the maintained continuation of
// notnil/chess), and every game replays there to the position the engine
// reached.
func TestChessPGNReadByStandardParser(t *testing.T) {
	g := compileFile(t, "rulesets/chess.json")
	if !Orthodox(g) {
		t.Fatal("rulesets/chess.json is not recognised as orthodox chess")
	}
	results := playGames(t, g, [][2]string{{"random", "random"}, {"ab:d1", "random"}, {"ab:d1", "ab:d1"}}, 4)
	games := Build(ReplayAll(g, results))
	var buf bytes.Buffer
	meta := MetaFor(g, "Chess", time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	if meta.Variant != "" || meta.FEN != "" {
		t.Fatalf("orthodox chess got Variant %q, FEN %q", meta.Variant, meta.FEN)
	}
	if err := WritePGN(&buf, meta, games); err != nil {
		t.Fatal(err)
	}
	sc := chess.NewScanner(bytes.NewReader(buf.Bytes()))
	endings := map[string]bool{}
	for i := range games {
		want := &games[i]
		if want.Unreplayed != "" {
			t.Fatalf("game %d: %s", want.Round, want.Unreplayed)
		}
		if len(want.SAN) != want.Plies {
			t.Fatalf("game %d: %d SAN moves for %d plies", want.Round, len(want.SAN), want.Plies)
		}
		if !sc.HasNext() {
			t.Fatalf("the parser found %d games of %d", i, len(games))
		}
		got, err := sc.ParseNext()
		if err != nil {
			t.Fatalf("game %d: the parser refused it: %v", want.Round, err)
		}
		if n := len(got.Moves()); n != want.Plies {
			t.Errorf("game %d: the parser read %d moves, want %d", want.Round, n, want.Plies)
		}
		if got.GetTagPair("White") != want.White || got.GetTagPair("Termination") != Termination(want.Ending) || got.GetTagPair(EndingTag) != string(want.Ending) {
			t.Errorf("game %d: tags White %q Termination %q Ending %q", want.Round, got.GetTagPair("White"), got.GetTagPair("Termination"), got.GetTagPair(EndingTag))
		}
		if a, b := comparable(got.Position().String()), comparable(want.FinalFEN); a != b {
			t.Errorf("game %d (%s vs %s, %s): final position %q, the engine's %q", want.Round, want.White, want.Black, want.Ending, a, b)
		}
		endings[string(want.Ending)] = true
	}
	t.Logf("%d games replayed, endings %v", len(games), endings)
}

// comparable keeps a FEN's board, side, castling, halfmove clock and move
// number: the engine writes an en passant square only when a capture there
// is possible. The clocks agree because chess.json counts as FIDE does
// (rules.no_progress_resets).
func comparable(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 6 {
		return fen
	}
	return strings.Join([]string{f[0], f[1], f[2], f[4], f[5]}, " ")
}

// What WritePGN writes, ReadPGN reads back: every tag and every move.
func TestPGNRoundTrip(t *testing.T) {
	for _, file := range []string{"rulesets/chess.json", "rulesets/crazyhouse.json", "rulesets/atomic.json", "rulesets/3check.json",
		"rulesets/horde.json", "rulesets/xiangqi.json", "rulesets/dice-chess.json"} {
		g := compileFile(t, file)
		games := Build(ReplayAll(g, playGames(t, g, [][2]string{{"ab:d1", "random"}, {"random", "random"}}, 2)))
		var buf bytes.Buffer
		meta := MetaFor(g, g.Name(), time.Time{})
		if err := WritePGN(&buf, meta, games); err != nil {
			t.Fatal(err)
		}
		read, err := ReadPGN(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if len(read) != len(games) {
			t.Fatalf("%s: read %d games of %d", file, len(read), len(games))
		}
		for i, r := range read {
			want := &games[i]
			if got := strings.Join(r.Moves, " "); got != strings.Join(want.Notation(), " ") {
				t.Errorf("%s game %d: moves\n%s\nwant\n%s", file, want.Round, got, strings.Join(want.Notation(), " "))
			}
			first, second := playerTags(meta.Notation) // Red and Black for xiangqi
			for tag, v := range map[string]string{first: want.White, second: want.Black, "Result": want.Result,
				"Termination": Termination(want.Ending), EndingTag: string(want.Ending), "PlyCount": fmt.Sprint(want.Plies), "Round": fmt.Sprint(want.Round)} {
				if r.Tag(tag) != v {
					t.Errorf("%s game %d: %s %q, want %q", file, want.Round, tag, r.Tag(tag), v)
				}
			}
			if want.Unreplayed != "" {
				t.Fatalf("%s game %d: %s", file, want.Round, want.Unreplayed)
			}
			// This package's reader replays what it wrote, SAN or not.
			if p, err := PlayPGN(g, &r); err != nil {
				t.Errorf("%s game %d: %v", file, want.Round, err)
			} else if p.FEN() != want.FinalFEN {
				t.Errorf("%s game %d: replayed to %s, the game ended on %s", file, want.Round, p.FEN(), want.FinalFEN)
			}
			inSAN := len(want.SAN) == want.Plies && want.Plies > 0
			if (r.Tag("Notation") == "") != inSAN || (SANGame(g) && file != "rulesets/dice-chess.json") != inSAN {
				t.Errorf("%s game %d: Notation %q, %d SAN moves for %d plies", file, want.Round, r.Tag("Notation"), len(want.SAN), want.Plies)
			}
			if r.Ending() != string(want.Ending) {
				t.Errorf("%s game %d: read ending %q, want %q", file, want.Round, r.Ending(), want.Ending)
			}
			if r.Tag("Variant") != meta.Variant || (r.Tag("Variant") != "") == Orthodox(g) || r.Tag("FEN") != meta.FEN {
				t.Errorf("%s: Variant %q, FEN %q", file, r.Tag("Variant"), r.Tag("FEN"))
			}
		}
	}
}

func TestReadPGN(t *testing.T) {
	for _, c := range []struct {
		name, text string
		games      int
		moves      []string
		err        bool
	}{
		{"comments, variations, NAGs", "[White \"a\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1 ; a line comment Nc6\nNc6 1-0\n", 1, []string{"e4", "e5", "Nf3", "Nc6"}, false},
		{"numbers joined to moves", "1.e4 1...e5 2.O-O *\n", 1, []string{"e4", "e5", "O-O"}, false},
		{"two games", "[Round \"1\"]\n\n1. e4 1-0\n\n[Round \"2\"]\n\n1. d4 0-1\n", 2, nil, false},
		{"escaped quote", "[Event \"a \\\"b\\\"\"]\n\n*\n", 1, []string{}, false},
		{"unclosed tag", "[Event \"x\"\n\n1. e4 *\n", 0, nil, true},
		{"tag without a value", "[Event]\n", 0, nil, true},
		{"empty", "", 0, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			games, err := ReadPGN(strings.NewReader(c.text))
			if (err != nil) != c.err {
				t.Fatalf("error %v, want one: %v", err, c.err)
			}
			if len(games) != c.games {
				t.Fatalf("%d games, want %d", len(games), c.games)
			}
			if c.moves != nil && strings.Join(games[0].Moves, " ") != strings.Join(c.moves, " ") {
				t.Errorf("moves %q, want %q", games[0].Moves, c.moves)
			}
		})
	}
}

func TestFilter(t *testing.T) {
	written := &PGNGame{Tags: []Tag{{"White", "ab:n300"}, {"Black", "random"}, {"Termination", "normal"}, {EndingTag, "checkmate"}}}
	older := &PGNGame{Tags: []Tag{{"White", "ab:n300"}, {"Black", "random"}, {"Termination", "checkmate"}}}
	shogi := &PGNGame{Tags: []Tag{{"Sente", "ab:n300"}, {"Gote", "random"}, {"Termination", "normal"}, {EndingTag, "checkmate"}}} // PSN
	for _, g := range []*PGNGame{written, older, shogi} {
		for _, c := range []struct {
			pairing, ending string
			want            bool
		}{
			{"", "", true},
			{"ab:n300,random", "", true},
			{"random,ab:n300", "checkmate", true},
			{"ab:n300", "", false},
			{"", "stalemate", false},
			{"random,mcts:i200", "checkmate", false},
		} {
			var f Filter
			if c.pairing != "" {
				p, err := ParsePairing(c.pairing)
				if err != nil {
					t.Fatal(err)
				}
				f.Pairing = p
			}
			f.Ending = c.ending
			if got := f.Match(g); got != c.want {
				t.Errorf("%v: pairing %q ending %q: %v, want %v", g.Tags, c.pairing, c.ending, got, c.want)
			}
		}
	}
	// The standard's word filters too, in the new files.
	if !(Filter{Ending: "normal"}).Match(written) || (Filter{Ending: "unterminated"}).Match(written) {
		t.Error("-ending normal/unterminated: the Termination tag is not matched")
	}
	for _, bad := range []string{"", ",x", "a,b,c"} {
		if _, err := ParsePairing(bad); err == nil {
			t.Errorf("pairing %q accepted", bad)
		}
	}
}

// Every ending gets the standard's Termination, and the reader finds the
// engine's ending in the files it writes and in older ones.
func TestTermination(t *testing.T) {
	for _, c := range []struct {
		ending engine.Ending
		want   string
	}{
		{engine.EndCheckmate, "normal"},
		{engine.EndStalemate, "normal"},
		{engine.EndRepetition, "normal"},
		{engine.EndNoProgress, "normal"},
		{engine.EndRoyalCapture, "normal"},
		{engine.EndBareRoyal, "normal"},
		{engine.EndCheckLimit, "normal"},
		{engine.EndReach, "normal"},
		{engine.EndExtinction, "normal"},
		{engine.EndScoring, "normal"},
		{engine.EndTerritory, "normal"},
		{engine.EndTouch, "normal"},
		{engine.EndCounting, "normal"},
		{engine.EndAnnihilation, "normal"},
		{engine.EndMaxPlies, "unterminated"},
		{engine.EndError, "abandoned"},
		{engine.Ending("time_forfeit"), "time forfeit"},
		{"adjudication", "adjudication"},
		{"draw_adjudication", "adjudication"},
		{"resign", "adjudication"},
		{"node_limit", "adjudication"},
		{"something_new", "unterminated"},
	} {
		if got := Termination(c.ending); got != c.want {
			t.Errorf("Termination(%q) = %q, want %q", c.ending, got, c.want)
		}
	}
	// Every rule an outcome can name is in the table above.
	for _, r := range engine.RuleNames() {
		if got := Termination(r); got != "normal" && r != engine.EndMaxPlies {
			t.Errorf("Termination(%q) = %q: a rule of the game is normal", r, got)
		}
	}
	for _, c := range []struct {
		name string
		tags []Tag
		want string
	}{
		{"written", []Tag{{"Termination", "normal"}, {EndingTag, "repetition"}}, "repetition"},
		{"written, the ply cap", []Tag{{"Termination", "unterminated"}, {EndingTag, "max_plies"}}, "max_plies"},
		{"older file", []Tag{{"Termination", "checkmate"}}, "checkmate"},
		{"older file, the ply cap", []Tag{{"Termination", "max_plies"}}, "max_plies"},
		{"another tool's file", []Tag{{"Termination", "Time forfeit"}}, ""},
		{"no tag", nil, ""},
	} {
		g := &PGNGame{Tags: c.tags}
		if got := g.Ending(); got != c.want {
			t.Errorf("%s: Ending() = %q, want %q", c.name, got, c.want)
		}
	}
}

func FuzzReadPGN(f *testing.F) {
	f.Add("[Event \"x\"]\n\n1. e4 {c} (1. d4) e5 1-0\n")
	f.Add("[A \"\\\\\"]\n;x\n%y\n{")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ReadPGN(strings.NewReader(text))
		if err == nil {
			for _, g := range games {
				if _, err := g.MarshalJSON(); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}

// A timed game's PGN names its clocks as cutechess writes them; an
// untimed one has no TimeControl tag.
func TestPGNTimeControl(t *testing.T) {
	for _, c := range []struct {
		white, black string
		tags         map[string]string
	}{
		{"ab:n3000", "mcts:i200", map[string]string{"TimeControl": "", "WhiteTimeControl": "", "BlackTimeControl": ""}},
		{"ab:n3000,tc=40/60", "mcts,tc=40/60", map[string]string{"TimeControl": "40/60", "WhiteTimeControl": ""}},
		{"ab,st=0.5", "uci:/sf,tc=10+0.1", map[string]string{"TimeControl": "", "WhiteTimeControl": "0.5/move", "BlackTimeControl": "10+0.1"}},
		{"ab:n3000", "ab:n3000,tc=2:00", map[string]string{"WhiteTimeControl": "-", "BlackTimeControl": "120"}},
	} {
		var buf bytes.Buffer
		game := Game{Round: 1, White: c.white, Black: c.black, Result: "1-0", Winner: 0, Ending: "time_forfeit"}
		if err := WritePGN(&buf, Meta{Event: "test"}, []Game{game}); err != nil {
			t.Fatal(err)
		}
		read, err := ReadPGN(&buf)
		if err != nil || len(read) != 1 {
			t.Fatalf("%v, %d games", err, len(read))
		}
		for tag, want := range c.tags {
			if got := read[0].Tag(tag); got != want {
				t.Errorf("%s against %s: %s %q, want %q", c.white, c.black, tag, got, want)
			}
		}
		if got := read[0].Tag("Termination"); got != "time forfeit" {
			t.Errorf("Termination %q, want time forfeit", got)
		}
	}
}
