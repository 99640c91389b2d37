package splitmix

import "testing"

// The reference outputs of splitmix64 seeded with 1234567 (Vigna's
// splitmix64.c): a change here would change every game and hash.
func TestStreamMatchesReference(t *testing.T) {
	s := Stream{State: 1234567}
	for i, want := range []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821} {
		if got := s.Next(); got != want {
			t.Errorf("output %d = %d, want %d", i, got, want)
		}
	}
}

func TestMixIsNextOfPreviousState(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 1<<63 + 5} {
		s := Stream{State: seed}
		if got, want := s.Next(), Mix(seed+Gamma); got != want {
			t.Errorf("seed %d: Next %d, Mix %d", seed, got, want)
		}
	}
}
