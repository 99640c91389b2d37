package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDropsMatchNaiveReference plays random games of every rule file with
// hands. At each position the engine's legal moves must equal those of
// naiveLegal, a slow generator that reads rules.drops from the spec and
// settles legality by making each move and looking for a capture of a
// royal among the other side's pseudo-legal moves, with none of prepare's
// reasoning or the attack tables' shortcuts.
func TestDropsMatchNaiveReference(t *testing.T) {
	games, plies := 6, 160
	if testing.Short() {
		games, plies = 2, 100
	}
	for _, ng := range allGames(t) {
		if ng.g.drops == nil || ng.g.drops.symmetric || ng.g.drops.chooseFacing {
			continue // schema 30's pairs and facings: TestFacingPortalMatchesReference
		}
		t.Run(ng.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(len(ng.name))))
			drops := 0
			for game := 0; game < games; game++ {
				p := ng.g.NewPosition()
				for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
					got := p.LegalMoves(nil)
					want := naiveLegal(p)
					a, b := slices.Clone(got), slices.Clone(want)
					slices.Sort(a)
					slices.Sort(b)
					if !slices.Equal(a, b) {
						t.Fatalf("%s:\nengine %v\nnaive  %v", p.FEN(), moveStrings(p, a), moveStrings(p, b))
					}
					if p.HasLegalMove() != (len(got) > 0) {
						t.Fatalf("%s: HasLegalMove disagrees with the list", p.FEN())
					}
					for _, m := range got {
						if m.IsDrop() {
							drops++
						}
					}
					p.Make(got[rng.IntN(len(got))])
				}
			}
			if drops == 0 {
				t.Error("no drop was ever legal")
			}
		})
	}
}

// naiveLegal is the legal move list built the slow way.
func naiveLegal(p *Position) []Move {
	g := p.g
	s := p.side
	var cands []Move
	if !(g.drops.placement && naiveHolds(p, s)) {
		for _, from := range p.occ[s].squares(nil) {
			cands = p.genPiece(cands, from, false)
		}
		if g.castle != nil {
			cands = p.genCastles(cands)
		}
		if g.fac != nil {
			cands = p.genTurns(cands, nil) // facing.go's own reference is facing_portal_ref_test.go
		}
	}
	cands = append(cands, naiveDrops(p)...)
	var out []Move
	for _, m := range cands {
		if naiveLegalMove(p, m) {
			out = append(out, m)
		}
	}
	return out
}

func naiveHolds(p *Position, s int) bool {
	for k := 0; k < p.g.nk; k++ {
		if p.hand[s][k] != 0 {
			return true
		}
	}
	return false
}

// naiveDrops reads rules.drops from the spec for every kind in hand and
// every empty square.
func naiveDrops(p *Position) []Move {
	g := p.g
	d := g.spec.Rules.Drops
	s := p.side
	var out []Move
	for k := 0; k < g.nk; k++ {
		if p.hand[s][k] == 0 {
			continue
		}
		kinds := []int{k}
		if d.EitherFace {
			for f, pc := range g.spec.Pieces {
				if pc.PromotedFrom == g.kinds[k].id {
					kinds = append(kinds, f)
				}
			}
		}
		for _, dk := range kinds {
			id := g.kinds[dk].id
			for sq := 0; sq < g.n; sq++ {
				if p.board[sq] != 0 || g.wall.has(sq) {
					continue
				}
				if list, ok := d.Region[id]; ok {
					in := false
					for _, name := range list {
						r, _ := g.parseSquare(name)
						if s == 1 {
							r = g.reflect(r)
						}
						in = in || r == sq
					}
					if !in {
						continue
					}
				}
				if slices.Contains(d.NoDoubled, id) && naiveFileHas(p, s, dk, sq) {
					continue
				}
				put := dk
				promo := -1
				if pi := g.kinds[dk].promo; g.spec.Rules.PromoteOnEntry && pi >= 0 && g.promos[pi].zone[s].has(sq) {
					put = g.promos[pi].targets[s][0]
					promo = put
				}
				if g.forbidImmobility && naiveImmobile(p, s, put, sq) {
					continue
				}
				if pk := &g.kinds[put]; pk.hasReg && !pk.region[s].has(sq) {
					continue
				}
				m := mvValid | Move(sq) | Move(sq)<<8 | moveDrop<<mvTypeShift | Move(k)<<mvAuxShift | Move(dk)<<mvAux2Shift
				if promo >= 0 {
					m |= Move(promo+1) << mvPromoShift
				}
				out = append(out, m)
			}
		}
	}
	return out
}

func naiveFileHas(p *Position, s, k, sq int) bool {
	g := p.g
	for r := 0; r < g.h; r++ {
		if c := p.board[r*g.w+g.fileOf[sq]]; c != 0 && codeOwner(c) == s && codeKind(c) == k {
			return true
		}
	}
	return false
}

// naiveImmobile: a piece of kind k on sq has no table entry (other than a
// first-move one) at all; the tables hold the moves the spec gives.
func naiveImmobile(p *Position, s, k, sq int) bool {
	g := p.g
	idx := (s*g.nk+k)*g.n + sq
	for e := g.genStart[idx]; e < g.genStart[idx+1]; e++ {
		if !g.gens[e].first {
			return false
		}
	}
	return true
}

// naiveLegalMove makes m and asks whether the mover's royals are safe (some
// royal not capturable; none lost), and for a no_mate drop whether the
// other side still has a legal move or is not in check.
func naiveLegalMove(p *Position, m Move) bool {
	g := p.g
	s := p.side
	if !g.checkRules {
		return true
	}
	before := len(naiveRoyals(p, s))
	p.Make(m)
	defer p.Unmake()
	after := naiveRoyals(p, s)
	if before > 0 && len(after) == 0 {
		return false
	}
	if len(after) > 0 && naiveAllAttacked(p, p.side, after) {
		return false
	}
	if m.IsDrop() && slices.Contains(g.spec.Rules.Drops.NoMate, g.kinds[m.aux2()].id) {
		mine := naiveRoyals(p, p.side)
		if len(mine) > 0 && naiveAllAttacked(p, s, mine) && len(naiveLegal(p)) == 0 {
			return false
		}
	}
	return true
}

func naiveRoyals(p *Position, s int) []int {
	var out []int
	for sq := 0; sq < p.g.n; sq++ {
		if c := p.board[sq]; c != 0 && codeOwner(c) == s && p.g.kinds[codeKind(c)].royal {
			out = append(out, sq)
		}
	}
	return out
}

// naiveAllAttacked: player by has a capture landing on each of the
// squares (which belong to the other player).
func naiveAllAttacked(p *Position, by int, squares []int) bool {
	side := p.side
	p.side = by // genPiece moves the side to move's pieces
	var caps []Move
	for _, from := range p.occ[by].squares(nil) {
		caps = p.genPiece(caps, from, true)
	}
	p.side = side
	for _, sq := range squares {
		hit := false
		for _, m := range caps {
			hit = hit || m.To() == sq
		}
		if !hit {
			return false
		}
	}
	return true
}
