package search

import (
	"math/bits"

	"balancefarm/engine"
	"balancefarm/internal/maskray"
)

// board is what the evaluation reads of a position.
type board interface {
	PieceAt(sq int) (kind, owner int, ok bool)
	Ply() int
	InCheck() bool
}

// placed is one piece found on the board.
type placed struct {
	sq, kind, owner int
}

// evaluator scores positions for one player's search. The tables are
// shared; the scratch space is its own.
type evaluator struct {
	t      *evalTables
	occ    []int8 // 0 empty, 1 player 0, 2 player 1, 3 nobody's
	sqs    []int  // the squares evaluate looks at
	occAny uint64 // on a board of at most 64 squares, the occupied ones
	// Each player's squares on a board of at most 64, where mobSets or
	// the effects term (bestEffects) reads them; and the kind on each
	// piece's square, -1 elsewhere between bestEffects's calls.
	occOwn [2]uint64
	kindAt []int16
	// mobSets: this evaluation's occAny and occOwn come from the engine's
	// sets and occ is not filled (addMobility reads the sets).
	mobSets bool
	// mobCounted is each player's mobility counted by sumByKind already,
	// for pieces with plain lines (mobSets only); addMobility weighs it.
	mobCounted [2]int
	// ringWorth's sums in this evaluation: those whose stamp is ringGen.
	ringGen   uint32
	ringStamp []uint32
	ringMemo  []int
	pieces    []placed
	liners    []placed // the pieces of kinds with lines, for addMobility
	goalers   []placed // the pieces of kinds a reach goal counts, for addReach
	counts    [2][]int // per kind
	terms     int      // the spec's opt-in terms (evalterms.go); 0: none
	// termsOnSets: every term asked for can read the engine's sets, so
	// they leave the evaluation on mobSets's path; setsPos is the
	// position being evaluated there.
	termsOnSets  bool
	setsPos      *engine.Position
	threatLevels threatLevels
	mobWeight    int          // centipawns per square in addMobility: mobilityWeight unless a term says more
	ts           *termScratch // their scratch space; nil unless one needs it
	// kindMemo is sumByKind's last sum of each kind's squares' bonuses
	// (player -> kind), with the squares it was read from: a move changes
	// one or two kinds' squares, so most kinds' sums are read again.
	kindMemo [2][]kindSum
}

// kindSum is one kind's squares and the bonuses read for them.
type kindSum struct {
	set      [4]uint64
	n, bonus int
}

func newEvaluator(t *evalTables) *evaluator {
	e := &evaluator{t: t, occ: make([]int8, t.nsq), mobWeight: mobilityWeight}
	for pl := 0; pl < 2; pl++ {
		e.counts[pl] = make([]int, len(t.kinds))
		e.kindMemo[pl] = make([]kindSum, len(t.kinds))
	}
	return e
}

// evaluate scores the position in centipawns for the side to move. It is
// generic: every term comes from the piece values and moves the file
// declares and from the endings it names, and every sign follows what
// those endings reward.
func (e *evaluator) evaluate(p board, stm int, extra any) int {
	t := e.t
	nsq := t.nsq
	e.pieces, e.liners, e.goalers = e.pieces[:0], e.liners[:0], e.goalers[:0]
	e.mobCounted = [2]int{}
	if t.extinction {
		for pl := 0; pl < 2; pl++ {
			clear(e.counts[pl])
		}
	}
	var material, positional, nonRoyal, total [2]int
	royalSq := [2]int{-1, -1}
	var royals [2]int
	needOcc, needPieces := e.reads()
	e.occAny = 0
	var stat statusHolder
	if t.statuses != nil {
		stat, _ = extra.(statusHolder)
	}
	// The engine's own PieceAt is called directly: through the interface
	// each square cost two calls more.
	ep, isEngine := p.(enginePos)
	// Where mobility alone reads the occupancy and every line has a mask,
	// it reads the engine's sets (mobSets) and the squares need no look.
	e.mobSets = needOcc && isEngine && stat == nil && (e.terms == 0 || e.termsOnSets) && t.fx == nil && t.linesMasked
	if e.mobSets {
		// (Not with cells, whose sets also hold the pieces below.)
		_, e.mobSets = ep.Position.KindsOnBoard(0)
	}
	e.setsPos = nil
	if e.mobSets {
		needOcc = false
		// The terms read the sets too; a region count still lists pieces.
		needPieces = t.scoreCount == "region"
		e.setsPos = ep.Position
		all := ep.Position.Squares(-1)
		e.occAny = all[0]
		for pl := 0; pl < 2; pl++ {
			own := ep.Position.Squares(pl)
			e.occOwn[pl] = own[0]
		}
	}
	if needOcc {
		clear(e.occ)
	}
	// Where nothing reads the squares one by one, the engine's sets of
	// squares per kind give the sums with less work a piece.
	byKind := isEngine && !needOcc && !needPieces && stat == nil &&
		e.sumByKind(ep.Position, &material, &positional, &total, &royals, &royalSq)
	if !byKind {
		// Only squares with a piece need a look: the engine lists them
		// when it can, otherwise every square is asked.
		if ol, ok := extra.(occupiedLister); ok {
			e.sqs = ol.Occupied(e.sqs[:0])
		} else if len(e.sqs) != nsq {
			e.sqs = e.sqs[:0]
			for sq := 0; sq < nsq; sq++ {
				e.sqs = append(e.sqs, sq)
			}
		}
		kinds := t.kinds
		for _, sq := range e.sqs {
			var kind, owner int
			var ok bool
			if isEngine {
				kind, owner, ok = ep.Position.PieceAt(sq)
			} else {
				kind, owner, ok = p.PieceAt(sq)
			}
			if !ok {
				continue
			}
			e.occAny |= 1 << uint(sq&63) // read only where the board has at most 64 squares
			if owner != 0 && owner != 1 {
				if needOcc {
					e.occ[sq] = 3
				}
				continue
			}
			if needOcc {
				e.occ[sq] = int8(owner + 1)
			}
			if uint(kind) >= uint(len(kinds)) {
				continue
			}
			kt := &kinds[kind]
			pc := placed{sq, kind, owner}
			if needPieces {
				e.pieces = append(e.pieces, pc)
			}
			if kt.lined {
				e.liners = append(e.liners, pc)
			}
			if kt.goal[owner] != nil {
				e.goalers = append(e.goalers, pc)
			}
			if t.extinction {
				e.counts[owner][kind]++
			}
			total[owner]++
			material[owner] += kt.value
			if stat != nil {
				material[owner] += t.statusValue(stat, sq, kt.value)
			}
			if kt.royal {
				royalSq[owner] = sq
				royals[owner]++
			}
			if pst := kt.pst[owner]; pst != nil {
				positional[owner] += pst[sq]
			}
		}
	}
	nonRoyal[0], nonRoyal[1] = total[0]-royals[0], total[1]-royals[1]

	if t.hands {
		e.addHands(&material, extra)
	}
	if t.purseValue != nil {
		if ph, ok := extra.(purseHolder); ok {
			for pl := 0; pl < 2; pl++ {
				for r, v := range t.purseValue {
					material[pl] += ph.Purse(pl, r) * v
				}
			}
		}
	}
	var score [2]int
	for pl := 0; pl < 2; pl++ {
		score[pl] = t.matSign*material[pl] + positional[pl]
	}
	e.addMobility(&score)
	if t.reachSign != 0 {
		e.addReach(&score, stm)
	}
	if t.extinction {
		e.addExtinction(&score)
	}
	if t.bareSign != 0 && t.hasRoyal {
		for pl := 0; pl < 2; pl++ {
			if nonRoyal[pl] <= 1 {
				score[pl] += t.bareSign * bareRoyalWeight * (2 - nonRoyal[pl]) / 2
			}
		}
	}
	if t.checkLimit > 0 {
		e.addChecks(&score, p, stm, extra)
	}
	if t.claimWinAt > 0 {
		if cc, ok := extra.(claimsCounter); ok {
			for pl := 0; pl < 2; pl++ {
				need := t.claimWinAt - cc.Claimed(pl)
				if need >= 1 {
					score[pl] += claimWeight / need
				}
			}
		}
	}
	if t.scoreCount != "" {
		e.addScoring(&score, p.Ply(), total, extra)
	}
	if t.mopUp {
		e.addMopUp(&score, material, royalSq)
	}
	if t.fx != nil {
		e.addEffects(&score, p, stm, extra)
	}
	if e.terms != 0 {
		e.addTerms(&score, stm, royals, royalSq)
	}
	s := score[0] - score[1]
	if stm == 1 {
		s = -s
	}
	return max(-maxEval, min(maxEval, s))
}

// reads says what the terms after evaluate's scan read besides its sums:
// the occupancy (mobility, the opt-in terms, the effects) and the piece
// list (the terms, the effects, a region count). A game that needs
// neither (Elven chess: under entry rules its slides are lines per
// landing, so no kind is lined) pays only for the sums.
func (e *evaluator) reads() (occ, pieces bool) {
	// (Tempo, mobility's weight and the tables' terms only weigh what
	// the plain evaluation reads.)
	lean := e.terms&^(TermTempo|TermMobility|tableTerms) == 0 && e.t.fx == nil
	return !lean || e.t.anyLined, !lean || e.t.scoreCount == "region"
}

// addMobility counts where each piece's lines (slides, sweeps, hops) reach
// on the current board, in the direction the endings reward. A leap's
// reach hardly depends on the board, and the piece-square term already
// counts it.
func (e *evaluator) addMobility(score *[2]int) {
	t := e.t
	for pl, n := range e.mobCounted {
		score[pl] += t.mobSign * e.mobWeight * n
	}
	for _, pc := range e.liners {
		if e.mobSets {
			if plain := t.kinds[pc.kind].plainLines[pc.owner][pc.sq]; plain != nil {
				score[pc.owner] += t.mobSign * e.mobWeight * e.plainMobility(plain, pc.owner)
				continue
			}
		}
		own := int8(pc.owner + 1)
		n := 0
		lines := t.kinds[pc.kind].lines[pc.owner][pc.sq]
		for ri := range lines {
			r := &lines[ri]
			if r.hop {
				n += e.hopMoves(r, own)
				continue
			}
			if r.order != maskray.Walk {
				// The same count as the walk below, from masks: the
				// squares before the first piece, and that piece.
				near, hit := maskray.Split(r.mask, e.occAny, r.order)
				if r.quiet {
					n += bits.OnesCount64(near & r.counted)
				}
				if hit&r.counted != 0 && r.capture {
					if e.mobSets {
						if hit&e.occOwn[pc.owner] == 0 {
							n++
						}
					} else if e.occ[bits.TrailingZeros64(hit)] != own {
						n++
					}
				}
				continue
			}
			for i, s := range r.sqs {
				o := e.occ[s]
				if o == 0 {
					if r.quiet && i >= r.min {
						n++
					}
					continue
				}
				if o != own && r.capture && i >= r.min {
					n++
				}
				break
			}
		}
		score[pc.owner] += t.mobSign * e.mobWeight * n
	}
}

// plainMobility is addMobility's count for a piece of player pl whose
// lines are plain (plainLines), every line at once: the squares before
// each line's first piece where it moves, and that piece where it
// captures and is not the mover's. It reads the engine's sets (mobSets).
func (e *evaluator) plainMobility(plain []maskLine, pl int) int {
	var near, hit uint64
	for _, l := range plain {
		n, h := maskray.Split(l.mask, e.occAny, l.order)
		near, hit = near|n&l.quiet, hit|h&l.capture
	}
	return bits.OnesCount64(near) + bits.OnesCount64(hit&^e.occOwn[pl])
}

func (e *evaluator) hopMoves(r *ray, own int8) int {
	n, past := 0, -1
	for i, s := range r.sqs {
		o := e.occ[s]
		if past < 0 {
			if o == 0 {
				continue
			}
			if (r.screen == engine.ScreenOwn && o != own) || (r.screen == engine.ScreenEnemy && (o == own || o == 3)) {
				return 0
			}
			past = i
			continue
		}
		if r.screenRange > 0 && i-past > r.screenRange {
			break
		}
		if o == 0 {
			if r.quiet {
				n++
			}
			continue
		}
		if o != own && r.capture {
			n++
		}
		break
	}
	return n
}

// addReach credits each side for how few moves its nearest eligible pieces
// need to arrive on a goal square (or, for a losing goal, debits it).
func (e *evaluator) addReach(score *[2]int, stm int) {
	t := e.t
	best := [2][2]int{{unreachable, unreachable}, {unreachable, unreachable}}
	for _, pc := range e.goalers {
		g := t.kinds[pc.kind].goal[pc.owner]
		d := int(g[pc.sq])
		if t.reachLeave {
			d++ // standing there decides nothing; stepping off does
		}
		b := &best[pc.owner]
		switch {
		case d < b[0]:
			b[0], b[1] = d, b[0]
		case d < b[1]:
			b[1] = d
		}
	}
	for pl := 0; pl < 2; pl++ {
		v := reachValue(best[pl][0]) + reachValue(best[pl][1])/2
		if pl == stm && best[pl][0] == 1 {
			v *= 2 // one move from the goal with the move in hand
		}
		score[pl] += t.reachSign * v
	}
}

func reachValue(d int) int {
	if d <= 0 || d >= 12 {
		return 0
	}
	return reachWeight >> (d - 1)
}

// addExtinction weighs each counted group by how close it is to running
// out: the last piece above the line is worth the most.
func (e *evaluator) addExtinction(score *[2]int) {
	t := e.t
	minCount := t.extMin
	for pl := 0; pl < 2; pl++ {
		for gi, grp := range t.extGroups {
			if t.extOwn && t.extStarts[pl][gi] == 0 {
				continue
			}
			c := 0
			for _, k := range grp {
				c += e.counts[pl][k]
			}
			spare := c - minCount
			if spare < 0 || spare > 8 {
				continue
			}
			score[pl] += t.extSign * (extinctionWeight >> spare)
		}
	}
}

// addChecks reads the checks given toward check_limit from the position
// when the engine counts them, and otherwise credits a check on the board.
func (e *evaluator) addChecks(score *[2]int, p board, stm int, extra any) {
	t := e.t
	if cc, ok := extra.(checksCounter); ok {
		for pl := 0; pl < 2; pl++ {
			need := t.checkLimit - cc.ChecksGiven(pl)
			if need >= 1 {
				score[pl] += checkLimitWeight / need
			}
		}
		return
	}
	if p.InCheck() {
		score[1-stm] += checkLimitWeight / t.checkLimit
	}
}

// addScoring weighs what rules.scoring compares, more as the clock runs
// out. The engine's own count is used when it offers one; otherwise the
// counts visible on the board.
func (e *evaluator) addScoring(score *[2]int, ply int, total [2]int, extra any) {
	t := e.t
	if t.scoreCount == "material" {
		return // already the material term
	}
	w := scoringWeight * (t.maxPlies + 3*ply) / max(t.maxPlies, 1)
	var units [2]float64
	switch sc, ok := extra.(scoreCounter); {
	case ok:
		units = [2]float64{sc.Score(0), sc.Score(1)}
	case t.scoreCount == "pieces":
		units = [2]float64{float64(total[0]), float64(total[1])}
	case t.scoreCount == "region" && t.scoreRegion[0] != nil:
		for _, pc := range e.pieces {
			if t.scoreRegion[pc.owner][pc.sq] {
				units[pc.owner]++
			}
		}
	default:
		return
	}
	if t.scoreCount == "points" {
		w *= 3 // a bounty is worth about a piece's value
	}
	for pl := 0; pl < 2; pl++ {
		score[pl] += int(units[pl] * float64(w))
	}
}

// addMopUp helps the side that is well ahead in a checkmate game finish:
// drive the other royal toward the rim and bring its own royal near, which
// a shallow search cannot see on its own.
func (e *evaluator) addMopUp(score *[2]int, material [2]int, royalSq [2]int) {
	t := e.t
	for pl := 0; pl < 2; pl++ {
		opp := 1 - pl
		if material[pl]-material[opp] < mopUpThreshold || royalSq[opp] < 0 {
			continue
		}
		bonus := mopUpEdgeWeight * t.edgeCloseness(royalSq[opp])
		if royalSq[pl] >= 0 {
			bonus += mopUpNearWeight * (max(t.width, t.height) - t.distance(royalSq[pl], royalSq[opp]))
		}
		score[pl] += bonus
	}
}

// distance is the number of king steps between two squares (single
// steps to a neighbour on a hex lattice).
func (t *evalTables) distance(a, b int) int {
	df, dr := t.file[a]-t.file[b], t.rank[a]-t.rank[b]
	if t.hex {
		return max(abs(df), abs(dr), abs(df+dr))
	}
	return max(abs(df), abs(dr))
}

// edgeCloseness is how near a square is to the board's rim: 0 in the
// middle, growing toward the edge, in half steps so odd and even boards
// are treated alike.
func (t *evalTables) edgeCloseness(sq int) int {
	cf := 2*t.file[sq] - (t.width - 1)
	cr := 2*t.rank[sq] - (t.height - 1)
	if t.hex { // hex steps from the centre, as on the hexagon
		return max(abs(cf), abs(cr), abs(cf+cr))
	}
	return max(abs(cf), abs(cr))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// addHands counts the pieces each player holds in hand as material: a
// piece in hand can be dropped where it is needed, so it is worth its
// value and a little more (handBonus). An unlimited supply is the same for
// both players and is left out.
func (e *evaluator) addHands(material *[2]int, extra any) {
	hc, ok := extra.(handCounter)
	if !ok {
		return
	}
	for pl := 0; pl < 2; pl++ {
		if hc.HandEmpty(pl) {
			continue // most of a placement game is played with empty hands
		}
		for kind := range e.t.kinds {
			n := hc.InHand(pl, kind)
			if n <= 0 {
				continue
			}
			v := e.t.kinds[kind].value
			material[pl] += n * (v + v*handBonusPercent/100)
		}
	}
}

// sumByKind is evaluate's scan read from the engine's squares per kind:
// material, positional, piece and royal counts (the highest royal square,
// as the scan in square order finds it), the extinction counts and the
// pieces a goal counts, but neither the occupancy nor the piece list.
// False, with nothing summed, where the engine cannot say (cells).
func (e *evaluator) sumByKind(pos *engine.Position, material, positional, total, royals, royalSq *[2]int) bool {
	t := e.t
	words := 4 // the words of the squares' sets that can hold a square
	if t.nsq <= 64 {
		words = 1
	}
	var kinds [2]uint32
	for pl := 0; pl < 2; pl++ {
		ks, ok := pos.KindsOnBoard(pl)
		if !ok {
			return false
		}
		kinds[pl] = ks
	}
	for pl := 0; pl < 2; pl++ {
		for ks := kinds[pl]; ks != 0; ks &= ks - 1 {
			k := bits.TrailingZeros32(ks)
			if k >= len(t.kinds) {
				continue
			}
			kt := &t.kinds[k]
			pst, goal := kt.pst[pl], kt.goal[pl] != nil
			set := pos.KindSquares(pl, k)
			n := 0
			if pst != nil && !goal && !kt.royal && !kt.lined {
				// Most kinds: only the squares' bonuses, the same as last
				// time where the kind's squares are.
				memo := &e.kindMemo[pl][k]
				if memo.set != set || memo.n == 0 {
					b := 0
					for w := range set[:words] {
						for x := set[w]; x != 0; x &= x - 1 {
							b += pst[w<<6|bits.TrailingZeros64(x)]
							n++
						}
					}
					*memo = kindSum{set: set, n: n, bonus: b}
				}
				n = memo.n
				positional[pl] += memo.bonus
			} else {
				for w := range set[:words] {
					for x := set[w]; x != 0; x &= x - 1 {
						sq := w<<6 | bits.TrailingZeros64(x)
						n++
						if pst != nil {
							positional[pl] += pst[sq]
						}
						if goal {
							e.goalers = append(e.goalers, placed{sq, k, pl})
						}
						if kt.lined {
							if plain := kt.plainLines[pl]; e.mobSets && plain != nil && plain[sq] != nil {
								e.mobCounted[pl] += e.plainMobility(plain[sq], pl)
							} else {
								e.liners = append(e.liners, placed{sq, k, pl})
							}
						}
						if kt.royal {
							royalSq[pl] = max(royalSq[pl], sq)
						}
					}
				}
			}
			total[pl] += n
			material[pl] += n * kt.value
			if kt.royal {
				royals[pl] += n
			}
			if t.extinction {
				e.counts[pl][k] += n
			}
		}
	}
	return true
}
