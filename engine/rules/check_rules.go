package rules

import (
	"strings"
)

// Agreement checks for how a game is won and chess's own rules.

// checkWin: checkmate and royal capture need a royal piece to aim at, and
// rules.checkmate says something only where checkmate exists.
func (c *checker) checkWin() {
	r := &c.s.Rules
	if !c.ok("rules.win") {
		return
	}
	win := r.WinOrDefault()
	// In rounds checkmate is refused outright by checkSimultaneous.
	if win == WinRoyalCapture || win == WinCheckmate && r.Simultaneous == nil {
		if royal, ok := c.hasRoyal(); ok && !royal[0] && !royal[1] {
			c.add("rules.win", "rules.win %s could never happen: no army has a royal piece; use 'annihilation' or 'none'", quote(win))
		}
	}
	if r.Checkmate == "win" && win != WinCheckmate && c.ok("rules.checkmate") {
		c.add("rules.checkmate", "rules.checkmate 'win' could never apply: rules.win is %s, so no one is ever checkmated", quote(win))
	}
}

// promotionZone is the set of squares where promotion rule pr promotes the
// first player's piece; ok is false when the board is not readable.
func (c *checker) promotionZone(pr *Promotion) (map[Square]bool, bool) {
	if !c.boardOK {
		return nil, false
	}
	zone := map[Square]bool{}
	for _, sq := range pr.Zone(c.s.Board) {
		zone[sq] = true
	}
	return zone, true
}

// checkPromotion: declared pieces, one spelling of the zone and of the
// targets, a zone on this board, and only_lost's restrictions.
func (c *checker) checkPromotion() {
	r := &c.s.Rules
	b := c.s.Board
	promoter := map[string]int{}
	for k := range r.Promotion {
		pr := &r.Promotion[k]
		pp := c.promotionPath(k)
		if !c.ok(pp) {
			if pr.Piece != "" {
				c.refOK(pp+".piece", pr.Piece)
			}
			continue
		}
		if c.refOK(pp+".piece", pr.Piece) {
			if j, dup := promoter[pr.Piece]; dup {
				c.add(pp+".piece", "%s.piece %s already promotes by %s: one rule per promoting piece", pp, quote(pr.Piece), c.promotionPath(j))
			} else {
				promoter[pr.Piece] = k
			}
		}
		if pr.To != nil {
			c.refsOK(pp+".to", pr.To)
		}
		if pr.ToByPlayer != nil {
			c.refsOK(pp+".to_by_player.0", pr.ToByPlayer.P0)
			c.refsOK(pp+".to_by_player.1", pr.ToByPlayer.P1)
		}
		switch {
		case pr.To != nil && pr.ToByPlayer != nil:
			c.add(pp, "%s gives both to and to_by_player: to_by_player is instead of to", pp)
		case pr.To == nil && pr.ToByPlayer == nil:
			c.add(pp, "%s has nowhere to promote to: give to or to_by_player", pp)
		}
		var spellings []string
		for _, k := range []string{"rank", "ranks", "squares"} {
			if c.written(pp + "." + k) {
				spellings = append(spellings, k)
			}
		}
		if len(spellings) > 1 {
			c.add(pp, "%s gives %s: a zone is one of rank, ranks or squares", pp, strings.Join(spellings, " and "))
		}
		if c.boardOK {
			if b.IsHex() {
				for _, k := range spellings {
					if k != "squares" {
						c.add(pp+"."+k, "%s.%s is not a spelling on a hex lattice: give the zone as squares", pp, k)
					}
				}
				if len(spellings) == 0 {
					c.add(pp, "%s requires squares on a hex lattice: squares is the only spelling of a zone there", pp)
				}
			} else {
				if pr.Rank != nil && !pr.Rank.Last && pr.Rank.Index >= b.Height {
					c.add(pp+".rank", "%s.rank %d is not a rank on this board (0 to %d)", pp, pr.Rank.Index, b.Height-1)
				}
				for _, rk := range pr.Ranks {
					if rk >= b.Height {
						c.add(pp+".ranks", "%s.ranks entry %d is not a rank on this board (0 to %d)", pp, rk, b.Height-1)
					}
				}
			}
		}
		if pr.Squares != nil {
			c.squares(pp+".squares", pr.Squares, false)
		}
		if pr.OnlyLost {
			c.checkOnlyLost(pp, pr)
		}
	}
}

// checkOnlyLost: every target in both armies' setup; not beside drops that
// fill from captures, a circe strike or promote_on_entry.
func (c *checker) checkOnlyLost(pp string, pr *Promotion) {
	r := &c.s.Rules
	if c.setupOK {
		var placed [2]map[string]bool
		for p := 0; p < 2; p++ {
			placed[p] = map[string]bool{}
			for _, st := range c.start[p] {
				placed[p][st.id] = true
			}
		}
		check := func(path string, ids []string) {
			for _, id := range ids {
				if c.piece(id) != nil && (!placed[0][id] || !placed[1][id]) {
					c.add(path, "%s entry %s is not in both armies' setup: only_lost offers a piece only once its side has lost one", path, quote(id))
				}
			}
		}
		if pr.To != nil {
			check(pp+".to", pr.To)
		}
		if pr.ToByPlayer != nil {
			check(pp+".to_by_player.0", pr.ToByPlayer.P0)
			check(pp+".to_by_player.1", pr.ToByPlayer.P1)
		}
	}
	if d := r.Drops; d != nil && d.FillsFromCaptures() && c.ok("rules.drops.from_captures") {
		c.add(pp+".only_lost", "%s.only_lost cannot be used with rules.drops filling from captures: a piece lost to the hand comes back", pp)
	}
	if st := r.Strike; st != nil && st.Position == "home" && c.ok("rules.strike.position") {
		c.add(pp+".only_lost", "%s.only_lost cannot be used with a circe strike (rules.strike.position 'home'): a taken piece goes back to its home square", pp)
	}
	if r.PromoteOnEntry && c.ok("rules.promote_on_entry") {
		c.add(pp+".only_lost", "%s.only_lost cannot be used with rules.promote_on_entry", pp)
	}
}

// checkEnPassant: en passant needs promotion, and a promoting piece with a
// move long enough to pass a square it could be taken on.
func (c *checker) checkEnPassant() {
	r := &c.s.Rules
	if !r.EnPassant || !c.ok("rules.en_passant", "rules.promotion") {
		return
	}
	if len(r.Promotion) == 0 {
		c.add("rules.en_passant", "rules.en_passant requires rules.promotion: en passant is defined against the promoting piece, so there must be one")
		return
	}
	if !c.piecesOK || !c.boardOK {
		return
	}
	for _, pr := range r.Promotion {
		p := c.piece(pr.Piece)
		if p == nil {
			return // reported by checkPromotion
		}
		for _, m := range p.Moves {
			if m.ModeOrDefault() == ModeCapture {
				continue
			}
			switch m.Kind {
			case KindSlide:
				if rg := m.RangeOrDefault(); rg == 0 || rg >= 2 {
					return
				}
			case KindLeap, KindLame:
				for _, v := range m.Vectors {
					if stepLength(v, c.s.Board.IsHex()) >= 2 {
						return
					}
				}
			}
		}
	}
	c.add("rules.en_passant", "rules.en_passant could never apply: no promoting piece has a move of two or more squares to be taken in passing")
}

// fileIndex reads a castling file letter, -1 when it is not one.
func fileIndex(s string) int {
	if len(s) != 1 || s[0] < 'a' || s[0] > 'p' {
		return -1
	}
	return int(s[0] - 'a')
}

// checkCastling: declared pieces, one way to say where the king lands,
// files on the board, and a king and partner that can ever castle.
func (c *checker) checkCastling() {
	cs := c.s.Rules.Castling
	if cs == nil {
		return
	}
	const cp = "rules.castling"
	king := c.refOK(cp+".king", cs.King)
	rook := c.refOK(cp+".rook", cs.Rook)
	if cs.KingSteps != nil && cs.KingFile != nil {
		c.add(cp, "rules.castling gives both king_steps and king_file: king_file is instead of king_steps")
	}
	w := c.s.Board.Width
	filesOK := true
	for _, f := range []struct {
		path string
		side *SideFiles
	}{{cp + ".king_file", cs.KingFile}, {cp + ".rook_file", cs.RookFile}} {
		if f.side == nil || !c.boardOK || !c.ok(f.path) {
			continue
		}
		for _, s := range []struct{ name, file string }{{"kingside", f.side.Kingside}, {"queenside", f.side.Queenside}} {
			if i := fileIndex(s.file); i < 0 || i >= w {
				c.add(f.path+"."+s.name, "%s.%s %s is not a file on this board (a to %s)", f.path, s.name, quote(s.file), string(rune('a'+w-1)))
				filesOK = false
			}
		}
	}
	if !king || !rook || !c.setupOK || !filesOK || !c.ok(cp) {
		return
	}
	steps := cs.KingStepsOrDefault()
	partnered, fits := false, false
	for p := 0; p < 2; p++ {
		for _, k := range c.start[p] {
			if k.id != cs.King {
				continue
			}
			for _, r := range c.start[p] {
				if r.id != cs.Rook || r.sq.Rank != k.sq.Rank || r.sq == k.sq {
					continue
				}
				partnered = true
				land := k.sq.File + steps
				if r.sq.File < k.sq.File {
					land = k.sq.File - steps
				}
				if cs.KingFile != nil || (land >= 0 && land < w) {
					fits = true
				}
			}
		}
	}
	switch {
	case !partnered:
		c.add(cp, "rules.castling could never happen: no %s starts on the rank of a %s of its side", quote(cs.Rook), quote(cs.King))
	case !fits:
		c.add(cp+".king_steps", "rules.castling.king_steps %d takes %s off the board on every side it could castle", steps, quote(cs.King))
	}
}

// checkCheckRules: forbid_check, check_limit, royal_facing and bare_royal
// each need royal pieces to act on, and giving checks to win cannot go with
// giving none.
func (c *checker) checkCheckRules() {
	r := &c.s.Rules
	royal, known := c.hasRoyal()
	none := known && !royal[0] && !royal[1]
	if r.ForbidCheck && c.ok("rules.forbid_check") && none {
		c.add("rules.forbid_check", "rules.forbid_check could never apply: no army has a royal piece to check")
	}
	if r.CheckLimit != 0 && c.ok("rules.check_limit") {
		switch {
		case r.ForbidCheck && c.ok("rules.forbid_check"):
			c.add("rules.check_limit", "rules.check_limit cannot be used with rules.forbid_check: no check could ever be given")
		case none:
			c.add("rules.check_limit", "rules.check_limit could never be reached: no army has a royal piece to check")
		}
	}
	if r.RoyalFacing == "forbidden" && c.ok("rules.royal_facing") && known && (!royal[0] || !royal[1]) {
		c.add("rules.royal_facing", "rules.royal_facing 'forbidden' could never apply: it needs a royal piece in each army")
	}
	if r.BareRoyal != "" && c.ok("rules.bare_royal") && none {
		c.add("rules.bare_royal", "rules.bare_royal could never apply: no army has a royal piece")
	}
}

// checkTerritory: a claim must be able to decide something.
func (c *checker) checkTerritory() {
	t := c.s.Rules.Territory
	if t == nil || !c.ok("rules.territory") {
		return
	}
	if t.WinAt > 0 && c.boardOK && c.wallsOK {
		n := 0
		for _, sq := range c.s.Board.Cells() {
			if !c.walls[sq] {
				n++
			}
		}
		if t.WinAt > n {
			c.add("rules.territory.win_at", "rules.territory.win_at %d is more than the %d squares of this board, so claiming could never win", t.WinAt, n)
		}
	}
	if t.WinAt == 0 && c.ok("rules.scoring") {
		if sc := c.s.Rules.Scoring; sc == nil || sc.CountOrDefault() != "territory" {
			c.add("rules.territory", "rules.territory could never decide anything: win_at is 0 and rules.scoring does not count 'territory'")
		}
	}
}

// checkObstacles: walls on the board, and blocks_leaps only where a leap
// could be stopped.
func (c *checker) checkObstacles() {
	o := c.s.Rules.Obstacles
	if o == nil {
		return
	}
	const op = "rules.obstacles"
	good, _ := c.squares(op+".squares", o.Squares, false)
	if o.Mirror && c.ok(op+".mirror", "setup.orientation") {
		for _, sq := range good {
			if m := c.s.Board.Reflect(sq, c.rotate); !c.s.Board.Contains(m) {
				c.add(op+".squares", "%s.squares entry %s mirrors to %s, which is not a square on this board", op, quote(sq.String()), quote(m.String()))
			}
		}
	}
	if o.BlocksLeaps && c.ok(op+".blocks_leaps") && c.piecesOK && c.boardOK {
		long := false
		for _, p := range c.s.Pieces {
			for _, m := range p.Moves {
				if m.Kind != KindLeap {
					continue
				}
				for _, v := range m.Vectors {
					if stepLength(v, c.s.Board.IsHex()) > 1 {
						long = true
					}
				}
			}
		}
		if !long {
			c.add(op+".blocks_leaps", "rules.obstacles.blocks_leaps could never apply: no piece has a leap longer than one step")
		}
	}
}

// checkScoring: each count needs what it counts.
func (c *checker) checkScoring() {
	sc := c.s.Rules.Scoring
	if sc == nil || !c.ok("rules.scoring") {
		return
	}
	const sp = "rules.scoring"
	count := sc.CountOrDefault()
	switch {
	case count == "region" && sc.Region == nil:
		c.add(sp+".count", "rules.scoring.count 'region' requires rules.scoring.region: the squares being held")
	case count != "region" && sc.Region != nil:
		c.add(sp+".region", "rules.scoring.region is only for count 'region', got count %s", quote(count))
	case count == "territory" && c.s.Rules.Territory == nil && c.ok("rules.territory"):
		c.add(sp+".count", "rules.scoring.count 'territory' requires rules.territory: there is no ground to count")
	case count == "points" && c.s.Rules.NPCs == nil && c.ok("rules.npcs"):
		c.add(sp+".count", "rules.scoring.count 'points' requires rules.npcs: bounties are paid for wild pieces")
	}
	if sc.Region != nil {
		c.squares(sp+".region", sc.Region, false)
	}
}

// checkReach: declared piece, goal squares a piece can stand on, and no
// 'safe' where standing decides nothing.
func (c *checker) checkReach() {
	rc := c.s.Rules.Reach
	if rc == nil {
		return
	}
	const rp = "rules.reach"
	if rc.Piece != "" {
		c.refOK(rp+".piece", rc.Piece)
	}
	c.squares(rp+".squares", rc.Squares, true)
	if rc.On == "leave" && rc.Safe && c.ok(rp+".on", rp+".safe") {
		c.add(rp+".safe", "rules.reach.safe cannot be used with rules.reach.on 'leave': standing on a goal decides nothing there")
	}
}

// checkExtinction: declared pieces, per_type only over two or more types,
// and each player starts with enough that the game is not over at once.
func (c *checker) checkExtinction() {
	e := c.s.Rules.Extinction
	if e == nil {
		return
	}
	const ep = "rules.extinction"
	declared := true
	if !e.Pieces.Any {
		declared = c.refsOK(ep+".pieces", e.Pieces.IDs)
	}
	if e.PerType.On && c.ok(ep+".per_type", ep+".pieces") && (e.Pieces.Any || len(e.Pieces.IDs) < 2) {
		c.add(ep+".per_type", "rules.extinction.per_type requires two or more types listed in rules.extinction.pieces")
		return
	}
	if !declared && !e.Pieces.Any || !c.setupOK || !c.ok(ep, "rules.drops") {
		return
	}
	const unlimited = 1 << 20
	var counts [2]map[string]int
	for p := 0; p < 2; p++ {
		counts[p] = map[string]int{}
		for _, st := range c.start[p] {
			counts[p][st.id]++
		}
		if d := c.s.Rules.Drops; d != nil {
			for id, n := range d.Stock {
				if n.Unlimited {
					counts[p][id] += unlimited
				} else {
					counts[p][id] += n.Count
				}
			}
		}
	}
	min := e.MinCountOrDefault()
	for p := 0; p < 2; p++ {
		switch {
		case e.Pieces.Any:
			total := 0
			for _, n := range counts[p] {
				total += n
			}
			if total < min {
				c.add(ep+".min_count", "rules.extinction: %s starts with %d pieces, fewer than min_count %d, so the game would be over before the first move", playerName(p), total, min)
			}
		case !e.PerType.On:
			total := 0
			for _, id := range e.Pieces.IDs {
				total += counts[p][id]
			}
			if total < min {
				c.add(ep+".min_count", "rules.extinction: %s starts with %d of %s, fewer than min_count %d, so the game would be over before the first move",
					playerName(p), total, strings.Join(quoteAll(e.Pieces.IDs), ", "), min)
			}
		default:
			any := false
			for _, id := range e.Pieces.IDs {
				n := counts[p][id]
				if n > 0 {
					any = true
				}
				if n >= min || (e.PerType.Own && n == 0) {
					continue
				}
				c.add(ep+".min_count", "rules.extinction: %s starts with %d %s, fewer than min_count %d, so the game would be over before the first move", playerName(p), n, quote(id), min)
			}
			if e.PerType.Own && !any {
				c.add(ep+".pieces", "rules.extinction.pieces lists nothing %s starts with: under per_type 'own' list both armies' kinds", playerName(p))
			}
		}
	}
}

// checkPromoteOnEntry: needs promotion and a way in, and some promoting
// piece that could enter play inside its zone.
func (c *checker) checkPromoteOnEntry() {
	r := &c.s.Rules
	if !r.PromoteOnEntry || !c.ok("rules.promote_on_entry", "rules.promotion", "rules.drops", "rules.strike") {
		return
	}
	if len(r.Promotion) == 0 {
		c.add("rules.promote_on_entry", "rules.promote_on_entry requires rules.promotion: it promotes a piece that enters play in its zone")
		return
	}
	strikeIn := map[string]bool{} // pieces a strike can leave standing
	if st := r.Strike; st != nil && (st.Effect == "demote" || st.Effect == "promote") {
		for _, l := range st.Chain {
			strikeIn[l.To] = true
		}
	}
	if r.Drops == nil && len(strikeIn) == 0 {
		c.add("rules.promote_on_entry", "rules.promote_on_entry requires a way into play: rules.drops, or a strike whose chain leaves a piece standing")
		return
	}
	a, ok := c.appear()
	if !ok || !c.boardOK {
		return
	}
	for i := range r.Promotion {
		pr := &r.Promotion[i]
		if strikeIn[pr.Piece] {
			return
		}
		zone, ok := c.promotionZone(pr)
		if !ok || r.Drops == nil || !c.inHand(pr.Piece, a) {
			continue
		}
		region := r.Drops.Region[pr.Piece]
		if region == nil {
			if len(zone) > 0 {
				return
			}
			continue
		}
		for _, name := range region {
			if sq, ok := ParseSquare(name); ok && zone[sq] {
				return
			}
		}
	}
	c.add("rules.promote_on_entry", "rules.promote_on_entry could never apply: no promoting piece could ever enter play inside its zone")
}

// inHand reports whether a hand could ever hold a piece type: stocked, or
// captured (as its original, for a promoted piece) where captures fill it.
func (c *checker) inHand(id string, a [2]map[string]bool) bool {
	d := c.s.Rules.Drops
	if d == nil {
		return false
	}
	if _, ok := d.Stock[id]; ok {
		return true
	}
	if !d.FillsFromCaptures() {
		return false
	}
	for p := 0; p < 2; p++ {
		for x := range a[p] {
			base := x
			if pc := c.piece(x); pc != nil && pc.PromotedFrom != "" {
				base = pc.PromotedFrom
			}
			if base == id {
				return true
			}
			if d.EitherFace && c.piece(id) != nil && c.piece(id).PromotedFrom == base {
				return true
			}
		}
	}
	return false
}

// checkAppearance: drawings only for declared pieces.
func (c *checker) checkAppearance() {
	if c.s.Appearance == nil {
		return
	}
	keys := make([]string, 0, len(c.s.Appearance))
	for id := range c.s.Appearance {
		keys = append(keys, id)
	}
	c.keyRefsOK("appearance", keys)
}

// describe lists ids for a message: 'A', 'B'.
func describe(ids []string) string { return strings.Join(quoteAll(ids), ", ") }
