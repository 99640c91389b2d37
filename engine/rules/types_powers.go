package rules

// Schema 39: pieces' powers (shooting, leaps to fixed squares, protection,
// what a death leaves, dying on arrival, putting items down after a move)
// and items that cancel each other. The keys are written up in
// SCHEMA-39.md.

// Protects is pieces[].protects: allied pieces of the listed kinds that
// stand where this piece guards cannot be captured; a piece moved onto
// one dies instead (the seed's 3.1a).
type Protects struct {
	Pieces []string `json:"pieces"`          // kinds guarded, at least 1
	Where  string   `json:"where,omitempty"` // GuardLine (default) or GuardAdjacent
}

// The values of pieces[].protects.where.
const (
	GuardLine     = "line"     // on the guard's rank or file, on its board
	GuardAdjacent = "adjacent" // on one of the four squares touching the guard
)

// WhereOrDefault is the protection's where, GuardLine when left out.
func (p *Protects) WhereOrDefault() string {
	if p.Where == "" {
		return GuardLine
	}
	return p.Where
}

// OnDeath is pieces[].on_death: an item left on the square where a piece
// of this kind dies.
type OnDeath struct {
	Item string `json:"item"`
}

// DiesOn is pieces[].dies_on: a piece of this kind that arrives on the
// rank dies there.
type DiesOn struct {
	Rank any `json:"rank"` // an index from the player's own first rank, or "last"
}

// AfterMove is pieces[].after_move: after its owner moves a piece of this
// kind, the owner may put one of Items on a square next to where it ends.
type AfterMove struct {
	Items []string `json:"items"`        // item ids, at least 1
	On    string   `json:"on,omitempty"` // TargetUnoccupied (default) or TargetEmpty, among the four squares touching it
}
