package records

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/search"
)

// seatedFiles are the rule files with seats.
var seatedFiles = []string{
	"rulesets/four-player-teams.json",
	"rulesets/four-player-ffa.json",
	"rulesets/chaturaji.json",
	"rulesets/three-player.json",
	"rulesets/seeds/alliance.json", // two boards and cells
	"rulesets/chaturaji-dice.json", // a die before every turn
}

// randomGame plays uniformly random legal moves from start (the game's
// own when nil) until the game ends: the moves in the engine's notation.
func randomGame(g *engine.Game, start *engine.Position, seed uint64) []string {
	p := start
	if p == nil {
		p = g.NewPosition()
	}
	rng := rand.New(rand.NewPCG(seed, 31))
	var moves []string
	var legal []engine.Move
	for !p.Outcome().Over {
		legal = p.LegalMoves(legal[:0])
		m := legal[rng.IntN(len(legal))]
		moves = append(moves, p.MoveString(m))
		p.Make(m)
	}
	return moves
}

// finalOf plays moves on g from fen (its start when empty).
func finalOf(t *testing.T, g *engine.Game, fen string, moves []string) *engine.Position {
	t.Helper()
	p, err := startPosition(g, fen)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range moves {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		p.Make(m)
	}
	return p
}

// What WritePGN4 writes, ReadPGN4 reads back: the same moves to the same
// final position and outcome, the players by seat, over random games of
// every file with seats, from their start and from a position where the
// first seat is not the one to move.
func TestPGN4RoundTrip(t *testing.T) {
	variants := map[string]string{
		"rulesets/four-player-teams.json": "Teams",
		"rulesets/four-player-ffa.json":   "FFA",
		"rulesets/chaturaji.json":         "Chaturaji",
		"rulesets/three-player.json":      "Three-player chess on a T",
		"rulesets/seeds/alliance.json":    "Two-board alliance",
		"rulesets/chaturaji-dice.json":    "Chaturaji with dice",
	}
	date := time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)
	for _, file := range seatedFiles {
		g := compileFile(t, file)
		var recs []SeatedRecord
		for seed := range uint64(2) {
			players := []string{"ab:d1", "random", "mcts:n100", "ab:n3000"}[:g.Seats()]
			recs = append(recs, SeatedRecord{Event: g.Name(), Site: "balancefarm self-play", Date: date, Round: int(seed) + 1,
				Players: players, Moves: randomGame(g, nil, seed), OpeningPlies: 6})
		}
		// From a position some plies in, blue (the second seat) to move.
		mid := g.NewPosition()
		opening := randomGame(g, nil, 7)[:5]
		for _, text := range opening {
			m, _ := mid.ParseMove(text)
			mid.Make(m)
		}
		midFEN := mid.FEN()
		recs = append(recs, SeatedRecord{Round: 3, StartFEN: midFEN, Moves: randomGame(g, mid, 9)})

		var buf bytes.Buffer
		if err := WritePGN4(&buf, g, recs); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		got, err := ReadPGN4(bytes.NewReader(buf.Bytes()), g)
		if err != nil {
			t.Fatalf("%s: %v\n%s", file, err, buf.String())
		}
		if len(got) != len(recs) {
			t.Fatalf("%s: read %d games of %d", file, len(got), len(recs))
		}
		for i, want := range recs {
			rg := got[i]
			if !slices.Equal(rg.Record.Moves, want.Moves) {
				t.Errorf("%s game %d: read %d moves, wrote %d; first difference at %d", file, i+1, len(rg.Record.Moves), len(want.Moves), firstDiff(rg.Record.Moves, want.Moves))
			}
			final := finalOf(t, g, want.StartFEN, want.Moves)
			if rg.FinalFEN != final.FEN() || rg.Outcome != final.Outcome() {
				t.Errorf("%s game %d: final %q %+v, want %q %+v", file, i+1, rg.FinalFEN, rg.Outcome, final.FEN(), final.Outcome())
			}
			if rg.Tag("Variant") != variants[file] || rg.Record.Round != want.Round {
				t.Errorf("%s game %d: Variant %q Round %d", file, i+1, rg.Tag("Variant"), rg.Record.Round)
			}
			if want.Players != nil && !slices.Equal(rg.Record.Players, want.Players) {
				t.Errorf("%s game %d: players %q, want %q", file, i+1, rg.Record.Players, want.Players)
			}
			if want.StartFEN != "" && rg.Record.StartFEN != want.StartFEN {
				t.Errorf("%s game %d: start %q, want %q", file, i+1, rg.Record.StartFEN, want.StartFEN)
			}
			// The standard's Termination word, and the engine's rule in
			// its own tag, for a game that is over.
			if rg.Outcome.Over && (rg.Tag("Termination") != Termination(rg.Outcome.Rule) || rg.Tag(EndingTag) != string(rg.Outcome.Rule) || rg.Ending() != string(rg.Outcome.Rule)) {
				t.Errorf("%s game %d: Termination %q, Ending %q; want %q and %q", file, i+1, rg.Tag("Termination"), rg.Tag(EndingTag), Termination(rg.Outcome.Rule), rg.Outcome.Rule)
			}
			if !rg.Record.Date.Equal(want.Date) {
				t.Errorf("%s game %d: date %v, want %v", file, i+1, rg.Record.Date, want.Date)
			}
		}
		// The game from the middle starts its first line with the seat
		// to move there, under move 1.
		text := buf.String()
		third := text[strings.Index(text, "[Round \"3\"]"):]
		first := strings.Fields(third[strings.Index(third, "\n\n")+2:])[:2]
		if first[0] != "1." {
			t.Errorf("%s: the game from the middle starts %q", file, first)
		}
		t.Logf("%s: %d games, %d bytes; first game %d plies, %s %s", file, len(got), buf.Len(), len(recs[0].Moves), got[0].Tag("Result"), got[0].Tag("Termination"))
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// castlingStart is four-player chess with the back ranks cleared but for
// kings and rooks: every seat may castle either way.
const castlingStart = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-" +
	"3,yR,2,yK,3,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/" +
	"bR,bP,10,gP,gR/1,bP,10,gP,1/1,bP,10,gP,1/1,bP,10,gP,gK/bK,bP,10,gP,1/1,bP,10,gP,1/1,bP,10,gP,1/bR,bP,10,gP,gR/14/" +
	"3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,3,rK,2,rR,3"

// O-O is castling to the seat's own right (its king's side), whichever
// way the seat faces: red's king h1 to j1, blue's a7 to a5, yellow's g14
// to e14, green's n8 to n10; O-O-O the other way. Written and read.
func TestPGN4Castling(t *testing.T) {
	g := compileFile(t, "rulesets/four-player-teams.json")
	tests := []struct {
		moves string // PGN4 movetext
		want  []string
	}{
		{"1. O-O .. O-O .. O-O .. O-O", []string{"h1j1", "a7a5", "g14e14", "n8n10"}},
		{"1. O-O-O .. O-O-O .. O-O-O .. O-O-O", []string{"h1f1", "a7a9", "g14i14", "n8n6"}},
	}
	for _, tt := range tests {
		text := "[StartFen4 \"" + castlingStart + "\"]\n\n" + tt.moves + "\n"
		games, err := ReadPGN4(strings.NewReader(text), g)
		if err != nil {
			t.Fatalf("%s: %v", tt.moves, err)
		}
		if got := games[0].Record.Moves; !slices.Equal(got, tt.want) {
			t.Errorf("%s: read %q, want %q", tt.moves, got, tt.want)
		}
		var buf bytes.Buffer
		if err := WritePGN4(&buf, g, []SeatedRecord{{StartFEN: castlingStart, Moves: tt.want}}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(movetextWords(buf.String()), " "); got != tt.moves {
			t.Errorf("%q written %q, want %q", tt.want, got, tt.moves)
		}
	}
}

// Two real chess.com games, a Teams game and a free-for-all, replay on
// the rule files, every move legal from chess.com's start of the time, and
// WritePGN4 writes their moves as chess.com did, marks included.
func TestPGN4ChessComGames(t *testing.T) {
	tests := []struct {
		file, variant, moves string
		plies                int
		stop                 string
	}{
		{"rulesets/four-player-teams.json", "Teams", chessComTeamsMoves, 124, ""},
		{"rulesets/four-player-ffa.json", "FFA", chessComFFAMoves, 84, "R#"},
	}
	for _, tt := range tests {
		g := compileFile(t, tt.file)
		text := "[Variant \"" + tt.variant + "\"]\n[RuleVariants \"EnPassant\"]\n[StartFen4 \"" + chessComOldStart + "\"]\n\n" + tt.moves
		games, err := ReadPGN4(strings.NewReader(text), g)
		if err != nil {
			t.Fatalf("%s: %v", tt.variant, err)
		}
		rg := games[0]
		if n := len(rg.Record.Moves); n != tt.plies || rg.Outcome.Over || rg.Stop != tt.stop {
			t.Fatalf("%s: %d plies read, the game over: %v, stopped by %q", tt.variant, n, rg.Outcome.Over, rg.Stop)
		}
		var buf bytes.Buffer
		if err := WritePGN4(&buf, g, []SeatedRecord{rg.Record}); err != nil {
			t.Fatal(err)
		}
		ours := movetextWords(buf.String())
		theirs := movetextWords(tt.moves)
		if tt.stop != "" {
			theirs = theirs[:len(theirs)-2] // ".." and the marker
		}
		if len(ours) != len(theirs) {
			t.Fatalf("%s: wrote %d words, chess.com %d", tt.variant, len(ours), len(theirs))
		}
		for i := range ours {
			if ours[i] != theirs[i] {
				t.Errorf("%s: word %d: wrote %q, chess.com %q", tt.variant, i, ours[i], theirs[i])
			}
		}
	}
}

// movetextWords are the words of a PGN4 text after its tags.
func movetextWords(s string) []string {
	if i := strings.LastIndex(s, "]\n"); i >= 0 {
		s = s[i+2:]
	}
	return strings.Fields(s)
}

// chessComOldStart is the start chess.com's games had before its
// "modern" setup: blue's and green's kings and queens on each other's
// squares (blue king a8, queen a7; green queen n8, king n7), as the game
// below plays them.
const chessComOldStart = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-" +
	"3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/" +
	"bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/" +
	"bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/" +
	"3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3"

// chessComFFAMoves are the moves of a chess.com free-for-all as chess.com
// exports them (quoted in the tests of the pgn4 Rust crate), up to yellow's
// resignation ("R#") in round 24: after it chess.com plays on with the
// resigned army dead and its king walking, which no rule file here plays.
// Green's "Qj8-j2+#" checks and mates red, which chess.com writes "+#".
const chessComFFAMoves = `1. j2-j3 .. b7-d7 .. e13-e12 .. m8-k8
2. Bi1-j2 .. b11-c11 .. j13-j12 .. k8-j8
3. e2-e3 .. b4-c4 .. Ne14-f12 .. j8-i8
4. Bf1-e2 .. d7-e7 .. g13-g11 .. i8-h8
5. h2-h3 .. e7-f7 .. g11-g10 .. m9-l9
6. Nj1-h2 .. f7-g7 .. Nj14-i12 .. h8-g8=Q
7. O-O .. g7-h7=Q .. Bf14-e13 .. Qg8-l8
8. d2-d3 .. c4xd3 .. Ni12-g11 .. m4-k4
9. Be2xd3 .. Qh7-c7 .. Ng11-h9 .. Ql8-k8
10. j3xk4 .. Na10-c9 .. O-O .. Qk8xk4
11. g2-g4 .. Na5-c6 .. Rf14-g14 .. Nn5-l4
12. Bj2xNl4 .. b8-c8 .. Bi14-j13 .. Qk4xBl4
13. Ne1-f3 .. Nc6-d8 .. Nh9-i11 .. Qn8-j8+
14. Kj1-k1 .. Qc7-g7 .. h13-h11 .. Qj8-j2+#
15. Ra4-f4 .. h11-h10 .. m11-k11
16. Ba9-c7 .. j12-j11 .. Qj2xj11
17. b6-c6 .. Be13-f14 .. Qj11xBj13
18. Qg7-f7 .. Ni11xQj13 .. m10-k10
19. Nd8-e10 .. Nf12xNe10 .. Bn9xNj13
20. Qf7xf13+ .. Ke14-d14 .. k11-j11
21. Nc9xNe10 .. Rk14-j14 .. Bj13-i12
22. Bc7-b8 .. Qh14-g13 .. m7-l7
23. Bb8-f12+ .. Qg13xBf12 .. j11-i11
24. Qa7xQf12+ .. R#
`

// chessComTeamsMoves are the moves of a chess.com Teams game as chess.com
// exports them (quoted in the tests of the pgn4 Rust crate), its first 31
// rounds: the record goes on "32. O-O#", which no rule can make legal (red's
// king left h1 at move 17 and both red rooks have left the first rank), so
// the check ends before it.
const chessComTeamsMoves = `1. h2-h3 .. b8-c8 .. g13-g12 .. m7-l7
2. Qg1xQn8+ .. Qa7xQh14+ .. Kg14xQh14 .. Kn7xQn8
3. Bi1xBa9 .. Ka8xBa9 .. Bf14xBn6 .. m4-l4
4. e2-e3 .. Na10-c9 .. Bn6-j10 .. Nn5-l6
5. Ne1-f3 .. Na5-c6 .. j13-j12 .. Kn8-n7
6. Nf3-e5 .. Nc6xNe5 .. Bj10xNe5+ .. Nn10-l9
7. Bf1xb5 .. Ka9-a8 .. Bi14-j13 .. Nl6-k4
8. Bb5xRa4 .. b11-d11 .. Be5-f6 .. m5-k5
9. Rd1-e1 .. d11-e11 .. Ne14-d12 .. m11-k11
10. Ba4-h11 .. e11-f11 .. g12xf11 .. k11xj12
11. Bh11-g10 .. Ra11-d11 .. k13xj12 .. Rn11-j11
12. j2-j3 .. Nc9-d7 .. Bf6xb10 .. Nk4-j6
13. d2-d4 .. Ba6-b5 .. Bb10-j2 .. Rj11-j8
14. Nj1-i3 .. Rd11-e11 .. e13-e12 .. l4-k4
15. Ni3xk4 .. Nd7-e9 .. Bj2-m5 .. Rn4xNk4
16. j3xRk4 .. Bb5xBg10 .. f11xBg10 .. Nj6xk4
17. Kh1-h2 .. Re11-g11 .. Bm5xRj8 .. Nl9xBj8
18. Rk1-j1 .. Ne9xg10 .. h13-h12 .. Nj8-k10
19. Rj1-j10 .. Ng10-i9 .. h12xRg11 .. m9-k9
20. Rj10-b10 .. Ka8-a9 .. Nd12-b11+ .. m8-k8
21. Rb10xNk10 .. Ka9-b8 .. Bj13-i12 .. Bn9-m8
22. Rk10xk9 .. b9-d9 .. Bi12xBm8+ .. Kn7xBm8
23. Rk9xNi9 .. b6-d6 .. Nj14-k12 .. l7-k7
24. Re1-j1 .. b7-d7 .. Nk12-l10+ .. Km8-l8
25. Rj1-j4 .. b4-c4 .. Rk14xk8+ .. Kl8-l7
26. Rj4xNk4 .. d6-e6 .. Rk8-n8 .. Kl7-k6
27. Rk4-m4 .. e6-f6 .. Nl10-n9 .. m6-l6
28. Ri9xd9 .. f6-g6 .. Nn9-m7+ .. Kk6-l7
29. Rd9xd7 .. g6-h6 .. Nb11-d10 .. m10-k10
30. Rd7-d6 .. h6-i6 .. Rn8xc8+ .. k5-j5
31. Rd6-b6+ .. Kb8-a7 .. Rc8-c11 .. k7-j7
`

// Replay, the coordinator's check of a worker's result, takes a game with
// seats recorded as the engine's move strings, and refuses it altered.
func TestReplaySeated(t *testing.T) {
	for _, file := range seatedFiles {
		g := compileFile(t, file)
		moves := randomGame(g, nil, 3)
		p := finalOf(t, g, "", moves)
		features, err := countFeatures(g, moves)
		if err != nil {
			t.Skipf("%s: search's FeatureCounter does not count a game with seats here: %v", file, err)
		}
		o := p.Outcome()
		played := protocol.Result{Moves: moves, Plies: len(moves), Winner: o.Winner, Ending: string(o.Rule), Features: features}
		tests := []struct {
			name   string
			change func(*protocol.Result)
			ok     bool
		}{
			{"as played", func(*protocol.Result) {}, true},
			{"other winner", func(r *protocol.Result) { r.Winner = 1 - max(r.Winner, 0) }, false},
			{"cut short", func(r *protocol.Result) { r.Moves = r.Moves[:len(r.Moves)-1] }, false},
			{"a move changed", func(r *protocol.Result) { r.Moves[1] = r.Moves[0] }, false},
		}
		for _, tt := range tests {
			r := played
			r.Moves = slices.Clone(played.Moves)
			tt.change(&r)
			rp := Replay(g, r)
			if (rp.Err == nil) != tt.ok {
				t.Errorf("%s, %s: Replay = %v", file, tt.name, rp.Err)
			}
			if tt.ok && (rp.FinalFEN != p.FEN() || rp.SAN != nil || rp.Material != nil) {
				t.Errorf("%s, %s: final %q (want %q), SAN %d moves, %d material samples", file, tt.name, rp.FinalFEN, p.FEN(), len(rp.SAN), len(rp.Material))
			}
		}
	}
}

// countFeatures counts moves' features as a worker does.
func countFeatures(g *engine.Game, moves []string) (f map[string]int, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	count := search.NewFeatureCounter(g)
	p := g.NewPosition()
	for _, text := range moves {
		m, err := p.ParseMove(text)
		if err != nil {
			return nil, err
		}
		if m.IsChance() {
			count.Chance(p, m) // as the game loop: nobody chose it
			continue
		}
		count.Make(p, m, false)
	}
	return count.Finish(p.Outcome().Rule), nil
}

// Each malformed or illegal record is refused with the line, the ply and
// the reason; none panics.
func TestReadPGN4Errors(t *testing.T) {
	g := compileFile(t, "rulesets/four-player-teams.json")
	tests := []struct {
		name, text, want string
	}{
		{"an illegal move", "1. h2-h3 .. b7-c7\n2. h3-h5", "game 1, line 2, ply 3 (move 2, h3-h5): yellow to move: the piece on h3 is red's"},
		{"a pawn that cannot go there", "1. h2-h5", "line 1, ply 1 (move 1, h2-h5): red to move: the P on h2 has no legal move to h5"},
		{"the wrong piece named", "1. Nh2-h3", `the piece on h2 is P, the move names "N"`},
		{"a capture of nothing", "1. h2xh3", "h2-h3 takes nothing, but is written with 'x'"},
		{"a square off the board", "1. h2-h15", "no square h15 on this board"},
		{"no piece there", "1. h5-h6", "no piece on h5"},
		{"not a move", "1. hello", `ply 1 (move 1, hello): red to move: a square (file letters, then rank digits) expected at "hello"`},
		{"castling not legal", "1. O-O", "red to move: no O-O is legal"},
		{"a bad castling", "1. O-O-O-O", "no castling: O-O or O-O-O expected"},
		{"a move after a resignation", "1. h2-h3 .. R .. g13-g12", `ply 2 (move 1, g13-g12): a move after "R"`},
		{"an automatic king move", "1. Kh1-h2R", "resigned or timed out cannot be replayed"},
		{"a tag not closed", "[Variant \"Teams\"\n1. h2-h3", "game 1, line 1: tag Variant is not closed by ']'"},
		{"a value not closed", "[Variant \"Teams]\n", "tag Variant: its value is not closed"},
		{"a comment not closed", "1. h2-h3 { left open\n", "line 1: comment not closed"},
		{"a stray parenthesis", "1. h2-h3 )", "')' closes no variation"},
		{"a stray brace", "1. h2-h3 } .. b7-c7", "ply 2 (move 1, }): blue to move: a square (file letters, then rank digits) expected where the move ends"},
		{"another variant", "[Variant \"FFA\"]\n1. h2-h3", `Variant "FFA" is not this game (Teams)`},
		{"a named start", "[StartFen4 \"4PC\"]\n1. h2-h3", `StartFen4 "4PC" names a start this reader does not know`},
		{"a bad start", "[StartFen4 \"R-0-0\"]\n1. h2-h3", "StartFen4:"},
		{"a result the moves do not give", "[Result \"1-0\"]\n1. h2-h3", `Result says "1-0", but the game is not over after its 1 plies`},
		{"a ply count the moves do not give", "[PlyCount \"2\"]\n1. h2-h3", "PlyCount says 2, the moves are 1 plies"},
		{"the second game's error", "[Round \"1\"]\n1. h2-h3\n\n[Round \"2\"]\n\n1. h2-h4 .. b7-b8", "game 2, line 6, ply 2 (move 1, b7-b8)"},
		{"a promotion that is not there", "1. h2-h3=Q", "no legal move of the P on h2 to h3 promotes to Q"},
		{"an ending the moves do not give", "[Termination \"normal\"]\n[Ending \"checkmate\"]\n1. h2-h3", "Ending says checkmate, the moves give a game not over"},
		{"an older file's ending", "[Termination \"checkmate\"]\n1. h2-h3", "Termination says checkmate, the moves give a game not over"},
	}
	for _, tt := range tests {
		_, err := ReadPGN4(strings.NewReader(tt.text), g)
		var pe *PGN4Error
		if err == nil || !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: ReadPGN4 = %v, want an error with %q", tt.name, err, tt.want)
		}
	}
}

// What chess.com writes around its moves is read past: multi-line tags,
// comments, variations, a "#" standing for a mated seat.
func TestReadPGN4ChessComShape(t *testing.T) {
	g := compileFile(t, "rulesets/four-player-teams.json")
	start := g.NewPosition().FEN()
	// the FEN4 broken over lines as chess.com's exports break it
	multi := strings.ReplaceAll(start, "/", "/\n")
	text := "[GameNr \"1\"]\n[Variant \"Teams\"]\n[StartFen4 \"" + multi + "\"]\n[Red \"a\"]\n\n\n\n" +
		"1. h2-h3 { date=2020-07-17T17:13:12.297Z clock=178312 }  .. b7-c7 ( .. b8-c8 ) .. g13-g12 ;a note\n .. m8-l8 $1\n2. Qg1-k5\n"
	games, err := ReadPGN4(strings.NewReader(text), g)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"h2h3", "b7c7", "g13g12", "m8l8", "g1k5"}
	if got := games[0].Record.Moves; !slices.Equal(got, want) || games[0].Record.Players[0] != "a" || games[0].Tag("GameNr") != "1" {
		t.Errorf("read %q players %q, want %q", got, games[0].Record.Players, want)
	}
}

// FuzzReadPGN4: any text reads or is refused with an error, never a
// panic; a record that reads is written again and reads to the same moves.
func FuzzReadPGN4(f *testing.F) {
	g := compileFile(f, "rulesets/four-player-teams.json")
	var buf bytes.Buffer
	if err := WritePGN4(&buf, g, []SeatedRecord{{Moves: randomGame(g, nil, 1)[:40]}}); err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{
		buf.String(),
		"1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\n2. Qg1-k5 .. R",
		"[Variant \"Teams\"]\n[StartFen4 \"" + chessComOldStart + "\"]\n\n" + chessComTeamsMoves[:200],
		"1. h2-h3 { c } ( .. b8-c8 ) .. b7-c7 ;x\n .. # .. S",
		"[A \"\\\"\"]\n1.. O-O-O#",
		"[StartFen4 \"R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-{'enPassant':('h3:h4','','','')}-14/14\"]",
		"%escape\n1. j1xPi3=Q+#",
		"1. h2-h3 .. N}-k8",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ReadPGN4(strings.NewReader(text), g)
		if err != nil {
			var pe *PGN4Error
			if !errors.As(err, &pe) {
				t.Fatalf("an error that is no *PGN4Error: %v", err)
			}
			return
		}
		for _, rg := range games {
			if rg.Stop != "" {
				continue
			}
			var out bytes.Buffer
			if err := WritePGN4(&out, g, []SeatedRecord{rg.Record}); err != nil {
				t.Fatalf("a game that read does not write: %v", err)
			}
			again, err := ReadPGN4(&out, g)
			if err != nil || len(again) != 1 || !slices.Equal(again[0].Record.Moves, rg.Record.Moves) {
				t.Fatalf("written again it reads %v, %v", again, err)
			}
		}
	})
}

// A measurement's PGN4 is written from the words its one replay worked
// out: the same text as WritePGN4's for the same games, the players in
// their seats, the project's tags, and read back by ReadPGN4 to the same
// moves. The records' move strings are taken away before writing, so a
// writer that played the games again would write nothing.
func TestMeasuredPGN4(t *testing.T) {
	for _, file := range seatedFiles {
		g := compileFile(t, file)
		var results []protocol.Result
		var recs []SeatedRecord
		for seed := range uint64(3) {
			moves := randomGame(g, nil, seed+20)
			features, err := countFeatures(g, moves)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			o := finalOf(t, g, "", moves).Outcome()
			seats := []string{"ab:n3000", "random", "mcts:i50", "ab:n500"}[:g.Seats()]
			r := protocol.Result{Moves: moves, Plies: len(moves), Winner: o.Winner, Ending: string(o.Rule), Features: features}
			r.Game, r.Seed, r.PairID, r.Seats = int(seed), seed+20, int(seed), seats
			results = append(results, r)
			recs = append(recs, SeatedRecord{Event: "E", Site: "S", Round: int(seed) + 1, Players: seats, Moves: moves,
				Extra: []Tag{{"Seed", fmt.Sprint(seed + 20)}, {"PairID", fmt.Sprint(seed)}, {"OpeningPlies", "0"}}})
		}
		games := Build(ReplayAll(g, results))
		for i := range games {
			if games[i].Unreplayed != "" {
				t.Fatalf("%s game %d: %s", file, i+1, games[i].Unreplayed)
			}
			games[i].Moves = nil
		}
		var measured, direct bytes.Buffer
		if err := WriteMeasuredPGN4(&measured, g, Meta{Event: "E", Site: "S"}, games); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if err := WritePGN4(&direct, g, recs); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if measured.String() != direct.String() {
			t.Errorf("%s: the measured PGN4 differs from WritePGN4's:\n%s\nwant\n%s", file, measured.String(), direct.String())
			continue
		}
		got, err := ReadPGN4(bytes.NewReader(measured.Bytes()), g)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for i, r := range results {
			if !slices.Equal(got[i].Record.Moves, r.Moves) || got[i].Tag("Seed") != fmt.Sprint(r.Seed) {
				t.Errorf("%s game %d: read back other moves or seed %q", file, i+1, got[i].Tag("Seed"))
			}
		}
	}
}

// Words of several boards and cells: the board named after the piece's
// id, the longest board name that fits.
func TestParsePGN4WordBoards(t *testing.T) {
	cases := []struct {
		word   string
		boards []string
		want   pgn4MoveWord
		err    bool
	}{
		{"PSN:a2-N:a3", []string{"N", "C"}, pgn4MoveWord{piece: "PS", from: "N:a2", to: "N:a3"}, false},
		{"YN:d1-C:d1+", []string{"N", "C"}, pgn4MoveWord{piece: "Y", from: "N:d1", to: "C:d1"}, false},
		{"UC:a4xKN:a1#", []string{"N", "C"}, pgn4MoveWord{piece: "U", from: "C:a4", to: "N:a1", capture: true, captured: "K"}, false},
		{"PSN:g7xC:h8=S", []string{"N", "C"}, pgn4MoveWord{piece: "PS", from: "N:g7", to: "C:h8", capture: true, promotion: "S"}, false},
		{"KNN:a1-NN:a2", []string{"N", "NN"}, pgn4MoveWord{piece: "K", from: "NN:a1", to: "NN:a2"}, false},
		{"Ksky:b2-sea:b2", []string{"sky", "sea"}, pgn4MoveWord{piece: "K", from: "sky:b2", to: "sea:b2"}, false},
		{"KN:a1-Q:a2", []string{"N", "C"}, pgn4MoveWord{}, true},
		{"KN:a1-", []string{"N", "C"}, pgn4MoveWord{}, true},
		{"Ke1-e2", nil, pgn4MoveWord{piece: "K", from: "e1", to: "e2"}, false},
	}
	for _, c := range cases {
		got, err := parsePGN4Word(c.word, c.boards)
		if (err != nil) != c.err || err == nil && got != c.want {
			t.Errorf("%s: %+v, %v; want %+v (error %v)", c.word, got, err, c.want, c.err)
		}
	}
}
