package measure

import (
	"fmt"

	"balancefarm/engine"
	"balancefarm/protocol"
)

// Replay checks a result against the game it claims to be: every move
// legal in turn from the start position, the game not over before its last
// move and over after it, with the recorded winner and ending. A record
// that fails is refused by the coordinator, never counted. Replaying is
// move generation only, cheap next to the search that chose the moves.
func Replay(g *engine.Game) func(protocol.Result) error {
	return func(r protocol.Result) (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("engine failure replaying the game: %v", p)
			}
		}()
		p := g.NewPosition()
		for i, text := range r.Moves {
			if p.Outcome().Over {
				return fmt.Errorf("the game is over after ply %d, the record goes on", i)
			}
			if p.InRound() {
				// Both players' choices at once, recorded "m0 & m1".
				m0, m1, err := p.ParseRound(text)
				if err != nil {
					return fmt.Errorf("ply %d (%s): %w", i+1, text, err)
				}
				p.MakeRound(m0, m1)
				continue
			}
			m, err := p.ParseMove(text)
			if err != nil {
				return fmt.Errorf("ply %d (%s): %w", i+1, text, err)
			}
			p.Make(m)
		}
		o := p.Outcome()
		switch {
		case !o.Over:
			return fmt.Errorf("the game is not over after its %d plies", len(r.Moves))
		case o.Winner != r.Winner || o.Rule != engine.Ending(r.Ending):
			return fmt.Errorf("the game ends %d by %s, the record says %d by %s", o.Winner, o.Rule, r.Winner, r.Ending)
		}
		return nil
	}
}
