package search

import (
	"math/bits"
	"sort"

	"balancefarm/engine"
	"balancefarm/internal/maskray"
)

// Evaluation terms an ab spec may ask for with its e parameter, a bit
// mask (ab:n3000e1). Every one is off unless asked for, so a spec without
// e plays the games it played before. Each reads only the piece values and
// move lines of the rule file.
const (
	// TermKingSafety: a royal is debited for the enemy's attacks on the
	// squares around it (more as more pieces join in) and credited for
	// friendly pieces beside it; in checkmate games with one royal a side.
	TermKingSafety = 1 << iota
	// TermTempo: the side to move is credited a little for having the move.
	TermTempo
	// TermThreats: the side to move is debited for a second piece that
	// hangs (attacked and undefended, or attacked by a cheaper piece): it
	// can save one by moving, rarely two, which the quiescence search's
	// standing pat does not see.
	TermThreats
	// TermMobility: each square a piece's lines (slides, sweeps, hops)
	// reach on the current board counts mobilityWeightMore instead of
	// mobilityWeight.
	TermMobility
	// TermCentralityMore: the generic piece-square table credits the
	// squares from which a piece commands more of the board
	// (addCentrality) at centralityWeightMore instead of
	// centralityWeight.
	TermCentralityMore
	// TermPromotionLess: a promoting piece is credited for nearness to
	// its zone (addPromotion) at promotionPercentLess of the full credit.
	TermPromotionLess
	TermsAll = TermKingSafety | TermTempo | TermThreats | TermMobility | TermCentralityMore | TermPromotionLess
	// tableTerms are the terms written into the evaluation tables (the
	// piece-square table) rather than read at each evaluation: tables
	// are built once per game for each set of them.
	tableTerms = TermCentralityMore | TermPromotionLess
)

const (
	kingHitWeight    = 9  // per attack on a square around the royal, at full weight
	kingShieldWeight = 10 // per friendly piece beside the royal, up to kingShieldMost
	kingShieldMost   = 3
	tempoWeight      = 12
	threatPercent    = 50 // share of the second hanging piece's loss debited to the side to move
	noAttacker       = 1 << 30
	// twice mobilityWeight: at 3,000 nodes it gained on chess over
	// threats and tempo alone (search/doc.go)
	mobilityWeightMore = 4
	// twice centralityWeight, and half the promotion credit, the
	// best-scoring of the weights screened at 10,000 nodes (twice the
	// credit lost; search/doc.go has the figures).
	centralityWeightMore = 6
	promotionPercentLess = 50
)

// kingAttackerPercent weighs the attacks on a royal's surroundings by how
// many pieces make them: one piece alone seldom mates.
var kingAttackerPercent = []int{0, 0, 50, 75, 88, 94, 97, 99}

// threatLevels is secondLossSets's scratch space, per kind present: the
// squares attacked by the kinds up to it, cheapest first, its value as an
// attacker, and the other side's pieces of each kind it attacks.
type threatLevels struct {
	squares [32]uint64
	value   [32]int
	exposed [32]uint64
}

// termScratch is an evaluator's space for the asked-for terms.
type termScratch struct {
	near   [][]int   // per square: the squares one king step away
	attN   [2][]int  // per player and square: how many of its pieces attack it
	attMin [2][]int  // and the value of the cheapest one (noAttacker: none)
	zone   []uint8   // per square: bit pl+1 when it is around player pl's royal
	zoneN  [2][2]int // per player whose royal it is: [attacks, attacking pieces]
}

// setsTerms are the terms that can be read from the engine's sets (with
// mobSets): the tempo, the mobility's weight, the tables' terms, and the
// threats where every capturing ray is a mask.
const setsTerms = TermTempo | TermThreats | TermMobility | tableTerms

// setTerms turns on the terms in mask and makes room for them.
func (e *evaluator) setTerms(mask int) {
	e.terms = mask & TermsAll
	e.termsOnSets = e.terms&^setsTerms == 0 && (e.terms&TermThreats == 0 || e.t.hitsMasked)
	e.mobWeight = mobilityWeight
	if e.terms&TermMobility != 0 {
		e.mobWeight = mobilityWeightMore
	}
	if e.terms&(TermKingSafety|TermThreats) == 0 {
		return
	}
	t := e.t
	ts := &termScratch{zone: make([]uint8, t.nsq)}
	for pl := 0; pl < 2; pl++ {
		ts.attN[pl] = make([]int, t.nsq)
		ts.attMin[pl] = make([]int, t.nsq)
	}
	ts.near = make([][]int, t.nsq)
	for a := 0; a < t.nsq; a++ {
		for b := 0; b < t.nsq; b++ {
			if a != b && t.distance(a, b) == 1 {
				ts.near[a] = append(ts.near[a], b)
			}
		}
	}
	e.ts = ts
}

// addTerms adds the asked-for terms; royals counts each side's royals on
// the board and royalSq is where one of them stands.
func (e *evaluator) addTerms(score *[2]int, stm int, royals, royalSq [2]int) {
	t := e.t
	if e.terms&TermTempo != 0 {
		score[stm] += tempoWeight
	}
	king := e.terms&TermKingSafety != 0 && t.checkmateish && t.matSign > 0 && royals[0] == 1 && royals[1] == 1
	threats := e.terms&TermThreats != 0 && t.matSign > 0 && t.fx == nil
	if !king && !threats {
		return
	}
	if e.setsPos != nil {
		// (termsOnSets: threats alone, its rays all masks.)
		score[stm] -= e.secondLossSets(e.setsPos, stm) * threatPercent / 100
		return
	}
	ts := e.ts
	if king {
		for pl := 0; pl < 2; pl++ {
			for _, s := range ts.near[royalSq[pl]] {
				ts.zone[s] |= 1 << pl
			}
			ts.zone[royalSq[pl]] |= 1 << pl
		}
	}
	e.mapAttacks(king)
	if king {
		for pl := 0; pl < 2; pl++ {
			for _, s := range ts.near[royalSq[pl]] {
				ts.zone[s] = 0
			}
			ts.zone[royalSq[pl]] = 0
			hits, pieces := ts.zoneN[pl][0], min(ts.zoneN[pl][1], len(kingAttackerPercent)-1)
			score[pl] -= kingHitWeight * hits * kingAttackerPercent[pieces] / 100
			shield := 0
			for _, s := range ts.near[royalSq[pl]] {
				if e.occ[s] == int8(pl+1) {
					shield++
				}
			}
			score[pl] += kingShieldWeight * min(shield, kingShieldMost)
		}
	}
	if threats {
		score[stm] -= e.secondLoss(stm) * threatPercent / 100
	}
}

// attackerValue is what a piece of kind k is worth as an attacker for the
// threats term: a royal is the dearest, since it may not be taken back.
func (t *evalTables) attackerValue(k int) int {
	if t.kinds[k].royal {
		return noAttacker - 1
	}
	return t.kinds[k].value
}

// hitSet is what one piece on one square attacks, for secondLossSets: the
// squares of its steps, and its rays hitLines[off:off+n].
type hitSet struct {
	steps uint64
	off   uint32
	n     uint32
}

// hitLine is a capturing ray as a mask: its first piece is attacked where
// counted has that square.
type hitLine struct {
	mask, counted uint64
	order         uint8
}

// setThreatReading sets hitsMasked, threatOrder and, where every
// capturing ray is a mask, the kinds' hitSets.
func (t *evalTables) setThreatReading() {
	t.hitsMasked = t.nsq <= 64
	t.threatOrder = t.threatOrder[:0]
	for k := range t.kinds {
		t.threatOrder = append(t.threatOrder, k)
		for pl := 0; pl < 2; pl++ {
			for _, rays := range t.kinds[k].hitRays[pl] {
				for _, r := range rays {
					if r.hop || r.order == maskray.Walk {
						t.hitsMasked = false
					}
				}
			}
		}
	}
	sort.SliceStable(t.threatOrder, func(i, j int) bool {
		return t.attackerValue(t.threatOrder[i]) < t.attackerValue(t.threatOrder[j])
	})
	if !t.hitsMasked {
		return
	}
	for k := range t.kinds {
		kt := &t.kinds[k]
		for pl := 0; pl < 2; pl++ {
			kt.hitSets[pl] = make([]hitSet, t.nsq)
			for sq := range t.nsq {
				hs := &kt.hitSets[pl][sq]
				hs.steps = kt.hitStepMask[pl][sq]
				for _, s := range kt.hitSteps[pl][sq] {
					hs.steps |= 1 << uint(s)
				}
				hs.off = uint32(len(t.hitLines))
				for _, r := range kt.hitRays[pl][sq] {
					t.hitLines = append(t.hitLines, hitLine{r.mask, r.counted, r.order})
				}
				hs.n = uint32(len(t.hitLines)) - hs.off
			}
		}
	}
}

// kindHits is what player pl's pieces of kind k attack with occupancy occ
// (hitsMasked), on squares that hold a piece or not.
func (t *evalTables) kindHits(pieces, occ uint64, pl, k int) uint64 {
	sets := t.kinds[k].hitSets[pl]
	var hits uint64
	for ; pieces != 0; pieces &= pieces - 1 {
		hs := &sets[bits.TrailingZeros64(pieces)]
		hits |= hs.steps
		lines := t.hitLines[hs.off : hs.off+hs.n]
		for i := range lines {
			_, hit := maskray.Split(lines[i].mask, occ, lines[i].order)
			hits |= hit & lines[i].counted
		}
	}
	return hits
}

// secondLossSets is secondLoss with its attacks read from the engine's
// sets, on a board of one word where every capturing ray is a mask
// (hitsMasked): the term asks only whether a square is attacked at all and
// by what cheapest piece, so each side's attacks are a mask per kind,
// summed cheapest kind first, with no count per square to clear. The
// defenders are read only where two of pl's pieces are attacked: with
// fewer, no second one hangs.
func (e *evaluator) secondLossSets(pos *engine.Position, pl int) int {
	t := e.t
	occ := e.occAny
	opp := 1 - pl
	// levels[i]: the squares opp's kinds up to threatOrder's i-th present
	// one attack, the cheapest first; it is worth levelValue[i]. (Kept in
	// the evaluator: an array here would be cleared at every call.)
	ls := &e.threatLevels
	levels, levelValue, exposed := &ls.squares, &ls.value, &ls.exposed
	n := 0
	var attacked uint64
	theirs, _ := pos.KindsOnBoard(opp)
	for _, k := range t.threatOrder {
		if theirs>>uint(k)&1 == 0 {
			continue // (at most 32 kinds are present: levels holds them all)
		}
		attacked |= t.kindHits(pos.KindSquares(opp, k)[0], occ, opp, k) & occ
		levels[n], levelValue[n] = attacked, t.attackerValue(k)
		n++
	}
	// exposed[k]: pl's pieces of kind k that opp attacks (none for a royal).
	count := 0
	ours, _ := pos.KindsOnBoard(pl)
	for ks := ours; ks != 0; ks &= ks - 1 {
		k := bits.TrailingZeros32(ks)
		exposed[k] = 0
		if k < len(t.kinds) && !t.kinds[k].royal {
			exposed[k] = pos.KindSquares(pl, k)[0] & attacked
			count += bits.OnesCount64(exposed[k])
		}
	}
	if count < 2 {
		return 0
	}
	var defended uint64
	for ks := ours; ks != 0; ks &= ks - 1 {
		if k := bits.TrailingZeros32(ks); k < len(t.kinds) {
			defended |= t.kindHits(pos.KindSquares(pl, k)[0], occ, pl, k)
		}
	}
	var losses topTwo
	for ks := ours; ks != 0; ks &= ks - 1 {
		k := bits.TrailingZeros32(ks)
		if k >= len(t.kinds) {
			continue
		}
		v := t.kinds[k].value
		for x := exposed[k]; x != 0; x &= x - 1 {
			bit := x & -x
			cheapest := noAttacker
			if defended&bit != 0 {
				for i := range n {
					if levels[i]&bit != 0 {
						cheapest = levelValue[i]
						break
					}
				}
			}
			losses.add(hangingLoss(v, defended&bit != 0, cheapest))
		}
	}
	return losses.second
}

// hangingLoss is what a piece worth v stands to lose to an attack: all of
// it undefended, else what it is worth above its cheapest attacker.
func hangingLoss(v int, defended bool, cheapest int) int {
	if !defended {
		return v
	}
	return max(0, v-cheapest)
}

// topTwo keeps the largest and second largest of the values added.
type topTwo struct{ best, second int }

func (t *topTwo) add(v int) {
	switch {
	case v > t.best:
		t.best, t.second = v, t.best
	case v > t.second:
		t.second = v
	}
}

// mapAttacks fills the attack counts and cheapest attackers of every
// square from the pieces' capturing rays on the current board (a square
// holding a piece of the ray's own side counts as defended), and with
// king, the attacks on each royal's surroundings.
func (e *evaluator) mapAttacks(king bool) {
	if !king {
		e.mapPieceAttacks()
		return
	}
	t, ts := e.t, e.ts
	for pl := 0; pl < 2; pl++ {
		clear(ts.attN[pl])
		for i := range ts.attMin[pl] {
			ts.attMin[pl][i] = noAttacker
		}
		ts.zoneN[pl] = [2]int{}
	}
	for _, pc := range e.pieces {
		kt := &t.kinds[pc.kind]
		v := t.attackerValue(pc.kind)
		enemyZone := uint8(1) << (1 - pc.owner)
		hits := 0
		rays := kt.rays[pc.owner][pc.sq]
		for ri := range rays {
			r := &rays[ri]
			if !r.capture {
				continue
			}
			first, last := e.attackSpan(r)
			for i := first; i >= 0 && i <= last; i++ {
				s := int(r.sqs[i])
				ts.attN[pc.owner][s]++
				ts.attMin[pc.owner][s] = min(ts.attMin[pc.owner][s], v)
				if king && !kt.royal && ts.zone[s]&enemyZone != 0 {
					hits++
				}
			}
		}
		if hits > 0 {
			z := &ts.zoneN[1-pc.owner]
			z[0] += hits
			z[1]++
		}
	}
}

// mapPieceAttacks fills the attack counts and cheapest attackers of the
// squares that hold a piece, the only ones the threats term reads. A ray's
// squares before the first piece in its way are empty, so only that piece
// is counted: the figures on occupied squares are mapAttacks's, at a step
// a ray instead of a step a square.
func (e *evaluator) mapPieceAttacks() {
	t, ts := e.t, e.ts
	for _, s := range e.sqs {
		for pl := 0; pl < 2; pl++ {
			ts.attN[pl][s] = 0
			ts.attMin[pl][s] = noAttacker
		}
	}
	for _, pc := range e.pieces {
		kt := &t.kinds[pc.kind]
		v := t.attackerValue(pc.kind)
		attN, attMin := ts.attN[pc.owner], ts.attMin[pc.owner]
		var held uint64 // squares hit once each, on a board of at most 64
		if kt.hitStepMask[pc.owner] != nil {
			held = kt.hitStepMask[pc.owner][pc.sq] & e.occAny
		}
		for _, s := range kt.hitSteps[pc.owner][pc.sq] {
			if e.occ[s] != 0 {
				attN[s]++
				attMin[s] = min(attMin[s], v)
			}
		}
		rays := kt.hitRays[pc.owner][pc.sq]
		for ri := range rays {
			r := &rays[ri]
			if r.order != maskray.Walk {
				_, hit := maskray.Split(r.mask, e.occAny, r.order)
				if hit&r.counted != 0 && held&hit == 0 {
					held |= hit
					continue
				}
				if hit&r.counted == 0 {
					continue
				}
				s := bits.TrailingZeros64(hit)
				attN[s]++
				attMin[s] = min(attMin[s], v)
				continue
			}
			s := e.firstHeld(r)
			if s < 0 {
				continue
			}
			attN[s]++
			attMin[s] = min(attMin[s], v)
		}
		for ; held != 0; held &= held - 1 {
			s := bits.TrailingZeros64(held)
			attN[s]++
			attMin[s] = min(attMin[s], v)
		}
	}
}

// firstHeld is the square of the piece a capturing ray attacks on the
// current board (the last square of attackSpan when it holds one), or -1.
func (e *evaluator) firstHeld(r *ray) int {
	if !r.hop {
		for i, s := range r.sqs {
			if e.occ[s] != 0 {
				if i < r.min {
					return -1
				}
				return int(s)
			}
		}
		return -1
	}
	first, last := e.attackSpan(r)
	if first > last || e.occ[r.sqs[last]] == 0 {
		return -1
	}
	return int(r.sqs[last])
}

// attackSpan is the part of a ray its piece attacks on the current board,
// as indexes into r.sqs (first > last: none): from min up to the first
// piece in the way, or for a hop, past its screen up to the next piece.
func (e *evaluator) attackSpan(r *ray) (first, last int) {
	if !r.hop {
		for i, s := range r.sqs {
			if e.occ[s] != 0 {
				return r.min, i
			}
		}
		return r.min, len(r.sqs) - 1
	}
	screen := -1
	for i, s := range r.sqs {
		if e.occ[s] != 0 {
			screen = i
			break
		}
	}
	if screen < 0 {
		return 0, -1
	}
	end := len(r.sqs) - 1
	if r.screenRange > 0 {
		end = min(end, screen+r.screenRange)
	}
	for i := screen + 1; i <= end; i++ {
		if e.occ[r.sqs[i]] != 0 {
			return screen + 1, i
		}
	}
	return screen + 1, end
}

// secondLoss is what pl stands to lose on its second most exposed piece:
// a piece attacked and undefended loses its value, one attacked by a
// cheaper piece the difference.
func (e *evaluator) secondLoss(pl int) int {
	t, ts := e.t, e.ts
	opp := 1 - pl
	var losses topTwo
	for _, pc := range e.pieces {
		if pc.owner != pl || t.kinds[pc.kind].royal || ts.attN[opp][pc.sq] == 0 {
			continue
		}
		losses.add(hangingLoss(t.kinds[pc.kind].value, ts.attN[pl][pc.sq] != 0, ts.attMin[opp][pc.sq]))
	}
	return losses.second
}
