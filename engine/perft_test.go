package engine

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Perft rows are sized by their node count: rows up to perftShortLimit
// run in -short mode, up to perftDefaultLimit by default, and the deepest
// only with BALANCEFARM_DEEP_PERFT=1 (and not -short).
const (
	perftShortLimit   = 300_000
	perftDefaultLimit = 20_000_000
)

func perftAllowed(t *testing.T, nodes uint64) {
	t.Helper()
	switch {
	case nodes <= perftShortLimit:
	case testing.Short():
		t.Skipf("%d nodes: skipped in -short mode", nodes)
	case nodes > perftDefaultLimit && os.Getenv("BALANCEFARM_DEEP_PERFT") != "1":
		t.Skipf("%d nodes: set BALANCEFARM_DEEP_PERFT=1 to run", nodes)
	}
}

type perftRow struct {
	name  string
	fen   string
	depth int
	nodes uint64
	line  int
}

// readVectors reads a tab-separated perft file: the published counts of
// ../shared/vectors, copied unchanged into engine/testdata/vectors so that
// a clean checkout tests against them (TestVectorCopiesMatchShared keeps
// the copies honest where the shared folder is present).
func readVectors(t *testing.T, file string) []perftRow {
	t.Helper()
	return readVectorsAt(t, filepath.Join("engine", "testdata", "vectors", file))
}

// readVectorsAt reads a perft file given relative to the repository root.
func readVectorsAt(t *testing.T, rel string) []perftRow {
	t.Helper()
	file := filepath.Base(rel)
	path := filepath.Join(repoRoot(t), rel)
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("perft vectors: %v", err)
	}
	defer f.Close()
	var rows []perftRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.HasPrefix(text, "#") || strings.TrimSpace(text) == "" {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 4 {
			t.Fatalf("%s:%d: want 4 tab-separated columns, got %d", file, line, len(cols))
		}
		depth, err1 := strconv.Atoi(cols[2])
		nodes, err2 := strconv.ParseUint(cols[3], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad depth or node count", file, line)
		}
		rows = append(rows, perftRow{name: cols[0], fen: cols[1], depth: depth, nodes: nodes, line: line})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestChessPerftVectors(t *testing.T) {
	g := loadFile(t, "rulesets/chess.json")
	for _, row := range readVectors(t, "chess-perft.tsv") {
		t.Run(row.name+"/d"+strconv.Itoa(row.depth), func(t *testing.T) {
			perftAllowed(t, row.nodes)
			p := mustFEN(t, g, row.fen)
			if got := p.Perft(row.depth); got != row.nodes {
				t.Errorf("perft(%d) of %s = %d, want %d", row.depth, row.fen, got, row.nodes)
			}
		})
	}
}

func TestXiangqiStartPerft(t *testing.T) {
	g := loadFile(t, "rulesets/xiangqi.json")
	p := g.NewPosition()
	for depth, want := range []uint64{1, 44, 1920, 79666, 3290240} {
		if want > perftShortLimit && testing.Short() {
			continue
		}
		if got := p.Perft(depth); got != want {
			t.Errorf("xiangqi perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

// variantFiles is the rule file each variant-perft.tsv game is counted
// with: the game library's file where it counts as Fairy-Stockfish does,
// else a copy in engine/testdata (horde: the library's file lets a
// first-rank double step be taken en passant, which Fairy-Stockfish and
// lichess do not; the others are not in the library). Games not listed use
// rules this engine does not play yet (hex boards, ...)
// or that the language cannot say.
var variantFiles = map[string]string{
	"chess":         "rulesets/chess.json",
	"xiangqi":       "rulesets/xiangqi.json",
	"makruk":        "rulesets/makruk.json",
	"asean":         "rulesets/asean.json",
	"ai-wok":        "rulesets/ai-wok.json",
	"shatranj":      "rulesets/shatranj.json",
	"shatar":        "rulesets/shatar.json",
	"spartan":       "rulesets/spartan.json",
	"capablanca":    "rulesets/capablanca.json",
	"grand":         "rulesets/grand.json",
	"jesonmor":      "rulesets/jesonmor.json",
	"kingofthehill": "rulesets/kingofthehill.json",
	"3check":        "rulesets/3check.json",
	"racingkings":   "rulesets/racingkings.json",
	"giveaway":      "rulesets/giveaway.json",
	"extinction":    "rulesets/extinction.json",
	"horde":         "engine/testdata/horde.json",
	"antichess":     "engine/testdata/antichess.json",
	"losers":        "engine/testdata/losers.json",
	"breakthrough":  "engine/testdata/breakthrough.json",
	"embassy":       "engine/testdata/embassy.json",
	"janus":         "engine/testdata/janus.json",
	"modern":        "engine/testdata/modern.json",
	"chancellor":    "engine/testdata/chancellor.json",
	"crazyhouse":    "rulesets/crazyhouse.json",
	"minishogi":     "rulesets/minishogi.json",
	"shogi":         "rulesets/shogi.json",
	"euroshogi":     "rulesets/euroshogi.json",
	"kyotoshogi":    "rulesets/kyotoshogi.json",
	"loop":          "rulesets/loop.json",
	"chessgi":       "rulesets/chessgi.json",
	"pocketknight":  "rulesets/pocketknight.json",
	"placement":     "rulesets/placement.json",
	"dobutsu":       "rulesets/dobutsu.json",
	"atomic":        "rulesets/atomic.json",
	"atomar":        "rulesets/atomar.json",
	"nocheckatomic": "rulesets/nocheckatomic.json",
}

// variantSkips are rows where the language and Fairy-Stockfish differ, keyed
// by game, FEN and depth; the engine follows the language.
var variantSkips = map[string]string{
	"racingkings|6r1/2K5/5k2/8/3R4/8/8/8 w - - 0 1|4":                             "Fairy-Stockfish lets the second player answer a king reaching the last rank with a king move there of its own (a draw); rules.reach has no such reply, so the game ends on arrival and the replies are not counted",
	"racingkings|4brn1/2K2k2/8/8/8/8/8/8 w - - 0 1|6":                             "Fairy-Stockfish lets the second player answer a king reaching the last rank with a king move there of its own (a draw); rules.reach has no such reply, so the game ends on arrival and the replies are not counted",
	"spartan|8/8/8/8/6Q1/8/2h3h1/4K1k1 b - - 0 1|3":                               "Fairy-Stockfish lets a hoplite promote to a king only while Black has fewer than two; the language cannot say that (only_lost would limit every Spartan piece), so the library's file always allows it and the promotions to a third king are counted here (3529, not 3456)",
	"placement|8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1|3":       "Fairy-Stockfish's placement chess puts the two bishops of a side on squares of opposite colours; the language cannot say that (a drop region is per kind, and both bishops are the FEN's B), so the same-colour drops are counted here",
	"placement|rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/QR1BKNN1[RBk] w - - 0 1|6":      "Fairy-Stockfish's placement chess puts the two bishops of a side on squares of opposite colours; the language cannot say that (a drop region is per kind, and both bishops are the FEN's B), so the same-colour drops are counted here",
	"placement|1n1r1q2/pppppppp/8/8/8/8/PPPPPPPP/1N1B1R1N[KQRBkrbbn] b - - 0 4|5": "Fairy-Stockfish's placement chess puts the two bishops of a side on squares of opposite colours; the language cannot say that (a drop region is per kind, and both bishops are the FEN's B), so the same-colour drops are counted here",
	"placement|r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1|4":                "Fairy-Stockfish lets a king and rook dropped on their original squares castle; the language's castling needs both placed by the setup, which placement chess has none of, so the library's file has no castling and this FEN's castling field cannot be read",
	"jesonmor|nn1nnn1nn/9/3n1n3/9/9/9/3N1N3/9/NN1NNN1NN w - - 4 3|3":              "Fairy-Stockfish ends Jeson Mor when a knight that reached e5 is still there on its owner's next turn (flagMove); the language's reach on leave ends it when the knight moves off, so the moves of such a position are counted here",
}

func TestVariantPerftVectors(t *testing.T) {
	games := map[string]*Game{}
	for _, row := range readVectors(t, "variant-perft.tsv") {
		file, ok := variantFiles[row.name]
		if !ok {
			continue
		}
		t.Run(row.name+"/line"+strconv.Itoa(row.line), func(t *testing.T) {
			if why, skip := variantSkips[row.name+"|"+row.fen+"|"+strconv.Itoa(row.depth)]; skip {
				t.Skip(why)
			}
			perftAllowed(t, row.nodes)
			g := games[file]
			if g == nil {
				g = loadFile(t, file)
				games[file] = g
			}
			p := mustFEN(t, g, row.fen)
			if got := p.Perft(row.depth); got != row.nodes {
				t.Errorf("perft(%d) of %s = %d, want %d", row.depth, row.fen, got, row.nodes)
			}
		})
	}
}

// TestVectorCopiesMatchShared checks the committed copies of the published
// perft counts against ../shared/vectors, where a checkout has it beside.
func TestVectorCopiesMatchShared(t *testing.T) {
	for _, file := range []string{"chess-perft.tsv", "variant-perft.tsv"} {
		shared, err := os.ReadFile(filepath.Join(repoRoot(t), "..", "shared", "vectors", file))
		if err != nil {
			t.Skipf("no ../shared/vectors beside this checkout: %v", err)
		}
		copied, err := os.ReadFile(filepath.Join(repoRoot(t), "engine", "testdata", "vectors", file))
		if err != nil {
			t.Fatal(err)
		}
		if string(shared) != string(copied) {
			t.Errorf("engine/testdata/vectors/%s differs from ../shared/vectors/%s", file, file)
		}
	}
}
