package engine

import (
	"fmt"
	"strconv"
	"strings"

	"balancefarm/engine/fen4"
)

// The notation of a game with seats is chess.com's FEN4, read for any
// number of seats (NOTATION.md, "Games with seats"): seven fields joined
// by '-': the seat to move (its letter, upper case), the seats out (1 or 0
// per seat, in seat order, comma-separated), the castling rights on the
// king's side and on the queen's side (1 or 0 per seat), the points, the
// no-progress clock, and the board, rank by rank from the top, cells
// separated by ',' (a number for a run of empty squares or walls, else
// the seat's letter and the piece's id: "rP", "yK"). Before the board, a
// field of extras as chess.com writes them, {'key':value,...}, when there
// is one to write: 'enPassant':('e3:e4','','','') gives each seat's double
// step still open to en passant (the square passed over, then the pawn's;
// '+' joins the squares of a longer step), and 'ply':N, this engine's own,
// the plies played (the move number of two-player FEN; 0 without it).
// Other keys are read and ignored.

// seatLetter is seat s's letter in the notation: its name's first letter
// in lower case, or the s-th letter of the alphabet when two seats' names
// start alike.
func (g *Game) seatLetter(s int) string {
	first := func(i int) string { return strings.ToLower(g.seatNames[i][:1]) }
	for o := 0; o < g.seats; o++ {
		if o != s && first(o) == first(s) {
			return string(rune('a' + s))
		}
	}
	return first(s)
}

// seatFEN writes the position in the seats' notation.
func (p *Position) seatFEN() string {
	g := p.g
	flags := func(f func(s int) bool) string {
		parts := make([]string, g.seats)
		for s := range parts {
			parts[s] = "0"
			if f(s) {
				parts[s] = "1"
			}
		}
		return strings.Join(parts, ",")
	}
	var b strings.Builder
	b.WriteString(strings.ToUpper(g.seatLetter(p.side)))
	b.WriteString("-" + flags(func(s int) bool { return !p.active(s) }))
	b.WriteString("-" + flags(func(s int) bool { return p.castleRight(s, true) }))
	b.WriteString("-" + flags(func(s int) bool { return p.castleRight(s, false) }))
	pts := make([]string, g.seats)
	for s := range pts {
		pts[s] = strconv.Itoa(int(p.pts[s]))
	}
	b.WriteString("-" + strings.Join(pts, ","))
	fmt.Fprintf(&b, "-%d-", p.halfmove)
	var extras []string
	if f := p.seatEPField(); f != "" {
		extras = append(extras, f)
	}
	if p.ply > 0 {
		extras = append(extras, fmt.Sprintf("'ply':%d", p.ply))
	}
	if g.chance != nil {
		extras = append(extras, p.chanceExtras()...)
	}
	if len(extras) > 0 {
		b.WriteString("{" + strings.Join(extras, ",") + "}-")
	}
	for board := 0; board < g.nb; board++ {
		if board > 0 {
			b.WriteByte('|') // several boards: one after another
		}
		for y := g.h - 1; y >= 0; y-- {
			var cells []string
			empty := 0
			for x := 0; x < g.w; x++ {
				sq := g.at(board, x, y)
				if p.board[sq] == 0 {
					empty++
					continue
				}
				if empty > 0 {
					cells = append(cells, strconv.Itoa(empty))
					empty = 0
				}
				cells = append(cells, p.cellText(sq, func(c uint8) string { return g.seatLetter(codeOwner(c)) + g.kinds[codeKind(c)].id }))
			}
			if empty > 0 {
				cells = append(cells, strconv.Itoa(empty))
			}
			b.WriteString(strings.Join(cells, ","))
			if y > 0 {
				b.WriteByte('/')
			}
		}
	}
	return b.String()
}

// castleRight reports whether seat s may still castle on the king's side
// (the side of larger files in its own frame) or the queen's: its
// castling piece and a partner on that side have never moved.
func (p *Position) castleRight(s int, kingside bool) bool {
	kf, rf := p.castlePair(s, kingside)
	return kf >= 0 && rf >= 0 && p.virgin.has(kf) && p.virgin.has(rf)
}

// castlePair is seat s's castling piece on its home square and the
// outermost partner on its rank on one side, in the seat's own frame;
// -1 where there is none.
func (p *Position) castlePair(s int, kingside bool) (kf, rf int) {
	g := p.g
	cr := g.castle
	kf, rf = -1, -1
	if cr == nil {
		return
	}
	for sq := range p.kindBB[s][cr.king].each {
		if g.home[s][cr.king].has(sq) {
			kf = sq
		}
	}
	if kf < 0 {
		return
	}
	kx, ky := g.castleFrame(s, kf)
	best := -1
	for sq := range p.kindBB[s][cr.rook].each {
		x, y := g.castleFrame(s, sq)
		if y != ky || (x > kx) != kingside || x == kx {
			continue
		}
		if best < 0 || abs(x-kx) > abs(best-kx) {
			best, rf = x, sq
		}
	}
	return
}

// parseSeatFEN reads the seats' notation.
func (g *Game) parseSeatFEN(fen string) (*Position, error) {
	fields := strings.Split(strings.TrimSpace(fen), "-")
	extras := ""
	if len(fields) == 8 && strings.HasPrefix(fields[6], "{") {
		extras = fields[6]
		fields = append(fields[:6], fields[7])
	}
	if len(fields) != 7 {
		return nil, fmt.Errorf("fen4: want 7 fields joined by '-' (8 with the extras {...}), got %d", len(fields))
	}
	p := g.emptyPosition()
	side := -1
	for s := 0; s < g.seats; s++ {
		if strings.ToUpper(g.seatLetter(s)) == fields[0] {
			side = s
		}
	}
	if side < 0 {
		return nil, fmt.Errorf("fen4: field 1: %q is not a seat's letter", fields[0])
	}
	p.side = side
	flags := func(i int, what string) ([]bool, error) {
		parts := strings.Split(fields[i], ",")
		if len(parts) != g.seats {
			return nil, fmt.Errorf("fen4: field %d (%s): want %d entries, got %d", i+1, what, g.seats, len(parts))
		}
		out := make([]bool, g.seats)
		for s, f := range parts {
			switch f {
			case "0":
			case "1":
				out[s] = true
			default:
				return nil, fmt.Errorf("fen4: field %d (%s): entry %d must be 0 or 1, got %q", i+1, what, s+1, f)
			}
		}
		return out, nil
	}
	out, err := flags(1, "seats out")
	if err != nil {
		return nil, err
	}
	kside, err := flags(2, "castling on the king's side")
	if err != nil {
		return nil, err
	}
	qside, err := flags(3, "castling on the queen's side")
	if err != nil {
		return nil, err
	}
	pts := strings.Split(fields[4], ",")
	if len(pts) != g.seats {
		return nil, fmt.Errorf("fen4: field 5 (points): want %d entries, got %d", g.seats, len(pts))
	}
	for s, f := range pts {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > 30000 {
			return nil, fmt.Errorf("fen4: field 5 (points): entry %d must be a number from 0 to 30000, got %q", s+1, f)
		}
		p.pts[s] = int16(n)
	}
	half, err := strconv.Atoi(fields[5])
	if err != nil || half < 0 || half > 100000 {
		return nil, fmt.Errorf("fen4: field 6 (no-progress clock) must be a number of at least 0, got %q", fields[5])
	}
	p.halfmove = half
	if err := p.parseSeatBoard(fields[6]); err != nil {
		return nil, err
	}
	for s := 0; s < g.seats; s++ {
		if out[s] {
			p.out |= 1 << s
		}
	}
	v, err := p.impliedVirgin("-")
	if err != nil {
		return nil, fmt.Errorf("fen4: %v", err)
	}
	p.virgin = v
	for s := 0; s < g.seats; s++ {
		for i, right := range []bool{kside[s], qside[s]} {
			if !right || g.castle == nil {
				continue // a game without castling reads the flags as nothing
			}
			kf, rf := p.castlePair(s, i == 0)
			if kf < 0 || rf < 0 {
				continue // a right with no pair to use it: chess.com writes such flags
			}
			p.virgin.set(kf)
			p.virgin.set(rf)
		}
	}
	p.canonicalVirgin()
	if g.chance != nil {
		p.startChance()
	}
	if extras != "" {
		if err := p.parseSeatExtras(extras); err != nil {
			return nil, err
		}
	}
	p.hash = p.computeHash()
	p.settleSeats()
	if p.settleChance() {
		p.hash = p.computeHash()
	}
	return p, nil
}

// parseSeatBoard reads the board field: ranks from the top, cells
// separated by ','.
func (p *Position) parseSeatBoard(s string) error {
	g := p.g
	boards := strings.Split(s, "|")
	if len(boards) != g.nb {
		return fmt.Errorf("fen4: board: %d boards, the game has %d", len(boards), g.nb)
	}
	for board, s := range boards {
		if err := p.parseSeatRanks(board, s); err != nil {
			return err
		}
	}
	return nil
}

// parseSeatRanks reads one board's ranks, from the top.
func (p *Position) parseSeatRanks(board int, s string) error {
	g := p.g
	ranks := strings.Split(s, "/")
	if len(ranks) != g.h {
		return fmt.Errorf("fen4: board: want %d ranks, got %d", g.h, len(ranks))
	}
	letters := map[string]int{}
	for o := 0; o < g.seats; o++ {
		letters[g.seatLetter(o)] = o
	}
	for i, r := range ranks {
		y := g.h - 1 - i
		x := 0
		for _, cell := range strings.Split(r, ",") {
			if n, err := strconv.Atoi(cell); err == nil {
				if n < 1 || x+n > g.w {
					return fmt.Errorf("fen4: rank %d: run %q does not fit the board's %d files", y+1, cell, g.w)
				}
				x += n
				continue
			}
			if x >= g.w {
				return fmt.Errorf("fen4: rank %d has more than %d files", y+1, g.w)
			}
			if cell == "x" { // a wall, as some writers mark one
				x++
				continue
			}
			sq := g.at(board, x, y)
			pieces := parseCellPieces(cell)
			if len(pieces) > 2 {
				return fmt.Errorf("fen4: rank %d: %q names more than two pieces on %s", y+1, cell, g.names[sq])
			}
			for i, pc := range pieces {
				if len(pc) < 2 {
					return fmt.Errorf("fen4: rank %d: cell %q is neither a number nor a seat's letter and a piece", y+1, cell)
				}
				o, ok := letters[pc[:1]]
				k, known := g.ids[pc[1:]]
				if !ok || !known {
					return fmt.Errorf("fen4: rank %d: cell %q is neither a number nor a seat's letter and a piece", y+1, cell)
				}
				if g.wall.has(sq) {
					return fmt.Errorf("fen4: rank %d: a piece on the wall %s", y+1, g.names[sq])
				}
				if i == 0 {
					p.put(sq, pieceCode(k, o))
				} else if err := p.setSecond(sq, pieceCode(k, o)); err != nil {
					return fmt.Errorf("fen4: rank %d: %v", y+1, err)
				}
			}
			x++
		}
		if x != g.w {
			return fmt.Errorf("fen4: rank %d has %d files, want %d", y+1, x, g.w)
		}
	}
	return nil
}

// parseSeatExtras reads the extras field {'key':value,...}: en passant
// and ply; other keys are chess.com's and say nothing this engine keeps.
func (p *Position) parseSeatExtras(f string) error {
	body, ok := strings.CutPrefix(f, "{")
	body, ok2 := strings.CutSuffix(body, "}")
	if !ok || !ok2 {
		return fmt.Errorf("fen4: extras must be {'key':value,...}, got %q", f)
	}
	items, err := fen4.SplitValues(body)
	if err != nil {
		return fmt.Errorf("fen4: extras %q: %v", f, err)
	}
	for _, item := range items {
		key, value, ok := strings.Cut(item, ":")
		name, okQ := strings.CutPrefix(key, "'")
		name, okQ2 := strings.CutSuffix(name, "'")
		if !ok || !okQ || !okQ2 {
			return fmt.Errorf("fen4: extra %q is not 'key':value", item)
		}
		switch name {
		case "enPassant":
			if err := p.parseSeatEP(value); err != nil {
				return err
			}
		case "ply":
			ply, err := strconv.Atoi(value)
			if err != nil || ply < 0 || ply > 100000 {
				return fmt.Errorf("fen4: 'ply' must be a number from 0 to 100000, got %q", value)
			}
			p.ply = ply
		default:
			if p.g.chance != nil {
				// The chance fields (chance.go), a deck's counts joined by '/'.
				if _, err := p.readChance(nil, name, strings.ReplaceAll(value, "/", ",")); err != nil {
					return fmt.Errorf("fen4: %v", err)
				}
			}
		}
	}
	return nil
}

// seatEPField writes the seats' open double steps, "" when none is open.
func (p *Position) seatEPField() string {
	g := p.g
	entries := make([]string, g.seats)
	open := false
	for s := range entries {
		e := &p.sep[s]
		if e.n == 0 {
			entries[s] = "''"
			continue
		}
		open = true
		sqs := make([]string, e.n)
		for i := range sqs {
			sqs[i] = g.names[e.sq[i]]
		}
		entries[s] = "'" + strings.Join(sqs, "+") + ":" + g.names[e.victim] + "'"
	}
	if !open {
		return ""
	}
	return "'enPassant':(" + strings.Join(entries, ",") + ")"
}

// parseSeatEP reads the en passant extra's value: one quoted entry per
// seat, ” or 'passed:landed', in parentheses.
func (p *Position) parseSeatEP(f string) error {
	g := p.g
	body, ok := strings.CutPrefix(f, "(")
	body, ok2 := strings.CutSuffix(body, ")")
	if !ok || !ok2 {
		return fmt.Errorf("fen4: 'enPassant' must be a tuple (...), got %q", f)
	}
	entries := strings.Split(body, ",")
	if len(entries) != g.seats {
		return fmt.Errorf("fen4: en passant field: want %d entries, got %d", g.seats, len(entries))
	}
	for s, raw := range entries {
		entry, ok := strings.CutPrefix(strings.TrimSpace(raw), "'")
		entry, ok2 := strings.CutSuffix(entry, "'")
		if !ok || !ok2 {
			return fmt.Errorf("fen4: en passant entry %d must be quoted, got %q", s+1, raw)
		}
		if entry == "" {
			continue
		}
		passed, landed, ok := strings.Cut(entry, ":")
		v, okV := g.parseSquare(landed)
		if !ok || !okV || p.board[v] == 0 || codeOwner(p.board[v]) != s {
			return fmt.Errorf("fen4: en passant entry %d (%q): want passed:landed, landed a square of seat %s's piece", s+1, entry, g.seatNames[s])
		}
		e := epState{victim: uint8(v)}
		for _, name := range strings.Split(passed, "+") {
			sq, ok := g.parseSquare(name)
			if !ok || g.wall.has(sq) || e.n == maxEP {
				return fmt.Errorf("fen4: en passant entry %d: %q is not a square", s+1, name)
			}
			e.sq[e.n] = uint8(sq)
			e.n++
		}
		p.sep[s] = e
	}
	return nil
}
