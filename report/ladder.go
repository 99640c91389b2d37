package report

import (
	"fmt"
	"slices"

	"balancefarm/stats"
)

// ladderOrder states the ladder as its ratings place it, weakest first,
// each rung with its rating ("mcts:i50 (+442)") and the rungs no rating
// places after them ("(not rated)"), and names every pair of rungs whose
// ratings contradict the order the ladder intended: a report never says
// the rungs stand in an order its own ratings deny.
func ladderOrder(ladder []string, rt stats.Ratings) (order, inverted []string) {
	type rated struct {
		spec string
		elo  stats.Interval
		at   int // its place in the intended order
	}
	var rs []rated
	var unrated []string
	for i, spec := range ladder {
		if r, ok := rt.Lookup(spec); ok {
			rs = append(rs, rated{spec, r.Elo, i})
		} else {
			unrated = append(unrated, spec)
		}
	}
	slices.SortStableFunc(rs, func(a, b rated) int {
		switch {
		case a.elo.Est < b.elo.Est:
			return -1
		case a.elo.Est > b.elo.Est:
			return 1
		}
		return a.at - b.at
	})
	for _, r := range rs {
		order = append(order, fmt.Sprintf("%s (%+.0f)", r.spec, whole(r.elo.Est, ".0f")))
	}
	for _, spec := range unrated {
		order = append(order, spec+" (not rated)")
	}
	for i, lo := range rs {
		for _, hi := range rs[i+1:] {
			if lo.at > hi.at && lo.elo.Est < hi.elo.Est {
				// hi was meant weaker than lo, yet is rated above it.
				inverted = append(inverted, fmt.Sprintf("%s is rated %+.0f (%+.0f to %+.0f), above %s at %+.0f (%+.0f to %+.0f), though the ladder meant it weaker",
					hi.spec, hi.elo.Est, hi.elo.Lo, hi.elo.Hi, lo.spec, lo.elo.Est, lo.elo.Lo, lo.elo.Hi))
			}
		}
	}
	return order, inverted
}

// LadderStated is the ladder as the report states it: by rating, or as
// intended in a report written before the ratings ordered it.
func (r *Report) LadderStated() []string {
	if len(r.LadderByRating) > 0 {
		return r.LadderByRating
	}
	return r.Ladder
}
