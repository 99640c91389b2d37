package engine

import (
	"bufio"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"balancefarm/engine/aliceref"
)

// aliceRules is the reading rulesets/alice.json plays, in the reference's
// terms: the transfer, en passant, and every move legal on the board it is
// made on as well as after it passes across.
var aliceRules = aliceref.Rules{Transfer: true, EnPassant: true, LegalOnHomeBoard: true}

// TestAlicePerftVectors compares the engine's perft of Alice chess with
// the counts of the reference generator written from its rules
// (testdata/alice-perft.txt, the section with every rule on): the start
// and four midgame positions to depth 4 (depth 3 with -short).
func TestAlicePerftVectors(t *testing.T) {
	g := loadRuleset(t, "../rulesets/alice.json")
	f, err := os.Open("testdata/alice-perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	maxDepth := 4
	if testing.Short() {
		maxDepth = 3
	}
	sc := bufio.NewScanner(f)
	inSection, checked := false, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "# rules:") {
			inSection = strings.Contains(line, "transfer=on enpassant=on legal-on-home-board=on")
			continue
		}
		if !inSection || line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		depth, _ := strconv.Atoi(parts[1])
		want, _ := strconv.ParseUint(parts[2], 10, 64)
		if depth > maxDepth {
			continue
		}
		p, err := g.ParseFEN(parts[0])
		if err != nil {
			t.Fatalf("%s: %v", parts[0], err)
		}
		if got := p.Perft(depth); got != want {
			t.Errorf("perft(%d) = %d, reference %d\n%s", depth, got, want, parts[0])
		}
		checked++
	}
	if checked < 12 {
		t.Fatalf("only %d counts checked", checked)
	}
}

// TestAliceMatchesReference plays random games of Alice chess and, at
// every ply, compares the engine's legal moves with the reference's.
func TestAliceMatchesReference(t *testing.T) {
	g := loadRuleset(t, "../rulesets/alice.json")
	games, plies := 12, 200
	if testing.Short() {
		games, plies = 3, 80
	}
	rng := rand.New(rand.NewPCG(33, 2))
	for game := 0; game < games; game++ {
		p := g.NewPosition()
		for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
			fen := p.FEN()
			rp, err := aliceref.Parse(fen)
			if err != nil {
				t.Fatalf("the reference cannot read %s: %v", fen, err)
			}
			var want []string
			for _, m := range aliceRules.Moves(rp) {
				want = append(want, m.String())
			}
			moves := p.LegalMoves(nil)
			var got []string
			for _, m := range moves {
				got = append(got, aliceName(p.MoveString(m)))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: %s\nengine    %v\nreference %v", game, ply, fen, got, want)
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
}

// aliceName writes an engine move ("A:e2B:e4", the landing across) as the
// reference does ("A:e2e4", the move on its own board).
func aliceName(s string) string {
	if len(s) >= 8 && s[5] == ':' {
		return s[:4] + s[6:]
	}
	return s
}

// FuzzParseBoardsFEN: a position of several boards in any text is read or
// refused, never a panic; what is read writes back to itself, and every
// legal move makes and unmakes to the same position with a hash equal to
// one from scratch.
func FuzzParseBoardsFEN(f *testing.F) {
	g := loadRuleset(f, "../rulesets/alice.json")
	f.Add(g.NewPosition().FEN())
	f.Add("rn2kbnr/p1p1p3/8/1P6/3p4/8/2PPPP1P/3QKB1R|8/5N2/5pp1/R4bNp/6P1/BP2q3/8/8 w Kkq B:h6 0 13")
	f.Add("5k2/8/1P2n3/3p4/2b5/8/8/5K2|8/4Q3/r7/p1P3P1/P3pN2/4B3/8/8 w - - 2 95")
	f.Fuzz(func(t *testing.T, fen string) { checkNotationRoundTrip(t, g, fen) })
}
