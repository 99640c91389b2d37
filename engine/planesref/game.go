package planesref

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"balancefarm/engine/rules"
)

// game is what a rule file fixes: geometry, pieces, items, resources and
// the rules, read once by New.
type game struct {
	w, h       int
	boardNames []string // nil for one board
	nb         int
	kinds      map[string]*kind
	items      []rules.Item
	itemIndex  map[string]int
	resources  []rules.Resource
	resIndex   map[string]int
	promos     map[string]*promotion // by the promoting piece's id
	afterlife  []afterlife
	afterCap   []int // per board: the board a capturer there is moved to, -1 none
	presence   []presence
	win        string
	stalemate  string
	maxPlies   int
	rotated    bool
	hasRoyal   [2]bool
	setupCount [2]map[string]int
	statuses   []status // schema 37, at most maxStatuses
	stIndex    map[string]int
	onCapture  []int    // the statuses a capturer gains (rules.on_capture)
	cancels    [][]bool // [a][b]: items a and b remove each other (items[].cancels, both ways)
	market     *market  // schema 38; nil none
	chaos      *chaos   // schema 41; nil none
	size       int      // schema 44: the status with size, -1 none
	growChoice bool     // schema 45: its grow is "choice": the move names the square grown into
}

// kind is one piece kind.
type kind struct {
	id       string
	royal    bool
	moves    []pieceMove
	captures map[string]bool // nil: may capture anything
	upKinds  []string        // pieces[].upgrades.pieces
	upSts    []int           // pieces[].upgrades.statuses
	// schema 39
	guards     map[string]bool // pieces[].protects.pieces; nil: it protects none
	guardAdj   bool            // protects the four squares touching it, not its lines
	onDeath    int             // the item its death leaves, -1 none
	diesOn     int             // the rank (from its owner's first) it dies on, -1 none
	afterMove  []int           // the items its owner may put down after moving it
	afterEmpty bool            // after_move.on "empty": only on squares with no item
	// schema 40
	neutral bool
	mostRes int    // a neutral kind moved only by the greater holder of this resource, -1 by either
	raises  *raise // nil: it raises none
	// schema 41
	jumps *jumps // nil: it jumps none
}

// raise is pieces[].raises, its boards read into indices.
type raise struct {
	from, to int
	on       map[int]bool // nil: from any board
	status   int          // given to the raised piece, -1 none
}

// pieceMove is one entry of a piece's moves, its vectors expanded and
// turned to each player's frame.
type pieceMove struct {
	kind            string
	vecs            [2][][2]int // per player, in the board's frame
	maxR, minR      int         // slides and hops; maxR 0 unlimited
	screenR         int
	screen          string
	canMove, canCap bool
	fromRank        *int
	firstMove       bool
	shoot           bool     // a capture that leaves the mover where it stands
	fixed           [][2]int // squares: leaps to these files and ranks of the mover's board
}

// promotion is one promotion rule, its zone per player as square sets.
type promotion struct {
	zone      [2]map[int]bool
	targets   [2][]string
	mandatory bool
	onLeaving bool
	onlyLost  bool
}

type afterlife struct {
	from   map[int]bool
	to     int
	pieces map[string]bool // nil: every piece
}

type presence struct {
	boards map[int]bool    // nil: every board
	pieces map[string]bool // nil: the whole army
	result string
}

// unplayed lists the json names of v's fields that are set but not in
// allowed: the keys this reference does not play.
func unplayed(v any, allowed ...string) []string {
	rv := reflect.ValueOf(v)
	rt := rv.Type()
	var out []string
	for i := 0; i < rt.NumField(); i++ {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		if name == "" {
			name = rt.Field(i).Name
		}
		if !rv.Field(i).IsZero() && !slices.Contains(allowed, name) {
			out = append(out, name)
		}
	}
	return out
}

func refuse(where string, keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	return fmt.Errorf("planesref does not play %s%s", where, strings.Join(keys, ", "+where))
}

// load reads a spec into a game, refusing what the reference does not play.
func load(s *rules.Spec) (*game, error) {
	if err := refuse("", unplayed(*s, "schema_version", "name", "description", "board", "pieces", "setup",
		"rules", "appearance", "provenance", "boards", "items", "resources", "statuses")); err != nil {
		return nil, err
	}
	if err := refuse("rules.", unplayed(s.Rules, "win", "stalemate", "checkmate", "promotion", "afterlife",
		"after_capture", "presence", "max_plies", "repetition_draw", "no_progress_draw", "on_capture", "market", "chaos")); err != nil {
		return nil, err
	}
	if err := refuse("setup.", unplayed(s.Setup, "mirror", "orientation", "placements", "items", "statuses", "neutral")); err != nil {
		return nil, err
	}
	if s.Board.IsHex() || s.Board.IsHexagon() {
		return nil, fmt.Errorf("planesref plays square boards only")
	}
	g := &game{w: s.Board.Width, h: s.Board.Height, nb: 1, rotated: s.Setup.Rotated(),
		kinds: map[string]*kind{}, itemIndex: map[string]int{}, resIndex: map[string]int{},
		promos: map[string]*promotion{}, items: s.Items, resources: s.Resources}
	if g.w < 1 || g.h < 1 || g.w > 16 || g.h > 16 {
		return nil, fmt.Errorf("board %dx%d", g.w, g.h)
	}
	for _, b := range s.Boards {
		g.boardNames = append(g.boardNames, b.Name)
	}
	if len(g.boardNames) > 0 {
		g.nb = len(g.boardNames)
	}
	switch g.win = s.Rules.WinOrDefault(); g.win {
	case rules.WinNone, rules.WinRoyalCapture, rules.WinAnnihilation:
	default:
		return nil, fmt.Errorf("planesref does not play rules.win %q (no check)", g.win)
	}
	g.stalemate = s.Rules.StalemateOrDefault()
	g.maxPlies = s.Rules.MaxPliesOrDefault()
	if err := g.loadPieces(s); err != nil {
		return nil, err
	}
	if err := g.loadItems(s); err != nil {
		return nil, err
	}
	if err := g.checkHidden(s); err != nil {
		return nil, err
	}
	if err := g.loadPromotions(s); err != nil {
		return nil, err
	}
	if err := g.loadPlanes(s); err != nil {
		return nil, err
	}
	g.loadSize(s)
	if err := g.loadStatuses(s); err != nil {
		return nil, err
	}
	if err := g.loadPowers(s); err != nil {
		return nil, err
	}
	if err := g.loadMarket(s); err != nil {
		return nil, err
	}
	if err := g.loadChaos(s); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *game) loadPieces(s *rules.Spec) error {
	for i, pc := range s.Pieces {
		if err := refuse(fmt.Sprintf("pieces[%d].", i), unplayed(pc, "id", "name", "royal", "value", "moves",
			"promoted_from", "captures", "beats", "upgrades", "protects", "on_death", "dies_on", "after_move",
			"neutral", "raises", "jumps")); err != nil {
			return err
		}
		k := &kind{id: pc.ID, royal: pc.Royal}
		if pc.Captures != nil {
			k.captures = map[string]bool{}
			for _, c := range pc.Captures {
				k.captures[c] = true
			}
		}
		for j, m := range pc.Moves {
			where := fmt.Sprintf("pieces[%d].moves[%d].", i, j)
			if err := refuse(where, unplayed(m, "kind", "vectors", "symmetry", "range", "min_range", "mode",
				"screen_range", "screen", "condition", "shoot", "squares")); err != nil {
				return err
			}
			pm, err := g.readMove(m)
			if err != nil {
				return fmt.Errorf("%s: %v", where[:len(where)-1], err)
			}
			k.moves = append(k.moves, pm)
		}
		g.kinds[pc.ID] = k
	}
	return nil
}

func (g *game) readMove(m rules.Move) (pieceMove, error) {
	switch m.Kind {
	case rules.KindSlide, rules.KindLeap, rules.KindHop, rules.KindLame:
	default:
		return pieceMove{}, fmt.Errorf("kind %q not played", m.Kind)
	}
	pm := pieceMove{kind: m.Kind, maxR: m.RangeOrDefault(), minR: m.MinRangeOrDefault(), screen: m.ScreenOrDefault()}
	if m.ScreenRange != nil {
		pm.screenR = *m.ScreenRange
	}
	switch m.ModeOrDefault() {
	case rules.ModeMove:
		pm.canMove = true
	case rules.ModeCapture:
		pm.canCap = true
	case rules.ModeBoth:
		pm.canMove, pm.canCap = true, true
	default:
		return pm, fmt.Errorf("mode %q", m.Mode)
	}
	if c := m.Condition; c != nil {
		if len(c.Region) > 0 {
			return pm, fmt.Errorf("condition.region not played")
		}
		pm.fromRank, pm.firstMove = c.FromRank, c.FirstMove
	}
	pm.shoot = m.Shoot
	for _, name := range m.Squares {
		sq, ok := rules.ParseSquare(name)
		if !ok || sq.File >= g.w || sq.Rank >= g.h || m.Kind != rules.KindLeap {
			return pm, fmt.Errorf("squares entry %q", name)
		}
		pm.fixed = append(pm.fixed, [2]int{sq.File, sq.Rank})
	}
	vecs, err := symmetryImages(m.Vectors, m.SymmetryOrDefault())
	if err != nil {
		return pm, err
	}
	for _, v := range vecs {
		pm.vecs[0] = append(pm.vecs[0], v)
		pm.vecs[1] = append(pm.vecs[1], g.secondPlayer(v))
	}
	return pm, nil
}

// symmetryImages turns written vectors into every image their symmetry
// gives, each once.
func symmetryImages(written []rules.Vector, sym string) ([][2]int, error) {
	var out [][2]int
	add := func(x, y int) {
		if v := [2]int{x, y}; !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	for _, v := range written {
		x, y := v[0], v[1]
		if x == 0 && y == 0 {
			return nil, fmt.Errorf("vector [0, 0]")
		}
		// The four quarter turns of (a, b) are (a, b), (-b, a), (-a, -b), (b, -a).
		turns := func(a, b int) { add(a, b); add(-b, a); add(-a, -b); add(b, -a) }
		switch sym {
		case rules.SymNone:
			add(x, y)
		case rules.SymLateral:
			add(x, y)
			add(-x, y)
		case rules.SymRotate4:
			turns(x, y)
		case rules.SymDihedral8:
			turns(x, y)
			turns(-x, y)
		default:
			return nil, fmt.Errorf("symmetry %q not played", sym)
		}
	}
	return out, nil
}

// secondPlayer is a vector written from the first player's side as the
// second player moves it: the rank turned (mirror), or both (rotate).
func (g *game) secondPlayer(v [2]int) [2]int {
	if g.rotated {
		return [2]int{-v[0], -v[1]}
	}
	return [2]int{v[0], -v[1]}
}

// reflect is the second player's square for the first player's sq, on
// the same board.
func (g *game) reflect(sq int) int {
	b, x, y := g.coords(sq)
	if g.rotated {
		x = g.w - 1 - x
	}
	return g.at(b, x, g.h-1-y)
}

func (g *game) loadItems(s *rules.Spec) error {
	for i, it := range s.Items {
		if _, dup := g.itemIndex[it.ID]; dup || it.ID == "" {
			return fmt.Errorf("items[%d].id %q", i, it.ID)
		}
		if it.Kill != "" && it.Kill != rules.KillEnter && it.Kill != rules.KillPass && it.Kill != rules.KillEnd {
			return fmt.Errorf("items[%d].kill %q", i, it.Kill)
		}
		g.itemIndex[it.ID] = i
	}
	for i, r := range s.Resources {
		if r.Income != nil && r.Income.AfterOrDefault() != rules.IncomeRound && r.Income.AfterOrDefault() != rules.IncomeTurn {
			return fmt.Errorf("resources[%d].income.after %q", i, r.Income.After)
		}
		g.resIndex[r.Name] = i
	}
	for i, it := range s.Items {
		for name := range it.Gain {
			if _, ok := g.resIndex[name]; !ok {
				return fmt.Errorf("items[%d].gain names no resource %q", i, name)
			}
		}
	}
	return nil
}

func (g *game) loadPromotions(s *rules.Spec) error {
	for i, pr := range s.Rules.Promotion {
		if err := refuse(fmt.Sprintf("rules.promotion[%d].", i), unplayed(pr, "piece", "rank", "ranks", "squares",
			"mandatory", "on_leaving", "only_lost", "to", "to_by_player")); err != nil {
			return err
		}
		p := &promotion{mandatory: pr.IsMandatory(), onLeaving: pr.OnLeaving, onlyLost: pr.OnlyLost}
		p.zone[0], p.zone[1] = map[int]bool{}, map[int]bool{}
		addFirst := func(sq int) {
			p.zone[0][sq] = true
			p.zone[1][g.reflect(sq)] = true
		}
		addRank := func(r int) {
			for b := 0; b < g.nb; b++ {
				for x := 0; x < g.w; x++ {
					if r >= 0 && r < g.h {
						addFirst(g.at(b, x, r))
					}
				}
			}
		}
		switch {
		case pr.Squares != nil:
			for _, name := range pr.Squares {
				sqs, err := g.squaresNamed(name)
				if err != nil {
					return fmt.Errorf("rules.promotion[%d].squares: %v", i, err)
				}
				for _, sq := range sqs {
					addFirst(sq)
				}
			}
		case pr.Ranks != nil:
			for _, r := range pr.Ranks {
				addRank(r)
			}
		case pr.Rank != nil && !pr.Rank.Last:
			addRank(pr.Rank.Index)
		default:
			addRank(g.h - 1)
		}
		p.targets[0], p.targets[1] = pr.Targets(0), pr.Targets(1)
		g.promos[pr.Piece] = p
	}
	return nil
}

func (g *game) boardIndex(name string) (int, error) {
	i := slices.Index(g.boardNames, name)
	if i < 0 {
		return 0, fmt.Errorf("no board %q", name)
	}
	return i, nil
}

func (g *game) boardSet(names []string) (map[int]bool, error) {
	set := map[int]bool{}
	for _, n := range names {
		b, err := g.boardIndex(n)
		if err != nil {
			return nil, err
		}
		set[b] = true
	}
	return set, nil
}

func pieceSet(ids []string) map[string]bool {
	if ids == nil {
		return nil
	}
	set := map[string]bool{}
	for _, id := range ids {
		set[id] = true
	}
	return set
}

func (g *game) loadPlanes(s *rules.Spec) error {
	r := &s.Rules
	for i, a := range r.Afterlife {
		from, err := g.boardSet(a.From)
		if err != nil {
			return fmt.Errorf("rules.afterlife[%d].from: %v", i, err)
		}
		to, err := g.boardIndex(a.To)
		if err != nil {
			return fmt.Errorf("rules.afterlife[%d].to: %v", i, err)
		}
		g.afterlife = append(g.afterlife, afterlife{from: from, to: to, pieces: pieceSet(a.Pieces)})
	}
	g.afterCap = make([]int, g.nb)
	for b := range g.afterCap {
		g.afterCap[b] = -1
	}
	for i, ac := range r.AfterCapture {
		to, err := g.boardIndex(ac.To)
		if err != nil {
			return fmt.Errorf("rules.after_capture[%d].to: %v", i, err)
		}
		on, err := g.boardSet(ac.On)
		if err != nil {
			return fmt.Errorf("rules.after_capture[%d].on: %v", i, err)
		}
		for b := range on {
			g.afterCap[b] = to
		}
	}
	for i, pr := range r.Presence {
		var boards map[int]bool
		if pr.Boards != nil {
			var err error
			if boards, err = g.boardSet(pr.Boards); err != nil {
				return fmt.Errorf("rules.presence[%d].boards: %v", i, err)
			}
		}
		g.presence = append(g.presence, presence{boards: boards, pieces: pieceSet(pr.Pieces), result: pr.ResultOrDefault()})
	}
	return nil
}

// at is file x, rank y of board b: boards side by side, as the engine
// numbers them.
func (g *game) at(b, x, y int) int { return b*g.w*g.h + y*g.w + x }

func (g *game) coords(sq int) (b, x, y int) {
	return sq / (g.w * g.h), sq % g.w, sq / g.w % g.h
}

func (g *game) squares() int { return g.nb * g.w * g.h }

// name is a square's name as the engine writes it: "e4", or "B:e4" with
// boards.
func (g *game) name(sq int) string {
	b, x, y := g.coords(sq)
	s := string(rune('a'+x)) + strconv.Itoa(y+1)
	if g.boardNames != nil {
		return g.boardNames[b] + ":" + s
	}
	return s
}

// squareOf reads a square a placement or setup.items names: with boards,
// "NAME:sq" only.
func (g *game) squareOf(s string) (int, error) {
	sqs, err := g.squaresNamed(s)
	if err != nil {
		return 0, err
	}
	if len(sqs) != 1 {
		return 0, fmt.Errorf("square %q needs its board", s)
	}
	return sqs[0], nil
}

// squaresNamed reads a square name: "B:e4" is one square; a plain "e4" is
// that square on every board.
func (g *game) squaresNamed(s string) ([]int, error) {
	boardName, plain, named := strings.Cut(s, ":")
	if !named {
		plain = boardName
	} else if g.boardNames == nil {
		return nil, fmt.Errorf("square %q names a board, but the game has one", s)
	}
	sq, ok := rules.ParseSquare(plain)
	if !ok || sq.File >= g.w || sq.Rank >= g.h {
		return nil, fmt.Errorf("%q is not a square", s)
	}
	if named {
		b, err := g.boardIndex(boardName)
		if err != nil {
			return nil, err
		}
		return []int{g.at(b, sq.File, sq.Rank)}, nil
	}
	var out []int
	for b := 0; b < g.nb; b++ {
		out = append(out, g.at(b, sq.File, sq.Rank))
	}
	return out, nil
}
