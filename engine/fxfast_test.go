package engine

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// withExplosion is a rule file with its rules.explode_on_capture replaced
// (left as it is for ""), and with kingSpares, its king's captures list
// set to every other kind (kings may stand side by side unchecked).
func withExplosion(t *testing.T, rel, explode string, kingSpares bool) *Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]any
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	if explode != "" {
		var x any
		if err := json.Unmarshal([]byte(explode), &x); err != nil {
			t.Fatal(err)
		}
		spec["rules"].(map[string]any)["explode_on_capture"] = x
	}
	if kingSpares {
		for _, pc := range spec["pieces"].([]any) {
			if pc := pc.(map[string]any); pc["id"] == "K" {
				pc["captures"] = []string{"P", "N", "B", "R", "Q"}
			}
		}
	}
	out, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	return loadBytes(t, out)
}

// lightMakeLegal is legalFx with every pseudo-legal move played by the
// light make (fxLegal): the answer the shortcuts must reproduce.
func lightMakeLegal(p *Position) []Move {
	pseudo := p.genFxPieces(nil, false)
	if p.g.castle != nil {
		pseudo = p.genCastles(pseudo)
	}
	var out []Move
	for _, m := range pseudo {
		if p.fxLegal(m) {
			out = append(out, m)
		}
	}
	return out
}

// playAgainstLightMake plays games random games of g, each from the next
// of starts ("" the setup) for up to plies plies, and fails t where the
// legal list is not lightMakeLegal's; count sees each position and that
// list before the move.
func playAgainstLightMake(t *testing.T, g *Game, rng *rand.Rand, starts []string, games, plies int, count func(p *Position, want []Move)) {
	t.Helper()
	for game := 0; game < games; game++ {
		p := g.NewPosition()
		if fen := starts[game%len(starts)]; fen != "" {
			p = mustFEN(t, g, fen)
		}
		for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
			got := p.LegalMoves(nil)
			want := lightMakeLegal(p)
			if !slices.Equal(got, want) {
				t.Fatalf("%s:\nshortcuts  %v\nlight make %v", p.FEN(), moveStrings(p, got), moveStrings(p, want))
			}
			count(p, want)
			if len(got) == 0 {
				break
			}
			p.Make(got[rng.IntN(len(got))])
		}
	}
}

// TestFxShortcutsMatchLightMake: keepFxLegal's shortcuts (a royal's steps
// answered by attack maps, an explosion tested by clearing the squares it
// empties) keep exactly the moves the light make keeps, in the same order,
// over random games of atomic chess and of variations of its blast.
func TestFxShortcutsMatchLightMake(t *testing.T) {
	cases := []struct {
		name, explode string
		kingSpares    bool
	}{
		{"atomic", "", false},
		{"kings spare kings", "", true},
		{"radius 2", `{"radius": 2, "immune": ["P"]}`, false},
		{"radius 2, kings spare kings", `{"radius": 2, "immune": ["P"]}`, true},
		{"radius 0", `{"radius": 0}`, false},
		{"kings survive blasts", `{"radius": 1, "immune": ["P", "K"]}`, false},
		{"kings survive blasts and spare kings", `{"radius": 1, "immune": ["P", "K"]}`, true},
		{"king captures plain", `{"radius": 1, "immune": ["P"], "by": ["P", "N", "B", "R", "Q"]}`, false},
		{"only pawns explode", `{"radius": 1, "immune": ["P"], "of": ["P"]}`, false},
		{"pawns not blasted, knights immune", `{"radius": 1, "immune": ["P", "N"]}`, false},
	}
	// The setup, and positions where the kings meet soon (a royal beside
	// the other's is safe from every blast).
	starts := []string{
		"",
		"rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1",
		"8/8/8/3k4/8/3K4/8/R6r w - - 0 1",
		"8/2q5/8/3k4/8/4K3/8/1B5R w - - 0 1",
		"r3k3/8/8/8/4K3/8/8/7R b - - 0 1",
		"8/8/8/8/8/8/2k5/rR4KR w - - 0 1",
		"8/8/8/8/8/8/PPkn4/K7 w - - 0 1",
		"8/8/8/8/8/3k4/r7/3K4 w - - 0 1",
		"8/8/8/8/8/1p6/3k4/r1NK4 w - - 0 1",
	}
	games, plies := 12, 160
	if testing.Short() {
		games = 3
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := withExplosion(t, "rulesets/atomic.json", tc.explode, tc.kingSpares)
			rng := rand.New(rand.NewPCG(37, uint64(len(tc.name))))
			var captures, royalSteps int
			playAgainstLightMake(t, g, rng, starts, games*len(starts), plies, func(p *Position, want []Move) {
				for _, m := range want {
					if m&mvCapture != 0 {
						captures++
					}
					if g.royalMask>>maskIndex(p.board[m.From()])&1 != 0 {
						royalSteps++
					}
				}
			})
			if captures < 100 || royalSteps < 100 {
				t.Errorf("the games compared %d legal captures and %d royal moves: too few to judge", captures, royalSteps)
			}
		})
	}
}

// TestKeptCountsKeepStatus: where every board ending reads counts alone
// (countEndings), Make skips boardOutcome after a move that changes no
// count; the status it leaves must be the one boardOutcome gives, over
// random games of every such rule file.
func TestKeptCountsKeepStatus(t *testing.T) {
	plies := 200
	if testing.Short() {
		plies = 60
	}
	seen := 0
	for _, ng := range allGames(t) {
		g := ng.g
		if !g.countEndings || !g.boardEndings || g.seated || g.wrapped || g.slowTurns {
			continue
		}
		seen++
		t.Run(ng.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(41, uint64(len(ng.name))))
			p := g.NewPosition()
			for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				mover := p.side
				p.Make(moves[rng.IntN(len(moves))])
				if want := p.boardOutcome(mover, -1); p.status != want {
					t.Fatalf("after %d plies (%s): status %+v, boardOutcome %+v", ply+1, p.FEN(), p.status, want)
				}
			}
		})
	}
	if seen < 20 {
		t.Errorf("only %d rule files whose endings read counts alone", seen)
	}
}

// TestStrikeShortcutMatchesLightMake: keepFxLegal's strike test (the
// squares a strike sending its victim home changes, set for a moment)
// keeps exactly the moves the light make keeps, in the same order, over
// random games of demotion circe and of variations of its strike: the
// victim reborn whole (effect capture), no piece switching sides, and
// every piece but the king switching.
func TestStrikeShortcutMatchesLightMake(t *testing.T) {
	cases := []struct {
		name string
		edit func(map[string]any)
	}{
		{"demotion circe", func(map[string]any) {}},
		{"circe", func(st map[string]any) { st["effect"] = "capture"; delete(st, "chain") }},
		{"no switching", func(st map[string]any) { delete(st, "switches_sides") }},
		{"all switch", func(st map[string]any) { st["switches_sides"] = []string{"P", "N", "B", "R", "Q"} }},
	}
	games, plies := 30, 160
	if testing.Short() {
		games = 8
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := editFile(t, "demotion-circe.json", func(r map[string]any) { tc.edit(r["strike"].(map[string]any)) })
			rng := rand.New(rand.NewPCG(41, uint64(len(tc.name))))
			captures, refused := 0, 0
			playAgainstLightMake(t, g, rng, []string{""}, games, plies, func(p *Position, want []Move) {
				for _, m := range p.genFxPieces(nil, false) {
					if m&mvCapture == 0 {
						continue
					}
					if captures++; !slices.Contains(want, m) {
						refused++
					}
				}
			})
			if captures < 300 || refused < 10 {
				t.Errorf("the games compared %d captures, %d of them refused: too few to judge", captures, refused)
			}
		})
	}
}
