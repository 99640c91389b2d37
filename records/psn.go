package records

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"balancefarm/engine"
)

// ShogiVariants are the shogi games written in Portable Shogi Notation
// (PSN) rather than PGN: recognised by what they play, as the
// StandardVariants are, against the embedded copies under standard/.
// The names are Fairy-Stockfish's (and XBoard's) variant names.
var ShogiVariants = []StandardVariant{
	{Name: "shogi", File: "shogi.json", Probes: []string{shogiPawnDropMate}},
	{Name: "minishogi", File: "minishogi.json", Probes: []string{minishogiPawnDropMate}},
}

// Positions where a pawn dropped in front of the king would mate (it is
// guarded, and the king's other squares are held or filled by its own
// pieces, none of which can take it): a game that lets that drop is not
// shogi, and six random games seldom reach such a position.
const (
	shogiPawnDropMate     = "3lkl3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1"
	minishogiPawnDropMate = "3rk/5/4G/5/K4[P] w - - 0 1"
)

var shogiGames = sync.OnceValue(func() []*engine.Game { return compileStandard(ShogiVariants) })

// ShogiName is the Variant tag of a game that plays one of the
// ShogiVariants ("shogi", "minishogi"), "" for any other game.
func ShogiName(g *engine.Game) string {
	for i, ref := range shogiGames() {
		if playsAs(g, ref, ShogiVariants[i].Probes) {
			return ShogiVariants[i].Name
		}
	}
	return ""
}

// isShogiVariant reports whether a Variant tag names one of the
// ShogiVariants, in any case.
func isShogiVariant(name string) bool {
	for _, v := range ShogiVariants {
		if strings.EqualFold(name, v.Name) {
			return true
		}
	}
	return false
}

// psnSquare is a square as shogi writes it: the file numbered from the
// first mover's right (the engine's last file is 1), then the rank
// lettered from the far side (the engine's last rank is a): the engine's
// a1, the first mover's left corner, is 9i on shogi's board.
func psnSquare(g *engine.Game, sq int) string {
	return strconv.Itoa(g.Width()-g.File(sq)) + string(rune('a'+g.Height()-1-g.Rank(sq)))
}

// psnOf writes m, legal in p among legal, in Western (Hodges) notation
// as PSN writes it: the piece's id (+P for a promoted pawn), its square
// only when another piece of the same id could move to the same square
// (or always, with origin), "-", "x" for a capture or "*" for a drop,
// the square, then "+" for a promotion and "=" for one declined.
func psnOf(p *engine.Position, m engine.Move, legal []engine.Move, origin bool) string {
	g := p.Game()
	to := m.To()
	if m.IsDrop() {
		return g.PieceID(m.DropKind()) + "*" + psnSquare(g, to)
	}
	from := m.From()
	kind, _, _ := p.PieceAt(from)
	var b strings.Builder
	b.WriteString(g.PieceID(kind))
	declinable := false
	for _, o := range legal {
		if o.IsDrop() || o.To() != to {
			continue
		}
		if o.From() == from {
			declinable = declinable || o.Promotion() >= 0
		} else if k, _, ok := p.PieceAt(o.From()); ok && k == kind {
			origin = true
		}
	}
	if origin {
		b.WriteString(psnSquare(g, from))
	}
	if p.IsCapture(m) {
		b.WriteByte('x')
	} else {
		b.WriteByte('-')
	}
	b.WriteString(psnSquare(g, to))
	switch {
	case m.Promotion() >= 0:
		b.WriteByte('+')
	case declinable:
		b.WriteByte('=')
	}
	return b.String()
}

// moveOfPSN is the legal move whose PSN is text, written as psnOf
// writes it or with its origin square where none is needed ("P7g-7f").
func moveOfPSN(p *engine.Position, text string, legal []engine.Move) (engine.Move, error) {
	want := strings.TrimRight(text, "!?#")
	for _, m := range legal {
		if psnOf(p, m, legal, false) == want || psnOf(p, m, legal, true) == want {
			return m, nil
		}
	}
	return 0, errors.New("no legal move is written so")
}

// psn writes the replayed game, one of the ShogiVariants', in PSN; nil
// when it did not replay or has a ply PSN has no word for.
func (rp *Replayed) psn() []string {
	return rp.writtenIn(func(p *engine.Position, m engine.Move, legal []engine.Move) (string, bool) {
		return psnOf(p, m, legal, false), true
	})
}

// writtenIn writes the replayed game's plies in a notation of its own,
// word giving each from the position it is played from and the legal
// moves there; nil when the game did not replay, or has a round, a chance
// outcome or a ply the notation has no word for.
func (rp *Replayed) writtenIn(word func(p *engine.Position, m engine.Move, legal []engine.Move) (string, bool)) []string {
	if rp.Err != nil {
		return nil
	}
	p, err := rp.game.ParseFEN(rp.StartFEN)
	if err != nil {
		return nil
	}
	out := make([]string, 0, len(rp.plies))
	var legal []engine.Move
	for _, ply := range rp.plies {
		if ply.round || ply.move.IsChance() {
			return nil
		}
		legal = p.LegalMoves(legal[:0])
		s, ok := word(p, ply.move, legal)
		if !ok {
			return nil
		}
		out = append(out, s)
		p.Make(ply.move)
	}
	return out
}

// sfenHandOrder is the order SFEN writes pieces in hand, each player's
// (the first mover's, upper case, first) from the rook down.
const sfenHandOrder = "RBGSNLP"

// sfenOf writes an engine FEN of a shogi game as SFEN (USI's position):
// the same board (rank a first, file 9 first: the engine's last rank
// from its a-file), "b" when the first mover (sente, upper case, the
// engine's "w") is to move, the hands counted ("2Pb", "-" when empty),
// and the number of the next ply, from 1.
func sfenOf(fen string) (string, error) {
	f := strings.Fields(fen)
	if len(f) < 6 {
		return "", fmt.Errorf("FEN %q has fewer than six fields", fen)
	}
	board, hand, ok := strings.Cut(f[0], "[")
	if !ok || !strings.HasSuffix(hand, "]") {
		return "", fmt.Errorf("FEN %q has no hand", fen)
	}
	hand = strings.TrimSuffix(hand, "]")
	counts := map[rune]int{}
	for _, r := range hand {
		if !strings.ContainsRune(sfenHandOrder+strings.ToLower(sfenHandOrder), r) {
			return "", fmt.Errorf("FEN %q has %q in hand, which SFEN does not write", fen, r)
		}
		counts[r]++
	}
	var h strings.Builder
	for _, r := range sfenHandOrder + strings.ToLower(sfenHandOrder) {
		switch n := counts[r]; {
		case n > 1:
			h.WriteString(strconv.Itoa(n))
			fallthrough
		case n == 1:
			h.WriteRune(r)
		}
	}
	if h.Len() == 0 {
		h.WriteByte('-')
	}
	move, err := strconv.Atoi(f[5])
	if err != nil || move < 1 {
		return "", fmt.Errorf("FEN %q: move number %q", fen, f[5])
	}
	side, ply := "b", 2*move-1
	switch f[1] {
	case "w":
	case "b":
		side, ply = "w", ply+1
	default:
		return "", fmt.Errorf("FEN %q: side %q", fen, f[1])
	}
	return board + " " + side + " " + h.String() + " " + strconv.Itoa(ply), nil
}

// fenOfSFEN is the engine's FEN of an SFEN position: its inverse of
// sfenOf, with the no-progress count at 0 (SFEN keeps none). The ply
// number may be left out.
func fenOfSFEN(sfen string) (string, error) {
	f := strings.Fields(sfen)
	if len(f) != 3 && len(f) != 4 {
		return "", fmt.Errorf("SFEN %q is not BOARD SIDE HAND [PLY]", sfen)
	}
	var hand strings.Builder
	if f[2] != "-" {
		n := 0
		for _, r := range f[2] {
			switch {
			case r >= '0' && r <= '9':
				n = 10*n + int(r-'0')
			case strings.ContainsRune(sfenHandOrder+strings.ToLower(sfenHandOrder), r):
				hand.WriteString(strings.Repeat(string(r), max(n, 1)))
				n = 0
			default:
				return "", fmt.Errorf("SFEN %q: %q in hand", sfen, r)
			}
		}
		if n != 0 {
			return "", fmt.Errorf("SFEN %q: a count with no piece in hand", sfen)
		}
	}
	ply := 1
	if len(f) == 4 {
		var err error
		if ply, err = strconv.Atoi(f[3]); err != nil || ply < 1 {
			return "", fmt.Errorf("SFEN %q: ply %q", sfen, f[3])
		}
	}
	var side string
	switch f[1] {
	case "b":
		side = "w"
	case "w":
		side = "b"
	default:
		return "", fmt.Errorf("SFEN %q: side %q", sfen, f[1])
	}
	return fmt.Sprintf("%s[%s] %s - - 0 %d", f[0], hand.String(), side, (ply+1)/2), nil
}
