package search

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"balancefarm/engine"
)

// The test binary doubles as a small fake UCI engine: run with
// fakeUCIEnv set to a mode it speaks UCI on stdin and stdout, playing a
// legal move of the rule file fakeUCIRulesEnv names, chosen by the
// engine's own move generator from the position it is sent. No outside
// binary is needed, so CI runs these tests.
const (
	fakeUCIEnv      = "BALANCEFARM_FAKE_UCI"       // legal, nomoves, garbage, none, hang, hangstop, crash, slow
	fakeUCIRulesEnv = "BALANCEFARM_FAKE_UCI_RULES" // the rule file
	fakeUCILogEnv   = "BALANCEFARM_FAKE_UCI_LOG"   // where it writes its pid and every command, if set
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeUCIEnv); mode != "" {
		os.Exit(fakeUCI(mode, os.Getenv(fakeUCIRulesEnv), os.Getenv(fakeUCILogEnv)))
	}
	os.Exit(m.Run())
}

// fakeUCI is the fake engine's main. It checks what it is sent as a real
// engine would: a position it cannot read or a move that is not legal
// there ends it with an error on stderr.
func fakeUCI(mode, rulesPath, logPath string) int {
	data, err := os.ReadFile(rulesPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		return 2
	}
	g, err := engine.Compile(data)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		return 2
	}
	logf := func(string) {}
	if logPath != "" {
		f, err := os.OpenFile(logPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fake:", err)
			return 2
		}
		defer f.Close()
		logf = func(s string) { fmt.Fprintln(f, s) }
		logf("pid " + strconv.Itoa(os.Getpid()))
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { fmt.Fprintln(out, s); out.Flush() }
	var pos *engine.Position
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	for in.Scan() {
		line := in.Text()
		logf(line)
		word, rest, _ := strings.Cut(line, " ")
		switch word {
		case "uci":
			say("id name balancefarm fake")
			say("option name Threads type spin default 1 min 1 max 512")
			say("option name Hash type spin default 16 min 1 max 1024")
			say("option name UCI_Variant type combo default chess var chess var xiangqi var crazyhouse")
			say("uciok")
		case "isready":
			say("readyok")
		case "position":
			fen, moves, _ := strings.Cut(strings.TrimPrefix(rest, "fen "), " moves ")
			if pos, err = g.ParseFEN(fen); err != nil {
				fmt.Fprintln(os.Stderr, "fake: bad fen:", err)
				return 3
			}
			if mode == "nomoves" {
				moves = "" // as an engine that stops at a move it cannot read
			}
			for _, s := range strings.Fields(moves) {
				m, err := pos.ParseMove(s)
				if err != nil {
					fmt.Fprintf(os.Stderr, "fake: move %s at %s: %v\n", s, pos.FEN(), err)
					return 3
				}
				pos.Make(m)
			}
		case "go":
			switch mode {
			case "hang", "hangstop":
				continue // no answer until stop (hangstop) or never (hang)
			case "crash":
				fmt.Fprintln(os.Stderr, "fake crashed on purpose")
				return 4
			case "garbage":
				say("bestmove z9z9")
				continue
			case "none":
				say("bestmove (none)")
				continue
			case "slow":
				time.Sleep(300 * time.Millisecond) // past a short clock: it loses on time
			}
			if pos == nil {
				fmt.Fprintln(os.Stderr, "fake: go before position")
				return 3
			}
			ms := pos.LegalMoves(nil)
			m := ms[int(pos.Hash()%uint64(len(ms)))]
			say("info depth 3 seldepth 5 score cp 17 nodes 42 nps 1000 pv " + UCIMoveString(pos, m))
			say("bestmove " + UCIMoveString(pos, m))
		case "stop":
			if mode == "hangstop" {
				say("bestmove 0000")
			}
		case "quit":
			if mode != "hang" {
				return 0
			}
		}
	}
	return 0
}

// fakeSpec is a uci spec that starts the fake engine in a mode, on a rule
// file, logging to a file of the test's; it returns the spec and the log.
func fakeSpec(t *testing.T, mode, rules, extra string) (string, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(filepath.Join("..", "rulesets", rules))
	if err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(t.TempDir(), "fake.log")
	t.Setenv(fakeUCIEnv, mode)
	t.Setenv(fakeUCIRulesEnv, abs)
	t.Setenv(fakeUCILogEnv, logPath)
	return "uci:" + exe + extra, logPath
}

// fakePIDs reads the pids the fake engines of a log wrote.
func fakePIDs(t *testing.T, logPath string) []int {
	t.Helper()
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, l := range strings.Split(string(data), "\n") {
		if s, ok := strings.CutPrefix(l, "pid "); ok {
			n, _ := strconv.Atoi(s)
			pids = append(pids, n)
		}
	}
	return pids
}

// checkGone fails when a fake engine process is still alive, or the
// goroutines of the test have not gone back to where they were.
func checkGone(t *testing.T, logPath string, goroutines int) {
	t.Helper()
	for _, pid := range fakePIDs(t, logPath) {
		// Signal 0 only checks: a reaped process cannot be signalled.
		if p, err := os.FindProcess(pid); err == nil && p.Signal(syscall.Signal(0)) == nil {
			t.Errorf("fake engine %d is still running", pid)
		}
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > goroutines && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > goroutines {
		t.Errorf("%d goroutines after the game, %d before", n, goroutines)
	}
}

// TestUCIGame plays orthodox chess between the fake outside engine and
// ab:n500 through the normal game loop, each side once, and checks what
// the engine was told: its options, Threads=1, and the game as start
// position and moves, every one of which it could read.
func TestUCIGame(t *testing.T) {
	g := loadGame(t, "chess.json")
	spec, logPath := fakeSpec(t, "legal", "chess.json", ",nodes=300,UCI_Variant=chess")
	before := runtime.NumGoroutine()
	for side := 0; side < 2; side++ {
		players := [2]string{spec, "ab:n500"}
		if side == 1 {
			players = [2]string{"ab:n500", spec}
		}
		rec, err := PlayGame(context.Background(), g, players[0], players[1], 7, Limits{}, nil)
		if err != nil {
			t.Fatalf("uci as player %d: %v", side, err)
		}
		if rec.Result == "" || rec.Plies <= rec.OpeningPlies {
			t.Fatalf("uci as player %d: game not played: %+v", side, rec)
		}
		if want := "uci:" + spec[len("uci:"):]; rec.Players[side] != want {
			t.Errorf("record names %q, want %q", rec.Players[side], want)
		}
		// The fake reports 42 nodes a move, which the record counts.
		if rec.Nodes[side] == 0 || rec.Nodes[side]%42 != 0 {
			t.Errorf("uci as player %d: nodes %d, want a multiple of 42", side, rec.Nodes[side])
		}
		t.Logf("uci as player %d: %s by %s in %d plies", side, rec.Result, rec.Rule, rec.Plies)
	}
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	for _, want := range []string{"setoption name UCI_Variant value chess", "setoption name Threads value 1",
		"ucinewgame", "go nodes 300", " moves "} {
		if !strings.Contains(log, want) {
			t.Errorf("the engine was never sent %q; it got:\n%.2000s", want, log)
		}
	}
	if pids := fakePIDs(t, logPath); len(pids) != 2 {
		t.Errorf("%d engine processes for two games, want 2", len(pids))
	}
	checkGone(t, logPath, before)

	// An engine that drops the moves after the FEN answers for the wrong
	// position; asked again with the position alone, it plays on.
	spec, logPath = fakeSpec(t, "nomoves", "chess.json", ",nodes=300")
	rec, err := PlayGame(context.Background(), g, spec, "ab:n500", 7, Limits{}, nil)
	if err != nil || rec.Result == "" {
		t.Fatalf("an engine that ignores the moves: %+v, %v", rec, err)
	}
	checkGone(t, logPath, before)
}

// TestUCIErrors: what goes wrong with an outside engine ends the game with
// an error that says what, never a panic or a hang.
func TestUCIErrors(t *testing.T) {
	g := loadGame(t, "chess.json")
	startFEN := g.NewPosition().FEN()
	tests := []struct {
		name, mode, extra string
		want              []string
	}{
		{"illegal bestmove", "garbage", "", []string{`bestmove "z9z9" is none of the`, "legal moves", "rnbqkbnr/"}},
		{"no move", "none", "", []string{"bestmove (none)", "not over"}},
		{"crash", "crash", "", []string{"exited", "fake crashed on purpose"}},
		{"unknown option", "legal", ",Contempt=20", []string{`has no option "Contempt"`, "balancefarm fake"}},
		{"unknown variant", "legal", ",UCI_Variant=shogi", []string{`no value "shogi"`, "chess, xiangqi, crazyhouse"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec, logPath := fakeSpec(t, tc.mode, "chess.json", tc.extra)
			before := runtime.NumGoroutine()
			_, err := PlayGame(context.Background(), g, spec, "ab:n200", 3, Limits{OpeningPlies: -1}, nil)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			if tc.mode == "garbage" && !strings.Contains(err.Error(), startFEN) {
				t.Errorf("error %q does not name the position %s", err, startFEN)
			}
			checkGone(t, logPath, before)
		})
	}
	t.Run("missing program", func(t *testing.T) {
		missing := filepath.Join(t.TempDir(), "no-such-engine")
		_, err := PlayGame(context.Background(), g, "uci:"+missing, "ab:n200", 3, Limits{}, nil)
		if err == nil || !strings.Contains(err.Error(), missing) {
			t.Fatalf("error %v does not name the missing program %s", err, missing)
		}
	})
	t.Run("toy game", func(t *testing.T) {
		_, err := newChooser[nimMove, *nim](PlayerSpec{Family: FamilyUCI, Path: "x", Budget: UCIBudgetNodes, Limit: 1}, buildEvalTables(nil), 1)
		if err == nil || !strings.Contains(err.Error(), "engine's positions") {
			t.Errorf("a uci player on a toy game: %v", err)
		}
	})
}

// TestUCINoneWhereAMoveWins: an engine that answers bestmove (none)
// because its own rules already give it the game (Fairy-Stockfish's Jeson
// Mor, where a knight that survives a turn on e5 wins without stepping
// off) gets the move that wins at once under the rule file; with no such
// move the answer stays an error (TestUCIErrors' "no move").
func TestUCINoneWhereAMoveWins(t *testing.T) {
	g := loadGame(t, "jesonmor.json")
	start, err := g.ParseFEN("n8/9/9/9/4N4/9/9/9/N8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	spec, logPath := fakeSpec(t, "none", "jesonmor.json", "")
	before := runtime.NumGoroutine()
	rec, err := Play(context.Background(), g, start, spec, "ab:n200", 3, Limits{OpeningPlies: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Winner != 0 || rec.Plies != 1 || !strings.HasPrefix(rec.Moves[0], "e5") {
		t.Errorf("got winner %d after %d plies %v, want player 0 to win by stepping off e5", rec.Winner, rec.Plies, rec.Moves)
	}
	checkGone(t, logPath, before)
}

// TestUCIHang: an engine that does not answer go is stopped when the
// game's wall budget runs out, and killed if it ignores stop as well.
func TestUCIHang(t *testing.T) {
	g := loadGame(t, "chess.json")
	const budget = 300 * time.Millisecond
	for _, mode := range []string{"hangstop", "hang"} {
		t.Run(mode, func(t *testing.T) {
			spec, logPath := fakeSpec(t, mode, "chess.json", "")
			before := runtime.NumGoroutine()
			ctx, cancel := context.WithTimeout(context.Background(), budget)
			defer cancel()
			start := time.Now()
			_, err := PlayGame(ctx, g, spec, "ab:n200", 3, Limits{OpeningPlies: -1}, nil)
			took := time.Since(start)
			if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "stopped") {
				t.Errorf("error %v, want the wall budget's", err)
			}
			// The budget, up to uciStopWait for stop and uciQuitWait for
			// quit, and slack for a loaded machine.
			if limit := budget + uciStopWait + uciQuitWait + 2*time.Second; took > limit {
				t.Errorf("took %s to give up, want under %s", took, limit)
			}
			checkGone(t, logPath, before)
		})
	}
}

// TestUCIMoveString: the UCI spellings Fairy-Stockfish writes, on the
// engine's own positions.
func TestUCIMoveString(t *testing.T) {
	tests := []struct{ file, fen, move, want string }{
		{"chess.json", "", "e2e4", "e2e4"},
		{"chess.json", "", "g1f3", "g1f3"},
		{"chess.json", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8=Q", "a7a8q"},
		{"chess.json", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8=N", "a7a8n"},
		{"chess.json", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1"},
		{"chess.json", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O", "e8c8"},
		{"chess.json", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "e5d6"},
		{"crazyhouse.json", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1", "P@e4", "P@e4"},
		{"crazyhouse.json", "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8=Q~", "a7a8q"},
		{"xiangqi.json", "", "h3e3", "h3e3"},
		{"xiangqi.json", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "a10a9", "a10a9"},
		{"shogi.json", "4k4/9/P8/9/9/9/9/9/4K4[-] w - - 0 1", "a7a8=+P", "a7a8+"},
		{"shogi.json", "4k4/9/P8/9/9/9/9/9/4K4[-] w - - 0 1", "a7a8", "a7a8"},
		{"kyotoshogi.json", "1+nk1+l/+p1+s2/5/2+S1+P/+L1K+N1[] w - - 0 3", "a1b1=L", "a1b1-"},
	}
	for _, tc := range tests {
		g := loadGame(t, tc.file)
		pos := g.NewPosition()
		if tc.fen != "" {
			var err error
			if pos, err = g.ParseFEN(tc.fen); err != nil {
				t.Errorf("%s %s: %v", tc.file, tc.fen, err)
				continue
			}
		}
		m, err := pos.ParseMove(tc.move)
		if err != nil {
			t.Errorf("%s %s: %v", tc.file, tc.move, err)
			continue
		}
		if got := UCIMoveString(pos, m); got != tc.want {
			t.Errorf("%s at %s: %s is %q in UCI, want %q", tc.file, pos.FEN(), tc.move, got, tc.want)
		}
		// What the engine writes maps back to the same move.
		c := newUCIChooser(PlayerSpec{})
		if back, err := c.mapMove(pos, "bestmove "+tc.want); err != nil || back != m {
			t.Errorf("%s: %q maps back to %v, %v", tc.file, tc.want, back, err)
		}
	}
}

// TestUCIAliases: spellings of Fairy-Stockfish's that are not the ones
// UCIMoveString writes still name the move.
func TestUCIAliases(t *testing.T) {
	tests := []struct{ file, fen, bestmove, move string }{
		// Its chick's promotion is shogi-style, "+", to our hen H.
		{"dobutsu.json", "1le/g2/cL1/EG1[C] b - - 2 6", "a2a1+", "a2a1=H"},
		// Castling as the king taking its rook (Chess960 style).
		{"chess.json", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "O-O"},
		// A promotion letter in upper case.
		{"chess.json", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8Q", "a7a8=Q"},
	}
	for _, tc := range tests {
		g := loadGame(t, tc.file)
		pos, err := g.ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.fen, err)
		}
		want, err := pos.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s: %v", tc.move, err)
		}
		c := newUCIChooser(PlayerSpec{})
		if got, err := c.mapMove(pos, "bestmove "+tc.bestmove+" ponder a1a2"); err != nil || got != want {
			t.Errorf("%s at %s: %s maps to %s, %v; want %s", tc.file, tc.fen, tc.bestmove, pos.MoveString(got), err, tc.move)
		}
	}
}

// TestReadInfo: nodes, depth and score come from the engine's info lines.
func TestReadInfo(t *testing.T) {
	tests := []struct {
		line         string
		nodes        int64
		depth, score int
		hasScore     bool
	}{
		{"info depth 12 seldepth 18 multipv 1 score cp -35 nodes 20011 nps 900000 pv e2e4", 20011, 12, -35, true},
		{"info depth 9 score mate 3 nodes 900 pv a1a8", 900, 9, scoreWin - 5, true},
		{"info depth 9 score mate -2 nodes 900", 900, 9, -(scoreWin - 4), true},
		{"info string NNUE evaluation enabled", 0, 0, 0, false},
		{"info depth x nodes -5 score cp", 0, 0, 0, false},
	}
	for _, tc := range tests {
		var d decision[int]
		readInfo(tc.line, &d)
		if d.nodes != tc.nodes || d.depth != tc.depth || d.score != tc.score || d.hasScore != tc.hasScore {
			t.Errorf("%q: %+v, want nodes %d depth %d score %d (%v)", tc.line, d, tc.nodes, tc.depth, tc.score, tc.hasScore)
		}
	}
}
