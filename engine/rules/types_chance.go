package rules

// Schema 34: chance. The keys are written up in SCHEMA-34.md.

// Dice is rules.dice: a chance event before every turn whose face says
// which pieces the player to move may move.
type Dice struct {
	Faces   []DieFace `json:"faces"`             // 2 to 64
	Draw    string    `json:"draw,omitempty"`    // DrawRoll (default) or DrawDeck
	Blocked string    `json:"blocked,omitempty"` // BlockedPass (default) or BlockedAny
}

// DieFace is one face of rules.dice.
type DieFace struct {
	Name   string   `json:"name"`             // 1 to 8 letters or digits, unique
	Pieces []string `json:"pieces"`           // the pieces that may move on this face; empty: none
	Weight int      `json:"weight,omitempty"` // 1 to 1000, default 1
}

// WeightOrDefault is the face's weight, 1 when left out.
func (f *DieFace) WeightOrDefault() int {
	if f.Weight == 0 {
		return 1
	}
	return f.Weight
}

// The values of rules.dice.draw and rules.dice.blocked.
const (
	DrawRoll    = "roll" // every roll from all the faces, by weight
	DrawDeck    = "deck" // weight copies of each face, drawn without replacement, reshuffled when used up
	BlockedPass = "pass" // no move of the rolled pieces: the turn passes
	BlockedAny  = "any"  // no move of the rolled pieces: any legal move may be made
)

// DrawOrDefault is rules.dice.draw, DrawRoll when left out.
func (d *Dice) DrawOrDefault() string {
	if d.Draw == "" {
		return DrawRoll
	}
	return d.Draw
}

// BlockedOrDefault is rules.dice.blocked, BlockedPass when left out.
func (d *Dice) BlockedOrDefault() string {
	if d.Blocked == "" {
		return BlockedPass
	}
	return d.Blocked
}

// Hazard is one entry of rules.hazards: a chance that a piece is removed
// after it moves.
type Hazard struct {
	Pieces []string `json:"pieces"`           // at least 1
	Chance float64  `json:"chance"`           // above 0, below 1, at most three decimals
	After  string   `json:"after,omitempty"`  // HazardAfterMove (default) or HazardAfterCapture
	Effect string   `json:"effect,omitempty"` // HazardRemove, the only one for now
}

// The values of rules.hazards[].after and effect.
const (
	HazardAfterMove    = "move"
	HazardAfterCapture = "capture"
	HazardRemove       = "remove"
)

// AfterOrDefault is the hazard's after, HazardAfterMove when left out.
func (h *Hazard) AfterOrDefault() string {
	if h.After == "" {
		return HazardAfterMove
	}
	return h.After
}

// Thousandths is the chance in thousandths, rounded to the nearest.
func (h *Hazard) Thousandths() int {
	return int(h.Chance*1000 + 0.5)
}
