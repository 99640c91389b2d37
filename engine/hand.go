package engine

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"balancefarm/internal/splitmix"
)

// Pieces in hand (rules.drops): per player and kind a count, part of the
// hash through one Zobrist key per count. A drop is a move of type
// moveDrop with from = to = the square, aux = the kind taken from hand,
// aux2 = the kind put down (the hand kind, or its other face under
// either_face) and, when promote_on_entry turns it into its first target,
// that target in the promotion field.

// unlimitedHand is the count a hand shows for a kind with an unlimited
// stock; it never changes, so it has no key.
const unlimitedHand = 255

type dropRule struct {
	fromCaptures bool
	handKind     []int // per kind: what it becomes in its captor's hand
	face         []int // per kind held in hand: its other face, -1 none
	zone         [maxSeats][]bitset
	entry        [maxSeats][]bitset // per kind: squares where a drop promotes on entry
	noDoubled    uint32             // kind bits
	noMate       uint32
	placement    bool
	stock        []uint8 // per kind, unlimitedHand for unlimited
	unlimited    uint32  // kind bits
	handCap      int     // the most any hand count can reach
	fileMask     []bitset
	symmetric    bool     // schema 30: drops come in mirrored pairs (symmetric.go)
	chooseFacing bool     // schema 30: a drop chooses its facing
	mirror       []int    // per kind: its mirror image's kind
	sig          []string // per kind: its moves, to tell facings apart
}

// handState is the hands in the position (the position embeds it).
type handState struct {
	hand  [maxSeats][maxKinds]uint8 // unlimitedHand for an unlimited stock
	handN [maxSeats]int             // pieces held, an unlimited stock counted once
}

func (g *Game) loadDrops() error {
	d := g.spec.Rules.Drops
	if d == nil {
		return nil
	}
	r := &dropRule{fromCaptures: d.FillsFromCaptures(), placement: d.Placement}
	r.handKind = make([]int, g.nk)
	r.face = make([]int, g.nk)
	r.stock = make([]uint8, g.nk)
	for k := range r.handKind {
		r.handKind[k], r.face[k] = k, -1
	}
	for k, pc := range g.spec.Pieces {
		if pc.PromotedFrom == "" {
			continue
		}
		base, err := g.kindOf(fmt.Sprintf("pieces[%d].promoted_from", k), pc.PromotedFrom)
		if err != nil {
			return err
		}
		r.handKind[k] = base
		if d.EitherFace {
			r.face[base] = k
		}
	}
	ids := func(where string, list []string) (uint32, error) {
		var m uint32
		for _, id := range list {
			k, err := g.kindOf(where, id)
			if err != nil {
				return 0, err
			}
			m |= 1 << uint(k+1)
		}
		return m, nil
	}
	var err error
	if r.noDoubled, err = ids("rules.drops.no_doubled", d.NoDoubled); err != nil {
		return err
	}
	if r.noMate, err = ids("rules.drops.no_mate", d.NoMate); err != nil {
		return err
	}
	total := 0
	for p := 0; p < g.seats; p++ {
		for _, c := range g.setupCount[p] {
			total += c
		}
	}
	keys := make([]string, 0, len(d.Stock))
	for id := range d.Stock {
		keys = append(keys, id)
	}
	sort.Strings(keys)
	for _, id := range keys {
		k, err := g.kindOf("rules.drops.stock", id)
		if err != nil {
			return err
		}
		n := d.Stock[id]
		switch {
		case n.Unlimited:
			r.stock[k] = unlimitedHand
			r.unlimited |= 1 << uint(k+1)
		case n.Count < 1 || n.Count > 32:
			return bad("rules.drops.stock.%s must be 1 to 32 or \"unlimited\"", id)
		default:
			r.stock[k] = uint8(n.Count)
			total += 2 * n.Count
		}
		if g.kinds[k].royal {
			// A royal that starts in the stock is one to lose.
			for s := 0; s < g.seats; s++ {
				g.royalLoss[s] = true
			}
			g.boardEndings = true
		}
	}
	r.handCap = min(total, unlimitedHand-1)
	r.fileMask = make([]bitset, g.w)
	for sq := 0; sq < g.n; sq++ {
		r.fileMask[g.fileOf[sq]].set(sq)
	}
	// Where each kind may be put down: its drop region (written for the
	// first player and reflected, as every region of the language), its
	// piece region, never a wall, and under forbid_immobility never where
	// it could not move (as the kind it becomes there on entry).
	region := make([][maxSeats]bitset, g.nk)
	hasRegion := make([]bool, g.nk)
	for id, list := range d.Region {
		k, err := g.kindOf("rules.drops.region", id)
		if err != nil {
			return err
		}
		if region[k], err = g.squareSet("rules.drops.region."+id, list, false); err != nil {
			return err
		}
		hasRegion[k] = true
	}
	onEntry := g.spec.Rules.PromoteOnEntry
	for p := 0; p < g.seats; p++ {
		r.zone[p] = make([]bitset, g.nk)
		r.entry[p] = make([]bitset, g.nk)
		for k := 0; k < g.nk; k++ {
			for sq := 0; sq < g.n; sq++ {
				if g.wall.has(sq) || hasRegion[k] && !region[k][p].has(sq) {
					continue
				}
				f := k
				if pi := g.kinds[k].promo; onEntry && pi >= 0 && g.promos[pi].zone[p].has(sq) {
					r.entry[p][k].set(sq)
					f = g.promos[pi].targets[p][0]
				}
				fk := &g.kinds[f]
				if fk.hasReg && !fk.region[p].has(sq) || g.forbidImmobility && fk.immobile[p].has(sq) {
					continue
				}
				r.zone[p][k].set(sq)
			}
		}
	}
	for i := range g.gens {
		if g.gens[i].typ == genHop {
			g.hasHop = true
		}
	}
	if err := g.loadSymmetric(d, r); err != nil {
		return err
	}
	g.drops = r
	return nil
}

// hasHand reports whether player s holds any piece.
func (p *Position) hasHand(s int) bool { return p.handN[s] > 0 }

// InHand is how many pieces of a kind a player holds in hand, -1 for an
// unlimited stock.
func (p *Position) InHand(player, kind int) int {
	if player < 0 || player > 1 || kind < 0 || kind >= p.g.nk {
		return 0
	}
	if c := p.hand[player][kind]; c != unlimitedHand {
		return int(c)
	}
	return -1
}

// HandEmpty reports whether player holds no piece in hand (an unlimited
// stock counts as held): the evaluation skips its count per kind then.
func (p *Position) HandEmpty(player int) bool {
	return player < 0 || player >= maxSeats || p.handN[player] == 0
}

// HasDrops reports whether the game has pieces in hand (rules.drops).
func (g *Game) HasDrops() bool { return g.drops != nil }

// IsDrop reports whether m puts a piece from hand on the board.
func (m Move) IsDrop() bool { return m.typ() == moveDrop }

// DropKind is the kind a drop puts down (after promote_on_entry), or -1
// for another move.
func (m Move) DropKind() int {
	if m.typ() != moveDrop {
		return -1
	}
	if pr := m.Promotion(); pr >= 0 {
		return pr
	}
	return m.aux2()
}

// loadHandKeys draws a key per player, kind and count in hand.
func (g *Game) loadHandKeys(rng *splitmix.Stream) {
	d := g.drops
	if d == nil {
		return
	}
	g.zHand = make([]uint64, 2*g.nk*(d.handCap+1))
	for i := range g.zHand {
		if i%(d.handCap+1) != 0 { // an empty hand adds nothing
			g.zHand[i] = rng.Next()
		}
	}
}

// handHash is the hands' share of the hash (an unlimited stock has none).
func (p *Position) handHash() uint64 {
	g := p.g
	if g.drops == nil {
		return 0
	}
	var h uint64
	for s := 0; s < g.seats; s++ {
		for k := 0; k < g.nk; k++ {
			if c := p.hand[s][k]; c != unlimitedHand {
				h ^= g.zHandKey(s, k, int(c))
			}
		}
	}
	return h
}

func (g *Game) zHandKey(s, k, n int) uint64 {
	return g.zHand[(s*g.nk+k)*(g.drops.handCap+1)+n]
}

// handAdd changes player s's count of kind k by d, keeping the hash.
func (p *Position) handAdd(h uint64, s, k, d int) uint64 {
	c := int(p.hand[s][k])
	if c == unlimitedHand {
		return h
	}
	g := p.g
	h ^= g.zHandKey(s, k, c)
	c += d
	if c > g.drops.handCap {
		c = g.drops.handCap // unreachable: the cap counts every piece there is
	}
	p.hand[s][k] = uint8(c)
	p.handN[s] += d
	return h ^ g.zHandKey(s, k, c)
}

// setStock fills both hands with the stock.
func (p *Position) setStock() {
	d := p.g.drops
	if d == nil {
		return
	}
	for s := 0; s < p.g.seats; s++ {
		for k, n := range d.stock {
			p.hand[s][k] = n
			switch n {
			case 0:
			case unlimitedHand:
				p.handN[s]++ // always held
			default:
				p.handN[s] += int(n)
			}
		}
	}
}

// genDrops appends the side to move's drops, by kind then square.
func (p *Position) genDrops(buf []Move) []Move {
	g := p.g
	d := g.drops
	s := p.side
	empty := p.occupied()
	for k := 0; k < g.nk; k++ {
		if p.hand[s][k] == 0 {
			continue
		}
		if d.symmetric || d.chooseFacing {
			for _, w := range g.dropWays(k, d) {
				buf = p.genDropsOf(buf, d, k, w, &empty)
			}
			continue
		}
		buf = p.genDropsOf(buf, d, k, g.enterKind(k), &empty)
		if f := d.face[k]; f >= 0 {
			buf = p.genDropsOf(buf, d, k, f, &empty)
		}
	}
	return buf
}

// genDropsOf appends the drops of hand kind hk put down as kind k.
func (p *Position) genDropsOf(buf []Move, d *dropRule, hk, k int, full *bitset) []Move {
	g := p.g
	s := p.side
	to := d.zone[s][k]
	for w := range to {
		to[w] &^= full[w]
	}
	if d.noDoubled>>uint(k+1)&1 != 0 {
		var mine [maxSquares]int
		for _, sq := range p.kindBB[s][k].squares(mine[:0]) {
			fm := &d.fileMask[g.fileOf[sq]]
			for w := range to {
				to[w] &^= fm[w]
			}
		}
	}
	base := mvValid | moveDrop<<mvTypeShift | Move(hk)<<mvAuxShift | Move(k)<<mvAux2Shift
	if d.symmetric {
		return p.genPairs(buf, d, hk, k, &to, base)
	}
	entry := &d.entry[s][k]
	for w := 0; w < 4; w++ {
		for x := to[w]; x != 0; x &= x - 1 {
			sq := w<<6 | bits.TrailingZeros64(x)
			m := base | Move(sq) | Move(sq)<<8
			if entry[w]>>uint(sq&63)&1 != 0 {
				m |= Move(g.promos[g.kinds[k].promo].targets[s][0]+1) << mvPromoShift
			}
			buf = append(buf, m)
		}
	}
	return buf
}

// givesMate reports whether drop m (legal for the side to move) leaves
// the other player checkmated, for rules.drops.no_mate.
func (p *Position) givesMate(m Move) bool {
	g := p.g
	s := p.side
	// A drop checks only by attacking a royal from its square, or (with
	// hoppers) by becoming a screen; anything else cannot mate.
	if !g.hasHop {
		k := m.DropKind()
		reach := &g.capReach[(s*g.nk+k)*g.n+m.To()]
		hit := false
		for _, rk := range g.royalKinds {
			if reach.intersects(&p.kindBB[opponent(s)][rk]) {
				hit = true
				break
			}
		}
		if !hit {
			return false
		}
	}
	p.Make(m)
	mate := p.inCheck(p.side) && !p.HasLegalMove()
	p.Unmake()
	return mate
}

// dropLegal is the full legality test of a drop: the royal rules (a drop
// can only block, unless it puts a royal down), then no_mate.
func (p *Position) dropLegal(m Move) bool {
	if p.g.drops.symmetric {
		return p.symLegal(m)
	}
	if !p.legalAfter(m) {
		return false
	}
	return p.g.drops.noMate>>uint(m.aux2()+1)&1 == 0 || !p.givesMate(m)
}

// readHand reads the hands of a notation's first field, in brackets
// after the board or, as Fairy-Stockfish also writes them, as one more
// rank, and gives back the board alone. An unlimited stock is full.
func (p *Position) readHand(field string) (board string, err error) {
	g := p.g
	if d := g.drops; d != nil {
		for s := 0; s < g.seats; s++ {
			for k := 0; k < g.nk; k++ {
				if d.unlimited>>uint(k+1)&1 != 0 {
					p.hand[s][k] = unlimitedHand
					p.handN[s]++
				}
			}
		}
	}
	board = field
	if i := strings.IndexByte(board, '['); i >= 0 {
		hand := board[i:]
		board = board[:i]
		if !strings.HasSuffix(hand, "]") {
			return "", fmt.Errorf("fen: hand %q has no closing ]", hand)
		}
		if hand != "[]" && g.drops == nil {
			return "", fmt.Errorf("fen: pieces in hand %s, but the game has no rules.drops", hand)
		}
		if err := p.parseHand(hand[1 : len(hand)-1]); err != nil {
			return "", err
		}
	} else if g.drops != nil && strings.Count(board, "/") == g.h {
		// Fairy-Stockfish's other spelling: the hand as one more rank.
		i := strings.LastIndexByte(board, '/')
		if err := p.parseHand(board[i+1:]); err != nil {
			return "", err
		}
		board = board[:i]
	}
	return board, nil
}

// parseHand reads the pieces in hand: piece tokens, each one piece of its
// owner's (a promoted piece counts as what it goes to hand as).
func (p *Position) parseHand(s string) error {
	g := p.g
	for j := 0; j < len(s); {
		if s[j] == '-' { // Fairy-Stockfish writes an empty hand "[-]" at times
			j++
			continue
		}
		code, n, err := g.readToken(s[j:])
		if err != nil {
			return fmt.Errorf("fen: hand [%s]: %v", s, err)
		}
		j += n
		o, k := codeOwner(code), g.drops.handKind[codeKind(code)]
		if p.hand[o][k] == unlimitedHand {
			continue
		}
		if int(p.hand[o][k]) >= g.drops.handCap {
			return fmt.Errorf("fen: hand [%s] holds more %s than the game has", s, g.kinds[k].id)
		}
		p.hand[o][k]++
		p.handN[o]++
	}
	return nil
}

// handField writes the hands in brackets: the first player's pieces, then
// the second's, each by kind in declaration order. An unlimited stock is
// left out: it is the same in every position of the game.
func (p *Position) handField() string {
	g := p.g
	if g.drops == nil {
		return ""
	}
	var b strings.Builder
	b.WriteByte('[')
	for s := 0; s < g.seats; s++ {
		for k := 0; k < g.nk; k++ {
			if c := p.hand[s][k]; c != unlimitedHand {
				for i := 0; i < int(c); i++ {
					b.WriteString(g.tokens[pieceCode(k, s)])
				}
			}
		}
	}
	b.WriteByte(']')
	return b.String()
}
