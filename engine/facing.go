package engine

// Facings (pieces[].facing). Each way a piece can point is a kind of its
// own: the declared kind is the piece pointing forward, and each other
// facing is a turned copy appended after the declared kinds, its vectors
// turned in the writer's frame before the usual per-player derivation.
// So the move and attack tables, the fast paths and the Zobrist keys are
// facing-aware with no new code on them: a piece's facing is its kind's,
// the hash has a key per (kind, facing, square), and four quarter turns
// give back the same kind. A turn is a move of type moveTurn, from = to,
// aux = the kind it becomes. Copies share the declared kind's id; the
// notation adds ":r", ":b" or ":l" (NOTATION.md).

import (
	"math/bits"

	"balancefarm/engine/rules"
)

// Facing indices, relative to the owner's forward.
const (
	faceForward = iota
	faceRight
	faceBackward
	faceLeft
)

var faceNames = [4]string{rules.FaceForward, rules.FaceRight, rules.FaceBackward, rules.FaceLeft}

// faceLetters are the notation's facing suffixes (forward is never written
// on a piece, but a turn to it is "f").
var faceLetters = [4]string{"f", "r", "b", "l"}

type facingInfo struct {
	nBase   int      // kinds the rule file declares; the rest are turned copies
	base    []int    // per kind: the declared kind it is a way of pointing
	face    []uint8  // per kind: its facing
	ways    [][4]int // per declared kind: the kind for each facing, -1 none
	initial []int    // per declared kind: the kind a piece entering play is
	turns   uint32   // kind bits of kinds a move may turn
}

func faceIndex(name string) int {
	for i, n := range faceNames {
		if n == name {
			return i
		}
	}
	return -1
}

// turnVector turns a vector written for a piece pointing forward to one
// pointing the given way (quarter turns clockwise: forward [0,1] becomes
// right [1,0]).
func turnVector(v [2]int, face int) [2]int {
	switch face {
	case faceRight:
		return [2]int{v[1], -v[0]}
	case faceBackward:
		return [2]int{-v[0], -v[1]}
	case faceLeft:
		return [2]int{-v[1], v[0]}
	}
	return v
}

func turnVectors(vs []rules.Vector, face int) []rules.Vector {
	out := make([]rules.Vector, len(vs))
	for i, v := range vs {
		out[i] = rules.Vector(turnVector([2]int(v), face))
	}
	return out
}

// expandFacings returns the spec with a turned copy of each piece for each
// other way it can point, or the spec itself when no piece has a facing.
func expandFacings(s *rules.Spec) (*rules.Spec, *facingInfo, error) {
	any := false
	for _, p := range s.Pieces {
		any = any || p.Facing != nil
	}
	if !any {
		return s, nil, nil
	}
	nb := len(s.Pieces)
	fi := &facingInfo{nBase: nb, ways: make([][4]int, nb), initial: make([]int, nb)}
	out := *s
	out.Pieces = append([]rules.Piece(nil), s.Pieces...)
	for i := range fi.ways {
		fi.ways[i] = [4]int{i, -1, -1, -1}
		fi.initial[i] = i
		fi.base = append(fi.base, i)
		fi.face = append(fi.face, faceForward)
	}
	hex := s.Board.IsHex()
	for i, p := range s.Pieces {
		f := p.Facing
		if f == nil {
			continue
		}
		var faces []int
		switch f.Axes {
		case 2:
			faces = []int{faceBackward}
		case 4:
			if hex {
				return nil, nil, bad("pieces[%d].facing.axes 4 needs a square lattice", i)
			}
			faces = []int{faceRight, faceBackward, faceLeft}
		default:
			return nil, nil, bad("pieces[%d].facing.axes must be 2 or 4", i)
		}
		if p.Royal {
			return nil, nil, bad("pieces[%d].facing is not for a royal piece", i)
		}
		for _, face := range faces {
			c := p
			c.Facing = nil
			c.PromotedFrom = ""
			c.Moves = make([]rules.Move, len(p.Moves))
			for j, m := range p.Moves {
				if m.Kind == rules.KindBent {
					// Quarter turns commute with rotate4 and keep dihedral8's
					// pairs as a set, so a bent move turns unexpanded (the
					// other symmetries are refused: families.go).
					m.Vectors, m.Then = turnVectors(m.Vectors, face), turnVectors(m.Then, face)
					c.Moves[j] = m
					continue
				}
				vs, err := expand(m.Vectors, m.Symmetry, hex)
				if err != nil {
					return nil, nil, bad("pieces[%d].moves[%d]: %v", i, j, err)
				}
				m.Vectors = make([]rules.Vector, len(vs))
				for vi, v := range vs {
					m.Vectors[vi] = rules.Vector(turnVector(v, face))
				}
				m.Symmetry = rules.SymNone
				c.Moves[j] = m
			}
			fi.ways[i][face] = len(out.Pieces)
			fi.base = append(fi.base, i)
			fi.face = append(fi.face, uint8(face))
			out.Pieces = append(out.Pieces, c)
		}
		init := faceIndex(f.InitialOrDefault())
		if init < 0 || fi.ways[i][init] < 0 {
			return nil, nil, bad("pieces[%d].facing.initial %q is not a way it can point", i, f.Initial)
		}
		fi.initial[i] = fi.ways[i][init]
		if f.TurnsOrDefault() {
			for _, k := range fi.ways[i] {
				if k >= 0 {
					fi.turns |= 1 << uint(k+1)
				}
			}
		}
	}
	return &out, fi, nil
}

// isCopy reports whether kind k is a turned copy, not a declared kind.
func (g *Game) isCopy(k int) bool { return g.fac != nil && k >= g.fac.nBase }

// widen adds to a mask of declared kinds every way those kinds point.
func (g *Game) widen(mask uint32) uint32 {
	f := g.fac
	if f == nil {
		return mask
	}
	for k := f.nBase; k < len(f.base); k++ {
		if mask>>uint(f.base[k]+1)&1 != 0 {
			mask |= 1 << uint(k+1)
		}
	}
	return mask
}

// placedKind is the kind a placement of declared kind k puts down, pointing
// the way the placement says (its initial way when it says none).
func (g *Game) placedKind(where string, k int, facing string) (int, error) {
	f := g.fac
	if f == nil || k >= f.nBase {
		if facing != "" {
			return 0, bad("%s.facing is set but %s has no facing", where, g.kinds[k].id)
		}
		return k, nil
	}
	if facing == "" {
		return f.initial[k], nil
	}
	i := faceIndex(facing)
	if i < 0 || f.ways[k][i] < 0 {
		return 0, bad("%s.facing %q is not a way %s can point", where, facing, g.kinds[k].id)
	}
	return f.ways[k][i], nil
}

// enterKind is the kind a piece of declared kind k is when it enters play
// later (a drop, a promotion): its initial way.
func (g *Game) enterKind(k int) int {
	if g.fac == nil || k >= g.fac.nBase {
		return k
	}
	return g.fac.initial[k]
}

// loadFacings gives the turned copies what the rules attach to the declared
// kind (promotion, hands); what it does not play with facings is refused
// before (families.go).
func (g *Game) loadFacings() error {
	f := g.fac
	if f == nil {
		return nil
	}
	for k := f.nBase; k < g.nk; k++ {
		b := f.base[k]
		g.kinds[k].promo = g.kinds[b].promo
	}
	for i := range g.promos {
		pr := &g.promos[i]
		for p := 0; p < g.seats; p++ {
			if pr.chooseFacing {
				ts, err := g.facingChoices(pr.targets[p])
				if err != nil {
					return err
				}
				pr.targets[p] = ts
				continue
			}
			for j, t := range pr.targets[p] {
				pr.targets[p][j] = g.enterKind(t)
			}
		}
		for k := f.nBase; k < g.nk; k++ {
			if f.base[k] != pr.kind {
				continue
			}
			for p := 0; p < g.seats; p++ {
				for sq := 0; sq < g.n; sq++ {
					if pr.onLeaving && pr.zone[p].has(sq) || g.landsIn(p, k, sq, &pr.zone[p]) {
						g.kinds[k].promoFrom[p].set(sq)
					}
				}
			}
		}
	}
	if d := g.drops; d != nil {
		d.noMate = g.widen(d.noMate)
		for k := f.nBase; k < g.nk; k++ {
			b := f.base[k]
			d.handKind[k] = d.handKind[b]
			for p := 0; p < g.seats; p++ {
				d.zone[p][k] = d.zone[p][b]
				if g.forbidImmobility {
					for w := range d.zone[p][k] {
						d.zone[p][k][w] &^= g.kinds[k].immobile[p][w]
					}
				}
			}
		}
	}
	return nil
}

// genTurns appends a turn to every other way for each of the side to
// move's pieces that may turn, by kind then square; with on, only those
// of the pieces standing on on's squares.
func (p *Position) genTurns(buf []Move, on *bitset) []Move {
	g := p.g
	f := g.fac
	s := p.side
	for km := f.turns & p.present[s]; km != 0; km &= km - 1 {
		k := bits.TrailingZeros32(km) - 1
		ways := &f.ways[f.base[k]]
		bb := p.kindBB[s][k]
		if on != nil {
			for w := range bb {
				bb[w] &= on[w]
			}
		}
		// The squares in order, read off the words (a list of them on
		// the stack was cleared at every call).
		for w := range bb {
			for x := bb[w]; x != 0; x &= x - 1 {
				sq := w<<6 | bits.TrailingZeros64(x)
				for _, v := range ways {
					if v < 0 || v == k || g.forbidImmobility && g.kinds[v].immobile[s].has(sq) {
						continue
					}
					buf = append(buf, mvValid|Move(sq)|Move(sq)<<8|moveTurn<<mvTypeShift|Move(v)<<mvAuxShift)
				}
			}
		}
	}
	return buf
}

// hasTurn reports whether genTurns(nil) would list a turn, stopping at the
// first.
func (p *Position) hasTurn() bool {
	g := p.g
	f := g.fac
	s := p.side
	for km := f.turns & p.present[s]; km != 0; km &= km - 1 {
		k := bits.TrailingZeros32(km) - 1
		ways := &f.ways[f.base[k]]
		bb := &p.kindBB[s][k]
		for w := range bb {
			for x := bb[w]; x != 0; x &= x - 1 {
				sq := w<<6 | bits.TrailingZeros64(x)
				for _, v := range ways {
					if v >= 0 && v != k && !(g.forbidImmobility && g.kinds[v].immobile[s].has(sq)) {
						return true
					}
				}
			}
		}
	}
	return false
}

// hasLegalTurn reports whether legalTurns(nil) would list a turn, without
// listing them where no test of each is needed.
func (p *Position) hasLegalTurn() bool {
	g := p.g
	if g.fac == nil || g.fac.turns == 0 {
		return false
	}
	if d := g.drops; d != nil && d.placement && p.handN[p.side] > 0 {
		return false
	}
	if !p.hasTurn() {
		return false
	}
	if g.checkRules && g.royalMask != 0 && p.InCheck() {
		return false
	}
	if !g.forbidCheck && g.portal == nil {
		return true
	}
	return len(p.legalTurns(p.pseudo[:0], nil)) > 0
}

// legalTurns appends the side to move's legal turns (none in a placement
// phase, where only drops are moves). A turn changes no square's
// occupancy and no attack of the other player's, so it never helps or
// harms the mover's royal: under check rules it is legal exactly when the
// mover is not in check, and only forbid_check needs the full test.
// With on, only the turns of the pieces on its squares are listed.
func (p *Position) legalTurns(buf []Move, on *bitset) []Move {
	g := p.g
	if g.fac == nil || g.fac.turns == 0 {
		return buf
	}
	if d := g.drops; d != nil && d.placement && p.handN[p.side] > 0 {
		return buf
	}
	at := len(buf)
	buf = p.genTurns(buf, on)
	if len(buf) == at {
		return buf
	}
	if g.checkRules && g.royalMask != 0 && p.InCheck() {
		return buf[:at]
	}
	if !g.forbidCheck && g.portal == nil {
		return buf
	}
	n := at
	for _, m := range buf[at:] {
		if p.legalAfter(m) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// IsTurn reports whether m turns a piece in place (pieces[].facing).
func (m Move) IsTurn() bool { return m.typ() == moveTurn }

// Facings reports whether some piece of the game has a facing.
func (g *Game) Facings() bool { return g.fac != nil }

// BaseKind is the declared kind a kind is a way of pointing: the kind
// itself unless it is a turned copy of a piece with a facing. Copies have
// the declared kind's id, value and rules; NumKinds counts them.
func (g *Game) BaseKind(kind int) int {
	if kind < 0 || kind >= g.nk {
		return -1
	}
	if g.fac == nil {
		return kind
	}
	return g.fac.base[kind]
}

// FacingOf is the way a kind points, relative to its owner's forward:
// "forward", "right", "backward" or "left"; "" for a kind without a facing.
func (g *Game) FacingOf(kind int) string {
	if kind < 0 || kind >= g.nk || g.fac == nil || g.fac.ways[g.fac.base[kind]][faceBackward] < 0 {
		return ""
	}
	return faceNames[g.fac.face[kind]]
}

// turnString is a turn's notation: the square, ":" and the new facing.
func (g *Game) turnString(m Move) string {
	k := m.aux()
	if k >= g.nk || g.fac == nil {
		return "0000"
	}
	return g.names[m.From()] + ":" + faceLetters[g.fac.face[k]]
}

// faceSuffix is the notation's facing suffix of kind k's token: ":" and
// the copy's facing letter, "" for a kind that is no turned copy.
func (g *Game) faceSuffix(k int) string {
	if !g.isCopy(k) {
		return ""
	}
	return ":" + faceLetters[g.fac.face[k]]
}

// readFaced reads a turned piece's token, tok and its facing suffix, from
// the start of s; ok is false where s holds none.
func (g *Game) readFaced(s, tok string) (code uint8, n int, ok bool) {
	if g.fac == nil || len(s) <= len(tok)+1 || s[len(tok)] != ':' {
		return 0, 0, false
	}
	code, ok = g.tokenCode[s[:len(tok)+2]]
	return code, len(tok) + 2, ok
}
