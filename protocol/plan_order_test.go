package protocol

import (
	"strings"
	"testing"
)

func TestPlanPairingOf(t *testing.T) {
	plain := testPlan() // 3 pairings of 2 pairs
	mirror := testPlan()
	mirror.Mirror, mirror.MirrorGames = "c", 6 // and c against itself, 3 pairs
	for _, p := range []Plan{plain, mirror} {
		checkPairingOf(t, p)
	}
}

func checkPairingOf(t *testing.T, p Plan) {
	t.Helper()
	pairings := p.Pairings()
	next := make([]int, len(pairings)) // the game expected next in each pairing
	for _, j := range p.Jobs() {
		pi, k, ok := p.PairingOf(j)
		if !ok {
			t.Fatalf("job %s not placed", j.JobID)
		}
		pr := pairings[pi]
		if !(j.P0 == pr.A && j.P1 == pr.B) && !(j.P0 == pr.B && j.P1 == pr.A) {
			t.Errorf("job %s (%s vs %s) placed in pairing %v", j.JobID, j.P0, j.P1, pr)
		}
		if 2*k+j.Game%2 != next[pi] {
			t.Errorf("job %s is game %d of pairing %d, want %d", j.JobID, 2*k+j.Game%2, pi, next[pi])
		}
		next[pi]++
	}
	for pi, n := range next {
		want := p.GamesPerPairing
		if pr := pairings[pi]; pr.A == pr.B {
			want = p.MirrorGames
		}
		if n != want {
			t.Errorf("pairing %d has %d games, want %d", pi, n, want)
		}
	}
	tests := []struct {
		name string
		plan Plan
		pair int
	}{
		{"negative pair", p, -1},
		{"beyond the plan", p, 6 + p.MirrorGames/2},
		{"no games per pairing", Plan{Players: []string{"a", "b"}}, 0},
	}
	for _, tt := range tests {
		if _, _, ok := tt.plan.PairingOf(Job{JobIdentity: JobIdentity{PairID: tt.pair}}); ok {
			t.Errorf("%s: placed", tt.name)
		}
	}
}

// A mirror pairing comes last, and each of its games opens from a seed of
// its own (a player against itself would otherwise play one game twice);
// the plan without one keeps the ID it had before mirrors existed.
func TestPlanMirror(t *testing.T) {
	plain := testPlan()
	p := testPlan()
	p.Mirror, p.MirrorGames = "c", 4
	if got := p.Pairings(); len(got) != 4 || got[3] != (Pairing{"c", "c"}) {
		t.Fatalf("pairings %v", got)
	}
	jobs := p.Jobs()
	if len(jobs) != len(plain.Jobs())+4 {
		t.Fatalf("%d jobs, want %d", len(jobs), len(plain.Jobs())+4)
	}
	seeds := map[uint64]bool{}
	for _, j := range jobs[len(jobs)-4:] {
		if j.P0 != "c" || j.P1 != "c" {
			t.Errorf("mirror job %s is %s vs %s", j.JobID, j.P0, j.P1)
		}
		seeds[j.Seed] = true
	}
	if len(seeds) != 4 {
		t.Errorf("mirror games share opening seeds: %v", seeds)
	}
	if p.ID() == plain.ID() {
		t.Error("a mirror pairing does not change the batch id")
	}
	if !strings.Contains(string(Marshal(p)), `"mirror":"c"`) || strings.Contains(string(Marshal(plain)), "mirror") {
		t.Errorf("mirror fields: %s / %s", Marshal(p), Marshal(plain))
	}
}

// A plan of one player against itself (a measurement's second phase, with
// learned piece values) is the mirror games of the full plan, opening
// from the same seeds, with that player.
func TestPlanMirrorAlone(t *testing.T) {
	full := testPlan()
	full.Mirror, full.MirrorGames = "c", 4
	alone := full
	alone.Players, alone.Mirror = []string{"c+"}, "c+"
	if err := alone.Check(); err != nil {
		t.Fatal(err)
	}
	want := full.Jobs()[len(full.Jobs())-4:]
	got := alone.Jobs()
	if len(got) != len(want) {
		t.Fatalf("%d jobs, want %d", len(got), len(want))
	}
	for i, j := range got {
		if j.P0 != "c+" || j.P1 != "c+" || j.Seed != want[i].Seed {
			t.Errorf("job %d: %s vs %s seed %d, want c+ against itself on seed %d", i, j.P0, j.P1, j.Seed, want[i].Seed)
		}
	}
	checkPairingOf(t, alone)
}
