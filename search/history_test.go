package search

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHistoryAgingMatchesFullWalk checks that aging only the entries
// histUsed lists leaves the table a walk quartering every entry would:
// cutoffs credited at random depths (some on one entry many times, some
// near the cap), aged between searches, and the table forgotten midway.
func TestHistoryAgingMatchesFullWalk(t *testing.T) {
	cases := []struct {
		name            string
		size, searches  int
		cutoffs, depths int
		forgetAt        int
	}{
		{"few entries, many searches", 8, 40, 30, 6, -1},
		{"sparse table", 4096, 20, 200, 12, -1},
		{"cutoffs past the cap", 16, 10, 500, 1500, -1},
		{"forgotten midway", 64, 12, 50, 8, 6},
		{"no cutoffs", 32, 5, 0, 1, -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(37, uint64(tc.size)))
			s := &abSearch[nimMove, *nim]{history: make([]int32, tc.size), tt: newTTable[nimMove](4)}
			want := make([]int32, tc.size)
			nonzero := 0
			for search := 0; search < tc.searches; search++ {
				if search == tc.forgetAt {
					s.forget()
					clear(want)
				}
				for c := 0; c < tc.cutoffs; c++ {
					i, d := rng.IntN(tc.size), 1+rng.IntN(tc.depths)
					s.addHistory(i, d)
					want[i] = min(want[i]+int32(d*d), keyLosing-1)
				}
				for i := range want {
					if want[i] != 0 {
						nonzero++
					}
				}
				s.ageHistory()
				for i := range want {
					want[i] /= 4
				}
				if !slices.Equal(s.history, want) {
					t.Fatalf("search %d: aged table %v, want %v", search, s.history, want)
				}
				if len(s.histUsed) > tc.size {
					t.Fatalf("search %d: %d entries listed in a table of %d", search, len(s.histUsed), tc.size)
				}
			}
			t.Logf("%d nonzero entries aged", nonzero)
		})
	}
}
