package records

import (
	"strings"

	"balancefarm/engine"
)

// SANGame reports whether a game's moves can be written in SAN: square
// boards whose piece ids are single capital letters (P the pawn, written
// without a letter), or such a letter and "~" for a promoted piece whose
// letter is a piece of the game too (crazyhouse's Q~, written Q as the
// servers write it), one move a turn, none of the families SAN has no
// word for (facings, portals, wild pieces, rounds), and no game with
// seats (PGN4 writes those). A game that passes may
// still play a move SAN cannot write (a sweep's step count, a struck
// piece's landing); such a game is written in the engine's notation.
func SANGame(g *engine.Game) bool {
	if g == nil || g.Seated() || g.Hex() || g.PlaysRounds() || g.Facings() || g.Portals() || g.HasWildPieces() {
		return false
	}
	for t := range 4 {
		if g.TurnLength(t) != 1 {
			return false
		}
	}
	for k := range g.NumKinds() {
		id := g.PieceID(k)
		if base, promoted := strings.CutSuffix(id, "~"); promoted && g.KindByID(base) >= 0 {
			id = base
		}
		if len(id) != 1 || id[0] < 'A' || id[0] > 'Z' {
			return false
		}
	}
	return true
}

// sanLetter is a kind's letter in SAN: its id, less the "~" that marks a
// promoted piece.
func sanLetter(g *engine.Game, kind int) string {
	return strings.TrimSuffix(g.PieceID(kind), "~")
}

// sanOf writes m, legal in p among legal, in SAN without its check
// suffix; false when SAN cannot say it.
func sanOf(p *engine.Position, m engine.Move, legal []engine.Move) (string, bool) {
	g := p.Game()
	// A sweep's step count ("~2") and a landing ("b3d5>c3") have no SAN;
	// a promotion to a promoted piece ("=Q~") is written "=Q".
	text := p.MoveString(m)
	if pr := m.Promotion(); pr >= 0 {
		text = strings.TrimSuffix(text, "="+g.PieceID(pr))
	}
	if strings.ContainsAny(text, "~>") {
		return "", false
	}
	from, to := m.From(), m.To()
	switch {
	case m.IsCastling():
		// SAN says which side the partner is on. The engine writes the
		// king's landing square, or the partner's when the king stays.
		ff, tf := g.File(from), g.File(to)
		if tf == ff {
			rest := strings.TrimPrefix(p.MoveString(m), g.SquareName(from))
			if rest == "" {
				return "", false
			}
			tf = int(rest[0] - 'a')
		}
		if tf > ff {
			return "O-O", true
		}
		return "O-O-O", true
	case m.IsDrop():
		k := m.DropKind()
		if k < 0 {
			return "", false
		}
		return sanLetter(g, k) + "@" + g.SquareName(to), true
	}
	kind, _, ok := p.PieceAt(from)
	if !ok {
		return "", false
	}
	id := sanLetter(g, kind)
	var b strings.Builder
	capture := p.IsCapture(m)
	if id == "P" {
		// A pawn is named by its file when it captures, and by more
		// only when another pawn could make the same move.
		sameFile, _, others := rivals(p, m, legal, kind)
		if capture || others {
			b.WriteString(fileName(g, from))
			if others && sameFile {
				b.WriteString(rankName(g, from))
			}
		}
	} else {
		b.WriteString(id)
		sameFile, sameRank, others := rivals(p, m, legal, kind)
		switch {
		case !others:
		case !sameFile:
			b.WriteString(fileName(g, from))
		case !sameRank:
			b.WriteString(rankName(g, from))
		default:
			b.WriteString(g.SquareName(from))
		}
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(g.SquareName(to))
	if pr := m.Promotion(); pr >= 0 {
		b.WriteString("=" + sanLetter(g, pr))
	}
	return b.String(), true
}

// rivals looks for other legal moves of a piece of the same letter (a
// promoted queen is a queen to a reader) to the same square (and
// promotion): whether one starts on m's file, on its rank, and whether
// there is any.
func rivals(p *engine.Position, m engine.Move, legal []engine.Move, kind int) (sameFile, sameRank, any bool) {
	g := p.Game()
	from, to := m.From(), m.To()
	for _, o := range legal {
		if o == m || o.To() != to || o.From() == from || o.IsCastling() || o.IsDrop() || o.Promotion() != m.Promotion() {
			continue
		}
		if k, _, ok := p.PieceAt(o.From()); !ok || sanLetter(g, k) != sanLetter(g, kind) {
			continue
		}
		any = true
		if g.File(o.From()) == g.File(from) {
			sameFile = true
		}
		if g.Rank(o.From()) == g.Rank(from) {
			sameRank = true
		}
	}
	return sameFile, sameRank, any
}

func fileName(g *engine.Game, sq int) string { return string(rune('a' + g.File(sq))) }

func rankName(g *engine.Game, sq int) string {
	name := g.SquareName(sq)
	return strings.TrimLeft(name, "abcdefghijklmnopqrstuvwxyz")
}

// checkSuffix is "#" when the side to move is mated, "+" when it is in
// check, else nothing.
func checkSuffix(p *engine.Position) string {
	if !p.InCheck() {
		return ""
	}
	if o := p.Outcome(); o.Over && o.Rule == engine.EndCheckmate {
		return "#"
	}
	return "+"
}
