package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"balancefarm/engine/allianceref"
)

// allianceMoveString writes an engine move as allianceref does: the
// moving piece (the one below on a cell when mvUnder says so), its from
// square, '-' quiet, 'x' a capture that lands, '*' a capture from afar,
// the to square, '&' for a join, "=S" for a promotion.
func allianceMoveString(p *Position, m Move) string {
	g := p.Game()
	kind, owner, _ := p.PieceAt(m.From())
	if m&mvUnder != 0 {
		kind, owner, _ = p.PieceUnder(m.From())
	}
	sep := "-"
	switch {
	case m&mvStay != 0:
		sep = "*"
	case p.IsCapture(m):
		sep = "x"
	}
	s := g.SeatName(owner)[:1] + g.PieceID(kind) + " " + g.SquareName(m.From()) + sep + g.SquareName(m.To())
	if m&mvJoin != 0 {
		s += "&"
	}
	if pr := m.Promotion(); pr >= 0 {
		s += "=" + g.PieceID(pr)
	}
	return s
}

// allianceMoves is the engine's legal moves in p, written and sorted;
// none once the board has decided the game (LegalMoves does not look).
func allianceMoves(p *Position) ([]Move, []string) {
	if p.Decided() {
		return nil, nil
	}
	moves := p.LegalMoves(nil)
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = allianceMoveString(p, m)
	}
	slices.Sort(names)
	return moves, names
}

// allianceRef reads the engine's FEN into the reference.
func allianceRef(t *testing.T, p *Position) *allianceref.Position {
	t.Helper()
	rp, err := allianceref.Parse(p.FEN())
	if err != nil {
		t.Fatalf("the reference cannot read the engine's %s: %v", p.FEN(), err)
	}
	return rp
}

// TestAlliancePerftMatchesReference counts the tree from the start of the
// alliance seed with the engine and with allianceref.
func TestAlliancePerftMatchesReference(t *testing.T) {
	g := loadRuleset(t, "../rulesets/seeds/alliance.json")
	depth := 4
	if testing.Short() {
		depth = 3
	}
	p := g.NewPosition()
	rp := allianceRef(t, p)
	for d := 1; d <= depth; d++ {
		got, want := p.Perft(d), rp.Perft(d)
		if got != want {
			t.Errorf("perft(%d): engine %d, reference %d", d, got, want)
		}
		t.Logf("perft(%d) = %d", d, got)
	}
}

// TestAlliancePositionsMatchReference compares perft and every list
// along the way in positions the random games seldom reach.
func TestAlliancePositionsMatchReference(t *testing.T) {
	g := loadRuleset(t, "../rulesets/seeds/alliance.json")
	const head = "-0,0,0,0-0,0,0,0-0,0,0,0-0-"
	cases := []struct {
		name, fen string
		depth     int
	}{
		// Water's king is boxed in by earth's pieces at home and across:
		// after air's move water passes and fire moves.
		{"a seat passes", "A-0,0,0,0" + head + "wK,eY,5,fK/eU,eM,6/8/8/8/8/8/4,aK,2,eK|eS,7/8/8/8/8/8/8/8", 3},
		// Air's sulfur is lost: its salts promote on c8 and on the hop from b8.
		{"a salt promotes to its lost sulfur", "A-0,0,0,0" + head + "wK,aPS,5,fK/2,aPS,5/8/8/8/8/8/aK,6,eK|8/8/8/8/8/8/8/8", 3},
		// Fire is out: its frozen pieces block and cannot be taken (water's
		// mercury may not hop onto N:d5).
		{"a frozen seat", "W-0,0,1,0" + head + "wK,2,fU,4/8/8/3,fM,4/8/8/8/aK,3,wU,2,eK|8/8/8/3,wM,4/8/8/8/8", 3},
		// Air's sun takes earth's throne of two from afar and at home.
		{"captures of a cell of two", "A-0,0,0,0" + head + "wK,6,fK/8/8/8/4,eK,3/8/3,aK,4/7,eM&eS|8/8/8/8/8/8/8/aU,6,eU&eY", 3},
	}
	for _, c := range cases {
		p, err := g.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var walk func(depth int) uint64
		walk = func(depth int) uint64 {
			moves, got := allianceMoves(p)
			if want := allianceRef(t, p).MoveStrings(); !slices.Equal(got, want) {
				t.Fatalf("%s: %s\nengine only    %v\nreference only %v", c.name, p.FEN(), missing(got, want), missing(want, got))
			}
			if depth == 1 {
				return uint64(len(moves))
			}
			var n uint64
			for _, m := range moves {
				p.Make(m)
				n += walk(depth - 1)
				p.Unmake()
			}
			return n
		}
		walked := walk(c.depth)
		if a, b := p.Perft(c.depth), allianceRef(t, p).Perft(c.depth); a != b || a != walked {
			t.Errorf("%s: perft(%d) engine %d, reference %d, lists walked %d", c.name, c.depth, a, b, walked)
		}
	}
}

// TestAllianceMatchesReference plays random games of the alliance seed
// and compares, at every ply, the engine's legal moves with the
// reference's, the position handed over in FEN4; every few plies the
// lists after each legal move as well (perft(2) move by move, and its
// count).
func TestAllianceMatchesReference(t *testing.T) {
	g := loadRuleset(t, "../rulesets/seeds/alliance.json")
	games, plies := 24, 600
	if testing.Short() {
		games, plies = 3, 150
	}
	compared := 0
	// same compares the two lists at p and fails on a difference.
	same := func(where string, p *Position, rp *allianceref.Position) []Move {
		t.Helper()
		moves, got := allianceMoves(p)
		want := rp.MoveStrings()
		compared++
		if !slices.Equal(got, want) {
			t.Fatalf("%s: %s\nengine only    %v\nreference only %v", where, p.FEN(), missing(got, want), missing(want, got))
		}
		return moves
	}
	for game := 0; game < games; game++ {
		rng := rand.New(rand.NewPCG(33, uint64(game)))
		p := g.NewPosition()
		for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
			where := fmt.Sprintf("game %d ply %d", game, ply)
			rp := allianceRef(t, p)
			moves := same(where, p, rp)
			if ply%5 == 2 {
				for _, m := range moves {
					name := allianceMoveString(p, m)
					p.Make(m)
					same(where+" after "+name, p, allianceRef(t, p))
					p.Unmake()
				}
				if a, b := p.Perft(2), rp.Perft(2); a != b {
					t.Fatalf("%s: perft(2) engine %d, reference %d\n%s", where, a, b, p.FEN())
				}
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d positions compared", compared)
}

// missing is what a holds and b does not.
func missing(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestAllianceFoundDifferences keeps the positions where the engine and
// allianceref once disagreed, each settled by the rule file:
//
//   - A seat in check whose king shares a cell with another piece: only
//     the king's moves are legal (rules.priority read the piece on top of
//     the from square, not the one a move of the piece below moves).
//   - A salt stepping onto its far edge while its served piece stands:
//     the move is not legal (the rule file's reading; the reference had
//     the salt land and stay a salt).
//   - A salt joining its own served piece on a cell of the far edge: no
//     promotion, the sulfur it joins stands (listing the joins took the
//     lone piece out of the counts).
func TestAllianceFoundDifferences(t *testing.T) {
	g := loadRuleset(t, "../rulesets/seeds/alliance.json")
	const cEmpty = "|8/8/8/8/8/8/8/8"
	cases := []struct{ name, fen string }{
		{"king on top of a cell of two, in check", "E-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-wK,6,fK/8/8/8/8/8/8/aK,6,eK&eS|8/8/8/8/8/8/8/1,aU,6"},
		{"king below on a cell of two, in check", "F-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-wK,7/8/8/8/4,fY,3/8/8/aK,6,eK|wU,6,fS&fK/8/8/8/8/8/8/8"},
		{"king on top of a cell of two, in check, fire", "F-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-wK,7/8/8/8/4,fY,3/8/8/aK,6,eK|wU,6,fK&fS/8/8/8/8/8/8/8"},
		{"salt steps onto its far edge, its sulfur standing", "A-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-wK,6,fK/2,aPS,5/8/8/8/8/8/aK&aS,6,eK" + cEmpty},
		{"salt on its far edge hops, its sulfur standing", "A-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-wK,1,aPS,4,fK/8/8/8/8/8/8/aK&aS,6,eK" + cEmpty},
		{"salt joins its own sulfur on the far edge", "A-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-wK,6,aS/7,aPS/8/8/8/8/8/aK,5,fK,eK" + cEmpty},
	}
	for _, c := range cases {
		p, err := g.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, got := allianceMoves(p)
		want := allianceRef(t, p).MoveStrings()
		if !slices.Equal(got, want) {
			t.Errorf("%s: %s\nengine only    %v\nreference only %v", c.name, c.fen, missing(got, want), missing(want, got))
		}
	}
}
