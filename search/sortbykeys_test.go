package search

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortByKeysIsTheSelectionSort checks sortByKeys on long lists (the
// heap's copy of the order) against pickNext at every index, on keys with
// many ties, where only following the swaps gives the same order.
func TestSortByKeysIsTheSelectionSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for _, n := range []int{0, 1, 2, selectionByHeapFrom, selectionByHeapFrom + 1, 100, 257, 1000} {
		for _, spread := range []int32{1, 3, 20, 1 << 30} {
			keys := make([]int32, n)
			moves := make([]int, n)
			for i := range keys {
				keys[i], moves[i] = rng.Int32N(spread), i
			}
			wantMoves, wantKeys := slices.Clone(moves), slices.Clone(keys)
			for i := range wantMoves {
				pickNext(wantMoves, wantKeys, i)
			}
			sortByKeys(moves, keys)
			if !slices.Equal(moves, wantMoves) || !slices.Equal(keys, wantKeys) {
				t.Fatalf("n=%d spread %d: order differs from the selection sort's", n, spread)
			}
		}
	}
}
