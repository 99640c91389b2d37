package engine

// What a capture does beyond removing a piece (explode_on_capture, strike,
// contacts) and what a move claims (territory). A game with any of these
// plays every move through one path: fxPlay computes the squares a move
// changes and writes each through fxSet, which either records (square, old
// contents) for Unmake and keeps the hash (Make), or only changes the board
// and occupancy for a legality test (the light make). Games without them
// never come here, so the square-board fast paths are untouched.

import (
	"fmt"
	"strings"

	"balancefarm/engine/rules"
	"balancefarm/internal/splitmix"
)

// Where a strike or contact leaves the two pieces.
const (
	posAdvance = iota
	posStay
	posSwap
	posChoose
	posHome
)

func positionCode(s string) int {
	switch s {
	case "stay":
		return posStay
	case "swap":
		return posSwap
	case "choose":
		return posChoose
	case "home":
		return posHome
	}
	return posAdvance
}

// contactLink is one rules.contacts link: what mover and target become
// (-1 for the target: removed).
type contactLink struct {
	ok      bool
	moverTo int
	ontoTo  int
}

type fxRule struct {
	explode     bool
	radius      int
	blastImmune uint32             // kind bits that survive standing in a blast
	by, of      uint32             // kind bits whose captures explode
	ring        [][]uint8          // per square, the other squares within radius
	ringMask    []uint64           // ring as a mask, on a board of one word
	royalBy     uint32             // royal kinds in by: their own capture destroys them
	landing     [maxSeats][][2]int // choose: landing vectors per player, board frame

	strike    bool
	sCapture  bool // effect capture (else the chain transforms)
	sPos      int
	sChain    []int // per kind: what a struck piece becomes, -1 removed
	sImmune   uint32
	switches  uint32
	contacts  bool
	cPos      int
	cImmune   uint32
	links     [2][][]contactLink // [own][mover][onto]
	ownMovers uint32             // kinds with an own link
	stays     bool               // a strike or contact may leave its mover where it stood (staysPut)
	// homeAt is homeSquare's answer (player -> kind -> square), worked
	// out at load where a strike or contact sends pieces home: fxPlace
	// asks it on every such capture the legality test plays.
	homeAt [2][][]int16

	territory bool
	permanent bool
	winAt     int
	zClaim    [maxSeats][]uint64
}

// fxState is a capture-effects or territory game's position state (the
// position embeds it): every change a move makes to the board and the
// hands is recorded, so Unmake puts them back without a copy.
type fxState struct {
	chg     []sweptRec // (square, old contents) of every change a capture-effects move made
	fxHands []uint8    // kinds handed by those moves (bit 7: taken out by a drop)
	fxh     uint64     // the hash while fxPlay runs
}

// territoryState is the claimed squares of rules.territory (the position
// embeds it).
type territoryState struct {
	claim  [maxSquares]uint8 // 0 unclaimed, else owner+1
	claimN [maxSeats]int
	claims []sweptRec // (square, old claim) per territory claim
}

// fxUndo is how much a move pushed on the stacks of fxState and
// territoryState (the undo record embeds it).
type fxUndo struct {
	nChg   uint16
	nHands uint8
	nClaim uint8
}

// loadFx compiles the capture and territory families.
func (g *Game) loadFx() error {
	r := &g.spec.Rules
	if r.ExplodeOnCapture == nil && r.Strike == nil && r.Contacts == nil && r.Territory == nil && len(r.NPCs) == 0 {
		return nil
	}
	fx := &fxRule{}
	kinds := func(where string, ids []string, none uint32) (uint32, error) {
		if ids == nil {
			return none, nil
		}
		var m uint32
		for _, id := range ids {
			k, err := g.kindOf(where, id)
			if err != nil {
				return 0, err
			}
			m |= 1 << uint(k+1)
		}
		return m, nil
	}
	var err error
	all := allKinds(g.nk)
	if x := r.ExplodeOnCapture; x != nil {
		fx.explode = true
		fx.radius = x.RadiusOrDefault()
		if fx.radius < 0 || fx.radius > 3 {
			return bad("rules.explode_on_capture.radius must be 0 to 3")
		}
		if fx.blastImmune, err = kinds("rules.explode_on_capture.immune", x.Immune, 0); err != nil {
			return err
		}
		if fx.by, err = kinds("rules.explode_on_capture.by", x.By, all); err != nil {
			return err
		}
		if fx.of, err = kinds("rules.explode_on_capture.of", x.Of, all); err != nil {
			return err
		}
		fx.royalBy = fx.by & g.royalMask
		fx.ring = make([][]uint8, g.n)
		for sq := 0; sq < g.n; sq++ {
			for t := 0; t < g.n; t++ {
				if t != sq && !g.wall.has(t) && max(abs(g.fileOf[t]-g.fileOf[sq]), abs(g.rankOf[t]-g.rankOf[sq])) <= fx.radius {
					fx.ring[sq] = append(fx.ring[sq], uint8(t))
				}
			}
		}
		if g.small {
			fx.ringMask = make([]uint64, g.n)
			for sq, ring := range fx.ring {
				for _, t := range ring {
					fx.ringMask[sq] |= 1 << t
				}
			}
		}
	}
	var landing *rules.Landing
	if st := r.Strike; st != nil {
		fx.strike = true
		fx.sCapture = st.EffectOrDefault() == "capture"
		fx.sPos = positionCode(st.PositionOrDefault())
		fx.sChain = make([]int, g.nk)
		for k := range fx.sChain {
			fx.sChain[k] = -1
		}
		if !fx.sCapture {
			for _, l := range st.Chain {
				a, err := g.kindOf("rules.strike.chain.from", l.From)
				if err != nil {
					return err
				}
				b, err := g.kindOf("rules.strike.chain.to", l.To)
				if err != nil {
					return err
				}
				fx.sChain[a] = b
			}
		}
		if fx.sImmune, err = kinds("rules.strike.immune", st.Immune, 0); err != nil {
			return err
		}
		if fx.switches, err = kinds("rules.strike.switches_sides", st.SwitchesSides, 0); err != nil {
			return err
		}
		if fx.sImmune&g.royalMask != g.royalMask || fx.switches&g.royalMask != 0 {
			return bad("rules.strike: every royal piece must be immune and none may switch sides")
		}
		landing = st.Landing
	}
	if ct := r.Contacts; ct != nil {
		fx.contacts = true
		fx.cPos = positionCode(ct.PositionOrDefault())
		for o := 0; o < g.seats; o++ {
			fx.links[o] = make([][]contactLink, g.nk)
			for k := range fx.links[o] {
				fx.links[o][k] = make([]contactLink, g.nk)
			}
		}
		for i, l := range ct.Links {
			where := fmt.Sprintf("rules.contacts.links[%d]", i)
			a, err := g.kindOf(where+".mover", l.Mover)
			if err != nil {
				return err
			}
			b, err := g.kindOf(where+".onto", l.Onto)
			if err != nil {
				return err
			}
			cl := contactLink{ok: true, moverTo: a, ontoTo: -1}
			if l.MoverTo != "" {
				if cl.moverTo, err = g.kindOf(where+".mover_to", l.MoverTo); err != nil {
					return err
				}
			}
			if l.OntoTo != "" {
				if cl.ontoTo, err = g.kindOf(where+".onto_to", l.OntoTo); err != nil {
					return err
				}
			}
			o := 0
			if l.Own {
				o = 1
				fx.ownMovers |= 1 << uint(a+1)
			}
			fx.links[o][a][b] = cl
		}
		if fx.cImmune, err = kinds("rules.contacts.immune", ct.Immune, 0); err != nil {
			return err
		}
		if fx.cImmune&g.royalMask != g.royalMask {
			return bad("rules.contacts.immune must list every royal piece")
		}
		if landing == nil {
			landing = ct.Landing
		}
	}
	fx.stays = fx.strike && fx.sPos == posStay || fx.contacts && fx.cPos == posStay
	if landing != nil {
		vs, err := expand(landing.Vectors, landing.Symmetry, g.hex)
		if err != nil {
			return bad("landing: %v", err)
		}
		for p := 0; p < g.seats; p++ {
			for _, v := range vs {
				fx.landing[p] = append(fx.landing[p], g.boardVector(p, v))
			}
		}
	}
	if t := r.Territory; t != nil {
		fx.territory = true
		fx.permanent = t.Mode == "permanent"
		if t.Mode != "permanent" && t.Mode != "repaint" {
			return bad("rules.territory.mode must be one of permanent, repaint, got %q", t.Mode)
		}
		fx.winAt = t.WinAt
		if fx.winAt > 0 {
			g.boardEndings = true
		}
	}
	if fx.strike && fx.sPos == posHome || fx.contacts && fx.cPos == posHome {
		for q := range fx.homeAt {
			fx.homeAt[q] = make([][]int16, g.nk)
			for k := range fx.homeAt[q] {
				at := make([]int16, g.n)
				for sq := range at {
					at[sq] = int16(g.homeSquare(q, k, sq))
				}
				fx.homeAt[q][k] = at
			}
		}
	}
	g.fx = fx
	return nil
}

// fxSet changes one square. In the light make (lite) only the board, the
// occupancy sets and the kinds present change, each remembered in p.lite;
// otherwise everything changes, (square, old contents) goes on p.chg for
// Unmake and the hash in p.fxh follows.
func (p *Position) fxSet(sq int, c uint8, lite bool) {
	old := p.board[sq]
	if old == c {
		return
	}
	if lite {
		p.liteSet(sq, c)
		if c != 0 {
			p.present[codeOwner(c)] |= 1 << maskIndex(c)
		}
		return
	}
	p.chg = append(p.chg, sweptRec{sq: uint8(sq), code: old})
	if old != 0 {
		p.remove(sq)
		p.fxh ^= p.zob(old, sq)
	}
	if c != 0 {
		p.put(sq, c)
		p.fxh ^= p.zob(c, sq)
	}
}

// fxTake puts a captured piece, taken on sq, in the mover's hand
// (rules.drops) and credits a wild piece's bounty, keeping what Unmake
// must take back out.
func (p *Position) fxTake(c uint8, sq int, lite bool) {
	if lite {
		return
	}
	if codeOwner(c) == wildOwner {
		p.takeWild(sq)
	}
	d := p.g.drops
	if d == nil || !d.fromCaptures || codeOwner(c) == p.side {
		return
	}
	k := d.handKind[codeKind(c)]
	p.fxh = p.handAdd(p.fxh, p.side, k, 1)
	p.fxHands = append(p.fxHands, uint8(k))
}

// fxPlay makes move m through fxSet and says whether it captured or
// promoted (the no-progress clock). The side to move is still the mover.
func (p *Position) fxPlay(m Move, lite bool) (progress bool) {
	g := p.g
	s := p.side
	from, to := m.From(), m.To()
	pc := p.board[from]
	switch m.typ() {
	case moveDrop:
		np := pieceCode(m.aux2(), s)
		if pr := m.Promotion(); pr >= 0 {
			np = pieceCode(pr, s)
			progress = true
		}
		if !lite {
			p.fxh = p.handAdd(p.fxh, s, m.aux(), -1)
			p.fxHands = append(p.fxHands, uint8(m.aux())|0x80)
		}
		p.fxSet(to, np, lite)
		return progress
	case moveCastle:
		rf, rt := m.aux(), m.aux2()
		rook := p.board[rf]
		p.fxSet(from, 0, lite)
		p.fxSet(rf, 0, lite)
		p.fxSet(to, pc, lite)
		p.fxSet(rt, rook, lite)
		return false
	case moveSweep:
		for _, sq := range g.fwdRay(s, m.aux(), from) {
			if int(sq) == to {
				break
			}
			if c := p.board[sq]; c != 0 {
				p.fxTake(c, int(sq), lite)
				p.fxSet(int(sq), 0, lite)
				progress = true
			}
		}
	}
	np := pc
	if pr := m.Promotion(); pr >= 0 {
		np = pieceCode(pr, s)
		progress = true
	}
	capSq := to
	if m.typ() == moveEnPassant {
		capSq = p.epVictim
	}
	victim := p.board[capSq]
	if victim == 0 {
		p.fxSet(from, 0, lite)
		p.fxSet(to, np, lite)
		return progress
	}
	fx := g.fx
	mk, vk := codeKind(pc), codeKind(victim)
	own := codeOwner(victim) == s
	// A wild piece taken is removed as usual: no strike or contact
	// reaches it (it has no side to keep), though it may explode.
	wild := codeOwner(victim) == wildOwner
	if fx.explodes(mk, vk) && !own {
		p.fxTake(victim, capSq, lite)
		p.fxSet(capSq, 0, lite)
		p.fxSet(from, 0, lite)
		for _, sq := range fx.ring[to] {
			if c := p.board[sq]; c != 0 && fx.blastImmune>>maskIndex(c)&1 == 0 {
				p.fxSet(int(sq), 0, lite)
			}
		}
		return true
	}
	if l := fx.contact(own, mk, vk); l != nil && !wild {
		mover := np
		if l.moverTo != mk && m.Promotion() < 0 {
			mover = pieceCode(l.moverTo, s)
		}
		target := uint8(0)
		if l.ontoTo >= 0 {
			target = pieceCode(l.ontoTo, codeOwner(victim))
		} else if !own {
			p.fxTake(victim, capSq, lite)
		}
		p.fxPlace(m, fx.cPos, pieceCode(l.moverTo, s), mover, target, capSq, lite)
		return true
	}
	if fx.strike && fx.sImmune>>maskIndex(victim)&1 == 0 && !own && !wild {
		target := uint8(0)
		if !fx.sCapture {
			if t := fx.sChain[vk]; t >= 0 {
				target = pieceCode(t, codeOwner(victim))
			}
		} else if fx.sPos == posHome {
			target = victim
		}
		mover := np
		if fx.switches>>maskIndex(pc)&1 != 0 {
			mover = withOwner(mover, opponent(codeOwner(mover))) // the capturer changes sides where it lands
		}
		stayed := pc
		if fx.switches>>maskIndex(pc)&1 != 0 {
			stayed = withOwner(stayed, opponent(codeOwner(stayed)))
		}
		if target == 0 {
			p.fxTake(victim, capSq, lite)
		}
		p.fxPlace(m, fx.sPos, stayed, mover, target, capSq, lite)
		return true
	}
	if !own {
		p.fxTake(victim, capSq, lite)
	}
	p.fxSet(capSq, 0, lite)
	p.fxSet(from, 0, lite)
	p.fxSet(to, np, lite)
	return true
}

// fxPlace puts the mover and the struck piece where the position says:
// stayed is the mover if it does not move, mover if it lands on to, target
// what the struck piece becomes (0 removed).
func (p *Position) fxPlace(m Move, pos int, stayed, mover, target uint8, capSq int, lite bool) {
	from, to := m.From(), m.To()
	switch pos {
	case posStay:
		p.fxSet(capSq, target, lite)
		p.fxSet(from, stayed, lite)
		return
	case posSwap:
		p.fxSet(capSq, 0, lite)
		p.fxSet(from, target, lite)
		p.fxSet(to, mover, lite)
		return
	}
	p.fxSet(capSq, 0, lite)
	p.fxSet(from, 0, lite)
	p.fxSet(to, mover, lite)
	if target == 0 {
		return
	}
	switch pos {
	case posChoose:
		if l := m.aux2(); m.hasLanding() && p.board[l] == 0 {
			p.fxSet(l, target, lite)
		}
	case posHome:
		if h := int(p.g.fx.homeAt[codeOwner(target)][codeKind(target)][capSq]); h >= 0 && p.board[h] == 0 {
			p.fxSet(h, target, lite)
		}
	}
}

// explodes reports whether mover kind mk taking kind vk explodes.
func (fx *fxRule) explodes(mk, vk int) bool {
	return fx.explode && fx.by>>uint(mk+1)&1 != 0 && fx.of>>uint(vk+1)&1 != 0
}

// contact is the link for mover kind mk meeting kind vk (own: a friendly
// target), nil when the meeting is an ordinary capture.
func (fx *fxRule) contact(own bool, mk, vk int) *contactLink {
	if !fx.contacts || fx.cImmune>>uint(mk+1)&1 != 0 || fx.cImmune>>uint(vk+1)&1 != 0 {
		return nil
	}
	o := 0
	if own {
		o = 1
	}
	if l := &fx.links[o][mk][vk]; l.ok {
		return l
	}
	return nil
}

// homeSquare is where a struck piece of kind k and owner q goes under
// position home, from a capture on sq: one of the squares its side's setup
// gives the kind. At most one home on each colour: the one on sq's colour;
// otherwise the one on sq's file, else the nearest on sq's colour, else the
// nearest (king's-step distance, lowest square on a tie). -1 for none.
func (g *Game) homeSquare(q, k, sq int) int {
	homes := g.home[q][k]
	colour := func(t int) int { return (g.fileOf[t] + g.rankOf[t]) & 1 }
	var buf [maxSquares]int
	list := homes.squares(buf[:0])
	if len(list) == 0 {
		return -1
	}
	per := [2]int{}
	for _, t := range list {
		per[colour(t)]++
	}
	nearest := func(ok func(int) bool) int {
		best, bd := -1, 1<<30
		for _, t := range list {
			if !ok(t) {
				continue
			}
			if d := max(abs(g.fileOf[t]-g.fileOf[sq]), abs(g.rankOf[t]-g.rankOf[sq])); d < bd {
				best, bd = t, d
			}
		}
		return best
	}
	sameColour := func(t int) bool { return colour(t) == colour(sq) }
	if per[0] <= 1 && per[1] <= 1 {
		if h := nearest(sameColour); h >= 0 {
			return h
		}
		return nearest(func(int) bool { return true })
	}
	if h := nearest(func(t int) bool { return g.fileOf[t] == g.fileOf[sq] }); h >= 0 {
		return h
	}
	if h := nearest(sameColour); h >= 0 {
		return h
	}
	return nearest(func(int) bool { return true })
}

// hasLanding reports whether a move carries a landing square in aux2 (a
// capture under position choose).
func (m Move) hasLanding() bool { return m&mvLanding != 0 }

// loadClaimKeys draws a key per player and claimed square
// (rules.territory).
func (g *Game) loadClaimKeys(rng *splitmix.Stream) {
	fx := g.fx
	if fx == nil || !fx.territory {
		return
	}
	for p := 0; p < g.seats; p++ {
		fx.zClaim[p] = make([]uint64, g.n)
		for i := range fx.zClaim[p] {
			fx.zClaim[p][i] = rng.Next()
		}
	}
}

// claimsHash is the claimed squares' share of the hash.
func (p *Position) claimsHash() uint64 {
	g := p.g
	fx := g.fx
	if fx == nil || !fx.territory {
		return 0
	}
	var h uint64
	for sq := 0; sq < g.n; sq++ {
		if c := p.claim[sq]; c != 0 {
			h ^= fx.zClaim[c-1][sq]
		}
	}
	return h
}

// territoryNotation is rules.territory's notation: claimed-w: and
// claimed-b:.
var territoryNotation = notationField{
	present: func(g *Game) bool { return g.fx != nil && g.fx.territory },
	write:   (*Position).claimsField,
	read:    (*Position).parseClaims,
}

// claimsField writes the claimed squares of rules.territory, " claimed-w:"
// and " claimed-b:" each followed by its player's squares in square order;
// nothing for a player with none.
func (p *Position) claimsField() string {
	g := p.g
	return p.seatLists("claimed", func(s int) (list []string) {
		for sq := 0; sq < g.n; sq++ {
			if int(p.claim[sq]) == s+1 {
				list = append(list, g.names[sq])
			}
		}
		return list
	})
}

func (p *Position) parseClaims(_ *fenRead, key, list string) (known bool, err error) {
	s, ok := p.g.seatOfKey("claimed", key)
	if !ok {
		return false, nil
	}
	for _, name := range strings.Split(list, ",") {
		sq, ok := p.g.parseSquare(name)
		if !ok || p.claim[sq] != 0 {
			return true, fmt.Errorf("fen: %s entry %q is not an unclaimed square", key, name)
		}
		p.claim[sq] = uint8(s + 1)
		p.claimN[s]++
	}
	return true, nil
}
