package planesref

import (
	"fmt"

	"balancefarm/engine/rules"
)

// piece is what stands on a square; kind "" is an empty square.
type piece struct {
	kind  string
	owner int              // 0, 1, or neutralOwner
	moved bool             // it has moved, or been moved, since the start (first_move)
	st    [maxStatuses]int // the count of each status it carries
	mover bool             // the piece the action being played moves (only while it is played)
	body  [][2]int         // schema 44: a larger piece's other squares, offsets from its own, in the order gained
	of    int              // schema 44: on a body square (kind bodyKind), its piece's square plus one
}

// Position is one state of a game. Every move makes a new one.
type Position struct {
	g       *game
	board   []piece // per square, numbered as game.at
	items   [][]int // per square, the count of each heap (game.heap; nil: none)
	purse   [2][]int
	side    int
	ply     int
	decided bool
	winner  int // when decided: 0, 1, or -1 a draw
	// schema 38
	price    []int  // per card
	unlocked []bool // per card
	toUnlock int    // cards still to unlock
	pending  int    // pendingNone, pendingUnlock, pendingFate
	fateSq   int
	// schema 40
	banFrom, banTo int  // the neutral move the side to move may not make, -1 none
	again          int  // the square of the piece that moves again this turn, -1 none
	actor          int  // the player whose action is being played
	moverDied      bool // the last action's moved piece died in it (it may stand on an afterlife's board)
	// schema 41
	offers [2]int // the chaos offers owed to each player
	offer  []int  // the effects offered, the side to move choosing; nil none
	resume int    // the player who moves once the offers are chosen, -1 none
}

// New reads a rule file's start position. It refuses the keys and kinds
// the reference does not play (see the package doc).
func New(s *rules.Spec) (*Position, error) {
	g, err := load(s)
	if err != nil {
		return nil, err
	}
	p := &Position{g: g, board: make([]piece, g.squares()), items: make([][]int, g.squares()), winner: -1,
		banFrom: -1, banTo: -1, again: -1, resume: -1}
	place := func(where string, owner int, id string, sq int) error {
		if p.board[sq].kind != "" {
			return fmt.Errorf("%s: %s already holds a piece", where, g.name(sq))
		}
		p.board[sq] = piece{kind: id, owner: owner}
		return nil
	}
	mirrored := s.Setup.Mirrored()
	for i, pl := range s.Setup.Placements {
		where := fmt.Sprintf("setup.placements[%d]", i)
		if _, ok := g.kinds[pl.Piece]; !ok {
			return nil, fmt.Errorf("%s: no piece %q", where, pl.Piece)
		}
		if pl.Facing != "" || pl.Player < 0 || pl.Player > 1 || mirrored && pl.Player != 0 {
			return nil, fmt.Errorf("%s: facing, or a player the setup does not allow", where)
		}
		for _, name := range pl.Squares {
			sq, err := g.squareOf(name)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			if err := place(where, pl.Player, pl.Piece, sq); err != nil {
				return nil, err
			}
			if mirrored {
				if err := place(where, 1, pl.Piece, g.reflect(sq)); err != nil {
					return nil, err
				}
			}
		}
	}
	if err := p.placeNeutral(s); err != nil {
		return nil, err
	}
	if err := p.placeStatuses(s); err != nil {
		return nil, err
	}
	for i, ip := range s.Setup.Items {
		where := fmt.Sprintf("setup.items[%d]", i)
		it, ok := g.itemIndex[ip.Item]
		if !ok {
			return nil, fmt.Errorf("%s: no item %q", where, ip.Item)
		}
		for _, name := range ip.Squares {
			sq, err := g.squareOf(name)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			if p.board[sq].kind != "" {
				return nil, fmt.Errorf("%s: %s is under a piece", where, name)
			}
			p.addItem(sq, it, 1)
			if p.items[sq][it] > g.items[it].StackOrDefault() {
				return nil, fmt.Errorf("%s: %s holds more than the stack", where, name)
			}
		}
	}
	for s := 0; s < 2; s++ {
		g.setupCount[s] = map[string]int{}
		p.purse[s] = make([]int, len(g.resources))
		for r, res := range g.resources {
			p.purse[s][r] = res.Start
		}
	}
	for _, pc := range p.board {
		if pc.kind != "" && pc.owner != neutralOwner {
			g.setupCount[pc.owner][pc.kind]++
			g.hasRoyal[pc.owner] = g.hasRoyal[pc.owner] || g.kinds[pc.kind].royal
		}
	}
	for i := range g.presence {
		for s := 0; s < 2; s++ {
			if p.meets(s, &g.presence[i]) {
				return nil, fmt.Errorf("rules.presence[%d]: player %d starts with none", i, s)
			}
		}
	}
	p.startMarket()
	return p, nil
}

// addItem adds n to heap h of sq (game.heap).
func (p *Position) addItem(sq, h, n int) {
	if p.items[sq] == nil {
		p.items[sq] = make([]int, 2*len(p.g.items))
	}
	p.items[sq][h] += n
}

// copy is an independent copy of p.
func (p *Position) copy() *Position {
	q := *p
	q.board = append([]piece(nil), p.board...)
	q.items = make([][]int, len(p.items))
	for sq, counts := range p.items {
		if counts != nil {
			q.items[sq] = append([]int(nil), counts...)
		}
	}
	for s := range p.purse {
		q.purse[s] = append([]int(nil), p.purse[s]...)
	}
	q.price = append([]int(nil), p.price...)
	q.unlocked = append([]bool(nil), p.unlocked...)
	return &q
}

// Board is every piece: square name -> "w:K", "b:P" or "n:I" (owner 0
// w, 1 b, a neutral piece n).
func (p *Position) Board() map[string]string {
	out := map[string]string{}
	for sq, pc := range p.board {
		switch {
		case pc.kind == bodyKind:
			out[p.g.name(sq)] = string("wbn"[pc.owner]) + ":" + p.bodyName(sq)
		case pc.kind != "":
			out[p.g.name(sq)] = string("wbn"[pc.owner]) + ":" + pc.kind
		}
	}
	return out
}

// Items is every item lying on the boards: square name -> item id ->
// count; a hidden item's heaps as "ID.w" (the first player's) and "ID.b".
func (p *Position) Items() map[string]map[string]int {
	out := map[string]map[string]int{}
	for sq, counts := range p.items {
		for h, n := range counts {
			if n == 0 {
				continue
			}
			it := h % len(p.g.items)
			key := p.g.items[it].ID
			if p.g.items[it].Hidden {
				key += "." + string("wb"[h/len(p.g.items)])
			}
			if out[p.g.name(sq)] == nil {
				out[p.g.name(sq)] = map[string]int{}
			}
			out[p.g.name(sq)][key] = n
		}
	}
	return out
}

// Purse is what a player holds of each resource.
func (p *Position) Purse(player int) map[string]int {
	out := map[string]int{}
	for r, res := range p.g.resources {
		out[res.Name] = p.purse[player][r]
	}
	return out
}

// Ban is the neutral piece's move the side to move may not make (the
// straight undo of the other player's), "" none.
func (p *Position) Ban() string {
	if p.banFrom < 0 {
		return ""
	}
	return p.g.name(p.banFrom) + p.g.name(p.banTo)
}

// Again is the square of the piece that moves again this turn, "" none.
func (p *Position) Again() string {
	if p.again < 0 {
		return ""
	}
	return p.g.name(p.again)
}

// MoverDied reports whether the piece the last move moved died in it
// (then it may stand elsewhere, by an afterlife, and still be the piece
// a second move or a hazard's fate follows).
func (p *Position) MoverDied() bool { return p.moverDied }

// AtChance reports whether a chance event is pending: Moves lists its
// outcomes, Outcomes their weights.
func (p *Position) AtChance() bool { return p.pending != pendingNone }

// SideToMove is 0 or 1: at a chance event, the player who moves after it.
func (p *Position) SideToMove() int { return p.side }

// Ply is the plies played since the start.
func (p *Position) Ply() int { return p.ply }

// Over says whether the game has ended and who won (0, 1, or -1 a
// draw): an ending the last move made (royal capture, annihilation,
// presence), then no legal move (rules.stalemate), then rules.max_plies.
func (p *Position) Over() (over bool, winner int) {
	if p.decided {
		return true, p.winner
	}
	if len(p.actions()) == 0 {
		return true, resultFor(p.side, p.g.stalemate)
	}
	if p.ply >= p.g.maxPlies {
		return true, -1
	}
	return false, -1
}

// resultFor is the winner when player s gets result ("win", "loss",
// "draw").
func resultFor(s int, result string) int {
	switch result {
	case "win":
		return s
	case "loss":
		return 1 - s
	}
	return -1
}
