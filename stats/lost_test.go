package stats

import (
	"math"
	"testing"
)

func TestTooManyLost(t *testing.T) {
	for _, tc := range []struct {
		counted, lost int
		share         float64
		tooMany       bool
	}{
		{counted: 100, lost: 0, share: 0},
		{counted: 0, lost: 0, share: 0},
		{counted: 95, lost: 5, share: 0.05},                // at the limit: still decides
		{counted: 94, lost: 6, share: 0.06, tooMany: true}, // beyond it
		{counted: 19, lost: 1, share: 0.05},
		{counted: 9, lost: 1, share: 0.1, tooMany: true}, // one lost game in a small batch is too many
		{counted: 19, lost: 85, share: 85.0 / 104, tooMany: true},
		{counted: 0, lost: 3, share: 1, tooMany: true},
	} {
		share := LostShare(tc.counted, tc.lost)
		if math.Abs(share-tc.share) > 1e-12 {
			t.Errorf("LostShare(%d, %d) = %v, want %v", tc.counted, tc.lost, share, tc.share)
		}
		if got := TooManyLost(tc.counted, tc.lost); got != tc.tooMany {
			t.Errorf("TooManyLost(%d, %d) = %v, want %v", tc.counted, tc.lost, got, tc.tooMany)
		}
	}
}
