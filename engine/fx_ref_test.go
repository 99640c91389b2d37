package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// The capture families and wild pieces played the slow way, straight from
// the reference's wording, for TestEffectsMatchReference. The reference
// reads the rules from the spec; it borrows from the engine only how a
// piece moves (genPiece, checked by the perft vectors), the castling
// candidates (genCastles, whose every move it judges again) and the
// geometry of squares. Everything a capture does, the wild pieces' walk,
// the claims and the legality of the result are its own.

// refState is the reference's position after a move.
type refState struct {
	board [maxSquares]uint8
	claim [maxSquares]uint8
	taken [2][maxWildEntries]int
}

type fxRef struct {
	g      *Game
	r      *rules.Rules
	id     func(c uint8) string
	routes [][]int // wild routes, mirror images included
	rEntry []int   // each route's rules.npcs entry
}

func newFxRef(g *Game) *fxRef {
	f := &fxRef{g: g, r: &g.spec.Rules}
	f.id = func(c uint8) string { return g.spec.Pieces[codeKind(c)].ID }
	for e, n := range f.r.NPCs {
		var rt []int
		for _, name := range n.Route {
			rt = append(rt, f.square(name))
		}
		f.routes = append(f.routes, rt)
		f.rEntry = append(f.rEntry, e)
		if n.Mirror {
			var m []int
			for _, sq := range rt {
				m = append(m, f.mirror(sq))
			}
			f.routes = append(f.routes, m)
			f.rEntry = append(f.rEntry, e)
		}
	}
	return f
}

func (f *fxRef) square(name string) int {
	var file, rank int
	fmt.Sscanf(name[1:], "%d", &rank)
	file = int(name[0] - 'a')
	return (rank-1)*f.g.w + file
}

func (f *fxRef) fr(sq int) (int, int) { return sq % f.g.w, sq / f.g.w }

// mirror is the second player's image of a square under the setup's
// orientation.
func (f *fxRef) mirror(sq int) int {
	x, y := f.fr(sq)
	y = f.g.h - 1 - y
	if f.g.spec.Setup.Rotated() {
		x = f.g.w - 1 - x
	}
	return y*f.g.w + x
}

func listed(ids []string, id string) bool { return slices.Contains(ids, id) }

// mayCapture is the type's captures list.
func (f *fxRef) mayCapture(mover, victim uint8) bool {
	caps := f.g.spec.Pieces[codeKind(mover)].Captures
	return caps == nil || listed(caps, f.id(victim))
}

func (f *fxRef) royal(c uint8) bool { return c != 0 && f.g.spec.Pieces[codeKind(c)].Royal }

// state copies what the reference compares out of an engine position.
func (f *fxRef) state(p *Position) refState {
	var st refState
	st.board = p.board
	st.claim = p.claim
	for s := 0; s < 2; s++ {
		for e := range f.r.NPCs {
			st.taken[s][e] = int(p.taken[s][e])
		}
	}
	return st
}

// withBoard is an engine position holding st's board with s to move,
// wild pieces shown as s's opponent's (prey, as the reference reads them),
// for asking genPiece how pieces move.
func (f *fxRef) withBoard(st *refState, s int, from *Position) *Position {
	q := f.g.emptyPosition()
	if from != nil {
		q.epN, q.ep, q.epVictim, q.virgin = from.epN, from.ep, from.epVictim, from.virgin
	}
	for sq := 0; sq < f.g.n; sq++ {
		if c := st.board[sq]; c != 0 {
			if codeOwner(c) == wildOwner {
				c = withOwner(c, s^1)
			}
			q.put(sq, c)
		}
	}
	q.side = s
	return q
}

// pseudo is the side to move's moves by the rules of movement and of the
// capture families, before the royal rules.
func (f *fxRef) pseudo(p *Position) []Move {
	g := f.g
	s := p.side
	st := f.state(p)
	q := f.withBoard(&st, s, p)
	var cands []Move
	for sq := 0; sq < g.n; sq++ {
		if c := st.board[sq]; c != 0 && codeOwner(c) == s {
			cands = q.genPiece(cands, sq, false)
		}
	}
	// Wild pieces an immune list keeps from this mover.
	n := 0
	for _, m := range cands {
		if v := st.board[m.To()]; codeOwner(v) == wildOwner && v != 0 {
			if im := f.r.NPCs[f.rEntry[f.routeOf(m.To())]].Immune; im != nil && !listed(im, f.id(st.board[m.From()])) {
				continue
			}
		}
		cands[n] = m
		n++
	}
	cands = cands[:n]
	// contacts own: a mover's capture moves onto a friendly linked piece.
	if ct := f.r.Contacts; ct != nil {
		for _, l := range ct.Links {
			if !l.Own {
				continue
			}
			for t := 0; t < g.n; t++ {
				tc := st.board[t]
				if tc == 0 || codeOwner(tc) != s || f.id(tc) != l.Onto {
					continue
				}
				q2 := f.withBoard(&st, s, p)
				q2.remove(t)
				q2.put(t, tc^1)
				for from := 0; from < g.n; from++ {
					if c := st.board[from]; c != 0 && codeOwner(c) == s && f.id(c) == l.Mover && from != t {
						for _, m := range q2.genPiece(nil, from, true) {
							if m.To() == t && m.typ() == moveNormal {
								cands = append(cands, m&^mvCapture)
							}
						}
					}
				}
			}
		}
	}
	if g.castle != nil {
		cands = append(cands, p.genCastles(nil)...)
	}
	// A capture that leaves the mover where it stood does not promote it.
	var out []Move
	for _, m := range cands {
		if m.Promotion() >= 0 && f.staysPut(&st, p, m) {
			m &^= 0x1f << mvPromoShift
			if slices.Contains(out, m) {
				continue
			}
		}
		out = append(out, m)
	}
	// position choose: one move per landing square of a survivor.
	var final []Move
	for _, m := range out {
		if _, surv := f.capture(&st, p, m, true); surv == 0 || f.position() != "choose" {
			final = append(final, m)
			continue
		}
		for _, l := range f.landings(&st, p, m) {
			final = append(final, m|Move(l)<<mvAux2Shift|mvLanding)
		}
	}
	return final
}

func (f *fxRef) routeOf(sq int) int {
	for i, rt := range f.routes {
		if slices.Contains(rt, sq) {
			return i
		}
	}
	return -1
}

// position is where a strike or contact leaves the pieces.
func (f *fxRef) position() string {
	if ct := f.r.Contacts; ct != nil {
		return ct.PositionOrDefault()
	}
	if st := f.r.Strike; st != nil {
		return st.PositionOrDefault()
	}
	return "advance"
}

// landings are the landing squares for a survivor of capture m: the
// landing vectors from the attacker's square in its forward frame, on the
// board, empty after the move (the attacker's and the struck piece's
// squares count as empty, the attacker's landing does not).
func (f *fxRef) landings(st *refState, p *Position, m Move) []int {
	var ld *rules.Landing
	if f.r.Contacts != nil {
		ld = f.r.Contacts.Landing
	}
	if ld == nil && f.r.Strike != nil {
		ld = f.r.Strike.Landing
	}
	if ld == nil {
		return nil
	}
	var vs [][2]int
	for _, v := range ld.Vectors {
		x, y := v[0], v[1]
		switch ld.Symmetry {
		case "rotate4", "dihedral8":
			vs = append(vs, [2]int{x, y}, [2]int{-y, x}, [2]int{-x, -y}, [2]int{y, -x})
			if ld.Symmetry == "dihedral8" {
				vs = append(vs, [2]int{y, x}, [2]int{-x, y}, [2]int{-y, -x}, [2]int{x, -y})
			}
		case "lateral":
			vs = append(vs, [2]int{x, y}, [2]int{-x, y})
		default:
			vs = append(vs, [2]int{x, y})
		}
	}
	s := p.side
	from, to := m.From(), m.To()
	capSq := f.capSq(p, m)
	var out []int
	for _, v := range vs {
		dx, dy := v[0], v[1]
		if s == 1 {
			dy = -dy
			if f.g.spec.Setup.Rotated() {
				dx = -dx
			}
		}
		x, y := f.fr(from)
		x, y = x+dx, y+dy
		if x < 0 || y < 0 || x >= f.g.w || y >= f.g.h {
			continue
		}
		l := y*f.g.w + x
		if l == to || f.g.wall.has(l) || slices.Contains(out, l) || st.board[l] != 0 && l != from && l != capSq {
			continue
		}
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

func (f *fxRef) capSq(p *Position, m Move) int {
	if m.typ() == moveEnPassant {
		return p.epVictim
	}
	return m.To()
}

// staysPut: a strike or contact with position stay leaves its mover.
func (f *fxRef) staysPut(st *refState, p *Position, m Move) bool {
	kind, _ := f.capture(st, p, m, true)
	return kind == "stay" || kind == "cstay"
}

// capture says which rule a capture falls under ("plain", "explode",
// "contact", "strike"; "cstay" and "stay" for a contact or strike with
// position stay) and
// what survives of the struck piece (0 removed), without changing st.
func (f *fxRef) capture(st *refState, p *Position, m Move, _ bool) (string, uint8) {
	if m.typ() == moveDrop || m.typ() == moveCastle {
		return "", 0
	}
	mover := st.board[m.From()]
	victim := st.board[f.capSq(p, m)]
	if victim == 0 || mover == 0 {
		return "", 0
	}
	own := codeOwner(victim) == codeOwner(mover)
	mid, vid := f.id(mover), f.id(victim)
	if x := f.r.ExplodeOnCapture; x != nil && !own && (x.By == nil || listed(x.By, mid)) && (x.Of == nil || listed(x.Of, vid)) {
		return "explode", 0
	}
	if codeOwner(victim) == wildOwner {
		return "plain", 0 // a wild piece is removed as usual
	}
	if ct := f.r.Contacts; ct != nil && !listed(ct.Immune, mid) && !listed(ct.Immune, vid) {
		for _, l := range ct.Links {
			if l.Mover == mid && l.Onto == vid && l.Own == own {
				var surv uint8
				if l.OntoTo != "" {
					surv = pieceCode(f.g.ids[l.OntoTo], codeOwner(victim))
				}
				if ct.PositionOrDefault() == "stay" {
					return "cstay", surv
				}
				return "contact", surv
			}
		}
	}
	if sk := f.r.Strike; sk != nil && !own && !listed(sk.Immune, vid) {
		var surv uint8
		if sk.EffectOrDefault() != "capture" {
			for _, l := range sk.Chain {
				if l.From == vid {
					surv = pieceCode(f.g.ids[l.To], codeOwner(victim))
				}
			}
		} else if sk.PositionOrDefault() == "home" {
			surv = victim
		}
		if sk.PositionOrDefault() == "stay" {
			return "stay", surv
		}
		return "strike", surv
	}
	return "plain", 0
}

// home is where a struck piece c goes under position home from a capture
// on sq, -1 for nowhere: one of its side's setup squares of its type; at
// most one per colour: the one on sq's colour; otherwise the one on sq's
// file, else on sq's colour; failing both the nearest (king steps, the
// lowest square on a tie).
func (f *fxRef) home(st *refState, c uint8, sq int) int {
	g := f.g
	owner := codeOwner(c)
	var homes []int
	for _, pl := range g.spec.Setup.Placements {
		if pl.Piece != f.id(c) {
			continue
		}
		for _, name := range pl.Squares {
			h := f.square(name)
			if pl.Player == owner {
				homes = append(homes, h)
			}
			if g.spec.Setup.Mirrored() && pl.Player == 0 && owner == 1 {
				homes = append(homes, f.mirror(h))
			}
		}
	}
	slices.Sort(homes)
	colour := func(t int) int { x, y := f.fr(t); return (x + y) & 1 }
	nearest := func(ok func(int) bool) int {
		best, bd := -1, 1<<30
		for _, t := range homes {
			x, y := f.fr(t)
			sx, sy := f.fr(sq)
			if d := max(abs(x-sx), abs(y-sy)); ok(t) && d < bd {
				best, bd = t, d
			}
		}
		return best
	}
	per := [2]int{}
	for _, t := range homes {
		per[colour(t)]++
	}
	same := func(t int) bool { return colour(t) == colour(sq) }
	any := func(int) bool { return true }
	h := -1
	if per[0] <= 1 && per[1] <= 1 {
		if h = nearest(same); h < 0 {
			h = nearest(any)
		}
	} else {
		fx, _ := f.fr(sq)
		if h = nearest(func(t int) bool { x, _ := f.fr(t); return x == fx }); h < 0 {
			if h = nearest(same); h < 0 {
				h = nearest(any)
			}
		}
	}
	if h >= 0 && st.board[h] != 0 {
		return -1
	}
	return h
}

// play is the position after m: what the move and its capture do, then
// the wild pieces' step, then the claims.
func (f *fxRef) play(p *Position, m Move) refState {
	st := f.state(p)
	f.apply(&st, p, m, true)
	return st
}

// apply plays m on st; with step, the wild pieces walk and ground is claimed.
func (f *fxRef) apply(st *refState, p *Position, m Move, step bool) {
	g := f.g
	s := p.side
	from, to := m.From(), m.To()
	var claims []int
	take := func(sq int) { // a capture of the piece on sq by the mover
		if c := st.board[sq]; codeOwner(c) == wildOwner && c != 0 {
			st.taken[s][f.rEntry[f.routeOf(sq)]]++
		}
		st.board[sq] = 0
	}
	switch m.typ() {
	case moveDrop:
		k := m.aux2()
		if pr := m.Promotion(); pr >= 0 {
			k = pr
		}
		st.board[to] = pieceCode(k, s)
		claims = append(claims, to)
	case moveCastle:
		king, rook := st.board[from], st.board[m.aux()]
		st.board[from], st.board[m.aux()] = 0, 0
		st.board[to], st.board[m.aux2()] = king, rook
		claims = append(claims, to, m.aux2())
	default:
		mover := st.board[from]
		np := mover
		if pr := m.Promotion(); pr >= 0 {
			np = pieceCode(pr, s)
		}
		capSq := f.capSq(p, m)
		how, surv := f.capture(st, p, m, false)
		victim := st.board[capSq]
		switch how {
		case "":
			st.board[from] = 0
			st.board[to] = np
			claims = append(claims, to)
		case "plain":
			take(capSq)
			st.board[from] = 0
			st.board[to] = np
			claims = append(claims, to)
		case "explode":
			x := f.r.ExplodeOnCapture
			take(capSq)
			st.board[from] = 0
			tx, ty := f.fr(to)
			for sq := 0; sq < g.n; sq++ {
				sx, sy := f.fr(sq)
				if sq != to && max(abs(sx-tx), abs(sy-ty)) <= x.RadiusOrDefault() && st.board[sq] != 0 && !listed(x.Immune, f.id(st.board[sq])) {
					st.board[sq] = 0
				}
			}
			claims = append(claims, to)
		default: // a contact or a strike
			// The mover lands as what the link makes it (a promotion
			// wins) or changes sides if it switches; staying, it does
			// not promote.
			landed, stayed := np, mover
			if how == "contact" || how == "cstay" {
				if l := f.link(mover, victim); l.MoverTo != "" {
					stayed = pieceCode(g.ids[l.MoverTo], s)
					if m.Promotion() < 0 {
						landed = stayed
					}
				}
			} else if listed(f.r.Strike.SwitchesSides, f.id(mover)) {
				landed ^= 1
				stayed ^= 1
			}
			if surv == 0 && codeOwner(victim) != codeOwner(mover) {
				take(capSq)
			}
			st.board[capSq] = 0
			switch pos := f.position(); {
			case how == "stay" || how == "cstay":
				st.board[from] = stayed
				st.board[capSq] = surv
			case pos == "swap":
				st.board[from] = surv
				st.board[to] = landed
				claims = append(claims, to)
			default:
				st.board[from] = 0
				st.board[to] = landed
				claims = append(claims, to)
				if surv != 0 && pos == "choose" && m.hasLanding() {
					st.board[m.aux2()] = surv
				}
				if surv != 0 && pos == "home" {
					if h := f.home(st, surv, capSq); h >= 0 {
						st.board[h] = surv
					}
				}
			}
		}
	}
	if !step {
		return
	}
	f.walk(st)
	if t := f.r.Territory; t != nil {
		for _, sq := range claims {
			if old := st.claim[sq]; old == 0 || t.Mode != "permanent" {
				st.claim[sq] = uint8(s + 1)
			}
		}
	}
}

func (f *fxRef) link(mover, victim uint8) *rules.ContactLink {
	ct := f.r.Contacts
	if ct == nil {
		return nil
	}
	for i, l := range ct.Links {
		if l.Mover == f.id(mover) && l.Onto == f.id(victim) && l.Own == (codeOwner(mover) == codeOwner(victim)) {
			return &ct.Links[i]
		}
	}
	return nil
}

// walk steps every wild piece to the next square of its route, eating
// what its type may capture and waiting before what it may not; one that
// finds another in its way waits behind it unless that one moves on.
func (f *fxRef) walk(st *refState) {
	for _, rt := range f.routes {
		n := len(rt)
		moves := make([]bool, n)
		// Decide from each piece forward; a line of them moves as its
		// front does, and a route full of them waits.
		decide := func(i int) bool {
			for hops := 0; hops < n; hops++ {
				j := (i + 1) % n
				c := st.board[rt[j]]
				if c == 0 {
					return true
				}
				if codeOwner(c) != wildOwner {
					return f.mayCapture(st.board[rt[i]], c)
				}
				i = j
			}
			return false
		}
		wild := make([]uint8, n)
		for i, sq := range rt {
			if c := st.board[sq]; c != 0 && codeOwner(c) == wildOwner {
				wild[i] = c
				moves[i] = n > 1 && decide(i)
			}
		}
		for i, sq := range rt {
			if moves[i] {
				st.board[sq] = 0
			}
		}
		for i := range rt {
			if moves[i] {
				st.board[rt[(i+1)%n]] = wild[i]
			}
		}
	}
}

// royals lists a player's royal squares on st.
func (f *fxRef) royals(st *refState, s int) []int {
	var out []int
	for sq := 0; sq < f.g.n; sq++ {
		if c := st.board[sq]; f.royal(c) && codeOwner(c) == s {
			out = append(out, sq)
		}
	}
	return out
}

// attacked: the royal of player s on r is in check on st: a piece of the
// other player could capture it without the capture also destroying one
// of its own royals, or it stands where a wild piece steps next, a type
// that may capture it.
func (f *fxRef) attacked(st *refState, s, r int) bool {
	opp := s ^ 1
	q := f.withBoard(st, opp, nil)
	for sq := 0; sq < f.g.n; sq++ {
		if c := st.board[sq]; c == 0 || codeOwner(c) != opp {
			continue
		}
		for _, m := range q.genPiece(nil, sq, true) {
			if m.To() != r {
				continue
			}
			after := *st
			f.apply(&after, &Position{side: opp}, m, false)
			if len(f.royals(&after, opp)) == len(f.royals(st, opp)) {
				return true
			}
		}
	}
	for _, rt := range f.routes {
		for i, sq := range rt {
			if w := st.board[sq]; w != 0 && codeOwner(w) == wildOwner && rt[(i+1)%len(rt)] == r && rt[(i+1)%len(rt)] != sq && f.mayCapture(w, st.board[r]) {
				return true
			}
		}
	}
	return false
}

// legal: under checkmate a move may not leave its player in check nor
// lose its last royal; one that destroys the other player's last royal
// (by explosion, or a wild piece eating it) ends the game and stands.
// Castling may not start in, or pass through, check.
func (f *fxRef) legal(p *Position, m Move) bool {
	if f.g.spec.Rules.Win != "checkmate" {
		return true
	}
	s := p.side
	before := f.state(p)
	after := f.play(p, m)
	own, enemy := f.royals(&after, s), f.royals(&after, s^1)
	if len(f.royals(&before, s)) > 0 && len(own) == 0 {
		return false
	}
	if len(f.royals(&before, s^1)) > 0 && len(enemy) == 0 && (f.r.ExplodeOnCapture != nil || f.r.NPCs != nil) {
		return true
	}
	if m.typ() == moveCastle && f.royal(before.board[m.From()]) {
		from, to := m.From(), m.To()
		step := 1
		if to < from {
			step = -1
		}
		for sq := from; sq != to; sq += step {
			lifted := before
			king := lifted.board[from]
			lifted.board[from] = 0
			lifted.board[sq] = king
			if f.attacked(&lifted, s, sq) {
				return false
			}
		}
	}
	if len(own) == 0 {
		return true
	}
	for _, r := range own {
		if !f.attacked(&after, s, r) {
			return true
		}
	}
	return false
}

// refKey names a move by what it does, whatever the engine's flag bits.
func refKey(m Move) string {
	k := fmt.Sprintf("%d-%d-%d-%d", m.From(), m.To(), m.Promotion(), m.typ())
	if m.hasLanding() {
		k += fmt.Sprintf(">%d", m.aux2())
	}
	return k
}

// TestEffectsMatchReference plays random games of every file with capture
// effects, territory or wild pieces: at each position the engine's legal
// moves must be the reference's, and after each of them the board, the
// claims and the bounties taken must be the reference's.
func TestEffectsMatchReference(t *testing.T) {
	games, plies := 3, 120
	if testing.Short() {
		games, plies = 1, 60
	}
	seen := 0
	for _, ng := range allGames(t) {
		if ng.g.fx == nil || !strings.HasPrefix(ng.name, "rulesets/") {
			continue
		}
		seen++
		t.Run(ng.name, func(t *testing.T) {
			f := newFxRef(ng.g)
			rng := rand.New(rand.NewPCG(13, uint64(len(ng.name))))
			for game := 0; game < games; game++ {
				p := ng.g.NewPosition()
				for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
					got := p.LegalMoves(nil)
					var want []Move
					for _, m := range f.pseudo(p) {
						if f.legal(p, m) {
							want = append(want, m)
						}
					}
					a, b := keys(got), keys(want)
					if !slices.Equal(a, b) {
						t.Fatalf("%s:\nengine    %v\nreference %v", p.FEN(), moveStrings(p, got), moveStrings(p, want))
					}
					for _, m := range got {
						want := f.play(p, m)
						ms := p.MoveString(m)
						p.Make(m)
						if have := f.state(p); have != want {
							t.Fatalf("after %s from %s: engine %s, reference differs (%s)", ms, p.undoFEN(), p.FEN(), diffState(f, &have, &want))
						}
						p.Unmake()
					}
					p.Make(got[rng.IntN(len(got))])
				}
			}
		})
	}
	if seen < 9 {
		t.Errorf("only %d rule files with capture effects, territory or wild pieces", seen)
	}
}

func keys(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = refKey(m)
	}
	slices.Sort(out)
	return out
}

func diffState(f *fxRef, a, b *refState) string {
	var d []string
	for sq := 0; sq < f.g.n; sq++ {
		if a.board[sq] != b.board[sq] {
			d = append(d, fmt.Sprintf("%s: %s vs %s", f.g.names[sq], f.g.tokens[a.board[sq]], f.g.tokens[b.board[sq]]))
		}
		if a.claim[sq] != b.claim[sq] {
			d = append(d, fmt.Sprintf("claim %s: %d vs %d", f.g.names[sq], a.claim[sq], b.claim[sq]))
		}
	}
	if a.taken != b.taken {
		d = append(d, fmt.Sprintf("taken %v vs %v", a.taken, b.taken))
	}
	return strings.Join(d, "; ")
}
