package aliceref

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
)

// perftFile holds this package's counts for the engine to check against.
const perftFile = "../testdata/alice-perft.txt"

var update = flag.Bool("update", false, "rewrite "+perftFile+" from this package's counts")

// fileRules are the readings the file gives counts for, each under a
// "# rules:" line the tests read back.
var fileRules = []struct {
	name string
	r    Rules
}{
	{"transfer=on enpassant=on legal-on-home-board=on", Alice()},
	{"transfer=on enpassant=off legal-on-home-board=on", Rules{Transfer: true, LegalOnHomeBoard: true}},
	{"transfer=on enpassant=on legal-on-home-board=off", Rules{Transfer: true, EnPassant: true}},
}

func rulesNamed(name string) (Rules, bool) {
	for _, fr := range fileRules {
		if fr.name == name {
			return fr.r, true
		}
	}
	return Rules{}, false
}

// randomPosition plays plies random legal moves of Alice() from the start,
// the moves drawn from rng; ok is false if the game ends first.
func randomPosition(rng *rand.Rand, plies int) (Position, bool) {
	p := MustParse(StartFEN)
	for i := 0; i < plies; i++ {
		moves := Alice().Moves(p)
		if len(moves) == 0 {
			return p, false
		}
		p = Make(p, moves[rng.Intn(len(moves))])
	}
	return p, len(Alice().Moves(p)) > 0
}

// filePositions are the start, three midgame positions of random games
// (seed 32, 24 plies each), and the first position of those games' 16th
// ply whose depth-2 count tells en passant on from off.
func filePositions() []Position {
	positions := []Position{MustParse(StartFEN)}
	rng := rand.New(rand.NewSource(32))
	for len(positions) < 4 {
		if p, ok := randomPosition(rng, 24); ok {
			positions = append(positions, p)
		}
	}
	noEP := Rules{Transfer: true, LegalOnHomeBoard: true}
	for {
		p, ok := randomPosition(rng, 16)
		if ok && Alice().Perft(p, 2) != noEP.Perft(p, 2) {
			return append(positions, p)
		}
	}
}

const fileHeader = `# Alice chess perft counts from balancefarm/engine/aliceref, the slow reference generator written
# straight from the rules (see engine/aliceref/doc.go for every reading and its sources).
# Format: fen<TAB>depth<TAB>count. Lines starting with # are comments; a "# rules:" line sets the
# readings for the lines below it:
#   transfer=on: a moved piece passes to the same square of the other board, which must be empty;
#   enpassant=on: a pawn takes en passant the pawn that just double-stepped (now on the other board)
#     from beside it on that board, onto the passed square there (empty), then passes across (empty);
#     the FEN field names that square on that board (B:e3); enpassant=off: no en passant at all;
#   legal-on-home-board=on: a move must also be legal as a chess move on the board it is made on,
#     before the transfer (a king may not step onto a square attacked there, nor castle onto one);
#     =off: only the position after the transfer counts (the king not attacked on its own board).
# Always: checks only by pieces on the king's board; castling with king and rook on one board, the
# squares between empty there, the king's square and the one it crosses unattacked there, both landing
# squares empty on the other board, both pieces passing across; promotion to Q, R, B, N, the new piece
# passing across. No published Alice chess perft counts were found to compare with.
# Positions: the start; three midgame positions after 24 random legal moves (math/rand seed 32,
# Alice() rules); one after 16 random moves where en passant on and off differ at depth 2.
# Regenerate: go test ./engine/aliceref/ -run TestPerftFile -update
`

const maxFileDepth = 4

func writePerftFile(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(fileHeader)
	positions := filePositions()
	for _, fr := range fileRules {
		fmt.Fprintf(&sb, "# rules: %s\n", fr.name)
		for _, p := range positions {
			for d := 1; d <= maxFileDepth; d++ {
				fmt.Fprintf(&sb, "%s\t%d\t%d\n", p, d, fr.r.Perft(p, d))
			}
		}
	}
	if err := os.WriteFile(perftFile, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The file's counts are this package's: a change to the generator that
// changes a count shows here. Depth 4 is left out under -short.
func TestPerftFile(t *testing.T) {
	if *update {
		writePerftFile(t)
	}
	f, err := os.Open(perftFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r Rules
	ruled, lines := false, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "# rules: "); ok {
			if r, ruled = rulesNamed(name); !ruled {
				t.Fatalf("unknown rules %q", name)
			}
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 || !ruled {
			t.Fatalf("bad line %q", line)
		}
		depth, err1 := strconv.Atoi(parts[1])
		want, err2 := strconv.ParseUint(parts[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", line)
		}
		lines++
		if testing.Short() && depth > 3 {
			continue
		}
		if got := r.Perft(mustParse(t, parts[0]), depth); got != want {
			t.Errorf("%+v %s depth %d: %d, want %d", r, parts[0], depth, got, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines == 0 {
		t.Fatal("no counts in the file")
	}
}
