package selfplay

import (
	"errors"
	"math"

	"balancefarm/engine"
	"balancefarm/records"
	"balancefarm/search"
	"balancefarm/stats"
)

// Piece-value sampling: positions before records.QuietFrom are mostly the
// random opening and its aftermath (the replay samples none of them).
const (
	minLearnGames   = 20
	minLearnSamples = 200
)

// PieceValues learns the rule file's piece values from its own games
// (Texel-style, stats.FitPieceValues): each quiet position after the
// opening that a game's replay found (records.Replayed.Material) is a
// sample of material against the final result, each player spec with a
// strength of its own (the ladder's pairings are lopsided) and each game
// weighing one.
// Games with a random player are left out (their results say little about
// material), and so are kinds that are royal, a larger piece's body
// squares (schema 44), or never differ between the players in the
// positions kept.
// The reference (value 1) is the cheapest declared kind left.
func PieceValues(g *engine.Game, games []*records.Replayed) (*stats.PieceValues, error) {
	nk := g.NumKinds()
	var kinds []int
	for k := range nk {
		if !g.IsRoyal(k) && !g.IsBodyKind(k) { // a larger piece's body square is no piece (schema 44)
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 {
		return nil, errors.New("no kinds but royal ones")
	}
	var samples []stats.MaterialSample
	gameIdx := 0
	// Each spec is a player with a strength of its own in the fit.
	playerOf := map[string]int{}
	player := func(spec string) int {
		if i, ok := playerOf[spec]; ok {
			return i
		}
		playerOf[spec] = len(playerOf)
		return playerOf[spec]
	}
	for _, rp := range games {
		r := rp.Result
		// The clairvoyant rung's games are read by the skill share alone.
		if r.Winner < -1 || r.Winner > 1 || isRandom(r.P0) || isRandom(r.P1) || len(r.Moves) <= records.QuietFrom ||
			stats.IsSeer(r.P0) || stats.IsSeer(r.P1) {
			continue
		}
		score := zeroScore(r.Winner)
		sides := [2]int{player(r.P0), player(r.P1)}
		for _, m := range rp.Material {
			d := make([]float64, len(kinds))
			for j, k := range kinds {
				d[j] = float64(m.Diff[k])
			}
			samples = append(samples, stats.MaterialSample{Diff: d, Result: score, Game: gameIdx, Players: sides})
		}
		if len(rp.Material) > 0 {
			gameIdx++
		}
	}
	if gameIdx < minLearnGames || len(samples) < minLearnSamples {
		return nil, errors.New("too few games between searching players to learn piece values from")
	}
	// Keep the kinds whose count ever differs.
	var keep []int
	for j := range kinds {
		for _, s := range samples {
			if s.Diff[j] != 0 {
				keep = append(keep, j)
				break
			}
		}
	}
	if len(keep) == 0 {
		return nil, errors.New("material never differed")
	}
	names := make([]string, len(keep))
	declared := make([]float64, len(keep))
	ref := 0
	for i, j := range keep {
		names[i] = g.PieceID(kinds[j])
		declared[i] = g.PieceValue(kinds[j])
		if declared[i] > 0 && (declared[ref] <= 0 || declared[i] < declared[ref]) {
			ref = i
		}
	}
	for i := range samples {
		d := make([]float64, len(keep))
		for a, j := range keep {
			d[a] = samples[i].Diff[j]
		}
		samples[i].Diff = d
	}
	pv, err := stats.FitPieceValues(names, declared, ref, samples, stats.DefaultThresholds().Confidence)
	if err != nil {
		return nil, err
	}
	return &pv, nil
}

func isRandom(spec string) bool { return spec == "random" }

// zeroScore is player 0's score in a game won by winner (-1: drawn).
func zeroScore(winner int) float64 {
	switch winner {
	case 0:
		return 1
	case 1:
		return 0
	}
	return 0.5
}

// LearnedSpec is top (an alpha-beta or MCTS spec) playing with the piece
// values learned from the games (PieceValues), shrunk towards the declared
// ones by the fit's own uncertainty (stats.PieceValues.Shrunk), in the rule
// file's units. It depends on the games' results alone, so a resumed
// measurement derives the same spec. When the values cannot be learned or
// change nothing, it is top itself, with note saying why.
func LearnedSpec(g *engine.Game, top string, games []*records.Replayed) (spec string, pv *stats.PieceValues, note string) {
	pv, err := PieceValues(g, games)
	if err != nil {
		return top, nil, err.Error()
	}
	refValue := 0.0
	for k := range g.NumKinds() {
		if g.PieceID(k) == pv.Reference {
			refValue = g.PieceValue(k)
		}
	}
	if refValue <= 0 {
		return top, pv, "the reference piece is declared worth nothing, so learned values have no scale"
	}
	shrunk := pv.Shrunk(stats.DefaultThresholds().Confidence)
	var vals []search.PieceValue
	changed := false
	for i, v := range pv.Values {
		cents := int(math.Round(shrunk[i] * refValue * 100))
		declared := 0
		for k := range g.NumKinds() {
			if g.PieceID(k) == v.Kind {
				declared = int(math.Round(g.PieceValue(k) * 100))
			}
		}
		changed = changed || cents != declared
		vals = append(vals, search.PieceValue{ID: v.Kind, Cents: cents})
	}
	if !changed {
		return top, pv, "the learned values, shrunk by their uncertainty, are the declared ones"
	}
	spec, err = search.WithValues(top, vals)
	if err != nil {
		return top, pv, err.Error()
	}
	return spec, pv, ""
}
