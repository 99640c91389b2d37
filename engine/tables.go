package engine

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"balancefarm/engine/rules"
	"balancefarm/internal/maskray"
)

// Generator entry types: one per move kind.
const (
	genLeap = iota
	genLame
	genSlide
	genHop
	genSweep
)

// Hop screens.
const (
	screenAny = iota
	screenOwn
	screenEnemy
)

// genEntry is one way a piece of one kind and player can move from one
// square: a leap or lame leap to one target, or a ray (slide, hop, sweep)
// in one direction, already cut to the move's range, the board's edges,
// its walls and its wrap. Static conditions (from_rank, region) are folded
// in by leaving the entry out where they fail.
type genEntry struct {
	typ     uint8
	canMove bool
	canCap  bool
	first   bool  // only while the piece has never moved
	cond    bool  // a static condition (from_rank, region) admits it here
	to      uint8 // leap/lame target
	dir     uint8 // ray direction index into Game.dirs
	minR    uint8
	scrR    uint8 // hop: how far past the screen it may land, 0 = any
	screen  uint8
	n       uint8 // ray length, or number of lame legs
	stay    bool  // a capture from afar: the mover stays (boards.go)
	// skip is how many entries right after a leap or lame one have its
	// target among their legs: where the target is occupied they are
	// blocked, and a bent move's or a cut slide's landings further out
	// are passed over without reading their legs.
	skip uint8
	off  uint32 // ray or legs, in Game.pool
}

// setSkips fills genEntry.skip over one piece's entries on one square.
func (g *Game) setSkips(entries []genEntry) {
	for i := range entries {
		e := &entries[i]
		e.skip = 0
		if e.typ != genLeap && e.typ != genLame {
			continue
		}
		for j := i + 1; j < len(entries) && e.skip < 255; j++ {
			f := &entries[j]
			if f.typ != genLeap && f.typ != genLame || !bytes.Contains(g.pool[f.off:f.off+uint32(f.n)], []byte{e.to}) {
				break
			}
			e.skip++
		}
	}
}

// leapAtk says which kinds, standing on src, attack a square by a leap or
// lame leap (legs must be empty).
type leapAtk struct {
	src    uint8
	first  bool
	legN   uint8
	legOff uint32
	mask   uint32 // kind bits: kind k is bit k+1
}

// leapGroup is the sources from which the same kinds leap onto a square.
type leapGroup struct {
	mask uint32
	off  uint32
	n    uint8
	srcs uint64 // the sources as a mask, on a small board (and mid: the low word)
}

// lineGroup is one direction of ray attack shared by several kinds: a
// square is attacked when walking back along the ray finds one of mask.
type lineGroup struct {
	dir    int
	typ    uint8
	mask   uint32
	maxR   int // 0 unlimited
	minR   int
	screen uint8
	scrR   int
	cond   int // index into Game.conds (allowed source squares), -1 none
	first  bool
	rays   []rayRef // the reverse chain onto each square
	// On a small board, each square's chain cut to maxR as a mask, and
	// the order its squares run in (maskray.Walk where the board's wrap needs
	// the walk); nil where a minimum range needs it. On a mid board the
	// mask is two words, square t's at 2t (low) and 2t+1 (high).
	rayMasks []uint64
	rayOrds  []uint8
	// On a board of more than 128 squares, each square's chain as a set:
	// an attack test passes over a chain holding none of the attacker's
	// pieces without walking it (chains are only ever cut after this is
	// filled, so the set may hold more, never less).
	rayBits []bitset
}

// compiledMove is one rules.Move with its vectors expanded, for one player.
type compiledMove struct {
	src      *rules.Move
	typ      uint8
	vecs     [][2]int // board frame
	written  [][2]int // the same as the rule file writes them (the mover's frame)
	canMove  bool
	canCap   bool
	maxR     int
	minR     int
	scrR     int
	screen   uint8
	first    bool
	fromOK   bitset     // squares the static conditions allow
	condFree bool       // no static condition
	bent     []bentPair // a bent move's images (typ genLame)
	// across is the move's reach to the other boards (boards.go): a lame
	// leap per landing, its legs the home path; nil without.
	across *compiledMove
	stay   bool // a capture from afar: the mover stays home
	// targets are the squares (of the first board) a leap to fixed
	// squares lands on, on the mover's own board.
	targets []int
}

func (g *Game) compileMove(i, j, p int, m *rules.Move) (compiledMove, error) {
	where := fmt.Sprintf("pieces[%d].moves[%d]", i, j)
	cm := compiledMove{src: m}
	switch m.Kind {
	case rules.KindLeap:
		cm.typ = genLeap
	case rules.KindLame:
		cm.typ = genLame
	case rules.KindSlide:
		cm.typ = genSlide
	case rules.KindHop:
		cm.typ = genHop
	case rules.KindSweep:
		cm.typ = genSweep
	case rules.KindBent:
		if g.hex {
			return cm, bad("%s.kind 'bent' is for a square lattice", where)
		}
		bp, err := bentPairs(m)
		if err != nil {
			return cm, bad("%s: %v", where, err)
		}
		cm.typ, cm.bent = genLame, bp
	default:
		return cm, bad("%s.kind must be one of %s, got '%s'", where, rules.MoveKindChoices(g.spec.Version()), m.Kind)
	}
	if len(m.Vectors) == 0 && len(m.Squares) == 0 {
		return cm, bad("%s.vectors must have at least 1 entry", where)
	}
	if len(m.Squares) > 0 || m.Shoot {
		if cm.typ != genLeap && cm.typ != genLame || cm.bent != nil {
			return cm, bad("%s: squares and shoot are for a leap or a lame leap", where)
		}
		for _, name := range m.Squares {
			sq, ok := g.parseLocal(name)
			if !ok || g.wall.has(sq) {
				return cm, bad("%s.squares entry %q is not a square on this board", where, name)
			}
			cm.targets = append(cm.targets, sq)
		}
		cm.stay = m.Shoot
	}
	if cm.bent == nil && len(m.Vectors) > 0 {
		vs, err := expand(m.Vectors, m.Symmetry, g.hex)
		if err != nil {
			return cm, bad("%s: %v", where, err)
		}
		for _, v := range vs {
			cm.vecs = append(cm.vecs, g.boardVector(p, v))
		}
		cm.written = vs
	}
	switch m.ModeOrDefault() {
	case rules.ModeMove:
		cm.canMove = true
	case rules.ModeCapture:
		cm.canCap = true
	case rules.ModeBoth:
		cm.canMove, cm.canCap = true, true
	default:
		return cm, bad("%s.mode must be one of move, capture, both, got %q", where, m.Mode)
	}
	cm.maxR, cm.minR = m.RangeOrDefault(), m.MinRangeOrDefault()
	if cm.bent != nil && m.MinRange != nil {
		return cm, bad("%s.min_range is not for a bent move", where)
	}
	if cm.maxR < 0 || cm.maxR > 16 || cm.minR < 1 || cm.minR > 16 {
		return cm, bad("%s: range must be 0 to 16 and min_range 1 to 16", where)
	}
	if m.ScreenRange != nil {
		cm.scrR = *m.ScreenRange
		if cm.scrR < 0 || cm.scrR > 16 {
			return cm, bad("%s.screen_range must be 0 to 16", where)
		}
	}
	switch m.Screen {
	case "", "any":
		cm.screen = screenAny
	case "own":
		cm.screen = screenOwn
	case "enemy":
		cm.screen = screenEnemy
	default:
		return cm, bad("%s.screen must be one of any, own, enemy, got %q", where, m.Screen)
	}
	cm.condFree = true
	for sq := 0; sq < g.n; sq++ {
		cm.fromOK.set(sq)
	}
	if c := m.Condition; c != nil {
		cm.first = c.FirstMove
		if c.FromRank != nil {
			cm.condFree = false
			for sq := 0; sq < g.n; sq++ {
				if g.seatRank(p, sq) != *c.FromRank {
					cm.fromOK.clear(sq)
				}
			}
		}
		if c.Region != nil {
			cm.condFree = false
			set, err := g.squareSet(where+".condition.region", c.Region, false)
			if err != nil {
				return cm, err
			}
			for sq := 0; sq < g.n; sq++ {
				if !set[p].has(sq) {
					cm.fromOK.clear(sq)
				}
			}
		}
	}
	return cm, g.compileAcross(&cm, m, where)
}

func (g *Game) loadMoves() error {
	if err := g.loadEntry(); err != nil {
		return err
	}
	blocksLeaps := g.spec.Rules.Obstacles != nil && g.spec.Rules.Obstacles.BlocksLeaps
	// Regions first: moves may not land outside them.
	for i, pc := range g.spec.Pieces {
		if pc.Region != nil {
			set, err := g.squareSet(fmt.Sprintf("pieces[%d].region", i), pc.Region, false)
			if err != nil {
				return err
			}
			g.kinds[i].region = set
			g.kinds[i].hasReg = true
		}
	}
	inRegion := func(p, k, sq int) bool { return !g.kinds[k].hasReg || g.kinds[k].region[p].has(sq) }

	compiled := make([][maxSeats][]compiledMove, g.nk)
	for i, pc := range g.spec.Pieces {
		if len(pc.Moves) > 12 {
			return bad("pieces[%d].moves must have at most 12 entries", i)
		}
		for p := 0; p < g.seats; p++ {
			for j := range pc.Moves {
				cm, err := g.compileMove(i, j, p, &pc.Moves[j])
				if err != nil {
					return err
				}
				if cm.typ >= genSlide {
					for _, v := range cm.vecs {
						g.dirIndex(v)
					}
				}
				if cm.typ == genSweep {
					g.sweepers |= 1 << uint(i+1)
				}
				compiled[i][p] = append(compiled[i][p], cm)
			}
		}
	}
	if len(g.dirs) > 255 {
		return bad("too many ray directions")
	}
	g.buildRays()
	if g.entry != nil {
		g.cutEntryChains()
	}

	type lineKey struct {
		dir, maxR, minR, scrR, cond int
		typ, screen                 uint8
		first                       bool
	}
	var lineMasks [maxSeats]map[lineKey]uint32
	type leapKey struct {
		src   int
		first bool
		legs  string
	}
	var leapMasks [maxSeats][]map[leapKey]uint32
	for s := 0; s < g.seats; s++ {
		lineMasks[s] = map[lineKey]uint32{}
		leapMasks[s] = make([]map[leapKey]uint32, g.n)
	}
	condIndex := func(b bitset) int {
		for i, c := range g.conds {
			if c == b {
				return i
			}
		}
		g.conds = append(g.conds, b)
		return len(g.conds) - 1
	}

	// addLame appends a leap or lame entry from sq to to over legs, and
	// its attack when it captures.
	addLame := func(p, k, sq int, cm *compiledMove, to int, legs []int) {
		if g.entry != nil && !g.entryAllows(k, sq, legs, to) {
			return
		}
		e := genEntry{typ: cm.typ, canMove: cm.canMove, canCap: cm.canCap, first: cm.first, cond: !cm.condFree, to: uint8(to), n: uint8(len(legs)), off: uint32(len(g.pool)), stay: cm.stay}
		var lk strings.Builder
		for _, l := range legs {
			g.pool = append(g.pool, uint8(l))
			lk.WriteByte(byte(l))
		}
		g.gens = append(g.gens, e)
		if cm.canCap {
			m := leapMasks[p][to]
			if m == nil {
				m = map[leapKey]uint32{}
				leapMasks[p][to] = m
			}
			m[leapKey{src: sq, first: cm.first, legs: lk.String()}] |= uint32(1) << uint(k+1)
		}
	}

	g.genStart = make([]uint32, g.seats*g.nk*g.n+1)
	for p := 0; p < g.seats; p++ {
		for k := 0; k < g.nk; k++ {
			kb := uint32(1) << uint(k+1)
			for _, cm := range compiled[k][p] {
				if cm.typ < genSlide || !cm.canCap && cm.typ != genSweep {
					continue
				}
				cond := -1
				if !cm.condFree {
					cond = condIndex(cm.fromOK)
				}
				for _, v := range cm.vecs {
					key := lineKey{dir: g.dirIndex(v), maxR: cm.maxR, minR: cm.minR, scrR: cm.scrR, cond: cond, typ: cm.typ, screen: cm.screen, first: cm.first}
					lineMasks[p][key] |= kb
				}
			}
			for sq := 0; sq < g.n; sq++ {
				idx := (p*g.nk+k)*g.n + sq
				g.genStart[idx] = uint32(len(g.gens))
				if g.wall.has(sq) || !inRegion(p, k, sq) {
					continue
				}
				// Slides from here go through the entry rules (entry.go).
				lameSlides := g.entry != nil && g.entryTouched(p, sq, compiled[k][p])
				if vm := g.vertical[k]; vm != nil {
					g.acrossFrom(sq, nil, func(t int, _ []int) { addLame(p, k, sq, vm, t, nil) })
				}
				for _, cm := range compiled[k][p] {
					if !cm.fromOK.has(sq) {
						continue
					}
					for _, t := range cm.targets {
						to := g.across(t, g.boardOf(sq))
						if to != sq && !g.wall.has(to) && inRegion(p, k, to) {
							addLame(p, k, sq, &cm, to, nil)
						}
					}
					for _, bp := range cm.bent {
						g.bentLines(p, sq, bp, cm.maxR, func(to int, legs []int) {
							if !inRegion(p, k, to) {
								return
							}
							addLame(p, k, sq, &cm, to, legs)
						})
					}
					for vi, v := range cm.vecs {
						switch cm.typ {
						case genLeap, genLame:
							var legs []int
							var to int
							if cm.typ == genLeap {
								to = g.step(p, sq, v[0], v[1])
								if to < 0 {
									continue
								}
								if blocksLeaps && g.hex {
									// The first square of the lame path (hex.go).
									if path := g.hexLamePath(p, sq, cm.written[vi]); len(path) > 1 && g.wall.has(path[0]) && !g.offBoard.has(path[0]) {
										continue
									}
								} else if blocksLeaps && (abs(v[0]) > 1 || abs(v[1]) > 1) {
									ux, uy := sign(v[0]), sign(v[1])
									if abs(v[0]) > abs(v[1]) {
										uy = 0
									} else if abs(v[1]) > abs(v[0]) {
										ux = 0
									}
									if b := g.step(p, sq, ux, uy); b >= 0 && b != to && g.wall.has(b) {
										continue
									}
								}
							} else {
								path := g.lamePath(p, sq, v)
								if g.hex {
									path = g.hexLamePath(p, sq, cm.written[vi])
								}
								if len(path) == 0 {
									continue
								}
								to = path[len(path)-1]
								legs = path[:len(path)-1]
								blocked := false
								for _, l := range legs {
									if l == sq || l == to || blocksLeaps && g.wall.has(l) {
										blocked = true
									}
								}
								if blocked {
									continue
								}
							}
							if to == sq || g.wall.has(to) || !inRegion(p, k, to) {
								continue
							}
							addLame(p, k, sq, &cm, to, legs)
							if cm.across != nil {
								g.acrossFrom(to, legs, func(t int, legs []int) { addLame(p, k, sq, cm.across, t, legs) })
							}
						default:
							d := g.dirIndex(v)
							ray := g.fwdRay(p, d, sq)
							if cm.across != nil && cm.typ == genSlide {
								for i := 0; i < len(ray) && (cm.maxR == 0 || i < cm.maxR); i++ {
									if i+1 < cm.minR {
										continue
									}
									legs := make([]int, i)
									for j := range legs {
										legs[j] = int(ray[j])
									}
									g.acrossFrom(int(ray[i]), legs, func(t int, legs []int) { addLame(p, k, sq, cm.across, t, legs) })
								}
							}
							if lameSlides {
								// One lame entry per landing (entry.go).
								lame := cm
								lame.typ = genLame
								for i := 0; i < len(ray) && (cm.maxR == 0 || i < cm.maxR); i++ {
									if i+1 < cm.minR || !inRegion(p, k, int(ray[i])) {
										continue
									}
									legs := make([]int, i)
									for j := range legs {
										legs[j] = int(ray[j])
									}
									addLame(p, k, sq, &lame, int(ray[i]), legs)
								}
								continue
							}
							n := len(ray)
							if cm.maxR > 0 && cm.maxR < n {
								n = cm.maxR
							}
							if n < cm.minR || cm.typ == genHop && n < 2 {
								continue
							}
							r := g.fwd[(p*len(g.dirs)+d)*g.n+sq]
							g.gens = append(g.gens, genEntry{typ: cm.typ, canMove: cm.canMove, canCap: cm.canCap, first: cm.first, cond: !cm.condFree,
								dir: uint8(d), minR: uint8(cm.minR), scrR: uint8(cm.scrR), screen: cm.screen, n: uint8(n), off: r.off})
						}
					}
				}
			}
		}
	}
	g.genStart[g.seats*g.nk*g.n] = uint32(len(g.gens))

	// Attack tables.
	for p := 0; p < g.seats; p++ {
		g.atkStart[p] = make([]uint32, g.n+1)
		for t := 0; t < g.n; t++ {
			g.atkStart[p][t] = uint32(len(g.atkLeaps[p]))
			m := leapMasks[p][t]
			keys := make([]leapKey, 0, len(m))
			for key := range m {
				keys = append(keys, key)
			}
			sort.Slice(keys, func(a, b int) bool {
				if keys[a].src != keys[b].src {
					return keys[a].src < keys[b].src
				}
				if keys[a].first != keys[b].first {
					return !keys[a].first
				}
				return keys[a].legs < keys[b].legs
			})
			for _, key := range keys {
				e := leapAtk{src: uint8(key.src), first: key.first, legN: uint8(len(key.legs)), legOff: uint32(len(g.pool)), mask: m[key]}
				g.pool = append(g.pool, []byte(key.legs)...)
				g.atkLeaps[p] = append(g.atkLeaps[p], e)
			}
		}
		g.atkStart[p][g.n] = uint32(len(g.atkLeaps[p]))
		g.plainStart[p] = make([]uint32, g.n+1)
		g.specStart[p] = make([]uint32, g.n+1)
		for t := 0; t < g.n; t++ {
			g.plainStart[p][t] = uint32(len(g.plainGroups[p]))
			g.specStart[p][t] = uint32(len(g.specLeaps[p]))
			var masks []uint32
			srcs := map[uint32][]uint8{}
			for _, e := range g.atkLeaps[p][g.atkStart[p][t]:g.atkStart[p][t+1]] {
				if e.first || e.legN > 0 {
					g.specLeaps[p] = append(g.specLeaps[p], e)
					continue
				}
				if _, ok := srcs[e.mask]; !ok {
					masks = append(masks, e.mask)
				}
				srcs[e.mask] = append(srcs[e.mask], e.src)
			}
			for _, m := range masks {
				lg := leapGroup{mask: m, off: uint32(len(g.pool)), n: uint8(len(srcs[m]))}
				var hi uint64
				if g.small || g.mid {
					for _, sq := range srcs[m] {
						if sq < 64 {
							lg.srcs |= 1 << sq
						} else {
							hi |= 1 << (sq - 64)
						}
					}
				}
				g.plainGroups[p] = append(g.plainGroups[p], lg)
				if g.small {
					if g.plainSrcs[p] == nil {
						g.plainSrcs[p] = make([]uint64, g.n)
					}
					g.plainSrcs[p][t] |= lg.srcs
				}
				if g.mid {
					g.plainHi[p] = append(g.plainHi[p], hi)
				}
				// Built on every board: the generic paths also serve a
				// small one (TestSmallBoardPathsMatchGeneric).
				if g.plainAny[p] == nil {
					g.plainAny[p] = make([]bitset, g.n)
				}
				for _, sq := range srcs[m] {
					g.plainAny[p][t].set(int(sq))
				}
				g.pool = append(g.pool, srcs[m]...)
			}
		}
		g.plainStart[p][g.n] = uint32(len(g.plainGroups[p]))
		g.specStart[p][g.n] = uint32(len(g.specLeaps[p]))
		g.buildLegTries(p)
		keys := make([]lineKey, 0, len(lineMasks[p]))
		for key := range lineMasks[p] {
			keys = append(keys, key)
		}
		sort.Slice(keys, func(a, b int) bool {
			x, y := keys[a], keys[b]
			if x.dir != y.dir {
				return x.dir < y.dir
			}
			if x.typ != y.typ {
				return x.typ < y.typ
			}
			return fmt.Sprint(x) < fmt.Sprint(y)
		})
		nd := len(g.dirs)
		for _, key := range keys {
			gr := lineGroup{dir: key.dir, typ: key.typ, mask: lineMasks[p][key], maxR: key.maxR,
				minR: key.minR, screen: key.screen, scrR: key.scrR, cond: key.cond, first: key.first,
				rays: g.rev[(p*nd+key.dir)*g.n : (p*nd+key.dir+1)*g.n]}
			if (g.small || g.mid) && gr.minR <= 1 { // a minimum range needs the walk
				gr.rayMasks = make([]uint64, g.n)
				gr.rayOrds = make([]uint8, g.n)
				if g.mid {
					gr.rayMasks = make([]uint64, 2*g.n)
				}
				for t, r := range gr.rays {
					ray := g.pool[r.off : r.off+uint32(r.n)]
					if gr.maxR > 0 && gr.maxR < len(ray) {
						ray = ray[:gr.maxR]
					}
					if g.mid {
						gr.rayMasks[2*t], gr.rayMasks[2*t+1], gr.rayOrds[t] = rayMask2(ray)
					} else {
						gr.rayMasks[t], gr.rayOrds[t] = g.rayMask(ray)
					}
				}
			}
			if !g.small && !g.mid {
				gr.rayBits = make([]bitset, g.n)
				for t, r := range gr.rays {
					for _, sq := range g.pool[r.off : r.off+uint32(r.n)] {
						gr.rayBits[t].set(int(sq))
					}
				}
			}
			if gr.typ == genSlide {
				g.slideKinds[p] |= gr.mask
			}
			g.groups[p] = append(g.groups[p], gr)
		}
		g.standMask[p] = make([]uint32, g.n)
		for t := 0; t < g.n; t++ {
			for k := 0; k < g.nk; k++ {
				if inRegion(p, k, t) {
					g.standMask[p][t] |= 1 << uint(k+1)
				}
			}
		}
	}
	// A piece is immobile on a square where it has no move that does not
	// need it never to have moved.
	for k := 0; k < g.nk; k++ {
		for p := 0; p < g.seats; p++ {
			for sq := 0; sq < g.n; sq++ {
				idx := (p*g.nk+k)*g.n + sq
				mobile := false
				for e := g.genStart[idx]; e < g.genStart[idx+1]; e++ {
					if !g.gens[e].first {
						mobile = true
						break
					}
				}
				if !mobile {
					g.kinds[k].immobile[p].set(sq)
				}
			}
		}
	}
	return nil
}

// Fast entry modes.
const (
	modeMove    = 1
	modeCapture = 2
)

// fastLeap is a leap with no legs and no first-move condition.
type fastLeap struct {
	to   uint8
	mode uint8
}

// fastRay is a slide from its first square, with no first-move condition.
// On a board of at most 64 squares a ray whose squares only rise or only
// fall is also a mask, so its first blocker is one bit scan away.
type fastRay struct {
	off   uint32
	n     uint8
	mode  uint8
	order uint8 // maskray.Rising or Falling, or maskray.Walk: follow pool
	mask  uint64
}

// rayMask is a ray's mask form on a small board (maskray.Of), or none
// (maskray.Walk) on a larger one.
func (g *Game) rayMask(ray []uint8) (mask uint64, order uint8) {
	if !g.small {
		return 0, maskray.Walk
	}
	return maskray.Of(ray)
}

// splitFast sorts every piece's entries into the fast lists genPseudo
// walks when nothing special applies on a square.
func (g *Game) splitFast() error {
	size := g.seats * g.nk * g.n
	g.dup, g.twice = make([]bool, size), make([]bool, size)
	seen := make([]int, g.n)
	seenMove, seenCap := make([]bool, g.n), make([]bool, g.n)
	g.fastLeapStart = make([]uint32, size+1)
	g.fastRayStart = make([]uint32, size+1)
	g.slowStart = make([]uint32, size+1)
	g.capReach = make([]bitset, size)
	for idx := 0; idx < size; idx++ {
		g.fastLeapStart[idx] = uint32(len(g.fastLeaps))
		g.fastRayStart[idx] = uint32(len(g.fastRays))
		g.slowStart[idx] = uint32(len(g.slow))
		k := idx / g.n % g.nk
		clear(seen)
		clear(seenMove)
		clear(seenCap)
		for _, e := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
			// The squares this entry can land on: a slide's from its
			// min_range, a hop's past its first square.
			targets := []uint8{e.to}
			if e.typ > genLame {
				targets = g.pool[e.off : e.off+uint32(e.n)]
				switch e.typ {
				case genSlide:
					targets = targets[min(int(e.minR)-1, len(targets)):]
				case genHop:
					targets = targets[1:]
				}
			}
			for _, t := range targets {
				if seen[t]++; seen[t] > 1 {
					g.dup[idx] = true
				}
				// A sweep's landings are not its mode's alone: it may
				// take what it passes over.
				if e.canMove || e.typ == genSweep {
					g.twice[idx] = g.twice[idx] || seenMove[t]
					seenMove[t] = true
				}
				if e.canCap || e.typ == genSweep {
					g.twice[idx] = g.twice[idx] || seenCap[t]
					seenCap[t] = true
				}
			}
			switch {
			case e.typ == genSweep:
				for _, t := range g.pool[e.off : e.off+uint32(e.n)] {
					g.capReach[idx].set(int(t))
				}
			case e.canCap:
				for _, t := range targets {
					g.capReach[idx].set(int(t))
				}
			}
		}
		ep := g.kinds[k].ep
		for _, e := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
			mode := uint8(0)
			if e.canMove {
				mode |= modeMove
			}
			if e.canCap {
				mode |= modeCapture
			}
			if e.stay {
				g.stayKinds |= 1 << uint(k+1)
			}
			switch {
			case e.first || e.stay:
				g.slow = append(g.slow, e)
			case e.typ == genLeap && e.n == 0:
				g.fastLeaps = append(g.fastLeaps, fastLeap{to: e.to, mode: mode})
			case e.typ == genSlide && e.minR == 1 && (!ep || e.n == 1 || !e.canMove):
				// A piece en passant applies to marks its longer slides.
				fr := fastRay{off: e.off, n: e.n, mode: mode}
				fr.mask, fr.order = g.rayMask(g.pool[e.off : e.off+uint32(e.n)])
				g.fastRays = append(g.fastRays, fr)
			default:
				g.slow = append(g.slow, e)
			}
		}
	}
	g.fastLeapStart[size] = uint32(len(g.fastLeaps))
	g.capsAll = true
	for k := range g.kinds[:g.nk] {
		g.capsAll = g.capsAll && g.kinds[k].capMask&allKinds(g.nk) == allKinds(g.nk)
	}
	g.fastRayStart[size] = uint32(len(g.fastRays))
	g.slowStart[size] = uint32(len(g.slow))
	for idx := 0; idx < size; idx++ {
		g.setSkips(g.gens[g.genStart[idx]:g.genStart[idx+1]])
		g.setSkips(g.slow[g.slowStart[idx]:g.slowStart[idx+1]])
	}
	g.packSquares()
	g.buildSteps()
	if g.mid {
		g.buildMid()
	}
	if g.small {
		g.buildSmallLines()
	}
	nd := len(g.dirs)
	g.rayReach = make([]bitset, g.seats*nd*g.n)
	for i, r := range g.fwd {
		for _, t := range g.pool[r.off : r.off+uint32(r.n)] {
			g.rayReach[i].set(int(t))
		}
	}
	return nil
}

// pieceSquare is what genPseudo reads about one (player, kind, square)
// before walking its moves, packed so that one load finds it.
type pieceSquare struct {
	// On a board of one word, the fast leaps that may capture and those
	// that may move, as masks.
	leapCaps, leapMoves      uint64
	leapOff, rayOff, slowOff uint32
	nLeap, nRay, nSlow       uint16
	flags                    uint8
	// On a board of one word, the first nRise of the fast rays rise
	// and the next nFall fall, all of them moving and capturing alike
	// (slides): read as masks, without a test per ray (slideAttacks).
	nRise, nFall uint8
}

// pieceSquare flags.
const (
	psDup     = 1 << iota // walk every entry (also: counts too large to pack)
	psTwice               // and drop repeats: the same move can come twice (Game.twice)
	psSpecial             // promotion, a region or forbid_immobility: every landing goes through emit
	psEP                  // en passant applies to the kind: special while an en passant square exists
	psPicky               // the kind may not capture every kind (rules.captures)
)

// packSquares builds Game.pieceSquares from the fast lists.
func (g *Game) packSquares() {
	size := g.seats * g.nk * g.n
	g.pieceSquares = make([]pieceSquare, size)
	for idx := 0; idx < size; idx++ {
		p, k, sq := idx/(g.nk*g.n), idx/g.n%g.nk, idx%g.n
		ki := &g.kinds[k]
		ps := &g.pieceSquares[idx]
		nLeap := g.fastLeapStart[idx+1] - g.fastLeapStart[idx]
		nRay := g.fastRayStart[idx+1] - g.fastRayStart[idx]
		nSlow := g.slowStart[idx+1] - g.slowStart[idx]
		ps.leapOff, ps.rayOff, ps.slowOff = g.fastLeapStart[idx], g.fastRayStart[idx], g.slowStart[idx]
		if g.twice[idx] {
			ps.flags |= psTwice
		}
		if g.dup[idx] || max(nLeap, nRay, nSlow) > 0xffff {
			ps.flags |= psDup
		} else {
			ps.nLeap, ps.nRay, ps.nSlow = uint16(nLeap), uint16(nRay), uint16(nSlow)
		}
		if ki.hasReg || g.forbidImmobility || ki.promo >= 0 && ki.promoFrom[p].has(sq) || g.transfers>>uint(k+1)&1 != 0 {
			ps.flags |= psSpecial // a transfer too: emit moves the landing across
		}
		if ki.ep {
			ps.flags |= psEP
		}
		if ki.capMask&allKinds(g.nk) != allKinds(g.nk) {
			ps.flags |= psPicky
		}
		if g.small {
			ps.nRise, ps.nFall = g.sortSlides(g.fastRays[g.fastRayStart[idx]:g.fastRayStart[idx+1]])
			for _, fl := range g.fastLeaps[g.fastLeapStart[idx]:g.fastLeapStart[idx+1]] {
				if fl.mode&modeCapture != 0 {
					ps.leapCaps |= 1 << fl.to
				}
				if fl.mode&modeMove != 0 {
					ps.leapMoves |= 1 << fl.to
				}
			}
		}
	}
}

// sortSlides puts a piece square's rays that both move and capture read
// as masks first, the rising ones then the falling ones, and returns how
// many there are of each (a board of one word, where the fast rays are
// only ever read as one set of landings, so their order is free).
func (g *Game) sortSlides(rays []fastRay) (rise, fall uint8) {
	rank := func(r fastRay) int {
		switch {
		case r.mode != modeMove|modeCapture:
			return 2
		case r.order == maskray.Rising:
			return 0
		case r.order == maskray.Falling:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(rays, func(a, b fastRay) int { return rank(a) - rank(b) })
	var n [3]int
	for _, r := range rays {
		n[rank(r)]++
	}
	if n[0] > 0xff || n[1] > 0xff {
		return 0, 0 // more than a count holds: every ray read one by one
	}
	return uint8(n[0]), uint8(n[1])
}

// landsIn reports whether some move of kind k from sq can end in set.
func (g *Game) landsIn(p, k, sq int, set *bitset) bool {
	idx := (p*g.nk+k)*g.n + sq
	for _, e := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
		if e.typ <= genLame {
			if set.has(int(e.to)) {
				return true
			}
			continue
		}
		for _, t := range g.pool[e.off : e.off+uint32(e.n)] {
			if set.has(int(t)) {
				return true
			}
		}
	}
	return false
}

// buildSmallLines fills Game.midLines on a board of at most 64 squares,
// the low word only: per player and square, every slide line onto the
// square, so that prepare sees at once a royal no slider stands in line
// with.
func (g *Game) buildSmallLines() {
	for p := range g.midLines {
		g.midLines[p] = make([]midLine, g.n)
		for t := range g.midLines[p] {
			ml := midLine{ok: true}
			for gi := range g.groups[p] {
				gr := &g.groups[p][gi]
				if gr.typ != genSlide || gr.rayOrds == nil || gr.rayOrds[t] == maskray.Walk && gr.rays[t].n > 0 {
					ml.ok = false
					break
				}
				ml.lo |= gr.rayMasks[t]
			}
			g.midLines[p][t] = ml
		}
	}
}
