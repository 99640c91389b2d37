package engine

// The read-only view: what players and reports read of a compiled game.
// Everything here comes from the tables Load built for move generation,
// so a reader sees the rules exactly as the engine plays them (wrap,
// walls, lame legs, regions and static conditions included) and never
// re-reads the rule file.

// File is a square's file, 0 for the a-file; -1 when out of range.
func (g *Game) File(sq int) int {
	if sq < 0 || sq >= g.n {
		return -1
	}
	return g.fileOf[sq]
}

// Rank is a square's rank, 0 for the first; -1 when out of range.
func (g *Game) Rank(sq int) int {
	if sq < 0 || sq >= g.n {
		return -1
	}
	return g.rankOf[sq]
}

// Hex reports whether the board is a hex lattice: File and Rank are then
// axial coordinates (q, r), the six neighbours are [1,0], [0,1], [-1,1],
// [-1,0], [0,-1] and [1,-1], and the distance between two cells is
// max(|dq|, |dr|, |dq+dr|).
func (g *Game) Hex() bool { return g.hex }

// LineKind is how a Line moves.
type LineKind uint8

// Line kinds, one per move kind of the rule language.
const (
	LineLeap LineKind = iota
	LineLame
	LineSlide
	LineHop
	LineSweep
)

// lineKinds names each move-table type as a Line shows it.
var lineKinds = [...]LineKind{genLeap: LineLeap, genLame: LineLame, genSlide: LineSlide, genHop: LineHop, genSweep: LineSweep}

// Screen is which pieces a hop may jump over.
type Screen uint8

// Hop screens.
const (
	ScreenAny Screen = iota
	ScreenOwn
	ScreenEnemy
)

// Line is one way a piece moves from one square on an empty board, as the
// move tables store it. Squares are in the order the piece passes them: a
// leap's one target, or a ray (wrap, walls and range already applied).
type Line struct {
	Kind    LineKind
	Squares []int
	Legs    []int // a lame leap's squares that must be empty
	// Min is the first landing as an index into Squares: a slide or
	// sweep's min_range-1 (hops count it past their screen); 0 for leaps.
	Min            int
	Quiet, Capture bool // may land on an empty square / on an enemy
	FirstMove      bool // only while the piece has never moved
	// Conditional: a static condition (from_rank, condition.region)
	// admits this line on this square only.
	Conditional bool
	Screen      Screen
	ScreenRange int // hop: how far past the screen it may land, 0 any
}

// Ray reports whether the line is a ray whose reach depends on the board
// (a slide, hop or sweep), as opposed to a leap.
func (l *Line) Ray() bool { return l.Kind >= LineSlide }

// Lines are the move table's entries for a kind of a player on a square:
// none where the piece may not stand (a wall, outside its region). The
// slices are fresh copies.
func (g *Game) Lines(player, kind, sq int) []Line {
	if player < 0 || player > 1 || kind < 0 || kind >= g.nk || sq < 0 || sq >= g.n {
		return nil
	}
	idx := (player*g.nk+kind)*g.n + sq
	capAny := g.kinds[kind].capMask != 0
	var out []Line
	for _, e := range g.gens[g.genStart[idx]:g.genStart[idx+1]] {
		l := Line{Kind: lineKinds[e.typ], Quiet: e.canMove, Capture: e.canCap && capAny,
			FirstMove: e.first, Conditional: e.cond, Screen: Screen(e.screen), ScreenRange: int(e.scrR)}
		if g.entry != nil && e.typ == genSlide {
			// Under entry rules a slide shows as it always has, one lame
			// line per landing, whether the tables hold it as a ray or
			// not (entry.go): the evaluation reads the same lines.
			ray := g.pool[e.off : e.off+uint32(e.n)]
			l.Kind, l.Screen, l.ScreenRange = LineLame, ScreenAny, 0
			for i, to := range ray {
				if i+1 < int(e.minR) || !g.CanStand(player, kind, int(to)) {
					continue
				}
				l.Squares, l.Legs = []int{int(to)}, bytesToInts(ray[:i])
				out = append(out, l)
			}
			continue
		}
		if e.typ <= genLame {
			l.Squares = []int{int(e.to)}
			l.Legs = bytesToInts(g.pool[e.off : e.off+uint32(e.n)])
		} else {
			l.Squares = bytesToInts(g.pool[e.off : e.off+uint32(e.n)])
			l.Min = int(e.minR) - 1
		}
		out = append(out, l)
	}
	return out
}

func bytesToInts(b []uint8) []int {
	if len(b) == 0 {
		return nil
	}
	out := make([]int, len(b))
	for i, v := range b {
		out[i] = int(v)
	}
	return out
}

// CanStand reports whether a kind of a player may stand on a square: not
// a wall, and inside the piece's region if it has one. A move that would
// land elsewhere is not generated.
func (g *Game) CanStand(player, kind, sq int) bool {
	if player < 0 || player > 1 || kind < 0 || kind >= g.nk || sq < 0 || sq >= g.n || g.wall.has(sq) {
		return false
	}
	return g.standMask[player][sq]>>uint(kind+1)&1 != 0
}

// SetupCount is how many pieces of a kind a player has in the setup.
func (g *Game) SetupCount(player, kind int) int {
	if player < 0 || player > 1 || kind < 0 || kind >= g.nk {
		return 0
	}
	return g.setupCount[player][kind]
}

// squareList is a bitset as increasing square numbers.
func (g *Game) squareList(b *bitset) []int { return b.squares(nil) }

// Promotion is one promotion rule as the engine plays it.
type Promotion struct {
	Kind      int      // the promoting kind
	Zone      [2][]int // per player, in increasing order
	Targets   [2][]int // per player, the kinds it may become
	Mandatory bool
	OnLeaving bool
	OnlyLost  bool // only to a kind the player has lost
}

// Promotions are the promotion rules, at most one per kind.
func (g *Game) Promotions() []Promotion {
	out := make([]Promotion, len(g.promos))
	for i := range g.promos {
		pr := &g.promos[i]
		out[i] = Promotion{Kind: pr.kind, Mandatory: pr.mandatory, OnLeaving: pr.onLeaving, OnlyLost: pr.onlyLost}
		for p := 0; p < 2; p++ {
			out[i].Zone[p] = g.squareList(&pr.zone[p])
			out[i].Targets[p] = append([]int(nil), pr.targets[p]...)
		}
	}
	return out
}

// Reach is rules.reach: standing on (or leaving) a goal square ends the
// game.
type Reach struct {
	Kind    int      // the kind that counts, -1 any
	Goals   [2][]int // per player, in increasing order
	Result  string   // for the player who reaches: win, loss or draw
	OnLeave bool
	Safe    bool
}

// Reach is the game's reach rule, nil when it has none.
func (g *Game) Reach() *Reach {
	rr := g.reach
	if rr == nil {
		return nil
	}
	return &Reach{Kind: rr.kind, Goals: [2][]int{g.squareList(&rr.goal[0]), g.squareList(&rr.goal[1])},
		Result: rr.result, OnLeave: rr.onLeave, Safe: rr.safe}
}

// Extinction is rules.extinction: a player whose listed pieces fall below
// Min has the Result.
type Extinction struct {
	Any     bool  // every kind counts, together
	Kinds   []int // the listed kinds when not Any
	Min     int
	Result  string // win, loss or draw
	PerType bool   // each listed kind counts on its own
	Own     bool   // per_type: only kinds the player started with
}

// Extinction is the game's extinction rule, nil when it has none.
func (g *Game) Extinction() *Extinction {
	er := g.extinction
	if er == nil {
		return nil
	}
	return &Extinction{Any: er.any, Kinds: append([]int(nil), er.kinds...), Min: er.min, Result: er.result,
		PerType: er.perType, Own: er.own}
}

// Scoring is rules.scoring as the engine counts it.
type Scoring struct {
	Count  string   // material, pieces or region
	Region [2][]int // count region: per player, in increasing order
}

// Scoring is the game's scoring rule, nil when it has none.
func (g *Game) Scoring() *Scoring {
	sr := g.scoring
	if sr == nil {
		return nil
	}
	s := &Scoring{Count: sr.count}
	if sr.count == "region" {
		s.Region = [2][]int{g.squareList(&sr.region[0]), g.squareList(&sr.region[1])}
	}
	return s
}

// Endings are the game's endings and clocks, defaults filled in.
type Endings struct {
	Win        string // checkmate, royal_capture, annihilation or none
	Checkmate  string // result for the checkmated player: loss or win
	Stalemate  string // result for the stalemated player
	BareRoyal  string // "" when the rule is off
	CheckLimit int    // 0 when off
	MaxPlies   int
	NoProgress int
	Repetition int // 0 when repetition never draws
}

// Endings reads the game's endings.
func (g *Game) Endings() Endings {
	return Endings{Win: g.win, Checkmate: g.checkmate, Stalemate: g.stalemate, BareRoyal: g.bareRoyal,
		CheckLimit: g.checkLimit, MaxPlies: g.maxPlies, NoProgress: g.noProgress, Repetition: g.repetition}
}

// HasCastling reports whether the game has castling.
func (g *Game) HasCastling() bool { return g.castle != nil }

// HasEnPassant reports whether en passant captures exist.
func (g *Game) HasEnPassant() bool { return g.epOn }

// HasDoubleStep reports whether some piece has a first-move or static
// conditional slide of two squares or more somewhere: chess's pawn double
// step, in any form.
func (g *Game) HasDoubleStep() bool {
	for _, e := range g.gens {
		if e.typ == genSlide && (e.first || e.cond) && e.minR >= 2 {
			return true
		}
	}
	return false
}
