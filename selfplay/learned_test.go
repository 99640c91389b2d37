package selfplay

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/records"
	"balancefarm/search"
)

// A job's spec with piece values reaches the player the worker runs: the
// same job with and without them plays different games, and the record
// names the values it was played with.
func TestRunnerPlaysJobValues(t *testing.T) {
	data := readRuleset(t, "chess.json")
	job := func(p0 string) protocol.Job {
		return protocol.Job{JobIdentity: protocol.JobIdentity{JobID: "b-000001", BatchID: "b", Ruleset: "chess", RulesetHash: protocol.HashRuleFile(data),
			P0: p0, P1: "ab:n300", Seed: 11, PairID: 1, Game: 1}, MaxNodes: 300_000}
	}
	r := NewRunner()
	play := func(p0 string) protocol.Result {
		t.Helper()
		res, err := r.Run(context.Background(), data, job(p0), func() {})
		if err != nil {
			t.Fatalf("%s: %v", p0, err)
		}
		return res
	}
	plain := play("ab:n300")
	valued := play("ab:n300:P=9/Q=1")
	again := play("ab:n300:P=9/Q=1")
	if valued.P0 != "ab:n300:P=9/Q=1" {
		t.Errorf("record names %q, not the spec with values", valued.P0)
	}
	if slices.Equal(valued.Moves, plain.Moves) {
		t.Error("the values changed nothing: the worker dropped them")
	}
	if !slices.Equal(valued.Moves, again.Moves) {
		t.Error("the same job with values played two different games")
	}
	if _, err := r.Run(context.Background(), data, job("ab:n300:X=1"), func() {}); err == nil {
		t.Error("a value for a piece chess lacks was played")
	}
}

// materialGames are random games of chess, 120 plies at most, recorded as
// played by a searching player, each won by whoever ends with more
// declared material: results that material explains, for the fit.
func materialGames(g *engine.Game, n int) []protocol.Result {
	rng := rand.New(rand.NewPCG(1, 2))
	var out []protocol.Result
	var buf []engine.Move
	for range n {
		p := g.NewPosition()
		r := protocol.Result{Winner: -1}
		r.P0, r.P1 = "ab:n1", "ab:n1"
		for len(r.Moves) < 120 && !p.Outcome().Over {
			buf = p.LegalMoves(buf[:0])
			m := buf[rng.IntN(len(buf))]
			r.Moves = append(r.Moves, p.MoveString(m))
			p.Make(m)
		}
		lead := 0.0
		for kind := range g.NumKinds() {
			lead += float64(p.Count(0, kind)-p.Count(1, kind)) * g.PieceValue(kind)
		}
		switch {
		case lead > 0:
			r.Winner = 0
		case lead < 0:
			r.Winner = 1
		}
		out = append(out, r)
	}
	return out
}

func TestLearnedSpec(t *testing.T) {
	g, err := engine.Compile(readRuleset(t, "chess.json"))
	if err != nil {
		t.Fatal(err)
	}
	games := materialGames(g, 60)
	randoms := slices.Clone(games)
	for i := range randoms {
		randoms[i].P0 = "random"
	}
	tests := []struct {
		name     string
		top      string
		results  []protocol.Result
		learned  bool   // the spec carries values
		wantNote string // else why not
	}{
		{"learned", "ab:n3000", games, true, ""},
		{"too few games", "ab:n3000", games[:5], false, "too few games"},
		{"only random players", "ab:n3000", randoms, false, "too few games"},
		{"none at all", "ab:n3000", nil, false, "too few games"},
		{"a player that does not evaluate", "random", games, false, "only ab and mcts"},
	}
	for _, tc := range tests {
		spec, _, note := LearnedSpec(g, tc.top, records.ReplayAll(g, tc.results))
		ps, err := search.ParseSpec(spec)
		if err != nil {
			t.Errorf("%s: spec %q: %v", tc.name, spec, err)
			continue
		}
		if !tc.learned {
			if spec != tc.top || !strings.Contains(note, tc.wantNote) {
				t.Errorf("%s: %q, note %q; want %s and a note saying %q", tc.name, spec, note, tc.top, tc.wantNote)
			}
			continue
		}
		if note != "" || ps.Values == "" || search.WithoutValues(spec) != tc.top {
			t.Errorf("%s: %q, note %q; want %s with values", tc.name, spec, note, tc.top)
			continue
		}
		// The values name chess pieces; the reference keeps its value.
		for _, v := range ps.PieceValues() {
			if g.KindByID(v.ID) < 0 {
				t.Errorf("%s: %s values %s, which the game lacks", tc.name, spec, v.ID)
			}
		}
		if !slices.Contains(ps.PieceValues(), search.PieceValue{ID: "P", Cents: 100}) {
			t.Errorf("%s: the pawn, the reference, is not worth 1 in %s", tc.name, spec)
		}
		// Derived from the results alone: a resumed measurement gets it again.
		if again, _, _ := LearnedSpec(g, tc.top, records.ReplayAll(g, slices.Clone(tc.results))); again != spec {
			t.Errorf("%s: %s, then %s", tc.name, spec, again)
		}
	}
}
