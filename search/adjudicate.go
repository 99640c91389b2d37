package search

import (
	"balancefarm/engine"
	"balancefarm/protocol"
)

// The endings of an adjudicated game: no rule of the game ended it, the
// match's rules did (records write Termination "adjudication").
const (
	EndResignAdjudication = engine.Ending(protocol.EndingResignAdjudication)
	EndDrawAdjudication   = engine.Ending(protocol.EndingDrawAdjudication)
)

// ResignRule is cutechess's -resign: a player whose own score has been
// Score centipawns or more below zero for MoveCount consecutive moves of
// its own loses. Off when MoveCount is 0.
type ResignRule struct {
	MoveCount int
	Score     int
}

// DrawRule is cutechess's -draw: once MoveNumber full moves are played,
// a game in which both players' scores have been within Score
// centipawns of zero for MoveCount consecutive moves each is drawn. Off
// when MoveCount is 0.
type DrawRule struct {
	MoveNumber int
	MoveCount  int
	Score      int
}

// adjudicator counts the players' scores for the adjudication rules.
// Only searched moves with a score count; any other move of a player
// breaks its run and the draw's.
type adjudicator struct {
	resign ResignRule
	draw   DrawRule
	// lows is each player's run of own moves scored at -resign.Score or
	// below; level is the run of plies, either player's, scored within
	// draw.Score of zero.
	lows  [2]int
	level int
}

// on reports whether either rule can adjudicate.
func (a *adjudicator) on() bool { return a.resign.MoveCount > 0 || a.draw.MoveCount > 0 }

// see counts side's move, made as the game's moves-th (chance outcomes
// not counted), with its score when scored, and says how the game is
// adjudicated after it: the ending and the winner (-1 a draw), or ok
// false when it goes on. The draw is judged first, as cutechess does.
func (a *adjudicator) see(side, moves, score int, scored bool) (end engine.Ending, winner int, ok bool) {
	if !scored {
		a.lows[side], a.level = 0, 0
		return "", 0, false
	}
	if a.draw.MoveCount > 0 {
		if -a.draw.Score <= score && score <= a.draw.Score {
			a.level++
		} else {
			a.level = 0
		}
		if moves/2 >= a.draw.MoveNumber && a.level >= 2*a.draw.MoveCount {
			return EndDrawAdjudication, -1, true
		}
	}
	if a.resign.MoveCount > 0 {
		if score <= -a.resign.Score {
			a.lows[side]++
		} else {
			a.lows[side] = 0
		}
		if a.lows[side] >= a.resign.MoveCount {
			return EndResignAdjudication, 1 - side, true
		}
	}
	return "", 0, false
}
