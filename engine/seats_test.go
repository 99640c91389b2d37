package engine

import "testing"

// TestCodePacking checks that every kind and owner, the wild one included,
// packs into a distinct code that unpacks to them again.
func TestCodePacking(t *testing.T) {
	seen := map[uint8]bool{0: true} // 0 is the empty square
	for k := 0; k < maxKinds; k++ {
		for o := 0; o <= wildOwner; o++ {
			c := pieceCode(k, o)
			if seen[c] || c > maxCode {
				t.Fatalf("kind %d owner %d: code %d is taken or above maxCode %d", k, o, c, maxCode)
			}
			seen[c] = true
			if codeKind(c) != k || codeOwner(c) != o || int(maskIndex(c)) != k+1 {
				t.Fatalf("code %d unpacks to kind %d owner %d mask index %d, want %d %d %d",
					c, codeKind(c), codeOwner(c), maskIndex(c), k, o, k+1)
			}
			for o2 := 0; o2 <= wildOwner; o2++ {
				if got, want := withOwner(c, o2), pieceCode(k, o2); got != want {
					t.Fatalf("withOwner(%d, %d) = %d, want %d", c, o2, got, want)
				}
			}
		}
	}
}

// TestSeatOrder checks the turn order and the opponents of a two-seat game,
// as every game is today.
func TestSeatOrder(t *testing.T) {
	g := loadFile(t, "rulesets/chess.json")
	tests := []struct{ seat, next, opponent int }{
		{0, 1, 1},
		{1, 0, 0},
	}
	if g.seats != len(tests) {
		t.Fatalf("chess has %d seats, want %d", g.seats, len(tests))
	}
	for _, tc := range tests {
		if got := g.nextSeat(tc.seat); got != tc.next {
			t.Errorf("nextSeat(%d) = %d, want %d", tc.seat, got, tc.next)
		}
		if got := g.prevSeat(tc.next); got != tc.seat {
			t.Errorf("prevSeat(%d) = %d, want %d", tc.next, got, tc.seat)
		}
		if got := opponent(tc.seat); got != tc.opponent {
			t.Errorf("opponent(%d) = %d, want %d", tc.seat, got, tc.opponent)
		}
	}
}
