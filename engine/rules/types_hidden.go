package rules

// Schema 35: hidden information. The keys are written up in SCHEMA-35.md.

// Sight is rules.sight: each seat sees only part of the board (fog of
// war).
type Sight struct {
	Sees string `json:"sees,omitempty"` // SightReach, the only value for now (the default)
}

// The values of rules.sight.sees.
const (
	// SightReach: the squares of the seat's own pieces and every square
	// their moves reach, a line up to and including the first piece in
	// its way, whatever stands there and whatever the move's mode.
	SightReach = "reach"
)

// SeesOrDefault is rules.sight.sees, SightReach when left out.
func (s *Sight) SeesOrDefault() string {
	if s.Sees == "" {
		return SightReach
	}
	return s.Sees
}
