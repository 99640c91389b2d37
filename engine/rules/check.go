package rules

import (
	"fmt"
	"sort"
	"strings"
)

// The agreement pass: whether the parts of a well-formed file agree. Each
// check reads only values the shape pass accepted; a check whose inputs were
// ill-formed is skipped, so one mistake gives one line. Checks run family by
// family in the reference's order, so the output is deterministic.
// CHECKS.md maps each statement of the reference to the function enforcing it.

type checker struct {
	s        *Spec
	tree     *node // the pruned tree: what the file wrote, well formed
	bad      []string
	problems []Problem
	// badAt holds every ill-formed path; badUnder every path with an
	// ill-formed path strictly inside it. Together they answer ok in time
	// proportional to the path, however many problems the file has.
	badAt, badUnder map[string]bool

	ids      map[string]int // declared id -> index of its first declaration
	idsOK    bool           // every piece id is well formed
	piecesOK bool           // every piece is entirely well formed
	boardOK  bool
	wallsOK  bool
	walls    map[Square]bool // a wall on some board
	setupOK  bool
	rotate   bool             // setup.orientation is "rotate"
	start    [2][]stand       // the opening array, by player
	occupied map[Square]stand // the first piece on each square, on some board

	// Schema 33: several boards. With one board every spot is on board 0.
	boardsOK   bool // boards is well formed, or absent
	boardNames bool // square names may name a board: boards written, or schema 33
	wallAt     map[spot]bool
	cellAt     map[spot]bool    // rules.cells, by board
	placed     map[spot][]stand // the opening array by spot: two in a cell

	portalPiece map[string]int // piece id -> first portal group using it
	npcPiece    map[string]int // piece id -> first npcs entry using it

	fits map[fitKey]bool // vectorFits' answers

	appearDone bool
	appearOK   bool
	appearSets [2]map[string]bool
}

// stand is one piece of the opening array.
type stand struct {
	id        string
	board     int
	sq        Square
	facing    string
	placement int
	player    int
}

func newChecker(s *Spec, tree *node, bad []string) *checker {
	c := &checker{s: s, tree: tree, bad: bad, badAt: map[string]bool{}, badUnder: map[string]bool{}}
	for _, b := range bad {
		c.badAt[b] = true
		for _, q := range prefixes(b) {
			c.badUnder[q] = true
		}
	}
	return c
}

// prefixes is every path strictly enclosing path: "a.b[1].c" gives "a",
// "a.b", "a.b[1]".
func prefixes(path string) []string {
	var out []string
	for i := 1; i < len(path); i++ {
		if path[i] == '.' || path[i] == '[' {
			out = append(out, path[:i])
		}
	}
	return out
}

func (c *checker) add(path, format string, args ...any) {
	c.problems = append(c.problems, Problem{Path: path, Text: fmt.Sprintf(format, args...)})
}

// ok reports whether the values at every path are entirely well formed:
// no ill-formed value at, under or above any of them.
func (c *checker) ok(paths ...string) bool {
	for _, p := range paths {
		if p == "" {
			if len(c.bad) > 0 {
				return false
			}
			continue
		}
		if c.badAt[p] || c.badUnder[p] {
			return false
		}
		for _, q := range prefixes(p) {
			if c.badAt[q] {
				return false
			}
		}
	}
	return true
}

// written reports whether the file wrote a key, well formed, at path (a
// dotted path with indices, as in problems).
func (c *checker) written(path string) bool { return c.lookup(path) != nil }

// lookup finds the pruned node at path, nil when absent.
func (c *checker) lookup(path string) *node {
	n := c.tree
	for _, seg := range splitPath(path) {
		if n == nil {
			return nil
		}
		if seg.key != "" {
			n = n.get(seg.key)
		} else if n.kind == listNode && seg.index < len(n.kids) {
			n = n.kids[seg.index]
			if n.kind == nullNode {
				return nil
			}
		} else {
			return nil
		}
	}
	return n
}

type pathSeg struct {
	key   string
	index int
}

// splitPath splits "rules.portals[0].moved_by" into its keys and indices.
func splitPath(path string) []pathSeg {
	var out []pathSeg
	for _, part := range strings.Split(path, ".") {
		key, rest, _ := strings.Cut(part, "[")
		if key != "" {
			out = append(out, pathSeg{key: key})
		}
		for rest != "" {
			num, after, _ := strings.Cut(rest, "]")
			var i int
			fmt.Sscanf(num, "%d", &i)
			out = append(out, pathSeg{index: i})
			rest = strings.TrimPrefix(after, "[")
		}
	}
	return out
}

// run is the whole agreement pass.
func (c *checker) run() {
	c.prepare()
	c.checkBoard()
	c.checkPieces()
	c.checkSetup()
	c.checkWin()
	c.checkPromotion()
	c.checkEnPassant()
	c.checkCastling()
	c.checkCheckRules()
	c.checkTerritory()
	c.checkObstacles()
	c.checkStrike()
	c.checkContacts()
	c.checkWrap()
	c.checkNPCs()
	c.checkPortals()
	c.checkSimultaneous()
	c.checkRounds()
	c.checkPromoteOnEntry()
	c.checkScoring()
	c.checkReach()
	c.checkExtinction()
	c.checkDrops()
	c.checkExplode()
	c.checkTouch()
	c.checkTurnCheckEnds()
	c.checkPromotionFacing()
	c.checkPromotionRest()
	c.checkEntry()
	c.checkCounting()
	c.checkSeats()
	c.checkBoards()
	c.checkChance()
	c.checkPlanes()
	c.checkStatuses()
	c.checkMarket()
	c.checkPowers()
	c.checkActions()
	c.checkChaos()
	c.checkHidden()
	c.checkNoProgressResets()
	c.checkSize()
	c.checkGrow()
	c.checkAppearance()
}

// prepare gathers what many checks read: the declared ids, the board and
// its walls, and the opening array.
func (c *checker) prepare() {
	s := c.s
	c.ids = map[string]int{}
	c.idsOK = c.idsWellFormed()
	for i, p := range s.Pieces {
		if _, dup := c.ids[p.ID]; !dup && c.ok(index("pieces", i)+".id") {
			c.ids[p.ID] = i
		}
	}
	c.piecesOK = c.ok("pieces")
	c.boardOK = c.ok("board")
	if c.boardOK && s.Board.IsHexagon() && (!s.Board.IsHex() || s.Board.Width != s.Board.Height || s.Board.Width%2 == 0) {
		c.boardOK = false // checkBoard reports it; no cell is certain
	}
	c.rotate = s.Setup.Rotated()

	c.boardsOK = c.ok("boards")
	c.boardNames = len(s.Boards) > 0 || s.Version() >= 33
	c.walls, c.wallAt = map[Square]bool{}, map[spot]bool{}
	c.wallsOK = c.boardOK && c.boardsOK && c.ok("rules.obstacles", "setup.orientation")
	if c.wallsOK && s.Rules.Obstacles != nil {
		for _, name := range s.Rules.Obstacles.Squares {
			at, ok := c.parseSpot(name)
			if !ok {
				continue
			}
			c.addWall(at)
			if s.Rules.Obstacles.Mirror {
				if m := s.Board.Reflect(at.sq, c.rotate); s.Board.Contains(m) {
					c.addWall(spot{at.board, m})
				}
			}
		}
	}
	c.cellAt = map[spot]bool{}
	if cl := s.Rules.Cells; cl != nil && c.boardOK && c.boardsOK && c.ok("rules.cells") {
		for _, name := range cl.Squares {
			if at, ok := c.parseSpot(name); ok {
				for _, b := range c.boardsOf(at.board) {
					c.cellAt[spot{b, at.sq}] = true
				}
			}
		}
	}

	c.portalPiece = map[string]int{}
	if c.ok("rules.portals") {
		for g, grp := range s.Rules.Portals {
			if _, seen := c.portalPiece[grp.Piece]; !seen {
				c.portalPiece[grp.Piece] = g
			}
		}
	}
	c.npcPiece = map[string]int{}
	if c.ok("rules.npcs") {
		for k, n := range s.Rules.NPCs {
			if _, seen := c.npcPiece[n.Piece]; !seen {
				c.npcPiece[n.Piece] = k
			}
		}
	}

	c.setupOK = c.ok("setup") && c.boardOK && c.boardsOK && c.idsOK
	c.occupied, c.placed = map[Square]stand{}, map[spot][]stand{}
	if !c.setupOK {
		return
	}
	for k, pl := range s.Setup.Placements {
		for _, name := range pl.Squares {
			at, ok := c.parseSpot(name)
			if !ok || at.board == EveryBoard {
				continue // checkSetup reports it
			}
			sq := at.sq
			facing := pl.Facing
			if facing == "" {
				if i, declared := c.ids[pl.Piece]; declared && s.Pieces[i].Facing != nil {
					facing = s.Pieces[i].Facing.InitialOrDefault()
				}
			}
			st := stand{id: pl.Piece, board: at.board, sq: sq, facing: facing, placement: k, player: pl.Player}
			c.stand(st)
			if s.Setup.Mirrored() && pl.Player == 0 {
				m := st
				m.player, m.sq = 1, s.Board.Reflect(sq, c.rotate)
				if s.Board.Contains(m.sq) {
					c.stand(m)
				}
			}
		}
	}
}

// stand adds a piece to the opening array unless its square is taken (the
// clash is checkSetup's to report), so the array has one piece a square,
// or two of one player in a cell.
func (c *checker) stand(st stand) {
	at := spot{st.board, st.sq}
	here := c.placed[at]
	if len(here) > 0 && !c.cellTakes(at, len(here), here[0].player == st.player) {
		return
	}
	c.placed[at] = append(here, st)
	if _, taken := c.occupied[st.sq]; !taken {
		c.occupied[st.sq] = st
	}
	c.start[st.player] = append(c.start[st.player], st)
}

// idsWellFormed reports whether every piece's id (and the list) is usable
// even though some other part of some piece is not.
func (c *checker) idsWellFormed() bool {
	if c.badAt["pieces"] {
		return false
	}
	for i := range c.s.Pieces {
		if c.badAt[index("pieces", i)] || c.badAt[index("pieces", i)+".id"] {
			return false
		}
	}
	return true
}

// piece is the declared piece with an id, or nil.
func (c *checker) piece(id string) *Piece {
	if i, ok := c.ids[id]; ok {
		return &c.s.Pieces[i]
	}
	return nil
}

// pieceIndex is the index of a declared piece, -1 when undeclared.
func (c *checker) pieceIndex(id string) int {
	if i, ok := c.ids[id]; ok {
		return i
	}
	return -1
}

// refOK checks one piece id written at path; it reports an undeclared one
// and returns whether the id names a declared piece.
func (c *checker) refOK(path, id string) bool {
	if !c.idsOK || !c.ok(path) {
		return false
	}
	if _, ok := c.ids[id]; !ok {
		c.add(path, "%s %s is not a declared piece", path, quote(id))
		return false
	}
	return true
}

// refsOK checks a list of piece ids written at path.
func (c *checker) refsOK(path string, ids []string) bool {
	if !c.idsOK || !c.ok(path) {
		return false
	}
	all := true
	for _, id := range ids {
		if _, ok := c.ids[id]; !ok {
			c.add(path, "%s entry %s is not a declared piece", path, quote(id))
			all = false
		}
	}
	return all
}

// keyRefsOK checks the keys of a map from piece id, in sorted order.
func (c *checker) keyRefsOK(path string, keys []string) bool {
	if !c.idsOK || !c.ok(path) {
		return false
	}
	sort.Strings(keys)
	all := true
	for _, id := range keys {
		if _, ok := c.ids[id]; !ok {
			c.add(path, "%s key %s is not a declared piece", path, quote(id))
			all = false
		}
	}
	return all
}

// squares checks a list of square names written at path: each must be a
// square of this board and, where wall is set, not a wall. It returns the
// good squares, and whether every entry was checked and good. With
// boards, a name may name its board; the squares come back without it.
func (c *checker) squares(path string, names []string, wall bool) ([]Square, bool) {
	good, all := c.spots(path, names, wall, false)
	var out []Square
	for _, at := range good {
		out = append(out, at.sq)
	}
	return out, all
}

// spots checks a list of square names as squares does, and returns each
// good one with its board; needBoard refuses a name without its board
// in a game with boards.
func (c *checker) spots(path string, names []string, wall, needBoard bool) ([]spot, bool) {
	if !c.boardOK || !c.boardsOK || !c.ok(path) {
		return nil, false
	}
	var out []spot
	all := true
	for _, name := range names {
		at, ok := c.spotOf(path, path+" entry "+quote(name), name, wall, needBoard)
		if !ok {
			all = false
			continue
		}
		out = append(out, at)
	}
	return out, all
}

// square checks one square name written at path; ok is false when it is
// not a usable square (or could not be checked).
func (c *checker) square(path, name string, wall bool) (Square, bool) {
	if !c.boardOK || !c.boardsOK || !c.ok(path) {
		return Square{}, false
	}
	at, ok := c.spotOf(path, path+" "+quote(name), name, wall, false)
	return at.sq, ok
}

// hasRoyal reports, per player, whether their army has a royal piece at the
// start: on the board, or in a placement stock. ok is false when unknown.
func (c *checker) hasRoyal() (royal [2]bool, ok bool) {
	if !c.setupOK || !c.piecesOK || !c.ok("rules.drops") {
		return royal, false
	}
	for p := 0; p < 2; p++ {
		for _, st := range c.start[p] {
			if pc := c.piece(st.id); pc != nil && pc.Royal {
				royal[p] = true
			}
		}
	}
	if d := c.s.Rules.Drops; d != nil {
		for id := range d.Stock {
			if pc := c.piece(id); pc != nil && pc.Royal {
				royal = [2]bool{true, true}
			}
		}
	}
	return royal, true
}

// playerName is how a message names a player.
func playerName(p int) string {
	if p == 0 {
		return "the first player"
	}
	return "the second player"
}

// hasWrap reports whether any edge of the board is joined (or may be:
// an ill-formed wrap counts, so fit checks stay quiet).
func (c *checker) hasWrap() bool {
	if !c.ok("rules.wrap") {
		return true
	}
	return c.s.Rules.Wrap != nil
}

// promotionPath is how a message names promotion rule k: rules.promotion
// when the file wrote one object, rules.promotion[k] for a list.
func (c *checker) promotionPath(k int) string {
	if n := c.tree.get("rules").get("promotion"); n != nil && n.kind == objectNode {
		return "rules.promotion"
	}
	return index("rules.promotion", k)
}

// checkBoard: a hexagon needs lattice hex and an odd width equal to the height.
func (c *checker) checkBoard() {
	b := c.s.Board
	if c.ok("board", "setup.orientation") && b.IsHex() && !b.IsHexagon() && !c.rotate {
		c.add("setup.orientation", "setup.orientation 'mirror' cannot be played on a hex rhombus: the hex lattice mirrors about the middle rank with the files slanting the other way, which takes the rhombus off itself; use orientation 'rotate', or board.shape 'hexagon'")
	}
	if !c.ok("board") || !b.IsHexagon() {
		return
	}
	switch {
	case !b.IsHex():
		c.add("board.shape", "board.shape 'hexagon' requires board.lattice 'hex': a regular hexagon is cut from a hex rhombus")
	case b.Width != b.Height || b.Width%2 == 0:
		c.add("board.shape", "board.shape 'hexagon' requires an odd board.width equal to board.height, got %d by %d", b.Width, b.Height)
	}
}

// appear is, per player, every piece type that player could ever have: the
// opening array and stock, and what promotion, strikes, contacts and drops
// can turn them into. ok is false when an input is ill-formed.
func (c *checker) appear() ([2]map[string]bool, bool) {
	if c.appearDone {
		return c.appearSets, c.appearOK
	}
	c.appearDone = true
	if !c.setupOK || !c.piecesOK || !c.ok("rules.promotion", "rules.strike", "rules.contacts", "rules.drops") {
		return c.appearSets, false
	}
	r := &c.s.Rules
	var a [2]map[string]bool
	changed := false
	put := func(p int, id string) {
		if id != "" && c.piece(id) != nil && !a[p][id] {
			a[p][id] = true
			changed = true
		}
	}
	for p := 0; p < 2; p++ {
		a[p] = map[string]bool{}
		for _, st := range c.start[p] {
			put(p, st.id)
		}
		if r.Drops != nil {
			for id := range r.Drops.Stock {
				put(p, id)
			}
		}
	}
	for changed {
		changed = false
		for p := 0; p < 2; p++ {
			for _, pr := range r.Promotion {
				if a[p][pr.Piece] {
					for _, t := range pr.Targets(p) {
						put(p, t)
					}
				}
			}
			if st := r.Strike; st != nil {
				if st.Effect == "demote" || st.Effect == "promote" {
					for _, l := range st.Chain {
						if a[p][l.From] {
							put(p, l.To)
						}
					}
				}
				for _, id := range st.SwitchesSides {
					if a[p][id] {
						put(1-p, id)
					}
				}
			}
			if ct := r.Contacts; ct != nil {
				for _, l := range ct.Links {
					if !a[p][l.Mover] {
						continue
					}
					target := 1 - p
					if l.Own {
						target = p
					}
					if a[target][l.Onto] {
						put(p, l.MoverTo)
						put(target, l.OntoTo)
					}
				}
			}
			if d := r.Drops; d != nil && d.FillsFromCaptures() {
				for id := range a[1-p] {
					base := id
					if pc := c.piece(id); pc != nil && pc.PromotedFrom != "" {
						base = pc.PromotedFrom
					}
					put(p, base)
					if d.EitherFace {
						for _, pc := range c.s.Pieces {
							if pc.PromotedFrom == base {
								put(p, pc.ID)
							}
						}
					}
				}
			}
		}
	}
	c.appearSets, c.appearOK = a, true
	return a, true
}

// canCapture reports whether a piece type may take another: it has a move
// that captures, and its captures list (if any) names the other.
func canCapture(p *Piece, target string) bool {
	capturing := false
	for _, m := range p.Moves {
		if m.ModeOrDefault() != ModeMove {
			capturing = true
		}
	}
	return capturing && mayTake(p, target)
}

// mayTake reports whether the captures list allows taking target.
func mayTake(p *Piece, target string) bool {
	if p.Captures == nil {
		return true
	}
	for _, id := range p.Captures {
		if id == target {
			return true
		}
	}
	return false
}

// beats reports whether a wins a collision with b in a round.
func beats(a *Piece, b string) bool {
	list := a.Beats
	if list == nil {
		list = a.Captures
	}
	if list == nil {
		return true
	}
	for _, id := range list {
		if id == b {
			return true
		}
	}
	return false
}

// sortedKeys is a set's members in declaration order of the pieces.
func (c *checker) sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := c.pieceIndex(out[i]), c.pieceIndex(out[j])
		if a != b {
			return a < b
		}
		return out[i] < out[j]
	})
	return out
}
