package engine

import "math/bits"

// bitset is one bit per square of a board of up to 256 squares.
type bitset [4]uint64

func (b *bitset) set(sq int)      { b[(sq>>6)&3] |= 1 << uint(sq&63) }
func (b *bitset) clear(sq int)    { b[(sq>>6)&3] &^= 1 << uint(sq&63) }
func (b *bitset) has(sq int) bool { return b[(sq>>6)&3]>>uint(sq&63)&1 != 0 }

func (b *bitset) count() int {
	return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) + bits.OnesCount64(b[2]) + bits.OnesCount64(b[3])
}

func (b *bitset) empty() bool { return b[0]|b[1]|b[2]|b[3] == 0 }

func (b *bitset) or(o *bitset) {
	b[0] |= o[0]
	b[1] |= o[1]
	b[2] |= o[2]
	b[3] |= o[3]
}

func (b *bitset) andNot(o *bitset) {
	b[0] &^= o[0]
	b[1] &^= o[1]
	b[2] &^= o[2]
	b[3] &^= o[3]
}

// keepBelow clears every square from n on.
func (b *bitset) keepBelow(n int) {
	for w := range b {
		switch lo := w << 6; {
		case n <= lo:
			b[w] = 0
		case n < lo+64:
			b[w] &= 1<<uint(n-lo) - 1
		}
	}
}

func (b *bitset) intersects(o *bitset) bool {
	return b[0]&o[0]|b[1]&o[1]|b[2]&o[2]|b[3]&o[3] != 0
}

// each yields the squares of b in increasing order, as b was when the
// loop began: for sq := range b.each, without a list to allocate.
func (b bitset) each(yield func(int) bool) {
	for w := range b {
		for x := b[w]; x != 0; x &= x - 1 {
			if !yield(w<<6 | bits.TrailingZeros64(x)) {
				return
			}
		}
	}
}

// squares appends the squares of b in increasing order.
func (b *bitset) squares(out []int) []int {
	for w := 0; w < 4; w++ {
		x := b[w]
		for x != 0 {
			out = append(out, w<<6|bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
	return out
}

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }
