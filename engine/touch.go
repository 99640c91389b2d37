package engine

import (
	"fmt"
	"strings"
)

// rules.touch (schema 30): a player wins (or loses, or draws) once a piece
// of the touch kind has moved onto every square of its set. Touches are
// remembered for the rest of the game, per player, as a bit per square of
// the set: in the position, in its hash (so repetition sees them) and in
// the FEN (touched-w:, touched-b:).

type touchRule struct {
	kind   int // -1: any piece
	result string
	bit    [maxSeats][]int8 // per player and square: the bit of the set, -1 none
	sqs    [maxSeats][]int  // per player: the set, in the order written
	full   [maxSeats]uint16
	z      [maxSeats][16]uint64
}

// touchState is the touches in the position (the position embeds it).
type touchState struct {
	touched [maxSeats]uint16   // per player, a bit per square of its set
	touches [][maxSeats]uint16 // the touches before each move that changed them
}

func (g *Game) loadTouch() error {
	tc := g.spec.Rules.Touch
	if tc == nil {
		return nil
	}
	t := &touchRule{kind: -1, result: tc.ResultOrDefault()}
	if err := resultOK("rules.touch.result", t.result); err != nil {
		return err
	}
	if tc.Piece != "" {
		k, err := g.kindOf("rules.touch.piece", tc.Piece)
		if err != nil {
			return err
		}
		t.kind = k
	}
	if len(tc.Squares) == 0 || len(tc.Squares) > 16 {
		return bad("rules.touch.squares must have 1 to 16 entries")
	}
	mm := tc.MirrorOrDefault()
	for p := 0; p < 2; p++ {
		t.bit[p] = make([]int8, g.n)
		for i := range t.bit[p] {
			t.bit[p][i] = -1
		}
	}
	for i, s := range tc.Squares {
		sq, ok := g.parseSquare(s)
		if !ok || g.wall.has(sq) {
			return bad("rules.touch.squares entry '%s' is not a square a piece can stand on", s)
		}
		x, y := g.fileOf[sq], g.rankOf[sq]
		other := sq
		if mm.On {
			y = g.h - 1 - y
			if mm.Rotate {
				x = g.w - 1 - x
			}
			other = g.at(g.boardOf(sq), x, y)
		}
		if other < 0 || other >= g.n || g.wall.has(other) {
			return bad("rules.touch.squares entry '%s' mirrors off the board", s)
		}
		for p, q := range [2]int{sq, other} {
			if t.bit[p][q] >= 0 {
				return bad("rules.touch.squares entry '%s' is listed twice", s)
			}
			t.bit[p][q] = int8(i)
			t.sqs[p] = append(t.sqs[p], q)
			t.full[p] |= 1 << uint(i)
		}
	}
	g.touch = t
	g.boardEndings = true
	return nil
}

// loadTouchKeys draws the touch keys after every other key, so games
// without rules.touch keep their hashes.
func (g *Game) loadTouchKeys(next func() uint64) {
	if t := g.touch; t != nil {
		for p := 0; p < 2; p++ {
			for i := range t.z[p] {
				t.z[p][i] = next()
			}
		}
	}
}

// touchAfter marks the squares the mover's touch piece landed on: to, and
// for a castling the partner's landing too, for a symmetric drop the
// mirrored square. It saves the old touches for
// Unmake when they change.
func (p *Position) touchAfter(h uint64, s int, m Move, u *undoRec) uint64 {
	t := p.g.touch
	old := p.touched
	mark := func(sq int) {
		c := p.board[sq]
		if c == 0 || codeOwner(c) != s || t.kind >= 0 && codeKind(c) != t.kind {
			return
		}
		if b := t.bit[s][sq]; b >= 0 && p.touched[s]&(1<<uint(b)) == 0 {
			p.touched[s] |= 1 << uint(b)
			h ^= t.z[s][b]
		}
	}
	switch m.typ() {
	case moveTurn, movePortal:
		return h
	case moveCastle:
		mark(m.aux2())
	case moveDrop:
		if d := p.g.drops; d.symmetric {
			mark(p.g.partnerSq(m.To())) // the pair's other piece
		}
	}
	mark(m.To())
	if p.touched != old {
		p.touches = append(p.touches, old)
		u.savedTouch = true
	}
	return h
}

func (p *Position) untouch() {
	p.touched = p.touches[len(p.touches)-1]
	p.touches = p.touches[:len(p.touches)-1]
}

func (p *Position) touchHash() uint64 {
	t := p.g.touch
	if t == nil {
		return 0
	}
	var h uint64
	for s := 0; s < 2; s++ {
		for b := 0; b < 16; b++ {
			if p.touched[s]&(1<<uint(b)) != 0 {
				h ^= t.z[s][b]
			}
		}
	}
	return h
}

// touchOutcome is rules.touch's ending: a player who has touched its
// whole set, the player who did not move looked at first.
func (p *Position) touchOutcome(order [2]int) status {
	t := p.g.touch
	for _, q := range order {
		if p.touched[q] == t.full[q] {
			return resultFor(q, t.result, ruleTouch)
		}
	}
	return status{}
}

// Touched lists the squares of rules.touch's set that player s has
// touched, in the order the file writes them (nil without rules.touch).
func (p *Position) Touched(s int) []int {
	t := p.g.touch
	if t == nil {
		return nil
	}
	var out []int
	for b, sq := range t.sqs[s] {
		if p.touched[s]&(1<<uint(b)) != 0 {
			out = append(out, sq)
		}
	}
	return out
}

// touchNotation is rules.touch's notation: touched-w: and touched-b:.
var touchNotation = notationField{
	present: func(g *Game) bool { return g.touch != nil },
	write:   (*Position).touchField,
	read:    (*Position).parseTouched,
}

// touchField writes " touched-w:" and " touched-b:" with each player's
// touched squares; nothing for a player with none.
func (p *Position) touchField() string {
	return p.seatLists("touched", func(s int) (names []string) {
		for _, sq := range p.Touched(s) {
			names = append(names, p.g.names[sq])
		}
		return names
	})
}

func (p *Position) parseTouched(_ *fenRead, key, list string) (known bool, err error) {
	s, ok := p.g.seatOfKey("touched", key)
	if !ok {
		return false, nil
	}
	for _, name := range strings.Split(list, ",") {
		sq, ok := p.g.parseSquare(name)
		if !ok || p.g.touch.bit[s][sq] < 0 {
			return true, fmt.Errorf("fen: %s entry %q is not a square of that player's rules.touch set", key, name)
		}
		p.touched[s] |= 1 << uint(p.g.touch.bit[s][sq])
	}
	return true, nil
}
