package engine

import (
	"slices"
	"testing"
)

// TestSetSkips: each leap or lame entry skips the entries right after it
// that have its landing among their legs, and no further.
func TestSetSkips(t *testing.T) {
	// spec is an entry landing on to over legs.
	type spec struct {
		typ  uint8
		to   uint8
		legs []uint8
	}
	cases := []struct {
		name    string
		entries []spec
		want    []uint8
	}{
		{"a ray of landings", []spec{{genLame, 1, nil}, {genLame, 2, []uint8{1}}, {genLame, 3, []uint8{1, 2}}}, []uint8{2, 1, 0}},
		{"a bent move's two arms", []spec{
			{genLeap, 10, nil},
			{genLame, 11, []uint8{10}}, {genLame, 12, []uint8{10, 11}},
			{genLame, 21, []uint8{10}}, {genLame, 22, []uint8{10, 21}},
		}, []uint8{4, 1, 0, 1, 0}},
		{"a slide ends the run", []spec{{genLame, 1, nil}, {genSlide, 0, []uint8{1}}, {genLame, 2, []uint8{1}}}, []uint8{0, 0, 0}},
		{"a landing off the next legs", []spec{{genLeap, 5, nil}, {genLame, 7, []uint8{6}}}, []uint8{0, 0}},
		{"slides skip nothing", []spec{{genSlide, 0, []uint8{1, 2}}, {genLame, 3, []uint8{1, 2}}}, []uint8{0, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := &Game{}
			var entries []genEntry
			for _, s := range c.entries {
				entries = append(entries, genEntry{typ: s.typ, to: s.to, n: uint8(len(s.legs)), off: uint32(len(g.pool))})
				g.pool = append(g.pool, s.legs...)
			}
			g.setSkips(entries)
			var got []uint8
			for _, e := range entries {
				got = append(got, e.skip)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("skips %v, want %v", got, c.want)
			}
		})
	}
}

// TestSkipsListAsWithout plays random games of every rule file whose
// tables skip entries (bent moves, slides cut by an entry rule), twice
// over: once as loaded and once with no entry skipped and every source
// set full (the plain leaps' per target, the legs trie's per node), so
// that no attack test is cut short. Both must list the same
// legal moves and captures in the same order and agree on check at every
// ply.
func TestSkipsListAsWithout(t *testing.T) {
	gamesPer, maxPlies := 20, 300
	if testing.Short() {
		gamesPer = 4
	}
	tested := 0
	for _, ng := range allGames(t) {
		skips := false
		for _, list := range [][]genEntry{ng.g.gens, ng.g.slow} {
			for _, e := range list {
				skips = skips || e.skip > 0
			}
		}
		if !skips {
			continue
		}
		tested++
		plain := loadFile(t, ng.name)
		for _, list := range [][]genEntry{plain.gens, plain.slow} {
			for i := range list {
				list[i].skip = 0
			}
		}
		full := bitset{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
		for s := range plain.plainAny {
			for sq := range plain.plainAny[s] {
				plain.plainAny[s][sq] = full
			}
			for i := range plain.legSub[s] {
				plain.legSub[s][i] = full
			}
		}
		for seed := 0; seed < gamesPer; seed++ {
			if err := compareListGames(ng.g, plain, uint64(seed), maxPlies); err != "" {
				t.Errorf("%s, seed %d: %s", ng.name, seed, err)
				break
			}
		}
	}
	if tested == 0 {
		t.Fatal("no rule file skips an entry")
	}
}
