package search

import "fmt"

// openingRound draws a random opening round for a game played in rounds:
// each player a quiet choice (no capture), landing on different squares,
// so that no piece is taken or eliminated, and the round not ending the
// game. The random start varies the games of a match as openingMove does
// for turns; without it two players whose equilibria are pure would play
// one game over and over. ok is false when no such round is found in a
// few draws.
func openingRound[M comparable, P position[M]](p P, rounds roundPosition[M], r *rng) (m0, m1 M, ok bool) {
	var quiet [2][]M
	for pl := 0; pl < 2; pl++ {
		for _, m := range rounds.RoundMoves(pl, nil) {
			if !p.IsCapture(m) {
				quiet[pl] = append(quiet[pl], m)
			}
		}
		if len(quiet[pl]) == 0 {
			return m0, m1, false
		}
	}
	for try := 0; try < 8; try++ {
		a, b := quiet[0][r.intn(len(quiet[0]))], quiet[1][r.intn(len(quiet[1]))]
		if t := p.Target(a); t >= 0 && t == p.Target(b) {
			continue // they would collide
		}
		rounds.MakeRound(a, b)
		over := p.Result().over
		p.Unmake()
		if !over {
			return a, b, true
		}
	}
	return m0, m1, false
}

// playOpeningRound plays and records an opening round.
func playOpeningRound[M comparable, P position[M]](p P, rounds roundPosition[M], rec *Record, m0, m1 M, watch func(MoveEvent)) {
	text := fmt.Sprintf("%s & %s", p.MoveString(m0), p.MoveString(m1))
	rounds.MakeRound(m0, m1)
	rec.Moves = append(rec.Moves, text)
	rec.Plies++
	if watch != nil {
		watch(MoveEvent{Ply: rec.Plies, Side: -1, Move: text, Opening: true})
	}
}
