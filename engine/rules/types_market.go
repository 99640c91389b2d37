package rules

// Schema 38: a market, and chance in the planes family. The keys are
// written up in SCHEMA-38.md.

// Market is rules.market: cards bought with a resource as a player's
// action instead of a move. The cards are shuffled at the start and Open
// of them are unlocked; each purchase raises the card's price by Step and
// unlocks the next card of the shuffled deck.
type Market struct {
	Resource string `json:"resource"`       // a resources[].name
	Open     int    `json:"open,omitempty"` // 1 to 32 unlocked at the start, default 3
	Step     *int   `json:"step,omitempty"` // 0 to 100 added to a card's price when it is bought, default 1; nil: left out
	Cards    []Card `json:"cards"`          // 1 to 32
}

// OpenOrDefault is the market's open, 3 when left out.
func (m *Market) OpenOrDefault() int {
	if m.Open == 0 {
		return 3
	}
	return m.Open
}

// StepOrDefault is the market's step, 1 when left out (a written 0 keeps
// prices fixed).
func (m *Market) StepOrDefault() int {
	if m.Step == nil {
		return 1
	}
	return *m.Step
}

// Card is one entry of rules.market.cards: an effect with its first price.
type Card struct {
	Name   string     `json:"name"`  // 1 to 12 letters and digits, first a letter; unique
	Price  int        `json:"price"` // 0 to 1000
	Effect CardEffect `json:"effect"`
}

// CardEffect is what a card does when bought: exactly one of a status
// given to a piece, an item put on a square, or resources gained.
type CardEffect struct {
	Status string         `json:"status,omitempty"` // a statuses[].name, given to the target piece
	Count  int            `json:"count,omitempty"`  // 1 to 15 of the status, default 1
	Item   string         `json:"item,omitempty"`   // an items[].id, put on the target square
	Gain   map[string]int `json:"gain,omitempty"`   // resource -> 1 to 100, for the buyer
	On     string         `json:"on,omitempty"`     // the target: TargetOwn, TargetEnemy, TargetAny (a status), TargetUnoccupied, TargetEmpty (an item)
}

// The values of rules.market.cards[].effect.on.
const (
	TargetOwn        = "own"        // one of the buyer's pieces
	TargetEnemy      = "enemy"      // one of the other player's pieces
	TargetAny        = "any"        // any piece
	TargetUnoccupied = "unoccupied" // a square with no piece (items may lie there)
	TargetEmpty      = "empty"      // a square with no piece and no item
)

// CountOrDefault is the effect's count, 1 when left out.
func (e *CardEffect) CountOrDefault() int {
	if e.Count == 0 {
		return 1
	}
	return e.Count
}
