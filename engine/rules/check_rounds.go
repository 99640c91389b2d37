package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Agreement checks for who moves and when: rules.simultaneous and the
// per-piece keys that belong to it (beats, spy, speed), and rest.

// checkSimultaneous: a win that needs no check, none of the rules a round
// cannot play, and the tie, swap and both switches each able to matter.
func (c *checker) checkSimultaneous() {
	r := &c.s.Rules
	sim := r.Simultaneous
	if sim == nil || !c.ok("rules.simultaneous") {
		return
	}
	const sp = "rules.simultaneous"
	if c.ok("rules.win") {
		if w := r.WinOrDefault(); w != WinRoyalCapture && w != WinAnnihilation && w != WinNone {
			c.add("rules.win", "rules.simultaneous requires rules.win 'royal_capture', 'annihilation' or 'none': there is no check in a game played in rounds, got %s", quote(w))
		}
	}
	without := func(what string, on bool, path string) {
		if on && c.ok(path) {
			c.add(sp, "rules.simultaneous cannot be used with %s", what)
		}
	}
	without("rules.castling", r.Castling != nil, "rules.castling")
	without("rules.en_passant", r.EnPassant, "rules.en_passant")
	for i, p := range c.s.Pieces {
		for j, m := range p.Moves {
			mp := fmt.Sprintf("pieces[%d].moves[%d]", i, j)
			without("a sweep ("+mp+")", m.Kind == KindSweep, mp)
		}
	}
	without("rules.forbid_check: there is no check in a game played in rounds", r.ForbidCheck, "rules.forbid_check")
	without("rules.check_limit: there is no check in a game played in rounds", r.CheckLimit != 0, "rules.check_limit")
	without("rules.royal_facing 'forbidden': there is no check in a game played in rounds", r.RoyalFacing == "forbidden", "rules.royal_facing")
	if t := r.Turn; t != nil {
		without("a turn of more than one move (rules.turn)", turnLonger(t), "rules.turn")
	}
	for g, grp := range r.Portals {
		gp := index("rules.portals", g)
		without("a portal a player moves ("+gp+".moved_by)", grp.movedByAnyone(), gp)
	}
	if st := r.Strike; st != nil {
		without("rules.strike.position 'choose'", st.Position == "choose", "rules.strike.position")
		without("rules.strike.position 'stay'", st.Position == "stay", "rules.strike.position")
	}
	if ct := r.Contacts; ct != nil {
		without("rules.contacts.position 'choose'", ct.Position == "choose", "rules.contacts.position")
	}
	if d := r.Drops; d != nil {
		without("rules.drops.no_mate", d.NoMate != nil, "rules.drops.no_mate")
	}
	if sim.Both == "score" && r.Scoring == nil && c.ok("rules.scoring") {
		c.add(sp+".both", "rules.simultaneous.both 'score' requires rules.scoring: a shared ending goes to the player ahead under it")
	}
	if sim.Tie != "impossible" && sim.Swap != "collision" {
		return
	}
	a, ok := c.appear()
	if !ok {
		return
	}
	own := c.playerPieces(a)
	if sim.Tie == "impossible" {
	tie:
		for _, x := range own[0] {
			for _, y := range own[1] {
				if beats(c.piece(x), y) == beats(c.piece(y), x) {
					c.add(sp+".tie", "rules.simultaneous.tie 'impossible' is not kept: %s of the first player and %s of the second can collide and tie", quote(x), quote(y))
					break tie
				}
			}
		}
	}
	if sim.Swap == "collision" {
		for _, x := range own[0] {
			for _, y := range own[1] {
				if canCapture(c.piece(x), y) && canCapture(c.piece(y), x) {
					return
				}
			}
		}
		c.add(sp+".swap", "rules.simultaneous.swap 'collision' could never apply: no piece of one player can take a piece of the other that can take it back")
	}
}

// turnLonger reports whether some turn is more than one move.
func turnLonger(t *Turn) bool {
	if t.Moves > 1 {
		return true
	}
	for _, n := range t.Ramp {
		if n > 1 {
			return true
		}
	}
	return false
}

// playerPieces is, per player, the pieces they could move in a round, in
// declaration order: what they could have, less portal pieces.
func (c *checker) playerPieces(a [2]map[string]bool) [2][]string {
	var out [2][]string
	for p := 0; p < 2; p++ {
		for _, id := range c.sortedKeys(a[p]) {
			if _, portal := c.portalPiece[id]; !portal {
				out[p] = append(out[p], id)
			}
		}
	}
	return out
}

// checkRounds: beats, spy and speed belong to a game in rounds and not to
// portal or wild pieces; a spy game's spies; rest's exclusions.
func (c *checker) checkRounds() {
	r := &c.s.Rules
	simOK := c.ok("rules.simultaneous")
	inRounds := r.Simultaneous != nil
	notOn := func(path, key, id string) {
		if g, portal := c.portalPiece[id]; portal && c.ok("rules.portals") {
			c.add(path, "%s is not for a portal piece (rules.portals[%d])", path, g)
		} else if k, wild := c.npcPiece[id]; wild && key != "beats" && c.ok("rules.npcs") {
			c.add(path, "%s is not for a wild piece (rules.npcs[%d])", path, k)
		}
	}
	var spies []int
	speeds := false
	for i := range c.s.Pieces {
		p := &c.s.Pieces[i]
		pp := index("pieces", i)
		idOK := c.ok(pp + ".id")
		if c.written(pp+".beats") && idOK {
			if simOK && !inRounds {
				c.add(pp+".beats", "%s.beats requires rules.simultaneous: it decides collisions, which happen only in a game played in rounds", pp)
			}
			notOn(pp+".beats", "beats", p.ID)
			c.checkBeatsDefault(pp, p)
		}
		if c.written(pp+".speed") && idOK {
			speeds = true
			if simOK && !inRounds {
				c.add(pp+".speed", "%s.speed requires rules.simultaneous: it orders the two moves of a round", pp)
			}
			notOn(pp+".speed", "speed", p.ID)
		}
		if c.written(pp+".rest") && idOK {
			notOn(pp+".rest", "rest", p.ID)
			if t := r.Turn; t != nil && c.ok("rules.turn") && turnLonger(t) {
				c.add(pp+".rest", "%s.rest cannot be used with a turn of more than one move (rules.turn)", pp)
			}
		}
		if p.Spy && idOK {
			spies = append(spies, i)
			if simOK && !inRounds {
				c.add(pp+".spy", "%s.spy requires rules.simultaneous: a spy game is played in rounds once a spy is lost", pp)
			}
			if p.Royal && c.ok(pp+".royal") {
				c.add(pp+".spy", "%s.spy may not be on a royal piece", pp)
			}
		}
	}
	if len(spies) > 0 {
		c.checkSpies(spies)
	}
	if speeds && inRounds && simOK {
		c.checkSpeeds()
	}
}

// checkSpies: both players start with a spy, nothing brings one back, and
// the other player can remove it.
func (c *checker) checkSpies(spies []int) {
	r := &c.s.Rules
	isSpy := map[string]bool{}
	for _, i := range spies {
		isSpy[c.s.Pieces[i].ID] = true
	}
	names := func() string {
		var ids []string
		for _, i := range spies {
			ids = append(ids, c.s.Pieces[i].ID)
		}
		return describe(ids)
	}
	if c.setupOK {
		for p := 0; p < 2; p++ {
			has := false
			for _, st := range c.start[p] {
				has = has || isSpy[st.id]
			}
			if !has {
				c.add("setup", "setup gives %s no spy (%s): in a spy game both players start with a spy on the board", playerName(p), names())
			}
		}
	}
	back := func(path, how string) {
		c.add(path, "%s %s: nothing may bring a spy back", path, how)
	}
	for k, pr := range r.Promotion {
		pp := c.promotionPath(k)
		if !c.ok(pp) {
			continue
		}
		for _, t := range pr.To {
			if isSpy[t] {
				back(pp+".to", "promotes to the spy "+quote(t))
			}
		}
		if pr.ToByPlayer != nil {
			for _, t := range append(append([]string{}, pr.ToByPlayer.P0...), pr.ToByPlayer.P1...) {
				if isSpy[t] {
					back(pp+".to_by_player", "promotes to the spy "+quote(t))
					break
				}
			}
		}
	}
	if d := r.Drops; d != nil && c.ok("rules.drops") {
		for _, id := range sortedMapKeys(d.Stock) {
			if isSpy[id] {
				back("rules.drops.stock", "holds the spy "+quote(id))
			}
		}
		if d.FillsFromCaptures() {
			back("rules.drops.from_captures", "cannot be used in a spy game, since a captured spy would go to a hand")
		}
	}
	if st := r.Strike; st != nil && c.ok("rules.strike") {
		if st.SwitchesSides != nil {
			back("rules.strike.switches_sides", "cannot be used in a spy game, since a spy that changes sides is one more spy")
		}
		for i, l := range st.Chain {
			if isSpy[l.To] {
				back(index("rules.strike.chain", i)+".to", "turns a struck piece into the spy "+quote(l.To))
			}
		}
	}
	if ct := r.Contacts; ct != nil && c.ok("rules.contacts") {
		for i, l := range ct.Links {
			for _, to := range []string{l.MoverTo, l.OntoTo} {
				if isSpy[to] {
					back(index("rules.contacts.links", i), "turns a piece into the spy "+quote(to))
				}
			}
		}
	}
	a, ok := c.appear()
	if !ok {
		return
	}
	for _, i := range spies {
		id := c.s.Pieces[i].ID
		for p := 0; p < 2; p++ {
			removable := false
			for x := range a[1-p] {
				if _, portal := c.portalPiece[x]; !portal && canCapture(c.piece(x), id) {
					removable = true
				}
			}
			if !removable && a[p][id] {
				c.add(index("pieces", i)+".spy", "pieces[%d].spy could never be lost: nothing %s can have may capture %s", i, playerName(1-p), quote(id))
				break
			}
		}
	}
}

// checkSpeeds: the speeds in use run 0, 1, 2, ... with none skipped, and
// some piece of one player differs in speed from some piece of the other.
func (c *checker) checkSpeeds() {
	a, ok := c.appear()
	if !ok {
		return
	}
	own := c.playerPieces(a)
	inUse := map[int]bool{}
	for p := 0; p < 2; p++ {
		for _, id := range own[p] {
			inUse[c.piece(id).Speed] = true
		}
	}
	var used []int
	for v := range inUse {
		used = append(used, v)
	}
	sort.Ints(used)
	for want, v := range used {
		if v != want {
			c.add("pieces", "the speeds in use skip %d: they must be 0, 1, 2, ... with none skipped (0 for every piece that names none), got %s", want, intList(used))
			return
		}
	}
	for _, x := range own[0] {
		for _, y := range own[1] {
			if c.piece(x).Speed != c.piece(y).Speed {
				return
			}
		}
	}
	c.add("pieces", "the speeds never differ between the players: some piece of one player must differ in speed from some piece of the other")
}

func intList(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// sortedMapKeys is a map's keys in sorted order.
func sortedMapKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkBeatsDefault: beats is never written out as its default, the
// piece's captures or (without captures) every piece.
func (c *checker) checkBeatsDefault(pp string, p *Piece) {
	if !c.idsOK || !c.ok(pp+".beats", pp+".captures") {
		return
	}
	if p.Captures != nil {
		if sameSet(p.Beats, p.Captures) {
			c.add(pp+".beats", "%s.beats repeats its default, the piece's captures: leave it out", pp)
		}
		return
	}
	all := make([]string, 0, len(c.ids))
	for id := range c.ids {
		all = append(all, id)
	}
	if sameSet(p.Beats, all) {
		c.add(pp+".beats", "%s.beats repeats its default, every piece: leave it out", pp)
	}
}
