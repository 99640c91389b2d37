package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLegalMatchesPlayedFilter checks legalStd's shortcuts (moves left
// untested by prepare's pins and checks, a pinned piece judged by its pin
// line, the royal's landings filtered by one attack map) against the slow
// rule: every pseudo-legal move played on the board by legalAfter. It plays
// random games of every rule file on a board of one word whose list is
// legalStd's alone and has no drops, and compares the two lists at every
// ply; positions in check and with pins come up often in random games.
func TestLegalMatchesPlayedFilter(t *testing.T) {
	games, plies := 12, 300
	if testing.Short() {
		games = 3
	}
	checked := 0
	for _, ng := range allGames(t) {
		g := ng.g
		if !g.legalPlain || !g.small || g.drops != nil || g.cells != nil || g.wrapped {
			continue
		}
		checked++
		t.Run(ng.name, func(t *testing.T) {
			test := g.checkRules && g.royalMask != 0 || g.royalFacing || g.forbidCheck
			for seed := 0; seed < games; seed++ {
				rng := rand.New(rand.NewPCG(uint64(seed), 0x1e6a1))
				p := g.NewPosition()
				for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
					got := p.LegalMoves(nil)
					var want []Move
					for _, m := range p.genPseudo(nil, false) {
						if !test || p.legalAfter(m) {
							want = append(want, m)
						}
					}
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("seed %d ply %d at %s: legal moves %v, played filter %v", seed, ply, p.FEN(), got, want)
					}
					if len(got) == 0 {
						break
					}
					p.Make(got[rng.IntN(len(got))])
				}
			}
		})
	}
	if checked == 0 {
		t.Fatal("no rule file has legalStd's list alone on a board of one word")
	}
}

// With several royals a player is in check only when every one is
// attacked, so prepareSeveral lets a move stand untested when it keeps a
// royal out of check that is out of it now. Spartan's black has two kings;
// in each position the list must equal every pseudo-legal move played out,
// with the moves named in and out of it.
func TestSeveralRoyalsLegal(t *testing.T) {
	g := loadFile(t, "rulesets/spartan.json")
	tests := []struct {
		name    string
		fen     string
		in, out []string
	}{
		// The general on e4 shields a8 from the bishop and e8 from the
		// rook: along either line it keeps one king safe, across both it
		// exposes both.
		{"pinned to both kings", "k3k3/8/8/8/4g3/8/8/K3R2B b - - 0 1",
			[]string{"e4e5", "e4e1", "e4f3", "e4d5"}, []string{"e4d4", "e4h4", "e4f5", "e4d3"}},
		// e8 in check from the queen on h5, the general shielding a8
		// alone: only along the diagonal does it keep a king safe.
		{"one king in check", "k3k3/8/8/7Q/4g3/8/8/K6B b - - 0 1",
			[]string{"e4f3", "e4d5"}, []string{"e4e5", "e4e1", "e4d4"}},
		// Pinned to one king only: every move keeps the other safe.
		{"pinned to one king", "k6k/8/8/8/4g3/8/8/K6B b - - 0 1",
			[]string{"e4d4", "e4e5", "e4f3"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, g, tt.fen)
			got := p.LegalMoves(nil)
			var want []Move
			for _, m := range p.genPseudo(nil, false) {
				if p.legalAfter(m) {
					want = append(want, m)
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("legal moves %v, played filter %v", got, want)
			}
			listed := map[string]bool{}
			for _, m := range got {
				listed[p.MoveString(m)] = true
			}
			for _, s := range tt.in {
				if !listed[s] {
					t.Errorf("%s is not listed", s)
				}
			}
			for _, s := range tt.out {
				if listed[s] {
					t.Errorf("%s is listed", s)
				}
			}
		})
	}
}
