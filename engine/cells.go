package engine

import (
	"fmt"
	"strings"

	"balancefarm/engine/rules"
)

// Cells (rules.cells, schema 33): squares that hold up to two pieces of
// one army, the alliance seed's thrones. The first piece of a cell stands
// on the board like any other; the second is kept in a layer of its own,
// under[sq]. Both are in the kind sets and the counts, so royal losses,
// promotion's losses and check see the second piece with nothing more;
// what reads the board's codes (the move generators, the slides' and the
// leaps' attack tests) is asked again with the two layers of a cell
// swapped. Which piece is on top means nothing: the hash gives a cell of
// two one key that does not depend on the order, the notation names the
// piece that leaves a cell of two, and a move's mvUnder flag says that the
// piece moving is the one below.
//
// Cells are played with seats, and not beside the families whose state
// is kept per square (castling's and first moves' never-moved marks, en
// passant) or that empty squares of their own accord (sweeps, armies
// taken off): families.go's cellsLimit refuses those.

// cellRules is the compiled rules.cells.
type cellRules struct {
	at    bitset            // the cell squares
	list  []uint8           // the same, in square order
	start [maxSquares]uint8 // the setup's second pieces
}

// cellState is the second layer and its undo stack.
type cellState struct {
	under   [maxSquares]uint8 // the second piece of each cell holding two
	pairs   int               // cells holding two pieces
	cellLog []cellRec         // one per Make of a game with cells
}

// cellRec is what a move did to cells, for Unmake.
type cellRec struct {
	swapped bool  // the piece moving was below: the layers were swapped first
	kept    uint8 // the piece left behind on a cell of two the mover left
	joined  uint8 // the piece whose cell the mover joined
	fell    uint8 // the second piece of an enemy cell of two, taken with the first
	keptSq  uint8
	fellSq  uint8
}

// loadCells reads rules.cells: each square a cell, a plain square a cell
// on every board.
func (g *Game) loadCells() error {
	cl := g.spec.Rules.Cells
	if cl == nil {
		return nil
	}
	c := &cellRules{}
	for _, name := range cl.Squares {
		board, local, ok := g.splitBoard(name)
		sq, ok2 := g.parseLocal(local)
		if !ok || !ok2 {
			return bad("rules.cells.squares entry '%s' is not a square on this board", name)
		}
		for b := 0; b < g.nb; b++ {
			if board < 0 || board == b {
				c.at.set(g.at(b, g.fileOf[sq], g.rankOf[sq]))
			}
		}
	}
	for sq := range c.at.each {
		c.list = append(c.list, uint8(sq))
	}
	g.cells = c
	return nil
}

// placeSecond reports whether the setup may put a second piece, code c,
// on sq (a cell holding one piece of c's army), and puts it there.
func (g *Game) placeSecond(sq int, c uint8) bool {
	cl := g.cells
	if cl == nil || !cl.at.has(sq) || cl.start[sq] != 0 || codeOwner(g.start[sq]) != codeOwner(c) {
		return false
	}
	cl.start[sq] = c
	return true
}

// Cells is the game's cell squares, in square order (none without
// rules.cells).
func (g *Game) Cells() []int {
	if g.cells == nil {
		return nil
	}
	return g.cells.at.squares(nil)
}

// PieceUnder is the second piece of a cell holding two, as PieceAt gives
// the first.
func (p *Position) PieceUnder(sq int) (kind, owner int, ok bool) {
	if sq < 0 || sq >= p.g.n || p.under[sq] == 0 {
		return -1, -1, false
	}
	c := p.under[sq]
	return codeKind(c), codeOwner(c), true
}

// pairKey is the hash of a cell holding a and b, the same for b and a and
// not zero for two pieces alike (whose plain keys would cancel).
func (p *Position) pairKey(a, b uint8, sq int) uint64 {
	return (p.zob(a, sq) + p.zob(b, sq)) * 0x9e3779b97f4a7c15
}

// pairFix turns the two plain keys of a and b on sq into their cell's
// key, or back.
func (p *Position) pairFix(a, b uint8, sq int) uint64 {
	return p.zob(a, sq) ^ p.zob(b, sq) ^ p.pairKey(a, b, sq)
}

// putUnder sets c below the piece on cell sq.
func (p *Position) putUnder(sq int, c uint8) {
	p.under[sq] = c
	p.pairs++
	o, k1 := codeOwner(c), int(maskIndex(c))
	p.kindBB[o][k1-1].set(sq)
	p.count[o][k1]++
	p.present[o] |= 1 << uint(k1)
}

// liftUnder takes the piece below off cell sq; the first piece's bits
// stay, its kind's too when the two are alike.
func (p *Position) liftUnder(sq int) uint8 {
	c := p.under[sq]
	p.under[sq] = 0
	p.pairs--
	o, k1 := codeOwner(c), int(maskIndex(c))
	if p.board[sq] != c {
		p.kindBB[o][k1-1].clear(sq)
	}
	if p.count[o][k1]--; p.count[o][k1] == 0 {
		p.present[o] &^= 1 << uint(k1)
	}
	return c
}

// swapLayers exchanges the two pieces of cell sq (bits and hash stay).
func (p *Position) swapLayers(sq int) {
	p.board[sq], p.under[sq] = p.under[sq], p.board[sq]
}

// cellMoveStart begins a Make of a game with cells, before pushUndo
// reads the moving piece: the piece below is brought on top.
func (p *Position) cellMoveStart(m Move) {
	rec := cellRec{}
	if m&mvUnder != 0 {
		p.swapLayers(m.From())
		rec.swapped = true
	}
	p.cellLog = append(p.cellLog, rec)
}

// cellBefore is the part of a plain move's Make that comes before the
// board's own: the second piece of an enemy cell taken, the piece left
// behind on a cell of two lifted, the piece joined taken off its square
// for now. It returns h with the cells' keys changed.
func (p *Position) cellBefore(h uint64, m Move, capSq int) uint64 {
	rec := &p.cellLog[len(p.cellLog)-1]
	from, to := m.From(), m.To()
	if m&mvCapture != 0 && p.under[capSq] != 0 {
		top := p.board[capSq]
		rec.fell, rec.fellSq = p.liftUnder(capSq), uint8(capSq)
		h ^= p.pairFix(top, rec.fell, capSq) ^ p.zob(rec.fell, capSq)
		if p.g.points {
			p.pts[p.side] += p.g.capPts[codeKind(rec.fell)]
		}
	}
	if m&mvStay == 0 && p.under[from] != 0 {
		mover := p.board[from]
		rec.kept, rec.keptSq = p.liftUnder(from), uint8(from)
		h ^= p.pairFix(mover, rec.kept, from)
	}
	if m&mvJoin != 0 {
		rec.joined = p.remove(to)
	}
	return h
}

// cellAfter ends a plain move's Make on cells: the piece left behind
// stands alone on its cell, the piece joined goes below the mover.
func (p *Position) cellAfter(h uint64, m Move) uint64 {
	rec := &p.cellLog[len(p.cellLog)-1]
	if rec.kept != 0 {
		p.put(int(rec.keptSq), rec.kept)
	}
	if rec.joined != 0 {
		to := m.To()
		p.putUnder(to, rec.joined)
		h ^= p.pairFix(p.board[to], rec.joined, to)
	}
	return h
}

// cellUnmakeAfter takes back cellAfter, before Unmake restores the board.
func (p *Position) cellUnmakeAfter(m Move) {
	rec := &p.cellLog[len(p.cellLog)-1]
	if rec.joined != 0 {
		p.liftUnder(m.To())
	}
	if rec.kept != 0 {
		p.remove(int(rec.keptSq))
	}
}

// cellUnmakeBefore takes back cellBefore and cellMoveStart, once Unmake
// has restored the board.
func (p *Position) cellUnmakeBefore(m Move) {
	rec := p.cellLog[len(p.cellLog)-1]
	p.cellLog = p.cellLog[:len(p.cellLog)-1]
	if rec.joined != 0 {
		p.put(m.To(), rec.joined)
	}
	if rec.kept != 0 {
		p.putUnder(int(rec.keptSq), rec.kept)
	}
	if rec.fell != 0 {
		p.putUnder(int(rec.fellSq), rec.fell)
	}
	if rec.swapped {
		p.swapLayers(m.From())
	}
}

// genCells appends the moves the board's generators do not see: those
// of each piece below another (its layers swapped while its moves are
// listed), and, without capOnly, the moves that join a piece of the
// mover's own on a cell holding it alone (that piece lifted while they
// are listed).
func (p *Position) genCells(buf []Move, capOnly bool) []Move {
	g := p.g
	s := p.side
	for _, c := range g.cells.list {
		sq := int(c)
		if u := p.under[sq]; u != 0 && codeOwner(u) == s && u != p.board[sq] {
			buf = p.genUnder(buf, sq, capOnly)
		}
	}
	if capOnly {
		return buf
	}
	for _, c := range g.cells.list {
		sq := int(c)
		top := p.board[sq]
		if top == 0 || codeOwner(top) != s || p.under[sq] != 0 {
			continue
		}
		// Lifted from the board and its occupancy only: the counts stay,
		// so a promotion only_lost still sees the piece as standing.
		p.board[sq] = 0
		p.occ[s].clear(sq)
		start := len(buf)
		for w := 0; w < 4; w++ {
			for bb := p.occ[s][w]; bb != 0; bb &= bb - 1 {
				buf = p.genPiece(buf, w<<6|trailingZeros(bb), false)
			}
		}
		for _, c2 := range g.cells.list {
			if o := int(c2); p.under[o] != 0 && codeOwner(p.under[o]) == s && p.under[o] != p.board[o] {
				buf = p.genUnder(buf, o, false)
			}
		}
		n := start
		for _, m := range buf[start:] {
			if m.To() == sq && m&(mvCapture|mvStay) == 0 && m.typ() == moveNormal {
				buf[n] = m | mvJoin
				n++
			}
		}
		buf = buf[:n]
		p.board[sq] = top
		p.occ[s].set(sq)
	}
	return buf
}

// genUnder appends the moves of the piece below on cell sq.
func (p *Position) genUnder(buf []Move, sq int, capOnly bool) []Move {
	p.swapLayers(sq)
	start := len(buf)
	buf = p.genPiece(buf, sq, capOnly)
	for i := start; i < len(buf); i++ {
		buf[i] |= mvUnder
	}
	p.swapLayers(sq)
	return buf
}

// pairAttacked reports whether the piece below on some cell of player
// by's attacks t (attackedMask's answer with that cell's layers swapped).
func (p *Position) pairAttacked(t, by int, mask uint32) bool {
	for _, c := range p.g.cells.list {
		sq := int(c)
		u := p.under[sq]
		if u == 0 || codeOwner(u) != by || mask>>maskIndex(u)&1 == 0 {
			continue
		}
		p.swapLayers(sq)
		hit := p.attackedMask(t, by, mask)
		p.swapLayers(sq)
		if hit {
			return true
		}
	}
	return false
}

// cellText is how FEN4 writes the pieces of sq: "rK", or "rK&rS" for a
// cell of two.
func (p *Position) cellText(sq int, piece func(c uint8) string) string {
	t := piece(p.board[sq])
	if u := p.under[sq]; u != 0 {
		t += "&" + piece(u)
	}
	return t
}

// parseCellPieces splits a FEN4 board entry into its one or two pieces.
func parseCellPieces(cell string) []string {
	return strings.Split(cell, "&")
}

// setSecond puts c below the piece on sq when a FEN names two pieces
// there: sq must be a cell holding one piece of c's seat.
func (p *Position) setSecond(sq int, c uint8) error {
	g := p.g
	if g.cells == nil || !g.cells.at.has(sq) {
		return fmt.Errorf("%s is not a cell: it holds one piece", g.names[sq])
	}
	if codeOwner(p.board[sq]) != codeOwner(c) {
		return fmt.Errorf("%s: the two pieces of a cell are of one seat", g.names[sq])
	}
	p.putUnder(sq, c)
	return nil
}

// cellsLimit is what the engine does not play beside rules.cells.
func cellsLimit(s *rules.Spec) string {
	r := &s.Rules
	sweeps := false
	for _, pc := range s.Pieces {
		for _, m := range pc.Moves {
			sweeps = sweeps || m.Kind == "sweep"
		}
	}
	switch {
	case s.Seats == nil:
		return "rules.cells without seats"
	case r.WinOrDefault() == rules.WinCheckmate:
		return "rules.cells with rules.win 'checkmate'"
	case r.Castling != nil:
		return "rules.cells with rules.castling"
	case r.EnPassant:
		return "rules.cells with rules.en_passant"
	case r.Transfer != nil:
		return "rules.cells with rules.transfer"
	case r.SeatOut.ArmyOrDefault() != "frozen":
		return "rules.cells with rules.seat_out army 'removed'"
	case sweeps:
		return "rules.cells with a sweep"
	}
	return ""
}

// MovingKind is the kind of the piece m moves (the piece below, for a
// move out of a cell of two that names it), -1 for a drop or an empty
// square.
func (p *Position) MovingKind(m Move) int {
	from := m.From()
	if m.typ() == moveDrop || from >= p.g.n {
		return -1
	}
	c := p.board[from]
	if m&mvUnder != 0 {
		c = p.under[from]
	}
	if c == 0 {
		return -1
	}
	return codeKind(c)
}
