package engine

// Seats are the players of a game, numbered from 0 in the order the rule
// file names them (0 white, 1 black). Every game has two today; per-seat
// state lives in arrays of maxSeats entries (maxSeats+1 where the wild
// pieces have a slot after the seats: wildOwner), indexed by the seat, and
// the side to move is a seat. The seats issue raises maxSeats, sets
// Game.seats from the rule file and widens ownerBits (code.go) so that a
// board code holds every seat and wildOwner.
const maxSeats = 2

// occupied is every square a piece stands on: the seats' and the wild ones.
func (p *Position) occupied() bitset {
	all := p.occ[wildOwner]
	for s := 0; s < maxSeats; s++ {
		all.or(&p.occ[s])
	}
	return all
}

// nextSeat is the seat that moves after s. With two seats it is the other
// one; the seats issue's turn order (which skips seats out of the game)
// plugs in here.
func (g *Game) nextSeat(s int) int { return s ^ 1 }

// prevSeat is the seat that moved before s: nextSeat backwards.
func (g *Game) prevSeat(s int) int { return s ^ 1 }

// opponent is the seat s plays against: with two seats, the other one.
// Attack tests, captures and results ask it; with more seats they ask
// about every seat that is not s's ally instead.
func opponent(s int) int { return s ^ 1 }

// occWord is word w of every occupancy together: the blockers of a ray.
// With two seats it is three words; the seats issue keeps the union as a
// bitset of its own rather than OR-ing maxSeats+1 words on every ray.
func (p *Position) occWord(w int) uint64 {
	return p.occ[0][w] | p.occ[1][w] | p.occ[wildOwner][w]
}
