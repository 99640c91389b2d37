package engine

// A piece on the board is one byte, its code: 0 is an empty square,
// otherwise (kind+1)<<ownerBits | owner, where owner is a seat or wildOwner.
// Kind bit masks are indexed by kind+1 (maskIndex), so bit 0 stands for no
// piece. Every packing and unpacking of a code goes through this file:
// widening the owner field (more seats) is a change here alone, as long as
// the kind field still fits the byte. The layout is part of the hash keys
// and tokens, so changing it changes no game but does change every hash.
const (
	ownerBits = 3                               // width of the owner field
	ownerMask = 1<<ownerBits - 1                // the owner field of a code
	maxCode   = maxKinds<<ownerBits | ownerMask // the largest code
)

// pieceCode is the code of a piece of that kind and owner.
func pieceCode(kind, owner int) uint8 { return uint8((kind+1)<<ownerBits | owner) }

// codeOwner is the owner of a non-empty code: a seat or wildOwner.
func codeOwner(c uint8) int { return int(c & ownerMask) }

// codeKind is the kind of a non-empty code.
func codeKind(c uint8) int { return int(c>>ownerBits) - 1 }

// maskIndex is a code's bit in a kind mask (kind+1; 0 for an empty square).
func maskIndex(c uint8) uint8 { return c >> ownerBits }

// withOwner is code c with its owner replaced.
func withOwner(c uint8, owner int) uint8 { return c&^ownerMask | uint8(owner) }

// The owner field holds every seat and wildOwner, and every code fits the
// byte: raising maxSeats past the field fails to compile here.
var (
	_ [ownerMask - wildOwner]struct{}
	_ uint8 = maxCode
)
