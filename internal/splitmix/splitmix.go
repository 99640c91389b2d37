// Package splitmix is the project's one seed mixer: splitmix64, written
// out so that a seed gives the same numbers on every Go release and machine
// (games replay move for move, Zobrist keys and job seeds never change).
package splitmix

// Gamma is splitmix64's increment, the odd number nearest 2^64 over the
// golden ratio.
const Gamma = 0x9e3779b97f4a7c15

// Mix is splitmix64's finalizer: neighbouring inputs give unrelated outputs.
func Mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Stream is a splitmix64 generator; its zero value starts at state 0.
type Stream struct{ State uint64 }

// Next advances the stream and returns its next number.
func (s *Stream) Next() uint64 {
	s.State += Gamma
	return Mix(s.State)
}
