package engine

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

// loadEdited reads a rule file, merges the JSON object rulesPatch into
// its rules (a key set to null is taken out), and loads it through the
// front end and the engine.
func loadEdited(t testing.TB, path, rulesPatch string) *Game {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file map[string]any
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	if rulesPatch != "" {
		var patch map[string]any
		if err := json.Unmarshal([]byte(rulesPatch), &patch); err != nil {
			t.Fatal(err)
		}
		r := file["rules"].(map[string]any)
		for k, v := range patch {
			if v == nil {
				delete(r, k)
			} else {
				r[k] = v
			}
		}
	}
	if b, err = json.Marshal(file); err != nil {
		t.Fatal(err)
	}
	spec, probs := rules.Parse(b)
	if len(probs) > 0 {
		t.Fatalf("%s: %s", path, probs[0].Text)
	}
	g, err := Load(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

const smallDice = "rules/testdata/valid/dice-chess.json"

func moveNames(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, p.MoveString(m))
	}
	slices.Sort(out)
	return out
}

func playNames(t *testing.T, p *Position, names ...string) {
	t.Helper()
	for _, n := range names {
		m, err := p.ParseMove(n)
		if err != nil {
			t.Fatalf("%s: %v (legal: %v)", n, err, moveNames(p))
		}
		p.Make(m)
	}
}

// TestDiceFilter: the face rolled says which kinds may move; a face with
// none leaves the pass, or every move under blocked "any". Counts derived
// by hand on the five by five board (pawns a2-e2, R a1, N b1, B c1, Q d1,
// K e1).
func TestDiceFilter(t *testing.T) {
	cases := []struct {
		name    string
		blocked string
		roll    string
		want    []string
	}{
		{"pawns step", "pass", "roll:P", []string{"a2a3", "b2b3", "c2c3", "d2d3", "e2e3"}},
		{"knight", "pass", "roll:N", []string{"b1a3", "b1c3"}},
		{"blocked bishop passes", "pass", "roll:B", []string{"pass"}},
		{"blocked king passes", "pass", "roll:K", []string{"pass"}},
		{"blocked rook frees every move", "any", "roll:R", []string{"a2a3", "b1a3", "b1c3", "b2b3", "c2c3", "d2d3", "e2e3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := loadEdited(t, smallDice, `{"dice": {"faces": [{"name": "P", "pieces": ["P"]}, {"name": "N", "pieces": ["N"]}, {"name": "B", "pieces": ["B"]},
				{"name": "R", "pieces": ["R"]}, {"name": "Q", "pieces": ["Q"]}, {"name": "K", "pieces": ["K"]}], "blocked": "`+c.blocked+`"}}`)
			p := g.NewPosition()
			if !p.AtChance() {
				t.Fatal("the start is not a chance node")
			}
			if got := moveNames(p); !slices.Equal(got, []string{"roll:B", "roll:K", "roll:N", "roll:P", "roll:Q", "roll:R"}) {
				t.Fatalf("outcomes %v", got)
			}
			playNames(t, p, c.roll)
			if p.AtChance() || p.SideToMove() != 0 {
				t.Fatalf("after the roll: at chance %v, side %d", p.AtChance(), p.SideToMove())
			}
			if got := moveNames(p); !slices.Equal(got, c.want) {
				t.Fatalf("moves %v, want %v", got, c.want)
			}
			plies := p.Ply()
			playNames(t, p, c.want[0])
			if !p.AtChance() || p.SideToMove() != 1 || p.Ply() != plies+1 {
				t.Fatalf("after %s: at chance %v, side %d, ply %d", c.want[0], p.AtChance(), p.SideToMove(), p.Ply())
			}
		})
	}
}

// TestDiceDeck: a deck of two A and one B is drawn without replacement
// and full again after its last card.
func TestDiceDeck(t *testing.T) {
	g := loadEdited(t, smallDice, `{"dice": {"faces": [{"name": "A", "pieces": ["P"], "weight": 2}, {"name": "B", "pieces": ["N"]}],
		"draw": "deck", "blocked": "any"}}`)
	p := g.NewPosition()
	weights := func() string {
		ms, ws := p.ChanceOutcomes(nil, nil)
		var b strings.Builder
		for i := range ms {
			b.WriteString(p.MoveString(ms[i]) + "=" + string(rune('0'+ws[i])) + " ")
		}
		return strings.TrimSpace(b.String())
	}
	steps := []struct {
		play string
		want string // outcomes before the play
		fen  string // the FEN's deck field after it, "" when full
	}{
		{"roll:A", "roll:A=2 roll:B=1", "deck:1,1"},
		{"a2a3", "", "deck:1,1"},
		{"roll:A", "roll:A=1 roll:B=1", "deck:0,1"},
		{"b4b3", "", "deck:0,1"},
		{"roll:B", "roll:B=1", ""},
		{"b1c3", "", ""},
		{"roll:A", "roll:A=2 roll:B=1", "deck:1,1"},
	}
	for i, st := range steps {
		if st.want != "" {
			if got := weights(); got != st.want {
				t.Fatalf("step %d: outcomes %q, want %q", i, got, st.want)
			}
		}
		playNames(t, p, st.play)
		fen := p.FEN()
		if st.fen == "" && strings.Contains(fen, "deck:") || st.fen != "" && !strings.Contains(fen, " "+st.fen) {
			t.Fatalf("step %d: FEN %q, want %q", i, fen, st.fen)
		}
		q, err := g.ParseFEN(fen)
		if err != nil || q.hash != p.hash || q.FEN() != fen {
			t.Fatalf("step %d: %q does not read back (%v)", i, fen, err)
		}
	}
}

// TestHazards: a knight that moved is removed with chance 1/4; a queen
// only after a capture; a king removed loses.
func TestHazards(t *testing.T) {
	g := loadEdited(t, smallDice, `{"dice": null, "hazards": [{"pieces": ["N"], "chance": 0.25},
		{"pieces": ["Q"], "chance": 0.5, "after": "capture"}, {"pieces": ["K"], "chance": 0.1}]}`)
	p := g.NewPosition()
	if p.AtChance() {
		t.Fatal("hazards alone: the start is a chance node")
	}
	playNames(t, p, "b1c3")
	ms, ws := p.ChanceOutcomes(nil, nil)
	if len(ms) != 2 || p.MoveString(ms[0]) != "fate:spared" || p.MoveString(ms[1]) != "fate:removed" || ws[0] != 750 || ws[1] != 250 {
		t.Fatalf("knight's fate: %v %v", moveNames(p), ws)
	}
	if !strings.Contains(p.FEN(), " fate:c3") {
		t.Fatalf("FEN %q lacks the pending fate", p.FEN())
	}
	playNames(t, p, "fate:removed")
	if _, _, ok := p.PieceAt(sq(t, g, "c3")); ok || p.AtChance() || p.SideToMove() != 1 {
		t.Fatalf("after the removal: %s", p.FEN())
	}
	playNames(t, p, "b5c3") // black's knight, spared
	playNames(t, p, "fate:spared")
	if _, _, ok := p.PieceAt(sq(t, g, "c3")); !ok {
		t.Fatal("the spared knight is gone")
	}
	playNames(t, p, "d2d3", "e4d3") // a pawn's capture: no hazard
	if p.AtChance() {
		t.Fatal("a pawn's capture left a fate")
	}
	playNames(t, p, "d1d3") // the queen takes: its hazard
	if !p.AtChance() {
		t.Fatal("a queen's capture left no fate")
	}
	playNames(t, p, "fate:spared", "c3e2", "fate:spared", "e1d1", "fate:removed")
	if o := p.Outcome(); !o.Over || o.Winner != 1 || o.Rule != EndRoyalCapture {
		t.Fatalf("the king removed: %+v", o)
	}
}
