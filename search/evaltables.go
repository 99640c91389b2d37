package search

import (
	"math"

	"balancefarm/engine/rules"
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
	maxEval          = 20000
)

// promotionFraction is the share of a promotion's gain credited to a
// promoting piece that many moves from its zone.
var promotionFraction = []float64{0, 0.12, 0.06, 0.03, 0.015, 0.008}

// ray is one line of squares a piece reaches from one square on an empty
// board, in order. quiet: it may end on an empty square; capture: on an
// enemy. Squares before min are passed over but not landed on.
type ray struct {
	sqs         []int16
	min         int
	quiet       bool
	capture     bool
	hop         bool
	line        bool // a slide, sweep or hop: its reach depends on the board
	screen      string
	screenRange int
	// On a board of at most 64 squares, a slide or sweep whose squares
	// only rise or only fall is also a mask (order says which way, as
	// maskray does), and counted is the part of it from min on.
	order         uint8
	mask, counted uint64
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
	known   bool
	id      string
	royal   bool
	value   int        // material in centipawns, unsigned
	rays    [2][][]ray // player -> square -> rays
	lines   [2][][]ray // the rays of rays whose reach depends on the board (line), for mobility
	pst     [2][]int   // player -> square -> positional bonus
	goal    [2][]uint8 // player -> square -> moves to a reach square; nil if not eligible
	scoring bool       // counted by rules.scoring "pieces"
}

// evalTables is the immutable part of the evaluation for one game, built
// once from the rule file and shared by both players.
type evalTables struct {
	geo      *geometry
	spec     *rules.Spec
	kinds    []kindTable // indexed by engine kind
	matSign  int         // +1: material is good; -1: the endings reward losing it
	mobSign  int
	maxPlies int

	reachSign  int // +1 win, -1 loss, 0 nothing to read
	reachLeave bool

	checkLimit int
	claimWinAt int

	extinction   *rules.Extinction
	extGroups    [][]int // groups of kinds counted together
	extStarts    [2][]int
	extSign      int
	bareSign     int
	mopUp        bool
	scoreCount   string
	scoreRegion  [2][]bool
	hasRoyal     bool
	checkmateish bool // the game is won by checkmate in the ordinary sense
}

const unreachable = 255

func buildEvalTables(g gameInfo) *evalTables {
	spec := g.Spec()
	t := &evalTables{geo: newGeometry(g), spec: spec, maxPlies: spec.Rules.MaxPliesOrDefault()}
	r := &spec.Rules
	t.matSign, t.mobSign = endingSigns(r)

	byID := map[string]int{}
	for i := range spec.Pieces {
		byID[spec.Pieces[i].ID] = i
	}
	// The engine numbers kinds its own way; match them to the file by id.
	for kind := 0; kind < len(spec.Pieces)+4; kind++ {
		id := safePieceID(g, kind)
		pi, ok := byID[id]
		if !ok {
			continue
		}
		for len(t.kinds) <= kind {
			t.kinds = append(t.kinds, kindTable{})
		}
		p := &spec.Pieces[pi]
		t.kinds[kind] = kindTable{
			known: true,
			id:    p.ID,
			royal: p.Royal,
			value: int(math.Round(safePieceValue(g, kind, p) * 100)),
		}
		if p.Royal {
			t.hasRoyal = true
		}
	}
	win := r.WinOrDefault()
	t.checkmateish = win == rules.WinCheckmate && r.CheckmateOrDefault() == "loss"
	t.mopUp = t.hasRoyal && t.matSign > 0 && (t.checkmateish || win == rules.WinRoyalCapture)

	if t.geo.ok {
		for kind := range t.kinds {
			if t.kinds[kind].known {
				t.buildKind(kind, &spec.Pieces[byID[t.kinds[kind].id]])
			}
		}
	}
	t.buildEndings()
	return t
}

// endingSigns reads whether the endings reward having material and moves,
// or shedding them (losing chess, giveaway, a stalemate that wins).
func endingSigns(r *rules.Rules) (mat, mob int) {
	plus, minus := 0, 0
	switch r.WinOrDefault() {
	case rules.WinCheckmate:
		if r.CheckmateOrDefault() == "win" {
			minus += 2
		} else {
			plus++
		}
	case rules.WinRoyalCapture, rules.WinAnnihilation:
		plus++
	}
	if e := r.Extinction; e != nil {
		w := 1
		if e.Pieces.Any {
			w = 2
		}
		switch e.Result {
		case "win":
			minus += w
		case "", "loss":
			plus += w
		}
	}
	switch r.BareRoyal {
	case "win":
		minus++
	case "loss":
		plus++
	}
	if s := r.Scoring; s != nil && (s.CountOrDefault() == "material" || s.CountOrDefault() == "pieces") {
		plus++
	}
	mat = 1
	if minus > plus {
		mat = -1
	}
	mob = mat
	switch r.StalemateOrDefault() {
	case "win":
		mob = -1
	case "loss":
		mob = 1
	}
	return mat, mob
}

func safePieceID(g gameInfo, kind int) (id string) {
	defer func() {
		if recover() != nil {
			id = ""
		}
	}()
	return g.PieceID(kind)
}

func safePieceValue(g gameInfo, kind int, p *rules.Piece) (v float64) {
	defer func() {
		if recover() != nil {
			v = p.PieceValue()
		}
	}()
	return g.PieceValue(kind)
}

// orient turns a vector written from the mover's side into board
// coordinates for a player: the second player's is reflected in the rank,
// or turned 180 degrees when the setup is rotated (and always on a hex
// board, where that turn is the lattice's own symmetry).
func (t *evalTables) orient(v [2]int, player int) [2]int {
	if player == 0 {
		return v
	}
	if t.spec.Setup.Rotated() || t.geo.hex {
		return [2]int{-v[0], -v[1]}
	}
	return [2]int{v[0], -v[1]}
}

// facings are the extra orientations a piece with a facing can point in;
// the evaluation credits it with all of them.
func facings(p *rules.Piece, v [2]int, hex bool) [][2]int {
	if p.Facing == nil || hex {
		return [][2]int{v}
	}
	if p.Facing.Axes == 2 {
		return [][2]int{v, {-v[0], -v[1]}}
	}
	return [][2]int{v, {-v[1], v[0]}, {-v[0], -v[1]}, {v[1], -v[0]}}
}

func (t *evalTables) buildKind(kind int, p *rules.Piece) {
	geo := t.geo
	kt := &t.kinds[kind]
	longest := max(geo.width, geo.height)
	for pl := 0; pl < 2; pl++ {
		var region []bool
		if len(p.Region) > 0 {
			region = make([]bool, geo.nsq)
			for _, sq := range geo.squares(p.Region, pl, t.spec.Setup.Rotated()) {
				region[sq] = true
			}
		}
		kt.rays[pl] = make([][]ray, geo.nsq)
		for sq := 0; sq < geo.nsq; sq++ {
			if geo.file[sq] < 0 || geo.wall[sq] {
				continue
			}
			for mi := range p.Moves {
				m := &p.Moves[mi]
				if m.Condition != nil {
					continue // conditional moves (double steps and the like) are left out
				}
				mode := m.ModeOrDefault()
				base := ray{
					quiet:   mode != rules.ModeCapture,
					capture: mode != rules.ModeMove && (p.Captures == nil || len(p.Captures) > 0),
					hop:     m.Kind == rules.KindHop,
					line:    m.Kind == rules.KindSlide || m.Kind == rules.KindSweep || m.Kind == rules.KindHop,
					screen:  m.Screen,
				}
				if m.ScreenRange != nil {
					base.screenRange = *m.ScreenRange
				}
				steps := 1
				switch m.Kind {
				case rules.KindSlide, rules.KindSweep, rules.KindHop:
					steps = m.RangeOrDefault()
					if steps == 0 {
						steps = longest
					}
					base.min = m.MinRangeOrDefault() - 1
				}
				if m.Kind == rules.KindHop {
					steps = longest // the range counts past the screen; walk the whole line
				}
				for _, v0 := range expandSymmetry(m.Vectors, m.SymmetryOrDefault()) {
					for _, vf := range facings(p, v0, geo.hex) {
						v := t.orient(vf, pl)
						rr := base
						f, r := geo.file[sq], geo.rank[sq]
						for i := 1; i <= steps; i++ {
							s := geo.square(f+i*v[0], r+i*v[1])
							if s < 0 || (region != nil && !region[s]) {
								break
							}
							rr.sqs = append(rr.sqs, int16(s))
						}
						if len(rr.sqs) > rr.min {
							kt.rays[pl][sq] = append(kt.rays[pl][sq], rr)
						}
					}
				}
			}
		}
		kt.lines[pl] = make([][]ray, geo.nsq)
		for sq, rs := range kt.rays[pl] {
			for _, r := range rs {
				if r.line {
					r.setMask(geo.nsq)
					kt.lines[pl][sq] = append(kt.lines[pl][sq], r)
				}
			}
		}
		kt.pst[pl] = make([]int, geo.nsq)
		if !kt.royal {
			t.addCentrality(kt, pl)
		}
	}
	t.addPromotion(kind, kt)
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
// empty board: a generic piece-square table.
func (t *evalTables) addCentrality(kt *kindTable, pl int) {
	counts := make([]int, t.geo.nsq)
	total, n := 0, 0
	for sq := range counts {
		if len(kt.rays[pl][sq]) == 0 && (t.geo.file[sq] < 0 || t.geo.wall[sq]) {
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
		if t.geo.file[sq] >= 0 && !t.geo.wall[sq] {
			kt.pst[pl][sq] += centralityWeight * max(min(c-avg, 8), -8)
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
func (t *evalTables) addPromotion(kind int, kt *kindTable) {
	for _, pr := range t.spec.Rules.Promotion {
		if pr.Piece != kt.id {
			continue
		}
		for pl := 0; pl < 2; pl++ {
			best := 0
			for _, to := range pr.Targets(pl) {
				for k := range t.kinds {
					if t.kinds[k].known && t.kinds[k].id == to {
						best = max(best, t.kinds[k].value)
					}
				}
			}
			gain := best - kt.value
			if gain <= 0 {
				continue
			}
			zone := t.promotionZone(&pr, pl)
			if len(zone) == 0 {
				continue
			}
			dist := moveDistances(kt.rays[pl], zone, t.geo.nsq)
			for sq, d := range dist {
				if int(d) < len(promotionFraction) {
					kt.pst[pl][sq] += int(float64(gain) * promotionFraction[d])
				}
			}
		}
	}
}

// promotionZone is a promotion rule's zone for a player, reflected for the
// second player as everything written for the first is.
func (t *evalTables) promotionZone(pr *rules.Promotion, pl int) []int {
	geo := t.geo
	if len(pr.Squares) > 0 {
		return geo.squares(pr.Squares, pl, t.spec.Setup.Rotated())
	}
	var ranks []int
	switch {
	case len(pr.Ranks) > 0:
		ranks = pr.Ranks
	case pr.Rank != nil && !pr.Rank.Last:
		ranks = []int{pr.Rank.Index}
	default:
		ranks = []int{geo.height - 1}
	}
	var out []int
	for sq := 0; sq < geo.nsq; sq++ {
		if geo.file[sq] < 0 || geo.wall[sq] {
			continue
		}
		r := geo.rank[sq]
		if pl == 1 {
			r = geo.height - 1 - r
		}
		for _, want := range ranks {
			if r == want {
				out = append(out, sq)
			}
		}
	}
	return out
}

// buildEndings precomputes what the evaluation reads for each ending the
// file names.
func (t *evalTables) buildEndings() {
	r := &t.spec.Rules
	geo := t.geo
	if rc := r.Reach; rc != nil && geo.ok {
		switch rc.Result {
		case "", "win":
			t.reachSign = 1
		case "loss":
			t.reachSign = -1
		}
		t.reachLeave = rc.On == "leave"
		for pl := 0; pl < 2; pl++ {
			var goals []int
			switch {
			case pl == 0 || (rc.Mirror != nil && !rc.Mirror.On):
				goals = geo.squares(rc.Squares, 0, false)
			default:
				goals = geo.squares(rc.Squares, 1, rc.Mirror != nil && rc.Mirror.Rotate)
			}
			for k := range t.kinds {
				kt := &t.kinds[k]
				if !kt.known || kt.rays[pl] == nil || (rc.Piece != "" && rc.Piece != kt.id) {
					continue
				}
				kt.goal[pl] = moveDistances(kt.rays[pl], goals, geo.nsq)
			}
		}
	}
	t.checkLimit = r.CheckLimit
	if r.Territory != nil {
		t.claimWinAt = r.Territory.WinAt
	}
	if e := r.Extinction; e != nil {
		t.extinction = e
		switch e.Result {
		case "win":
			t.extSign = 1
		case "", "loss":
			t.extSign = -1
		}
		t.buildExtinctionGroups(e)
	}
	switch r.BareRoyal {
	case "loss":
		t.bareSign = -1
	case "win":
		t.bareSign = 1
	}
	if s := r.Scoring; s != nil {
		t.scoreCount = s.CountOrDefault()
		if t.scoreCount == "region" && geo.ok {
			for pl := 0; pl < 2; pl++ {
				t.scoreRegion[pl] = make([]bool, geo.nsq)
				for _, sq := range geo.squares(s.Region, pl, t.spec.Setup.Rotated()) {
					t.scoreRegion[pl][sq] = true
				}
			}
		}
	}
}

// buildExtinctionGroups sorts the listed kinds into the groups that are
// counted together, and how many of each group each player starts with.
func (t *evalTables) buildExtinctionGroups(e *rules.Extinction) {
	kindsOf := func(id string) []int {
		var out []int
		for k := range t.kinds {
			if t.kinds[k].known && (id == "" || t.kinds[k].id == id) {
				out = append(out, k)
			}
		}
		return out
	}
	switch {
	case e.Pieces.Any:
		t.extGroups = [][]int{kindsOf("")}
	case e.PerType.On:
		for _, id := range e.Pieces.IDs {
			t.extGroups = append(t.extGroups, kindsOf(id))
		}
	default:
		var all []int
		for _, id := range e.Pieces.IDs {
			all = append(all, kindsOf(id)...)
		}
		t.extGroups = [][]int{all}
	}
	// Starting counts from the setup, so per_type "own" can skip a group
	// a player never had.
	start := [2]map[string]int{{}, {}}
	for _, pl := range t.spec.Setup.Placements {
		start[pl.Player][pl.Piece] += len(pl.Squares)
		if t.spec.Setup.Mirrored() {
			start[1][pl.Piece] += len(pl.Squares)
		}
	}
	if d := t.spec.Rules.Drops; d != nil {
		for id, c := range d.Stock {
			n := c.Count
			if c.Unlimited {
				n = 1
			}
			start[0][id] += n
			start[1][id] += n
		}
	}
	for pl := 0; pl < 2; pl++ {
		t.extStarts[pl] = make([]int, len(t.extGroups))
		for gi, grp := range t.extGroups {
			for _, k := range grp {
				t.extStarts[pl][gi] += start[pl][t.kinds[k].id]
			}
		}
	}
}
