package records

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"balancefarm/engine"
)

// PGN4Error is where and why a PGN4 text does not read: the game (from
// 1), the line, and for a move its ply (from 1), the move number the text
// gave it and its text.
type PGN4Error struct {
	Game, Line int
	Ply, Move  int    // 0 when the error is no move's
	Token      string // the move's text
	Err        error
}

func (e *PGN4Error) Error() string {
	where := fmt.Sprintf("game %d, line %d", e.Game, e.Line)
	if e.Ply > 0 {
		where += fmt.Sprintf(", ply %d (move %d, %s)", e.Ply, e.Move, e.Token)
	}
	return where + ": " + e.Err.Error()
}

func (e *PGN4Error) Unwrap() error { return e.Err }

// maxPGN4 bounds what ReadPGN4 reads: far more than any file of games.
const maxPGN4 = 64 << 20

// ReadPGN4 reads every game of a PGN4 text and replays each on g: every
// move must be legal in turn, name the piece that makes it and the one it
// takes, and the tags that state a result (Result, Winner, Termination
// when it is an engine ending, PlyCount) must be what the moves give. It
// reads chess.com's records (their comments, variations, multi-line
// StartFen4 and end markers) and WritePGN4's. The first error ends the
// reading; it is a *PGN4Error. It never panics.
func ReadPGN4(r io.Reader, g *engine.Game) ([]PGN4Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPGN4+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxPGN4 {
		return nil, fmt.Errorf("the PGN4 text is over %d bytes", maxPGN4)
	}
	if g == nil || !g.Seated() {
		return nil, errors.New("PGN4 records games with seats; this game has none")
	}
	texts, err := scanPGN4(string(data))
	if err != nil {
		return nil, err
	}
	out := make([]PGN4Game, 0, len(texts))
	for i := range texts {
		game, err := replayPGN4(g, &texts[i], i+1)
		if err != nil {
			return nil, err
		}
		out = append(out, game)
	}
	return out, nil
}

// pgn4Text is one game's tags and move tokens as scanned.
type pgn4Text struct {
	line   int
	tags   []Tag
	tokens []pgn4Token
}

type pgn4Token struct {
	text       string
	line, move int  // its line and the move number before it
	chance     bool // a chance outcome written as a comment ({roll:3})
}

// scanPGN4 splits the text into games: tags (a value may run over lines,
// as chess.com's StartFen4 does), then move tokens, leaving out move
// numbers, the ".." between a round's moves, results, NAGs, comments
// ({...} and ;...), variations ((...)) and escape lines (%...). A tag
// after moves starts the next game.
func scanPGN4(s string) ([]pgn4Text, error) {
	var games []pgn4Text
	var cur *pgn4Text
	line, move, depth := 1, 0, 0
	begin := func() {
		games = append(games, pgn4Text{line: line})
		cur = &games[len(games)-1]
		move = 0
	}
	fail := func(format string, args ...any) error {
		return &PGN4Error{Game: max(len(games), 1), Line: line, Err: fmt.Errorf(format, args...)}
	}
	atLineStart := true
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n':
			line++
			i++
			atLineStart = true
			continue
		case c == '%' && atLineStart:
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		}
		atLineStart = false
		switch c {
		case '{':
			start, open := line, i
			for i++; i < len(s) && s[i] != '}'; i++ {
				if s[i] == '\n' {
					line++
				}
			}
			if i == len(s) {
				line = start
				return nil, fail("comment not closed")
			}
			if text := strings.TrimSpace(s[open+1 : i]); depth == 0 && cur != nil && isChanceWord(text) {
				cur.tokens = append(cur.tokens, pgn4Token{text: text, line: start, move: move, chance: true})
			}
			i++
		case ';':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case '(':
			depth++
			i++
		case ')':
			if depth == 0 {
				return nil, fail("')' closes no variation")
			}
			depth--
			i++
		case '[':
			if depth > 0 {
				return nil, fail("a tag inside a variation")
			}
			if cur == nil || len(cur.tokens) > 0 {
				begin()
			}
			t, n, lines, err := scanTag(s[i:])
			if err != nil {
				return nil, fail("%v", err)
			}
			cur.tags = append(cur.tags, t)
			i += n
			line += lines
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\r\n\f\v{;()[", rune(s[j])) {
				j++
			}
			word := s[i:j]
			i = j
			if depth > 0 {
				continue
			}
			if cur == nil {
				begin()
			}
			if n, rest, ok := moveNumber(word); ok {
				move, word = n, rest
			}
			word = strings.TrimLeft(word, ".")
			switch {
			case word == "", word == "1-0", word == "0-1", word == "1/2-1/2", word == "*", word[0] == '$':
				continue
			}
			cur.tokens = append(cur.tokens, pgn4Token{text: word, line: line, move: move})
		}
	}
	if depth > 0 {
		return nil, fail("a variation is not closed")
	}
	return games, nil
}

// moveNumber reads a leading move number, "12." or "12..", and what
// follows it in the same word.
func moveNumber(word string) (n int, rest string, ok bool) {
	i := 0
	for i < len(word) && word[i] >= '0' && word[i] <= '9' {
		i++
	}
	if i == 0 || i == len(word) || word[i] != '.' || i > 6 {
		return 0, word, false
	}
	n, err := strconv.Atoi(word[:i])
	if err != nil {
		return 0, word, false
	}
	return n, word[i:], true
}

// scanTag reads `[Name "value"]` at the start of s, the value with \" and
// \\ escapes and possibly over several lines; it gives the tag, the bytes
// read and the line breaks among them.
func scanTag(s string) (Tag, int, int, error) {
	i, lines := 1, 0
	skip := func() {
		for i < len(s) && strings.ContainsRune(" \t\r\n", rune(s[i])) {
			if s[i] == '\n' {
				lines++
			}
			i++
		}
	}
	skip()
	start := i
	for i < len(s) && (s[i] == '_' || s[i] < 0x80 && (unicode.IsLetter(rune(s[i])) || unicode.IsDigit(rune(s[i])))) {
		i++
	}
	name := s[start:i]
	if name == "" {
		return Tag{}, 0, 0, fmt.Errorf("a tag without a name")
	}
	skip()
	if i >= len(s) || s[i] != '"' {
		return Tag{}, 0, 0, fmt.Errorf("tag %s has no quoted value", name)
	}
	var v strings.Builder
	for i++; ; i++ {
		if i >= len(s) {
			return Tag{}, 0, 0, fmt.Errorf("tag %s: its value is not closed", name)
		}
		if s[i] == '\\' && i+1 < len(s) {
			i++
		} else if s[i] == '"' {
			break
		}
		if s[i] == '\n' {
			lines++
		}
		v.WriteByte(s[i])
	}
	i++
	skip()
	if i >= len(s) || s[i] != ']' {
		return Tag{}, 0, 0, fmt.Errorf("tag %s is not closed by ']'", name)
	}
	return Tag{name, v.String()}, i + 1, lines, nil
}

// replayPGN4 checks the tags against g and plays the moves.
func replayPGN4(g *engine.Game, t *pgn4Text, n int) (game PGN4Game, err error) {
	line := t.line
	fail := func(tok *pgn4Token, ply int, format string, args ...any) error {
		e := &PGN4Error{Game: n, Line: line, Err: fmt.Errorf(format, args...)}
		if tok != nil {
			e.Line, e.Ply, e.Move, e.Token = tok.line, ply, tok.move, tok.text
		}
		return e
	}
	var tok *pgn4Token
	ply := 0
	defer func() {
		if p := recover(); p != nil {
			err = fail(tok, ply, "engine failure replaying the game: %v", p)
		}
	}()
	game = PGN4Game{Tags: t.tags, Line: t.line}
	if v := game.Tag("Variant"); v != "" && !variantFits(g, v) {
		return game, fail(nil, 0, "Variant %q is not this game (%s)", v, pgn4Variant(g))
	}
	rec := &game.Record
	rec.Event, rec.Site = game.Tag("Event"), game.Tag("Site")
	rec.Round, _ = strconv.Atoi(game.Tag("Round"))
	rec.Date, _ = time.Parse("2006.01.02", game.Tag("Date"))
	for s := range g.Seats() {
		rec.Players = append(rec.Players, game.Tag(seatTag(g, s)))
	}
	var p *engine.Position
	if fen := strings.Join(strings.Fields(game.Tag("StartFen4")), ""); fen != "" {
		if !strings.Contains(fen, "-") {
			return game, fail(nil, 0, "StartFen4 %q names a start this reader does not know; give the position in FEN4", fen)
		}
		if p, err = g.ParseFEN(fen); err != nil {
			return game, fail(nil, 0, "StartFen4: %v", err)
		}
		rec.StartFEN = fen
	} else {
		p = g.NewPosition()
	}
	squares := make(map[string]int, g.NumSquares())
	for sq := range g.NumSquares() {
		squares[g.SquareName(sq)] = sq
	}
	boards := g.BoardNames()
	var legal []engine.Move
	for i := range t.tokens {
		tok = &t.tokens[i]
		if tok.chance {
			// A chance outcome: no player's ply, made as the engine names it.
			m, err := p.ParseMove(tok.text)
			if err != nil {
				return game, fail(tok, ply, "%v", err)
			}
			rec.Moves = append(rec.Moves, tok.text)
			p.Make(m)
			continue
		}
		if stop := stopMarker(tok.text); stop != "" {
			if game.Stop == "" && (stop == "#" || stop == "S") {
				continue // chess.com's note of a seat mated or stalemated: the engine sees it itself
			}
			if game.Stop == "" {
				game.Stop = stop
				continue
			}
		}
		ply++
		if game.Stop != "" {
			return game, fail(tok, ply, "a move after %q: the engine cannot replay a game past a resignation, a timeout or a claim", game.Stop)
		}
		if p.Outcome().Over {
			return game, fail(tok, ply, "the game is over (%s) before this move", p.Outcome().Rule)
		}
		if strings.TrimRight(tok.text, "+#") == "--" {
			// A pass: the only move a blocked die leaves.
			m, err := p.ParseMove("pass")
			if err != nil {
				return game, fail(tok, ply, "%s to move: a pass (--) is not legal here", g.SeatName(p.SeatToMove()))
			}
			rec.Moves = append(rec.Moves, "pass")
			p.Make(m)
			continue
		}
		w, err := parsePGN4Word(tok.text, boards)
		if err != nil {
			return game, fail(tok, ply, "%s to move: %v", g.SeatName(p.SeatToMove()), err)
		}
		legal = p.LegalMoves(legal[:0])
		m, err := w.match(p, legal, squares)
		if err != nil {
			return game, fail(tok, ply, "%s to move: %v", g.SeatName(p.SeatToMove()), err)
		}
		rec.Moves = append(rec.Moves, p.MoveString(m))
		p.Make(m)
	}
	tok = nil
	game.FinalFEN, game.Outcome = p.FEN(), p.Outcome()
	return game, checkPGN4Tags(&game, p, func(format string, args ...any) error { return fail(nil, 0, format, args...) })
}

// variantFits reports whether a Variant tag names g: chess.com's "Teams"
// for a team game of four-player chess, "FFA" or "Solo" for its
// free-for-all, and the rule file's name (any case) for any game.
func variantFits(g *engine.Game, v string) bool {
	if strings.EqualFold(v, g.Name()) {
		return true
	}
	if !FourPlayerChess(g) {
		return false
	}
	if g.Teams() < g.Seats() {
		return v == "Teams"
	}
	return v == "FFA" || v == "Solo"
}

// stopMarker is the marker a token is when it stands for no move: "R"
// (resigned), "T" (timed out), "C" (claimed), "S" (stalemated), "#"
// (checkmated), maybe with chess.com's '#'.
func stopMarker(s string) string {
	switch s {
	case "R", "T", "C", "S", "#", "R#", "T#", "C#", "S#":
		return s
	}
	return ""
}

// checkPGN4Tags compares the tags that state the result with the replay.
func checkPGN4Tags(game *PGN4Game, p *engine.Position, fail func(string, ...any) error) error {
	g, o := p.Game(), game.Outcome
	plies := 0
	for _, m := range game.Record.Moves {
		if !isChanceWord(m) {
			plies++
		}
	}
	if v := game.Tag("PlyCount"); v != "" && v != strconv.Itoa(plies) {
		return fail("PlyCount says %s, the moves are %d plies", v, plies)
	}
	if game.Stop != "" {
		// Chess.com ended the game; the engine's position goes on.
		return nil
	}
	result := strings.TrimSpace(game.Tag("Result"))
	if result != "" && result != "*" {
		if !o.Over {
			return fail("Result says %q, but the game is not over after its %d plies", result, plies)
		}
		if want := pgn4Result(p, o); !sameResult(result, want) {
			return fail("Result says %q, the moves give %q", result, want)
		}
	}
	if v := game.Tag("Winner"); v != "" {
		if !o.Over {
			return fail("Winner says %q, but the game is not over after its %d plies", v, plies)
		}
		if want := winnerName(g, o.Winner); v != want {
			return fail("Winner says %q, the moves give %q", v, want)
		}
	}
	// The ending is the Ending tag's, or an older writer's Termination.
	if v, from := endingFromTags(game.Tag); v != "" && isEngineEnding(v) && (!o.Over || engine.Ending(v) != o.Rule) {
		return fail("%s says %s, the moves give %s", from, v, endingOf(o))
	}
	return nil
}

func endingOf(o engine.Outcome) string {
	if !o.Over {
		return "a game not over"
	}
	return string(o.Rule)
}

// sameResult compares Result tags: a team result as written; points
// seat by seat, whatever names stand before them (chess.com writes its
// players' names there, this writer the seats').
func sameResult(got, want string) bool {
	if got == want {
		return true
	}
	gp, wp := strings.Split(got, " - "), strings.Split(want, " - ")
	if len(gp) != len(wp) || len(wp) < 2 {
		return false
	}
	for i := range wp {
		_, g, ok1 := cutLast(gp[i], ":")
		_, w, ok2 := cutLast(wp[i], ":")
		if !ok1 || !ok2 || strings.TrimSpace(g) != strings.TrimSpace(w) {
			return false
		}
	}
	return true
}

func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// isEngineEnding reports whether s names one of the engine's endings
// (chess.com's Termination is prose, "Checkmate. 1-0", and is not checked).
func isEngineEnding(s string) bool {
	for _, r := range engine.RuleNames() {
		if string(r) == s {
			return true
		}
	}
	return false
}

// pgn4MoveWord is one move token read: castling, or a piece's move.
type pgn4MoveWord struct {
	castle    string // "O-O" or "O-O-O"
	piece     string // the mover's id, "" the pawn
	from, to  string
	capture   bool
	captured  string // the taken piece's id, "" a pawn or unsaid
	promotion string
}

// parsePGN4Word reads a move token: [piece]from('-'|'x'[piece])to[=ID]
// then '+' and '#' marks, or O-O / O-O-O with their '#'. On a game of
// several boards (boards, its board names) a square names its board,
// "N:a2", and a piece's id runs into the board's name before it
// ("PSN:a2"): the board named is the longest of boards that ends the
// letters before ':'.
func parsePGN4Word(s string, boards []string) (pgn4MoveWord, error) {
	var w pgn4MoveWord
	body := strings.TrimRight(s, "+#") // the marks are not checked
	if strings.HasPrefix(body, "O-O") || strings.HasPrefix(body, "0-0") {
		switch strings.ReplaceAll(body, "0", "O") {
		case "O-O", "O-O-O":
			w.castle = strings.ReplaceAll(body, "0", "O")
			return w, nil
		}
		return w, errors.New("no castling: O-O or O-O-O expected")
	}
	rest := body
	board := "" // the board the next square is on, read by piece
	piece := func() string {
		board = ""
		if c := strings.IndexByte(rest, ':'); c >= 0 && len(boards) > 0 {
			head := rest[:c]
			for _, b := range boards {
				if id, ok := strings.CutSuffix(head, b); ok && len(b) > len(board) && !strings.ContainsFunc(id, isFileLetter) {
					board = b
				}
			}
			if board != "" {
				id := head[:len(head)-len(board)]
				rest = rest[c+1:]
				board += ":"
				return id
			}
		}
		i := strings.IndexFunc(rest, isFileLetter)
		if i < 0 {
			i = len(rest)
		}
		id := rest[:i]
		rest = rest[i:]
		return id
	}
	square := func() (string, error) {
		i := 0
		for i < len(rest) && isFileLetter(rune(rest[i])) {
			i++
		}
		j := i
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		switch {
		case rest == "":
			return "", errors.New("a square (file letters, then rank digits) expected where the move ends")
		case i == 0 || j == i:
			return "", fmt.Errorf("a square (file letters, then rank digits) expected at %q", rest)
		}
		sq := board + rest[:j]
		rest = rest[j:]
		return sq, nil
	}
	var err error
	w.piece = piece()
	if w.from, err = square(); err != nil {
		return w, err
	}
	switch {
	case strings.HasPrefix(rest, "-"):
		rest = rest[1:]
		if id := piece(); id != "" { // piece reads the to square's board
			return w, fmt.Errorf("a square expected after '-', got %q", id)
		}
	case strings.HasPrefix(rest, "x"):
		rest = rest[1:]
		w.capture = true
		w.captured = piece()
	default:
		return w, fmt.Errorf("'-' or 'x' expected after %s", w.from)
	}
	if w.to, err = square(); err != nil {
		return w, err
	}
	if after, ok := strings.CutPrefix(rest, "="); ok {
		if after == "" {
			return w, errors.New("a piece id expected after '='")
		}
		w.promotion, rest = after, ""
	}
	switch {
	case rest == "R" || rest == "T":
		return w, errors.New("a move chess.com made for a seat that resigned or timed out cannot be replayed")
	case rest != "":
		return w, fmt.Errorf("%q after the move", rest)
	}
	return w, nil
}

// match finds the legal move the word says and checks the pieces it names.
func (w pgn4MoveWord) match(p *engine.Position, legal []engine.Move, squares map[string]int) (engine.Move, error) {
	g := p.Game()
	var found []engine.Move
	if w.castle != "" {
		right := w.castle == "O-O"
		for _, m := range legal {
			if m.IsCastling() && castlesRight(p, m) == right {
				found = append(found, m)
			}
		}
		switch len(found) {
		case 0:
			return 0, fmt.Errorf("no %s is legal", w.castle)
		case 1:
			return found[0], nil
		}
		return 0, fmt.Errorf("%s is ambiguous here", w.castle)
	}
	from, ok1 := squares[w.from]
	to, ok2 := squares[w.to]
	switch {
	case !ok1:
		return 0, fmt.Errorf("no square %s on this board", w.from)
	case !ok2:
		return 0, fmt.Errorf("no square %s on this board", w.to)
	}
	for _, m := range legal {
		if m.From() != from || m.To() != to || m.IsDrop() {
			continue
		}
		pr := m.Promotion()
		if pr < 0 && w.promotion == "" || pr >= 0 && g.PieceID(pr) == w.promotion {
			found = append(found, m)
		}
	}
	if len(found) == 0 {
		kind, owner, ok := p.PieceAt(from)
		switch {
		case !ok:
			return 0, fmt.Errorf("no piece on %s", w.from)
		case owner != p.SeatToMove():
			return 0, fmt.Errorf("the piece on %s is %s's", w.from, g.SeatName(owner))
		case w.promotion != "":
			return 0, fmt.Errorf("no legal move of the %s on %s to %s promotes to %s", g.PieceID(kind), w.from, w.to, w.promotion)
		}
		return 0, fmt.Errorf("the %s on %s has no legal move to %s", g.PieceID(kind), w.from, w.to)
	}
	names := func(m engine.Move) bool {
		said, word := w.piece, pieceWord(g, p.MovingKind(m))
		return said == word || said == "P" && word == ""
	}
	if len(found) > 1 {
		// A cell of two: each of its pieces may have the move.
		found = slices.DeleteFunc(found, func(m engine.Move) bool { return !names(m) })
	}
	switch len(found) {
	case 0:
		return 0, fmt.Errorf("no %q on %s has a legal move to %s", w.piece, w.from, w.to)
	case 1:
	default:
		return 0, fmt.Errorf("%s-%s is more than one legal move here", w.from, w.to)
	}
	m := found[0]
	kind := p.MovingKind(m)
	if said := w.piece; said != pieceWord(g, kind) && !(said == "P" && pieceWord(g, kind) == "") {
		return 0, fmt.Errorf("the piece on %s is %s, the move names %q", w.from, g.PieceID(kind), said)
	}
	if w.capture != p.IsCapture(m) {
		if w.capture {
			return 0, fmt.Errorf("%s-%s takes nothing, but is written with 'x'", w.from, w.to)
		}
		return 0, fmt.Errorf("%s-%s takes a piece, but is written with '-'", w.from, w.to)
	}
	if w.captured != "" {
		taken := "P" // en passant: the square is empty, a pawn is taken
		if k, _, ok := p.PieceAt(to); ok {
			taken = g.PieceID(k)
		}
		if w.captured != taken {
			return 0, fmt.Errorf("%s-%s takes %s, the move names %q", w.from, w.to, taken, w.captured)
		}
	}
	return m, nil
}

// isChanceWord reports whether a word is a chance outcome in the engine's
// notation ("roll:3", "fate:removed", a market's "unlock:NAME"; a chaos
// "offer:A,B"), which
// PGN and PGN4 write as a comment of its own.
func isChanceWord(s string) bool {
	for _, prefix := range chancePrefixes {
		if strings.HasPrefix(s, prefix) {
			return !strings.ContainsAny(s, " \t\r\n")
		}
	}
	return false
}

// chancePrefixes begin the engine's chance outcomes: a die's face, a
// hazard's or curse's fate, a market card unlocked (schema 38), the
// chaos effects offered (schema 41).
var chancePrefixes = []string{"roll:", "fate:", "unlock:", "offer:"}
