package engine

import "testing"

func TestBitsetKeepBelowAndNot(t *testing.T) {
	full := bitset{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for _, n := range []int{0, 1, 63, 64, 65, 100, 128, 200, 255, 256} {
		b := full
		b.keepBelow(n)
		if b.count() != n {
			t.Errorf("keepBelow(%d) keeps %d squares", n, b.count())
		}
		if n > 0 && !b.has(n-1) || n < 256 && b.has(n) {
			t.Errorf("keepBelow(%d): wrong edge", n)
		}
	}
	b := full
	o := bitset{1, 0, 1 << 63, 0}
	b.andNot(&o)
	if b.count() != 254 || b.has(0) || b.has(191) || !b.has(1) {
		t.Errorf("andNot: %x", b)
	}
}

func TestBitsetEachIsSquares(t *testing.T) {
	for _, b := range []bitset{{}, {1}, {0, 1 << 63, 0, 1}, {^uint64(0), 5, 0, 1 << 40}} {
		var got []int
		for sq := range b.each {
			got = append(got, sq)
			if len(got) == 3 {
				break
			}
		}
		want := b.squares(nil)
		if len(want) > 3 {
			want = want[:3]
		}
		if len(got) != len(want) {
			t.Fatalf("%x: each gives %v, squares %v", b, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%x: each gives %v, squares %v", b, got, want)
			}
		}
	}
}
