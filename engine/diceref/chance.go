package diceref

import (
	"slices"
	"strings"
)

// Branch is one move or chance outcome from a position and the position
// after it.
type Branch struct {
	Name string
	Next *Position
}

// Outcome is a chance outcome and its probability Num/Den.
type Outcome struct {
	Name     string
	Num, Den int
}

// Decided reports whether a king has been captured or removed.
func (p *Position) Decided() bool { return p.decided }

// AtChance reports whether a chance event is pending.
func (p *Position) AtChance() bool { return p.stage != stageMove }

// Outcomes is the pending chance event's outcomes with their
// probabilities; none when no chance event is pending or the board is
// decided.
func (p *Position) Outcomes() []Outcome {
	if p.decided {
		return nil
	}
	var out []Outcome
	switch p.stage {
	case stageRoll:
		d := p.rules.Die
		total := d.deckSize()
		if d.Deck {
			total = 0
			for _, n := range p.deck {
				total += n
			}
		}
		for i, f := range d.Faces {
			w := f.Weight
			if d.Deck {
				w = p.deck[i]
			}
			if w > 0 {
				out = append(out, Outcome{Name: "roll:" + f.Name, Num: w, Den: total})
			}
		}
	case stageFate:
		h, _ := p.rules.hazardOf(kindOf(p.board[p.fateSq]))
		out = append(out,
			Outcome{Name: "fate:spared", Num: 1000 - h.Thousandths, Den: 1000},
			Outcome{Name: "fate:removed", Num: h.Thousandths, Den: 1000})
	}
	return out
}

// Branches is every move, or every outcome of the pending chance event,
// with the position after it; none on a decided board.
func (p *Position) Branches() []Branch {
	if p.decided {
		return nil
	}
	switch p.stage {
	case stageRoll:
		return p.rolls()
	case stageFate:
		return p.fates()
	}
	return p.moves()
}

// MoveNames is the names of Branches, sorted.
func (p *Position) MoveNames() []string {
	var names []string
	for _, b := range p.Branches() {
		names = append(names, b.Name)
	}
	slices.Sort(names)
	return names
}

func (p *Position) rolls() []Branch {
	d := p.rules.Die
	var out []Branch
	for i, f := range d.Faces {
		if d.Deck && p.deck[i] == 0 {
			continue
		}
		q := p.copy()
		q.stage, q.face = stageMove, i
		if d.Deck {
			q.deck[i]--
			empty := true
			for _, n := range q.deck {
				empty = empty && n == 0
			}
			if empty { // the last card drawn: the deck is full again
				for j, g := range d.Faces {
					q.deck[j] = g.Weight
				}
			}
		}
		out = append(out, Branch{Name: "roll:" + f.Name, Next: q})
	}
	return out
}

func (p *Position) fates() []Branch {
	spared := p.copy()
	spared.stage = p.afterTurn()
	removed := p.copy()
	removed.stage = p.afterTurn()
	piece := removed.board[p.fateSq]
	removed.board[p.fateSq] = 0
	if kindOf(piece) == 'K' {
		removed.decided = true
	}
	if kindOf(piece) == 'P' && p.ep >= 0 && (p.fateSq == p.ep+8 || p.fateSq == p.ep-8) {
		removed.ep = -1 // the pawn that double-stepped is gone: nothing to take en passant
	}
	return []Branch{{Name: "fate:spared", Next: spared}, {Name: "fate:removed", Next: removed}}
}

// afterTurn is the stage that opens the next turn.
func (p *Position) afterTurn() stage {
	if p.rules.Die != nil {
		return stageRoll
	}
	return stageMove
}

// moves is the player's moves after the roll: those of the face's kinds;
// failing them a pass or (BlockedAny) every move; none when the player has
// no move at all.
func (p *Position) moves() []Branch {
	all := p.chessMoves()
	if len(all) == 0 {
		return nil
	}
	chosen := all
	if p.rules.Die != nil && p.face >= 0 {
		kinds := p.rules.Die.Faces[p.face].Pieces
		chosen = nil
		for _, m := range all {
			if strings.IndexByte(kinds, kindOf(p.board[m.from])) >= 0 {
				chosen = append(chosen, m)
			}
		}
		if len(chosen) == 0 {
			if !p.rules.Die.BlockedAny {
				q := p.copy()
				q.white, q.ep, q.face, q.stage = !p.white, -1, -1, stageRoll
				return []Branch{{Name: "pass", Next: q}}
			}
			chosen = all
		}
	}
	out := make([]Branch, 0, len(chosen))
	for _, m := range chosen {
		q, kind, captured := p.playChess(m)
		q.face = -1
		q.stage = p.afterTurn()
		if h, ok := p.rules.hazardOf(kind); ok && !q.decided && (captured || !h.CaptureOnly) {
			q.stage, q.fateSq = stageFate, m.to
		}
		out = append(out, Branch{Name: m.name(), Next: q})
	}
	return out
}

// Perft counts the leaves of the tree depth plies deep, a chance outcome
// being a ply; a decided board has no branches.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	branches := p.Branches()
	if depth == 1 {
		return uint64(len(branches))
	}
	var n uint64
	for _, b := range branches {
		n += b.Next.Perft(depth - 1)
	}
	return n
}

// Divide is Perft split by first branch, by name.
func (p *Position) Divide(depth int) map[string]uint64 {
	out := map[string]uint64{}
	for _, b := range p.Branches() {
		out[b.Name] = b.Next.Perft(depth - 1)
	}
	return out
}
