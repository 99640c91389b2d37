package engine

import (
	"fmt"

	"balancefarm/engine/rules"
	"balancefarm/internal/splitmix"
)

// Hidden information (schema 35, engine/rules/SCHEMA-35.md): rules.sight
// (each seat sees the squares its own pieces reach) and pieces[].hidden
// (kinds the other seats never see). The game itself is played as ever on
// the whole position; what changes is what a seat may read of it. Observe
// gives a seat's Observation, built from what that seat sees alone, and
// an Observation samples whole positions consistent with it, which is all
// a player of such a game is given (search's determinizing and
// information-set players).
//
// What a seat knows besides the squares it sees: its own pieces
// everywhere, the hands and the clocks (public), the die (public), and the
// pieces it has taken, so that it can tell how many of each kind the other
// seat still has on the board (the setup's count, less those in hand, less
// those it took). A pawn promoted out of sight is not known: the count
// still holds a pawn there until the queen is seen.

// hiddenRules is rules.sight and pieces[].hidden as the engine plays them.
type hiddenRules struct {
	fog    bool   // rules.sight
	hidden uint32 // bit k: kind k is never seen by the other seat
	// start is how many pieces of each kind each seat has in play at the
	// start, on the board and in hand.
	start [maxSeats][maxKinds]int
	// rays are per player, kind and square the lines its moves see along
	// (fog only): a leap sees its legs and target, a slide up to its first
	// piece, a hop up to its second.
	rays  [][]sightRay
	zSeen []uint64 // the seat sees this square
	zSeat [maxSeats]uint64
	zTook [maxSeats][maxKinds][]uint64
}

type sightRay struct {
	squares []uint8
	stopAt  int8 // 0: every square; 1: up to the first piece; 2: up to the second
}

// hiddenState is the position's record of what each seat took (the
// position embeds it).
type hiddenState struct {
	took [maxSeats][maxKinds]uint8
}

func (g *Game) loadHidden() error {
	s := g.spec
	h := &hiddenRules{fog: s.Rules.Sight != nil}
	for _, pc := range s.Pieces {
		if pc.Hidden {
			h.hidden |= 1 << uint(g.ids[pc.ID])
		}
	}
	if !h.fog && h.hidden == 0 {
		return nil
	}
	if h.fog && s.Rules.Sight.SeesOrDefault() != rules.SightReach {
		return bad("rules.sight.sees must be %q", rules.SightReach)
	}
	for pl := 0; pl < 2; pl++ {
		for k := 0; k < g.nk; k++ {
			h.start[pl][k] = g.SetupCount(pl, k)
			if d := g.drops; d != nil {
				h.start[pl][k] += int(d.stock[k])
			}
		}
	}
	if h.fog {
		h.rays = make([][]sightRay, 2*g.nk*g.n)
		for pl := 0; pl < 2; pl++ {
			for k := 0; k < g.nk; k++ {
				for sq := 0; sq < g.n; sq++ {
					var rays []sightRay
					for _, l := range g.Lines(pl, k, sq) {
						r := sightRay{}
						switch l.Kind {
						case LineLeap, LineLame:
							for _, x := range append(l.Legs, l.Squares...) {
								r.squares = append(r.squares, uint8(x))
							}
						case LineHop:
							r.stopAt = 2
						default:
							r.stopAt = 1
						}
						if r.stopAt > 0 {
							for _, x := range l.Squares {
								r.squares = append(r.squares, uint8(x))
							}
						}
						rays = append(rays, r)
					}
					h.rays[(pl*g.nk+k)*g.n+sq] = rays
				}
			}
		}
	}
	g.hiddenInfo = h
	return nil
}

// loadHiddenKeys draws the observation keys from a stream of their own.
func (g *Game) loadHiddenKeys() {
	h := g.hiddenInfo
	if h == nil {
		return
	}
	rng := splitmix.Stream{State: 0x68696464656e}
	h.zSeen = make([]uint64, g.n)
	for i := range h.zSeen {
		h.zSeen[i] = rng.Next()
	}
	for s := 0; s < 2; s++ {
		h.zSeat[s] = rng.Next()
		for k := 0; k < g.nk; k++ {
			h.zTook[s][k] = make([]uint64, 256)
			for n := range h.zTook[s][k] {
				h.zTook[s][k][n] = rng.Next()
			}
		}
	}
}

// HasHiddenInformation reports whether some seat cannot see the whole
// position.
func (g *Game) HasHiddenInformation() bool { return g.hiddenInfo != nil || g.HasHiddenItems() }

// Hidden reports whether the other seats never see a piece of this kind.
func (g *Game) Hidden(kind int) bool {
	h := g.hiddenInfo
	return h != nil && kind >= 0 && kind < g.nk && h.hidden>>uint(kind)&1 != 0
}

// seenBy reports whether seat s sees the piece coded c (0: empty).
func (g *Game) seenBy(s int, c uint8) bool {
	if c == 0 || codeOwner(c) == s {
		return true
	}
	return g.hiddenInfo.hidden>>uint(codeKind(c))&1 == 0
}

// Sight is the set of squares seat s sees: every square without
// rules.sight; with it, its own pieces' squares and what their moves
// reach, looking through the pieces it cannot see.
func (p *Position) Sight(s int) []int {
	b := p.sight(s)
	return b.squares(nil)
}

func (p *Position) sight(s int) bitset {
	g := p.g
	h := g.hiddenInfo
	var seen bitset
	if h == nil || !h.fog {
		for sq := 0; sq < g.n; sq++ {
			if !g.wall.has(sq) {
				seen.set(sq)
			}
		}
		return seen
	}
	for w := 0; w < 4; w++ {
		for bb := p.occ[s][w]; bb != 0; bb &= bb - 1 {
			sq := w<<6 | trailingZeros(bb)
			seen.set(sq)
			for _, r := range h.rays[(s*g.nk+codeKind(p.board[sq]))*g.n+sq] {
				pieces := int8(0)
				for _, x := range r.squares {
					seen.set(int(x))
					if r.stopAt == 0 {
						continue
					}
					if c := p.board[x]; c != 0 && g.seenBy(s, c) {
						if pieces++; pieces == r.stopAt {
							break
						}
					}
				}
			}
		}
	}
	return seen
}

// Observation is what one seat knows of a position: the squares it sees
// and what stands on them, its own pieces, the public state (side to move,
// clocks, hands, the die) and the pieces it has taken. It holds nothing
// the seat cannot see, so a player given only an Observation cannot read
// hidden information.
type Observation struct {
	g        *Game
	seat     int
	side     int
	seen     bitset
	board    [maxSquares]uint8 // what the seat sees; 0 on squares it does not
	virgin   bitset            // the seat's own never-moved pieces
	took     [maxSeats][maxKinds]uint8
	hands    handState
	ply      int
	halfmove int
	pending  uint8
	fateSq   uint8
	face     int8
	deck     [maxFaces]uint16
	deckLeft int
	hash     uint64
	// A game whose hidden information is its hidden items (schema 42,
	// hiddenitems.go): the position without the other player's hidden
	// items, and how many of each it has lying.
	world       *Position
	unseenItems []int
}

// Observe is seat s's Observation of the position.
func (p *Position) Observe(s int) *Observation {
	g := p.g
	if g.hiddenInfo == nil && g.HasHiddenItems() {
		return p.observeItems(s)
	}
	o := &Observation{g: g, seat: s, side: p.side, seen: p.sight(s), took: p.took, hands: p.handState,
		ply: p.ply, halfmove: p.halfmove, pending: p.pending, fateSq: p.fateSq, face: p.face,
		deck: p.deck, deckLeft: p.deckLeft}
	h := p.chanceHash() ^ p.handHash()
	if hr := g.hiddenInfo; hr != nil {
		h ^= hr.zSeat[s]
		for pl := 0; pl < 2; pl++ {
			for k := 0; k < g.nk; k++ {
				h ^= hr.zTook[pl][k][p.took[pl][k]]
			}
		}
	}
	if p.side == 1 {
		h ^= g.zSide
	}
	for sq := 0; sq < g.n; sq++ {
		c := p.board[sq]
		if c != 0 && codeOwner(c) == s {
			o.board[sq] = c
			if p.virgin.has(sq) {
				o.virgin.set(sq)
				h ^= g.zVirgin[sq]
			}
		} else if o.seen.has(sq) && g.seenBy(s, c) {
			o.board[sq] = c
		}
		if o.seen.has(sq) && g.hiddenInfo != nil {
			h ^= g.hiddenInfo.zSeen[sq]
		}
		if c := o.board[sq]; c != 0 {
			h ^= p.zob(c, sq)
		}
	}
	o.hash = h
	return o
}

// Seat is the seat the observation belongs to.
func (o *Observation) Seat() int { return o.seat }

// SideToMove is the seat to move.
func (o *Observation) SideToMove() int { return o.side }

// Hash identifies the observation: two positions that look the same to
// the seat have the same hash, whatever is hidden from it.
func (o *Observation) Hash() uint64 { return o.hash }

// Sees reports whether the seat sees the square.
func (o *Observation) Sees(sq int) bool { return sq >= 0 && sq < o.g.n && o.seen.has(sq) }

// PieceAt is what the seat knows stands on a square: ok false when it
// sees no piece there (an empty square, one it does not see, or a piece
// hidden from it).
func (o *Observation) PieceAt(sq int) (kind, owner int, ok bool) {
	if sq < 0 || sq >= o.g.n || o.board[sq] == 0 {
		return 0, 0, false
	}
	c := o.board[sq]
	return codeKind(c), codeOwner(c), true
}

// Unseen is how many pieces of each kind the other seat has on the board
// that this seat does not see, as far as it can tell.
func (o *Observation) Unseen() [maxKinds]int {
	g := o.g
	other := opponent(o.seat)
	var left [maxKinds]int
	if g.hiddenInfo == nil {
		return left // hidden items hide no piece
	}
	for k := 0; k < g.nk; k++ {
		n := g.hiddenInfo.start[other][k] - int(o.took[o.seat][k])
		if h := o.hands.hand[other][k]; h != unlimitedHand {
			n -= int(h)
		}
		left[k] = n
	}
	for sq := 0; sq < g.n; sq++ {
		if c := o.board[sq]; c != 0 && codeOwner(c) == other {
			left[codeKind(c)]--
		}
	}
	for k := range left {
		left[k] = max(left[k], 0)
	}
	return left
}

// sampleRoom is the moves a sampled world has room for before its stacks
// grow: a search's line, not a game.
const sampleRoom = 64

// Sample is a whole position consistent with the observation: what the
// seat sees stands as it sees it, and the other seat's pieces it cannot
// see (Unseen) are put at random on squares where the seat would not see
// them (a hidden kind on any empty square, the others on squares out of
// sight), where they may stand and not on their promotion zone, three
// times in four on a free square of their setup when there is one. The other
// seat's castling and first-move rights are taken to hold for its pieces
// still on their setup squares. rand gives 64 random bits a call; the
// same observation and stream give the same position. Sample observed by
// the same seat gives the observation back (the tests hold it to that).
func (o *Observation) Sample(rand func() uint64) *Position {
	if o.world != nil {
		return o.sampleItems(rand)
	}
	g := o.g
	other := opponent(o.seat)
	p := g.emptyPositionFor(sampleRoom) // a world is searched, not played to the end
	for sq := 0; sq < g.n; sq++ {
		if c := o.board[sq]; c != 0 {
			p.put(sq, c)
		}
	}
	left := o.Unseen()
	var free []int
	for k := 0; k < g.nk; k++ {
		if left[k] == 0 {
			continue
		}
		hidden := g.hiddenInfo.hidden>>uint(k)&1 != 0
		free = free[:0]
		for sq := 0; sq < g.n; sq++ {
			if p.board[sq] != 0 || !hidden && o.seen.has(sq) || !g.CanStand(other, k, sq) || g.inPromotionZone(other, k, sq) {
				continue
			}
			free = append(free, sq)
		}
		code := pieceCode(k, other)
		for i := 0; i < left[k] && len(free) > 0; i++ {
			// A piece out of sight is most likely still where it
			// started: three times in four it goes to a free square of
			// its setup when there is one, else anywhere free.
			j := int(rand() % uint64(len(free)))
			if rand()%4 != 0 {
				var homes []int
				for x, sq := range free {
					if g.start[sq] == code {
						homes = append(homes, x)
					}
				}
				if len(homes) > 0 {
					j = homes[rand()%uint64(len(homes))]
				}
			}
			p.put(free[j], code)
			free[j] = free[len(free)-1]
			free = free[:len(free)-1]
		}
	}
	for sq := 0; sq < g.n; sq++ {
		c := p.board[sq]
		switch {
		case c == 0:
		case codeOwner(c) == o.seat:
			if o.virgin.has(sq) {
				p.virgin.set(sq)
			}
		case g.start[sq] == c && g.virginKinds>>maskIndex(c)&1 != 0:
			p.virgin.set(sq)
		}
	}
	p.canonicalVirgin()
	p.side, p.ply, p.halfmove = o.side, o.ply, o.halfmove
	p.handState = o.hands
	p.took = o.took
	p.pending, p.fateSq, p.face, p.deck, p.deckLeft = o.pending, o.fateSq, o.face, o.deck, o.deckLeft
	p.hash = p.computeHash()
	p.status = p.freshStatus(g.prevSeat(p.side), -1)
	return p
}

// inPromotionZone reports whether kind k of player pl would stand on its
// promotion zone on sq (where no piece of it stays).
func (g *Game) inPromotionZone(pl, k, sq int) bool {
	if k >= g.nk || g.kinds[k].promo < 0 {
		return false
	}
	return g.promos[g.kinds[k].promo].zone[pl].has(sq)
}

// tookAfter records what the mover took with its last move.
func (p *Position) tookAfter(mover int) int8 {
	if n := len(p.undo); n > 0 {
		if c := p.undo[n-1].captured; c != 0 {
			k := codeKind(c)
			p.took[mover][k]++
			return int8(k)
		}
	}
	return -1
}

// String describes the observation for tests and logs.
func (o *Observation) String() string {
	return fmt.Sprintf("seat %d sees %d squares, hash %016x", o.seat, o.seen.count(), o.hash)
}
