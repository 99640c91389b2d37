package engine

import (
	"fmt"
	"slices"
	"strings"

	"balancefarm/engine/rules"
)

// Neutral pieces and actions other than a move (schema 40), part of the
// planes family. A neutral piece is a wild-owner piece (the npcs' owner
// slot, free beside the planes family) that the side to move may move as
// its own; an ability is a move of type moveAbility: a portal status
// spent to step to the same square of another board (aux abilityPortal),
// or a raiser bringing a piece from one board to another (aux
// abilityRaise, from the raiser, to the raised piece). A status's extra
// move keeps the turn with the mover for one more move of that piece, or
// a pass.

const moveAbility = 12

const (
	abilityPortal = 0
	abilityRaise  = 1
)

type neutralRule struct {
	neutral bool
	most    int // the resource whose greater holder alone may move it, -1 any
}

type raiseRule struct {
	from, to int
	on       uint32 // boards bits; all when every board
	status   int    // -1 none
}

// actionsRules is the family's actions part (planesRules embeds it).
type actionsRules struct {
	neutrals     []neutralRule // per kind
	anyNeutral   bool
	raises       []raiseRule // per kind; from < 0 for none
	anyRaise     bool
	portalMask   uint64 // nibbles of the portal statuses
	extraMask    uint64 // nibbles of the statuses with an extra move
	extraCost    [maxStatuses][maxResources]int16
	startNeutral []int // squares, with their kinds in startKinds
	startKinds   []int
}

// actionsState is the position's part (planesState embeds it).
type actionsState struct {
	ban   uint16 // the neutral move the side to move may not make (to<<8 | from) + 1, 0 none
	again int16  // the square of the piece the side to move may move again, -1 none
}

func (g *Game) loadActions(pl *planesRules, resIndex map[string]int, statusIndex func(string) int) error {
	s := g.spec
	pl.neutrals = make([]neutralRule, g.nk)
	pl.raises = make([]raiseRule, g.nk)
	board := func(where, name string) (int, error) {
		if b := slices.Index(g.boardNames, name); b >= 0 {
			return b, nil
		}
		return 0, bad("%s %q is not a board", where, name)
	}
	for k, pc := range s.Pieces {
		pl.raises[k].from = -1
		if nt := pc.Neutral; nt != nil {
			pl.neutrals[k] = neutralRule{neutral: true, most: -1}
			pl.anyNeutral = true
			if nt.MovedBy == rules.MovedByMost {
				r, ok := resIndex[nt.Resource]
				if !ok {
					return bad("pieces[%d].neutral.resource %q is not a resource", k, nt.Resource)
				}
				pl.neutrals[k].most = r
			}
		}
		if rs := pc.Raises; rs != nil {
			from, err := board(fmt.Sprintf("pieces[%d].raises.from", k), rs.From)
			if err != nil {
				return err
			}
			to, err := board(fmt.Sprintf("pieces[%d].raises.to", k), rs.To)
			if err != nil {
				return err
			}
			rr := raiseRule{from: from, to: to, status: -1, on: 1<<uint(g.nb) - 1}
			if len(rs.On) > 0 {
				rr.on = 0
				for _, name := range rs.On {
					b, err := board(fmt.Sprintf("pieces[%d].raises.on entry", k), name)
					if err != nil {
						return err
					}
					rr.on |= 1 << uint(b)
				}
			}
			if rs.Status != "" {
				if rr.status = statusIndex(rs.Status); rr.status < 0 {
					return bad("pieces[%d].raises.status %q is not a status", k, rs.Status)
				}
			}
			pl.raises[k] = rr
			pl.anyRaise = true
		}
	}
	for i, st := range s.Statuses {
		if st.Portal {
			pl.portalMask |= 0xf << uint(4*i)
		}
		if em := st.ExtraMove; em != nil {
			pl.extraMask |= 0xf << uint(4*i)
			for name, n := range em.Cost {
				r, ok := resIndex[name]
				if !ok {
					return bad("statuses[%d].extra_move.cost names %q, which is not a resource", i, name)
				}
				pl.extraCost[i][r] = int16(n)
			}
		}
	}
	for i, np := range s.Setup.Neutral {
		k, err := g.kindOf(fmt.Sprintf("setup.neutral[%d].piece", i), np.Piece)
		if err != nil {
			return err
		}
		if !pl.neutrals[k].neutral {
			return bad("setup.neutral[%d].piece %q is not a neutral piece", i, np.Piece)
		}
		for _, name := range np.Squares {
			sq, ok := g.parseSquare(name)
			if !ok || g.wall.has(sq) || g.start[sq] != 0 {
				return bad("setup.neutral[%d].squares entry %q is not a free square on this board", i, name)
			}
			g.start[sq] = pieceCode(k, wildOwner)
		}
	}
	return nil
}

// neutralMayMove reports whether the side to move may move the neutral
// piece c.
func (p *Position) neutralMayMove(c uint8) bool {
	nr := p.g.planes.neutrals[codeKind(c)]
	if !nr.neutral {
		return false
	}
	if r := nr.most; r >= 0 {
		return p.purse[p.side][r] > p.purse[opponent(p.side)][r]
	}
	return true
}

// actionMoves finishes the side to move's list for the actions: the
// neutral pieces' moves (none back where the other player just moved one
// from), no capture of a neutral piece, the portal and raise abilities;
// with a second move due, only that piece's moves and a pass.
func (p *Position) actionMoves(buf []Move, start int, capOnly bool) []Move {
	pl := p.g.planes
	g := p.g
	if p.again >= 0 {
		// The moves of that piece (upgrades, items put down and all), and
		// the pass; none when its hazard's fate has removed it since.
		n := start
		for _, m := range buf[start:] {
			if t := m.typ(); m.From() == int(p.again) && t != moveBuy && t != moveAbility && t != moveCastle && t != moveChaos {
				buf[n] = m
				n++
			}
		}
		buf = p.dropNeutralCaptures(buf[:n], start)
		if !capOnly {
			buf = append(buf, passMove)
		}
		return buf
	}
	if pl.anyNeutral {
		for sq := range p.occ[wildOwner].each {
			if p.neutralMayMove(p.board[sq]) {
				buf = p.genPiece(buf, sq, capOnly)
			}
		}
		buf = p.dropNeutralCaptures(buf, start)
		if p.ban != 0 {
			n := start
			for _, m := range buf[start:] {
				if uint16(m.To())<<8|uint16(m.From())+1 != p.ban || p.board[m.From()] == 0 || codeOwner(p.board[m.From()]) != wildOwner {
					buf[n] = m
					n++
				}
			}
			buf = buf[:n]
		}
	}
	if capOnly {
		return buf
	}
	if pl.portalMask != 0 {
		for sq := range p.occ[p.side].each {
			if p.stAt(sq)&pl.portalMask == 0 {
				continue
			}
			for b := 0; b < g.nb; b++ {
				if t := g.across(sq, b); b != g.boardOf(sq) && p.abilityTarget(t) {
					buf = append(buf, newMove(sq, t)|moveAbility<<mvTypeShift|Move(abilityPortal)<<mvAuxShift)
				}
			}
		}
	}
	if pl.anyRaise {
		for sq := range p.occ[p.side].each {
			rr := pl.raises[codeKind(p.board[sq])]
			if rr.from < 0 || rr.on>>uint(g.boardOf(sq))&1 == 0 {
				continue
			}
			for t := rr.from * g.bsq; t < (rr.from+1)*g.bsq; t++ {
				if c := p.board[t]; c != 0 && codeOwner(c) < 2 && t != sq && !p.g.isBody(c) {
					buf = append(buf, newMove(sq, t)|moveAbility<<mvTypeShift|Move(abilityRaise)<<mvAuxShift)
				}
			}
		}
	}
	return buf
}

// abilityTarget reports whether a portal may take the side to move's
// piece to t: not onto its own piece or a neutral one.
func (p *Position) abilityTarget(t int) bool {
	c := p.board[t]
	return !p.g.wall.has(t) && (c == 0 || codeOwner(c) == opponent(p.side))
}

// dropNeutralCaptures removes from buf[start:] the moves onto a neutral
// piece, which nobody can capture.
func (p *Position) dropNeutralCaptures(buf []Move, start int) []Move {
	if !p.g.planes.anyNeutral {
		return buf
	}
	neutral := &p.occ[wildOwner]
	if neutral.empty() {
		return buf
	}
	n := start
	for _, m := range buf[start:] {
		if neutral.has(m.To()) && m.typ() == moveNormal {
			continue
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// makeAbility plays an ability (inside makePlanes).
func (p *Position) makeAbility(m Move) {
	g := p.g
	pl := g.planes
	from, to := m.From(), m.To()
	switch m.aux() {
	case abilityPortal:
		c := p.take(from)
		for i := range pl.statuses {
			if pl.portalMask>>uint(4*i)&1 != 0 && stCount(c.st, i) > 0 {
				c.st = stSet(c.st, i, stCount(c.st, i)-1) // one spent
				break
			}
		}
		c.mover = true
		p.arrive(c, to, 0, 0)
	case abilityRaise:
		rr := pl.raises[codeKind(p.board[from])]
		c := p.take(to)
		if rr.status >= 0 {
			c.st = stSet(c.st, rr.status, min(stCount(c.st, rr.status)+1, int(pl.statuses[rr.status].stack)))
		}
		p.arrive(c, g.across(to, rr.to), 0, 0)
		p.moverSq = -1 // the raiser did not move
	}
}

// setBan and setAgain change the actions' state, logged, hash in p.fxh.
func (p *Position) setBan(ban uint16) {
	if p.ban == ban {
		return
	}
	pl := p.g.planes
	p.planeLog = append(p.planeLog, planeChg{what: chgBan, old: uint64(p.ban)})
	p.fxh ^= pl.mixKey(keyBan, 0, uint64(p.ban)) ^ pl.mixKey(keyBan, 0, uint64(ban))
	p.ban = ban
}

func (p *Position) setAgain(sq int16) {
	if p.again == sq {
		return
	}
	pl := p.g.planes
	p.planeLog = append(p.planeLog, planeChg{what: chgAgain, old: uint64(uint16(p.again))})
	p.fxh ^= pl.mixKey(keyAgain, 0, uint64(uint16(p.again))) ^ pl.mixKey(keyAgain, 0, uint64(uint16(sq)))
	p.again = sq
}

// actionsHash is the actions' share of the hash.
func (p *Position) actionsHash() uint64 {
	pl := p.g.planes
	return pl.mixKey(keyBan, 0, uint64(p.ban)) ^ pl.mixKey(keyAgain, 0, uint64(uint16(p.again)))
}

// extraMoveDue reports whether the piece the move just moved (standing on
// moverSq) may move again for its status's cost, which the mover can pay.
func (p *Position) extraMoveDue(s int) bool {
	pl := p.g.planes
	if pl.extraMask == 0 || p.moverSq < 0 {
		return false
	}
	w := p.stAt(p.moverSq)
	if w&pl.extraMask == 0 || codeOwner(p.board[p.moverSq]) != s {
		return false
	}
	cost := p.extraCostOf(w)
	for r := range pl.res {
		if int(p.purse[s][r]) < int(cost[r]) {
			return false
		}
	}
	return true
}

// extraCostOf is the cost of a second move for status word w: its first
// extra-move status's.
func (p *Position) extraCostOf(w uint64) [maxResources]int16 {
	pl := p.g.planes
	for i := range pl.statuses {
		if pl.extraMask>>uint(4*i)&1 != 0 && stCount(w, i) > 0 {
			return pl.extraCost[i]
		}
	}
	return [maxResources]int16{}
}

// abilityString is an ability's notation: E:e4>H:e4 (a portal), E:a1!L:d4
// (a raise of the piece on L:d4).
func (g *Game) abilityString(m Move) string {
	if m.From() >= g.n || m.To() >= g.n {
		return "0000"
	}
	sep := ">"
	if m.aux() == abilityRaise {
		sep = "!"
	}
	return g.names[m.From()] + sep + g.names[m.To()]
}

// actionsField is the actions' notation: ban:MOVE (the neutral move the
// side to move may not make) and again:SQ (the piece that may move again).
func (p *Position) actionsField() string {
	var b strings.Builder
	if p.ban != 0 {
		v := int(p.ban - 1)
		b.WriteString(" ban:" + p.g.names[v&0xff] + p.g.names[v>>8])
	}
	if p.again >= 0 {
		b.WriteString(" again:" + p.g.names[p.again])
	}
	return b.String()
}

func (p *Position) readActions(key, value string) error {
	g := p.g
	switch key {
	case "ban":
		for from := 0; from < g.n; from++ {
			if name := g.names[from]; strings.HasPrefix(value, name) {
				if to, ok := g.parseSquare(value[len(name):]); ok {
					p.ban = uint16(to)<<8 | uint16(from) + 1
					return nil
				}
			}
		}
		return fmt.Errorf("ban:%s must be two squares", value)
	case "again":
		// The piece may be gone since its move (a hazard's fate): the
		// turn still goes on, with the pass.
		sq, ok := g.parseSquare(value)
		if !ok {
			return fmt.Errorf("again:%s is not a square", value)
		}
		p.again = int16(sq)
		if p.pending == pendingOffer { // offers wait for the turn's end (planesPendingAfter)
			p.pending = pendingNone
		}
	}
	return nil
}
