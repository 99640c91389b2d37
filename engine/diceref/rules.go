package diceref

import "strings"

// Rules is the chance a game adds to chess.
type Rules struct {
	Die     *Die // nil: no die, every legal move may be made
	Hazards []Hazard
}

// Die is rolled before every turn.
type Die struct {
	Faces      []Face
	Deck       bool // draw without replacement from weight cards of each face
	BlockedAny bool // no move of the face's kinds: every legal move (else pass)
}

// Face is one face of the die.
type Face struct {
	Name   string
	Pieces string // the kinds that may move, as upper-case letters: "P", "NB"
	Weight int
}

// Hazard removes a piece of one of its kinds after it moves, with a chance
// of Thousandths in 1000.
type Hazard struct {
	Pieces      string // upper-case letters
	Thousandths int
	CaptureOnly bool // only after a capturing move
}

// SixFaces is the standard die: one face for each kind of piece, each of
// weight w.
func SixFaces(w int) []Face {
	var faces []Face
	for _, k := range "PNBRQK" {
		faces = append(faces, Face{Name: string(k), Pieces: string(k), Weight: w})
	}
	return faces
}

// hazardOf is the hazard a kind (an upper-case letter) carries, if any; a
// kind listed twice takes the later entry.
func (r *Rules) hazardOf(kind byte) (Hazard, bool) {
	var found Hazard
	ok := false
	for _, h := range r.Hazards {
		if strings.IndexByte(h.Pieces, kind) >= 0 {
			found, ok = h, true
		}
	}
	return found, ok
}

// deckSize is the cards of a full deck.
func (d *Die) deckSize() int {
	n := 0
	for _, f := range d.Faces {
		n += f.Weight
	}
	return n
}
