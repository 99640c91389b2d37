package rules

// Schema 37: statuses and upgrades. The keys are written up in
// SCHEMA-37.md.

// Status is one entry of the top-level statuses list: a named counter a
// piece carries wherever it goes, stacking up to Stack, and what it
// changes while the piece has at least one.
type Status struct {
	Name      string            `json:"name"`                 // 1 to 12 letters, unique among statuses, items and resources
	Stack     int               `json:"stack,omitempty"`      // 1 to 15, default 1
	Frozen    bool              `json:"frozen,omitempty"`     // the piece makes no move
	WearsOff  string            `json:"wears_off,omitempty"`  // WearsOffTurn: one is removed at the end of its owner's turn
	Immune    []string          `json:"immune,omitempty"`     // item ids that never act on the piece
	Afterlife []StatusAfterlife `json:"afterlife,omitempty"`  // before rules.afterlife: where the piece goes when it dies
	Income    map[string]int    `json:"income,omitempty"`     // resource -> 1 to 100 per status, paid with the resource's income
	Upgrade   bool              `json:"upgrade,omitempty"`    // the piece's next capture removes one and upgrades it
	Hazard    float64           `json:"hazard,omitempty"`     // schema 38: the chance (above 0, below 1, three decimals) that the piece dies after its owner moves it
	Portal    bool              `json:"portal,omitempty"`     // schema 40: as its owner's action, the piece moves to its square on another board, and one is spent
	ExtraMove *ExtraMove        `json:"extra_move,omitempty"` // schema 40: a second move of the piece, for a cost
	Forced    bool              `json:"forced,omitempty"`     // schema 41: while the piece can move, its owner's action is a move of it; one is spent when it moves
	Size      bool              `json:"size,omitempty"`       // schema 44: each one makes the piece cover one more square
	Grow      string            `json:"grow,omitempty"`       // schema 45: GrowChoice: the owner chooses each square its piece grows into
}

// HazardThousandths is the status's hazard in thousandths, rounded.
func (s *Status) HazardThousandths() int { return int(s.Hazard*1000 + 0.5) }

// The values of statuses[].wears_off.
const (
	WearsOffTurn = "turn" // one removed at the end of each of its owner's turns
)

// The values of statuses[].grow.
const (
	GrowChoice = "choice" // the move that gives the status names the square grown into
)

// StackOrDefault is the status's stack, 1 when left out.
func (s *Status) StackOrDefault() int {
	if s.Stack == 0 {
		return 1
	}
	return s.Stack
}

// StatusAfterlife is one entry of statuses[].afterlife: a piece with the
// status that dies on one of From goes to the same square of To.
type StatusAfterlife struct {
	From []string `json:"from"` // board names, at least 1
	To   string   `json:"to"`   // a board name, not in From
}

// Upgrades is pieces[].upgrades: what a piece of this kind may become when
// it is upgraded (a status with upgrade, on a capture); its owner chooses.
type Upgrades struct {
	Pieces   []string `json:"pieces,omitempty"`   // kinds it may change into (keeping its statuses)
	Statuses []string `json:"statuses,omitempty"` // statuses it may gain instead
}

// OnCapture is rules.on_capture: what a piece that captures gains, unless
// the capture upgraded it.
type OnCapture struct {
	Gain []string `json:"gain"` // status names, at least 1
}

// StatusPlacement is one entry of setup.statuses: pieces that start with
// a status (Count of it, default 1).
type StatusPlacement struct {
	Status  string   `json:"status"`
	Squares []string `json:"squares"`
	Count   int      `json:"count,omitempty"` // 1 to the status's stack, default 1
}
