package engine

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// fourSeats compiles the language's four-seat example (8×8: south and
// north against west and east, frozen armies, a king in check that must
// step, promotion to a lost piece), with edit applied to its rules.
func fourSeats(t *testing.T, edit func(rules map[string]any)) *Game {
	t.Helper()
	data, err := os.ReadFile("rules/testdata/valid/four-seats.json")
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]any
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(spec["rules"].(map[string]any))
	}
	if data, err = json.Marshal(spec); err != nil {
		t.Fatal(err)
	}
	g, err := Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// freeForAll makes the example a free-for-all: no teams, last seat
// standing unless more says otherwise (a nil value deletes the key).
func freeForAll(more map[string]any) func(map[string]any) {
	return func(r map[string]any) {
		delete(r, "teams")
		delete(r, "game_end")
		for k, v := range more {
			if v == nil {
				delete(r, k)
			} else {
				r[k] = v
			}
		}
	}
}

// seatFEN is a position of the example: the side to move's letter, the
// seats out, then the ranks from the top (the castling, points and clock
// fields are the start's).
func seatFEN(side, out, ranks string) string {
	return side + "-" + out + "-0,0,0,0-0,0,0,0-0,0,0,0-0-" + ranks
}

func seatMovesFrom(p *Position, from string) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if s := p.MoveString(m); strings.HasPrefix(s, from) && !strings.HasPrefix(s[len(from):], "1") {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

func seatPos(t *testing.T, g *Game, fen string) *Position {
	t.Helper()
	p, err := g.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

func playSeat(t *testing.T, p *Position, move string) {
	t.Helper()
	for _, m := range p.LegalMoves(nil) {
		if p.MoveString(m) == move {
			p.Make(m)
			return
		}
	}
	t.Fatalf("%s is not legal in %s", move, p.FEN())
}

// TestTeamChecks: only an enemy's piece gives check; an ally's never does,
// and a move that uncovers an ally's king is legal.
func TestTeamChecks(t *testing.T) {
	g := fourSeats(t, nil)
	cases := []struct {
		name  string
		ranks string
		check bool
	}{
		{"an ally's rook on the king's file", "4,nK,3/3,nR,4/8/7,eK/wK,7/8/8/3,sK,4", false},
		{"an enemy's rook on the king's file", "4,nK,3/3,wR,4/8/7,eK/wK,7/8/8/3,sK,4", true},
		{"an enemy's rook behind an ally's", "4,nK,3/3,wR,4/3,nN,4/7,eK/wK,7/8/8/3,sK,4", false},
	}
	for _, c := range cases {
		p := seatPos(t, g, seatFEN("S", "0,0,0,0", c.ranks))
		if got := p.InCheck(); got != c.check {
			t.Errorf("%s: InCheck = %v, want %v", c.name, got, c.check)
		}
	}
	// South's knight stands between west's rook and north's king: every one
	// of its eight moves is legal, though each leaves north in check.
	p := seatPos(t, g, seatFEN("S", "0,0,0,0", "4,nK,3/8/8/4,sN,2,eK/wK,7/8/4,wR,3/sK,7"))
	if got := seatMovesFrom(p, "e5"); len(got) != 8 {
		t.Errorf("the knight pinned against an ally's king has %d moves %v, want 8", len(got), got)
	}
	// And a capture of an ally is never a move: south's rook stops before
	// north's knight.
	p = seatPos(t, g, seatFEN("S", "0,0,0,0", "4,nK,3/8/8/3,nN,3,eK/wK,7/8/3,sR,4/sK,7"))
	if got := seatMovesFrom(p, "d2"); slices.Contains(got, "d2d5") || !slices.Contains(got, "d2d4") {
		t.Errorf("south's rook: %v, want d2d4 and not d2d5 (an ally's knight)", got)
	}
}

// TestPriorityRoyal: rules.priority in_check/royal leaves a king in check
// only its own moves when it has one; without the rule a block is legal.
func TestPriorityRoyal(t *testing.T) {
	ranks := "4,nK,3/3,wR,4/8/7,eK/wK,7/sR,7/8/3,sK,4"
	with := seatPos(t, fourSeats(t, nil), seatFEN("S", "0,0,0,0", ranks))
	for _, m := range with.LegalMoves(nil) {
		if s := with.MoveString(m); !strings.HasPrefix(s, "d1") {
			t.Errorf("with the priority rule, %s is legal though the king can step", s)
		}
	}
	without := seatPos(t, fourSeats(t, func(r map[string]any) { delete(r, "priority") }), seatFEN("S", "0,0,0,0", ranks))
	if got := seatMovesFrom(without, "a3"); !slices.Contains(got, "a3d3") {
		t.Errorf("without the rule the rook's block a3d3 is missing: %v", got)
	}
	// A king with no step at all: the block stands. South's king on a1,
	// in check from west's rook on a7, is boxed in by its own knight and
	// pawn, and a2 is the rook's.
	boxed := seatPos(t, fourSeats(t, nil), seatFEN("S", "0,0,0,0", "4,nK,3/wR,7/8/7,eK/3,wK,4/1,sR,6/1,sP,6/sK,sN,6"))
	if got := seatMovesFrom(boxed, "a1"); len(got) != 0 || !boxed.InCheck() {
		t.Fatalf("the boxed king has moves %v, in check %v", got, boxed.InCheck())
	}
	if got := seatMovesFrom(boxed, "b3"); !slices.Contains(got, "b3a3") {
		t.Errorf("with no king step the block b3a3 must stand: %v", got)
	}
}

// TestPromotionToLostPiece: only_lost with seats counts each seat's own
// losses: south, with its rook gone but its queen and knight standing,
// promotes to a rook only, whatever its ally has lost.
func TestPromotionToLostPiece(t *testing.T) {
	g := fourSeats(t, nil)
	p := seatPos(t, g, seatFEN("S", "0,0,0,0", "nK,7/4,sP,3/8/7,eK/wK,7/8/8/3,sK,2,sN,sQ"))
	if got := seatMovesFrom(p, "e7"); !slices.Equal(got, []string{"e7e8=R"}) {
		t.Errorf("south's pawn promotes %v, want only e7e8=R", got)
	}
}

// TestSeatOutFrozen: in a free-for-all a checkmated seat is out: its turn
// is skipped, its frozen army neither gives check nor can be taken, and it
// still blocks.
func TestSeatOutFrozen(t *testing.T) {
	g := fourSeats(t, freeForAll(map[string]any{"priority": nil}))
	// South mates west (h2h8: rank 8 and, by g7, rank 7 are south's).
	p := seatPos(t, g, seatFEN("S", "0,0,0,0", "wK,7/6,sR,1/8/8/3,nK,4/5,eK,2/7,sR/sK,7"))
	playSeat(t, p, "h2h8")
	if !p.SeatOut(1) || p.SeatToMove() != 2 || p.Outcome().Over {
		t.Fatalf("after the mate: west out %v, to move %d (want north, 2), over %v", p.SeatOut(1), p.SeatToMove(), p.Outcome().Over)
	}
	// West's king stays on a8, frozen: north's king steps beside it.
	if !strings.Contains(p.FEN(), "wK") {
		t.Fatalf("the frozen king is gone: %s", p.FEN())
	}
	p.Unmake()
	if p.SeatOut(1) || p.SeatToMove() != 0 {
		t.Fatalf("Unmake did not bring west back")
	}
	// A frozen rook on d7 is no check, and south's rook cannot take a
	// frozen knight on d5 though it stands in its way.
	q := seatPos(t, g, seatFEN("S", "0,1,0,0", "4,nK,3/3,wR,4/8/3,wN,3,eK/wK,7/3,sR,4/8/3,sK,4"))
	if q.InCheck() {
		t.Errorf("a frozen rook gives check")
	}
	if got := seatMovesFrom(q, "d3"); slices.Contains(got, "d3d5") || !slices.Contains(got, "d3d4") {
		t.Errorf("south's rook %v: want d3d4 and no capture of the frozen knight", got)
	}
	// West is skipped: after south, north moves.
	playSeat(t, q, "d3c3")
	if q.SeatToMove() != 2 {
		t.Errorf("after south, seat %d moves, want north (2): west is out", q.SeatToMove())
	}
}

// TestSeatOutRemovedAndPoints: with seat_out army removed the mated
// seat's army leaves the board (and comes back on Unmake); by points the
// mating seat scores the checkmate and captures score their values.
func TestSeatOutRemovedAndPoints(t *testing.T) {
	g := fourSeats(t, freeForAll(map[string]any{
		"priority": nil,
		"seat_out": map[string]any{"army": "removed"},
		"game_end": map[string]any{"free_for_all": "points", "points": map[string]any{"capture": map[string]any{"N": 4}, "checkmate": 25}},
	}))
	p := seatPos(t, g, seatFEN("S", "0,0,0,0", "wK,7/6,sR,1/8/8/3,nK,4/5,eK,2/7,sR/sK,7"))
	before := p.FEN()
	playSeat(t, p, "h2h8")
	if strings.Contains(p.FEN(), "wK") || p.SeatPoints(0) != 25 {
		t.Fatalf("after the mate: %s, south's points %d (want west's king gone, 25)", p.FEN(), p.SeatPoints(0))
	}
	p.Unmake()
	if p.FEN() != before {
		t.Fatalf("Unmake: %s, want %s", p.FEN(), before)
	}
	// A capture scores the file's points for the piece: a knight 4.
	q := seatPos(t, g, seatFEN("S", "0,0,0,0", "4,nK,3/8/8/3,wN,3,eK/wK,7/3,sR,4/8/3,sK,4"))
	playSeat(t, q, "d3d5")
	if q.SeatPoints(0) != 4 {
		t.Errorf("south took a knight: %d points, want 4", q.SeatPoints(0))
	}
}

// TestStalematePass: with seat_out stalemate "pass" a seat with no legal
// move, not in check, is passed over and stays in the game.
func TestStalematePass(t *testing.T) {
	g := fourSeats(t, freeForAll(map[string]any{"priority": nil, "seat_out": map[string]any{"stalemate": "pass"}}))
	// West's king on a8: a7 and b7 are south's (rook on h7), b8 too (rook
	// on b1's file), a8 itself is not attacked.
	p := seatPos(t, g, seatFEN("S", "0,0,0,0", "wK,7/7,sR/8/8/3,nK,4/5,eK,2/8/sK,sR,6"))
	playSeat(t, p, "a1a2")
	if p.SeatOut(1) || p.SeatToMove() != 2 {
		t.Fatalf("west out %v, to move %d: want west passed over (not out), north to move", p.SeatOut(1), p.SeatToMove())
	}
	// Under the default ("out") the same stalemate puts west out.
	g = fourSeats(t, freeForAll(map[string]any{"priority": nil}))
	p = seatPos(t, g, seatFEN("S", "0,0,0,0", "wK,7/7,sR/8/8/3,nK,4/5,eK,2/8/sK,sR,6"))
	playSeat(t, p, "a1a2")
	if !p.SeatOut(1) {
		t.Errorf("under stalemate out, west is still in")
	}
}

// TestTeamsAllOut: under team_loses all_out a team loses only when both
// its seats are out; the game goes on after the first.
func TestTeamsAllOut(t *testing.T) {
	g := fourSeats(t, func(r map[string]any) { delete(r, "priority") })
	p := seatPos(t, g, seatFEN("S", "0,0,0,0", "wK,7/6,sR,1/8/8/3,nK,4/5,eK,2/7,sR/sK,7"))
	playSeat(t, p, "h2h8")
	if !p.SeatOut(1) || p.Outcome().Over {
		t.Fatalf("west mated: out %v, over %v (want out, game on: east still in)", p.SeatOut(1), p.Outcome().Over)
	}
	one := fourSeats(t, func(r map[string]any) {
		delete(r, "priority")
		r["game_end"] = map[string]any{"team_loses": "one_out"}
	})
	p = seatPos(t, one, seatFEN("S", "0,0,0,0", "wK,7/6,sR,1/8/8/3,nK,4/5,eK,2/7,sR/sK,7"))
	playSeat(t, p, "h2h8")
	o := p.Outcome()
	var shares [4]float64
	p.SeatResult(shares[:])
	if !o.Over || o.Winner != 0 || o.Rule != EndCheckmate || shares != [4]float64{0.5, 0, 0.5, 0} {
		t.Errorf("one_out: %+v, shares %v; want south and north's team (0) to win by checkmate, 0.5 each", o, shares)
	}
}

// FuzzParseSeatFEN: FEN4 of any text is read or refused, never a panic;
// what is read writes back to itself with the same hash, and every legal
// move makes and unmakes to the same position and a hash equal to one
// from scratch.
func FuzzParseSeatFEN(f *testing.F) {
	g := loadRuleset(f, "../rulesets/four-player-teams.json")
	data, err := os.ReadFile("testdata/fourplayer-perft.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if fen, _, ok := strings.Cut(line, "\t"); ok && !strings.HasPrefix(line, "#") {
			f.Add(fen)
		}
	}
	f.Add(g.NewPosition().FEN())
	f.Add("Y-1,0,0,1-0,0,0,0-0,0,0,0-3,0,0,20-9-{'ply':40}-14/14/14/14/14/14/14/14/14/14/14/14/14/14")
	f.Fuzz(func(t *testing.T, fen string) { checkNotationRoundTrip(t, g, fen) })
}

// TestServedPromotion: with rules.promotion served each pawn promotes only
// to the piece that stood behind it at the start, whatever file it has
// reached: the a-pawn (before the rook) to a rook, the b-pawn (before the
// knight) to a knight, even after it has captured onto another file.
func TestServedPromotion(t *testing.T) {
	s := familyBaseSpec(t)
	addFamily[famServed](t, s)
	g, err := Load(s)
	if err != nil {
		t.Fatal(err)
	}
	start := g.NewPosition()
	for sq, want := range map[string]string{"a2": "PR", "b2": "PN", "g2": "PN", "h2": "PR"} {
		k, _, ok := start.PieceAt(g.mustSquare(t, sq))
		if !ok || g.PieceID(k) != want {
			t.Errorf("%s holds %q, want the pawn serving %s (%s)", sq, g.PieceID(k), want[1:], want)
		}
	}
	// The pawn that served the knight stands on a7 (it captured its way
	// across): it promotes to a knight only; the rook's pawn on h7 to a
	// rook only.
	p, err := g.ParseFEN("4k3/(PN)6(PR)/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := seatMovesFrom(p, "a7"); !slices.Equal(got, []string{"a7a8=N"}) {
		t.Errorf("the knight's pawn on a7: %v, want a7a8=N only", got)
	}
	if got := seatMovesFrom(p, "h7"); !slices.Equal(got, []string{"h7h8=R"}) {
		t.Errorf("the rook's pawn on h7: %v, want h7h8=R only", got)
	}
}
