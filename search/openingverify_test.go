package search

import (
	"context"
	"strings"
	"testing"

	"balancefarm/engine"
)

// The random opening never hands the opponent a forced win. In Jeson Mor,
// after e1f3 g9f7 d1e3 the quiet move i9h7 keeps the material and passes
// the quiescence check, but leaves e5 a defender short: the first player
// wins by force (our search proves it at 10,000 nodes). Drawn as the
// opening's last random ply, it decided the game before anyone searched.
func TestOpeningAvoidsForcedLosses(t *testing.T) {
	start, probe, verify := openingAfter(t, "jesonmor.json", "e1f3 g9f7 d1e3")
	ctx := context.Background()
	p := enginePos{start}
	loser, err := start.ParseMove("i9h7")
	if err != nil {
		t.Fatal(err)
	}
	if !losesByForce(ctx, p, loser, verify) {
		t.Fatal("i9h7 is not found to lose by force; the test's position no longer shows the case")
	}
	// Without the verification the quiescence alone lets it through.
	fairAlone := map[engine.Move]bool{}
	for seed := uint64(0); seed < 400; seed++ {
		m, ok := openingMove(ctx, p, probe, nil, newRNG(seed))
		if ok {
			fairAlone[m] = true
		}
	}
	if !fairAlone[loser] {
		t.Fatal("the quiescence check alone never draws i9h7; the test's position no longer shows the case")
	}
	drawn := map[string]bool{}
	for seed := uint64(0); seed < 60; seed++ {
		m, ok := openingMove(ctx, p, probe, verify, newRNG(seed))
		if !ok {
			t.Fatalf("seed %d: no opening move", seed)
		}
		if losesByForce(ctx, p, m, verify) {
			t.Errorf("seed %d: drew %s, which loses by force", seed, start.MoveString(m))
		}
		drawn[start.MoveString(m)] = true
	}
	if len(drawn) < 5 {
		t.Errorf("only %d different opening moves drawn: %v", len(drawn), drawn)
	}
}

// A loss through forced replies is seen: in the coin-toss canary every
// move after the lanes are picked is forced, and the search scores a
// position with one legal move without looking at it, so the check plays
// such replies itself before searching.
func TestOpeningSeesLossesThroughForcedReplies(t *testing.T) {
	g := loadGame(t, "canaries/coin-toss.json")
	pos := g.NewPosition()
	ctx := context.Background()
	verify := newABSearch[engine.Move, enginePos](tablesFor(g), PlayerSpec{Family: FamilyAB, Nodes: openingVerifyNodes}, 0)
	p := enginePos{pos}
	hunter, err := pos.ParseMove("b1c2")
	if err != nil {
		t.Fatal(err)
	}
	pos.Make(hunter)
	for _, c := range []struct {
		move  string
		loses bool
	}{
		{"b16c15", true},  // the hunter's lane: met head on
		{"b16a15", false}, // the other lane: home first
	} {
		m, err := pos.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := losesByForce(ctx, p, m, verify); got != c.loses {
			t.Errorf("runner %s after hunter b1c2: loses by force %v, want %v", c.move, got, c.loses)
		}
	}
}

// When every quiet move within the margin loses by force, the opening
// draws from the other quiet moves before it gives up. In Dobutsu after
// the lion's b1c2 the quiescence favours the replies that keep the chick
// on b3 guarded, and each of them loses by force; a4a3, which leaves the
// chick to be taken, does not, and is the only quiet reply that holds.
func TestOpeningFallsBackToQuietMovesThatHold(t *testing.T) {
	start, probe, verify := openingAfter(t, "dobutsu.json", "b1c2")
	ctx := context.Background()
	p := enginePos{start}
	fairAlone := map[string]bool{}
	for seed := uint64(0); seed < 100; seed++ {
		if m, ok := openingMove(ctx, p, probe, nil, newRNG(seed)); ok {
			fairAlone[start.MoveString(m)] = true
		}
	}
	if fairAlone["a4a3"] {
		t.Fatalf("a4a3 is among the moves within the margin (%v); the test's position no longer shows the case", fairAlone)
	}
	for s := range fairAlone {
		m, _ := start.ParseMove(s)
		if !losesByForce(ctx, p, m, verify) {
			t.Fatalf("%s is within the margin and holds; the test's position no longer shows the case", s)
		}
	}
	for seed := uint64(0); seed < 20; seed++ {
		m, ok := openingMove(ctx, p, probe, verify, newRNG(seed))
		if !ok {
			t.Fatalf("seed %d: no opening move", seed)
		}
		if got := start.MoveString(m); got != "a4a3" {
			t.Errorf("seed %d: drew %s, want a4a3, the only quiet move that holds", seed, got)
		}
	}
}

// openingAfter is file's position after moves, with the opening's probe
// and verifying searches.
func openingAfter(t *testing.T, file, moves string) (*engine.Position, *abSearch[engine.Move, enginePos], *abSearch[engine.Move, enginePos]) {
	t.Helper()
	g := loadGame(t, file)
	pos := g.NewPosition()
	for _, s := range strings.Fields(moves) {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		pos.Make(m)
	}
	tab := tablesFor(g)
	probe := newABSearch[engine.Move, enginePos](tab, PlayerSpec{Family: FamilyAB, Nodes: leadProbeNodes}, 0)
	verify := newABSearch[engine.Move, enginePos](tab, PlayerSpec{Family: FamilyAB, Nodes: openingVerifyNodes}, 0)
	return pos, probe, verify
}
