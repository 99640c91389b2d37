package repair

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// How far an edit moves the game from the designer's file, nearest first:
// a designer would rather lengthen a limit than switch a rule, and switch
// a rule than change how a piece moves or add to the game. Suggestions
// are ranked by it before how well they clear the flags.
const (
	distLimit  = 1 // a limit of the game (max_plies, no_progress_draw, a check count, territory's win_at)
	distNumber = 2 // another number of the rules (a promotion rank, a move's range, the goal's rank)
	distSwitch = 3 // a rule switched (stalemate, castling, en passant, must_capture, repetition, a goal's safety)
	distMoves  = 4 // how a piece moves or captures
	distAdded  = 5 // something added or taken away: a piece, a rank of the board, a way to win
)

var distanceWords = map[int]string{
	distLimit:  "a limit changed",
	distNumber: "a number of the rules changed",
	distSwitch: "a rule switched",
	distMoves:  "a piece's moves changed",
	distAdded:  "something added or taken away",
}

// classify sets an edit's Distance and whether it changes what the game
// is (a new or lost way to win, a new piece): such a repair is listed
// after every edit that keeps the game the designer wrote.
func classify(e *Edit) {
	adds := len(e.Patch) > 0 && e.Patch[0].Op == "add"
	removes := len(e.Patch) > 0 && e.Patch[0].Op == "remove"
	switch e.Kind {
	case "max_plies", "no_progress_draw", "win_at":
		e.Distance = distLimit
	case "check_limit":
		e.Distance = distLimit
		if removes || adds && !strings.Contains(e.Desc, "was") { // checks stop winning, or start to
			e.Distance, e.ChangesGame = distAdded, true
		}
	case "promotion", "range":
		e.Distance = distNumber
	case "reach":
		switch e.Target {
		case "rules.reach": // a goal added or taken away
			e.Distance, e.ChangesGame = distAdded, true
		case "rules.reach.squares":
			e.Distance = distNumber
		default:
			e.Distance = distSwitch
		}
	case "win":
		e.Distance, e.ChangesGame = distSwitch, true // another way to win
	case "stalemate", "castling", "en_passant", "repetition_draw", "must_capture", "forbid_check", "forbid_immobility":
		e.Distance = distSwitch
	case "captures", "mode", "condition", "vector_added", "vector_removed", "move_removed":
		e.Distance = distMoves
	case "setup_added", "compensation":
		e.Distance, e.ChangesGame = distAdded, true // a piece the designer did not place
	default: // setup_removed, board, and any kind added later
		e.Distance = distAdded
	}
}

// Closeness is how far a candidate moves the game from the file: whether
// it changes what the game is, its edits, and the sum of their distances.
// Smaller is closer, compared in that order.
type Closeness struct {
	ChangesGame bool `json:"changes_game"`
	Edits       int  `json:"edits"`
	Distance    int  `json:"distance"`
	// Stretch is how far the limits moved, in doublings (|log2(new/old)|
	// summed): the smallest change that clears a flag comes first.
	Stretch float64 `json:"stretch"`
}

// closeness is c's Closeness.
func (c *Candidate) closeness() Closeness {
	var k Closeness
	for _, e := range c.Edits {
		k.ChangesGame = k.ChangesGame || e.ChangesGame
		k.Edits++
		k.Distance += e.Distance
		if e.value > 0 && e.from > 0 {
			k.Stretch += math.Abs(math.Log2(float64(e.value) / float64(e.from)))
		}
	}
	return k
}

// closer reports whether a is closer to the file than b.
func (a Closeness) closer(b Closeness) bool {
	if a.ChangesGame != b.ChangesGame {
		return !a.ChangesGame
	}
	if a.Edits != b.Edits {
		return a.Edits < b.Edits
	}
	if a.Distance != b.Distance {
		return a.Distance < b.Distance
	}
	return a.Stretch < b.Stretch
}

// Words says the closeness for the report: "1 edit, distance 1 (a limit
// changed)", with "changes what the game is" where it does.
func (a Closeness) Words(edits []Edit) string {
	var kinds []string
	for _, e := range edits {
		if w := distanceWords[e.Distance]; w != "" && !slices.Contains(kinds, w) {
			kinds = append(kinds, w)
		}
	}
	s := fmt.Sprintf("%d edit%s, distance %d (%s)", a.Edits, map[bool]string{true: "s"}[a.Edits != 1], a.Distance, strings.Join(kinds, "; "))
	if a.ChangesGame {
		s += "; changes what the game is"
	}
	return s
}
