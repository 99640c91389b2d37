package search

// roundPosition is what a position of a game played in rounds
// (rules.simultaneous) offers on top of position[M]. The engine's Position
// has these four methods, and enginePos gets them by embedding it
// (asserted in engineplay.go); the toy games of the tests have their own.
// Players that can play rounds are roundChoosers (players.go). See doc.go
// for how each player treats a round.
type roundPosition[M comparable] interface {
	// InRound reports whether the next step is a round, in which both
	// players choose a move at once, rather than one player's turn.
	InRound() bool
	// RoundMoves lists one player's choices for the coming round.
	RoundMoves(player int, buf []M) []M
	// MakeRound plays a round: both choices, resolved together. Unmake
	// takes the whole round back.
	MakeRound(m0, m1 M)
	// Announcer is the player who chooses first in the open phase of a
	// spy game, the other choosing knowing that move; -1 when both
	// choose in secret.
	Announcer() int
}

// roundsOf is p's round interface, nil when its game has no rounds.
func roundsOf[M comparable, P position[M]](p P) roundPosition[M] {
	if r, ok := any(p).(roundPosition[M]); ok {
		return r
	}
	return nil
}

// maximin is the value of a round to player 0 when one player announces
// first and the other answers knowing it.
func maximin(a [][]float64, announcer int) (value float64, best int) {
	if announcer == 0 {
		for i, row := range a {
			worst := row[0]
			for _, v := range row[1:] {
				worst = min(worst, v)
			}
			if i == 0 || worst > value {
				value, best = worst, i
			}
		}
		return value, best
	}
	for j := range a[0] {
		worst := a[0][j]
		for i := 1; i < len(a); i++ {
			worst = max(worst, a[i][j])
		}
		if j == 0 || worst < value {
			value, best = worst, j
		}
	}
	return value, best
}
