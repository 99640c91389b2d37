package rules

// Schema 41: chaos (items whose effect is chosen among a few drawn at
// random), checkers jumps, and forced movement. The keys are written up in
// SCHEMA-41.md.

// Chaos is rules.chaos: the effects an item with chaos offers. When a
// piece is moved onto such an item, Offer of the effects are drawn at
// random (each set of Offer equally likely) and the piece's owner picks
// one, right after the turn.
type Chaos struct {
	Offer   int           `json:"offer,omitempty"` // 1 to 8 effects offered, default 3
	Effects []ChaosEffect `json:"effects"`         // at least Offer
}

// OfferOrDefault is the chaos offer, 3 when left out.
func (c *Chaos) OfferOrDefault() int {
	if c.Offer == 0 {
		return 3
	}
	return c.Offer
}

// ChaosEffect is one entry of rules.chaos.effects.
type ChaosEffect struct {
	Name   string     `json:"name"` // 1 to 12 letters and digits, first a letter; unique
	Effect CardEffect `json:"effect"`
}

// Jumps is pieces[].jumps: checkers jumps. The piece jumps over a piece on
// the next square in one of the directions to the square beyond, which
// must hold no piece, capturing the piece jumped when it is an enemy's;
// it may go on jumping, up to Max jumps in one move.
type Jumps struct {
	Vectors  []Vector `json:"vectors"`            // one-step directions, at least 1
	Symmetry string   `json:"symmetry,omitempty"` // as a move's
	Max      int      `json:"max,omitempty"`      // 1 to 4 jumps in one move, default 1
}

// MaxOrDefault is the jumps' max, 1 when left out.
func (j *Jumps) MaxOrDefault() int {
	if j.Max == 0 {
		return 1
	}
	return j.Max
}
