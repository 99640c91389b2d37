package engine

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// loadNotation prepares the piece tokens of the position notation and the
// directions a double step can take (to find an en passant victim).
func (g *Game) loadNotation() error {
	g.tokens = make([]string, maxCode+1)
	g.tokenCode = map[string]uint8{}
	for k := range g.kinds {
		for o := 0; o < g.seats; o++ {
			id := g.kinds[k].id
			var t string
			switch {
			case g.caseIDs && o == 0:
				t = strings.ToUpper(id)
			case g.caseIDs:
				t = strings.ToLower(id)
			case o == 0:
				t = "(" + id + ")"
			default:
				t = "{" + id + "}"
			}
			if g.caseIDs && len(id) > 1 && !promotedID(id) {
				t = "(" + t + ")"
			}
			if g.isCopy(k) {
				t += ":" + faceLetters[g.fac.face[k]] // facing.go
			}
			c := pieceCode(k, o)
			g.tokens[c] = t
			g.tokenCode[t] = c
		}
		if g.wild != nil { // a wild piece: its exact id in angle brackets
			t := "<" + g.kinds[k].id + ">"
			c := pieceCode(k, wildOwner)
			g.tokens[c] = t
			g.tokenCode[t] = c
		}
	}
	if !g.epOn {
		return nil
	}
	for p := 0; p < g.seats; p++ {
		for k, pc := range g.spec.Pieces {
			if !g.kinds[k].ep {
				continue
			}
			for _, m := range pc.Moves {
				if m.Kind != "slide" || m.ModeOrDefault() == "capture" || m.Range != nil && *m.Range == 1 {
					continue
				}
				vs, err := expand(m.Vectors, m.Symmetry, g.hex)
				if err != nil {
					return err
				}
				for _, v := range vs {
					d := g.findDir(g.boardVector(p, v))
					if d >= 0 && !slices.Contains(g.epDirs[p], d) {
						g.epDirs[p] = append(g.epDirs[p], d)
					}
				}
			}
		}
	}
	return nil
}

// FEN writes the position in the notation of NOTATION.md: orthodox FEN for
// a chess-like game, extended for every board this engine plays.
func (p *Position) FEN() string {
	g := p.g
	var b strings.Builder
	for y := g.h - 1; y >= 0; y-- {
		empty := 0
		flush := func() {
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
		}
		for x := 0; x < g.w; x++ {
			sq := y*g.w + x
			if g.wall.has(sq) {
				flush()
				b.WriteByte('*')
				continue
			}
			c := p.board[sq]
			if c == 0 {
				empty++
				continue
			}
			flush()
			b.WriteString(g.tokens[c])
		}
		flush()
		if y > 0 {
			b.WriteByte('/')
		}
	}
	if g.drops != nil {
		b.WriteString(p.handField())
	}
	b.WriteString([]string{" w ", " b "}[p.side])
	castling := p.castlingField()
	b.WriteString(castling)
	b.WriteByte(' ')
	if p.epN == 0 {
		b.WriteByte('-')
	}
	for i := 0; i < p.epN; i++ {
		b.WriteString(g.names[p.ep[i]])
	}
	if g.checkLimit > 0 {
		fmt.Fprintf(&b, " %d+%d", max(g.checkLimit-int(p.checks[0]), 0), max(g.checkLimit-int(p.checks[1]), 0))
	}
	full := p.ply/2 + 1
	if g.turn != nil {
		full = p.turn/2 + 1 // the move number counts pairs of turns
	}
	fmt.Fprintf(&b, " %d %d", p.halfmove, full)
	// First-move state the castling field and the home squares do not say.
	implied, _ := p.impliedVirgin(castling)
	var moved, unmoved []string
	for sq := 0; sq < g.n; sq++ {
		switch {
		case implied.has(sq) && !p.virgin.has(sq):
			moved = append(moved, g.names[sq])
		case !implied.has(sq) && p.virgin.has(sq):
			unmoved = append(unmoved, g.names[sq])
		}
	}
	if len(moved) > 0 {
		b.WriteString(" moved:" + strings.Join(moved, ","))
	}
	if len(unmoved) > 0 {
		b.WriteString(" unmoved:" + strings.Join(unmoved, ","))
	}
	if st := p.status; st.decided && st.rule == ruleReach && g.reach.onLeave {
		b.WriteString(" left:" + g.names[st.left])
	}
	b.WriteString(p.touchField())
	b.WriteString(p.claimsField())
	b.WriteString(p.takenField())
	b.WriteString(p.portalField())
	if g.slowTurns {
		b.WriteString(p.turnFields())
	}
	return b.String()
}

// castlingField writes the castling rights: K/Q (k/q) for the outermost
// partner on the higher/lower files of the castling piece, else the
// partner's file letter (upper case for player 0), as in X-FEN.
func (p *Position) castlingField() string {
	g := p.g
	cr := g.castle
	if cr == nil {
		return "-"
	}
	type right struct {
		key int
		c   byte
	}
	var rights []right
	var ks, rs [maxSquares]int
	for s := 0; s < g.seats; s++ {
		kings := p.kindBB[s][cr.king]
		for w := 0; w < 4; w++ {
			kings[w] &= p.virgin[w]
		}
		for _, kf := range kings.squares(ks[:0]) {
			for _, rf := range p.kindBB[s][cr.rook].squares(rs[:0]) {
				if !p.virgin.has(rf) || g.rankOf[rf] != g.rankOf[kf] {
					continue
				}
				kingside := g.fileOf[rf] > g.fileOf[kf]
				c, key := byte('a'+g.fileOf[rf]), 100+g.fileOf[rf]
				if p.outermost(s, kf, rf) {
					if kingside {
						c, key = 'k', 0
					} else {
						c, key = 'q', 1
					}
				}
				if s == 0 {
					c -= 'a' - 'A'
				}
				rights = append(rights, right{key: s*1000 + key, c: c})
			}
		}
	}
	if len(rights) == 0 {
		return "-"
	}
	sort.Slice(rights, func(i, j int) bool { return rights[i].key < rights[j].key })
	var b []byte
	for _, r := range rights {
		if len(b) == 0 || b[len(b)-1] != r.c {
			b = append(b, r.c)
		}
	}
	return string(b)
}

// outermost reports whether no other partner piece of player s stands on
// the castling piece's rank beyond rf.
func (p *Position) outermost(s, kf, rf int) bool {
	g := p.g
	y := g.rankOf[kf]
	dir := 1
	if g.fileOf[rf] < g.fileOf[kf] {
		dir = -1
	}
	for x := g.fileOf[rf] + dir; x >= 0 && x < g.w; x += dir {
		if p.kindBB[s][g.castle.rook].has(y*g.w + x) {
			return false
		}
	}
	return true
}

// impliedVirgin is the never-moved set a castling field and the home
// squares imply: the pieces castling rights name, and every piece of a
// first_move kind standing on one of its setup squares.
func (p *Position) impliedVirgin(field string) (bitset, error) {
	g := p.g
	var v bitset
	for s := 0; s < g.seats; s++ {
		for k := 0; k < g.nk; k++ {
			if !g.kinds[k].virgin || g.castleRel>>uint(k+1)&1 != 0 && !g.kinds[k].firstMove {
				continue
			}
			for w := 0; w < 4; w++ {
				v[w] |= p.kindBB[s][k][w] & g.home[s][k][w]
			}
		}
	}
	if field == "-" || field == "" {
		return v, nil
	}
	cr := g.castle
	if cr == nil {
		return v, fmt.Errorf("castling field %q but the game has no castling", field)
	}
	var ks, rs [maxSquares]int
	for i := 0; i < len(field); i++ {
		c := field[i]
		s := 0
		if c >= 'a' && c <= 'z' {
			s = 1
			c -= 'a' - 'A'
		}
		if c < 'A' || c > 'Z' {
			return v, fmt.Errorf("castling field %q: %q is not a right", field, field[i])
		}
		found := false
		for _, kf := range p.kindBB[s][cr.king].squares(ks[:0]) {
			for _, rf := range p.kindBB[s][cr.rook].squares(rs[:0]) {
				if g.rankOf[rf] != g.rankOf[kf] {
					continue
				}
				kingside := g.fileOf[rf] > g.fileOf[kf]
				var match bool
				switch c {
				case 'K':
					match = kingside && p.outermost(s, kf, rf)
				case 'Q':
					match = !kingside && p.outermost(s, kf, rf)
				default:
					match = int(c-'A') == g.fileOf[rf]
				}
				if match {
					v.set(kf)
					v.set(rf)
					found = true
				}
			}
		}
		if !found {
			return v, fmt.Errorf("castling right %q: no %s and %s to castle with", field[i], g.kinds[cr.king].id, g.kinds[cr.rook].id)
		}
	}
	return v, nil
}

// ParseFEN reads a position in the notation of NOTATION.md. Fairy-
// Stockfish's dialect loads too: "[...]" hands (empty here) and "3+3"
// check counters (checks still to give).
func (g *Game) ParseFEN(fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return nil, fmt.Errorf("fen: empty")
	}
	p := g.emptyPosition()
	if d := g.drops; d != nil {
		for s := 0; s < g.seats; s++ {
			for k := 0; k < g.nk; k++ {
				if d.unlimited>>uint(k+1)&1 != 0 {
					p.hand[s][k] = unlimitedHand
					p.handN[s]++
				}
			}
		}
	}
	boardField := fields[0]
	if i := strings.IndexByte(boardField, '['); i >= 0 {
		hand := boardField[i:]
		boardField = boardField[:i]
		if !strings.HasSuffix(hand, "]") {
			return nil, fmt.Errorf("fen: hand %q has no closing ]", hand)
		}
		if hand != "[]" && g.drops == nil {
			return nil, fmt.Errorf("fen: pieces in hand %s, but the game has no rules.drops", hand)
		}
		if err := p.parseHand(hand[1 : len(hand)-1]); err != nil {
			return nil, err
		}
	} else if g.drops != nil && strings.Count(boardField, "/") == g.h {
		// Fairy-Stockfish's other spelling: the hand as one more rank.
		i := strings.LastIndexByte(boardField, '/')
		if err := p.parseHand(boardField[i+1:]); err != nil {
			return nil, err
		}
		boardField = boardField[:i]
	}
	if err := p.parseBoard(boardField); err != nil {
		return nil, err
	}
	rest := fields[1:]
	next := func() string {
		if len(rest) == 0 {
			return ""
		}
		f := rest[0]
		rest = rest[1:]
		return f
	}
	switch side := next(); side {
	case "w", "":
	case "b":
		p.side = 1
	default:
		return nil, fmt.Errorf("fen: side to move must be w or b, got %q", side)
	}
	castling := next()
	v, err := p.impliedVirgin(castling)
	if err != nil {
		return nil, fmt.Errorf("fen: %v", err)
	}
	p.virgin = v
	epField := next()
	if len(rest) > 0 && strings.Contains(rest[0], "+") {
		if err := p.parseChecks(next()); err != nil {
			return nil, err
		}
	}
	half, full := 0, 1
	if len(rest) > 0 && !strings.Contains(rest[0], ":") {
		if half, err = strconv.Atoi(next()); err != nil || half < 0 {
			return nil, fmt.Errorf("fen: halfmove clock must be a number of at least 0")
		}
	}
	if len(rest) > 0 && !strings.Contains(rest[0], ":") {
		if full, err = strconv.Atoi(next()); err != nil || full < 1 {
			return nil, fmt.Errorf("fen: move number must be a number of at least 1")
		}
	}
	left := -1
	p.startTurns()
	p.left = 0 // moves:N, else the whole turn (fixTurnFromFEN)
	p.cut = 0
	var portalEnds, portalBack string
	for _, f := range rest {
		key, list, ok := strings.Cut(f, ":")
		if (key == "portals" || key == "back") && g.portal != nil {
			if key == "portals" {
				portalEnds = list
			} else {
				portalBack = list
			}
			continue
		}
		if g.slowTurns && ok {
			known, err := p.parseTurnField(key, list)
			if err != nil {
				return nil, err
			}
			if known {
				continue
			}
		}
		if key == "left" && g.reach != nil && g.reach.onLeave {
			sq, ok := g.parseSquare(list)
			if !ok || !g.reach.goal[g.prevSeat(p.side)].has(sq) {
				return nil, fmt.Errorf("fen: left:%s is not a goal square of the player who just moved", list)
			}
			left = sq
			continue
		}
		if (key == "touched-w" || key == "touched-b") && g.touch != nil {
			if err := p.parseTouched(key, list); err != nil {
				return nil, err
			}
			continue
		}
		if (key == "claimed-w" || key == "claimed-b") && g.fx != nil && g.fx.territory {
			if err := p.parseClaims(key, list); err != nil {
				return nil, err
			}
			continue
		}
		if (key == "taken-w" || key == "taken-b") && g.wild != nil {
			if err := p.parseTaken(key, list); err != nil {
				return nil, err
			}
			continue
		}
		if !ok || key != "moved" && key != "unmoved" {
			return nil, fmt.Errorf("fen: unknown field %q", f)
		}
		for _, name := range strings.Split(list, ",") {
			sq, ok := g.parseSquare(name)
			if !ok || p.board[sq] == 0 {
				return nil, fmt.Errorf("fen: %s entry %q is not a square with a piece", key, name)
			}
			if key == "moved" {
				p.virgin.clear(sq)
			} else if g.kinds[codeKind(p.board[sq])].virgin {
				p.virgin.set(sq)
			}
		}
	}
	if g.portal != nil {
		if err := p.parsePortals(portalEnds, portalBack); err != nil {
			return nil, err
		}
	}
	p.canonicalVirgin()
	p.halfmove = half
	p.ply = 2*(full-1) + p.side
	if err := p.fixTurnFromFEN(full); err != nil {
		return nil, err
	}
	if err := p.parseEP(epField); err != nil {
		return nil, err
	}
	p.hash = p.computeHash()
	p.status = p.freshStatus(g.prevSeat(p.side), left)
	p.startCount()
	return p, nil
}

func (p *Position) parseBoard(s string) error {
	g := p.g
	ranks := strings.Split(s, "/")
	if len(ranks) != g.h {
		return fmt.Errorf("fen: board has %d ranks, the game has %d", len(ranks), g.h)
	}
	for i, r := range ranks {
		y := g.h - 1 - i
		x := 0
		for j := 0; j < len(r); {
			c := r[j]
			switch {
			case c >= '0' && c <= '9':
				n := 0
				for j < len(r) && r[j] >= '0' && r[j] <= '9' {
					n = n*10 + int(r[j]-'0')
					j++
				}
				if n == 0 {
					return fmt.Errorf("fen: rank %d (%q): a run of 0 empty squares", y+1, r)
				}
				x += n
				continue
			case c == '*':
				if x < g.w && !g.wall.has(y*g.w+x) {
					return fmt.Errorf("fen: rank %d (%q): '*' on %s, which is not a wall", y+1, r, g.names[y*g.w+x])
				}
				x++
				j++
				continue
			}
			code, n, err := g.readToken(r[j:])
			if err != nil {
				return fmt.Errorf("fen: rank %d (%q): %v", y+1, r, err)
			}
			j += n
			if x >= g.w {
				return fmt.Errorf("fen: rank %d (%q) has more than %d files", y+1, r, g.w)
			}
			sq := y*g.w + x
			if g.wall.has(sq) {
				return fmt.Errorf("fen: rank %d (%q): a piece on %s, which is a wall", y+1, r, g.names[sq])
			}
			if codeOwner(code) == wildOwner && (g.wild.routeOf[sq] < 0 || g.wild.code(int(g.wild.routeOf[sq])) != code) {
				return fmt.Errorf("fen: rank %d (%q): wild %s on %s, which is not on a route of its kind", y+1, r, g.tokens[code], g.names[sq])
			}
			p.put(sq, code)
			x++
		}
		if x != g.w {
			return fmt.Errorf("fen: rank %d (%q) has %d files, the board has %d", y+1, r, x, g.w)
		}
	}
	return nil
}

func (p *Position) parseChecks(f string) error {
	g := p.g
	if g.checkLimit == 0 {
		return fmt.Errorf("fen: check counter %q, but the game has no rules.check_limit", f)
	}
	a, b, _ := strings.Cut(f, "+")
	ra, err1 := strconv.Atoi(a)
	rb, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || ra < 0 || rb < 0 || ra > g.checkLimit || rb > g.checkLimit {
		return fmt.Errorf("fen: check counter %q must be checks still to give, each 0 to %d", f, g.checkLimit)
	}
	p.checks[0], p.checks[1] = uint8(g.checkLimit-ra), uint8(g.checkLimit-rb)
	return nil
}

// parseEP reads the en passant squares and finds the piece that passed
// them; squares no enemy piece could take on are dropped, as Make does.
func (p *Position) parseEP(f string) error {
	g := p.g
	if f == "" || f == "-" {
		return nil
	}
	var squares []int
	for i := 0; i < len(f); {
		j := i + 1
		for j < len(f) && f[j] >= '0' && f[j] <= '9' {
			j++
		}
		sq, ok := g.parseSquare(f[i:j])
		if !ok {
			return fmt.Errorf("fen: en passant %q: %q is not a square on this board", f, f[i:j])
		}
		if p.board[sq] != 0 {
			return fmt.Errorf("fen: en passant square %s is not empty", g.names[sq])
		}
		squares = append(squares, sq)
		i = j
	}
	if !g.epOn {
		return nil
	}
	mover := g.prevSeat(p.side)
	victim := -1
	for _, d := range g.epDirs[mover] {
		for _, sq := range g.fwdRay(mover, d, squares[0]) {
			c := p.board[sq]
			if c == 0 || slices.Contains(squares, int(sq)) {
				continue
			}
			if codeOwner(c) == mover && g.kinds[codeKind(c)].ep {
				victim = int(sq)
			}
			break
		}
		if victim >= 0 {
			break
		}
	}
	if victim < 0 {
		return nil
	}
	mask := g.epMask & g.capturers[codeKind(p.board[victim])]
	for _, sq := range squares {
		if p.epN < maxEP && p.attackedMask(sq, p.side, mask) {
			p.ep[p.epN] = uint8(sq)
			p.epN++
		}
	}
	p.epVictim = victim
	return nil
}

// readToken reads one piece token from the start of s: a letter, a
// bracketed id, or Fairy-Stockfish's promoted spellings "+p" and "q~".
// A "~" the game has no piece for is read as the plain piece (Fairy-
// Stockfish marks promoted pieces so in every variant with a hand).
func (g *Game) readToken(s string) (code uint8, n int, err error) {
	c := s[0]
	tok := s[:1]
	switch {
	case c == '(' || c == '{' || c == '<':
		closer := map[byte]byte{'(': ')', '{': '}', '<': '>'}[c]
		end := strings.IndexByte(s, closer)
		if end < 0 {
			return 0, 0, fmt.Errorf("%q is not closed", c)
		}
		tok = s[:end+1]
	case c == '+' && len(s) > 1:
		tok = s[:2]
	case len(s) > 1 && s[1] == '~':
		if code, ok := g.tokenCode[s[:2]]; ok {
			return code, 2, nil
		}
		if code, ok := g.tokenCode[tok]; ok {
			return code, 2, nil
		}
	}
	if g.fac != nil && len(s) > len(tok)+1 && s[len(tok)] == ':' {
		if code, ok := g.tokenCode[s[:len(tok)+2]]; ok { // a piece turned (facing.go)
			return code, len(tok) + 2, nil
		}
	}
	code, ok := g.tokenCode[tok]
	if !ok {
		return 0, 0, fmt.Errorf("%q is not a piece of this game", tok)
	}
	return code, len(tok), nil
}

// parseHand reads the pieces in hand: piece tokens, each one piece of its
// owner's (a promoted piece counts as what it goes to hand as).
func (p *Position) parseHand(s string) error {
	g := p.g
	for j := 0; j < len(s); {
		if s[j] == '-' { // Fairy-Stockfish writes an empty hand "[-]" at times
			j++
			continue
		}
		code, n, err := g.readToken(s[j:])
		if err != nil {
			return fmt.Errorf("fen: hand [%s]: %v", s, err)
		}
		j += n
		o, k := codeOwner(code), g.drops.handKind[codeKind(code)]
		if p.hand[o][k] == unlimitedHand {
			continue
		}
		if int(p.hand[o][k]) >= g.drops.handCap {
			return fmt.Errorf("fen: hand [%s] holds more %s than the game has", s, g.kinds[k].id)
		}
		p.hand[o][k]++
		p.handN[o]++
	}
	return nil
}

// handField writes the hands in brackets: the first player's pieces, then
// the second's, each by kind in declaration order. An unlimited stock is
// left out: it is the same in every position of the game.
func (p *Position) handField() string {
	g := p.g
	var b strings.Builder
	b.WriteByte('[')
	for s := 0; s < g.seats; s++ {
		for k := 0; k < g.nk; k++ {
			if c := p.hand[s][k]; c != unlimitedHand {
				for i := 0; i < int(c); i++ {
					b.WriteString(g.tokens[pieceCode(k, s)])
				}
			}
		}
	}
	b.WriteByte(']')
	return b.String()
}

// claimsField writes the claimed squares of rules.territory, " claimed-w:"
// and " claimed-b:" each followed by its player's squares in square order;
// nothing for a player with none.
func (p *Position) claimsField() string {
	g := p.g
	if g.fx == nil || !g.fx.territory {
		return ""
	}
	var b strings.Builder
	for s, key := range [2]string{"claimed-w", "claimed-b"} {
		var list []string
		for sq := 0; sq < g.n; sq++ {
			if int(p.claim[sq]) == s+1 {
				list = append(list, g.names[sq])
			}
		}
		if len(list) > 0 {
			b.WriteString(" " + key + ":" + strings.Join(list, ","))
		}
	}
	return b.String()
}

func (p *Position) parseClaims(key, list string) error {
	s := 0
	if key == "claimed-b" {
		s = 1
	}
	for _, name := range strings.Split(list, ",") {
		sq, ok := p.g.parseSquare(name)
		if !ok || p.claim[sq] != 0 {
			return fmt.Errorf("fen: %s entry %q is not an unclaimed square", key, name)
		}
		p.claim[sq] = uint8(s + 1)
		p.claimN[s]++
	}
	return nil
}

// takenField writes the wild pieces each player has taken (rules.npcs),
// " taken-w:" and " taken-b:" each followed by one count per rules.npcs
// entry; nothing for a player who has taken none.
func (p *Position) takenField() string {
	w := p.g.wild
	if w == nil {
		return ""
	}
	var b strings.Builder
	for s, key := range [2]string{"taken-w", "taken-b"} {
		any := false
		list := make([]string, len(w.bounty))
		for e := range w.bounty {
			list[e] = strconv.Itoa(int(p.taken[s][e]))
			any = any || p.taken[s][e] > 0
		}
		if any {
			b.WriteString(" " + key + ":" + strings.Join(list, ","))
		}
	}
	return b.String()
}

func (p *Position) parseTaken(key, list string) error {
	w := p.g.wild
	s := 0
	if key == "taken-b" {
		s = 1
	}
	counts := strings.Split(list, ",")
	if len(counts) != len(w.bounty) {
		return fmt.Errorf("fen: %s needs one count per rules.npcs entry (%d)", key, len(w.bounty))
	}
	for e, c := range counts {
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 || n > w.pieces[e] {
			return fmt.Errorf("fen: %s entry %q must be a count from 0 to %d", key, c, w.pieces[e])
		}
		p.taken[s][e] = uint8(n)
	}
	return nil
}
