package engine

import (
	"strings"

	"balancefarm/engine/rules"
)

// Several boards (schema 33): boards of one geometry side by side, their
// squares numbered board after board (board b's square (x, y) is
// b*w*h + y*w + x), so that every per-square table covers them all while
// fileOf, rankOf and everything read in ranks and files (promotion ranks,
// a seat's frame, reflections) stay each board's own. A ray never leaves
// its board (step); a move that changes boards is an entry of its own in
// the tables. A game of one board is numbered exactly as before.
type boardGeometry struct {
	nb         int      // boards, 1 without schema 33's boards
	bsq        int      // squares per board: w*h
	boardNames []string // boards[].name; nil for one board
}

// at is the square (x, y) of board b.
func (g *Game) at(b, x, y int) int { return b*g.bsq + y*g.w + x }

// boardOf is the board square sq lies on.
func (g *Game) boardOf(sq int) int { return sq / g.bsq }

// specBoards is the boards a rule file declares, nil for one board.
func specBoards(s *rules.Spec) []string {
	var names []string
	for _, b := range s.Boards {
		names = append(names, b.Name)
	}
	return names
}

// squareName is sq's name: "e4", or "B:e4" on a game of several boards.
func (g *Game) squareName(sq int) string {
	name := string(rune('a'+g.fileOf[sq])) + itoa(g.rankOf[sq]+1)
	if g.nb > 1 {
		return g.boardNames[g.boardOf(sq)] + ":" + name
	}
	return name
}

// splitBoard cuts a square's board name off: "B:e4" is board 1 and "e4";
// a plain name is board -1 (none named). ok is false for a board the game
// does not have.
func (g *Game) splitBoard(s string) (board int, rest string, ok bool) {
	name, sq, found := strings.Cut(s, ":")
	if !found {
		return -1, s, true
	}
	for b, n := range g.boardNames {
		if n == name {
			return b, sq, true
		}
	}
	return -1, s, false
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// boardMoves is what a game of several boards adds to the move tables:
// per kind, its vertical step (nil: none) and whether it passes to the
// next board after its move (rules.transfer).
type boardMoves struct {
	vertical  []*compiledMove
	transfers uint32 // kinds that pass (bit k+1)
}

// across is sq's square on board b.
func (g *Game) across(sq, b int) int {
	return g.at(b, g.fileOf[sq], g.rankOf[sq])
}

// acrossFrom calls add with sq's square on every other board, and legs.
func (g *Game) acrossFrom(sq int, legs []int, add func(t int, legs []int)) {
	home := g.boardOf(sq)
	for b := 0; b < g.nb; b++ {
		if t := g.across(sq, b); b != home && !g.wall.has(t) {
			add(t, legs)
		}
	}
}

// modeFlags reads a move mode into what it may do.
func modeFlags(mode string) (canMove, canCap bool) {
	return mode == rules.ModeMove || mode == rules.ModeBoth, mode == rules.ModeCapture || mode == rules.ModeBoth
}

// compileAcross gives a compiled move its reach across (the move's own
// key, else rules.across): a lame leap to each landing's square on the
// other boards, its legs the home path, so a slider reaches across no
// farther than it slides at home.
func (g *Game) compileAcross(cm *compiledMove, m *rules.Move, where string) error {
	if g.nb < 2 {
		return nil
	}
	a := g.spec.Rules.AcrossOf(m)
	if a == nil || cm.typ == genSweep {
		return nil
	}
	if cm.typ == genHop || cm.bent != nil {
		return bad("%s.across: a hop or bent move does not reach across (families.go refuses it)", where)
	}
	ac := *cm
	ac.typ = genLame
	ac.across = nil
	ac.canMove, ac.canCap = modeFlags(a.ModeOrDefault())
	ac.stay = a.Stay
	if ac.stay {
		ac.canMove = false
	}
	cm.across = &ac
	return nil
}

// loadBoards reads the keys of several boards that the move tables need
// first: each kind's vertical step and whether it transfers.
func (g *Game) loadBoards() error {
	r := &g.spec.Rules
	g.vertical = make([]*compiledMove, g.nk)
	if v := r.Vertical; v != nil && g.nb > 1 {
		canMove, canCap := modeFlags(v.ModeOrDefault())
		for k := range g.kinds {
			if v.Steps(g.kinds[k].id) {
				vm := &compiledMove{typ: genLeap, canMove: canMove, canCap: canCap, condFree: true}
				g.vertical[k] = vm
			}
		}
	}
	if t := r.Transfer; t != nil && g.nb > 1 {
		for k := range g.kinds {
			if t.Passes(g.kinds[k].id) {
				g.transfers |= 1 << uint(k+1)
			}
		}
	}
	return nil
}

// transferSquare is where a piece that moved from from to to (on from's
// board) ends: the same square of the next board.
func (g *Game) transferSquare(from, to int) int {
	return g.across(to, (g.boardOf(from)+1)%g.nb)
}

// homeLanding is, for a move that passed to another board (mvTransfer),
// where it landed on its own board: where it captured.
func (g *Game) homeLanding(m Move) int {
	return g.across(m.To(), g.boardOf(m.From()))
}

// atHome is a move that passes to another board (rules.transfer) as if it
// stopped on its own board: Alice chess's move must be legal as a move of
// that board too, before the piece passes across, when the mover's king
// stands there (so a king cannot leave check, or step into it, by changing
// boards).
func (g *Game) atHome(m Move) Move {
	b := g.boardOf(m.From())
	home := m&^(0xff<<8|mvTransfer) | Move(g.across(m.To(), b))<<8
	if m.typ() == moveCastle {
		home = home&^(0xff<<mvAux2Shift) | Move(g.across(m.aux2(), b))<<mvAux2Shift
	}
	return home
}

// royalOn reports whether seat s has a royal piece on board b: the king a
// move on b must keep safe on b before it passes across (atHome).
func (p *Position) royalOn(s, b int) bool {
	var rbuf [8]int
	for _, r := range p.royalSquares(s, rbuf[:0]) {
		if p.g.boardOf(r) == b {
			return true
		}
	}
	return false
}

// castleAcross reports whether m castles onto another board.
func (p *Position) castleAcross(m Move) bool {
	return m.typ() == moveCastle && p.g.nb > 1 && p.g.boardOf(m.To()) != p.g.boardOf(m.From())
}

// Boards is how many boards the game is played on: 1 without schema 33's
// boards. Squares are numbered board after board, NumSquares()/Boards()
// to a board.
func (g *Game) Boards() int { return g.nb }

// BoardOf is the board square sq lies on, from 0.
func (g *Game) BoardOf(sq int) int { return g.boardOf(sq) }

// BoardNames is the boards' names in order (boards[].name); nil for a
// game of one board.
func (g *Game) BoardNames() []string { return append([]string(nil), g.boardNames...) }
