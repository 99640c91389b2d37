package engine

// rules.counting (schema 31): Makruk's board's and pieces' honour (and
// ASEAN chess's count against a bare king), read automatically. While no
// piece of the none_of kinds stands on the board, the armies' material
// differs and a limit applies, the weaker player counts its own moves; the
// game is drawn when that player is to move with the count at its limit,
// so the stronger player always has the move after the last count to
// finish. The count is part of the position but not of its hash, like the
// no-progress clock: two positions differing only in the count repeat one
// another.

type countingRule struct {
	noneOf    []int
	value     [maxKinds]int // centipawns, 0 for a royal kind
	moves     int           // the board's limit, 0 none
	bare      []countLimit  // the pieces' limits, first match
	bareMoves int           // 0 none
	bareZero  bool          // a bare count starts at 0, not at the pieces on the board
}

type countLimit struct{ kind, count, moves int }

// countState is a running count: side is the counting player (-1 none),
// bare whether it has only royal pieces left, val its moves counted.
type countState struct {
	side int8
	bare bool
	val  int16
}

var noCount = countState{side: -1}

func (g *Game) loadCounting() error {
	cc := g.spec.Rules.Counting
	if cc == nil {
		return nil
	}
	c := &countingRule{moves: cc.Moves, bareMoves: cc.BareMovesOrDefault(), bareZero: cc.BareFromOrDefault() == "zero"}
	if c.moves < 0 || c.moves > 500 || c.bareMoves < 0 || c.bareMoves > 500 {
		return bad("rules.counting.moves and bare_moves must be 1 to 500")
	}
	if f := cc.BareFromOrDefault(); f != "pieces" && f != "zero" {
		return bad("rules.counting.bare_from must be pieces or zero, got %q", f)
	}
	for _, id := range cc.NoneOf {
		k, err := g.kindOf("rules.counting.none_of entry", id)
		if err != nil {
			return err
		}
		c.noneOf = append(c.noneOf, k)
	}
	for i := range cc.Bare {
		b := &cc.Bare[i]
		k, err := g.kindOf("rules.counting.bare.piece", b.Piece)
		if err != nil {
			return err
		}
		if b.Moves < 1 || b.Moves > 500 {
			return bad("rules.counting.bare.moves must be 1 to 500")
		}
		c.bare = append(c.bare, countLimit{kind: k, count: b.CountOrDefault(), moves: b.Moves})
	}
	for k := range g.kinds {
		if !g.kinds[k].royal {
			c.value[k] = int(g.kinds[k].value*100 + 0.5)
		}
	}
	g.counting = c
	return nil
}

// countNow reads the count's conditions off the board: whether it runs,
// who counts, whether that player is bare, and the pieces on the board.
func (p *Position) countNow() (on bool, side int, bare bool, pieces int) {
	c := p.g.counting
	for _, k := range c.noneOf {
		if p.count[0][k+1]+p.count[1][k+1] > 0 {
			return false, -1, false, 0
		}
	}
	var material [2]int
	var others [2]bool
	for s := 0; s < 2; s++ {
		for k := range p.g.kinds {
			n := int(p.count[s][k+1])
			pieces += n
			material[s] += n * c.value[k]
			if n > 0 && !p.g.kinds[k].royal {
				others[s] = true
			}
		}
	}
	switch {
	case material[0] < material[1]:
		side = 0
	case material[1] < material[0]:
		side = 1
	default:
		return false, -1, false, 0
	}
	return true, side, !others[side], pieces
}

// countAfter moves the count on after a move by mover: a count starts
// (at 0, or at the pieces on the board once the counting player is bare),
// goes on (one more when the counting player moved) or stops (also when
// no limit applies to it any more).
func (p *Position) countAfter(mover int) {
	on, side, bare, pieces := p.countNow()
	if on && p.limitFor(side, bare) == 0 {
		on = false
	}
	prev := p.cnt
	start := int16(0)
	if bare && !p.g.counting.bareZero {
		start = int16(pieces)
	}
	switch {
	case !on:
		p.cnt = noCount
	case int(prev.side) != side:
		p.cnt = countState{side: int8(side), bare: bare, val: start}
	case bare && !prev.bare:
		p.cnt = countState{side: int8(side), bare: true, val: start}
	case mover == side:
		p.cnt.val++
	}
}

// startCount sets the count of a position set up from scratch: a count
// that would run starts there.
func (p *Position) startCount() {
	p.cnt = noCount
	if p.g.counting != nil {
		p.countAfter(-1)
	}
}

// countLimit is where the running count ends.
func (p *Position) countLimit() int { return p.limitFor(int(p.cnt.side), p.cnt.bare) }

// limitFor is where a count by side ends: the board's limit, or against a
// bare army the first bare limit whose piece the stronger player has
// enough of, else bare_moves; 0 when none applies.
func (p *Position) limitFor(side int, bare bool) int {
	c := p.g.counting
	if !bare {
		return c.moves
	}
	strong := opponent(side)
	for _, l := range c.bare {
		if int(p.count[strong][l.kind+1]) >= l.count {
			return l.moves
		}
	}
	return c.bareMoves
}

// countedOut reports whether the count has drawn the game: the counting
// player is to move with the count at its limit.
func (p *Position) countedOut() bool {
	return p.g.counting != nil && int(p.cnt.side) == p.side && int(p.cnt.val) >= p.countLimit()
}

// Counting is the running count (rules.counting): the counting player
// (-1 when no count runs), the moves counted and where the count ends.
func (p *Position) Counting() (side, counted, limit int) {
	if p.g.counting == nil || p.cnt.side < 0 {
		return -1, 0, 0
	}
	return int(p.cnt.side), int(p.cnt.val), p.countLimit()
}
