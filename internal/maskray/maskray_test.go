package maskray

import "testing"

// walk is the square-by-square reading Split must agree with.
func walk(ray []int, occ uint64) (near, hit uint64) {
	for _, sq := range ray {
		if occ>>uint(sq)&1 != 0 {
			return near, 1 << uint(sq)
		}
		near |= 1 << uint(sq)
	}
	return near, 0
}

func TestOfAndSplit(t *testing.T) {
	tests := []struct {
		name  string
		ray   []int
		order uint8
	}{
		{"rising file", []int{12, 20, 28, 36, 44, 52, 60}, Rising},
		{"falling diagonal", []int{54, 45, 36, 27, 18, 9, 0}, Falling},
		{"falling to square 0", []int{3, 2, 1, 0}, Falling},
		{"rising to square 63", []int{59, 60, 61, 62, 63}, Rising},
		{"one square", []int{63}, Rising},
		{"wrapped", []int{62, 63, 56, 57}, Walk},
		{"past the word", []int{60, 68}, Walk},
		{"empty", nil, Walk},
	}
	occs := []uint64{0, 1 << 63, 1, 1<<36 | 1<<60, 1<<0 | 1<<27, ^uint64(0), 0x00ff00000000ff00}
	for _, tc := range tests {
		mask, order := Of(tc.ray)
		if order != tc.order {
			t.Fatalf("%s: order %d, want %d", tc.name, order, tc.order)
		}
		if order == Walk {
			if mask != 0 {
				t.Errorf("%s: a ray walked has mask %x", tc.name, mask)
			}
			continue
		}
		for _, occ := range occs {
			near, hit := Split(mask, occ, order)
			wantNear, wantHit := walk(tc.ray, occ)
			if near != wantNear || hit != wantHit {
				t.Errorf("%s, occupied %x: Split gives %x, %x; walking gives %x, %x", tc.name, occ, near, hit, wantNear, wantHit)
			}
			if blk := mask & occ; blk != 0 && uint64(1)<<uint(First(blk, order)) != wantHit {
				t.Errorf("%s, occupied %x: First is %d, walking hits %x", tc.name, occ, First(blk, order), wantHit)
			}
		}
	}
}
