package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"balancefarm/engine/rules"
	"balancefarm/internal/splitmix"
)

// Planes, items and purses (schema 36): items lying on squares beside the
// pieces, resources each player holds, and where a piece goes when it dies
// or captures. Every change a move makes, however far its consequences
// run, is one of three: a square's piece (p.chg, shared with the capture
// effects), an item count or a purse (p.planeLog). Unmake puts them back
// newest first and restores the hash whole.

const (
	maxItems     = 16
	maxResources = 4
	maxStack     = 15
	// maxArrivals bounds one move's chain of arrivals; the rules bound it
	// already (a finite board, acyclic afterlives, captures that remove).
	maxArrivals = 512
)

// itemRule is one items[] entry compiled.
type itemRule struct {
	id       string
	kill     bool // a piece moved onto it dies
	pass     bool // ... and a slide over it stops there
	slide    bool // a piece moved onto it goes one more step
	consumed bool
	chaos    bool // a piece moved onto it owes its owner a chaos offer (chaos.go)
	atRest   bool // kill "end": it kills a piece that comes to rest on it (schema 42)
	// owner is -1 for an item both players see; a hidden item (schema 42)
	// has a slot per player, the declared index the first's and twin the
	// second's, each slot seen by its owner only.
	owner  int8
	twin   int8
	gains  bool // some gain is written
	gain   [maxResources]int16
	immune uint32 // kind bits (1 << kind)
	stack  uint8
}

// resourceRule is one resources[] entry compiled.
type resourceRule struct {
	name    string
	start   int16
	max     int16
	income  int16
	perTurn bool // income to the mover after each of its turns, not to all after the first player's
	value   float64
}

// presenceRule is one rules.presence entry: a player with none of kinds
// on the squares of on gets result.
type presenceRule struct {
	on     bitset
	kinds  uint32 // kind bits
	result string
}

type planesRules struct {
	statusesRules              // schema 37 (statuses.go)
	powersRules                // schema 39 (powers.go)
	actionsRules               // schema 40 (actions.go)
	chaos         *chaosRules  // schema 41 (chaos.go); nil without
	jumps         [][]jumpRule // schema 41: per kind, per player; nil entries without
	anyJumps      bool
	forcedMask    uint64       // nibbles of the forced statuses
	market        *marketRules // schema 38 (market.go); nil without
	hazardAny     bool         // some status has a hazard
	items         []itemRule
	res           []resourceRule
	afterlife     [][]int8 // [board][kind]: the board a piece dying there goes to, -1 none
	capture       []int8   // [board]: the board a capturer there goes to, -1 none
	presence      []presenceRule
	passKill      bool     // some item stops and kills a slide over it
	slideOver     []bitset // with passKill: slideSquares, what passingLandings may have to walk
	hiddenItems   bool     // some item is hidden (schema 42, hiddenitems.go)
	size          int      // the status with size plus one (schema 44, size.go), 0 without
	growChoice    bool     // the move that gives it names the square grown into (schema 45, size.go)
	// actOrder is the slots in the order items[] declares them, a hidden
	// item's second slot beside its first: the first of the kills there
	// acts (SCHEMA-36).
	actOrder []int
	start    []uint8
	zItem    []uint64 // [(item*16+count)*n + square]
	zPurse   uint64   // the purses' keys are drawn from it (purseKey)
}

// planeChg is one item count, purse or status word change, with what it
// was.
type planeChg struct {
	what uint8 // chgItem, chgPurse, chgStatus
	a    uint8 // item, or player
	b    uint8 // square, or resource
	old  uint64
}

const (
	chgItem = iota
	chgPurse
	chgStatus
	chgMarket   // a card's price (old) and the unlocks to come (b)
	chgUnlocked // the unlocked cards
	chgBan      // the neutral move banned (actions.go)
	chgAgain    // the piece that may move again (actions.go)
	chgOffers   // the offers owed (chaos.go)
	chgOfferSet // the offer being chosen and the resume (chaos.go)
	chgSide     // the side to move (chaos.go)
	chgBody     // a square's link to its anchor (size.go)
)

// planesState is a position's items and purses.
type planesState struct {
	itemN    []uint8  // [item*n + square]: how many lie there
	stw      []uint64 // [square]: the statuses of the piece there (statuses.go); nil without
	link     []uint32 // [square]: a body square's anchor and order (size.go); nil without
	passSq   bitset   // squares with an item that kills a slide passing over
	purse    [2][maxResources]int16
	planeLog []planeChg
	marketState
	actionsState
	chaosState
	arrivals int // the running move's arrivals (maxArrivals)
	// growProbing is set while legal lists the squares a move's growth
	// may take (schema 45, size.go): Make records them in growOpts.
	growProbing bool
	growOpts    []int
	powerExtra  []Move // powerMoves' scratch list (powers.go)
	growOut     []Move // legalGrowing's scratch list (size.go)
}

// planesUndo is what an undo record keeps for the family.
type planesUndo struct {
	nPlane    uint16
	planeSide int8 // the side to move before: a turn may go on, or a choice hand it over (actions.go, chaos.go)
}

func hasPlanes(s *rules.Spec) bool {
	r := &s.Rules
	if len(s.Items) > 0 || len(s.Resources) > 0 || len(r.Afterlife) > 0 || len(r.AfterCapture) > 0 || len(r.Presence) > 0 ||
		len(s.Statuses) > 0 || r.OnCapture != nil || len(s.Setup.Statuses) > 0 || r.Market != nil || len(s.Setup.Neutral) > 0 || r.Chaos != nil {
		return true
	}
	for _, pc := range s.Pieces {
		if pc.Upgrades != nil || pc.Protects != nil || pc.OnDeath != nil || pc.DiesOn != nil || pc.AfterMove != nil ||
			pc.Neutral != nil || pc.Raises != nil || pc.Jumps != nil {
			return true
		}
	}
	return false
}

// loadPlanes compiles the schema 36 keys.
func (g *Game) loadPlanes() error {
	s := g.spec
	if !hasPlanes(s) {
		return nil
	}
	pl := &planesRules{}
	resIndex := map[string]int{}
	if len(s.Resources) > maxResources {
		return bad("resources must have 1 to %d entries", maxResources)
	}
	for i, r := range s.Resources {
		rr := resourceRule{name: r.Name, start: int16(r.Start), max: int16(r.MaxOrDefault()), value: r.ValueOrDefault()}
		if r.MaxOrDefault() > 10000 || r.Start < 0 || r.Start > r.MaxOrDefault() {
			return bad("resources[%d]: start must be 0 to max, max at most 10000", i)
		}
		if in := r.Income; in != nil {
			rr.income = int16(in.Amount)
			rr.perTurn = in.AfterOrDefault() == rules.IncomeTurn
		}
		resIndex[r.Name] = i
		pl.res = append(pl.res, rr)
	}
	if len(s.Items) > maxItems {
		return bad("items must have 1 to %d entries", maxItems)
	}
	itemIndex := map[string]int{}
	for i, it := range s.Items {
		ir := itemRule{id: it.ID, kill: it.Kill != "" && it.Kill != rules.KillEnd, pass: it.Kill == rules.KillPass,
			atRest: it.Kill == rules.KillEnd, slide: it.Slide, consumed: it.Consumed, stack: uint8(it.StackOrDefault()),
			owner: -1, twin: -1}
		if it.StackOrDefault() > maxStack {
			return bad("items[%d].stack must be 1 to %d", i, maxStack)
		}
		for name, n := range it.Gain {
			r, ok := resIndex[name]
			if !ok {
				return bad("items[%d].gain names %q, which is not a resource", i, name)
			}
			ir.gain[r] = int16(n)
			ir.gains = ir.gains || n > 0
		}
		for _, id := range it.Immune {
			k, err := g.kindOf(fmt.Sprintf("items[%d].immune entry", i), id)
			if err != nil {
				return err
			}
			ir.immune |= 1 << uint(k)
		}
		pl.passKill = pl.passKill || ir.pass
		itemIndex[it.ID] = i
		pl.items = append(pl.items, ir)
	}
	pl.start = make([]uint8, len(pl.items)*g.n)
	for i, ip := range s.Setup.Items {
		it, ok := itemIndex[ip.Item]
		if !ok {
			return bad("setup.items[%d].item %q is not an item", i, ip.Item)
		}
		for _, name := range ip.Squares {
			sq, ok := g.parseSquare(name)
			if !ok || g.wall.has(sq) {
				return bad("setup.items[%d].squares entry %q is not a square on this board", i, name)
			}
			if g.start[sq] != 0 {
				return bad("setup.items[%d].squares entry %q is under a piece", i, name)
			}
			if pl.start[it*g.n+sq]++; pl.start[it*g.n+sq] > pl.items[it].stack {
				return bad("setup.items[%d].squares: %q holds more than %d", i, name, pl.items[it].stack)
			}
		}
	}
	boardIndex := func(where, name string) (int, error) {
		for b, n := range g.boardNames {
			if n == name {
				return b, nil
			}
		}
		return 0, bad("%s %q is not a board", where, name)
	}
	pl.afterlife = make([][]int8, g.nb)
	pl.capture = make([]int8, g.nb)
	for b := range pl.afterlife {
		pl.afterlife[b] = make([]int8, g.nk)
		for k := range pl.afterlife[b] {
			pl.afterlife[b][k] = -1
		}
		pl.capture[b] = -1
	}
	for i, a := range s.Rules.Afterlife {
		to, err := boardIndex(fmt.Sprintf("rules.afterlife[%d].to", i), a.To)
		if err != nil {
			return err
		}
		kinds := uint32(1<<uint(g.nk)) - 1
		if len(a.Pieces) > 0 {
			kinds = 0
			for _, id := range a.Pieces {
				k, err := g.kindOf(fmt.Sprintf("rules.afterlife[%d].pieces entry", i), id)
				if err != nil {
					return err
				}
				kinds |= 1 << uint(k)
			}
		}
		for _, name := range a.From {
			b, err := boardIndex(fmt.Sprintf("rules.afterlife[%d].from entry", i), name)
			if err != nil {
				return err
			}
			if b == to {
				return bad("rules.afterlife[%d] sends a piece from board %q to itself", i, name)
			}
			for k := 0; k < g.nk; k++ {
				if kinds>>uint(k)&1 != 0 && pl.afterlife[b][k] < 0 { // the first entry decides
					pl.afterlife[b][k] = int8(to)
				}
			}
		}
	}
	if err := pl.checkAcyclic(g); err != nil {
		return err
	}
	for i, a := range s.Rules.AfterCapture {
		to, err := boardIndex(fmt.Sprintf("rules.after_capture[%d].to", i), a.To)
		if err != nil {
			return err
		}
		for _, name := range a.On {
			b, err := boardIndex(fmt.Sprintf("rules.after_capture[%d].on entry", i), name)
			if err != nil {
				return err
			}
			if b == to || pl.capture[b] >= 0 {
				return bad("rules.after_capture[%d].on entry %q is its own to or in another entry", i, name)
			}
			pl.capture[b] = int8(to)
		}
	}
	for i, pr := range s.Rules.Presence {
		rule := presenceRule{result: pr.ResultOrDefault(), kinds: uint32(1<<uint(g.nk)) - 1}
		if len(pr.Pieces) > 0 {
			rule.kinds = 0
			for _, id := range pr.Pieces {
				k, err := g.kindOf(fmt.Sprintf("rules.presence[%d].pieces entry", i), id)
				if err != nil {
					return err
				}
				rule.kinds |= 1 << uint(k)
			}
		}
		boards := make([]bool, g.nb)
		for _, name := range pr.Boards {
			b, err := boardIndex(fmt.Sprintf("rules.presence[%d].boards entry", i), name)
			if err != nil {
				return err
			}
			boards[b] = true
		}
		for sq := 0; sq < g.n; sq++ {
			if len(pr.Boards) == 0 || boards[g.boardOf(sq)] {
				rule.on.set(sq)
			}
		}
		if g.body != 0 {
			rule.kinds &^= 1 << uint(g.body-1) // a body square is no piece of its own
		}
		pl.presence = append(pl.presence, rule)
	}
	if len(pl.presence) > 0 {
		g.boardEndings = true
	}
	if err := g.loadPowers(pl, itemIndex); err != nil {
		return err
	}
	if err := g.loadStatuses(pl, itemIndex, resIndex); err != nil {
		return err
	}
	statusIndex := func(name string) int {
		return slices.IndexFunc(pl.statuses, func(s statusRule) bool { return s.name == name })
	}
	if err := g.loadMarket(pl, itemIndex, resIndex, statusIndex); err != nil {
		return err
	}
	if err := g.loadActions(pl, resIndex, statusIndex); err != nil {
		return err
	}
	if err := g.loadChaos(pl, itemIndex, resIndex, statusIndex); err != nil {
		return err
	}
	if pl.hasPlanesChance() {
		g.chance = &chanceRules{} // no die, no hazard: the chance nodes are the family's own (market.go)
	}
	if err := pl.addHiddenSlots(g, s); err != nil {
		return err
	}
	if pl.passKill {
		pl.slideOver = g.slideSquares()
	}
	g.planes = pl
	return nil
}

// slideSquares is, per (player, kind, square) as gens, every square a
// slide from there can pass over or land on: a move whose piece's set
// holds none of passSq passes no square that stops it.
func (g *Game) slideSquares() []bitset {
	out := make([]bitset, len(g.genStart)-1)
	for idx := range out {
		for _, e := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
			if e.typ == genSlide {
				for _, sq := range g.pool[e.off : e.off+uint32(e.n)] {
					out[idx].set(int(sq))
				}
			}
		}
	}
	return out
}

// checkAcyclic refuses afterlives that could send a piece round for ever.
func (pl *planesRules) checkAcyclic(g *Game) error {
	for k := 0; k < g.nk; k++ {
		for b := range pl.afterlife {
			at := b
			for steps := 0; pl.afterlife[at][k] >= 0; steps++ {
				if steps >= g.nb {
					return bad("rules.afterlife sends %s from board %q round for ever", g.kinds[k].id, g.boardNames[b])
				}
				at = int(pl.afterlife[at][k])
			}
		}
	}
	return nil
}

// loadPlanesKeys draws the family's keys from a stream of their own.
func (g *Game) loadPlanesKeys() {
	pl := g.planes
	if pl == nil {
		return
	}
	rng := splitmix.Stream{State: 0x706c616e6573}
	pl.zItem = make([]uint64, len(pl.items)*16*g.n)
	for i := range pl.zItem {
		pl.zItem[i] = rng.Next()
	}
	pl.zPurse = rng.Next()
}

// The tags of mixKey's keys, one per kind of state.
const (
	keyPurse = iota + 1
	keyStatus
	keyPrice
	keyUnlocked
	keyToUnlock
	keyBan
	keyAgain
	keyChaos
	keyUnseenItems
	keyBody
)

// mixKey is the hash key of a value of the family's state that has too
// many values for a table: tag says which state, a where (a square, a
// player and resource, a card), v the value.
func (pl *planesRules) mixKey(tag, a, v uint64) uint64 {
	x := splitmix.Stream{State: pl.zPurse ^ tag<<56 ^ a<<40 ^ v}
	return x.Next()
}

// purseKey is the hash key of player s holding v of resource r.
func (pl *planesRules) purseKey(s, r int, v int16) uint64 {
	return pl.mixKey(keyPurse, uint64(s*maxResources+r), uint64(uint16(v)))
}

func (pl *planesRules) itemKey(g *Game, it, count, sq int) uint64 {
	return pl.zItem[(it*16+count)*g.n+sq]
}

// startPlanes lays the setup's items and fills the purses.
func (p *Position) startPlanes() {
	pl := p.g.planes
	if pl == nil {
		return
	}
	p.itemN = append([]uint8(nil), pl.start...)
	p.again, p.resume = -1, -1
	p.startMarket()
	p.refreshPass()
	if p.stw != nil {
		p.startStatuses()
	}
	for s := 0; s < 2; s++ {
		for r, rr := range pl.res {
			p.purse[s][r] = rr.start
		}
	}
}

// refreshPass recomputes the squares whose items stop a slide.
func (p *Position) refreshPass() {
	pl := p.g.planes
	p.passSq = bitset{}
	if !pl.passKill {
		return
	}
	n := p.g.n
	for i, it := range pl.items {
		if !it.pass {
			continue
		}
		for sq, c := range p.itemN[i*n : (i+1)*n] {
			if c > 0 {
				p.passSq.set(sq)
			}
		}
	}
}

// planesHash is the items' and purses' share of the hash.
func (p *Position) planesHash() uint64 {
	pl := p.g.planes
	if pl == nil {
		return 0
	}
	var h uint64
	n := p.g.n
	for i := range pl.items {
		for sq, c := range p.itemN[i*n : (i+1)*n] {
			if c > 0 {
				h ^= pl.itemKey(p.g, i, int(c), sq)
			}
		}
	}
	for s := 0; s < 2; s++ {
		for r := range pl.res {
			h ^= pl.purseKey(s, r, p.purse[s][r])
		}
	}
	return h ^ p.statusesHash() ^ p.marketHash() ^ p.actionsHash() ^ p.chaosHash() ^ p.bodyHash()
}

// stopsSlide reports whether a slide of the piece of kind k on from over
// sq stops there: an item on it kills what passes, and neither k nor the
// piece's statuses are immune to it.
func (p *Position) stopsSlide(sq, k, from int) bool {
	if !p.passSq.has(sq) {
		return false
	}
	n := p.g.n
	pl := p.g.planes
	immune := pl.statusImmunity(p.stAt(from))
	for i, it := range pl.items {
		if it.pass && p.itemN[i*n+sq] > 0 && it.immune>>uint(k)&1 == 0 && immune>>uint(i)&1 == 0 {
			return true
		}
	}
	return false
}

// dropPassedSlides removes from buf[start:] the slides that pass over a
// square whose items stop them (stopsSlide): the slide ends there, a
// move of its own. The move tables know nothing of items, so the moves
// are made as on a bare board and the passing ones dropped here; a move
// some leap, lame leap or hop of the piece also makes, or some slide
// makes without passing such a square, stays.
func (p *Position) dropPassedSlides(buf []Move, start int) []Move {
	if p.passSq.empty() {
		return buf // nothing on the board stops a slide
	}
	n := start
	lastFrom := -1
	var passing bitset // the landings of lastFrom's piece that pass a stop
	for _, m := range buf[start:] {
		if t := m.typ(); (t == moveNormal || t == moveDouble) && m&mvStay == 0 {
			if from := m.From(); from != lastFrom {
				lastFrom, passing = from, p.passingLandings(from)
			}
			if passing.has(m.To()) {
				continue
			}
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// passingLandings is the squares the piece on from can reach only by a
// slide over a square that stops it: one walk of its entries, where
// asking move by move would walk them once a move.
func (p *Position) passingLandings(from int) bitset {
	g := p.g
	c := p.board[from]
	k, s := codeKind(c), codeOwner(c)
	if s >= maxSeats { // a neutral piece moves with the side's tables
		s = p.side
	}
	idx := (s*g.nk+k)*g.n + from
	var clean, passed bitset
	if !g.planes.slideOver[idx].intersects(&p.passSq) {
		return passed // no slide of the piece goes near a square that stops it
	}
	for _, e := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
		switch e.typ {
		case genLeap, genLame:
			clean.set(int(e.to))
		case genHop:
			for _, sq := range g.pool[e.off : e.off+uint32(e.n)] {
				clean.set(int(sq))
			}
		case genSlide:
			stopped := false // a square walked so far stops the slide
			for _, sq := range g.pool[e.off : e.off+uint32(e.n)] {
				if stopped {
					passed.set(int(sq))
				} else {
					clean.set(int(sq))
				}
				if p.board[sq] != 0 && !p.ownBody(int(sq), from) {
					break
				}
				stopped = stopped || p.stopsSlide(int(sq), k, from)
			}
		}
	}
	passed.andNot(&clean)
	return passed
}

// setItem changes an item count, logged, hash in p.fxh.
func (p *Position) setItem(it, sq int, c uint8) {
	pl := p.g.planes
	i := it*p.g.n + sq
	old := p.itemN[i]
	if old == c {
		return
	}
	p.planeLog = append(p.planeLog, planeChg{what: chgItem, a: uint8(it), b: uint8(sq), old: uint64(old)})
	if old > 0 {
		p.fxh ^= pl.itemKey(p.g, it, int(old), sq)
	}
	if c > 0 {
		p.fxh ^= pl.itemKey(p.g, it, int(c), sq)
	}
	p.itemN[i] = c
	if pl.items[it].pass {
		p.refreshPassAt(sq)
	}
}

func (p *Position) refreshPassAt(sq int) {
	n := p.g.n
	p.passSq.clear(sq)
	for i, it := range p.g.planes.items {
		if it.pass && p.itemN[i*n+sq] > 0 {
			p.passSq.set(sq)
		}
	}
}

// addPurse adds d (capped at the resource's max) to a player's resource.
func (p *Position) addPurse(s, r int, d int) {
	pl := p.g.planes
	old := p.purse[s][r]
	v := min(int(old)+d, int(pl.res[r].max))
	if int16(v) == old {
		return
	}
	p.planeLog = append(p.planeLog, planeChg{what: chgPurse, a: uint8(s), b: uint8(r), old: uint64(uint16(old))})
	p.fxh ^= pl.purseKey(s, r, old) ^ pl.purseKey(s, r, int16(v))
	p.purse[s][r] = int16(v)
}

// makePlanes is Make for a game with schema 36's and 37's keys: the
// move's own change (with the capture's upgrade or gain), then every
// arrival it sets off, then the end of the turn (statuses wearing off,
// income).
func (p *Position) makePlanes(m Move) {
	g := p.g
	s := p.side
	from, to := m.From(), m.To()
	oldVirgin := p.virgin
	epVictim := p.epVictim
	u, h := p.pushUndo(m)
	u.planeSide = int8(s)
	pc := u.moved
	c0, l0 := len(p.chg), len(p.planeLog)
	p.fxh = h
	p.arrivals = 0
	p.moverSq = -1
	progress := false
	chaosResume := -1
	second := p.again >= 0 // this move is a piece's extra move, or the pass that declines it
	if second {
		if m.typ() != movePass {
			cost := p.extraCostOf(p.stAt(int(p.again)))
			for r := range g.planes.res {
				if cost[r] > 0 {
					p.addPurse(s, r, -int(cost[r]))
				}
			}
		}
		p.setAgain(-1)
	}
	switch typ := m.typ(); typ {
	case movePass:
	case moveBuy:
		p.makeBuy(m)
	case moveAbility:
		p.makeAbility(m)
	case moveChaos:
		chaosResume = p.makeChaos(m)
	case moveJump:
		mover := p.take(from)
		mover.mover = true
		dx, dy, took := p.makeJump(m, &mover)
		if took && codeOwner(mover.code) < 2 {
			mover.st = p.afterCapture(mover.st, codeKind(pc), m)
		}
		if pr := m.Promotion(); pr >= 0 { // an upgrade to a kind
			mover.code = pieceCode(pr, s)
		}
		mover.st = g.planes.spendForced(mover.st)
		progress = p.arrive(mover, to, dx, dy) || took || progress
	case moveCastle:
		rf, rt := m.aux(), m.aux2()
		king, rook := p.take(from), p.take(rf)
		king.mover = true
		progress = p.arrive(king, to, sign(g.fileOf[to]-g.fileOf[from]), 0) || progress
		progress = p.arrive(rook, rt, sign(g.fileOf[rt]-g.fileOf[rf]), 0) || progress
	default:
		// A move onto a guarded piece captures nothing: the mover dies.
		captures := m&mvCapture != 0 && !(m&mvStay == 0 && p.protected(to, p.board[to]))
		if typ == moveEnPassant {
			p.dies(p.take(epVictim), epVictim)
			progress = true
		}
		if m&mvStay != 0 {
			// A shot is the piece's own move: it spends a forced status
			// as any move of the piece does.
			p.dies(p.take(to), to)
			p.setSt(from, p.afterCapture(g.planes.spendForced(p.stAt(from)), codeKind(pc), m))
			p.moverSq = from
			progress = true
			break
		}
		mover := p.take(from)
		mover.mover = true
		mover.st = g.planes.spendForced(mover.st)
		if pr := m.Promotion(); pr >= 0 {
			mover.code = pieceCode(pr, s)
			progress = true
		}
		if captures && codeOwner(mover.code) < 2 { // a neutral piece gains nothing by capturing
			mover.st = p.afterCapture(mover.st, codeKind(pc), m)
		}
		dx, dy := p.moveStep(m, codeKind(pc))
		progress = p.arrive(mover, to, dx, dy) || progress
		if typ == moveDouble && p.board[to] == mover.code {
			p.fxh = p.setEP(p.fxh, m)
		}
		p.spawnAfter(m)
	}
	if g.planes.anyNeutral && m.typ() != moveChaos {
		var ban uint16
		if pc != 0 && codeOwner(pc) == wildOwner && (m.typ() == moveNormal || m.typ() == moveDouble) && p.moverSq >= 0 {
			ban = uint16(from)<<8 | uint16(p.moverSq) + 1 // the way back from where it ended, for the other player's next move
		}
		p.setBan(ban)
	}
	if g.planes.size != 0 {
		p.growAll(m) // the statuses with size this move gave
	}
	again := !second && (m.typ() == moveNormal || m.typ() == moveDouble || m.typ() == moveJump) && p.extraMoveDue(s)
	switch {
	case m.typ() == moveChaos: // a choice ends no turn
	case again:
		p.setAgain(int16(p.moverSq))
	default:
		p.endPlanesTurn(s)
	}
	u.nPlane = uint16(len(p.planeLog) - l0)
	h = p.squareLogDone(u, c0, oldVirgin)
	p.endMove(h, u, progress, from != to, false)
	switch {
	case again: // the turn goes on: the same player moves that piece again, or passes
		p.side = s
		p.hash ^= g.zSide
	case m.typ() == moveChaos:
		// Play resumes with the player whose turn it is, or the next
		// offer is drawn, chosen by whom it is owed.
		next := s
		if chaosResume >= 0 {
			next = chaosResume
		}
		if p.side != next {
			p.side = next
			p.hash ^= g.zSide
		}
	}
}

// endPlanesTurn ends mover's turn: one of each status that wears off is
// removed from its pieces, then income is paid (with what statuses add).
func (p *Position) endPlanesTurn(mover int) {
	g := p.g
	pl := g.planes
	if pl.wearsOff != 0 {
		for sq, w := range p.stw {
			if w != 0 && p.board[sq] != 0 && codeOwner(p.board[sq]) == mover {
				p.setSt(sq, pl.wearOne(w))
			}
		}
	}
	for r, rr := range pl.res {
		switch {
		case rr.income == 0 && !pl.statusIncome[r]:
		case rr.perTurn:
			p.addPurse(mover, r, int(rr.income)+p.statusIncome(mover, r))
		case mover == 0:
			p.addPurse(0, r, int(rr.income)+p.statusIncome(0, r))
			p.addPurse(1, r, int(rr.income)+p.statusIncome(1, r))
		}
	}
}

// unmakePlanes puts back what makePlanes changed, newest first.
func (p *Position) unmakePlanes(u *undoRec) {
	p.unmakeFx(u)
	if !u.move.IsNull() { // a move, not a chance outcome (market.go)
		p.side = int(u.planeSide)
	}
	k := len(p.planeLog) - int(u.nPlane)
	n := p.g.n
	for i := len(p.planeLog) - 1; i >= k; i-- {
		c := p.planeLog[i]
		switch c.what {
		case chgPurse:
			p.purse[c.a][c.b] = int16(uint16(c.old))
		case chgStatus:
			p.stw[c.b] = c.old
		case chgMarket:
			p.price[c.a], p.toUnlock = int16(uint16(c.old)), c.b
		case chgUnlocked:
			p.unlocked = uint32(c.old)
		case chgBan:
			p.ban = uint16(c.old)
		case chgAgain:
			p.again = int16(uint16(c.old))
		case chgOffers:
			p.offers = [2]uint8{uint8(c.old), uint8(c.old >> 8)}
		case chgOfferSet:
			p.offerSet, p.resume = uint16(c.old), int8(uint8(c.old>>16))
		case chgSide:
			p.side = int(c.old)
		case chgBody:
			p.link[c.b] = uint32(c.old)
		default:
			p.itemN[int(c.a)*n+int(c.b)] = uint8(c.old)
			if p.g.planes.items[c.a].pass {
				p.refreshPassAt(int(c.b))
			}
		}
	}
	p.planeLog = p.planeLog[:k]
}

// moveStep is the step a slide item repeats after move m of kind k: the
// whole vector for a leap, one square of the line otherwise; (0, 0) for a
// move to another board, which has no direction here.
func (p *Position) moveStep(m Move, k int) (dx, dy int) {
	g := p.g
	from, to := m.From(), m.To()
	if g.boardOf(from) != g.boardOf(to) {
		return 0, 0
	}
	dx, dy = g.fileOf[to]-g.fileOf[from], g.rankOf[to]-g.rankOf[from]
	idx := (p.side*g.nk+k)*g.n + from
	for _, e := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
		if (e.typ == genLeap || e.typ == genLame) && int(e.to) == to && !e.stay {
			return dx, dy
		}
	}
	d := gcd(abs(dx), abs(dy))
	if d == 0 {
		return 0, 0
	}
	return dx / d, dy / d
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// carried is a piece off the board for a moment: its code and its
// statuses (schema 37), which go wherever it goes.
type carried struct {
	code  uint8
	st    uint64
	mover bool       // the piece the move moved: where it ends is p.moverSq
	body  []bodyPart // a larger piece's body squares (schema 44, size.go)
}

// take lifts the piece on sq off the board, logged: a larger piece with
// its body, a body square alone (its piece shrinks).
func (p *Position) take(sq int) carried {
	c := carried{code: p.board[sq], st: p.stAt(sq)}
	if p.link != nil {
		if p.link[sq] != 0 {
			p.loseBodySquare(sq)
		} else if c.code != 0 && p.g.planes.sizeOf(c.st) > 0 {
			c.body = p.liftBody(sq)
		}
	}
	p.fxSet(sq, 0, false)
	p.setSt(sq, 0)
	return c
}

// place puts a lifted piece on the empty square sq, logged, and a larger
// piece's body at its offsets; it reports whether the body took a piece.
func (p *Position) place(sq int, c carried) bool {
	p.fxSet(sq, c.code, false)
	died := false
	if len(c.body) > 0 {
		c.st, died = p.placeBody(sq, c)
	}
	p.setSt(sq, c.st)
	if c.mover {
		p.moverSq = sq
	}
	return died
}

// dies sends piece c, which died on sq (already off the board), to its
// afterlife: the same square of the board its statuses' afterlife or the
// first matching rules.afterlife entry names, or out of the game.
func (p *Position) dies(c carried, sq int) {
	g := p.g
	if g.body != 0 {
		switch {
		case g.isBody(c.code): // a body square alone: its piece has shrunk
			return
		case len(c.body) > 0:
			p.shrinkInto(c, sq)
			return
		}
		c.st = g.planes.withSize(c.st, 0) // a growth owed dies with the piece
	}
	if it := g.planes.deathItem[codeKind(c.code)]; it >= 0 {
		p.addItem(it, sq, 1)
	}
	b := g.boardOf(sq)
	to := p.g.planes.statusAfterlife(c.st, b)
	if to < 0 {
		to = int(g.planes.afterlife[b][codeKind(c.code)])
	}
	if to >= 0 {
		p.arrive(c, g.across(sq, to), 0, 0)
	}
}

// arrive moves piece c onto square t (c stands nowhere yet): an enemy
// there is captured, an ally kills c, and the items on t act on c. dx, dy
// is the step a slide item repeats. It reports whether a piece died.
func (p *Position) arrive(c carried, t int, dx, dy int) bool {
	g := p.g
	pl := g.planes
	if p.arrivals++; p.arrivals > maxArrivals {
		panic("planes: a move's arrivals do not end")
	}
	if occ := p.board[t]; occ != 0 {
		// A neutral piece is every player's ally; moved, it takes the
		// pieces of the player who is not moving.
		enemy := codeOwner(occ) != codeOwner(c.code) && codeOwner(occ) != wildOwner
		if codeOwner(c.code) == wildOwner {
			enemy = codeOwner(occ) == opponent(p.side)
		}
		if !enemy || p.protected(t, occ) {
			// Onto an ally, or an enemy that cannot be captured: the
			// piece moved dies there.
			if c.mover {
				p.moverSq = -1
			}
			p.dies(c, t)
			return true
		}
		p.dies(p.take(t), t)
		if p.board[t] != 0 {
			// The victim's afterlife brought a piece back here (through
			// after_capture): the arrival starts again.
			p.arrive(c, t, dx, dy)
			return true
		}
		if to := pl.capture[g.boardOf(t)]; to >= 0 {
			p.arrive(c, g.across(t, int(to)), 0, 0)
			return true
		}
		p.place(t, c)
		p.itemsAct(p.asPlaced(c, t), t, dx, dy)
		if pl.diesOn != nil && p.board[t] == c.code && pl.diesOnArrival(c.code, t) {
			if c.mover {
				p.moverSq = -1
			}
			dead := p.take(t)
			dead.mover = c.mover
			p.dies(dead, t)
		}
		return true
	}
	died := p.place(t, c)
	died = p.itemsAct(p.asPlaced(c, t), t, dx, dy) || died
	if pl.diesOn != nil && p.board[t] == c.code && pl.diesOnArrival(c.code, t) {
		if c.mover {
			p.moverSq = -1
		}
		dead := p.take(t)
		dead.mover = c.mover
		p.dies(dead, t)
		return true
	}
	return died
}

// asPlaced is piece c as it stands on t once placed: a larger piece's
// statuses after its body's losses, its body on the board.
func (p *Position) asPlaced(c carried, t int) carried {
	if p.link == nil {
		return c
	}
	return carried{code: c.code, st: p.stAt(t), mover: c.mover}
}

// itemsAct lets the items on t act on piece c standing there: first every
// gain, then the first item that kills, else the first that slides (with
// a step to repeat); a consumed item goes when it acts. It reports
// whether a piece died.
func (p *Position) itemsAct(c carried, t int, dx, dy int) bool {
	g := p.g
	pl := g.planes
	k, s := codeKind(c.code), codeOwner(c.code)
	immune := pl.statusImmunity(c.st)
	acts := func(i int) bool {
		return p.itemN[i*g.n+t] > 0 && pl.items[i].immune>>uint(k)&1 == 0 && immune>>uint(i)&1 == 0
	}
	for i := range pl.items {
		it := &pl.items[i]
		if it.chaos && acts(i) {
			owner := s
			if owner == wildOwner {
				owner = p.side
			}
			if owner < 2 {
				p.owe(owner)
			}
			if it.consumed && !it.gains {
				p.setItem(i, t, 0)
			}
		}
		if !it.gains || !acts(i) {
			continue
		}
		n := int(p.itemN[i*g.n+t])
		if s == wildOwner {
			s = p.side // a neutral piece's gain goes to the player moving
		}
		if s < 2 {
			for r, gain := range it.gain[:len(pl.res)] {
				if gain > 0 {
					p.addPurse(s, r, int(gain)*n)
				}
			}
		}
		if it.consumed {
			p.setItem(i, t, 0)
		}
	}
	for _, i := range pl.actOrder {
		if it := &pl.items[i]; it.kill && acts(i) {
			if it.consumed {
				p.consumeAll(i, t)
			}
			p.killOn(c, t)
			return true
		}
	}
	if dx == 0 && dy == 0 {
		// An arrival with no direction: nothing to slide on.
		return p.restsOn(c, t, acts)
	}
	for i := range pl.items {
		it := &pl.items[i]
		if !it.slide || !acts(i) {
			continue
		}
		if it.consumed {
			p.setItem(i, t, 0)
		}
		mover := c.mover
		c = p.take(t)
		c.mover = mover
		if mover {
			p.moverSq = -1
		}
		x, y := g.fileOf[t]+dx, g.rankOf[t]+dy
		if x < 0 || y < 0 || x >= g.w || y >= g.h {
			return true // off the board: out of the game
		}
		next := g.at(g.boardOf(t), x, y)
		if g.wall.has(next) || g.offBoard.has(next-g.boardOf(t)*g.bsq) {
			return true
		}
		// A slide is no death: the no-progress clock goes on unless one
		// follows.
		return p.arrive(c, next, dx, dy)
	}
	return p.restsOn(c, t, acts)
}

// killOn kills piece c, standing on t: it goes where its afterlife puts
// it, followed there when it is the piece the move moved.
func (p *Position) killOn(c carried, t int) {
	dead := p.take(t)
	dead.mover = c.mover
	if c.mover {
		p.moverSq = -1
	}
	p.dies(dead, t)
}

// NumItems is how many kinds of item the game declares (schema 36).
func (g *Game) NumItems() int {
	if g.planes == nil {
		return 0
	}
	return len(g.planes.items)
}

// ItemID is an item kind's id.
func (g *Game) ItemID(i int) string {
	if i < 0 || i >= g.NumItems() {
		return ""
	}
	return g.planes.items[i].id
}

// NumResources is how many resources the game declares (schema 36).
func (g *Game) NumResources() int {
	if g.planes == nil {
		return 0
	}
	return len(g.planes.res)
}

// ResourceName is a resource's name.
func (g *Game) ResourceName(r int) string {
	if r < 0 || r >= g.NumResources() {
		return ""
	}
	return g.planes.res[r].name
}

// ResourceValue is what one unit of a resource is worth, in pawns.
func (g *Game) ResourceValue(r int) float64 {
	if r < 0 || r >= g.NumResources() {
		return 0
	}
	return g.planes.res[r].value
}

// ItemCount is how many of item i lie on sq.
func (p *Position) ItemCount(i, sq int) int {
	if i < 0 || i >= p.g.NumItems() || sq < 0 || sq >= p.g.n {
		return 0
	}
	return int(p.itemN[i*p.g.n+sq])
}

// Purse is how much of resource r player s holds.
func (p *Position) Purse(s, r int) int {
	if s < 0 || s > 1 || r < 0 || r >= p.g.NumResources() {
		return 0
	}
	return int(p.purse[s][r])
}

// presenceOutcome is rules.presence after a move: a player with none of
// an entry's pieces on its boards gets its result; both at once, a draw.
func (p *Position) presenceOutcome() status {
	var lost [2]int // the entry each player meets, plus one
	for i, pr := range p.g.planes.presence {
		for q := 0; q < 2; q++ {
			if lost[q] == 0 && !p.presentOn(q, &pr) {
				lost[q] = i + 1
			}
		}
	}
	switch {
	case lost[0] > 0 && lost[1] > 0:
		return status{decided: true, winner: -1, rule: ruleExtinction}
	case lost[0] > 0:
		return resultFor(0, p.g.planes.presence[lost[0]-1].result, ruleExtinction)
	case lost[1] > 0:
		return resultFor(1, p.g.planes.presence[lost[1]-1].result, ruleExtinction)
	}
	return status{}
}

func (p *Position) presentOn(q int, pr *presenceRule) bool {
	for m := pr.kinds; m != 0; m &= m - 1 {
		k := bits.TrailingZeros32(m)
		bb := &p.kindBB[q][k]
		for w := 0; w < 4; w++ {
			if bb[w]&pr.on[w] != 0 {
				return true
			}
		}
	}
	return false
}

// planesNotation is the items' and purses' notation (NOTATION.md):
// items:ID@SQ,ID@SQ*N,... every item lying on the board (N when more than
// one lies there), purse:NAME=W/B,... each resource the players hold, and
// status:SQ=NAME+NAME*N,... the pieces' statuses, each left out when there
// is none.
var planesNotation = notationField{
	present: func(g *Game) bool { return g.planes != nil },
	write:   (*Position).planesField,
	read:    (*Position).readPlanes,
	colon:   true,
	finish:  (*Position).planesFinish,
	start: func(p *Position) {
		clear(p.itemN)
		clear(p.stw)
		clear(p.link)
		p.ban, p.again = 0, -1
		p.offers, p.offerSet, p.resume = [2]uint8{}, 0, -1
		if m := p.g.planes.market; m != nil {
			for i, c := range m.cards {
				p.price[i] = c.price
			}
			p.unlocked, p.toUnlock = 0, 0
		}
		p.purse = [2][maxResources]int16{}
		p.refreshPass()
	},
}

func (p *Position) planesField() string {
	g := p.g
	pl := g.planes
	var b strings.Builder
	var items []string
	for i, it := range pl.items {
		id := it.fenID()
		for sq, c := range p.itemN[i*g.n : (i+1)*g.n] {
			switch {
			case c == 1:
				items = append(items, id+"@"+g.names[sq])
			case c > 1:
				items = append(items, id+"@"+g.names[sq]+"*"+strconv.Itoa(int(c)))
			}
		}
	}
	if len(items) > 0 {
		b.WriteString(" items:" + strings.Join(items, ","))
	}
	var purses []string
	for r, rr := range pl.res {
		if p.purse[0][r] != 0 || p.purse[1][r] != 0 {
			purses = append(purses, fmt.Sprintf("%s=%d/%d", rr.name, p.purse[0][r], p.purse[1][r]))
		}
	}
	if len(purses) > 0 {
		b.WriteString(" purse:" + strings.Join(purses, ","))
	}
	if p.ply%2 != p.side {
		// A turn that went on (a second move) or a choice handed over
		// (chaos) leaves the side out of step with the plies: the move
		// number cannot say the ply.
		b.WriteString(" ply:" + strconv.Itoa(p.ply))
	}
	return b.String() + p.statusField() + p.bodyField() + p.marketField() + p.actionsField() + p.chaosField()
}

// planesFinish sets the ply a ply: field gave, over the move number's.
func (p *Position) planesFinish(r *fenRead) error {
	if err := p.bodyFinish(); err != nil {
		return err
	}
	v, ok := r.held["ply"]
	if !ok {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 1<<20 || n/2+1 != r.full || n%2 == p.side {
		return fmt.Errorf("ply:%s must be a ply of move %d whose parity is not the side to move's (else leave it out)", v, r.full)
	}
	p.ply = n
	return nil
}

func (p *Position) readPlanes(r *fenRead, key, value string) (bool, error) {
	g := p.g
	pl := g.planes
	switch key {
	case "items":
		for _, entry := range strings.Split(value, ",") {
			id, where, ok := strings.Cut(entry, "@")
			if !ok {
				return true, fmt.Errorf("items: %q must be ID@SQUARE", entry)
			}
			count := 1
			if name, n, many := strings.Cut(where, "*"); many {
				v, err := strconv.Atoi(n)
				if err != nil || v < 2 {
					return true, fmt.Errorf("items: %q: the count after * must be 2 or more", entry)
				}
				where, count = name, v
			}
			it := slices.IndexFunc(pl.items, func(r itemRule) bool { return r.fenID() == id })
			if it < 0 {
				return true, fmt.Errorf("items: %q names no item", entry)
			}
			sq, ok := g.parseSquare(where)
			if !ok || g.wall.has(sq) {
				return true, fmt.Errorf("items: %q is not a square on this board", entry)
			}
			if count > int(pl.items[it].stack) || p.itemN[it*g.n+sq] != 0 {
				return true, fmt.Errorf("items: %q: more than %d on one square, or the square written twice", entry, pl.items[it].stack)
			}
			p.itemN[it*g.n+sq] = uint8(count)
		}
		p.refreshPass()
		return true, nil
	case "ply":
		r.hold(key, value) // set once the move number has set the ply (planesFinish)
		return true, nil
	case "status":
		return true, p.readStatus(value)
	case "body":
		return true, p.readBody(value)
	case "market", "unlock", "curse":
		return true, p.readMarket(key, value)
	case "ban", "again":
		return true, p.readActions(key, value)
	case "offers", "offer", "resume":
		return true, p.readChaos(key, value)
	case "purse":
		for _, entry := range strings.Split(value, ",") {
			name, counts, ok := strings.Cut(entry, "=")
			w, b, ok2 := strings.Cut(counts, "/")
			r := slices.IndexFunc(pl.res, func(rr resourceRule) bool { return rr.name == name })
			if !ok || !ok2 || r < 0 {
				return true, fmt.Errorf("purse: %q must be NAME=WHITE/BLACK with a resource's name", entry)
			}
			for s, v := range []string{w, b} {
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 || n > int(pl.res[r].max) {
					return true, fmt.Errorf("purse: %q: %q must be 0 to %d", entry, v, pl.res[r].max)
				}
				p.purse[s][r] = int16(n)
			}
		}
		return true, nil
	}
	return false, nil
}
