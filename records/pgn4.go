package records

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"balancefarm/engine"
)

// PGN4 is chess.com's record of a four-player chess game (PGN.md, "PGN4"):
// tags, then one line per round of long algebraic moves ("1. h2-h3 ..
// b7-c7 .. g13-g12 .. m8-l8"). The same shape, with the seats' own names,
// records every other game with seats.

// SeatedRecord is one game with seats as WritePGN4 writes it: who sat
// where, the start and the moves.
type SeatedRecord struct {
	Event, Site string
	Date        time.Time // zero: no Date tag
	Round       int       // 0: no Round tag
	// Players are the player specs by seat, in seat order; a missing
	// or empty one is written "?".
	Players []string
	// StartFEN is the start position in the engine's FEN4; empty for
	// the game's own start.
	StartFEN string
	// Moves are the plies in the engine's notation (MoveString).
	Moves []string
	// OpeningPlies are the first plies played at random; a comment
	// marks their end (0: none).
	OpeningPlies int
	// Extra are tags written after PlyCount, in order (a measurement's
	// Seed, PairID, OpeningPlies).
	Extra []Tag
}

// PGN4Game is one game read back from PGN4 and replayed on the engine.
type PGN4Game struct {
	// Tags are every tag pair, in the record's order.
	Tags []Tag
	// Record holds what the tags and moves say: the players by seat
	// (from the seats' tags), the start (StartFen4, or the game's own)
	// and the moves in the engine's notation.
	Record SeatedRecord
	// Stop is the marker that ends a record before the game is over:
	// "R" (a resignation), "T" (a timeout) or "C" (a claim), with a '#'
	// where chess.com adds one; empty when the moves run to their end.
	Stop string
	// FinalFEN and Outcome are the position the moves reach.
	FinalFEN string
	Outcome  engine.Outcome
	// Line is the line the game's text starts on.
	Line int
}

// Tag is the value of the named tag, "" when absent.
func (g *PGN4Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// FourPlayerChess reports whether g is chess.com's four-player chess
// board: four seats named red, blue, yellow and green on 14 by 14 squares.
// Its PGN4 says Variant "Teams" or "FFA" as chess.com does; any other game
// with seats is named by its rule file.
func FourPlayerChess(g *engine.Game) bool {
	if g == nil || !g.Seated() || g.Seats() != 4 || g.Width() != 14 || g.Height() != 14 {
		return false
	}
	for s, name := range []string{"red", "blue", "yellow", "green"} {
		if g.SeatName(s) != name {
			return false
		}
	}
	return true
}

// pgn4Variant is the Variant tag for g.
func pgn4Variant(g *engine.Game) string {
	switch {
	case !FourPlayerChess(g):
		return g.Name()
	case g.Teams() < g.Seats():
		return "Teams"
	}
	return "FFA"
}

// seatTag is the tag that names seat s's player: the seat's name with a
// capital ("Red", "South").
func seatTag(g *engine.Game, s int) string {
	name := g.SeatName(s)
	r, n := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[n:]
}

// WritePGN4 writes games with seats of g as PGN4, one after another,
// replaying each to write its moves: an illegal move, or one PGN4 has no
// word for (a drop, a portal, a turn), is an error naming its ply.
func WritePGN4(w io.Writer, g *engine.Game, games []SeatedRecord) error {
	if g == nil || !g.Seated() {
		return errors.New("PGN4 records games with seats; this game has none")
	}
	bw := bufio.NewWriter(w)
	for i := range games {
		if err := writePGN4Game(bw, g, &games[i]); err != nil {
			if len(games) > 1 {
				return fmt.Errorf("game %d: %w", i+1, err)
			}
			return err
		}
	}
	return bw.Flush()
}

// WriteMeasuredPGN4 writes a measurement's games of a game with seats as
// PGN4, each from the words its one replay (Replay) worked out, with the
// players in their seats and this project's Seed, PairID and
// OpeningPlies tags. A game that did not replay is played again here; one
// whose moves have no PGN4 words is an error naming it.
func WriteMeasuredPGN4(w io.Writer, g *engine.Game, meta Meta, games []Game) error {
	if g == nil || !g.Seated() {
		return errors.New("PGN4 records games with seats; this game has none")
	}
	bw := bufio.NewWriter(w)
	site := meta.Site
	if site == "" {
		site = "?"
	}
	for i := range games {
		gm := &games[i]
		rec := SeatedRecord{Event: meta.Event, Site: site, Date: meta.Date, Round: gm.Round, Players: gm.Seats,
			Moves: gm.Moves, OpeningPlies: gm.OpeningPlies,
			Extra: []Tag{{"Seed", strconv.FormatUint(gm.Seed, 10)}, {"PairID", strconv.Itoa(gm.PairID)}, {"OpeningPlies", strconv.Itoa(gm.OpeningPlies)}}}
		if rp := gm.replayed; rp != nil && rp.pgn4 != nil {
			writePGN4Text(bw, g, &rec, rp.StartFEN, rp.pgn4)
			continue
		}
		if err := writePGN4Game(bw, g, &rec); err != nil {
			return fmt.Errorf("game %d: %w", gm.Round, err)
		}
	}
	return bw.Flush()
}

// writePGN4Game writes one game: replayed first, so that nothing is
// written for a game whose moves do not play.
func writePGN4Game(w *bufio.Writer, g *engine.Game, rec *SeatedRecord) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("engine failure replaying the game: %v", p)
		}
	}()
	if err := pgn4IDs(g); err != nil {
		return err
	}
	p, err := startPosition(g, rec.StartFEN)
	if err != nil {
		return err
	}
	start := p.FEN()
	pw := newPGN4Plies(p, len(rec.Moves))
	for i, text := range rec.Moves {
		if p.Outcome().Over {
			return fmt.Errorf("ply %d (%s): the game is over before it", i+1, text)
		}
		m, err := p.ParseMove(text)
		if err != nil {
			return fmt.Errorf("ply %d (%s): %w", i+1, text, err)
		}
		if m.IsChance() {
			pw.chance(text)
			p.Make(m)
			continue
		}
		pending, err := pw.before(p, m)
		if err != nil {
			return fmt.Errorf("ply %d (%s): %w", i+1, text, err)
		}
		p.Make(m)
		pw.after(p, pending)
	}
	writePGN4Text(w, g, rec, start, pw.finish(p))
	return nil
}

// pgn4IDs refuses piece ids PGN4 cannot tell from squares.
func pgn4IDs(g *engine.Game) error {
	for k := range g.NumKinds() {
		if id := g.PieceID(k); id == "" || strings.ContainsFunc(id, isFileLetter) {
			return fmt.Errorf("piece id %q: PGN4 needs ids without lower-case letters", id)
		}
	}
	return nil
}

// pgn4Ply is one ply as PGN4 writes it, with the round it is played in.
type pgn4Ply struct {
	text  string
	round int
}

// pgn4Moves is a game's plies in PGN4 and how it ended, worked out as the
// game is played once: by WritePGN4, or by Replay for a measurement's
// records.
type pgn4Moves struct {
	plies   []pgn4Ply
	comment string // chance outcomes since the last ply, written before the next
	result  string
	outcome engine.Outcome
	// turn state while the game is played
	order   []int
	round   int
	last    int
	checked uint
}

// pgn4Pending is what a ply's marks need from before it is made.
type pgn4Pending struct {
	word          string
	seat          int
	wasIn, before uint
	castling      bool
}

func newPGN4Plies(p *engine.Position, n int) *pgn4Moves {
	return &pgn4Moves{plies: make([]pgn4Ply, 0, n), order: turnOrder(p.Game()), round: 1, last: -1, checked: seatsInCheck(p, -1)}
}

// before writes m, about to be made in p, and starts its round.
func (pw *pgn4Moves) before(p *engine.Position, m engine.Move) (pgn4Pending, error) {
	word, err := pgn4Word(p, m)
	if err != nil {
		return pgn4Pending{}, err
	}
	seat := p.SeatToMove()
	if pw.last >= 0 && orderIndex(pw.order, seat) <= orderIndex(pw.order, pw.last) {
		pw.round++
	}
	pw.last = seat
	return pgn4Pending{word: word, seat: seat, wasIn: seatsIn(p), before: pw.checked, castling: m.IsCastling()}, nil
}

// after adds the ply's marks, read in p once the move is made.
func (pw *pgn4Moves) after(p *engine.Position, pd pgn4Pending) {
	pw.checked = seatsInCheck(p, pd.seat)
	pw.plies = append(pw.plies, pgn4Ply{pw.comment + pd.word + marks(p, pd.seat, pd.wasIn, pd.before, pw.checked, pd.castling), pw.round})
	pw.comment = ""
}

// chance notes a chance outcome ("roll:3"): a comment before the next ply,
// no ply itself.
func (pw *pgn4Moves) chance(text string) {
	pw.comment += "{" + text + "} "
}

// finish records how the game stands after its last ply.
func (pw *pgn4Moves) finish(p *engine.Position) *pgn4Moves {
	if n := len(pw.plies); n > 0 && pw.comment != "" {
		// Chance outcomes after the last ply: a comment after it.
		pw.plies[n-1].text += " " + strings.TrimSpace(pw.comment)
		pw.comment = ""
	}
	pw.outcome = p.Outcome()
	pw.result = pgn4Result(p, pw.outcome)
	pw.order = nil
	return pw
}

// writePGN4Text writes a game's tags and rounds of moves.
func writePGN4Text(w *bufio.Writer, g *engine.Game, rec *SeatedRecord, start string, mv *pgn4Moves) {
	tag := func(name, value string) { fmt.Fprintf(w, "[%s %s]\n", name, quote(value)) }
	if rec.Event != "" {
		tag("Event", rec.Event)
	}
	if rec.Site != "" {
		tag("Site", rec.Site)
	}
	if !rec.Date.IsZero() {
		tag("Date", rec.Date.UTC().Format("2006.01.02"))
	}
	if rec.Round > 0 {
		tag("Round", strconv.Itoa(rec.Round))
	}
	tag("Variant", pgn4Variant(g))
	if FourPlayerChess(g) && g.HasEnPassant() {
		tag("RuleVariants", "EnPassant")
	}
	tag("StartFen4", start)
	for s := range g.Seats() {
		player := "?"
		if s < len(rec.Players) && rec.Players[s] != "" {
			player = rec.Players[s]
		}
		tag(seatTag(g, s), player)
	}
	tag("Result", mv.result)
	if o := mv.outcome; o.Over {
		tag("Termination", Termination(o.Rule))
		tag(EndingTag, string(o.Rule))
		tag("Winner", winnerName(g, o.Winner))
	}
	tag("PlyCount", strconv.Itoa(len(mv.plies)))
	for _, t := range rec.Extra {
		tag(t.Name, t.Value)
	}
	w.WriteByte('\n')
	plies := mv.plies
	for i, pl := range plies {
		switch {
		case i == 0:
			fmt.Fprintf(w, "%d. ", pl.round)
		case pl.round != plies[i-1].round:
			fmt.Fprintf(w, "\n%d. ", pl.round)
		default:
			w.WriteString(" .. ")
		}
		w.WriteString(pl.text)
		if i+1 == rec.OpeningPlies && i+1 < len(plies) {
			w.WriteString(" { end of the random opening }")
		}
	}
	if len(plies) > 0 {
		w.WriteByte('\n')
	}
	w.WriteByte('\n')
}

// startPosition is fen read on g, or g's own start when fen is empty.
func startPosition(g *engine.Game, fen string) (*engine.Position, error) {
	if fen == "" {
		return g.NewPosition(), nil
	}
	p, err := g.ParseFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("start position: %w", err)
	}
	return p, nil
}

// orderIndex is seat s's place in a turn order.
func orderIndex(order []int, s int) int {
	if i := slices.Index(order, s); i >= 0 {
		return i
	}
	return s
}

// turnOrder is g's seats in the order they play, read from play from the
// start: each seat moves once before any moves twice. (The engine keeps
// rules.turn_order to itself.)
func turnOrder(g *engine.Game) []int {
	var order []int
	p := g.NewPosition()
	for range g.Seats() {
		s := p.SeatToMove()
		if p.Outcome().Over || slices.Contains(order, s) {
			break
		}
		order = append(order, s)
		moves := p.LegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		p.Make(moves[0])
	}
	for s := range g.Seats() {
		if !slices.Contains(order, s) {
			order = append(order, s)
		}
	}
	return order
}

// seatsIn is the mask of seats still in the game.
func seatsIn(p *engine.Position) uint {
	var in uint
	for s := range p.Seats() {
		if !p.SeatOut(s) {
			in |= 1 << s
		}
	}
	return in
}

// pgn4Word writes m, legal in p, as PGN4 long algebraic without its marks:
// the piece's id (none for the pawn P), the from square, '-' or 'x' and
// the taken piece's id (none for a pawn), the to square, "=ID" for a
// promotion; castling "O-O" to the king's side (the seat's own right, as
// it faces the board), else "O-O-O". On several boards the squares name
// their boards ("YN:d1-C:d1"), this project's own extension; a capture
// from afar, whose piece stays home, is written as any capture.
func pgn4Word(p *engine.Position, m engine.Move) (string, error) {
	g := p.Game()
	switch {
	case m.IsDrop(), m.IsPortalMove(), m.IsThroughPortal(), m.IsTurn():
		return "", errors.New("PGN4 has no word for this move")
	case m.IsPass():
		return "--", nil // PGN's null move: the die left no move
	case m.IsCastling():
		if castlesRight(p, m) {
			return "O-O", nil
		}
		return "O-O-O", nil
	}
	if text := p.MoveString(m); strings.ContainsAny(text, "~>") {
		return "", errors.New("PGN4 has no word for this move")
	}
	kind := p.MovingKind(m) // the piece below, for a cell's second piece
	if kind < 0 {
		return "", errors.New("no piece on its from square")
	}
	var b strings.Builder
	b.WriteString(pieceWord(g, kind))
	b.WriteString(g.SquareName(m.From()))
	if p.IsCapture(m) {
		b.WriteByte('x')
		if k, _, ok := p.PieceAt(m.To()); ok {
			b.WriteString(pieceWord(g, k))
		}
	} else {
		b.WriteByte('-')
	}
	b.WriteString(g.SquareName(m.To()))
	if pr := m.Promotion(); pr >= 0 {
		b.WriteString("=" + g.PieceID(pr))
	}
	return b.String(), nil
}

// pieceWord is a kind as a PGN4 move names it: its id, none for the pawn.
func pieceWord(g *engine.Game, kind int) string {
	if id := g.PieceID(kind); id != "P" {
		return id
	}
	return ""
}

func isFileLetter(r rune) bool { return r >= 'a' && r <= 'z' }

// castlesRight reports whether castling m goes to the castling seat's
// right as it faces the board (its king's side: the side of larger files
// in its own frame). The seat faces away from the edge nearest its king.
func castlesRight(p *engine.Position, m engine.Move) bool {
	g := p.Game()
	from, to := m.From(), m.To()
	if to == from {
		// The king stays; the engine names its partner's square.
		rest := strings.TrimPrefix(p.MoveString(m), g.SquareName(from))
		for sq := range g.NumSquares() {
			if g.SquareName(sq) == rest {
				to = sq
			}
		}
	}
	fx, fy := g.File(from), g.Rank(from)
	dx, dy := sign(g.File(to)-fx), sign(g.Rank(to)-fy)
	// forward: away from the nearest edge
	var forward [2]int
	best := g.Width() + g.Height()
	for _, e := range []struct {
		dist int
		fwd  [2]int
	}{{fy, [2]int{0, 1}}, {g.Height() - 1 - fy, [2]int{0, -1}}, {fx, [2]int{1, 0}}, {g.Width() - 1 - fx, [2]int{-1, 0}}} {
		if e.dist < best {
			best, forward = e.dist, e.fwd
		}
	}
	// the right of a seat facing (x, y) is (y, -x)
	return dx == forward[1] && dy == -forward[0]
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// marks are the signs after a ply of seat mover, as chess.com writes them:
// '+' once for each seat of another team the ply checks, '#' once for each
// seat it puts out of the game. A seat is checked when it is in check after
// the ply and was not before it, or when the mover's own pieces attack its
// royal piece; a seat the ply mates gets both, "+#". Castling gets only its
// '#'. wasIn, before and after are masks of seats.
func marks(p *engine.Position, mover int, wasIn, before, after uint, castling bool) string {
	g := p.Game()
	var out uint
	for s := range g.Seats() {
		if s != mover && wasIn>>s&1 != 0 && p.SeatOut(s) {
			out |= 1 << s
		}
	}
	var byMover uint
	if ask := after&before | out; ask != 0 && !castling {
		byMover = royalsAttackedBy(p, mover, ask, out)
	}
	var checks, outs int
	for s := range g.Seats() {
		if s == mover || wasIn>>s&1 == 0 {
			continue
		}
		if out>>s&1 != 0 {
			outs++
		}
		if castling || g.Team(s) == g.Team(mover) {
			continue
		}
		if byMover>>s&1 != 0 || out>>s&1 == 0 && after>>s&1 != 0 && before>>s&1 == 0 {
			checks++
		}
	}
	return strings.Repeat("+", checks) + strings.Repeat("#", outs)
}

// royalsAttackedBy is the mask of the seats among seats whose royal piece
// seat by could take, were it by's turn and the seats of revive still in
// the game (so that a seat the ply mated is asked as it stood).
func royalsAttackedBy(p *engine.Position, by int, seats, revive uint) uint {
	q := withSeatToMove(p, by, revive)
	if q == nil {
		return 0
	}
	var hit uint
	for _, m := range q.LegalMoves(nil) {
		if !q.IsCapture(m) {
			continue
		}
		if k, owner, ok := q.PieceAt(m.To()); ok && seats>>owner&1 != 0 && q.Game().IsRoyal(k) {
			hit |= 1 << owner
		}
	}
	return hit
}

// seatsInCheck is the mask of the seats in the game, but skip, whose royal
// piece stands attacked.
func seatsInCheck(p *engine.Position, skip int) uint {
	var in uint
	for s := range p.Seats() {
		if s != skip && !p.SeatOut(s) && seatInCheck(p, s) {
			in |= 1 << s
		}
	}
	return in
}

// seatInCheck reports whether seat s's royal piece stands attacked. The
// engine answers it for the seat to move only; for another seat the
// position is read again with s to move.
func seatInCheck(p *engine.Position, s int) bool {
	if p.SeatToMove() == s {
		return p.InCheck()
	}
	q := withSeatToMove(p, s, 0)
	return q != nil && q.InCheck()
}

// withSeatToMove is p read again with seat s to move and the seats of
// revive back in the game (its FEN4 with s's letter first and their out
// flags 0); nil when s has no legal move there, so that the engine moves
// the turn on.
func withSeatToMove(p *engine.Position, s int, revive uint) *engine.Position {
	fields := strings.SplitN(p.FEN(), "-", 3)
	if len(fields) < 3 {
		return nil
	}
	out := strings.Split(fields[1], ",")
	for q := range out {
		if revive>>q&1 != 0 {
			out[q] = "0"
		}
	}
	fen := seatLetter(p.Game(), s) + "-" + strings.Join(out, ",") + "-" + fields[2]
	q, err := p.Game().ParseFEN(fen)
	if err != nil || q.SeatToMove() != s {
		return nil
	}
	return q
}

// seatLetter is seat s's letter to move in the engine's FEN4 (NOTATION.md,
// "Games with seats"): its name's first letter, or the s-th letter of the
// alphabet when two seats' names start alike; upper case.
func seatLetter(g *engine.Game, s int) string {
	first := func(q int) rune {
		r, _ := utf8.DecodeRuneInString(g.SeatName(q))
		return unicode.ToLower(r)
	}
	for q := range g.Seats() {
		if q != s && first(q) == first(s) {
			return string(rune('A' + s))
		}
	}
	return string(unicode.ToUpper(first(s)))
}

// pgn4Result is the Result tag: "1-0" when the team of the first seat wins
// a game of two teams, "0-1" when the other does, "1/2-1/2" a draw; every
// seat's points otherwise ("Red: 23 - Blue: 3 - Yellow: 0 - Green: 20", in
// seat order, as chess.com writes a free-for-all with its players' names
// where this writes the seats'); "*" while the game goes on.
func pgn4Result(p *engine.Position, o engine.Outcome) string {
	g := p.Game()
	if !o.Over {
		return "*"
	}
	if g.Teams() == 2 && g.Seats() > 2 {
		switch o.Winner {
		case g.Team(0):
			return "1-0"
		case -1:
			return "1/2-1/2"
		}
		return "0-1"
	}
	parts := make([]string, g.Seats())
	for s := range parts {
		parts[s] = fmt.Sprintf("%s: %d", seatTag(g, s), p.SeatPoints(s))
	}
	return strings.Join(parts, " - ")
}

// winnerName is the Winner tag: the winning team's seats joined by '+'
// ("red+yellow"; one seat in a free-for-all), or "draw".
func winnerName(g *engine.Game, team int) string {
	if team < 0 {
		return "draw"
	}
	var names []string
	for s := range g.Seats() {
		if g.Team(s) == team {
			names = append(names, g.SeatName(s))
		}
	}
	return strings.Join(names, "+")
}
