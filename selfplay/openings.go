package selfplay

import (
	"context"
	"hash/fnv"
	"sync"
	"time"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/search"
	"balancefarm/stats"
)

// maxListedOpenings is the most lines of a random opening a measurement
// lists whole: past it the openings are sampled, as in any large game.
const maxListedOpenings = 64

// openingsBudget bounds the time a listing may take (a few seconds on the
// small boards that list; a wide tree is given up on sooner).
const openingsBudget = 20 * time.Second

// openingOf hashes a result's random opening plies alone: two games with
// the same hash opened the same way, whoever played them.
func openingOf(r protocol.Result) uint64 {
	return openingHash(r.Moves[:min(max(r.OpeningPlies, 0), len(r.Moves))])
}

func openingHash(moves []string) uint64 {
	h := fnv.New64a()
	h.Write([]byte("opening"))
	for _, m := range moves {
		h.Write([]byte{0})
		h.Write([]byte(m))
	}
	return h.Sum64()
}

// listed caches each game's listing: a file is analysed again on every
// report and live update, and its openings do not change.
var listed = struct {
	sync.Mutex
	lines map[*engine.Game][]stats.OpeningLine
	tried map[*engine.Game]bool
}{lines: map[*engine.Game][]stats.OpeningLine{}, tried: map[*engine.Game]bool{}}

// OpeningLines lists every line g's random opening can play with its
// chance (stats.StartInfo.Openings), when the results show few: no more
// than maxListedOpenings distinct openings among them and some opening
// played more than once. Otherwise, or when the tree proves larger, nil:
// the openings are then a sample, read as one.
func OpeningLines(g *engine.Game, results []protocol.Result) []stats.OpeningLine {
	if g == nil || g.Seated() || len(results) == 0 || !deterministicMirror(results) {
		return nil
	}
	seen := map[uint64]bool{}
	for _, r := range results {
		seen[openingOf(r)] = true
		if len(seen) > maxListedOpenings {
			return nil
		}
	}
	if len(seen) == len(results) {
		return nil // every opening played once: nothing is exhausted
	}
	listed.Lock()
	defer listed.Unlock()
	if listed.tried[g] {
		return listed.lines[g]
	}
	if len(listed.tried) > 256 { // a long-running service: forget old files
		clear(listed.tried)
		clear(listed.lines)
	}
	listed.tried[g] = true
	ctx, cancel := context.WithTimeout(context.Background(), openingsBudget)
	defer cancel()
	lines, ok := search.OpeningLines(ctx, g, 0, maxListedOpenings)
	if !ok {
		return nil
	}
	out := make([]stats.OpeningLine, len(lines))
	for i, l := range lines {
		out[i] = stats.OpeningLine{Hash: openingHash(l.Moves), Prob: l.Prob}
	}
	listed.lines[g] = out
	return out
}

// deterministicMirror reports whether the equal-strength games among
// results (a spec against itself) are all played by alpha-beta players,
// which from one position play one game whatever their seed: only then is
// a line played once what every game from it would be. A Monte Carlo rung
// or a determinizing one draws on its seed, and its openings stay a sample.
func deterministicMirror(results []protocol.Result) bool {
	any := false
	for _, r := range results {
		if r.P0 != r.P1 {
			continue
		}
		ps, err := search.ParseSpec(r.P0)
		if err != nil || ps.Family != search.FamilyAB || ps.Worlds > 0 || ps.Seer {
			return false
		}
		any = true
	}
	return any
}
