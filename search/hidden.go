package search

import (
	"context"
	"fmt"
	"slices"

	"balancefarm/engine"
)

// Games with hidden information (schema 35: rules.sight, pieces[].hidden).
// The game loop holds the real position and is its referee; a player is
// given only its seat's Observation (engine/hidden.go) and the moves
// refused this turn, and answers with a move string. The referee reads
// the answer on the real position: a move that is not legal there (a
// piece hidden in its way, castling through an unseen attack) is refused,
// the player is told only that, and chooses again, as in Kriegspiel. Only
// a seer ("seer:" before an ab or mcts spec) is handed the real position:
// it measures what the hidden part of the game is worth.

// maxRefusals is how many moves one turn may have refused before the
// game stops with an error: more than any position's moves, so a player
// that never repeats a refused move (every one here) cannot reach it.
const maxRefusals = 256

// maxWorldTries bounds the draws a player makes for a world in which no
// refused move is legal; past it the last draw serves.
const maxWorldTries = 64

// maxFitted is how many fitting worlds a turn keeps.
const maxFitted = 64

// knowledge is all a player of a game with hidden information knows when
// it chooses: its seat's observation and the moves refused this turn.
type knowledge struct {
	obs     *engine.Observation
	refused []string
	// fitted are worlds drawn this turn in which no refused move was
	// legal, kept for when the draws stop finding one.
	fitted []*engine.Position
	// onWorld, when set (by the tests), is shown every world drawn.
	onWorld func(*engine.Position)
}

// isRefused reports whether the move was refused this turn.
func (k *knowledge) isRefused(move string) bool { return slices.Contains(k.refused, move) }

// sample is a world consistent with what the player knows: it looks to the
// seat as the real position does and none of the refused moves is legal
// in it (a refused move says a hidden piece is in its way). Worlds are
// drawn until one fits, up to maxWorldTries; past that, a world that fitted
// earlier this turn serves again, and failing one the last draw.
func (k *knowledge) sample(r *rng) *engine.Position {
	w := k.obs.Sample(r.next)
	for try := 1; try < maxWorldTries && k.refusedLegalIn(w); try++ {
		w = k.obs.Sample(r.next)
	}
	if len(k.refused) > 0 {
		if !k.refusedLegalIn(w) {
			if len(k.fitted) < maxFitted {
				k.fitted = append(k.fitted, w.Clone())
			}
		} else {
			var fits []*engine.Position
			for _, f := range k.fitted {
				if !k.refusedLegalIn(f) {
					fits = append(fits, f)
				}
			}
			if len(fits) > 0 {
				w = fits[r.intn(len(fits))].Clone()
			}
		}
	}
	if k.onWorld != nil {
		k.onWorld(w)
	}
	return w
}

func (k *knowledge) refusedLegalIn(w *engine.Position) bool {
	for _, m := range k.refused {
		if _, err := w.ParseMove(m); err == nil {
			return true
		}
	}
	return false
}

// worldMoves are the legal moves of a world not refused this turn, and
// their names.
func (k *knowledge) worldMoves(w *engine.Position) ([]engine.Move, []string) {
	return k.worldMovesInto(w, nil, nil)
}

// worldMovesInto is worldMoves appending to moves and names (their
// lengths 0), for a caller that keeps its lists from call to call.
func (k *knowledge) worldMovesInto(w *engine.Position, moves []engine.Move, names []string) ([]engine.Move, []string) {
	moves = w.LegalMoves(moves)
	n := 0
	for _, m := range moves {
		name := w.MoveString(m)
		if !k.isRefused(name) {
			moves[n] = m
			names = append(names, name)
			n++
		}
	}
	return moves[:n], names
}

// hiddenChoice is a hidden-information player's answer: a move string
// ("" when it found none) and what the search cost.
type hiddenChoice struct {
	move     string
	nodes    int64
	score    int
	hasScore bool
	depth    int
}

// hiddenPlayer is a player of a game with hidden information: it chooses
// from what its seat knows, nothing else.
type hiddenPlayer interface {
	chooseHidden(ctx context.Context, k *knowledge, hardCap int64) (hiddenChoice, error)
}

// gameChooser is the game loop's player pl for spec: newChooser's in a
// game without hidden information; in one with it, a seer as its base on
// the real position and every other player behind a referee (which counts
// its refusals in rec).
func gameChooser[M comparable, P position[M]](p P, spec PlayerSpec, t *evalTables, seed uint64, pl int, rec *Record) (chooser[M, P], error) {
	ep, ok := any(p).(enginePos)
	if !ok || !ep.Game().HasHiddenInformation() {
		return newChooser[M, P](spec, t, seed)
	}
	if rec.Refusals == nil {
		rec.Refusals = make([]int, 2)
	}
	if spec.Seer {
		return newChooser[M, P](spec, t, seed)
	}
	hp, err := newHiddenPlayer(spec, t, seed)
	if err != nil {
		return nil, err
	}
	c, ok := any(&refereeChooser{player: hp, refusals: &rec.Refusals[pl]}).(chooser[M, P])
	if !ok {
		return nil, fmt.Errorf("search: player %q: hidden information is played on the engine's positions only", spec)
	}
	return c, nil
}

// newHiddenPlayer makes the player a spec describes for a game with
// hidden information, or says which specs play one.
func newHiddenPlayer(spec PlayerSpec, t *evalTables, seed uint64) (hiddenPlayer, error) {
	switch {
	case spec.Family == FamilyRandom:
		return &hiddenRandom{rng: newRNG(seed)}, nil
	case spec.Worlds > 0:
		return newDeterminizer(spec, t, seed), nil
	case spec.Family == FamilyISMCTS:
		return newISMCTS(spec, t, seed), nil
	}
	return nil, fmt.Errorf("player %q: this game hides information and %s reads the whole position; "+
		"play random, det:SPEC (e.g. det:ab:n3000), ismcts:iN, or seer:SPEC to see everything", spec, spec.Family)
}

// refereeChooser stands between the game loop and a hidden-information
// player: it shows the player its seat's observation, reads the answer on
// the real position and refuses a move that is not legal there.
type refereeChooser struct {
	player   hiddenPlayer
	refusals *int
}

func (c *refereeChooser) choose(ctx context.Context, p enginePos, hardCap int64) (decision[engine.Move], error) {
	k := &knowledge{obs: p.Observe(p.SideToMove())}
	var d decision[engine.Move]
	for {
		hc, err := c.player.chooseHidden(ctx, k, hardCap-d.nodes)
		d.nodes += hc.nodes
		if err != nil || hc.move == "" {
			return d, err
		}
		if m, err := p.ParseMove(hc.move); err == nil {
			d.move, d.score, d.hasScore, d.depth = m, hc.score, hc.hasScore, hc.depth
			return d, nil
		}
		if k.isRefused(hc.move) {
			return d, fmt.Errorf("search: %s was refused and chosen again", hc.move)
		}
		k.refused = append(k.refused, hc.move)
		*c.refusals++
		if len(k.refused) >= maxRefusals {
			return d, fmt.Errorf("search: %d moves refused in one turn", len(k.refused))
		}
	}
}

// hiddenRandom plays a random legal move of one world sampled from what it
// knows: the real list of legal moves would tell it what it cannot see.
type hiddenRandom struct{ rng *rng }

func (c *hiddenRandom) chooseHidden(_ context.Context, k *knowledge, _ int64) (hiddenChoice, error) {
	for try := 0; try < maxWorldTries; try++ {
		_, names := k.worldMoves(k.sample(c.rng))
		if len(names) > 0 {
			return hiddenChoice{move: names[c.rng.intn(len(names))]}, nil
		}
	}
	return hiddenChoice{}, nil
}
