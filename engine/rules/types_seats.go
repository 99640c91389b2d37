package rules

import "encoding/json"

// The keys of schema 32 (SCHEMA-32.md): games of two to eight seats.

// Seat is one player of a game with seats: its name, the way its pieces
// advance, and where its army stands at the start.
type Seat struct {
	Name    string `json:"name"`
	Forward string `json:"forward,omitempty"` // "" when the army's turn gives it
	Army    Army   `json:"army"`
}

// Forward directions, as the board is drawn with its first rank at the
// bottom.
const (
	Up    = "up"
	Down  = "down"
	Left  = "left"
	Right = "right"
)

// Army turns: the written army (setup.placements) carried onto a seat.
const (
	ArmyAsWritten     = "as_written"
	ArmyRotateCW      = "rotate_cw"
	ArmyRotate180     = "rotate_180"
	ArmyRotateCCW     = "rotate_ccw"
	ArmyReflectRanks  = "reflect_ranks"
	ArmyReflectFiles  = "reflect_files"
	ArmyReflectDiag   = "reflect_diagonal"
	ArmyReflectAntiDg = "reflect_antidiagonal"
)

// armyTurns lists the turns in the order a refusal names them.
var armyTurns = []string{ArmyAsWritten, ArmyRotateCW, ArmyRotate180, ArmyRotateCCW,
	ArmyReflectRanks, ArmyReflectFiles, ArmyReflectDiag, ArmyReflectAntiDg}

// Army is a seat's army: a turn of the written army, or its own placements.
type Army struct {
	Turn       string      // one of the Army* turns; "" when Placements
	Placements []Placement // written out for this seat (no player key)
}

// UnmarshalJSON reads a turn's name or a list of placements.
func (a *Army) UnmarshalJSON(b []byte) error {
	var turn string
	if err := json.Unmarshal(b, &turn); err == nil {
		a.Turn = turn
		return nil
	}
	return json.Unmarshal(b, &a.Placements)
}

// MarshalJSON writes the turn's name or the list.
func (a Army) MarshalJSON() ([]byte, error) {
	if a.Turn != "" {
		return json.Marshal(a.Turn)
	}
	return json.Marshal(a.Placements)
}

// NeedsSquare reports whether the turn maps a board onto itself only when
// the board is square (quarter turns and the diagonal reflections).
func (a Army) NeedsSquare() bool {
	switch a.Turn {
	case ArmyRotateCW, ArmyRotateCCW, ArmyReflectDiag, ArmyReflectAntiDg:
		return true
	}
	return false
}

// Place is the square the written army's sq stands on for this seat, on a
// board w wide and h high.
func (a Army) Place(sq Square, w, h int) Square {
	x, y := sq.File, sq.Rank
	switch a.Turn {
	case ArmyRotateCW:
		return Square{y, w - 1 - x}
	case ArmyRotate180:
		return Square{w - 1 - x, h - 1 - y}
	case ArmyRotateCCW:
		return Square{w - 1 - y, x}
	case ArmyReflectRanks:
		return Square{x, h - 1 - y}
	case ArmyReflectFiles:
		return Square{w - 1 - x, y}
	case ArmyReflectDiag:
		return Square{y, x}
	case ArmyReflectAntiDg:
		return Square{h - 1 - y, w - 1 - x}
	}
	return sq
}

// TurnForward is the way the written army's "up" points after the turn.
func (a Army) TurnForward() string {
	switch a.Turn {
	case ArmyRotateCW, ArmyReflectDiag:
		return Right
	case ArmyRotate180, ArmyReflectRanks:
		return Down
	case ArmyRotateCCW, ArmyReflectAntiDg:
		return Left
	}
	return Up
}

// ForwardOrDefault is the seat's forward, the army turn's when absent.
func (s *Seat) ForwardOrDefault() string {
	if s.Forward == "" {
		return s.Army.TurnForward()
	}
	return s.Forward
}

// TurnOrderOrDefault is rules.turn_order, the seats' names in order when
// absent.
func (sp *Spec) TurnOrderOrDefault() []string {
	if sp.Rules.TurnOrder != nil {
		return sp.Rules.TurnOrder
	}
	names := make([]string, len(sp.Seats))
	for i, st := range sp.Seats {
		names[i] = st.Name
	}
	return names
}

// SeatOut is what ends a seat's game and what becomes of its army.
type SeatOut struct {
	Army      string `json:"army,omitempty"`      // default "frozen"
	Stalemate string `json:"stalemate,omitempty"` // default "out"
}

// ArmyOrDefault is seat_out.army, "frozen" when absent.
func (o *SeatOut) ArmyOrDefault() string {
	if o == nil || o.Army == "" {
		return "frozen"
	}
	return o.Army
}

// StalemateOrDefault is seat_out.stalemate, "out" when absent.
func (o *SeatOut) StalemateOrDefault() string {
	if o == nil || o.Stalemate == "" {
		return "out"
	}
	return o.Stalemate
}

// GameEnd is how a game of seats ends.
type GameEnd struct {
	TeamLoses  string  `json:"team_loses,omitempty"`   // default "all_out"
	FreeForAll string  `json:"free_for_all,omitempty"` // default "last_standing"
	Points     *Points `json:"points,omitempty"`
}

// TeamLosesOrDefault is game_end.team_loses, "all_out" when absent.
func (e *GameEnd) TeamLosesOrDefault() string {
	if e == nil || e.TeamLoses == "" {
		return "all_out"
	}
	return e.TeamLoses
}

// FreeForAllOrDefault is game_end.free_for_all, "last_standing" when
// absent.
func (e *GameEnd) FreeForAllOrDefault() string {
	if e == nil || e.FreeForAll == "" {
		return "last_standing"
	}
	return e.FreeForAll
}

// Points is what a free-for-all game by points scores.
type Points struct {
	Capture   map[string]int `json:"capture,omitempty"`   // default: the piece's value
	Checkmate *int           `json:"checkmate,omitempty"` // default 20
}

// CheckmateOrDefault is points.checkmate, 20 when absent.
func (p *Points) CheckmateOrDefault() int {
	if p.Checkmate == nil {
		return 20
	}
	return *p.Checkmate
}

// Priority is one rule of rules.priority: while When holds for the player
// to move, only moves of class Moves are legal, if there is one.
type Priority struct {
	When  string `json:"when"`
	Moves string `json:"moves"`
}

// Priority conditions and move classes.
const (
	WhenInCheck  = "in_check"
	WhenAlways   = "always"
	MovesRoyal   = "royal"
	MovesCapture = "capture"
)
