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
		for o := 0; o < g.seats && g.seated; o++ {
			c := pieceCode(k, o)
			g.tokens[c] = g.seatLetter(o) + g.kinds[k].id // FEN4's cell (seats_fen.go)
			g.tokenCode[g.tokens[c]] = c
		}
		for o := 0; o < g.seats && !g.seated; o++ {
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
			t += g.faceSuffix(k)
			c := pieceCode(k, o)
			g.tokens[c] = t
			g.tokenCode[t] = c
		}
	}
	g.wildTokens()
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

// A notationField is one family's extra fields after the move number
// (NOTATION.md), declared in the family's file. present says whether a
// game has the family; write gives its fields, each " key:value" ("" for
// none); read takes one field, known false for a key not its own (with
// colon set, a key written without ":" is never its own); start readies
// the family's state before the fields are read and finish completes it
// once all are in, after the clocks (either may be nil).
type notationField struct {
	present func(g *Game) bool
	write   func(p *Position) string
	read    func(p *Position, r *fenRead, key, value string) (known bool, err error)
	colon   bool
	start   func(p *Position)
	finish  func(p *Position, r *fenRead) error
}

// notationFields are the families with extra fields, in the order FEN
// writes them. A family with state it cannot read off the board adds its
// row here.
var notationFields = []notationField{
	reachNotation,     // outcome.go: left:
	touchNotation,     // touch.go: touched-w:, touched-b:
	territoryNotation, // effects.go: claimed-w:, claimed-b:
	wildNotation,      // npcs.go: taken-w:, taken-b:
	portalNotation,    // portal.go: portals:, back:
	turnNotation,      // turns.go: moves:, cut:, phase:, initiative:, void:, barred:, rest:
	chanceNotation,    // chance.go: roll:, fate:, deck:
	planesNotation,    // planes.go: items:, purse:
}

// seatLetters name the seats in the notation: the side to move, and the
// per-seat fields (touched-w, claimed-b, taken-w).
var seatLetters = [maxSeats]string{"w", "b"}

// seatLists writes a family's per-seat field, " prefix-L:item,item" for
// each seat L whose list is not empty.
func (p *Position) seatLists(prefix string, list func(seat int) []string) string {
	var b strings.Builder
	for s := 0; s < p.g.seats; s++ {
		if items := list(s); len(items) > 0 {
			b.WriteString(" " + prefix + "-" + seatLetters[s] + ":" + strings.Join(items, ","))
		}
	}
	return b.String()
}

// seatOfKey is the seat a per-seat key names ("claimed-b" under prefix
// "claimed" is seat 1); ok is false for any other key.
func (g *Game) seatOfKey(prefix, key string) (seat int, ok bool) {
	letter, found := strings.CutPrefix(key, prefix+"-")
	if !found {
		return 0, false
	}
	for s := 0; s < g.seats; s++ {
		if letter == seatLetters[s] {
			return s, true
		}
	}
	return 0, false
}

// fenRead is what ParseFEN has read that later steps need: the move
// number, the goal square a piece just left (rules.reach on leave; -1
// none) for the position's ending, and the fields a family reads only
// once all are in (the last of each key).
type fenRead struct {
	full int
	left int
	held map[string]string
}

// hold keeps a field for the family's finish step.
func (r *fenRead) hold(key, value string) {
	if r.held == nil {
		r.held = map[string]string{}
	}
	r.held[key] = value
}

// FEN writes the position in the notation of NOTATION.md: orthodox FEN for
// a chess-like game, extended for every board this engine plays.
func (p *Position) FEN() string {
	g := p.g
	if g.seated {
		return p.seatFEN()
	}
	var b strings.Builder
	for board := 0; board < g.nb; board++ {
		if board > 0 {
			b.WriteByte('|') // several boards: one after another
		}
		p.writeRanks(&b, board)
	}
	b.WriteString(p.handField())
	b.WriteString(" " + seatLetters[p.side] + " ")
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
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.moveNumber())
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
	for _, nf := range notationFields {
		if nf.present(g) {
			b.WriteString(nf.write(p))
		}
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

// writeRanks writes one board's ranks, from the top.
func (p *Position) writeRanks(b *strings.Builder, board int) {
	g := p.g
	for y := g.h - 1; y >= 0; y-- {
		empty := 0
		flush := func() {
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
		}
		for x := 0; x < g.w; x++ {
			sq := g.at(board, x, y)
			if g.wall.has(sq) {
				flush()
				b.WriteByte('*')
				continue
			}
			c := p.board[sq]
			if c == 0 || g.isBody(c) { // a body square: the body: field says it (size.go)
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
		if p.kindBB[s][g.castle.rook].has(g.at(g.boardOf(kf), x, y)) {
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
	if g.seated {
		return g.parseSeatFEN(fen)
	}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return nil, fmt.Errorf("fen: empty")
	}
	p := g.emptyPosition()
	boardField, err := p.readHand(fields[0])
	if err != nil {
		return nil, err
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
	r := &fenRead{full: full, left: -1}
	fams := make([]*notationField, 0, len(notationFields))
	for i := range notationFields {
		if nf := &notationFields[i]; nf.present(g) {
			fams = append(fams, nf)
			if nf.start != nil {
				nf.start(p)
			}
		}
	}
extras:
	for _, f := range rest {
		key, list, ok := strings.Cut(f, ":")
		for _, nf := range fams {
			if !ok && nf.colon {
				continue
			}
			known, err := nf.read(p, r, key, list)
			if err != nil {
				return nil, err
			}
			if known {
				continue extras
			}
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
	p.canonicalVirgin()
	p.halfmove = half
	p.ply = 2*(full-1) + p.side
	for _, nf := range fams {
		if nf.finish != nil {
			if err := nf.finish(p, r); err != nil {
				return nil, err
			}
		}
	}
	if err := p.parseEP(epField); err != nil {
		return nil, err
	}
	p.hash = p.computeHash()
	p.status = p.freshStatus(g.prevSeat(p.side), r.left)
	if p.settleChance() {
		p.hash = p.computeHash()
	}
	p.startCount()
	return p, nil
}

func (p *Position) parseBoard(s string) error {
	g := p.g
	boards := strings.Split(s, "|")
	if len(boards) != g.nb {
		return fmt.Errorf("fen: %d boards, the game has %d", len(boards), g.nb)
	}
	for board, s := range boards {
		if err := p.parseRanks(board, s); err != nil {
			return err
		}
	}
	return nil
}

// parseRanks reads one board's ranks, from the top.
func (p *Position) parseRanks(board int, s string) error {
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
				if x < g.w && !g.wall.has(g.at(board, x, y)) {
					return fmt.Errorf("fen: rank %d (%q): '*' on %s, which is not a wall", y+1, r, g.names[g.at(board, x, y)])
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
			sq := g.at(board, x, y)
			if g.wall.has(sq) {
				return fmt.Errorf("fen: rank %d (%q): a piece on %s, which is a wall", y+1, r, g.names[sq])
			}
			if g.offRoute(sq, code) {
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
		if c := strings.IndexByte(f[i:], ':'); g.nb > 1 && c >= 0 {
			j = i + c + 2 // several boards: "B:e3"
		}
		for j < len(f) && f[j] >= '0' && f[j] <= '9' {
			j++
		}
		j = min(j, len(f))
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
	if code, n, ok := g.readFaced(s, tok); ok {
		return code, n, nil
	}
	code, ok := g.tokenCode[tok]
	if !ok {
		return 0, 0, fmt.Errorf("%q is not a piece of this game", tok)
	}
	return code, len(tok), nil
}
