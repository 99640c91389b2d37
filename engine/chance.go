package engine

import (
	"fmt"
	"strconv"
	"strings"

	"balancefarm/engine/rules"
	"balancefarm/internal/splitmix"
)

// Chance (schema 34, engine/rules/SCHEMA-34.md): rules.dice and
// rules.hazards. A pending chance event is a node of its own: LegalMoves
// lists its outcomes (moves of type moveChance, "roll:NAME",
// "fate:spared", "fate:removed"), ChanceOutcomes gives their weights, and
// Make plays the one chance chose, so perft counts outcomes as branches
// and a record replays exactly. Nothing here draws a random number: who
// plays a game (search's game loop) draws the outcomes from the game's
// seed.
//
// Order within a turn: the die is rolled (a chance node), the player moves
// a piece of the face's kinds or passes, then the moved piece's hazard is
// settled (a chance node), then the next turn's die. An outcome is no ply:
// the clocks (max_plies, no-progress) count the players' moves only.

// maxFaces is how many faces a die may have (the front end's limit).
const maxFaces = 64

// What a chance node is waiting for.
const (
	pendingNone uint8 = iota
	pendingDice       // the die for the coming turn
	pendingFate       // the hazard of the piece that just moved, on fateSq
)

// Outcome aux values of a fate.
const (
	fateSpared  = 0
	fateRemoved = 1
)

// chanceRules is rules.dice and rules.hazards as the engine plays them.
type chanceRules struct {
	faces      []dieFace // nil without dice
	deck       bool      // draw "deck": weight cards of each face, without replacement
	deckFull   int       // the cards of a full deck
	blockedAny bool      // blocked "any": no move of the face's kinds frees every move
	// Per kind: the chance in thousandths that the piece is removed after
	// it moves (0: no hazard), and whether only a capture risks it.
	hazard        [maxKinds]uint16
	hazardCapture [maxKinds]bool
	zDice         uint64             // a die is pending
	zFate         []uint64           // a fate is pending on this square
	zFace         [maxFaces]uint64   // this face was rolled for the move to come
	zDeck         [maxFaces][]uint64 // this face has this many cards left
	zUnlock       uint64             // a market card is to be unlocked (market.go)
	zOffer        uint64             // a chaos offer is to be drawn (chaos.go)
}

type dieFace struct {
	name   string
	kinds  uint32 // bit k: a piece of kind k may move on this face
	weight int
}

// chanceState is the position's chance (the position embeds it).
type chanceState struct {
	pending  uint8
	fateSq   uint8
	face     int8 // the face rolled for the move to come, -1 none
	deck     [maxFaces]uint16
	deckLeft int
	// chanceLog has a record for every Make of a game with chance, so
	// Unmake knows whether it takes back an outcome or a move.
	chanceLog []chanceRec
	// wrapping is set while makeWrapped, unmakeWrapped or chanceLegal has
	// Make, Unmake or legal do the move's own part.
	wrapping bool
}

type chanceRec struct {
	outcome  bool
	pending  uint8
	fateSq   uint8
	face     int8
	refilled bool // the draw emptied the deck, which was filled again
	planes   bool // a planes outcome (market.go): nChg and nPlane changes were logged
	nChg     uint16
	nPlane   uint16
	removed  uint8  // a fate's removed piece, 0 none
	took     int8   // hidden information: the kind the move took, -1 none
	hash     uint64 // an outcome's hash before it
	st       status // an outcome's status before it
}

func (g *Game) loadChance() error {
	r := &g.spec.Rules
	if r.Dice == nil && len(r.Hazards) == 0 {
		return nil
	}
	c := &chanceRules{}
	if d := r.Dice; d != nil {
		if len(d.Faces) < 2 || len(d.Faces) > maxFaces {
			return bad("rules.dice.faces must have 2 to %d entries", maxFaces)
		}
		c.deck = d.DrawOrDefault() == rules.DrawDeck
		c.blockedAny = d.BlockedOrDefault() == rules.BlockedAny
		for i, f := range d.Faces {
			df := dieFace{name: f.Name, weight: f.WeightOrDefault()}
			if df.weight < 1 || df.weight > 1000 {
				return bad("rules.dice.faces[%d].weight must be 1 to 1000", i)
			}
			for _, id := range f.Pieces {
				k, err := g.kindOf(fmt.Sprintf("rules.dice.faces[%d].pieces entry", i), id)
				if err != nil {
					return err
				}
				df.kinds |= 1 << uint(k)
			}
			c.faces = append(c.faces, df)
			c.deckFull += df.weight
		}
	}
	for i, hz := range r.Hazards {
		t := hz.Thousandths()
		if t < 1 || t > 999 {
			return bad("rules.hazards[%d].chance must be above 0 and below 1", i)
		}
		for _, id := range hz.Pieces {
			k, err := g.kindOf(fmt.Sprintf("rules.hazards[%d].pieces entry", i), id)
			if err != nil {
				return err
			}
			c.hazard[k] = uint16(t)
			c.hazardCapture[k] = hz.AfterOrDefault() == rules.HazardAfterCapture
		}
	}
	g.chance = c
	return nil
}

// loadChanceKeys draws the chance keys from a stream of their own, so no
// other game's hashes change.
func (g *Game) loadChanceKeys() {
	c := g.chance
	if c == nil {
		return
	}
	rng := splitmix.Stream{State: 0x6368616e6365}
	c.zDice = rng.Next()
	c.zFate = make([]uint64, g.n)
	for i := range c.zFate {
		c.zFate[i] = rng.Next()
	}
	for f := range c.faces {
		c.zFace[f] = rng.Next()
		if c.deck {
			c.zDeck[f] = make([]uint64, c.faces[f].weight+1)
			for n := range c.zDeck[f] {
				c.zDeck[f][n] = rng.Next()
			}
		}
	}
	c.zUnlock = rng.Next() // drawn last: the other keys stay as they were
	c.zOffer = rng.Next()
}

// HasChance reports whether the game has chance events.
func (g *Game) HasChance() bool { return g.chance != nil }

// startChance readies a start position: a full deck, and the first
// turn's die pending.
func (p *Position) startChance() {
	c := p.g.chance
	p.face = -1
	if c == nil {
		return
	}
	p.refillDeck()
	if c.faces != nil {
		p.pending = pendingDice
	}
}

func (p *Position) refillDeck() {
	c := p.g.chance
	if !c.deck {
		return
	}
	for f := range c.faces {
		p.deck[f] = uint16(c.faces[f].weight)
	}
	p.deckLeft = c.deckFull
}

// chanceHash is the chance state's share of the hash: 0 without chance.
func (p *Position) chanceHash() uint64 {
	c := p.g.chance
	if c == nil {
		return 0
	}
	h := p.pendingKey()
	if p.face >= 0 {
		h ^= c.zFace[p.face]
	}
	if c.deck {
		for f := range c.faces {
			h ^= c.zDeck[f][p.deck[f]]
		}
	}
	return h
}

// pendingKey is the hash key of what is pending now.
func (p *Position) pendingKey() uint64 {
	switch p.pending {
	case pendingDice:
		return p.g.chance.zDice
	case pendingFate, pendingCurse:
		return p.g.chance.zFate[p.fateSq]
	case pendingUnlock:
		return p.g.chance.zUnlock
	case pendingOffer:
		return p.g.chance.zOffer
	}
	return 0
}

// AtChance reports whether a chance event is pending: the moves LegalMoves
// lists are then its outcomes, and SideToMove is the seat that moves after
// it.
func (p *Position) AtChance() bool { return p.pending != pendingNone }

// ChanceOutcomes appends the pending chance event's outcomes to moves and
// their weights to weights (positive; an outcome's probability is its
// weight over their sum), in the order LegalMoves lists them. Nothing is
// appended when no chance event is pending.
func (p *Position) ChanceOutcomes(moves []Move, weights []int) ([]Move, []int) {
	c := p.g.chance
	switch p.pending {
	case pendingDice:
		for f := range c.faces {
			w := c.faces[f].weight
			if c.deck {
				w = int(p.deck[f])
			}
			if w > 0 {
				moves = append(moves, chanceMove(f, false))
				weights = append(weights, w)
			}
		}
	case pendingFate:
		t := int(c.hazard[codeKind(p.board[p.fateSq])])
		moves = append(moves, chanceMove(fateSpared, true), chanceMove(fateRemoved, true))
		weights = append(weights, 1000-t, t)
	case pendingUnlock, pendingCurse, pendingOffer:
		return p.planesOutcomes(moves, weights)
	}
	return moves, weights
}

// chanceMove is an outcome: a face of the die, or (fate) a hazard's
// fateSpared or fateRemoved, told apart by aux2 so that the notation
// reads the move alone.
func chanceMove(aux int, fate bool) Move {
	m := mvValid | moveChance<<mvTypeShift | Move(aux)<<mvAuxShift
	if fate {
		m |= 1 << mvAux2Shift
	}
	return m
}

// passMove is the pass a blocked die leaves.
const passMove = mvValid | movePass<<mvTypeShift

// IsPass reports whether m is the pass a blocked die leaves.
func (m Move) IsPass() bool { return m.typ() == movePass && m&mvValid != 0 }

// IsChance reports whether m is a chance outcome.
func (m Move) IsChance() bool { return m.typ() == moveChance && m&mvValid != 0 }

// chanceLegal is legal for a game with chance: the outcomes at a chance
// node, otherwise the moves of the rolled face's kinds (or the pass).
func (p *Position) chanceLegal(buf []Move, capOnly bool) []Move {
	if p.pending != pendingNone {
		if capOnly {
			return buf
		}
		moves, _ := p.ChanceOutcomes(buf, nil)
		return moves
	}
	if p.face < 0 {
		return p.legalUnwrapped(buf, capOnly)
	}
	start := len(buf)
	if capOnly {
		return keepCaptures(p.chanceLegal(buf, false), start)
	}
	buf = p.legalUnwrapped(buf, false)
	if len(buf) == start {
		return buf // no move at all: the game's own no-move ending
	}
	kinds := p.g.chance.faces[p.face].kinds
	out := start
	for _, m := range buf[start:] {
		if kinds>>uint(p.movedKind(m))&1 != 0 {
			buf[out] = m
			out++
		}
	}
	switch {
	case out > start:
		return buf[:out]
	case p.g.chance.blockedAny:
		return buf
	}
	return append(buf[:start], passMove)
}

// movedKind is the kind a move moves: the kind dropped for a drop.
func (p *Position) movedKind(m Move) int {
	if m.typ() == moveDrop {
		return p.g.BaseKind(m.aux2())
	}
	return p.MovingKind(m)
}

// makeWrapped is Make for a game with chance or hidden information:
// the move, then what the seat took (hidden.go), then the chance the move
// leaves pending.
func (p *Position) makeWrapped(m Move) {
	c := p.g.chance
	rec := chanceRec{outcome: m.typ() == moveChance, pending: p.pending, fateSq: p.fateSq, face: p.face, hash: p.hash, st: p.status, took: -1}
	if rec.outcome {
		p.makeOutcome(m, &rec)
		p.chanceLog = append(p.chanceLog, rec)
		return
	}
	kind, mover := p.movedKind(m), p.side
	// The face is spent by the move: cleared first, so that what the
	// move looks at for the next seat (a game with seats lists its moves)
	// reads no filter; its key comes out of the hash after.
	face := p.face
	p.face = -1
	p.wrapping = true
	if m.typ() == movePass && p.g.planes == nil { // a planes pass ends a turn of two moves (actions.go)
		p.makePass(m)
	} else {
		p.Make(m)
	}
	p.wrapping = false
	if p.g.hiddenInfo != nil {
		rec.took = p.tookAfter(mover)
	}
	if c == nil {
		p.chanceLog = append(p.chanceLog, rec)
		return
	}
	h := p.hash
	if face >= 0 {
		h ^= c.zFace[face]
	}
	// Nothing is pending once the board has decided the game (the
	// notation reads a decided position the same way: settleChance).
	to := m.To()
	switch t := kind; {
	case p.status.decided:
	case p.g.planes != nil:
		p.planesPendingAfter()
	case t >= 0 && c.hazard[t] > 0 && m.typ() != movePass && (!c.hazardCapture[t] || m&mvCapture != 0) &&
		m&mvStay == 0 && p.board[to] != 0 && codeOwner(p.board[to]) == mover:
		p.pending, p.fateSq = pendingFate, uint8(to)
	case c.faces != nil:
		p.pending = pendingDice
	}
	h ^= p.pendingKey()
	p.hash = h
	p.legalValid, p.otherValid, p.ocValid, p.checkKnown = false, false, false, false
	p.probedValid = false
	p.chanceLog = append(p.chanceLog, rec)
}

// makePass plays the pass a blocked die leaves: a ply on the clocks and
// the turn handed on, nothing else.
func (p *Position) makePass(m Move) {
	u, h := p.pushUndo(m)
	p.endMove(h, u, false, false, false)
}

// makeOutcome plays a chance outcome.
func (p *Position) makeOutcome(m Move, rec *chanceRec) {
	if p.pending >= pendingUnlock {
		p.planesOutcome(m, rec)
		p.legalValid, p.otherValid, p.ocValid, p.checkKnown = false, false, false, false
		p.probedValid = false
		return
	}
	c := p.g.chance
	h := p.hash ^ p.pendingKey()
	switch p.pending {
	case pendingDice:
		f := m.aux()
		if c.deck {
			h ^= c.zDeck[f][p.deck[f]]
			p.deck[f]--
			h ^= c.zDeck[f][p.deck[f]]
			if p.deckLeft--; p.deckLeft == 0 {
				rec.refilled = true
				for i := range c.faces {
					h ^= c.zDeck[i][p.deck[i]] ^ c.zDeck[i][c.faces[i].weight]
				}
				p.refillDeck()
			}
		}
		p.face = int8(f)
		h ^= c.zFace[f]
		p.pending = pendingNone
	case pendingFate:
		p.pending = pendingNone
		if m.aux() == fateRemoved {
			sq := int(p.fateSq)
			code := p.remove(sq)
			rec.removed = code
			h ^= p.zob(code, sq)
			if p.g.boardEndings {
				p.status = p.boardOutcome(p.g.prevSeat(p.side), -1)
			}
		}
		if c.faces != nil && !p.status.decided {
			p.pending = pendingDice
			h ^= c.zDice
		}
	}
	p.hash = h
	p.legalValid, p.otherValid, p.ocValid, p.checkKnown = false, false, false, false
	p.probedValid = false
}

// unmakeWrapped is Unmake for a game with chance or hidden information.
func (p *Position) unmakeWrapped() {
	n := len(p.chanceLog)
	if n == 0 {
		return
	}
	rec := p.chanceLog[n-1]
	p.chanceLog = p.chanceLog[:n-1]
	if !rec.outcome {
		p.wrapping = true
		p.Unmake()
		p.wrapping = false
		p.pending, p.fateSq, p.face = rec.pending, rec.fateSq, rec.face
		if rec.took >= 0 {
			p.took[p.side][rec.took]--
		}
		return
	}
	if rec.planes {
		p.unmakePlanesOutcome(&rec)
	}
	c := p.g.chance
	if rec.pending == pendingDice && c.deck {
		if rec.refilled {
			p.deck = [maxFaces]uint16{}
			p.deckLeft = 0
		}
		p.deck[p.face]++ // the face drawn is the one rolled now
		p.deckLeft++
	}
	if rec.removed != 0 {
		p.put(int(rec.fateSq), rec.removed)
	}
	p.pending, p.fateSq = rec.pending, rec.fateSq
	p.face = rec.face
	p.hash, p.status = rec.hash, rec.st
	p.legalValid, p.otherValid, p.ocValid, p.checkKnown = false, false, false, false
	p.probedValid = false
}

// chanceString is an outcome's notation: "roll:NAME", "fate:spared" or
// "fate:removed".
func (g *Game) chanceString(m Move) string {
	if m.aux2() == 3 && g.planes != nil && g.planes.chaos != nil {
		return g.offerString(m)
	}
	if m.aux2() == 2 {
		if mk := g.planes; mk != nil && mk.market != nil && m.aux() < len(mk.market.cards) {
			return "unlock:" + mk.market.cards[m.aux()].name
		}
		return "0000"
	}
	if m.aux2() == 1 {
		if m.aux() == fateRemoved {
			return "fate:removed"
		}
		return "fate:spared"
	}
	if c := g.chance; c != nil && m.aux() < len(c.faces) {
		return "roll:" + c.faces[m.aux()].name
	}
	return "0000"
}

// chanceNotation is the chance state's notation (NOTATION.md): roll: the
// face rolled for the move to come, fate: the square of a pending hazard,
// deck: the cards left of each face when the deck is not full. A die
// pending is written as nothing: every turn starts with one.
var chanceNotation = notationField{
	present: func(g *Game) bool { return g.chance != nil },
	write:   (*Position).chanceField,
	read:    (*Position).readChance,
	colon:   true,
	start:   func(p *Position) { p.startChance() },
}

func (p *Position) chanceField() string {
	c := p.g.chance
	var b strings.Builder
	if p.face >= 0 {
		b.WriteString(" roll:" + c.faces[p.face].name)
	}
	if p.pending == pendingFate {
		b.WriteString(" fate:" + p.g.names[p.fateSq])
	}
	if c.deck && p.deckLeft < c.deckFull {
		counts := make([]string, len(c.faces))
		for f := range c.faces {
			counts[f] = strconv.Itoa(int(p.deck[f]))
		}
		b.WriteString(" deck:" + strings.Join(counts, ","))
	}
	return b.String()
}

func (p *Position) readChance(_ *fenRead, key, value string) (bool, error) {
	c := p.g.chance
	switch key {
	case "roll":
		for f := range c.faces {
			if c.faces[f].name == value {
				p.face, p.pending = int8(f), pendingNone
				return true, nil
			}
		}
		return true, fmt.Errorf("roll:%s names no face of the die", value)
	case "fate":
		sq, ok := p.g.parseSquare(value)
		if !ok {
			return true, fmt.Errorf("fate:%s is not a square", value)
		}
		if c := p.board[sq]; c == 0 || p.g.chance.hazard[codeKind(c)] == 0 {
			return true, fmt.Errorf("fate:%s: no piece with a hazard stands there", value)
		}
		p.pending, p.fateSq = pendingFate, uint8(sq)
		return true, nil
	case "deck":
		if !c.deck {
			return true, fmt.Errorf("deck: the die is not drawn from a deck")
		}
		counts := strings.Split(value, ",")
		if len(counts) != len(c.faces) {
			return true, fmt.Errorf("deck:%s must give %d counts", value, len(c.faces))
		}
		left := 0
		for f, s := range counts {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 || n > c.faces[f].weight {
				return true, fmt.Errorf("deck:%s: count %q must be 0 to %d", value, s, c.faces[f].weight)
			}
			p.deck[f] = uint16(n)
			left += n
		}
		if left == 0 {
			return true, fmt.Errorf("deck:%s leaves no card", value)
		}
		p.deckLeft = left
		return true, nil
	}
	return false, nil
}

// chanceExtras is the chance state as FEN4 extras ('roll':NAME,
// 'fate':SQ, 'deck':N/N/...), the same fields as chanceField's.
func (p *Position) chanceExtras() []string {
	var out []string
	for _, f := range strings.Fields(p.chanceField()) {
		key, value, _ := strings.Cut(f, ":")
		out = append(out, "'"+key+"':"+strings.ReplaceAll(value, ",", "/"))
	}
	return out
}

// settleChance takes the pending chance event off a position read from
// notation whose board has decided the game, as Make leaves none there;
// it reports whether it changed anything (the hash must then be redone).
func (p *Position) settleChance() bool {
	if p.g.chance == nil || !p.status.decided || p.pending == pendingNone {
		return false
	}
	p.pending = pendingNone
	return true
}

// legalUnwrapped is legal's own list for the moves themselves, no chance
// filter.
func (p *Position) legalUnwrapped(buf []Move, capOnly bool) []Move {
	p.wrapping = true
	buf = p.legal(buf, capOnly)
	p.wrapping = false
	return buf
}
