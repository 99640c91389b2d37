package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The differential test of turns, rounds, spies, speeds and rest: a slow
// reference written from the reference's words plays random games of every
// new rule file beside the engine. The reference takes one player's piece
// moves from a base game -- the same file without rules.turn,
// rules.simultaneous, beats, speed, spy and rest, which the engine plays as
// an ordinary game -- and does everything those keys add itself, on its
// own board: who moves and how many times, what a round does to the board,
// who has a spy, which piece rests for how long.

// turnsRefFiles are the files the differential test plays.
var turnsRefFiles = []string{"marseillais.json", "progressive.json", "weary-armies.json",
	"simultaneous-skirmish.json", "cavalry-skirmish.json", "spy-skirmish.json"}

// baseOf compiles the rule file without the keys of the families tested.
func baseOf(t *testing.T, data []byte) *Game {
	t.Helper()
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	r := raw["rules"].(map[string]any)
	delete(r, "turn")
	delete(r, "simultaneous")
	for _, pc := range raw["pieces"].([]any) {
		m := pc.(map[string]any)
		for _, k := range []string{"beats", "speed", "spy", "rest"} {
			delete(m, k)
		}
	}
	out, _ := json.Marshal(raw)
	g, err := Compile(out)
	if err != nil {
		t.Fatalf("base game: %v", err)
	}
	return g
}

// turnRefGame is what the reference reads of the rule file itself.
type turnRefGame struct {
	raw   map[string]any
	base  *Game
	moves int   // rules.turn.moves (1 without)
	ramp  []int // rules.turn.ramp
	// checkEnds: rules.turn.check_ends, a check ends the mover's turn
	checkEnds bool
	rounds    bool
	tie       string
	swap      bool
	beats     map[string]map[string]bool
	speed     map[string]int
	spy       map[string]bool
	rest      map[string]int
	royal     map[string]bool
	seen      map[string]int // events met, logged so a run shows what it covered
}

func readTurnRefGame(t *testing.T, data []byte) *turnRefGame {
	t.Helper()
	rg := &turnRefGame{base: baseOf(t, data), moves: 1, beats: map[string]map[string]bool{}, speed: map[string]int{},
		spy: map[string]bool{}, rest: map[string]int{}, royal: map[string]bool{}, seen: map[string]int{}}
	if err := json.Unmarshal(data, &rg.raw); err != nil {
		t.Fatal(err)
	}
	r := rg.raw["rules"].(map[string]any)
	if tr, ok := r["turn"].(map[string]any); ok {
		rg.moves = int(tr["moves"].(float64))
		rg.checkEnds = tr["check_ends"] == true
		if ramp, ok := tr["ramp"].([]any); ok {
			for _, n := range ramp {
				rg.ramp = append(rg.ramp, int(n.(float64)))
			}
		}
	}
	var ids []string
	for _, pc := range rg.raw["pieces"].([]any) {
		ids = append(ids, pc.(map[string]any)["id"].(string))
	}
	if sim, ok := r["simultaneous"].(map[string]any); ok {
		rg.rounds = true
		rg.tie, _ = sim["tie"].(string)
		rg.swap = sim["swap"] == "collision"
	}
	for _, pc := range rg.raw["pieces"].([]any) {
		m := pc.(map[string]any)
		id := m["id"].(string)
		rg.royal[id] = m["royal"] == true
		if m["spy"] == true {
			rg.spy[id] = true
		}
		if v, ok := m["speed"].(float64); ok {
			rg.speed[id] = int(v)
		}
		if v, ok := m["rest"].(float64); ok {
			rg.rest[id] = int(v)
		}
		// beats: as written, else the captures, else every piece.
		list, ok := m["beats"].([]any)
		if !ok {
			list, ok = m["captures"].([]any)
		}
		rg.beats[id] = map[string]bool{}
		if !ok {
			for _, x := range ids {
				rg.beats[id][x] = true
			}
		}
		for _, x := range list {
			rg.beats[id][x.(string)] = true
		}
	}
	return rg
}

// turnRefPiece is a piece on the reference's board.
type turnRefPiece struct {
	id    string
	owner int
}

// turnRefState is the reference's position.
type turnRefState struct {
	board     map[int]turnRefPiece
	side      int
	turn      int // turns begun before this one
	left      int // moves left in this turn
	castling  string
	ep        string
	phase     string // "turns", "reply" (a spy-less player's reply is due) or "rounds"
	init      int
	lastVoid  [2]int // a void swap's squares, or -1s
	bars      [][2]int
	restUntil map[int]int // square: the owner's last turn number its piece rests
	turnsDone [2]int      // turns each player has completed
	over      bool
	winner    int
}

func (rg *turnRefGame) turnLen(t int) int {
	if t < len(rg.ramp) {
		return rg.ramp[t]
	}
	return rg.moves
}

// basePos is the base game's position of the reference's board with side
// to move.
func (rg *turnRefGame) basePos(t *testing.T, st *turnRefState, side int) *Position {
	t.Helper()
	g := rg.base
	var b strings.Builder
	for y := g.h - 1; y >= 0; y-- {
		empty := 0
		for x := 0; x < g.w; x++ {
			pc, ok := st.board[y*g.w+x]
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(g.tokens[pieceCode(g.ids[pc.id], pc.owner)])
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if y > 0 {
			b.WriteByte('/')
		}
	}
	fen := fmt.Sprintf("%s %s %s %s 0 1", b.String(), [2]string{"w", "b"}[side], orDash(st.castling), orDash(st.ep))
	p, err := g.ParseFEN(fen)
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	return p
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func (rg *turnRefGame) boardOf(p *Position) map[int]turnRefPiece {
	out := map[int]turnRefPiece{}
	for sq := 0; sq < p.g.n; sq++ {
		if k, o, ok := p.PieceAt(sq); ok {
			out[sq] = turnRefPiece{p.g.PieceID(k), o}
		}
	}
	return out
}

// choices are a player's moves in the reference: the base game's moves
// of that player, less the moves of resting pieces (unless every move is
// one) and the barred pairs.
func (rg *turnRefGame) choices(t *testing.T, st *turnRefState, q int) []string {
	bp := rg.basePos(t, st, q)
	var all, awake []string
	for _, m := range bp.LegalMoves(nil) {
		s := bp.MoveString(m)
		barred := false
		for _, b := range st.bars {
			if m.From() == b[q] && m.To() == b[1-q] {
				barred = true
			}
		}
		if barred {
			continue
		}
		all = append(all, s)
		if until, ok := st.restUntil[m.From()]; !ok || st.turnsDone[q] > until {
			awake = append(awake, s)
		}
	}
	if len(awake) == 0 {
		if len(all) > 0 && len(rg.rest) > 0 {
			rg.seen["rest lifted"]++
		}
		return all
	}
	if len(awake) < len(all) {
		rg.seen["a piece rests"]++
	}
	return awake
}

func (rg *turnRefGame) royalsLeft(st *turnRefState, q int) int {
	n := 0
	for _, pc := range st.board {
		if pc.owner == q && rg.royal[pc.id] {
			n++
		}
	}
	return n
}

func (rg *turnRefGame) spies(st *turnRefState, q int) int {
	n := 0
	for _, pc := range st.board {
		if pc.owner == q && rg.spy[pc.id] {
			n++
		}
	}
	return n
}

// playMove makes an ordinary move of the side to move: the base game makes
// it; the turn, the rest and the spy phase are the reference's.
func (rg *turnRefGame) playMove(t *testing.T, st *turnRefState, move string) {
	bp := rg.basePos(t, st, st.side)
	m, err := bp.ParseMove(move)
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	before := st.board
	mover := st.side
	bp.Make(m)
	st.board = rg.boardOf(bp)
	f := strings.Fields(bp.FEN())
	st.castling, st.ep = f[2], f[3]
	rg.restAfter(st, before, [2]int{m.To(), m.aux2()}, [2]bool{true, m.IsCastling()}, 1<<mover)
	if o := bp.Outcome(); bp.Decided() {
		st.over, st.winner = true, o.Winner
	}
	st.left--
	// The base game has the other player to move now: is it checked?
	if st.left > 0 && rg.checkEnds && bp.InCheck() {
		st.left = 0
		rg.seen["check ends the turn"]++
	}
	if st.left == 0 {
		st.turn++
		st.left = rg.turnLen(st.turn)
		st.side ^= 1
	} else {
		st.ep = "" // the mover's own next move cannot take en passant
	}
	if len(rg.spy) > 0 && st.phase != "rounds" {
		a, b := rg.spies(st, mover) == 0, rg.spies(st, st.side) == 0
		switch {
		case b && !a:
			st.phase = "reply"
			rg.seen["spy lost, reply due"]++
		case a || b:
			st.phase = "rounds"
			rg.seen["rounds begin"]++
		}
	}
}

// restAfter: the players in mask have completed a turn; a square whose
// contents changed rests no more; the pieces that moved (landed) rest
// from now for their owner's next rest turns.
func (rg *turnRefGame) restAfter(st *turnRefState, before map[int]turnRefPiece, landed [2]int, ok [2]bool, mask int) {
	if len(rg.rest) == 0 {
		return
	}
	for sq := range st.restUntil {
		if before[sq] != st.board[sq] {
			delete(st.restUntil, sq)
		}
	}
	for q := 0; q < 2; q++ {
		if mask>>q&1 != 0 {
			st.turnsDone[q]++
		}
	}
	for i, sq := range landed {
		if !ok[i] {
			continue
		}
		if pc, on := st.board[sq]; on && mask>>pc.owner&1 != 0 {
			if n := rg.rest[pc.id]; n > 0 {
				// Turns are numbered from 0; turnsDone is the next one.
				st.restUntil[sq] = st.turnsDone[pc.owner] + n - 1
			} else {
				delete(st.restUntil, sq)
			}
		}
	}
}

// playRound resolves a round from the reference's words.
func (rg *turnRefGame) playRound(t *testing.T, st *turnRefState, moves [2]string) {
	type mv struct {
		from, to int
		promo    string
		pc       turnRefPiece
	}
	var ms [2]mv
	for q := 0; q < 2; q++ {
		bp := rg.basePos(t, st, q)
		m, err := bp.ParseMove(moves[q])
		if err != nil {
			t.Fatalf("reference round: %v", err)
		}
		ms[q] = mv{from: m.From(), to: m.To(), pc: st.board[m.From()]}
		if pr := m.Promotion(); pr >= 0 {
			ms[q].promo = rg.base.PieceID(pr)
		}
	}
	arrived := func(q int) turnRefPiece {
		pc := ms[q].pc
		if ms[q].promo != "" {
			pc.id = ms[q].promo
		}
		return pc
	}
	before := map[int]turnRefPiece{}
	for k, v := range st.board {
		before[k] = v
	}
	landed := [2]int{-1, -1}
	voidSwap := false
	fast := -1
	if sa, sb := rg.speed[ms[0].pc.id], rg.speed[ms[1].pc.id]; sa != sb {
		fast = 0
		if sb > sa {
			fast = 1
		}
	}
	switch {
	case fast >= 0:
		rg.seen["speeds differ"]++
		slow := 1 - fast
		delete(st.board, ms[fast].from)
		st.board[ms[fast].to] = arrived(fast)
		landed[fast] = ms[fast].to
		if rg.royalsLeft(st, slow) > 0 && rg.royalsLeft(st, fast) > 0 && st.board[ms[slow].from] == ms[slow].pc {
			// The slower move, if that piece can still make it.
			bp := rg.basePos(t, st, slow)
			for _, m := range bp.LegalMoves(nil) {
				if m.From() == ms[slow].from && m.To() == ms[slow].to && (m.Promotion() < 0) == (ms[slow].promo == "") {
					delete(st.board, ms[slow].from)
					st.board[ms[slow].to] = arrived(slow)
					landed[slow] = ms[slow].to
					rg.seen["slower move made"]++
					break
				}
			}
		}
	case ms[0].to == ms[1].to || rg.swap && ms[0].to == ms[1].from && ms[1].to == ms[0].from:
		delete(st.board, ms[0].from)
		delete(st.board, ms[1].from)
		a, b := ms[0].pc.id, ms[1].pc.id
		rg.seen["collision"]++
		w := -1
		switch {
		case rg.beats[a][b] && !rg.beats[b][a]:
			w = 0
		case rg.beats[b][a] && !rg.beats[a][b]:
			w = 1
		case rg.tie == "initiative":
			rg.seen["tie by initiative"]++
			w = st.init
			st.init ^= 1
		}
		if w >= 0 {
			st.board[ms[w].to] = arrived(w)
			landed[w] = ms[w].to
		}
	default:
		// A move onto the square its target left lands there if a quiet
		// move could; otherwise it is void and the piece stays.
		var void [2]bool
		for q := 0; q < 2; q++ {
			if ms[q].to != ms[1-q].from {
				continue
			}
			lifted := &turnRefState{board: map[int]turnRefPiece{}}
			for k, v := range st.board {
				if k != ms[q].to {
					lifted.board[k] = v
				}
			}
			bp := rg.basePos(t, lifted, q)
			void[q] = true
			for _, m := range bp.LegalMoves(nil) {
				if m.From() == ms[q].from && m.To() == ms[q].to && !m.IsNull() && !bp.IsCapture(m) && (m.Promotion() < 0) == (ms[q].promo == "") {
					void[q] = false
				}
			}
		}
		for q := 0; q < 2; q++ {
			if !void[q] {
				delete(st.board, ms[q].from)
			}
		}
		for q := 0; q < 2; q++ {
			if !void[q] {
				st.board[ms[q].to] = arrived(q)
				landed[q] = ms[q].to
			}
		}
		voidSwap = void[0] && void[1]
		if void[0] || void[1] {
			rg.seen["void move"]++
		}
	}
	// Two void swaps of one pair in a row bar it while both squares hold.
	pair := [2]int{ms[0].from, ms[1].from}
	switch {
	case !voidSwap:
		st.lastVoid = [2]int{-1, -1}
	case st.lastVoid == pair:
		st.bars = append(st.bars, pair)
		rg.seen["pair barred"]++
		st.lastVoid = [2]int{-1, -1}
	default:
		st.lastVoid = pair
	}
	var keep [][2]int
	for _, b := range st.bars {
		if before[b[0]] == st.board[b[0]] && before[b[1]] == st.board[b[1]] {
			keep = append(keep, b)
		}
	}
	st.bars = keep
	rg.restAfter(st, before, landed, [2]bool{landed[0] >= 0, landed[1] >= 0}, 3)
	l0, l1 := rg.royalsLeft(st, 0) == 0, rg.royalsLeft(st, 1) == 0
	switch {
	case l0 && l1:
		st.over, st.winner = true, -1
	case l0:
		st.over, st.winner = true, 1
	case l1:
		st.over, st.winner = true, 0
	}
}

// TestTurnsMatchReference plays random games of every new rule file with
// the engine and the reference side by side: the same choices, boards,
// sides, moves left, phases, rest and endings at every step.
func TestTurnsMatchReference(t *testing.T) {
	games, steps := 30, 120
	if testing.Short() {
		games, steps = 6, 80
	}
	for _, file := range turnsRefFiles {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(repoRoot(t), "rulesets", file))
			if err != nil {
				t.Fatal(err)
			}
			g, err := Compile(data)
			if err != nil {
				t.Fatal(err)
			}
			rg := readTurnRefGame(t, data)
			for game := 0; game < games; game++ {
				rng := rand.New(rand.NewPCG(uint64(game), 99))
				p := g.NewPosition()
				st := &turnRefState{board: rg.boardOf(p), left: rg.turnLen(0), phase: "turns", init: 1,
					lastVoid: [2]int{-1, -1}, restUntil: map[int]int{}, castling: strings.Fields(p.FEN())[2]}
				if rg.rounds && len(rg.spy) == 0 {
					st.phase = "rounds"
				}
				for step := 0; step < steps; step++ {
					compareTurns(t, p, rg, st, step)
					if st.over || p.Outcome().Over {
						break
					}
					if p.InRound() {
						c0, c1 := p.RoundMoves(0, nil), p.RoundMoves(1, nil)
						a, b := c0[rng.IntN(len(c0))], c1[rng.IntN(len(c1))]
						// Steer some rounds at the pairs the rules treat
						// specially: the same square, or each other's.
						for _, x := range c0 {
							for _, y := range c1 {
								if rng.IntN(3) == 0 && (x.To() == y.To() || x.To() == y.From() || y.To() == x.From()) {
									a, b = x, y
								}
							}
						}
						rg.playRound(t, st, [2]string{p.MoveString(a), p.MoveString(b)})
						p.MakeRound(a, b)
						continue
					}
					ms := p.LegalMoves(nil)
					m := ms[rng.IntN(len(ms))]
					rg.playMove(t, st, p.MoveString(m))
					p.Make(m)
				}
			}
			t.Logf("events met: %v", rg.seen)
		})
	}
}

// compareTurns checks the engine's position against the reference's.
func compareTurns(t *testing.T, p *Position, rg *turnRefGame, st *turnRefState, step int) {
	t.Helper()
	where := fmt.Sprintf("step %d, %s", step, p.FEN())
	if got := rg.boardOf(p); !mapsEqual(got, st.board) {
		t.Fatalf("%s: board differs from the reference's %v", where, st.board)
	}
	if d := p.Decided(); d != st.over {
		t.Fatalf("%s: engine decided %v, reference %v", where, d, st.over)
	}
	if st.over {
		if o := p.Outcome(); o.Winner != st.winner {
			t.Fatalf("%s: winner %d, reference %d", where, o.Winner, st.winner)
		}
		return
	}
	if inRound := st.phase == "rounds"; p.InRound() != inRound {
		t.Fatalf("%s: in a round %v, reference phase %s", where, p.InRound(), st.phase)
	}
	if p.InRound() {
		want := -1
		if len(rg.spy) > 0 {
			a, b := rg.spies(st, 0) == 0, rg.spies(st, 1) == 0
			if a != b {
				want = map[bool]int{true: 0, false: 1}[a]
			}
		}
		if got := p.Announcer(); got != want {
			t.Fatalf("%s: announcer %d, reference %d", where, got, want)
		}
		for q := 0; q < 2; q++ {
			compareLists(t, where, fmt.Sprint("player ", q), movesOf(p, p.RoundMoves(q, nil)), rg.choices(t, st, q))
		}
		return
	}
	if p.SideToMove() != st.side || p.MovesLeft() != st.left {
		t.Fatalf("%s: side %d with %d moves left, reference %d with %d", where, p.SideToMove(), p.MovesLeft(), st.side, st.left)
	}
	compareLists(t, where, "legal moves", movesOf(p, p.LegalMoves(nil)), rg.choices(t, st, st.side))
	for sq := 0; sq < p.g.n; sq++ {
		want := 0
		if until, ok := st.restUntil[sq]; ok {
			want = max(0, until-st.turnsDone[st.board[sq].owner]+1)
		}
		if got := p.Resting(sq); got != want {
			t.Fatalf("%s: %s rests %d, reference %d", where, p.g.names[sq], got, want)
		}
	}
}

func movesOf(p *Position, ms []Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, p.MoveString(m))
	}
	return out
}

func compareLists(t *testing.T, where, what string, got, want []string) {
	t.Helper()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: %s\nengine    %v\nreference %v", where, what, got, want)
	}
}

func mapsEqual(a, b map[int]turnRefPiece) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
