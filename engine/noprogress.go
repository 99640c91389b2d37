package engine

// The no-progress clock counts plies since the last capture or promotion;
// rules.no_progress_resets (schema 43) adds every move of the pieces it
// names, as FIDE's fifty-move count restarts on a pawn move. A drop moves
// no piece on the board, so it resets the clock only as a promotion (a
// promote_on_entry) does. The clock is in the FEN but not in the hash.

// loadNoProgressResets reads rules.no_progress_resets into a kind mask.
func (g *Game) loadNoProgressResets() error {
	nr := g.spec.Rules.NoProgressResets
	if nr == nil {
		return nil
	}
	for _, id := range nr.Pieces {
		k, err := g.kindOf("rules.no_progress_resets.pieces entry", id)
		if err != nil {
			return err
		}
		g.noProgressResets |= 1 << (k + 1)
	}
	return nil
}

// resetsClock reports whether move m of the piece with code pc resets the
// no-progress clock whatever it does. Only a move of a piece on the board
// counts, a checkers jump included: not a drop (pc is 0), a pass, a
// portal end moved, a chance outcome, a purchase, an ability or a chaos
// effect chosen.
func (g *Game) resetsClock(pc uint8, m Move) bool {
	if g.noProgressResets>>maskIndex(pc)&1 == 0 {
		return false
	}
	switch m.typ() {
	case moveNormal, moveDouble, moveEnPassant, moveCastle, moveSweep, moveTurn, moveThrough, moveJump:
		return true
	}
	return false
}

// ResetsNoProgress reports whether every move of a piece of kind k resets
// the no-progress clock (rules.no_progress_resets).
func (g *Game) ResetsNoProgress(k int) bool {
	return k >= 0 && k < len(g.kinds) && g.noProgressResets>>(k+1)&1 != 0
}
