package planesref

import (
	"maps"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/engine/rules"
)

// agreeWithEngine plays random games of s on the engine and the reference
// side by side and fails at the first position where their legal moves
// (as MoveString writes them), boards or endings differ. It checks the
// reference's reading of the rules both play (pieces, promotion, boards,
// endings), before any schema 36 key.
func agreeWithEngine(t *testing.T, s *rules.Spec, games, plies int) {
	t.Helper()
	ref, err := New(s)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	g, err := engine.Load(s)
	if err != nil {
		t.Fatalf("engine.Load: %v", err)
	}
	rng := rand.New(rand.NewSource(1))
	for game := 0; game < games; game++ {
		p, r := g.NewPosition(), ref
		for ply := 0; ply < plies; ply++ {
			o := p.Outcome()
			if over, winner := r.Over(); o.Over != over || over && o.Winner != winner {
				t.Fatalf("game %d ply %d: engine over %v winner %d (%s), reference %v %d", game, ply, o.Over, o.Winner, o.Rule, over, winner)
			}
			if o.Over {
				break
			}
			legal := p.LegalMoves(nil)
			var texts []string
			for _, m := range legal {
				texts = append(texts, p.MoveString(m))
			}
			slices.Sort(texts)
			if got := r.Moves(); !slices.Equal(got, texts) {
				t.Fatalf("game %d ply %d: reference %v, engine %v, board %v", game, ply, got, texts, r.Board())
			}
			m := legal[rng.Intn(len(legal))]
			text := p.MoveString(m)
			p.Make(m)
			if r, err = r.Play(text); err != nil {
				t.Fatal(err)
			}
			board := map[string]string{}
			for sq := 0; sq < g.NumSquares(); sq++ {
				if k, owner, ok := p.PieceAt(sq); ok {
					board[g.SquareName(sq)] = string("wb"[owner]) + ":" + g.PieceID(k)
				}
			}
			if got := r.Board(); !maps.Equal(got, board) {
				t.Fatalf("game %d after %s: reference %v, engine %v", game, text, got, board)
			}
		}
	}
}

// playable is a rule file cut to what the reference plays: no castling,
// en passant or endings beside the board's, royal capture for checkmate,
// and no repetition or no-progress draw (which the reference leaves out).
func playable(s *rules.Spec) *rules.Spec {
	r := &s.Rules
	r.Castling, r.EnPassant, r.BareRoyal, r.Counting, r.CheckLimit = nil, false, "", nil, 0
	if r.WinOrDefault() == rules.WinCheckmate {
		r.Win = rules.WinRoyalCapture
	}
	// The reference keeps no no-progress clock: the draw lies beyond the
	// games, and which moves reset the clock does not matter.
	r.RepetitionDraw = &rules.RepetitionDraw{Never: true}
	r.NoProgressDraw, r.NoProgressResets = intp(1000), nil
	return s
}

// TestAgreesWithEngineOnRulesets: the rule files whose moves the
// reference plays, cut as playable says.
func TestAgreesWithEngineOnRulesets(t *testing.T) {
	for _, name := range []string{"chess", "capablanca", "five-by-five", "spartan", "rock-paper-scissors",
		"shatranj", "makruk", "asean", "3check", "canaries/no-winner"} {
		t.Run(name, func(t *testing.T) {
			s, problems, err := rules.ParseFile("../../rulesets/" + name + ".json")
			if err != nil || len(problems) > 0 {
				t.Fatalf("%v %v", err, problems)
			}
			agreeWithEngine(t, playable(s), 10, 150)
		})
	}
}

// TestAgreesWithEngineOnHopsAndLeaps: the test army (cannon with a screen
// range, lame horse, a rook with min_range) with two promotions, on one
// board and on two, mirrored and rotated.
func TestAgreesWithEngineOnHopsAndLeaps(t *testing.T) {
	const white = "K@e1 C@b1 H@c1 P@d2 P@e2 P@f7 R@a1 Q@d1 N@g1 B@f1"
	const black = "K@e8 C@b8 H@c8 P@d7 P@e7 P@c2 R@a8 Q@d8 N@g8 B@f8"
	for _, c := range []struct {
		boards, prefix string
		rotate         bool
	}{{"", "", false}, {"", "", true}, {"E H", "E:", false}} {
		var placed []string
		for _, f := range strings.Fields(white) {
			placed = append(placed, "w:"+strings.Replace(f, "@", "@"+c.prefix, 1))
		}
		for _, f := range strings.Fields(black) {
			placed = append(placed, "b:"+strings.Replace(f, "@", "@"+c.prefix, 1))
		}
		s := spec(c.boards, strings.Join(placed, " "), func(s *rules.Spec) {
			no := false
			s.Rules.Win = rules.WinRoyalCapture
			s.Rules.Promotion = rules.Promotions{{Piece: "P", To: []string{"Q", "N", "C"}},
				{Piece: "H", Mandatory: &no, Ranks: []int{6, 7}, To: []string{"R"}}}
			s.Pieces[6].Moves[1].ScreenRange = intp(2)
			s.Pieces[2].Moves[0].Range, s.Pieces[2].Moves[0].MinRange = intp(5), intp(2)
			if c.rotate {
				s.Setup.Orientation = "rotate"
			}
			if c.boards != "" {
				s.SchemaVersion = intp(33)
			}
		})
		agreeWithEngine(t, playable(s), 100, 120)
	}
}
