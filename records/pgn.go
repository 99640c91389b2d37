package records

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"balancefarm/engine"
	"balancefarm/search"
)

// Meta is what every game of one file's PGN shares.
type Meta struct {
	// Event names the measurement (the rule file's name).
	Event string
	// Site is where the games were played; "?" when empty.
	Site string
	Date time.Time
	// Variant is the PGN Variant tag: empty for orthodox chess.
	Variant string
	// FEN is the start position when it is not orthodox chess's.
	FEN string
	// SFEN is the start position of a game of one of the ShogiVariants,
	// written in PSN: its players are tagged Sente and Gote, its start
	// SFEN, and it has no FEN.
	SFEN string
	// Notation is a game's own standard record: "PSN" for shogi (with
	// SFEN), "WXF" for xiangqi (Chinese-chess PGN: a Game tag first, the
	// players tagged Red and Black, the moves' Format), "" for PGN.
	Notation string
	// Start is the game's own start in the engine's FEN: a game whose
	// StartFEN differs (an opening book's position) gets its own FEN or
	// SFEN tag.
	Start string
}

// MetaFor is the shared tags for g's games. Orthodox chess has no
// Variant; a game that plays one of the StandardVariants has its name
// (VariantName) and a FEN only when its board does not start as
// chess's, as lichess exports them; any other game is named after the
// ruleset, with its start FEN. A game of the ShogiVariants is named as
// Fairy-Stockfish names it, with its start as SFEN, and xiangqi so too,
// with its FEN.
func MetaFor(g *engine.Game, event string, date time.Time) Meta {
	fen := g.NewPosition().FEN()
	m := Meta{Event: event, Site: "balancefarm self-play", Date: date, Start: fen}
	if Orthodox(g) {
		return m
	}
	if name := ShogiName(g); name != "" {
		if sfen, err := sfenOf(fen); err == nil {
			m.Variant, m.SFEN, m.Notation = name, sfen, "PSN"
			return m
		}
	}
	if Xiangqi(g) {
		m.Variant, m.FEN, m.Notation = XiangqiVariant.Name, fen, "WXF"
		return m
	}
	if m.Variant = VariantName(g); m.Variant != "" {
		// The board alone: crazyhouse's pocket ("[]") and three-check's
		// counts are the variant's start as much as the board is.
		board, _, _ := strings.Cut(fen, " ")
		board, _, _ = strings.Cut(board, "[")
		if !strings.HasPrefix(StandardFEN, board+" ") {
			m.FEN = fen
		}
		return m
	}
	m.Variant = g.Name()
	if m.Variant == "" {
		m.Variant = event
	}
	if serverVariantName(m.Variant) {
		// A name the servers export under, on a game that does not play
		// their rules (racingkings.json ends at White's arrival): a
		// reader that knows the name would replay it by the servers'
		// rules, so the file's own rules are said in the name.
		m.Variant += " (own rules)"
	}
	if fen != StandardFEN {
		m.FEN = fen
	}
	return m
}

// serverVariantNames are the Variant names lichess exports games under
// (and chessops reads), lower-cased.
var serverVariantNames = []string{"standard", "chess", "chess960", "crazyhouse", "atomic", "three-check", "horde",
	"king of the hill", "racing kings", "antichess", "from position"}

func serverVariantName(name string) bool {
	return slices.Contains(serverVariantNames, strings.ToLower(strings.TrimSpace(name)))
}

// WritePGN writes the games as PGN: the seven tag roster, then Variant,
// SetUp and FEN where they apply, PlyCount, Termination (the standard's
// word: Termination), and this project's Ending (the engine's ending
// rule), Seed, PairID, OpeningPlies and, for a game not in SAN, Notation; the movetext wrapped at 79 columns, a comment
// marking the end of the random opening.
func WritePGN(w io.Writer, meta Meta, games []Game) error {
	bw := bufio.NewWriter(w)
	date := "????.??.??"
	if !meta.Date.IsZero() {
		date = meta.Date.UTC().Format("2006.01.02")
	}
	site := meta.Site
	if site == "" {
		site = "?"
	}
	for i := range games {
		g := &games[i]
		tag := func(name, value string) { fmt.Fprintf(bw, "[%s %s]\n", name, quote(value)) }
		if meta.Notation == "WXF" {
			tag("Game", "Chinese Chess") // first, as Chinese-chess PGN has it
		}
		tag("Event", meta.Event)
		tag("Site", site)
		tag("Date", date)
		tag("Round", strconv.Itoa(g.Round))
		first, second := playerTags(meta.Notation)
		tag(first, g.White)
		tag(second, g.Black)
		tag("Result", g.Result)
		if meta.Variant != "" {
			tag("Variant", meta.Variant)
		}
		if meta.Notation == "WXF" {
			tag("Format", "WXF")
		}
		sfen, fen := meta.SFEN, meta.FEN
		if g.StartFEN != "" && meta.Start != "" && g.StartFEN != meta.Start {
			// A game from another position than the file's start (an
			// opening book's) says its own.
			sfen, fen = "", g.StartFEN
			if meta.Notation == "PSN" {
				s, err := sfenOf(g.StartFEN)
				if err != nil {
					return fmt.Errorf("game %d: its start as SFEN: %w", g.Round, err)
				}
				sfen, fen = s, ""
			}
		}
		if sfen != "" {
			tag("SFEN", sfen)
		} else if fen != "" {
			tag("SetUp", "1")
			tag("FEN", fen)
		}
		tag("PlyCount", strconv.Itoa(g.Plies))
		tag("Termination", Termination(g.Ending))
		if g.Ending != "" {
			tag(EndingTag, string(g.Ending))
		}
		// A timed game says its clocks in PGN's words (cutechess's
		// White and BlackTimeControl when they differ); an untimed one,
		// every game of a measurement, has no such tag.
		if w, b := pgnTimeControl(g.White), pgnTimeControl(g.Black); w != "-" || b != "-" {
			if w == b {
				tag("TimeControl", w)
			} else {
				tag("WhiteTimeControl", w)
				tag("BlackTimeControl", b)
			}
		}
		tag("Seed", strconv.FormatUint(g.Seed, 10))
		tag("PairID", strconv.Itoa(g.PairID))
		tag("OpeningPlies", strconv.Itoa(g.OpeningPlies))
		if len(g.SAN) == 0 && len(g.PSN) == 0 && len(g.WXF) == 0 && len(g.Moves) > 0 {
			tag("Notation", "balancefarm")
		}
		bw.WriteByte('\n')
		writeMovetext(bw, g)
		bw.WriteString("\n\n")
	}
	return bw.Flush()
}

// playerTags name the first and second mover's tags: PGN's White and
// Black; PSN's Sente and Gote (in shogi's English, Black moves first);
// Chinese-chess PGN's Red and Black.
func playerTags(notation string) (first, second string) {
	switch notation {
	case "PSN":
		return "Sente", "Gote"
	case "WXF":
		return "Red", "Black"
	}
	return "White", "Black"
}

// writeMovetext writes numbered moves, wrapped at 79 columns.
func writeMovetext(w *bufio.Writer, g *Game) {
	col := 0
	put := func(tok string) {
		if col > 0 && col+1+len(tok) > 79 {
			w.WriteByte('\n')
			col = 0
		} else if col > 0 {
			w.WriteByte(' ')
			col++
		}
		w.WriteString(tok)
		col += len(tok)
	}
	moves := g.Notation()
	// Move numbers follow the start position's side to move: a FEN
	// with black to move starts at "1...". A chance outcome ("roll:N",
	// "fate:removed") is no player's move: it is written as a comment
	// before the move it precedes and takes no number.
	blackFirst := strings.Contains(g.StartFEN, " b ")
	ply := 0
	if blackFirst {
		ply++
	}
	var chance []string
	renumber := true // the first move, and the first after the opening, name black's number
	for i, m := range moves {
		if isChanceWord(m) {
			chance = append(chance, "{"+m+"}")
		} else {
			switch {
			case ply%2 == 0:
				put(strconv.Itoa(ply/2+1) + ".")
			case renumber:
				put(strconv.Itoa(ply/2+1) + "...")
			}
			renumber = false
			for _, c := range chance {
				put(c)
			}
			chance = chance[:0]
			put(m)
			ply++
		}
		if i+1 == g.OpeningPlies && i+1 < len(moves) {
			for _, word := range strings.Fields("{end of the random opening}") {
				put(word)
			}
			renumber = true
		}
	}
	for _, c := range chance {
		put(c)
	}
	put(g.Result)
}

// quote writes a PGN string token.
func quote(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < ' ' {
			return ' '
		}
		return r
	}, s)
	s = strings.ReplaceAll(s, `\`, `\\`)
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// WriteJSONL writes one JSON object per game (the Game fields), for tools.
func WriteJSONL(w io.Writer, games []Game) error {
	enc := json.NewEncoder(w)
	for i := range games {
		if err := enc.Encode(&games[i]); err != nil {
			return err
		}
	}
	return nil
}

// PGNGame is one game read back from PGN: its tags in order and its
// movetext's moves (numbers, comments, variations and the result left
// out), with the text it was read from.
type PGNGame struct {
	Tags  []Tag
	Moves []string
	Text  string
	// File is the file it was read from, when the caller sets it.
	File string
}

// Tag is one PGN tag pair.
type Tag struct{ Name, Value string }

// Tag is the value of the named tag, "" when absent.
func (g *PGNGame) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// MarshalJSON writes the tags as an object (in their order) and the moves.
func (g *PGNGame) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{`)
	if g.File != "" {
		f, _ := json.Marshal(g.File)
		b.WriteString(`"file":`)
		b.Write(f)
		b.WriteByte(',')
	}
	b.WriteString(`"tags":{`)
	for i, t := range g.Tags {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(t.Name)
		v, _ := json.Marshal(t.Value)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteString(`},"moves":`)
	ms, err := json.Marshal(orEmpty(g.Moves))
	if err != nil {
		return nil, err
	}
	b.Write(ms)
	b.WriteByte('}')
	return b.Bytes(), nil
}

func orEmpty(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

// ReadPGN reads every game of a PGN file. It reads what WritePGN writes
// and the export format in general; a malformed tag line is an error
// naming its line, never a panic.
func ReadPGN(r io.Reader) ([]PGNGame, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var games []PGNGame
	var cur *PGNGame
	var text, movetext strings.Builder
	inMoves := false
	flush := func() {
		if cur == nil {
			return
		}
		cur.Moves = movesOf(movetext.String())
		cur.Text = strings.TrimRight(text.String(), "\n") + "\n"
		games = append(games, *cur)
		cur, inMoves = nil, false
		text.Reset()
		movetext.Reset()
	}
	line := 0
	for sc.Scan() {
		line++
		l := strings.TrimRight(sc.Text(), "\r")
		trimmed := strings.TrimSpace(l)
		if strings.HasPrefix(trimmed, "%") {
			continue // an escape line
		}
		if strings.HasPrefix(trimmed, "[") && (cur == nil || inMoves) {
			flush()
			cur = &PGNGame{}
		}
		if cur == nil {
			if trimmed == "" {
				continue
			}
			cur = &PGNGame{} // movetext with no tags
		}
		text.WriteString(l + "\n")
		if strings.HasPrefix(trimmed, "[") && !inMoves {
			t, err := parseTag(trimmed)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			cur.Tags = append(cur.Tags, t)
			continue
		}
		if trimmed != "" {
			inMoves = true
			movetext.WriteString(l + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	flush()
	return games, nil
}

// parseTag reads `[Name "value"]`.
func parseTag(s string) (Tag, error) {
	if !strings.HasSuffix(s, "]") {
		return Tag{}, fmt.Errorf("tag %q is not closed", s)
	}
	body := strings.TrimSpace(s[1 : len(s)-1])
	name, rest, ok := strings.Cut(body, " ")
	rest = strings.TrimSpace(rest)
	if !ok || name == "" || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return Tag{}, fmt.Errorf("tag %q is not [Name \"value\"]", s)
	}
	var v strings.Builder
	in := rest[1 : len(rest)-1]
	for i := 0; i < len(in); i++ {
		if in[i] == '\\' && i+1 < len(in) {
			i++
		}
		v.WriteByte(in[i])
	}
	return Tag{name, v.String()}, nil
}

// movesOf lists the move tokens of movetext; a comment that is a chance
// outcome alone ({roll:N}, {fate:removed}) is one of them.
func movesOf(s string) []string {
	var out []string
	depth, comment, lineComment := 0, false, false
	var tok, note strings.Builder
	end := func() {
		t := tok.String()
		tok.Reset()
		if t == "" || depth > 0 {
			return
		}
		if i := strings.LastIndexByte(t, '.'); i >= 0 && strings.Trim(t[:i+1], "0123456789.") == "" {
			t = t[i+1:] // a move number, "12." or "12...", maybe joined to its move
		}
		switch t {
		case "", "1-0", "0-1", "1/2-1/2", "*":
			return
		}
		if t[0] == '$' {
			return
		}
		out = append(out, t)
	}
	for _, r := range s {
		switch {
		case lineComment:
			lineComment = r != '\n'
		case comment:
			if comment = r != '}'; comment {
				note.WriteRune(r)
			} else if c := strings.TrimSpace(note.String()); depth == 0 && isChanceWord(c) {
				out = append(out, c) // a chance outcome, written as a comment
			}
		case r == '{':
			end()
			comment = true
			note.Reset()
		case r == ';':
			end()
			lineComment = true
		case r == '(':
			end()
			depth++
		case r == ')':
			end()
			if depth > 0 {
				depth--
			}
		case unicode.IsSpace(r):
			end()
		default:
			tok.WriteRune(r)
		}
	}
	end()
	return out
}

// Filter picks games by pairing and ending; an empty field passes all.
type Filter struct {
	// Pairing is the two player specs, in either colour.
	Pairing [2]string
	// Ending is the rule that ended the game (PGNGame.Ending: the Ending
	// tag, or an older file's Termination), or a standard Termination
	// value ("normal", "unterminated", ...).
	Ending string
}

// ParsePairing reads "A,B" (or "A" for a spec against itself).
func ParsePairing(s string) ([2]string, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		b = a
	}
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if a == "" || b == "" || strings.Contains(b, ",") {
		return [2]string{}, fmt.Errorf("pairing %q is not SPEC,SPEC", s)
	}
	return [2]string{a, b}, nil
}

// Match reports whether g passes the filter.
func (f Filter) Match(g *PGNGame) bool {
	if f.Ending != "" && g.Ending() != f.Ending && !strings.EqualFold(g.Tag("Termination"), f.Ending) {
		return false
	}
	if f.Pairing != [2]string{} {
		w, b := g.Tag("White"), g.Tag("Black")
		for _, own := range []string{"PSN", "WXF"} {
			if first, second := playerTags(own); w == "" && g.Tag(first) != "" {
				w, b = g.Tag(first), g.Tag(second)
			}
		}
		if !(w == f.Pairing[0] && b == f.Pairing[1] || w == f.Pairing[1] && b == f.Pairing[0]) {
			return false
		}
	}
	return true
}

// pgnTimeControl is a player spec's clock as PGN's TimeControl tag
// writes it ("40/60", "10+0.1", "0.5/move"), "-" for none.
func pgnTimeControl(spec string) string {
	ps, err := search.ParseSpec(spec)
	if err != nil {
		return "-"
	}
	return ps.Clock.PGN()
}
