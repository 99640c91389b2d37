package rules

// Schema 36: planes, items and purses. The keys are written up in
// SCHEMA-36.md (items' hidden and kill "end" in SCHEMA-42.md).

// Item is one entry of the top-level items list: a kind of thing lying on
// squares beside whatever piece stands there, acting on a piece moved
// onto it (or, for kill "pass", over it).
type Item struct {
	ID       string         `json:"id"`                 // 1 to 8 letters and digits, first a letter; unique
	Kill     string         `json:"kill,omitempty"`     // KillEnter, KillPass or KillEnd; empty: it kills nothing
	Slide    bool           `json:"slide,omitempty"`    // a piece moved onto it moves one more step of its move
	Gain     map[string]int `json:"gain,omitempty"`     // resource name -> 1 to 100, for the moved piece's owner
	Consumed bool           `json:"consumed,omitempty"` // the item is gone once it has acted
	Immune   []string       `json:"immune,omitempty"`   // pieces it never acts on
	Stack    int            `json:"stack,omitempty"`    // 1 to 15 on one square, default 1
	Cancels  []string       `json:"cancels,omitempty"`  // schema 39: items that, on one square with this one, remove it and themselves
	Chaos    bool           `json:"chaos,omitempty"`    // schema 41: a piece moved onto it: its owner picks one of rules.chaos's effects, drawn at random
	Hidden   bool           `json:"hidden,omitempty"`   // schema 42: only the player who put it down sees it
}

// The values of items[].kill.
const (
	KillEnter = "enter" // a piece moved onto it dies on its square
	KillPass  = "pass"  // as enter, and a piece sliding over it stops and dies there
	KillEnd   = "end"   // schema 42: a piece that comes to rest on it (any slide over) dies there
)

// StackOrDefault is the item's stack, 1 when left out.
func (it *Item) StackOrDefault() int {
	if it.Stack == 0 {
		return 1
	}
	return it.Stack
}

// Resource is one entry of the top-level resources list: a count each
// player holds (coins), earned by income and by items' gain.
type Resource struct {
	Name   string   `json:"name"`             // 1 to 12 letters, unique
	Start  int      `json:"start,omitempty"`  // 0 to 1000 for each player at the start
	Max    int      `json:"max,omitempty"`    // 1 to 10000, default 999: a player never holds more
	Income *Income  `json:"income,omitempty"` // nil: earned by items only
	Value  *float64 `json:"value,omitempty"`  // 0 to 10 pawns a unit, default 0.1, for the players; nil: left out
}

// Income is resources[].income: a count every player, or the player who
// moved, earns as the turns pass.
type Income struct {
	Amount int    `json:"amount"`          // 1 to 100
	After  string `json:"after,omitempty"` // IncomeRound (default) or IncomeTurn
}

// The values of resources[].income.after.
const (
	IncomeRound = "round" // every player, after the first player's turn
	IncomeTurn  = "turn"  // the player who moved, after each of their turns
)

// AfterOrDefault is the income's after, IncomeRound when left out.
func (in *Income) AfterOrDefault() string {
	if in.After == "" {
		return IncomeRound
	}
	return in.After
}

// MaxOrDefault is the resource's max, 999 when left out.
func (r *Resource) MaxOrDefault() int {
	if r.Max == 0 {
		return 999
	}
	return r.Max
}

// ValueOrDefault is the resource's value in pawns, 0.1 when left out; a
// written 0 is 0 (a resource the players do not weigh).
func (r *Resource) ValueOrDefault() float64 {
	if r.Value == nil {
		return 0.1
	}
	return *r.Value
}

// ItemPlacement is one entry of setup.items: where items lie at the start.
// A square written k times holds k of the item (up to its stack).
type ItemPlacement struct {
	Item    string   `json:"item"`
	Squares []string `json:"squares"`
}

// Afterlife is one entry of rules.afterlife: a piece that dies on one of
// the boards From is moved to the same square of board To. The first entry
// that matches the board and the piece decides; a piece no entry matches
// is removed from the game.
type Afterlife struct {
	From   []string `json:"from"`             // board names, at least 1
	To     string   `json:"to"`               // a board name, not in From
	Pieces []string `json:"pieces,omitempty"` // the pieces it is for; empty: every piece
}

// AfterCapture is one entry of rules.after_capture: a piece that captures
// on one of the boards On is then moved to the same square of board To.
type AfterCapture struct {
	On []string `json:"on"` // board names, at least 1
	To string   `json:"to"` // a board name, not in On
}

// Presence is one entry of rules.presence: a player with none of Pieces
// on any of Boards gets Result.
type Presence struct {
	Boards []string `json:"boards,omitempty"` // board names; empty: every board
	Pieces []string `json:"pieces,omitempty"` // piece ids; empty: the whole army
	Result string   `json:"result,omitempty"` // "loss" (default), "win" or "draw"
}

// ResultOrDefault is the presence's result, "loss" when left out.
func (p *Presence) ResultOrDefault() string {
	if p.Result == "" {
		return "loss"
	}
	return p.Result
}
