package measure

import (
	"reflect"
	"slices"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/selfplay"
)

// chanceSeam makes every game foreseeable, or none, for one test: the
// engine's games have no chance yet.
func chanceSeam(t *testing.T, on bool) {
	t.Helper()
	was := foreseeable
	foreseeable = func(*engine.Game) bool { return on }
	t.Cleanup(func() { foreseeable = was })
}

func TestSeerRung(t *testing.T) {
	f, err := Read("../rulesets/chess.json")
	if err != nil {
		t.Fatal(err)
	}
	players := []string{"random", "ab:n500", "mcts:i50"}
	cases := []struct {
		name        string
		players     []string
		chance      bool
		wantPlayers []string
	}{
		{"no chance: the ladder as given", players, false, players},
		{"chance: the clairvoyant rung after the strongest", players, true, append(slices.Clone(players), "seer:ab:n500")},
		{"chance, the clairvoyant rung already there", append(slices.Clone(players), "seer:ab:n500"), true, append(slices.Clone(players), "seer:ab:n500")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			chanceSeam(t, c.chance)
			s := Settings{Players: c.players, Games: 6, Seed: 7, Precision: QuickPrecision, Sequential: true, Slots: 2}
			p := s.Plan(f)
			if !slices.Equal(p.Players, c.wantPlayers) {
				t.Fatalf("players %v, want %v", p.Players, c.wantPlayers)
			}
			if p.Mirror != "ab:n500" {
				t.Errorf("equal-strength games by %q, want the strongest rung ab:n500", p.Mirror)
			}
			// The plan as it was made before the clairvoyant rung.
			before := protocol.Plan{Ruleset: f.Name, RulesetHash: f.Hash, Players: c.players, GamesPerPairing: 6, Seed: 7,
				Mirror: "ab:n500", MirrorGames: mirrorCap(QuickPrecision)}
			if !c.chance && !reflect.DeepEqual(p.Jobs(), before.Jobs()) {
				t.Errorf("a plan without chance changed its jobs")
			}
			if _, err := s.HooksFor(p, f.Game); err != nil {
				t.Fatalf("hooks: %v", err)
			}
			if !c.chance {
				return
			}
			// Common random numbers: the clairvoyant rung meets the
			// weakest on the openings the strongest rung meets it on.
			seeds := func(a, b string) []uint64 {
				var out []uint64
				for _, j := range p.Jobs() {
					if j.P0 == a && j.P1 == b {
						out = append(out, j.Seed)
					}
				}
				return out
			}
			best, seer := seeds("random", "ab:n500"), seeds("random", "seer:ab:n500")
			if len(best) != 3 || !slices.Equal(best, seer) {
				t.Errorf("openings: strongest %v, clairvoyant %v", best, seer)
			}
			l, err := selfplay.Ladder(p.Players)
			if err != nil || l.Seer != "seer:ab:n500" || l.Rungs[len(l.Rungs)-1] != "ab:n500" {
				t.Errorf("ladder %+v, %v", l, err)
			}
		})
	}
}

// The clairvoyant rung's pairings play to the cap: the skill share reads
// all of them beside the strongest rung's.
func TestSeerPairingPlaysOn(t *testing.T) {
	players := []string{"random", "ab:n500", "seer:ab:n500"}
	stop, err := SequentialStop(players, 12, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{10, 12} {
		var results []protocol.Result
		for i := range n {
			p0, p1 := "seer:ab:n500", "random"
			if i%2 == 1 {
				p0, p1 = p1, p0
			}
			results = append(results, protocol.Result{JobIdentity: protocol.JobIdentity{P0: p0, P1: p1, PairID: i / 2, Game: i, Seed: uint64(i / 2)},
				Winner: i % 2, Ending: "checkmate", Plies: 40})
		}
		if stopped, why := stop([2]string{"random", "seer:ab:n500"}, results); stopped != (n >= 12) {
			t.Errorf("%d games won by the clairvoyant rung: stop %v (%s)", n, stopped, why)
		}
	}
}
