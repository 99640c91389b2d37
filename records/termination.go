package records

import (
	"strings"

	"balancefarm/engine"
	"balancefarm/protocol"
)

// The PGN standard's Termination values (section 9.8.1) that the
// writer uses.
const (
	TerminationNormal       = "normal"       // ended by a rule of the game
	TerminationUnterminated = "unterminated" // stopped before the rules ended it
	TerminationAdjudication = "adjudication" // decided by an arbiter's rule, not the game's
	TerminationAbandoned    = "abandoned"    // a player or the engine failed to go on
	TerminationTimeForfeit  = "time forfeit" // a player's clock ran out
)

// standardTerminations are every value the standard lists: a Termination
// tag holding one of them is no engine ending of an older record.
var standardTerminations = []string{"abandoned", "adjudication", "death", "emergency", "normal",
	"rules infraction", "time forfeit", "unterminated"}

// Termination is the standard's word for how a game with this ending
// ended. Every rule of the game (checkmate, stalemate, repetition, the
// no-progress draw, a goal reached, a count, ...) is "normal"; the ply cap,
// which no rule of the game sets, is "unterminated", as is an ending this
// package does not know; an adjudication is "adjudication"; a game the
// engine or a player failed to finish is "abandoned", as cutechess writes
// a game lost to a crashed engine.
func Termination(e engine.Ending) string {
	switch {
	case e == engine.EndMaxPlies:
		return TerminationUnterminated
	case e == engine.EndError:
		return TerminationAbandoned
	case string(e) == protocol.EndingTimeForfeit:
		return TerminationTimeForfeit
	case isEngineEnding(string(e)):
		return TerminationNormal
	case adjudicated(string(e)):
		return TerminationAdjudication
	}
	return TerminationUnterminated
}

// adjudicated reports whether an ending names an adjudication: a game
// stopped and scored by the match's rules rather than the game's (a
// resignation or draw by evaluation, a node limit's verdict).
func adjudicated(ending string) bool {
	e := strings.ToLower(ending)
	return strings.Contains(e, "adjudicat") || e == "resign" || e == "node_limit"
}

// isStandardTermination reports whether v is one of the standard's
// Termination values, in any case.
func isStandardTermination(v string) bool {
	for _, s := range standardTerminations {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// EndingTag is the PGN tag that carries the engine's ending rule beside
// the standard's Termination.
const EndingTag = "Ending"

// Ending is the engine's rule that ended the game: the Ending tag, or,
// in a file written before that tag existed, a Termination that holds an
// engine ending rather than a standard value. Empty when neither says.
func (g *PGNGame) Ending() string {
	v, _ := endingFromTags(g.Tag)
	return v
}

// Ending is the engine's rule that ended a PGN4 game, read as a PGN
// game's is.
func (g *PGN4Game) Ending() string {
	v, _ := endingFromTags(g.Tag)
	return v
}

// endingFromTags is the engine ending a record's tags state, and the tag
// that states it.
func endingFromTags(tag func(string) string) (ending, from string) {
	if v := tag(EndingTag); v != "" {
		return v, EndingTag
	}
	if v := tag("Termination"); v != "" && !isStandardTermination(v) {
		return v, "Termination"
	}
	return "", ""
}
