package search

import (
	"math/bits"

	"balancefarm/internal/splitmix"
)

// rng is splitmix64 (internal/splitmix) rather than math/rand, so that a
// seed gives the same stream on every Go release and every machine: games
// must replay move for move.
type rng struct{ state uint64 }

func newRNG(seed uint64) *rng { return &rng{state: seed} }

// mixSeed derives an independent stream from a seed and a tag, so the
// opening, player 0 and player 1 never share random numbers.
func mixSeed(seed, tag uint64) uint64 {
	r := rng{state: seed ^ (tag * 0xd1b54a32d192ed03)}
	r.next()
	return r.next()
}

func (r *rng) next() uint64 {
	r.state += splitmix.Gamma
	return splitmix.Mix(r.state)
}

// intn returns a uniform int in [0, n); n must be positive.
func (r *rng) intn(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// float returns a uniform float64 in [0, 1).
func (r *rng) float() float64 {
	return float64(r.next()>>11) / (1 << 53)
}
