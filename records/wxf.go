package records

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"balancefarm/engine"
)

// XiangqiVariant is xiangqi, written in the World Xiangqi Federation's
// notation (WXF) in the Chinese-chess PGN of xqbase's convention:
// recognised by what it plays, as the StandardVariants are, against the
// embedded copy under standard/; the name is Fairy-Stockfish's.
var XiangqiVariant = StandardVariant{Name: "xiangqi", File: "xiangqi.json", Probes: []string{xiangqiFacingGenerals}}

// xiangqiFacingGenerals has a chariot alone between the two generals:
// where the generals may not face each other it may not leave the file.
const xiangqiFacingGenerals = "4k4/9/9/9/4R4/9/9/9/9/4K4 w - - 0 1"

var xiangqiGame = sync.OnceValue(func() *engine.Game { return compileStandard([]StandardVariant{XiangqiVariant})[0] })

// Xiangqi reports whether g plays the XiangqiVariant's game.
func Xiangqi(g *engine.Game) bool { return playsAs(g, xiangqiGame(), XiangqiVariant.Probes) }

// wxfLetters are WXF's letters for the engine's piece ids in xiangqi.json:
// the horse is H and the elephant E, where the file says N and B.
var wxfLetters = map[string]string{"R": "R", "N": "H", "B": "E", "A": "A", "K": "K", "C": "C", "P": "P"}

// wxfFile is a square's file as its mover counts it: from the mover's
// own right, so red's (the first mover's) 1 is the engine's last file
// and black's 1 the engine's a-file.
func wxfFile(g *engine.Game, sq, player int) int {
	if player == 0 {
		return g.Width() - g.File(sq)
	}
	return g.File(sq) + 1
}

// ahead is how far a square is towards the mover's opponent.
func ahead(g *engine.Game, sq, player int) int {
	if player == 0 {
		return g.Rank(sq)
	}
	return -g.Rank(sq)
}

// wxfOf writes m, a move of p, in WXF: the piece and its file, "+"
// forward, "-" backward or "=" along the rank, then the file it lands on
// (a move off its file) or the points it moved (along it). Two pieces of
// a kind on one file are told apart by "+" (the front one) or "-" in
// place of the file, and pawns as WXF's rules for tandem pawns say.
func wxfOf(p *engine.Position, m engine.Move) (string, error) {
	g := p.Game()
	from, to := m.From(), m.To()
	kind, player, ok := p.PieceAt(from)
	letter := wxfLetters[g.PieceID(kind)]
	if !ok || letter == "" || m.IsDrop() || m.Promotion() >= 0 {
		return "", fmt.Errorf("%s has no word in WXF", p.MoveString(m))
	}
	file := strconv.Itoa(wxfFile(g, from, player))
	column := tandem(p, kind, player, g.File(from))
	at := slices.Index(column, from)
	var origin string
	switch {
	case len(column) == 1:
		origin = letter + file
	case letter == "P" && tandemFiles(p, kind, player) > 1:
		// Two files of tandem pawns: the file, then the pawn's place.
		origin = file + tandemPlace(at, len(column), "", file)
	default:
		origin = tandemPlace(at, len(column), letter, file)
	}
	var op byte
	switch d := ahead(g, to, player) - ahead(g, from, player); {
	case d > 0:
		op = '+'
	case d < 0:
		op = '-'
	default:
		op = '='
	}
	dest := wxfFile(g, to, player)
	if g.File(to) == g.File(from) {
		dest = max(ahead(g, to, player)-ahead(g, from, player), ahead(g, from, player)-ahead(g, to, player))
	}
	return origin + string(op) + strconv.Itoa(dest), nil
}

// tandem are the squares of player's pieces of kind on file, the front
// one first.
func tandem(p *engine.Position, kind, player, file int) []int {
	g := p.Game()
	var out []int
	for sq := range g.NumSquares() {
		if g.File(sq) != file {
			continue
		}
		if k, o, ok := p.PieceAt(sq); ok && k == kind && o == player {
			out = append(out, sq)
		}
	}
	slices.SortFunc(out, func(a, b int) int { return ahead(g, b, player) - ahead(g, a, player) })
	return out
}

// tandemFiles counts the files holding more than one of player's pieces
// of kind.
func tandemFiles(p *engine.Position, kind, player int) int {
	n := 0
	for f := range p.Game().Width() {
		if len(tandem(p, kind, player, f)) > 1 {
			n++
		}
	}
	return n
}

// tandemPlace names the piece at index at (front first) of n on one
// file, after letter: front "+" and rear "-"; a middle one of three or
// five by its file; of four or five, the foremost and rearmost "++" and
// "--" with no letter.
func tandemPlace(at, n int, letter, file string) string {
	switch {
	case n >= 4 && at == 0:
		return "++"
	case n >= 4 && at == n-1:
		return "--"
	case n >= 4:
		at--
		n -= 2
	}
	switch {
	case at == 0:
		return letter + "+"
	case at == n-1:
		return letter + "-"
	}
	return letter + file
}

// moveOfWXF is the legal move whose WXF is text ("." for "=" read too).
func moveOfWXF(p *engine.Position, text string, legal []engine.Move) (engine.Move, error) {
	want := strings.TrimRight(text, "!?")
	if len(want) == 4 && want[2] == '.' {
		want = want[:2] + "=" + want[3:]
	}
	return onlyMoveWritten(legal, func(m engine.Move) bool {
		s, err := wxfOf(p, m)
		return err == nil && s == want
	})
}

// wxf writes the replayed game in WXF, nil when it did not replay or has
// a ply WXF has no word for.
func (rp *Replayed) wxf() []string {
	return rp.writtenIn(func(p *engine.Position, m engine.Move, _ []engine.Move) (string, bool) {
		s, err := wxfOf(p, m)
		return s, err == nil
	})
}
