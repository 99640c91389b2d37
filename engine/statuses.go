package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"balancefarm/engine/rules"
)

// Statuses and upgrades (schema 37), part of the planes family: a piece's
// statuses are counters packed four bits each in one word per square
// (p.stw), moved, logged and hashed with the piece (carried, planes.go).

const maxStatuses = 16

// mvUpgradeShift: bits 47-50 of a capture by a piece with an upgrade
// status hold the status it gains instead of changing kind, plus one
// (a change of kind is the promotion field).
const mvUpgradeShift = 47

// upgradeStatus is the status a move's upgrade gives, -1 for none.
func (m Move) upgradeStatus() int { return int(m>>mvUpgradeShift&0xf) - 1 }

// statusRule is one statuses[] entry compiled.
type statusRule struct {
	name        string
	stack       uint32
	frozen      bool
	wearsOff    bool
	immuneItems uint32    // item bits
	afterlife   [][2]int8 // (from board, to board), in order
	income      [maxResources]int16
	upgrade     bool
	hazard      int16 // thousandths (schema 38, market.go)
}

// statusesRules is the family's statuses part.
type statusesRules struct {
	statuses     []statusRule
	frozen       uint64 // mask of the frozen statuses' nibbles
	wearsOff     uint64 // mask of the low bit of the wearing statuses' nibbles
	upgradeMask  uint64 // nibbles of the upgrade statuses
	statusIncome [maxResources]bool
	onCapture    []int          // statuses a capturer gains
	upgrades     [][]Move       // per kind: the options, as promotion/upgrade bits of a move
	startSt      map[int]uint64 // setup.statuses
}

// count is how many of status i a word holds.
func stCount(w uint64, i int) int { return int(w >> uint(4*i) & 0xf) }

func stSet(w uint64, i, n int) uint64 {
	return w&^(0xf<<uint(4*i)) | uint64(n)<<uint(4*i)
}

// loadStatuses compiles schema 37's keys into pl (called by loadPlanes).
func (g *Game) loadStatuses(pl *planesRules, itemIndex, resIndex map[string]int) error {
	s := g.spec
	if len(s.Statuses) > maxStatuses {
		return bad("statuses must have 1 to %d entries", maxStatuses)
	}
	index := map[string]int{}
	boardIndex := func(where, name string) (int, error) {
		if b := slices.Index(g.boardNames, name); b >= 0 {
			return b, nil
		}
		return 0, bad("%s %q is not a board", where, name)
	}
	for i, st := range s.Statuses {
		sr := statusRule{name: st.Name, stack: uint32(st.StackOrDefault()), frozen: st.Frozen,
			wearsOff: st.WearsOff == rules.WearsOffTurn, upgrade: st.Upgrade}
		if sr.stack > 15 {
			return bad("statuses[%d].stack must be 1 to 15", i)
		}
		for _, id := range st.Immune {
			it, ok := itemIndex[id]
			if !ok {
				return bad("statuses[%d].immune entry %q is not an item", i, id)
			}
			sr.immuneItems |= 1 << uint(it)
		}
		for j, a := range st.Afterlife {
			to, err := boardIndex(fmt.Sprintf("statuses[%d].afterlife[%d].to", i, j), a.To)
			if err != nil {
				return err
			}
			for _, name := range a.From {
				b, err := boardIndex(fmt.Sprintf("statuses[%d].afterlife[%d].from entry", i, j), name)
				if err != nil {
					return err
				}
				if b == to {
					return bad("statuses[%d].afterlife[%d] sends a piece from board %q to itself", i, j, name)
				}
				sr.afterlife = append(sr.afterlife, [2]int8{int8(b), int8(to)})
			}
		}
		for name, n := range st.Income {
			r, ok := resIndex[name]
			if !ok {
				return bad("statuses[%d].income names %q, which is not a resource", i, name)
			}
			sr.income[r] = int16(n)
			pl.statusIncome[r] = true
		}
		if t := st.HazardThousandths(); st.Hazard > 0 {
			if t < 1 || t > 999 {
				return bad("statuses[%d].hazard must be above 0 and below 1", i)
			}
			sr.hazard = int16(t)
			pl.hazardAny = true
		}
		if sr.frozen {
			pl.frozen |= 0xf << uint(4*i)
		}
		if st.Size {
			pl.size = i + 1
			pl.growChoice = st.Grow == rules.GrowChoice
		}
		if sr.wearsOff {
			pl.wearsOff |= 1 << uint(4*i)
		}
		if sr.upgrade {
			pl.upgradeMask |= 0xf << uint(4*i)
		}
		index[st.Name] = i
		pl.statuses = append(pl.statuses, sr)
	}
	if oc := s.Rules.OnCapture; oc != nil {
		for _, name := range oc.Gain {
			i, ok := index[name]
			if !ok {
				return bad("rules.on_capture.gain entry %q is not a status", name)
			}
			pl.onCapture = append(pl.onCapture, i)
		}
	}
	pl.upgrades = make([][]Move, g.nk)
	for k, pc := range s.Pieces {
		u := pc.Upgrades
		if u == nil || k >= g.nk {
			continue
		}
		for _, id := range u.Pieces {
			to, err := g.kindOf(fmt.Sprintf("pieces[%d].upgrades.pieces entry", k), id)
			if err != nil {
				return err
			}
			pl.upgrades[k] = append(pl.upgrades[k], Move(to+1)<<mvPromoShift)
		}
		for _, name := range u.Statuses {
			i, ok := index[name]
			if !ok {
				return bad("pieces[%d].upgrades.statuses entry %q is not a status", k, name)
			}
			pl.upgrades[k] = append(pl.upgrades[k], Move(i+1)<<mvUpgradeShift)
		}
	}
	pl.startSt = map[int]uint64{}
	for i, sp := range s.Setup.Statuses {
		st, ok := index[sp.Status]
		if !ok {
			return bad("setup.statuses[%d].status %q is not a status", i, sp.Status)
		}
		n := max(sp.Count, 1)
		if n > int(pl.statuses[st].stack) {
			return bad("setup.statuses[%d].count must be 1 to %d", i, pl.statuses[st].stack)
		}
		for _, name := range sp.Squares {
			sq, ok := g.parseSquare(name)
			if !ok || g.start[sq] == 0 {
				return bad("setup.statuses[%d].squares entry %q holds no piece", i, name)
			}
			pl.startSt[sq] = stSet(pl.startSt[sq], st, n)
		}
	}
	return nil
}

// hasStatuses reports whether the game gives pieces statuses.
func (pl *planesRules) hasStatuses() bool { return len(pl.statuses) > 0 }

// stAt is the status word of the piece on sq (0 without statuses).
func (p *Position) stAt(sq int) uint64 {
	if p.stw == nil {
		return 0
	}
	return p.stw[sq]
}

// setSt changes the status word on sq, logged, hash in p.fxh.
func (p *Position) setSt(sq int, w uint64) {
	if p.stw == nil || p.stw[sq] == w {
		return
	}
	pl := p.g.planes
	old := p.stw[sq]
	p.planeLog = append(p.planeLog, planeChg{what: chgStatus, b: uint8(sq), old: old})
	p.fxh ^= pl.statusKey(sq, old) ^ pl.statusKey(sq, w)
	p.stw[sq] = w
}

// statusKey is the hash key of status word w on sq (0 for none).
func (pl *planesRules) statusKey(sq int, w uint64) uint64 {
	if w == 0 {
		return 0
	}
	return pl.mixKey(keyStatus, uint64(sq), w)
}

// statusAfterlife is the board a piece with status word w dying on board
// b goes to by its statuses' afterlife (statuses in order), -1 for none.
func (pl *planesRules) statusAfterlife(w uint64, b int) int {
	for i := 0; w != 0 && i < len(pl.statuses); i++ {
		if stCount(w, i) == 0 {
			continue
		}
		for _, a := range pl.statuses[i].afterlife {
			if int(a[0]) == b {
				return int(a[1])
			}
		}
	}
	return -1
}

// statusImmunity is the items (bits) a piece's statuses make it immune to.
func (pl *planesRules) statusImmunity(w uint64) uint32 {
	var m uint32
	for i := 0; w != 0 && i < len(pl.statuses); i++ {
		if stCount(w, i) > 0 {
			m |= pl.statuses[i].immuneItems
		}
	}
	return m
}

// wearOne removes one of each wearing status from w.
func (pl *planesRules) wearOne(w uint64) uint64 {
	for i := range pl.statuses {
		if pl.statuses[i].wearsOff {
			if n := stCount(w, i); n > 0 {
				w = stSet(w, i, n-1)
			}
		}
	}
	return w
}

// statusIncome is what player s's pieces' statuses add to resource r's
// income.
func (p *Position) statusIncome(s, r int) int {
	pl := p.g.planes
	if !pl.statusIncome[r] {
		return 0
	}
	total := 0
	for sq := range p.occ[s].each { // s's pieces: a status is a piece's
		w := p.stw[sq]
		if w == 0 {
			continue
		}
		for x := w; x != 0; { // the statuses it carries only
			i := bits.TrailingZeros64(x) / 4
			total += stCount(w, i) * int(pl.statuses[i].income[r])
			x &^= 0xf << uint(4*i)
		}
	}
	return total
}

// afterCapture is the status word of a piece of kind k that captured with
// move m: one upgrade status spent and the upgrade's status gained (its
// change of kind is the move's promotion), or else rules.on_capture's
// gains, each up to its stack.
func (p *Position) afterCapture(w uint64, k int, m Move) uint64 {
	pl := p.g.planes
	if !pl.hasStatuses() {
		return w
	}
	if w&pl.upgradeMask != 0 {
		for i := range pl.statuses {
			if pl.statuses[i].upgrade && stCount(w, i) > 0 {
				w = stSet(w, i, stCount(w, i)-1)
				break
			}
		}
		if u := m.upgradeStatus(); u >= 0 {
			w = stSet(w, u, min(stCount(w, u)+1, int(pl.statuses[u].stack)))
		}
		return w
	}
	for _, i := range pl.onCapture {
		w = stSet(w, i, min(stCount(w, i)+1, int(pl.statuses[i].stack)))
	}
	return w
}

// statusMoves rewrites buf[start:], the side to move's moves, for the
// statuses: a frozen piece's moves are dropped, and a capture by a piece
// with an upgrade status is made once per upgrade its kind offers (a
// change of kind or a status gained); a promotion stays a choice of its
// own (promote or upgrade). A kind with no upgrades keeps its captures as
// they are: the status is spent for nothing.
func (p *Position) statusMoves(buf []Move, start int) []Move {
	pl := p.g.planes
	if pl.frozen == 0 && pl.upgradeMask == 0 {
		return buf
	}
	var ups []Move // the captures with upgrades, in list order
	n := start
	for _, m := range buf[start:] {
		w := p.stAt(m.From())
		if w&pl.frozen != 0 {
			continue
		}
		buf[n] = m
		n++
		if w&pl.upgradeMask == 0 || m&mvCapture == 0 || p.protected(m.To(), p.board[m.To()]) {
			continue // no capture, or onto a guarded piece: the mover dies, nothing is upgraded
		}
		if len(pl.upgrades[codeKind(p.board[m.From()])]) == 0 {
			continue
		}
		ups = append(ups, m)
		if m.Promotion() < 0 {
			n-- // the plain capture is replaced by its upgrades (a promotion stays beside them)
		}
	}
	buf = buf[:n]
	kept := buf[start:]
	for i, m := range ups {
		base := m &^ (Move(0x1f) << mvPromoShift)
		for _, o := range pl.upgrades[codeKind(p.board[m.From()])] {
			// Each upgrade once, however many promotions the capture
			// has; promoting to the kind an upgrade gives is one move,
			// listed where the promotion is. A move equal to one of the
			// list or to an upgraded capture is none to add (the moves
			// to compare share from and to, and are few).
			um := base | o
			if !slices.Contains(kept, um) && !slices.Contains(ups[:i+1], um) && !slices.Contains(buf[start+len(kept):], um) {
				buf = append(buf, um)
			}
		}
	}
	return buf
}

// startStatuses gives the setup's pieces their statuses.
func (p *Position) startStatuses() {
	pl := p.g.planes
	for sq, w := range pl.startSt {
		p.stw[sq] = w
	}
}

// statusesHash is the status words' share of the hash.
func (p *Position) statusesHash() uint64 {
	var h uint64
	for sq, w := range p.stw {
		h ^= p.g.planes.statusKey(sq, w)
	}
	return h
}

// StatusCount is how many of status i the piece on sq has (schema 37).
func (p *Position) StatusCount(i, sq int) int {
	if p.stw == nil || i < 0 || i >= len(p.g.planes.statuses) || sq < 0 || sq >= p.g.n {
		return 0
	}
	return stCount(p.stw[sq], i)
}

// NextStatus is the first status from on (in declaration order) that the
// piece on sq carries, or -1 when it carries none of them: a walk of the
// statuses a piece carries skips the others.
func (p *Position) NextStatus(sq, from int) int {
	if p.stw == nil || sq < 0 || sq >= p.g.n || from < 0 || from >= len(p.g.planes.statuses) {
		return -1
	}
	w := p.stw[sq] >> uint(4*from)
	if w == 0 {
		return -1
	}
	return from + bits.TrailingZeros64(w)/4
}

// NumStatuses is how many statuses the game declares (schema 37).
func (g *Game) NumStatuses() int {
	if g.planes == nil {
		return 0
	}
	return len(g.planes.statuses)
}

// StatusName is a status's name.
func (g *Game) StatusName(i int) string {
	if i < 0 || i >= g.NumStatuses() {
		return ""
	}
	return g.planes.statuses[i].name
}

// statusField is the statuses' notation: status:SQ=NAME+NAME*N,... for
// every piece with a status.
func (p *Position) statusField() string {
	if p.stw == nil {
		return ""
	}
	g := p.g
	var entries []string
	for sq, w := range p.stw {
		if w == 0 {
			continue
		}
		var names []string
		for i, st := range g.planes.statuses {
			switch n := stCount(w, i); {
			case n == 1:
				names = append(names, st.name)
			case n > 1:
				names = append(names, st.name+"*"+strconv.Itoa(n))
			}
		}
		entries = append(entries, g.names[sq]+"="+strings.Join(names, "+"))
	}
	if len(entries) == 0 {
		return ""
	}
	return " status:" + strings.Join(entries, ",")
}

// readStatus reads the status: field (after the board, so every named
// square must hold a piece).
func (p *Position) readStatus(value string) error {
	g := p.g
	pl := g.planes
	if p.stw == nil {
		return fmt.Errorf("status: the game has no statuses")
	}
	for _, entry := range strings.Split(value, ",") {
		where, list, ok := strings.Cut(entry, "=")
		sq, okSq := g.parseSquare(where)
		if !ok || !okSq || p.board[sq] == 0 || p.stw[sq] != 0 {
			return fmt.Errorf("status: %q must be SQUARE=NAME+NAME*N on a square with a piece, each square once", entry)
		}
		var w uint64
		for _, item := range strings.Split(list, "+") {
			name, count, many := strings.Cut(item, "*")
			n := 1
			if many {
				v, err := strconv.Atoi(count)
				if err != nil || v < 2 {
					return fmt.Errorf("status: %q: the count after * must be 2 or more", entry)
				}
				n = v
			}
			i := slices.IndexFunc(pl.statuses, func(s statusRule) bool { return s.name == name })
			if i < 0 || n > int(pl.statuses[i].stack) || stCount(w, i) != 0 {
				return fmt.Errorf("status: %q: %q is not a status, is written twice, or is over its stack", entry, name)
			}
			w = stSet(w, i, n)
		}
		p.stw[sq] = w
	}
	return nil
}

// StatusTraits is what a status does, as the players' evaluation weighs
// it (a read-only view of the compiled statuses[] entry).
type StatusTraits struct {
	Frozen      bool    // its piece makes no move
	WearsOff    bool    // one is removed after each of its owner's turns
	Upgrade     bool    // a capture upgrades its piece
	Afterlife   bool    // it sends its piece to another board when it dies
	ImmuneItems int     // how many item kinds never act on its piece
	Hazard      float64 // the chance its piece dies each time it is moved
	Income      float64 // pawns paid per count each turn (units × resource value)
	Size        bool    // each count is a square more, and a death the piece survives by shrinking (schema 44)
}

// StatusTraits is status i's traits; the zero value for an unknown one.
func (g *Game) StatusTraits(i int) StatusTraits {
	if i < 0 || i >= g.NumStatuses() {
		return StatusTraits{}
	}
	st := &g.planes.statuses[i]
	tr := StatusTraits{Frozen: st.frozen, WearsOff: st.wearsOff, Upgrade: st.upgrade, Afterlife: len(st.afterlife) > 0,
		ImmuneItems: bits.OnesCount32(st.immuneItems), Hazard: float64(st.hazard) / 1000, Size: g.planes.size == i+1}
	for r, n := range st.income[:len(g.planes.res)] {
		tr.Income += float64(n) * g.planes.res[r].value
	}
	return tr
}

// IsBuy reports whether m is a purchase from the market (schema 38): it
// moves no piece, its From and To are the card's target square (or 0).
func (m Move) IsBuy() bool { return m.typ() == moveBuy && m&mvValid != 0 }

// MovesNoPiece reports whether m is a choice that moves no piece: a
// purchase (schema 38) or a chaos effect chosen (schema 41), whose From
// and To are its target square, which may hold a piece, or 0.
func (m Move) MovesNoPiece() bool {
	return m&mvValid != 0 && (m.typ() == moveBuy || m.typ() == moveChaos)
}

// NumCards is how many cards the game's market has (schema 38), 0 without.
func (g *Game) NumCards() int {
	if g.planes == nil || g.planes.market == nil {
		return 0
	}
	return len(g.planes.market.cards)
}

// CardName is a market card's name.
func (g *Game) CardName(i int) string {
	if i < 0 || i >= g.NumCards() {
		return ""
	}
	return g.planes.market.cards[i].name
}

// Card is market card i's price now and whether it is unlocked.
func (p *Position) Card(i int) (price int, unlocked bool) {
	if i < 0 || i >= p.g.NumCards() {
		return 0, false
	}
	return int(p.price[i]), p.unlocked>>uint(i)&1 != 0
}

// CardsToUnlock is how many of the market's cards are still to be drawn
// and unlocked, chance events to come (the start's open cards before the
// first move, or the one a purchase unlocks).
func (p *Position) CardsToUnlock() int {
	if p.g.NumCards() == 0 {
		return 0
	}
	return int(p.toUnlock)
}
