package rules

// Schema 40: neutral pieces and actions other than a move (a status that
// carries a piece to another board, a piece that raises others, a status
// that buys a second move). The keys are written up in SCHEMA-40.md.

// Neutral is pieces[].neutral: a kind that belongs to both players. Either
// player may move it as their action (with MovedBy "most", only the player
// holding more of Resource); no piece can capture it; and no player may
// move it straight back on the turn after the other player moved it.
type Neutral struct {
	MovedBy  string `json:"moved_by,omitempty"` // MovedByAny (default) or MovedByMost
	Resource string `json:"resource,omitempty"` // with MovedByMost: the resource counted
}

// The values of pieces[].neutral.moved_by.
const (
	MovedByAny  = "any"
	MovedByMost = "most"
)

// NeutralPlacement is one entry of setup.neutral: where neutral pieces
// stand at the start.
type NeutralPlacement struct {
	Piece   string   `json:"piece"`
	Squares []string `json:"squares"`
}

// Raises is pieces[].raises: as its owner's action, a piece of this kind
// standing on one of On moves any piece from board From to its same
// square on board To, and gives it Status.
type Raises struct {
	From   string   `json:"from"`             // a board name
	To     string   `json:"to"`               // a board name, not From
	On     []string `json:"on,omitempty"`     // the boards the raiser must stand on; empty: any
	Status string   `json:"status,omitempty"` // a statuses[].name given to the raised piece
}

// ExtraMove is statuses[].extra_move: after its owner moves a piece with
// the status, the owner may pay Cost to move that piece once more.
type ExtraMove struct {
	Cost map[string]int `json:"cost,omitempty"` // resource -> 1 to 100; empty: free
}
