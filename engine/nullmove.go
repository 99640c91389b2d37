package engine

// nullRec is what MakeNull changes and UnmakeNull puts back.
type nullRec struct {
	hash     uint64
	halfmove int
	epN      int
	ep       [maxEP]uint8
	epVictim int
	history  int
}

// CanPass reports whether MakeNull means what a search's null move needs:
// a game of one move a turn, not played in rounds.
func (p *Position) CanPass() bool { return p.g.turn == nil && p.g.sim == nil && p.g.chance == nil }

// MakeNull passes the turn without moving: the side to move changes, en
// passant rights lapse, and nothing else. It exists for a search's
// null-move pruning and is no legal move of any game; the caller must
// not pass while in check in a game where checks matter, nor where
// CanPass is false (the turn state of a longer turn is left alone). The no-progress
// clock restarts, so repetition is never claimed across a pass (a pass
// changes the parity the repetition count relies on).
func (p *Position) MakeNull() {
	g := p.g
	p.nulls = append(p.nulls, nullRec{hash: p.hash, halfmove: p.halfmove, epN: p.epN, ep: p.ep, epVictim: p.epVictim, history: len(p.history)})
	h := p.hash
	for i := 0; i < p.epN; i++ {
		h ^= g.zEP[p.ep[i]]
	}
	p.epN = 0
	p.halfmove = 0
	p.side = g.nextSeat(p.side)
	p.hash = h ^ g.zSide
	p.legalValid, p.otherValid, p.ocValid, p.checkKnown = false, false, false, false
	p.probedValid = false
}

// UnmakeNull takes back the last MakeNull; moves made after it must have
// been taken back first.
func (p *Position) UnmakeNull() {
	n := len(p.nulls)
	if n == 0 {
		return
	}
	r := p.nulls[n-1]
	p.nulls = p.nulls[:n-1]
	p.hash, p.halfmove, p.epN, p.ep, p.epVictim = r.hash, r.halfmove, r.epN, r.ep, r.epVictim
	p.history = p.history[:r.history]
	p.side = p.g.prevSeat(p.side)
	p.legalValid, p.otherValid, p.ocValid, p.checkKnown = false, false, false, false
	p.probedValid = false
}

// AttackedAs reports whether player by has a capture onto square sq of a
// piece of the given kind standing there (its captures lists apply),
// reading the board as it is: pins, checks and what a move would uncover
// are not considered. A search's static exchange estimate asks it whether
// a capturing piece could be taken back. False for an unknown kind or
// square, and in a game with capture effects (explosions, strikes), where
// what a capture costs is not a matter of taking back.
func (p *Position) AttackedAs(sq, by, kind int) bool {
	if sq < 0 || sq >= p.g.n || kind < 0 || kind >= p.g.nk || by < 0 || by > 1 || p.g.fx != nil {
		return false
	}
	return p.attacked(sq, by, kind)
}
