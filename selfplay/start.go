package selfplay

import (
	"strings"

	"balancefarm/engine"
	"balancefarm/search"
	"balancefarm/stats"
)

// StartInfo reads what the design warnings check before any game: whether
// either player can capture on their first move, and which of chess's own
// rules the file keeps.
// Foreseeable says whether g has something a clairvoyant player could
// foresee, so that its measurement adds the clairvoyant rung and reads the
// skill share: chance today; hidden information joins it here once the
// engine has it.
func Foreseeable(g *engine.Game) bool {
	return g != nil && (g.HasChance() || g.HasHiddenInformation())
}

func StartInfo(g *engine.Game) stats.StartInfo {
	info := stats.StartInfo{
		HasNPCs:        g.HasWildPieces(),
		UsesCastling:   g.HasCastling(),
		UsesEnPassant:  g.HasEnPassant(),
		UsesDoubleStep: g.HasDoubleStep(),
		HasReach:       g.Reach() != nil,
		MaxPlies:       g.Endings().MaxPlies,
		Foreseeable:    Foreseeable(g),
		Foresees:       foresees(g),
	}
	if info.HasNPCs {
		info.HasHazard, info.Hazard = true, "a wild piece's bite"
	}
	start := g.NewPosition()
	first := start.SideToMove()
	info.FirstMoveCaptures[first] = captures(start)
	// The other player's first move is read on the start position with the
	// turn handed over, as the reference asks ("every first move of both
	// players"), not after some particular reply.
	if other, err := g.ParseFEN(swapSide(start.FEN())); err == nil {
		info.FirstMoveCaptures[1-first] = captures(other)
	}
	for side := range info.FirstMoveCapture {
		info.FirstMoveCapture[side] = len(info.FirstMoveCaptures[side]) > 0
	}
	return info
}

// captures lists the capturing legal moves of the side to move.
func captures(p *engine.Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if p.IsCapture(m) {
			out = append(out, p.MoveString(m))
		}
	}
	return out
}

// swapSide hands the turn to the other player in a position's notation
// (its second field is the side to move, "w" or "b").
func swapSide(fen string) string {
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return fen
	}
	switch fields[1] {
	case "w":
		fields[1] = "b"
	case "b":
		fields[1] = "w"
	}
	// An en passant square belongs to the side that just moved; at the start
	// there is none, and a stale one would make the position illegal.
	if len(fields) > 3 {
		fields[3] = "-"
	}
	return strings.Join(fields, " ")
}

// ForHidden is the ladder a game with hidden information is measured
// with: each alpha-beta rung played by a determinizing player over it
// ("det:" + the spec, eight sampled worlds sharing its budget) and each
// MCTS rung by Information Set MCTS of its iterations ("ismcts:"), since
// no player of such a game may read the whole position; random and
// players already fit for it stay. Any other game's ladder is kept.
func ForHidden(players []string, g *engine.Game) []string {
	if g == nil || !g.HasHiddenInformation() {
		return players
	}
	out := make([]string, len(players))
	for i, p := range players {
		out[i] = ForHiddenSpec(p, g)
	}
	return out
}

// ForHiddenSpec is one spec of ForHidden.
func ForHiddenSpec(spec string, g *engine.Game) string {
	if g == nil || !g.HasHiddenInformation() || spec == "" {
		return spec
	}
	switch {
	case strings.HasPrefix(spec, search.FamilyAB+":"):
		return "det:" + spec
	case strings.HasPrefix(spec, search.FamilyMCTS+":"):
		return search.FamilyISMCTS + ":" + strings.TrimPrefix(spec, search.FamilyMCTS+":")
	}
	return spec
}

// foresees names what a clairvoyant player of g sees that the others do
// not, "" when nothing.
func foresees(g *engine.Game) string {
	switch {
	case g == nil:
		return ""
	case g.HasChance() && g.HasHiddenItems():
		return "the chance events and the hidden items"
	case g.HasHiddenItems():
		return "the hidden items"
	case g.HasChance() && g.HasHiddenInformation():
		return "the dice and the hidden pieces"
	case g.HasHiddenInformation():
		return "the hidden pieces"
	case g.HasChance():
		return "the dice"
	}
	return ""
}
