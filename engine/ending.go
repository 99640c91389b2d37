package engine

// Ending names the rule that ended a game. The engine's Outcome, the stats'
// games and the records all carry these names, and the wire (protocol
// results, record files, reports) writes them as the same strings.
type Ending string

// The rules an Outcome may name.
const (
	EndCheckmate    Ending = "checkmate"
	EndStalemate    Ending = "stalemate"
	EndRoyalCapture Ending = "royal_capture"
	EndAnnihilation Ending = "annihilation"
	EndBareRoyal    Ending = "bare_royal"
	EndCheckLimit   Ending = "check_limit"
	EndReach        Ending = "reach"
	EndExtinction   Ending = "extinction"
	EndMaxPlies     Ending = "max_plies"
	EndRepetition   Ending = "repetition"
	EndNoProgress   Ending = "no_progress"
	EndScoring      Ending = "scoring"
	EndTerritory    Ending = "territory"
	EndTouch        Ending = "touch"
	EndCounting     Ending = "counting"
)

// EndError is no rule of the game: it marks a game the engine or a player
// failed to finish. The measurement counts such games apart and leaves
// them out of every statistic; no Outcome names it.
const EndError Ending = "error"

// Unfinished reports whether an ending means the game was stopped rather
// than played out: the ply limit or the no-progress clock.
func (e Ending) Unfinished() bool { return e == EndMaxPlies || e == EndNoProgress }
