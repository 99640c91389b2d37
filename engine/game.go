package engine

import (
	"fmt"

	"balancefarm/engine/rules"
)

// Limits of the representation: the language's own maxima.
const (
	maxSquares = 256 // a 16 by 16 board
	maxKinds   = 24  // pieces: 1 to 24 entries
	maxEP      = 16  // squares a double step can pass over
)

type kindInfo struct {
	id        string
	name      string
	value     float64
	royal     bool
	capMask   uint32 // kinds it may capture (bit k+1)
	region    [maxSeats]bitset
	hasReg    bool
	promo     int  // index into Game.promos, -1 none
	virgin    bool // whether "has never moved" matters for this kind
	firstMove bool // it has a move with condition first_move
	ep        bool // en passant applies to it
	immobile  [maxSeats]bitset
	// promoFrom is where a move of this piece can start that may promote:
	// it can land in the zone from there, or starts in it (on_leaving).
	promoFrom [maxSeats]bitset
}

// Game is a rule file compiled for play: geometry, per-square move and
// attack tables, and the rules as flags. It is immutable after Load and
// safe to share between goroutines; each goroutine uses its own Positions.
type Game struct {
	spec  *rules.Spec
	seats int // players, each a seat (seats.go)
	seatRules
	boardGeometry
	boardMoves
	cells  *cellRules   // rules.cells (cells.go); nil without
	chance *chanceRules // rules.dice, rules.hazards (chance.go); nil without
	// hiddenInfo is rules.sight and pieces[].hidden (hidden.go); nil without.
	hiddenInfo *hiddenRules
	// planes is schema 36: items, resources, afterlife (planes.go); nil without.
	planes *planesRules
	// wrapped: Make and Unmake go through makeWrapped (chance or hidden
	// information).
	wrapped  bool
	priority []priorityRule // rules.priority (seats.go)
	w, h, n  int
	names    []string
	fileOf   []int
	rankOf   []int
	wall     bitset
	rotated  bool
	wrap     [maxSeats]wrapCfg
	// The hex lattice (hex.go): hexagon cuts the rhombus's corners off
	// (offBoard, also walls), hexR is its radius and hexWrap its joined
	// sides per player.
	hex      bool
	hexagon  bool
	hexR     int
	offBoard bitset
	hexWrap  [maxSeats]hexWrap

	kinds     []kindInfo
	nk        int
	ids       map[string]int
	caseIDs   bool // piece ids written in FEN by letter case
	tokens    []string
	tokenCode map[string]uint8
	epDirs    [maxSeats][]int // directions a double step can take, per player

	dirs [][2]int // board vectors of every ray
	fwd  []rayRef // (p*nd+d)*n+sq
	rev  []rayRef
	pool []uint8

	gens     []genEntry
	genStart []uint32 // (p*nk+k)*n+sq, one past the end at index+1

	// The same entries split for speed: plain leaps (move or capture, no
	// condition) as bare targets, plain slides as bare rays, and the rest.
	fastLeaps     []fastLeap
	fastLeapStart []uint32
	fastRays      []fastRay
	// legalPlain: legal is legalStd alone (no family wraps, replaces or
	// filters its list), settled once every rule is loaded.
	legalPlain bool
	// capsAll: every kind may capture every kind (no rules.captures
	// list narrows one), so a capture's prey is the other side's pieces.
	capsAll bool
	// stayKinds are the kinds with a capture from afar (an entry whose
	// mover stays home): such a move empties its target square, so legal
	// tests it like en passant.
	stayKinds    uint32
	fastRayStart []uint32
	slow         []genEntry
	slowStart    []uint32
	// dup marks (player, kind, square) where two entries can land on the
	// same square (a slide and a leap along one line, both ways round a
	// cylinder, a cannon's quiet slide and capturing hop): the entries are
	// walked one by one. twice marks those of them where the same move can
	// come twice in one position: two entries that can both move quietly,
	// or both capture, onto one square. A quiet move needs the square
	// empty and a capture needs it taken, so a move-only entry and a
	// capture-only one never give the same move.
	dup, twice []bool
	// capReach is, per (player, kind, square), every square a capture
	// from there could land on with the board empty: a piece whose reach
	// misses the squares an attack map is asked about is skipped.
	capReach []bitset
	// rayReach is the squares of each forward ray, (p*nd+d)*n+sq as fwd:
	// the attack map skips a line that cannot cross the squares asked.
	rayReach []bitset
	// pieceSquares packs, per (player, kind, square), the fast lists'
	// bounds and the flags genPseudo tests.
	pieceSquares []pieceSquare
	// steps are each player's step kinds (stepgen.go); none where
	// legalStd cannot use them.
	steps [maxSeats][]stepKind
	// small: the board has at most 64 squares, so one word of a bitset
	// holds it and the attack tests read blockers from occupancy masks.
	small bool
	// mid: 65 to 128 squares, generated from midSquares (midboard.go).
	mid        bool
	midSquares []midSquare
	midLines   [maxSeats][]midLine // on a small board too, the low word only
	slideKinds [maxSeats]uint32    // per player, the kinds in its slide line groups

	atkStart [maxSeats][]uint32
	atkLeaps [maxSeats][]leapAtk
	// The leap attacks again, for the attack test: plain ones grouped by
	// kind mask (a group whose kinds are absent costs one test), and the
	// ones with legs or a first-move condition.
	plainStart [maxSeats][]uint32
	// plainSrcs (a board of one word) is, per player and square, every
	// plain leap group's sources onto it as one mask.
	plainSrcs   [maxSeats][]uint64
	plainGroups [maxSeats][]leapGroup
	// plainHi is, on a mid board, each plain group's sources past square
	// 63 (apart, so that leapGroup keeps its size on other boards).
	plainHi [maxSeats][]uint64
	// plainAny is per target every plain group's sources together: on a
	// board of more than 64 squares, where none holds one of the
	// attacker's pieces no group is read.
	plainAny  [maxSeats][]bitset
	specStart [maxSeats][]uint32
	specLeaps [maxSeats][]leapAtk
	// specLeaps once more for the attack test, as a trie of legs (legtrie.go).
	legRoots  [maxSeats][]uint32 // per target: its nodes, legNodes[legRoots[t]:legRoots[t+1]]
	legNodes  [maxSeats][]legNode
	legHits   [maxSeats][]legHit
	legSub    [maxSeats][]bitset // per node: the sources of its subtree's hits
	groups    [maxSeats][]lineGroup
	conds     []bitset
	standMask [maxSeats][]uint32 // kinds that may stand on a square
	capturers []uint32           // per victim kind: kinds that may capture it
	sweepers  uint32             // kinds with a sweep move

	royalMask  uint32
	royalKinds []int
	royalLoss  [maxSeats]bool // the setup gives the player a royal piece

	fac    *facingInfo // pieces[].facing (facing.go), nil without
	body   int         // the internal kind of larger pieces' body squares plus one (schema 44, size.go), 0 without
	portal *portalRule // rules.portals (portal.go), nil without
	drops  *dropRule   // rules.drops, nil without
	fx     *fxRule     // capture effects and territory (effects.go), nil without
	wild   *wildRule   // rules.npcs (npcs.go), nil without; fx is then set too
	hasHop bool        // some piece hops: a drop can check as a screen

	promos    []promoRule
	epOn      bool
	epMask    uint32
	castle    *castleRule
	castleRel uint32 // kinds whose castling rights are written in FEN
	// castleNeed is, on a small board, per (seat, castling piece's
	// square, partner's square), the squares castling needs empty; all
	// ones where it can never happen (movegen.go).
	castleNeed []uint64

	checkRules       bool // win is checkmate: a royal may not be left attacked
	mustCapture      bool
	forbidCheck      bool
	checkSquaresOK   [2]bool // per player: its checks read from check squares (givecheck.go)
	forbidImmobility bool
	royalFacing      bool // royals may not face each other on an open file
	win              string
	stalemate        string
	checkmate        string
	bareRoyal        string
	checkLimit       int
	reach            *reachRule
	touch            *touchRule    // rules.touch (touch.go)
	counting         *countingRule // rules.counting (counting.go), nil without
	entry            []entryRule   // rules.entry, a copy per mirror (entry.go)
	entrySquares     bitset        // every entry rule's squares: only moves touching them are checked
	extinction       *extinctionRule
	scoring          *scoringRule
	maxPlies         int
	repetition       int
	noProgress       int
	noProgressResets uint32 // kinds whose every move resets the no-progress clock (bit k+1; noprogress.go)
	boardEndings     bool
	// countEndings: every board ending reads piece counts alone (royals
	// held, an army gone, extinction, a bare royal), so a move that
	// changes no count cannot end the game on the board.
	countEndings bool

	start       [maxSquares]uint8
	setupCount  [maxSeats][]int
	home        [maxSeats][]bitset // per kind: setup squares
	virginKinds uint32

	zob     []uint64 // (code*n + sq)
	zSide   uint64
	zVirgin []uint64
	zEP     []uint64
	zCheck  [maxSeats][]uint64
	zHand   []uint64 // ((player*nk + kind)*(handCap+1) + count)

	// Who moves and when (turns.go, rounds.go). slowTurns is set when any
	// of them is: Make and Unmake then keep the turn's state, and games
	// without them pay one flag test.
	turn   *turnRule // rules.turn with some turn longer than one move
	sim    *simRule  // rules.simultaneous
	restOf []uint8   // per kind, pieces[].rest (0: never rests); nil when no piece rests
	// homeward: some promotion rests (rules.promotion[].rest, schema 30);
	// every rest counter is then a promoted piece's, restOf all zeros.
	homeward bool
	// royalPromo: some promotion target is royal (legal.go tests such
	// promotions when in check).
	royalPromo bool
	spyKinds   uint32 // kinds that are spies (bit k+1)
	slowTurns  bool
	zt         turnKeys
}

// NumSquares is width times height; squares are numbered rank by rank from
// a1 (0), b1 (1), ...
func (g *Game) NumSquares() int { return g.n }

// Width and Height are the board's size.
func (g *Game) Width() int  { return g.w }
func (g *Game) Height() int { return g.h }

// SquareName is the algebraic name of a square ("a1", "p16"); "" when out
// of range.
func (g *Game) SquareName(sq int) string {
	if sq < 0 || sq >= g.n {
		return ""
	}
	return g.names[sq]
}

// IsWall reports whether a square is a wall (rules.obstacles).
func (g *Game) IsWall(sq int) bool { return sq >= 0 && sq < g.n && g.wall.has(sq) }

// NumKinds is the number of piece kinds; kinds are numbered in the order
// the rule file lists its pieces.
func (g *Game) NumKinds() int { return g.nk }

// PieceID is the id of a kind, "" when out of range.
func (g *Game) PieceID(kind int) string {
	if kind < 0 || kind >= g.nk {
		return ""
	}
	return g.kinds[kind].id
}

// PieceName is the name the rule file gives a kind, "" when out of range.
func (g *Game) PieceName(kind int) string {
	if kind < 0 || kind >= g.nk {
		return ""
	}
	return g.kinds[kind].name
}

// PieceValue is the declared value of a kind.
func (g *Game) PieceValue(kind int) float64 {
	if kind < 0 || kind >= g.nk {
		return 0
	}
	return g.kinds[kind].value
}

// IsRoyal reports whether a kind is royal.
func (g *Game) IsRoyal(kind int) bool { return kind >= 0 && kind < g.nk && g.kinds[kind].royal }

// KindByID is the kind with this id, or -1.
func (g *Game) KindByID(id string) int {
	if k, ok := g.ids[id]; ok {
		return k
	}
	return -1
}

// loadError is what Load returns; unsupported marks a rule the engine does
// not play yet, as opposed to a file it cannot make sense of.
type loadError struct {
	msg string
}

func (e *loadError) Error() string { return e.msg }

func bad(format string, args ...any) error {
	return &loadError{msg: fmt.Sprintf(format, args...)}
}

// Load compiles a rule file for play. It returns an error, never a panic,
// for a file it cannot make sense of and for a rule this engine does not
// play yet ("not supported yet: rules.portals").
func Load(spec *rules.Spec) (g *Game, err error) {
	if spec == nil {
		return nil, bad("no rule file")
	}
	defer func() {
		// The tables are indexed by values Load has checked; a spec that
		// slips past the checks must still not take the process down.
		if r := recover(); r != nil {
			g, err = nil, bad("cannot compile %q: %v", spec.Name, r)
		}
	}()
	if err := checkSupported(spec); err != nil {
		return nil, err
	}
	if err := checkFamilies(spec); err != nil {
		return nil, err
	}
	spec, fac, err := expandFacings(spec)
	if err != nil {
		return nil, err
	}
	if spec, err = expandServed(spec); err != nil {
		return nil, bad("rules.promotion served: %v", err)
	}
	spec, body := expandSize(spec)
	g = &Game{spec: spec, fac: fac, body: body}
	steps := []func() error{
		g.loadBoard, g.loadKinds, g.loadSeats, g.loadPriority, g.loadWalls, g.loadBoards, g.loadCells, g.loadWrap, g.loadMoves,
		g.loadRules, g.loadNoProgressResets, g.loadCounting, g.loadTouch, g.loadSetup, g.loadDrops, g.loadFacings, g.loadFx, g.loadWild, g.loadPortals, g.loadTurns, g.loadChance, g.loadHidden, g.loadPlanes, g.loadNotation,
		g.loadZobrist, g.splitFast, g.loadSeatLines, g.compileCheckSquares, g.buildCastleNeed, g.settleLegal, g.settleEndings,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// checkSupported refuses a board this engine cannot make sense of; the
// families it does not play yet are checkFamilies' (families.go).
func checkSupported(s *rules.Spec) error {
	if s.Board.Lattice != "" && s.Board.Lattice != rules.LatticeSquare && !s.Board.IsHex() {
		return bad("board.lattice must be one of square, hex, got %q", s.Board.Lattice)
	}
	switch s.Board.Shape {
	case "", rules.ShapeGrid:
	case rules.ShapeHexagon:
		if !s.Board.IsHex() {
			return bad("board.shape 'hexagon' requires board.lattice 'hex'")
		}
	default:
		return bad("board.shape must be one of grid, hexagon, got %q", s.Board.Shape)
	}
	if w := s.Rules.Wrap; w != nil && !s.Board.IsHexagon() {
		if w.NS != "" && w.NS != "none" || w.NESW != "" && w.NESW != "none" || w.NWSE != "" && w.NWSE != "none" ||
			w.NSByPlayer != nil || w.NESWByPlayer != nil || w.NWSEByPlayer != nil {
			return bad("rules.wrap: n_s, ne_sw and nw_se are for a hexagon board only")
		}
	}
	return nil
}
