package search

import (
	"context"
	"testing"
)

// Same material, one feature apart: the evaluation must prefer the first
// position, the side to move being the first player.
func TestEvalReadsEffects(t *testing.T) {
	tests := []struct {
		name, file, better, worse string
	}{
		{"a capture that blows up a cluster", "atomic.json",
			"4k3/8/8/2rqb3/8/3N4/8/4K3 w - - 0 1", "4k3/8/8/2rqb3/3N4/8/8/4K3 w - - 0 1"},
		{"a free shot of a rifle", "rifle.json",
			"4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", "4k3/8/8/7q/8/8/8/3RK3 w - - 0 1"},
		{"ground held", "territory.json", "", ""},
		{"the other side's piece on the wild piece's next square", "wild-bishop.json",
			"4k3/8/8/<W>7/1n6/8/8/4K3 w - - 0 1", "4k3/8/7n/<W>7/8/8/8/4K3 w - - 0 1"},
		{"a bounty within reach", "wild-knights.json",
			"4k3/8/8/8/8/<W>7/8/1N2K3 w - - 0 1", "4k3/8/8/8/8/<W>7/8/4K1N1 w - - 0 1"},
	}
	for _, tc := range tests {
		g := loadGame(t, tc.file)
		if tc.better == "" { // territory: the same board, claims added
			start := g.NewPosition().FEN()
			tc.better, tc.worse = start+" claimed-w:a1,b1,c1", start
		}
		ev := newEvaluator(tablesFor(g))
		pb, err := g.ParseFEN(tc.better)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		pw, err := g.ParseFEN(tc.worse)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if b, w := ev.evaluate(pb, 0, enginePos{pb}), ev.evaluate(pw, 0, enginePos{pw}); b <= w {
			t.Errorf("%s: %d for %q is not above %d for %q", tc.name, b, tc.better, w, tc.worse)
		}
	}
}

// TestPlayersBeatRandomOnEffects: a shallow alpha-beta player beats the
// random player with either colour on every file of the capture, territory
// and wild-piece families.
func TestPlayersBeatRandomOnEffects(t *testing.T) {
	if testing.Short() {
		t.Skip("plays twenty games")
	}
	files := []string{"atomic.json", "atomar.json", "nocheckatomic.json", "kamikaze.json", "rifle.json",
		"demotion-circe.json", "alchemists.json", "territory.json", "wild-bishop.json", "wild-knights.json"}
	for _, f := range files {
		g := loadGame(t, f)
		for side := 0; side < 2; side++ {
			p0, p1 := "ab:d2", "random"
			if side == 1 {
				p0, p1 = p1, p0
			}
			rec, err := PlayGame(context.Background(), g, p0, p1, 3, Limits{}, nil)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if rec.Winner != side {
				t.Errorf("%s: ab:d2 as player %d did not win (%s after %d plies)", f, side, rec.Rule, rec.Plies)
			}
		}
	}
}

// refEffects is bestEffects written straight from the term's definition:
// every capturing ray of every piece walked square by square to its
// first piece, the pieces read through PieceAt.
func refEffects(e *evaluator, p board) [2]int {
	t := e.t
	f := t.fx
	worth := func(k, owner, pl int) int {
		v := t.kinds[k].value
		if t.kinds[k].royal {
			v = royalBlastValue
		}
		if owner == pl {
			return -v
		}
		return v
	}
	var best [2]int
	for _, pc := range e.pieces {
		for _, r := range t.kinds[pc.kind].rays[pc.owner][pc.sq] {
			if !r.capture || r.hop {
				continue
			}
			target := -1
			for i, s := range r.sqs {
				if _, _, ok := p.PieceAt(int(s)); ok {
					if i >= r.min {
						target = int(s)
					}
					break
				}
				if !r.line {
					break
				}
			}
			if target < 0 {
				continue
			}
			tk, owner, _ := p.PieceAt(target)
			if owner == pc.owner || tk < 0 || tk >= len(t.kinds) || !f.mayCapture[pc.kind][tk] {
				continue
			}
			gain := 0
			switch {
			case owner != 0 && owner != 1:
				for _, rt := range f.routes {
					if rt.kind == tk && f.points {
						gain = rt.bounty
						break
					}
				}
				for _, rt := range f.routes {
					if rt.kind == tk && rt.takers != nil && !rt.takers[pc.kind] {
						gain = 0
					}
				}
			case f.explode && f.by[pc.kind] && f.of[tk]:
				gain = worth(tk, owner, pc.owner) - t.kinds[pc.kind].value
				for _, s := range f.ring[target] {
					k, o, ok := p.PieceAt(s)
					if ok && (o == 0 || o == 1) && k >= 0 && k < len(t.kinds) && !f.blastImmune[k] {
						gain += worth(k, o, pc.owner)
					}
				}
				gain *= t.matSign
			case f.strikeStay && f.reaches[tk]:
				gain = t.matSign * t.kinds[tk].value
			}
			best[pc.owner] = max(best[pc.owner], gain)
		}
	}
	return best
}

// TestBestEffectsMatchesRayWalk: the effects term's reading from masks and
// remembered blast sums gives refEffects's answer on every position of
// random games of the files with capture effects and wild pieces.
func TestBestEffectsMatchesRayWalk(t *testing.T) {
	for _, file := range []string{"atomic.json", "atomar.json", "nocheckatomic.json", "kamikaze.json", "rifle.json", "wild-knights.json"} {
		g := loadGame(t, file)
		ev := newEvaluator(tablesFor(g))
		if f := ev.t.fx; f == nil || !(f.explode || f.strikeStay || f.points) {
			t.Fatalf("%s: no effect the term reads", file)
		}
		r := newRNG(11)
		gaining := 0
		for range 8 {
			p := g.NewPosition()
			for ply := 0; ply < 150 && !p.Outcome().Over; ply++ {
				ms := p.LegalMoves(nil)
				p.Make(ms[r.intn(len(ms))])
				ev.evaluate(p, p.SideToMove(), p)
				got, want := ev.bestEffects(p), refEffects(ev, p)
				if got != want {
					t.Fatalf("%s %s: best effects %v, the ray walk's %v", file, p.FEN(), got, want)
				}
				if want != [2]int{} {
					gaining++
				}
			}
		}
		if gaining < 50 {
			t.Fatalf("%s: only %d positions where an effect gains", file, gaining)
		}
	}
}
