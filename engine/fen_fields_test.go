package engine

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFamilyFieldsRoundTrip plays random games on a rule file of each
// family with notation fields (notationFields) until every key of the
// family has been written, reading each position back: the same notation,
// hash and family fields. In chess, which has none of these families, each
// key is an unknown field.
func TestFamilyFieldsRoundTrip(t *testing.T) {
	chess := loadFile(t, "rulesets/chess.json")
	cases := []struct {
		file string
		row  notationField
		keys []string
	}{
		{"rulesets/jesonmor.json", reachNotation, []string{"left"}},
		{"rulesets/seeds/throne-and-shrines.json", touchNotation, []string{"touched-w", "touched-b"}},
		{"rulesets/territory.json", territoryNotation, []string{"claimed-w", "claimed-b"}},
		{"rulesets/wild-knights.json", wildNotation, []string{"taken-w", "taken-b"}},
		{"rulesets/five-by-five-portals.json", portalNotation, []string{"portals", "back"}},
		{"rulesets/progressive.json", turnNotation, []string{"moves", "cut"}},
		{"rulesets/spy-skirmish.json", turnNotation, []string{"phase", "initiative"}},
		{"rulesets/weary-armies.json", turnNotation, []string{"rest"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			g := loadFile(t, c.file)
			if !c.row.present(g) {
				t.Fatalf("the family's notation row is not present in %s", c.file)
			}
			if c.row.present(chess) {
				t.Fatal("the family's notation row is present in chess")
			}
			seen := map[string]bool{}
			rng := rand.New(rand.NewPCG(3, uint64(len(c.file))))
			for game := 0; game < 400 && len(seen) < len(c.keys); game++ {
				p := g.NewPosition()
				for ply := 0; ply < 300 && !p.Outcome().Over; ply++ {
					playOneRandom(p, rng)
					fen := p.FEN()
					for _, k := range c.keys {
						if !seen[k] && strings.Contains(fen, " "+k+":") {
							seen[k] = true
							checkFieldsReadBack(t, p, c.row)
						}
					}
				}
			}
			for _, k := range c.keys {
				if !seen[k] {
					t.Errorf("no game wrote %s:", k)
				}
				fen := chess.NewPosition().FEN() + " " + k + ":a1"
				if _, err := chess.ParseFEN(fen); err == nil || !strings.Contains(err.Error(), "unknown field") {
					t.Errorf("chess reads %q: %v, want an unknown field", fen, err)
				}
			}
		})
	}
}

// playOneRandom plays one random move, or one random round in a game played
// in rounds.
func playOneRandom(p *Position, rng *rand.Rand) {
	if p.InRound() {
		m0, m1 := p.RoundMoves(0, nil), p.RoundMoves(1, nil)
		p.MakeRound(m0[rng.IntN(len(m0))], m1[rng.IntN(len(m1))])
		return
	}
	moves := p.LegalMoves(nil)
	p.Make(moves[rng.IntN(len(moves))])
}

// checkFieldsReadBack reads p's notation back and compares the whole
// notation, the hash, the ending and the family's own fields.
func checkFieldsReadBack(t *testing.T, p *Position, row notationField) {
	t.Helper()
	fen := p.FEN()
	q, err := p.g.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	if got, want := row.write(q), row.write(p); got != want {
		t.Fatalf("%s: family fields %q after reading back, %q in play", fen, got, want)
	}
	if q.FEN() != fen || q.hash != p.hash || q.status != p.status {
		t.Fatalf("%s: read back as %s (hash %x, in play %x)", fen, q.FEN(), q.hash, p.hash)
	}
}
