package engine

import (
	"balancefarm/internal/splitmix"

	"fmt"
	"math"
	"slices"
	"strings"

	"balancefarm/engine/rules"
)

type promoRule struct {
	kind      int
	zone      [maxSeats]bitset
	onLeaving bool
	mandatory bool
	onlyLost  bool
	targets   [maxSeats][]int
	// chooseFacing: every way a target points whose moves differ is a
	// target of its own (schema 30).
	chooseFacing bool
	// rest: the promoted piece rests this many of its owner's turns where
	// it promoted, then goes to the first empty square of home (schema 30).
	rest uint8
	home [maxSeats][]int
}

type castleRule struct {
	king, rook int
	steps      int
	kingFile   [2]int // kingside, queenside; -1 = use steps
	rookFile   [2]int // -1 = the square next to the king's landing
}

type reachRule struct {
	kind    int // -1 any
	goal    [maxSeats]bitset
	safe    bool
	result  string
	onLeave bool
}

type extinctionRule struct {
	any     bool
	kinds   []int
	min     int
	result  string
	perType bool
	own     bool
}

type scoringRule struct {
	count  string
	region [maxSeats]bitset
}

func (g *Game) loadKinds() error {
	ps := g.spec.Pieces
	if len(ps) == 0 || len(ps) > maxKinds {
		return bad("pieces must have 1 to %d entries, got %d", maxKinds, len(ps))
	}
	g.nk = len(ps)
	g.ids = map[string]int{}
	g.kinds = make([]kindInfo, g.nk)
	for i, p := range ps {
		if g.isCopy(i) { // a turned copy (facing.go) shares its piece's id
			g.kinds[i] = kindInfo{id: p.ID, name: p.DisplayName(), value: p.PieceValue(), promo: -1}
			continue
		}
		if n := len(p.ID); n < 1 || n > 2 || strings.ContainsAny(p.ID, " /[]()={}*~:,@+-0123456789") && !validOddID(p.ID) {
			return bad("pieces[%d].id %q must be one or two characters", i, p.ID)
		}
		if _, dup := g.ids[p.ID]; dup {
			return bad("pieces[%d].id %q is declared twice", i, p.ID)
		}
		g.ids[p.ID] = i
		v := p.PieceValue()
		if math.IsNaN(v) || v < 0 || v > 100 {
			return bad("pieces[%d].value must be from 0 to 100", i)
		}
		g.kinds[i] = kindInfo{id: p.ID, name: p.DisplayName(), value: v, royal: p.Royal, promo: -1}
		if p.Royal {
			g.royalMask |= 1 << uint(i+1)
			g.royalKinds = append(g.royalKinds, i)
		}
	}
	g.caseIDs = true
	seen := map[string]bool{}
	for i, k := range g.kinds {
		if g.isCopy(i) || g.IsBodyKind(i) {
			continue
		}
		up := strings.ToUpper(k.id)
		if seen[up] || up == strings.ToLower(k.id) {
			g.caseIDs = false
		}
		seen[up] = true
	}
	g.capturers = make([]uint32, g.nk)
	for i, p := range ps {
		if p.Captures == nil {
			g.kinds[i].capMask = allKinds(g.nk)
		} else {
			for _, id := range p.Captures {
				k, ok := g.ids[id]
				if !ok {
					return bad("pieces[%d].captures entry '%s' is not a declared piece", i, id)
				}
				g.kinds[i].capMask |= 1 << uint(k+1)
			}
			g.kinds[i].capMask = g.widen(g.kinds[i].capMask)
		}
		for v := 0; v < g.nk; v++ {
			if g.kinds[i].capMask>>uint(v+1)&1 != 0 {
				g.capturers[v] |= 1 << uint(i+1)
			}
		}
	}
	return nil
}

// validOddID accepts ids with symbols or digits: the notation writes them in
// parentheses, so any one or two printable characters other than the
// notation's own delimiters will do.
func validOddID(id string) bool {
	if promotedID(id) {
		return true
	}
	for _, c := range id {
		if c <= ' ' || c > '~' || strings.ContainsRune("/[](){}*~:, ", c) {
			return false
		}
	}
	return true
}

// promotedID reports whether an id is Fairy-Stockfish's spelling of a
// promoted piece, "+P" (shogi) or "Q~" (crazyhouse), which the notation
// writes bare so that its FENs load as they are.
func promotedID(id string) bool {
	if len(id) != 2 {
		return false
	}
	letter := func(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
	return id[0] == '+' && letter(id[1]) || letter(id[0]) && id[1] == '~'
}

func allKinds(nk int) uint32 { return (uint32(1)<<uint(nk) - 1) << 1 }

func (g *Game) kindOf(where, id string) (int, error) {
	k, ok := g.ids[id]
	if !ok {
		return 0, bad("%s '%s' is not a declared piece", where, id)
	}
	return k, nil
}

func resultOK(where, r string) error {
	switch r {
	case "win", "loss", "draw":
		return nil
	}
	return bad("%s must be one of win, loss, draw, got %q", where, r)
}

func (g *Game) loadRules() error {
	r := &g.spec.Rules
	g.win = r.WinOrDefault()
	switch g.win {
	case rules.WinCheckmate, rules.WinRoyalCapture, rules.WinAnnihilation, rules.WinNone:
	default:
		return bad("rules.win must be one of checkmate, royal_capture, annihilation, none, got %q", g.win)
	}
	g.checkRules = g.win == rules.WinCheckmate
	g.stalemate = r.StalemateOrDefault()
	if err := resultOK("rules.stalemate", g.stalemate); err != nil {
		return err
	}
	g.checkmate = r.CheckmateOrDefault()
	if g.checkmate != "loss" && g.checkmate != "win" {
		return bad("rules.checkmate must be one of loss, win, got %q", g.checkmate)
	}
	g.mustCapture, g.forbidCheck, g.forbidImmobility = r.MustCapture, r.ForbidCheck, r.ForbidImmobility
	switch r.RoyalFacing {
	case "", "allowed":
	case "forbidden":
		g.royalFacing = true
	default:
		return bad("rules.royal_facing must be one of allowed, forbidden, got %q", r.RoyalFacing)
	}
	if r.BareRoyal != "" {
		if err := resultOK("rules.bare_royal", r.BareRoyal); err != nil {
			return err
		}
		g.bareRoyal = r.BareRoyal
	}
	if r.CheckLimit < 0 || r.CheckLimit > 20 {
		return bad("rules.check_limit must be 1 to 20")
	}
	g.checkLimit = r.CheckLimit

	for i, pr := range r.Promotion {
		where := "rules.promotion"
		if len(r.Promotion) > 1 {
			where = fmt.Sprintf("rules.promotion[%d]", i)
		}
		k, err := g.kindOf(where+".piece", pr.Piece)
		if err != nil {
			return err
		}
		if g.kinds[k].promo >= 0 {
			return bad("%s.piece '%s' has two promotion rules", where, pr.Piece)
		}
		rule := promoRule{kind: k, onLeaving: pr.OnLeaving, mandatory: pr.IsMandatory(), onlyLost: pr.OnlyLost, chooseFacing: pr.ChooseFacing}
		addRank := func(rank int) error {
			if rank < 0 || rank >= g.h {
				return bad("%s: rank %d is not on this board", where, rank)
			}
			for s := 0; s < g.seats; s++ {
				for sq := 0; sq < g.n; sq++ {
					if g.seatRank(s, sq) == rank {
						rule.zone[s].set(sq)
					}
				}
			}
			return nil
		}
		switch {
		case pr.Squares != nil:
			set, err := g.squareSet(where+".squares", pr.Squares, false)
			if err != nil {
				return err
			}
			rule.zone = set
		case pr.Ranks != nil:
			for _, rk := range pr.Ranks {
				if err := addRank(rk); err != nil {
					return err
				}
			}
		case pr.Rank != nil && !pr.Rank.Last:
			if err := addRank(pr.Rank.Index); err != nil {
				return err
			}
		default:
			if err := addRank(g.h - 1); err != nil {
				return err
			}
		}
		for p := 0; p < g.seats; p++ {
			ids := pr.Targets(p)
			if pr.To == nil && pr.ToByPlayer == nil {
				for j, pc := range g.spec.Pieces {
					if pc.PromotedFrom == pr.Piece && !g.isCopy(j) {
						rule.targets[p] = append(rule.targets[p], j)
					}
				}
			}
			for _, id := range ids {
				t, err := g.kindOf(where+".to", id)
				if err != nil {
					return err
				}
				rule.targets[p] = append(rule.targets[p], t)
			}
			if len(rule.targets[p]) == 0 {
				return bad("%s has no piece to promote to", where)
			}
		}
		if pr.Rest < 0 || pr.Rest > 4 {
			return bad("%s.rest must be 1 to 4", where)
		}
		if pr.Rest > 0 && pr.OnLeaving {
			return bad("%s.rest is not for a promotion on_leaving", where)
		}
		if pr.Home != nil && pr.Rest == 0 {
			return bad("%s.home needs rest", where)
		}
		rule.rest = uint8(pr.Rest)
		for _, name := range pr.Home {
			sq, ok := g.parseSquare(name)
			if !ok || g.wall.has(sq) || g.wall.has(g.reflect(sq)) {
				return bad("%s.home entry '%s' is not a square a piece can stand on", where, name)
			}
			for s := 0; s < g.seats; s++ {
				rule.home[s] = append(rule.home[s], g.place(s, sq))
			}
		}
		for p := 0; p < g.seats; p++ {
			for _, t := range rule.targets[p] {
				g.royalPromo = g.royalPromo || g.kinds[t].royal
			}
		}
		g.kinds[k].promo = len(g.promos)
		g.promos = append(g.promos, rule)
		for p := 0; p < g.seats; p++ {
			for sq := 0; sq < g.n; sq++ {
				if rule.onLeaving && rule.zone[p].has(sq) || g.landsIn(p, k, sq, &rule.zone[p]) {
					g.kinds[k].promoFrom[p].set(sq)
				}
			}
		}
	}
	if r.EnPassant {
		if len(g.promos) == 0 {
			return bad("rules.en_passant requires rules.promotion: en passant is defined against the promoting piece, so there must be one")
		}
		g.epOn = true
		for _, pr := range g.promos {
			g.kinds[pr.kind].ep = true
			g.epMask |= 1 << uint(pr.kind+1)
		}
	}
	if c := r.Castling; c != nil {
		cr := &castleRule{steps: c.KingStepsOrDefault(), kingFile: [2]int{-1, -1}, rookFile: [2]int{-1, -1}}
		var err error
		if cr.king, err = g.kindOf("rules.castling.king", c.King); err != nil {
			return err
		}
		if cr.rook, err = g.kindOf("rules.castling.rook", c.Rook); err != nil {
			return err
		}
		if cr.king == cr.rook {
			return bad("rules.castling: king and rook must be different pieces")
		}
		if cr.steps < 1 || cr.steps > 4 {
			return bad("rules.castling.king_steps must be 1 to 4")
		}
		file := func(where, f string) (int, error) {
			if len(f) != 1 || f[0] < 'a' || int(f[0]-'a') >= g.w {
				return 0, bad("%s '%s' is not a file on this board", where, f)
			}
			return int(f[0] - 'a'), nil
		}
		if kf := c.KingFile; kf != nil {
			if cr.kingFile[0], err = file("rules.castling.king_file.kingside", kf.Kingside); err != nil {
				return err
			}
			if cr.kingFile[1], err = file("rules.castling.king_file.queenside", kf.Queenside); err != nil {
				return err
			}
		}
		if rf := c.RookFile; rf != nil {
			if cr.rookFile[0], err = file("rules.castling.rook_file.kingside", rf.Kingside); err != nil {
				return err
			}
			if cr.rookFile[1], err = file("rules.castling.rook_file.queenside", rf.Queenside); err != nil {
				return err
			}
		}
		g.castle = cr
		g.virginKinds |= 1<<uint(cr.king+1) | 1<<uint(cr.rook+1)
		g.castleRel = 1<<uint(cr.king+1) | 1<<uint(cr.rook+1)
	}
	for i, pc := range g.spec.Pieces {
		for _, m := range pc.Moves {
			if m.Condition != nil && m.Condition.FirstMove {
				g.virginKinds |= 1 << uint(i+1)
				g.kinds[i].firstMove = true
			}
		}
	}
	for k := range g.kinds {
		g.kinds[k].virgin = g.virginKinds>>uint(k+1)&1 != 0
	}

	if rc := r.Reach; rc != nil {
		rr := &reachRule{kind: -1, result: rc.Result, onLeave: rc.On == "leave", safe: rc.Safe}
		if rr.result == "" {
			rr.result = "win"
		}
		if err := resultOK("rules.reach.result", rr.result); err != nil {
			return err
		}
		if rc.On != "" && rc.On != "arrive" && rc.On != "leave" {
			return bad("rules.reach.on must be one of arrive, leave, got %q", rc.On)
		}
		if rc.Piece != "" {
			k, err := g.kindOf("rules.reach.piece", rc.Piece)
			if err != nil {
				return err
			}
			rr.kind = k
		}
		if len(rc.Squares) == 0 {
			return bad("rules.reach.squares must have at least 1 entry")
		}
		mirror := MirrorTrue
		if rc.Mirror != nil {
			switch {
			case rc.Mirror.Rotate:
				mirror = MirrorRotate
			case !rc.Mirror.On:
				mirror = MirrorFalse
			}
		}
		for _, s := range rc.Squares {
			sq, ok := g.parseSquare(s)
			if !ok {
				return bad("rules.reach.squares entry '%s' is not a square on this board", s)
			}
			rr.goal[0].set(sq)
			x, y := g.fileOf[sq], g.rankOf[sq]
			switch mirror {
			case MirrorTrue:
				y = g.h - 1 - y
			case MirrorRotate:
				x, y = g.w-1-x, g.h-1-y
			}
			rr.goal[1].set(g.at(g.boardOf(sq), x, y))
		}
		g.reach = rr
	}
	if ex := r.Extinction; ex != nil {
		er := &extinctionRule{any: ex.Pieces.Any, min: ex.MinCountOrDefault(), result: ex.Result, perType: ex.PerType.On, own: ex.PerType.Own}
		if er.result == "" {
			er.result = "loss"
		}
		if err := resultOK("rules.extinction.result", er.result); err != nil {
			return err
		}
		if er.min < 1 || er.min > 64 {
			return bad("rules.extinction.min_count must be 1 to 64")
		}
		if !er.any {
			if len(ex.Pieces.IDs) == 0 {
				return bad("rules.extinction.pieces must be \"any\" or a list of at least 1 piece")
			}
			for _, id := range ex.Pieces.IDs {
				k, err := g.kindOf("rules.extinction.pieces entry", id)
				if err != nil {
					return err
				}
				er.kinds = append(er.kinds, k)
			}
		}
		g.extinction = er
	}
	if sc := r.Scoring; sc != nil {
		sr := &scoringRule{count: sc.CountOrDefault()}
		switch sr.count {
		case "material", "pieces":
		case "points":
			if len(r.NPCs) == 0 {
				return bad("rules.scoring count 'points' needs rules.npcs")
			}
		case "territory":
			if r.Territory == nil {
				return bad("rules.scoring count 'territory' needs rules.territory")
			}
		case "region":
			if len(sc.Region) == 0 {
				return bad("rules.scoring count 'region' needs rules.scoring.region")
			}
			set, err := g.squareSet("rules.scoring.region", sc.Region, false)
			if err != nil {
				return err
			}
			sr.region = set
		default:
			return bad("rules.scoring.count must be one of material, pieces, region, territory, points, got %q", sr.count)
		}
		g.scoring = sr
	}
	g.maxPlies = r.MaxPliesOrDefault()
	g.repetition = r.RepetitionOrDefault()
	g.noProgress = r.NoProgressOrDefault()
	if g.maxPlies < 2 || g.maxPlies > 10000 {
		return bad("rules.max_plies must be 2 to 10000")
	}
	if r.RepetitionDraw != nil && !r.RepetitionDraw.Never && (g.repetition < 2 || g.repetition > 10) {
		return bad("rules.repetition_draw must be 2 to 10 or \"never\"")
	}
	if g.noProgress < 2 || g.noProgress > 1000 {
		return bad("rules.no_progress_draw must be 2 to 1000")
	}
	return nil
}

// Reach mirror modes.
const (
	MirrorTrue = iota
	MirrorFalse
	MirrorRotate
)

func (g *Game) loadSetup() error {
	su := &g.spec.Setup
	if len(su.Placements) == 0 {
		return bad("setup.placements must have at least 1 entry")
	}
	for s := 0; s < g.seats; s++ {
		g.setupCount[s] = make([]int, g.nk)
		g.home[s] = make([]bitset, g.nk)
	}
	place := func(where string, sq, k, p int) error {
		if g.wall.has(sq) {
			return bad("%s: '%s' is a wall", where, g.names[sq])
		}
		if g.start[sq] != 0 {
			if !g.placeSecond(sq, pieceCode(k, p)) {
				return bad("%s: '%s' is already taken", where, g.names[sq])
			}
		} else {
			g.start[sq] = pieceCode(k, p)
		}
		g.setupCount[p][k]++
		g.home[p][k].set(sq)
		return nil
	}
	if g.seated {
		if err := g.placeSeats(place); err != nil {
			return err
		}
	}
	for i, pl := range su.Placements {
		if g.seated {
			break
		}
		where := fmt.Sprintf("setup.placements[%d]", i)
		k, err := g.kindOf(where+".piece", pl.Piece)
		if err != nil {
			return err
		}
		if pl.Player != 0 && pl.Player != 1 {
			return bad("%s.player must be 0 or 1", where)
		}
		if len(pl.Squares) == 0 {
			return bad("%s.squares must have at least 1 entry", where)
		}
		if k, err = g.placedKind(where, k, pl.Facing); err != nil {
			return err
		}
		for _, s := range pl.Squares {
			sq, ok := g.parseSquare(s)
			if !ok {
				return bad("%s.squares entry '%s' is not a square on this board", where, s)
			}
			if err := place(where, sq, k, pl.Player); err != nil {
				return err
			}
			if su.Mirrored() && pl.Player == 0 {
				if err := place(where+" (mirrored)", g.reflect(sq), k, 1); err != nil {
					return err
				}
			}
		}
	}
	for p := 0; p < g.seats; p++ {
		for _, k := range g.royalKinds {
			if g.setupCount[p][k] > 0 {
				g.royalLoss[p] = true
			}
		}
	}
	g.boardEndings = slices.Contains(g.royalLoss[:], true) || g.win == rules.WinAnnihilation || g.extinction != nil ||
		g.bareRoyal != "" || g.checkLimit > 0 || g.reach != nil || g.touch != nil
	return nil
}

// loadZobrist draws the keys from a fixed splitmix64 stream, so hashes
// are the same in every process.
func (g *Game) loadZobrist() error {
	rng := splitmix.Stream{State: 0x62616c616e6365}
	g.zob = make([]uint64, (maxCode+1)*g.n)
	// The piece keys are drawn in the order of the two-player code layout
	// (two owner bits: the players, then wild pieces), so that games of two
	// players keep the hashes they had before seats widened the code; the
	// keys of seats 2 and up come from a stream of their own.
	const legacyCodes = maxKinds<<2 | 3 + 1
	for c := 0; c < legacyCodes; c++ {
		owner := c & 3
		if owner == 2 {
			owner = wildOwner
		}
		for sq := 0; sq < g.n; sq++ {
			key := rng.Next()
			if c>>2 > 0 && owner != 3 {
				g.zob[int(pieceCode(c>>2-1, owner))*g.n+sq] = key
			}
		}
	}
	seatRng := splitmix.Stream{State: 0x7365617473}
	for s := 2; s < maxSeats; s++ {
		for k := 0; k < maxKinds; k++ {
			for sq := 0; sq < g.n; sq++ {
				g.zob[int(pieceCode(k, s))*g.n+sq] = seatRng.Next()
			}
		}
	}
	for s := range g.zOut {
		g.zOut[s], g.zTurn[s] = seatRng.Next(), seatRng.Next()
	}
	g.zSide = rng.Next()
	g.zVirgin = make([]uint64, g.n)
	g.zEP = make([]uint64, g.n)
	for i := 0; i < g.n; i++ {
		g.zVirgin[i] = rng.Next()
		g.zEP[i] = rng.Next()
	}
	for p := 0; p < g.seats; p++ {
		g.zCheck[p] = make([]uint64, 22)
		for i := range g.zCheck[p] {
			g.zCheck[p][i] = rng.Next()
		}
	}
	// The families' keys, drawn last in this order, so games without a
	// family keep their hashes.
	g.loadHandKeys(&rng)
	g.loadClaimKeys(&rng)
	g.loadPortalKeys(&rng)
	g.loadTurnKeys()
	g.loadTouchKeys(rng.Next)
	g.loadChanceKeys()
	g.loadHiddenKeys()
	g.loadPlanesKeys()
	g.wrapped = g.chance != nil || g.hiddenInfo != nil
	return nil
}
