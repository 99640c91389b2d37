package records

import (
	"errors"
	"fmt"
	"strings"

	"balancefarm/engine"
)

// PlayPGN replays a game read from PGN on g and returns the position
// after its last move: from its FEN tag (the engine's notation), or g's
// start when it has none; each move in SAN or, under Notation
// "balancefarm", in the engine's notation; a chance outcome as the
// engine writes it. A SAN move is the one legal move this package writes
// so ("+", "#", "!" and "?" after it are passed over, "0-0" is "O-O").
// Games played in rounds are not replayed.
func PlayPGN(g *engine.Game, game *PGNGame) (*engine.Position, error) {
	p := g.NewPosition()
	if fen := game.Tag("FEN"); fen != "" {
		var err error
		if p, err = g.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("FEN %q: %w", fen, err)
		}
	}
	engineNotation := game.Tag("Notation") == "balancefarm"
	var legal []engine.Move
	for i, text := range game.Moves {
		if p.InRound() {
			return nil, errors.New("a game played in rounds is not replayed from PGN")
		}
		var m engine.Move
		var err error
		if engineNotation || isChanceWord(text) {
			m, err = p.ParseMove(text)
		} else {
			legal = p.LegalMoves(legal[:0])
			m, err = moveOfSAN(p, text, legal)
		}
		if err != nil {
			return nil, fmt.Errorf("ply %d (%s): %w", i+1, text, err)
		}
		p.Make(m)
	}
	return p, nil
}

// moveOfSAN is the legal move whose SAN is text.
func moveOfSAN(p *engine.Position, text string, legal []engine.Move) (engine.Move, error) {
	want := strings.TrimRight(text, "+#!?")
	want = strings.ReplaceAll(want, "0-0", "O-O")
	var found []engine.Move
	for _, m := range legal {
		if s, ok := sanOf(p, m, legal); ok && s == want {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return 0, errors.New("no legal move is written so")
	case 1:
		return found[0], nil
	}
	return 0, fmt.Errorf("%d legal moves are written so", len(found))
}
