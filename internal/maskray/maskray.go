package maskray

import "math/bits"

// Orders: how a ray's squares run, or Walk when it has no mask form.
const (
	Walk = iota
	Rising
	Falling
)

// Of is the mask form of a ray given as its squares in order: the squares
// as a mask and which way they run, or (0, Walk) when a square is past 63,
// the ray is empty, or its squares do not only rise or only fall.
func Of[S ~uint8 | ~int16 | ~int](ray []S) (mask uint64, order uint8) {
	if len(ray) == 0 {
		return 0, Walk
	}
	rising, falling := true, true
	for i, sq := range ray {
		if sq < 0 || sq > 63 {
			return 0, Walk
		}
		if i > 0 {
			rising = rising && sq > ray[i-1]
			falling = falling && sq < ray[i-1]
		}
	}
	switch {
	case rising:
		order = Rising
	case falling:
		order = Falling
	default:
		return 0, Walk
	}
	for _, sq := range ray {
		mask |= 1 << uint(sq)
	}
	return mask, order
}

// First is the first square of a ray's mask that blk (a non-empty part of
// it) holds, in the ray's order.
func First(blk uint64, order uint8) int {
	if order == Rising {
		return bits.TrailingZeros64(blk)
	}
	return 63 - bits.LeadingZeros64(blk)
}

// Split divides a ray's mask (Rising or Falling) at its first square in
// occ: near is the squares before it, hit that square, or 0 when the ray
// is clear.
func Split(mask, occ uint64, order uint8) (near, hit uint64) {
	blk := mask & occ
	if order == Rising {
		hit = blk & -blk
		return mask & (hit - 1), hit
	}
	if blk == 0 {
		return mask, 0
	}
	hit = 1 << uint(63-bits.LeadingZeros64(blk))
	return mask &^ (hit | (hit - 1)), hit
}
