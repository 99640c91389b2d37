package engine

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestFourPlayerPerftVectors compares perft of four-player chess Teams
// (rulesets/four-player-teams.json) with the counts of an independent
// engine (testdata/fourplayer-perft.txt: obryanlouis/4pchess), from the
// start and from midgame positions in chess.com's FEN4. Lines past the
// depth this run allows are skipped; -short keeps the quick ones.
func TestFourPlayerPerftVectors(t *testing.T) {
	g := loadRuleset(t, "../rulesets/four-player-teams.json")
	f, err := os.Open("testdata/fourplayer-perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	maxNodes := uint64(3_000_000)
	if testing.Short() {
		maxNodes = 200_000
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	checked := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, "\t")
		if len(parts) != 3 {
			t.Fatalf("line %d: want fen4, depth and count separated by tabs", line)
		}
		depth, err1 := strconv.Atoi(parts[1])
		want, err2 := strconv.ParseUint(parts[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("line %d: bad depth or count", line)
		}
		if want > maxNodes {
			continue
		}
		p, err := g.ParseFEN(parts[0])
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		if got := p.Perft(depth); got != want {
			t.Errorf("line %d: perft(%d) = %d, 4pchess %d\n%s", line, depth, got, want, parts[0])
		}
		checked++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if checked < 10 {
		t.Fatalf("only %d counts checked", checked)
	}
}

// loadRuleset compiles a rule file of the repository.
func loadRuleset(t testing.TB, path string) *Game {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Compile(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}
