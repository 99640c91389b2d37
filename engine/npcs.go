package engine

// Wild pieces (rules.npcs): pieces neither player owns, owner 2 on the
// board, each walking its route one square after every move. Routes are
// disjoint, so the square a wild piece stands on says which route it walks
// and where on it: the board is the whole state, and the hash, Make and
// Unmake need nothing beyond the board but the bounties each player has
// collected. A game with wild pieces plays every move through the capture
// effects' path (fxmake.go), whose change record Unmake already replays.

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"balancefarm/internal/splitmix"
)

const (
	wildOwner      = maxSeats // the owner of a wild piece: the slot after the seats
	maxWildEntries = 16       // rules.npcs entries a game may have here
)

// wildRoute is one route and the kind of the wild pieces walking it (a
// mirrored route is a route of its own).
type wildRoute struct {
	sqs    []uint8
	kind   int
	entry  int    // the rules.npcs entry it comes from
	takers uint32 // kind bits that may take a wild piece of this route
	mask   bitset // its squares
}

type wildRule struct {
	routes  []wildRoute
	routeOf [maxSquares]int16  // -1 off every route
	idxOf   [maxSquares]uint8  // the square's place on its route
	bounty  []float64          // per entry
	pieces  []int              // per entry: wild pieces it places
	immune  bool               // some route limits who may take its pieces
	zTaken  [maxSeats][]uint64 // per player: entry*(maxTaken+1) + count
}

// wildState is the wild pieces taken (the position embeds it).
type wildState struct {
	taken   [maxSeats][maxWildEntries]uint8 // per player and rules.npcs entry
	fxTaken []uint8                         // the entry of each wild piece taken, in order (Unmake counts them back)
}

// wildUndo is a move's wild pieces (the undo record embeds it).
type wildUndo struct {
	nTaken uint8 // entries pushed on fxTaken
	ate    bool  // a wild piece ate a piece after this move
}

const maxTaken = 255 // a taken count is a byte

// loadWild compiles rules.npcs: the routes, who may take each route's
// pieces, the bounties, and the wild pieces' start squares in the setup.
func (g *Game) loadWild() error {
	r := &g.spec.Rules
	if len(r.NPCs) == 0 {
		return nil
	}
	w := &wildRule{}
	for i := range w.routeOf {
		w.routeOf[i] = -1
	}
	for e, n := range r.NPCs {
		where := fmt.Sprintf("rules.npcs[%d]", e)
		k, err := g.kindOf(where+".piece", n.Piece)
		if err != nil {
			return err
		}
		if g.kinds[k].royal {
			return bad("%s.piece '%s' is royal", where, n.Piece)
		}
		takers := allKinds(g.nk)
		if n.Immune != nil {
			takers = 0
			w.immune = true
			for _, id := range n.Immune {
				t, err := g.kindOf(where+".immune", id)
				if err != nil {
					return err
				}
				takers |= 1 << uint(t+1)
			}
		}
		b := g.kinds[k].value
		if n.Bounty != nil {
			b = *n.Bounty
		}
		if math.IsNaN(b) || math.IsInf(b, 0) || b < 0 {
			return bad("%s.bounty must be a number of at least 0", where)
		}
		w.bounty = append(w.bounty, b)
		var route []uint8
		for _, name := range n.Route {
			sq, ok := g.parseSquare(name)
			if !ok || g.wall.has(sq) {
				return bad("%s.route entry '%s' is not a free square of this board", where, name)
			}
			route = append(route, uint8(sq))
		}
		if len(route) == 0 {
			return bad("%s.route must have at least 1 entry", where)
		}
		starts := []int{0}
		for _, name := range n.AlsoAt {
			sq, ok := g.parseSquare(name)
			i := -1
			for j, q := range route {
				if ok && int(q) == sq {
					i = j
				}
			}
			if i <= 0 || i <= starts[len(starts)-1] {
				return bad("%s.also_at entry '%s' is not a later square of the route, in route order", where, name)
			}
			starts = append(starts, i)
		}
		routes := [][]uint8{route}
		if n.Mirror {
			m := make([]uint8, len(route))
			for i, sq := range route {
				m[i] = uint8(g.reflect(int(sq)))
			}
			routes = append(routes, m)
		}
		for _, rt := range routes {
			id := int16(len(w.routes))
			var mask bitset
			for i, sq := range rt {
				mask.set(int(sq))
				if g.wall.has(int(sq)) || w.routeOf[sq] >= 0 {
					return bad("%s.route: '%s' is a wall or on another wild piece's route", where, g.names[sq])
				}
				w.routeOf[sq], w.idxOf[sq] = id, uint8(i)
			}
			for _, i := range starts {
				sq := rt[i]
				if g.start[sq] != 0 {
					return bad("%s: a wild piece would start on '%s', where the setup puts a piece", where, g.names[sq])
				}
				g.start[sq] = pieceCode(k, wildOwner)
			}
			w.routes = append(w.routes, wildRoute{sqs: rt, kind: k, entry: e, takers: takers, mask: mask})
		}
		w.pieces = append(w.pieces, len(starts)*len(routes))
	}
	// Drawn from a stream of their own, so the other keys stay as they are.
	rng := splitmix.Stream{State: 0x77696c64}
	for s := 0; s < g.seats; s++ {
		w.zTaken[s] = make([]uint64, len(r.NPCs)*(maxTaken+1))
		for i := range w.zTaken[s] {
			if i%(maxTaken+1) != 0 { // none taken adds nothing
				w.zTaken[s][i] = rng.Next()
			}
		}
	}
	g.wild = w
	return nil
}

// wildCode is the board code of a wild piece of route r.
func (w *wildRule) code(r int) uint8 { return pieceCode(w.routes[r].kind, wildOwner) }

// next is the square after sq on its route.
func (w *wildRule) next(sq int) int {
	rt := &w.routes[w.routeOf[sq]]
	i := int(w.idxOf[sq]) + 1
	if i == len(rt.sqs) {
		i = 0
	}
	return int(rt.sqs[i])
}

// wildStep moves every wild piece one square along its route, all at once:
// one whose next square holds a piece its type may not capture waits, one
// whose next square holds another wild piece moves only if that one does
// (a route full of them waits), and the others step, eating what stands
// there. Written through fxSet, so it serves Make and the light make
// alike. It reports whether a piece was eaten (the no-progress clock).
func (p *Position) wildStep(lite bool) (ate bool) {
	g := p.g
	w := g.wild
	for ri := range w.routes {
		rt := &w.routes[ri]
		n := len(rt.sqs)
		if n == 1 {
			continue
		}
		code := w.code(ri)
		on := rt.mask
		for i := range on {
			on[i] &= p.occ[wildOwner][i]
		}
		switch on.count() {
		case 0:
		case 1: // the usual case: no line of them to resolve
			var one [1]int
			first := int(w.idxOf[on.squares(one[:0])[0]])
			j := first + 1
			if j == n {
				j = 0
			}
			to := int(rt.sqs[j])
			c := p.board[to]
			if c != 0 && g.kinds[rt.kind].capMask>>maskIndex(c)&1 == 0 {
				continue
			}
			p.fxSet(int(rt.sqs[first]), 0, lite)
			p.fxSet(to, code, lite)
			ate = ate || c != 0
		default:
			ate = p.wildLine(ri, lite) || ate
		}
	}
	return ate
}

// wildLine steps the several wild pieces of route ri (see wildStep).
func (p *Position) wildLine(ri int, lite bool) (ate bool) {
	g := p.g
	w := g.wild
	rt := &w.routes[ri]
	n := len(rt.sqs)
	code := w.code(ri)
	capMask := g.kinds[rt.kind].capMask
	// The wild pieces on the route, and which of them move: 0 not
	// decided, 1 being followed, 2 moves, 3 waits.
	var state [maxSquares]uint8
	var on [maxSquares]uint8
	nOn := 0
	for i, sq := range rt.sqs {
		if p.board[sq] == code {
			on[nOn] = uint8(i)
			nOn++
		}
	}
	for _, i0 := range on[:nOn] {
		if state[i0] != 0 {
			continue
		}
		// Follow the line of wild pieces nose to tail until its front.
		var chain [maxSquares]uint8
		nc := 0
		i := int(i0)
		verdict := uint8(3)
		for {
			state[i] = 1
			chain[nc] = uint8(i)
			nc++
			j := i + 1
			if j == n {
				j = 0
			}
			c := p.board[rt.sqs[j]]
			if c == code {
				if state[j] == 1 { // round the whole route: nobody moves
					break
				}
				if state[j] != 0 {
					verdict = state[j]
					break
				}
				i = j
				continue
			}
			if c == 0 || capMask>>maskIndex(c)&1 != 0 {
				verdict = 2
			}
			break
		}
		for _, i := range chain[:nc] {
			state[i] = verdict
		}
	}
	for _, i := range on[:nOn] {
		if state[i] == 2 {
			p.fxSet(int(rt.sqs[i]), 0, lite)
		}
	}
	for _, i := range on[:nOn] {
		if state[i] != 2 {
			continue
		}
		j := int(i) + 1
		if j == n {
			j = 0
		}
		to := int(rt.sqs[j])
		if p.board[to] != 0 {
			ate = true
		}
		p.fxSet(to, code, lite)
	}
	return ate
}

// WildAte reports whether a wild piece ate a piece right after the last
// move made on this position (rules.npcs).
func (p *Position) WildAte() bool {
	n := len(p.undo)
	return n > 0 && p.undo[n-1].ate
}

// HasWildPieces reports whether the game has wild pieces (rules.npcs).
func (g *Game) HasWildPieces() bool { return g.wild != nil }

// wildThreat reports whether a royal of kind k on r stands where a wild
// piece steps next, the wild piece's type being one that may capture it:
// the reference's check from a wild piece.
func (p *Position) wildThreat(r, k int) bool {
	w := p.g.wild
	ri := w.routeOf[r]
	if ri < 0 {
		return false
	}
	rt := &w.routes[ri]
	i := int(w.idxOf[r]) - 1
	if i < 0 {
		i = len(rt.sqs) - 1
	}
	prev := rt.sqs[i]
	return int(prev) != r && p.board[prev] == w.code(int(ri)) && p.g.kinds[rt.kind].capMask>>uint(k+1)&1 != 0
}

// mayTake reports whether a piece of kind k may take the wild piece on sq.
func (w *wildRule) mayTake(k, sq int) bool {
	return w.routes[w.routeOf[sq]].takers>>uint(k+1)&1 != 0
}

// takeWild credits the side to move with the wild piece on sq (its
// bounty), in the hash and on the record Unmake reads.
func (p *Position) takeWild(sq int) {
	w := p.g.wild
	e := w.routes[w.routeOf[sq]].entry
	s := p.side
	old := int(p.taken[s][e])
	if old >= maxTaken {
		return
	}
	p.fxh ^= w.zTaken[s][e*(maxTaken+1)+old] ^ w.zTaken[s][e*(maxTaken+1)+old+1]
	p.taken[s][e]++
	p.fxTaken = append(p.fxTaken, uint8(e))
}

// takenHash is the taken counts' share of the hash.
func (p *Position) takenHash() uint64 {
	w := p.g.wild
	if w == nil {
		return 0
	}
	var h uint64
	for s := 0; s < p.g.seats; s++ {
		for e := range w.bounty {
			h ^= w.zTaken[s][e*(maxTaken+1)+int(p.taken[s][e])]
		}
	}
	return h
}

// Points is what a player has collected in bounties for wild pieces taken
// (rules.scoring count points); 0 in a game without wild pieces.
func (p *Position) Points(player int) float64 {
	w := p.g.wild
	if w == nil || player < 0 || player > 1 {
		return 0
	}
	total := 0.0
	for e, b := range w.bounty {
		total += float64(p.taken[player][e]) * b
	}
	return total
}

// wildSave is what showWild changes and hideWild puts back.
type wildSave struct {
	occ     bitset
	present uint32
	kinds   [maxKinds]bitset
}

// showWild shows the wild pieces to the side to move's generation as the
// other player's (occupancy, kind sets and kinds present; the board bytes
// stay), so every capture path, mask or walk, offers them as prey. Only
// generation may run before hideWild: an attack test would take them
// for attackers.
func (p *Position) showWild(sv *wildSave) {
	opp := opponent(p.side)
	sv.occ, sv.present = p.occ[opp], p.present[opp]
	p.occ[opp].or(&p.occ[wildOwner])
	for m := p.present[wildOwner]; m != 0; m &= m - 1 {
		k := bits.TrailingZeros32(m) - 1
		sv.kinds[k] = p.kindBB[opp][k]
		p.kindBB[opp][k].or(&p.kindBB[wildOwner][k])
	}
	p.present[opp] |= p.present[wildOwner]
}

func (p *Position) hideWild(sv *wildSave) {
	opp := opponent(p.side)
	for m := p.present[wildOwner]; m != 0; m &= m - 1 {
		k := bits.TrailingZeros32(m) - 1
		p.kindBB[opp][k] = sv.kinds[k]
	}
	p.occ[opp], p.present[opp] = sv.occ, sv.present
}

// keepTakers removes from buf[start:] the captures of wild pieces whose
// immune list the mover is not on; a sweep may not pass over one either,
// since a piece it may not capture blocks it.
func (p *Position) keepTakers(buf []Move, start int) []Move {
	g := p.g
	w := g.wild
	s := p.side
	n := start
	for _, m := range buf[start:] {
		from, to := m.From(), m.To()
		k := codeKind(p.board[from])
		ok := true
		if m.typ() != moveDrop && m.typ() != moveCastle {
			if c := p.board[to]; codeOwner(c) == wildOwner && !w.mayTake(k, to) {
				ok = false
			}
			if ok && m.typ() == moveSweep {
				for _, sq := range g.fwdRay(s, m.aux(), from) {
					if int(sq) == to {
						break
					}
					if codeOwner(p.board[sq]) == wildOwner && p.board[sq] != 0 && !w.mayTake(k, int(sq)) {
						ok = false
						break
					}
				}
			}
		}
		if ok {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// wildNotation is rules.npcs's notation: taken-w: and taken-b:.
var wildNotation = notationField{
	present: func(g *Game) bool { return g.wild != nil },
	write:   (*Position).takenField,
	read:    (*Position).parseTaken,
}

// takenField writes the wild pieces each player has taken (rules.npcs),
// " taken-w:" and " taken-b:" each followed by one count per rules.npcs
// entry; nothing for a player who has taken none.
func (p *Position) takenField() string {
	w := p.g.wild
	return p.seatLists("taken", func(s int) []string {
		any := false
		list := make([]string, len(w.bounty))
		for e := range w.bounty {
			list[e] = strconv.Itoa(int(p.taken[s][e]))
			any = any || p.taken[s][e] > 0
		}
		if !any {
			return nil
		}
		return list
	})
}

func (p *Position) parseTaken(_ *fenRead, key, list string) (known bool, err error) {
	w := p.g.wild
	s, ok := p.g.seatOfKey("taken", key)
	if !ok {
		return false, nil
	}
	counts := strings.Split(list, ",")
	if len(counts) != len(w.bounty) {
		return true, fmt.Errorf("fen: %s needs one count per rules.npcs entry (%d)", key, len(w.bounty))
	}
	for e, c := range counts {
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 || n > w.pieces[e] {
			return true, fmt.Errorf("fen: %s entry %q must be a count from 0 to %d", key, c, w.pieces[e])
		}
		p.taken[s][e] = uint8(n)
	}
	return true, nil
}

// wildTokens names the wild pieces in the notation: each kind's exact id
// in angle brackets.
func (g *Game) wildTokens() {
	if g.wild == nil && (g.planes == nil || !g.planes.anyNeutral) { // neutral pieces are written as wild ones (actions.go)
		return
	}
	for k := range g.kinds {
		t := "<" + g.kinds[k].id + ">"
		c := pieceCode(k, wildOwner)
		g.tokens[c] = t
		g.tokenCode[t] = c
	}
}

// offRoute reports whether code is a wild piece that stands on sq off
// every route of its kind (notation that no game reaches).
func (g *Game) offRoute(sq int, code uint8) bool {
	if g.wild == nil {
		return false // a neutral piece (actions.go) stands anywhere
	}
	return codeOwner(code) == wildOwner && (g.wild.routeOf[sq] < 0 || g.wild.code(int(g.wild.routeOf[sq])) != code)
}
