package records

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"balancefarm/engine"
)

// PlayPGN replays a game read from PGN (or PSN) on g and returns the
// position after its last move: from its SFEN tag, else its FEN tag (the
// engine's notation), or g's start when it has neither; each move in
// SAN, in PSN when the Variant tag names one of the ShogiVariants, in
// WXF under Format "WXF" (Chinese-chess PGN's tag), or,
// under Notation "balancefarm", in the engine's notation; a chance
// outcome as the engine writes it. A SAN or PSN move is the one legal
// move this package writes so ("+", "#", "!" and "?" after a SAN move
// are passed over, "0-0" is "O-O"; a PSN move may name its origin
// where none is needed). Games played in rounds are not replayed.
func PlayPGN(g *engine.Game, game *PGNGame) (*engine.Position, error) {
	p := g.NewPosition()
	start, name := game.Tag("FEN"), "FEN"
	if sfen := game.Tag("SFEN"); sfen != "" {
		var err error
		if start, err = fenOfSFEN(sfen); err != nil {
			return nil, err
		}
		name = "SFEN " + strconv.Quote(sfen) + " as FEN"
	}
	if start != "" {
		var err error
		if p, err = g.ParseFEN(start); err != nil {
			return nil, fmt.Errorf("%s %q: %w", name, start, err)
		}
	}
	engineNotation := game.Tag("Notation") == "balancefarm"
	psn := !engineNotation && isShogiVariant(game.Tag("Variant"))
	wxf := !engineNotation && game.Tag("Format") == "WXF"
	var legal []engine.Move
	for i, text := range game.Moves {
		if p.InRound() {
			return nil, errors.New("a game played in rounds is not replayed from PGN")
		}
		var m engine.Move
		var err error
		switch {
		case engineNotation || isChanceWord(text):
			m, err = p.ParseMove(text)
		case psn:
			legal = p.LegalMoves(legal[:0])
			m, err = moveOfPSN(p, text, legal)
		case wxf:
			legal = p.LegalMoves(legal[:0])
			m, err = moveOfWXF(p, text, legal)
		default:
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
	return onlyMoveWritten(legal, func(m engine.Move) bool {
		s, ok := sanOf(p, m, legal)
		return ok && s == want
	})
}

// onlyMoveWritten is the one legal move a notation writes as the text
// read (written says whether it does), an error for none or several.
func onlyMoveWritten(legal []engine.Move, written func(engine.Move) bool) (engine.Move, error) {
	var found []engine.Move
	for _, m := range legal {
		if written(m) {
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
