package engine

import "math/bits"

// status is how the board itself decides a game (not the clocks, not the
// absence of moves): computed in Make, saved in the undo record.
type status struct {
	decided bool
	winner  int8 // 0, 1, -1 draw
	rule    uint8
	left    uint8 // for rules.reach on leave: the goal square left
}

// Rule names an Outcome can carry.
const (
	ruleNone = iota
	ruleCheckmate
	ruleStalemate
	ruleRoyalCapture
	ruleAnnihilation
	ruleBareRoyal
	ruleCheckLimit
	ruleReach
	ruleExtinction
	ruleMaxPlies
	ruleRepetition
	ruleNoProgress
	ruleScoring
	ruleTerritory
	ruleTouch
	ruleCounting
)

var ruleNames = [...]Ending{"", EndCheckmate, EndStalemate, EndRoyalCapture, EndAnnihilation, EndBareRoyal,
	EndCheckLimit, EndReach, EndExtinction, EndMaxPlies, EndRepetition, EndNoProgress, EndScoring, EndTerritory, EndTouch, EndCounting}

// RuleNames lists every rule an Outcome may name.
func RuleNames() []Ending { return append([]Ending(nil), ruleNames[1:]...) }

// Outcome is whether the game is over, who won and which rule ended it.
type Outcome struct {
	Over   bool
	Winner int    // 0 or 1, -1 for a draw
	Rule   Ending // EndCheckmate, EndStalemate, EndRoyalCapture, ...
	// Trigger is the clock that ran out when rules.scoring decided the
	// game (EndMaxPlies or EndNoProgress); empty otherwise.
	Trigger Ending
}

type undoRec struct {
	move     Move
	hash     uint64
	halfmove int32
	cnt      countState // rules.counting (counting.go)
	moved    uint8      // code of the moving piece before the move
	captured uint8      // code of the piece taken on capSq, 0 none
	capSq    uint8
	nSwept   uint8
	checks   [maxSeats]uint8
	status   status
	// The never-moved set and the en passant state change on few moves;
	// they are pushed on their own stacks only then.
	savedVirgin bool
	savedEP     bool
	savedTouch  bool // rules.touch: the old touches are on Position.touches
	fxUndo           // capture effects and territory (effects.go)
	wildUndo         // wild pieces (npcs.go)
	planesUndo       // items and purses (planes.go)
}

type epState struct {
	n      uint8
	victim uint8
	sq     [maxEP]uint8
}

type sweptRec struct {
	sq   uint8
	code uint8
}

// Position is a game in progress: the board and everything else the rules
// read (side to move, rights, en passant, check counts, clocks), with an
// undo stack for Make/Unmake and the hashes of earlier positions for
// repetition. The state of a rule family sits in a struct declared in
// that family's file, embedded here. It is not safe for concurrent use;
// Clone one per goroutine.
type Position struct {
	g        *Game
	board    [maxSquares]uint8
	occ      [maxSeats + 1]bitset // per owner: the two players, then wild pieces (npcs.go)
	kindBB   [maxSeats + 1][maxKinds]bitset
	count    [maxSeats + 1][maxKinds + 1]uint16 // pieces per kind, indexed by kind+1
	present  [maxSeats + 1]uint32               // kind bits of kinds an owner has on the board
	virgin   bitset                             // pieces that have never moved, for kinds where that matters
	side     int                                // the seat to move
	ply      int                                // plies since the game began
	halfmove int                                // plies since the last capture or promotion
	checks   [maxSeats]uint8                    // checks each seat has given (rules.check_limit)
	epN      int
	ep       [maxEP]uint8 // squares an en passant capture may land on
	epVictim int          // the piece it takes
	hash     uint64
	status   status

	undo    []undoRec
	virgins []bitset
	eps     []epState
	swept   []sweptRec
	history []uint64 // hash of every earlier position, oldest first
	lite    []sweptRec
	nulls   []nullRec // MakeNull's stack

	// A family's state and undo stacks are a struct in the family's file,
	// embedded, so its fields read as the position's own: p.chg is
	// p.fxState.chg.
	handState                 // pieces in hand (hand.go)
	cnt            countState // rules.counting (counting.go)
	fxState                   // capture effects (effects.go)
	territoryState            // rules.territory (effects.go)
	touchState                // rules.touch (touch.go)
	wildState                 // wild pieces (npcs.go)
	portalState               // portals (portal.go)

	legalCache []Move
	legalValid bool
	// otherCache: in a round, the choices of the player who is not the
	// side to move, kept as legalCache is (reset together).
	otherCache []Move
	otherValid bool
	pseudo     []Move // HasLegalMove's scratch list
	// probed: under grow "choice" (schema 45), the list before its
	// growths, kept by HasLegalMove for legalGrowing while probedValid
	// (reset with legalCache).
	probed      []Move
	probedValid bool
	// capTo: the squares onto which a list of captures (capOnly) also
	// lists the quiet moves; empty but inside LegalCapturesOnto, which
	// sets capToAny with it.
	capTo      bitset
	capToAny   bool
	ctx        legalCtx // legal's scratch
	ctxRoyal   legalCtx // prepareSeveral's, one royal at a time
	steps      stepRun  // the step kinds' scratch (stepgen.go)
	checkKnown bool     // checkVal holds InCheck's answer
	checkVal   bool
	oc         Outcome
	ocValid    bool

	// Who moves and when: turns and rest (turns.go), rounds (rounds.go),
	// promotion rests' moves home (homeward.go).
	turnState
	roundState
	restState
	homewardState
	seatState   // games with seats (seats.go)
	cellState   // cells of two pieces (cells.go)
	chanceState // dice and hazards (chance.go)
	hiddenState // what each seat took (hidden.go)
	planesState // items and purses (planes.go)
}

// Game is the game this position belongs to.
func (p *Position) Game() *Game { return p.g }

// NewPosition is the start position of the rule file's setup.
func (g *Game) NewPosition() *Position {
	p := g.emptyPosition()
	for sq := 0; sq < g.n; sq++ {
		if c := g.start[sq]; c != 0 {
			p.put(sq, c)
			if g.cells != nil && g.cells.start[sq] != 0 {
				p.putUnder(sq, g.cells.start[sq])
			}
			if g.virginKinds>>maskIndex(c)&1 != 0 && codeOwner(c) != wildOwner {
				p.virgin.set(sq)
			}
		}
	}
	p.canonicalVirgin()
	p.setStock()
	p.startTurns()
	p.startChance()
	p.startPlanes()
	if g.seated {
		p.side = g.order[0]
	}
	p.hash = p.computeHash()
	p.status = p.freshStatus(1, -1)
	p.startCount()
	if g.seated {
		p.settleSeats()
	}
	return p
}

func (g *Game) emptyPosition() *Position {
	return g.emptyPositionFor(min(g.maxPlies+2, 1024))
}

// emptyPositionFor is emptyPosition with room for n moves before its
// stacks grow: a whole game's, or a search's few (Observation.Sample).
func (g *Game) emptyPositionFor(n int) *Position {
	p := &Position{g: g, undo: make([]undoRec, 0, n), history: make([]uint64, 0, n)}
	if g.portal != nil {
		p.initPortals()
	}
	if g.planes != nil {
		p.itemN = make([]uint8, len(g.planes.items)*g.n)
		if g.planes.hasStatuses() {
			p.stw = make([]uint64, g.n)
		}
		if g.body != 0 {
			p.link = make([]uint32, g.n)
		}
	}
	return p
}

func (p *Position) put(sq int, c uint8) {
	p.board[sq] = c
	o, k1 := codeOwner(c), int(maskIndex(c))
	p.occ[o].set(sq)
	p.kindBB[o][k1-1].set(sq)
	p.count[o][k1]++
	p.present[o] |= 1 << uint(k1)
}

func (p *Position) remove(sq int) uint8 {
	c := p.board[sq]
	p.board[sq] = 0
	o, k1 := codeOwner(c), int(maskIndex(c))
	p.occ[o].clear(sq)
	p.kindBB[o][k1-1].clear(sq)
	if p.count[o][k1]--; p.count[o][k1] == 0 {
		p.present[o] &^= 1 << uint(k1)
	}
	return c
}

func (p *Position) zob(c uint8, sq int) uint64 { return p.g.zob[int(c)*p.g.n+sq] }

// computeHash is the Zobrist hash from scratch; Make keeps it incrementally.
func (p *Position) computeHash() uint64 {
	g := p.g
	var h uint64
	for sq := 0; sq < g.n; sq++ {
		if c := p.board[sq]; c != 0 {
			h ^= p.zob(c, sq)
			if u := p.under[sq]; u != 0 {
				h ^= p.zob(u, sq) ^ p.pairFix(c, u, sq)
			}
		}
		if p.virgin.has(sq) {
			h ^= g.zVirgin[sq]
		}
	}
	switch {
	case g.seated:
		h ^= g.zTurn[p.side]
		for s := 0; s < g.seats; s++ {
			if !p.active(s) {
				h ^= g.zOut[s]
			}
		}
	case p.side == 1:
		h ^= g.zSide
	}
	if g.seated {
		for s := 0; s < g.seats; s++ {
			h ^= p.sepHash(s)
		}
	} else {
		for i := 0; i < p.epN; i++ {
			h ^= g.zEP[p.ep[i]]
		}
	}
	for s := 0; s < g.seats; s++ {
		if p.checks[s] > 0 {
			h ^= g.zCheck[s][p.checks[s]]
		}
	}
	// The families' shares, each 0 in a game without the family.
	h ^= p.takenHash() ^ p.claimsHash() ^ p.portalHash() ^ p.touchHash() ^ p.handHash() ^ p.turnHash() ^ p.chanceHash() ^ p.planesHash()
	return h
}

// canonicalVirgin keeps only castling rights that can still be used: a
// castling king counts as unmoved only while an unmoved partner stands on
// its rank, and a partner only while such a king does. So a position's
// hash and notation say exactly which castlings remain possible.
func (p *Position) canonicalVirgin() {
	g := p.g
	cr := g.castle
	if cr == nil || p.virgin.empty() {
		return
	}
	for s := 0; s < g.seats; s++ {
		kings := p.kindBB[s][cr.king]
		rooks := p.kindBB[s][cr.rook]
		any := false
		for w := 0; w < 4; w++ {
			kings[w] &= p.virgin[w]
			rooks[w] &= p.virgin[w]
			any = any || kings[w]|rooks[w] != 0
		}
		if !any {
			continue
		}
		var keep bitset
		for kw := 0; kw < 4; kw++ {
			for kb := kings[kw]; kb != 0; kb &= kb - 1 {
				k := kw<<6 | bits.TrailingZeros64(kb)
				for rw := 0; rw < 4; rw++ {
					for rb := rooks[rw]; rb != 0; rb &= rb - 1 {
						r := rw<<6 | bits.TrailingZeros64(rb)
						_, ky := g.castleFrame(s, k)
						if _, ry := g.castleFrame(s, r); ky == ry {
							keep.set(k)
							keep.set(r)
						}
					}
				}
			}
		}
		for w := 0; w < 4; w++ {
			for x := (kings[w] | rooks[w]) &^ keep[w]; x != 0; x &= x - 1 {
				sq := w<<6 | bits.TrailingZeros64(x)
				if !g.kinds[codeKind(p.board[sq])].firstMove {
					p.virgin.clear(sq)
				}
			}
		}
	}
}

// SideToMove is 0 or 1.
func (p *Position) SideToMove() int { return p.side }

// Ply is the number of plies played since the game began (for a position
// read from notation, counted from its move number).
func (p *Position) Ply() int { return p.ply }

// Hash is the Zobrist hash of everything that makes two positions the
// same: pieces, side to move, castling and first-move rights, en passant
// squares and check counts.
func (p *Position) Hash() uint64 { return p.hash }

// NoProgress is the number of plies since the last capture or promotion.
func (p *Position) NoProgress() int { return p.halfmove }

// ChecksGiven is how many checks a player has delivered (rules.check_limit).
func (p *Position) ChecksGiven(player int) int {
	if player < 0 || player > 1 {
		return 0
	}
	return int(p.checks[player])
}

// Occupied appends, in increasing order, every square a piece stands on.
func (p *Position) Occupied(out []int) []int {
	all := p.occupied()
	return all.squares(out)
}

// KindsOnBoard is the set of kinds player has on the board, bit k for
// kind k, so that a caller summing over pieces by kind (KindSquares) reads
// only the kinds there are. ok is false where the kinds' squares are not
// what PieceAt shows: in a game with cells (rules.cells), whose sets also
// hold the piece below, and for a player out of range.
func (p *Position) KindsOnBoard(player int) (kinds uint32, ok bool) {
	if p.g.cells != nil || player < 0 || player > 1 {
		return 0, false
	}
	return p.present[player] >> 1, true
}

// Squares is where player's pieces stand (0 or 1), or with player -1
// every piece, as four words of bits like KindSquares; empty out of range.
// As with KindsOnBoard, a game with cells holds the pieces below in these
// sets too.
func (p *Position) Squares(player int) [4]uint64 {
	switch player {
	case -1:
		return p.occupied()
	case 0, 1:
		return p.occ[player]
	}
	return [4]uint64{}
}

// KindSquares is where player's pieces of a kind stand, as four words of
// bits (square sq is bit sq%64 of word sq/64); empty out of range.
func (p *Position) KindSquares(player, kind int) [4]uint64 {
	if player < 0 || player > 1 || kind < 0 || kind >= p.g.nk {
		return [4]uint64{}
	}
	return p.kindBB[player][kind]
}

// PieceAt says what stands on a square: owner 0 or 1 for the players' pieces,
// 2 for a wild piece (rules.npcs).
func (p *Position) PieceAt(sq int) (kind int, owner int, ok bool) {
	if sq < 0 || sq >= p.g.n || p.board[sq] == 0 {
		return -1, -1, false
	}
	c := p.board[sq]
	return codeKind(c), codeOwner(c), true
}

// Count is how many pieces of a kind a player has on the board.
func (p *Position) Count(player, kind int) int {
	if player < 0 || player > 1 || kind < 0 || kind >= p.g.nk {
		return 0
	}
	return int(p.count[player][kind+1])
}

// HasMoved reports whether the piece on sq has moved, for kinds where that
// matters (castling, first_move); false for an empty square.
func (p *Position) HasMoved(sq int) bool {
	return sq >= 0 && sq < p.g.n && p.board[sq] != 0 && !p.virgin.has(sq)
}

// Clone is an independent copy. It carries the history of earlier
// positions (repetition still counts them) but not the undo stack: Unmake
// on the copy undoes only moves made on the copy.
func (p *Position) Clone() *Position {
	q := *p
	q.undo = make([]undoRec, 0, 32)
	q.virgins, q.eps = nil, nil
	q.swept = nil
	q.lite = nil
	q.nulls = nil
	// The families' undo stacks too; their state is copied with q.
	q.chg, q.fxHands = nil, nil // fxState
	q.claims = nil              // territoryState
	q.touches = nil             // touchState
	q.fxTaken = nil             // wildState
	q.portUndo = nil            // portalState
	q.turnUndo, q.restChg, q.homes = nil, nil, nil
	q.seatLog = nil // seatState
	q.cellLog = nil // cellState
	q.chanceLog = nil
	q.itemN = append([]uint8(nil), p.itemN...) // planesState
	if p.stw != nil {
		q.stw = append([]uint64(nil), p.stw...)
	}
	if p.link != nil {
		q.link = append([]uint32(nil), p.link...)
	}
	q.planeLog = nil
	q.powerExtra, q.growOut = nil, nil // scratch, never shared
	q.history = append(make([]uint64, 0, len(p.history)+64), p.history...)
	q.legalCache, q.otherCache = nil, nil
	q.legalValid, q.otherValid = false, false
	q.probed, q.probedValid = nil, false
	q.pseudo = nil
	return &q
}

// royalSquares appends the squares of a player's royal pieces.
func (p *Position) royalSquares(s int, out []int) []int {
	for _, k := range p.g.royalKinds {
		out = p.kindBB[s][k].squares(out)
	}
	return out
}

func (p *Position) royalCount(s int) int {
	n := 0
	for _, k := range p.g.royalKinds {
		n += int(p.count[s][k+1])
	}
	return n
}

// royalsHeld counts a player's royals on the board and in hand: a royal
// still in the stock of a placement phase is not lost.
func (p *Position) royalsHeld(s int) int {
	n := p.royalCount(s)
	if p.g.drops != nil {
		for _, k := range p.g.royalKinds {
			n += int(p.hand[s][k])
		}
	}
	return n
}

// InCheck reports whether the side to move is in check: it has a royal
// piece and every one it has is attacked.
func (p *Position) InCheck() bool {
	// Players ask this several times a node; Make and Unmake forget it.
	if !p.checkKnown {
		p.checkVal, p.checkKnown = p.inCheck(p.side), true
	}
	return p.checkVal
}

func (p *Position) inCheck(s int) bool {
	g := p.g
	has := false
	for _, k := range g.royalKinds {
		for w := 0; w < 4; w++ {
			x := p.kindBB[s][k][w]
			for x != 0 {
				sq := w<<6 | bits.TrailingZeros64(x)
				x &= x - 1
				has = true
				if g.seated && !p.foeAttacked(sq, s, k) || !g.seated && !p.royalAttacked(sq, opponent(s), k) {
					return false
				}
			}
		}
	}
	return has
}
