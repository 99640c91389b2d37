package search

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"balancefarm/engine"
)

// uciChooser plays the moves of an outside UCI engine, on the engine's
// positions only (it needs their FEN and moves' spellings). The process is
// started at its first move and lives for the game (close ends it).
//
// Each move is sent as "position fen F moves ...": F is the position of
// the player's first move and the moves are those played since, so that
// the engine sees the repetitions a game's rules count. The other side's
// moves are found by replaying them on a copy of the game (follow); where
// they cannot be, the current FEN alone is sent and the history starts
// again there.
type uciChooser struct {
	spec PlayerSpec
	proc *uciProcess
	// The game as the engine was told it: startFEN, the moves since, and
	// a copy of the position after the engine's last move.
	startFEN string
	moves    []string
	last     *engine.Position
	buf      []engine.Move
	// clock is the clocks as they stand for the coming move, when the
	// spec has a time control.
	clock *clockReading
}

// setClock notes the clocks for the coming move's go command.
func (c *uciChooser) setClock(r clockReading, _ time.Time) { c.clock = &r }

// errOutOfTime is an engine still thinking when its clock ran out (and a
// grace after): it was stopped, and the game loop scores a time forfeit.
var errOutOfTime = errors.New("out of time")

// uciClockGrace is how long past its clock an engine may think before it
// is stopped: its move would lose on time anyway.
const uciClockGrace = time.Second

func newUCIChooser(spec PlayerSpec) *uciChooser {
	return &uciChooser{spec: spec}
}

func (c *uciChooser) choose(ctx context.Context, p enginePos, hardCap int64) (decision[engine.Move], error) {
	return c.play(ctx, p.Position, hardCap)
}

// play asks the engine for its move in pos.
func (c *uciChooser) play(ctx context.Context, pos *engine.Position, hardCap int64) (decision[engine.Move], error) {
	var d decision[engine.Move]
	if hardCap <= 0 {
		return d, errNodeLimit
	}
	if c.proc == nil {
		proc, err := c.start(ctx)
		if err != nil {
			return d, err
		}
		c.proc = proc
	}
	fen := pos.FEN()
	cmd, history := c.positionCommand(pos, fen)
	line, err := c.ask(ctx, cmd, hardCap, &d)
	if err != nil {
		return d, err
	}
	m, err := c.mapMove(pos, line)
	if err != nil && history {
		// An engine skips, without a word, the moves it cannot read and
		// all after them, and then answers for another position: ask again
		// with the position alone, and start the history again from it.
		c.startFEN, c.moves, c.last = fen, c.moves[:0], pos.Clone()
		first := d.nodes
		if line, err = c.ask(ctx, "position fen "+fen, hardCap, &d); err != nil {
			return d, err
		}
		d.nodes += first
		m, err = c.mapMove(pos, line)
	}
	if err != nil {
		return d, fmt.Errorf("uci engine %s: %w, at %s", c.spec.Path, err, fen)
	}
	d.move = m
	// The engine's own spelling of its move is the one it reads back.
	c.moves = append(c.moves, strings.Fields(line)[1])
	c.last.Make(m)
	return d, nil
}

// ask sends a position and the go command and waits for the bestmove
// line, reading the search's info into d. It stops the engine when ctx
// ends (or a movetime search overruns), killing it if it will not stop.
func (c *uciChooser) ask(ctx context.Context, position string, hardCap int64, d *decision[engine.Move]) (string, error) {
	if err := c.proc.send(position); err != nil {
		return "", err
	}
	if err := c.proc.send(c.goCommand(hardCap)); err != nil {
		return "", err
	}
	var wait, onClock time.Duration
	if c.spec.Budget == UCIBudgetMovetime {
		wait = time.Duration(c.spec.Limit)*time.Millisecond + uciMovetimeGrace
	}
	if c.clock != nil {
		onClock = c.clock.own.left + uciClockGrace
		if c.clock.own.tc.PerMove > 0 {
			onClock = c.clock.own.tc.PerMove + uciClockGrace
		}
		if wait == 0 || onClock < wait {
			wait = onClock
		}
	}
	line, err := c.proc.await(ctx, "bestmove", wait, func(l string) { readInfo(l, d) })
	if err != nil {
		if ctx.Err() != nil || errors.Is(err, errUCITimeout) {
			c.proc.stop()
			if ctx.Err() != nil {
				return "", fmt.Errorf("uci engine %s stopped: %w", c.spec.Path, ctx.Err())
			}
			if wait == onClock {
				return "", fmt.Errorf("uci engine %s: %w", c.spec.Path, errOutOfTime)
			}
		}
		return "", err
	}
	if len(strings.Fields(line)) < 2 {
		return "", fmt.Errorf("uci engine %s answered %q, without a move, at %s", c.spec.Path, line, strings.TrimPrefix(position, "position fen "))
	}
	return line, nil
}

// start runs the engine and sets it up: the spec's options (each checked
// against what the engine declares), Threads=1 unless the spec says
// otherwise, and a new game.
func (c *uciChooser) start(ctx context.Context) (*uciProcess, error) {
	proc, err := startUCI(ctx, c.spec.Path)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*uciProcess, error) {
		proc.close()
		return nil, err
	}
	opts := c.spec.Options()
	hasThreads := false
	for _, o := range opts {
		decl, ok := proc.options[strings.ToLower(o.Name)]
		if !ok {
			return fail(fmt.Errorf("uci engine %s (%s) has no option %q", c.spec.Path, proc.name, o.Name))
		}
		if decl.typ == "combo" && !containsFold(decl.vars, o.Value) {
			return fail(fmt.Errorf("uci engine %s (%s): option %s has no value %q (it has %d: %s)",
				c.spec.Path, proc.name, decl.name, o.Value, len(decl.vars), abbreviate(decl.vars, 12)))
		}
		hasThreads = hasThreads || strings.EqualFold(o.Name, "Threads")
		if err := proc.send("setoption name " + decl.name + " value " + o.Value); err != nil {
			return fail(err)
		}
	}
	if decl, ok := proc.options["threads"]; ok && !hasThreads {
		// One thread: the same budget gives the same move every time.
		if err := proc.send("setoption name " + decl.name + " value 1"); err != nil {
			return fail(err)
		}
	}
	for _, cmd := range []string{"isready", "ucinewgame", "isready"} {
		if err := proc.send(cmd); err != nil {
			return fail(err)
		}
		if cmd != "isready" {
			continue
		}
		if _, err := proc.await(ctx, "readyok", uciHandshakeWait, nil); err != nil {
			return fail(err)
		}
	}
	return proc, nil
}

// positionCommand tells the engine the position: the game from the
// player's first position when the moves since can be followed and each
// is spelled as every UCI engine reads it, else the current FEN alone
// (and the history starts again there). It reports which.
func (c *uciChooser) positionCommand(pos *engine.Position, fen string) (string, bool) {
	if c.last != nil {
		if between, ok := follow(c.last, pos, maxFollowPlies); ok && allPlain(c.last, between) {
			for _, m := range between {
				c.moves = append(c.moves, UCIMoveString(c.last, m))
				c.last.Make(m)
			}
			return "position fen " + c.startFEN + " moves " + strings.Join(c.moves, " "), true
		}
	}
	c.startFEN, c.moves, c.last = fen, c.moves[:0], pos.Clone()
	return "position fen " + fen, false
}

// allPlain reports whether every move of a line from pos has a spelling
// every UCI engine shares: a plain move or capture, castling, a drop.
// Promotions are not (Fairy-Stockfish writes a shogi-style one "+", a
// chess-style one by the piece's letter, which a rule file's ids do not
// tell apart), nor are the moves UCI has no words for. pos is left as it
// was.
func allPlain(pos *engine.Position, line []engine.Move) bool {
	n := 0
	defer func() {
		for ; n > 0; n-- {
			pos.Unmake()
		}
	}()
	for _, m := range line {
		if (m.Promotion() >= 0 && !m.IsDrop()) || m.IsTurn() || m.IsPortalMove() || m.IsThroughPortal() ||
			strings.ContainsAny(pos.MoveString(m), "~>") {
			return false
		}
		pos.Make(m)
		n++
	}
	return true
}

// maxFollowPlies is the most plies follow looks for between two of the
// engine's moves: one answer, or a turn of two moves.
const maxFollowPlies = 2

// follow finds the legal moves, at most depth of them, that lead from
// from to a position with to's hash and ply, leaving from as it was.
func follow(from, to *engine.Position, depth int) ([]engine.Move, bool) {
	n := to.Ply() - from.Ply()
	if n < 1 || n > depth {
		return nil, false
	}
	for _, m := range from.LegalMoves(nil) {
		from.Make(m)
		if n == 1 {
			hit := from.Hash() == to.Hash() && from.Ply() == to.Ply()
			from.Unmake()
			if hit {
				return []engine.Move{m}, true
			}
			continue
		}
		rest, ok := follow(from, to, depth-1)
		from.Unmake()
		if ok {
			return append([]engine.Move{m}, rest...), true
		}
	}
	return nil, false
}

// goCommand is the go command of the spec's clock and budget: the
// clocks' words (wtime, btime, winc, binc, movestogo; movetime for st=)
// and then the budget, as cutechess sends both. A node budget is cut to
// what the game has left.
func (c *uciChooser) goCommand(hardCap int64) string {
	w := []string{"go"}
	if c.clock != nil {
		w = append(w, c.clock.goClock())
	}
	if c.spec.Budget != "" {
		limit := c.spec.Limit
		if c.spec.Budget == UCIBudgetNodes && hardCap < limit {
			limit = hardCap
		}
		w = append(w, c.spec.Budget, strconv.FormatInt(limit, 10))
	}
	return strings.Join(w, " ")
}

// mapMove is the legal move the engine's bestmove names: its UCI spelling
// exactly, else in any case, else one the engine's own notation reads
// (ParseMove: castling either way, e7e8q, drops in any case). "(none)"
// and "0000" say the engine sees no move: where a legal move wins at once,
// the engine read the game as already won (Fairy-Stockfish ends Jeson Mor
// when a knight survives a turn on e5, where the rule file still wants it
// to step off) and that move is played; otherwise it is an error.
func (c *uciChooser) mapMove(pos *engine.Position, line string) (engine.Move, error) {
	s := strings.Fields(line)[1]
	if s == "(none)" || s == "0000" {
		if m, ok := winsAtOnce(pos); ok {
			return m, nil
		}
		return 0, fmt.Errorf("engine answered bestmove %s (no move) in a game that is not over", s)
	}
	c.buf = pos.LegalMoves(c.buf[:0])
	var folded []engine.Move
	for _, m := range c.buf {
		sp := UCIMoveString(pos, m)
		if sp == s {
			return m, nil
		}
		if strings.EqualFold(sp, s) {
			folded = append(folded, m)
		}
	}
	if len(folded) == 1 {
		return folded[0], nil
	}
	if len(folded) == 0 {
		if m, err := pos.ParseMove(s); err == nil {
			return m, nil
		}
		if m, ok := c.pieceAlias(pos, s); ok {
			return m, nil
		}
	}
	return 0, fmt.Errorf("bestmove %q is none of the %d legal moves", s, len(c.buf))
}

// winsAtOnce is the first legal move after which the game is over and won
// by the side that made it.
func winsAtOnce(pos *engine.Position) (engine.Move, bool) {
	mover := pos.SideToMove()
	for _, m := range pos.LegalMoves(nil) {
		pos.Make(m)
		o := pos.Outcome()
		pos.Unmake()
		if o.Over && o.Winner == mover {
			return m, true
		}
	}
	return 0, false
}

// pieceAlias reads Fairy-Stockfish's "+" (promote) and "-" (demote)
// suffixes: the one legal promotion between the squares, to a "+X" kind
// for "+" where the ids say so, else the only one there is.
func (c *uciChooser) pieceAlias(pos *engine.Position, s string) (engine.Move, bool) {
	if len(s) < 5 || (s[len(s)-1] != '+' && s[len(s)-1] != '-') {
		return 0, false
	}
	base, suffix := s[:len(s)-1], s[len(s)-1]
	g := pos.Game()
	var all, marked []engine.Move
	for _, m := range c.buf {
		if m.IsDrop() || m.Promotion() < 0 || g.SquareName(m.From())+g.SquareName(m.To()) != base {
			continue
		}
		all = append(all, m)
		if plus := strings.HasPrefix(g.PieceID(m.Promotion()), "+"); plus == (suffix == '+') {
			marked = append(marked, m)
		}
	}
	switch {
	case len(marked) == 1:
		return marked[0], true
	case len(all) == 1:
		return all[0], true
	}
	return 0, false
}

// close ends the engine's process.
func (c *uciChooser) close() {
	if c.proc != nil {
		c.proc.close()
		c.proc = nil
	}
}

// readInfo takes the nodes, depth and score of an info line into d: the
// last line's, which describe the search the bestmove ends.
func readInfo[M comparable](line string, d *decision[M]) {
	w := strings.Fields(line)
	if len(w) == 0 || w[0] != "info" {
		return
	}
	for i := 1; i+1 < len(w); i++ {
		switch w[i] {
		case "nodes":
			if v, err := strconv.ParseInt(w[i+1], 10, 64); err == nil && v >= 0 {
				d.nodes = v
			}
		case "depth":
			if v, err := strconv.Atoi(w[i+1]); err == nil && v >= 0 {
				d.depth = v
			}
		case "score":
			if i+2 >= len(w) {
				continue
			}
			v, err := strconv.Atoi(w[i+2])
			if err != nil {
				continue
			}
			switch w[i+1] {
			case "cp":
				d.score, d.hasScore = max(-scoreWinMin, min(scoreWinMin, v)), true
			case "mate":
				// Mate in v moves is 2v-1 plies; mated in v, 2v.
				switch {
				case v > 0:
					d.score, d.hasScore = scoreWin-min(2*v-1, 1999), true
				case v < 0:
					d.score, d.hasScore = -(scoreWin - min(-2*v, 1999)), true
				}
			}
		}
	}
}

// UCIMoveString is a move as UCI engines write it: from and to squares
// (NOTATION.md's names, a10 on a tenth rank), a promotion as the lower
// case id it becomes ("e7e8q"; "+" for a shogi-style "+X" piece; a
// crazyhouse "Q~" as "q"), a drop as "P@e4" (the id in upper case), and
// castling as the castling piece's own move ("e1g1") unless the engine
// writes it as the piece and its partner ("e1h1") because the other
// would read as a plain move. Moves UCI has no spelling for (sweeps,
// strikes, portals, turns) are the engine's notation.
func UCIMoveString(pos *engine.Position, m engine.Move) string {
	g := pos.Game()
	if m.IsNull() {
		return "0000"
	}
	if m.IsDrop() {
		return strings.ToUpper(g.PieceID(m.DropKind())) + "@" + g.SquareName(m.To())
	}
	if m.IsCastling() || m.IsTurn() || m.IsPortalMove() || m.IsThroughPortal() {
		return pos.MoveString(m)
	}
	s := pos.MoveString(m)
	base := g.SquareName(m.From()) + g.SquareName(m.To())
	if !strings.HasPrefix(s, base) {
		return s
	}
	rest := s[len(base):]
	if pr := m.Promotion(); pr >= 0 && rest == "="+g.PieceID(pr) {
		id := g.PieceID(pr)
		kind, _, _ := pos.PieceAt(m.From())
		switch {
		case g.PieceID(kind) == "+"+id:
			return base + "-" // a shogi-style piece turned back (Kyoto shogi)
		case strings.HasPrefix(id, "+"):
			return base + "+"
		case strings.HasSuffix(id, "~"):
			return base + strings.ToLower(strings.TrimSuffix(id, "~"))
		}
		return base + strings.ToLower(id)
	}
	return s
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// abbreviate lists at most n values, then how many more.
func abbreviate(list []string, n int) string {
	if len(list) <= n {
		return strings.Join(list, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(list[:n], ", "), len(list)-n)
}
