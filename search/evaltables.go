package search

import (
	"fmt"
	"math"

	"balancefarm/engine"
	"balancefarm/internal/maskray"
)

// Evaluation weights, in centipawns (a piece of value 1 is 100).
const (
	centralityWeight = 3   // per destination an empty-board piece has above its average
	mobilityWeight   = 2   // per square a piece can move to on the current board
	reachWeight      = 320 // goal one move away; halves with each move further
	checkLimitWeight = 480 // one check short of check_limit; divided by checks still needed
	claimWeight      = 420 // one claim short of territory.win_at; divided by claims still needed
	extinctionWeight = 260 // last piece of a listed group; halves with each spare
	bareRoyalWeight  = 150 // reduced to royalty alone (or one piece from it)
	mopUpEdgeWeight  = 8   // per half step the losing royal is pushed toward the rim
	mopUpNearWeight  = 6   // per step the winning royal closes in
	mopUpThreshold   = 250 // material lead that switches mop-up on
	scoringWeight    = 35  // per unit of the scoring count, rising as the clock runs out
	handBonusPercent = 10  // a piece in hand over the same piece on the board
	maxEval          = 20000
)

// promotionFraction is the share of a promotion's gain credited to a
// promoting piece that many moves from its zone.
var promotionFraction = []float64{0, 0.12, 0.06, 0.03, 0.015, 0.008}

// ray is one line of squares a piece reaches from one square on an empty
// board, in order: an entry of the engine's move table. quiet: it may end
// on an empty square; capture: on an enemy. Squares before min are passed
// over but not landed on.
type ray struct {
	sqs         []int16
	min         int
	quiet       bool
	capture     bool
	hop         bool
	line        bool // a slide, sweep or hop: its reach depends on the board
	screen      engine.Screen
	screenRange int
	// On a board of at most 64 squares, a slide or sweep whose squares
	// only rise or only fall is also a mask (order says which way, as
	// maskray does), and counted is the part of it from min on.
	order         uint8
	mask, counted uint64
}

// maskLine is a line of plainLines: its squares, which way they run, and
// the squares it counts before its first piece (all of them, or none: a
// line that only captures) and at that piece (all, or none: one that only
// moves).
type maskLine struct {
	mask, quiet, capture uint64
	order                uint8
}

// plainOf is lines as plainLines, or nil when one of them is not plain.
func plainOf(lines []ray) []maskLine {
	var out []maskLine
	var seen uint64
	for i := range lines {
		r := &lines[i]
		if r.hop || r.order == maskray.Walk || r.counted != r.mask || seen&r.mask != 0 {
			return nil
		}
		seen |= r.mask
		l := maskLine{mask: r.mask, order: r.order}
		if r.quiet {
			l.quiet = r.mask
		}
		if r.capture {
			l.capture = r.mask
		}
		out = append(out, l)
	}
	return out
}

// setMask fills the mask form of a slide or sweep (maskray.Of) where the
// board allows.
func (r *ray) setMask(nsq int) {
	if nsq > 64 || r.hop {
		return
	}
	r.mask, r.order = maskray.Of(r.sqs)
	for i, s := range r.sqs {
		if r.order != maskray.Walk && i >= r.min {
			r.counted |= 1 << uint(s)
		}
	}
}

// kindTable is everything precomputed about one kind of piece.
type kindTable struct {
	id    string
	base  int // the declared kind: each way a piece with a facing points is a kind of its own
	royal bool
	value int        // material in centipawns, unsigned
	rays  [2][][]ray // player -> square -> rays
	lines [2][][]ray // the rays of rays whose reach depends on the board (line), for mobility
	// plainLines is lines again where each one at a square is a mask
	// counted from its first square on, no two sharing a square: mobility
	// then counts the squares of all of them at once (nil where some line
	// is otherwise, or the board is over 64 squares).
	plainLines [2][][]maskLine
	lined      bool // some square has lines: only such pieces are looked at for mobility
	// The capturing rays again, for the threats term: hitSteps holds each
	// one-square ray's square, hitRays the rest.
	hitSteps [2][][]int16
	hitRays  [2][][]ray
	// On a board of at most 64 squares, hitSteps as a mask where its
	// squares are distinct (each ray counts once, as a mask can say).
	hitStepMask [2][]uint64
	// hitSets is the same for secondLossSets where every ray is a mask
	// (evalTables.hitsMasked): per player and square, the steps' squares
	// and the rays, in evalTables.hitLines.
	hitSets [2][]hitSet
	// The capturing rays again, for the effects term (evalfx.go), hops
	// left out. On a board of at most 64 squares: effReach, every square
	// where one of them may find its target; effLeaps, the leaps' squares
	// (as a mask), effLines the lines with masks, effRays the rest. On a
	// larger board effRays holds them all.
	effRays  [2][][]ray
	effReach [2][]uint64
	effLeaps [2][]uint64
	effLines [2][][]ray
	pst      [2][]int   // player -> square -> positional bonus
	goal     [2][]uint8 // player -> square -> moves to a reach square; nil if not eligible
	scoring  bool       // counted by rules.scoring "pieces"
}

// evalTables is the immutable part of the evaluation for one game, built
// once from the compiled game (never the rule file) and shared by both
// players.
type evalTables struct {
	// centrality is addCentrality's centipawns per square commanded above
	// the average, promotionPercent the share of addPromotion's credit
	// (the spec's tableTerms).
	centrality       int
	promotionPercent int
	purseValue       []int         // centipawns a unit of each resource is worth (schema 36); nil without
	statuses         []statusTable // per status (schema 37, evalstatus.go); nil without
	nsq              int
	width, height    int
	file, rank       []int       // per square
	kinds            []kindTable // indexed by engine kind
	anyLined         bool        // some kind is lined: mobility reads the occupancy
	// linesMasked: on a board of at most 64 squares, every line is a
	// slide or sweep with a mask (no hop, no walk), so mobility can read
	// the engine's occupancy sets instead of the squares one by one.
	linesMasked bool
	// hitsMasked: on a board of at most 64 squares, every capturing ray
	// the threats term reads (hitRays) is a mask, so the term can read
	// the engine's sets (secondLossSets); threatOrder is the kinds by
	// their value as an attacker, cheapest first.
	hitsMasked  bool
	threatOrder []int
	hitLines    []hitLine
	matSign     int // +1: material is good; -1: the endings reward losing it
	mobSign     int
	maxPlies    int

	reachSign  int // +1 win, -1 loss, 0 nothing to read
	reachLeave bool

	repetitionDraws bool // a repeated position is a draw (no rules.scoring)

	checkLimit int
	claimWinAt int
	checkGame  bool // checks matter: answer them in quiescence and extend them

	extinction   bool
	extMin       int
	extOwn       bool    // per_type own: skip a group the player never had
	extGroups    [][]int // groups of kinds counted together
	extStarts    [2][]int
	extSign      int
	bareSign     int
	mopUp        bool
	scoreCount   string
	scoreRegion  [2][]bool
	hasRoyal     bool
	hands        bool      // pieces in hand (rules.drops): their material counts
	hex          bool      // file and rank are axial: distances are hex steps
	checkmateish bool      // the game is won by checkmate in the ordinary sense
	fx           *fxTables // capture effects, territory, wild pieces (evalfx.go); nil without
}

const unreachable = 255

// buildEvalTables reads the evaluation's tables from a compiled game; a
// nil game (the tests' boardless toys) gives empty tables.
func buildEvalTables(g *engine.Game) *evalTables {
	t, _ := buildEvalTablesWith(g, nil, nil, 0)
	return t
}

// buildEvalTablesWith is buildEvalTables with vals (a spec's piece values)
// in place of the declared values of the kinds they name; naming a piece
// the game does not have is an error. Every term that reads a kind's
// value (material, capture order, promotion gains, capture effects) then
// reads the given one. rows (a spec's learned table) are added to the
// piece-square table. terms are the spec's evaluation terms; those of
// tableTerms shape the piece-square table.
func buildEvalTablesWith(g *engine.Game, vals []PieceValue, rows []TableRow, terms int) (*evalTables, error) {
	t := &evalTables{matSign: 1, mobSign: 1, centrality: centralityWeight, promotionPercent: 100}
	if terms&TermCentralityMore != 0 {
		t.centrality = centralityWeightMore
	}
	if terms&TermPromotionLess != 0 {
		t.promotionPercent = promotionPercentLess
	}
	if g == nil {
		return t, nil
	}
	end := g.Endings()
	t.nsq, t.width, t.height, t.maxPlies = g.NumSquares(), g.Width(), g.Height(), end.MaxPlies
	t.hex = g.Hex()
	t.file, t.rank = make([]int, t.nsq), make([]int, t.nsq)
	for sq := range t.nsq {
		t.file[sq], t.rank[sq] = g.File(sq), g.Rank(sq)
	}
	ext, sc := g.Extinction(), g.Scoring()
	t.matSign, t.mobSign = endingSigns(end, ext, sc)

	t.kinds = make([]kindTable, g.NumKinds())
	for k := range t.kinds {
		t.kinds[k] = kindTable{id: g.PieceID(k), base: g.BaseKind(k), royal: g.IsRoyal(k), value: int(math.Round(g.PieceValue(k) * 100))}
		t.hasRoyal = t.hasRoyal || t.kinds[k].royal
	}
	for _, v := range vals {
		found := false
		for k := range t.kinds {
			if t.kinds[k].id == v.ID {
				t.kinds[k].value, found = v.Cents, true
			}
		}
		if !found {
			return nil, fmt.Errorf("search: piece value for %q, a piece this game does not have", v.ID)
		}
	}
	t.hands = g.HasDrops()
	for r := range g.NumResources() {
		t.purseValue = append(t.purseValue, int(math.Round(g.ResourceValue(r)*100)))
	}
	t.buildStatuses(g)
	t.checkmateish = end.Win == "checkmate" && end.Checkmate == "loss"
	t.mopUp = t.hasRoyal && t.matSign > 0 && (t.checkmateish || end.Win == "royal_capture")
	t.checkGame = end.CheckLimit > 0 || t.hasRoyal && end.Win == "checkmate"

	for k := range t.kinds {
		t.buildKind(g, k)
	}
	t.linesMasked = t.nsq <= 64
	t.setThreatReading()
	for k := range t.kinds {
		for pl := 0; pl < 2; pl++ {
			for _, lines := range t.kinds[k].lines[pl] {
				for _, r := range lines {
					if r.hop || r.order == maskray.Walk {
						t.linesMasked = false
					}
				}
			}
		}
	}
	for _, pr := range g.Promotions() {
		t.addPromotion(&pr)
	}
	t.buildEndings(g, end, ext, sc)
	t.fx = buildFxTables(g, t)
	if err := t.addRows(g, rows); err != nil {
		return nil, err
	}
	return t, nil
}

// endingSigns reads whether the endings reward having material and moves,
// or shedding them (losing chess, giveaway, a stalemate that wins).
func endingSigns(end engine.Endings, ext *engine.Extinction, sc *engine.Scoring) (mat, mob int) {
	plus, minus := 0, 0
	switch end.Win {
	case "checkmate":
		if end.Checkmate == "win" {
			minus += 2
		} else {
			plus++
		}
	case "royal_capture", "annihilation":
		plus++
	}
	if ext != nil {
		w := 1
		if ext.Any {
			w = 2
		}
		switch ext.Result {
		case "win":
			minus += w
		case "loss":
			plus += w
		}
	}
	switch end.BareRoyal {
	case "win":
		minus++
	case "loss":
		plus++
	}
	if sc != nil && (sc.Count == "material" || sc.Count == "pieces") {
		plus++
	}
	mat = 1
	if minus > plus {
		mat = -1
	}
	mob = mat
	switch end.Stalemate {
	case "win":
		mob = -1
	case "loss":
		mob = 1
	}
	return mat, mob
}

// buildKind reads a kind's move lines from the engine's tables. Lines a
// condition limits (first_move, from_rank, condition.region: double steps
// and the like) are left out: the evaluation credits lasting reach.
func (t *evalTables) buildKind(g *engine.Game, kind int) {
	kt := &t.kinds[kind]
	for pl := 0; pl < 2; pl++ {
		kt.rays[pl] = make([][]ray, t.nsq)
		kt.lines[pl] = make([][]ray, t.nsq)
		for sq := 0; sq < t.nsq; sq++ {
			for _, l := range g.Lines(pl, kind, sq) {
				if l.FirstMove || l.Conditional {
					continue
				}
				r := ray{min: l.Min, quiet: l.Quiet, capture: l.Capture, hop: l.Kind == engine.LineHop,
					line: l.Ray(), screen: l.Screen, screenRange: l.ScreenRange}
				r.sqs = make([]int16, 0, len(l.Squares))
				for _, s := range l.Squares {
					if !l.Ray() || g.CanStand(pl, kind, s) {
						r.sqs = append(r.sqs, int16(s))
						continue
					}
					// The engine passes over squares outside the piece's
					// region without landing; a ray here cannot say that,
					// so it ends there (no public file has such a piece).
					break
				}
				if len(r.sqs) <= r.min {
					continue
				}
				kt.rays[pl][sq] = append(kt.rays[pl][sq], r)
				if r.line {
					r.setMask(t.nsq)
					kt.lines[pl][sq] = append(kt.lines[pl][sq], r)
					kt.lined, t.anyLined = true, true
				}
			}
		}
		if t.nsq <= 64 {
			kt.plainLines[pl] = make([][]maskLine, t.nsq)
			for sq, lines := range kt.lines[pl] {
				kt.plainLines[pl][sq] = plainOf(lines)
			}
		}
		kt.buildEffectRays(pl, t.nsq)
		kt.hitSteps[pl] = make([][]int16, t.nsq)
		kt.hitRays[pl] = make([][]ray, t.nsq)
		if t.nsq <= 64 {
			kt.hitStepMask[pl] = make([]uint64, t.nsq)
		}
		for sq, rays := range kt.rays[pl] {
			for _, r := range rays {
				switch {
				case !r.capture:
				case len(r.sqs) == 1 && r.min == 0 && !r.hop:
					kt.hitSteps[pl][sq] = append(kt.hitSteps[pl][sq], r.sqs[0])
				default:
					r.setMask(t.nsq)
					kt.hitRays[pl][sq] = append(kt.hitRays[pl][sq], r)
				}
			}
			if kt.hitStepMask[pl] == nil {
				continue
			}
			var m uint64
			for _, s := range kt.hitSteps[pl][sq] {
				if m&(1<<uint(s)) != 0 {
					m = 0 // a square twice: the list counts both
					break
				}
				m |= 1 << uint(s)
			}
			if m != 0 {
				kt.hitStepMask[pl][sq] = m
				kt.hitSteps[pl][sq] = nil
			}
		}
		kt.pst[pl] = make([]int, t.nsq)
		if !kt.royal {
			t.addCentrality(g, kind, pl)
		}
	}
}

// buildEffectRays fills the effects term's rays for player pl from rays:
// on a board of at most 64 squares, the leaps' first squares as one mask
// and the lines that have masks apart from the rest.
func (kt *kindTable) buildEffectRays(pl, nsq int) {
	kt.effRays[pl] = make([][]ray, nsq)
	small := nsq <= 64
	if small {
		kt.effReach[pl] = make([]uint64, nsq)
		kt.effLeaps[pl] = make([]uint64, nsq)
		kt.effLines[pl] = make([][]ray, nsq)
	}
	for sq, rays := range kt.rays[pl] {
		for _, r := range rays {
			if !r.capture || r.hop || len(r.sqs) == 0 {
				continue
			}
			if !small {
				kt.effRays[pl][sq] = append(kt.effRays[pl][sq], r)
				continue
			}
			// effectGain's target: a line's first piece from min on, a
			// leap's first square.
			for i, s := range r.sqs {
				if i >= r.min {
					kt.effReach[pl][sq] |= 1 << uint(s)
				}
				if !r.line {
					break
				}
			}
			if !r.line {
				if r.min == 0 {
					kt.effLeaps[pl][sq] |= 1 << uint(r.sqs[0])
				}
				continue
			}
			if r.setMask(nsq); r.order != maskray.Walk {
				kt.effLines[pl][sq] = append(kt.effLines[pl][sq], r)
			} else {
				kt.effRays[pl][sq] = append(kt.effRays[pl][sq], r)
			}
		}
	}
}

// destinations lists the squares a piece reaches in one move from sq on
// an empty board (quiet moves only, hops left out: they need a screen).
func destinations(rays []ray) []int {
	seen := map[int]bool{}
	var out []int
	for _, r := range rays {
		if r.hop || !r.quiet {
			continue
		}
		for i := r.min; i < len(r.sqs); i++ {
			s := int(r.sqs[i])
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// addCentrality credits squares from which the piece commands more of an
// empty board than on average over the squares it may stand on: a generic
// piece-square table.
func (t *evalTables) addCentrality(g *engine.Game, kind, pl int) {
	kt := &t.kinds[kind]
	counts := make([]int, t.nsq)
	total, n := 0, 0
	for sq := range counts {
		if !g.CanStand(pl, kind, sq) {
			continue
		}
		c := 0
		for _, r := range kt.rays[pl][sq] {
			if r.hop {
				continue
			}
			c += len(r.sqs) - r.min
		}
		counts[sq] = c
		total += c
		n++
	}
	if n == 0 {
		return
	}
	avg := total / n
	for sq, c := range counts {
		if g.CanStand(pl, kind, sq) {
			kt.pst[pl][sq] += t.centrality * max(min(c-avg, 8), -8)
		}
	}
}

// moveDistances is, for every square, the fewest moves the piece needs on
// an empty board to stand on one of the targets (unreachable if it cannot).
func moveDistances(rays [][]ray, targets []int, nsq int) []uint8 {
	dist := make([]uint8, nsq)
	for i := range dist {
		dist[i] = unreachable
	}
	rev := make([][]int, nsq)
	for sq := 0; sq < nsq; sq++ {
		for _, d := range destinations(rays[sq]) {
			rev[d] = append(rev[d], sq)
		}
	}
	queue := make([]int, 0, nsq)
	for _, s := range targets {
		if dist[s] != 0 {
			dist[s] = 0
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if dist[s] >= unreachable-1 {
			continue
		}
		for _, from := range rev[s] {
			if dist[from] == unreachable {
				dist[from] = dist[s] + 1
				queue = append(queue, from)
			}
		}
	}
	return dist
}

// addPromotion credits a promoting piece for being near its zone, in
// proportion to what promotion gains it.
func (t *evalTables) addPromotion(pr *engine.Promotion) {
	kt := &t.kinds[pr.Kind]
	for pl := 0; pl < 2; pl++ {
		best := 0
		for _, to := range pr.Targets[pl] {
			best = max(best, t.kinds[to].value)
		}
		gain := best - kt.value
		if gain <= 0 || len(pr.Zone[pl]) == 0 {
			continue
		}
		dist := moveDistances(kt.rays[pl], pr.Zone[pl], t.nsq)
		for sq, d := range dist {
			if int(d) < len(promotionFraction) {
				credit := float64(gain) * promotionFraction[d]
				if t.promotionPercent != 100 { // the default's own arithmetic, to the last centipawn
					credit = credit * float64(t.promotionPercent) / 100
				}
				kt.pst[pl][sq] += int(credit)
			}
		}
	}
}

// buildEndings precomputes what the evaluation reads for each ending the
// game has.
func (t *evalTables) buildEndings(g *engine.Game, end engine.Endings, ext *engine.Extinction, sc *engine.Scoring) {
	if rc := g.Reach(); rc != nil {
		switch rc.Result {
		case "win":
			t.reachSign = 1
		case "loss":
			t.reachSign = -1
		}
		t.reachLeave = rc.OnLeave
		for pl := 0; pl < 2; pl++ {
			for k := range t.kinds {
				if rc.Kind < 0 || rc.Kind == k {
					t.kinds[k].goal[pl] = moveDistances(t.kinds[k].rays[pl], rc.Goals[pl], t.nsq)
				}
			}
		}
	}
	t.checkLimit = end.CheckLimit
	if ext != nil {
		t.extinction, t.extMin, t.extOwn = true, ext.Min, ext.PerType && ext.Own
		switch ext.Result {
		case "win":
			t.extSign = 1
		case "loss":
			t.extSign = -1
		}
		t.buildExtinctionGroups(g, ext)
	}
	switch end.BareRoyal {
	case "loss":
		t.bareSign = -1
	case "win":
		t.bareSign = 1
	}
	// A repetition is a draw unless rules.scoring decides it.
	t.repetitionDraws = end.Repetition > 0 && sc == nil
	if sc != nil {
		t.scoreCount = sc.Count
		if sc.Count == "region" {
			for pl := 0; pl < 2; pl++ {
				t.scoreRegion[pl] = make([]bool, t.nsq)
				for _, sq := range sc.Region[pl] {
					t.scoreRegion[pl][sq] = true
				}
			}
		}
	}
}

// buildExtinctionGroups sorts the listed kinds into the groups that are
// counted together, and how many of each group each player starts with.
func (t *evalTables) buildExtinctionGroups(g *engine.Game, e *engine.Extinction) {
	switch {
	case e.Any:
		var all []int
		for k := range t.kinds {
			all = append(all, k)
		}
		t.extGroups = [][]int{all}
	case e.PerType:
		for _, k := range e.Kinds {
			t.extGroups = append(t.extGroups, []int{k})
		}
	default:
		t.extGroups = [][]int{append([]int(nil), e.Kinds...)}
	}
	for pl := 0; pl < 2; pl++ {
		t.extStarts[pl] = make([]int, len(t.extGroups))
		for gi, grp := range t.extGroups {
			for _, k := range grp {
				t.extStarts[pl][gi] += g.SetupCount(pl, k)
			}
		}
	}
}
